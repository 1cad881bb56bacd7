//! Code actions: the fixes diagnostics carry (did-you-mean, add NOT ENFORCED, add VIRTUAL, a
//! duration's syntax, ...), offered where the diagnostic is.

use crate::{Analysis, TextEdit};
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CodeAction {
    pub title: String,
    /// The code of the diagnostic the fix comes from.
    pub code: String,
    /// The diagnostic's index in [`Analysis::diagnostics`].
    pub diagnostic: usize,
    pub edits: Vec<TextEdit>,
    /// A safe fix is the preferred action; an unsafe one (a did-you-mean's guess, a deleted
    /// comment) is offered, not preferred.
    pub is_preferred: bool,
}

/// The fixes of diagnostics whose span or fix touches `range`, or anything between the two when
/// they are in one statement (the key's columns between `PRIMARY KEY` and where `NOT ENFORCED`
/// goes).
pub fn code_actions(analysis: &Analysis, range: Span) -> Vec<CodeAction> {
    let touches = |span: Span| span.start <= range.end && range.start <= span.end;
    let same_statement =
        |a: Span, b: Span| analysis.statement_at(a.start) == analysis.statement_at(b.start);
    analysis
        .diagnostics()
        .iter()
        .enumerate()
        .filter_map(|(i, d)| {
            let fix = d.fix.as_deref()?;
            let near = touches(d.span)
                || touches(fix.span)
                || (same_statement(d.span, fix.span) && touches(d.span.cover(fix.span)));
            if !near {
                return None;
            }
            Some(CodeAction {
                title: fix.message.clone(),
                code: d.code.as_str().to_string(),
                diagnostic: i,
                edits: vec![TextEdit {
                    span: fix.span,
                    text: fix.replacement.clone(),
                }],
                is_preferred: fix.is_safe(),
            })
        })
        .collect()
}
