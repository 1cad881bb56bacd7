//! SARIF 2.1.0 (for GitHub code scanning and other SARIF viewers).
//!
//! One run; `tool.driver.rules` lists every code of the code table (id, name, title,
//! explanation, default level), and each result points at its rule by `ruleId` and
//! `ruleIndex`. Columns are UTF-16 code units (`columnKind: utf16CodeUnits`); regions also carry
//! byte offsets. Labels become `relatedLocations`, quick fixes become `fixes`. Artifact URIs are
//! the paths as given, `/`-separated and percent-encoded; absolute paths become `file://` URIs.

use super::{Located, Locator};
use crate::check::{FileReport, Summary};
use flinkddl::{Code, Severity};
use serde_json::{json, Value};

pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// A relative path as a URI reference; an absolute one as a `file://` URI.
pub fn uri(path: &str) -> String {
    let mut out = String::new();
    let absolute = path.starts_with('/');
    if absolute {
        out.push_str("file://");
    }
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            b'\\' => out.push('/'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn region(at: Located) -> Value {
    json!({
        "startLine": at.line,
        "startColumn": at.column,
        "endLine": at.end_line,
        "endColumn": at.end_column,
        "byteOffset": at.start,
        "byteLength": at.end - at.start,
    })
}

fn rule(code: Code) -> Value {
    let info = code.info();
    let summary = info.explanation.split("\n\n").next().unwrap_or(info.title);
    json!({
        "id": info.code,
        "name": info.name,
        "shortDescription": { "text": info.title },
        "fullDescription": { "text": summary },
        "help": { "text": info.explanation, "markdown": info.explanation },
        "defaultConfiguration": { "level": level(info.severity) },
        "properties": { "stage": info.stage.as_str() },
    })
}

pub fn render(reports: &[FileReport], summary: &Summary) -> String {
    let mut results = Vec::new();
    for report in reports {
        let locator = Locator::new(report);
        let artifact = json!({ "uri": uri(&report.name) });
        for d in &report.diagnostics {
            let rule_index = Code::ALL.iter().position(|c| *c == d.code).unwrap_or(0);
            let location = |at: Located| {
                json!({
                    "physicalLocation": {
                        "artifactLocation": artifact,
                        "region": region(at),
                    }
                })
            };
            let mut result = json!({
                "ruleId": d.code.as_str(),
                "ruleIndex": rule_index,
                "level": level(d.severity),
                "message": { "text": d.message },
                "locations": [location(locator.locate(d.span))],
            });
            if !d.labels.is_empty() {
                let related: Vec<Value> = d
                    .labels
                    .iter()
                    .enumerate()
                    .map(|(i, l)| {
                        let mut loc = location(locator.locate(l.span));
                        loc["id"] = json!(i);
                        loc["message"] = json!({ "text": l.message });
                        loc
                    })
                    .collect();
                result["relatedLocations"] = json!(related);
            }
            if let Some(fix) = &d.fix {
                let at = locator.locate(fix.span);
                result["fixes"] = json!([{
                    "description": { "text": fix.message },
                    "artifactChanges": [{
                        "artifactLocation": artifact,
                        "replacements": [{
                            "deletedRegion": {
                                "byteOffset": at.start,
                                "byteLength": at.end - at.start,
                            },
                            "insertedContent": { "text": fix.replacement },
                        }],
                    }],
                }]);
            }
            results.push(result);
        }
    }
    let mut invocation = json!({ "executionSuccessful": true });
    // The Flink versions the files were checked as, when not the default.
    let versions = summary.flink_versions.shown();
    if !versions.is_empty() {
        invocation["properties"] = json!({ "flinkVersions": versions });
    }
    document(results, invocation)
}

/// The log of a run that could not check anything (a broken `flinkddl.toml`, a glob that
/// matches nothing): no results, and the error as a tool execution notification, so that a CI
/// step that uploads the log gets a valid one that says what went wrong.
pub fn render_usage_error(message: &str) -> String {
    document(
        Vec::new(),
        json!({
            "executionSuccessful": false,
            "toolExecutionNotifications": [{
                "level": "error",
                "message": { "text": message },
            }],
        }),
    )
}

fn document(results: Vec<Value>, invocation: Value) -> String {
    let rules: Vec<Value> = Code::ALL.iter().map(|c| rule(*c)).collect();
    let doc = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "flinkddl",
                    "version": env!("CARGO_PKG_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }
            },
            "invocations": [invocation],
            "columnKind": "utf16CodeUnits",
            "results": results,
        }],
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_encoded() {
        assert_eq!(uri("sql/my table.sql"), "sql/my%20table.sql");
        assert_eq!(uri("/abs/x.sql"), "file:///abs/x.sql");
        assert_eq!(uri("<stdin>"), "%3Cstdin%3E");
        assert_eq!(uri("caf\u{e9}.sql"), "caf%C3%A9.sql");
    }
}
