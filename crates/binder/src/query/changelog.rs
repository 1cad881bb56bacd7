//! What changes a query emits, as Flink's planner infers them (its changelog-mode inference),
//! for the two sink rules that follow from it:
//! - a sink that consumes only inserts (the filesystem and Kafka connectors with an
//!   insert-only format) rejects a query that updates ("Table sink 'x' doesn't support
//!   consuming update changes which is produced by node GroupAggregate(...)"), B135;
//! - a sink with a primary key rejects an updating query whose upsert key is not within that
//!   key ("The query has an upsert key that differs from the primary key of the sink table
//!   ..."), B136.
//!
//! The inference is read off the query's tree and answers `Unknown` wherever it is not sure
//! (views, joins of changelogs, ranks, set operations other than UNION ALL, a range condition
//! that may make a join an interval join, ...), so that it never gives a false error. Each
//! rule below was checked with the oracle (`plan_dml`).

use super::{any_expr, Resolver};
use crate::expr::{function_kind, FunctionKind};
use crate::session_catalog::{CatalogObject, Lookup};
use flinkddl_syntax::ast::{self, ExprKind};

/// The changes a query emits.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) enum Changes {
    /// Only inserts.
    InsertOnly,
    /// Updates, and deletes when `deletes`, first produced by `node` (Flink's node name and
    /// what identifies it). `upsert_key`: the output columns of a unique key; `Some(empty)`
    /// when the query has none, `None` when that is not known.
    Changelog {
        deletes: bool,
        node: String,
        upsert_key: Option<Vec<String>>,
    },
    /// Not known: nothing is checked.
    #[default]
    Unknown,
}

impl Changes {
    fn changelog(deletes: bool, node: String, upsert_key: Option<Vec<String>>) -> Changes {
        Changes::Changelog {
            deletes,
            node,
            upsert_key,
        }
    }

    /// Both inputs' changes, for a union or an inner join: inserts only when both are.
    fn combine(self, other: Changes) -> Changes {
        match (self, other) {
            (Changes::InsertOnly, Changes::InsertOnly) => Changes::InsertOnly,
            (Changes::Unknown, _) | (_, Changes::Unknown) => Changes::Unknown,
            (Changes::Changelog { deletes, node, .. }, other) => {
                let other_deletes = matches!(other, Changes::Changelog { deletes: true, .. });
                Changes::changelog(deletes || other_deletes, node, None)
            }
            (Changes::InsertOnly, Changes::Changelog { deletes, node, .. }) => {
                Changes::changelog(deletes, node, None)
            }
        }
    }
}

/// Deep enough for any real query; deeper nesting is not followed (`Unknown`).
const MAX_DEPTH: u32 = 64;

/// The changelog inference over one statement's query, with the CTEs in scope by name.
pub(super) struct Inference<'r, 'b, 'a> {
    resolver: &'r Resolver<'b, 'a>,
    ctes: ast::CteScope<super::Name, Changes>,
    depth: u32,
}

impl<'r, 'b, 'a> Inference<'r, 'b, 'a> {
    pub(super) fn new(resolver: &'r Resolver<'b, 'a>) -> Self {
        Inference {
            resolver,
            ctes: ast::CteScope::default(),
            depth: 0,
        }
    }

    pub(super) fn query(&mut self, q: &ast::Query) -> Changes {
        if self.depth >= MAX_DEPTH {
            return Changes::Unknown;
        }
        self.depth += 1;
        let ctes = self.ctes.enter(q.with.as_ref(), super::Name::from);
        for (index, cte) in q.with.iter().flat_map(|w| w.ctes.iter()).enumerate() {
            let changes = if cte.columns.is_some() {
                // Renamed columns: the upsert key's names are not followed.
                forget_key(self.query(cte.query))
            } else {
                self.query(cte.query)
            };
            self.ctes.define(ctes, index, changes);
        }
        let mut changes = self.set_expr(&q.body);
        if q.limit.is_some() && !q.order_by.is_empty() && changes == Changes::InsertOnly {
            // A streaming ORDER BY ... LIMIT retracts what leaves the top rows.
            changes = Changes::changelog(true, "SortLimit".to_string(), None);
        } else if q.limit.is_some() || q.offset.is_some() {
            changes = Changes::Unknown;
        }
        self.ctes.leave(ctes);
        self.depth -= 1;
        changes
    }

