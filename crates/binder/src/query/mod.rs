//! Names in queries, resolved as Calcite's validator resolves them, and the arity checks Flink
//! makes on set operations and INSERT targets.
//!
//! What it checks, each with Calcite's or Flink's message: a column that no FROM item has
//! ("Column 'x' not found in any table"), a qualified column its table lacks ("... not found in
//! table 't'"), a qualifier that names no FROM item ("Table 't' not found"), a column that two
//! FROM items have ("Column 'x' is ambiguous"), a window TVF's time column (`DESCRIPTOR(x)`,
//! "Unknown identifier 'x'"), set operations whose branches differ in width ("Column count
//! mismatch in UNION ALL"), INSERT target columns that are not writable ("Unknown target
//! column 'c'") and INSERTs whose query is wider or narrower than the target.
//!
//! What it does not do: types (issue 13's next step). Never a false error: a FROM item whose
//! columns we cannot know (a table function, UNNEST without a column list, a table of an opaque
//! catalog, a view we could not derive, a table assumed to exist elsewhere) makes every name
//! that could be its column unknowable, and nothing is reported about it. The first error in
//! Calcite's validation order (FROM, WHERE, GROUP BY, HAVING, WINDOW, QUALIFY, select list,
//! ORDER BY) is reported, as Flink reports only that one.

use crate::catalog::{CatalogObject, Lookup};
use crate::ctas::query_type;
use crate::expr::{function_kind, type_of_expr, ExprContext, ExprOutcome, FunctionKind, Scope};
use crate::Binder;

mod changelog;
mod record;
mod sink;
mod time;
mod types;
mod versioned;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, visit, ExprKind, StatementKind};
use flinkddl_types::DataType;
use std::rc::Rc;
use std::sync::Arc;

/// A name a query resolves (a column, an alias, a FROM item's): inline when short, as most
/// are, so that building a scope allocates none of them.
pub(crate) type Name = compact_str::CompactString;

/// A FROM item's column names, each with its [`name_key`]: a lookup compares keys, which
/// tell most names apart in one comparison, and only an equal key's name.
#[derive(Debug, Clone, Default)]
pub(crate) struct Columns {
    names: Vec<Name>,
    keys: Vec<u64>,
}

impl Columns {
    fn new(names: Vec<Name>) -> Self {
        let keys = names.iter().map(|n| name_key(n)).collect();
        Columns { names, keys }
    }

    /// Where the column `name` is (exactly, as [`same`]).
    #[inline]
    fn position(&self, name: &str) -> Option<usize> {
        self.position_keyed(name, name_key(name))
    }

    /// [`Columns::position`] with the name's key, when the caller looks it up in several.
    #[inline]
    fn position_keyed(&self, name: &str, key: u64) -> Option<usize> {
        // A key holds the whole of a name of up to seven bytes.
        let whole = name.len() <= 7;
        self.keys
            .iter()
            .zip(&self.names)
            .position(|(k, n)| *k == key && (whole || n.as_str() == name))
    }

    #[inline]
    fn contains(&self, name: &str) -> bool {
        self.position(name).is_some()
    }
}

impl std::ops::Deref for Columns {
    type Target = [Name];
    fn deref(&self) -> &[Name] {
        &self.names
    }
}

impl<'c> IntoIterator for &'c Columns {
    type Item = &'c Name;
    type IntoIter = std::slice::Iter<'c, Name>;
    fn into_iter(self) -> Self::IntoIter {
        self.names.iter()
    }
}

/// A name's length (up to 255) and first seven bytes in one word: names that differ in
/// either compare unequal without reading them.
#[inline]
fn name_key(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut key = (bytes.len().min(255) as u64) << 56;
    for (i, b) in bytes.iter().take(7).enumerate() {
        key |= u64::from(*b) << (8 * i);
    }
    key
}

/// A FROM item in scope: the name that qualifies its columns and the columns, when known.
#[derive(Debug, Clone)]
struct Relation {
    name: Option<Name>,
    /// Shared with the binder's [`TableColumns`] of the table (or the CTE) read, so that a FROM
    /// item copies none of them; changed (outer joins, window TVFs, aliases) by
    /// `Rc::make_mut`.
    columns: Option<Rc<Columns>>,
    /// The columns' types where known, beside `columns` (empty when the columns are unknown).
    types: Rc<Vec<Option<DataType>>>,
    /// Beside `columns`: the column is a rowtime the planner keeps (a source's rowtime passed
    /// through projections, filters and window functions, or a window's `window_time`).
    /// Empty when none is, or when we cannot tell.
    rowtimes: Rc<Vec<bool>>,
    /// Where its columns come from, for the semantic model (`None` when it is not recorded).
    origin: Option<Rc<record::Origin>>,
    /// Where the name qualifiers use is written (its alias, or its table's name).
    definition: flinkddl_diagnostics::Span,
}

/// What a FROM item reads of a table, built once per table value and shared by every read
/// ([`Binder::relation_cache`]).
#[derive(Debug, Clone)]
pub(crate) struct TableColumns {
    columns: Rc<Columns>,
    types: Rc<Vec<Option<DataType>>>,
    rowtimes: Rc<Vec<bool>>,
    /// [`crate::ctas::unreadable_variant`] of the table, for its source check.
    unreadable_variant: Option<DataType>,
}

impl Relation {
    fn unknown(name: Option<Name>) -> Self {
        Relation {
            name,
            columns: None,
            types: Rc::default(),
            rowtimes: Rc::default(),
            origin: None,
            definition: flinkddl_diagnostics::Span::default(),
        }
    }

    fn type_of(&self, column: &str) -> Option<&DataType> {
        let i = self.columns.as_ref()?.position(column)?;
        self.types.get(i)?.as_ref()
    }

    fn make_nullable(&mut self) {
        for t in Rc::make_mut(&mut self.types).iter_mut().flatten() {
            *t = t.clone().with_nullability(true);
        }
    }
}

/// One query block's FROM scope.
#[derive(Debug, Default)]
struct Frame {
    relations: Vec<Relation>,
    /// `USING` or `NATURAL` merge same-named columns: no ambiguity is reported in this block.
    merged: bool,
    /// Names that may also be select-list aliases here (ORDER BY, QUALIFY).
    aliases: Vec<Name>,
    /// The select list's aliases with their spans while GROUP BY and HAVING are read, which
    /// cannot name them: for the help of a "not found".
    unnameable_aliases: Vec<(Name, flinkddl_diagnostics::Span)>,
    /// The block groups by at least one key: its aggregates never see an empty group.
    grouped: bool,
    /// The relations whose rowtimes a join has cleared already (the first ones): each join
    /// clears only those read since, so a long chain of joins stays linear.
    rowtimes_cleared: usize,
}

/// The resolver's buffers, kept by the binder (emptied, with their capacity) from statement
/// to statement: most statements then allocate none of their blocks' and outputs' lists.
#[derive(Debug, Default)]
pub(crate) struct Spares {
    /// The resolver's stack of blocks (empty).
    stack: Vec<Frame>,
    frames: Vec<Frame>,
    names: Vec<Vec<Name>>,
    types: Vec<Vec<Option<DataType>>>,
    rowtimes: Vec<Vec<bool>>,
}

/// How many lists of a kind are kept, and the longest kept: a statement of huge lists does
/// not leave its memory to the rest of the script.
const SPARES_KEPT: usize = 8;
const SPARE_CAPACITY: usize = 256;

fn keep<T>(spares: &mut Vec<Vec<T>>, mut list: Vec<T>) {
    if spares.len() < SPARES_KEPT && list.capacity() <= SPARE_CAPACITY && list.capacity() > 0 {
        list.clear();
        spares.push(list);
    }
}

/// [`keep`] for a block: emptied for another, its lists' capacity kept.
fn keep_frame(spares: &mut Vec<Frame>, mut frame: Frame) {
    if spares.len() < SPARES_KEPT
        && frame.relations.capacity() <= SPARE_CAPACITY
        && frame.aliases.capacity() <= SPARE_CAPACITY
        && frame.unnameable_aliases.capacity() <= SPARE_CAPACITY
    {
        frame.relations.clear();
        frame.merged = false;
        frame.aliases.clear();
        frame.unnameable_aliases.clear();
        frame.grouped = false;
        frame.rowtimes_cleared = 0;
        spares.push(frame);
    }
}

fn spare<T>(spares: &mut Vec<Vec<T>>, capacity: usize) -> Vec<T> {
    match spares.pop() {
        Some(mut list) => {
            list.reserve(capacity);
            list
        }
        None => Vec::with_capacity(capacity),
    }
}

/// The first error found; boxed, as a diagnostic is large and errors are rare.
type Res<T> = Result<T, Box<Diagnostic>>;

/// A CTE in scope: its name, its columns and their types where known.
#[derive(Debug, Clone)]
struct Cte {
    name: Name,
    columns: Option<Rc<Columns>>,
    types: Rc<Vec<Option<DataType>>>,
    rowtimes: Rc<Vec<bool>>,
    /// Its query's outputs in the semantic model, when it is recorded.
    origin: Option<Rc<record::Origin>>,
}

fn fail<T>(d: Diagnostic) -> Res<T> {
    Err(Box::new(d))
}

struct Resolver<'r, 'a> {
    binder: &'r Binder<'a>,
    frames: Vec<Frame>,
    /// CTEs in scope, innermost last: name, columns and their types.
    ctes: Vec<Cte>,
    /// The column types of the query, SELECT or set operation just resolved (beside the
    /// names they return).
    last_types: Vec<Option<DataType>>,
    /// Beside `last_types`: the planner's rowtimes among those columns (see
    /// [`Relation::rowtimes`]).
    last_rowtimes: Vec<bool>,
    /// A CTAS query's columns, when every name and type is known.
    output: Option<Vec<(String, DataType)>>,
    /// A view's columns, when every name is known.
    view_columns: Option<Vec<(String, Option<DataType>)>>,
    /// The first error a walk over an expression found.
    error: Option<Box<Diagnostic>>,
    /// Calls to functions nobody defines met on the walk of the current expression, judged
    /// once its names are (Calcite derives a call's operands before looking the call up).
    /// (The spans of the calls: `expr_names` finds them again in the expression it walked.)
    unknown_calls: Vec<flinkddl_diagnostics::Span>,
    /// Whether the expression being walked by `expr_names` is typeable so far
    /// ([`Resolver::typeable`], judged on the same walk), when its caller types it next.
    walk_typeable: Option<Typeability>,
    /// The expression `expr_names` walked last (by address) and whether it is typeable:
    /// [`Resolver::type_expr`] of the same expression then needs no walk of its own.
    walked: Option<(usize, Option<bool>)>,
    /// Warnings found on the way, reported whatever the statement's verdict.
    warnings: Vec<Diagnostic>,
    /// `x IN (subquery)` met on the walk, innermost last: the subquery's span, the width of
    /// the left side and the whole expression's span, checked once the subquery is resolved.
    in_subqueries: Vec<(
        flinkddl_diagnostics::Span,
        usize,
        flinkddl_diagnostics::Span,
    )>,
    /// The statement is planned (INSERT, SELECT, CTAS, EXPLAIN), not only validated (a view):
    /// the planner's rules apply.
    planned: bool,
    /// The FROM items being resolved are those of a SELECT grouped by `window_start` and
    /// `window_end`: a window TVF there feeds a window aggregate (whose HOP parameters the
    /// planner checks).
    grouped_from: bool,
    /// The first ORDER BY key of the query just resolved, when its body is a SELECT.
    sort_key: Option<time::SortKey>,
    /// The semantic model, when it is recorded (`crate::semantic`).
    model: Option<crate::semantic::SemanticModel>,
    /// How many queries deep the resolver is (1 in the statement's own query).
    depth: u32,
    /// While the model is recorded, the statement's first name error (and how many warnings
    /// there were before it): the resolver goes on, so that the names after it are in the
    /// model too, and reports this one as the statement's error, as it would have stopped.
    deferred: Option<(Box<Diagnostic>, usize)>,
    /// Lists left by earlier blocks and statements, reused.
    spares: Spares,
    /// Before 1.20 an INSERT with a column list does not check the widths of its query's
    /// set operation (`Feature::InsertColumnListCount`): the statement's query then has no
    /// known output.
    lenient_set_width: bool,
    /// The planner's error of the script's version found in a view read or (in a view) in
    /// the view's own query: a planned statement fails with it once validated; a view
    /// carries it (`ViewDef::fails_when_planned`).
    planner_pending: Option<Box<Diagnostic>>,
}

impl Binder<'_> {
    /// Resolves the names of the statement's queries; reports the first error and returns
    /// `Err` (the statement then fails as a whole, as in Flink).
    pub(crate) fn check_query(&mut self, statement: &ast::Statement) -> Result<(), ()> {
        // A statement without a query (most DDL) resolves nothing: no resolver is set up.
        if crate::uses::validated_query(&statement.kind).is_none() {
            self.query_output = None;
            self.view_columns = None;
            self.view_planner_error = None;
            return Ok(());
        }
        let model = self.model.take();
        let mut spares = std::mem::take(&mut self.query_spares);
        let frames = std::mem::take(&mut spares.stack);
        let result = {
            let mut r = Resolver {
                binder: self,
                frames,
                ctes: Vec::new(),
                last_types: Vec::new(),
                last_rowtimes: Vec::new(),
                output: None,
                view_columns: None,
                error: None,
                unknown_calls: Vec::new(),
                walk_typeable: None,
                walked: None,
                warnings: Vec::new(),
                in_subqueries: Vec::new(),
                planned: !matches!(statement.kind, StatementKind::CreateView(_)),
                grouped_from: false,
                sort_key: None,
                model,
                depth: 0,
                lenient_set_width: false,
                planner_pending: None,
                deferred: None,
                spares,
            };
            let mut result = r.statement(statement);
            let mut view_error = r.planner_pending.take();
            if r.planned {
                if let (Ok(()), Some(d)) = (&result, view_error.take()) {
                    result = Err(d);
                }
            }
            if let Some((first, warnings_before)) = r.deferred.take() {
                // What came after the first error is not reported: the statement stops there.
                r.warnings.truncate(warnings_before);
                result = Err(first);
            }
            let mut spares = r.spares;
            // (Empty unless a block's error left it.)
            r.frames.clear();
            spares.stack = r.frames;
            keep(&mut spares.types, r.last_types);
            keep(&mut spares.rowtimes, r.last_rowtimes);
            (
                result,
                r.output,
                (r.view_columns, view_error),
                r.warnings,
                r.model,
                spares,
            )
        };
        let (result, output, (view_columns, view_error), warnings, model, spares) = result;
        self.view_planner_error = view_error;
        self.query_spares = spares;
        for w in warnings {
            self.report(w);
        }
        self.model = model;
        self.query_output = output;
        self.view_columns = view_columns;
        match result {
            Ok(()) => Ok(()),
            Err(d) => {
                self.report(*d);
                Err(())
            }
        }
    }
}

