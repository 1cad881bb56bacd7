//! L007 `watermark-never-advances`: a watermark expression with no column and no function
//! (`WATERMARK FOR ts AS TIMESTAMP '2024-01-01 00:00:00'`): the same value for every row, so
//! event time never moves.
//!
//! Only expressions made of literals and operators are reported: a function call might read
//! the clock (`NOW()`, `CURRENT_TIMESTAMP`), and an expression over any column may advance.

use crate::visit::for_each_expr;
use crate::{Context, Rule};
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{Expr, ExprKind, TableElement};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule::statement(Code::WatermarkNeverAdvances, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    if !cx.element_expressions {
        return;
    }
    for &element in cx.elements {
        let TableElement::Watermark(w) = element else {
            continue;
        };
        if !is_constant(&w.expr) {
            continue;
        }
        let rowtime = w.rowtime.display();
        out.push(
            Diagnostic::new(
                Code::WatermarkNeverAdvances,
                w.expr.span,
                format!(
                    "the watermark for `{rowtime}` is the same for every row, so event time \
                     never advances"
                ),
            )
            .with_label(w.rowtime.span, "rowtime column")
            .with_help(format!(
                "derive the watermark from `{rowtime}`, e.g. `{rowtime} - INTERVAL '5' SECOND`"
            )),
        );
    }
}

/// True when the expression reads no column and calls no function.
fn is_constant(expr: &Expr) -> bool {
    let mut constant = true;
    for_each_expr(expr, |e| {
        if matches!(
            e.kind,
            ExprKind::Identifier(_)
                | ExprKind::Call(_)
                | ExprKind::ContextVariable { .. }
                | ExprKind::Json(_)
                | ExprKind::Subquery(_)
                | ExprKind::Error
        ) {
            constant = false;
        }
    });
    constant
}
