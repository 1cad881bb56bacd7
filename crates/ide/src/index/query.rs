//! A query's names in the index, as the binder resolved them: read off the semantic model
//! (`flinkddl::binder::semantic`), not resolved again. The tree says only what is written where
//! (the FROM items' names and aliases, the CTEs' names, every name part an expression writes);
//! the model says what each denotes, and the index turns that into its symbols: a column of a
//! table, a view or a CTAS (through the index's `live` columns, so that a column a view or CTAS
//! passes through stands for the column it reads), a select-list alias, a FROM item's alias or a
//! CTE. A name the model does not resolve (ambiguous, unknown, in a statement the binder did not
//! read to its end, in MATCH_RECOGNIZE) is recorded as unresolved: the index never guesses, and
//! rename refuses to run past such a use.

use super::HashMap;
use super::{Builder, Symbol, TablePath};
use flinkddl::binder::semantic::{ColumnSource, NameUse, Resolution, SemanticModel};
use flinkddl::syntax::ast::{self, visit, Expr, ExprKind, Query, TableRefKind};
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
}

/// A path of the model as the index keys tables.
fn table_path(path: &(String, String, String)) -> TablePath {
    Arc::new(path.clone())
}

/// What the tree of one query writes where (no name is resolved here).
#[derive(Default)]
struct Written<'q> {
    /// FROM items that name something (a table, view or CTE): the name and its hints.
    named: Vec<(&'q ast::ObjectName<'q>, &'q [ast::Hint])>,
    /// Names a query gives: FROM items' aliases (with what they name) and CTEs.
    aliases: Vec<(&'q ast::Ident<'q>, AliasOf<'q>)>,
    /// Every name part that may be a column's use.
    parts: Vec<&'q ast::Ident<'q>>,
    /// NATURAL joins: the SELECT's span and the join's.
    natural: Vec<(Span, Span)>,
}

enum AliasOf<'q> {
    Cte,
    Named(&'q ast::ObjectName<'q>),
    Other(&'static str),
}

impl<'q> visit::Visitor<'q> for Written<'q> {
    fn expr(&mut self, e: &'q Expr<'q>) {
        match &e.kind {
            ExprKind::Identifier(name) => self.parts.extend(name.parts.iter()),
            ExprKind::Descriptor { columns } => self.parts.extend(columns.iter()),
            ExprKind::QualifiedStar { qualifier } => self.parts.extend(qualifier.parts.iter()),
            _ => {}
        }
    }

    fn subquery(&mut self, query: &'q Query<'q>) {
        visit::walk_query(self, query);
    }

    fn enter_query(&mut self, query: &'q Query<'q>) {
        for cte in query.with.iter().flat_map(|w| &w.ctes) {
            self.aliases.push((&cte.name, AliasOf::Cte));
        }
        // A SELECT's qualified stars and USING columns are not expressions.
        visit_selects(&query.body, &mut |select| {
            for item in &select.items {
                if let ast::QueryItem::Wildcard {
                    qualifier: Some(q), ..
                } = item
                {
                    self.parts.extend(q.parts.iter());
                }
            }
            if let Some(from) = &select.from {
                for join in &from.joins {
                    if let Some(ast::JoinCondition::Using { columns }) = &join.condition {
                        self.parts.extend(columns.columns.iter());
                    }
                    if join.natural {
                        self.natural.push((select.span, join.span));
                    }
                }
            }
        });
    }

    fn table_ref(&mut self, table: &'q ast::TableRef<'q>) {
        if let TableRefKind::Named { name, hints, .. } = &table.kind {
            self.named.push((name, hints));
        }
        if let Some(alias) = &table.alias {
            let of = match &table.kind {
                _ if table.match_recognize.is_some() => AliasOf::Other("MATCH_RECOGNIZE"),
                TableRefKind::Named { name, .. } => AliasOf::Named(name),
                TableRefKind::Derived { .. } => AliasOf::Other("a subquery"),
                TableRefKind::Function { .. } => AliasOf::Other("a table function's result"),
                TableRefKind::Unnest { .. } => AliasOf::Other("UNNEST"),
                TableRefKind::Nested(_) => AliasOf::Other("a join"),
            };
            self.aliases.push((&alias.name, of));
        }
    }

    fn table_name(&mut self, name: &'q ast::ObjectName<'q>, _span: Span) {
        self.named.push((name, &[]));
    }
}

