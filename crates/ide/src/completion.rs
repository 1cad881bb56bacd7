//! Completion by context: the cursor's context (the `context` module) decides which of the
//! catalogues to offer: keywords that fit, type names, the table's columns, tables, functions,
//! connector and format ids, the option keys of the table's connector and formats (with a
//! snippet for the value), enum values and metadata keys.

use crate::catalogue;
use crate::context::{self, ident_value, keyword, string_value, word, Context, CursorContext};
use crate::index::TablePath;
use crate::scope;
use crate::Analysis;
use flinkddl::binder::semantic::{ColumnSource, QueryScope, ScopeItem, ScopeItemKind};
use flinkddl::syntax::ast::{self, visit};
use flinkddl::syntax::{Keyword, Token, TokenKind};
use flinkddl::types::DDL_TYPE_NAMES;
use flinkddl::Span;
use serde::Serialize;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CompletionKind {
    Keyword,
    Snippet,
    Type,
    Column,
    Table,
    Function,
    Option,
    Value,
    Connector,
    Format,
    MetadataKey,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompletionItem {
    pub label: String,
    pub kind: CompletionKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub documentation: Option<String>,
    /// What replaces [`CompletionItem::replace`]; a snippet (`$1`, `${1:x}`) when `is_snippet`.
    pub insert_text: String,
    pub is_snippet: bool,
    pub replace: Span,
    /// Orders items: lower first.
    pub sort_text: String,
}

/// The items for the cursor, narrowed to those that match what was typed of the word or string
/// (so a client should ask again as typing goes on), best first.
pub fn completions(analysis: &Analysis, offset: u32) -> Vec<CompletionItem> {
    completions_reading(analysis, offset, true)
}

/// [`completions`], reading the tokens around the cursor's statement when `around` and it can,
/// else the whole text's (the tests compare the two).
fn completions_reading(analysis: &Analysis, offset: u32, around: bool) -> Vec<CompletionItem> {
    let parse = &analysis.result().parse;
    let text = analysis.text();
    let offset = offset.min(text.len() as u32);
    let around = around
        .then(|| tokens_around(text, analysis, offset))
        .flatten();
    let document_tokens = around.as_deref().unwrap_or_else(|| parse.tokens());
    let mut cx = context::cursor_context(text, document_tokens, &parse.trivia, offset);
    // In an unclosed string the lexer read everything up to some later quote as the string:
    // read the statement again with the string closed where the line ends.
    let repaired;
    let (text, tokens) = if cx.unclosed {
        let closed = context::close_string_at_line_end(text, offset);
        let lexed = flinkddl::syntax::lex(&closed);
        let mut again = context::cursor_context(&closed, &lexed.tokens, &lexed.trivia, offset);
        again.replace = cx.replace;
        again.unclosed = true;
        cx = again;
        repaired = (closed, lexed.tokens);
        (repaired.0.as_str(), repaired.1.as_slice())
    } else {
        (text, document_tokens)
    };
    let mut c = Collector {
        analysis,
        text,
        all_tokens: tokens,
        cx: &cx,
        items: Vec::new(),
        statement: analysis.statement_at(offset).unwrap_or(0),
    };
    c.collect();
    let typed = text
        .get(cx.replace.start as usize..offset.max(cx.replace.start) as usize)
        .unwrap_or("")
        .to_string();
    let mut items = c.items;
    if cx.unclosed {
        // Close the string the item completes.
        for item in items
            .iter_mut()
            .filter(|i| i.kind != CompletionKind::Option)
        {
            item.insert_text.push('\'');
        }
    }
    if !typed.is_empty() {
        items.retain(|item| matches_typed(&typed, &item.label));
    }
    items.sort_by(|a, b| a.sort_text.cmp(&b.sort_text).then(a.label.cmp(&b.label)));
    items.dedup_by(|a, b| a.label == b.label && a.kind == b.kind);
    items
}

/// The tokens of the cursor's statement and one statement either side, lexed alone, when they
/// hold a `;` before the cursor (or start the text) and one after it (or end it): then the
/// cursor's context and everything the collector reads, which stop at those `;`, are what the
/// whole text's tokens give, without lexing a 5 MB script (30 M instructions, a third of a
/// completion's cost) for one statement. `None`: the whole text's tokens are needed.
fn tokens_around(text: &str, analysis: &Analysis, offset: u32) -> Option<Vec<Token>> {
    let statements = analysis.statements();
    let at = analysis.statement_at(offset)?;
    let len = text.len() as u32;
    let start = match at.checked_sub(1) {
        Some(before) if before > 0 => statements.get(before)?.span.start,
        _ => 0,
    };
    let end = statements.get(at + 2).map_or(len, |after| after.span.start);
    let mut tokens = flinkddl::syntax::lex_span(text, Span::new(start, end));
    let semicolon = |t: &&Token| t.kind == flinkddl::syntax::TokenKind::Semicolon;
    let before = start == 0
        || tokens
            .iter()
            .filter(semicolon)
            .any(|t| t.span.start < offset);
    let after = end == len
        || tokens
            .iter()
            .filter(semicolon)
            .any(|t| t.span.start >= offset);
    if !(before && after) {
        return None;
    }
    if end == len {
        // The whole text's tokens end with an end-of-input token at its end.
        let mut eof = *flinkddl::syntax::lex("").tokens.first()?;
        eof.span = Span::new(len, len);
        tokens.push(eof);
    }
    Some(tokens)
}

/// `label` starts with `typed`, or one of its words does (words split at `_`, `.`, `-`, ` `),
/// ignoring case: `pr` finds `price` and `PROCTIME`, `startup` finds `scan.startup.mode`.
fn matches_typed(typed: &str, label: &str) -> bool {
    let typed = typed.to_lowercase();
    let label = label.to_lowercase();
    label.starts_with(&typed)
        || label
            .match_indices(['_', '.', '-', ' '])
            .any(|(i, sep)| label[i + sep.len()..].starts_with(&typed))
}

/// A table a query sees: the name it is referred to by, its path when it is a table or view,
/// its columns.
struct ScopeTable {
    name: Option<String>,
    path: Option<TablePath>,
    columns: Vec<ColumnInfo>,
}

/// The table column an output column of the model copies as it is, through CTEs, subqueries
/// and views; `None` when it computes its value or reads several.
fn model_origins(analysis: &Analysis, output: usize) -> Option<ColumnSource> {
    match analysis.model().origins(output).as_slice() {
        [(source @ ColumnSource::Table { .. }, true)] => Some(source.clone()),
        _ => None,
    }
}

/// A column the cursor's statement can see.
#[derive(Clone)]
struct ColumnInfo {
    name: String,
    detail: String,
    is_timestamp: bool,
    /// The type is known (declared, or resolved by Flink), so `is_timestamp` is sure; a computed
    /// column of a table that does not bind yet has an unknown type.
    type_known: bool,
    is_computed: bool,
}

struct Collector<'a> {
    analysis: &'a Analysis,
    /// The document's text and tokens, or, in an unclosed string, the text with the string
    /// closed (the same up to the end of the cursor's line).
    text: &'a str,
    all_tokens: &'a [Token],
    cx: &'a CursorContext,
    items: Vec<CompletionItem>,
    statement: usize,
}

