//! The columns the cursor's statement sees: those its element list writes (from its tree, or
//! its tokens while half-typed), with their resolved types where it binds; its LIKE source's;
//! the table an ALTER TABLE or INSERT names, or the query's source; a view's.

use super::expression::model_origins;
use super::tables::dotted_name;
use super::{quote_ident, Collector, CompletionKind};
use crate::index::TablePath;
use flinkddl::binder::semantic::{ColumnSource, ScopeItemKind};
use flinkddl::syntax::ast::{self, visit};
use flinkddl::syntax::{Keyword, Token, TokenKind, TokenView};

/// A column the cursor's statement can see.
#[derive(Clone)]
pub(super) struct ColumnInfo {
    pub(super) name: String,
    pub(super) detail: String,
    pub(super) is_timestamp: bool,
    /// The type is known (declared, or resolved by Flink), so `is_timestamp` is sure; a computed
    /// column of a table that does not bind yet has an unknown type.
    pub(super) type_known: bool,
    pub(super) is_computed: bool,
}

impl Collector<'_> {
    pub(super) fn column(&mut self, col: &ColumnInfo, timestamps_first: bool) {
        let insert = quote_ident(&col.name);
        let item = self.push(col.name.clone(), CompletionKind::Column, insert, false);
        item.detail = Some(col.detail.clone());
        if timestamps_first && !col.is_timestamp {
            item.sort_text = format!("5{}", item.label);
        }
    }

    /// The columns the cursor's statement sees: those its element list writes (read from the
    /// tokens, so a half-typed list still has them), its LIKE source's, or those of the table
    /// an ALTER TABLE or INSERT names.
    pub(super) fn columns(&self) -> Vec<ColumnInfo> {
        let text = self.text();
        let tokens = self.tokens();
        let words: Vec<String> = tokens.iter().take(8).map(|t| tokens.word(t)).collect();
        let mut out = Vec::new();
        let first = words.first().map(String::as_str).unwrap_or("");
        if first == "CREATE" {
            match self.parsed_statement().and_then(visit::create_table) {
                Some(ct) => out.extend(tree_written_columns(text, ct)),
                None => out.extend(written_columns(tokens)),
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
            let parts = dotted_name(tokens, 2);
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

    pub(super) fn bound_columns(&self, path: &TablePath, out: &mut Vec<ColumnInfo>) {
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
}

/// TIMESTAMP or TIMESTAMP_LTZ: what a rowtime column can be (given the precision, B022).
pub(super) fn is_timestamp_type(ty: &flinkddl::types::DataType) -> bool {
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
fn written_columns(tokens: TokenView<'_>) -> Vec<ColumnInfo> {
    let text = tokens.text();
    let words: Vec<String> = tokens.iter().map(|t| tokens.word(t)).collect();
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
            let head = tokens.word(first);
            if TokenView::is_name(first)
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
                let second = rest.first().map(|t| tokens.word(t)).unwrap_or_default();
                out.push(ColumnInfo {
                    name: tokens.name(first).into_owned(),
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
