//! Which tables a script's own statements read and write.
//!
//! Flink validates a table's connector and format options only when a query first reads or
//! writes it (decision 0004). To tell "Flink rejects this script" from "Flink rejects the
//! first query that uses this table", the binder records every table a statement reads or
//! writes: INSERT targets, CTAS/RTAS targets, and the tables named in query bodies (INSERT,
//! CTAS/RTAS, views, EXPLAIN, EXECUTE, statement sets, bare queries).
//!
//! Everything is read from the parser's tree (decision 0005): every named FROM item, `TABLE t`
//! (as a query or a table function's argument, `TABLE(TUMBLE(TABLE t, ...))`), in subqueries
//! too, in Calcite's validation order, except the names of CTEs in scope (`WITH x AS (...) ...
//! FROM x`); and the typed bodies of the statements outside the DDL: the statement COMPILE PLAN
//! compiles, a materialized table's query, the table ANALYZE, TRUNCATE and DELETE name, the
//! queries in DELETE's and UPDATE's conditions and values and in CALL's arguments. The uses
//! are looked up before the query is resolved (Flink looks the tables up first), so they are
//! read on a walk of their own, under the same WITH scoping as the resolver's
//! (`flinkddl_syntax::ast::CteScope`). Names are qualified
//! with the session's current catalog and database at that statement, as the binder qualifies
//! every other name. A name may be a view; those match no created table and are harmless.

use crate::schema::object_identifier;
use crate::session_catalog::{CatalogObject, Lookup, ObjectPath, PathRef};
use crate::Binder;
use flinkddl_diagnostics::Span;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, visit, CteLookup, CteMark, CteScope, StatementKind};
use std::sync::Arc;

/// One table a statement reads or writes (32 bytes: a script keeps all its uses to its end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableUse {
    /// The index of the top-level statement.
    pub statement: usize,
    /// Shared by every use of the same path (see [`PathInterner`]).
    pub path: Arc<ObjectPath>,
    /// The name as written in the statement.
    pub span: Span,
    pub access: Access,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

/// What one use names: `None` when it is missing, `Some(None)` when it is not a table.
pub(crate) type ReadTable = Option<Option<Arc<crate::schema::TableSchema>>>;

/// What each use of one statement names (beside its uses, in order), as
/// [`Binder::check_tables_exist`] found it: the query resolver and the source checks after it
/// read this instead of looking the names up again (nothing in between changes the catalog).
/// Empty for a statement whose uses are not looked up.
pub(crate) struct ReadTables(Vec<ReadTable>);

impl ReadTables {
    #[inline]
    pub(crate) fn as_slice(&self) -> &[ReadTable] {
        &self.0
    }

    /// The list emptied, for the next statement's (`Caches::read_tables`).
    #[inline]
    pub(crate) fn into_spare(self) -> Vec<ReadTable> {
        let mut spare = self.0;
        spare.clear();
        spare
    }
}

impl Binder<'_> {
    /// Records the tables `statement` reads and writes (before the statement is applied, so
    /// the names resolve as the statement sees them).
    pub(crate) fn record_uses(&mut self, statement: &ast::Statement) {
        let mut found = Vec::new();
        collect(statement, &mut found);
        for (parts, span, access) in found {
            if let Some(path) = self.catalog.qualify_idents(parts) {
                let path = self.caches.paths.intern(path);
                self.results.uses.push(TableUse {
                    statement: self.statement_index,
                    path,
                    span,
                    access,
                });
            }
        }
    }
}

/// The paths that uses and declarations name, one allocation each: the many uses of a table
/// share it.
#[derive(Debug, Clone, Default)]
pub(crate) struct PathInterner {
    /// By the hash of the path, so that a lookup builds no path. Two paths of the same hash
    /// (seeded per process: not forced by a script) keep the first; the second is not shared.
    paths: foldhash::HashMap<u64, Arc<ObjectPath>>,
    hasher: foldhash::fast::RandomState,
}

impl PathInterner {
    /// The shared allocation of `path`.
    pub(crate) fn intern(&mut self, path: PathRef<'_>) -> Arc<ObjectPath> {
        self.intern_with(path, || Arc::new(owned(path)))
    }

