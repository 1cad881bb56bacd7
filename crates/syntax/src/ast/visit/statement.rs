//! A walk over every part of a statement of any kind: the callbacks of [`Visitor`] reach each
//! identifier, type, expression, query (subqueries too), join, row pattern, window frame offset,
//! element list and property list.

use super::{
    walk_columns, walk_elements, walk_expr, walk_frame, walk_idents, walk_name, walk_query, Visitor,
};
use crate::ast::{
    AlterItem, AlterTableAction, ColumnPosition, Query, QueryBody, Statement, StatementKind,
    TableElements, Use, WindowFrame,
};
use crate::ast::{OtherBody, PropertyList};

/// Visits every part of `statement`, nested statements (EXPLAIN, EXECUTE, statement sets)
/// included.
pub fn walk_statement_tree<'a, V: Visitor<'a> + ?Sized>(v: &mut V, statement: &'a Statement<'a>) {
    let mut tree = Tree(v);
    tree.statement(statement);
}

/// Wraps the caller's visitor so that subqueries and window frames are always descended into.
struct Tree<'v, V: ?Sized>(&'v mut V);

impl<'a, V: Visitor<'a> + ?Sized> Visitor<'a> for Tree<'_, V> {
    fn data_type(&mut self, ty: &'a crate::ast::DataTypeSyntax<'a>) {
        self.0.data_type(ty)
    }
    fn expr(&mut self, expr: &'a crate::ast::Expr<'a>) {
        self.0.expr(expr)
    }
    fn subquery(&mut self, query: &'a Query<'a>) {
        self.0.subquery(query);
        walk_query(self, query);
    }
    fn enter_query(&mut self, query: &'a Query<'a>) {
        self.0.enter_query(query)
    }
    fn leave_query(&mut self, query: &'a Query<'a>) {
        self.0.leave_query(query)
    }
    fn table_ref(&mut self, table: &'a crate::ast::TableRef<'a>) {
        self.0.table_ref(table)
    }
    fn table_name(
        &mut self,
        name: &'a crate::ast::ObjectName<'a>,
        span: flinkddl_diagnostics::Span,
    ) {
        self.0.table_name(name, span)
    }
    fn ident(&mut self, ident: &'a crate::ast::Ident<'a>) {
        self.0.ident(ident)
    }
    fn join(&mut self, join: &'a crate::ast::Join<'a>) {
        self.0.join(join)
    }
    fn row_pattern(&mut self, pattern: &'a crate::ast::Pattern<'a>) {
        self.0.row_pattern(pattern)
    }
    fn window_frame(&mut self, frame: &'a WindowFrame<'a>) {
        self.0.window_frame(frame);
        walk_frame(self, frame);
    }
    fn table_elements(&mut self, elements: &'a TableElements<'a>) {
        self.0.table_elements(elements)
    }
    fn property_list(&mut self, list: &'a PropertyList<'a>) {
        self.0.property_list(list)
    }
}

