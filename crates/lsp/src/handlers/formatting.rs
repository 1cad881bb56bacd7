//! `textDocument/formatting` and `textDocument/rangeFormatting`: the document, or the
//! statements the range touches, laid out by `flinkddl-fmt` (`docs/format.md`, with its
//! self-check: meaning and comments kept) under the `[format]` table of the document's
//! `flinkddl.toml`, as `flinkddl format` would. One edit, or none when nothing changes. The
//! client's `tabSize` and `insertSpaces` are not used: the editor and `flinkddl format --check`
//! in CI must agree, so `indent-width` in flinkddl.toml is the one setting.

use super::{lsp_offset, lsp_range};
use flinkddl_config::FormatSettings;
use flinkddl_fmt::FormatOptions;
use flinkddl_ide::Analysis;
use lsp_types as lsp;

pub fn formatting(a: &Analysis, settings: &FormatSettings) -> Vec<lsp::TextEdit> {
    let text = a.text();
    let formatted = flinkddl_fmt::format(text, &FormatOptions::from_settings(settings));
    if formatted == text {
        return Vec::new();
    }
    let whole = flinkddl::Span::new(0, text.len() as u32);
    vec![lsp::TextEdit {
        range: lsp_range(a, whole),
        new_text: formatted,
    }]
}

pub fn range_formatting(
    a: &Analysis,
    p: &lsp::DocumentRangeFormattingParams,
    settings: &FormatSettings,
) -> Vec<lsp::TextEdit> {
    let start = lsp_offset(a, p.range.start);
    let end = lsp_offset(a, p.range.end).max(start);
    let range = flinkddl::Span::new(start, end);
    let options = FormatOptions::from_settings(settings);
    flinkddl_fmt::format_range(a.text(), range, &options)
        .map(|edit| lsp::TextEdit {
            range: lsp_range(a, edit.span),
            new_text: edit.text,
        })
        .into_iter()
        .collect()
}
