//! Computed columns and watermarks of the CREATE TABLE statements Flink 2.3.0 accepted in the
//! conformance corpus (SQL mode) and the real-world corpus: each expression must bind (a
//! rejection here is a false error), and when typed, its type and stored text must be Flink's.
//! Only single-statement scripts with one plain CREATE TABLE (no LIKE, no AS) are used, so the
//! expected table is the one bound.

mod common;

use common::MapScope;
use flinkddl_binder::expr::{bind_expr, bind_watermark, ExprOutcome, TypedExpr};
use flinkddl_syntax::ast::{ColumnKind, ConstraintKind, StatementKind, TableElement};
use flinkddl_test_support::oracle::read_jsonl;
use flinkddl_types::{resolve_ddl_type_in, DataType, TimestampKind};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Floors, in percent: expressions not falsely rejected, typed ones with Flink's type, with
/// Flink's stored text.
const FLOOR: (f64, f64, f64) = (100.0, 100.0, 100.0);

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

/// The SQL-mode cases of the conformance corpus and of the real-world corpus (which lives
/// outside the repository, in `../shared`, and is skipped when absent), each with Flink's verdict.
fn sql_cases() -> Vec<(Value, Value)> {
    let mut out = Vec::new();
    for (cases, expected) in [
        (
            "fixtures/conformance/cases.jsonl",
            "fixtures/conformance/expected.jsonl",
        ),
        (
            "../shared/realworld/cases.jsonl",
            "../shared/realworld/expected.jsonl",
        ),
    ] {
        if !fixture(cases).exists() {
            continue;
        }
        let cases = read_jsonl(&fixture(cases));
        let expected = read_jsonl(&fixture(expected));
        out.extend(
            cases
                .into_iter()
                .zip(expected)
                .filter(|(c, _)| c.get("mode").and_then(Value::as_str).unwrap_or("sql") == "sql"),
        );
    }
    out
}

/// What a computed column sees in Flink's converter: every physical column, but only the
/// metadata columns declared before it.
fn visible_scope(
    before: &[TableElement],
    all: &[TableElement],
    types: &[(String, DataType)],
) -> MapScope {
    let visible = |name: &str| {
        all.iter().any(|el| {
            matches!(el, TableElement::Column(c)
                if c.name.value == name && matches!(c.kind, ColumnKind::Physical { .. }))
        }) || before.iter().any(|el| {
            matches!(el, TableElement::Column(c)
                if c.name.value == name && matches!(c.kind, ColumnKind::Metadata { .. }))
        })
    };
    MapScope(types.iter().filter(|(n, _)| visible(n)).cloned().collect())
}

#[derive(Default)]
struct Score {
    exprs: usize,
    not_rejected: usize,
    typed: usize,
    type_ok: usize,
    expr_ok: usize,
    misses: Vec<String>,
}

impl Score {
    /// Counts one expression's outcome; the typed expression when it was typed. `label` names
    /// the expression in a miss.
    fn outcome(&mut self, label: &str, outcome: ExprOutcome) -> Option<TypedExpr> {
        self.exprs += 1;
        match outcome {
            ExprOutcome::Rejected(d) => {
                self.misses.push(format!(
                    "REJECTED {label}  ::  {}",
                    d.first().map(|d| d.message.clone()).unwrap_or_default()
                ));
                None
            }
            ExprOutcome::NotTyped { reason } => {
                self.not_rejected += 1;
                self.misses.push(format!("NOT TYPED {label}  ::  {reason}"));
                None
            }
            ExprOutcome::Typed(t) => {
                self.not_rejected += 1;
                self.typed += 1;
                Some(t)
            }
        }
    }

    /// Compares a typed expression with Flink's type (`type_matches`, decided by the caller)
    /// and stored text.
    fn compare(
        &mut self,
        label: &str,
        got: &TypedExpr,
        type_matches: bool,
        want_type: &str,
        want_expr: &str,
    ) {
        if type_matches {
            self.type_ok += 1;
        } else {
            self.misses.push(format!(
                "TYPE {label}  ::  got {}, want {want_type}",
                got.data_type.summary_string()
            ));
        }
        if got.stored == want_expr {
            self.expr_ok += 1;
        } else {
            self.misses.push(format!(
                "EXPR {label}  ::  got {}  want {want_expr}",
                got.stored
            ));
        }
    }
}

