//! Where to put diagnostics: the spans of a CREATE TABLE's name, option keys and values, and
//! column names.

use flinkddl_diagnostics::Span;
use flinkddl_syntax::ast::{CreateTable, Property, TableElement};

/// Spans of one CREATE TABLE, read from its AST when a diagnostic needs one (most tables need
/// none, so nothing is collected up front). When a key is written twice, the last entry is the
/// one Flink keeps (and the one diagnostics point at). A key or column without a span (it came
/// from a LIKE source) is reported on `table`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TableSpans<'a> {
    /// The table name.
    pub table: Span,
    /// The WITH entries as written.
    pub options: &'a [Property<'a>],
    /// The table's elements as written (columns, constraints, watermarks).
    pub elements: &'a [TableElement<'a>],
}

impl TableSpans<'_> {
    fn property(&self, key: &str) -> Option<&Property<'_>> {
        self.options.iter().rev().find(|p| p.key.value == key)
    }

    /// The span of the option key (the table name when the key was not written here).
    pub fn key(&self, key: &str) -> Span {
        self.property(key).map_or(self.table, |p| p.key.span)
    }

    /// The span of the option value (the table name when the key was not written here).
    pub fn value(&self, key: &str) -> Span {
        self.property(key).map_or(self.table, |p| p.value.span)
    }

    /// The span of the column name (the table name when the column was not written here).
    pub fn column(&self, name: &str) -> Span {
        self.elements
            .iter()
            .rev()
            .find_map(|e| match e {
                TableElement::Column(c) if c.name.value == name => Some(c.name.span),
                _ => None,
            })
            .unwrap_or(self.table)
    }

    /// Whether this key was written in this statement.
    pub fn has_key(&self, key: &str) -> bool {
        self.property(key).is_some()
    }
}

/// The [`TableSpans`] of a CREATE TABLE: its name, WITH entries and elements.
pub fn spans_from_ast<'a>(ct: &'a CreateTable<'a>) -> TableSpans<'a> {
    TableSpans {
        table: ct.name.span,
        options: ct.with.as_ref().map_or(&[][..], |w| &w.properties[..]),
        elements: ct.elements.as_ref().map_or(&[][..], |e| &e.items[..]),
    }
}