impl Binder<'_> {
    /// What a FROM item reads of `table` (its column names, their types as a query sees them
    /// and the planner's rowtimes): built at the table's first read, shared by the others.
    fn table_columns(&self, table: &Arc<crate::schema::TableSchema>) -> TableColumns {
        let key = Arc::as_ptr(table) as usize;
        if let Some((_, shared)) = self.relation_cache.borrow().get(&key) {
            return shared.clone();
        }
        let types: Vec<Option<DataType>> = table
            .columns
            .iter()
            .map(|c| Some(query_type(&c.data_type)))
            .collect();
        // A table's rowtime is the planner's too.
        let rowtimes = types.iter().map(time::is_rowtime).collect();
        let shared = TableColumns {
            columns: Rc::new(Columns::new(
                table
                    .columns
                    .iter()
                    .map(|c| Name::from(c.name.as_str()))
                    .collect(),
            )),
            types: Rc::new(types),
            rowtimes: Rc::new(rowtimes),
            unreadable_variant: crate::ctas::unreadable_variant(table),
        };
        self.relation_cache
            .borrow_mut()
            .insert(key, (Arc::clone(table), shared.clone()));
        shared
    }

    /// [`crate::ctas::unreadable_variant`] of `table`, from what queries read of it when a
    /// query read it already.
    pub(crate) fn unreadable_variant_of(
        &self,
        table: &Arc<crate::schema::TableSchema>,
    ) -> Option<DataType> {
        let key = Arc::as_ptr(table) as usize;
        if let Some((_, shared)) = self.relation_cache.borrow().get(&key) {
            return shared.unreadable_variant.clone();
        }
        crate::ctas::unreadable_variant(table)
    }
}

impl Resolver<'_, '_> {
    fn statement(&mut self, statement: &ast::Statement) -> Res<()> {
        match &statement.kind {
            StatementKind::Query(q) => {
                self.query(q.query)?;
                let key = self.sort_key.take();
                time::check_streaming_sort(q.query, key)
            }
            StatementKind::CreateView(v) => self.view(v),
            StatementKind::CreateTable(ct) => match &ct.as_query {
                Some(q) => {
                    let names = self.query(q.query)?;
                    let types = std::mem::take(&mut self.last_types);
                    let key = self.sort_key.take();
                    time::check_streaming_sort(q.query, key)?;
                    let rowtimes = std::mem::take(&mut self.last_rowtimes);
                    if let (Some(names), Some(path)) = (&names, self.qualified_name(&ct.name)) {
                        time::check_one_rowtime(names, &rowtimes, &|| path.clone(), q.span)?;
                    }
                    self.output = names.and_then(|names| {
                        (names.len() == types.len())
                            .then(|| {
                                names
                                    .into_iter()
                                    .zip(types)
                                    .map(|(n, t)| Some((n.into_string(), t?)))
                                    .collect()
                            })
                            .flatten()
                    });
                    Ok(())
                }
                None => Ok(()),
            },
            StatementKind::Insert(insert) => self.insert(insert),
            StatementKind::StatementSet { inserts } => {
                for s in inserts {
                    self.statement(s)?;
                }
                Ok(())
            }
            StatementKind::Execute { statement } => self.statement(statement),
            StatementKind::Explain(e) => self.statement(e.statement),
            _ => Ok(()),
        }
    }

    /// `CREATE VIEW v [(columns)] AS query`: the view's columns are the query's, renamed by
    /// the column list, which must be as wide as the query (Flink's `SqlNodeToOperation`).
    fn view(&mut self, v: &ast::CreateView) -> Res<()> {
        let names = self.query(v.query.query)?;
        let types = std::mem::take(&mut self.last_types);
        let Some(mut names) = names else {
            return Ok(());
        };
        if let Some(list) = &v.columns {
            let defined: Vec<&str> = list.columns.iter().map(|c| c.value).collect();
            if defined.len() != names.len() {
                return fail(
                    Diagnostic::new(
                        Code::ViewColumnCount,
                        list.span,
                        format!(
                            "VIEW definition and input fields not match:\n\tDef fields: [{}].\n\tInput fields: [{}].",
                            defined.join(", "),
                            names.join(", ")
                        ),
                    )
                    .with_label(v.query.span, format!("the query gives {}", plural(names.len(), "column")))
                    .with_help(format!(
                        "name {} in the view's column list, one per query column",
                        plural(names.len(), "column")
                    )),
                );
            }
            names = defined.into_iter().map(Name::from).collect();
        }
        let types = if types.len() == names.len() {
            types
        } else {
            vec![None; names.len()]
        };
        self.view_columns = Some(
            names
                .into_iter()
                .map(Name::into_string)
                .zip(types)
                .collect(),
        );
        Ok(())
    }

    // ---- INSERT -------------------------------------------------------------------------

    fn insert(&mut self, insert: &ast::Insert) -> Res<()> {
        self.note_sink(&insert.target);
        self.lenient_set_width = insert.columns.is_some()
            && !self
                .binder
                .options
                .flink_version
                .has(flinkddl_diagnostics::Feature::InsertColumnListCount);
        if let Some(d) = self.star_counted_as_one(insert) {
            // (The target columns' names are checked first.)
            if let Some(target) = self.table(&insert.target) {
                self.insert_columns(insert, &target, None)?;
            }
            return fail(d);
        }
        let output = self.query(insert.query.query)?;
        let types = std::mem::take(&mut self.last_types);
        let rowtimes = std::mem::take(&mut self.last_rowtimes);
        let result = self.insert_query(insert, output.as_deref(), &types, &rowtimes);
        if let Some(names) = output {
            keep(&mut self.spares.names, names);
        }
        keep(&mut self.spares.types, types);
        keep(&mut self.spares.rowtimes, rowtimes);
        result
    }

    /// [`Resolver::insert`] of the query resolved: its output names, types and rowtimes.
    fn insert_query(
        &mut self,
        insert: &ast::Insert,
        output: Option<&[Name]>,
        types: &[Option<DataType>],
        rowtimes: &[bool],
    ) -> Res<()> {
        let Some(target) = self.table(&insert.target) else {
            return Ok(());
        };
        // Validation (the target columns), then the planner's rules in its order.
        self.insert_columns(insert, &target, output)?;
        let key = self.sort_key.take();
        time::check_streaming_sort(insert.query.query, key)?;
        let Some(names) = output else {
            return Ok(());
        };
        let written = sink::written_columns(insert, &target, types.len());
        sink::check_column_types(insert, &target, written.as_deref(), names, types)?;
        // A cast into the sink's types materializes the rowtimes: the rule applies only to a
        // row written as it is.
        if sink::written_as_is(written.as_deref(), types) {
            let table = || format!("{}.{}.{}", target.catalog, target.database, target.name);
            time::check_one_rowtime(names, rowtimes, &table, insert.query.span)?;
        }
        let sink_insert_only = self
            .binder
            .source_check
            .and_then(|c| c.sink_insert_only(&target));
        // Only an insert-only sink, one with a primary key or an ON CONFLICT clause has a rule
        // on what the query emits: the inference (a walk of the whole query) is skipped for the
        // others.
        if sink_insert_only != Some(true)
            && target.primary_key.is_none()
            && insert.on_conflict.is_none()
        {
            return Ok(());
        }
        let changes = changelog::Inference::new(self).query(insert.query.query);
        if let (Some(clause), changelog::Changes::InsertOnly) = (&insert.on_conflict, &changes) {
            return fail(
                Diagnostic::new(
                    Code::OnConflictNotUpsert,
                    clause.span,
                    format!(
                        "ON CONFLICT clause is only allowed for upsert sinks. The sink '{}.{}.{}' is not an upsert sink because it only accepts INSERT (append-only) changes.",
                        target.catalog, target.database, target.name
                    ),
                )
                .with_label(insert.query.span, "this query emits inserts only")
                .with_help("drop the ON CONFLICT clause: an insert-only query has no conflicts to resolve"),
            );
        }
        if insert.on_conflict.is_some() && sink_insert_only != Some(true) {
            // The clause says how the sink resolves a key other than its primary key.
            return Ok(());
        }
        let version = self.binder.options.flink_version;
        sink::check_changes(insert, &target, sink_insert_only, names, &changes, version)?;
        Ok(())
    }

