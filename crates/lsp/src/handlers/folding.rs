//! Folding ranges, in lines.

use flinkddl_ide::{Analysis, FoldKind};
use lsp_types as lsp;

pub fn folding_ranges(a: &Analysis) -> Vec<lsp::FoldingRange> {
    let index = a.line_index();
    a.folding_ranges()
        .into_iter()
        .map(|f| lsp::FoldingRange {
            start_line: index.line_of(f.span.start) as u32,
            start_character: None,
            end_line: index.line_of(f.span.end) as u32,
            end_character: None,
            kind: match f.kind {
                FoldKind::Comment => Some(lsp::FoldingRangeKind::Comment),
                FoldKind::Statement | FoldKind::List => Some(lsp::FoldingRangeKind::Region),
            },
            collapsed_text: None,
        })
        .collect()
}
