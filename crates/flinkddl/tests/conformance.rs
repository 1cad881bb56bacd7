//! The binder ratchet over the labelled conformance corpus (`fixtures/conformance`, labelled by
//! real Flink 2.3.0): the verdict, the stage of the first error, and for accepted cases the
//! table (fields, DESCRIBE, SHOW CREATE TABLE) must match Flink's. Cases that do not match yet
//! are listed with what differs in `fixtures/conformance/known-failures.txt`; a case that
//! starts to match must leave the list. Regenerate the list with
//! `FLINKDDL_BLESS=1 cargo test -p flinkddl --test conformance` after checking the diff.

use flinkddl_test_support::oracle::{assert_ratchet, oracle_sql, read_jsonl, read_known_failures};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/conformance")
}

/// The fields the comparator scores, from a table in the contract's shape.
fn normalize(t: &Value) -> Value {
    let columns: Vec<Value> = t["columns"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let kind = c["kind"].as_str().unwrap_or("");
            json!({
                "name": c["name"], "type": c["type"], "type_serializable": c["type_serializable"],
                "nullable": c["nullable"], "kind": kind,
                "expr": if kind == "computed" { c["expr"].clone() } else { Value::Null },
                "metadata_key": if kind == "metadata" { c["metadata_key"].clone() } else { Value::Null },
                "virtual": if kind == "metadata" { c["virtual"].clone() } else { Value::Null },
                "comment": c.get("comment").cloned().unwrap_or(Value::Null),
            })
        })
        .collect();
    let watermarks: Vec<Value> = t["watermarks"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|w| json!({"rowtime": w["rowtime"], "expr": w["expr"], "expr_type": w["expr_type"]}))
        .collect();
    let pk = &t["primary_key"];
    let dist = &t["distribution"];
    json!({
        "identifier": t["identifier"], "temporary": t["temporary"], "columns": columns,
        "watermarks": watermarks,
        "primary_key": if pk.is_null() { Value::Null } else { json!({"name": pk["name"], "columns": pk["columns"]}) },
        "comment": t["comment"], "partition_keys": t["partition_keys"],
        "distribution": if dist.is_null() { Value::Null } else {
            json!({"kind": dist["kind"], "bucket_keys": dist["bucket_keys"], "bucket_count": dist["bucket_count"], "summary": dist["summary"]})
        },
        "options": t["options"],
    })
}

/// What differs between our answer and Flink's, or `None` when they agree.
fn compare(expected: &Value, ours: &Value) -> Option<String> {
    let diags = ours["diagnostics"].as_array().cloned().unwrap_or_default();
    let first_error = diags
        .iter()
        .find(|d| d["severity"] == "error" && (d["stage"] == "syntax" || d["stage"] == "bind"));
    let accepted = expected["accepted"] == Value::Bool(true);
    match (accepted, first_error) {
        (true, Some(d)) => {
            return Some(format!(
                "verdict: Flink accepts, we reject ({})",
                d["message"]
                    .as_str()
                    .unwrap_or("")
                    .lines()
                    .next()
                    .unwrap_or("")
            ))
        }
        (false, None) => {
            let msg = expected["error"]["root_message"].as_str().unwrap_or("");
            return Some(format!(
                "verdict: Flink rejects ({}), we accept",
                msg.lines()
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(100)
                    .collect::<String>()
            ));
        }
        (false, Some(d)) => {
            let flink_stage = if expected["stage"] == "parse" {
                "syntax"
            } else {
                "bind"
            };
            if d["stage"] != flink_stage {
                return Some(format!("stage: Flink {flink_stage}, we {}", d["stage"]));
            }
            return None;
        }
        (true, None) => {}
    }
    let table = expected.get("table").filter(|t| !t.is_null())?;
    let Some(our_table) = ours["tables"].as_array().and_then(|t| t.last()) else {
        return Some("no table".to_string());
    };
    let (e, o) = (normalize(table), normalize(our_table));
    let mut differs: Vec<String> = Vec::new();
    if let (Some(em), Some(om)) = (e.as_object(), o.as_object()) {
        for (k, v) in em {
            if om.get(k) != Some(v) {
                differs.push(k.clone());
            }
        }
    }
    if expected["describe"] != our_table["describe"] {
        differs.push("describe".into());
    }
    if expected.get("show_create").is_some() && expected["show_create"] != our_table["show_create"]
    {
        differs.push("show_create".into());
    }
    (!differs.is_empty()).then(|| format!("differs: {}", differs.join(", ")))
}

#[test]
fn binder_matches_flink_on_the_conformance_corpus() {
    let cases = read_jsonl(&fixtures().join("cases.jsonl"));
    let expected = read_jsonl(&fixtures().join("expected.jsonl"));
    assert_eq!(cases.len(), expected.len());
    let mut failing: BTreeMap<String, String> = BTreeMap::new();
    let (mut verdict_ok, mut accepted, mut table_ok) = (0usize, 0usize, 0usize);
    for (case, exp) in cases.iter().zip(&expected) {
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
    let list_path = fixtures().join("known-failures.txt");
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
