//! Walks over the AST that lints and the binder share: the table elements a statement defines, its property
//! lists, and every type and expression inside them (nested types, CAST targets, ...).
//!
//! [`walk_statement_tree`] walks every part of any statement kind (its identifiers, element and
//! property lists, queries, joins and row patterns too).
//!
//! The parser bounds nesting (`crate::MAX_DEPTH`), so the recursion here is bounded.

mod statement;

pub use statement::walk_statement_tree;

use super::{
    AfterMatch, AlterItem, AlterTableAction, ColumnKind, ColumnList, CreateTable, Cte,
    DataTypeSyntax, Expr, ExprKind, FromClause, GroupingElement, Ident, IsTest, Join, ObjectName,
    Pattern, PatternKind, PropertyList, Query, SetExpr, SetExprKind, Statement, StatementKind,
    TableElement, TableElements, TableRef, TableRefKind, TypeKind, WindowFrame, WindowSpec,
};

/// Callbacks for [`walk_type`], [`walk_expr`] and [`walk_query`]; each is called before the
/// node's children.
pub trait Visitor<'a> {
    fn data_type(&mut self, _ty: &'a DataTypeSyntax<'a>) {}
    fn expr(&mut self, _expr: &'a Expr<'a>) {}
    /// A query inside an expression (a subquery, `EXISTS`, `IN (query)`, a table argument's
    /// query). [`walk_expr`] does not descend into it: call [`walk_query`] here to do so.
    fn subquery(&mut self, _query: &'a Query<'a>) {}
    /// Before a query's children (its CTEs are in scope from here on).
    fn enter_query(&mut self, _query: &'a Query<'a>) {}
    /// After a query's children.
    fn leave_query(&mut self, _query: &'a Query<'a>) {}
    /// After the `index`th CTE of the query entered last (its name, columns and query): it is
    /// in scope from here to that query's end (a [`super::CteScope`] defines it here).
    fn cte(&mut self, _index: usize, _cte: &'a Cte<'a>) {}
    /// A FROM item, before its children.
    fn table_ref(&mut self, _table: &'a TableRef<'a>) {}
    /// A table named as a table function's argument (`TABLE t`) or as `TABLE t` in a query.
    fn table_name(&mut self, _name: &'a super::ObjectName<'a>, _span: flinkddl_diagnostics::Span) {}
    /// An identifier, quoted or not: a name's part, an alias, a column, a unit word, ...
    fn ident(&mut self, _ident: &'a Ident<'a>) {}
    /// A join of a FROM clause (the comma join too), before its right side.
    fn join(&mut self, _join: &'a Join<'a>) {}
    /// The PATTERN of a MATCH_RECOGNIZE, before its variables.
    fn row_pattern(&mut self, _pattern: &'a Pattern<'a>) {}
    /// A window's ROWS / RANGE frame. The walks do not descend into its bounds' offsets: call
    /// [`walk_frame`] here to do so.
    fn window_frame(&mut self, _frame: &'a WindowFrame<'a>) {}
    /// The parenthesised element list of CREATE TABLE, before its elements
    /// ([`walk_statement_tree`] only).
    fn table_elements(&mut self, _elements: &'a TableElements<'a>) {}
    /// A `('k' = 'v', ...)` list ([`walk_statement_tree`] only).
    fn property_list(&mut self, _list: &'a PropertyList<'a>) {}
}

/// Visits the parts of a name.
pub fn walk_name<'a, V: Visitor<'a> + ?Sized>(v: &mut V, name: &'a ObjectName<'a>) {
    for part in &name.parts {
        v.ident(part);
    }
}

fn walk_columns<'a, V: Visitor<'a> + ?Sized>(v: &mut V, columns: &'a ColumnList<'a>) {
    for column in &columns.columns {
        v.ident(column);
    }
}

fn walk_idents<'a, V: Visitor<'a> + ?Sized>(
    v: &mut V,
    idents: impl IntoIterator<Item = &'a Ident<'a>>,
) {
    for ident in idents {
        v.ident(ident);
    }
}

