//! flinkddl-binder: resolves a parsed script into the tables Flink's catalog would hold, with
//! Flink's verdict on every rule (`SqlConstraintValidator`, `SqlCreateTableConverter` with
//! `MergeTableLikeUtil`, `DefaultSchemaResolver`, the catalog manager).
//!
//! It applies the statements in order to a session [`SessionCatalog`] that starts as
//! Flink's (`default_catalog.default_database`, streaming mode). It works on the syntax
//! crate's AST and the types crate's `DataType`, does no I/O and renders nothing. Connector
//! and format options are not validated here (Flink checks them only when a table is used:
//! that is a lint). Queries are resolved as Calcite's validator and Flink's planner resolve
//! them (`query/`), which also records the semantic model when asked ([`semantic`]).

mod alter;
mod builder;
mod create_table;
mod ctas;
pub mod expr;
mod hints;
mod like;
pub mod prelude;
pub mod print;
mod query;
pub mod resume;
pub mod session_catalog;
pub use flinkddl_schema as schema;
pub mod semantic;
pub mod session;
mod statements;
pub mod uses;
mod versions;

pub use builder::TableSchemaBuilder;
use flinkddl_diagnostics::{Diagnostic, LineIndex};
use flinkddl_syntax::Parse;
use schema::TableSchema;
use session_catalog::SessionCatalog;
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
    /// What the query resolver resolved, when [`BindOptions::record_model`] asked for it.
    pub model: Option<semantic::SemanticModel>,
}

/// How to treat what a script uses but does not create.
#[derive(Debug, Clone, Copy, Default)]
pub struct BindOptions {
    /// `false` (the default) binds as a fresh Flink session does, so a table created in a
    /// catalog or database the script never creates is an error, as in Flink. `true` binds a
    /// file of a larger deployment: such catalogs and databases are assumed to exist (a warning
    /// says so) and are opaque.
    pub assume_external_objects: bool,
    /// Record the [`semantic::SemanticModel`] while binding (editors and lineage ask;
    /// `flinkddl check` does not).
    pub record_model: bool,
    /// The Flink version whose verdicts to give (`data/versions.txt` of the diagnostics crate
    /// says what differs).
    pub flink_version: flinkddl_diagnostics::FlinkVersion,
}

/// Answers whether Flink could create a *source* for reading a table: a view or a CTAS whose
/// query reads the table fails at CREATE time when it cannot (Flink builds the source while
/// converting the query). Implemented outside the binder, by the connector facts.
pub trait SourceCheck {
    /// `Some(message)` when Flink cannot create a source for `table`. A function of the table
    /// alone: the binder asks once per table value and reuses the answer for later reads.
    fn cannot_read(&self, table: &TableSchema) -> Option<String>;
    /// Whether a source of `table` emits inserts only (`Some(true)`) or a changelog
    /// (`Some(false)`); `None` when its connector or format is not known.
    fn source_insert_only(&self, _table: &TableSchema) -> Option<bool> {
        None
    }
    /// Whether a sink of `table` consumes inserts only (`Some(true)`: the filesystem and
    /// Kafka connectors with an insert-only format) or updates too (`Some(false)`); `None`
    /// when not known.
    fn sink_insert_only(&self, _table: &TableSchema) -> Option<bool> {
        None
    }
    /// Whether `table`'s connector looks rows up by key (a lookup source, which a
    /// processing-time temporal join needs); `None` when not known.
    fn lookup_source(&self, _table: &TableSchema) -> Option<bool> {
        None
    }
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
    resume::bind_resumable(parse, source, options, source_check, None, &|_| false).bound
}

impl<'a> Binder<'a> {
    pub(crate) fn new(
        source: &'a str,
        options: BindOptions,
        source_check: Option<&'a dyn SourceCheck>,
    ) -> Self {
        Binder {
            source,
            line_index: std::cell::OnceCell::new(),
            catalog: SessionCatalog::default(),
            statement_index: 0,
            results: Results {
                model: options.record_model.then(Default::default),
                ..Results::default()
            },
            declarations: Declarations::default(),
            project: ProjectState::default(),
            caches: Caches::default(),
            options,
            source_check,
        }
    }