    /// [`PathInterner::intern`] of a path already shared elsewhere (the catalog's creation
    /// order): that allocation is kept when the path is new here.
    pub(crate) fn intern_shared(&mut self, shared: &Arc<ObjectPath>) -> Arc<ObjectPath> {
        self.intern_with((&shared.0, &shared.1, &shared.2), || Arc::clone(shared))
    }

    /// The interned allocation of `path`, or `make`'s when the path is new here (or shares its
    /// hash with another, which is kept).
    fn intern_with(
        &mut self,
        path: PathRef<'_>,
        make: impl FnOnce() -> Arc<ObjectPath>,
    ) -> Arc<ObjectPath> {
        use std::collections::hash_map::Entry;
        use std::hash::BuildHasher;
        let (catalog, database, name) = path;
        match self.paths.entry(self.hasher.hash_one(path)) {
            Entry::Occupied(known) => {
                let known = known.get();
                if known.0 == catalog && known.1 == database && known.2 == name {
                    Arc::clone(known)
                } else {
                    make()
                }
            }
            Entry::Vacant(slot) => Arc::clone(slot.insert(make())),
        }
    }
}

fn owned((catalog, database, name): PathRef<'_>) -> ObjectPath {
    (catalog.to_owned(), database.to_owned(), name.to_owned())
}

/// The tables found: each name's parts, borrowed from the tree (no copy per use).
type Found<'s> = Vec<(&'s [ast::Ident<'s>], Span, Access)>;

/// The tables `statement` reads and writes, read off its tree (decision 0005).
fn collect<'s>(statement: &'s ast::Statement<'s>, out: &mut Found<'s>) {
    match &statement.kind {
        StatementKind::CreateTable(ct) => {
            if let Some(query) = &ct.as_query {
                out.push((names(&ct.name), ct.name.span, Access::Write));
                query_reads(query.query, out);
            }
        }
        StatementKind::CreateView(v) => query_reads(v.query.query, out),
        StatementKind::Insert(insert) => {
            out.push((names(&insert.target), insert.target.span, Access::Write));
            query_reads(insert.query.query, out);
        }
        StatementKind::StatementSet { inserts } => {
            for s in inserts {
                collect(s, out);
            }
        }
        StatementKind::Execute { statement } => collect(statement, out),
        StatementKind::Explain(e) => collect(e.statement, out),
        StatementKind::Query(q) => query_reads(q.query, out),
        StatementKind::Other(other) => {
            if let Some(body) = other.body {
                other_reads(body, out);
            }
        }
        _ => {}
    }
}

/// The tables a statement outside the DDL reads and writes, from its typed body. A statement
/// we only delimit (a model, a connection, a materialized table's head) names none we know.
fn other_reads<'s>(body: &'s ast::OtherBody<'s>, out: &mut Found<'s>) {
    use ast::OtherBody as B;
    match body {
        B::Analyze { table, .. } | B::Truncate { table } => {
            out.push((names(table), table.span, Access::Read));
        }
        // DELETE's table is read (its connector judged at that use); UPDATE's target is not
        // a use yet: only what their conditions and values read.
        B::Delete {
            table, condition, ..
        } => {
            out.push((names(table), table.span, Access::Read));
            if let Some(c) = condition {
                expr_reads(c, out);
            }
        }
        B::Update {
            assignments,
            condition,
            ..
        } => {
            for (_, value) in assignments.iter() {
                expr_reads(value, out);
            }
            if let Some(c) = condition {
                expr_reads(c, out);
            }
        }
        B::Call { call } => expr_reads(call, out),
        B::CompilePlan { statement, .. } => collect(statement, out),
        B::AsQuery { query } => query_reads(query.query, out),
        B::Jar { .. } | B::ExecutePlan { .. } | B::StopJob { .. } => {}
    }
}

