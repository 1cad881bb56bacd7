//! Folding ranges: statements over several lines, CREATE TABLE element lists and WITH lists,
//! block comments and runs of line comments. LSP folds lines, so two folds on the same lines
//! are one, and a list's fold leaves the line of its closing `)` open.

use crate::Analysis;
use flinkddl::syntax::ast::{visit, StatementKind};
use flinkddl::syntax::TokenKind;
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FoldKind {
    Statement,
    List,
    Comment,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FoldingRange {
    pub span: Span,
    pub kind: FoldKind,
}

/// The folds of the document, ordered by start; no two cover the same lines, and a list whose
/// `)` opens its line ends on the line before, so that the line with the `)` (`) WITH (`) stays
/// visible and the folds of two lists never share a line.
pub fn folding_ranges(analysis: &Analysis) -> Vec<FoldingRange> {
    let index = analysis.line_index();
    let text = analysis.text();
    let multiline = |span: Span| index.line_of(span.start) < index.line_of(span.end);
    let mut out = Vec::new();
    let mut push = |span: Span, kind: FoldKind| {
        if multiline(span) {
            out.push(FoldingRange { span, kind });
        }
    };
    // A parenthesised list, up to the end of the line before its `)` when the `)` opens a line.
    let list = |span: Span| {
        let close = span.end.saturating_sub(1);
        let line_start = index.line_start(index.line_of(close)).unwrap_or(0);
        let before = text.get(line_start as usize..close as usize).unwrap_or("x");
        if before.trim().is_empty() && line_start > span.start {
            Span::new(span.start, line_start - 1)
        } else {
            span
        }
    };
    for st in analysis.statements() {
        push(st.span, FoldKind::Statement);
        if let StatementKind::CreateTable(ct) = &st.kind {
            if let Some(e) = &ct.elements {
                push(list(e.span), FoldKind::List);
            }
        }
        if let Some(properties) = visit::property_list(st) {
            push(list(properties.span), FoldKind::List);
        }
    }
    // Comments: each block comment, and each run of line comments on consecutive lines.
    let mut run: Option<(Span, usize)> = None;
    for t in &analysis.result().parse.trivia {
        let line = index.line_of(t.span.start);
        match t.kind {
            TokenKind::BlockComment => push(t.span, FoldKind::Comment),
            TokenKind::LineComment => {
                run = match run {
                    Some((span, last)) if last + 1 == line => Some((span.cover(t.span), line)),
                    Some((span, _)) => {
                        push(span, FoldKind::Comment);
                        Some((t.span, line))
                    }
                    None => Some((t.span, line)),
                };
            }
            _ => {}
        }
    }
    if let Some((span, _)) = run {
        push(span, FoldKind::Comment);
    }
    out.sort_by_key(|f| (f.span.start, std::cmp::Reverse(f.span.end)));
    // A statement on the lines of its only list (`CREATE CATALOG c WITH (` ... `)`) is one fold.
    let lines = |f: &FoldingRange| (index.line_of(f.span.start), index.line_of(f.span.end));
    let mut seen = std::collections::HashSet::new();
    out.retain(|f| seen.insert(lines(f)));
    out
}
