//! Decision 0004: a connector or format finding is an error when the script itself reads or
//! writes the table in a way the finding breaks, and a warning when the script only declares
//! the table (Flink accepts the script; the first query that uses the table fails).
//!
//! `oracle_verdicts_decide_errors_at_use` replays every table of
//! `fixtures/connectors/oracle_cases.jsonl` (planned by Flink 2.3.0 as a source and as a sink)
//! three ways: declared only (never an error), read by `EXPLAIN SELECT` (an error exactly when
//! Flink's read plan failed) and written by `INSERT INTO` (an error exactly when Flink's write
//! plan failed; reads of sink-only and writes of source-only connectors are C014 and C013).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flinkddl::{Analysis, Code, ConnectorFindings, LineIndex, Options, Severity};
use flinkddl_test_support::fixtures::repo_dir;
use flinkddl_test_support::oracle::read_jsonl;

const KAFKA: &str = "CREATE TABLE k (a INT) WITH ('connector' = 'kafka', 'format' = 'json')";

fn check(sql: &str) -> Analysis {
    flinkddl::analyze_with(
        sql,
        &Options {
            assume_external_objects: true,
            ..Options::default()
        },
    )
}

fn errors(a: &Analysis) -> Vec<(Code, u32)> {
    a.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| (d.code, d.span.start))
        .collect()
}

fn count(a: &Analysis, severity: Severity) -> usize {
    a.diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .count()
}

#[test]
fn a_table_the_script_only_declares_gets_warnings_that_say_when_flink_fails() {
    let a = check(KAFKA);
    assert!(errors(&a).is_empty(), "{:?}", a.diagnostics);
    assert!(count(&a, Severity::Warning) >= 2);
    for d in &a.diagnostics {
        assert!(
            d.message
                .ends_with("(Flink accepts the CREATE TABLE and fails when a query first reads or writes the table)"),
            "{}",
            d.message
        );
        assert!(d.help.is_some(), "{}: the fix is kept", d.message);
    }
}

#[test]
fn reading_or_writing_the_table_in_the_script_makes_them_errors() {
    let uses = [
        "INSERT INTO k SELECT 1",
        "INSERT OVERWRITE k SELECT 1",
        "SELECT * FROM k",
        "EXPLAIN SELECT a FROM k WHERE a > 1",
        "CREATE VIEW v AS SELECT a FROM k",
        "CREATE TABLE c WITH ('connector' = 'blackhole') AS SELECT a FROM k",
        "CREATE TABLE s (a INT) WITH ('connector' = 'blackhole');\nINSERT INTO s SELECT x.a FROM s AS y JOIN k x ON x.a = y.a",
        "EXECUTE STATEMENT SET BEGIN INSERT INTO k SELECT 1; END",
        "SELECT window_start FROM TABLE(TUMBLE(TABLE k, DESCRIPTOR(ts), INTERVAL '1' MINUTE))",
        "SELECT * FROM default_catalog.default_database.k",
        "SELECT * FROM `default_database`.`k`",
    ];
    for use_ in uses {
        let sql = format!("{KAFKA};\n{use_};");
        let a = check(&sql);
        let errs = errors(&a);
        assert!(
            errs.iter().any(|(c, _)| *c == Code::MissingRequiredOption),
            "{use_}: {:?}",
            a.diagnostics
        );
        // The error points at the table's name and labels the statement that uses it.
        let d = a
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error && d.code == Code::MissingRequiredOption)
            .unwrap();
        let index = LineIndex::new(&sql);
        assert_eq!(index.line_col(&sql, d.span.start).line, 1);
        assert!(
            d.labels
                .iter()
                .any(|l| index.line_col(&sql, l.span.start).line > 1),
            "{use_}: {:?}",
            d.labels
        );
        assert!(!d.message.contains("Flink accepts the CREATE TABLE"));
    }
}

#[test]
fn names_that_are_not_the_table_do_not_count() {
    for other in [
        "SELECT EXTRACT(YEAR FROM k) FROM other",
        "SELECT * FROM other WHERE a IS DISTINCT FROM k",
        "USE CATALOG c2;\nSELECT * FROM k",
        "CREATE DATABASE d2;\nUSE d2;\nSELECT * FROM k",
        "DROP TABLE k;\nCREATE TABLE k (a INT) WITH ('connector' = 'datagen');\nSELECT * FROM k",
    ] {
        let sql = format!("{KAFKA};\n{other};");
        let a = check(&sql);
        assert!(
            !a.diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error && d.code.as_str().starts_with('C')),
            "{other}: {:?}",
            a.diagnostics
        );
    }
}

