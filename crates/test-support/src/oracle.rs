//! The labelled corpora that real Flink judged (`fixtures/conformance`, `fixtures/functions`):
//! reading them, the SQL text the oracle ran for a case, and the lists of the cases we knowingly
//! miss (the ratchets).

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

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
