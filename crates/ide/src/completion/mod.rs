//! Completion by context: the cursor's context (the `context` module) decides which of the
//! lists to offer: keywords that fit, type names, the table's columns, tables, functions,
//! connector and format ids, the option keys of the table's connector and formats (with a
//! snippet for the value), enum values and metadata keys.
//!
//! Here: the items and their ranking, the tokens read, and the dispatch by context
//! (`Collector::collect`). The lists have their modules: [`expression`] (a query's
//! scope, expression keywords and functions), [`columns`] (the columns a statement sees),
//! [`tables`] (tables, and the tables a statement names) and [`options`] (option keys and
//! values).

use crate::context::{self, Context, CursorContext};
use crate::reference;
use crate::Analysis;
use flinkddl::syntax::{Token, TokenView};
use flinkddl::types::DDL_TYPE_NAMES;
use flinkddl::Span;
use serde::Serialize;

mod columns;
mod expression;
mod options;
mod tables;

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

    /// The cursor's statement's tokens.
    fn tokens(&self) -> TokenView<'_> {
        let tokens = self.all_tokens.get(self.cx.statement_tokens.clone());
        TokenView::new(self.text, tokens.unwrap_or(&[]))
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
                for (key, spec) in reference::metadata_keys(
                    self.analysis.connector_facts(),
                    &self.statement_options(),
                ) {
                    let label = format!("FROM '{key}'");
                    let doc = reference::describe_metadata(&key, spec);
                    let item = self.push(label.clone(), CompletionKind::MetadataKey, label, false);
                    item.detail = Some(spec.ty.clone());
                    item.documentation = Some(doc);
                }
            }
            Context::MetadataKey => {
                for (key, spec) in reference::metadata_keys(
                    self.analysis.connector_facts(),
                    &self.statement_options(),
                ) {
                    let doc = reference::describe_metadata(&key, spec);
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
}

/// A name as it must be written: bare when it is a plain identifier and not reserved, else
/// back-quoted.
pub fn quote_ident(name: &str) -> String {
    flinkddl::syntax::quote_ident(name)
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
