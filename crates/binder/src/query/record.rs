//! The resolver's notes for the semantic model (`crate::semantic`): taken where it resolves,
//! from the same scopes, and only when the model is asked for (`Resolver::model`).

use super::{named, Name, Relation, Resolver};
use crate::semantic::{
    ColumnSource, NameUse, OutputColumn, QueryScope, Resolution, ScopeColumn, ScopeItem,
    ScopeItemKind,
};
use crate::session_catalog::ObjectPath;
use flinkddl_diagnostics::Span;
use flinkddl_syntax::ast::{self, ExprKind};
use flinkddl_types::DataType;
use std::rc::Rc;
use std::sync::Arc;

/// Where a FROM item's columns come from, for the model (built only when it is recorded).
#[derive(Debug)]
pub(super) enum Origin {
    Table(Arc<ObjectPath>),
    View {
        path: Arc<ObjectPath>,
        statement: usize,
        /// `None`: this script's statement; else the project's catalog file it is in.
        script: Option<crate::prelude::ScriptId>,
    },
    /// A CTE's or derived table's query: its columns are these outputs of the model.
    Query {
        outputs: Rc<[usize]>,
        /// The CTE's name in the WITH clause (`None`: a derived table).
        cte: Option<Span>,
    },
    /// A table a CREATE TABLE of the script declared and failed to create: unknown to Flink,
    /// its written columns known to the model (`Declarations::failed_tables`).
    Declared {
        path: Arc<ObjectPath>,
        columns: super::Columns,
    },
    /// A window table function over `input` (whose first `width` columns it passes on).
    Window {
        input: Option<Rc<Origin>>,
        width: usize,
        function: Span,
        /// The time column: its index in the input, and its name.
        time: Option<(usize, Name)>,
    },
}

impl Origin {
    fn source(&self, index: usize, name: &str) -> ColumnSource {
        match self {
            Origin::Table(path) | Origin::Declared { path, .. } => ColumnSource::Table {
                path: Arc::clone(path),
                column: name.to_string(),
            },
            Origin::View {
                path,
                statement,
                script,
            } => ColumnSource::View {
                path: Arc::clone(path),
                column: name.to_string(),
                index,
                statement: *statement,
                script: *script,
            },
            Origin::Query { outputs, .. } => match outputs.get(index) {
                Some(&output) => ColumnSource::Output { output },
                None => ColumnSource::Unknown,
            },
            Origin::Window {
                input,
                width,
                function,
                time,
            } => {
                if index < *width {
                    match input {
                        Some(input) => input.source(index, name),
                        None => ColumnSource::Unknown,
                    }
                } else {
                    let time = match (input, time) {
                        (Some(input), Some((t, n))) => Some(Box::new(input.source(*t, n))),
                        _ => None,
                    };
                    ColumnSource::Window {
                        column: name.to_string(),
                        function: *function,
                        time,
                    }
                }
            }
        }
    }
}

/// The columns of a FROM item as the model sees them: its own, or those a failed CREATE TABLE
/// wrote (`Origin::Declared`).
pub(super) fn model_columns(r: &Relation) -> Option<&super::Columns> {
    match (&r.columns, r.origin.as_deref()) {
        (Some(columns), _) => Some(columns),
        (None, Some(Origin::Declared { columns, .. })) => Some(columns),
        _ => None,
    }
}

/// The source of a relation's `index`th column.
pub(super) fn column_source(r: &Relation, index: usize, name: &str) -> ColumnSource {
    match &r.origin {
        Some(origin) => origin.source(index, name),
        None => ColumnSource::Unknown,
    }
}

impl Resolver<'_, '_> {
    pub(super) fn recording(&self) -> bool {
        self.model.is_some()
    }

    fn note(&mut self, span: Span, resolution: Resolution) {
        let statement = self.binder.statement_index;
        if let Some(model) = &mut self.model {
            model.names.push(NameUse {
                statement,
                span,
                resolution,
            });
        }
    }

    /// The path of a catalog table or view as this statement names it (shared with the uses).
    pub(super) fn model_path(&self, name: &ast::ObjectName) -> Option<Arc<ObjectPath>> {
        let (c, d, n) = self.binder.catalog.qualify_idents(&name.parts)?;
        Some(Arc::new((c.to_string(), d.to_string(), n.to_string())))
    }