    /// The INSERT's target columns: writable, and as many as the query gives.
    fn insert_columns(
        &mut self,
        insert: &ast::Insert,
        target: &crate::schema::TableSchema,
        output: Option<&[Name]>,
    ) -> Res<()> {
        // The writable columns' names, listed only for a message.
        let writable = || {
            target
                .columns
                .iter()
                .filter(|c| c.is_persisted())
                .map(|c| c.name.as_str())
        };
        let writable_list = || writable().collect::<Vec<_>>().join(", ");
        match &insert.columns {
            Some(list) => {
                for (i, c) in list.columns.iter().enumerate() {
                    if list.columns[..i].iter().any(|d| d.value == c.value) {
                        return fail(
                            Diagnostic::new(
                                Code::DuplicateTargetColumn,
                                c.span,
                                format!("Target column '{}' is assigned more than once", c.value),
                            )
                            .with_help("name each target column once"),
                        );
                    }
                    if !writable().any(|w| w == c.value) {
                        let mut guess = None;
                        let why = match target.columns.iter().find(|t| t.name == c.value) {
                            Some(t) if t.is_computed() => {
                                format!("`{}` is a computed column: it cannot be written", c.value)
                            }
                            Some(_) => format!(
                                "`{}` is a virtual metadata column: it is read-only",
                                c.value
                            ),
                            None => match similar_name(c.value, writable()) {
                                Some(s) => {
                                    guess = Some(flinkddl_syntax::rename_fix(c.span, s));
                                    format!("did you mean `{s}`?")
                                }
                                None => {
                                    format!("the table's writable columns: {}", writable_list())
                                }
                            },
                        };
                        let mut d = Diagnostic::new(
                            Code::UnknownTargetColumn,
                            c.span,
                            format!("Unknown target column '{}'", c.value),
                        )
                        .with_help(why);
                        if let Some(fix) = guess {
                            d = d.with_fix(fix);
                        }
                        return fail(d);
                    }
                }
                // Flink fills the columns the list leaves out with NULL (before validation),
                // which a NOT NULL column cannot take.
                if let Some(c) = target.columns.iter().find(|t| {
                    t.is_physical()
                        && !t.data_type.nullable
                        && !list.columns.iter().any(|l| l.value == t.name)
                }) {
                    return fail(
                        Diagnostic::new(
                            Code::NotNullColumnOmitted,
                            list.span,
                            format!(
                                "Column '{}' has no default value and does not allow NULLs",
                                c.name
                            ),
                        )
                        .with_help(format!(
                            "`{}` is NOT NULL: add it to the column list and select a value for it",
                            c.name
                        )),
                    );
                }
                // Before 1.20 a query with more columns than the list passes this check (its
                // extra columns are planned away or fail later).
                let lenient = !self
                    .binder
                    .options
                    .flink_version
                    .has(flinkddl_diagnostics::Feature::InsertColumnListCount);
                if let Some(output) = output.filter(|o| !(lenient && o.len() > list.columns.len()))
                {
                    if output.len() != list.columns.len() {
                        return fail(
                            Diagnostic::new(
                                Code::InsertColumnCount,
                                insert.query.span,
                                "Number of columns must match number of query columns",
                            )
                            .with_label(list.span, plural(list.columns.len(), "target column"))
                            .with_label(
                                insert.query.span,
                                format!("the query gives {}", plural(output.len(), "column")),
                            )
                            .with_help("name as many target columns as the query selects"),
                        );
                    }
                }
            }
            None => {
                if let Some(output) = output {
                    let width = writable().count();
                    if output.len() != width && insert.partition.is_none() {
                        let (cat, db, name) = (&target.catalog, &target.database, &target.name);
                        return fail(Diagnostic::new(
                            Code::InsertColumnCount,
                            insert.query.span,
                            format!(
                                "Column types of query result and sink for '{cat}.{db}.{name}' do not match.\nCause: Different number of columns."
                            ),
                        )
                        .with_label(insert.target.span, format!("the sink takes {}: {}", plural(width, "column"), writable_list()))
                        .with_help(format!(
                            "the query gives {}; select one value per sink column, in order, or name the target columns: INSERT INTO {} ({}) SELECT ...",
                            plural(output.len(), "column"),
                            insert.target.display(),
                            writable_list()
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    // ---- queries ------------------------------------------------------------------------

    /// Resolves a query; returns its output column names when they are known.
    fn query(&mut self, q: &ast::Query) -> Res<Option<Vec<Name>>> {
        let outer_ctes = self.ctes.len();
        self.depth += 1;
        let result = self.query_inner(q);
        self.depth -= 1;
        self.ctes.truncate(outer_ctes);
        result
    }

    fn query_inner(&mut self, q: &ast::Query) -> Res<Option<Vec<Name>>> {
        if let Some(with) = &q.with {
            for cte in &with.ctes {
                let outputs_before = self.outputs_noted();
                let columns = self.query(cte.query)?;
                let origin = columns.as_ref().and_then(|c| {
                    let outputs = self.query_outputs(outputs_before, c.len())?;
                    Some(Rc::new(record::Origin::Query {
                        outputs,
                        cte: Some(cte.name.span),
                    }))
                });
                let types = std::mem::take(&mut self.last_types);
                let rowtimes = std::mem::take(&mut self.last_rowtimes);
                let columns = match &cte.columns {
                    Some(list) => Some(list.columns.iter().map(|c| Name::from(c.value)).collect()),
                    None => columns,
                };
                let types = if columns.as_ref().is_some_and(|c| c.len() == types.len()) {
                    types
                } else {
                    Vec::new()
                };
                let rowtimes = if rowtimes.len() == types.len() {
                    rowtimes
                } else {
                    Vec::new()
                };
                self.ctes.push(Cte {
                    name: Name::from(cte.name.value),
                    columns: columns.map(|c| Rc::new(Columns::new(c))),
                    types: Rc::new(types),
                    rowtimes: Rc::new(rowtimes),
                    origin,
                });
            }
        }
        let output = match &q.body.kind {
            ast::SetExprKind::Select(select) if !q.order_by.is_empty() => {
                self.select_ordered(select, &q.order_by)?
            }
            _ => {
                let output = self.set_expr(&q.body)?;
                // A set operation's ORDER BY names its output columns (not a subquery's key).
                self.sort_key = q.order_by.first().map(|o| {
                    time::output_sort_key(&o.expr, output.as_deref(), &self.last_types)
                        .unwrap_or(time::SortKey::Unknown)
                });
                output
            }
        };
        Ok(output)
    }

    fn set_expr(&mut self, s: &ast::SetExpr) -> Res<Option<Vec<Name>>> {
        match &s.kind {
            ast::SetExprKind::Select(select) => self.select(select),
            ast::SetExprKind::Values { rows } => self.values(s, rows),
            ast::SetExprKind::Table { name } => {
                let r = self.relation_of(name);
                self.last_types = Rc::unwrap_or_clone(r.types);
                self.last_rowtimes = Rc::unwrap_or_clone(r.rowtimes);
                Ok(r.columns.map(|c| Rc::unwrap_or_clone(c).names))
            }
            ast::SetExprKind::Nested(q) => self.query(q),
            ast::SetExprKind::SetOperation { first, rest } => self.set_operation(first, rest),
        }
    }

    /// `VALUES row, ...`: every row as wide as the first, and each column of one common type
    /// (Calcite: "Values passed to VALUES operator must have compatible types").
    fn values(&mut self, s: &ast::SetExpr, rows: &[ast::Expr]) -> Res<Option<Vec<Name>>> {
        for row in rows {
            self.expr(row)?;
        }
        let width = rows.first().map_or(0, |r| row_items(r).len());
        let incompatible = || {
            fail(
                Diagnostic::new(
                    Code::ValuesIncompatible,
                    s.span,
                    "Values passed to VALUES operator must have compatible types",
                )
                .with_help("give every row the same number of values, each column one type (CAST where they differ)"),
            )
        };
        if let Some(row) = rows.iter().find(|r| row_items(r).len() != width) {
            let n = row_items(row).len();
            return incompatible().map_err(|d| {
                Box::new(d.with_label(
                    row.span,
                    format!("this row has {}, the first {}", plural(n, "value"), width),
                ))
            });
        }
        let mut columns: Vec<Option<Vec<DataType>>> = vec![Some(Vec::new()); width];
        for row in rows {
            for (i, item) in row_items(row).into_iter().enumerate() {
                if let Some(null) = bare_null(item) {
                    return fail(illegal_null(null));
                }
                let ty = self.type_expr(item)?;
                match (&mut columns[i], ty) {
                    (Some(col), Some(t)) => col.push(t),
                    (slot, _) => *slot = None,
                }
            }
        }
        let mut types = Vec::with_capacity(width);
        for col in columns {
            types.push(match col.map(|c| types::set_column_type(&c)) {
                Some(types::SetColumn::Type(t)) => Some(t),
                Some(types::SetColumn::Mismatch) => return incompatible(),
                _ => None,
            });
        }
        if self.recording() {
            self.note_values(s.span, &types);
        }
        self.last_types = types;
        self.last_rowtimes.clear();
        Ok(Some(
            (0..width)
                .map(|i| compact_str::format_compact!("EXPR${i}"))
                .collect(),
        ))
    }

    /// A chain of UNION, INTERSECT and EXCEPT: the branches as wide as the first, and each
    /// column of one common type; the first branch names the columns.
    fn set_operation(
        &mut self,
        first: &ast::SetExpr,
        rest: &[ast::SetOperand],
    ) -> Res<Option<Vec<Name>>> {
        let outputs_before = self.outputs_noted();
        let head = self.set_expr(first)?;
        let head_types = std::mem::take(&mut self.last_types);
        let mut rowtimes = std::mem::take(&mut self.last_rowtimes);
        let mut branches: Vec<Vec<Option<DataType>>> = vec![head_types];
        for operand in rest {
            let cols = self.set_expr(&operand.operand)?;
            let types = std::mem::take(&mut self.last_types);
            let theirs = std::mem::take(&mut self.last_rowtimes);
            if theirs.len() == rowtimes.len() {
                rowtimes.iter_mut().zip(&theirs).for_each(|(a, b)| *a &= *b);
            } else {
                rowtimes.clear();
            }
            keep(&mut self.spares.rowtimes, theirs);
            if let (Some(h), Some(c)) = (&head, &cols) {
                if h.len() != c.len() && self.lenient_set_width && self.depth == 1 {
                    self.last_types.clear();
                    self.last_rowtimes.clear();
                    return Ok(None);
                }
                if h.len() != c.len() {
                    return fail(Diagnostic::new(
                        Code::SetOperationColumnCount,
                        operand.operand.span,
                        format!("Column count mismatch in {}", set_operator_name(operand)),
                    )
                    .with_label(first.span, format!("the first branch gives {}", plural(h.len(), "column")))
                    .with_help(format!(
                        "this branch gives {}: every branch of a set operation selects the same number",
                        plural(c.len(), "column")
                    )));
                }
            }
            branches.push(types);
            if let Some(names) = cols {
                keep(&mut self.spares.names, names);
            }
        }
        if self.recording() {
            self.note_branches(outputs_before);
        }
        // Bare NULLs have no type in a set operation (Calcite: "Illegal use of 'NULL'").
        for branch in std::iter::once(first).chain(rest.iter().map(|o| &o.operand)) {
            if let ast::SetExprKind::Select(select) = &branch.kind {
                for item in &select.items {
                    if let ast::QueryItem::Expr { expr, .. } = item {
                        if let Some(null) = bare_null(expr) {
                            return fail(illegal_null(null));
                        }
                    }
                }
            }
        }
        let width = head.as_ref().map_or(0, Vec::len);
        let known = branches.iter().all(|b| b.len() == width);
        let mut types = spare(&mut self.spares.types, width);
        types.resize(width, None);
        if known && head.is_some() {
            for (i, slot) in types.iter_mut().enumerate() {
                let column: Option<Vec<DataType>> = branches.iter().map(|b| b[i].clone()).collect();
                let Some(column) = column else {
                    continue;
                };
                match types::set_column_type(&column) {
                    types::SetColumn::Type(t) => *slot = Some(t),
                    types::SetColumn::Unknown => {}
                    types::SetColumn::Mismatch => {
                        // Calcite reports the operator that meets the mismatch first; Flink's
                        // chains are left-deep, so that is the first operator.
                        let span = first_branch_item(first, i).unwrap_or(first.span);
                        let op = rest.first().map_or("UNION", set_operator_name);
                        return fail(
                            Diagnostic::new(
                                Code::SetOperationTypeMismatch,
                                span,
                                format!("Type mismatch in column {} of {op}", i + 1),
                            )
                            .with_help(format!(
                                "the branches give {} here: CAST them to one type",
                                column
                                    .iter()
                                    .map(|t| format!("`{}`", t.without_time_attributes()))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )),
                        );
                    }
                }
            }
        }
        for branch in branches {
            keep(&mut self.spares.types, branch);
        }
        self.last_types = types;
        self.last_rowtimes = rowtimes;
        Ok(head)
    }

    fn select(&mut self, select: &ast::Select) -> Res<Option<Vec<Name>>> {
        self.select_ordered(select, &[])
    }

    /// A SELECT and the ORDER BY of the query it is the body of: the first sort key is typed
    /// in the SELECT's scope (it may name a column the SELECT does not return).
    fn select_ordered(
        &mut self,
        select: &ast::Select,
        order_by: &[ast::OrderItem],
    ) -> Res<Option<Vec<Name>>> {
        let frame = self.spares.frames.pop().unwrap_or_default();
        self.frames.push(frame);
        let outputs_before = self.outputs_noted();
        let mut result = self.select_inner(select);
        if self.recording() && !order_by.is_empty() {
            self.note_order_by(order_by, outputs_before);
        }
        if result.is_ok() {
            // ORDER BY may name select-list aliases, so only its calls are judged here.
            let undefined = order_by
                .iter()
                .find_map(|o| self.first_undefined_call(&o.expr));
            if let Some((call, span)) = undefined {
                if let Err(d) = self.unknown_function(call, span) {
                    result = Err(d);
                }
            }
        }
        if result.is_ok() {
            self.check_versioned_planner(select, &mut result);
        }
        if let (Ok(names), Some(first)) = (&result, order_by.first()) {
            self.sort_key = Some(self.sort_key(&first.expr, names.as_deref()));
        }
        if let Some(frame) = self.frames.pop() {
            keep_frame(&mut self.spares.frames, frame);
        }
        result
    }

    /// The first call in `e` (outside subqueries) to a function no one defines.
    fn first_undefined_call<'e>(
        &self,
        e: &'e ast::Expr<'e>,
    ) -> Option<(&'e ast::Call<'e>, flinkddl_diagnostics::Span)> {
        struct Calls<'c, 'r, 'a, 'e> {
            resolver: &'c Resolver<'r, 'a>,
            found: Option<(&'e ast::Call<'e>, flinkddl_diagnostics::Span)>,
        }
        impl<'e> visit::Visitor<'e> for Calls<'_, '_, '_, 'e> {
            fn expr(&mut self, e: &'e ast::Expr<'e>) {
                if self.found.is_some() {
                    return;
                }
                if let ExprKind::Call(call) = &e.kind {
                    if self.resolver.names_unknown_function(call) {
                        self.found = Some((*call, e.span));
                    }
                }
            }
        }
        let mut calls = Calls {
            resolver: self,
            found: None,
        };
        visit::walk_expr(&mut calls, e);
        calls.found
    }

    /// What the first ORDER BY key of a SELECT is, for the streaming sort rule.
    fn sort_key(&self, key: &ast::Expr, names: Option<&[Name]>) -> time::SortKey {
        if let Some(output) = time::output_sort_key(key, names, &self.last_types) {
            return output;
        }
        match &key.kind {
            ExprKind::Nested(inner) => self.sort_key(inner, names),
            // A column of the FROM scope the SELECT does not return; a ROW field (`r.f`), or a
            // name we cannot see, is not judged.
            ExprKind::Identifier(name) => match (FrameScope {
                frames: &self.frames,
            })
            .exact_column(name)
            {
                Some(t) => time::SortKey::Column(t.clone()),
                None => time::SortKey::Unknown,
            },
            ExprKind::Literal(ast::Literal::Integer { .. })
            | ExprKind::Subquery(_)
            | ExprKind::Error => time::SortKey::Unknown,
            _ => time::SortKey::Computed,
        }
    }

    fn select_inner(&mut self, select: &ast::Select) -> Res<Option<Vec<Name>>> {
        if let Some(from) = &select.from {
            let outer = std::mem::replace(&mut self.grouped_from, window_grouped(select));
            let resolved = self.from(from);
            self.grouped_from = outer;
            resolved?;
        }
        self.note_scope(select.span);
        if let Some(e) = &select.where_clause {
            self.typed_expr(e)?;
            if let Some(call) = first_aggregate(e) {
                return fail(
                    Diagnostic::new(
                        Code::AggregateInWhere,
                        call,
                        "Aggregate expression is illegal in WHERE clause",
                    )
                    .with_help("filter on an aggregate in HAVING, after GROUP BY"),
                );
            }
            self.type_expr(e)?;
        }
        if let Some(frame) = self.frames.last_mut() {
            // `GROUP BY ()` alone is a global aggregate, whose one group may be empty.
            frame.grouped = select.group_by.as_ref().is_some_and(|g| {
                g.items
                    .iter()
                    .all(|i| matches!(i, ast::GroupingElement::Expr { .. }))
                    && !g.items.is_empty()
            });
            frame.unnameable_aliases.clear();
            frame
                .unnameable_aliases
                .extend(select.items.iter().filter_map(|i| match i {
                    ast::QueryItem::Expr { alias: Some(a), .. } => {
                        Some((Name::from(a.value), a.span))
                    }
                    _ => None,
                }));
        }
        if let Some(g) = &select.group_by {
            for item in &g.items {
                self.grouping(item)?;
            }
        }
        let grouping = self.grouping_keys(select);
        if let Some(e) = &select.having {
            let unknown_call = self.expr_names(e, true)?;
            if let Some(keys) = &grouping {
                self.check_grouped(e, keys, &select.items)?;
            }
            if let Some((call, span)) = unknown_call {
                let unknown = self.unknown_function(call, span);
                self.or_defer(unknown)?;
            }
            self.type_expr(e)?;
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.unnameable_aliases.clear();
        }
        // Select-list aliases may be named in QUALIFY (and ORDER BY), not in GROUP BY or
        // HAVING: there Flink 2.3 reports "Column 'alias' not found in any table" (oracle).
        if let Some(frame) = self.frames.last_mut() {
            frame.aliases.clear();
            frame
                .aliases
                .extend(select.items.iter().filter_map(|i| match i {
                    ast::QueryItem::Expr { alias: Some(a), .. } => Some(Name::from(a.value)),
                    _ => None,
                }));
        }
        for w in &select.windows {
            for e in &w.spec.partition_by {
                self.expr(e)?;
            }
            for o in &w.spec.order_by {
                self.expr(&o.expr)?;
            }
        }
        if let Some(e) = &select.qualify {
            self.expr(e)?;
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.aliases.clear();
        }
        let width = select.items.len();
        let mut output = Some(spare(&mut self.spares.names, width));
        let mut types: Vec<Option<DataType>> = spare(&mut self.spares.types, width);
        let mut rowtimes: Vec<bool> = spare(&mut self.spares.rowtimes, width);
        for (index, item) in select.items.iter().enumerate() {
            match item {
                ast::QueryItem::Wildcard {
                    qualifier,
                    span: star_span,
                    ..
                } => {
                    let at = output.as_ref().map_or(index, Vec::len);
                    self.note_star(qualifier.as_ref(), *star_span, at);
                    let columns = self.expand_star(qualifier.as_ref());
                    match (&mut output, columns) {
                        (Some(out), Some((cols, tys))) => {
                            rowtimes.extend(self.star_rowtimes(qualifier.as_ref(), cols.len()));
                            out.extend(cols);
                            types.extend(tys);
                        }
                        _ => output = None,
                    }
                }
                ast::QueryItem::Expr {
                    expr,
                    alias,
                    span: item_span,
                } => {
                    // A column passed through keeps its time attribute (`type_expr` gives a
                    // column its type in scope); a computed value does not. A column needs no
                    // typeability judged on its names walk (`type_expr` does without).
                    let noted_before = self.names_noted();
                    match &expr.kind {
                        ExprKind::Identifier(name) => {
                            self.expr(expr)?;
                            rowtimes.push(self.identifier_rowtime(name));
                        }
                        _ => {
                            self.typed_expr(expr)?;
                            rowtimes.push(false);
                        }
                    }
                    let ty = self.type_expr(expr)?;
                    let position = output.as_ref().map_or(index, Vec::len);
                    let name = match (alias, &expr.kind) {
                        (Some(a), _) => Name::from(a.value),
                        (None, ExprKind::Identifier(n)) => n
                            .parts
                            .last()
                            .map_or(Name::default(), |p| Name::from(p.value)),
                        // `CURRENT_TIMESTAMP` and the like are identifiers to Calcite, named
                        // as written (oracle: `current_date` gives `current_date`).
                        (None, ExprKind::ContextVariable { name }) => Name::from(
                            self.binder
                                .source
                                .get(name.span.start as usize..name.span.end as usize)
                                .unwrap_or(name.value),
                        ),
                        // Calcite numbers by the position in the list after `*` expands.
                        _ => compact_str::format_compact!("EXPR${position}"),
                    };
                    if self.recording() {
                        self.note_output(
                            position,
                            &name,
                            *item_span,
                            alias.as_ref().map(|a| a.span),
                            ty.clone(),
                            Self::is_plain_column(expr),
                            noted_before,
                        );
                    }
                    types.push(ty);
                    if let Some(out) = &mut output {
                        out.push(name);
                    }
                }
            }
        }
        if let Some(keys) = &grouping {
            for item in &select.items {
                if let ast::QueryItem::Expr { expr, .. } = item {
                    self.check_grouped(expr, keys, &[])?;
                }
            }
        }
        time::check_ranking_frames(select)?;
        if self.planned {
            time::check_top_n(select)?;
            let scope = FrameScope {
                frames: &self.frames,
            };
            let source = self.binder.source;
            time::check_over_windows(
                select,
                &|name| scope.exact_column(name).cloned(),
                self.binder.options.flink_version,
                &|span| normalized(source, span),
            )?;
        }
        if let Some(names) = &mut output {
            uniquify(names);
        }
        // Time attributes pass through validation (the planner materializes them later), so
        // a CTAS column keeps `*ROWTIME*` through joins and grouping (oracle-checked).
        let known = output.as_ref().is_some_and(|o| o.len() == types.len());
        let (types, rowtimes) = match (known, known && time::keeps_rowtimes(select)) {
            (true, true) => (types, rowtimes),
            (true, false) => {
                keep(&mut self.spares.rowtimes, rowtimes);
                (types, Vec::new())
            }
            (false, _) => {
                keep(&mut self.spares.types, types);
                keep(&mut self.spares.rowtimes, rowtimes);
                (Vec::new(), Vec::new())
            }
        };
        let old_types = std::mem::replace(&mut self.last_types, types);
        keep(&mut self.spares.types, old_types);
        let old_rowtimes = std::mem::replace(&mut self.last_rowtimes, rowtimes);
        keep(&mut self.spares.rowtimes, old_rowtimes);
        Ok(output)
    }

    /// Whether the planner keeps the rowtime of the column `name` names in the innermost block.
    fn identifier_rowtime(&self, name: &ast::ObjectName) -> bool {
        let Some(frame) = self.frames.last() else {
            return false;
        };
        let is_rowtime = |r: &Relation, column: &str| {
            r.columns
                .as_ref()
                .and_then(|cols| cols.position(column))
                .and_then(|i| r.rowtimes.get(i))
                == Some(&true)
        };
        match name.parts.as_slice() {
            [column] => frame.relations.iter().any(|r| is_rowtime(r, column.value)),
            [table, column] => frame
                .relations
                .iter()
                .filter(|r| named(r, table.value))
                .any(|r| is_rowtime(r, column.value)),
            _ => false,
        }
    }

    /// The planner's rowtimes among the columns `*` or `t.*` expands to (`width` of them).
    fn star_rowtimes(&self, qualifier: Option<&ast::ObjectName>, width: usize) -> Vec<bool> {
        let Some(frame) = self.frames.last() else {
            return vec![false; width];
        };
        let flags = |r: &Relation| -> Vec<bool> {
            let n = r.columns.as_ref().map_or(0, |c| c.len());
            if r.rowtimes.len() == n {
                r.rowtimes.to_vec()
            } else {
                vec![false; n]
            }
        };
        let mut out: Vec<bool> = match qualifier.and_then(|q| q.parts.first()) {
            None => frame.relations.iter().flat_map(flags).collect(),
            Some(name) => frame
                .relations
                .iter()
                .find(|r| r.name.as_deref() == Some(name.value))
                .map(flags)
                .unwrap_or_default(),
        };
        out.resize(width, false);
        out
    }

    /// The type of a query expression, when every name in it has a known type and every call
    /// is a built-in we describe; `Err` with Flink's error when the types do not fit.
    fn type_expr(&mut self, e: &ast::Expr) -> Res<Option<DataType>> {
        let walked = self.walked.take();
        // A column read as it is (most select items and operands): its type in scope is what
        // the typer gives it in a query (which keeps rowtimes), and a name with a type in
        // scope is typeable, so no walk is needed; a name the scope does not type is left to
        // the typer (a field access, `PI`, its rejection).
        if let ExprKind::Identifier(name) = &e.kind {
            let scope = FrameScope {
                frames: &self.frames,
            };
            if let Some(t) = scope.exact_column(name) {
                return Ok(Some(t.clone()));
            }
        }
        let walked = match walked {
            Some((address, typeable)) if address == expr_address(e) => typeable,
            _ => self.typeable(e),
        };
        let Some(repeats) = walked else {
            return Ok(None);
        };
        let scope = FrameScope {
            frames: &self.frames,
        };
        let context = if self.frames.last().is_some_and(|f| f.grouped) {
            ExprContext::Grouped
        } else {
            ExprContext::Query
        };
        let version = self.binder.options.flink_version;
        match type_of_expr(e, self.binder.source, &scope, &context, repeats, version) {
            ExprOutcome::Typed(t) => Ok(Some(t.data_type)),
            ExprOutcome::NotTyped { .. } => Ok(None),
            ExprOutcome::Rejected(mut diags) => match diags.drain(..).next() {
                // A planner's rule of the version (B150) fails a view only where it is planned.
                Some(d) if d.code == Code::NeedsNewerFlink && !self.planned => {
                    self.planner_pending.get_or_insert(Box::new(d));
                    Ok(None)
                }
                Some(d) => fail(d),
                None => Ok(None),
            },
        }
    }

    /// Whether every name in `e` has a known type and every call is a built-in we describe;
    /// if so, whether a node of it repeats an operand's text ([`crate::expr::repeats_operand`]),
    /// found on the same walk.
    fn typeable(&self, e: &ast::Expr) -> Option<bool> {
        struct Typeable<'r> {
            scope: FrameScope<'r>,
            state: Typeability,
        }
        impl visit::Visitor<'_> for Typeable<'_> {
            fn expr(&mut self, e: &ast::Expr) {
                let kind = match &e.kind {
                    ExprKind::Call(call) => one_part_kind(call),
                    _ => None,
                };
                self.state.judge(&self.scope, e, kind);
            }
        }
        let mut t = Typeable {
            scope: FrameScope {
                frames: &self.frames,
            },
            state: Typeability::default(),
        };
        visit::walk_expr(&mut t, e);
        t.state.verdict()
    }

    /// For an aggregating block (GROUP BY, HAVING, or an aggregate in the select list), what it
    /// groups by; `None` when the block does not aggregate or when we cannot be sure what is
    /// grouped (group window functions, a select alias in GROUP BY, a function that may be an
    /// aggregate).
    fn grouping_keys<'e>(&self, select: &'e ast::Select<'e>) -> Option<GroupKeys<'e>> {
        let mut exprs: Vec<&ast::Expr> = Vec::new();
        if let Some(g) = &select.group_by {
            for item in &g.items {
                collect_grouping(item, &mut exprs);
            }
        }
        let aggregating = select.group_by.is_some()
            || select.having.is_some()
            || select.items.iter().any(|i| match i {
                ast::QueryItem::Expr { expr, .. } => first_aggregate(expr).is_some(),
                _ => false,
            });
        if !aggregating {
            return None;
        }
        let mut keys = GroupKeys::default();
        for e in exprs {
            if let ExprKind::Call(c) = &e.kind {
                if c.name.parts.len() == 1
                    && ["TUMBLE", "HOP", "SESSION", "CUMULATE"]
                        .iter()
                        .any(|w| c.name.parts[0].value.eq_ignore_ascii_case(w))
                {
                    return None;
                }
            }
            if let ExprKind::Identifier(name) = &e.kind {
                match self.column_key(name) {
                    Some(k) => keys.columns.push(k),
                    // A select alias or a name we cannot place: we do not know what is grouped.
                    None => return None,
                }
            }
            keys.texts.push(normalized(self.binder.source, e.span));
        }
        Some(keys)
    }

    /// The FROM item (by index in the innermost block) and column a name refers to.
    fn column_key<'n>(&self, name: &ast::ObjectName<'n>) -> Option<(usize, &'n str)> {
        let frame = self.frames.last()?;
        match name.parts.as_slice() {
            [column] => {
                let mut holders =
                    frame.relations.iter().enumerate().filter(|(_, r)| {
                        r.columns.as_ref().is_some_and(|c| c.contains(column.value))
                    });
                let (i, _) = holders.next()?;
                holders.next().is_none().then_some((i, column.value))
            }
            [table, column, ..] => {
                let (i, r) = frame
                    .relations
                    .iter()
                    .enumerate()
                    .find(|(_, r)| named(r, table.value))?;
                r.columns
                    .as_ref()?
                    .contains(column.value)
                    .then_some((i, column.value))
            }
            [] => None,
        }
    }

    /// Calcite's aggregate check: outside aggregate calls, every column is grouped (or is
    /// part of a grouped expression). Window aggregates, subqueries and functions that may be
    /// aggregates are not judged.
    fn check_grouped(
        &self,
        e: &ast::Expr,
        keys: &GroupKeys<'_>,
        aliases_of: &[ast::QueryItem],
    ) -> Res<()> {
        struct Check<'k, 's> {
            resolver: &'k Resolver<'s, 's>,
            keys: &'k GroupKeys<'k>,
            aliases: Vec<&'k str>,
            /// Subtrees already judged (an aggregate, a grouped expression, an unknown call).
            skip_until: u32,
            unsure: bool,
            error: Option<Diagnostic>,
        }
        impl visit::Visitor<'_> for Check<'_, '_> {
            fn expr(&mut self, e: &ast::Expr) {
                if self.error.is_some() || self.unsure || e.span.start < self.skip_until {
                    return;
                }
                let source = self.resolver.binder.source;
                if self
                    .keys
                    .texts
                    .iter()
                    .any(|key| normalized_is(source, e.span, key))
                {
                    self.skip_until = e.span.end;
                    return;
                }
                match &e.kind {
                    ExprKind::Call(c) => {
                        let kind = match c.name.parts.as_slice() {
                            [n] => function_kind(n.value),
                            _ => FunctionKind::Unknown,
                        };
                        // A function no one defines is not an aggregate: Calcite judges the
                        // grouping of its operands before it finds the function missing.
                        let undefined = self.resolver.names_unknown_function(c);
                        if c.window.is_some() || (kind == FunctionKind::Unknown && !undefined) {
                            self.unsure = true;
                        } else if kind == FunctionKind::Aggregate {
                            self.skip_until = e.span.end;
                        }
                    }
                    ExprKind::Subquery(_)
                    | ExprKind::Exists(_)
                    | ExprKind::InQuery { .. }
                    | ExprKind::Quantified { .. }
                    | ExprKind::JsonConstructor(_) => self.unsure = true,
                    ExprKind::Identifier(name) => {
                        if let [single] = name.parts.as_slice() {
                            if self.aliases.contains(&single.value) {
                                return;
                            }
                        }
                        match self.resolver.column_key(name) {
                            Some(k) if self.keys.columns.contains(&k) => {}
                            Some(_) => {
                                let written = name
                                    .parts
                                    .iter()
                                    .map(|p| p.value)
                                    .collect::<Vec<_>>()
                                    .join(".");
                                self.error = Some(
                                    Diagnostic::new(
                                        Code::NotGrouped,
                                        name.span,
                                        format!("Expression '{written}' is not being grouped"),
                                    )
                                    .with_help(format!(
                                        "add `{written}` to GROUP BY, or aggregate it (MAX({written}), ...)"
                                    )),
                                );
                            }
                            None => self.unsure = true,
                        }
                    }
                    _ => {}
                }
            }
        }
        let aliases = aliases_of
            .iter()
            .filter_map(|i| match i {
                ast::QueryItem::Expr { alias: Some(a), .. } => Some(a.value),
                _ => None,
            })
            .collect();
        let mut check = Check {
            resolver: self,
            keys,
            aliases,
            skip_until: 0,
            unsure: false,
            error: None,
        };
        visit::walk_expr(&mut check, e);
        match (check.unsure, check.error) {
            (false, Some(d)) => fail(d),
            _ => Ok(()),
        }
    }

    fn grouping(&mut self, g: &ast::GroupingElement) -> Res<()> {
        match g {
            ast::GroupingElement::Expr { expr } => self.expr(expr),
            ast::GroupingElement::Empty { .. } => Ok(()),
            ast::GroupingElement::GroupingSets { items, .. } => {
                for i in items {
                    self.grouping(i)?;
                }
                Ok(())
            }
            ast::GroupingElement::Rollup { items, .. }
            | ast::GroupingElement::Cube { items, .. } => {
                for e in items {
                    self.expr(e)?;
                }
                Ok(())
            }
        }
    }

    fn expand_star(
        &self,
        qualifier: Option<&ast::ObjectName>,
    ) -> Option<(Vec<Name>, Vec<Option<DataType>>)> {
        let frame = self.frames.last()?;
        let typed = |r: &Relation| {
            let cols = r.columns.as_ref()?.to_vec();
            let types = if r.types.len() == cols.len() {
                r.types.to_vec()
            } else {
                vec![None; cols.len()]
            };
            Some((cols, types))
        };
        match qualifier {
            None => {
                let mut out = Vec::new();
                let mut types = Vec::new();
                for r in &frame.relations {
                    let (c, t) = typed(r)?;
                    out.extend(c);
                    types.extend(t);
                }
                Some((out, types))
            }
            Some(q) => {
                let [name] = q.parts.as_slice() else {
                    return None;
                };
                frame
                    .relations
                    .iter()
                    .find(|r| r.name.as_deref() == Some(name.value))
                    .and_then(typed)
            }
        }
    }

    // ---- FROM ---------------------------------------------------------------------------

    fn from(&mut self, from: &ast::FromClause) -> Res<()> {
        self.table_ref(&from.first)?;
        for join in &from.joins {
            if join.natural || matches!(join.condition, Some(ast::JoinCondition::Using { .. })) {
                if let Some(f) = self.frames.last_mut() {
                    f.merged = true;
                }
            }
            self.table_ref(&join.right)?;
            self.check_left_join_ordinality(join)?;
            let needs_condition = matches!(
                join.kind,
                ast::JoinKind::Inner
                    | ast::JoinKind::Left
                    | ast::JoinKind::Right
                    | ast::JoinKind::Full
            );
            if needs_condition && join.condition.is_none() && !join.natural {
                return fail(self.join_without_condition(join));
            }
            if let ast::TableRefKind::Named {
                name,
                system_time: Some(period),
                ..
            } = &join.right.kind
            {
                self.temporal_join(join, name, period)?;
            }
            if let Some(frame) = self.frames.last_mut() {
                // A regular join materializes time attributes; interval and temporal joins keep
                // them, but telling them apart is not modelled: none counts (never a false error).
                let since = frame.rowtimes_cleared.min(frame.relations.len());
                frame.relations[since..]
                    .iter_mut()
                    .for_each(|r| r.rowtimes = Rc::default());
                frame.rowtimes_cleared = frame.relations.len();
                let n = frame.relations.len();
                let (left, right) = frame.relations.split_at_mut(n.saturating_sub(1));
                if matches!(join.kind, ast::JoinKind::Left | ast::JoinKind::Full) {
                    right.iter_mut().for_each(Relation::make_nullable);
                }
                if matches!(join.kind, ast::JoinKind::Right | ast::JoinKind::Full) {
                    left.iter_mut().for_each(Relation::make_nullable);
                }
            }
            if let Some(ast::JoinCondition::On { expr }) = &join.condition {
                self.typed_expr(expr)?;
                self.type_expr(expr)?;
                self.interval_join(join, expr)?;
            }
        }
        Ok(())
    }

    /// A planned event-time temporal join against a catalog table (a view's versioning is
    /// not followed): [`time::check_temporal_join`].
    fn temporal_join(
        &self,
        join: &ast::Join,
        name: &ast::ObjectName,
        period: &ast::Expr,
    ) -> Res<()> {
        if !self.planned {
            return Ok(());
        }
        let Some(versioned) = self.table(name) else {
            return Ok(());
        };
        let ExprKind::Identifier(time) = &period.kind else {
            return Ok(());
        };
        let scope = FrameScope {
            frames: &self.frames,
        };
        let probe = scope.exact_column(time).cloned();
        // FOR SYSTEM_TIME AS OF a processing time is a lookup join: the versioned table's
        // connector must look rows up (Flink plans a processing-time temporal join otherwise,
        // which it does not support).
        if probe
            .as_ref()
            .is_some_and(|t| t.timestamp_kind() == flinkddl_types::TimestampKind::Proctime)
        {
            let lookup = self
                .binder
                .source_check
                .and_then(|c| c.lookup_source(&versioned));
            if lookup == Some(false) {
                return fail(
                    Diagnostic::new(
                        Code::ProctimeTemporalJoin,
                        period.span,
                        "Processing-time temporal join is not supported yet.",
                    )
                    .with_label(join.right.span, "its connector cannot look rows up")
                    .with_help(
                        "join by processing time against a lookup source (jdbc, hbase, ...), or join by event time: FOR SYSTEM_TIME AS OF the rowtime, against a versioned table (a primary key and a watermark)",
                    ),
                );
            }
        }
        let alias = join
            .right
            .alias
            .as_ref()
            .map(|a| a.name.value.to_owned())
            .or_else(|| name.parts.last().map(|p| p.value.to_owned()))
            .unwrap_or_default();
        time::check_temporal_join(join, probe.as_ref(), &versioned, &alias, period.span)
    }

    /// A planned join of two FROM items on rowtime bounds: [`time::check_interval_join`]. Only
    /// the first join of a FROM clause is judged (after it, the planner's rowtimes are not
    /// followed).
    fn interval_join(&self, join: &ast::Join, condition: &ast::Expr) -> Res<()> {
        let Some(frame) = self.frames.last() else {
            return Ok(());
        };
        let temporal = matches!(
            &join.right.kind,
            ast::TableRefKind::Named {
                system_time: Some(_),
                ..
            }
        );
        if !self.planned || temporal || frame.relations.len() != 2 {
            return Ok(());
        }
        let side = |name: &ast::ObjectName| -> Option<(bool, DataType)> {
            let [table, column] = name.parts.as_slice() else {
                return None;
            };
            let i = frame.relations.iter().position(|r| named(r, table.value))?;
            Some((i == 0, frame.relations[i].type_of(column.value)?.clone()))
        };
        time::check_interval_join(condition, &side)
    }

    /// Calcite's error for `a JOIN b` without ON, USING or NATURAL, on the JOIN keyword.
    fn join_without_condition(&self, join: &ast::Join) -> Diagnostic {
        let start = join.span.start;
        let words = self
            .binder
            .source
            .get(start as usize..join.right.span.start as usize)
            .unwrap_or("");
        // Calcite points at the JOIN keyword itself (not LEFT, RIGHT or FULL before it).
        let keyword = match words.to_ascii_uppercase().rfind("JOIN") {
            Some(i) => {
                let at = start + i as u32;
                flinkddl_diagnostics::Span::new(at, at + 4)
            }
            None => flinkddl_diagnostics::Span::new(start, join.right.span.start.max(start)),
        };
        let kind = match join.kind {
            ast::JoinKind::Left => "LEFT JOIN",
            ast::JoinKind::Right => "RIGHT JOIN",
            ast::JoinKind::Full => "FULL JOIN",
            _ => "JOIN",
        };
        Diagnostic::new(
            Code::JoinWithoutCondition,
            keyword,
            "INNER, LEFT, RIGHT or FULL join requires a condition (NATURAL keyword or ON or USING clause)",
        )
        .with_label(join.right.span, "joined without a condition")
        .with_help(format!(
            "add the condition (`{kind} ... ON a.id = b.id`), or write CROSS JOIN for every pair of rows (`ON TRUE` for a lateral table function)"
        ))
    }

    fn push_relation(&mut self, r: Relation) {
        if let Some(f) = self.frames.last_mut() {
            f.relations.push(r);
        }
    }

    fn table_ref(&mut self, t: &ast::TableRef) -> Res<()> {
        let alias_name = t.alias.as_ref().map(|a| Name::from(a.name.value));
        let alias_columns: Option<Vec<Name>> = t
            .alias
            .as_ref()
            .and_then(|a| a.columns.as_ref())
            .map(|l| l.columns.iter().map(|c| Name::from(c.value)).collect());
        let mut relation = match &t.kind {
            ast::TableRefKind::Named {
                name, system_time, ..
            } => {
                let mut r = self.relation_of(name);
                self.note_view_failure(name);
                if self.recording() {
                    self.note_relation_name(name, &r);
                    r.definition = name.parts.last().map_or(name.span, |p| p.span);
                }
                if let Some(e) = system_time {
                    // The period refers to the left side of the join.
                    self.expr(e)?;
                }
                if alias_name.is_some() {
                    r.name = alias_name.clone();
                }
                r
            }
            ast::TableRefKind::Derived { query, .. } => {
                // A derived table sees the enclosing blocks (LATERAL sees its left side too).
                let outputs_before = self.outputs_noted();
                let columns = self.query(query)?;
                let origin = columns.as_ref().and_then(|c| {
                    let outputs = self.query_outputs(outputs_before, c.len())?;
                    Some(Rc::new(record::Origin::Query { outputs, cte: None }))
                });
                Relation {
                    name: alias_name.clone(),
                    columns: columns.map(|c| Rc::new(Columns::new(c))),
                    types: Rc::new(std::mem::take(&mut self.last_types)),
                    rowtimes: Rc::new(std::mem::take(&mut self.last_rowtimes)),
                    origin,
                    definition: flinkddl_diagnostics::Span::default(),
                }
            }
            ast::TableRefKind::Function { call, .. } => self.table_function(call, &alias_name)?,
            ast::TableRefKind::Unnest { args, ordinality } => {
                let mut arg_types = Vec::with_capacity(args.len());
                for e in args {
                    self.typed_expr(e)?;
                    arg_types.push(self.type_expr(e)?);
                }
                let end = args
                    .last()
                    .and_then(|e| {
                        let rest = self.binder.source.get(e.span.end as usize..)?;
                        rest.find(')').map(|i| e.span.end + i as u32 + 1)
                    })
                    .unwrap_or(t.span.end);
                let span = flinkddl_diagnostics::Span::new(t.span.start, end.max(t.span.start));
                types::unnest(
                    &arg_types,
                    *ordinality,
                    alias_name.clone(),
                    alias_columns.as_deref(),
                    span,
                )?
            }
            ast::TableRefKind::Nested(inner) => {
                return self.from(inner);
            }
        };
        if let Some(mr) = &t.match_recognize {
            // The pattern's variables qualify its measures; its output is not modelled yet.
            match_recognize_names(mr, &relation)?;
            self.note_match_recognize(mr, &relation);
            if self.planned {
                time::check_pattern_offsets(mr)?;
                time::check_pattern_shape(mr)?;
                time::check_pattern_end(mr)?;
            }
            relation = match_recognize_output(mr, &relation, alias_name);
        }
        if let Some(a) = &t.alias {
            relation.definition = a.name.span;
        }
        if let Some(cols) = alias_columns {
            if let Some(known) = &relation.columns {
                if known.len() != cols.len() {
                    let list = t.alias.as_ref().and_then(|a| a.columns.as_ref());
                    let span = list
                        .and_then(|l| l.columns.first())
                        .map_or(t.span, |c| c.span);
                    let mut d = Diagnostic::new(
                        Code::ColumnAliasCount,
                        span,
                        format!(
                            "List of column aliases must have same degree as table; table has {} columns ({}), whereas alias list has {} columns",
                            known.len(),
                            known.iter().map(|c| format!("'{c}'")).collect::<Vec<_>>().join(", "),
                            cols.len()
                        ),
                    )
                    .with_help(format!("name {} in the alias list", plural(known.len(), "column")));
                    if let Some(l) = list {
                        d = d.with_label(l.span, plural(cols.len(), "alias"));
                    }
                    return fail(d);
                }
            }
            if relation.types.len() != cols.len() {
                relation.types = Rc::default();
            }
            if relation.rowtimes.len() != cols.len() {
                relation.rowtimes = Rc::default();
            }
            relation.columns = Some(Rc::new(Columns::new(cols)));
        }
        self.push_relation(relation);
        Ok(())
    }

    /// A named FROM item: a CTE in scope, or a catalog table or view.
    fn relation_of(&self, name: &ast::ObjectName) -> Relation {
        let short = name.parts.last().map(|p| Name::from(p.value));
        if let [single] = name.parts.as_slice() {
            if let Some(cte) = self.ctes.iter().rev().find(|c| c.name == single.value) {
                return Relation {
                    name: short,
                    columns: cte.columns.clone(),
                    types: cte.types.clone(),
                    rowtimes: cte.rowtimes.clone(),
                    origin: cte.origin.clone(),
                    definition: single.span,
                };
            }
        }
        if let Some(t) = self.looked_up_table(name) {
            if !t.complete {
                return Relation::unknown(short);
            }
            let shared = self.binder.table_columns(t);
            return Relation {
                name: short,
                columns: Some(shared.columns),
                types: shared.types,
                rowtimes: shared.rowtimes,
                origin: self.catalog_origin(name, None),
                definition: flinkddl_diagnostics::Span::default(),
            };
        }
        let Some(path) = self.binder.catalog.qualify_idents(&name.parts) else {
            return Relation::unknown(short);
        };
        match self.binder.catalog.lookup_ref(path) {
            Lookup::Found(CatalogObject::Table(t)) if t.complete => {
                let shared = self.binder.table_columns(t);
                Relation {
                    name: short,
                    columns: Some(shared.columns),
                    types: shared.types,
                    rowtimes: shared.rowtimes,
                    origin: self.catalog_origin(name, None),
                    definition: flinkddl_diagnostics::Span::default(),
                }
            }
            // A view's columns are not followed into its query, so none of them counts as a
            // rowtime.
            Lookup::Found(CatalogObject::View(v)) => match &v.columns {
                Some(cols) => Relation {
                    name: short,
                    columns: Some(Rc::new(Columns::new(
                        cols.iter().map(|(n, _)| Name::from(n.as_str())).collect(),
                    ))),
                    types: Rc::new(
                        cols.iter()
                            .map(|(_, t)| t.as_ref().map(query_type))
                            .collect(),
                    ),
                    rowtimes: Rc::default(),
                    origin: self.catalog_origin(name, Some((v.statement, v.script))),
                    definition: flinkddl_diagnostics::Span::default(),
                },
                None => Relation::unknown(short),
            },
            _ => {
                let mut unknown = Relation::unknown(short);
                unknown.origin = self.declared_origin(name);
                unknown
            }
        }
    }

    /// `catalog.database.name` of a name as the session qualifies it.
    fn qualified_name(&self, name: &ast::ObjectName) -> Option<String> {
        let (catalog, database, name) = self.binder.catalog.qualify_idents(&name.parts)?;
        Some(format!("{catalog}.{database}.{name}"))
    }

    /// The table `name` names, when it is one of the statement's uses and
    /// `check_tables_exist` found it a table: no second lookup (the catalog has not changed
    /// since; a use's path is its name qualified as here).
    fn looked_up_table(
        &self,
        name: &ast::ObjectName,
    ) -> Option<&std::sync::Arc<crate::schema::TableSchema>> {
        let looked = &self.binder.read_tables;
        // (A statement of very many uses looks its names up instead of scanning them.)
        if looked.is_empty() || looked.len() > 64 {
            return None;
        }
        let uses = &self.binder.uses;
        let statement_uses = uses.get(uses.len().checked_sub(looked.len())?..)?;
        let i = statement_uses.iter().position(|u| u.span == name.span)?;
        looked.get(i)?.as_ref()?.as_ref()
    }

    fn table(&self, name: &ast::ObjectName) -> Option<std::sync::Arc<crate::schema::TableSchema>> {
        if let Some(t) = self.looked_up_table(name) {
            return t.complete.then(|| std::sync::Arc::clone(t));
        }
        let path = self.binder.catalog.qualify_idents(&name.parts)?;
        match self.binder.catalog.lookup_ref(path) {
            Lookup::Found(CatalogObject::Table(t)) if t.complete => Some(std::sync::Arc::clone(t)),
            _ => None,
        }
    }

    /// `TABLE(f(...))`: a window TVF over a named table gives the table's columns and
    /// `window_start`, `window_end`, `window_time`, and its `DESCRIPTOR` must name one of them;
    /// any other function's columns are unknown.
    fn table_function(&mut self, call: &ast::Expr, alias: &Option<Name>) -> Res<Relation> {
        let unknown = Relation::unknown(alias.clone());
        let ExprKind::Call(c) = &call.kind else {
            return Ok(unknown);
        };
        let [fname] = c.name.parts.as_slice() else {
            return Ok(unknown);
        };
        let Some(window) = time::WindowFunction::from_name(fname.value) else {
            return Ok(unknown);
        };
        let args: Vec<&ast::Expr> = c
            .args
            .iter()
            .chain(c.named_args.iter().map(|(_, e)| e))
            .collect();
        let table = args.iter().find_map(|a| match &a.kind {
            ExprKind::TableArgument(t) => t.name.as_ref(),
            _ => None,
        });
        let Some(table) = table else {
            return Ok(unknown);
        };
        let input = self.relation_of(table);
        if self.recording() {
            self.note_relation_name(table, &input);
        }
        let Some(columns) = input.columns else {
            return Ok(unknown);
        };
        let origin = self.recording().then(|| {
            // The time column (`DESCRIPTOR(ts)`): what the window columns are computed from.
            let time = args.iter().find_map(|a| match &a.kind {
                ExprKind::Descriptor { columns: named } => match named.as_slice() {
                    [n] => columns.position(n.value).map(|i| (i, Name::from(n.value))),
                    _ => None,
                },
                _ => None,
            });
            Rc::new(record::Origin::Window {
                input: input.origin.clone(),
                width: columns.len(),
                function: c.name.span,
                time,
            })
        });
        for a in &args {
            if let ExprKind::Descriptor { columns: named } = &a.kind {
                for n in named {
                    self.note_descriptor_column(n, &input.origin, &columns, &input.types);
                    if !columns.iter().any(|c| *c == n.value) {
                        let mut d = Diagnostic::new(
                            Code::UnknownQueryColumn,
                            n.span,
                            format!("Unknown identifier '{}'", n.value),
                        );
                        if let Some(s) = similar_name(n.value, columns.iter().map(Name::as_str)) {
                            d = d
                                .with_help(format!("did you mean `{s}`?"))
                                .with_fix(flinkddl_syntax::rename_fix(n.span, s));
                        }
                        return fail(d);
                    }
                }
            }
        }
        let mut columns = Rc::unwrap_or_clone(columns).names;
        let mut types = Rc::unwrap_or_clone(input.types);
        types.resize(columns.len(), None);
        let mut rowtimes = Rc::unwrap_or_clone(input.rowtimes);
        rowtimes.resize(columns.len(), false);
        // The time column: its type decides window_time's.
        let mut time_type = None;
        let mut time_is_rowtime = false;
        for a in &args {
            if let ExprKind::Descriptor { columns: named } = &a.kind {
                if let [n] = named.as_slice() {
                    let i = columns.iter().position(|c| *c == n.value);
                    if let Some(t) = i.and_then(|i| types.get(i)).and_then(Option::as_ref) {
                        time::check_time_column(window, t, n.span, self.planned)?;
                        time_type = Some(t.clone());
                        time_is_rowtime = i.and_then(|i| rowtimes.get(i)) == Some(&true);
                    }
                }
            }
        }
        if self.planned && c.named_args.is_empty() {
            time::check_window_parameters(window, &c.args, self.grouped_from)?;
        }
        columns.extend(["window_start", "window_end", "window_time"].map(Name::from));
        types.extend(time::window_columns(time_type.as_ref()));
        rowtimes.extend([false, false, time_is_rowtime]);
        Ok(Relation {
            name: alias.clone(),
            columns: Some(Rc::new(Columns::new(columns))),
            types: Rc::new(types),
            rowtimes: Rc::new(rowtimes),
            origin,
            definition: flinkddl_diagnostics::Span::default(),
        })
    }

    // ---- expressions --------------------------------------------------------------------

    fn expr(&mut self, e: &ast::Expr) -> Res<()> {
        match self.expr_names(e, false)? {
            Some((call, span)) => {
                let unknown = self.unknown_function(call, span);
                self.or_defer(unknown)
            }
            None => Ok(()),
        }
    }

    /// [`Resolver::expr`] of an expression typed next ([`Resolver::type_expr`]): whether it
    /// is typeable is judged on the same walk.
    fn typed_expr(&mut self, e: &ast::Expr) -> Res<()> {
        match self.expr_names(e, true)? {
            Some((call, span)) => {
                let unknown = self.unknown_function(call, span);
                self.or_defer(unknown)
            }
            None => Ok(()),
        }
    }

    /// Resolves the names in `e`; returns its first call to a function no one defines, for
    /// the caller to judge when Calcite would (after the aggregate check, in HAVING). With
    /// `typed_next`, also judges whether `e` is typeable, for the caller's `type_expr`.
    fn expr_names<'e>(
        &mut self,
        e: &'e ast::Expr<'e>,
        typed_next: bool,
    ) -> Res<Option<(&'e ast::Call<'e>, flinkddl_diagnostics::Span)>> {
        self.error = None;
        let outer_calls = std::mem::take(&mut self.unknown_calls);
        let outer_typeable = std::mem::replace(
            &mut self.walk_typeable,
            typed_next.then(Typeability::default),
        );
        visit::walk_expr(self, e);
        let calls = std::mem::replace(&mut self.unknown_calls, outer_calls);
        let typeable = std::mem::replace(&mut self.walk_typeable, outer_typeable);
        if let Some(d) = self.error.take() {
            return Err(d);
        }
        if let Some(typeable) = typeable {
            self.walked = Some((expr_address(e), typeable.verdict()));
        }
        Ok(calls.first().and_then(|span| {
            let call = visit::find_expr(e, |c| {
                c.span == *span && matches!(c.kind, ExprKind::Call(_))
            })?;
            match &call.kind {
                ExprKind::Call(call) => Some((*call, *span)),
                _ => None,
            }
        }))
    }

    /// Whether `call` names a function that no one defines: not a built-in, not one the
    /// script creates, and no loaded module or catalog of the session may hold it.
    fn names_unknown_function(&self, call: &ast::Call) -> bool {
        self.names_unknown_function_of_kind(call, one_part_kind(call))
    }

    /// [`Resolver::names_unknown_function`], with [`one_part_kind`] of the call found already.
    fn names_unknown_function_of_kind(&self, call: &ast::Call, kind: Option<FunctionKind>) -> bool {
        let ([name], Some(kind)) = (call.name.parts.as_slice(), kind) else {
            return false;
        };
        let binder = self.binder;
        !crate::expr::is_builtin_of_kind(name.value, kind)
            && !binder.modules_loaded
            && !binder
                .user_functions
                .contains(name.value.to_ascii_uppercase().as_str())
            && binder
                .catalog
                .catalog(&binder.catalog.current_catalog)
                .is_some_and(|c| !c.opaque)
    }

    /// Calcite's "No match found for function signature F(<FAMILY>, ...)" for a call to a
    /// function no one defines. When the file may be one of several (external objects are
    /// assumed), the function may be registered elsewhere: only a name close to a built-in's
    /// is reported, as a warning.
    fn unknown_function(&mut self, call: &ast::Call, span: flinkddl_diagnostics::Span) -> Res<()> {
        let Some(name) = call.name.parts.first() else {
            return Ok(());
        };
        let mut families = Vec::with_capacity(call.args.len());
        for arg in &call.args {
            let family = match self.type_expr(arg)? {
                Some(t) => crate::expr::family_name(&t),
                None => "ANY".to_string(),
            };
            families.push(format!("<{family}>"));
        }
        let message = format!(
            "No match found for function signature {}({})",
            name.value,
            families.join(", ")
        );
        let similar = crate::expr::similar_builtin(name.value);
        let mut d = Diagnostic::new(Code::UnknownFunction, name.span, message)
            .with_label(span, "no built-in or created function has this name");
        d = match &similar {
            Some(s) => d.with_help(format!("did you mean {s}?")).with_unsafe_fix(
                name.span,
                s,
                format!("replace with {s}"),
            ),
            None => d.with_help(
                "create it first (CREATE FUNCTION ... AS 'class'), or load the module that has it",
            ),
        };
        if self.binder.options.assume_external_objects {
            if similar.is_some() {
                self.warnings
                    .push(d.with_severity(flinkddl_diagnostics::Severity::Warning));
            }
            return Ok(());
        }
        fail(d)
    }

    fn identifier(&self, name: &ast::ObjectName) -> Option<Diagnostic> {
        let first = name.parts.first()?;
        if name.parts.len() == 1 && !first.quoted && first.value.eq_ignore_ascii_case("PI") {
            return None;
        }
        // Innermost block first: a qualifier names a FROM item, else the first part is a column.
        let mut any_unknown = false;
        for frame in self.frames.iter().rev() {
            if name.parts.len() >= 2 {
                if let Some(r) = frame.relations.iter().find(|r| named(r, first.value)) {
                    let column = &name.parts[1];
                    let Some(cols) = &r.columns else {
                        return None;
                    };
                    if cols.contains(column.value) {
                        return None;
                    }
                    if cols.contains(first.value) {
                        // Also a column of that name: `r.f` may be a field access.
                        return None;
                    }
                    let mut message = format!(
                        "Column '{}' not found in table '{}'",
                        column.value, first.value
                    );
                    if let Some(s) = cols.iter().find(|c| c.eq_ignore_ascii_case(column.value)) {
                        message.push_str(&format!("; did you mean '{s}'?"));
                    }
                    let mut d = Diagnostic::new(Code::UnknownQueryColumn, column.span, message);
                    if let Some(s) = similar_name(column.value, cols.iter().map(Name::as_str)) {
                        d = d
                            .with_help(format!("did you mean `{s}`?"))
                            .with_fix(flinkddl_syntax::rename_fix(column.span, s));
                    }
                    return Some(d);
                }
            }
            let holds = |r: &&Relation| r.columns.as_ref().is_some_and(|c| c.contains(first.value));
            // Counted up to two (no list built on the path that finds one).
            let held = frame.relations.iter().filter(holds).take(2).count();
            any_unknown |= frame.relations.iter().any(|r| r.columns.is_none());
            match held {
                0 => {
                    if frame.aliases.iter().any(|a| same(a, first.value)) {
                        return None;
                    }
                    // Calcite peeks into ROW columns (Flink's rows are PEEK_FIELDS_NO_EXPAND):
                    // `f` names field `f` of a ROW column when no column is called `f`.
                    if frame
                        .relations
                        .iter()
                        .any(|r| peeked_field(&r.types, first.value).is_some())
                    {
                        return None;
                    }
                }
                1 => return None,
                _ => {
                    if frame.merged || any_unknown {
                        return None;
                    }
                    return Some(
                        Diagnostic::new(
                            Code::AmbiguousColumn,
                            first.span,
                            format!("Column '{}' is ambiguous", first.value),
                        )
                        .with_help(format!(
                            "qualify it with one of {}",
                            frame
                                .relations
                                .iter()
                                .filter(holds)
                                .filter_map(|r| r.name.as_deref())
                                .map(|n| format!("`{n}.{}`", first.value))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    );
                }
            }
            if any_unknown {
                return None;
            }
        }
        if any_unknown || self.frames.is_empty() {
            return None;
        }
        if name.parts.len() >= 2 {
            let mut d = Diagnostic::new(
                Code::UnknownQueryTable,
                first.span,
                format!("Table '{}' not found", first.value),
            );
            let names: Vec<&str> = self
                .frames
                .iter()
                .flat_map(|f| f.relations.iter().filter_map(|r| r.name.as_deref()))
                .collect();
            d = match similar_name(first.value, names.iter().copied()) {
                Some(s) => d
                    .with_help(format!("did you mean `{s}`?"))
                    .with_fix(flinkddl_syntax::rename_fix(first.span, s)),
                None if !names.is_empty() => {
                    d.with_help(format!("the FROM items here are {}", names.join(", ")))
                }
                None => d,
            };
            return Some(d);
        }
        let visible: Vec<&str> = self
            .frames
            .iter()
            .flat_map(|f| f.relations.iter())
            .filter_map(|r| r.columns.as_deref())
            .flatten()
            .map(Name::as_str)
            .collect();
        let mut message = format!("Column '{}' not found in any table", first.value);
        let case_only = visible.iter().find(|c| c.eq_ignore_ascii_case(first.value));
        if let Some(s) = case_only {
            message.push_str(&format!("; did you mean '{s}'?"));
        }
        let mut d = Diagnostic::new(Code::UnknownQueryColumn, first.span, message);
        let alias = self.frames.last().and_then(|f| {
            f.unnameable_aliases
                .iter()
                .find(|(a, _)| *a == first.value)
                .map(|(_, span)| *span)
        });
        if let (Some(alias), 1) = (alias, name.parts.len()) {
            return Some(
                d.with_label(alias, "a select-list alias")
                    .with_help(format!(
                        "GROUP BY and HAVING cannot name the select list's aliases: repeat the expression `{}` stands for",
                        first.value
                    )),
            );
        }
        if let Some(s) = case_only
            .copied()
            .or_else(|| similar_name(first.value, visible.iter().copied()))
        {
            d = d
                .with_help(format!("did you mean `{s}`?"))
                .with_fix(flinkddl_syntax::rename_fix(first.span, s));
        }
        Some(d)
    }
}

impl visit::Visitor<'_> for Resolver<'_, '_> {
    fn expr(&mut self, e: &ast::Expr) {
        if self.error.is_some() {
            return;
        }
        if self.recording() {
            match &e.kind {
                ExprKind::Identifier(name) => self.note_identifier(name),
                ExprKind::Call(call) => self.note_call(call),
                _ => {}
            }
        }
        // A one-part name the scope types (one holder, in the first block that has one) is
        // found by that one lookup: the names check has nothing to say of it, and it is
        // typeable (`Typeability::judge` would look it up again).
        if let ExprKind::Identifier(name) = &e.kind {
            if let [column] = name.parts.as_slice() {
                let scope = FrameScope {
                    frames: &self.frames,
                };
                if scope.column(column.value).is_some() {
                    return;
                }
            }
        }
        // A call's function, looked up once for both judgements.
        let kind = match &e.kind {
            ExprKind::Call(call) => one_part_kind(call),
            _ => None,
        };
        if let Some(typeable) = &mut self.walk_typeable {
            let scope = FrameScope {
                frames: &self.frames,
            };
            typeable.judge(&scope, e, kind);
        }
        match &e.kind {
            ExprKind::Identifier(name) => match self.identifier(name) {
                Some(d) if self.recording() => self.defer(d),
                d => self.error = d.map(Box::new),
            },
            ExprKind::Call(call) if self.names_unknown_function_of_kind(call, kind) => {
                self.unknown_calls.push(e.span);
            }
            ExprKind::InQuery { expr, query, .. } => {
                let left = match &expr.kind {
                    ExprKind::Row { items, .. } => items.len(),
                    _ => 1,
                };
                self.in_subqueries.push((query.span, left, e.span));
            }
            _ => {}
        }
    }

    fn subquery(&mut self, q: &ast::Query) {
        if self.error.is_some() {
            return;
        }
        // A subquery sees the blocks around it (correlation).
        match self.query(q) {
            Err(d) => self.error = Some(d),
            Ok(columns) => {
                let pending = self.in_subqueries.last().copied();
                let width = columns.as_ref().map(Vec::len);
                if let Some(names) = columns {
                    keep(&mut self.spares.names, names);
                }
                if let (Some(width), Some((query_span, left, whole))) = (width, pending) {
                    if query_span == q.span {
                        self.in_subqueries.pop();
                        if width != left {
                            self.error = Some(Box::new(
                                Diagnostic::new(
                                    Code::InOperandsIncompatible,
                                    whole,
                                    "Values passed to IN operator must have compatible types",
                                )
                                .with_label(
                                    q.span,
                                    format!("the subquery gives {}", plural(width, "column")),
                                )
                                .with_help(format!(
                                    "the left side is {}: select as many columns in the subquery",
                                    plural(left, "value")
                                )),
                            ));
                        }
                    }
                }
            }
        }
    }
}

/// A select list's names made unique as Calcite's validator makes them
/// (`SqlValidatorUtil.uniquify` with its expression suggester): a name met again gets the
/// first of `0`, `1`, ... that makes it new (`SELECT *` over a join of two tables that both
/// have `id` gives `id` and `id0`).
fn uniquify(names: &mut [Name]) {
    // Most lists have no repeat: a pairwise look for short ones, a set for long ones.
    let repeats = if names.len() <= 32 {
        names
            .iter()
            .enumerate()
            .any(|(i, n)| names[..i].iter().any(|m| m == n))
    } else {
        let mut seen = foldhash::HashSet::default();
        !names.iter().all(|n| seen.insert(n.clone()))
    };
    if !repeats {
        return;
    }
    let mut taken: foldhash::HashSet<Name> = foldhash::HashSet::default();
    // The next suffix to try for each name: the names taken only grow, so a suffix found taken
    // stays taken, and resuming there gives what trying from `0` each time gives, in linear
    // time (a list of 100,000 `a`s).
    let mut next: foldhash::HashMap<Name, usize> = foldhash::HashMap::default();
    for name in names.iter_mut() {
        if !taken.contains(name) {
            taken.insert(name.clone());
            continue;
        }
        let attempt = next.entry(name.clone()).or_insert(0);
        let unique = loop {
            let candidate = compact_str::format_compact!("{name}{attempt}");
            *attempt += 1;
            if !taken.contains(&candidate) {
                break candidate;
            }
        };
        taken.insert(unique.clone());
        *name = unique;
    }
}

/// Whether two names are the same. Most names compared while resolving differ in length or
/// in their first byte: those are told apart without a `memcmp` call.
#[inline]
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() || a.first() != b.first() {
        return false;
    }
    // Names are short: compared in place, without a `memcmp` call.
    if a.len() <= 16 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    a == b
}

/// Whether the FROM item is named `name`.
#[inline]
fn named(r: &Relation, name: &str) -> bool {
    r.name.as_deref().is_some_and(|n| same(n, name))
}

/// [`Resolver::typeable`]'s verdict, node by node of one walk.
#[derive(Debug, Clone, Copy)]
struct Typeability {
    ok: bool,
    repeats: bool,
}

impl Default for Typeability {
    fn default() -> Self {
        Typeability {
            ok: true,
            repeats: false,
        }
    }
}

impl Typeability {
    /// Judges one node of the walk (in the walk's order); `kind`: [`one_part_kind`] of the
    /// node when it is a call.
    fn judge(&mut self, scope: &FrameScope<'_>, e: &ast::Expr, kind: Option<FunctionKind>) {
        if !self.ok {
            return;
        }
        self.repeats = self.repeats || crate::expr::repeats_operand(e);
        self.ok = match &e.kind {
            ExprKind::Identifier(name) => scope.lookup(name).is_some(),
            ExprKind::Call(c) => {
                // A window call (`SUM(x) OVER w`, `ROW_NUMBER() OVER w`) is typed as its
                // function is, unless it windows another aggregate.
                (c.window.is_none() || !c.args.iter().any(calls_aggregate))
                    && c.within_group.is_empty()
                    && kind.is_some_and(|k| k != FunctionKind::Unknown)
            }
            ExprKind::Subquery(_)
            | ExprKind::Exists(_)
            | ExprKind::InQuery { .. }
            | ExprKind::Quantified { .. }
            | ExprKind::TableArgument(_)
            | ExprKind::Descriptor { .. }
            | ExprKind::QualifiedStar { .. }
            | ExprKind::MatchSemantics { .. }
            | ExprKind::JsonConstructor(_)
            | ExprKind::Error => false,
            _ => true,
        };
    }

    /// `None` when not typeable; else whether a node repeats an operand's text.
    fn verdict(self) -> Option<bool> {
        self.ok.then_some(self.repeats)
    }
}

/// What a call of a one-part name calls (`None` for a qualified name).
fn one_part_kind(call: &ast::Call) -> Option<FunctionKind> {
    match call.name.parts.as_slice() {
        [n] => Some(function_kind(n.value)),
        _ => None,
    }
}

/// An expression's address: which expression of the statement's tree it is.
fn expr_address(e: &ast::Expr) -> usize {
    std::ptr::from_ref(e) as usize
}

/// The binder's view of the query blocks in scope, innermost last: `t.c` by FROM item,
/// `c` by the one FROM item of the innermost block that has it.
struct FrameScope<'f> {
    frames: &'f [Frame],
}

impl FrameScope<'_> {
    /// The column `c` or `t.c` names, exactly: not a field of a ROW column (`r.f`).
    fn exact_column(&self, name: &ast::ObjectName) -> Option<&DataType> {
        match name.parts.as_slice() {
            [column] => self.column(column.value),
            [table, column] => self.qualified_column(table.value, column.value),
            _ => None,
        }
    }

    fn lookup(&self, name: &ast::ObjectName) -> Option<&DataType> {
        match name.parts.as_slice() {
            [] => None,
            [column] => self.column(column.value),
            [first, second, ..] => self
                .qualified_column(first.value, second.value)
                .or_else(|| self.column(first.value)),
        }
    }
}

impl Scope for FrameScope<'_> {
    fn column(&self, name: &str) -> Option<&DataType> {
        let key = name_key(name);
        for frame in self.frames.iter().rev() {
            // Each holder's position of the column, found once (not again for its type).
            let mut holders = frame.relations.iter().filter_map(|r| {
                let at = r.columns.as_ref()?.position_keyed(name, key)?;
                Some((r, at))
            });
            if let Some((r, at)) = holders.next() {
                if holders.next().is_some() {
                    return None;
                }
                return r.types.get(at)?.as_ref();
            }
            if frame.relations.iter().any(|r| r.columns.is_none()) {
                return None;
            }
            let mut peeked = frame
                .relations
                .iter()
                .filter_map(|r| peeked_field(&r.types, name));
            if let Some(field) = peeked.next() {
                // Two FROM items with such a field: left to Flink (typed as unknown).
                return if peeked.next().is_some() { None } else { field };
            }
        }
        None
    }

