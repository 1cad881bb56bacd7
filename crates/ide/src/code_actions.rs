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

/// The fixes of diagnostics whose span or fix touches `range`, or anything between the two when
/// they are in one statement (the key's columns between `PRIMARY KEY` and where `NOT ENFORCED`
/// goes). A diagnostic without a fix whose help is one "did you mean `x`?" for the name it
/// points at gets the fix that writes `x`.
pub fn code_actions(analysis: &Analysis, range: Span) -> Vec<CodeAction> {
    let touches = |span: Span| span.start <= range.end && range.start <= span.end;
    let same_statement =
        |a: Span, b: Span| analysis.statement_at(a.start) == analysis.statement_at(b.start);
    analysis
        .diagnostics()
        .iter()
        .enumerate()
        .filter_map(|(i, d)| {
            let fix = d
                .fix
                .as_deref()
                .cloned()
                .or_else(|| did_you_mean(analysis, d))?;
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
                is_preferred: d.severity >= flinkddl::Severity::Warning,
            })
        })
        .collect()
}

/// "did you mean `id`?" on a diagnostic that points at one name (`PRIMARY KEY (idd)`): the fix
/// that writes the suggestion there.
fn did_you_mean(
    analysis: &Analysis,
    d: &flinkddl::Diagnostic,
) -> Option<flinkddl::diagnostics::Fix> {
    let suggestion = d
        .help
        .as_deref()?
        .strip_prefix("did you mean `")?
        .strip_suffix("`?")?;
    let plain = |t: &str| !t.is_empty() && !t.contains(['`', '.', ' ']);
    if !plain(suggestion) {
        return None;
    }
    let tokens = analysis.result().parse.tokens();
    let at = tokens.partition_point(|t| t.span.start < d.span.start);
    let token = tokens.get(at)?;
    let is_name = matches!(
        token.kind,
        flinkddl::syntax::TokenKind::Word | flinkddl::syntax::TokenKind::QuotedIdent
    );
    if !is_name || token.span != d.span {
        return None;
    }
    Some(flinkddl::diagnostics::Fix {
        message: format!("use `{suggestion}`"),
        span: d.span,
        replacement: crate::completion::quote_ident(suggestion),
    })
}
