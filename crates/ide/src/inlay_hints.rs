//! Inlay hints: the type the binder gives each computed column (after its name: `c: INT AS
//! a + 1`), each name of a CTAS column list, and each select item of a query (after the item: `a + 1 AS x: INT`), in INSERT ...
//! SELECT, CREATE VIEW, CTAS and bare queries. The types are the binder's, as `describe` and
//! the diagnostics use them; an item it cannot type gets no hint.

use crate::Analysis;
use flinkddl::binder::schema::ColumnKind;
use flinkddl::syntax::ast::{self, visit, StatementKind, TableElement};
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InlayHint {
    /// Where the hint is shown (between two characters).
    pub offset: u32,
    /// `: INT`
    pub label: String,
    /// What the hint is the type of.
    pub kind: InlayHintKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InlayHintKind {
    ComputedColumn,
    /// A name in a CTAS column list (`CREATE TABLE t (a, b) AS SELECT ...`).
    QueryColumn,
    SelectItem,
}

/// The hints of the statements that overlap `range`, in text order.
pub fn inlay_hints(analysis: &Analysis, range: Span) -> Vec<InlayHint> {
    let len = analysis.text().len() as u32;
    let range = Span::new(
        range.start.min(len),
        range.end.min(len).max(range.start.min(len)),
    );
    let statements = analysis.statements();
    let first = statements.partition_point(|s| s.span.end < range.start);
    let mut out = Vec::new();
    for (index, statement) in statements.iter().enumerate().skip(first) {
        if statement.span.start > range.end {
            break;
        }
        computed_columns(analysis, index, statement, &mut out);
    }
    // Items nest (a subquery in an item), so their ends are in no order: one pass.
    for item in analysis.select_item_types() {
        if range.start <= item.span.end && item.span.end <= range.end {
            out.push(InlayHint {
                offset: item.span.end,
                label: format!(": {}", item.data_type.summary_string()),
                kind: InlayHintKind::SelectItem,
            });
        }
    }
    out.retain(|h| range.start <= h.offset && h.offset <= range.end);
    out.sort_by_key(|h| h.offset);
    out
}

/// The computed columns of a CREATE TABLE, typed as the statement created the table.
fn computed_columns(
    analysis: &Analysis,
    index: usize,
    statement: &ast::Statement,
    out: &mut Vec<InlayHint>,
) {
    if !matches!(statement.kind, StatementKind::CreateTable(_)) {
        return;
    }
    let Some(table) = analysis.created_by(index) else {
        return;
    };
    // By name, built once: a table may have very many columns.
    let by_name: std::collections::HashMap<&str, &flinkddl::binder::schema::Column> = table
        .columns
        .iter()
        .map(|col| (col.name.as_str(), col))
        .collect();
    for element in visit::table_elements(statement) {
        let TableElement::Column(c) = element else {
            continue;
        };
        // A computed column typed by the binder, or a name of a CTAS column list.
        let column = by_name
            .get(c.name.value)
            .filter(|col| match (&c.kind, &col.kind) {
                (ast::ColumnKind::Computed { .. }, ColumnKind::Computed(computed)) => {
                    computed.typed
                }
                (ast::ColumnKind::NameOnly, _) => true,
                _ => false,
            });
        if let Some(col) = column {
            out.push(InlayHint {
                offset: c.name.span.end,
                label: format!(": {}", col.data_type.summary_string()),
                kind: match c.kind {
                    ast::ColumnKind::NameOnly => InlayHintKind::QueryColumn,
                    _ => InlayHintKind::ComputedColumn,
                },
            });
        }
    }
}