impl Binder<'_> {
    /// The tables the statement's query reads must exist (Calcite: "Object 'x' not found"),
    /// and so must an INSERT's target (Flink: "Cannot find table ..."); reads are validated
    /// first. A name in a catalog we do not model is never missing. Only statements whose
    /// query Flink validates are checked, not `Other` statements (`SHOW TABLES FROM db`).
    /// When external objects are assumed (`flinkddl check` on one file of a repository), a
    /// missing table is only a warning, and only when its name is close to one of the script's.
    /// Returns what each of the statement's uses (recorded from `first_use` on) names.
    pub(crate) fn check_tables_exist(
        &mut self,
        statement: &ast::Statement,
        first_use: usize,
    ) -> Result<ReadTables, ()> {
        // The list of the statement before, emptied (no allocation per statement).
        let mut looked = std::mem::take(&mut self.caches.read_tables);
        let Some(checks_target) = validated_query(&statement.kind) else {
            return Ok(ReadTables(looked));
        };
        let result = self.with_uses_from(first_use, |b, uses| {
            b.check_uses_exist(statement, uses, checks_target, &mut looked)
        });
        match result {
            Ok(()) => Ok(ReadTables(looked)),
            Err(()) => {
                looked.clear();
                self.caches.read_tables = looked;
                Err(())
            }
        }
    }

    /// `check` of the uses recorded from `first` on, lent out of the binder while it runs (it
    /// must record none): no copy of them.
    pub(crate) fn with_uses_from<R>(
        &mut self,
        first: usize,
        check: impl FnOnce(&mut Self, &[TableUse]) -> R,
    ) -> R {
        let all = std::mem::take(&mut self.results.uses);
        let result = check(self, all.get(first..).unwrap_or_default());
        self.results.uses = all;
        result
    }

    /// [`Binder::check_tables_exist`] of the statement's uses.
    fn check_uses_exist(
        &mut self,
        statement: &ast::Statement,
        uses: &[TableUse],
        checks_target: bool,
        looked: &mut Vec<ReadTable>,
    ) -> Result<(), ()> {
        // Each use looked up once for both passes (nothing here changes the catalog), and
        // returned for the statement's later steps (nor does resolving its query change it).
        looked.extend(uses.iter().map(|u| match self.catalog.lookup(&u.path) {
            Lookup::Missing => None,
            Lookup::Found(CatalogObject::Table(t)) => Some(Some(std::sync::Arc::clone(t))),
            _ => Some(None),
        }));
        self.check_uses_found(statement, uses, checks_target, looked)
    }

    /// [`Binder::check_uses_exist`] of the uses looked up (`looked`, beside `uses`).
    fn check_uses_found(
        &mut self,
        statement: &ast::Statement,
        uses: &[TableUse],
        checks_target: bool,
        looked: &[ReadTable],
    ) -> Result<(), ()> {
        for access in [Access::Read, Access::Write] {
            if access == Access::Write && !checks_target {
                continue;
            }
            for (u, found) in uses.iter().zip(looked).filter(|(u, _)| u.access == access) {
                if found.is_some() || self.is_declared(&u.path) {
                    continue;
                }
                let message = match access {
                    Access::Read => self.object_not_found(u),
                    Access::Write => format!(
                        "Cannot find table '{}' in any of the catalogs [{}], nor as a temporary table.",
                        object_identifier(&u.path.0, &u.path.1, &u.path.2),
                        self.catalog
                            .catalogs
                            .keys()
                            .map(String::as_str)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                let similar = self.similar_table(&u.path.2);
                let later = (access == Access::Read)
                    .then(|| later_cte(statement, u.span))
                    .flatten();
                if let Some(cte) = later {
                    // `WITH a AS (... FROM b), b AS (...)`: the CTE is defined after its use.
                    // With external objects assumed a table of that name may exist, which
                    // Flink would read: then this is only a warning.
                    let d = Diagnostic::new(Code::ObjectNotFound, u.span, message)
                        .with_label(cte, "defined only after its use")
                        .with_help(format!(
                            "a CTE sees only the CTEs defined before it: move `{}` before the one that reads it",
                            u.path.2
                        ));
                    if self.options.assume_external_objects {
                        self.report(d.with_severity(flinkddl_diagnostics::Severity::Warning));
                        continue;
                    }
                    self.report(d);
                    return Err(());
                }
                if self.options.assume_external_objects {
                    // One file of a deployment: the table may come from another file, so only
                    // a name close to one of this script's tables (a likely typo) is reported,
                    // as a warning, and the statement is still applied.
                    if let Some(name) = similar {
                        let d = Diagnostic::new(
                            Code::ObjectNotFound,
                            u.span,
                            format!("{message} in this script; assumed to exist elsewhere"),
                        )
                        .with_severity(flinkddl_diagnostics::Severity::Warning)
                        .with_help(format!("did you mean `{name}`?"));
                        let d = self.with_rename(d, u.span, &name);
                        self.report(d);
                    }
                    continue;
                }
                let d = Diagnostic::new(Code::ObjectNotFound, u.span, message);
                let d = match similar {
                    Some(name) => self.with_rename(d, u.span, &name).with_help(format!(
                        "did you mean `{name}`? Otherwise create the table before this statement"
                    )),
                    None => d.with_help("create the table (or view) before this statement"),
                };
                self.report(d);
                return Err(());
            }
        }
        // The validator reads each table's row type, which cannot hold the NULL type.
        for (u, found) in uses.iter().zip(looked) {
            let (Access::Read, Some(Some(table))) = (u.access, found) else {
                continue;
            };
            if let Some(null) = table
                .columns
                .iter()
                .find(|c| c.data_type.type_root() == flinkddl_types::LogicalTypeRoot::Null)
            {
                let name = null.name.to_string();
                self.report(
                    Diagnostic::new(Code::InvalidExpression, u.span, crate::create_table::NULL_TYPE_MESSAGE)
                        .with_help(format!("the table's column `{name}` is of the NULL type, which no query can read: cast the NULL to a type in its definition")),
                );
                return Err(());
            }
        }
        Ok(())
    }

    /// The sources of the tables the statement reads, built once its query is validated (Flink
    /// creates them when it converts the validated query), from the tables `read` (what
    /// `check_tables_exist` returned) with the statement's `hints`. A CTAS builds them in
    /// ctas.rs, after deriving its columns.
    pub(crate) fn check_statement_sources(
        &mut self,
        statement: &ast::Statement,
        first_use: usize,
        read: &ReadTables,
        hints: &[crate::hints::Hinted],
    ) -> Result<(), ()> {
        if validated_query(&statement.kind).is_none()
            || matches!(&statement.kind, StatementKind::CreateTable(ct) if ct.as_query.is_some())
        {
            return Ok(());
        }
        let looked = read.as_slice();
        self.with_uses_from(first_use, |b, uses| {
            if looked.len() == uses.len() {
                // `check_tables_exist` looked them up already.
                let tables = |i: usize| {
                    looked
                        .get(i)
                        .and_then(|t| t.as_ref().and_then(Option::as_ref))
                };
                b.check_sources_of(uses, &tables, hints)
            } else {
                b.check_sources(uses, hints)
            }
        })
    }

    /// The sources of the tables a statement reads (in `uses`, with its `hints`), as Flink
    /// builds them after validating the query.
    pub(crate) fn check_sources(
        &mut self,
        uses: &[TableUse],
        hints: &[crate::hints::Hinted],
    ) -> Result<(), ()> {
        // Each read's table, looked up once for the three passes below (nothing here changes
        // the catalog).
        let tables: Vec<Option<std::sync::Arc<crate::schema::TableSchema>>> = uses
            .iter()
            .map(|u| match u.access {
                Access::Read => match self.catalog.lookup(&u.path) {
                    Lookup::Found(CatalogObject::Table(t)) => Some(std::sync::Arc::clone(t)),
                    _ => None,
                },
                Access::Write => None,
            })
            .collect();
        self.check_sources_of(uses, &|i| tables.get(i).and_then(Option::as_ref), hints)
    }

    /// [`Binder::check_sources`] with the table of each use (by index; a write's is not read).
    fn check_sources_of<'t>(
        &mut self,
        uses: &[TableUse],
        tables: &dyn Fn(usize) -> Option<&'t std::sync::Arc<crate::schema::TableSchema>>,
        hints: &[crate::hints::Hinted],
    ) -> Result<(), ()> {
        let reads = || {
            uses.iter()
                .enumerate()
                .filter(|(_, u)| u.access == Access::Read)
                .map(|(i, u)| (u, tables(i)))
        };
        // Flink builds a source for each table the query reads: a table of the generic
        // in-memory catalog (or a temporary one) without a 'connector' option has none. (Other
        // connector problems are the facade's connector findings, judged at use.)
        for (u, table) in reads() {
            let Some(table) = table else {
                continue;
            };
            // (The catalog is looked up only for a table without a connector.)
            // A table of the Flink 1.10 style (`connector.type`) goes to the legacy factories,
            // which the jars may hold (Flink 2.3 still reads CSV file system tables): C016.
            if table.option("connector").is_some()
                || table.option("connector.type").is_some()
                || !(table.temporary || self.catalog.catalog(&u.path.0).is_some_and(|c| !c.opaque))
            {
                continue;
            }
            self.report(
                Diagnostic::new(
                    Code::SourceNotCreatable,
                    u.span,
                    format!(
                        "Unable to create a source for reading table '{}.{}.{}'.\nTable options do not contain an option key 'connector' for discovering a connector.",
                        u.path.0, u.path.1, u.path.2
                    ),
                )
                .with_help("the query reads this table, and it has no 'connector' option: add one to its WITH clause (or create it in a catalog that provides its tables, such as Paimon or Hive)"),
            );
            return Err(());
        }
        // Then it creates the sources: its connector must read, with valid options, and
        // datagen cannot generate VARIANT values.
        // The paths checked so far: those of the reads before (scanned, for the few reads of
        // most statements), listed only for a statement of many.
        let mut checked: Vec<&ObjectPath> = Vec::new();
        let few = uses.len() <= 16;
        for (k, (u, table)) in reads().enumerate() {
            let hinted = hints.iter().any(|(s, _)| *s == u.span);
            let seen = if few {
                reads().take(k).any(|(earlier, _)| *earlier.path == *u.path)
            } else {
                checked.contains(&&*u.path)
            };
            if seen && !hinted {
                continue;
            }
            if !few {
                checked.push(&u.path);
            }
            if let Some(table) = table {
                self.check_readable(table, &u.path, u.span, hints)?;
            }
        }
        for (u, table) in reads() {
            let Some(table) = table else {
                continue;
            };
            if let Some(variant) = self.unreadable_variant_of(table) {
                self.report(
                    Diagnostic::new(
                        Code::VariantNotReadable,
                        u.span,
                        format!("Unsupported type: {}", variant.summary_string()),
                    )
                    .with_help("Flink 2.3's datagen source cannot generate VARIANT values; declare the column as STRING and make the VARIANT in a computed column (`v AS PARSE_JSON(s)`) or in the query"),
                );
                return Err(());
            }
        }
        Ok(())
    }

    /// Calcite's message for a name that resolves to nothing, by the first part that is missing.
    fn object_not_found(&self, u: &TableUse) -> String {
        let (catalog, database, name) = (&u.path.0, &u.path.1, &u.path.2);
        // How many parts the name was written with: dots outside back-ticks, plus one.
        let written = self.source.get(u.span.range()).map_or(1, |text| {
            let mut quoted = false;
            1 + text
                .chars()
                .filter(|&c| {
                    if c == '`' {
                        quoted = !quoted;
                    }
                    c == '.' && !quoted
                })
                .count()
        });
        if self.catalog.catalog(catalog).is_none() {
            return format!("Object '{catalog}' not found");
        }
        if self.catalog.database_exists(catalog, database) == Some(false) {
            return if written >= 3 {
                format!("Object '{database}' not found within '{catalog}'")
            } else {
                format!("Object '{database}' not found")
            };
        }
        if written >= 2 {
            format!("Object '{name}' not found within '{catalog}.{database}'")
        } else {
            format!("Object '{name}' not found")
        }
    }
}

