//! Data-driven fixtures over `fixtures/connectors`:
//!
//! * `mistakes/NN_name.sql`: each line ending in `-- expect: C001[,C002...]` must get a
//!   diagnostic with each of those codes that starts on that line, and every diagnostic must
//!   start on such a line with its code listed;
//! * `mistakes/NN_name_ok.sql` (the correct twin) and `ok/*.sql` (a correct table per
//!   connector and format): no diagnostic at all.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flinkddl_connectors::ConnectorFacts;
use flinkddl_diagnostics::{Diagnostic, LineIndex};
use flinkddl_test_support::fixtures;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn sql_files(sub: &str) -> Vec<PathBuf> {
    let dir = fixtures::repo_dir("fixtures/connectors").join(sub);
    let files = fixtures::sql_files(&dir);
    assert!(!files.is_empty(), "no cases in {}", dir.display());
    files
}

/// Line (1-based) → expected codes.
fn expectations(sql: &str) -> BTreeMap<u32, Vec<String>> {
    let mut out = BTreeMap::new();
    for (i, line) in sql.lines().enumerate() {
        if let Some((_, codes)) = line.split_once("-- expect:") {
            let codes = codes.split(',').map(|c| c.trim().to_string()).collect();
            out.insert(i as u32 + 1, codes);
        }
    }
    out
}

fn line_of(sql: &str, index: &LineIndex, d: &Diagnostic) -> u32 {
    index.line_col(sql, d.span.start).line
}

#[test]
fn mistakes_are_caught_on_the_right_line() {
    let facts = ConnectorFacts::builtin();
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in sql_files("mistakes") {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let sql = std::fs::read_to_string(&path).expect("read");
        let diags = common::check_sql(&facts, &sql);
        if name.ends_with("_ok.sql") {
            if !diags.is_empty() {
                failures.push(format!(
                    "{name}: expected no diagnostic\n{}",
                    common::render(&sql, &diags)
                ));
            }
            continue;
        }
        checked += 1;
        let expected = expectations(&sql);
        assert!(!expected.is_empty(), "{name} has no `-- expect:` line");
        let index = LineIndex::new(&sql);
        for (line, codes) in &expected {
            for code in codes {
                let found = diags
                    .iter()
                    .any(|d| line_of(&sql, &index, d) == *line && d.code.info().code == code);
                if !found {
                    failures.push(format!(
                        "{name}:{line}: expected {code}\n{}",
                        common::render(&sql, &diags)
                    ));
                }
            }
        }
        for d in &diags {
            let line = line_of(&sql, &index, d);
            let listed = expected
                .get(&line)
                .is_some_and(|codes| codes.iter().any(|c| c == d.code.info().code));
            if !listed {
                failures.push(format!(
                    "{name}:{line}: unexpected {}\n{}",
                    d.code.info().code,
                    common::render(&sql, std::slice::from_ref(d))
                ));
            }
        }
    }
    assert_eq!(checked, 15, "one fixture per mistake");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn each_mistake_has_a_correct_twin() {
    let files: Vec<String> = sql_files("mistakes")
        .iter()
        .filter_map(|p| p.file_name().and_then(|n| n.to_str()).map(str::to_string))
        .collect();
    for f in files.iter().filter(|f| !f.ends_with("_ok.sql")) {
        let twin = f.replace(".sql", "_ok.sql");
        assert!(files.contains(&twin), "{f} has no twin {twin}");
    }
}

#[test]
fn correct_tables_get_no_diagnostic() {
    let facts = ConnectorFacts::builtin();
    let mut failures = Vec::new();
    let mut seen = Vec::new();
    for path in sql_files("ok") {
        let fixtures::Case {
            name, text: sql, ..
        } = fixtures::case(&path);
        let parse = flinkddl_syntax::parse(&sql);
        let tables = common::tables(&parse, &sql);
        assert!(!tables.is_empty(), "{name}: no table bound");
        for (t, _) in &tables {
            if let Some(c) = t.option("connector") {
                seen.push(c.to_string());
            }
        }
        let diags = common::check_sql(&facts, &sql);
        if !diags.is_empty() {
            failures.push(format!("{name}:\n{}", common::render(&sql, &diags)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for c in facts.connectors() {
        assert!(
            seen.contains(&c.id),
            "no correct fixture for connector '{}'",
            c.id
        );
    }
}
