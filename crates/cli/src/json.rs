//! JSON outputs. `describe --format json` is the contract in `flinkddl::contract`;
//! `check --format json` is this module's, a stable schema (version 1):
//!
//! ```json
//! {
//!   "version": 1,
//!   "diagnostics": [
//!     {
//!       "file": "sql/orders.sql",
//!       "code": "L002", "name": "duplicate-option-key",
//!       "severity": "warning",            // "error" | "warning" | "info", after flinkddl.toml
//!       "stage": "lint",                  // "syntax" | "bind" | "lint" (file codes: "syntax")
//!       "message": "...",
//!       "line": 3, "column": 3,           // 1-based; columns in UTF-16 code units
//!       "end_line": 3, "end_column": 10,  // the position just after the span
//!       "start": 40, "end": 47,           // byte offsets into the file (a BOM included)
//!       "labels": [{"message": "...", "line": 5, "column": 3, "end_line": 5,
//!                   "end_column": 10, "start": 80, "end": 87}],
//!       "help": "..." | null,
//!       "fix": {"message": "...", "replacement": "", "line": 3, "column": 3, "end_line": 4,
//!               "end_column": 3, "start": 40, "end": 62} | null
//!     }
//!   ],
//!   "summary": {"files": 4, "errors": 9, "warnings": 0, "infos": 0, "elapsed_ms": 1.25}
//! }
//! ```
//!
//! Diagnostics are ordered by file path, then as `flinkddl::analyze` orders them (by
//! statement). Object keys are printed in alphabetical order. New fields may be added;
//! existing ones keep their meaning.

use crate::check::{FileReport, Summary};
use crate::render::{Located, Locator};
use serde_json::{json, Map, Value};

pub use flinkddl::contract::describe_json;

/// The version of the `check --format json` schema.
pub const CHECK_JSON_VERSION: u32 = 1;

fn position(into: &mut Map<String, Value>, at: Located) {
    into.insert("line".into(), at.line.into());
    into.insert("column".into(), at.column.into());
    into.insert("end_line".into(), at.end_line.into());
    into.insert("end_column".into(), at.end_column.into());
    into.insert("start".into(), at.start.into());
    into.insert("end".into(), at.end.into());
}

/// The diagnostics of one file as JSON objects.
pub fn file_diagnostics(report: &FileReport) -> Vec<Value> {
    let locator = Locator::new(report);
    let index = locator.line_index();
    report
        .diagnostics
        .iter()
        .map(|d| {
            // The shared fields come from the describe contract, so the two agree.
            let base = flinkddl::contract::diagnostic_json(&report.source.text, index, d);
            let mut out = Map::new();
            out.insert("file".into(), report.name.clone().into());
            for key in ["code", "name", "severity", "stage", "message"] {
                out.insert(key.into(), base.get(key).cloned().unwrap_or(Value::Null));
            }
            position(&mut out, locator.locate(d.span));
            let labels: Vec<Value> = d
                .labels
                .iter()
                .map(|l| {
                    let mut m = Map::new();
                    m.insert("message".into(), l.message.clone().into());
                    position(&mut m, locator.locate(l.span));
                    Value::Object(m)
                })
                .collect();
            out.insert("labels".into(), labels.into());
            out.insert(
                "help".into(),
                base.get("help").cloned().unwrap_or(Value::Null),
            );
            let fix = d.fix.as_ref().map_or(Value::Null, |f| {
                let mut m = Map::new();
                m.insert("message".into(), f.message.clone().into());
                m.insert("replacement".into(), f.replacement.clone().into());
                position(&mut m, locator.locate(f.span));
                Value::Object(m)
            });
            out.insert("fix".into(), fix);
            Value::Object(out)
        })
        .collect()
}

pub fn summary_json(summary: &Summary) -> Value {
    json!({
        "files": summary.files,
        "errors": summary.errors,
        "warnings": summary.warnings,
        "infos": summary.infos,
        "elapsed_ms": (summary.elapsed.as_secs_f64() * 1e5).round() / 100.0,
    })
}

/// The whole `check --format json` document, pretty-printed.
pub fn check_json(reports: &[FileReport], summary: &Summary) -> String {
    let diagnostics: Vec<Value> = reports.iter().flat_map(file_diagnostics).collect();
    let doc = json!({
        "version": CHECK_JSON_VERSION,
        "diagnostics": diagnostics,
        "summary": summary_json(summary),
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}