impl Binder<'_> {
    /// `CALL [[catalog.]database.]procedure(...)`: Flink looks the procedure up in the catalog,
    /// and a generic in-memory catalog (the default one) has none.
    pub(crate) fn check_call(&mut self, statement: &ast::Statement) {
        let StatementKind::Other(ast::OtherStatement {
            body: Some(ast::OtherBody::Call { call }),
            ..
        }) = &statement.kind
        else {
            return;
        };
        let ast::ExprKind::Call(procedure) = &call.kind else {
            return;
        };
        let parts: Vec<&str> = procedure.name.parts.iter().map(|p| p.value).collect();
        let span = procedure.name.span;
        let catalog = match parts.as_slice() {
            [catalog, _, _] => catalog.to_string(),
            [_] | [_, _] => self.catalog.current_catalog.clone(),
            _ => return,
        };
        let Some(entry) = self.catalog.catalog(&catalog) else {
            return;
        };
        if entry.opaque {
            return;
        }
        let message = "getProcedure is not implemented for class org.apache.flink.table.catalog.GenericInMemoryCatalog.";
        let help = format!(
            "catalog `{catalog}` has no procedures: switch to the catalog that has this one first (USE CATALOG ...), or qualify the name with it"
        );
        let mut d = Diagnostic::new(Code::ProceduresNotSupported, span, message).with_help(help);
        if self.options.assume_external_objects {
            d = d.with_severity(flinkddl_diagnostics::Severity::Warning);
        }
        self.report(d);
    }
}