impl<'a, V: Visitor<'a> + ?Sized> Tree<'_, V> {
    fn statement(&mut self, statement: &'a Statement<'a>) {
        match &statement.kind {
            StatementKind::CreateTable(ct) => {
                walk_name(self, &ct.name);
                if let Some(elements) = &ct.elements {
                    self.table_elements(elements);
                    let items: Vec<_> = elements.items.iter().collect();
                    walk_elements(self, &items);
                }
                if let Some(d) = &ct.distribution {
                    if let Some(columns) = &d.columns {
                        walk_columns(self, columns);
                    }
                }
                if let Some(columns) = &ct.partitioned_by {
                    walk_columns(self, columns);
                }
                self.properties(ct.with.as_ref());
                if let Some(like) = &ct.like {
                    walk_name(self, &like.source);
                }
                if let Some(q) = &ct.as_query {
                    self.query_body(q);
                }
            }
            StatementKind::CreateCatalog(c) => {
                self.ident(&c.name);
                self.properties(c.with.as_ref());
            }
            StatementKind::CreateDatabase(d) => {
                walk_name(self, &d.name);
                self.properties(d.with.as_ref());
            }
            StatementKind::CreateView(view) => {
                walk_name(self, &view.name);
                if let Some(columns) = &view.columns {
                    walk_columns(self, columns);
                }
                self.query_body(&view.query);
            }
            StatementKind::CreateFunction(f) => {
                walk_name(self, &f.name);
                walk_idents(self, f.language.iter());
                self.properties(f.with.as_ref());
            }
            StatementKind::AlterTable(alter) => {
                walk_name(self, &alter.name);
                self.alter_action(&alter.action);
            }
            StatementKind::AlterOther(other) => {
                if let Some(name) = &other.name {
                    walk_name(self, name);
                }
            }
            StatementKind::Drop(drop) => walk_name(self, &drop.name),
            StatementKind::Use(Use::Catalog { name }) => self.ident(name),
            StatementKind::Use(Use::Database { name }) => walk_name(self, name),
            StatementKind::Use(Use::Modules { names }) => walk_idents(self, names.iter()),
            StatementKind::Show(show) => {
                if let Some(name) = &show.name {
                    walk_name(self, name);
                }
            }
            StatementKind::Describe(describe) => {
                if let Some(name) = &describe.name {
                    walk_name(self, name);
                }
            }
            StatementKind::LoadModule(m) => {
                self.ident(&m.name);
                self.properties(m.with.as_ref());
            }
            StatementKind::UnloadModule { name } => self.ident(name),
            StatementKind::Insert(insert) => {
                walk_name(self, &insert.target);
                for (name, value) in insert.partition.iter().flatten() {
                    self.ident(name);
                    walk_expr(self, value);
                }
                if let Some(columns) = &insert.columns {
                    walk_columns(self, columns);
                }
                self.query_body(&insert.query);
            }
            StatementKind::StatementSet { inserts } => {
                for insert in inserts {
                    self.statement(insert);
                }
            }
            StatementKind::Execute { statement } => self.statement(statement),
            StatementKind::Explain(explain) => {
                walk_idents(self, explain.details.iter());
                self.statement(explain.statement);
            }
            StatementKind::Query(q) => self.query_body(q),
            StatementKind::Other(other) => {
                if let Some(body) = other.body {
                    self.other_body(body);
                }
            }
            StatementKind::Set(_)
            | StatementKind::Reset(_)
            | StatementKind::BeginStatementSet
            | StatementKind::End
            | StatementKind::Error => {}
        }
    }

    fn properties(&mut self, list: Option<&'a PropertyList<'a>>) {
        if let Some(list) = list {
            self.property_list(list);
        }
    }

    fn query_body(&mut self, body: &'a QueryBody<'a>) {
        walk_query(self, body.query);
    }

    fn alter_action(&mut self, action: &'a AlterTableAction<'a>) {
        match action {
            AlterTableAction::RenameTo { new_name } => walk_name(self, new_name),
            AlterTableAction::RenameColumn { old, new } => {
                walk_name(self, old);
                self.ident(new);
            }
            AlterTableAction::Set { properties } => self.property_list(properties),
            AlterTableAction::AddOrModify { items, .. } => {
                for item in items {
                    match item {
                        AlterItem::Element { element, position } => {
                            walk_elements(self, &[*element]);
                            if let Some(ColumnPosition::After { column, .. }) = position {
                                self.ident(column);
                            }
                        }
                        AlterItem::Distribution(d) => {
                            if let Some(columns) = &d.columns {
                                walk_columns(self, columns);
                            }
                        }
                    }
                }
            }
            AlterTableAction::DropColumns { columns } => {
                for name in columns {
                    walk_name(self, name);
                }
            }
            AlterTableAction::DropConstraint { name } => self.ident(name),
            AlterTableAction::Reset { .. }
            | AlterTableAction::DropPrimaryKey
            | AlterTableAction::DropWatermark
            | AlterTableAction::DropDistribution
            | AlterTableAction::Other { .. } => {}
        }
    }

    fn other_body(&mut self, body: &'a OtherBody<'a>) {
        match body {
            OtherBody::Analyze {
                table,
                partition,
                columns,
            } => {
                walk_name(self, table);
                for (name, value) in partition {
                    self.ident(name);
                    if let Some(e) = value {
                        walk_expr(self, e);
                    }
                }
                walk_idents(self, columns.iter().flatten());
            }
            OtherBody::Call { call } => walk_expr(self, call),
            OtherBody::Delete {
                table,
                alias,
                condition,
            } => {
                walk_name(self, table);
                walk_idents(self, alias.iter());
                if let Some(e) = condition {
                    walk_expr(self, e);
                }
            }
            OtherBody::Update {
                table,
                alias,
                assignments,
                condition,
            } => {
                walk_name(self, table);
                walk_idents(self, alias.iter());
                for (name, value) in assignments {
                    self.ident(name);
                    walk_expr(self, value);
                }
                if let Some(e) = condition {
                    walk_expr(self, e);
                }
            }
            OtherBody::Truncate { table } => walk_name(self, table),
            OtherBody::CompilePlan { statement, .. } => self.statement(statement),
            OtherBody::AsQuery { query } => self.query_body(query),
            OtherBody::Jar { .. } | OtherBody::ExecutePlan { .. } | OtherBody::StopJob { .. } => {}
        }
    }
}
