//! Hover: markdown (or plain text for clients without it) with the range it is about.

use super::ClientSupport;
use super::{lsp_offset, lsp_range};
use flinkddl_ide::Analysis;
use lsp_types as lsp;

pub fn hover(a: &Analysis, params: lsp::HoverParams, support: ClientSupport) -> Option<lsp::Hover> {
    let at = lsp_offset(a, params.text_document_position_params.position);
    let h = a.hover(at)?;
    let contents = super::markup(h.markdown, support.markdown);
    Some(lsp::Hover {
        contents: lsp::HoverContents::Markup(contents),
        range: Some(lsp_range(a, h.span)),
    })
}
