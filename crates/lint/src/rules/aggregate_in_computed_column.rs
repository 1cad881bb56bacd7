//! L006 `aggregate-in-computed-column`: `total AS SUM(price)`. Flink accepts it at CREATE
//! TABLE, and every query reading the table then fails to plan ("Unsupported call").
//!
//! Functions are matched by name (a one-part name, any case, quoted or not) against the
//! built-in functions whose `kind` is "aggregate" or "window" in the binder's built-in function
//! table (`crates/binder/data/functions.toml`). Real Flink 2.3 accepts each of them in a computed
//! column at CREATE TABLE (the oracle's verdicts in `shared/functions`, e.g. `SUM(t_int)`,
//! `COUNT(*)`, `ROW_NUMBER()`, `LAG(x)`). The grouping functions (`GROUPING`, `GROUP_ID`) are
//! not reported: Flink rejects them there.

use crate::visit::for_each_expr;
use crate::{Check, Context, Rule};
use flinkddl_binder::expr::{builtin_kind, BuiltinKind};
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{ColumnKind, Expr, ExprKind, Statement, TableElement};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule {
    code: Code::AggregateInComputedColumn,
    check: Check::Statement(check),
};

fn check(
    cx: &Context<'_>,
    _statement: &Statement,
    elements: &[&TableElement],
    out: &mut Vec<Diagnostic>,
) {
    if !cx.element_expressions {
        return;
    }
    for &element in elements {
        // The column's name (`None`: the watermark), put in words only for a finding.
        let (expr, column) = match element {
            TableElement::Column(c) => match &c.kind {
                ColumnKind::Computed { expr } => (&**expr, Some(c.name.value)),
                _ => continue,
            },
            TableElement::Watermark(w) => (&w.expr, None),
            _ => continue,
        };
        check_expr(expr, column, out);
    }
}

fn check_expr(expr: &Expr, column: Option<&str>, out: &mut Vec<Diagnostic>) {
    for_each_expr(expr, |e| {
        let ExprKind::Call(call) = &e.kind else {
            return;
        };
        let [name] = call.name.parts.as_slice() else {
            return;
        };
        // Looked up ignoring case: the upper-case name is built only for a finding.
        let kind = match builtin_kind(name.value) {
            Some(BuiltinKind::Aggregate) => "aggregate",
            Some(BuiltinKind::Window) => "window",
            _ => return,
        };
        let upper = name.value.to_ascii_uppercase();
        let what = match column {
            Some(column) => format!("computed column `{column}`"),
            None => "the watermark".to_string(),
        };
        out.push(
            Diagnostic::new(
                Code::AggregateInComputedColumn,
                e.span,
                format!(
                    "{what} calls the {kind} function {upper}, which cannot be evaluated row by \
                     row: Flink accepts the table, but every query that reads it fails \
                     (\"Unsupported call: {upper}(...)\")"
                ),
            )
            .with_help(format!(
                "compute {upper} in the query that reads the table, or in a view"
            )),
        );
    });
}