const STATEMENT_STARTS: &[(&str, &str)] = &[
    ("CREATE TABLE", "CREATE TABLE ${1:name} (\n  ${2:id} ${3:BIGINT}\n) WITH (\n  'connector' = '${4}'\n);"),
    ("CREATE TEMPORARY TABLE", "CREATE TEMPORARY TABLE ${1:name} (\n  ${2:id} ${3:BIGINT}\n) WITH (\n  'connector' = '${4}'\n);"),
    ("CREATE VIEW", "CREATE VIEW ${1:name} AS\nSELECT ${2:*} FROM ${3:table};"),
    ("CREATE CATALOG", "CREATE CATALOG ${1:name} WITH (\n  'type' = '${2}'\n);"),
    ("CREATE DATABASE", "CREATE DATABASE ${1:name};"),
    ("CREATE FUNCTION", "CREATE FUNCTION ${1:name} AS '${2:com.example.Function}';"),
    ("INSERT INTO", "INSERT INTO ${1:table}\nSELECT ${2:*} FROM ${3:source};"),
    ("ALTER TABLE", "ALTER TABLE ${1:name} "),
    ("DROP TABLE", "DROP TABLE ${1:name};"),
    ("DROP VIEW", "DROP VIEW ${1:name};"),
    ("USE", "USE ${1:database};"),
    ("USE CATALOG", "USE CATALOG ${1:catalog};"),
    ("SET", "SET '${1:key}' = '${2:value}';"),
    ("RESET", "RESET '${1:key}';"),
    ("SELECT", "SELECT ${1:*} FROM ${2:table};"),
    ("SHOW TABLES", "SHOW TABLES;"),
    ("DESCRIBE", "DESCRIBE ${1:table};"),
    ("EXPLAIN", "EXPLAIN "),
    ("EXECUTE STATEMENT SET", "EXECUTE STATEMENT SET\nBEGIN\n  $0\nEND;"),
];

const EXPRESSION_KEYWORDS: &[(&str, &str)] = &[
    ("CAST", "CAST(${1:expr} AS ${2:STRING})"),
    ("TRY_CAST", "TRY_CAST(${1:expr} AS ${2:STRING})"),
    (
        "CASE",
        "CASE WHEN ${1:condition} THEN ${2:result} ELSE ${3:other} END",
    ),
    ("INTERVAL", "INTERVAL '${1:5}' ${2:SECOND}"),
    ("CURRENT_TIMESTAMP", "CURRENT_TIMESTAMP"),
    ("CURRENT_DATE", "CURRENT_DATE"),
    ("LOCALTIMESTAMP", "LOCALTIMESTAMP"),
    ("TRUE", "TRUE"),
    ("FALSE", "FALSE"),
    ("NULL", "NULL"),
    ("AND", "AND"),
    ("OR", "OR"),
    ("NOT", "NOT"),
    ("IS NULL", "IS NULL"),
    ("IS NOT NULL", "IS NOT NULL"),
    ("BETWEEN", "BETWEEN ${1:low} AND ${2:high}"),
    ("LIKE", "LIKE '${1:%}'"),
    ("IN", "IN (${1})"),
];

