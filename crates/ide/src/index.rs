//! The script's names: where each table and column is defined and every place that names it.
//! Goto definition, references, rename, hover and semantic tokens all read this one index.
//!
//! Names resolve the way the session catalog resolves them: a table name is qualified with the
//! catalog and database current at its statement (`USE` changes them), and identifiers are
//! case-sensitive (Flink's `Lex.JAVA`). A column named inside a CREATE TABLE belongs to that
//! table; one it inherited through LIKE resolves to the source table's definition.
//!
//! A query's names are the binder's: [`query`] reads what the semantic model says each name
//! resolves to (through aliases, CTEs, derived tables and views), and the tree only for where
//! things are written. What the model does not resolve (an ambiguous name, a FROM item whose
//! columns are unknown, a statement that does not parse, is only delimited, or that the binder
//! stopped reading) is recorded as unresolved, so that rename can refuse rather than leave a
//! use behind.

mod query;

use flinkddl::binder::schema::TableSchema;
use flinkddl::binder::semantic::SemanticModel;
use flinkddl::syntax::ast::{
    self, visit, AlterItem, AlterTableAction, ColumnKind, Expr, ExprKind, ObjectKind, ObjectName,
    QueryBody, Statement, StatementKind, TableElement,
};
use flinkddl::Span;
use query::{Meaning, OutColumn, Rel, Relation};
/// foldhash: the index hashes a path or a name per column and per reference, and SipHash was a
/// fifth of a 5 MB script's index (docs/performance.md, session 11).
pub(crate) type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
type HashSet<T> = std::collections::HashSet<T, foldhash::fast::RandomState>;
use std::sync::{Arc, OnceLock};

/// A fully qualified table or view name.
/// Shared: a path is cloned into every symbol, column and occurrence of its table.
pub type TablePath = Arc<(String, String, String)>;

/// What a name denotes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Symbol {
    Table(TablePath),
    Column(TablePath, String),
    /// A name a query's select list makes (`price * 2 AS doubled`), defined at its alias in
    /// `statement`: read through a CTE, a derived table or ORDER BY. (An alias that names a
    /// view's or CTAS's column is that column, a `Column`.)
    Alias {
        statement: usize,
        span: Span,
        name: String,
    },
    /// The name a query gives a FROM item (`orders AS o`, a derived table's `AS d`) or a CTE
    /// (`WITH big AS (...)`), defined there in `statement`: read by qualifiers (`o.price`) and,
    /// for a CTE, by the FROM items that name it.
    RelationAlias {
        statement: usize,
        span: Span,
        name: String,
    },
}

impl Symbol {
    /// The name as written.
    pub fn name(&self) -> &str {
        match self {
            Symbol::Table(path) => &path.2,
            Symbol::Column(_, name)
            | Symbol::Alias { name, .. }
            | Symbol::RelationAlias { name, .. } => name,
        }
    }
}

/// The kind of object a table definition creates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableKind {
    Table,
    View,
}

/// A CREATE TABLE / CREATE VIEW.
#[derive(Debug, Clone)]
pub struct TableDef {
    pub path: TablePath,
    pub kind: TableKind,
    /// The span of the last part of the name (what rename replaces).
    pub name_span: Span,
    pub statement: usize,
    /// The LIKE source, resolved.
    pub like: Option<TablePath>,
}

/// A column written in a CREATE TABLE (or added by ALTER TABLE ... ADD).
#[derive(Debug, Clone)]
pub struct ColumnDef {
    pub table: TablePath,
    pub name: String,
    pub name_span: Span,
    pub statement: usize,
}

/// One occurrence of a name: a definition or a reference.
#[derive(Debug, Clone)]
pub struct Occurrence {
    pub span: Span,
    pub symbol: Symbol,
    pub is_definition: bool,
    pub statement: usize,
}

/// A `/*+ ... */` hint on a FROM item that names a table (its `OPTIONS(...)` keys may name
/// the table's columns: datagen's `fields.<column>.*`).
#[derive(Debug, Clone)]
pub struct TableHint {
    pub table: TablePath,
    pub span: Span,
    pub statement: usize,
}

/// A name in a query that may be a column's use but resolves to none the index can name:
/// ambiguous, in a FROM item of unknown columns, or not found.
#[derive(Debug, Clone)]
pub struct Unresolved {
    pub name: String,
    pub span: Span,
    pub statement: usize,
}

