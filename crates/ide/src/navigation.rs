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

/// A definition in another file of the project: one of its catalog files (issue 35).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectTarget<'p> {
    /// The catalog file (absolute).
    pub path: &'p std::path::Path,
    /// Its text, as it was checked (spans are offsets into it).
    pub text: &'p str,
    /// The name: the table's or view's in its CREATE, or the column's in the table's.
    pub span: Span,
    /// The whole CREATE statement.
    pub full_span: Span,
    pub kind: TargetKind,
}

/// The name at `offset`, when it names a table or view a catalog file of the project defines
/// (or one of that table's columns): where that file defines it.
pub fn goto_definition_in_project(analysis: &Analysis, offset: u32) -> Option<ProjectTarget<'_>> {
    let project = analysis.project()?;
    let statement = analysis.statement_at(offset)?;
    let used = analysis.model().name_at(statement, offset)?;
    let (path, column) = match &used.resolution {
        Resolution::Table { path } | Resolution::View { path, .. } => (path, None),
        Resolution::Column {
            source: ColumnSource::Table { path, column },
            ..
        } => (path, Some(column.as_str())),
        Resolution::Column {
            source: ColumnSource::View { path, .. },
            ..
        } => (path, None),
        _ => return None,
    };
    let (file, definition) = project.definition(path)?;
    let text = file.text.as_deref()?;
    let column_span = column.and_then(|c| column_in_create(text, definition.statement, c));
    Some(ProjectTarget {
        path: &file.path,
        text,
        span: column_span.unwrap_or(definition.name),
        full_span: definition.statement,
        kind: if column_span.is_some() {
            TargetKind::Column
        } else {
            TargetKind::Table
        },
    })
}

/// The span of `column`'s name in the CREATE TABLE at `statement` of `text`.
fn column_in_create(text: &str, statement: Span, column: &str) -> Option<Span> {
    let source = text.get(statement.start as usize..statement.end as usize)?;
    let parse = flinkddl::parse(source);
    let first = parse.script().statements.first()?;
    flinkddl::syntax::ast::visit::table_elements(first)
        .into_iter()
        .find_map(|e| match e {
            flinkddl::syntax::ast::TableElement::Column(c) if c.name.value == column => {
                Some(Span::new(
                    statement.start + c.name.span.start,
                    statement.start + c.name.span.end,
                ))
            }
            _ => None,
        })
}