fn check_case(sql: &str, table: &Value, sc: &mut Score) {
    let parsed = flinkddl_syntax::parse(sql);
    if !parsed.errors.is_empty() || parsed.script().statements.len() != 1 {
        return;
    }
    let StatementKind::CreateTable(ct) = &parsed.script().statements[0].kind else {
        return;
    };
    if ct.like.is_some() || ct.as_query.is_some() {
        return;
    }
    let Some(elements) = &ct.elements else {
        return;
    };
    let expected_cols = table
        .get("columns")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut base = Vec::new();
    for el in &elements.items {
        if let TableElement::Column(c) = el {
            if let ColumnKind::Physical { data_type, .. } | ColumnKind::Metadata { data_type, .. } =
                &c.kind
            {
                match resolve_ddl_type_in(data_type, sql) {
                    Ok(t) => base.push((c.name.value.to_string(), t)),
                    Err(_) => return,
                }
            }
        }
    }
    // Primary key columns are NOT NULL in the schema computed columns see.
    let mut pk: Vec<String> = Vec::new();
    for el in &elements.items {
        match el {
            TableElement::Column(c) => {
                if let ColumnKind::Physical {
                    constraint: Some(k),
                    ..
                } = &c.kind
                {
                    if k.kind == ConstraintKind::PrimaryKey {
                        pk.push(c.name.value.to_string());
                    }
                }
            }
            TableElement::Constraint(k) if k.kind == ConstraintKind::PrimaryKey => {
                pk.extend(k.columns.columns.iter().map(|c| c.value.to_string()));
            }
            _ => {}
        }
    }
    for (n, t) in base.iter_mut() {
        if pk.contains(n) {
            *t = t.clone().not_null();
        }
    }
    let rowtime: Option<String> = elements.items.iter().find_map(|el| match el {
        TableElement::Watermark(w) => Some(w.rowtime.display()),
        _ => None,
    });
    let mut all = base.clone();
    for (pos, el) in elements.items.iter().enumerate() {
        let TableElement::Column(c) = el else {
            continue;
        };
        let ColumnKind::Computed { expr } = &c.kind else {
            continue;
        };
        let scope = visible_scope(&elements.items[..pos], &elements.items, &base);
        let text = &sql[expr.span.start as usize..expr.span.end as usize];
        let want = expected_cols
            .iter()
            .find(|col| col.get("name").and_then(Value::as_str) == Some(c.name.value));
        let Some(t) = sc.outcome(text, bind_expr(expr, sql, &scope)) else {
            continue;
        };
        all.push((c.name.value.to_string(), t.data_type.clone()));
        let Some(want) = want else { continue };
        let mut ty = t.data_type.clone();
        if rowtime.as_deref() == Some(c.name.value) {
            ty = ty.with_timestamp_kind(TimestampKind::Rowtime);
        }
        let t = TypedExpr {
            data_type: ty,
            stored: t.stored.clone(),
        };
        let wt = want.get("type").and_then(Value::as_str).unwrap_or("");
        let ws = want.get("type_serializable").and_then(Value::as_str);
        let we = want.get("expr").and_then(Value::as_str).unwrap_or("");
        let type_matches = t.data_type.summary_string() == wt
            && t.data_type.serializable_string().ok().as_deref() == ws;
        sc.compare(text, &t, type_matches, wt, we);
    }
    let wms = table
        .get("watermarks")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for el in &elements.items {
        let TableElement::Watermark(w) = el else {
            continue;
        };
        let name = w.rowtime.display();
        let Some((_, rt)) = all.iter().find(|(n, _)| *n == name).cloned() else {
            continue;
        };
        let text = &sql[w.expr.span.start as usize..w.expr.span.end as usize];
        let wscope = MapScope(all.clone());
        let label = format!("watermark {text}");
        let Some(t) = sc.outcome(&label, bind_watermark(&w.expr, sql, &wscope, &rt)) else {
            continue;
        };
        let Some(want) = wms.first() else { continue };
        let wt = want.get("expr_type").and_then(Value::as_str).unwrap_or("");
        let we = want.get("expr").and_then(Value::as_str).unwrap_or("");
        sc.compare(&label, &t, t.data_type.summary_string() == wt, wt, we);
    }
}

