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
    match a.prepare_rename(at) {
        Ok(s) => Ok(lsp::PrepareRenameResponse::Range(lsp_range(a, s))),
        // A table or column of the project's catalog files: renamed in every file.
        Err(e) => flinkddl_ide::rename::prepare_rename_in_project(a, at)
            .map(|s| lsp::PrepareRenameResponse::Range(lsp_range(a, s)))
            .ok_or_else(|| e.to_string()),
    }
}

/// The open documents' texts by path, for a rename across a project's files (a file not open
/// is read from disk).
pub type OpenTexts = HashMap<std::path::PathBuf, std::sync::Arc<str>>;

/// A project file's text: the open document's as the editor has it, else the file on disk.
fn read_file(open: &OpenTexts, path: &std::path::Path) -> Option<std::sync::Arc<str>> {
    match open.get(path) {
        Some(text) => Some(text.clone()),
        None => std::fs::read_to_string(path).ok().map(Into::into),
    }
}

/// `textDocument/references` across the files of the document's project when the name is one a
/// catalog file defines (open documents as they are, the others from disk); else the
/// document's own.
pub fn references_in_project(
    a: &Analysis,
    uri: &Url,
    params: lsp::ReferenceParams,
    config: &flinkddl_config::Config,
    open: &OpenTexts,
) -> Vec<lsp::Location> {
    let at = lsp_offset(a, params.text_document_position.position);
    let read = |path: &std::path::Path| read_file(open, path);
    let uses = uri.to_file_path().ok().and_then(|this| {
        flinkddl_ide::rename::project_uses(a, &this, config, at, &read)
            .ok()
            .flatten()
    });
    let Some(uses) = uses else {
        return super::references(a, uri, params);
    };
    let definition = uses
        .defining
        .spans
        .iter()
        .copied()
        .find(|s| s.start <= uses.at && uses.at <= s.end);
    let mut out = Vec::new();
    for (file, is_defining) in
        std::iter::once((&uses.defining, true)).chain(uses.others.iter().map(|f| (f, false)))
    {
        let Ok(file_uri) = Url::from_file_path(&file.path) else {
            continue;
        };
        let index = flinkddl::LineIndex::new(&file.text);
        for &span in &file.spans {
            if is_defining && !params.context.include_declaration && Some(span) == definition {
                continue;
            }
            out.push(lsp::Location::new(
                file_uri.clone(),
                crate::convert::range(&index, &file.text, span),
            ));
        }
    }
    out
}

/// [`rename`], across the files of the document's project when the name is one a catalog file
/// defines (a workspace edit of every file that uses it).
pub fn rename_in_project(
    a: &Analysis,
    uri: &Url,
    params: lsp::RenameParams,
    config: &flinkddl_config::Config,
    open: &OpenTexts,
) -> Result<lsp::WorkspaceEdit, String> {
    let Ok(this) = uri.to_file_path() else {
        return rename(a, uri, params);
    };
    let at = lsp_offset(a, params.text_document_position.position);
    let read = |path: &std::path::Path| read_file(open, path);
    let files =
        flinkddl_ide::rename::rename_in_project(a, &this, config, at, &params.new_name, &read)
            .map_err(|e| e.to_string())?;
    let Some(files) = files else {
        return rename(a, uri, params);
    };
    let mut changes = HashMap::new();
    for file in files {
        let Ok(file_uri) = Url::from_file_path(&file.path) else {
            continue;
        };
        let index = flinkddl::LineIndex::new(&file.text);
        let edits = file
            .edits
            .into_iter()
            .map(|e| lsp::TextEdit::new(crate::convert::range(&index, &file.text, e.span), e.text))
            .collect();
        changes.insert(file_uri, edits);
    }
    Ok(lsp::WorkspaceEdit {
        changes: Some(changes),
        ..Default::default()
    })
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