impl Collector<'_> {
    fn text(&self) -> &str {
        self.text
    }

    /// The cursor's statement when it parsed whole (and the text read is the document's own,
    /// not one repaired for an unclosed string): its tree is then the truth about it.
    fn parsed_statement(&self) -> Option<&flinkddl::syntax::ast::Statement<'_>> {
        if self.cx.unclosed
            || self
                .analysis
                .index()
                .opaque
                .binary_search(&self.statement)
                .is_ok()
        {
            return None;
        }
        let statement = self.analysis.statements().get(self.statement)?;
        let offset = self.cx.replace.start;
        (statement.span.start <= offset && offset <= statement.span.end).then_some(statement)
    }

    fn tokens(&self) -> &[Token] {
        self.all_tokens
            .get(self.cx.statement_tokens.clone())
            .unwrap_or(&[])
    }

    fn push(
        &mut self,
        label: impl Into<String>,
        kind: CompletionKind,
        insert: impl Into<String>,
        snippet: bool,
    ) -> &mut CompletionItem {
        let label = label.into();
        let rank = match kind {
            CompletionKind::Column
            | CompletionKind::Option
            | CompletionKind::Value
            | CompletionKind::MetadataKey => 1,
            CompletionKind::Connector | CompletionKind::Format | CompletionKind::Table => 1,
            CompletionKind::Type | CompletionKind::Snippet => 2,
            CompletionKind::Keyword => 3,
            CompletionKind::Function => 4,
        };
        self.items.push(CompletionItem {
            sort_text: format!("{rank}{label}"),
            label,
            kind,
            detail: None,
            documentation: None,
            insert_text: insert.into(),
            is_snippet: snippet,
            replace: self.cx.replace,
        });
        let last = self.items.len() - 1;
        &mut self.items[last]
    }

    fn keywords(&mut self, words: &[&str]) {
        for w in words {
            self.push(*w, CompletionKind::Keyword, *w, false);
        }
    }

    fn snippets(&mut self, list: &[(&str, &str)], kind: CompletionKind) {
        for (label, body) in list {
            self.push(*label, kind, *body, body.contains('$'));
        }
    }

    fn collect(&mut self) {
        match self.cx.context.clone() {
            Context::Nothing => {}
            Context::Keywords(words) => self.keywords(words),
            Context::StatementStart => self.snippets(STATEMENT_STARTS, CompletionKind::Keyword),
            Context::AfterCreate => self.keywords(&[
                "TABLE",
                "TEMPORARY",
                "VIEW",
                "CATALOG",
                "DATABASE",
                "FUNCTION",
                "OR REPLACE",
            ]),
            Context::TableName => self.tables(),
            Context::ElementStart => self.snippets(
                &[
                    (
                        "WATERMARK FOR",
                        "WATERMARK FOR ${1:ts} AS ${1:ts} - INTERVAL '${2:5}' SECOND",
                    ),
                    ("PRIMARY KEY", "PRIMARY KEY (${1}) NOT ENFORCED"),
                    (
                        "CONSTRAINT",
                        "CONSTRAINT ${1:pk} PRIMARY KEY (${2}) NOT ENFORCED",
                    ),
                ],
                CompletionKind::Keyword,
            ),
            Context::ColumnType => {
                self.types();
                self.push("AS", CompletionKind::Keyword, "AS ${1:expression}", true)
                    .detail = Some("computed column".to_string());
            }
            Context::TypeName => self.types(),
            Context::AfterColumnType => {
                self.keywords(&[
                    "NOT NULL",
                    "NULL",
                    "METADATA",
                    "METADATA VIRTUAL",
                    "COMMENT",
                ]);
                self.push(
                    "PRIMARY KEY NOT ENFORCED",
                    CompletionKind::Keyword,
                    "PRIMARY KEY NOT ENFORCED",
                    false,
                );
                self.push(
                    "METADATA FROM",
                    CompletionKind::Keyword,
                    "METADATA FROM '${1}'",
                    true,
                );
            }
            Context::AfterMetadata => {
                self.keywords(&["VIRTUAL"]);
                for (key, spec) in
                    catalogue::metadata_keys(self.analysis.catalogue(), &self.statement_options())
                {
                    let label = format!("FROM '{key}'");
                    let doc = catalogue::describe_metadata(&key, spec);
                    let item = self.push(label.clone(), CompletionKind::MetadataKey, label, false);
                    item.detail = Some(spec.ty.clone());
                    item.documentation = Some(doc);
                }
            }
            Context::MetadataKey => {
                for (key, spec) in
                    catalogue::metadata_keys(self.analysis.catalogue(), &self.statement_options())
                {
                    let doc = catalogue::describe_metadata(&key, spec);
                    let item = self.push(key.clone(), CompletionKind::MetadataKey, key, false);
                    item.detail = Some(spec.ty.clone());
                    item.documentation = Some(doc);
                }
            }
            Context::Expression => self.expression(),
            Context::ColumnList { listed } => {
                for col in self.columns() {
                    if !listed.contains(&col.name) {
                        self.column(&col, false);
                    }
                }
            }
            Context::WatermarkColumn => {
                // The rowtime must be a TIMESTAMP or TIMESTAMP_LTZ (else B022): those first,
                // then columns of a type not known yet; never one of another type.
                for col in self.columns() {
                    if col.is_timestamp || !col.type_known {
                        self.column(&col, true);
                    }
                }
            }
            Context::WatermarkAs => {
                self.push(
                    "AS",
                    CompletionKind::Keyword,
                    "AS ${1:ts} - INTERVAL '${2:5}' SECOND",
                    true,
                );
            }
            Context::TableClause => self.snippets(
                &[
                    ("COMMENT", "COMMENT '${1}'"),
                    ("PARTITIONED BY", "PARTITIONED BY (${1})"),
                    (
                        "DISTRIBUTED BY",
                        "DISTRIBUTED BY HASH(${1}) INTO ${2:4} BUCKETS",
                    ),
                    ("DISTRIBUTED INTO", "DISTRIBUTED INTO ${1:4} BUCKETS"),
                    ("WITH", "WITH (\n  'connector' = '${1}'\n)"),
                    ("LIKE", "LIKE ${1:source}"),
                ],
                CompletionKind::Keyword,
            ),
            Context::OptionKey => self.option_keys(),
            Context::OptionValue { key } => self.option_values(&key),
            Context::AlterAction => self.snippets(
                &[
                    ("ADD", "ADD ${1:column} ${2:STRING}"),
                    ("MODIFY", "MODIFY ${1:column} ${2:STRING}"),
                    ("DROP", "DROP ${1:column}"),
                    ("DROP PRIMARY KEY", "DROP PRIMARY KEY"),
                    ("DROP WATERMARK", "DROP WATERMARK"),
                    ("RENAME", "RENAME ${1:column} TO ${2:new_name}"),
                    ("RENAME TO", "RENAME TO ${1:new_name}"),
                    ("SET", "SET ('${1:key}' = '${2:value}')"),
                    ("RESET", "RESET ('${1:key}')"),
                ],
                CompletionKind::Keyword,
            ),
            Context::AlterColumn => {
                for col in self.columns() {
                    self.column(&col, false);
                }
            }
        }
    }

    fn types(&mut self) {
        for t in DDL_TYPE_NAMES {
            let item = self.push(
                t.name,
                CompletionKind::Type,
                t.snippet,
                t.snippet.contains('$'),
            );
            item.documentation = Some(t.note.to_string());
        }
    }

    fn expression(&mut self) {
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
            let doc = catalogue::describe_function(&info);
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
        let text = self.text();
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
        let ctes = scope::ctes(text, tokens);
        let items: Vec<scope::FromItem> = scope::blocks_around(text, tokens, cursor)
            .into_iter()
            .flat_map(|block| scope::from_items(text, tokens, block, &ctes))
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
        let (from, select_items) = scope::body_block(self.text(), self.tokens(), body, ctes);
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

    fn column(&mut self, col: &ColumnInfo, timestamps_first: bool) {
        let insert = quote_ident(&col.name);
        let item = self.push(col.name.clone(), CompletionKind::Column, insert, false);
        item.detail = Some(col.detail.clone());
        if timestamps_first && !col.is_timestamp {
            item.sort_text = format!("5{}", item.label);
        }
    }

    fn tables(&mut self) {
        let (catalog, database) = self
            .analysis
            .index()
            .scopes
            .get(self.statement)
            .cloned()
            .unwrap_or_default();
        let mut seen: Vec<&TablePath> = Vec::new();
        let defs: Vec<_> = self.analysis.index().tables.iter().collect();
        for def in defs {
            if seen.contains(&&def.path) || def.statement == self.statement {
                continue;
            }
            seen.push(&def.path);
            let (c, d, t) = &*def.path;
            let insert = table_insert(&def.path, &catalog, &database);
            let kind = match def.kind {
                crate::index::TableKind::Table => "table",
                crate::index::TableKind::View => "view",
            };
            let detail = format!("{kind} {c}.{d}.{t}");
            let item = self.push(insert.clone(), CompletionKind::Table, insert, false);
            item.detail = Some(detail);
        }
        // The tables and views of the project's catalog files (issue 35).
        let project: Vec<(TablePath, &'static str, String)> = match self.analysis.project() {
            Some(project) => project
                .symbols()
                .into_iter()
                .filter(|(path, _, _)| !seen.iter().any(|s| ***s == **path))
                .map(|(path, file, d)| {
                    let kind = match d.kind {
                        flinkddl::binder::prelude::ObjectKind::Table => "table",
                        flinkddl::binder::prelude::ObjectKind::View => "view",
                    };
                    let file = file
                        .path
                        .file_name()
                        .map(|f| f.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    (TablePath::new(path.clone()), kind, file)
                })
                .collect(),
            None => Vec::new(),
        };
        for (path, kind, file) in project {
            let (c, d, t) = &*path;
            let insert = table_insert(&path, &catalog, &database);
            let item = self.push(insert.clone(), CompletionKind::Table, insert, false);
            item.detail = Some(format!("{kind} {c}.{d}.{t} ({file})"));
        }
    }

    /// The `'key' = 'value'` pairs written anywhere in the statement (before or after the
    /// cursor), as the table will have them.
    fn statement_options(&self) -> Vec<(String, String)> {
        self.options_besides(None)
    }

    /// [`Collector::statement_options`] without the pair whose key string holds `offset`.
    fn options_besides(&self, offset: Option<u32>) -> Vec<(String, String)> {
        let text = self.text();
        let mut out = Vec::new();
        for w in self.tokens().windows(3) {
            let holds = offset.is_some_and(|o| w[0].span.start < o && o <= w[0].span.end);
            if matches!(w[0].kind, TokenKind::String)
                && w[1].kind == TokenKind::Eq
                && matches!(w[2].kind, TokenKind::String)
                && !holds
            {
                out.push((string_value(text, &w[0]), string_value(text, &w[2])));
            }
        }
        // A LIKE source's options are the table's too (unless excluded; close enough here).
        if let Some(source) = self.like_source() {
            if let Some(table) = self.analysis.bound_table(&source, self.statement) {
                for (k, v) in &table.options {
                    if !out.iter().any(|(key, _)| key == k) {
                        out.push((k.to_string(), v.to_string()));
                    }
                }
            }
        }
        out
    }

    /// The LIKE source of the statement's CREATE TABLE.
    fn like_source(&self) -> Option<TablePath> {
        self.name_after_first(Keyword::LIKE)
    }

    /// The table named after the statement's first `keyword_before`, as the statement qualifies
    /// it.
    fn name_after_first(&self, keyword_before: Keyword) -> Option<TablePath> {
        let text = self.text();
        let tokens = self.tokens();
        let at = tokens
            .iter()
            .position(|t| keyword(text, t) == keyword_before)?;
        self.qualify(&dotted_name(text, tokens, at + 1))
    }

    fn qualify(&self, parts: &[String]) -> Option<TablePath> {
        let (catalog, database) = self.analysis.index().scopes.get(self.statement)?.clone();
        match parts {
            [t] => Some(Arc::new((catalog, database, t.clone()))),
            [d, t] => Some(Arc::new((catalog, d.clone(), t.clone()))),
            [c, d, t] => Some(Arc::new((c.clone(), d.clone(), t.clone()))),
            _ => None,
        }
    }

    /// The columns the cursor's statement sees: those its element list writes (read from the
    /// tokens, so a half-typed list still has them), its LIKE source's, or those of the table
    /// an ALTER TABLE or INSERT names.
    fn columns(&self) -> Vec<ColumnInfo> {
        let text = self.text();
        let tokens = self.tokens();
        let words: Vec<String> = tokens.iter().take(8).map(|t| word(text, t)).collect();
        let mut out = Vec::new();
        let first = words.first().map(String::as_str).unwrap_or("");
        if first == "CREATE" {
            match self.parsed_statement().and_then(visit::create_table) {
                Some(ct) => out.extend(tree_written_columns(text, ct)),
                None => out.extend(written_columns(text, tokens)),
            }
            // Where the statement binds, its columns' resolved types say more than their text.
            if let Some(table) = self.analysis.created_by(self.statement) {
                for col in &mut out {
                    if let Some(c) = table.column(&col.name) {
                        col.detail = format!(
                            "{} ({} column)",
                            c.data_type.summary_string(),
                            c.kind_name()
                        );
                        col.is_timestamp = is_timestamp_type(&c.data_type);
                        col.type_known = true;
                    }
                }
            }
            if let Some(source) = self.like_source() {
                self.bound_columns(&source, &mut out);
            }
            // A view or CTAS: the columns of the table its query reads.
            if out.is_empty() {
                if let Some(path) = self.query_source() {
                    self.bound_columns(&path, &mut out);
                }
            }
        } else if matches!(first, "ALTER" | "INSERT" | "UPSERT") {
            // ALTER TABLE name, INSERT INTO|OVERWRITE name
            let parts = dotted_name(text, tokens, 2);
            if let Some(path) = self.qualify(&parts) {
                self.bound_columns(&path, &mut out);
            }
        } else if let Some(path) = self.query_source() {
            self.bound_columns(&path, &mut out);
        }
        out
    }

    /// The table after FROM in the statement (before or after the cursor): its query's first
    /// FROM item.
    fn query_source(&self) -> Option<TablePath> {
        if self.parsed_statement().is_some() {
            let model = self.analysis.model();
            let from = model
                .scopes
                .partition_point(|s| s.statement < self.statement);
            let first = model
                .scopes
                .get(from..)
                .unwrap_or_default()
                .iter()
                .take_while(|s| s.statement == self.statement)
                .find(|s| s.depth == 0);
            if let Some(first) = first {
                return match first.items.first().map(|i| &i.kind) {
                    Some(ScopeItemKind::Table { path } | ScopeItemKind::View { path }) => {
                        Some(path.clone())
                    }
                    _ => None,
                };
            }
        }
        self.name_after_first(Keyword::FROM)
    }

    /// A view's columns: its query's output (renamed by its column list), typed where the
    /// binder typed its items.
    fn view_columns(&self, path: &TablePath) -> Vec<ColumnInfo> {
        let index = self.analysis.index();
        let Some(def) = index
            .table_def(path, self.statement)
            .filter(|d| d.kind == crate::index::TableKind::View && d.statement < self.statement)
        else {
            return Vec::new();
        };
        let Some(ast::StatementKind::CreateView(v)) = self
            .analysis
            .statements()
            .get(def.statement)
            .map(|s| &s.kind)
        else {
            return Vec::new();
        };
        let of = format!("view {}", path.2);
        // The view's query's columns as the binder typed them (its first branch), named by
        // its column list when it has one.
        let model = self.analysis.model();
        // The view's query's first branch: its depth-0 outputs until the index starts again.
        let from = model
            .outputs
            .partition_point(|o| o.statement < def.statement);
        let mut next = 0;
        let first_branch: Vec<usize> = model
            .outputs
            .iter()
            .enumerate()
            .skip(from)
            .take_while(|(_, o)| o.statement == def.statement)
            .filter(|(_, o)| o.depth == 0)
            .take_while(|(_, o)| {
                let same = o.index == next;
                next += 1;
                same
            })
            .map(|(i, _)| i)
            .collect();
        let outputs = first_branch.iter().filter_map(|&i| model.output(i));
        let names: Option<Vec<&str>> = v
            .columns
            .as_ref()
            .map(|list| list.columns.iter().map(|c| c.value).collect());
        outputs
            .enumerate()
            .map(|(i, o)| {
                let name = names
                    .as_ref()
                    .and_then(|n| n.get(i).copied())
                    .unwrap_or(o.name.as_str());
                // A column the view copies from a table (and does not rename): described as
                // that column.
                let at = first_branch.get(i).copied().filter(|_| names.is_none());
                if let Some(ColumnSource::Table { path, column }) =
                    at.and_then(|at| model_origins(self.analysis, at))
                {
                    let mut out = Vec::new();
                    self.bound_columns(&path, &mut out);
                    if let Some(c) = out.into_iter().find(|c| c.name == column) {
                        return ColumnInfo {
                            name: name.to_string(),
                            ..c
                        };
                    }
                }
                let ty = o.data_type.as_ref();
                ColumnInfo {
                    name: name.to_string(),
                    detail: match ty {
                        Some(ty) => format!("{} (column of {of})", ty.summary_string()),
                        None => format!("column of {of}"),
                    },
                    is_timestamp: ty.is_some_and(is_timestamp_type),
                    type_known: ty.is_some(),
                    is_computed: false,
                }
            })
            .collect()
    }

    fn bound_columns(&self, path: &TablePath, out: &mut Vec<ColumnInfo>) {
        if self.analysis.bound_table(path, self.statement).is_none() {
            for c in self.view_columns(path) {
                if !out.iter().any(|o| o.name == c.name) {
                    out.push(c);
                }
            }
        }
        if let Some(table) = self.analysis.bound_table(path, self.statement) {
            for c in &table.columns {
                if out.iter().any(|o| o.name == c.name) {
                    continue;
                }
                out.push(ColumnInfo {
                    name: c.name.to_string(),
                    detail: format!(
                        "{} ({} column of {})",
                        c.data_type.summary_string(),
                        c.kind_name(),
                        table.name
                    ),
                    is_timestamp: is_timestamp_type(&c.data_type),
                    type_known: true,
                    is_computed: c.is_computed(),
                });
            }
        }
    }

    fn option_keys(&mut self) {
        let options = self.statement_options();
        // The keys set besides the one the cursor is in: a closed string (`''` the editor
        // closed, or a key being retyped) is no key set yet, but the list's others are.
        let besides = if self.cx.in_string {
            self.options_besides(Some(self.cx.replace.start))
        } else {
            options.clone()
        };
        let written: Vec<&str> = besides.iter().map(|(k, _)| k.as_str()).collect();
        let columns: Vec<String> = self.columns().into_iter().map(|c| c.name).collect();
        let mut candidates: Vec<(String, Option<catalogue::TableOption>)> = Vec::new();
        if !written.contains(&"connector") {
            candidates.push(("connector".to_string(), None));
        }
        for option in catalogue::table_options(self.analysis.catalogue(), &options) {
            if option.key.contains('#') {
                for col in &columns {
                    let key = option.key.replace('#', col);
                    candidates.push((key, Some(option.clone())));
                }
            } else {
                candidates.push((option.key.clone(), Some(option)));
            }
        }
        for (key, option) in candidates {
            if written.contains(&key.as_str()) {
                continue;
            }
            let (value, doc, detail, required) = match &option {
                Some(o) => {
                    let values = catalogue::option_values(o.spec);
                    // Options that list columns (`key.fields`) offer the table's columns.
                    let names_columns = o.spec.ty == flinkddl::connectors::model::OptionType::List
                        && o.key.ends_with("fields")
                        && !columns.is_empty();
                    let value = if !values.is_empty() {
                        format!("${{1|{}|}}", values.join(","))
                    } else if names_columns {
                        let choices: Vec<String> = columns
                            .iter()
                            .map(|c| escape_snippet(c).replace(',', "\\,").replace('|', "\\|"))
                            .collect();
                        format!("${{1|{}|}}", choices.join(","))
                    } else {
                        let example = o
                            .spec
                            .default
                            .clone()
                            .unwrap_or_else(|| value_example(o.spec.ty).to_string());
                        format!("${{1:{}}}", escape_snippet(&example))
                    };
                    let mut detail = catalogue::option_type_name(o.spec.ty).to_string();
                    if let Some(d) = &o.spec.default {
                        detail.push_str(&format!(" = {d}"));
                    }
                    (
                        value,
                        Some(catalogue::describe_option(o)),
                        detail,
                        o.spec.required,
                    )
                }
                None => (
                    format!(
                        "${{1|{}|}}",
                        self.analysis
                            .catalogue()
                            .connectors()
                            .map(|c| c.id.as_str())
                            .collect::<Vec<_>>()
                            .join(",")
                    ),
                    Some("**`connector`** · the connector's factory identifier".to_string()),
                    "String (required)".to_string(),
                    true,
                ),
            };
            let escaped = key.replace('\'', "''");
            let (insert, snippet) = if self.cx.unclosed {
                // `'scan.st`: close the key and go on to its value.
                (format!("{}' = '{value}'", escape_snippet(&escaped)), true)
            } else if self.cx.in_string {
                (escaped, false)
            } else {
                (format!("'{}' = '{value}'", escape_snippet(&escaped)), true)
            };
            let item = self.push(key, CompletionKind::Option, insert, snippet);
            item.detail = Some(detail);
            item.documentation = doc;
            if required {
                item.sort_text = format!("0{}", item.label);
            }
        }
    }

    fn option_values(&mut self, key: &str) {
        let options = self.statement_options();
        let wrap = |v: &str| {
            if self.cx.in_string {
                v.replace('\'', "''")
            } else {
                format!("'{}'", v.replace('\'', "''"))
            }
        };
        if key == "connector" {
            let list: Vec<(String, String, String)> = self
                .analysis
                .catalogue()
                .connectors()
                .map(|c| {
                    let roles: Vec<String> = c
                        .roles
                        .iter()
                        .map(|r| format!("{r:?}").to_lowercase())
                        .collect();
                    (c.id.clone(), roles.join(", "), c.version.clone())
                })
                .collect();
            for (id, roles, version) in list {
                let insert = wrap(&id);
                let item = self.push(id, CompletionKind::Connector, insert, false);
                item.detail = Some(roles);
                item.documentation = Some(version);
            }
            return;
        }
        if let Some(connector) = catalogue::connector_of(self.analysis.catalogue(), &options) {
            if connector.format_slots.iter().any(|s| s.option == key) {
                let list: Vec<(String, String)> = self
                    .analysis
                    .catalogue()
                    .formats()
                    .filter(|f| !f.bulk_only || connector.accepts_bulk_formats)
                    .map(|f| (f.id.clone(), f.version.clone()))
                    .collect();
                for (id, version) in list {
                    let insert = wrap(&id);
                    let item = self.push(id, CompletionKind::Format, insert, false);
                    item.documentation = Some(version);
                }
                return;
            }
        }
        if let Some(option) = catalogue::option_for_key(self.analysis.catalogue(), &options, key) {
            let doc = catalogue::describe_option(&option);
            for value in catalogue::option_values(option.spec) {
                let insert = wrap(&value);
                let is_default = option.spec.default.as_deref() == Some(value.as_str());
                let item = self.push(value, CompletionKind::Value, insert, false);
                item.documentation = Some(doc.clone());
                if is_default {
                    item.detail = Some("default".to_string());
                }
            }
        }
    }
}

/// TIMESTAMP or TIMESTAMP_LTZ: what a rowtime column can be (given the precision, B022).
fn is_timestamp_type(ty: &flinkddl::types::DataType) -> bool {
    matches!(
        ty.type_root(),
        flinkddl::types::LogicalTypeRoot::TimestampWithoutTimeZone
            | flinkddl::types::LogicalTypeRoot::TimestampWithLocalTimeZone
    ) && rowtime_precision(&ty.summary_string())
}

/// A type written `TIMESTAMP(p)`, `TIMESTAMP_LTZ(p)` or `TIMESTAMP(p) WITH LOCAL TIME ZONE`
/// with p at most 3, the precisions a rowtime takes (without `(p)` it is 6).
fn rowtime_precision(written: &str) -> bool {
    let upper = written.trim().to_ascii_uppercase();
    let Some(rest) = upper
        .strip_prefix("TIMESTAMP_LTZ")
        .or_else(|| upper.strip_prefix("TIMESTAMP"))
    else {
        return false;
    };
    let Some(inner) = rest.trim_start().strip_prefix('(') else {
        return false;
    };
    let digits: String = inner
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse::<u32>().is_ok_and(|p| p <= 3)
}

/// A placeholder in the syntax an option type takes, for options without a default.
fn value_example(ty: flinkddl::connectors::model::OptionType) -> &'static str {
    use flinkddl::connectors::model::OptionType as T;
    match ty {
        T::Duration => "10 s",
        T::Memory => "64 mb",
        T::Int | T::Long => "1",
        T::Float | T::Double => "1.0",
        T::List => "a;b",
        T::Map => "k1:v1,k2:v2",
        T::String | T::Enum | T::Boolean | T::Char | T::EscapedChar => "",
    }
}