#[derive(Debug, Clone, Default)]
pub struct Index {
    pub tables: Vec<TableDef>,
    pub columns: Vec<ColumnDef>,
    /// Every definition and reference, sorted by span start.
    pub occurrences: Vec<Occurrence>,
    /// The catalog and database current at each statement.
    pub scopes: Vec<(String, String)>,
    /// Names in queries that resolve to nothing the index can name.
    pub unresolved: Vec<Unresolved>,
    pub hints: Vec<TableHint>,
    /// What each [`Symbol::RelationAlias`] names (`table \`orders\``, `a subquery`), by its
    /// definition's span.
    pub relation_aliases: HashMap<Span, String>,
    /// The statements the index could not read from a whole tree: those with a syntax error
    /// and those the parser only delimits. Their names are in their tokens only.
    pub opaque: Vec<usize>,
    /// Built once by [`Index::build`] (the uses grouped by definition on first use): a name's
    /// definition and its uses are then found in time proportional to that name's uses, not to
    /// the script (highlight runs at every cursor move, on scripts where a column name recurs
    /// in thousands of tables).
    lookup: Lookup,
}

/// The index's fields keyed for lookup; positions are into [`Index`]'s vectors.
#[derive(Debug, Clone, Default)]
struct Lookup {
    /// Each path's CREATEs and column definitions.
    paths: HashMap<TablePath, PathDefs>,
    /// The unresolved names, by name.
    unresolved: HashMap<String, Vec<u32>>,
    /// Built on first use (highlight, references, rename), not with the index: semantic tokens
    /// and hover after each edit need the index but not these.
    uses: OnceLock<Uses>,
}

/// The occurrences grouped by what they resolve to.
#[derive(Debug, Clone, Default)]
struct Uses {
    /// The occurrences of each definition (span and statement), in text order.
    by_definition: HashMap<(Span, usize), Vec<u32>>,
    /// Every occurrence of each symbol that some occurrence of it resolves to no definition
    /// (read by [`Index::occurrences_of`] for such an occurrence), in text order.
    by_symbol: HashMap<Symbol, Vec<u32>>,
}

#[derive(Debug, Clone, Default)]
struct PathDefs {
    /// Into [`Index::tables`], in statement order (the builder pushes them in that order).
    tables: Vec<u32>,
    /// Into [`Index::columns`] by column name, in statement order.
    columns: HashMap<String, Vec<u32>>,
}

impl Index {
    /// Indexes a script; `created` (each table as its CREATE made it, from the binder) gives
    /// the columns queries read, LIKE and CTAS included.
    pub fn build(analysis: &flinkddl::Analysis) -> Index {
        let script = &analysis.parse.script();
        static EMPTY: std::sync::OnceLock<SemanticModel> = std::sync::OnceLock::new();
        let mut b = Builder {
            model: analysis
                .model
                .as_ref()
                .unwrap_or_else(|| EMPTY.get_or_init(SemanticModel::default)),
            index: Index::default(),
            catalog: flinkddl::binder::session_catalog::DEFAULT_CATALOG.to_string(),
            database: flinkddl::binder::session_catalog::DEFAULT_DATABASE.to_string(),
            statement: 0,
            live: HashMap::default(),
            alias_uses: HashMap::default(),
            alias_defs: HashMap::default(),
            created: analysis
                .created
                .iter()
                .map(|(i, t)| (*i, t.clone()))
                .collect(),
        };
        let errors = &analysis.parse.errors;
        let mut next_error = 0;
        for (i, statement) in script.statements.iter().enumerate() {
            b.statement = i;
            b.index.scopes.push((b.catalog.clone(), b.database.clone()));
            while errors
                .get(next_error)
                .is_some_and(|e| e.span.start < statement.span.start)
            {
                next_error += 1;
            }
            let has_error = errors
                .get(next_error)
                .is_some_and(|e| e.span.start <= statement.span.end);
            if has_error
                || matches!(
                    statement.kind,
                    StatementKind::Other(_) | StatementKind::Error
                )
            {
                b.index.opaque.push(i);
            }
            b.alias_uses.clear();
            b.alias_defs.clear();
            b.statement(statement);
            b.flush_aliases();
        }
        b.index
            .occurrences
            .sort_by_key(|o| (o.span.start, o.span.end));
        let mut index = b.index;
        index.build_lookup();
        index
    }

    /// Fills [`Index::lookup`] from the vectors (all but the uses, built on first use).
    fn build_lookup(&mut self) {
        let mut lookup = Lookup::default();
        for (i, t) in self.tables.iter().enumerate() {
            lookup
                .paths
                .entry(t.path.clone())
                .or_default()
                .tables
                .push(i as u32);
        }
        for (i, c) in self.columns.iter().enumerate() {
            let columns = &mut lookup.paths.entry(c.table.clone()).or_default().columns;
            match columns.get_mut(c.name.as_str()) {
                Some(at) => at.push(i as u32),
                None => {
                    columns.insert(c.name.clone(), vec![i as u32]);
                }
            }
        }
        for (i, u) in self.unresolved.iter().enumerate() {
            match lookup.unresolved.get_mut(u.name.as_str()) {
                Some(at) => at.push(i as u32),
                None => {
                    lookup.unresolved.insert(u.name.clone(), vec![i as u32]);
                }
            }
        }
        self.lookup = lookup;
    }

