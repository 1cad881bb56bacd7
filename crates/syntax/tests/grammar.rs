//! Data-driven grammar tests: every `grammar-tests/ok/*.sql` parses without a diagnostic and
//! every `grammar-tests/err/*.sql` gets at least one. Each case has an insta snapshot beside it:
//! the AST for ok cases, the diagnostics for err cases. A snapshot without its `.sql` fails.

use flinkddl_diagnostics::LineIndex;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../grammar-tests")
}

fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.extension().is_some_and(|e| e == "sql"));
    out.sort();
    out
}

/// Spans as `start..end` strings keep snapshots short.
fn compact(v: Value) -> Value {
    match v {
        Value::Object(map) => {
            if map.len() == 2 && map.contains_key("start") && map.contains_key("end") {
                return Value::String(format!("{}..{}", map["start"], map["end"]));
            }
            Value::Object(map.into_iter().map(|(k, v)| (k, compact(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(compact).collect()),
        other => other,
    }
}

pub fn render_diagnostics(text: &str, parse: &flinkddl_syntax::Parse) -> String {
    let index = LineIndex::new(text);
    let mut out = String::new();
    for d in &parse.errors {
        let lc = index.line_col(text, d.span.start);
        out.push_str(&format!(
            "{}:{} {} {:?} {}\n",
            lc.line, lc.column_utf16, d.code, d.severity, d.message
        ));
        for l in &d.labels {
            let llc = index.line_col(text, l.span.start);
            out.push_str(&format!(
                "  label {}:{} {}\n",
                llc.line, llc.column_utf16, l.message
            ));
        }
        if let Some(h) = &d.help {
            out.push_str(&format!("  help: {h}\n"));
        }
    }
    out
}

fn snapshot_settings(dir: &Path) -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(dir);
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

#[test]
fn ok_cases_parse_cleanly() {
    let dir = root().join("ok");
    let files = sql_files(&dir);
    assert!(!files.is_empty(), "no ok cases in {}", dir.display());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let parse = flinkddl_syntax::parse(&text);
        assert!(
            parse.errors.is_empty(),
            "{} should parse without errors:\n{}",
            path.display(),
            render_diagnostics(&text, &parse)
        );
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("case")
            .to_string();
        let ast = compact(serde_json::to_value(&parse.script).unwrap_or(Value::Null));
        snapshot_settings(&dir).bind(|| insta::assert_yaml_snapshot!(name, ast));
    }
}

#[test]
fn err_cases_report_diagnostics() {
    let dir = root().join("err");
    let files = sql_files(&dir);
    assert!(!files.is_empty(), "no err cases in {}", dir.display());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let parse = flinkddl_syntax::parse(&text);
        assert!(
            !parse.errors.is_empty(),
            "{} should report at least one diagnostic",
            path.display()
        );
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("case")
            .to_string();
        let rendered = render_diagnostics(&text, &parse);
        snapshot_settings(&dir).bind(|| insta::assert_snapshot!(name, rendered));
    }
}

#[test]
fn no_orphan_snapshots() {
    for sub in ["ok", "err"] {
        let dir = root().join(sub);
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in rd.flatten() {
            let p = entry.path();
            if p.extension().is_some_and(|e| e == "snap") {
                let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                assert!(
                    dir.join(format!("{stem}.sql")).exists(),
                    "orphan snapshot {} has no {stem}.sql",
                    p.display()
                );
            }
        }
    }
}
