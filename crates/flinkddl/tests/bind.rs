//! Data-driven binder tests over `fixtures/bind`: every `ok/*.sql` binds with no error and its
//! tables (DESCRIBE and SHOW CREATE TABLE, as Flink prints them) are snapshotted; every
//! `err/*.sql` reports at least one error and its diagnostics are snapshotted. Snapshots sit
//! beside the `.sql` files; a snapshot without its `.sql` fails.

use flinkddl::{LineIndex, Severity};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/bind")
}

fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.extension().is_some_and(|e| e == "sql"));
    out.sort();
    out
}

fn render(text: &str, analysis: &flinkddl::Analysis) -> String {
    let index = LineIndex::new(text);
    let mut out = String::new();
    for d in &analysis.diagnostics {
        let lc = index.line_col(text, d.span.start);
        out.push_str(&format!(
            "{}:{} {} {:?} {:?}: {}\n",
            lc.line,
            lc.column_utf16,
            d.code,
            d.stage(),
            d.severity,
            d.message
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

fn settings(dir: &Path) -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(dir);
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

#[test]
fn ok_scripts_bind_without_errors() {
    let dir = root().join("ok");
    let files = sql_files(&dir);
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let analysis = flinkddl::analyze(&text);
        let errors: Vec<_> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(
            errors.is_empty(),
            "{}: {}",
            path.display(),
            render(&text, &analysis)
        );
        let mut out = String::new();
        for t in &analysis.tables {
            out.push_str(&format!("{}\n", t.identifier()));
            out.push_str(&flinkddl::binder::print::describe_tableau(t));
            out.push_str(
                &flinkddl::binder::print::show_create(t)
                    .unwrap_or_else(|| "(no SHOW CREATE TABLE)\n".to_string()),
            );
            out.push('\n');
        }
        out.push_str(&render(&text, &analysis));
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("case")
            .to_string();
        settings(&dir).bind(|| insta::assert_snapshot!(name, out));
    }
}

#[test]
fn err_scripts_report_errors() {
    let dir = root().join("err");
    let files = sql_files(&dir);
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let analysis = flinkddl::analyze(&text);
        assert!(
            analysis
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error),
            "{} should report an error",
            path.display()
        );
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("case")
            .to_string();
        let out = render(&text, &analysis);
        settings(&dir).bind(|| insta::assert_snapshot!(name, out));
    }
}

#[test]
fn five_independent_mistakes_give_five_errors_on_their_lines() {
    let text = std::fs::read_to_string(root().join("err/five_mistakes.sql")).unwrap_or_default();
    let analysis = flinkddl::analyze(&text);
    let index = LineIndex::new(&text);
    let lines: Vec<u32> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| index.line_col(&text, d.span.start).line)
        .collect();
    assert_eq!(lines, vec![1, 2, 3, 4, 5]);
}

#[test]
fn no_orphan_snapshots() {
    for sub in ["ok", "err"] {
        let dir = root().join(sub);
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.extension().is_some_and(|e| e == "snap") {
                let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                assert!(
                    dir.join(format!("{stem}.sql")).exists(),
                    "orphan {}",
                    p.display()
                );
            }
        }
    }
}