    fn set_expr(&mut self, s: &ast::SetExpr) -> Changes {
        match &s.kind {
            ast::SetExprKind::Select(select) => self.select(select),
            ast::SetExprKind::Values { .. } => Changes::InsertOnly,
            ast::SetExprKind::Nested(q) => self.query(q),
            ast::SetExprKind::Table { name } => self.named(name),
            ast::SetExprKind::SetOperation { first, rest } => {
                let mut changes = self.set_expr(first);
                for operand in rest {
                    let union_all = operand.op == ast::SetOperator::Union
                        && operand.quantifier == Some(ast::SetQuantifier::All);
                    if !union_all {
                        return Changes::Unknown;
                    }
                    changes = changes.combine(self.set_expr(&operand.operand));
                }
                changes
            }
        }
    }

    fn select(&mut self, select: &ast::Select) -> Changes {
        let input = match &select.from {
            Some(from) => self.from(from),
            None => Changes::InsertOnly,
        };
        if select.qualify.is_some() || has_ranking(select) {
            return Changes::Unknown;
        }
        if let Some(changes) = self.rowtime_first_row(select) {
            return changes;
        }
        let grouped = select.group_by.is_some() || select_has_aggregate(select);
        if input == Changes::Unknown && !grouped {
            return Changes::Unknown;
        }
        // A scalar subquery with an aggregate is planned as an outer join of its input.
        if select_has_scalar_aggregate(select) {
            return match input {
                Changes::InsertOnly => Changes::changelog(
                    true,
                    "Join(joinType=[LeftOuterJoin])".to_string(),
                    Some(Vec::new()),
                ),
                _ => Changes::Unknown,
            };
        }
        if grouped {
            return self.aggregate(select, input);
        }
        if select.quantifier == Some(ast::SetQuantifier::Distinct) {
            // DISTINCT is a grouping on every selected column: they are its key.
            let Some(names) = output_names(select) else {
                return Changes::Unknown;
            };
            return match input {
                Changes::InsertOnly => Changes::changelog(
                    false,
                    format!("GroupAggregate(groupBy=[{}])", names.join(", ")),
                    Some(names),
                ),
                _ => Changes::Unknown,
            };
        }
        match input {
            Changes::Changelog {
                deletes,
                node,
                upsert_key,
            } => Changes::changelog(deletes, node, project_key(select, upsert_key)),
            other => other,
        }
    }

    /// Before 2.1 a deduplication that keeps each key's first row by the rowtime
    /// (`SELECT .. FROM (SELECT .., ROW_NUMBER() OVER (PARTITION BY k ORDER BY rowtime) AS rn
    /// FROM t) WHERE rn = 1`, over a table that emits inserts only; the ranking itself makes the input unknown) emits updates and deletes;
    /// 2.1 plans it insert-only (oracle-checked). `None` where it is not that shape.
    fn rowtime_first_row(&self, select: &ast::Select) -> Option<Changes> {
        use flinkddl_diagnostics::Feature;
        let version = self.resolver.binder.options.flink_version;
        if version.has(Feature::RowtimeFirstRowInsertOnly) {
            return None;
        }
        let from = select.from.as_ref().filter(|f| f.joins.is_empty())?;
        let ast::TableRefKind::Derived { query, .. } = &from.first.kind else {
            return None;
        };
        let ast::SetExprKind::Select(inner) = &query.body.kind else {
            return None;
        };
        let inner_from = inner.from.as_ref().filter(|f| f.joins.is_empty())?;
        let ast::TableRefKind::Named { name, .. } = &inner_from.first.kind else {
            return None;
        };
        let binder = self.resolver.binder;
        let path = binder.catalog.qualify_idents(&name.parts)?;
        let Lookup::Found(CatalogObject::Table(table)) = binder.catalog.lookup_ref(path) else {
            return None;
        };
        if self.named(name) != Changes::InsertOnly {
            return None;
        }
        let rowtime = &table.watermarks.first()?.rowtime;
        // The ROW_NUMBER item: its alias, its partition keys; ordered by the rowtime, ascending.
        let (alias, keys) = inner.items.iter().find_map(|item| {
            let ast::QueryItem::Expr {
                expr,
                alias: Some(alias),
                ..
            } = item
            else {
                return None;
            };
            let (call, fname) = call_named(expr)?;
            let Some(ast::Over::Spec { spec }) = &call.window else {
                return None;
            };
            if !fname.eq_ignore_ascii_case("ROW_NUMBER") || spec.order_by.len() != 1 {
                return None;
            }
            let order = &spec.order_by[0];
            let ast::ExprKind::Identifier(o) = &order.expr.kind else {
                return None;
            };
            if order.descending || o.parts.last().is_none_or(|p| p.value != rowtime.as_str()) {
                return None;
            }
            let keys: Option<Vec<String>> = spec
                .partition_by
                .iter()
                .map(|k| match &k.kind {
                    ast::ExprKind::Identifier(n) => n.parts.last().map(|p| p.value.to_string()),
                    _ => None,
                })
                .collect();
            Some((alias.value, keys?))
        })?;
        // The outer filter keeps the first row only: `rn = 1`, `rn <= 1` or `rn < 2`.
        let ast::ExprKind::Binary { op, left, right } = &select.where_clause.as_ref()?.kind else {
            return None;
        };
        let ast::ExprKind::Identifier(n) = &left.kind else {
            return None;
        };
        if !matches!(right.kind, ast::ExprKind::Literal(_)) {
            return None;
        }
        let number = binder.source.get(right.span.range())?.trim();
        let first_only = matches!(
            (op, number),
            (ast::BinaryOp::Eq, "1") | (ast::BinaryOp::LtEq, "1") | (ast::BinaryOp::Lt, "2")
        );
        if !first_only || n.parts.as_slice().last().is_none_or(|p| p.value != alias) {
            return None;
        }
        Some(Changes::changelog(
            true,
            format!(
                "Deduplicate(keep=[FirstRow], key=[{}], order=[ROWTIME])",
                keys.join(", ")
            ),
            None,
        ))
    }

