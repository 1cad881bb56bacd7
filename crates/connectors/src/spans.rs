//! Where to put diagnostics: the spans of a CREATE TABLE's name, option keys and values, and
//! column names.

use flinkddl_diagnostics::Span;
use flinkddl_syntax::ast::{CreateTable, TableElement};

/// Spans of one CREATE TABLE, borrowing the names from its AST. Option spans are keyed by the option key; when a key is written
/// twice, the last entry is the one Flink keeps (and the one diagnostics point at). A key or
/// column without a span (it came from a LIKE source) is reported on `table`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableSpans<'a> {
    /// The table name.
    pub table: Span,
    /// `(key, span of the key literal)` for each WITH entry, in order.
    pub option_keys: Vec<(&'a str, Span)>,
    /// `(key, span of the value literal)` for each WITH entry, in order.
    pub option_values: Vec<(&'a str, Span)>,
    /// `(column name, span of the name)`.
    pub columns: Vec<(&'a str, Span)>,
}

impl TableSpans<'_> {
    fn find(list: &[(&str, Span)], name: &str, fallback: Span) -> Span {
        list.iter()
            .rev()
            .find(|(k, _)| *k == name)
            .map_or(fallback, |(_, s)| *s)
    }

    /// The span of the option key (the table name when the key was not written here).
    pub fn key(&self, key: &str) -> Span {
        Self::find(&self.option_keys, key, self.table)
    }

    /// The span of the option value (the table name when the key was not written here).
    pub fn value(&self, key: &str) -> Span {
        Self::find(&self.option_values, key, self.table)
    }

    /// The span of the column name (the table name when the column was not written here).
    pub fn column(&self, name: &str) -> Span {
        Self::find(&self.columns, name, self.table)
    }

    /// Whether this key was written in this statement.
    pub fn has_key(&self, key: &str) -> bool {
        self.option_keys.iter().any(|(k, _)| *k == key)
    }
}

/// Builds [`TableSpans`] from a CREATE TABLE: the name, each WITH entry's key and value, and
/// each column's name.
pub fn spans_from_ast(ct: &CreateTable) -> TableSpans<'_> {
    let mut spans = TableSpans {
        table: ct.name.span,
        ..TableSpans::default()
    };
    if let Some(with) = &ct.with {
        for p in &with.properties {
            spans.option_keys.push((p.key.value.as_str(), p.key.span));
            spans
                .option_values
                .push((p.key.value.as_str(), p.value.span));
        }
    }
    if let Some(elements) = &ct.elements {
        for item in &elements.items {
            if let TableElement::Column(c) = item {
                spans.columns.push((c.name.value.as_str(), c.name.span));
            }
        }
    }
    spans
}
