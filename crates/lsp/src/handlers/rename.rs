//! Rename (and prepare rename) of a table or column with every reference.

use super::{lsp_offset, lsp_range};
use flinkddl_ide::Analysis;
use lsp_types as lsp;
use lsp_types::Url;
use std::collections::HashMap;

pub fn prepare_rename(
    a: &Analysis,
    params: lsp::TextDocumentPositionParams,
) -> Result<lsp::PrepareRenameResponse, String> {
    let at = lsp_offset(a, params.position);
    a.prepare_rename(at)
        .map(|s| lsp::PrepareRenameResponse::Range(lsp_range(a, s)))
        .map_err(|e| e.to_string())
}

pub fn rename(
    a: &Analysis,
    uri: &Url,
    params: lsp::RenameParams,
) -> Result<lsp::WorkspaceEdit, String> {
    let at = lsp_offset(a, params.text_document_position.position);
    let edits = a.rename(at, &params.new_name).map_err(|e| e.to_string())?;
    let edits = edits
        .into_iter()
        .map(|e| lsp::TextEdit::new(lsp_range(a, e.span), e.text))
        .collect();
    Ok(lsp::WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..Default::default()
    })
}
