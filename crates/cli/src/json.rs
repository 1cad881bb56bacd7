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
//!   "summary": {"files": 4, "errors": 9, "warnings": 0, "info": 0, "infos": 0,
//!               "elapsed_ms": 1.25}
//! }
//! ```
//!
//! `summary.info` counts the diagnostics of severity `"info"` (the word `flinkddl.toml` and
//! `severity` use); `summary.infos` is the same count under its first name, kept for readers of
//! version 1 and to be dropped in version 2.
//!
//! Diagnostics are ordered by file path, then as `flinkddl::analyze` orders them (by
//! statement). Object keys are printed in alphabetical order. New fields may be added;
//! existing ones keep their meaning.

use crate::check::{FileReport, Summary};
use crate::render::{Located, Locator};
use flinkddl::{Severity, Stage};
use serde::Serialize;
use serde_json::{json, Value};

pub use flinkddl::contract::describe_json;

/// The version of the `check --format json` schema.
pub const CHECK_JSON_VERSION: u32 = 1;

// The report is written straight from these borrowed records (no `Value` tree per
// diagnostic). Fields are declared in alphabetical order: that is the order they print in.

#[derive(Serialize)]
struct CheckDocument<'a> {
    diagnostics: Vec<DiagnosticRecord<'a>>,
    summary: Value,
    version: u32,
}

#[derive(Serialize)]
struct DiagnosticRecord<'a> {
    code: &'static str,
    column: u32,
    end: u32,
    end_column: u32,
    end_line: u32,
    file: &'a str,
    fix: Option<FixRecord<'a>>,
    help: Option<&'a str>,
    labels: Vec<LabelRecord<'a>>,
    line: u32,
    message: &'a str,
    name: &'static str,
    severity: Severity,
    stage: Stage,
    start: u32,
}

#[derive(Serialize)]
struct LabelRecord<'a> {
    column: u32,
    end: u32,
    end_column: u32,
    end_line: u32,
    line: u32,
    message: &'a str,
    start: u32,
}

#[derive(Serialize)]
struct FixRecord<'a> {
    column: u32,
    end: u32,
    end_column: u32,
    end_line: u32,
    line: u32,
    message: &'a str,
    replacement: &'a str,
    start: u32,
}

fn records(report: &FileReport) -> Vec<DiagnosticRecord<'_>> {
    let locator = Locator::new(report);
    report
        .diagnostics
        .iter()
        .map(|d| {
            let at: Located = locator.locate(d.span);
            DiagnosticRecord {
                code: d.code.as_str(),
                column: at.column,
                end: at.end,
                end_column: at.end_column,
                end_line: at.end_line,
                file: &report.name,
                fix: d.fix.as_ref().map(|f| {
                    let at = locator.locate(f.span);
                    FixRecord {
                        column: at.column,
                        end: at.end,
                        end_column: at.end_column,
                        end_line: at.end_line,
                        line: at.line,
                        message: &f.message,
                        replacement: &f.replacement,
                        start: at.start,
                    }
                }),
                help: d.help.as_deref(),
                labels: d
                    .labels
                    .iter()
                    .map(|l| {
                        let at = locator.locate(l.span);
                        LabelRecord {
                            column: at.column,
                            end: at.end,
                            end_column: at.end_column,
                            end_line: at.end_line,
                            line: at.line,
                            message: &l.message,
                            start: at.start,
                        }
                    })
                    .collect(),
                line: at.line,
                message: &d.message,
                name: d.code.info().name,
                severity: d.severity,
                stage: d.stage(),
                start: at.start,
            }
        })
        .collect()
}

pub fn summary_json(summary: &Summary) -> Value {
    json!({
        "files": summary.files,
        "errors": summary.errors,
        "warnings": summary.warnings,
        "info": summary.info,
        "infos": summary.info,
        "elapsed_ms": (summary.elapsed.as_secs_f64() * 1e5).round() / 100.0,
    })
}

/// The whole `check --format json` document, pretty-printed.
pub fn check_json(reports: &[FileReport], summary: &Summary) -> String {
    let doc = CheckDocument {
        diagnostics: reports.iter().flat_map(records).collect(),
        summary: summary_json(summary),
        version: CHECK_JSON_VERSION,
    };
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}