    /// A binder that starts where `prelude` ends (a project's catalog files) instead of in a
    /// fresh session; the script it binds is the prelude's next.
    pub(crate) fn continuing(
        source: &'a str,
        options: BindOptions,
        source_check: Option<&'a dyn SourceCheck>,
        prelude: &prelude::Prelude,
    ) -> Self {
        let mut binder = Binder::new(source, options, source_check);
        binder.catalog = SessionCatalog::continuing(&prelude.catalog);
        binder.project = ProjectState {
            script: prelude.scripts + 1,
            defined: Vec::new(),
            prelude_definitions: Arc::clone(&prelude.definitions),
            prelude_declared: (!prelude.declared.is_empty()).then(|| Arc::clone(&prelude.declared)),
        };
        let declarations = &mut binder.declarations;
        declarations.user_functions = prelude.user_functions.clone();
        declarations.modules_loaded = prelude.modules_loaded;
        if binder.results.model.is_some() {
            declarations.failed_tables = prelude.failed_tables.clone();
        }
        binder
    }

    /// [`Binder::take_prelude`], and the tables this script created or last targeted, in
    /// that order (what [`Bound::tables`] lists for it).
    pub(crate) fn take_prelude_keeping_tables(
        &mut self,
    ) -> (Vec<Arc<TableSchema>>, prelude::Prelude) {
        (self.catalog.own_tables_in_order(), self.take_prelude())
    }

    /// The prelude this binder's script leaves for the next (it continued `earlier`'s).
    pub(crate) fn take_prelude(&mut self) -> prelude::Prelude {
        let catalog = std::mem::take(&mut self.catalog).into_prelude();
        let project = &mut self.project;
        let declarations = &mut self.declarations;
        let mut declared = project.prelude_declared.take().unwrap_or_default();
        if !declarations.declared.is_empty() {
            Arc::make_mut(&mut declared).extend(declarations.declared.iter().cloned());
        }
        let mut definitions = std::mem::take(&mut project.prelude_definitions);
        if !project.defined.is_empty() {
            let all = Arc::make_mut(&mut definitions);
            for (path, definition) in project.defined.drain(..) {
                // The first definition stands (a second CREATE of the name fails in Flink).
                all.entry(path).or_insert(definition);
            }
        }
        prelude::Prelude {
            catalog,
            declared,
            user_functions: std::mem::take(&mut declarations.user_functions),
            modules_loaded: declarations.modules_loaded,
            failed_tables: std::mem::take(&mut declarations.failed_tables),
            scripts: project.script,
            definitions,
        }
    }

    /// Whether a CREATE of this script or of the prelude's files named `path` (created or
    /// not): a later use of one that failed gets no second error.
    pub(crate) fn is_declared(&self, path: &session_catalog::ObjectPath) -> bool {
        self.declarations.declared.contains(path)
            || self
                .project
                .prelude_declared
                .as_ref()
                .is_some_and(|earlier| earlier.contains(path))
    }

    /// Binds one statement of the script (`broken`: it has a syntax error, so it is only
    /// noted): the one loop body of [`bind_checked`] and [`resume::bind_resumable`].
    pub(crate) fn bind_statement(
        &mut self,
        index: usize,
        statement: &flinkddl_syntax::ast::Statement,
        broken: bool,
    ) {
        let created_before = self.results.created.len();
        // What the chosen version does not have rejects the statement before it is converted
        // (its parser's error, or its converter's), as a syntax error does.
        let broken = broken || self.version_rejects(statement);
        if !broken {
            self.statement_index = index;
            let first_use = self.results.uses.len();
            self.record_uses(statement);
            let _ = self.convert(statement, first_use);
        }
        self.note_declared(statement);
        self.note_functions(statement);
        if self.results.model.is_some() {
            self.note_model_table(
                statement,
                broken || self.results.created.len() == created_before,
            );
        }
    }

    /// Converts a statement whose uses are recorded from `first_use` on, as Flink does: each
    /// step hands its result to the next, and the first that fails stops the statement.
    fn convert(
        &mut self,
        statement: &flinkddl_syntax::ast::Statement,
        first_use: usize,
    ) -> Result<(), ()> {
        let hints = hints::table_options(self.source, statement);
        // Flink stops at a table the statement reads or inserts into that does not exist.
        let read = self.check_tables_exist(statement, first_use)?;
        let resolved = self.check_query(statement, &read).and_then(|resolved| {
            self.check_statement_sources(statement, first_use, &read, &hints)?;
            Ok(resolved)
        });
        // No step after the source checks reads the lookups: their list is kept for the next
        // statement (so the last one's tables are not held either).
        self.caches.read_tables = read.into_spare();
        let resolved = resolved?;
        self.check_call(statement);
        self.statement(statement, resolved, &hints);
        Ok(())
    }