/// `$`, `}` and `\` are special in snippets.
fn escape_snippet(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('$', "\\$")
        .replace('}', "\\}")
}

/// A name as it must be written: bare when it is a plain identifier and not reserved, else
/// back-quoted.
pub fn quote_ident(name: &str) -> String {
    flinkddl::syntax::quote_ident(name)
}

/// The columns a CREATE TABLE's element list writes, read from its tree.
fn tree_written_columns(text: &str, ct: &ast::CreateTable) -> Vec<ColumnInfo> {
    let elements = ct.elements.iter().flat_map(|e| &e.items);
    elements
        .filter_map(|e| match e {
            ast::TableElement::Column(c) => Some(c),
            _ => None,
        })
        .map(|c| {
            // What follows the name, as written (`DECIMAL(10, 2) NOT NULL`, `AS price * 2`).
            let detail = text
                .get(c.name.span.end as usize..c.span.end as usize)
                .unwrap_or("")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let is_computed = matches!(c.kind, ast::ColumnKind::Computed { .. });
            ColumnInfo {
                name: c.name.value.to_string(),
                is_timestamp: rowtime_precision(&detail) || detail.contains("PROCTIME"),
                type_known: !is_computed,
                is_computed,
                detail,
            }
        })
        .collect()
}

/// The columns a CREATE TABLE's element list writes, read from its tokens (half-typed text).
fn written_columns(text: &str, tokens: &[Token]) -> Vec<ColumnInfo> {
    let words: Vec<String> = tokens.iter().map(|t| word(text, t)).collect();
    let Some(open) = tokens.iter().enumerate().position(|(i, t)| {
        t.kind == TokenKind::LParen
            && !words[..i]
                .iter()
                .any(|w| w == "WITH" || w == "LIKE" || w == "AS")
    }) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut depth = 0;
    let mut angle = 0;
    let mut element: Vec<&Token> = Vec::new();
    let mut finish = |element: &mut Vec<&Token>| {
        if let Some(first) = element.first() {
            let head = word(text, first);
            if matches!(first.kind, TokenKind::Word | TokenKind::QuotedIdent)
                && !matches!(
                    head.as_str(),
                    "WATERMARK" | "PRIMARY" | "CONSTRAINT" | "UNIQUE" | "PERIOD"
                )
            {
                let rest = &element[1..];
                let detail = match (rest.first(), rest.last()) {
                    (Some(a), Some(b)) => text
                        .get(a.span.start as usize..b.span.end as usize)
                        .unwrap_or("")
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" "),
                    _ => String::new(),
                };
                let second = rest.first().map(|t| word(text, t)).unwrap_or_default();
                out.push(ColumnInfo {
                    name: ident_value(text, first),
                    is_timestamp: rowtime_precision(&detail) || detail.contains("PROCTIME"),
                    type_known: second != "AS",
                    is_computed: second == "AS",
                    detail,
                });
            }
        }
        element.clear();
    };
    for t in &tokens[open + 1..] {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen if depth == 0 => break,
            TokenKind::RParen => depth -= 1,
            TokenKind::Lt if depth == 0 => angle += 1,
            TokenKind::Gt if depth == 0 && angle > 0 => angle -= 1,
            TokenKind::Comma if depth == 0 && angle == 0 => {
                finish(&mut element);
                continue;
            }
            _ => {}
        }
        element.push(t);
    }
    finish(&mut element);
    out
}

