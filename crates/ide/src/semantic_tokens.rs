//! Semantic tokens: keywords, comments, strings, numbers and operators from the lexer; type
//! names, functions, option keys, and tables and columns (definitions marked) from the AST and
//! the name index. Spans are in source order and never overlap; a token may span lines (the
//! LSP layer splits it when the client wants single-line tokens).

use crate::index::HashMap;
use crate::index::Symbol;
use crate::Analysis;
use flinkddl::syntax::ast::{self, visit, TypeKind};
use flinkddl::syntax::{Keyword, TokenKind};
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenType {
    Keyword,
    Comment,
    String,
    Number,
    Operator,
    Type,
    Function,
    Table,
    Column,
    OptionKey,
}

impl TokenType {
    pub const ALL: &'static [TokenType] = &[
        TokenType::Keyword,
        TokenType::Comment,
        TokenType::String,
        TokenType::Number,
        TokenType::Operator,
        TokenType::Type,
        TokenType::Function,
        TokenType::Table,
        TokenType::Column,
        TokenType::OptionKey,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SemanticToken {
    pub span: Span,
    pub token_type: TokenType,
    /// The name is defined here.
    pub definition: bool,
}

struct Names {
    exact: HashMap<u32, (TokenType, bool)>,
    types: Vec<Span>,
}

impl visit::Visitor<'_> for Names {
    fn data_type(&mut self, ty: &ast::DataTypeSyntax) {
        match &ty.kind {
            TypeKind::Builtin { name_span, .. } => self.types.push(*name_span),
            TypeKind::UserDefined { name } => self.types.push(name.span),
            TypeKind::Row { fields, .. } | TypeKind::Structured { fields, .. } => {
                self.types.push(Span::new(ty.span.start, ty.span.start));
                // Field names are names, whatever keyword they spell (`a` is one in Calcite).
                for f in fields {
                    self.exact
                        .insert(f.name.span.start, (TokenType::Column, true));
                }
            }
            TypeKind::Array { .. } | TypeKind::Multiset { .. } | TypeKind::Map { .. } => {
                // The constructor word is the first token of the type.
                self.types.push(Span::new(ty.span.start, ty.span.start));
            }
            _ => {}
        }
    }

    fn expr(&mut self, expr: &ast::Expr) {
        if let ast::ExprKind::Call(call) = &expr.kind {
            for part in &call.name.parts {
                self.exact
                    .insert(part.span.start, (TokenType::Function, false));
            }
        }
    }
}

/// Every token of the script.
pub fn semantic_tokens(analysis: &Analysis) -> Vec<SemanticToken> {
    tokens(analysis, None)
}

/// The tokens that overlap `range`: those of [`semantic_tokens`] that do, computed from the
/// statements, tokens and names around `range` only (an editor asks for the visible lines of a
/// file that may have 50,000).
pub fn semantic_tokens_in(analysis: &Analysis, range: Span) -> Vec<SemanticToken> {
    tokens(analysis, Some(range))
}

fn overlaps(span: Span, range: Span) -> bool {
    span.start < range.end && range.start < span.end
}

/// The items of a sorted list of disjoint spans that overlap `range`.
fn overlapping<T>(items: &[T], span: impl Fn(&T) -> Span, range: Span) -> &[T] {
    let from = items.partition_point(|t| span(t).end <= range.start);
    let rest = items.get(from..).unwrap_or(&[]);
    rest.get(..rest.partition_point(|t| span(t).start < range.end))
        .unwrap_or(&[])
}

