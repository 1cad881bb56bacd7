//! The column uses of a query, read from its tree and resolved the way Calcite's validator
//! resolves them: a qualifier names a FROM item by its alias (or, without one, by its table's or
//! CTE's last name part); an unqualified name belongs to the one FROM item of the innermost
//! query block that has it, then to the blocks around it (a correlated subquery). A name that
//! is ambiguous, or that a FROM item of unknown columns could hold, or that no item holds, is
//! recorded as unresolved: the index never guesses, and rename refuses to run past such a use.
//!
//! What a FROM item gives its readers is a [`Relation`]: the columns of a table (as the script
//! created it), a view or CTAS (their queries' outputs), a CTE or a derived table, each with what
//! its name means. A column a query passes through unchanged (`SELECT price FROM orders`) means
//! the column it reads, so a use of it through a view or a CTE is a use of the table's column.

use super::HashMap;
use super::{Builder, Symbol, TablePath};
use flinkddl::syntax::ast::{self, visit, Expr, ExprKind, Query, SetExprKind, TableRefKind};
use flinkddl::Span;
use std::sync::Arc;

/// What a column name a relation gives its readers stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Meaning {
    /// A table's (or view's) column: uses of it are uses of this symbol.
    Column(Symbol),
    /// A name the query itself makes (an alias, an expression's `EXPR$n`, a window column):
    /// nothing a rename of a table's column changes.
    Local,
    /// A column reference the index could not resolve: a use of it may be a use of anything.
    Unknown,
}

#[derive(Debug, Clone)]
pub(super) struct OutColumn {
    pub name: String,
    pub meaning: Meaning,
    /// The alias that names it (`price * 2 AS doubled`), in the select list that made it.
    pub alias: Option<Span>,
}

/// The columns a FROM item gives its query, in order.
#[derive(Debug, Default)]
pub(super) struct Relation {
    pub columns: Vec<OutColumn>,
    by_name: HashMap<String, Vec<usize>>,
}

/// The columns of a relation, or `None` when the index does not know them.
pub(super) type Rel = Option<Arc<Relation>>;

enum Lookup<'r> {
    None,
    One(&'r OutColumn),
    Many,
}

impl Relation {
    pub fn new(columns: Vec<OutColumn>) -> Relation {
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::default();
        for (i, c) in columns.iter().enumerate() {
            by_name.entry(c.name.clone()).or_default().push(i);
        }
        Relation { columns, by_name }
    }

    fn lookup(&self, name: &str) -> Lookup<'_> {
        match self.by_name.get(name).map(Vec::as_slice) {
            None | Some([]) => Lookup::None,
            Some([one]) => self.columns.get(*one).map_or(Lookup::None, Lookup::One),
            Some(_) => Lookup::Many,
        }
    }

    /// What a column name stands for; `None` when the relation has no such column.
    pub fn meaning_of(&self, name: &str) -> Option<Meaning> {
        match self.lookup(name) {
            Lookup::None => None,
            Lookup::One(c) => Some(c.meaning.clone()),
            Lookup::Many => Some(Meaning::Unknown),
        }
    }

    pub fn has(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }
}

/// One FROM item as a query block sees it.
#[derive(Debug, Clone)]
struct Item {
    /// The name a qualifier refers to it by; `None` for an unaliased subquery or function.
    name: Option<String>,
    /// The table it names, when the qualifier is the table's own name (no alias): a use of the
    /// qualifier is then a use of the table's name.
    table: Option<TablePath>,
    rel: Rel,
    /// A MATCH_RECOGNIZE pattern variable: reached only through its qualifier.
    qualified_only: bool,
    /// Where the query names it (its alias, or the CTE's name): a qualifier's use of it is a
    /// use of that [`Symbol::RelationAlias`].
    alias: Option<Symbol>,
}

/// The FROM items of one query block, indexed by the names that reach them, so that resolving
/// a name costs the same however many items the block has.
#[derive(Debug, Clone, Default)]
struct Level {
    items: Vec<Item>,
    /// Items by the name a qualifier refers to them by.
    by_name: HashMap<String, Vec<usize>>,
    /// For each column name of the items reached bare: how many items have it (a relation
    /// with it twice counts twice) and the meaning in the last one.
    columns: HashMap<String, (usize, Meaning)>,
    /// Items reached bare whose columns are unknown.
    unknown: usize,
}