/// Visits the offsets of a window frame's bounds.
pub fn walk_frame<'a, V: Visitor<'a> + ?Sized>(v: &mut V, frame: &'a WindowFrame<'a>) {
    for bound in std::iter::once(&frame.start).chain(frame.end.iter()) {
        if let super::FrameBound::Preceding { offset, .. }
        | super::FrameBound::Following { offset, .. } = bound
        {
            walk_expr(v, offset);
        }
    }
}

fn walk_window_spec<'a, V: Visitor<'a> + ?Sized>(v: &mut V, spec: &'a WindowSpec<'a>) {
    walk_idents(v, spec.base.iter());
    for e in &spec.partition_by {
        walk_expr(v, e);
    }
    for o in &spec.order_by {
        walk_expr(v, &o.expr);
    }
    if let Some(frame) = &spec.frame {
        v.window_frame(frame);
    }
}

/// Visits a query: its CTEs, set operations, SELECT blocks (items, FROM items, clauses), ORDER
/// BY and LIMIT, and every expression in them. Subqueries reach [`Visitor::subquery`]. The
/// parser bounds nesting, and set operations and joins are flat lists, so the recursion is
/// bounded.
pub fn walk_query<'a, V: Visitor<'a> + ?Sized>(v: &mut V, query: &'a Query<'a>) {
    v.enter_query(query);
    if let Some(with) = &query.with {
        for (index, cte) in with.ctes.iter().enumerate() {
            v.ident(&cte.name);
            if let Some(columns) = &cte.columns {
                walk_columns(v, columns);
            }
            walk_query(v, cte.query);
            v.cte(index, cte);
        }
    }
    walk_set_expr(v, &query.body);
    for o in &query.order_by {
        walk_expr(v, &o.expr);
    }
    for e in query.limit.iter().chain(query.offset.iter()) {
        walk_expr(v, e);
    }
    v.leave_query(query);
}

fn walk_set_expr<'a, V: Visitor<'a> + ?Sized>(v: &mut V, set: &'a SetExpr<'a>) {
    match &set.kind {
        // Calcite's validation order: FROM, WHERE, GROUP BY, HAVING, WINDOW, QUALIFY, then
        // the select list (so the first missing table found is the one Flink reports).
        SetExprKind::Select(select) => {
            if let Some(from) = &select.from {
                walk_from(v, from);
            }
            if let Some(e) = &select.where_clause {
                walk_expr(v, e);
            }
            if let Some(group_by) = &select.group_by {
                for g in &group_by.items {
                    walk_grouping(v, g);
                }
            }
            if let Some(e) = &select.having {
                walk_expr(v, e);
            }
            for w in &select.windows {
                v.ident(&w.name);
                walk_window_spec(v, &w.spec);
            }
            if let Some(e) = &select.qualify {
                walk_expr(v, e);
            }
            for item in &select.items {
                match item {
                    super::QueryItem::Expr { expr, alias, .. } => {
                        walk_expr(v, expr);
                        walk_idents(v, alias.iter());
                    }
                    super::QueryItem::Wildcard {
                        qualifier, alias, ..
                    } => {
                        if let Some(q) = qualifier {
                            walk_name(v, q);
                        }
                        walk_idents(v, alias.iter());
                    }
                }
            }
        }
        SetExprKind::Values { rows } => {
            for e in rows {
                walk_expr(v, e);
            }
        }
        SetExprKind::Table { name } => {
            v.table_name(name, name.span);
            walk_name(v, name);
        }
        SetExprKind::Nested(q) => walk_query(v, q),
        SetExprKind::SetOperation { first, rest } => {
            walk_set_expr(v, first);
            for operand in rest {
                walk_set_expr(v, &operand.operand);
            }
        }
    }
}

