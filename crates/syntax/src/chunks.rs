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
/// text's statements do (see the module's documentation). `segment_start` is where the `;`
/// before the piece ends (SET and RESET take the text after it).
fn piece(text: &str, from: usize, to: usize, last: bool, segment_start: u32) -> Option<Piece> {
    let lexed = lex_range(text, from, to);
    if !last {
        // The last token before `Eof` is the `;` of the `;\n` the cut was made after.
        let semicolon = lexed
            .tokens
            .len()
            .checked_sub(2)
            .and_then(|i| lexed.tokens.get(i))?;
        if semicolon.kind != TokenKind::Semicolon || semicolon.span.end as usize != to - 1 {
            return None;
        }
    }
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
    let tail = read_from(text, 0, pieces)?;
    Some(crate::assemble(
        text,
        tail.statements,
        tail.lexed,
        tail.errors,
        &tail.raw_spans,
    ))
}

/// `text` from `from` (the end of a `;` token, or 0) to its end, in about `pieces` pieces read
/// in parallel and put end to end. `None` when a cut is not safe.
fn read_from(text: &str, from: usize, pieces: usize) -> Option<Piece> {
    if text.len() >= u32::MAX as usize - 1 || !text.is_char_boundary(from) {
        return None;
    }
    let mut bounds = vec![from];
    bounds.extend(
        cuts(text.get(from..)?, pieces)
            .into_iter()
            .map(|c| c + from),
    );
    bounds.push(text.len());
    let ranges: Vec<(usize, usize)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();
    let count = ranges.len();
    let read: Vec<Piece> = if count == 1 {
        vec![piece(text, from, text.len(), true, from as u32)?]
    } else {
        ranges
            .into_par_iter()
            .enumerate()
            .map(|(i, (a, b))| {
                // A cut is after `;` and a line break; the first piece starts after the `;`.
                let segment_start = if i == 0 { from } else { a - 1 };
                piece(text, a, b, i + 1 == count, segment_start as u32)
            })
            .collect::<Option<Vec<Piece>>>()?
    };
    // The lexer reports at most so many invalid characters per text: pieces that together
    // report more would not sum up as the whole text does.
    let invalid: usize = read
        .iter()
        .map(|p| {
            p.lexed
                .errors
                .iter()
                .filter(|d| d.code == Code::InvalidCharacter)
                .count()
        })
        .sum();
    if count > 1 && invalid >= crate::lexer::MAX_INVALID_CHARACTER_REPORTS {
        return None;
    }
    let tokens_len: usize = read.iter().map(|p| p.lexed.tokens.len()).sum();
    let mut out = Piece {
        lexed: Lexed {
            tokens: Vec::with_capacity(tokens_len),
            trivia: Vec::new(),
            errors: Vec::new(),
        },
        statements: Vec::new(),
        errors: Vec::new(),
        raw_spans: Vec::new(),
    };
    for mut p in read {
        // Each piece ends with its own `Eof`; only the last one's stays.
        if out
            .lexed
            .tokens
            .last()
            .is_some_and(|t| t.kind == TokenKind::Eof)
        {
            out.lexed.tokens.pop();
        }
        out.lexed.tokens.append(&mut p.lexed.tokens);
        out.lexed.trivia.append(&mut p.lexed.trivia);
        out.lexed.errors.append(&mut p.lexed.errors);
        out.statements.append(&mut p.statements);
        out.errors.append(&mut p.errors);
        out.raw_spans.append(&mut p.raw_spans);
    }
    Some(out)
}

