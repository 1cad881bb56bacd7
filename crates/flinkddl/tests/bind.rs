//! Data-driven binder tests over `fixtures/bind`: every `ok/*.sql` binds with no error and its
//! tables (DESCRIBE and SHOW CREATE TABLE, as Flink prints them) are snapshotted; every
//! `err/*.sql` reports at least one error and its diagnostics are snapshotted. Snapshots sit
//! beside the `.sql` files; a snapshot without its `.sql` fails.

use flinkddl::{LineIndex, Severity};
use flinkddl_test_support::fixtures::{self, assert_no_orphan_snapshots};
use flinkddl_test_support::render;
use std::path::PathBuf;

fn root() -> PathBuf {
    fixtures::repo_dir("fixtures/bind")
}

fn rendered(text: &str, analysis: &flinkddl::Analysis) -> String {
    render::diagnostics(text, &analysis.diagnostics, render::BIND)
}

#[test]
fn ok_scripts_bind_without_errors() {
    for case in fixtures::cases(&root().join("ok")) {
        let text = case.text.as_str();
        let analysis = flinkddl::analyze(text);
        let errors: Vec<_> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(
            errors.is_empty(),
            "{}: {}",
            case.path.display(),
            rendered(text, &analysis)
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
        out.push_str(&rendered(text, &analysis));
        case.bind(|| insta::assert_snapshot!(case.name.clone(), out));
    }
}

#[test]
fn err_scripts_report_errors() {
    for case in fixtures::cases(&root().join("err")) {
        let analysis = flinkddl::analyze(&case.text);
        assert!(
            analysis
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error),
            "{} should report an error",
            case.path.display()
        );
        let out = rendered(&case.text, &analysis);
        case.bind(|| insta::assert_snapshot!(case.name.clone(), out));
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
        assert_no_orphan_snapshots(&root().join(sub));
    }
}