    /// The occurrences grouped by the definition each resolves to (computed once).
    fn uses(&self) -> &Uses {
        self.lookup.uses.get_or_init(|| {
            let targets: Vec<Option<(Span, usize)>> = self
                .occurrences
                .iter()
                .map(|o| self.definition(&o.symbol, o.statement))
                .collect();
            let mut uses = Uses::default();
            for (o, target) in self.occurrences.iter().zip(&targets) {
                if target.is_none() && !uses.by_symbol.contains_key(&o.symbol) {
                    uses.by_symbol.insert(o.symbol.clone(), Vec::new());
                }
            }
            for (i, (o, target)) in self.occurrences.iter().zip(&targets).enumerate() {
                if let Some(target) = target {
                    uses.by_definition
                        .entry(*target)
                        .or_default()
                        .push(i as u32);
                }
                if !uses.by_symbol.is_empty() {
                    if let Some(at) = uses.by_symbol.get_mut(&o.symbol) {
                        at.push(i as u32);
                    }
                }
            }
            uses
        })
    }

    /// The occurrence whose span holds `offset` (an offset just after a name counts, as
    /// editors place the cursor there).
    pub fn occurrence_at(&self, offset: u32) -> Option<&Occurrence> {
        let after = self.occurrences.partition_point(|o| o.span.start <= offset);
        self.occurrences[..after]
            .iter()
            .rev()
            .take(8)
            .find(|o| o.span.start <= offset && offset <= o.span.end)
    }

    /// The definition of a table: the last CREATE before `statement`, or else the first one.
    pub fn table_def(&self, path: &TablePath, statement: usize) -> Option<&TableDef> {
        self.table_def_in(self.lookup.paths.get(path)?, statement)
    }

    fn table_def_in(&self, defs: &PathDefs, statement: usize) -> Option<&TableDef> {
        let table = |i: &u32| self.tables.get(*i as usize);
        let defs = &defs.tables;
        let before = defs.partition_point(|i| table(i).is_some_and(|t| t.statement <= statement));
        match before.checked_sub(1) {
            Some(last) => defs.get(last),
            None => defs.first(),
        }
        .and_then(table)
    }

    /// The columns named `name` written in `table`'s definitions (and ALTERs), in text order.
    pub fn columns_named<'a>(
        &'a self,
        table: &TablePath,
        name: &str,
    ) -> impl Iterator<Item = &'a ColumnDef> + 'a {
        self.lookup
            .paths
            .get(table)
            .and_then(|p| p.columns.get(name))
            .into_iter()
            .flatten()
            .filter_map(|i| self.columns.get(*i as usize))
    }

    /// Where a column is defined: in the table's definition, or (inherited through LIKE) in
    /// its source's, following at most a few LIKE hops.
    pub fn column_def(
        &self,
        table: &TablePath,
        name: &str,
        statement: usize,
    ) -> Option<&ColumnDef> {
        let column = |i: &u32| self.columns.get(*i as usize);
        let mut path = table;
        let mut at = statement;
        for _ in 0..16 {
            let defs = self.lookup.paths.get(path)?;
            let def = self.table_def_in(defs, at)?;
            let last = at.max(def.statement);
            // The first one written from the definition on, if it is not after `last`.
            let own = defs.columns.get(name).and_then(|columns| {
                let from = columns
                    .partition_point(|i| column(i).is_some_and(|c| c.statement < def.statement));
                columns
                    .get(from)
                    .and_then(column)
                    .filter(|c| c.statement <= last)
            });
            if let Some(c) = own {
                return Some(c);
            }
            path = def.like.as_ref()?;
            at = def.statement;
        }
        None
    }

    /// The names in queries spelled `name` that the index could not resolve.
    pub fn unresolved_named<'a>(&'a self, name: &str) -> impl Iterator<Item = &'a Unresolved> + 'a {
        self.lookup
            .unresolved
            .get(name)
            .into_iter()
            .flatten()
            .filter_map(|i| self.unresolved.get(*i as usize))
    }

    /// The definition span a symbol resolves to from `statement`.
    pub fn definition(&self, symbol: &Symbol, statement: usize) -> Option<(Span, usize)> {
        match symbol {
            Symbol::Table(path) => self
                .table_def(path, statement)
                .map(|t| (t.name_span, t.statement)),
            Symbol::Column(table, name) => self
                .column_def(table, name, statement)
                .map(|c| (c.name_span, c.statement)),
            Symbol::Alias {
                statement, span, ..
            }
            | Symbol::RelationAlias {
                statement, span, ..
            } => Some((*span, *statement)),
        }
    }

    /// Every occurrence that resolves to the same definition as `occurrence` (or, when it
    /// resolves to none, every occurrence of its symbol), in text order.
    /// Every occurrence of `symbol` (a table or column defined in another file: this one's
    /// uses of it).
    pub fn occurrences_of_symbol(&self, symbol: &Symbol) -> Vec<&Occurrence> {
        match self.uses().by_symbol.get(symbol) {
            Some(uses) => uses
                .iter()
                .filter_map(|i| self.occurrences.get(*i as usize))
                .collect(),
            None => self
                .occurrences
                .iter()
                .filter(|o| o.symbol == *symbol)
                .collect(),
        }
    }

    pub fn occurrences_of(&self, occurrence: &Occurrence) -> Vec<&Occurrence> {
        // Only a name spelled the same can resolve to the same definition.
        let same_name = |a: &Symbol, b: &Symbol| match (a, b) {
            (Symbol::Table(x), Symbol::Table(y)) => x.2 == y.2,
            (Symbol::Column(_, x), Symbol::Column(_, y)) => x == y,
            (Symbol::Alias { name: x, .. }, Symbol::Alias { name: y, .. })
            | (Symbol::RelationAlias { name: x, .. }, Symbol::RelationAlias { name: y, .. }) => {
                x == y
            }
            _ => false,
        };
        let group = match self.definition(&occurrence.symbol, occurrence.statement) {
            Some(target) => self.uses().by_definition.get(&target),
            None => match self.uses().by_symbol.get(&occurrence.symbol) {
                Some(uses) => Some(uses),
                // Not one of the index's own occurrences: compare with every one.
                None => {
                    return self
                        .occurrences
                        .iter()
                        .filter(|o| o.symbol == occurrence.symbol)
                        .collect()
                }
            },
        };
        group
            .into_iter()
            .flatten()
            .filter_map(|i| self.occurrences.get(*i as usize))
            .filter(|o| same_name(&o.symbol, &occurrence.symbol))
            .collect()
    }
}