fn tokens(analysis: &Analysis, range: Option<Span>) -> Vec<SemanticToken> {
    let parse = &analysis.result().parse;
    let all_tokens = parse.tokens();
    // The lexer's tokens and comments that overlap the range (all of them without one); both
    // are sorted and disjoint.
    let (tokens, trivia) = match range {
        None => (all_tokens, &parse.trivia[..]),
        Some(range) => (
            overlapping(all_tokens, |t| t.span, range),
            overlapping(&parse.trivia, |c| c.span, range),
        ),
    };
    // Names are looked up by where their token starts: only those from the window's first
    // token on can be asked for.
    let names_from = tokens
        .first()
        .map_or(range.map_or(0, |r| r.start), |t| t.span.start);
    let names_to = range.map_or(u32::MAX, |r| r.end);
    // The statements those tokens are in (a few more at the edges do no harm).
    let statements = analysis.statements();
    let statements = match range {
        None => statements,
        Some(range) => {
            let lo = names_from.min(range.start);
            let rest = statements
                .get(statements.partition_point(|s| s.span.end < lo)..)
                .unwrap_or(&[]);
            rest.get(..rest.partition_point(|s| s.span.start <= range.end))
                .unwrap_or(&[])
        }
    };
    let mut names = Names {
        exact: HashMap::default(),
        types: Vec::new(),
    };
    for st in statements {
        visit::walk_statement(&mut names, st);
        // New names that the index does not track (they name nothing yet).
        if let ast::StatementKind::AlterTable(alter) = &st.kind {
            match &alter.action {
                ast::AlterTableAction::RenameColumn { new, .. } => {
                    names
                        .exact
                        .insert(new.span.start, (TokenType::Column, true));
                }
                ast::AlterTableAction::RenameTo { new_name } => {
                    for part in &new_name.parts {
                        names
                            .exact
                            .insert(part.span.start, (TokenType::Table, true));
                    }
                }
                _ => {}
            }
        }
        if let Some(list) = visit::property_list(st) {
            for p in &list.properties {
                names
                    .exact
                    .insert(p.key.span.start, (TokenType::OptionKey, false));
            }
        }
    }
    // The index's names, read beside the tokens (both in text order): where one starts at a
    // token, it takes precedence over the tree's (the last of those that start there).
    let occurrences = &analysis.index().occurrences;
    let first = occurrences.partition_point(|o| o.span.start < names_from);
    let mut occurrences = occurrences
        .get(first..)
        .unwrap_or(&[])
        .iter()
        .take_while(|o| o.span.start < names_to)
        .peekable();
    names.types.sort_by_key(|s| s.start);
    let in_type = |span: Span| {
        let after = names.types.partition_point(|t| t.start <= span.start);
        names.types[..after].iter().rev().take(4).any(|t| {
            t.start <= span.start && span.end <= t.end.max(t.start + (span.end - span.start))
        })
    };
    let mut out = Vec::with_capacity(tokens.len() + trivia.len());
    let mut trivia = trivia.iter().peekable();
    for t in tokens {
        let mut indexed = None;
        while let Some(o) = occurrences.next_if(|o| o.span.start <= t.span.start) {
            if o.span.start == t.span.start {
                let ty = match o.symbol {
                    Symbol::Table(_) | Symbol::RelationAlias { .. } => TokenType::Table,
                    Symbol::Column(..) | Symbol::Alias { .. } => TokenType::Column,
                };
                indexed = Some((ty, o.is_definition));
            }
        }
        while let Some(c) = trivia.next_if(|c| c.span.start < t.span.start) {
            out.push(SemanticToken {
                span: c.span,
                token_type: TokenType::Comment,
                definition: false,
            });
        }
        if t.span.is_empty() {
            continue;
        }
        let named = indexed.or_else(|| names.exact.get(&t.span.start).copied());
        let token_type = match t.kind {
            _ if named.is_some() => named.map(|(ty, _)| ty),
            TokenKind::Word if in_type(t.span) => Some(TokenType::Type),
            TokenKind::Word if t.keyword != Keyword::NotKeyword => Some(TokenType::Keyword),
            TokenKind::String | TokenKind::UnicodeString | TokenKind::BinaryString => {
                Some(TokenType::String)
            }
            TokenKind::Integer | TokenKind::Decimal | TokenKind::Approximate => {
                Some(TokenType::Number)
            }
            TokenKind::Hint => Some(TokenType::Comment),
            TokenKind::Eq
            | TokenKind::NotEq
            | TokenKind::BangEq
            | TokenKind::Lt
            | TokenKind::LtEq
            | TokenKind::Gt
            | TokenKind::GtEq
            | TokenKind::Plus
            | TokenKind::Minus
            | TokenKind::Star
            | TokenKind::Slash
            | TokenKind::Percent
            | TokenKind::Concat
            | TokenKind::Arrow => Some(TokenType::Operator),
            _ => None,
        };
        if let Some(token_type) = token_type {
            out.push(SemanticToken {
                span: t.span,
                token_type,
                definition: named.is_some_and(|(_, d)| d),
            });
        }
    }
    for c in trivia {
        out.push(SemanticToken {
            span: c.span,
            token_type: TokenType::Comment,
            definition: false,
        });
    }
    // In source order and never overlapping, as LSP's relative encoding needs.
    out.sort_by_key(|t| t.span.start);
    let mut end = 0;
    out.retain(|t| {
        let keep = t.span.start >= end;
        if keep {
            end = t.span.end;
        }
        keep
    });
    if let Some(range) = range {
        out.retain(|t| overlaps(t.span, range));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agree(text: &str) {
        let analysis = Analysis::new(text);
        let full = semantic_tokens(&analysis);
        let len = text.len() as u32;
        let step = (len / 40).max(1);
        for width in [0, 1, 7, 40, 200, len / 3, len + 10] {
            let mut start = 0;
            while start <= len + 1 {
                let range = Span::new(start, start.saturating_add(width));
                let expected: Vec<SemanticToken> = full
                    .iter()
                    .copied()
                    .filter(|t| overlaps(t.span, range))
                    .collect();
                assert_eq!(
                    semantic_tokens_in(&analysis, range),
                    expected,
                    "{range:?} of {text}"
                );
                start += step;
            }
        }
    }

    /// A range's tokens are the whole text's that overlap it, at every place and width, across
    /// statements, comments (one spanning lines), types, functions, options and names.
    #[test]
    fn a_range_gives_the_tokens_of_the_whole_text_that_overlap_it() {
        agree(
            "-- orders\nCREATE TABLE orders (\n  id BIGINT, /* a comment\n over lines */ p ROW<a INT, `b` ARRAY<STRING>>,\n  c AS UPPER(CAST(id AS STRING)),\n  WATERMARK FOR ts AS ts\n) WITH ('connector' = 'datagen', 'fields.id.min' = '1');\n\
             CREATE VIEW v AS SELECT o.id AS i, COUNT(*) FROM orders /*+ OPTIONS('a' = 'b') */ o GROUP BY o.id;\n\
             ALTER TABLE orders RENAME id TO id2;\nALTER TABLE orders RENAME TO orders2;\n\
             WITH c AS (SELECT i FROM v) SELECT c.i + 1.5e3, 'x' || 'y' FROM c WHERE i <> 2;\n\
             SELECT FROM WHERE (;\n",
        );
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/ide/semantic_tokens");
        let mut checked = 0;
        for case in std::fs::read_dir(root).into_iter().flatten().flatten() {
            let path = case.path();
            if path.extension().is_some_and(|e| e == "sql") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                agree(&text.replace("$0", ""));
                checked += 1;
            }
        }
        assert!(checked > 0);
    }
}
