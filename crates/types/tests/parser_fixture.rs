//! `LogicalTypeParser` behaviour against the real Flink 2.3.0 jars:
//! `fixtures/types/parser_cases.jsonl` was labelled by `tools/probe.sh` (Flink's own
//! `LogicalTypeParser.parse`, `asSummaryString`, `asSerializableString`, `getTypeRoot`,
//! `isNullable` and the default conversion class).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flinkddl_types::DataType;
use serde_json::Value;

/// Inputs where Flink needs a JVM to decide (it loads classes or parses `TypeInformation`).
const NEEDS_JVM: &[&str] = &["LEGACY('RAW', 'it''s')"];

fn check(case: &Value) -> Result<(), String> {
    let input = case["input"].as_str().unwrap();
    let ours = input.parse::<DataType>();
    if case["ok"].as_bool().unwrap() {
        let t = ours.map_err(|e| format!("we reject: {e}"))?;
        common::check_recorded(
            &t,
            &common::Recorded {
                summary: case["summary"].as_str().unwrap(),
                serializable: case.get("serializable").and_then(Value::as_str),
                serializable_error: case["serializable_error"].as_str().unwrap_or_default(),
                error_in_chain: false,
                root: case["root"].as_str().unwrap(),
                nullable: case["nullable"].as_bool().unwrap(),
                conversion: case["conversion"].as_str(),
            },
        )?;
        // What we parsed must also validate.
        t.validate().map_err(|e| format!("validate: {e}"))?;
        Ok(())
    } else {
        let want = case["error"].as_str().unwrap();
        match ours {
            Ok(t) => Err(format!("we accept as {t}, Flink: {want:?}")),
            Err(e) if e.to_string() == want => Ok(()),
            Err(e) => Err(format!("error {:?} vs {want:?}", e.to_string())),
        }
    }
}

#[test]
fn logical_type_parser_matches_flink() {
    let cases = common::read_jsonl(&common::fixture("parser_cases.jsonl"));
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        if NEEDS_JVM.contains(&input) {
            continue;
        }
        checked += 1;
        if let Err(e) = check(case) {
            failures.push(format!("{input:?}: {e}"));
        }
    }
    eprintln!(
        "parser_cases.jsonl: {}/{checked} match Flink",
        checked - failures.len()
    );
    assert!(checked >= 400);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
