//! Diagnostics in editor terms: every diagnostic of the pipeline with its code's name and
//! title, its labels as related locations and its fix.

use crate::Analysis;
use flinkddl::{Severity, Span};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelatedLabel {
    pub span: Span,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EditorDiagnostic {
    pub span: Span,
    pub severity: Severity,
    /// `B012`
    pub code: &'static str,
    /// `unknown-column`
    pub name: &'static str,
    /// The message, with the help after it.
    pub message: String,
    pub related: Vec<RelatedLabel>,
    /// Set when the diagnostic carries a fix (offered as a code action).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

pub fn diagnostics(analysis: &Analysis) -> Vec<EditorDiagnostic> {
    analysis
        .diagnostics()
        .iter()
        .map(|d| {
            let info = d.code.info();
            let mut message = d.message.to_string();
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            EditorDiagnostic {
                span: d.span,
                severity: d.severity,
                code: info.code,
                name: info.name,
                message,
                related: d
                    .labels
                    .iter()
                    .map(|l| RelatedLabel {
                        span: l.span,
                        message: l.message.to_string(),
                    })
                    .collect(),
                fix: d.fix.as_ref().map(|f| f.message.clone()),
            }
        })
        .collect()
}