/// Binds every computed column and the watermark of a plain CREATE TABLE; `Some(true)` when one
/// is rejected, `None` when the case is out of scope (not one plain CREATE TABLE, or a column
/// type does not resolve).
fn any_expression_rejected(sql: &str) -> Option<bool> {
    let parsed = flinkddl_syntax::parse(sql);
    if !parsed.errors.is_empty() || parsed.script().statements.len() != 1 {
        return None;
    }
    let StatementKind::CreateTable(ct) = &parsed.script().statements[0].kind else {
        return None;
    };
    if ct.like.is_some() || ct.as_query.is_some() {
        return None;
    }
    let elements = ct.elements.as_ref()?;
    let mut base = Vec::new();
    for el in &elements.items {
        if let TableElement::Column(c) = el {
            if let ColumnKind::Physical { data_type, .. } | ColumnKind::Metadata { data_type, .. } =
                &c.kind
            {
                base.push((
                    c.name.value.to_string(),
                    resolve_ddl_type_in(data_type, sql).ok()?,
                ));
            }
        }
    }
    let mut all = base.clone();
    for (pos, el) in elements.items.iter().enumerate() {
        if let TableElement::Column(c) = el {
            if let ColumnKind::Computed { expr } = &c.kind {
                let scope = visible_scope(&elements.items[..pos], &elements.items, &base);
                match bind_expr(expr, sql, &scope) {
                    ExprOutcome::Rejected(_) => return Some(true),
                    ExprOutcome::Typed(t) => all.push((c.name.value.to_string(), t.data_type)),
                    ExprOutcome::NotTyped { .. } => {}
                }
            }
        }
    }
    for el in &elements.items {
        if let TableElement::Watermark(w) = el {
            let name = w.rowtime.display();
            let (_, rt) = all.iter().find(|(n, _)| *n == name).cloned()?;
            let wscope = MapScope(all.clone());
            if let ExprOutcome::Rejected(_) = bind_watermark(&w.expr, sql, &wscope, &rt) {
                return Some(true);
            }
        }
    }
    Some(false)
}

/// Flink rejections that come from an expression (by Flink's message).
fn is_expression_error(message: &str) -> bool {
    [
        "Unknown identifier",
        "Cannot apply",
        "No match found for function signature",
        "Cast function cannot convert",
        "Invalid data type of expression for watermark",
        "watermark declaration's output data type",
        "Illegal use of 'NULL'",
        "Unknown field",
        "Numeric literal",
        "Illegal mixing of types",
    ]
    .iter()
    .any(|p| message.contains(p))
}

#[test]
fn rejected_tables_expression_errors_are_rejected() {
    let (mut n, mut caught) = (0usize, 0usize);
    let mut misses = Vec::new();
    for (c, e) in &sql_cases() {
        if e.get("accepted").and_then(Value::as_bool) != Some(false)
            || e.get("stage").and_then(Value::as_str) == Some("parse")
        {
            continue;
        }
        let message = e
            .get("error")
            .and_then(|x| x.get("root_message"))
            .and_then(Value::as_str)
            .unwrap_or("");
        if !is_expression_error(message) {
            continue;
        }
        let Some(sql) = c.get("sql").and_then(Value::as_str) else {
            continue;
        };
        let Some(rejected) = any_expression_rejected(sql) else {
            continue;
        };
        n += 1;
        if rejected {
            caught += 1;
        } else {
            misses.push(format!(
                "{}: {}",
                c.get("id").and_then(Value::as_str).unwrap_or("?"),
                message.lines().next().unwrap_or("")
            ));
        }
    }
    let p = pct(caught, n);
    println!("expression rejections caught: {p:.1}% of {n}");
    for m in misses.iter().take(40) {
        println!("  {m}");
    }
    assert!(p >= REJECT_FLOOR, "below the floor {REJECT_FLOOR}: {p:.2}");
}

/// Floor, in percent, for the rejected-tables check.
const REJECT_FLOOR: f64 = 100.0;

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

#[test]
fn accepted_tables_expressions_match_flink() {
    let mut sc = Score::default();
    for (c, e) in &sql_cases() {
        if e.get("accepted").and_then(Value::as_bool) != Some(true) {
            continue;
        }
        let (Some(sql), Some(table)) = (c.get("sql").and_then(Value::as_str), e.get("table"))
        else {
            continue;
        };
        check_case(sql, table, &mut sc);
    }
    let v = pct(sc.not_rejected, sc.exprs);
    let t = pct(sc.type_ok, sc.typed);
    let x = pct(sc.expr_ok, sc.typed);
    println!(
        "accepted tables: not rejected {v:.1}% | type {t:.1}% | stored expr {x:.1}% | \
         expressions={} typed={}",
        sc.exprs, sc.typed
    );
    for m in sc.misses.iter().take(60) {
        println!("  {m}");
    }
    assert!(
        v >= FLOOR.0 && t >= FLOOR.1 && x >= FLOOR.2,
        "below the floor {FLOOR:?}: {v:.2} {t:.2} {x:.2}"
    );
}