    /// A GROUP BY or a global aggregate.
    fn aggregate(&mut self, select: &ast::Select, input: Changes) -> Changes {
        let keys: Option<Vec<&ast::Expr>> = match &select.group_by {
            None => Some(Vec::new()),
            Some(g) => g
                .items
                .iter()
                .map(|item| match item {
                    ast::GroupingElement::Expr { expr } => Some(expr),
                    _ => None,
                })
                .collect(),
        };
        let Some(keys) = keys else {
            return Changes::Unknown;
        };
        match self.window_aggregate(select, &keys) {
            Some(true) => return input_if_insert_only(input),
            Some(false) => {}
            None => return Changes::Unknown,
        }
        if input != Changes::InsertOnly {
            // A grouping updates what it emitted whatever its input; its key is not followed.
            return Changes::changelog(false, "GroupAggregate".to_string(), None);
        }
        let key_names: Vec<String> = keys
            .iter()
            .map(|k| match &k.kind {
                ExprKind::Identifier(name) => name.parts.last().map(|p| p.value.to_owned()),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default();
        let node = if keys.is_empty() {
            "GroupAggregate".to_string()
        } else if key_names.len() == keys.len() {
            format!("GroupAggregate(groupBy=[{}])", key_names.join(", "))
        } else {
            "GroupAggregate".to_string()
        };
        if keys.is_empty() {
            // One row, updated: its key is not a column.
            return Changes::changelog(false, node, None);
        }
        // The upsert key is the grouping key, when every key column is selected as it is.
        let upsert_key = if key_names.len() == keys.len() {
            key_through(select, &key_names)
        } else {
            Some(Vec::new())
        };
        Changes::changelog(false, node, upsert_key)
    }

    /// `Some(true)` when the grouping is a window aggregation, which emits inserts only: a
    /// window TVF's `window_start` and `window_end` among the keys (a session window's other
    /// keys being its partition keys), or a group window function (`TUMBLE(ts, ...)`).
    /// `Some(false)` when it is a plain grouping, `None` when not sure.
    fn window_aggregate(&self, select: &ast::Select, keys: &[&ast::Expr]) -> Option<bool> {
        let group_window = keys.iter().any(|k| {
            matches!(&k.kind, ExprKind::Call(c) if matches!(
                c.name.parts.as_slice(),
                [n] if ["TUMBLE", "HOP", "SESSION"].iter().any(|w| n.value.eq_ignore_ascii_case(w))
            ))
        });
        if group_window {
            return Some(true);
        }
        fn key_name<'a>(k: &'a ast::Expr<'a>) -> Option<&'a str> {
            match &k.kind {
                ExprKind::Identifier(name) => name.parts.last().map(|p| p.value),
                _ => None,
            }
        }
        let names: Vec<Option<&str>> = keys.iter().map(|k| key_name(k)).collect();
        let mentions_window = names
            .iter()
            .flatten()
            .any(|n| matches!(*n, "window_start" | "window_end" | "window_time"));
        let Some(from) = &select.from else {
            return Some(false);
        };
        let tvf = match &from.first.kind {
            ast::TableRefKind::Function { call, .. } if from.joins.is_empty() => Some(call),
            _ => None,
        };
        let Some(tvf) = tvf else {
            return if mentions_window { None } else { Some(false) };
        };
        let ExprKind::Call(c) = &tvf.kind else {
            return None;
        };
        let [fname] = c.name.parts.as_slice() else {
            return None;
        };
        let window = super::time::WindowFunction::from_name(fname.value)?;
        let has = |w: &str| names.iter().flatten().any(|n| *n == w);
        if !(has("window_start") && has("window_end")) {
            return Some(false);
        }
        if window != super::time::WindowFunction::Session {
            return Some(true);
        }
        // A session window aggregates per partition: its other keys must be exactly those.
        let partition: Option<Vec<&str>> = c
            .args
            .iter()
            .find_map(|a| match &a.kind {
                ExprKind::TableArgument(t) => Some(&t.partition_by),
                _ => None,
            })
            .map(|p| p.iter().map(key_name).collect::<Option<Vec<_>>>())
            .unwrap_or(Some(Vec::new()));
        let partition = partition?;
        let mut others: Vec<&str> = names
            .iter()
            .flatten()
            .copied()
            .filter(|n| !matches!(*n, "window_start" | "window_end" | "window_time"))
            .collect();
        if names.iter().any(Option::is_none) {
            return None;
        }
        let mut partition = partition;
        others.sort_unstable();
        others.dedup();
        partition.sort_unstable();
        partition.dedup();
        Some(others == partition)
    }

    fn from(&mut self, from: &ast::FromClause) -> Changes {
        let mut changes = self.table_ref(&from.first);
        for (i, join) in from.joins.iter().enumerate() {
            let left_item = (i == 0).then_some(&from.first);
            changes = self.join(changes, left_item, join);
            if changes == Changes::Unknown {
                return changes;
            }
        }
        changes
    }

    /// `left_item`: the join's left input when it is one FROM item (the first join).
    fn join(
        &mut self,
        left: Changes,
        left_item: Option<&ast::TableRef>,
        join: &ast::Join,
    ) -> Changes {
        let temporal = matches!(
            &join.right.kind,
            ast::TableRefKind::Named {
                system_time: Some(_),
                ..
            }
        );
        let lateral = matches!(
            &join.right.kind,
            ast::TableRefKind::Unnest { .. } | ast::TableRefKind::Function { .. }
        );
        if temporal || lateral {
            // A temporal, lookup or lateral join emits what its probe side emits.
            return match join.kind {
                ast::JoinKind::Inner
                | ast::JoinKind::Left
                | ast::JoinKind::Comma
                | ast::JoinKind::Cross
                | ast::JoinKind::CrossApply
                | ast::JoinKind::OuterApply => input_if_insert_only(left),
                _ => Changes::Unknown,
            };
        }
        let right = self.table_ref(&join.right);
        match join.kind {
            ast::JoinKind::Inner | ast::JoinKind::Comma | ast::JoinKind::Cross => {
                match (left, right) {
                    (Changes::InsertOnly, Changes::InsertOnly) => Changes::InsertOnly,
                    _ => Changes::Unknown,
                }
            }
            ast::JoinKind::Left | ast::JoinKind::Right | ast::JoinKind::Full => {
                let condition = match &join.condition {
                    Some(ast::JoinCondition::On { expr }) => expr,
                    _ => return Changes::Unknown,
                };
                // A range condition may make it an interval join, which emits inserts only.
                if join.natural || has_range_comparison(condition) {
                    return Changes::Unknown;
                }
                if left != Changes::InsertOnly || right != Changes::InsertOnly {
                    return Changes::Unknown;
                }
                let kind = match join.kind {
                    ast::JoinKind::Left => "LeftOuterJoin",
                    ast::JoinKind::Right => "RightOuterJoin",
                    _ => "FullOuterJoin",
                };
                // Only unique keys on both sides could give the join one: a side that is a
                // table without a key leaves it none (its rows may match many).
                let keyless =
                    left_item.is_some_and(|t| self.keyless(t)) || self.keyless(&join.right);
                Changes::changelog(
                    true,
                    format!("Join(joinType=[{kind}])"),
                    keyless.then(Vec::new),
                )
            }
            _ => Changes::Unknown,
        }
    }

    /// A FROM item that is a table without a primary key.
    fn keyless(&self, t: &ast::TableRef) -> bool {
        match &t.kind {
            ast::TableRefKind::Named { name, .. } => self
                .resolver
                .table(name)
                .is_some_and(|t| t.primary_key.is_none()),
            _ => false,
        }
    }

    fn table_ref(&mut self, t: &ast::TableRef) -> Changes {
        let changes = match &t.kind {
            ast::TableRefKind::Named { name, .. } => self.named(name),
            ast::TableRefKind::Derived { query, .. } => self.query(query),
            ast::TableRefKind::Nested(from) => self.from(from),
            ast::TableRefKind::Function { call, .. } => self.table_function(call),
            ast::TableRefKind::Unnest { .. } => Changes::InsertOnly,
        };
        if t.match_recognize.is_some() {
            return input_if_insert_only(changes);
        }
        if t.alias.as_ref().is_some_and(|a| a.columns.is_some()) {
            return forget_key(changes);
        }
        changes
    }

    /// A window TVF emits what its table emits; other table functions are not followed.
    fn table_function(&mut self, call: &ast::Expr) -> Changes {
        let ExprKind::Call(c) = &call.kind else {
            return Changes::Unknown;
        };
        let [fname] = c.name.parts.as_slice() else {
            return Changes::Unknown;
        };
        if super::time::WindowFunction::from_name(fname.value).is_none() {
            return Changes::Unknown;
        }
        let table = c.args.iter().find_map(|a| match &a.kind {
            ExprKind::TableArgument(t) => Some(&**t),
            _ => None,
        });
        match table {
            Some(ast::TableArgument {
                name: Some(name), ..
            }) => input_if_insert_only(self.named(name)),
            Some(ast::TableArgument { query: Some(q), .. }) => input_if_insert_only(self.query(q)),
            _ => Changes::Unknown,
        }
    }

    /// A CTE in scope, or a table of the catalog (what its connector and format read).
    fn named(&self, name: &ast::ObjectName) -> Changes {
        match self.ctes.lookup(name) {
            ast::CteLookup::Defined(changes) => return changes.clone(),
            // `WITH RECURSIVE`: the CTE read while it is defined.
            ast::CteLookup::Recursive { .. } => return Changes::Unknown,
            ast::CteLookup::Later { .. } | ast::CteLookup::NotCte => {}
        }
        let binder = self.resolver.binder;
        let Some(path) = binder.catalog.qualify_idents(&name.parts) else {
            return Changes::Unknown;
        };
        let Lookup::Found(CatalogObject::Table(table)) = binder.catalog.lookup_ref(path) else {
            return Changes::Unknown;
        };
        match binder
            .source_check
            .and_then(|c| c.source_insert_only(table))
        {
            Some(true) => Changes::InsertOnly,
            Some(false) => Changes::changelog(
                true,
                format!(
                    "TableSourceScan(table=[[{}, {}, {}]])",
                    path.0, path.1, path.2
                ),
                table.primary_key.as_ref().map(|pk| pk.columns.clone()),
            ),
            None => Changes::Unknown,
        }
    }
}

fn input_if_insert_only(input: Changes) -> Changes {
    match input {
        Changes::InsertOnly => Changes::InsertOnly,
        _ => Changes::Unknown,
    }
}

fn forget_key(changes: Changes) -> Changes {
    match changes {
        Changes::Changelog { deletes, node, .. } => Changes::changelog(deletes, node, None),
        other => other,
    }
}

/// The select items that pass a column through, as (output name, input column name).
fn plain_outputs_of_items<'a>(select: &'a ast::Select<'a>) -> Vec<(&'a str, &'a str)> {
    select
        .items
        .iter()
        .filter_map(|item| match item {
            ast::QueryItem::Expr { expr, alias, .. } => match &expr.kind {
                ExprKind::Identifier(name) => {
                    let column = name.parts.last()?.value;
                    let out = alias.as_ref().map_or(column, |a| a.value);
                    Some((out, column))
                }
                _ => None,
            },
            ast::QueryItem::Wildcard { .. } => None,
        })
        .collect()
}

/// The names of the select list's columns, when each has one (an alias or a column).
fn output_names(select: &ast::Select) -> Option<Vec<String>> {
    select
        .items
        .iter()
        .map(|item| match item {
            ast::QueryItem::Expr { alias: Some(a), .. } => Some(a.value.to_owned()),
            ast::QueryItem::Expr { expr, .. } => match &expr.kind {
                ExprKind::Identifier(name) => name.parts.last().map(|p| p.value.to_owned()),
                _ => None,
            },
            ast::QueryItem::Wildcard { .. } => None,
        })
        .collect()
}

/// The input's upsert key through a projection: kept when every key column is selected.
fn project_key(select: &ast::Select, key: Option<Vec<String>>) -> Option<Vec<String>> {
    let key = key?;
    if select
        .items
        .iter()
        .any(|i| matches!(i, ast::QueryItem::Wildcard { .. }))
    {
        return None;
    }
    key_through(select, &key)
}

/// A key of the select's input as its output columns: each key column selected as it is.
/// A key column that is only used inside an expression (`CAST(k AS BIGINT)` may keep it
/// unique, `k + 1` does not) leaves the key unknown; one not selected at all leaves the
/// output without a key (`Some(empty)`).
fn key_through(select: &ast::Select, key: &[String]) -> Option<Vec<String>> {
    let outputs = plain_outputs_of_items(select);
    let mut mapped = Vec::with_capacity(key.len());
    for k in key {
        match outputs.iter().find(|(_, input)| *input == k.as_str()) {
            Some((out, _)) => mapped.push((*out).to_owned()),
            None if mentions_column(select, k) => return None,
            None => return Some(Vec::new()),
        }
    }
    Some(mapped)
}

/// Whether a select item's expression names column `column`.
fn mentions_column(select: &ast::Select, column: &str) -> bool {
    any_expr(item_exprs(select), |e| match &e.kind {
        ExprKind::Identifier(name) => name.parts.last().is_some_and(|p| p.value == column),
        _ => false,
    })
}

/// The select list's expressions.
fn item_exprs<'a>(select: &'a ast::Select<'a>) -> impl Iterator<Item = &'a ast::Expr<'a>> {
    select.items.iter().filter_map(|item| match item {
        ast::QueryItem::Expr { expr, .. } => Some(expr),
        ast::QueryItem::Wildcard { .. } => None,
    })
}

