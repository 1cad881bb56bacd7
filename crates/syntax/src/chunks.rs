//! One large text lexed and parsed on several cores: cut at `;` + line break, each piece lexed
//! and parsed on its own (rayon), the pieces' tokens, statements and errors put end to end.
//!
//! A cut is kept only when the pieces must read as the whole text does: the piece before it
//! ends with a `;` token right before the line break (so no string, quoted name or comment runs
//! across the cut, and the cut is not inside a line comment), its last statement has no syntax
//! error and ends before that `;` (so the parser was back at the top level: not inside a
//! statement set, not recovering across the `;`), and its brackets are balanced. Otherwise
//! [`parse_in_chunks`] gives up and the caller parses the text in one piece.

use crate::lexer::{lex_range, Lexed};
use crate::{grammar, parser, Diagnostic, Parse, Span, TokenKind};
use flinkddl_diagnostics::Code;
use rayon::prelude::*;

/// Texts shorter than this are parsed in one piece: below it, the threads cost more than they
/// save.
pub(crate) const PARALLEL_MIN_BYTES: usize = 512 * 1024;
/// The smallest piece worth a task of its own.
pub(crate) const MIN_PIECE_BYTES: usize = 128 * 1024;

/// What one piece read.
struct Piece {
    lexed: Lexed,
    statements: Vec<crate::ast::Statement>,
    errors: Vec<Diagnostic>,
    raw_spans: Vec<Span>,
}

/// Where to cut `text` into about `pieces` pieces: after the first `;\n` at or after each
/// equal share.
fn cuts(text: &str, pieces: usize) -> Vec<usize> {
    let len = text.len();
    let mut cuts = Vec::new();
    let mut last = 0;
    for i in 1..pieces {
        let target = (len / pieces * i).max(last);
        let Some(found) = text.get(target..).and_then(|rest| rest.find(";\n")) else {
            break;
        };
        let cut = target + found + 2;
        if cut > last && cut < len {
            cuts.push(cut);
            last = cut;
        }
    }
    cuts
}

/// Lexes and parses `text[from..to]`; `None` when the piece does not end where the whole
/// text's statements do (see the module's documentation).
fn piece(text: &str, from: usize, to: usize, last: bool) -> Option<Piece> {
    let lexed = lex_range(text, from, to);
    if !last {
        // The last token before `Eof` is the `;` of the `;\n` the cut was made after.
        let semicolon = lexed.tokens.len().checked_sub(2).and_then(|i| lexed.tokens.get(i))?;
        if semicolon.kind != TokenKind::Semicolon || semicolon.span.end as usize != to - 1 {
            return None;
        }
    }
    // SET and RESET take the text after the `;` before them.
    let segment_start = from.saturating_sub(1) as u32;
    let mut p = parser::Parser::new(text, &lexed.tokens);
    let statements = grammar::statements(&mut p, segment_start);
    if !last {
        let end = statements.last()?;
        let semicolon_at = (to - 2) as u32;
        if p.paren_depth() != 0
            || end.span.end > semicolon_at
            || p.errors.iter().any(|e| e.span.end >= end.span.start)
        {
            return None;
        }
    }
    Some(Piece {
        statements,
        errors: std::mem::take(&mut p.errors),
        raw_spans: std::mem::take(&mut p.raw_spans),
        lexed,
    })
}

/// [`crate::parse`] on several cores: about `pieces` pieces lexed and parsed in parallel, with
/// the same result as one piece. `None` when the text cannot be cut safely (see the module's
/// documentation); [`crate::parse`] then parses it in one piece.
pub fn parse_in_chunks(text: &str, pieces: usize) -> Option<Parse> {
    if text.len() >= u32::MAX as usize - 1 {
        return None;
    }
    let mut bounds = vec![0];
    bounds.extend(cuts(text, pieces));
    bounds.push(text.len());
    let ranges: Vec<(usize, usize)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();
    let count = ranges.len();
    let pieces: Vec<Piece> = ranges
        .into_par_iter()
        .enumerate()
        .map(|(i, (from, to))| piece(text, from, to, i + 1 == count))
        .collect::<Option<Vec<Piece>>>()?;
    // The lexer reports at most so many invalid characters per text: pieces that together
    // report more would not sum up as the whole text does.
    let invalid: usize = pieces
        .iter()
        .map(|p| {
            p.lexed
                .errors
                .iter()
                .filter(|d| d.code == Code::InvalidCharacter)
                .count()
        })
        .sum();
    if invalid >= crate::lexer::MAX_INVALID_CHARACTER_REPORTS {
        return None;
    }
    let tokens_len: usize = pieces.iter().map(|p| p.lexed.tokens.len()).sum();
    let mut tokens = Vec::with_capacity(tokens_len);
    let mut trivia = Vec::new();
    let mut statements = Vec::new();
    let mut lex_errors = Vec::new();
    let mut parse_errors = Vec::new();
    let mut raw = Vec::new();
    for mut p in pieces {
        // Each piece ends with its own `Eof`; only the last one's stays.
        if tokens.last().is_some_and(|t: &crate::Token| t.kind == TokenKind::Eof) {
            tokens.pop();
        }
        tokens.append(&mut p.lexed.tokens);
        trivia.append(&mut p.lexed.trivia);
        lex_errors.append(&mut p.lexed.errors);
        statements.append(&mut p.statements);
        parse_errors.append(&mut p.errors);
        raw.append(&mut p.raw_spans);
    }
    Some(crate::assemble(
        text,
        statements,
        Lexed {
            tokens,
            trivia,
            errors: lex_errors,
        },
        parse_errors,
        &raw,
    ))
}
