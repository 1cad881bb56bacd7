//! `textDocument/formatting`: the document laid out by `flinkddl-fmt` (`docs/format.md`, with
//! its self-check: meaning and comments kept), as one edit over the whole text, or no edit when
//! it is already formatted. The default options for now: the document's `[format]` table and
//! `rangeFormatting` are not wired yet.

use super::lsp_range;
use flinkddl_ide::Analysis;
use lsp_types as lsp;

pub fn formatting(a: &Analysis) -> Vec<lsp::TextEdit> {
    let text = a.text();
    let formatted = flinkddl_fmt::format(text, &flinkddl_fmt::FormatOptions::default());
    if formatted == text {
        return Vec::new();
    }
    let whole = flinkddl::Span::new(0, text.len() as u32);
    vec![lsp::TextEdit {
        range: lsp_range(a, whole),
        new_text: formatted,
    }]
}
