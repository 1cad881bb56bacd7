//! The labelled corpora that real Flink judged (`fixtures/conformance`, `fixtures/functions`):
//! reading them, and the SQL text the oracle ran for a case.

use serde_json::Value;
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
