//! Code actions: the quick fixes of the diagnostics in the requested range.

use super::lsp_range;
use crate::convert::span;
use flinkddl_ide::Analysis;
use lsp_types as lsp;
use lsp_types::Url;
use std::collections::HashMap;

pub fn code_actions(
    a: &Analysis,
    uri: &Url,
    params: lsp::CodeActionParams,
) -> Vec<lsp::CodeActionOrCommand> {
    // Only quick fixes are offered; a client that asks for other kinds gets none.
    if let Some(only) = &params.context.only {
        let quickfix = lsp::CodeActionKind::QUICKFIX;
        if !only
            .iter()
            .any(|k| quickfix.as_str().starts_with(k.as_str()))
        {
            return Vec::new();
        }
    }
    let requested = span(a.line_index(), a.text(), params.range);
    let all = super::diagnostics(a, uri);
    a.code_actions(requested)
        .into_iter()
        .map(|action| {
            let edits = action
                .edits
                .iter()
                .map(|e| lsp::TextEdit::new(lsp_range(a, e.span), e.text.clone()))
                .collect();
            lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: action.title,
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: all.get(action.diagnostic).cloned().map(|d| vec![d]),
                edit: Some(lsp::WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), edits)])),
                    ..Default::default()
                }),
                command: None,
                is_preferred: Some(action.is_preferred),
                disabled: None,
                data: None,
            })
        })
        .collect()
}