impl Level {
    fn of(items: impl IntoIterator<Item = Item>) -> Level {
        let mut level = Level::default();
        for item in items {
            level.push(item);
        }
        level
    }

    fn push(&mut self, item: Item) {
        if let Some(name) = &item.name {
            self.by_name
                .entry(name.clone())
                .or_default()
                .push(self.items.len());
        }
        if !item.qualified_only {
            match &item.rel {
                None => self.unknown += 1,
                Some(rel) => {
                    for c in &rel.columns {
                        let entry = self
                            .columns
                            .entry(c.name.clone())
                            .or_insert((0, Meaning::Unknown));
                        entry.0 += 1;
                        entry.1 = c.meaning.clone();
                    }
                }
            }
        }
        self.items.push(item);
    }

    /// The items a qualifier names: none, one, or the first two (ambiguous), however many
    /// items share the name.
    fn named(&self, name: &str) -> Vec<Item> {
        self.by_name
            .get(name)
            .into_iter()
            .flatten()
            .take(2)
            .filter_map(|&i| self.items.get(i).cloned())
            .collect()
    }

    /// What a bare column name means here: `None` when no item has it and every item's columns
    /// are known (the name belongs to a block around this one).
    fn column(&self, name: &str) -> Option<Meaning> {
        match self.columns.get(name) {
            _ if self.unknown > 0 => Some(Meaning::Unknown),
            Some((1, meaning)) => Some(meaning.clone()),
            Some(_) => Some(Meaning::Unknown),
            None => None,
        }
    }
}

/// Resolves a query's names and records them in the index.
pub(super) struct Walker<'b> {
    pub b: &'b mut Builder,
    /// The FROM items of each enclosing query block, innermost last.
    scopes: Vec<Level>,
    /// The CTEs of each enclosing query, innermost last.
    ctes: Vec<Vec<(String, Rel, Symbol)>>,
    /// The select list's names, seen before the FROM items' columns: in ORDER BY (a use of an
    /// alias there is a use of the column it names) and in QUALIFY (one the index does not
    /// follow: unresolved).
    order_names: Option<Rel>,
    qualify_names: Option<Rel>,
}

/// A name the query itself makes.
fn local(name: impl Into<String>) -> OutColumn {
    OutColumn {
        name: name.into(),
        meaning: Meaning::Local,
        alias: None,
    }
}