/// Whether Flink validates this statement's query: `Some(true)` when it also checks an INSERT
/// target, `Some(false)` for a query without one (views, CTAS, bare queries), `None` when the
/// statement has no query Flink validates here.
pub(crate) fn validated_query(kind: &StatementKind) -> Option<bool> {
    match kind {
        StatementKind::Insert(_) | StatementKind::StatementSet { .. } => Some(true),
        StatementKind::CreateTable(ct) => ct.as_query.as_ref().map(|_| false),
        StatementKind::CreateView(_) | StatementKind::Query(_) => Some(false),
        StatementKind::Explain(e) => validated_query(&e.statement.kind),
        StatementKind::Execute { statement } => validated_query(&statement.kind),
        _ => None,
    }
}

/// The tables a query reads, read off its tree: named FROM items and `TABLE t`, in subqueries
/// too, skipping the CTE names in scope.
fn query_reads<'s>(query: &'s ast::Query<'s>, out: &mut Found<'s>) {
    visit::walk_query(&mut Reads::new(Record(out)), query);
}

/// [`query_reads`] of the queries in an expression (a DML statement's condition or values).
fn expr_reads<'s>(expr: &'s ast::Expr<'s>, out: &mut Found<'s>) {
    visit::walk_expr(&mut Reads::new(Record(out)), expr);
}