    fn names(&self) -> Vec<&str> {
        self.frames
            .iter()
            .rev()
            .flat_map(|f| f.relations.iter())
            .filter_map(|r| r.columns.as_deref())
            .flatten()
            .map(Name::as_str)
            .collect()
    }

    fn qualified_column(&self, table: &str, column: &str) -> Option<&DataType> {
        for frame in self.frames.iter().rev() {
            if let Some(r) = frame.relations.iter().find(|r| named(r, table)) {
                return r.type_of(column);
            }
        }
        None
    }
}

/// What an aggregating block groups by: the columns grouped by name, and the normalized text
/// of every grouping expression.
#[derive(Debug, Default)]
struct GroupKeys<'e> {
    /// By FROM item (index in the innermost block) and column name, borrowed from the query.
    columns: Vec<(usize, &'e str)>,
    texts: Vec<String>,
}

fn collect_grouping<'e>(g: &'e ast::GroupingElement<'e>, out: &mut Vec<&'e ast::Expr<'e>>) {
    match g {
        // `GROUPING SETS ((a, b), (c))`: a parenthesised set groups by each of its items.
        ast::GroupingElement::Expr { expr } => collect_grouped_items(expr, out),
        ast::GroupingElement::Empty { .. } => {}
        ast::GroupingElement::GroupingSets { items, .. } => {
            for i in items {
                collect_grouping(i, out);
            }
        }
        ast::GroupingElement::Rollup { items, .. } | ast::GroupingElement::Cube { items, .. } => {
            for e in items {
                // `ROLLUP ((a, b))`: the row's items are the grouped expressions.
                collect_grouped_items(e, out);
            }
        }
    }
}

