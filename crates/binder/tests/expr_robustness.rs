//! `bind_expr` never panics and terminates on any input: deep nesting at the parser's limit,
//! every corpus expression against an empty scope and against mangled texts.

mod common;

use common::MapScope;
use flinkddl_binder::expr::{bind_expr, ExprOutcome, Scope};
use flinkddl_syntax::ast::{ColumnKind, StatementKind, TableElement};
use flinkddl_types::DataType;
use serde_json::Value;
use std::path::Path;

fn scope() -> MapScope {
    MapScope(vec![
        ("a".into(), DataType::int()),
        ("s".into(), DataType::string()),
        ("ts".into(), DataType::timestamp(3)),
        ("d".into(), DataType::decimal(10, 2)),
        ("arr".into(), DataType::array(DataType::int())),
    ])
}

/// Binds the computed column `x` of `CREATE TABLE t (a INT, x AS <expr>)`, if it parses.
fn bind_text(expr: &str, scope: &dyn Scope) -> Option<ExprOutcome> {
    let sql = format!("CREATE TABLE t (a INT, x AS {expr}) WITH ('connector'='datagen')");
    let parsed = flinkddl_syntax::parse(&sql);
    let st = parsed.script().statements.first()?;
    let StatementKind::CreateTable(ct) = &st.kind else {
        return None;
    };
    for el in &ct.elements.as_ref()?.items {
        if let TableElement::Column(c) = el {
            if let ColumnKind::Computed { expr } = &c.kind {
                if c.name.value == "x" {
                    return Some(bind_expr(expr, &sql, scope));
                }
            }
        }
    }
    None
}

/// Every expression shape nested to the parser's limit, on a 2 MiB thread (the default for
/// test threads; debug builds have the largest frames).
#[test]
fn deep_nesting_binds_without_overflow() {
    let shapes = [
        "(X)",
        "-X",
        "NOT X",
        "X + 1",
        "1 * X",
        "X || 'a'",
        "X = 1",
        "X IS NULL",
        "X IS DISTINCT FROM 1",
        "X BETWEEN 1 AND 2",
        "X LIKE 'a'",
        "X IN (1, 2)",
        "ABS(X)",
        "CONCAT(X, 'a')",
        "COALESCE(X, 1)",
        "IF(X, 1, 2)",
        "NULLIF(X, 1)",
        "TO_TIMESTAMP_LTZ(X, 3)",
        "CAST(X AS INT)",
        "TRY_CAST(X AS INT)",
        "CASE WHEN X THEN 1 END",
        "CASE WHEN a > 0 THEN X ELSE 0 END",
        "CASE X WHEN 1 THEN 2 END",
        "EXTRACT(DAY FROM X)",
        "POSITION(X IN 'a')",
        "TRIM(X)",
        "SUBSTRING(X FROM 1)",
        "OVERLAY(X PLACING 'a' FROM 1)",
        "FLOOR(X TO DAY)",
        "TIMESTAMPADD(DAY, 1, X)",
        "JSON_VALUE(X, '$.a')",
        "ROW(X)",
        "ARRAY[X]",
        "MAP[X, 1]",
        "X[1]",
        "(X).a",
    ];
    let handle = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let sc = scope();
            for shape in shapes {
                let (pre, post) = shape.split_once('X').unwrap_or((shape, ""));
                for depth in [60usize, 250] {
                    let text = format!("{}a{}", pre.repeat(depth), post.repeat(depth));
                    let _ = bind_text(&text, &sc);
                }
            }
        })
        .expect("spawn");
    assert!(handle.join().is_ok(), "binding deep expressions overflowed");
}

#[test]
fn corpus_expressions_never_panic_on_other_scopes_or_mangled_text() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/functions/cases.jsonl");
    let text = std::fs::read_to_string(path).expect("fixtures");
    let empty = MapScope(Vec::new());
    let small = scope();
    for line in text.lines().step_by(3) {
        let case: Value = serde_json::from_str(line).unwrap_or(Value::Null);
        let Some(expr) = case.get("expr").and_then(Value::as_str) else {
            continue;
        };
        let _ = bind_text(expr, &empty);
        let _ = bind_text(expr, &small);
        // Mangle: drop a character in the middle, and cut the text short.
        let chars: Vec<char> = expr.chars().collect();
        if chars.len() > 2 {
            let mid = chars.len() / 2;
            let dropped: String = chars[..mid].iter().chain(&chars[mid + 1..]).collect();
            let _ = bind_text(&dropped, &small);
            let cut: String = chars[..mid].iter().collect();
            let _ = bind_text(&cut, &small);
        }
    }
}