/// What [`Reads`] does with each name read that no CTE in scope defines.
trait OnRead<'s> {
    fn read(&mut self, name: &'s ast::ObjectName<'s>, cte: CteLookup<'_, ()>);
}

/// Records each read ([`query_reads`]).
struct Record<'o, 's>(&'o mut Found<'s>);

impl<'s> OnRead<'s> for Record<'_, 's> {
    fn read(&mut self, name: &'s ast::ObjectName<'s>, _: CteLookup<'_, ()>) {
        self.0.push((names(name), name.span, Access::Read));
    }
}

/// The names a query reads (FROM items and `TABLE t`), each with what it denotes in WITH's
/// scoping (`ast::CteScope`, the resolver's too); names of CTEs in scope are not reads.
struct Reads<'s, R> {
    scope: CteScope<&'s str, ()>,
    /// Where each query entered (innermost last) starts in `scope`.
    marks: Vec<CteMark>,
    on_read: R,
}

impl<'s, R: OnRead<'s>> Reads<'s, R> {
    fn new(on_read: R) -> Self {
        Reads {
            scope: CteScope::default(),
            marks: Vec::new(),
            on_read,
        }
    }

    fn read(&mut self, name: &'s ast::ObjectName<'s>) {
        let cte = self.scope.lookup(name);
        if !matches!(cte, CteLookup::Defined(_) | CteLookup::Recursive { .. }) {
            self.on_read.read(name, cte);
        }
    }
}

