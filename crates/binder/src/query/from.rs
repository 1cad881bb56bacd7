//! The FROM clause: its items (tables, views, CTEs, derived tables, window TVFs, UNNEST) as
//! relations in scope, and its joins' rules (a condition, temporal and interval joins).

use super::match_recognize::{match_recognize_names, match_recognize_output};
use super::scope::{named, Columns, FrameScope, Relation, TableColumns};
use super::{fail, plural, record, time, types, Name, Res, Resolver};
use crate::ctas::query_type;
use crate::session_catalog::{CatalogObject, Lookup};
use crate::Binder;
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, ExprKind};
use flinkddl_types::DataType;
use std::rc::Rc;
use std::sync::Arc;

impl Binder<'_> {
    /// What a FROM item reads of `table` (its column names, their types as a query sees them
    /// and the planner's rowtimes): built at the table's first read, shared by the others.
    fn table_columns(&self, table: &Arc<crate::schema::TableSchema>) -> TableColumns {
        let key = Arc::as_ptr(table) as usize;
        if let Some((_, shared)) = self.caches.relation_cache.borrow().get(&key) {
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
        self.caches
            .relation_cache
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
        if let Some((_, shared)) = self.caches.relation_cache.borrow().get(&key) {
            return shared.unreadable_variant.clone();
        }
        crate::ctas::unreadable_variant(table)
    }
}

impl Resolver<'_, '_> {
    pub(super) fn from(&mut self, from: &ast::FromClause) -> Res<()> {
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
    pub(super) fn relation_of(&self, name: &ast::ObjectName) -> Relation {
        let short = name.parts.last().map(|p| Name::from(p.value));
        match self.ctes.lookup(name) {
            ast::CteLookup::Defined(cte) => {
                return Relation {
                    name: short,
                    columns: cte.columns.clone(),
                    types: cte.types.clone(),
                    rowtimes: cte.rowtimes.clone(),
                    origin: cte.origin.clone(),
                    // (One part: only a one-part name names a CTE.)
                    definition: name.parts.first().map_or(name.span, |part| part.span),
                };
            }
            // `WITH RECURSIVE`: the CTE read while it is defined; its columns are not known.
            ast::CteLookup::Recursive { .. } => return Relation::unknown(short),
            ast::CteLookup::Later { .. } | ast::CteLookup::NotCte => {}
        }
        if let Some(t) = self.looked_up_table(name) {
            if !t.complete {
                return Relation::unknown(short);
            }
            return self.table_relation(name, short, t);
        }
        let Some(path) = self.binder.catalog.qualify_idents(&name.parts) else {
            return Relation::unknown(short);
        };
        match self.binder.catalog.lookup_ref(path) {
            Lookup::Found(CatalogObject::Table(t)) if t.complete => {
                self.table_relation(name, short, t)
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

    /// The FROM item `name` that reads the (complete) catalog table `table`, called `short`.
    fn table_relation(
        &self,
        name: &ast::ObjectName,
        short: Option<Name>,
        table: &Arc<crate::schema::TableSchema>,
    ) -> Relation {
        let shared = self.binder.table_columns(table);
        Relation {
            name: short,
            columns: Some(shared.columns),
            types: shared.types,
            rowtimes: shared.rowtimes,
            origin: self.catalog_origin(name, None),
            definition: flinkddl_diagnostics::Span::default(),
        }
    }

    /// `catalog.database.name` of a name as the session qualifies it.
    pub(super) fn qualified_name(&self, name: &ast::ObjectName) -> Option<String> {
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
        let looked = self.read;
        // (A statement of very many uses looks its names up instead of scanning them.)
        if looked.is_empty() || looked.len() > 64 {
            return None;
        }
        let uses = &self.binder.results.uses;
        let statement_uses = uses.get(uses.len().checked_sub(looked.len())?..)?;
        let i = statement_uses.iter().position(|u| u.span == name.span)?;
        looked.get(i)?.as_ref()?.as_ref()
    }

    pub(super) fn table(
        &self,
        name: &ast::ObjectName,
    ) -> Option<std::sync::Arc<crate::schema::TableSchema>> {
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
                        if let Some(s) = closest(n.value, columns.iter().map(Name::as_str)) {
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
}
