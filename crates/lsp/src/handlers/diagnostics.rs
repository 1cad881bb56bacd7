//! Diagnostics: each with its code, the help after the message and its labels as related
//! information.

use super::lsp_range;
use flinkddl_ide::Analysis;
use lsp_types as lsp;
use lsp_types::Url;

pub fn diagnostics(a: &Analysis, uri: &Url) -> Vec<lsp::Diagnostic> {
    flinkddl_ide::diagnostics::diagnostics(a)
        .into_iter()
        .map(|d| {
            let related: Vec<lsp::DiagnosticRelatedInformation> = d
                .related
                .iter()
                .map(|l| lsp::DiagnosticRelatedInformation {
                    location: lsp::Location::new(uri.clone(), lsp_range(a, l.span)),
                    message: l.message.clone(),
                })
                .collect();
            lsp::Diagnostic {
                range: lsp_range(a, d.span),
                severity: Some(match d.severity {
                    flinkddl::Severity::Error => lsp::DiagnosticSeverity::ERROR,
                    flinkddl::Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                    flinkddl::Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
                }),
                code: Some(lsp::NumberOrString::String(d.code.to_string())),
                code_description: None,
                source: Some("flinkddl".to_string()),
                message: d.message,
                related_information: (!related.is_empty()).then_some(related),
                tags: None,
                data: Some(serde_json::json!({ "name": d.name })),
            }
        })
        .collect()
}