#[test]
fn a_finding_that_breaks_only_the_other_direction_stays_a_warning() {
    // A read-only metadata column that is not VIRTUAL breaks writing only.
    let table = "CREATE TABLE f (a INT, fs STRING METADATA FROM 'file.path') WITH (\
                 'connector' = 'filesystem', 'path' = '/tmp/f', 'format' = 'json')";
    let read = check(&format!("{table};\nSELECT * FROM f;"));
    assert!(errors(&read).is_empty(), "{:?}", read.diagnostics);
    assert!(count(&read, Severity::Warning) >= 1);
    let write = check(&format!("{table};\nINSERT INTO f SELECT 1, 'x';"));
    assert!(
        errors(&write)
            .iter()
            .any(|(c, _)| *c == Code::ReadOnlyMetadataNotVirtual),
        "{:?}",
        write.diagnostics
    );
}

#[test]
fn connector_findings_error_judges_every_table_as_used() {
    let a = flinkddl::analyze_with(
        KAFKA,
        &Options {
            assume_external_objects: true,
            connector_findings: ConnectorFindings::Error,
            ..Options::default()
        },
    );
    assert!(errors(&a).len() >= 2, "{:?}", a.diagnostics);
    assert!(a
        .diagnostics
        .iter()
        .all(|d| !d.message.contains("Flink accepts the CREATE TABLE")));
}

/// Errors of the connector checks, and the binder's B091 (a source Flink cannot create).
fn connector_errors(a: &Analysis) -> usize {
    a.diagnostics
        .iter()
        .filter(|d| {
            d.severity == Severity::Error
                && (d.code.as_str().starts_with('C') || d.code == Code::SourceNotCreatable)
        })
        .count()
}

#[test]
fn oracle_verdicts_decide_errors_at_use() {
    let cases = read_jsonl(&repo_dir("fixtures/connectors/oracle_cases.jsonl"));
    let mut failures = Vec::new();
    // Each case is replayed as a read and as a write.
    let mut replayed = 0;
    for case in &cases {
        if case.get("excluded").is_some() {
            continue;
        }
        let id = case["id"].as_str().unwrap_or_default();
        let sql = case["sql"].as_str().expect("sql");
        let declared = check(sql);
        let Some(table) = declared.tables.last() else {
            continue;
        };
        let name = format!("`{}`.`{}`.`{}`", table.catalog, table.database, table.name);
        if connector_errors(&declared) > 0 {
            failures.push(format!("{id}: declared only, but errors"));
        }
        let message = |key: &str| {
            case[key]
                .as_str()
                .unwrap_or("")
                .lines()
                .next()
                .unwrap_or("")
                .to_string()
        };
        // Reading a sink-only table fails too (B091: Flink cannot create the source), and
        // writing a source-only table (C013 from us).
        let uses = [
            ("read", format!("EXPLAIN SELECT * FROM {name};"), "source"),
            ("write", format!("INSERT INTO {name} SELECT 1;"), "sink"),
        ];
        for (direction, statement, role) in uses {
            let used = check(&format!("{sql};\n{statement}"));
            let flink_ok = case[format!("{role}_ok").as_str()]
                .as_bool()
                .expect("the oracle's verdict");
            if flink_ok == (connector_errors(&used) > 0) {
                failures.push(format!(
                    "{id}: {direction}: Flink {} ({}), we gave {} connector errors: {:?}",
                    if flink_ok { "plans" } else { "fails" },
                    message(&format!("{role}_message")),
                    connector_errors(&used),
                    used.diagnostics
                        .iter()
                        .map(|d| &d.message)
                        .collect::<Vec<_>>()
                ));
            }
        }
        replayed += 1;
    }
    eprintln!(
        "oracle at-use: {replayed} read and {replayed} write plans replayed, {} disagree",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(replayed >= 50, "{replayed} cases replayed");
}

/// The 15 mistakes of `fixtures/connectors/mistakes` through the whole pipeline: declared
/// only, every expected finding is on its line and none is an error; when the script reads and writes
/// each table, each file has errors; `connector-findings = "error"` gives the same findings
/// judged against every use of the connector.
#[test]
fn the_connector_mistakes_are_warnings_when_declared_and_errors_when_used() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/connectors/mistakes"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("mistakes dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| e == "sql") && !p.to_string_lossy().ends_with("_ok.sql")
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), 15);
    for path in files {
        let sql = std::fs::read_to_string(&path).expect("read");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let index = LineIndex::new(&sql);
        let declared = check(&sql);
        assert_eq!(
            connector_errors(&declared),
            0,
            "{name}: {:?}",
            declared.diagnostics
        );
        for (i, line) in sql.lines().enumerate() {
            let Some((_, codes)) = line.split_once("-- expect:") else {
                continue;
            };
            for code in codes.split(',').map(str::trim) {
                assert!(
                    declared.diagnostics.iter().any(|d| d.code.as_str() == code
                        && d.severity != Severity::Error
                        && index.line_col(&sql, d.span.start).line == i as u32 + 1),
                    "{name}: no {code} warning on line {}",
                    i + 1
                );
            }
        }
        let mut used = sql.clone();
        for t in &declared.tables {
            let n = format!("`{}`.`{}`.`{}`", t.catalog, t.database, t.name);
            used.push_str(&format!(
                ";\nEXPLAIN SELECT * FROM {n};\nINSERT INTO {n} SELECT 1;"
            ));
        }
        let always = flinkddl::analyze_with(
            &sql,
            &Options {
                assume_external_objects: true,
                connector_findings: ConnectorFindings::Error,
                ..Options::default()
            },
        );
        // Same findings, judged against every use of the connector.
        let codes = |a: &Analysis| {
            let mut v: Vec<_> = a.diagnostics.iter().map(|d| (d.code, d.span)).collect();
            v.sort();
            v
        };
        assert_eq!(codes(&always), codes(&declared), "{name}");
        // Flink fails each of these scripts once it uses its tables.
        assert!(
            connector_errors(&check(&used)) > 0,
            "{name}: used, but no error"
        );
    }
}

