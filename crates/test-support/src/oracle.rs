//! The labelled corpora that real Flink judged (`fixtures/conformance`, `fixtures/functions`):
//! reading them, the SQL text the oracle ran for a case, and the lists of the cases we knowingly
//! miss (the ratchets).

use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// `fixtures/conformance`, the labelled conformance corpus and its known-failure lists.
pub fn conformance_dir() -> PathBuf {
    crate::fixtures::repo_dir("fixtures/conformance")
}

/// The conformance corpus's cases, each with Flink's label (`cases.jsonl` and
/// `expected.jsonl`, line by line).
pub fn conformance_cases() -> Vec<(Value, Value)> {
    let cases = read_jsonl(&conformance_dir().join("cases.jsonl"));
    let expected = read_jsonl(&conformance_dir().join("expected.jsonl"));
    assert_eq!(cases.len(), expected.len());
    cases.into_iter().zip(expected).collect()
}

/// The lines of a JSON Lines file (a blank line is skipped, a malformed one is `null`); panics
/// when the file cannot be read.
pub fn read_jsonl(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
        .collect()
}

fn field<'a>(case: &'a Value, key: &str) -> &'a str {
    case.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The SQL the oracle ran for a case (the comparator's `build_sql`): by its `mode`, a type
/// (`type`), a computed column `x` over `columns` (`expr`) or the text itself (`sql`).
pub fn oracle_sql(case: &Value) -> String {
    match case.get("mode").and_then(Value::as_str).unwrap_or("sql") {
        "type" => format!(
            "CREATE TEMPORARY TABLE `__oracle_t` (`c` {}) WITH ('connector'='datagen')",
            field(case, "type")
        ),
        "expr" => oracle_expr_sql(case),
        _ => field(case, "sql").to_string(),
    }
}

/// The SQL the oracle ran for an expression case: the computed column `x` (`expr`) after the
/// physical `columns`.
pub fn oracle_expr_sql(case: &Value) -> String {
    let cols = field(case, "columns").trim();
    let cols = if cols.is_empty() {
        String::new()
    } else {
        format!("{cols}, ")
    };
    format!(
        "CREATE TEMPORARY TABLE `__oracle_t` ({cols}`x` AS {}) WITH ('connector'='datagen')",
        field(case, "expr")
    )
}

/// A list of the cases we knowingly miss, one a line: the case's id, then (after a tab or
/// spaces) what differs and why; blank lines and `#` lines are skipped. A missing file is an
/// empty list.
pub fn read_known_failures(path: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((id, why)) => (id.to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

/// The ratchet over a list of known failures (`list` names it, and how to regenerate it): fails
/// when a failing case (`id`, what differs) is not on the list, or a listed case no longer
/// fails (it must leave the list).
pub fn assert_ratchet<'a, W: std::fmt::Display>(
    failing: impl IntoIterator<Item = (&'a String, W)>,
    known: &BTreeMap<String, String>,
    list: &str,
) {
    let mut failing_ids = BTreeSet::new();
    let mut new = Vec::new();
    for (id, what) in failing {
        if !known.contains_key(id) {
            new.push(format!("{id}: {what}"));
        }
        failing_ids.insert(id.as_str());
    }
    assert!(
        new.is_empty(),
        "new mismatches with Flink (not in {list}):\n{}",
        new.join("\n")
    );
    let fixed: Vec<&String> = known
        .keys()
        .filter(|id| !failing_ids.contains(id.as_str()))
        .collect();
    assert!(
        fixed.is_empty(),
        "these cases match Flink now; take them off {list}: {fixed:?}"
    );
}

/// The fields the comparator scores, from a table in the contract's shape.
pub fn normalize_table(t: &Value) -> Value {
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

/// What differs between Flink's answer (`expected`, an oracle line) and ours (`ours`, the
/// describe contract of the same SQL), or `None` when they agree: the verdict, the stage of
/// the first error, and for an accepted case the last table (fields, DESCRIBE, SHOW CREATE).
/// Starts with `verdict` when the verdicts differ.
pub fn compare_with_flink(expected: &Value, ours: &Value) -> Option<String> {
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
    let (e, o) = (normalize_table(table), normalize_table(our_table));
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