struct Builder<'m> {
    /// What the binder resolved: queries' names are read off it.
    model: &'m SemanticModel,
    index: Index,
    catalog: String,
    database: String,
    statement: usize,
    /// The columns of each table and view the script has created so far, as queries see them
    /// (absent: not known).
    live: HashMap<TablePath, Arc<Relation>>,
    created: HashMap<usize, Arc<TableSchema>>,
    /// The statement's uses of its select list's aliases (ORDER BY): (alias, use).
    alias_uses: HashMap<Span, Vec<Span>>,
    /// The statement's select-list aliases not (yet) claimed as a view's or CTAS's column:
    /// defined as [`Symbol::Alias`] once the statement is read.
    alias_defs: HashMap<Span, String>,
}

impl Builder<'_> {
    fn qualify(&self, name: &ObjectName) -> Option<TablePath> {
        let parts: Vec<&str> = name.parts.iter().map(|p| p.value).collect();
        match parts.as_slice() {
            [t] => Some(Arc::new((
                self.catalog.clone(),
                self.database.clone(),
                t.to_string(),
            ))),
            [d, t] => Some(Arc::new((
                self.catalog.clone(),
                d.to_string(),
                t.to_string(),
            ))),
            [c, d, t] => Some(Arc::new((c.to_string(), d.to_string(), t.to_string()))),
            _ => None,
        }
    }

    fn push(&mut self, span: Span, symbol: Symbol, is_definition: bool) {
        self.index.occurrences.push(Occurrence {
            span,
            symbol,
            is_definition,
            statement: self.statement,
        });
    }

    /// A table reference; returns its path.
    fn table_ref(&mut self, name: &ObjectName) -> Option<TablePath> {
        let path = self.qualify(name)?;
        let last = name.parts.last()?;
        self.push(last.span, Symbol::Table(path.clone()), false);
        Some(path)
    }

    fn table_def(
        &mut self,
        name: &ObjectName,
        kind: TableKind,
        like: Option<TablePath>,
    ) -> Option<TablePath> {
        let path = self.qualify(name)?;
        let last = name.parts.last()?;
        self.index.tables.push(TableDef {
            path: path.clone(),
            kind,
            name_span: last.span,
            statement: self.statement,
            like,
        });
        self.push(last.span, Symbol::Table(path.clone()), true);
        Some(path)
    }

    fn column_def(&mut self, table: &TablePath, name: &ast::Ident) {
        self.index.columns.push(ColumnDef {
            table: table.clone(),
            name: name.value.to_string(),
            name_span: name.span,
            statement: self.statement,
        });
        self.push(
            name.span,
            Symbol::Column(table.clone(), name.value.to_string()),
            true,
        );
    }

    /// A column of `table` named outside a query (keys, expressions, INSERT's list): a table's
    /// own column, or what a view's or CTAS's column stands for.
    fn column_ref(&mut self, table: &TablePath, name: &ast::Ident) {
        let meaning = self
            .live
            .get(table)
            .and_then(|rel| rel.meaning_of(name.value));
        match meaning {
            Some(Meaning::Column(symbol)) => self.push(name.span, symbol, false),
            Some(Meaning::Unknown) => self.unresolved(name.value, name.span),
            Some(Meaning::Local) | None => self.push(
                name.span,
                Symbol::Column(table.clone(), name.value.to_string()),
                false,
            ),
        }
    }

    /// Changes the columns queries see of a table (ALTER TABLE).
    fn alter_live(&mut self, path: &TablePath, change: impl FnOnce(&mut Vec<OutColumn>)) {
        if let Some(rel) = self.live.get(path) {
            let mut columns = rel.columns.clone();
            change(&mut columns);
            self.live
                .insert(path.clone(), Arc::new(Relation::new(columns)));
        }
    }

    /// The statement's aliases that name no view or CTAS column: each a [`Symbol::Alias`],
    /// defined at the alias, with its ORDER BY uses.
    fn flush_aliases(&mut self) {
        for (span, name) in std::mem::take(&mut self.alias_defs) {
            let symbol = Symbol::Alias {
                statement: self.statement,
                span,
                name,
            };
            for at in self.alias_uses.remove(&span).unwrap_or_default() {
                self.push(at, symbol.clone(), false);
            }
            self.push(span, symbol, true);
        }
    }

    fn unresolved(&mut self, name: &str, span: Span) {
        self.index.unresolved.push(Unresolved {
            name: name.to_string(),
            span,
            statement: self.statement,
        });
    }

    /// What a table's columns are to the queries that read it: its own, by name.
    fn table_columns(path: &TablePath, names: impl IntoIterator<Item = String>) -> Arc<Relation> {
        Arc::new(Relation::new(
            names
                .into_iter()
                .map(|name| OutColumn {
                    meaning: Meaning::Column(Symbol::Column(path.clone(), name.clone())),
                    name,
                    alias: None,
                })
                .collect(),
        ))
    }

    /// The columns of a view or CTAS made from its query's output: a column passed through
    /// stands for what it reads; one its select list names with an alias is its own, defined
    /// at the alias.
    fn derived_columns(&mut self, path: &TablePath, output: &Relation) -> Vec<OutColumn> {
        let mut out = Vec::new();
        for c in &output.columns {
            let meaning = match (&c.meaning, c.alias) {
                // The alias of this query's own select list names the column.
                (Meaning::Column(Symbol::Alias { span: at, .. }), Some(span)) if *at == span => {
                    self.alias_defs.remove(&span);
                    self.column_def(
                        path,
                        &ast::Ident {
                            span,
                            value: c.name.as_str(),
                            quoted: false,
                        },
                    );
                    let symbol = Symbol::Column(path.clone(), c.name.clone());
                    let uses = self.alias_uses.remove(&span).unwrap_or_default();
                    for at in uses {
                        self.push(at, symbol.clone(), false);
                    }
                    Meaning::Column(symbol)
                }
                (Meaning::Local, None) => {
                    Meaning::Column(Symbol::Column(path.clone(), c.name.clone()))
                }
                (m, _) => m.clone(),
            };
            out.push(OutColumn {
                name: c.name.clone(),
                meaning,
                alias: None,
            });
        }
        out
    }

    fn expr_refs(&mut self, table: &TablePath, expr: &Expr) {
        let mut found = Vec::new();
        visit::for_each_expr(expr, |e| {
            if let ExprKind::Identifier(name) = &e.kind {
                if let Some(first) = name.parts.first() {
                    found.push(first.clone());
                }
            }
        });
        for ident in found {
            self.column_ref(table, &ident);
        }
    }

    fn elements(&mut self, table: &TablePath, elements: &[&TableElement], modify: bool) {
        for element in elements {
            match element {
                TableElement::Column(c) => {
                    if modify {
                        self.column_ref(table, &c.name);
                    } else {
                        self.column_def(table, &c.name);
                    }
                    if let ColumnKind::Computed { expr } = &c.kind {
                        self.expr_refs(table, expr);
                    }
                }
                TableElement::Constraint(tc) => {
                    for col in &tc.columns.columns {
                        self.column_ref(table, col);
                    }
                }
                TableElement::Watermark(w) => {
                    if let Some(first) = w.rowtime.parts.first() {
                        self.column_ref(table, first);
                    }
                    self.expr_refs(table, &w.expr);
                }
                TableElement::Error { .. } => {}
            }
        }
    }

    /// A query's column uses, as the binder resolved them; returns its output columns.
    fn query(&mut self, query: &QueryBody) -> Rel {
        let model = self.model;
        query::query(self, model, query.query)
    }

    fn statement(&mut self, statement: &Statement) {
        match &statement.kind {
            StatementKind::CreateTable(ct) => {
                // CTAS: the query first, so that the table's columns stand for what it reads.
                let output = ct.as_query.as_ref().map(|q| self.query(q));
                let like = ct.like.as_ref().and_then(|l| self.table_ref(&l.source));
                let Some(path) = self.table_def(&ct.name, TableKind::Table, like.clone()) else {
                    return;
                };
                self.live.remove(&path);
                let elements = visit::table_elements(statement);
                let written: Vec<String> = elements
                    .iter()
                    .filter_map(|e| match e {
                        TableElement::Column(c) => Some(c.name.value.to_string()),
                        _ => None,
                    })
                    .collect();
                let relation = match output {
                    Some(output) => output.map(|output| {
                        let derived = self.derived_columns(&path, &output);
                        let mut columns: Vec<OutColumn> =
                            Builder::table_columns(&path, written).columns.clone();
                        let mut seen: HashSet<String> =
                            columns.iter().map(|c| c.name.clone()).collect();
                        for c in derived {
                            if seen.insert(c.name.clone()) {
                                columns.push(c);
                            }
                        }
                        Arc::new(Relation::new(columns))
                    }),
                    None => {
                        // As the binder created it (LIKE merged); else as written, with the
                        // LIKE source's columns when the index knows them.
                        let bound = self
                            .created
                            .get(&self.statement)
                            .filter(|t| {
                                (t.catalog.as_str(), t.database.as_str(), t.name.as_str())
                                    == (path.0.as_str(), path.1.as_str(), path.2.as_str())
                            })
                            .map(|t| {
                                t.columns
                                    .iter()
                                    .map(|c| c.name.to_string())
                                    .collect::<Vec<_>>()
                            });
                        match (bound, &like) {
                            (Some(names), _) => Some(Builder::table_columns(&path, names)),
                            (None, None) => Some(Builder::table_columns(&path, written)),
                            (None, Some(source)) => self.live.get(source).map(|rel| {
                                let mut names = written;
                                let mut seen: HashSet<String> = names.iter().cloned().collect();
                                for c in &rel.columns {
                                    if seen.insert(c.name.clone()) {
                                        names.push(c.name.clone());
                                    }
                                }
                                Builder::table_columns(&path, names)
                            }),
                        }
                    }
                };
                if let Some(rel) = relation {
                    self.live.insert(path.clone(), rel);
                }
                self.elements(&path, &elements, false);
                for list in [
                    ct.partitioned_by.as_ref(),
                    ct.distribution.as_ref().and_then(|d| d.columns.as_ref()),
                ]
                .into_iter()
                .flatten()
                {
                    for col in &list.columns {
                        self.column_ref(&path, col);
                    }
                }
            }
            StatementKind::CreateView(v) => {
                let output = self.query(&v.query);
                let Some(path) = self.table_def(&v.name, TableKind::View, None) else {
                    return;
                };
                self.live.remove(&path);
                let columns = match &v.columns {
                    // `CREATE VIEW v (a, b)`: the list names its columns.
                    Some(list) => Some(
                        list.columns
                            .iter()
                            .map(|c| {
                                self.column_def(&path, c);
                                OutColumn {
                                    name: c.value.to_string(),
                                    meaning: Meaning::Column(Symbol::Column(
                                        path.clone(),
                                        c.value.to_string(),
                                    )),
                                    alias: None,
                                }
                            })
                            .collect(),
                    ),
                    None => output.map(|o| self.derived_columns(&path, &o)),
                };
                if let Some(columns) = columns {
                    self.live.insert(path, Arc::new(Relation::new(columns)));
                }
            }
            StatementKind::Insert(insert) => self.insert(insert),
            StatementKind::StatementSet { inserts } => {
                for s in inserts {
                    self.statement(s);
                }
            }
            StatementKind::Execute { statement } => self.statement(statement),
            StatementKind::Explain(e) => self.statement(e.statement),
            StatementKind::Query(q) => {
                self.query(q);
            }
            StatementKind::AlterTable(alter) => {
                let Some(path) = self.table_ref(&alter.name) else {
                    return;
                };
                match &alter.action {
                    AlterTableAction::RenameTo { new_name } => {
                        if let (Some(rel), Some(new)) =
                            (self.live.remove(&path), self.qualify(new_name))
                        {
                            self.live.insert(new, rel);
                        }
                    }
                    AlterTableAction::RenameColumn { old, new } => {
                        if let Some(first) = old.parts.first() {
                            self.column_ref(&path, first);
                            // Later uses of the new name are not uses of the old one.
                            self.alter_live(&path, |columns| {
                                for c in columns.iter_mut().filter(|c| c.name == first.value) {
                                    c.name = new.value.to_string();
                                    c.meaning = Meaning::Column(Symbol::Column(
                                        path.clone(),
                                        new.value.to_string(),
                                    ));
                                }
                            });
                        }
                    }
                    AlterTableAction::DropColumns { columns } => {
                        for c in columns {
                            if let Some(first) = c.parts.first() {
                                self.column_ref(&path, first);
                            }
                        }
                        let dropped: HashSet<&str> = columns
                            .iter()
                            .filter_map(|c| c.parts.first().map(|f| f.value))
                            .collect();
                        self.alter_live(&path, |live| {
                            live.retain(|l| !dropped.contains(l.name.as_str()))
                        });
                    }
                    AlterTableAction::AddOrModify { modify, items } => {
                        let elements: Vec<&TableElement> = items
                            .iter()
                            .filter_map(|i| match i {
                                AlterItem::Element { element, .. } => Some(*element),
                                AlterItem::Distribution(_) => None,
                            })
                            .collect();
                        self.elements(&path, &elements, *modify);
                        self.alter_live(&path, |live| {
                            let mut seen: HashSet<String> =
                                live.iter().map(|l| l.name.clone()).collect();
                            for e in &elements {
                                if let TableElement::Column(c) = e {
                                    if seen.insert(c.name.value.to_string()) {
                                        live.push(OutColumn {
                                            name: c.name.value.to_string(),
                                            meaning: Meaning::Column(Symbol::Column(
                                                path.clone(),
                                                c.name.value.to_string(),
                                            )),
                                            alias: None,
                                        });
                                    }
                                }
                            }
                        });
                        for item in items {
                            match item {
                                AlterItem::Element {
                                    position: Some(ast::ColumnPosition::After { column, .. }),
                                    ..
                                } => self.column_ref(&path, column),
                                AlterItem::Distribution(d) => {
                                    for col in d.columns.iter().flat_map(|l| &l.columns) {
                                        self.column_ref(&path, col);
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
            StatementKind::Drop(drop) => {
                if matches!(drop.object, ObjectKind::Table | ObjectKind::View) {
                    if let Some(path) = self.table_ref(&drop.name) {
                        self.live.remove(&path);
                    }
                }
            }
            StatementKind::Describe(d) => {
                if let (None | Some(ObjectKind::Table), Some(name)) = (d.object, &d.name) {
                    self.table_ref(name);
                }
            }
            StatementKind::Use(ast::Use::Catalog { name }) => {
                // As the binder has it: the session's catalog keeps `default_database`, every
                // catalog a script creates (or assumes) has `default`.
                self.catalog = name.value.to_string();
                self.database = if name.value == flinkddl::binder::session_catalog::DEFAULT_CATALOG
                {
                    flinkddl::binder::session_catalog::DEFAULT_DATABASE.to_string()
                } else {
                    "default".to_string()
                };
            }
            StatementKind::Use(ast::Use::Database { name }) => match name.parts.as_slice() {
                [d] => self.database = d.value.to_string(),
                [c, d] => {
                    self.catalog = c.value.to_string();
                    self.database = d.value.to_string();
                }
                _ => {}
            },
            _ => {}
        }
    }

    fn insert(&mut self, insert: &ast::Insert) {
        if let Some(path) = self.table_ref(&insert.target) {
            for col in insert.columns.iter().flat_map(|l| &l.columns) {
                self.column_ref(&path, col);
            }
            if let Some(partition) = &insert.partition {
                for (col, _) in partition {
                    self.column_ref(&path, col);
                }
            }
        }
        self.query(&insert.query);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lookups as they were before [`Lookup`]: a scan of every table, column and
    /// occurrence. The index must answer exactly as they do.
    mod scan {
        use super::super::*;

        fn table_def<'a>(
            index: &'a Index,
            path: &TablePath,
            statement: usize,
        ) -> Option<&'a TableDef> {
            let defs = index.tables.iter().filter(|t| &t.path == path);
            let first = defs.clone().next();
            defs.rev().find(|t| t.statement <= statement).or(first)
        }

        fn column_def<'a>(
            index: &'a Index,
            table: &TablePath,
            name: &str,
            statement: usize,
        ) -> Option<&'a ColumnDef> {
            let mut path = table.clone();
            let mut at = statement;
            for _ in 0..16 {
                let def = table_def(index, &path, at)?;
                let last = at.max(def.statement);
                let own = index.columns.iter().find(|c| {
                    c.table == path
                        && c.name == name
                        && (def.statement..=last).contains(&c.statement)
                });
                if let Some(c) = own {
                    return Some(c);
                }
                let like = def.like.clone()?;
                at = def.statement;
                path = like;
            }
            None
        }

        pub fn definition(
            index: &Index,
            symbol: &Symbol,
            statement: usize,
        ) -> Option<(Span, usize)> {
            match symbol {
                Symbol::Table(path) => {
                    table_def(index, path, statement).map(|t| (t.name_span, t.statement))
                }
                Symbol::Column(table, name) => {
                    column_def(index, table, name, statement).map(|c| (c.name_span, c.statement))
                }
                Symbol::Alias {
                    statement, span, ..
                }
                | Symbol::RelationAlias {
                    statement, span, ..
                } => Some((*span, *statement)),
            }
        }

        pub fn occurrences_of(index: &Index, occurrence: &Occurrence) -> Vec<Span> {
            let target = definition(index, &occurrence.symbol, occurrence.statement);
            let same_name = |a: &Symbol, b: &Symbol| match (a, b) {
                (Symbol::Table(x), Symbol::Table(y)) => x.2 == y.2,
                (Symbol::Column(_, x), Symbol::Column(_, y)) => x == y,
                (Symbol::Alias { name: x, .. }, Symbol::Alias { name: y, .. })
                | (Symbol::RelationAlias { name: x, .. }, Symbol::RelationAlias { name: y, .. }) => {
                    x == y
                }
                _ => false,
            };
            index
                .occurrences
                .iter()
                .filter(|o| same_name(&o.symbol, &occurrence.symbol))
                .filter(|o| match (&target, &o.symbol, &occurrence.symbol) {
                    (Some(t), _, _) => {
                        definition(index, &o.symbol, o.statement).as_ref() == Some(t)
                    }
                    (None, a, b) => a == b,
                })
                .map(|o| o.span)
                .collect()
        }
    }

    /// The index of `text` as the editor analyzes it (with the semantic model).
    fn index(text: &str) -> Index {
        Index::build(crate::Analysis::new(text).result())
    }

    fn agree_with_the_scan(text: &str) -> Index {
        let index = index(text);
        for o in &index.occurrences {
            assert_eq!(
                index.definition(&o.symbol, o.statement),
                scan::definition(&index, &o.symbol, o.statement),
                "definition of {o:?} in {text}"
            );
            let found: Vec<Span> = index.occurrences_of(o).iter().map(|o| o.span).collect();
            assert_eq!(
                found,
                scan::occurrences_of(&index, o),
                "uses of {o:?} in {text}"
            );
        }
        index
    }

    /// Tables created again, LIKE chains, ALTERs that add, rename and drop, tables and columns
    /// the script never creates, views, CTEs and aliases: the lookups answer as the scans.
    #[test]
    fn lookups_answer_as_the_scans_did() {
        let text = "CREATE TABLE a (id INT, x INT) WITH ('connector' = 'datagen');\n\
            CREATE TABLE b (y INT) LIKE a;\n\
            CREATE TABLE c (z INT, w AS id + y) LIKE b;\n\
            INSERT INTO ext SELECT id, x, y, z FROM c;\n\
            SELECT e.id, e.q FROM external_table e;\n\
            ALTER TABLE a ADD (v INT);\n\
            ALTER TABLE ext ADD (id INT);\n\
            SELECT v, id FROM a;\n\
            ALTER TABLE a RENAME x TO x2;\n\
            DROP TABLE a;\n\
            CREATE TABLE a (id BIGINT, v INT);\n\
            SELECT id, v FROM a;\n\
            CREATE VIEW va AS SELECT id AS vid, v * 2 AS doubled FROM a;\n\
            WITH t AS (SELECT vid, doubled AS d FROM va) SELECT t.vid, d FROM t ORDER BY d;\n\
            CREATE TABLE a (id INT);\n\
            SELECT id FROM a JOIN c ON a.id = c.id;\n\
            SELECT nonsense FROM nowhere WHERE";
        let index = agree_with_the_scan(text);
        assert!(index.occurrences.len() > 40);
        // Names that resolve to no definition were among them.
        assert!(
            index.uses().by_symbol.len() >= 3,
            "{:?}",
            index.uses().by_symbol
        );
    }

    /// Every fixture of the editor features (references, rename, definition, hover, ...).
    #[test]
    fn lookups_answer_as_the_scans_did_on_every_ide_fixture() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/ide");
        let mut checked = 0;
        for feature in std::fs::read_dir(root).into_iter().flatten().flatten() {
            for case in std::fs::read_dir(feature.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                let path = case.path();
                if path.extension().is_some_and(|e| e == "sql") {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    let _ = agree_with_the_scan(&text.replace("$0", ""));
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked} fixtures");
    }

    /// A column name every table has: the uses of one table's column are found among that
    /// column's own uses, not among every column of that name.
    #[test]
    fn a_name_in_every_table_is_looked_up_among_its_own_uses() {
        let text: String = (0..300)
            .map(|i| format!("CREATE TABLE t{i} (id INT, twice AS id * 2, PRIMARY KEY (id) NOT ENFORCED);\nSELECT id FROM t{i};\n"))
            .collect();
        let index = index(&text);
        let at = text.find("CREATE TABLE t150").unwrap_or(0) as u32;
        let use_at = text[at as usize..].find("AS id").unwrap_or(0) as u32 + at + 3;
        let Some(o) = index.occurrence_at(use_at) else {
            panic!("no occurrence at {use_at}");
        };
        let Some(target) = index.definition(&o.symbol, o.statement) else {
            panic!("no definition of {o:?}");
        };
        // The definition, the computed column, the key and the query.
        assert_eq!(index.occurrences_of(o).len(), 4);
        assert_eq!(
            index.uses().by_definition.get(&target).map(Vec::len),
            Some(4)
        );
        assert_eq!(
            index
                .lookup
                .paths
                .get(&Arc::new((
                    "default_catalog".to_string(),
                    "default_database".to_string(),
                    "t150".to_string()
                )))
                .and_then(|p| p.columns.get("id"))
                .map(Vec::len),
            Some(1)
        );
    }
}