fn walk_grouping<'a, V: Visitor<'a> + ?Sized>(v: &mut V, g: &'a GroupingElement<'a>) {
    match g {
        GroupingElement::Expr { expr } => walk_expr(v, expr),
        GroupingElement::Empty { .. } => {}
        GroupingElement::GroupingSets { items, .. } => {
            for g in items {
                walk_grouping(v, g);
            }
        }
        GroupingElement::Rollup { items, .. } | GroupingElement::Cube { items, .. } => {
            for e in items {
                walk_expr(v, e);
            }
        }
    }
}

/// Visits a FROM clause's items and join conditions, left to right.
pub fn walk_from<'a, V: Visitor<'a> + ?Sized>(v: &mut V, from: &'a FromClause<'a>) {
    walk_table_ref(v, &from.first);
    for join in &from.joins {
        v.join(join);
        walk_table_ref(v, &join.right);
        match &join.condition {
            Some(super::JoinCondition::On { expr }) => walk_expr(v, expr),
            Some(super::JoinCondition::Using { columns }) => walk_columns(v, columns),
            None => {}
        }
    }
}

fn walk_table_ref<'a, V: Visitor<'a> + ?Sized>(v: &mut V, table: &'a TableRef<'a>) {
    v.table_ref(table);
    match &table.kind {
        TableRefKind::Named {
            name, system_time, ..
        } => {
            walk_name(v, name);
            if let Some(e) = system_time {
                walk_expr(v, e);
            }
        }
        TableRefKind::Derived { query, .. } => walk_query(v, query),
        TableRefKind::Function { call, .. } => walk_expr(v, call),
        TableRefKind::Unnest { args, .. } => {
            for e in args {
                walk_expr(v, e);
            }
        }
        TableRefKind::Nested(from) => walk_from(v, from),
    }
    if let Some(mr) = &table.match_recognize {
        for e in &mr.partition_by {
            walk_expr(v, e);
        }
        for o in &mr.order_by {
            walk_expr(v, &o.expr);
        }
        for m in mr.measures.iter().chain(mr.define.iter()) {
            walk_expr(v, &m.expr);
        }
        if let Some(e) = &mr.within {
            walk_expr(v, e);
        }
        for m in mr.measures.iter().chain(mr.define.iter()) {
            v.ident(&m.name);
        }
        if let Some(
            AfterMatch::ToFirst { variable, .. }
            | AfterMatch::ToLast { variable, .. }
            | AfterMatch::To { variable, .. },
        ) = &mr.after_match
        {
            v.ident(variable);
        }
        v.row_pattern(&mr.pattern);
        walk_pattern(v, &mr.pattern);
        for subset in &mr.subsets {
            v.ident(&subset.name);
            walk_idents(v, subset.variables.iter());
        }
    }
    if let Some(alias) = &table.alias {
        v.ident(&alias.name);
        if let Some(columns) = &alias.columns {
            walk_columns(v, columns);
        }
    }
}

/// The variables of a row pattern.
fn walk_pattern<'a, V: Visitor<'a> + ?Sized>(v: &mut V, pattern: &'a Pattern<'a>) {
    match &pattern.kind {
        PatternKind::Variable { name } => v.ident(name),
        PatternKind::Sequence { items }
        | PatternKind::Alternation { items }
        | PatternKind::Permute { items } => {
            for p in items {
                walk_pattern(v, p);
            }
        }
        PatternKind::Quantified { pattern, .. } | PatternKind::Exclusion { pattern } => {
            walk_pattern(v, pattern)
        }
        PatternKind::Group { pattern } => {
            if let Some(p) = pattern {
                walk_pattern(v, p);
            }
        }
    }
}

/// The CREATE TABLE of a statement, if it is one.
pub fn create_table<'a>(statement: &Statement<'a>) -> Option<&'a CreateTable<'a>> {
    match &statement.kind {
        StatementKind::CreateTable(ct) => Some(*ct),
        _ => None,
    }
}

/// The table elements a statement writes: CREATE TABLE's element list, or the columns,
/// constraints and watermark of ALTER TABLE ... ADD / MODIFY.
pub fn table_elements<'a>(statement: &Statement<'a>) -> Vec<&'a TableElement<'a>> {
    let mut elements = Vec::new();
    table_elements_into(statement, &mut elements);
    elements
}

