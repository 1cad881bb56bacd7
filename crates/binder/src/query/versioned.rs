//! The planner's rules that hold in some Flink versions only (`data/versions.txt` of the
//! diagnostics crate, stage `plan`): each asks `FlinkVersion::has` for its fact and is checked
//! only in a statement that is planned.

use super::{Name, Res, Resolver};
use crate::session_catalog::{CatalogObject, Lookup};
use flinkddl_diagnostics::{Code, Diagnostic, Feature};
use flinkddl_syntax::ast::{self, visit};

impl Resolver<'_, '_> {
    /// The planner's version-dependent rules on a SELECT just validated: in a planned
    /// statement the first one broken is the statement's error; in a view it is kept for the
    /// statements that plan the view (`planner_pending`).
    pub(super) fn check_versioned_planner(
        &mut self,
        select: &ast::Select,
        result: &mut Res<Option<Vec<Name>>>,
    ) {
        let mut found = self.check_join_hints(select).err();
        if !self.planned && found.is_none() {
            found = self.correlated_scalar_subquery(select);
        }
        let Some(d) = found else {
            return;
        };
        if self.planned {
            *result = Err(d);
        } else if self.planner_pending.is_none() {
            self.planner_pending = Some(d);
        }
    }

    /// Before 2.0 a view whose select list has a correlated scalar subquery cannot be
    /// planned: its correlation variable is lost when the view is expanded into the query
    /// that reads it ("correlation variable is not found: $cor1"; oracle-checked, a view
    /// only). Only a subquery that names a FROM item of the view's SELECT by its qualifier
    /// counts (an unqualified outer name is not told apart from its own columns).
    fn correlated_scalar_subquery(&self, select: &ast::Select) -> Option<Box<Diagnostic>> {
        let version = self.binder.options.flink_version;
        if version.has(Feature::ViewCorrelatedScalarSubquery) {
            return None;
        }
        let outer: Vec<&str> = self
            .frames
            .last()
            .map(|f| {
                f.relations
                    .iter()
                    .filter_map(|r| r.name.as_deref())
                    .collect()
            })
            .unwrap_or_default();
        if outer.is_empty() {
            return None;
        }
        for item in &select.items {
            let ast::QueryItem::Expr { expr, .. } = item else {
                continue;
            };
            let mut find = ScalarSubqueries::default();
            visit::walk_expr(&mut find, expr);
            for (span, q) in find.found {
                if correlated(q, &outer) {
                    return Some(Box::new(
                        Diagnostic::new(
                            Code::NeedsNewerFlink,
                            span,
                            "correlation variable is not found",
                        )
                        .with_help(format!(
                            "the script is checked as Flink {version}, where {}: join the subquery's table instead",
                            Feature::ViewCorrelatedScalarSubquery.info().missing_in(version)
                        )),
                    ));
                }
            }
        }
        None
    }

    /// A planned statement (or a view) that reads a view its version's planner rejects fails
    /// with the view's error, once validated. (The facts a view can carry are listed: a
    /// version that has them all looks no view up.)
    pub(super) fn note_view_failure(&mut self, name: &ast::ObjectName) {
        let version = self.binder.options.flink_version;
        if self.planner_pending.is_some()
            || [
                Feature::JoinHintOnWatermarkedTable,
                Feature::ViewCorrelatedScalarSubquery,
                Feature::MaxOfChar,
            ]
            .iter()
            .all(|f| version.has(*f))
        {
            return;
        }
        if self.ctes.in_scope(name) {
            return;
        }
        let Some(path) = self.binder.catalog.qualify_idents(&name.parts) else {
            return;
        };
        let Lookup::Found(CatalogObject::View(view)) = self.binder.catalog.lookup_ref(path) else {
            return;
        };
        let Some(failure) = &view.fails_when_planned else {
            return;
        };
        let mut d = Diagnostic::new(failure.code, name.span, failure.message.clone()).with_label(
            name.span,
            "the view's query cannot be planned in this version",
        );
        if view.script == self.binder.project.script {
            d = d.with_label(failure.span, "here");
        }
        if let Some(help) = &failure.help {
            d = d.with_help(help.clone());
        }
        self.planner_pending = Some(Box::new(d));
    }
}

/// The scalar subqueries of an expression (not those inside them), with their spans.
#[derive(Default)]
struct ScalarSubqueries<'a> {
    found: Vec<(flinkddl_diagnostics::Span, &'a ast::Query<'a>)>,
}

impl<'a> visit::Visitor<'a> for ScalarSubqueries<'a> {
    fn expr(&mut self, e: &'a ast::Expr<'a>) {
        if let ast::ExprKind::Subquery(q) = &e.kind {
            self.found.push((e.span, q));
        }
    }
}

/// Whether `query` names one of `outer` (and none of its own FROM items of that name) as a
/// column's qualifier.
fn correlated(query: &ast::Query, outer: &[&str]) -> bool {
    #[derive(Default)]
    struct Names<'a> {
        own: Vec<&'a str>,
        qualifiers: Vec<&'a str>,
    }
    impl<'a> visit::Visitor<'a> for Names<'a> {
        fn expr(&mut self, e: &'a ast::Expr<'a>) {
            if let ast::ExprKind::Identifier(name) = &e.kind {
                if let [qualifier, _] = name.parts.as_slice() {
                    self.qualifiers.push(qualifier.value);
                }
            }
        }
        fn subquery(&mut self, q: &'a ast::Query<'a>) {
            visit::walk_query(self, q);
        }
        fn table_ref(&mut self, t: &'a ast::TableRef<'a>) {
            if let Some(a) = &t.alias {
                self.own.push(a.name.value);
            } else if let ast::TableRefKind::Named { name, .. } = &t.kind {
                if let Some(last) = name.parts.last() {
                    self.own.push(last.value);
                }
            }
        }
    }
    let mut names = Names::default();
    visit::walk_query(&mut names, query);
    names
        .qualifiers
        .iter()
        .any(|q| outer.contains(q) && !names.own.contains(q))
}