/// The field `name` of one of the ROW columns `types` (depth first, as Calcite peeks into
/// nested rows), for an unqualified name that no column has: `Some(None)` when it exists but
/// its type is not the declared one (a NOT NULL field of a nullable row reads as nullable).
fn peeked_field<'t>(types: &'t [Option<DataType>], name: &str) -> Option<Option<&'t DataType>> {
    fn find<'t>(t: &'t DataType, name: &str, depth: u32) -> Option<Option<&'t DataType>> {
        let flinkddl_types::LogicalType::Row { fields } = &t.logical else {
            return None;
        };
        if depth > 8 {
            return None;
        }
        let typed = |f: &'t DataType| (f.nullable || !t.nullable).then_some(f);
        fields
            .iter()
            .find(|f| f.name == name)
            .map(|f| typed(&f.data_type))
            .or_else(|| {
                fields
                    .iter()
                    .find_map(|f| find(&f.data_type, name, depth + 1))
                    .map(|found| found.and_then(typed))
            })
    }
    types.iter().flatten().find_map(|t| find(t, name, 0))
}

/// Whether a SELECT groups by both `window_start` and `window_end`: a window aggregate of the
/// window TVF it reads (grouped otherwise, it is a regular aggregate).
fn window_grouped(select: &ast::Select) -> bool {
    let Some(group_by) = &select.group_by else {
        return false;
    };
    let mut keys = Vec::new();
    for g in &group_by.items {
        collect_grouping(g, &mut keys);
    }
    let has = |name: &str| {
        keys.iter().any(|e| match &e.kind {
            ExprKind::Identifier(n) => n.parts.last().is_some_and(|p| p.value == name),
            _ => false,
        })
    };
    has("window_start") && has("window_end")
}

