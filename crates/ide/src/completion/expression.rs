//! Completion in an expression: in a query, the columns of the FROM items in scope (from the
//! semantic model where the statement binds, else from the scope read off the text), then the
//! expression keywords and the built-in functions; elsewhere the table's other columns.

use super::columns::{is_timestamp_type, ColumnInfo};
use super::{quote_ident, Collector, CompletionKind, EXPRESSION_KEYWORDS};
use crate::index::TablePath;
use crate::reference;
use crate::scope;
use crate::Analysis;
use flinkddl::binder::semantic::{ColumnSource, QueryScope, ScopeItem, ScopeItemKind};
use flinkddl::syntax::Keyword;

/// A table a query sees: the name it is referred to by, its path when it is a table or view,
/// its columns.
struct ScopeTable {
    name: Option<String>,
    path: Option<TablePath>,
    columns: Vec<ColumnInfo>,
}

/// The table column an output column of the model copies as it is, through CTEs, subqueries
/// and views; `None` when it computes its value or reads several.
pub(super) fn model_origins(analysis: &Analysis, output: usize) -> Option<ColumnSource> {
    match analysis.model().origins(output).as_slice() {
        [(source @ ColumnSource::Table { .. }, true)] => Some(source.clone()),
        _ => None,
    }
}

impl Collector<'_> {
    pub(super) fn expression(&mut self) {
        let qualified = !self.cx.qualifier.is_empty();
        match self.query_scope() {
            Some(tables) if qualified => {
                // `o.^`: the columns of the table `o` names, and nothing else.
                let qualifier = self.cx.qualifier.clone();
                let path = self.qualify(&qualifier);
                for table in &tables {
                    let named = match qualifier.as_slice() {
                        [one] => table.name.as_deref() == Some(one.as_str()),
                        _ => table.path.is_some() && table.path == path,
                    };
                    if named {
                        for col in &table.columns {
                            self.column(col, false);
                        }
                    }
                }
                return;
            }
            Some(tables) => self.scope_columns(&tables),
            // After a dot outside a query: a field of a ROW column, which this does not know.
            None if qualified => return,
            None => {
                // A computed column's or watermark's expression: the table's other columns.
                for col in self.columns() {
                    if !col.is_computed {
                        self.column(&col, false);
                    }
                }
            }
        }
        self.snippets(EXPRESSION_KEYWORDS, CompletionKind::Keyword);
        for name in flinkddl::binder::expr::builtin_function_names() {
            let Some(info) = flinkddl::binder::expr::builtin_function(name) else {
                continue;
            };
            if Keyword::lookup(name).is_context_variable() || matches!(name, "CAST" | "TRY_CAST") {
                continue;
            }
            let insert = if info.max_args == Some(0) {
                format!("{name}()")
            } else {
                format!("{name}($1)")
            };
            let detail = info
                .signatures
                .first()
                .cloned()
                .unwrap_or_else(|| format!("{name}(...)"));
            let doc = reference::describe_function(&info);
            let item = self.push(
                name,
                CompletionKind::Function,
                insert,
                info.max_args != Some(0),
            );
            item.detail = Some(detail);
            item.documentation = Some(doc);
        }
    }

    /// The columns of every table a query sees, by their bare names; a name two of them share is
    /// offered qualified (`o.id`, `u.id`), since the bare one would be ambiguous.
    fn scope_columns(&mut self, tables: &[ScopeTable]) {
        let mut seen: Vec<&str> = Vec::new();
        let mut shared: Vec<&str> = Vec::new();
        for table in tables {
            let mut own: Vec<&str> = Vec::new();
            for col in &table.columns {
                if own.contains(&col.name.as_str()) {
                    continue;
                }
                own.push(&col.name);
                if seen.contains(&col.name.as_str()) {
                    shared.push(&col.name);
                } else {
                    seen.push(&col.name);
                }
            }
        }
        let shared: Vec<String> = shared.into_iter().map(str::to_string).collect();
        for table in tables {
            for col in &table.columns {
                match &table.name {
                    Some(name) if shared.contains(&col.name) => {
                        let label = format!("{name}.{}", col.name);
                        let insert = format!("{}.{}", quote_ident(name), quote_ident(&col.name));
                        let item = self.push(label, CompletionKind::Column, insert, false);
                        item.detail = Some(col.detail.clone());
                    }
                    _ => self.column(col, false),
                }
            }
        }
    }

    /// The tables (and subqueries, CTEs, window functions) a query sees at the cursor, with
    /// their columns; `None` when the cursor is not in a query with a FROM.
    fn query_scope(&self) -> Option<Vec<ScopeTable>> {
        let tokens = self.tokens();
        let cursor = self
            .all_tokens
            .partition_point(|t| t.span.start < self.cx.replace.start)
            .saturating_sub(self.cx.statement_tokens.start)
            .min(tokens.len());
        // What the binder resolved where the statement parsed whole (the semantic model's
        // scopes); from the tokens in half-typed text, or where the binder read no scope.
        if self.parsed_statement().is_some() {
            if let Some(tables) = self.model_scope() {
                return Some(tables);
            }
        }
        let ctes = scope::ctes(tokens);
        let items: Vec<scope::FromItem> = scope::blocks_around(tokens, cursor)
            .into_iter()
            .flat_map(|block| scope::from_items(tokens, block, &ctes))
            .collect();
        if items.is_empty() {
            return None;
        }
        Some(
            items
                .iter()
                .map(|item| ScopeTable {
                    name: item.name.clone(),
                    path: match &item.source {
                        scope::Source::Table(parts) => self.qualify(parts),
                        _ => None,
                    },
                    columns: self.item_columns(item, &ctes, 0),
                })
                .collect(),
        )
    }

    /// The FROM items of the SELECT blocks around the cursor, innermost first, as the binder
    /// resolved them (`None` when the model has no scope there: the statement stopped before).
    fn model_scope(&self) -> Option<Vec<ScopeTable>> {
        let model = self.analysis.model();
        let offset = self.cx.replace.start;
        let from = model
            .scopes
            .partition_point(|s| s.statement < self.statement);
        let mut around: Vec<&QueryScope> = model
            .scopes
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take_while(|s| s.statement == self.statement)
            .filter(|s| s.span.start <= offset && offset <= s.span.end)
            .collect();
        if around.is_empty() {
            return None;
        }
        around.sort_by_key(|s| std::cmp::Reverse(s.depth));
        // An item whose columns the binder does not follow (a window over a bare subquery, a
        // table function): the tokens may still tell them.
        if around
            .iter()
            .flat_map(|s| &s.items)
            .any(|i| i.columns.is_none() && !matches!(i.kind, ScopeItemKind::Table { .. }))
        {
            return None;
        }
        let tables: Vec<ScopeTable> = around
            .iter()
            .flat_map(|s| &s.items)
            .map(|item| self.model_table(item))
            .collect();
        (!tables.is_empty()).then_some(tables)
    }

    /// A FROM item of the model: a table's or view's columns as the script declares them, any
    /// other item's as the binder typed them (a column copied from a table: as that column).
    fn model_table(&self, item: &ScopeItem) -> ScopeTable {
        let path = match &item.kind {
            ScopeItemKind::Table { path } | ScopeItemKind::View { path } => Some(path.clone()),
            _ => None,
        };
        // What a column the item's query makes is a column of (a window's: its input's).
        let mut kind = &item.kind;
        while let ScopeItemKind::Window { input: Some(input) } = kind {
            kind = input;
        }
        let of = match (kind, &item.name) {
            (ScopeItemKind::Cte { name }, _) => format!("CTE {name}"),
            (ScopeItemKind::View { path }, _) => format!("view {}", path.2),
            (_, Some(alias)) => format!("subquery {alias}"),
            (_, None) => "subquery".to_string(),
        };
        let mut declared: Vec<(TablePath, Vec<ColumnInfo>)> = Vec::new();
        let mut columns = Vec::new();
        for c in item.columns.iter().flatten() {
            // A column passed through as it is from a table is described as that column.
            let source = match &c.source {
                ColumnSource::Output { output } => match model_origins(self.analysis, *output) {
                    Some(table) => table,
                    None => c.source.clone(),
                },
                other => other.clone(),
            };
            let from_table = match &source {
                ColumnSource::Table { path, column } | ColumnSource::View { path, column, .. } => {
                    if !declared.iter().any(|(p, _)| p == path) {
                        let mut out = Vec::new();
                        self.bound_columns(path, &mut out);
                        declared.push((path.clone(), out));
                    }
                    declared
                        .iter()
                        .find(|(p, _)| p == path)
                        .and_then(|(_, cols)| cols.iter().find(|d| d.name == *column))
                }
                _ => None,
            };
            columns.push(match (from_table, &c.data_type) {
                (Some(d), _) => ColumnInfo {
                    name: c.name.clone(),
                    ..d.clone()
                },
                (None, ty) => {
                    let what = match &c.source {
                        ColumnSource::Window { .. } => "window column".to_string(),
                        _ => format!("column of {of}"),
                    };
                    ColumnInfo {
                        name: c.name.clone(),
                        detail: match ty {
                            Some(ty) => format!("{} ({what})", ty.summary_string()),
                            None => what,
                        },
                        is_timestamp: ty.as_ref().is_some_and(is_timestamp_type),
                        type_known: ty.is_some(),
                        is_computed: false,
                    }
                }
            });
        }
        ScopeTable {
            name: item.name.clone(),
            path,
            columns,
        }
    }

    /// The columns a FROM item gives its query.
    fn item_columns(
        &self,
        item: &scope::FromItem,
        ctes: &[(String, scope::Body)],
        depth: usize,
    ) -> Vec<ColumnInfo> {
        let mut out = Vec::new();
        match &item.source {
            scope::Source::Table(parts) => {
                if let Some(path) = self.qualify(parts) {
                    self.bound_columns(&path, &mut out);
                }
            }
            scope::Source::Window(input) => {
                out = self.item_columns(input, ctes, depth);
                for (name, detail) in [
                    ("window_start", "TIMESTAMP(3) NOT NULL (window column)"),
                    ("window_end", "TIMESTAMP(3) NOT NULL (window column)"),
                    ("window_time", "the window's time attribute (window column)"),
                ] {
                    out.push(ColumnInfo {
                        name: name.to_string(),
                        detail: detail.to_string(),
                        is_timestamp: true,
                        type_known: true,
                        is_computed: false,
                    });
                }
            }
            scope::Source::Query(body) => {
                // A CTE that reads itself, or subqueries nested very deep: stop.
                if depth < 8 {
                    let of = match (&item.cte, &item.name) {
                        (Some(cte), _) => format!("CTE {cte}"),
                        (None, Some(alias)) => format!("subquery {alias}"),
                        (None, None) => "subquery".to_string(),
                    };
                    out = self.query_output(body, ctes, depth + 1, &of);
                }
            }
        }
        out
    }

    /// The columns a subquery or CTE body outputs, named by its select list: `*` and `q.*`
    /// give its tables' columns; a column reference keeps its column's type.
    fn query_output(
        &self,
        body: &scope::Body,
        ctes: &[(String, scope::Body)],
        depth: usize,
        of: &str,
    ) -> Vec<ColumnInfo> {
        let (from, select_items) = scope::body_block(self.tokens(), body, ctes);
        let inner: Vec<(Option<String>, Vec<ColumnInfo>)> = from
            .iter()
            .map(|item| (item.name.clone(), self.item_columns(item, ctes, depth)))
            .collect();
        let mut out: Vec<ColumnInfo> = Vec::new();
        for select in select_items {
            match select {
                scope::SelectItem::Star(qualifier) => {
                    for (name, columns) in &inner {
                        if qualifier.is_empty() || qualifier.last() == name.as_ref() {
                            out.extend(columns.iter().cloned());
                        }
                    }
                }
                scope::SelectItem::Named { name, reads, span } => {
                    let found = match reads.as_slice() {
                        [column] => inner
                            .iter()
                            .find_map(|(_, cols)| cols.iter().find(|c| c.name == *column)),
                        [.., table, column] => inner
                            .iter()
                            .filter(|(n, _)| n.as_ref() == Some(table))
                            .find_map(|(_, cols)| cols.iter().find(|c| c.name == *column)),
                        [] => None,
                    };
                    // A computed item: the binder's type of it, where its statement binds.
                    let typed = match found {
                        None if !self.cx.unclosed => self.analysis.item_type(span),
                        _ => None,
                    };
                    out.push(match (found, typed) {
                        (Some(c), _) => ColumnInfo { name, ..c.clone() },
                        (None, Some(ty)) => ColumnInfo {
                            name,
                            detail: format!("{} (column of {of})", ty.summary_string()),
                            is_timestamp: is_timestamp_type(ty),
                            type_known: true,
                            is_computed: false,
                        },
                        (None, None) => ColumnInfo {
                            name,
                            detail: format!("column of {of}"),
                            is_timestamp: false,
                            type_known: false,
                            is_computed: false,
                        },
                    });
                }
            }
        }
        out
    }
}
