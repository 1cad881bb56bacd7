//! Definition, references and document highlights, from the name index.

use super::{lsp_offset, lsp_range};
use flinkddl_ide::Analysis;
use lsp_types as lsp;
use lsp_types::Url;

pub fn definition(
    a: &Analysis,
    uri: &Url,
    params: lsp::GotoDefinitionParams,
) -> Option<lsp::GotoDefinitionResponse> {
    let at = lsp_offset(a, params.text_document_position_params.position);
    if let Some(target) = a.goto_definition(at) {
        return Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location::new(
            uri.clone(),
            lsp_range(a, target.span),
        )));
    }
    // Not defined here: a table, view or column of the project's catalog files.
    let target = a.goto_definition_in_project(at)?;
    let file = Url::from_file_path(target.path).ok()?;
    let index = flinkddl::LineIndex::new(target.text);
    Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location::new(
        file,
        super::range(&index, target.text, target.span),
    )))
}

pub fn references(a: &Analysis, uri: &Url, params: lsp::ReferenceParams) -> Vec<lsp::Location> {
    let at = lsp_offset(a, params.text_document_position.position);
    a.references(at, params.context.include_declaration)
        .into_iter()
        .map(|r| lsp::Location::new(uri.clone(), lsp_range(a, r.span)))
        .collect()
}

/// The occurrences of the name under the cursor; its definition counts as a write.
pub fn document_highlight(
    a: &Analysis,
    params: lsp::DocumentHighlightParams,
) -> Vec<lsp::DocumentHighlight> {
    let at = lsp_offset(a, params.text_document_position_params.position);
    a.references(at, true)
        .into_iter()
        .map(|r| lsp::DocumentHighlight {
            range: lsp_range(a, r.span),
            kind: Some(if r.is_definition {
                lsp::DocumentHighlightKind::WRITE
            } else {
                lsp::DocumentHighlightKind::READ
            }),
        })
        .collect()
}
