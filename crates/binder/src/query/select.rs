//! A SELECT block in Calcite's validation order (FROM, WHERE, GROUP BY, HAVING, WINDOW,
//! QUALIFY, select list) and the ORDER BY of its query; its projection: `*` expanded, the
//! output names made unique, the rowtimes that pass through.

use super::grouping::{first_aggregate, normalized, window_grouped};
use super::scope::{named, FrameScope, Relation};
use super::spares::{keep, keep_frame, spare};
use super::{fail, time, Name, Res, Resolver};
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, visit, ExprKind};
use flinkddl_types::DataType;

impl Resolver<'_, '_> {
    pub(super) fn select(&mut self, select: &ast::Select) -> Res<Option<Vec<Name>>> {
        self.select_ordered(select, &[])
    }

    /// A SELECT and the ORDER BY of the query it is the body of: the first sort key is typed
    /// in the SELECT's scope (it may name a column the SELECT does not return).
    pub(super) fn select_ordered(
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
