//! Goto definition and find references for tables and columns: LIKE sources, views, INSERT
//! targets, ALTER and DROP statements, and the columns that expressions, keys, watermarks,
//! partitions, distributions and simple queries name.

use crate::index::Symbol;
use crate::Analysis;
use flinkddl::binder::semantic::{ColumnSource, Resolution};
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    Table,
    Column,
}

/// A place in the document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NavigationTarget {
    /// The name.
    pub span: Span,
    /// The whole statement the name is in (for editors that show a peek).
    pub full_span: Span,
    pub kind: TargetKind,
    pub is_definition: bool,
}

fn kind(symbol: &Symbol) -> TargetKind {
    match symbol {
        Symbol::Table(_) | Symbol::RelationAlias { .. } => TargetKind::Table,
        Symbol::Column(..) | Symbol::Alias { .. } => TargetKind::Column,
    }
}

fn statement_span(analysis: &Analysis, statement: usize, fallback: Span) -> Span {
    analysis
        .statements()
        .get(statement)
        .map_or(fallback, |s| s.span)
}

pub fn goto_definition(analysis: &Analysis, offset: u32) -> Option<NavigationTarget> {
    if let Some(target) = view_column_definition(analysis, offset) {
        return Some(target);
    }
    let occurrence = analysis.index().occurrence_at(offset)?;
    let (span, statement) = analysis
        .index()
        .definition(&occurrence.symbol, occurrence.statement)?;
    Some(NavigationTarget {
        span,
        full_span: statement_span(analysis, statement, span),
        kind: kind(&occurrence.symbol),
        is_definition: true,
    })
}

/// A view's column named in a query: its definition is the view's select item that makes it
/// (the semantic model's view output), not the table column behind it. A column a `*` passes
/// through has no name of its own in the view: the index's definition (the table's) stays.
fn view_column_definition(analysis: &Analysis, offset: u32) -> Option<NavigationTarget> {
    let model = analysis.model();
    let statement = analysis.statement_at(offset)?;
    let used = model.name_at(statement, offset)?;
    let ColumnSource::View {
        statement: view,
        index,
        script: None,
        ..
    } = (match &used.resolution {
        Resolution::Column { source, .. } => source,
        _ => return None,
    })
    else {
        return None;
    };
    let output = model
        .statement_output(*view, *index)
        .filter(|o| !o.wildcard)?;
    let span = output.alias.unwrap_or(output.span);
    Some(NavigationTarget {
        span,
        full_span: statement_span(analysis, *view, span),
        kind: TargetKind::Column,
        is_definition: true,
    })
}

pub fn references(
    analysis: &Analysis,
    offset: u32,
    include_declaration: bool,
) -> Vec<NavigationTarget> {
    let Some(occurrence) = analysis.index().occurrence_at(offset) else {
        return Vec::new();
    };
    let definition = analysis
        .index()
        .definition(&occurrence.symbol, occurrence.statement)
        .map(|(span, _)| span);
    analysis
        .index()
        .occurrences_of(occurrence)
        .into_iter()
        .filter(|o| include_declaration || Some(o.span) != definition)
        .map(|o| NavigationTarget {
            span: o.span,
            full_span: statement_span(analysis, o.statement, o.span),
            kind: kind(&o.symbol),
            is_definition: Some(o.span) == definition,
        })
        .collect()
}
