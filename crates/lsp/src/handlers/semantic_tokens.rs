//! Semantic tokens (full), in LSP's relative encoding, split at line ends.

use flinkddl_ide::{Analysis, TokenType};
use lsp_types as lsp;

pub const TOKEN_TYPES: &[lsp::SemanticTokenType] = &[
    lsp::SemanticTokenType::KEYWORD,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::OPERATOR,
    lsp::SemanticTokenType::TYPE,
    lsp::SemanticTokenType::FUNCTION,
    lsp::SemanticTokenType::CLASS,
    lsp::SemanticTokenType::PROPERTY,
    lsp::SemanticTokenType::PARAMETER,
];

pub const TOKEN_MODIFIERS: &[lsp::SemanticTokenModifier] =
    &[lsp::SemanticTokenModifier::DECLARATION];

fn token_type_index(t: TokenType) -> u32 {
    match t {
        TokenType::Keyword => 0,
        TokenType::Comment => 1,
        TokenType::String => 2,
        TokenType::Number => 3,
        TokenType::Operator => 4,
        TokenType::Type => 5,
        TokenType::Function => 6,
        TokenType::Table => 7,
        TokenType::Column => 8,
        TokenType::OptionKey => 9,
    }
}

/// Tokens, split at line ends (LSP tokens may not span lines unless the client says so).
pub fn semantic_tokens(a: &Analysis) -> lsp::SemanticTokens {
    let index = a.line_index();
    let text = a.text();
    let mut data = Vec::new();
    let (mut prev_line, mut prev_start) = (0u32, 0u32);
    for token in a.semantic_tokens() {
        let mut start = token.span.start;
        while start < token.span.end {
            let line = index.line_of(start);
            let line_end = index
                .line_start(line + 1)
                .unwrap_or(text.len() as u32)
                .min(token.span.end);
            let piece = text.get(start as usize..line_end as usize).unwrap_or("");
            let piece = piece.trim_end_matches(['\n', '\r']);
            let length: u32 = piece.chars().map(|c| c.len_utf16() as u32).sum();
            if length > 0 {
                let pos = crate::convert::position(index, text, start);
                // Tokens come sorted and disjoint, so these never go below zero.
                let delta_line = pos.line.saturating_sub(prev_line);
                let delta_start = if delta_line == 0 {
                    pos.character.saturating_sub(prev_start)
                } else {
                    pos.character
                };
                data.push(lsp::SemanticToken {
                    delta_line,
                    delta_start,
                    length,
                    token_type: token_type_index(token.token_type),
                    token_modifiers_bitset: u32::from(token.definition),
                });
                prev_line = pos.line;
                prev_start = pos.character;
            }
            if line_end <= start {
                break;
            }
            start = line_end;
        }
    }
    lsp::SemanticTokens {
        result_id: None,
        data,
    }
}