/// [`table_elements`] into `out` (cleared first): a caller that lists many statements' reuses
/// one vector.
pub fn table_elements_into<'a>(statement: &Statement<'a>, out: &mut Vec<&'a TableElement<'a>>) {
    out.clear();
    match &statement.kind {
        StatementKind::CreateTable(ct) => {
            if let Some(e) = &ct.elements {
                out.extend(e.items.iter());
            }
        }
        StatementKind::AlterTable(alter) => {
            if let AlterTableAction::AddOrModify { items, .. } = &alter.action {
                out.extend(items.iter().filter_map(|item| match item {
                    AlterItem::Element { element, .. } => Some(*element),
                    AlterItem::Distribution(_) => None,
                }));
            }
        }
        _ => {}
    }
}

/// The `('k' = 'v', ...)` list of a statement, if it has one (a statement has at most one):
/// WITH of CREATE TABLE / CATALOG / DATABASE / FUNCTION and LOAD MODULE, and ALTER TABLE ...
/// SET.
pub fn property_list<'a>(statement: &Statement<'a>) -> Option<&'a PropertyList<'a>> {
    match &statement.kind {
        StatementKind::CreateTable(ct) => ct.with.as_ref(),
        StatementKind::CreateCatalog(c) => c.with.as_ref(),
        StatementKind::CreateDatabase(d) => d.with.as_ref(),
        StatementKind::CreateFunction(f) => f.with.as_ref(),
        StatementKind::LoadModule(m) => m.with.as_ref(),
        StatementKind::AlterTable(alter) => match &alter.action {
            AlterTableAction::Set { properties } => Some(properties),
            _ => None,
        },
        _ => None,
    }
}

/// Visits every type and expression of the table elements of `statement`: column types, the
/// expressions of computed columns and watermarks, and the types inside those expressions.
pub fn walk_statement<'a, V: Visitor<'a> + ?Sized>(v: &mut V, statement: &Statement<'a>) {
    walk_elements(v, &table_elements(statement));
}

/// [`walk_statement`] over a statement's [`table_elements`] already listed.
pub fn walk_elements<'a, V: Visitor<'a> + ?Sized>(v: &mut V, elements: &[&'a TableElement<'a>]) {
    for element in elements {
        match element {
            TableElement::Column(column) => {
                v.ident(&column.name);
                match &column.kind {
                    ColumnKind::Physical {
                        data_type,
                        constraint,
                    } => {
                        walk_type(v, data_type);
                        if let Some(c) = constraint {
                            walk_idents(v, c.name.iter());
                        }
                    }
                    ColumnKind::Metadata { data_type, .. } => walk_type(v, data_type),
                    ColumnKind::Computed { expr } => walk_expr(v, expr),
                    ColumnKind::NameOnly => {}
                }
            }
            TableElement::Watermark(w) => {
                walk_name(v, &w.rowtime);
                walk_expr(v, &w.expr)
            }
            TableElement::Constraint(c) => {
                walk_idents(v, c.name.iter());
                walk_columns(v, &c.columns);
            }
            TableElement::Error { .. } => {}
        }
    }
}

/// Visits `ty` and every type nested in it.
#[inline]
pub fn walk_type<'a, V: Visitor<'a> + ?Sized>(v: &mut V, ty: &'a DataTypeSyntax<'a>) {
    v.data_type(ty);
    // Most types are leaves (a built-in such as `STRING`): no call for them.
    if !matches!(
        ty.kind,
        TypeKind::Builtin { .. }
            | TypeKind::Raw { .. }
            | TypeKind::Interval { .. }
            | TypeKind::Error
    ) {
        walk_nested_types(v, ty);
    }
}