    /// A CREATE TABLE's table for the model: its written columns when it `failed` (see
    /// [`Declarations::failed_tables`]), forgotten when it was created.
    pub(crate) fn note_model_table(
        &mut self,
        statement: &flinkddl_syntax::ast::Statement,
        failed: bool,
    ) {
        use flinkddl_syntax::ast::{StatementKind, TableElement};
        let StatementKind::CreateTable(ct) = &statement.kind else {
            return;
        };
        if ct.as_query.is_some() {
            return;
        }
        let Some(path) = self.catalog.qualify_owned(&ct.name.parts) else {
            return;
        };
        if !failed {
            self.declarations.failed_tables.remove(&path);
            return;
        }
        let columns: Arc<[String]> = flinkddl_syntax::ast::visit::table_elements(statement)
            .into_iter()
            .filter_map(|e| match e {
                TableElement::Column(c) => Some(c.name.value.to_string()),
                _ => None,
            })
            .collect();
        self.declarations.failed_tables.insert(path, columns);
    }
}

/// Did-you-mean suggestions for a missing table look at the most recently created tables only,
/// so that a script of many references to missing tables stays linear.
pub(crate) const MAX_SUGGESTION_CANDIDATES: usize = 1_000;

/// The statement an offset belongs to: the last statement that starts at or before it (a
/// statement owns the text up to the next one, so an error after its last token, such as a
/// stray token or an unclosed comment, is still its error).
pub fn statement_index(parse: &Parse, offset: u32) -> Option<usize> {
    parse.statement_at(offset)
}

/// The binder of one script. Each statement is bound in steps (its uses recorded, looked up,
/// its query resolved, its sources checked, then the statement applied: one phase file each),
/// and a step's result is its return value, handed to the next step; the binder holds only
/// what outlives a statement, grouped by role below.
pub(crate) struct Binder<'a> {
    pub source_check: Option<&'a dyn SourceCheck>,
    pub source: &'a str,
    /// Built on the first message that quotes a line and column (most scripts need none).
    pub line_index: std::cell::OnceCell<LineIndex>,
    pub options: BindOptions,
    pub catalog: SessionCatalog,
    /// The statement being bound.
    pub statement_index: usize,
    /// What the statements leave for the caller.
    pub results: Results,
    /// What the statements declare beyond the catalog.
    pub declarations: Declarations,
    /// Where the script stands in a project (its prelude and what it adds to the next one).
    pub project: ProjectState,
    /// Work kept so that it is done once.
    pub caches: Caches<'a>,
}

/// What a script's statements leave for the caller ([`Bound`]), appended statement by
/// statement (a checkpoint keeps their lengths).
#[derive(Default)]
pub(crate) struct Results {
    pub diagnostics: Vec<Diagnostic>,
    pub created: Vec<(usize, Arc<TableSchema>)>,
    pub uses: Vec<uses::TableUse>,
    /// The semantic model recorded so far, when [`BindOptions::record_model`] asks for it.
    pub model: Option<semantic::SemanticModel>,
}

impl Results {
    /// The script's [`Bound`], with the catalog's `tables`.
    pub(crate) fn into_bound(self, tables: Vec<Arc<TableSchema>>) -> Bound {
        Bound {
            tables,
            diagnostics: self.diagnostics,
            created: self.created,
            uses: self.uses,
            model: self.model,
        }
    }
}

/// What the statements so far declare beyond the catalog, noted whether or not each
/// succeeds (a checkpoint keeps a copy; a prelude passes it on).
#[derive(Debug, Clone, Default)]
pub(crate) struct Declarations {
    /// Every table and view a CREATE statement so far names, created or not: a later statement
    /// that uses one that failed gets no second error (the CREATE's error is the one to fix).
    pub declared: foldhash::HashSet<Arc<session_catalog::ObjectPath>>,
    /// The names (upper case) of the functions the script creates so far: user-defined, so
    /// their types are unknowable.
    pub user_functions: foldhash::HashSet<String>,
    /// A module other than `core` is loaded: any function name may be one of its functions.
    pub modules_loaded: bool,
    /// While the model is recorded: the tables a CREATE TABLE declared and failed to create
    /// (or did not parse), with the column names it wrote. Flink has no such table, so no
    /// verdict reads this; the model resolves the names of queries over it, so an editor
    /// still knows them while the DDL is being fixed.
    pub failed_tables: foldhash::HashMap<session_catalog::ObjectPath, Arc<[String]>>,
}