    /// A FROM item (or `TABLE t`) that names a table, view or CTE: what the name denotes.
    pub(super) fn note_relation_name(&mut self, name: &ast::ObjectName, r: &Relation) {
        let resolution = match r.origin.as_deref() {
            Some(Origin::Table(path) | Origin::Declared { path, .. }) => Resolution::Table {
                path: Arc::clone(path),
            },
            Some(Origin::View {
                path,
                statement,
                script,
            }) => Resolution::View {
                path: Arc::clone(path),
                statement: *statement,
                script: *script,
            },
            Some(Origin::Query { cte: Some(at), .. }) => Resolution::Cte { definition: *at },
            _ => return,
        };
        self.note(name.span, resolution);
    }

    /// An INSERT's target: the table it writes, as the session qualifies it.
    pub(super) fn note_sink(&mut self, target: &ast::ObjectName) {
        if !self.recording() {
            return;
        }
        if let Some(path) = self.model_path(target) {
            self.note(target.span, Resolution::Table { path });
        }
    }

    /// A function call's name.
    pub(super) fn note_call(&mut self, call: &ast::Call) {
        let name = call
            .name
            .parts
            .iter()
            .map(|p| p.value)
            .collect::<Vec<_>>()
            .join(".");
        let builtin = call.name.parts.len() == 1
            && !self
                .binder
                .declarations
                .user_functions
                .contains(&name.to_ascii_uppercase())
            && crate::expr::builtin_function(&name).is_some();
        self.note(call.name.span, Resolution::Function { name, builtin });
    }

    /// A name in an expression: the FROM item its qualifier names, the column, the fields read
    /// through it. Resolved as `Resolver::identifier` judges it; a name it cannot resolve to
    /// one column is not noted.
    pub(super) fn note_identifier(&mut self, name: &ast::ObjectName) {
        let Some((qualifier, column, rest)) = self.resolve_column(name) else {
            return;
        };
        if let Some((at, definition)) = qualifier {
            self.note(at, Resolution::FromItem { definition });
        }
        let (at, source, data_type) = column;
        self.note(at, Resolution::Column { source, data_type });
        for part in rest {
            self.note(
                part.span,
                Resolution::Field {
                    name: part.value.to_string(),
                },
            );
        }
    }

