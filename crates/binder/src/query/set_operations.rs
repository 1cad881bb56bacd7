//! VALUES and set operations (UNION, INTERSECT, EXCEPT): rows of one width whose columns meet
//! in one type ([`super::types`]), with Calcite's messages when they do not.

use super::spares::{keep, spare};
use super::{fail, plural, types, Name, Res, Resolver};
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, ExprKind};
use flinkddl_types::DataType;

impl Resolver<'_, '_> {
    /// `VALUES row, ...`: every row as wide as the first, and each column of one common type
    /// (Calcite: "Values passed to VALUES operator must have compatible types").
    pub(super) fn values(
        &mut self,
        s: &ast::SetExpr,
        rows: &[ast::Expr],
    ) -> Res<Option<Vec<Name>>> {
        for row in rows {
            self.expr(row)?;
        }
        let width = rows.first().map_or(0, |r| row_items(r).len());
        let incompatible = || {
            fail(
                Diagnostic::new(
                    Code::ValuesIncompatible,
                    s.span,
                    "Values passed to VALUES operator must have compatible types",
                )
                .with_help("give every row the same number of values, each column one type (CAST where they differ)"),
            )
        };
        if let Some(row) = rows.iter().find(|r| row_items(r).len() != width) {
            let n = row_items(row).len();
            return incompatible().map_err(|d| {
                Box::new(d.with_label(
                    row.span,
                    format!("this row has {}, the first {}", plural(n, "value"), width),
                ))
            });
        }
        let mut columns: Vec<Option<Vec<DataType>>> = vec![Some(Vec::new()); width];
        for row in rows {
            for (i, item) in row_items(row).into_iter().enumerate() {
                if let Some(null) = bare_null(item) {
                    return fail(illegal_null(null));
                }
                let ty = self.type_expr(item)?;
                match (&mut columns[i], ty) {
                    (Some(col), Some(t)) => col.push(t),
                    (slot, _) => *slot = None,
                }
            }
        }
        let mut types = Vec::with_capacity(width);
        for col in columns {
            types.push(match col.map(|c| types::set_column_type(&c)) {
                Some(types::SetColumn::Type(t)) => Some(t),
                Some(types::SetColumn::Mismatch) => return incompatible(),
                _ => None,
            });
        }
        if self.recording() {
            self.note_values(s.span, &types);
        }
        self.last_types = types;
        self.last_rowtimes.clear();
        Ok(Some(
            (0..width)
                .map(|i| compact_str::format_compact!("EXPR${i}"))
                .collect(),
        ))
    }