/// The SELECT blocks of a set expression (not those of nested queries: those are walked
/// as queries of their own).
fn visit_selects<'q>(set: &'q ast::SetExpr<'q>, f: &mut impl FnMut(&'q ast::Select<'q>)) {
    match &set.kind {
        ast::SetExprKind::Select(select) => f(select),
        ast::SetExprKind::SetOperation { first, rest } => {
            visit_selects(first, f);
            for operand in rest {
                visit_selects(&operand.operand, f);
            }
        }
        _ => {}
    }
}

/// Records a query's names in the index, as the model resolved them, and returns its output
/// columns (for a view or CTAS over it).
pub(super) fn query(b: &mut Builder, model: &SemanticModel, query: &Query) -> Rel {
    let statement = b.statement;
    let span = query.span;
    let names: Vec<&NameUse> = model
        .names_of(statement)
        .iter()
        .filter(|n| span.start <= n.span.start && n.span.end <= span.end)
        .collect();
    let by_span: HashMap<Span, &Resolution> =
        names.iter().map(|n| (n.span, &n.resolution)).collect();
    let mut written = Written::default();
    visit::walk_query(&mut written, query);
    let part_names: HashMap<Span, &str> = written.parts.iter().map(|p| (p.span, p.value)).collect();

    // What a qualifier's FROM item is, by where its name is written.
    let mut from_items: HashMap<Span, Symbol> = HashMap::default();
    let cte_names: Vec<&str> = written
        .aliases
        .iter()
        .filter(|(_, of)| matches!(of, AliasOf::Cte))
        .map(|(n, _)| n.value)
        .collect();
    for (name, hints) in &written.named {
        let (Some(last), resolution) = (name.parts.last(), by_span.get(&name.span)) else {
            continue;
        };
        match resolution {
            Some(Resolution::Cte { definition }) => {
                let symbol = Symbol::RelationAlias {
                    statement,
                    span: *definition,
                    name: last.value.to_string(),
                };
                b.push(last.span, symbol.clone(), false);
                from_items.insert(last.span, symbol);
            }
            // A name the binder did not read (its statement stopped before) that may be a CTE:
            // not a use of a table of that name.
            None if name.parts.len() == 1 && cte_names.contains(&last.value) => {
                b.unresolved(last.value, last.span);
            }
            _ => {
                if let Some(path) = b.table_ref(name) {
                    for hint in hints.iter() {
                        b.index.hints.push(super::TableHint {
                            table: path.clone(),
                            span: hint.span,
                            statement,
                        });
                    }
                    from_items.insert(last.span, Symbol::Table(path));
                }
            }
        }
    }
    for (name, of) in &written.aliases {
        let what = match of {
            AliasOf::Cte => "a CTE".to_string(),
            AliasOf::Named(table) => match by_span.get(&table.span) {
                Some(Resolution::Cte { .. }) => format!("CTE `{}`", table.display()),
                _ => match table.parts.last() {
                    Some(last) => format!("table `{}`", last.value),
                    None => "a FROM item".to_string(),
                },
            },
            AliasOf::Other(what) => what.to_string(),
        };
        let symbol = Symbol::RelationAlias {
            statement,
            span: name.span,
            name: name.value.to_string(),
        };
        b.push(name.span, symbol.clone(), true);
        b.index.relation_aliases.insert(name.span, what);
        from_items.insert(name.span, symbol);
    }

    // The names, as resolved.
    let mut resolved: std::collections::HashSet<Span, foldhash::fast::RandomState> =
        Default::default();
    for n in &names {
        resolved.insert(n.span);
        match &n.resolution {
            Resolution::FromItem { definition } => {
                if let Some(symbol) = from_items.get(definition) {
                    b.push(n.span, symbol.clone(), false);
                }
            }
            Resolution::Column { source, .. } => {
                let name = part_names.get(&n.span).copied().unwrap_or("");
                let meaning = meaning_of(b, model, statement, source, 0);
                match (&meaning, source) {
                    // A use of this statement's select-list alias (ORDER BY): a use of the
                    // view's or CTAS's column it names, or else of the alias, known once the
                    // statement is read.
                    (
                        Meaning::Column(Symbol::Alias { span, .. }),
                        ColumnSource::Output { output },
                    ) if model
                        .output(*output)
                        .is_some_and(|o| o.statement == statement && o.depth == 0) =>
                    {
                        b.alias_uses.entry(*span).or_default().push(n.span);
                    }
                    (Meaning::Column(symbol), _) => b.push(n.span, symbol.clone(), false),
                    (Meaning::Local, _) => {}
                    (Meaning::Unknown, _) => b.unresolved(name, n.span),
                }
            }
            Resolution::Table { .. }
            | Resolution::View { .. }
            | Resolution::Cte { .. }
            | Resolution::Field { .. }
            | Resolution::Function { .. } => {}
        }
    }
    // The columns a NATURAL join compares silently: renaming one changes the join. (Every
    // column of the SELECT's FROM items counts.)
    for (select, join) in &written.natural {
        let scope = model
            .scopes
            .iter()
            .find(|s| s.statement == statement && s.span == *select);
        let names = scope
            .into_iter()
            .flat_map(|s| &s.items)
            .flat_map(|i| i.columns.iter().flatten())
            .map(|c| c.name.clone());
        for name in names.collect::<Vec<_>>() {
            b.unresolved(&name, *join);
        }
    }
    // Every other name part: unresolved (ambiguous, unknown, or not read by the binder).
    for part in &written.parts {
        if !resolved.contains(&part.span) {
            b.unresolved(part.value, part.span);
        }
    }

    // The select lists' aliases are names the query makes.
    let from = model.outputs.partition_point(|o| o.statement < statement);
    let outputs = model.outputs.get(from..).unwrap_or_default();
    for o in outputs.iter().take_while(|o| o.statement == statement) {
        if let Some(alias) = o
            .alias
            .filter(|a| span.start <= a.start && a.end <= span.end)
        {
            b.alias_defs.insert(alias, o.name.clone());
        }
    }
    // The query's own columns: its first branch's.
    let mut columns = Vec::new();
    let mut next = 0;
    for (i, o) in outputs
        .iter()
        .enumerate()
        .take_while(|(_, o)| o.statement == statement)
    {
        if o.depth != 0 || o.span.start < span.start || o.span.end > span.end {
            continue;
        }
        if o.index != next {
            // The next branch of a set operation.
            break;
        }
        next += 1;
        let meaning = match o.alias {
            Some(alias) => Meaning::Column(Symbol::Alias {
                statement,
                span: alias,
                name: o.name.clone(),
            }),
            None => output_meaning(b, model, statement, from + i, 0),
        };
        columns.push(OutColumn {
            name: o.name.clone(),
            meaning,
            alias: o.alias,
        });
    }
    if columns.is_empty() {
        return None;
    }
    Some(Arc::new(Relation::new(columns)))
}

