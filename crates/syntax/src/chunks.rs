//! One large text lexed and parsed on several cores: cut at `;` + line break, each piece lexed
//! and parsed on its own (rayon), the pieces' statements, errors and (when kept) tokens put end
//! to end.
//!
//! A cut is kept only when the pieces must read as the whole text does: the piece before it
//! ends with a `;` token right before the line break (so no string, quoted name or comment runs
//! across the cut, and the cut is not inside a line comment), its last statement has no syntax
//! error and ends before that `;` (so the parser was back at the top level: not inside a
//! statement set, not recovering across the `;`), and its brackets are balanced. Otherwise
//! [`parse_in_chunks`] gives up and the caller parses the text in one piece.

use crate::lexer::{lex_range, Lexed};
use crate::{grammar, parser, Diagnostic, Parse, ParseRef, Read, Span, TokenKind, Tokens};
use bumpalo_herd::Herd;
use flinkddl_diagnostics::Code;
use rayon::prelude::*;

/// Texts shorter than this are parsed in one piece: below it, the threads cost more than they
/// save.
pub(crate) const PARALLEL_MIN_BYTES: usize = 512 * 1024;
/// The smallest piece worth a task of its own.
pub(crate) const MIN_PIECE_BYTES: usize = 128 * 1024;
/// The smallest part of a streamed piece read as a task of its own: small enough that the
/// thread that binds the pieces, once it waits for the next one, finds parts of it to read.
const MIN_STREAMED_SUBPIECE_BYTES: usize = 32 * 1024;

/// What one piece read; its tree is in the herd (one member per piece).
pub(crate) struct Piece<'a> {
    pub(crate) lexed: Lexed,
    pub(crate) statements: Vec<crate::ast::Statement<'a>>,
    pub(crate) errors: Vec<Diagnostic>,
    pub(crate) raw_spans: Vec<Span>,
}

/// Where to cut `text[start..]` into about `pieces` pieces: after the first `;\n` at or after
/// each equal share.
fn cuts(text: &str, start: usize, pieces: usize) -> Vec<usize> {
    let len = text.len();
    let share = len.saturating_sub(start) / pieces.max(1);
    let mut cuts = Vec::new();
    let mut last = start;
    for i in 1..pieces {
        let target = (start + share * i).max(last);
        let Some(found) = text.get(target..).and_then(semicolon_line_end) else {
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

/// Where the first `;\n` of `text` starts: a candidate cut (memchr's search for the pair,
/// a vector at a time, where `str::find` read the bytes one by one).
fn semicolon_line_end(text: &str) -> Option<usize> {
    memchr::memmem::find(text.as_bytes(), b";\n")
}

/// Lexes and parses `text[from..to]`; `None` when the piece does not end where the whole
/// text's statements do (see the module's documentation). `segment_start` is where the `;`
/// before the piece ends (SET and RESET take the text after it).
fn piece<'a>(
    text: &'a str,
    from: usize,
    to: usize,
    last: bool,
    segment_start: u32,
    herd: &'a Herd,
    tokens: Tokens,
) -> Option<Piece<'a>> {
    let mut lexed = lex_range(text, from, to);
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
    let mut p = parser::Parser::new(text, std::mem::take(&mut lexed.tokens), herd);
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
    let errors = std::mem::take(&mut p.errors);
    let raw_spans = std::mem::take(&mut p.raw_spans);
    // Unless kept, the piece's tokens go with its parser (`Parse::tokens` lexes the text
    // again).
    if tokens == Tokens::Keep {
        lexed.tokens = p.into_tokens();
    }
    Some(Piece {
        statements,
        errors,
        raw_spans,
        lexed,
    })
}

/// [`crate::parse`] on several cores: about `pieces` pieces lexed and parsed in parallel, with
/// the same result as one piece. `None` when the text cannot be cut safely (see the module's
/// documentation); [`crate::parse`] then parses it in one piece.
pub fn parse_in_chunks(text: &str, pieces: usize) -> Option<Parse> {
    Parse::try_build(text.to_owned(), |text, herd| {
        parse_in_chunks_in(text, pieces, herd, Tokens::Drop).ok_or(())
    })
    .ok()
}

/// [`parse_in_chunks`] into `herd`, borrowing `text`.
pub(crate) fn parse_in_chunks_in<'a>(
    text: &'a str,
    pieces: usize,
    herd: &'a Herd,
    tokens: Tokens,
) -> Option<Read<'a>> {
    let mut tail = read_pieces(text, 0, 0, pieces, herd, tokens)?;
    let kept = (tokens == Tokens::Keep).then(|| std::mem::take(&mut tail.lexed.tokens));
    let statements = crate::ast::List::new(
        crate::arena::Arena::new(herd).alloc_slice(tail.statements.into_iter()),
    );
    Some((
        crate::assemble(text, statements, tail.lexed, tail.errors, &tail.raw_spans),
        kept,
    ))
}