#[test]
fn direction_errors_at_use() {
    let codes = |sql: &str| -> Vec<Code> {
        check(sql)
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.code)
            .collect()
    };
    let gen = "CREATE TABLE gen (a INT) WITH ('connector' = 'datagen');\n";
    let out = "CREATE TABLE sink_t (a INT) WITH ('connector' = 'print');\n";
    assert_eq!(codes(&format!("{gen}{out}")), vec![]);
    assert_eq!(
        codes(&format!("{gen}{out}INSERT INTO sink_t SELECT a FROM gen;")),
        vec![]
    );
    assert_eq!(
        codes(&format!("{gen}INSERT INTO gen SELECT 1;")),
        vec![Code::ConnectorCannotWrite]
    );
    assert_eq!(
        codes(&format!("{out}{gen}INSERT INTO gen SELECT a FROM sink_t;")),
        // Flink creates the query's source before it plans the sink; the read is B091 (a
        // planning error: the statement's verdict), not C014 as well.
        vec![Code::SourceNotCreatable, Code::ConnectorCannotWrite]
    );
    // A view over a sink-only table fails at CREATE VIEW (B091); not reported twice.
    assert_eq!(
        codes(&format!("{out}CREATE VIEW v AS SELECT a FROM sink_t;")),
        vec![Code::SourceNotCreatable]
    );
    // A CTE of the same name is not the table.
    assert_eq!(
        codes(&format!(
            "{out}{gen}INSERT INTO sink_t WITH sink_t AS (SELECT a FROM gen) SELECT a FROM sink_t;"
        )),
        vec![]
    );
}

/// `Options::connectors`: user connector facts are used everywhere the built-in one is: option
/// checks, C013/C014, and the binder's source check (B091 for a view over a sink-only table).
#[test]
fn a_user_catalogue_is_used_everywhere() {
    let user = flinkddl::connectors::ConnectorFacts::builtin()
        .with_user_file(
            r#"
[[connectors]]
id = "acme-in"
version = "1"
roles = ["source"]
options = [{ key = "queue", type = "string", required = true }]

[[connectors]]
id = "acme-out"
version = "1"
roles = ["sink"]
"#,
        )
        .expect("valid user file");
    let options = Options {
        assume_external_objects: true,
        connectors: Some(&user),
        ..Options::default()
    };
    let script = "CREATE TABLE i (a INT) WITH ('connector' = 'acme-in', 'queue' = 'q');\n\
                  CREATE TABLE o (a INT) WITH ('connector' = 'acme-out');\n\
                  INSERT INTO i SELECT a FROM i;\n\
                  SELECT a FROM o;\n\
                  CREATE VIEW v AS SELECT a FROM o;\n";
    let errors = |options: &Options| -> Vec<Code> {
        let mut v: Vec<Code> = flinkddl::analyze_with(script, options)
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.code)
            .collect();
        v.sort();
        v
    };
    let mut expected = vec![
        Code::ConnectorCannotWrite,
        Code::SourceNotCreatable,
        Code::SourceNotCreatable,
    ];
    expected.sort();
    assert_eq!(errors(&options), expected);
    // The built-in connector facts know neither connector: infos only, no error.
    assert_eq!(errors(&Options::default()), vec![]);
    // A missing required option of the user connector, read by the script: the option's
    // error on the table, and the SELECT's verdict (Flink cannot create its source).
    let missing = flinkddl::analyze_with(
        "CREATE TABLE i (a INT) WITH ('connector' = 'acme-in');\nSELECT a FROM i;\n",
        &options,
    );
    assert_eq!(
        errors_of(&missing),
        vec![Code::MissingRequiredOption, Code::SourceNotCreatable]
    );
}

fn errors_of(a: &Analysis) -> Vec<Code> {
    errors(a).into_iter().map(|(c, _)| c).collect()
}