/// A grouping item's expressions: the items of a parenthesised list `(a, b)` (an implicit
/// row), the inside of `(a)`, or the expression itself.
fn collect_grouped_items<'e>(e: &'e ast::Expr<'e>, out: &mut Vec<&'e ast::Expr<'e>>) {
    match &e.kind {
        ExprKind::Row {
            explicit: false,
            items,
        } => out.extend(items.iter()),
        ExprKind::Nested(inner) => collect_grouped_items(inner, out),
        _ => out.push(e),
    }
}

/// An expression's text without white space, lower-cased: grouped expressions compare by it.
fn normalized(source: &str, span: flinkddl_diagnostics::Span) -> String {
    let text = source.get(span.range()).unwrap_or("");
    if text.is_ascii() {
        // Byte by byte: ASCII's white space and lower case are `char`'s there.
        let mut out = String::with_capacity(text.len());
        out.extend(
            text.bytes()
                .filter(|b| !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' '))
                .map(|b| char::from(b.to_ascii_lowercase())),
        );
        return out;
    }
    normalized_chars(source, span).collect()
}

/// Whether [`normalized`] of the span is `key`, without building it (every node of a grouped
/// select's expressions is compared with every key). Byte by byte while the text is ASCII
/// (white space as `char::is_whitespace` has it there); from a non-ASCII byte on, by chars.
fn normalized_is(source: &str, span: flinkddl_diagnostics::Span, key: &str) -> bool {
    let text = source.get(span.range()).unwrap_or("");
    let key_bytes = key.as_bytes();
    let mut matched = 0;
    for &byte in text.as_bytes() {
        if !byte.is_ascii() {
            return normalized_chars(source, span).eq(key.chars());
        }
        if matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ') {
            continue;
        }
        if key_bytes.get(matched) != Some(&byte.to_ascii_lowercase()) {
            return false;
        }
        matched += 1;
    }
    matched == key_bytes.len()
}

