//! Semantic tokens: keywords, comments, strings, numbers and operators from the lexer; type
//! names, functions, option keys, and tables and columns (definitions marked) from the AST and
//! the name index. Spans are in source order and never overlap; a token may span lines (the
//! LSP layer splits it when the client wants single-line tokens).

use crate::index::Symbol;
use crate::Analysis;
use flinkddl::syntax::ast::{self, visit, TypeKind};
use flinkddl::syntax::{Keyword, TokenKind};
use flinkddl::Span;
use serde::Serialize;
use std::collections::HashMap;

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

pub fn semantic_tokens(analysis: &Analysis) -> Vec<SemanticToken> {
    let mut names = Names {
        exact: HashMap::new(),
        types: Vec::new(),
    };
    for st in analysis.statements() {
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
    for o in &analysis.index().occurrences {
        let ty = match o.symbol {
            Symbol::Table(_) | Symbol::RelationAlias { .. } => TokenType::Table,
            Symbol::Column(..) | Symbol::Alias { .. } => TokenType::Column,
        };
        names.exact.insert(o.span.start, (ty, o.is_definition));
    }
    names.types.sort_by_key(|s| s.start);
    let in_type = |span: Span| {
        let after = names.types.partition_point(|t| t.start <= span.start);
        names.types[..after].iter().rev().take(4).any(|t| {
            t.start <= span.start && span.end <= t.end.max(t.start + (span.end - span.start))
        })
    };
    let parse = &analysis.result().parse;
    let mut out = Vec::with_capacity(parse.tokens().len() + parse.trivia.len());
    let mut trivia = parse.trivia.iter().peekable();
    for t in parse.tokens() {
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
        let named = names.exact.get(&t.span.start).copied();
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
    out
}
