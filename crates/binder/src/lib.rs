//! flinkddl-binder: resolves a parsed script into the tables Flink's catalog would hold, with
//! Flink's verdict on every rule (`SqlConstraintValidator`, `SqlCreateTableConverter` with
//! `MergeTableLikeUtil`, `DefaultSchemaResolver`, the catalog manager).
//!
//! It applies the statements in order to a session [`catalog::Catalog`] that starts as
//! Flink's (`default_catalog.default_database`, streaming mode). It works on the syntax
//! crate's AST and the types crate's `DataType`, does no I/O and renders nothing. Connector
//! and format options are not validated here (Flink checks them only when a table is used:
//! that is a lint). Query bodies are read only where a CTAS needs its schema and the query is
//! a projection over one table.

mod alter;
mod builder;
pub mod catalog;
mod create_table;
mod ctas;
pub mod expr;
mod like;
pub mod print;
mod query;
pub mod resume;
pub mod schema;
mod statements;
pub mod uses;

pub use builder::TableSchemaBuilder;
use catalog::Catalog;
use flinkddl_diagnostics::{Diagnostic, LineIndex};
use flinkddl_syntax::Parse;
use schema::TableSchema;
use std::sync::Arc;

/// The result of binding a script.
#[derive(Debug, Clone)]
pub struct Bound {
    /// The tables in the catalog after the script, in the order of the statement that last
    /// created or targeted each (the last one is the last CREATE TABLE's table).
    pub tables: Vec<Arc<TableSchema>>,
    /// Bind diagnostics, in statement order.
    pub diagnostics: Vec<Diagnostic>,
    /// Each table as the statement that created it left it: (statement index, table). Later
    /// stages (connector lints) check a table against the statement that wrote it.
    pub created: Vec<(usize, Arc<TableSchema>)>,
    /// The tables each statement reads or writes (INSERT and CTAS targets, names in query
    /// bodies), qualified as that statement sees them: see [`uses`].
    pub uses: Vec<uses::TableUse>,
}

/// How to treat what a script uses but does not create.
#[derive(Debug, Clone, Copy, Default)]
pub struct BindOptions {
    /// `false` (the default) binds as a fresh Flink session does, so a table created in a
    /// catalog or database the script never creates is an error, as in Flink. `true` binds a
    /// file of a larger deployment: such catalogs and databases are assumed to exist (a warning
    /// says so) and are opaque.
    pub assume_external_objects: bool,
}

/// Answers whether Flink could create a *source* for reading a table: a view or a CTAS whose
/// query reads the table fails at CREATE time when it cannot (Flink builds the source while
/// converting the query). Implemented outside the binder, by the connector catalogue.
pub trait SourceCheck {
    /// `Some(message)` when Flink cannot create a source for `table`.
    fn cannot_read(&self, table: &TableSchema) -> Option<String>;
}

/// Binds a parsed script as a fresh Flink session. Statements with a syntax error are
/// skipped: Flink never converts a statement its parser rejected.
pub fn bind(parse: &Parse, source: &str) -> Bound {
    bind_with(parse, source, BindOptions::default())
}

/// [`bind`] with options.
pub fn bind_with(parse: &Parse, source: &str, options: BindOptions) -> Bound {
    bind_checked(parse, source, options, None)
}

/// [`bind_with`] with a check of the tables that views and CTAS queries read.
pub fn bind_checked(
    parse: &Parse,
    source: &str,
    options: BindOptions,
    source_check: Option<&dyn SourceCheck>,
) -> Bound {
    let mut binder = Binder {
        source,
        line_index: std::cell::OnceCell::new(),
        catalog: Catalog::default(),
        diagnostics: Vec::new(),
        type_failed: false,
        statement_index: 0,
        created: Vec::new(),
        uses: Vec::new(),
        declared: foldhash::HashSet::default(),
        query_output: None,
        options,
        source_check,
    };
    // Which statements have a syntax error: one pass over the errors (not one per statement,
    // which is quadratic on a script of many broken statements).
    let mut broken = vec![false; parse.script.statements.len()];
    for d in &parse.errors {
        if d.severity == flinkddl_diagnostics::Severity::Error {
            if let Some(slot) = statement_index(parse, d.span.start).and_then(|i| broken.get_mut(i))
            {
                *slot = true;
            }
        }
    }
    for (index, statement) in parse.script.statements.iter().enumerate() {
        if !broken[index] {
            binder.statement_index = index;
            let first_use = binder.uses.len();
            binder.record_uses(&parse.tokens, statement);
            // Flink stops at a table the statement reads or inserts into that does not exist.
            if binder.check_tables_exist(statement, first_use).is_ok()
                && binder.check_query(statement).is_ok()
            {
                binder.check_call(&parse.tokens, statement);
                binder.statement(statement);
            }
        }
        binder.note_declared(statement);
    }
    Bound {
        tables: binder.catalog.into_tables_in_order(),
        diagnostics: binder.diagnostics,
        created: binder.created,
        uses: binder.uses,
    }
}

