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
//!
//! Here: the resolver's state, its entry point and the statements and query bodies it walks.
//! Each concern has its module: [`scope`] (what a FROM item gives, names looked up in the
//! blocks), [`from`] (FROM items and joins; [`match_recognize`]), [`select`] (a block in
//! validation order, the projection and `*`, ORDER BY), [`grouping`] (GROUP BY and aggregates),
//! [`set_operations`] (VALUES and UNION, ...), [`insert`] (INSERT targets), [`names`] (names
//! and calls in expressions), [`typing`] (their types), [`spares`] (lists reused).

use crate::Binder;

mod changelog;
mod from;
mod grouping;
mod insert;
mod match_recognize;
mod names;
mod record;
mod scope;
mod select;
mod set_operations;
mod sink;
mod spares;
mod time;
mod types;
mod typing;
mod versioned;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, visit, StatementKind};
use flinkddl_types::DataType;
pub(crate) use scope::TableColumns;
use scope::{named, Columns, Cte, Frame, Relation};
use spares::keep;
pub(crate) use spares::Spares;
use std::rc::Rc;
use typing::Typeability;

/// A name a query resolves (a column, an alias, a FROM item's): inline when short, as most
/// are, so that building a scope allocates none of them.
pub(crate) type Name = compact_str::CompactString;

/// The first error found; boxed, as a diagnostic is large and errors are rare.
type Res<T> = Result<T, Box<Diagnostic>>;

fn fail<T>(d: Diagnostic) -> Res<T> {
    Err(Box::new(d))
}

struct Resolver<'r, 'a> {
    binder: &'r Binder<'a>,
    /// What each of the statement's uses names (`Binder::check_tables_exist`'s result).
    read: &'r [crate::uses::ReadTable],
    frames: Vec<Frame>,
    /// CTEs in scope, innermost last, by name: their columns and their types (WITH's one
    /// scoping, which the uses follow too).
    ctes: ast::CteScope<Name, Cte>,
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

/// What [`Binder::check_query`] found that the statement's own step needs (all `None` for a
/// statement without a query).
#[derive(Default)]
pub(crate) struct Resolved {
    /// The columns of a CTAS query, when every name and type is known.
    pub query_output: Option<Vec<(String, DataType)>>,
    /// The columns of a view's query, when every name is known.
    pub view_columns: Option<Vec<(String, Option<DataType>)>>,
    /// What the planner of the script's Flink version rejects in a view's query, reported
    /// where a planned statement reads the view.
    pub view_planner_error: Option<Box<Diagnostic>>,
}

impl Binder<'_> {
    /// Resolves the names of the statement's queries, whose uses name what `read` says;
    /// reports the first error and returns `Err` (the statement then fails as a whole, as in
    /// Flink).
    pub(crate) fn check_query(
        &mut self,
        statement: &ast::Statement,
        read: &crate::uses::ReadTables,
    ) -> Result<Resolved, ()> {
        // A statement without a query (most DDL) resolves nothing: no resolver is set up.
        if crate::uses::validated_query(&statement.kind).is_none() {
            return Ok(Resolved::default());
        }
        let model = self.results.model.take();
        let mut spares = std::mem::take(&mut self.caches.query_spares);
        let frames = std::mem::take(&mut spares.stack);
        let result = {
            let mut r = Resolver {
                binder: self,
                read: read.as_slice(),
                frames,
                ctes: ast::CteScope::default(),
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
        let (result, query_output, (view_columns, view_planner_error), warnings, model, spares) =
            result;
        self.caches.query_spares = spares;
        for w in warnings {
            self.report(w);
        }
        self.results.model = model;
        match result {
            Ok(()) => Ok(Resolved {
                query_output,
                view_columns,
                view_planner_error,
            }),
            Err(d) => {
                self.report(*d);
                Err(())
            }
        }
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

    /// Resolves a query; returns its output column names when they are known.
    fn query(&mut self, q: &ast::Query) -> Res<Option<Vec<Name>>> {
        let ctes = self.ctes.enter(q.with.as_ref(), Name::from);
        self.depth += 1;
        let result = self.query_inner(q, ctes);
        self.depth -= 1;
        self.ctes.leave(ctes);
        result
    }

    /// [`Resolver::query`] of a query whose CTEs start at `ctes` in the scope.
    fn query_inner(&mut self, q: &ast::Query, ctes: ast::CteMark) -> Res<Option<Vec<Name>>> {
        if let Some(with) = &q.with {
            for (index, cte) in with.ctes.iter().enumerate() {
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
                self.ctes.define(
                    ctes,
                    index,
                    Cte {
                        columns: columns.map(|c| Rc::new(Columns::new(c))),
                        types: Rc::new(types),
                        rowtimes: Rc::new(rowtimes),
                        origin,
                    },
                );
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
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
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