/// The types inside `ty` (an ARRAY's element, a MAP's key and value, a ROW's fields).
fn walk_nested_types<'a, V: Visitor<'a> + ?Sized>(v: &mut V, ty: &'a DataTypeSyntax<'a>) {
    match &ty.kind {
        TypeKind::Array { element, .. } | TypeKind::Multiset { element, .. } => {
            walk_type(v, element)
        }
        TypeKind::Map { key, value } => {
            walk_type(v, key);
            walk_type(v, value);
        }
        TypeKind::Row { fields, .. } | TypeKind::Structured { fields, .. } => {
            for f in fields {
                v.ident(&f.name);
                walk_type(v, &f.data_type);
            }
        }
        TypeKind::UserDefined { name } => walk_name(v, name),
        TypeKind::Builtin { .. }
        | TypeKind::Raw { .. }
        | TypeKind::Interval { .. }
        | TypeKind::Error => {}
    }
}

/// Visits `expr`, every expression inside it and the types it names (CAST targets, JSON
/// `RETURNING` types).
pub fn walk_expr<'a, V: Visitor<'a> + ?Sized>(v: &mut V, expr: &'a Expr<'a>) {
    v.expr(expr);
    match &expr.kind {
        ExprKind::Identifier(name) | ExprKind::QualifiedStar { qualifier: name } => {
            walk_name(v, name)
        }
        ExprKind::ContextVariable { name } => v.ident(name),
        ExprKind::Descriptor { columns } => walk_idents(v, columns.iter()),
        ExprKind::Literal(_) | ExprKind::Error => {}
        // Queries inside go to `Visitor::subquery`, which descends only when asked to.
        ExprKind::Subquery(q) | ExprKind::Exists(q) => v.subquery(q),
        ExprKind::InQuery { expr, query, .. } => {
            walk_expr(v, expr);
            v.subquery(query);
        }
        ExprKind::MatchSemantics { expr, .. } => walk_expr(v, expr),
        ExprKind::Quantified {
            expr, list, query, ..
        } => {
            walk_expr(v, expr);
            for e in list {
                walk_expr(v, e);
            }
            if let Some(q) = query {
                v.subquery(q);
            }
        }
        ExprKind::TableArgument(arg) => {
            if let Some(name) = &arg.name {
                v.table_name(name, name.span);
                walk_name(v, name);
            }
            if let Some(q) = &arg.query {
                v.subquery(q);
            }
            for e in &arg.partition_by {
                walk_expr(v, e);
            }
            for o in &arg.order_by {
                walk_expr(v, &o.expr);
            }
        }
        ExprKind::JsonConstructor(c) => {
            for (k, value) in &c.entries {
                walk_expr(v, k);
                walk_expr(v, value);
            }
            for e in &c.items {
                walk_expr(v, e);
            }
            for o in &c.order_by {
                walk_expr(v, &o.expr);
            }
            if let Some(t) = &c.returning {
                walk_type(v, t);
            }
            if let Some(q) = &c.query {
                v.subquery(q);
            }
        }
        ExprKind::Unary { operand, .. } => walk_expr(v, operand),
        ExprKind::Binary { left, right, .. } => {
            walk_expr(v, left);
            walk_expr(v, right);
        }
        ExprKind::Is { expr, test, .. } => {
            walk_expr(v, expr);
            match test {
                IsTest::DistinctFrom { other } => walk_expr(v, other),
                IsTest::Json { kind } => walk_idents(v, kind.iter()),
                _ => {}
            }
        }
        ExprKind::Between {
            expr, low, high, ..
        } => {
            walk_expr(v, expr);
            walk_expr(v, low);
            walk_expr(v, high);
        }
        ExprKind::Like {
            expr,
            pattern,
            escape,
            ..
        } => {
            walk_expr(v, expr);
            walk_expr(v, pattern);
            if let Some(e) = escape {
                walk_expr(v, e);
            }
        }
        ExprKind::In { expr, list, .. } => {
            walk_expr(v, expr);
            for e in list {
                walk_expr(v, e);
            }
        }
        ExprKind::Call(call) => {
            walk_name(v, &call.name);
            for e in &call.args {
                walk_expr(v, e);
            }
            for (name, e) in &call.named_args {
                v.ident(name);
                walk_expr(v, e);
            }
            if let Some(e) = &call.filter {
                walk_expr(v, e);
            }
            for o in &call.within_group {
                walk_expr(v, &o.expr);
            }
            match call.window {
                Some(super::Over::Spec { spec }) => walk_window_spec(v, spec),
                Some(super::Over::Named { name }) => v.ident(name),
                None => {}
            }
        }
        ExprKind::Cast {
            expr, data_type, ..
        } => {
            walk_expr(v, expr);
            walk_type(v, data_type);
        }
        ExprKind::Case {
            operand,
            whens,
            else_result,
        } => {
            if let Some(e) = operand {
                walk_expr(v, e);
            }
            for w in whens {
                walk_expr(v, &w.condition);
                for e in &w.more_values {
                    walk_expr(v, e);
                }
                walk_expr(v, &w.result);
            }
            if let Some(e) = else_result {
                walk_expr(v, e);
            }
        }
        ExprKind::Extract { expr, unit }
        | ExprKind::FloorCeil { expr, unit, .. }
        | ExprKind::FieldAccess { expr, field: unit } => {
            v.ident(unit);
            walk_expr(v, expr);
        }
        ExprKind::DatetimeInterval { expr, .. } | ExprKind::Nested(expr) => walk_expr(v, expr),
        ExprKind::Position {
            needle,
            haystack,
            from,
        } => {
            walk_expr(v, needle);
            walk_expr(v, haystack);
            if let Some(e) = from {
                walk_expr(v, e);
            }
        }
        ExprKind::Trim { chars, expr, .. } => {
            if let Some(e) = chars {
                walk_expr(v, e);
            }
            walk_expr(v, expr);
        }
        ExprKind::Substring { expr, from, length } => {
            walk_expr(v, expr);
            walk_expr(v, from);
            if let Some(e) = length {
                walk_expr(v, e);
            }
        }
        ExprKind::Overlay {
            expr,
            placing,
            from,
            length,
        } => {
            walk_expr(v, expr);
            walk_expr(v, placing);
            walk_expr(v, from);
            if let Some(e) = length {
                walk_expr(v, e);
            }
        }
        ExprKind::TimestampArith {
            left, right, unit, ..
        } => {
            v.ident(unit);
            walk_expr(v, left);
            walk_expr(v, right);
        }
        ExprKind::Json(json) => {
            for e in &json.args {
                walk_expr(v, e);
            }
            if let Some(t) = &json.returning {
                walk_type(v, t);
            }
            for c in &json.clauses {
                if let Some(e) = &c.default {
                    walk_expr(v, e);
                }
            }
        }
        ExprKind::Row { items, .. } | ExprKind::Array { items } | ExprKind::Map { items } => {
            for e in items {
                walk_expr(v, e);
            }
        }
        ExprKind::Item { expr, index } => {
            walk_expr(v, expr);
            walk_expr(v, index);
        }
    }
}

/// Calls `f` on `expr` and every expression inside it.
/// The first expression under `root` (outside subqueries, in [`walk_expr`]'s order) that
/// passes `test`.
pub fn find_expr<'a>(
    root: &'a Expr<'a>,
    mut test: impl FnMut(&Expr) -> bool,
) -> Option<&'a Expr<'a>> {
    let mut found = None;
    for_each_expr(root, |e| {
        if found.is_none() && test(e) {
            found = Some(e);
        }
    });
    found
}

pub fn for_each_expr<'a>(expr: &'a Expr<'a>, f: impl FnMut(&'a Expr<'a>)) {
    struct Exprs<F>(F);
    impl<'a, F: FnMut(&'a Expr<'a>)> Visitor<'a> for Exprs<F> {
        fn expr(&mut self, expr: &'a Expr<'a>) {
            (self.0)(expr)
        }
    }
    walk_expr(&mut Exprs(f), expr);
}