/// `text[start..]` in about `pieces` pieces read in parallel and put end to end (the first
/// piece's SET and RESET take the text from `segment_start`). `None` when a cut is not safe.
fn read_pieces<'a>(
    text: &'a str,
    start: usize,
    first_segment_start: u32,
    pieces: usize,
    herd: &'a Herd,
    tokens: Tokens,
) -> Option<Piece<'a>> {
    read_range(
        text,
        start,
        text.len(),
        first_segment_start,
        pieces,
        herd,
        tokens,
    )
}

/// [`read_pieces`] of `text[start..end]`; when `end` is not the end of the text, it must be
/// right after a `;` and a line break that end the range's last statement (else `None`).
fn read_range<'a>(
    text: &'a str,
    start: usize,
    end: usize,
    first_segment_start: u32,
    pieces: usize,
    herd: &'a Herd,
    tokens: Tokens,
) -> Option<Piece<'a>> {
    if text.len() >= u32::MAX as usize - 1 || start > end || end > text.len() {
        return None;
    }
    let ends_text = end == text.len();
    let mut bounds = vec![start];
    bounds.extend(cuts(text.get(..end)?, start, pieces));
    bounds.push(end);
    let ranges: Vec<(usize, usize)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();
    let count = ranges.len();
    if count == 1 {
        // One part is the piece itself: nothing to put end to end.
        return piece(
            text,
            start,
            end,
            ends_text,
            first_segment_start,
            herd,
            tokens,
        );
    }
    let read: Vec<Piece<'a>> = ranges
        .into_par_iter()
        .enumerate()
        .map(|(i, (a, b))| {
            // A cut is after `;` and a line break; the first piece starts after the `;`.
            let segment_start = if i == 0 {
                first_segment_start as usize
            } else {
                a - 1
            };
            piece(
                text,
                a,
                b,
                i + 1 == count && ends_text,
                segment_start as u32,
                herd,
                tokens,
            )
        })
        .collect::<Option<Vec<Piece<'a>>>>()?;
    // The lexer reports at most so many invalid characters per text: pieces that together
    // report more would not sum up as the whole text does.
    let invalid: usize = read.iter().map(|p| invalid_reports(&p.lexed.errors)).sum();
    if invalid >= crate::lexer::MAX_INVALID_CHARACTER_REPORTS {
        return None;
    }
    let total = |len: fn(&Piece<'a>) -> usize| read.iter().map(len).sum::<usize>();
    let mut out = Piece {
        lexed: Lexed {
            tokens: Vec::with_capacity(total(|p| p.lexed.tokens.len())),
            trivia: Vec::with_capacity(total(|p| p.lexed.trivia.len())),
            errors: Vec::with_capacity(total(|p| p.lexed.errors.len())),
        },
        statements: Vec::with_capacity(total(|p| p.statements.len())),
        errors: Vec::with_capacity(total(|p| p.errors.len())),
        raw_spans: Vec::with_capacity(total(|p| p.raw_spans.len())),
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

/// What one piece of a streamed text is read from: the whole text (shared by every piece) and
/// the arenas the piece's tree lives in.
struct PieceSource {
    text: std::sync::Arc<String>,
    herd: Herd,
}

self_cell::self_cell!(
    /// One piece's parse, owning its arenas: handed from the thread that read it to the one
    /// that binds it.
    struct PieceTree {
        owner: PieceSource,
        #[covariant]
        dependent: ParseRef,
    }
);

/// Reads `text` piece by piece and hands each piece's parse to `visit` in order, with the index
/// of the piece's first statement in the whole script; the next piece is read on another
/// thread while `visit` works on this one, and a piece's tree is freed once `visit` is done
/// with it, so at most two pieces' trees are alive. Pieces are about `piece_bytes` long, cut
/// after a `;` and a line break where the pieces provably read as the whole text does (as
/// [`parse_in_chunks`] cuts; a piece that cannot end at its cut grows until it can, at worst
/// to the end of the text). Spans are offsets into `text`, diagnostics sorted by position
/// within a piece.
///
/// Returns `false` when the pieces stopped reading as the whole text does, which only a
/// piece's own text shows (a diagnostic before its first statement, which the whole parse
/// gives to the statement before it; more invalid characters than the lexer reports one by
/// one): `visit` has seen only pieces that read as the whole parse does, and the caller parses
/// the text whole instead.
pub fn parse_piece_by_piece(
    text: &std::sync::Arc<String>,
    piece_bytes: usize,
    mut visit: impl FnMut(usize, &ParseRef<'_>),
) -> bool {
    let len = text.len();
    if len >= u32::MAX as usize - 1 {
        return false;
    }
    let piece_bytes = piece_bytes.max(1);
    let (mut first_statement, mut invalid) = (0usize, 0usize);
    let mut next = read_streamed(text.clone(), 0, piece_bytes);
    loop {
        let Some((piece, from, to, reported)) = next.take() else {
            return false;
        };
        invalid += reported;
        let fits = piece.with_dependent(|_, parse| {
            let first_start = parse
                .script
                .statements
                .first()
                .map_or(u32::MAX, |s| s.span.start);
            from == 0
                || (invalid < crate::lexer::MAX_INVALID_CHARACTER_REPORTS
                    && !parse.errors.iter().any(|d| d.span.start < first_start))
        });
        if !fits {
            return false;
        }
        let more = to < len;
        let mut following = None;
        rayon::in_place_scope(|scope| {
            if more {
                let text = text.clone();
                let following = &mut following;
                scope.spawn(move |_| *following = read_streamed(text, to, piece_bytes));
            }
            piece.with_dependent(|_, parse| {
                visit(first_statement, parse);
                first_statement += parse.script.statements.len();
            });
            drop(piece);
        });
        if !more {
            return true;
        }
        next = following;
    }
}

/// The piece of `text` from `from` on (after a cut, or the start): about `piece_bytes` long,
/// longer when it cannot end at the first cut after that. With where it starts and ends, and
/// how many invalid characters its lexer reported (counted before the errors inside raw
/// statements are dropped, as the lexer's cap counts them).
fn read_streamed(
    text: std::sync::Arc<String>,
    from: usize,
    piece_bytes: usize,
) -> Option<(PieceTree, usize, usize, usize)> {
    let threads = rayon::current_num_threads();
    let (mut ends, mut invalid) = (0, 0);
    let tree = PieceTree::try_new(
        PieceSource {
            text,
            herd: Herd::new(),
        },
        |source| {
            let (text, herd) = (source.text.as_str(), &source.herd);
            let len = text.len();
            let mut size = piece_bytes;
            let (read, to) = loop {
                let target = from.saturating_add(size);
                let to = match text.get(target..).and_then(semicolon_line_end) {
                    Some(at) if target + at + 2 < len => target + at + 2,
                    _ => len,
                };
                let segment_start = from.saturating_sub(1) as u32;
                let pieces = if threads > 1 {
                    ((to - from) / MIN_STREAMED_SUBPIECE_BYTES).clamp(1, threads * 2)
                } else {
                    1
                };
                let read = read_range(text, from, to, segment_start, pieces, herd, Tokens::Drop)
                    .or_else(|| {
                        (pieces > 1)
                            .then(|| {
                                read_range(text, from, to, segment_start, 1, herd, Tokens::Drop)
                            })
                            .flatten()
                    });
                match read {
                    Some(read) => break (read, to),
                    None if to < len => size = size.saturating_mul(2),
                    None => return Err(()),
                }
            };
            ends = to;
            invalid = invalid_reports(&read.lexed.errors);
            let statements = crate::ast::List::new(
                crate::arena::Arena::new(herd).alloc_slice(read.statements.into_iter()),
            );
            Ok(crate::assemble(
                text,
                statements,
                read.lexed,
                read.errors,
                &read.raw_spans,
            ))
        },
    )
    .ok()?;
    Some((tree, from, ends, invalid))
}

/// How many invalid characters a lexer reported one by one (it caps them per text).
fn invalid_reports(lexer_errors: &[Diagnostic]) -> usize {
    lexer_errors
        .iter()
        .filter(|d| d.code == Code::InvalidCharacter)
        .count()
}

/// The parse of `text`, a later version of `old`'s text (`old_text`), and the index of the first
/// statement the change can touch: the statements before it read as `old`'s do, so the stages
/// after parsing can resume there. Only the text from the `;` before that statement is read
/// again: the statements before it are `old`'s, and the new parse keeps the tree they live in
/// alive ([`Parse::splice`]; a whole parse when that would keep too many). The parse is the one
/// [`crate::parse_keeping_tokens`] gives.
pub fn reparse(old: &Parse, old_text: &str, text: &str) -> (Parse, usize) {
    reparse_after(old, common_prefix_len(old_text, text), text)
}

/// [`reparse`] when the caller knows that the first `unchanged` bytes of `text` are the old
/// text's.
pub fn reparse_after(old: &Parse, unchanged: usize, text: &str) -> (Parse, usize) {
    let Some((first, from)) = resume_point(old, unchanged) else {
        return (crate::parse_keeping_tokens(text), 0);
    };
    let spliced = (first > 0 && from <= unchanged.min(text.len()))
        .then(|| old.splice(first, from, text))
        .flatten();
    match spliced {
        Some(parse) => (parse, first),
        None => (crate::parse_keeping_tokens(text), first),
    }
}

/// `text` from `from` (the end of a `;` after which the parser is at the top level) lexed and
/// parsed, in pieces on rayon's threads when it is large, keeping its tokens.
pub(crate) fn read_rest<'a>(text: &'a str, from: usize, herd: &'a Herd) -> Option<Piece<'a>> {
    let threads = rayon::current_num_threads();
    let rest = text.len().checked_sub(from)?;
    if threads > 1 && rest >= PARALLEL_MIN_BYTES {
        let pieces = (threads * 2).min(rest / MIN_PIECE_BYTES);
        if let Some(read) = read_pieces(text, from, from as u32, pieces, herd, Tokens::Keep) {
            return Some(read);
        }
    }
    piece(
        text,
        from,
        text.len(),
        true,
        from as u32,
        herd,
        Tokens::Keep,
    )
}

/// Where reading `text` again can start when its first `unchanged` bytes are `old`'s: the
/// first statement to read again, and the end of the `;` before it. The statement before it
/// ended with that `;` without a syntax error, so the parser was at the top level.
fn resume_point(old: &Parse, unchanged: usize) -> Option<(usize, usize)> {
    let statements = old.script().statements;
    // The first statement whose text (to the next one) reaches the change.
    let touched = statements.partition_point(|s| (s.span.end as usize) < unchanged);
    let mut first = touched.min(statements.len());
    // A run of broken statements before the change is read again whole: looking further back
    // than this would make a script of many broken statements quadratic.
    let stop = first.saturating_sub(MAX_STATEMENTS_BACK);
    while first > stop {
        let before = &statements[first - 1];
        let semicolon = old
            .tokens()
            .partition_point(|t| t.span.start < before.span.end);
        let end = old.tokens().get(semicolon).and_then(|t| {
            (t.kind == TokenKind::Semicolon
                && (t.span.end as usize) < unchanged
                && statements
                    .get(first)
                    .is_none_or(|next| next.span.start >= t.span.end))
            .then_some(t.span.end as usize)
        });
        if let Some(end) = end.filter(|_| !has_error(&old.errors, before.span)) {
            return Some((first, end));
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

/// How many bytes `a` and `b` share at the start: compared a block at a time (a block compare is
/// a `memcmp`), then byte by byte in the first block that differs.
pub fn common_prefix_len(a: &str, b: &str) -> usize {
    const BLOCK: usize = 4096;
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let len = a.len().min(b.len());
    let mut at = 0;
    while at + BLOCK <= len && a[at..at + BLOCK] == b[at..at + BLOCK] {
        at += BLOCK;
    }
    at + a[at..len]
        .iter()
        .zip(&b[at..len])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many bytes `a` and `b` share at the end (as [`common_prefix_len`]).
pub fn common_suffix_len(a: &str, b: &str) -> usize {
    const BLOCK: usize = 4096;
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let len = a.len().min(b.len());
    let mut n = 0;
    while n + BLOCK <= len
        && a[a.len() - n - BLOCK..a.len() - n] == b[b.len() - n - BLOCK..b.len() - n]
    {
        n += BLOCK;
    }
    n + a[..a.len() - n]
        .iter()
        .rev()
        .zip(b[..b.len() - n].iter().rev())
        .take(len - n)
        .take_while(|(x, y)| x == y)
        .count()
}
