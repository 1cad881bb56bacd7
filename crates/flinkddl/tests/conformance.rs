//! The binder ratchet over the labelled conformance corpus (`fixtures/conformance`, labelled by
//! real Flink 2.3.0): the verdict, the stage of the first error, and for accepted cases the
//! table (fields, DESCRIBE, SHOW CREATE TABLE) must match Flink's. Cases that do not match yet
//! are listed with what differs in `fixtures/conformance/known-failures.txt`; a case that
//! starts to match must leave the list. Regenerate the list with
//! `FLINKDDL_BLESS=1 cargo test -p flinkddl --test conformance` after checking the diff.

use flinkddl_test_support::oracle::{
    assert_ratchet, compare_with_flink as compare, conformance_cases, conformance_dir, oracle_sql,
    read_known_failures,
};
use serde_json::Value;
use std::collections::BTreeMap;

use flinkddl_test_support::figures;

#[test]
fn binder_matches_flink_on_the_conformance_corpus() {
    let cases = conformance_cases();
    let mut failing: BTreeMap<String, String> = BTreeMap::new();
    let (mut verdict_ok, mut accepted, mut table_ok) = (0usize, 0usize, 0usize);
    for (case, exp) in &cases {
        let id = case["id"].as_str().unwrap_or("?").to_string();
        let sql = oracle_sql(case);
        let analysis = flinkddl::analyze(&sql);
        let ours: Value = serde_json::from_str(&flinkddl::contract::describe_json(&sql, &analysis))
            .unwrap_or(Value::Null);
        let problem = compare(exp, &ours);
        let verdict_problem = problem.as_deref().is_some_and(|p| p.starts_with("verdict"));
        if !verdict_problem {
            verdict_ok += 1;
        }
        if exp["accepted"] == Value::Bool(true) {
            accepted += 1;
            if problem.is_none() {
                table_ok += 1;
            }
        }
        if let Some(p) = problem {
            failing.insert(id, p);
        }
    }
    eprintln!(
        "binder conformance: verdict {verdict_ok}/{} ({:.1}%), accepted cases fully equal {table_ok}/{accepted} ({:.1}%)",
        cases.len(),
        100.0 * verdict_ok as f64 / cases.len() as f64,
        100.0 * table_ok as f64 / accepted.max(1) as f64
    );
    figures::record(
        "conformance",
        &[
            ("cases", figures::count(cases.len())),
            ("verdict", figures::count(verdict_ok)),
            ("verdict_missed", figures::count(cases.len() - verdict_ok)),
            ("accepted_exact", figures::percent(table_ok, accepted)),
        ],
    );
    let list_path = conformance_dir().join("known-failures.txt");
    if std::env::var_os("FLINKDDL_BLESS").is_some() {
        let mut text = String::from(
            "# Conformance cases where flinkddl does not match Flink yet, with what differs.\n\
             # Written by FLINKDDL_BLESS=1 cargo test -p flinkddl --test conformance.\n",
        );
        for (id, p) in &failing {
            text.push_str(&format!("{id}\t{p}\n"));
        }
        let _ = std::fs::write(&list_path, text);
        return;
    }
    let known = read_known_failures(&list_path);
    assert_ratchet(&failing, &known, "known-failures.txt (FLINKDDL_BLESS=1)");
}