impl<'s, R: OnRead<'s>> visit::Visitor<'s> for Reads<'s, R> {
    fn subquery(&mut self, query: &'s ast::Query<'s>) {
        visit::walk_query(self, query);
    }
    fn enter_query(&mut self, query: &'s ast::Query<'s>) {
        let mark = self.scope.enter(query.with.as_ref(), |name| name);
        self.marks.push(mark);
    }
    fn cte(&mut self, index: usize, _cte: &'s ast::Cte<'s>) {
        if let Some(&mark) = self.marks.last() {
            self.scope.define(mark, index, ());
        }
    }
    fn leave_query(&mut self, _query: &'s ast::Query<'s>) {
        if let Some(mark) = self.marks.pop() {
            self.scope.leave(mark);
        }
    }
    fn table_ref(&mut self, table: &'s ast::TableRef<'s>) {
        if let ast::TableRefKind::Named { name, .. } = &table.kind {
            self.read(name);
        }
    }
    fn table_name(&mut self, name: &'s ast::ObjectName<'s>, _span: Span) {
        self.read(name);
    }
}

/// The name of a CTE, of a query in `statement`, that is written `name` and defined after
/// `used_at`: a read of it there is a forward reference, which Calcite does not resolve
/// (WITH's scoping says so: the same walk as the uses').
fn later_cte(statement: &ast::Statement, used_at: Span) -> Option<Span> {
    struct Later {
        used_at: Span,
        found: Option<Span>,
    }
    impl<'s> OnRead<'s> for Later {
        fn read(&mut self, name: &'s ast::ObjectName<'s>, cte: CteLookup<'_, ()>) {
            if let (true, CteLookup::Later { definition }) = (name.span == self.used_at, cte) {
                self.found.get_or_insert(definition);
            }
        }
    }
    let mut queries = Vec::new();
    statement_queries(statement, &mut queries);
    let mut later = Reads::new(Later {
        used_at,
        found: None,
    });
    for query in queries {
        visit::walk_query(&mut later, query);
    }
    later.on_read.found
}

/// The queries of `statement` that Flink validates (see [`validated_query`]).
fn statement_queries<'s>(statement: &'s ast::Statement<'s>, out: &mut Vec<&'s ast::Query<'s>>) {
    match &statement.kind {
        StatementKind::CreateTable(ct) => out.extend(ct.as_query.iter().map(|q| q.query)),
        StatementKind::CreateView(v) => out.push(v.query.query),
        StatementKind::Insert(insert) => out.push(insert.query.query),
        StatementKind::Query(q) => out.push(q.query),
        StatementKind::StatementSet { inserts } => {
            for s in inserts {
                statement_queries(s, out);
            }
        }
        StatementKind::Explain(e) => statement_queries(e.statement, out),
        StatementKind::Execute { statement } => statement_queries(statement, out),
        _ => {}
    }
}