fn normalized_chars(
    source: &str,
    span: flinkddl_diagnostics::Span,
) -> impl Iterator<Item = char> + '_ {
    source
        .get(span.range())
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
}

/// The first call of a built-in aggregate in `e` that is not a window aggregate, outside
/// subqueries.
fn first_aggregate(e: &ast::Expr) -> Option<flinkddl_diagnostics::Span> {
    struct Find(Option<flinkddl_diagnostics::Span>);
    impl visit::Visitor<'_> for Find {
        fn expr(&mut self, e: &ast::Expr) {
            if self.0.is_some() {
                return;
            }
            if let ExprKind::Call(c) = &e.kind {
                if let [n] = c.name.parts.as_slice() {
                    if c.window.is_none() && function_kind(n.value) == FunctionKind::Aggregate {
                        self.0 = Some(e.span);
                    }
                }
            }
        }
    }
    let mut f = Find(None);
    visit::walk_expr(&mut f, e);
    f.0
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The closest name, if it is close enough to be a typo, for help texts.
fn similar_name<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    flinkddl_diagnostics::suggest::closest(name, candidates)
}

/// The name Calcite gives a set operator in its messages (`UNION ALL`, `EXCEPT`).
fn set_operator_name(operand: &ast::SetOperand) -> &'static str {
    let all = operand.quantifier == Some(ast::SetQuantifier::All);
    match (operand.op, all) {
        (ast::SetOperator::Union, false) => "UNION",
        (ast::SetOperator::Union, true) => "UNION ALL",
        (ast::SetOperator::Intersect, false) => "INTERSECT",
        (ast::SetOperator::Intersect, true) => "INTERSECT ALL",
        (ast::SetOperator::Except, false) => "EXCEPT",
        (ast::SetOperator::Except, true) => "EXCEPT ALL",
    }
}