    /// (the qualifier's span and its FROM item's definition, (the column's span, source,
    /// type), the parts after the column).
    #[allow(clippy::type_complexity)]
    fn resolve_column<'n>(
        &self,
        name: &'n ast::ObjectName<'n>,
    ) -> Option<(
        Option<(Span, Span)>,
        (Span, ColumnSource, Option<DataType>),
        &'n [ast::Ident<'n>],
    )> {
        let first = name.parts.first()?;
        let found = |r: &Relation, column: &ast::Ident| {
            let i = model_columns(r)?.position(column.value)?;
            Some((
                column.span,
                column_source(r, i, column.value),
                r.types.get(i).cloned().flatten(),
            ))
        };
        for frame in self.frames.iter().rev() {
            if let Some(second) = name.parts.get(1) {
                if let Some(r) = frame.relations.iter().find(|r| named(r, first.value)) {
                    // `t.c`, unless `t` is also a column of it (then a field access).
                    let holds_first = model_columns(r).is_some_and(|c| c.contains(first.value));
                    if !holds_first {
                        let column = found(r, second)?;
                        let rest = name.parts.get(2..).unwrap_or_default();
                        return Some((Some((first.span, r.definition)), column, rest));
                    }
                }
            }
            // A FROM item of unknown columns may have it too: not resolved (the binder types
            // the name by the item it knows, the model does not claim it).
            if frame.relations.iter().any(|r| model_columns(r).is_none()) {
                return None;
            }
            let mut holders = frame
                .relations
                .iter()
                .filter(|r| model_columns(r).is_some_and(|c| c.contains(first.value)));
            if let Some(r) = holders.next() {
                // Two FROM items have it: ambiguous, or (USING, NATURAL) one name for both.
                if holders.next().is_some() {
                    return None;
                }
                let rest = name.parts.get(1..).unwrap_or_default();
                return Some((None, found(r, first)?, rest));
            }
        }
        None
    }

    /// Keeps the statement's first name error (recording only: see `Resolver::deferred`).
    pub(super) fn defer(&mut self, d: flinkddl_diagnostics::Diagnostic) {
        if self.deferred.is_none() {
            self.deferred = Some((Box::new(d), self.warnings.len()));
        }
    }

    /// `r`, except that while the model is recorded a name error is deferred (`defer`).
    pub(super) fn or_defer(&mut self, r: super::Res<()>) -> super::Res<()> {
        match r {
            Err(d) if self.recording() => {
                self.defer(*d);
                Ok(())
            }
            r => r,
        }
    }

    /// A window TVF's `DESCRIPTOR(c)`: the column of its table argument it names.
    pub(super) fn note_descriptor_column(
        &mut self,
        n: &ast::Ident,
        origin: &Option<Rc<Origin>>,
        columns: &super::Columns,
        types: &[Option<DataType>],
    ) {
        if !self.recording() {
            return;
        }
        let Some(i) = columns.position(n.value) else {
            return;
        };
        let source = match origin {
            Some(o) => o.source(i, n.value),
            None => ColumnSource::Unknown,
        };
        let data_type = types.get(i).cloned().flatten();
        self.note(n.span, Resolution::Column { source, data_type });
    }

    /// A SELECT's ORDER BY (recording only: the resolver judges only its calls): a name is
    /// the select list's column of that name first (its outputs are those from
    /// `outputs_before` at this depth), else a column of the FROM items.
    pub(super) fn note_order_by(&mut self, order_by: &[ast::OrderItem], outputs_before: usize) {
        let depth = self.depth.saturating_sub(1);
        let mut names = Vec::new();
        for o in order_by {
            flinkddl_syntax::ast::visit::for_each_expr(&o.expr, |e| {
                if let ExprKind::Identifier(name) = &e.kind {
                    names.push(name);
                }
            });
        }
        for name in names {
            let output = match name.parts.as_slice() {
                [single] => self.model.as_ref().and_then(|m| {
                    let mut found = m
                        .outputs
                        .iter()
                        .enumerate()
                        .skip(outputs_before)
                        .filter(|(_, o)| o.depth == depth && o.name == single.value);
                    let first = found.next();
                    // Two columns of that name: ambiguous, not noted.
                    match (first, found.next()) {
                        (Some((i, o)), None) => Some((i, o.data_type.clone())),
                        _ => None,
                    }
                }),
                _ => None,
            };
            match (output, name.parts.first()) {
                (Some((output, data_type)), Some(single)) => self.note(
                    single.span,
                    Resolution::Column {
                        source: ColumnSource::Output { output },
                        data_type,
                    },
                ),
                _ => self.note_identifier(name),
            }
        }
    }

    /// MATCH_RECOGNIZE over `input`: its expressions read the input's columns, bare or through
    /// a pattern variable (`A.price`); its calls are functions.
    pub(super) fn note_match_recognize(&mut self, mr: &ast::MatchRecognize, input: &Relation) {
        if !self.recording() {
            return;
        }
        let mut exprs: Vec<&ast::Expr> = mr.partition_by.iter().collect();
        exprs.extend(mr.order_by.iter().map(|o| &o.expr));
        exprs.extend(mr.measures.iter().chain(mr.define.iter()).map(|m| &m.expr));
        let mut names = Vec::new();
        let mut calls = Vec::new();
        for e in exprs {
            flinkddl_syntax::ast::visit::for_each_expr(e, |e| match &e.kind {
                ExprKind::Identifier(name) => names.push(name),
                ExprKind::Call(call) => calls.push(call),
                _ => {}
            });
        }
        for call in calls {
            self.note_call(call);
        }
        let Some(columns) = &input.columns else {
            return;
        };
        for name in names {
            // `c`, or `A.c` through a pattern variable (the pattern's variables are checked by
            // `match_recognize_names`).
            let column = match name.parts.as_slice() {
                [c] | [_, c] => c,
                _ => continue,
            };
            let Some(i) = columns.position(column.value) else {
                continue;
            };
            let resolution = Resolution::Column {
                source: column_source(input, i, column.value),
                data_type: input.types.get(i).cloned().flatten(),
            };
            self.note(column.span, resolution);
        }
    }

    /// What a FROM item of this origin reads, for the model's scopes.
    fn item_kind(&self, origin: Option<&Origin>) -> ScopeItemKind {
        match origin {
            Some(Origin::Table(path) | Origin::Declared { path, .. }) => ScopeItemKind::Table {
                path: Arc::clone(path),
            },
            Some(Origin::View { path, .. }) => ScopeItemKind::View {
                path: Arc::clone(path),
            },
            Some(Origin::Query { cte: Some(at), .. }) => ScopeItemKind::Cte {
                name: self
                    .binder
                    .source
                    .get(at.range())
                    .unwrap_or_default()
                    .trim_matches('`')
                    .to_string(),
            },
            Some(Origin::Query { cte: None, .. }) => ScopeItemKind::Subquery,
            Some(Origin::Window { input, .. }) => ScopeItemKind::Window {
                input: input.as_deref().map(|i| Box::new(self.item_kind(Some(i)))),
            },
            None => ScopeItemKind::Other,
        }
    }

    /// The FROM scope of the SELECT at `span`, once its FROM clause is read.
    pub(super) fn note_scope(&mut self, span: Span) {
        if !self.recording() {
            return;
        }
        let Some(frame) = self.frames.last() else {
            return;
        };
        let items = frame
            .relations
            .iter()
            .map(|r| ScopeItem {
                name: r.name.as_ref().map(Name::to_string),
                definition: r.definition,
                kind: self.item_kind(r.origin.as_deref()),
                columns: model_columns(r).map(|cols| {
                    cols.iter()
                        .enumerate()
                        .map(|(i, c)| ScopeColumn {
                            name: c.to_string(),
                            source: column_source(r, i, c),
                            data_type: r.types.get(i).cloned().flatten(),
                        })
                        .collect()
                }),
            })
            .collect();
        let scope = QueryScope {
            statement: self.binder.statement_index,
            span,
            depth: self.depth.saturating_sub(1),
            items,
        };
        if let Some(model) = &mut self.model {
            model.scopes.push(scope);
        }
    }

    /// How many names the model holds: the names an expression's walk notes are those after.
    pub(super) fn names_noted(&self) -> usize {
        self.model.as_ref().map_or(0, |m| m.names.len())
    }

    /// A select item's output column: its sources are the columns noted since `since` (its
    /// expression's walk).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn note_output(
        &mut self,
        index: usize,
        name: &str,
        item: Span,
        alias: Option<Span>,
        data_type: Option<DataType>,
        copied: bool,
        since: usize,
    ) {
        let statement = self.binder.statement_index;
        let depth = self.depth.saturating_sub(1);
        let Some(model) = &mut self.model else {
            return;
        };
        let mut sources: Vec<ColumnSource> = Vec::new();
        let mut copied = copied;
        for n in model.names.get(since..).unwrap_or_default() {
            match &n.resolution {
                Resolution::Column { source, .. } if !sources.contains(source) => {
                    sources.push(source.clone());
                }
                // A field read out of a ROW column is a value computed from it.
                Resolution::Field { .. } => copied = false,
                _ => {}
            }
        }
        model.outputs.push(OutputColumn {
            statement,
            depth,
            index,
            name: name.to_string(),
            span: item,
            alias,
            data_type,
            copied,
            wildcard: false,
            sources,
            branches: Vec::new(),
        });
    }

    /// A `*` item's output columns (`from` is the index of its first), read from the FROM
    /// items it expands as `Resolver::expand_star` does.
    pub(super) fn note_star(
        &mut self,
        qualifier: Option<&ast::ObjectName>,
        item: Span,
        from: usize,
    ) {
        if !self.recording() {
            return;
        }
        let Some(frame) = self.frames.last() else {
            return;
        };
        let mut columns = Vec::new();
        let mut qualifier_use = None;
        for r in &frame.relations {
            if let Some(q) = qualifier {
                match q.parts.as_slice() {
                    [name] if r.name.as_deref() == Some(name.value) => {
                        qualifier_use = Some((name.span, r.definition));
                    }
                    _ => continue,
                }
            }
            let Some(cols) = model_columns(r) else {
                return;
            };
            for (i, c) in cols.iter().enumerate() {
                columns.push((
                    c.to_string(),
                    column_source(r, i, c),
                    r.types.get(i).cloned().flatten(),
                ));
            }
            if qualifier.is_some() {
                break;
            }
        }
        if let Some((at, definition)) = qualifier_use {
            self.note(at, Resolution::FromItem { definition });
        }
        let statement = self.binder.statement_index;
        let depth = self.depth.saturating_sub(1);
        if let Some(model) = &mut self.model {
            for (k, (name, source, data_type)) in columns.into_iter().enumerate() {
                model.outputs.push(OutputColumn {
                    statement,
                    depth,
                    index: from + k,
                    name,
                    span: item,
                    alias: None,
                    data_type,
                    copied: true,
                    wildcard: true,
                    sources: vec![source],
                    branches: Vec::new(),
                });
            }
        }
    }

    /// `VALUES ...` as a query block: its columns, which read no column.
    pub(super) fn note_values(&mut self, span: Span, types: &[Option<DataType>]) {
        let statement = self.binder.statement_index;
        let depth = self.depth.saturating_sub(1);
        if let Some(model) = &mut self.model {
            for (index, data_type) in types.iter().enumerate() {
                model.outputs.push(OutputColumn {
                    statement,
                    depth,
                    index,
                    name: format!("EXPR${index}"),
                    span,
                    alias: None,
                    data_type: data_type.clone(),
                    copied: false,
                    wildcard: false,
                    sources: Vec::new(),
                    branches: Vec::new(),
                });
            }
        }
    }

    /// A set operation's branches, resolved from output `since` on: the first branch's
    /// columns carry the others' (`OutputColumn::branches`).
    pub(super) fn note_branches(&mut self, since: usize) {
        let depth = self.depth.saturating_sub(1);
        let Some(model) = &mut self.model else {
            return;
        };
        let mut first: Vec<usize> = Vec::new();
        let mut links: Vec<(usize, usize)> = Vec::new();
        for (i, o) in model.outputs.iter().enumerate().skip(since) {
            if o.depth != depth {
                continue;
            }
            match first.get(o.index) {
                Some(&head) if head != i => links.push((head, i)),
                Some(_) => {}
                None if first.len() == o.index => first.push(i),
                None => {}
            }
        }
        // (Each output is linked once: no look for it among the branches already linked, which
        // a chain of 100,000 UNIONs would make quadratic.)
        for (head, other) in links {
            if let Some(h) = model.outputs.get_mut(head) {
                h.branches.push(other);
            }
        }
    }

    /// The outputs of the query block just resolved one level down (a CTE's or derived
    /// table's query, resolved from output `since` on): its first branch's columns.
    pub(super) fn query_outputs(&self, since: usize, width: usize) -> Option<Rc<[usize]>> {
        let model = self.model.as_ref()?;
        let depth = self.depth; // the inner query's blocks were at this depth
        Some(
            model
                .outputs
                .iter()
                .enumerate()
                .skip(since)
                .filter(|(_, o)| o.depth == depth)
                .take(width)
                .map(|(i, _)| i)
                .collect(),
        )
    }

    pub(super) fn outputs_noted(&self) -> usize {
        self.model.as_ref().map_or(0, |m| m.outputs.len())
    }

    /// A table a CREATE TABLE of the script failed to create, for the model only.
    pub(super) fn declared_origin(&self, name: &ast::ObjectName) -> Option<Rc<Origin>> {
        if !self.recording() || self.binder.declarations.failed_tables.is_empty() {
            return None;
        }
        let path = self.binder.catalog.qualify_owned(&name.parts)?;
        let columns = self.binder.declarations.failed_tables.get(&path)?;
        Some(Rc::new(Origin::Declared {
            columns: super::Columns::new(columns.iter().map(|c| Name::from(c.as_str())).collect()),
            path: Arc::new(path),
        }))
    }

    /// A table or view read by name: its origin, when the model is recorded.
    pub(super) fn catalog_origin(
        &self,
        name: &ast::ObjectName,
        view: Option<(usize, crate::prelude::ScriptId)>,
    ) -> Option<Rc<Origin>> {
        if !self.recording() {
            return None;
        }
        let path = self.model_path(name)?;
        Some(Rc::new(match view {
            Some((statement, script)) => Origin::View {
                path,
                statement,
                script: (script != self.binder.project.script).then_some(script),
            },
            None => Origin::Table(path),
        }))
    }

    /// Whether `e` is a column read as it is.
    pub(super) fn is_plain_column(e: &ast::Expr) -> bool {
        matches!(e.kind, ExprKind::Identifier(_))
    }
}