/// The script's place in a project: which script it is, what the prelude it continues
/// declared and defined, and where it defines tables and views for the prelude it leaves.
#[derive(Default)]
pub(crate) struct ProjectState {
    /// The script being bound (0 alone; the next of a prelude's when continuing one).
    pub script: prelude::ScriptId,
    /// Where this script's CREATE statements name tables and views, when it is a project's
    /// file (for the prelude it leaves: [`prelude::Prelude::definition`]).
    pub defined: Vec<(session_catalog::ObjectPath, prelude::Definition)>,
    /// The prelude's definitions, when continuing one (shared).
    pub prelude_definitions:
        Arc<foldhash::HashMap<session_catalog::ObjectPath, prelude::Definition>>,
    /// The names the prelude's catalog files declared (see [`Declarations::declared`]), when
    /// continuing one.
    pub prelude_declared: Option<Arc<foldhash::HashSet<Arc<session_catalog::ObjectPath>>>>,
}

/// Work the binder keeps so that it is done once, and buffers kept emptied from statement to
/// statement: none of it is a result (without it every verdict would be the same, only
/// slower).
#[derive(Default)]
pub(crate) struct Caches<'a> {
    /// The paths of the uses and the declared names, one copy of each.
    pub paths: uses::PathInterner,
    /// [`SourceCheck::cannot_read`]'s answer for each table read without a hint, by the
    /// address of its `Arc` (kept here, so the address is not reused while the entry lives):
    /// a table read by many queries is checked once.
    pub source_verdicts: foldhash::HashMap<usize, (Arc<TableSchema>, Option<String>)>,
    /// What queries read of each table (names, types, rowtimes), by the address of its `Arc`
    /// (kept here, so the address is not reused while the entry lives): built at a table's
    /// first read and shared by every FROM item that reads it.
    pub relation_cache:
        std::cell::RefCell<foldhash::HashMap<usize, (Arc<TableSchema>, query::TableColumns)>>,
    /// The query resolver's buffers, kept (emptied) from statement to statement.
    pub query_spares: query::Spares,
    /// The list [`uses::ReadTables`] fills, kept (emptied) from statement to statement.
    pub read_tables: Vec<uses::ReadTable>,
    /// Column types resolved so far, shared by every column of the same type.
    pub type_cache: create_table::TypeCache<'a>,
}