    /// A chain of UNION, INTERSECT and EXCEPT: the branches as wide as the first, and each
    /// column of one common type; the first branch names the columns.
    pub(super) fn set_operation(
        &mut self,
        first: &ast::SetExpr,
        rest: &[ast::SetOperand],
    ) -> Res<Option<Vec<Name>>> {
        let outputs_before = self.outputs_noted();
        let head = self.set_expr(first)?;
        let head_types = std::mem::take(&mut self.last_types);
        let mut rowtimes = std::mem::take(&mut self.last_rowtimes);
        let mut branches: Vec<Vec<Option<DataType>>> = vec![head_types];
        for operand in rest {
            let cols = self.set_expr(&operand.operand)?;
            let types = std::mem::take(&mut self.last_types);
            let theirs = std::mem::take(&mut self.last_rowtimes);
            if theirs.len() == rowtimes.len() {
                rowtimes.iter_mut().zip(&theirs).for_each(|(a, b)| *a &= *b);
            } else {
                rowtimes.clear();
            }
            keep(&mut self.spares.rowtimes, theirs);
            if let (Some(h), Some(c)) = (&head, &cols) {
                if h.len() != c.len() && self.lenient_set_width && self.depth == 1 {
                    self.last_types.clear();
                    self.last_rowtimes.clear();
                    return Ok(None);
                }
                if h.len() != c.len() {
                    return fail(Diagnostic::new(
                        Code::SetOperationColumnCount,
                        operand.operand.span,
                        format!("Column count mismatch in {}", set_operator_name(operand)),
                    )
                    .with_label(first.span, format!("the first branch gives {}", plural(h.len(), "column")))
                    .with_help(format!(
                        "this branch gives {}: every branch of a set operation selects the same number",
                        plural(c.len(), "column")
                    )));
                }
            }
            branches.push(types);
            if let Some(names) = cols {
                keep(&mut self.spares.names, names);
            }
        }
        if self.recording() {
            self.note_branches(outputs_before);
        }
        // Bare NULLs have no type in a set operation (Calcite: "Illegal use of 'NULL'").
        for branch in std::iter::once(first).chain(rest.iter().map(|o| &o.operand)) {
            if let ast::SetExprKind::Select(select) = &branch.kind {
                for item in &select.items {
                    if let ast::QueryItem::Expr { expr, .. } = item {
                        if let Some(null) = bare_null(expr) {
                            return fail(illegal_null(null));
                        }
                    }
                }
            }
        }
        let width = head.as_ref().map_or(0, Vec::len);
        let known = branches.iter().all(|b| b.len() == width);
        let mut types = spare(&mut self.spares.types, width);
        types.resize(width, None);
        if known && head.is_some() {
            for (i, slot) in types.iter_mut().enumerate() {
                let column: Option<Vec<DataType>> = branches.iter().map(|b| b[i].clone()).collect();
                let Some(column) = column else {
                    continue;
                };
                match types::set_column_type(&column) {
                    types::SetColumn::Type(t) => *slot = Some(t),
                    types::SetColumn::Unknown => {}
                    types::SetColumn::Mismatch => {
                        // Calcite reports the operator that meets the mismatch first; Flink's
                        // chains are left-deep, so that is the first operator.
                        let span = first_branch_item(first, i).unwrap_or(first.span);
                        let op = rest.first().map_or("UNION", set_operator_name);
                        return fail(
                            Diagnostic::new(
                                Code::SetOperationTypeMismatch,
                                span,
                                format!("Type mismatch in column {} of {op}", i + 1),
                            )
                            .with_help(format!(
                                "the branches give {} here: CAST them to one type",
                                column
                                    .iter()
                                    .map(|t| format!("`{}`", t.without_time_attributes()))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )),
                        );
                    }
                }
            }
        }
        for branch in branches {
            keep(&mut self.spares.types, branch);
        }
        self.last_types = types;
        self.last_rowtimes = rowtimes;
        Ok(head)
    }
}

/// The name Calcite gives a set operator in its messages (`UNION ALL`, `EXCEPT`).
fn set_operator_name(operand: &ast::SetOperand) -> &'static str {
    let all = operand.quantifier == Some(ast::SetQuantifier::All);
    match (operand.op, all) {
        (ast::SetOperator::Union, false) => "UNION",
        (ast::SetOperator::Union, true) => "UNION ALL",
        (ast::SetOperator::Intersect, false) => "INTERSECT",
        (ast::SetOperator::Intersect, true) => "INTERSECT ALL",
        (ast::SetOperator::Except, false) => "EXCEPT",
        (ast::SetOperator::Except, true) => "EXCEPT ALL",
    }
}

/// The select item of column `index` of a set operation's first branch, where Calcite
/// points its type mismatch.
fn first_branch_item(first: &ast::SetExpr, index: usize) -> Option<flinkddl_diagnostics::Span> {
    match &first.kind {
        ast::SetExprKind::Select(select) => match select.items.get(index)? {
            ast::QueryItem::Expr { expr, .. } => Some(expr.span),
            ast::QueryItem::Wildcard { .. } => None,
        },
        ast::SetExprKind::SetOperation { first, .. } => first_branch_item(first, index),
        _ => None,
    }
}

/// A bare `NULL` (parenthesized or not), which has no type of its own.
fn bare_null(e: &ast::Expr) -> Option<flinkddl_diagnostics::Span> {
    match &e.kind {
        ExprKind::Literal(ast::Literal::Null) => Some(e.span),
        ExprKind::Nested(inner) => bare_null(inner),
        _ => None,
    }
}

fn illegal_null(span: flinkddl_diagnostics::Span) -> Diagnostic {
    Diagnostic::new(Code::IllegalNull, span, "Illegal use of 'NULL'")
        .with_help("give the NULL a type: CAST(NULL AS INT)")
}

/// The values of one VALUES row (a single value is a row of one).
fn row_items<'a>(row: &'a ast::Expr<'a>) -> Vec<&'a ast::Expr<'a>> {
    match &row.kind {
        ExprKind::Row { items, .. } => items.iter().collect(),
        _ => vec![row],
    }
}
