//! The planner's rules that hold in some Flink versions only (`data/versions.txt` of the
//! diagnostics crate, stage `plan`): each asks `FlinkVersion::has` for its fact and is checked
//! only in a statement that is planned.

use super::{Res, Resolver};
use flinkddl_diagnostics::{Code, Diagnostic, Feature};
use flinkddl_syntax::ast;

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
            if let [single] = name.parts.as_slice() {
                if self.ctes.iter().any(|c| c.name == single.value) {
                    return false;
                }
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
                "the script is checked as Flink {version}, where {}: list the query's columns instead of `*`",
                Feature::InsertStarCountedAsOne.info().what
            )),
        )
    }
}