/// The parts of a dotted name (`t`, `db.t`, `` cat.`my db`.t ``) whose first token is
/// `tokens[from]`; empty when no name starts there.
fn dotted_name(text: &str, tokens: &[Token], from: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut i = from;
    while let Some(t) = tokens.get(i) {
        if !matches!(t.kind, TokenKind::Word | TokenKind::QuotedIdent) {
            break;
        }
        parts.push(ident_value(text, t));
        if tokens.get(i + 1).is_some_and(|t| t.kind == TokenKind::Dot) {
            i += 2;
        } else {
            break;
        }
    }
    parts
}

/// A table's name as a statement in `catalog`.`database` writes it: as short as it can be.
fn table_insert(path: &TablePath, catalog: &str, database: &str) -> String {
    let (c, d, t) = &**path;
    if c == catalog && d == database {
        quote_ident(t)
    } else if c == catalog {
        format!("{}.{}", quote_ident(d), quote_ident(t))
    } else {
        format!("{}.{}.{}", quote_ident(c), quote_ident(d), quote_ident(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl_test_support::fixtures::{repo_dir, sql_files_under};

    /// Completion reading the tokens around the cursor's statement offers exactly what it
    /// offers reading the whole text's, at every other offset of the editor fixtures and at
    /// every 23rd of every other fixture and grammar test.
    #[test]
    fn tokens_around_the_statement_complete_as_the_whole_text() {
        let editor_fixtures = repo_dir("fixtures/ide");
        let mut files = sql_files_under(&repo_dir("fixtures"));
        files.extend(sql_files_under(&repo_dir("grammar-tests")));
        assert!(files.len() > 100, "fixtures not found");
        let (mut compared, mut around) = (0, 0);
        for file in files {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            let analysis = Analysis::new(text.as_str());
            let step = if file.starts_with(&editor_fixtures) {
                2
            } else {
                23
            };
            for offset in (0..=text.len() as u32).step_by(step) {
                if !text.is_char_boundary(offset as usize) {
                    continue;
                }
                around += usize::from(tokens_around(&text, &analysis, offset).is_some());
                assert_eq!(
                    completions_reading(&analysis, offset, true),
                    completions_reading(&analysis, offset, false),
                    "{} at {offset}",
                    file.display()
                );
                compared += 1;
            }
        }
        // Most offsets are in scripts of several statements: the window is taken, not avoided.
        eprintln!("{around} of {compared} offsets read the tokens around their statement");
        assert!(around * 2 > compared, "{around} of {compared}");
    }
}