/// Did-you-mean suggestions for a missing table look at the most recently created tables only,
/// so that a script of many references to missing tables stays linear.
pub(crate) const MAX_SUGGESTION_CANDIDATES: usize = 1_000;

/// The statement an offset belongs to: the last statement that starts at or before it (a
/// statement owns the text up to the next one, so an error after its last token, such as a
/// stray token or an unclosed comment, is still its error).
pub fn statement_index(parse: &Parse, offset: u32) -> Option<usize> {
    let statements = &parse.script.statements;
    let after = statements.partition_point(|s| s.span.start <= offset);
    after
        .checked_sub(1)
        .or((!statements.is_empty()).then_some(0))
}

pub(crate) struct Binder<'a> {
    pub source_check: Option<&'a dyn SourceCheck>,
    pub source: &'a str,
    /// Built on the first message that quotes a line and column (most scripts need none).
    pub line_index: std::cell::OnceCell<LineIndex>,
    pub catalog: Catalog,
    pub diagnostics: Vec<Diagnostic>,
    /// Set when resolving a type reported an error (so the column is not reported again).
    pub type_failed: bool,
    /// The statement being bound.
    pub statement_index: usize,
    pub options: BindOptions,
    pub created: Vec<(usize, Arc<TableSchema>)>,
    pub uses: Vec<uses::TableUse>,
    /// Every table and view a CREATE statement so far names, created or not: a later statement
    /// that uses one that failed gets no second error (the CREATE's error is the one to fix).
    pub declared: foldhash::HashSet<catalog::ObjectPath>,
    /// The columns of the CTAS query `check_query` just resolved, when all are known.
    pub query_output: Option<Vec<(String, flinkddl_types::DataType)>>,
}

impl Binder<'_> {
    /// Remembers the name a CREATE TABLE or CREATE VIEW statement declares, as the session
    /// qualifies it there (a statement with a syntax error included).
    fn note_declared(&mut self, statement: &flinkddl_syntax::ast::Statement) {
        use flinkddl_syntax::ast::StatementKind;
        let name = match &statement.kind {
            StatementKind::CreateTable(ct) => &ct.name,
            StatementKind::CreateView(v) => &v.name,
            _ => return,
        };
        let parts: Vec<String> = name.parts.iter().map(|p| p.value.to_string()).collect();
        if let Some(path) = self.catalog.qualify(&parts) {
            self.declared.insert(path);
        }
    }

    pub(crate) fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// A query reads `from`: Flink creates its source while converting the query, and fails
    /// when it cannot. Reports that and returns `Err`.
    pub(crate) fn check_readable(
        &mut self,
        from: &flinkddl_syntax::ast::ObjectName,
    ) -> Result<(), ()> {
        let Some(check) = self.source_check else {
            return Ok(());
        };
        let Ok(path) = self.qualify(from) else {
            return Ok(());
        };
        let table = match self.catalog.lookup(&path) {
            catalog::Lookup::Found(catalog::CatalogObject::Table(t)) => std::sync::Arc::clone(t),
            _ => return Ok(()),
        };
        if let Some(reason) = check.cannot_read(&table) {
            self.report(
                Diagnostic::new(
                    flinkddl_diagnostics::Code::SourceNotCreatable,
                    from.span,
                    format!(
                        "Unable to create a source for reading table '{}.{}.{}'.\n{reason}",
                        path.0, path.1, path.2
                    ),
                )
                .with_help("the query reads this table, and Flink checks its connector options when it builds the source; fix the table's WITH options"),
            );
            return Err(());
        }
        Ok(())
    }
}
