//! DDL type resolution against real Flink 2.3.0: `fixtures/types/oracle_types.jsonl` (our own
//! cases) and `fixtures/types/conformance_type_cases.jsonl` (the shared corpus's type-mode
//! cases), each labelled by the oracle.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flinkddl_types::ddl::{resolve_ddl, DdlStage};
use flinkddl_types::TypeError;
use serde_json::Value;

struct Tally {
    total: usize,
    matched: usize,
    failures: Vec<String>,
}

fn check_case(case: &Value, tally: &mut Tally) {
    let ty = case["type"].as_str().unwrap();
    let id = case["id"].as_str().unwrap();
    tally.total += 1;
    let accepted = case["accepted"].as_bool().unwrap();
    let stage = case["stage"].as_str();
    let outcome: Result<(), String> = (|| {
        let parsed = match common::parse_ddl_type(ty) {
            Ok(p) => p,
            Err(e) => {
                return if !accepted && stage == Some("parse") {
                    Ok(())
                } else {
                    Err(format!("test parser rejected it ({e}) but Flink: {case}"))
                };
            }
        };
        match resolve_ddl(&parsed) {
            Err(e) => {
                if accepted {
                    return Err(format!("we reject with {e:?}, Flink accepts: {case}"));
                }
                let want_stage = e.stage().as_str();
                if stage != Some(want_stage) {
                    return Err(format!("stage {want_stage} vs {case}"));
                }
                let msg = case["error_message"].as_str().unwrap();
                let ours = match e.stage() {
                    DdlStage::Parse => format!("SQL parse failed. {e}"),
                    DdlStage::Validate => e.to_string(),
                };
                let in_chain = case["error_chain"]
                    .as_array()
                    .is_some_and(|c| c.iter().any(|m| m.as_str() == Some(ours.as_str())));
                if ours != msg && !in_chain {
                    return Err(format!("message {ours:?} vs {msg:?}"));
                }
                if let (TypeError::UnknownType(_), Some(col)) =
                    (&e.error, case["error_column"].as_u64())
                {
                    if u64::from(e.span.start) + 1 != col {
                        return Err(format!("position {:?} vs column {col}", e.span));
                    }
                }
                Ok(())
            }
            Ok(t) => {
                if !accepted {
                    return Err(format!("we accept as {t}, Flink rejects: {case}"));
                }
                let want = |k: &str| case[k].as_str().unwrap().to_string();
                if t.summary_string() != want("result_type") {
                    return Err(format!(
                        "summary {} vs {}",
                        t.summary_string(),
                        want("result_type")
                    ));
                }
                match (t.serializable_string(), case.get("type_serializable_error")) {
                    (Err(e), Some(flink)) => {
                        let flink = flink.as_str().unwrap();
                        if !flink.ends_with(&e.to_string()) {
                            return Err(format!("serializable error {e} vs {flink}"));
                        }
                    }
                    (Ok(s), None) => {
                        if s != want("result_type_serializable") {
                            return Err(format!(
                                "serializable {s} vs {}",
                                want("result_type_serializable")
                            ));
                        }
                    }
                    (ours, flink) => return Err(format!("serializable {ours:?} vs {flink:?}")),
                }
                if t.nullable != case["result_nullable"].as_bool().unwrap() {
                    return Err("nullability".into());
                }
                if t.type_root().as_str() != want("type_root") {
                    return Err(format!("root {} vs {}", t.type_root(), want("type_root")));
                }
                if t.java_conversion_class().as_deref() != Some(want("conversion_class").as_str()) {
                    return Err(format!("conversion {:?}", t.java_conversion_class()));
                }
                Ok(())
            }
        }
    })();
    match outcome {
        Ok(()) => tally.matched += 1,
        Err(e) => tally.failures.push(format!("{id} {ty:?}: {e}")),
    }
}

fn run(file: &str) -> Tally {
    let mut tally = Tally {
        total: 0,
        matched: 0,
        failures: Vec::new(),
    };
    for case in common::read_jsonl(&common::fixture(file)) {
        check_case(&case, &mut tally);
    }
    eprintln!(
        "{file}: {}/{} cases match Flink",
        tally.matched, tally.total
    );
    tally
}

#[test]
fn own_oracle_cases_match_flink() {
    let t = run("oracle_types.jsonl");
    assert!(t.total >= 150, "need at least 150 oracle-labelled cases");
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
}

#[test]
fn conformance_type_cases_match_flink() {
    let t = run("conformance_type_cases.jsonl");
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
}
