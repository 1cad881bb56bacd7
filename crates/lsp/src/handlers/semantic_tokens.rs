//! Semantic tokens, in LSP's relative encoding, split at line ends: the whole document
//! (`full`), a range of it (`range`, computed from the statements the range touches), and the
//! change since the last result sent for the document (`full/delta`).

use flinkddl_ide::{Analysis, SemanticToken, TokenType};
use lsp_types as lsp;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

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

/// The last tokens sent for one document and their result id, which `full/delta` answers
/// from. One per open document, kept across its versions; a request on any version replaces it.
#[derive(Debug, Default)]
pub struct LastTokens(Mutex<Option<(String, Vec<lsp::SemanticToken>)>>);

impl LastTokens {
    fn take_if(&self, result_id: &str) -> Option<Vec<lsp::SemanticToken>> {
        let mut last = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        match last.take() {
            Some((id, data)) if id == result_id => Some(data),
            other => {
                *last = other;
                None
            }
        }
    }

    /// Keeps `data` as the last result; returns its new result id.
    fn keep(&self, data: &[lsp::SemanticToken]) -> String {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let id = NEXT.fetch_add(1, Ordering::Relaxed).to_string();
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some((id.clone(), data.to_vec()));
        id
    }
}

/// The whole document's tokens (kept, with a result id, for `full/delta`).
pub fn semantic_tokens(a: &Analysis, last: &LastTokens) -> lsp::SemanticTokens {
    let data = encode(a, &a.semantic_tokens(), None);
    lsp::SemanticTokens {
        result_id: Some(last.keep(&data)),
        data,
    }
}

/// The tokens that overlap `range` (the parts of multi-line ones in it), encoded from the
/// start of the document as a full result is: each of them is one of the full result's.
pub fn semantic_tokens_range(
    a: &Analysis,
    params: lsp::SemanticTokensRangeParams,
) -> lsp::SemanticTokens {
    let span = crate::convert::span(a.line_index(), a.text(), params.range);
    let tokens = flinkddl_ide::semantic_tokens::semantic_tokens_in(a, span);
    lsp::SemanticTokens {
        result_id: None,
        data: encode(a, &tokens, Some(params.range)),
    }
}

/// The change since the result `previous_result_id` names, as one edit of its data; the whole
/// document's tokens when that is not the last result sent (or there is none).
pub fn semantic_tokens_delta(
    a: &Analysis,
    params: lsp::SemanticTokensDeltaParams,
    last: &LastTokens,
) -> lsp::SemanticTokensFullDeltaResult {
    let previous = last.take_if(&params.previous_result_id);
    let data = encode(a, &a.semantic_tokens(), None);
    let result_id = Some(last.keep(&data));
    match previous {
        Some(previous) => {
            lsp::SemanticTokensFullDeltaResult::TokensDelta(lsp::SemanticTokensDelta {
                result_id,
                edits: diff(&previous, &data),
            })
        }
        None => lsp::SemanticTokensFullDeltaResult::Tokens(lsp::SemanticTokens { result_id, data }),
    }
}

/// `new` as an edit of `old`: what lies between their common prefix and common suffix (in
/// whole tokens, five numbers each, as `SemanticTokensEdit` carries them). No edit when equal.
pub fn diff(
    old: &[lsp::SemanticToken],
    new: &[lsp::SemanticToken],
) -> Vec<lsp::SemanticTokensEdit> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let (old_rest, new_rest) = (
        old.get(prefix..).unwrap_or(&[]),
        new.get(prefix..).unwrap_or(&[]),
    );
    let suffix = old_rest
        .iter()
        .rev()
        .zip(new_rest.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let deleted = old_rest.len() - suffix;
    let inserted = new_rest.get(..new_rest.len() - suffix).unwrap_or(&[]);
    if deleted == 0 && inserted.is_empty() {
        return Vec::new();
    }
    let words = |tokens: usize| (tokens * 5) as u32;
    vec![lsp::SemanticTokensEdit {
        start: words(prefix),
        delete_count: words(deleted),
        data: Some(inserted.to_vec()),
    }]
}

/// Tokens, split at line ends (LSP tokens may not span lines unless the client says so); with
/// `clip`, only the pieces that overlap it.
fn encode(
    a: &Analysis,
    tokens: &[SemanticToken],
    clip: Option<lsp::Range>,
) -> Vec<lsp::SemanticToken> {
    let index = a.line_index();
    let text = a.text();
    let mut data = Vec::new();
    let (mut prev_line, mut prev_start) = (0u32, 0u32);
    let before = |a: lsp::Position, b: lsp::Position| (a.line, a.character) < (b.line, b.character);
    for token in tokens {
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
            let pos = crate::convert::position(index, text, start);
            let end = lsp::Position::new(pos.line, pos.character + length);
            let wanted = clip.is_none_or(|r| before(pos, r.end) && before(r.start, end));
            if length > 0 && wanted {
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
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(lines: &[u32]) -> Vec<lsp::SemanticToken> {
        lines
            .iter()
            .map(|&delta_line| lsp::SemanticToken {
                delta_line,
                delta_start: 0,
                length: 1,
                token_type: 0,
                token_modifiers_bitset: 0,
            })
            .collect()
    }

    /// Every pair of short token lists: the one edit turns the first into the second.
    #[test]
    fn a_diff_applied_gives_the_new_tokens() {
        let lists: Vec<Vec<lsp::SemanticToken>> = [
            &[][..],
            &[1],
            &[2],
            &[1, 2],
            &[1, 2, 3],
            &[3, 2, 1],
            &[1, 1, 1, 1],
            &[1, 9, 1],
        ]
        .iter()
        .map(|l| tokens(l))
        .collect();
        for old in &lists {
            for new in &lists {
                let edits = diff(old, new);
                assert_eq!(edits.is_empty(), old == new);
                let mut applied = old.clone();
                for e in edits {
                    assert_eq!((e.start % 5, e.delete_count % 5), (0, 0));
                    let (start, count) = (e.start as usize / 5, e.delete_count as usize / 5);
                    applied.splice(start..start + count, e.data.unwrap_or_default());
                }
                assert_eq!(&applied, new, "{old:?} to {new:?}");
            }
        }
    }
}