impl Resolver<'_, '_> {
    /// Before 1.19 a join hint that names a table with a watermark (by its name or its alias)
    /// does not find it: the watermark's node stands between the table and the join, and the
    /// planner reports the hint's name as matching none of its inputs (oracle-checked; a view
    /// over such a table is found by the view's name).
    pub(super) fn check_join_hints(&self, select: &ast::Select) -> Res<()> {
        let version = self.binder.options.flink_version;
        if version.has(Feature::JoinHintOnWatermarkedTable) || select.hints.is_empty() {
            return Ok(());
        }
        let Some(from) = &select.from else {
            return Ok(());
        };
        if from.joins.is_empty() {
            return Ok(());
        }
        let source = self.binder.source;
        for hint in &select.hints {
            let text = source.get(hint.span.range()).unwrap_or("");
            for (name, tables) in crate::hints::join_hints_of(text) {
                for table in tables {
                    if !self.names_watermarked_table(from, table) {
                        continue;
                    }
                    let message = format!(
                        "The options of following hints cannot match the name of input tables or views: \n`{table}` in `{}`",
                        name.to_ascii_uppercase()
                    );
                    return Err(Box::new(
                        Diagnostic::new(Code::NeedsNewerFlink, hint.span, message).with_help(
                            format!(
                                "the script is checked as Flink {version}, where {}: name a view over the table in the hint, or drop the hint",
                                Feature::JoinHintOnWatermarkedTable.info().missing_in(version)
                            ),
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether the FROM item `hinted` names (its alias, else its name) reads a catalog table
    /// with a watermark; false where that is not known (a CTE, a view, a subquery).
    fn names_watermarked_table(&self, from: &ast::FromClause, hinted: &str) -> bool {
        let items = std::iter::once(&from.first).chain(from.joins.iter().map(|j| &j.right));
        for item in items {
            let ast::TableRefKind::Named { name, .. } = &item.kind else {
                continue;
            };
            let shown = match &item.alias {
                Some(a) => a.name.value,
                None => name.parts.last().map_or("", |p| p.value),
            };
            if shown != hinted {
                continue;
            }
            if self.ctes.in_scope(name) {
                return false;
            }
            return self.table(name).is_some_and(|t| !t.watermarks.is_empty());
        }
        false
    }
}

impl Resolver<'_, '_> {
    /// Flink 1.20 compares an INSERT's column list with its SELECT's items before expanding
    /// `*`, so a `*` counts as one column: `INSERT INTO t (a, b) SELECT * FROM s` fails
    /// whatever `s` has (oracle-checked, before the query is validated; 2.0 expands first).
    pub(super) fn star_counted_as_one(&self, insert: &ast::Insert) -> Option<Diagnostic> {
        let version = self.binder.options.flink_version;
        if !version.has(Feature::InsertStarCountedAsOne) {
            return None;
        }
        let list = insert.columns.as_ref()?;
        let ast::SetExprKind::Select(select) = &insert.query.query.body.kind else {
            return None;
        };
        let star = select.items.iter().find_map(|i| match i {
            ast::QueryItem::Wildcard { span, .. } => Some(*span),
            ast::QueryItem::Expr { .. } => None,
        })?;
        if select.items.len() == list.columns.len() {
            return None;
        }
        Some(
            Diagnostic::new(
                Code::InsertColumnCount,
                insert.query.span,
                "Number of columns must match number of query columns",
            )
            .with_label(star, "counted as one column")
            .with_help(format!(
                "the script is checked as Flink {version}, which has {}: list the query's columns instead of `*`",
                Feature::InsertStarCountedAsOne.info().what
            )),
        )
    }
}

impl Resolver<'_, '_> {
    /// Flink 2.1 plans UNNEST WITH ORDINALITY but not on the right of a LEFT JOIN: the
    /// ordinality column stays NOT NULL in the join's row type, and the planner's type check
    /// fails (oracle-checked; fixed in 2.2). Before 2.1 the gate reports the ordinality itself.
    pub(super) fn check_left_join_ordinality(&self, join: &ast::Join) -> Res<()> {
        let version = self.binder.options.flink_version;
        if !self.planned
            || version.has(Feature::UnnestOrdinalityLeftJoin)
            || !version.has(Feature::UnnestOrdinalityPlanned)
            || join.kind != ast::JoinKind::Left
        {
            return Ok(());
        }
        let ast::TableRefKind::Unnest {
            ordinality: true, ..
        } = &join.right.kind
        else {
            return Ok(());
        };
        Err(Box::new(
            Diagnostic::new(
                Code::NeedsNewerFlink,
                join.right.span,
                "Type mismatch: the join's row type keeps the ordinality column NOT NULL where the LEFT JOIN makes it nullable",
            )
            .with_help(format!(
                "the script is checked as Flink {version}, where {}: use CROSS JOIN UNNEST, or number the elements otherwise",
                Feature::UnnestOrdinalityLeftJoin.info().missing_in(version)
            )),
        ))
    }
}