impl Binder<'_> {
    /// Remembers the name a CREATE TABLE or CREATE VIEW statement declares, as the session
    /// qualifies it there (a statement with a syntax error included).
    fn note_declared(&mut self, statement: &flinkddl_syntax::ast::Statement) {
        use flinkddl_syntax::ast::StatementKind;
        let (name, kind) = match &statement.kind {
            StatementKind::CreateTable(ct) => (&ct.name, prelude::ObjectKind::Table),
            StatementKind::CreateView(v) => (&v.name, prelude::ObjectKind::View),
            _ => return,
        };
        if let Some(path) = self.catalog.qualify_idents(&name.parts) {
            // A script that may become part of a prelude (a project's file) keeps where.
            if self.project.script != 0 {
                self.project.defined.push((
                    (path.0.to_string(), path.1.to_string(), path.2.to_string()),
                    prelude::Definition {
                        script: self.project.script,
                        name: name.span,
                        statement: statement.span,
                        kind,
                    },
                ));
            }
            // A CREATE that succeeded put the path last in the catalog's order: share that copy.
            let path = match self.catalog.last_in_order(path) {
                Some(shared) => self.caches.paths.intern_shared(shared),
                None => self.caches.paths.intern(path),
            };
            self.declarations.declared.insert(path);
        }
    }

    /// Remembers the functions a statement makes available (CREATE FUNCTION, LOAD MODULE),
    /// whether or not the statement succeeds: a later call to one is unknowable, not unknown.
    fn note_functions(&mut self, statement: &flinkddl_syntax::ast::Statement) {
        use flinkddl_syntax::ast::StatementKind;
        match &statement.kind {
            StatementKind::CreateFunction(f) => {
                if let Some(name) = f.name.parts.last() {
                    self.declarations
                        .user_functions
                        .insert(name.value.to_ascii_uppercase().to_string());
                }
            }
            StatementKind::LoadModule(m) if !m.name.value.eq_ignore_ascii_case("core") => {
                self.declarations.modules_loaded = true;
            }
            _ => {}
        }
    }

    /// The first call in `e` to a function the script created or a loaded module may hold,
    /// by name: its type is unknowable, so nothing that depends on it is checked.
    pub(crate) fn user_function_in(&self, e: &flinkddl_syntax::ast::Expr) -> Option<String> {
        use flinkddl_syntax::ast::{visit, ExprKind};
        struct Calls<'b> {
            binder: &'b Binder<'b>,
            found: Option<String>,
        }
        impl visit::Visitor<'_> for Calls<'_> {
            fn expr(&mut self, e: &flinkddl_syntax::ast::Expr) {
                if self.found.is_some() {
                    return;
                }
                let ExprKind::Call(c) = &e.kind else {
                    return;
                };
                let Some(name) = c.name.parts.last() else {
                    return;
                };
                // A qualified call (`cat.db.f(x)`) is a catalog function; a bare name is one
                // when the script created it or a loaded module may hold it.
                let user = c.name.parts.len() > 1
                    || (!self.binder.declarations.user_functions.is_empty()
                        && self
                            .binder
                            .declarations
                            .user_functions
                            .contains(name.value.to_ascii_uppercase().as_str()))
                    || (self.binder.declarations.modules_loaded
                        && crate::expr::function_kind(name.value)
                            == crate::expr::FunctionKind::Unknown);
                if user {
                    self.found = Some(name.value.to_owned());
                }
            }
        }
        let mut calls = Calls {
            binder: self,
            found: None,
        };
        visit::walk_expr(&mut calls, e);
        calls.found
    }

    /// [`expr::bind_expr`] for the binder (as a computed column): a call to a user-defined
    /// function is not typed.
    pub(crate) fn bind_expr(
        &self,
        e: &flinkddl_syntax::ast::Expr,
        source: &str,
        scope: &dyn expr::Scope,
    ) -> expr::ExprOutcome {
        self.bind_expr_in(e, source, scope, &expr::ExprContext::Computed)
    }

    /// [`Binder::bind_expr`] in `context`: in a query (a CTAS's select list) a rowtime stays
    /// one through validation (`ts + INTERVAL ...`).
    pub(crate) fn bind_expr_in(
        &self,
        e: &flinkddl_syntax::ast::Expr,
        source: &str,
        scope: &dyn expr::Scope,
        context: &expr::ExprContext,
    ) -> expr::ExprOutcome {
        match self.user_function_in(e) {
            Some(name) => expr::ExprOutcome::NotTyped {
                reason: format!(
                    "`{name}` is a user-defined function: flinkddl cannot know its type"
                ),
            },
            None => expr::bind_expr_in(e, source, scope, context),
        }
    }

    pub(crate) fn report(&mut self, diagnostic: Diagnostic) {
        self.results.diagnostics.push(diagnostic);
    }

    /// A query reads `table`, the table at `path` (written at `span`, with the statement's
    /// `hints`): Flink creates its source while converting the query, and fails when it
    /// cannot. Reports that and returns `Err`.
    pub(crate) fn check_readable(
        &mut self,
        table: &Arc<TableSchema>,
        path: &session_catalog::ObjectPath,
        span: flinkddl_diagnostics::Span,
        hints: &[hints::Hinted],
    ) -> Result<(), ()> {
        let Some(check) = self.source_check else {
            return Ok(());
        };
        let mut table = Arc::clone(table);
        // The read's OPTIONS hint overrides the table's options (Flink merges them first).
        let hinted = hints.iter().find(|(s, _)| *s == span);
        if let Some((_, hinted)) = hinted {
            let merged = std::sync::Arc::make_mut(&mut table);
            for (key, value) in hinted {
                match merged.options.iter_mut().find(|(k, _)| k == key) {
                    Some(slot) => slot.1 = value.as_str().into(),
                    None => merged.options.push(schema::option_pair(key, value)),
                }
            }
        }
        let help = if hinted.is_some() {
            "the query reads this table with an OPTIONS hint, and Flink checks the table's options merged with the hint's when it builds the source; fix the hint (or the table's WITH options)"
        } else {
            "the query reads this table, and Flink checks its connector options when it builds the source; fix the table's WITH options"
        };
        let verdict = if hinted.is_some() {
            check.cannot_read(&table)
        } else {
            let key = Arc::as_ptr(&table) as usize;
            match self.caches.source_verdicts.get(&key) {
                Some((_, verdict)) => verdict.clone(),
                None => {
                    let verdict = check.cannot_read(&table);
                    self.caches
                        .source_verdicts
                        .insert(key, (Arc::clone(&table), verdict.clone()));
                    verdict
                }
            }
        };
        if let Some(reason) = verdict {
            self.report(
                Diagnostic::new(
                    flinkddl_diagnostics::Code::SourceNotCreatable,
                    span,
                    format!(
                        "Unable to create a source for reading table '{}.{}.{}'.\n{reason}",
                        path.0, path.1, path.2
                    ),
                )
                .with_help(help),
            );
            return Err(());
        }
        Ok(())
    }
}