fn names<'s>(name: &ast::ObjectName<'s>) -> &'s [ast::Ident<'s>] {
    name.parts.as_slice()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A script keeps every use to its end: its size is the script's memory.
    #[test]
    fn table_use_stays_small() {
        assert!(std::mem::size_of::<TableUse>() <= 32);
    }

    fn found(sql: &str) -> Vec<(String, Access)> {
        let parse = flinkddl_syntax::parse(sql);
        let mut out = Vec::new();
        for s in &parse.script().statements {
            collect(s, &mut out);
        }
        out.into_iter()
            .map(|(parts, _, a)| {
                let joined = parts.iter().map(|i| i.value).collect::<Vec<_>>().join(".");
                (joined, a)
            })
            .collect()
    }

    #[test]
    fn finds_reads_and_writes() {
        use Access::*;
        let cases: &[(&str, &[(&str, Access)])] = &[
            (
                "INSERT INTO s SELECT a FROM t1 AS x JOIN db.t2 y ON x.a = y.a, `c`.`d`.`t 3`",
                &[("s", Write), ("t1", Read), ("db.t2", Read), ("c.d.t 3", Read)],
            ),
            (
                "SELECT EXTRACT(YEAR FROM ts), TRIM(BOTH ' ' FROM s) FROM t WHERE a IS DISTINCT FROM b",
                &[("t", Read)],
            ),
            (
                "SELECT * FROM TABLE(TUMBLE(TABLE w, DESCRIPTOR(ts), INTERVAL '1' MINUTE))",
                &[("w", Read)],
            ),
            (
                "SELECT * FROM (SELECT * FROM a) x LEFT JOIN LATERAL TABLE(f(x.a)) ON TRUE",
                &[("a", Read)],
            ),
            (
                "CREATE TABLE c WITH ('connector' = 'blackhole') AS SELECT * FROM src",
                &[("c", Write), ("src", Read)],
            ),
            (
                "EXECUTE STATEMENT SET BEGIN INSERT INTO s1 SELECT * FROM a; INSERT INTO s2 SELECT * FROM b; END",
                &[("s1", Write), ("a", Read), ("s2", Write), ("b", Read)],
            ),
            (
                "CREATE VIEW v AS WITH x AS (SELECT * FROM a), y (c) AS (SELECT 1) SELECT * FROM x JOIN y ON TRUE",
                &[("a", Read)],
            ),
            (
                "INSERT INTO s WITH RECURSIVE x AS (SELECT * FROM x) SELECT * FROM db.x",
                &[("s", Write), ("db.x", Read)],
            ),
            (
                "EXPLAIN SELECT * FROM t /*+ OPTIONS('k'='v') */ WHERE x IN (SELECT y FROM u)",
                &[("t", Read), ("u", Read)],
            ),
            (
                "DELETE FROM db.t AS x WHERE a IN (SELECT a FROM u) AND EXISTS (SELECT 1 FROM v, w)",
                &[("db.t", Read), ("u", Read), ("v", Read), ("w", Read)],
            ),
            (
                "UPDATE t SET a = (SELECT MAX(a) FROM u) WHERE c > (SELECT 1 FROM `v w`)",
                &[("u", Read), ("v w", Read)],
            ),
            ("TRUNCATE TABLE c.d.t", &[("c.d.t", Read)]),
            (
                "ANALYZE TABLE t PARTITION (p = 1) COMPUTE STATISTICS FOR ALL COLUMNS",
                &[("t", Read)],
            ),
            ("CALL cat.db.proc((SELECT 1 FROM u), 'x')", &[("u", Read)]),
            (
                "COMPILE AND EXECUTE PLAN 'f' FOR STATEMENT SET BEGIN INSERT INTO s1 SELECT * FROM a; INSERT OVERWRITE s2 (c) WITH x AS (SELECT * FROM b) SELECT c FROM x; END",
                &[("s1", Write), ("a", Read), ("s2", Write), ("b", Read)],
            ),
            // A materialized table is created, not read: its query's tables are.
            (
                "CREATE MATERIALIZED TABLE mt AS SELECT * FROM src",
                &[("src", Read)],
            ),
            (
                "CREATE MATERIALIZED TABLE mt FRESHNESS = INTERVAL '1' MINUTE AS SELECT * FROM src",
                &[("src", Read)],
            ),
        ];
        for (sql, want) in cases {
            let want: Vec<(String, Access)> =
                want.iter().map(|(n, a)| (n.to_string(), *a)).collect();
            assert_eq!(found(sql), want, "{sql}");
        }
        for none in [
            "CREATE TABLE t (a INT) WITH ('connector' = 'datagen')",
            "EXECUTE PLAN 'f'",
            "CREATE MODEL m INPUT (a INT) OUTPUT (b INT) WITH ('k' = 'v')",
            "STOP JOB 'x' WITH SAVEPOINT",
        ] {
            assert!(found(none).is_empty(), "{none}");
        }
    }
}

#[cfg(test)]
mod interner_tests {
    use super::*;

    #[test]
    fn equal_paths_share_one_allocation() {
        let mut paths = PathInterner::default();
        let a = paths.intern(("c", "d", "t"));
        let b = paths.intern(("c", "d", "t"));
        let other = paths.intern(("c", "e", "t"));
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &other));
        assert_eq!(*other, ("c".to_owned(), "e".to_owned(), "t".to_owned()));
    }
}