/// The parse of `text`, a later version of `old`'s text (`old_text`), reading again only from
/// the first statement the change can touch: the statements, tokens, trivia and errors before
/// it are `old`'s. Returns the parse and the index of the first statement read again; the
/// parse is the one [`crate::parse`] gives.
pub fn reparse(old: &Parse, old_text: &str, text: &str) -> (Parse, usize) {
    let unchanged = old_text
        .bytes()
        .zip(text.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(old_text.len().min(text.len()));
    match resume_point(old, unchanged) {
        Some((first, semicolon)) => {
            let cut = old.tokens[semicolon].span.end;
            let pieces = rayon::current_num_threads().max(1) * 2;
            let pieces = pieces.min(text.len().saturating_sub(cut as usize) / MIN_PIECE_BYTES);
            if let Some(tail) = read_from(text, cut as usize, pieces.max(1)) {
                return (splice(old, text, first, semicolon, tail), first);
            }
            (crate::parse(text), 0)
        }
        None => (crate::parse(text), 0),
    }
}

/// Where reading `text` again can start when its first `unchanged` bytes are `old`'s: the
/// first statement to read again and the index of the `;` token before it. The statement
/// before that `;` ended there without a syntax error, so the parser was at the top level.
fn resume_point(old: &Parse, unchanged: usize) -> Option<(usize, usize)> {
    let statements = &old.script.statements;
    // The first statement whose text (to the next one) reaches the change.
    let touched = statements.partition_point(|s| (s.span.end as usize) < unchanged);
    let mut first = touched.min(statements.len());
    // A run of broken statements before the change is read again whole: looking further back
    // than this would make a script of many broken statements quadratic.
    let stop = first.saturating_sub(MAX_STATEMENTS_BACK);
    while first > stop {
        let before = &statements[first - 1];
        let semicolon = old
            .tokens
            .partition_point(|t| t.span.start < before.span.end);
        let ok = old.tokens.get(semicolon).is_some_and(|t| {
            t.kind == TokenKind::Semicolon
                && (t.span.end as usize) < unchanged
                && statements
                    .get(first)
                    .is_none_or(|next| next.span.start >= t.span.end)
        }) && !has_error(&old.errors, before.span);
        if ok {
            return Some((first, semicolon));
        }
        first -= 1;
    }
    None
}

/// Statements [`reparse`] walks back over to find one that ended cleanly.
const MAX_STATEMENTS_BACK: usize = 64;

/// Whether a syntax error falls on `span` or the byte after it (errors are sorted by start; one
/// that starts before `span` and reaches into it is looked for among the last few before it).
fn has_error(errors: &[Diagnostic], span: Span) -> bool {
    let to = errors.partition_point(|e| e.span.start <= span.end + 1);
    let from = errors.partition_point(|e| e.span.start < span.start);
    from < to
        || errors[..from]
            .iter()
            .rev()
            .take(8)
            .any(|e| e.span.end >= span.start)
}

/// `old`'s statements before `first` and its tokens up to the `;` at `semicolon`, then `tail`.
fn splice(old: &Parse, text: &str, first: usize, semicolon: usize, tail: Piece) -> Parse {
    let cut = old.tokens[semicolon].span.end;
    let mut tokens = Vec::with_capacity(semicolon + 1 + tail.lexed.tokens.len());
    tokens.extend_from_slice(&old.tokens[..=semicolon]);
    tokens.extend_from_slice(&tail.lexed.tokens);
    let trivia_before = old.trivia.partition_point(|t| t.span.end <= cut);
    let mut trivia = old.trivia[..trivia_before].to_vec();
    trivia.extend_from_slice(&tail.lexed.trivia);
    let mut statements = old.script.statements[..first].to_vec();
    statements.extend(tail.statements);
    let tail_parse = crate::assemble(
        text,
        Vec::new(),
        Lexed {
            tokens: Vec::new(),
            trivia: Vec::new(),
            errors: tail.lexed.errors,
        },
        tail.errors,
        &tail.raw_spans,
    );
    let mut errors: Vec<Diagnostic> = old
        .errors
        .iter()
        .filter(|e| e.span.start < cut)
        .cloned()
        .collect();
    errors.extend(tail_parse.errors);
    errors.sort_by_key(|d| (d.span.start, d.span.end));
    Parse {
        script: crate::ast::Script {
            span: Span::new(0, text.len().min(u32::MAX as usize) as u32),
            statements,
        },
        tokens,
        trivia,
        errors,
    }
}
