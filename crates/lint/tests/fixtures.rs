//! Data-driven lint tests over `fixtures/lint/<rule-name>/`: `invalid.sql` reports the rule's
//! code at least once (all its diagnostics are snapshotted in `invalid.snap` beside it), and
//! `valid.sql` produces no lint diagnostic and no error. Every lint code of the code table has
//! such a directory, and every directory names a lint code; a snapshot without its `.sql` fails.
//!
//! Bless snapshots with `INSTA_UPDATE=always` (or `cargo insta review`).

use flinkddl_diagnostics::{Code, Diagnostic, Severity, Stage};
use flinkddl_test_support::fixtures::{self, assert_no_orphan_snapshots, snapshot_settings};
use flinkddl_test_support::render;
use std::path::PathBuf;

fn root() -> PathBuf {
    fixtures::repo_dir("fixtures/lint")
}

/// The same pipeline as `flinkddl::analyze`: parse, bind, lint, suppress.
fn diagnostics(text: &str) -> Vec<Diagnostic> {
    let parse = flinkddl_syntax::parse(text);
    let bound = flinkddl_binder::bind(&parse, text);
    let mut all = parse.errors.clone();
    all.extend(bound.diagnostics);
    all.extend(flinkddl_lint::lint(&parse, text, &bound.created));
    let mut all = flinkddl_lint::suppress(&parse, text, all);
    all.sort_by_key(|d| (d.span.start, d.code));
    all
}

fn render(text: &str, diagnostics: &[Diagnostic]) -> String {
    render::diagnostics(text, diagnostics, render::LINT)
}

/// The codes of this crate: stage `Lint`, `L0xx` (connector lints, `C0xx`, live elsewhere).
fn lint_codes() -> Vec<Code> {
    Code::ALL
        .iter()
        .copied()
        .filter(|c| c.info().stage == Stage::Lint && c.info().code.starts_with('L'))
        .collect()
}

#[test]
fn every_lint_code_has_fixtures_and_every_fixture_a_code() {
    let mut dirs: Vec<String> = std::fs::read_dir(root())
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().is_dir())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    let mut names: Vec<String> = lint_codes()
        .iter()
        .map(|c| c.info().name.to_string())
        .collect();
    names.sort();
    assert_eq!(dirs, names);
    for dir in &dirs {
        assert_no_orphan_snapshots(&root().join(dir));
    }
}

#[test]
fn invalid_fixtures_report_their_rule() {
    let mut failures = Vec::new();
    for code in lint_codes() {
        let dir = root().join(code.info().name);
        let text = std::fs::read_to_string(dir.join("invalid.sql")).unwrap_or_default();
        let found = diagnostics(&text);
        if !found.iter().any(|d| d.code == code) {
            failures.push(format!("{}: no {} reported", dir.display(), code));
        }
        snapshot_settings(&dir).bind(|| insta::assert_snapshot!("invalid", render(&text, &found)));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn valid_fixtures_are_clean() {
    let mut failures = Vec::new();
    for code in lint_codes() {
        let path = root().join(code.info().name).join("valid.sql");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(!text.is_empty(), "{} is missing", path.display());
        let bad: Vec<Diagnostic> = diagnostics(&text)
            .into_iter()
            .filter(|d| lint_codes().contains(&d.code) || d.severity == Severity::Error)
            .collect();
        if !bad.is_empty() {
            failures.push(format!("{}:\n{}", path.display(), render(&text, &bad)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