/// The select item of column `index` of a set operation's first branch, where Calcite
/// points its type mismatch.
fn first_branch_item(first: &ast::SetExpr, index: usize) -> Option<flinkddl_diagnostics::Span> {
    match &first.kind {
        ast::SetExprKind::Select(select) => match select.items.get(index)? {
            ast::QueryItem::Expr { expr, .. } => Some(expr.span),
            ast::QueryItem::Wildcard { .. } => None,
        },
        ast::SetExprKind::SetOperation { first, .. } => first_branch_item(first, index),
        _ => None,
    }
}

/// A bare `NULL` (parenthesized or not), which has no type of its own.
fn bare_null(e: &ast::Expr) -> Option<flinkddl_diagnostics::Span> {
    match &e.kind {
        ExprKind::Literal(ast::Literal::Null) => Some(e.span),
        ExprKind::Nested(inner) => bare_null(inner),
        _ => None,
    }
}

fn illegal_null(span: flinkddl_diagnostics::Span) -> Diagnostic {
    Diagnostic::new(Code::IllegalNull, span, "Illegal use of 'NULL'")
        .with_help("give the NULL a type: CAST(NULL AS INT)")
}

/// The values of one VALUES row (a single value is a row of one).
fn row_items<'a>(row: &'a ast::Expr<'a>) -> Vec<&'a ast::Expr<'a>> {
    match &row.kind {
        ExprKind::Row { items, .. } => items.iter().collect(),
        _ => vec![row],
    }
}

/// What `ONE ROW PER MATCH` gives: the partition columns, then the measures. A measure is
/// typed when it is a column through a pattern variable (`A.price`), FIRST or LAST of one
/// (their column's type, a rowtime included) or COUNT of one (`BIGINT NOT NULL`); `ALL ROWS
/// PER MATCH` and other measures are not modelled.
fn match_recognize_output(
    mr: &ast::MatchRecognize,
    input: &Relation,
    name: Option<Name>,
) -> Relation {
    if mr.all_rows == Some(true) || input.columns.is_none() {
        return Relation::unknown(name);
    }
    let column_of = |e: &ast::Expr| -> Option<Name> {
        match &e.kind {
            ExprKind::Identifier(n) => match n.parts.as_slice() {
                [c] | [_, c] => Some(Name::from(c.value)),
                _ => None,
            },
            _ => None,
        }
    };
    let mut columns = Vec::with_capacity(mr.partition_by.len() + mr.measures.len());
    let mut types = Vec::with_capacity(columns.capacity());
    for p in &mr.partition_by {
        let Some(c) = column_of(p) else {
            return Relation::unknown(name);
        };
        types.push(input.type_of(&c).cloned());
        columns.push(c);
    }
    for m in &mr.measures {
        let ty = match &m.expr.kind {
            ExprKind::Identifier(_) => column_of(&m.expr).and_then(|c| input.type_of(&c).cloned()),
            ExprKind::Call(c) => match (c.name.parts.as_slice(), c.args.first()) {
                ([f], Some(arg)) if c.window.is_none() => {
                    let upper = f.value.to_ascii_uppercase();
                    match upper.as_str() {
                        "FIRST" | "LAST" => column_of(arg).and_then(|c| input.type_of(&c).cloned()),
                        "COUNT" if column_of(arg).is_some() => Some(DataType::bigint().not_null()),
                        _ => None,
                    }
                }
                _ => None,
            },
            _ => None,
        };
        types.push(ty);
        columns.push(Name::from(m.name.value));
    }
    Relation {
        name,
        columns: Some(Rc::new(Columns::new(columns))),
        types: Rc::new(types),
        rowtimes: Rc::default(),
        origin: None,
        definition: flinkddl_diagnostics::Span::default(),
    }
}

/// MATCH_RECOGNIZE's MEASURES and DEFINE name columns through pattern variables (`A.price`):
/// the variable must be in the pattern (or a SUBSET), and the column in the input, as Calcite
/// resolves them ("Table 'Z' not found", "Column 'x' not found in table 'A'").
fn match_recognize_names(mr: &ast::MatchRecognize, input: &Relation) -> Res<()> {
    fn variables(p: &ast::Pattern, out: &mut Vec<String>, depth: u32) {
        if depth > 200 {
            return;
        }
        match &p.kind {
            ast::PatternKind::Variable { name } => out.push(name.value.to_owned()),
            ast::PatternKind::Sequence { items }
            | ast::PatternKind::Alternation { items }
            | ast::PatternKind::Permute { items } => {
                items.iter().for_each(|i| variables(i, out, depth + 1))
            }
            ast::PatternKind::Quantified { pattern, .. }
            | ast::PatternKind::Exclusion { pattern } => variables(pattern, out, depth + 1),
            ast::PatternKind::Group { pattern } => {
                if let Some(p) = pattern {
                    variables(p, out, depth + 1)
                }
            }
        }
    }
    let mut vars = Vec::new();
    variables(&mr.pattern, &mut vars, 0);
    vars.extend(mr.subsets.iter().map(|s| s.name.value.to_owned()));
    // A DEFINE of a variable the pattern does not use still names it in its condition
    // (oracle: `DEFINE C AS C.v > 2` with C outside the pattern is accepted).
    for d in &mr.define {
        if !vars.iter().any(|v| *v == d.name.value) {
            vars.push(d.name.value.to_owned());
        }
    }
    struct Names<'v> {
        vars: &'v [String],
        columns: Option<&'v [Name]>,
        error: Option<Box<Diagnostic>>,
    }
    impl visit::Visitor<'_> for Names<'_> {
        fn expr(&mut self, e: &ast::Expr) {
            if self.error.is_some() {
                return;
            }
            let ExprKind::Identifier(name) = &e.kind else {
                return;
            };
            let [var, column] = name.parts.as_slice() else {
                return;
            };
            if !self.vars.iter().any(|v| *v == var.value) {
                let mut d = Diagnostic::new(
                    Code::UnknownQueryTable,
                    var.span,
                    format!("Table '{}' not found", var.value),
                );
                d = d.with_help(format!(
                    "the pattern's variables are {}: qualify the column with one of them",
                    self.vars.join(", ")
                ));
                self.error = Some(Box::new(d));
            } else if let Some(cols) = self.columns {
                if !cols.iter().any(|c| *c == column.value) {
                    let mut d = Diagnostic::new(
                        Code::UnknownQueryColumn,
                        column.span,
                        format!(
                            "Column '{}' not found in table '{}'",
                            column.value, var.value
                        ),
                    );
                    if let Some(s) = similar_name(column.value, cols.iter().map(Name::as_str)) {
                        d = d
                            .with_help(format!("did you mean `{s}`?"))
                            .with_fix(flinkddl_syntax::rename_fix(column.span, s));
                    }
                    self.error = Some(Box::new(d));
                }
            }
        }
    }
    let mut names = Names {
        vars: &vars,
        columns: input.columns.as_deref().map(|c| &c.names[..]),
        error: None,
    };
    for m in mr.measures.iter().chain(&mr.define) {
        visit::walk_expr(&mut names, &m.expr);
        if let Some(d) = names.error.take() {
            return Err(d);
        }
    }
    Ok(())
}

/// Whether `e` calls an aggregate or a window function anywhere (outside subqueries).
fn calls_aggregate(e: &ast::Expr) -> bool {
    any_expr([e], |e| match &e.kind {
        ExprKind::Call(c) => {
            c.window.is_some()
                || matches!(
                    c.name.parts.as_slice(),
                    [n] if function_kind(n.value) == FunctionKind::Aggregate
                )
        }
        _ => false,
    })
}

/// Whether an expression under `roots` (outside subqueries) passes `test`.
pub(super) fn any_expr<'e>(
    roots: impl IntoIterator<Item = &'e ast::Expr<'e>>,
    test: impl Fn(&ast::Expr) -> bool,
) -> bool {
    struct Any<F> {
        test: F,
        found: bool,
    }
    impl<F: Fn(&ast::Expr) -> bool> visit::Visitor<'_> for Any<F> {
        fn expr(&mut self, e: &ast::Expr) {
            if !self.found && (self.test)(e) {
                self.found = true;
            }
        }
    }
    let mut any = Any { test, found: false };
    for e in roots {
        visit::walk_expr(&mut any, e);
        if any.found {
            break;
        }
    }
    any.found
}
