//! The JSON output of `describe --format json`: the contract of `shared/conformance`.

use flinkddl::{Diagnostic, LineIndex};
use serde_json::{json, Value};

pub fn diagnostic_json(text: &str, index: &LineIndex, d: &Diagnostic) -> Value {
    let start = index.line_col(text, d.span.start);
    let end = index.line_col(text, d.span.end);
    json!({
        "code": d.code.as_str(),
        "name": d.code.info().name,
        "severity": d.severity,
        "stage": d.stage(),
        "message": d.message,
        // Flink counts columns in UTF-16 code units; so do we.
        "line": start.line,
        "column": start.column_utf16,
        "end_line": end.line,
        "end_column": end.column_utf16,
        "start": d.span.start,
        "end": d.span.end,
        "labels": d.labels.iter().map(|l| json!({
            "message": l.message,
            "start": l.span.start,
            "end": l.span.end,
        })).collect::<Vec<_>>(),
        "help": d.help,
    })
}

pub fn describe_json(text: &str, diagnostics: &[Diagnostic]) -> String {
    let index = LineIndex::new(text);
    let diags: Vec<Value> = diagnostics
        .iter()
        .map(|d| diagnostic_json(text, &index, d))
        .collect();
    json!({ "tables": [], "diagnostics": diags }).to_string()
}
