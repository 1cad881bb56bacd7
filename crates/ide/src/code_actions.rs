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
    /// The fix of an error or a warning is the preferred action (an info's is a suggestion).
    pub is_preferred: bool,
}

/// The fixes of diagnostics whose span or fix touches `range`.
pub fn code_actions(analysis: &Analysis, range: Span) -> Vec<CodeAction> {
    let touches = |span: Span| span.start <= range.end && range.start <= span.end;
    analysis
        .diagnostics()
        .iter()
        .enumerate()
        .filter_map(|(i, d)| {
            let fix = d.fix.as_ref()?;
            if !touches(d.span) && !touches(fix.span) {
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
                is_preferred: d.severity >= flinkddl::Severity::Warning,
            })
        })
        .collect()
}
