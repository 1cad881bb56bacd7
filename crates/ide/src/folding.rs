//! Folding ranges: statements over several lines, CREATE TABLE element lists and WITH lists,
//! block comments and runs of line comments.

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

pub fn folding_ranges(analysis: &Analysis) -> Vec<FoldingRange> {
    let index = analysis.line_index();
    let multiline = |span: Span| index.line_of(span.start) < index.line_of(span.end);
    let mut out = Vec::new();
    let mut push = |span: Span, kind: FoldKind| {
        if multiline(span) {
            out.push(FoldingRange { span, kind });
        }
    };
    for st in analysis.statements() {
        push(st.span, FoldKind::Statement);
        if let StatementKind::CreateTable(ct) = &st.kind {
            if let Some(e) = &ct.elements {
                push(e.span, FoldKind::List);
            }
        }
        for list in visit::property_lists(st) {
            push(list.span, FoldKind::List);
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
    out
}