/// How deep the index follows outputs into outputs (a CTE of a CTE ...): far past any real
/// query, and a bound on the walk.
const MAX_FOLLOW: u32 = 64;

/// What a column the model resolved stands for in the index.
fn meaning_of(
    b: &Builder,
    model: &SemanticModel,
    statement: usize,
    source: &ColumnSource,
    depth: u32,
) -> Meaning {
    match source {
        ColumnSource::Table { path, column } | ColumnSource::View { path, column, .. } => {
            match b.live.get(&table_path(path)) {
                Some(rel) => rel.meaning_of(column).unwrap_or(Meaning::Unknown),
                // A table this script does not create, whose column the binder found: one
                // of a project's catalog files (issue 35). Its uses here are uses of that
                // column, defined in the other file.
                None if matches!(source, ColumnSource::Table { .. }) => {
                    Meaning::Column(Symbol::Column(table_path(path), column.clone()))
                }
                None => Meaning::Unknown,
            }
        }
        ColumnSource::Output { output } => output_meaning(b, model, statement, *output, depth),
        ColumnSource::Window { .. } => Meaning::Local,
        ColumnSource::Unknown => Meaning::Unknown,
    }
}

/// What an output column of a query block stands for to its readers: a select-list alias, or
/// what a column passed through as it is reads, or a name the query makes.
fn output_meaning(
    b: &Builder,
    model: &SemanticModel,
    statement: usize,
    output: usize,
    depth: u32,
) -> Meaning {
    let Some(o) = model.output(output) else {
        return Meaning::Unknown;
    };
    if depth > MAX_FOLLOW {
        return Meaning::Unknown;
    }
    match (o.alias, o.sources.as_slice()) {
        (Some(alias), _) => Meaning::Column(Symbol::Alias {
            statement: o.statement,
            span: alias,
            name: o.name.clone(),
        }),
        (None, [source]) if o.copied => meaning_of(b, model, statement, source, depth + 1),
        _ => Meaning::Local,
    }
}