impl<'b> Walker<'b> {
    pub fn new(b: &'b mut Builder) -> Walker<'b> {
        Walker {
            b,
            scopes: Vec::new(),
            ctes: Vec::new(),
            order_names: None,
            qualify_names: None,
        }
    }

    /// Walks a query and returns its output columns.
    pub fn query(&mut self, query: &Query) -> Rel {
        let order_names = self.order_names.take();
        let qualify_names = self.qualify_names.take();
        self.ctes.push(Vec::new());
        for cte in query.with.iter().flat_map(|w| &w.ctes) {
            let rel = self.query(cte.query);
            let rel = match &cte.columns {
                Some(list) => Some(renamed(&list.columns)),
                None => rel,
            };
            let symbol = self.relation_alias(&cte.name, "a CTE".to_string());
            if let Some(level) = self.ctes.last_mut() {
                level.push((cte.name.value.to_string(), rel, symbol));
            }
        }
        let (rel, block) = self.set_expr(&query.body);
        if !query.order_by.is_empty() {
            // ORDER BY sees the select list's names first, then the block's FROM items.
            self.scopes.push(block.unwrap_or_default());
            self.order_names = Some(rel.clone());
            for o in &query.order_by {
                self.expr(&o.expr);
            }
            self.order_names = None;
            self.scopes.pop();
        }
        for e in query.limit.iter().chain(query.offset.iter()) {
            self.expr(e);
        }
        self.ctes.pop();
        self.order_names = order_names;
        self.qualify_names = qualify_names;
        rel
    }

    fn expr(&mut self, expr: &Expr) {
        visit::walk_expr(self, expr);
    }

    /// A set expression's output (its first operand's, as Calcite names a set operation) and,
    /// for a SELECT, the FROM items ORDER BY sees.
    fn set_expr(&mut self, set: &ast::SetExpr) -> (Rel, Option<Level>) {
        match &set.kind {
            SetExprKind::Select(select) => {
                let (rel, items) = self.select(select);
                (rel, Some(items))
            }
            SetExprKind::Values { rows } => {
                for row in rows {
                    self.expr(row);
                }
                let width = match rows.first().map(|r| &r.kind) {
                    Some(ExprKind::Row { items, .. }) => items.len(),
                    _ => 1,
                };
                let columns = (0..width).map(|i| local(format!("EXPR${i}"))).collect();
                (Some(Arc::new(Relation::new(columns))), None)
            }
            SetExprKind::Table { name } => (self.named(name).rel, None),
            SetExprKind::Nested(q) => (self.query(q), None),
            SetExprKind::SetOperation { first, rest } => {
                let (rel, _) = self.set_expr(first);
                for operand in rest {
                    self.set_expr(&operand.operand);
                }
                (rel, None)
            }
        }
    }

    fn select(&mut self, select: &ast::Select) -> (Rel, Level) {
        self.scopes.push(Level::default());
        if let Some(from) = &select.from {
            self.from(from);
        }
        for e in select.where_clause.iter() {
            self.expr(e);
        }
        if let Some(group_by) = &select.group_by {
            for g in &group_by.items {
                self.grouping(g);
            }
        }
        for e in select.having.iter() {
            self.expr(e);
        }
        for w in &select.windows {
            self.window_spec(&w.spec);
        }
        let mut columns = Some(Vec::new());
        for (i, item) in select.items.iter().enumerate() {
            match item {
                ast::QueryItem::Wildcard { qualifier, .. } => {
                    let rels: Vec<Rel> = match qualifier {
                        // `q.*` of an ambiguous `q`: columns unknown.
                        Some(q) => match self.qualified_items(q).as_slice() {
                            [one] => vec![one.rel.clone()],
                            _ => vec![None],
                        },
                        None => self
                            .scopes
                            .last()
                            .into_iter()
                            .flat_map(|level| &level.items)
                            .filter(|i| !i.qualified_only)
                            .map(|i| i.rel.clone())
                            .collect(),
                    };
                    if rels.is_empty() {
                        columns = None;
                    }
                    for rel in rels {
                        match (rel, columns.as_mut()) {
                            // The columns of a FROM item, not names this select list makes.
                            (Some(rel), Some(out)) => {
                                out.extend(rel.columns.iter().map(|c| OutColumn {
                                    alias: None,
                                    ..c.clone()
                                }))
                            }
                            _ => columns = None,
                        }
                    }
                }
                ast::QueryItem::Expr { expr, alias, .. } => {
                    let meaning = self.expr_meaning(expr);
                    let column = match (alias, &expr.kind) {
                        (Some(alias), _) => {
                            let name = alias.value.to_string();
                            self.b.alias_defs.insert(alias.span, name.clone());
                            OutColumn {
                                meaning: Meaning::Column(Symbol::Alias {
                                    statement: self.b.statement,
                                    span: alias.span,
                                    name: name.clone(),
                                }),
                                name,
                                alias: Some(alias.span),
                            }
                        }
                        (None, ExprKind::Identifier(name)) => OutColumn {
                            name: name
                                .parts
                                .last()
                                .map(|p| p.value.to_string())
                                .unwrap_or_default(),
                            meaning: meaning.unwrap_or(Meaning::Local),
                            alias: None,
                        },
                        (None, _) => local(format!("EXPR${i}")),
                    };
                    if let Some(out) = columns.as_mut() {
                        out.push(column);
                    }
                }
            }
        }
        let rel = columns.map(|c| Arc::new(Relation::new(c)));
        if let Some(e) = &select.qualify {
            self.qualify_names = Some(rel.clone());
            self.expr(e);
            self.qualify_names = None;
        }
        let items = self.scopes.pop().unwrap_or_default();
        (rel, items)
    }

    /// Walks a select item's expression; for a bare column reference, what it means.
    fn expr_meaning(&mut self, expr: &Expr) -> Option<Meaning> {
        match &expr.kind {
            ExprKind::Identifier(name) => Some(self.identifier(name)),
            _ => {
                self.expr(expr);
                None
            }
        }
    }

    fn grouping(&mut self, g: &ast::GroupingElement) {
        match g {
            ast::GroupingElement::Expr { expr } => self.expr(expr),
            ast::GroupingElement::Empty { .. } => {}
            ast::GroupingElement::GroupingSets { items, .. } => {
                for g in items {
                    self.grouping(g);
                }
            }
            ast::GroupingElement::Rollup { items, .. }
            | ast::GroupingElement::Cube { items, .. } => {
                for e in items {
                    self.expr(e);
                }
            }
        }
    }

    fn window_spec(&mut self, spec: &ast::WindowSpec) {
        for e in &spec.partition_by {
            self.expr(e);
        }
        for o in &spec.order_by {
            self.expr(&o.expr);
        }
    }

    fn from(&mut self, from: &ast::FromClause) {
        self.table_ref(&from.first);
        for join in &from.joins {
            let before = self.scopes.last().map_or(0, |level| level.items.len());
            self.table_ref(&join.right);
            match &join.condition {
                Some(ast::JoinCondition::On { expr }) => self.expr(expr),
                Some(ast::JoinCondition::Using { columns }) => {
                    // One name for a column of each side: not a use of either alone.
                    for c in &columns.columns {
                        self.unresolved(c.value, c.span);
                    }
                }
                None => {}
            }
            if join.natural {
                // The columns both sides share join silently: renaming one changes the join.
                // (Past a few items on the left, every column of the right counts as shared.)
                let shared: Vec<String> = match self.scopes.last() {
                    Some(level) => {
                        let (left, right) = level.items.split_at(before.min(level.items.len()));
                        let bounded = left.len() <= 16;
                        right
                            .iter()
                            .filter_map(|i| i.rel.as_ref())
                            .flat_map(|r| r.columns.iter())
                            .filter(|c| {
                                !bounded
                                    || left
                                        .iter()
                                        .any(|l| l.rel.as_ref().is_none_or(|rel| rel.has(&c.name)))
                            })
                            .map(|c| c.name.clone())
                            .collect()
                    }
                    None => Vec::new(),
                };
                for name in shared {
                    self.unresolved(&name, join.span);
                }
            }
        }
    }

    fn push_item(&mut self, item: Item) {
        if let Some(level) = self.scopes.last_mut() {
            level.push(item);
        }
    }

    /// A table or CTE by name: its item (recording the table's name).
    fn named(&mut self, name: &ast::ObjectName) -> Item {
        if let [single] = name.parts.as_slice() {
            let cte = self
                .ctes
                .iter()
                .rev()
                .flat_map(|level| level.iter().rev())
                .find(|(n, _, _)| *n == single.value)
                .cloned();
            if let Some((cte_name, rel, symbol)) = cte {
                self.b.push(single.span, symbol.clone(), false);
                return Item {
                    name: Some(cte_name),
                    table: None,
                    rel,
                    qualified_only: false,
                    alias: Some(symbol),
                };
            }
        }
        let path = self.b.table_ref(name);
        let rel = path.as_ref().and_then(|p| self.b.live.get(p).cloned());
        Item {
            name: name.parts.last().map(|p| p.value.to_string()),
            table: path,
            rel,
            qualified_only: false,
            alias: None,
        }
    }

    fn table_ref(&mut self, table: &ast::TableRef) {
        let mut item = match &table.kind {
            TableRefKind::Named {
                name,
                system_time,
                hints,
            } => {
                let item = self.named(name);
                if let Some(table) = &item.table {
                    for hint in hints {
                        self.b.index.hints.push(super::TableHint {
                            table: table.clone(),
                            span: hint.span,
                            statement: self.b.statement,
                        });
                    }
                }
                // `FOR SYSTEM_TIME AS OF o.ts` reads the items before it.
                for e in system_time.iter() {
                    self.expr(e);
                }
                item
            }
            TableRefKind::Derived { lateral, query } => {
                // Only a LATERAL subquery sees the items before it.
                let hidden = if *lateral {
                    None
                } else {
                    self.scopes.last_mut().map(std::mem::take)
                };
                let rel = self.query(query);
                if let (Some(hidden), Some(level)) = (hidden, self.scopes.last_mut()) {
                    *level = hidden;
                }
                Item {
                    name: None,
                    table: None,
                    rel,
                    qualified_only: false,
                    alias: None,
                }
            }
            TableRefKind::Function { call, .. } => Item {
                name: None,
                table: None,
                rel: self.table_function(call),
                qualified_only: false,
                alias: None,
            },
            TableRefKind::Unnest { args, .. } => {
                for e in args {
                    self.expr(e);
                }
                Item {
                    name: None,
                    table: None,
                    rel: None,
                    qualified_only: false,
                    alias: None,
                }
            }
            TableRefKind::Nested(from) => {
                // A parenthesized join: its items are this block's.
                self.from(from);
                return;
            }
        };
        if let Some(mr) = &table.match_recognize {
            item.rel = self.match_recognize(mr, item.rel.clone());
            item.table = None;
            item.name = None;
        }
        if let Some(alias) = &table.alias {
            let what = match (&table.kind, &item.table) {
                _ if table.match_recognize.is_some() => "MATCH_RECOGNIZE".to_string(),
                (TableRefKind::Named { .. }, Some(path)) => format!("table `{}`", path.2),
                (TableRefKind::Named { name, .. }, None) => format!("CTE `{}`", name.display()),
                (TableRefKind::Derived { .. }, _) => "a subquery".to_string(),
                (TableRefKind::Function { .. }, _) => "a table function's result".to_string(),
                (TableRefKind::Unnest { .. }, _) => "UNNEST".to_string(),
                (TableRefKind::Nested(_), _) => "a join".to_string(),
            };
            item.alias = Some(self.relation_alias(&alias.name, what));
            item.name = Some(alias.name.value.to_string());
            item.table = None;
            if let Some(list) = &alias.columns {
                item.rel = Some(renamed(&list.columns));
            }
        }
        self.push_item(item);
    }

    /// `TABLE(f(...))`: its arguments (a table argument's columns are in scope for the others:
    /// `DESCRIPTOR(ts)`, `PARTITION BY`), and what it outputs: a window function's table's
    /// columns and the window columns; unknown for any other function.
    fn table_function(&mut self, call: &Expr) -> Rel {
        let ExprKind::Call(c) = &call.kind else {
            self.expr(call);
            return None;
        };
        let args: Vec<&Expr> = c
            .args
            .iter()
            .chain(c.named_args.iter().map(|(_, e)| e))
            .collect();
        let mut input: Option<Item> = None;
        for arg in &args {
            if let ExprKind::TableArgument(t) = &arg.kind {
                let item = match (&t.name, &t.query) {
                    (Some(name), _) => self.named(name),
                    (None, Some(q)) => Item {
                        name: None,
                        table: None,
                        rel: self.query(q),
                        qualified_only: false,
                        alias: None,
                    },
                    (None, None) => continue,
                };
                input.get_or_insert(item);
            }
        }
        self.scopes.push(Level::of(input.iter().cloned()));
        for arg in &args {
            match &arg.kind {
                ExprKind::TableArgument(t) => {
                    for e in &t.partition_by {
                        self.expr(e);
                    }
                    for o in &t.order_by {
                        self.expr(&o.expr);
                    }
                }
                _ => self.expr(arg),
            }
        }
        self.scopes.pop();
        let function = c
            .name
            .parts
            .last()
            .map(|p| p.value.to_ascii_uppercase())
            .unwrap_or_default();
        if !matches!(function.as_str(), "TUMBLE" | "HOP" | "CUMULATE" | "SESSION") {
            return None;
        }
        let rel = input?.rel?;
        let mut columns = rel.columns.clone();
        columns.extend(["window_start", "window_end", "window_time"].map(local));
        Some(Arc::new(Relation::new(columns)))
    }

    /// MATCH_RECOGNIZE over an item: its expressions read the item's columns, bare or through a
    /// pattern variable (`A.price`); it outputs the partition columns and the measures (one row
    /// per match) or the item's columns and the measures (all rows).
    fn match_recognize(&mut self, mr: &ast::MatchRecognize, input: Rel) -> Rel {
        let mut level = vec![Item {
            name: None,
            table: None,
            rel: input.clone(),
            qualified_only: false,
            alias: None,
        }];
        let mut variables = Vec::new();
        pattern_variables(&mr.pattern, &mut variables);
        variables.extend(mr.subsets.iter().map(|s| s.name.value.to_string()));
        for v in variables {
            level.push(Item {
                name: Some(v),
                table: None,
                rel: input.clone(),
                qualified_only: true,
                alias: None,
            });
        }
        self.scopes.push(Level::of(level));
        let mut partition = Vec::new();
        for e in &mr.partition_by {
            match self.expr_meaning(e) {
                Some(meaning) => {
                    let name = match &e.kind {
                        ExprKind::Identifier(n) => n.parts.last().map(|p| p.value.to_string()),
                        _ => None,
                    };
                    partition.push(OutColumn {
                        name: name.unwrap_or_default(),
                        meaning,
                        alias: None,
                    });
                }
                None => partition.push(local("")),
            }
        }
        for o in &mr.order_by {
            self.expr(&o.expr);
        }
        for m in mr.measures.iter().chain(mr.define.iter()) {
            self.expr(&m.expr);
        }
        for e in mr.within.iter() {
            self.expr(e);
        }
        self.scopes.pop();
        let measures = mr.measures.iter().map(|m| local(m.name.value.to_string()));
        let columns = if mr.all_rows == Some(true) {
            let mut columns = input?.columns.clone();
            columns.extend(measures);
            columns
        } else {
            partition.into_iter().chain(measures).collect()
        };
        Some(Arc::new(Relation::new(columns)))
    }

    fn unresolved(&mut self, name: &str, span: Span) {
        self.b.unresolved(name, span);
    }

    /// The items a qualifier names, innermost block first (the first block that has any);
    /// records a use of a table's name through it.
    fn qualified_items(&mut self, qualifier: &ast::ObjectName) -> Vec<Item> {
        let [q] = qualifier.parts.as_slice() else {
            return Vec::new();
        };
        let found = self.items_named(q.value);
        if let [item] = found.as_slice() {
            self.qualifier_use(q.span, item);
        }
        found
    }

    /// A qualifier naming one FROM item: a use of its table's name, or of its alias.
    fn qualifier_use(&mut self, span: Span, item: &Item) {
        if let Some(path) = &item.table {
            self.b.push(span, Symbol::Table(path.clone()), false);
        } else if let Some(alias) = &item.alias {
            self.b.push(span, alias.clone(), false);
        }
    }

    /// Defines the name a query gives a FROM item or a CTE; `what` says what it names.
    fn relation_alias(&mut self, name: &ast::Ident, what: String) -> Symbol {
        let symbol = Symbol::RelationAlias {
            statement: self.b.statement,
            span: name.span,
            name: name.value.to_string(),
        };
        self.b.push(name.span, symbol.clone(), true);
        self.b.index.relation_aliases.insert(name.span, what);
        symbol
    }

    fn items_named(&self, name: &str) -> Vec<Item> {
        for level in self.scopes.iter().rev() {
            let found = level.named(name);
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }

    /// Resolves a column name written bare, records it, and returns what it means.
    fn bare(&mut self, ident: &ast::Ident) -> Meaning {
        let name = ident.value;
        if let Some(Some(rel)) = &self.order_names {
            match rel.lookup(name) {
                Lookup::One(c) => {
                    let meaning = c.meaning.clone();
                    if let Some(alias) = c.alias {
                        // A use of the view's or CTAS's column the alias names, or else of
                        // the alias: known once the statement is read.
                        self.b.alias_uses.entry(alias).or_default().push(ident.span);
                        return meaning;
                    }
                    return self.record(ident, meaning);
                }
                Lookup::Many => return self.record(ident, Meaning::Unknown),
                Lookup::None => {}
            }
        }
        if let Some(Some(rel)) = &self.qualify_names {
            if rel
                .columns
                .iter()
                .any(|c| c.alias.is_some() && c.name == name)
            {
                return self.record(ident, Meaning::Unknown);
            }
        }
        let meaning = self.bare_meaning(name);
        self.record(ident, meaning)
    }

    fn bare_meaning(&self, name: &str) -> Meaning {
        for level in self.scopes.iter().rev() {
            if let Some(meaning) = level.column(name) {
                return meaning;
            }
        }
        Meaning::Unknown
    }

    fn record(&mut self, ident: &ast::Ident, meaning: Meaning) -> Meaning {
        match &meaning {
            Meaning::Column(symbol) => self.b.push(ident.span, symbol.clone(), false),
            Meaning::Local => {}
            Meaning::Unknown => self.unresolved(ident.value, ident.span),
        }
        meaning
    }

    /// A column reference: `c`, `q.c`, or either followed by a field of a ROW column.
    fn identifier(&mut self, name: &ast::ObjectName) -> Meaning {
        let parts = name.parts.as_slice();
        match parts {
            [] => Meaning::Unknown,
            [column] => self.bare(column),
            [qualifier, column, fields @ ..] => {
                let items = self.items_named(qualifier.value);
                if items.is_empty() {
                    // `c.field`: a ROW column's field; or a qualifier the index does not
                    // follow (`db.t.c`), whose parts may then name a table.
                    if self.bare(qualifier) == Meaning::Unknown {
                        for part in &parts[1..] {
                            self.unresolved(part.value, part.span);
                        }
                    }
                    return Meaning::Local;
                }
                if let [item] = items.as_slice() {
                    self.qualifier_use(qualifier.span, item);
                }
                let meaning = match items.as_slice() {
                    [Item { rel: Some(rel), .. }] => match rel.lookup(column.value) {
                        Lookup::One(c) => c.meaning.clone(),
                        _ => Meaning::Unknown,
                    },
                    _ => Meaning::Unknown,
                };
                let meaning = self.record(column, meaning);
                if fields.is_empty() {
                    meaning
                } else {
                    Meaning::Local
                }
            }
        }
    }
}

impl visit::Visitor<'_> for Walker<'_> {
    fn expr(&mut self, expr: &Expr) {
        match &expr.kind {
            ExprKind::Identifier(name) => {
                self.identifier(name);
            }
            ExprKind::Descriptor { columns } => {
                for c in columns {
                    self.bare(c);
                }
            }
            ExprKind::QualifiedStar { qualifier } => {
                self.qualified_items(qualifier);
            }
            _ => {}
        }
    }

    fn subquery(&mut self, query: &Query) {
        self.query(query);
    }

    fn table_name(&mut self, name: &ast::ObjectName, _span: Span) {
        self.named(name);
    }
}

/// Columns named by a list (`AS t(a, b)`, `WITH c(a, b) AS ...`): names the query makes.
fn renamed(columns: &[ast::Ident]) -> Arc<Relation> {
    Arc::new(Relation::new(
        columns.iter().map(|c| local(c.value.to_string())).collect(),
    ))
}

fn pattern_variables(pattern: &ast::Pattern, out: &mut Vec<String>) {
    use ast::PatternKind as P;
    match &pattern.kind {
        P::Variable { name } => out.push(name.value.to_string()),
        P::Sequence { items } | P::Alternation { items } | P::Permute { items } => {
            for p in items {
                pattern_variables(p, out);
            }
        }
        P::Quantified { pattern, .. } | P::Exclusion { pattern } => pattern_variables(pattern, out),
        P::Group { pattern } => {
            if let Some(p) = pattern {
                pattern_variables(p, out);
            }
        }
    }
}
