//! Test helpers: parse and bind SQL, and pair each CREATE TABLE with its resolved table.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use flinkddl_connectors::{check_table, spans_from_ast, ConnectorFacts, TableSpans};
use flinkddl_diagnostics::{Diagnostic, Severity};
use flinkddl_schema::TableSchema;
use flinkddl_syntax::ast::StatementKind;
use flinkddl_syntax::Parse;
use flinkddl_test_support::render;

/// Each CREATE TABLE of `sql` (parsed as `parse`) with the table the binder resolved for it
/// (statements whose table the binder did not produce are skipped).
pub fn tables<'p>(parse: &'p Parse, sql: &'p str) -> Vec<(TableSchema, TableSpans<'p>)> {
    let bound = flinkddl_binder::bind(parse, sql);
    let mut out = Vec::new();
    for statement in &parse.script().statements {
        if let StatementKind::CreateTable(ct) = &statement.kind {
            let Some(name) = ct.name.parts.last() else {
                continue;
            };
            if let Some(table) = bound.tables.iter().find(|t| t.name == name.value) {
                out.push((TableSchema::clone(table), spans_from_ast(ct)));
            }
        }
    }
    out
}

/// All connector diagnostics of the script, in table order.
pub fn check_sql(facts: &ConnectorFacts, sql: &str) -> Vec<Diagnostic> {
    let parse = flinkddl_syntax::parse(sql);
    tables(&parse, sql)
        .iter()
        .flat_map(|(t, s)| check_table(facts, t, s))
        .collect()
}

pub fn count(diags: &[Diagnostic], severity: Severity) -> usize {
    diags.iter().filter(|d| d.severity == severity).count()
}

/// The diagnostics as the lint snapshots show them, for messages in assertions.
pub fn render(sql: &str, diags: &[Diagnostic]) -> String {
    render::diagnostics(sql, diags, render::LINT)
}
