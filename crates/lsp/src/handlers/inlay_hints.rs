//! Inlay hints: the binder's types of computed columns and select items in the range asked.

use super::lsp_offset;
use crate::convert::position;
use flinkddl::Span;
use flinkddl_ide::Analysis;
use lsp_types as lsp;

pub fn inlay_hints(a: &Analysis, params: lsp::InlayHintParams) -> Vec<lsp::InlayHint> {
    let start = lsp_offset(a, params.range.start);
    let end = lsp_offset(a, params.range.end).max(start);
    a.inlay_hints(Span::new(start, end))
        .into_iter()
        .map(|h| lsp::InlayHint {
            position: position(a.line_index(), a.text(), h.offset),
            label: lsp::InlayHintLabel::String(h.label),
            kind: Some(lsp::InlayHintKind::TYPE),
            text_edits: None,
            tooltip: None,
            padding_left: None,
            padding_right: None,
            data: None,
        })
        .collect()
}