/// A call of a function by a one-part name, with that name.
fn call_named<'a>(e: &'a ast::Expr<'a>) -> Option<(&'a ast::Call<'a>, &'a str)> {
    match &e.kind {
        ExprKind::Call(c) => match c.name.parts.as_slice() {
            [n] => Some((&**c, n.value)),
            _ => None,
        },
        _ => None,
    }
}

/// An aggregate call (not a window aggregate) in the select list or HAVING.
fn select_has_aggregate(select: &ast::Select) -> bool {
    any_expr(item_exprs(select).chain(select.having.iter()), |e| {
        call_named(e).is_some_and(|(c, name)| {
            c.window.is_none() && function_kind(name) == FunctionKind::Aggregate
        })
    })
}

/// A window ranking function (`ROW_NUMBER() OVER ...`): a Top-N or a deduplication, which
/// are not followed.
fn has_ranking(select: &ast::Select) -> bool {
    any_expr(item_exprs(select), |e| {
        call_named(e).is_some_and(|(c, name)| {
            c.window.is_some()
                && ["ROW_NUMBER", "RANK", "DENSE_RANK"]
                    .iter()
                    .any(|r| name.eq_ignore_ascii_case(r))
        })
    })
}

/// A select item that holds a scalar subquery with an aggregate.
fn select_has_scalar_aggregate(select: &ast::Select) -> bool {
    any_expr(item_exprs(select), |e| match &e.kind {
        ExprKind::Subquery(q) => matches!(
            &q.body.kind,
            ast::SetExprKind::Select(s) if s.group_by.is_none() && select_has_aggregate(s)
        ),
        _ => false,
    })
}

/// A `<`, `<=`, `>`, `>=` or BETWEEN anywhere in a join condition.
fn has_range_comparison(e: &ast::Expr) -> bool {
    any_expr([e], |e| match &e.kind {
        ExprKind::Between { .. } => true,
        ExprKind::Binary { op, .. } => matches!(
            op,
            ast::BinaryOp::Lt | ast::BinaryOp::LtEq | ast::BinaryOp::Gt | ast::BinaryOp::GtEq
        ),
        _ => false,
    })
}
