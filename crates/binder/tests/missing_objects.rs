//! SHOW, DESCRIBE and DROP of objects a script never creates: errors in a fresh session (as
//! Flink), and warnings when external objects are assumed (one file of a deployment), with a
//! did-you-mean for a name close to one of the script's tables. Missing catalogs and databases
//! are assumed (as CREATE TABLE in them is).

use flinkddl_binder::{bind_with, BindOptions};
use flinkddl_diagnostics::Severity;

const SCRIPT: &str = "CREATE TABLE orders (a INT) WITH ('connector' = 'datagen');
SHOW CREATE TABLE elsewhere;
DESC elsewhere;
SHOW COLUMNS FROM elsewhere;
SHOW PARTITIONS elsewhere;
DROP TABLE elsewhere;
DROP VIEW elsewhere_view;
DROP DATABASE other.db;
DROP CATALOG other;
SHOW TABLES FROM other.db;
DESCRIBE CATALOG other;
DESC ordrs;
";

fn severities(assume_external_objects: bool) -> Vec<(u32, Severity)> {
    let parse = flinkddl_syntax::parse(SCRIPT);
    let bound = bind_with(
        &parse,
        SCRIPT,
        BindOptions {
            assume_external_objects,
            ..BindOptions::default()
        },
    );
    let index = flinkddl_diagnostics::LineIndex::new(SCRIPT);
    bound
        .diagnostics
        .iter()
        .map(|d| (index.line_col(SCRIPT, d.span.start).line, d.severity))
        .collect()
}

#[test]
fn fresh_session_reports_every_missing_object_as_an_error() {
    let found = severities(false);
    let lines: Vec<u32> = found.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, (2..=12).collect::<Vec<u32>>(), "{found:?}");
    assert!(
        found.iter().all(|(_, s)| *s == Severity::Error),
        "{found:?}"
    );
}

#[test]
fn assumed_external_objects_are_warnings() {
    let found = severities(true);
    let lines: Vec<u32> = found.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![2, 3, 4, 5, 6, 7, 12], "{found:?}");
    assert!(
        found.iter().all(|(_, s)| *s == Severity::Warning),
        "{found:?}"
    );
}
