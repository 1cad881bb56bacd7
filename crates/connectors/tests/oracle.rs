//! The built-in connectors in the oracle's jars, against real Flink 2.3.0: every table in
//! `fixtures/connectors/oracle_cases.jsonl` (regenerate with
//! `python3 fixtures/connectors/gen_oracle_cases.py --run`) was planned by Flink as a source
//! (`EXPLAIN SELECT`) and as a sink (`EXPLAIN INSERT`). For the uses the connector has:
//! all fail → at least one error from us; all pass → no error and no warning; only one
//! fails → no error and at least one warning.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flinkddl_connectors::{check_table, model::Role, ConnectorFacts};
use flinkddl_diagnostics::Severity;
use flinkddl_test_support::fixtures::repo_dir;
use flinkddl_test_support::oracle::read_jsonl;

#[test]
fn oracle_cases_agree_with_flink() {
    let cases = read_jsonl(&repo_dir("fixtures/connectors/oracle_cases.jsonl"));
    let facts = ConnectorFacts::builtin();
    let (mut agree, mut excluded, mut failures) = (0, 0, Vec::new());
    for case in &cases {
        let id = case["id"].as_str().unwrap_or_default();
        if case.get("excluded").is_some() {
            excluded += 1;
            continue;
        }
        let sql = case["sql"].as_str().expect("sql");
        let parse = flinkddl_syntax::parse(sql);
        let tables = common::tables(&parse, sql);
        let (table, spans) = tables.last().expect("a table");
        let connector = facts
            .connector(table.option("connector").expect("connector"))
            .expect("connector in the connector facts");
        let reads = connector
            .roles
            .iter()
            .any(|r| matches!(r, Role::Source | Role::Lookup));
        let writes = connector.roles.contains(&Role::Sink);
        let mut verdicts = Vec::new();
        if reads {
            verdicts.push(case["source_ok"].as_bool().expect("source_ok"));
        }
        if writes {
            verdicts.push(case["sink_ok"].as_bool().expect("sink_ok"));
        }
        let diags = check_table(&facts, table, spans);
        let errors = common::count(&diags, Severity::Error);
        let warnings = common::count(&diags, Severity::Warning);
        let (expected, ok) = if verdicts.iter().all(|v| !v) {
            ("at least one error", errors >= 1)
        } else if verdicts.iter().all(|v| *v) {
            ("no error and no warning", errors == 0 && warnings == 0)
        } else {
            (
                "no error and at least one warning",
                errors == 0 && warnings >= 1,
            )
        };
        if ok {
            agree += 1;
        } else {
            let flink = case["source_message"]
                .as_str()
                .or(case["sink_message"].as_str())
                .unwrap_or("(plans)");
            failures.push(format!(
                "{id}: expected {expected}; Flink: {}\n  we said:\n{}",
                flink.lines().next().unwrap_or(""),
                common::render(sql, &diags)
            ));
        }
    }
    eprintln!(
        "oracle cases: {agree} agree with Flink, {} disagree, {excluded} excluded",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(agree >= 100, "only {agree} cases");
}
