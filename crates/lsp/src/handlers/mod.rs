//! One file per LSP method (or family): LSP params in, LSP result out, over one document's
//! [`flinkddl_ide::Analysis`]. They run on worker threads; the main loop owns the documents.

mod call_hierarchy;
mod code_actions;
mod completion;
mod diagnostics;
mod folding;
mod formatting;
mod hover;
mod inlay_hints;
mod navigation;
mod rename;
mod semantic_tokens;
mod signature_help;
mod symbols;

pub use call_hierarchy::{incoming_calls, outgoing_calls, prepare_call_hierarchy};
pub use code_actions::code_actions;
pub use completion::completion;
pub use diagnostics::diagnostics;
pub use folding::folding_ranges;
pub use formatting::{formatting, range_formatting};
pub use hover::hover;
pub use inlay_hints::inlay_hints;
pub use navigation::{definition, document_highlight, references};
pub use rename::{prepare_rename, rename};
pub use rename::{references_in_project, rename_in_project, OpenTexts};
pub use semantic_tokens::{
    semantic_tokens, semantic_tokens_delta, semantic_tokens_range, LastTokens, TOKEN_MODIFIERS,
    TOKEN_TYPES,
};
pub use signature_help::signature_help;
pub use symbols::{document_symbols, workspace_symbols};

use crate::convert::{offset, range};
use flinkddl_ide::Analysis;
use lsp_types as lsp;

/// What the client can take, as far as handlers care.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientSupport {
    pub snippets: bool,
    pub hierarchical_symbols: bool,
    /// Hover contents may be Markdown (`hover.contentFormat`); else plain text.
    pub markdown: bool,
    /// Completion documentation may be Markdown (`completionItem.documentationFormat`).
    pub completion_markdown: bool,
    /// Signature documentation may be Markdown
    /// (`signatureHelp.signatureInformation.documentationFormat`).
    pub signature_markdown: bool,
}

/// Markdown as the client takes it: as it is, or as plain text without the markup.
pub(crate) fn markup(markdown: String, as_markdown: bool) -> lsp::MarkupContent {
    if as_markdown {
        lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: markdown,
        }
    } else {
        lsp::MarkupContent {
            kind: lsp::MarkupKind::PlainText,
            value: crate::convert::markdown_to_plain(&markdown),
        }
    }
}

pub(crate) fn lsp_range(a: &Analysis, s: flinkddl::Span) -> lsp::Range {
    range(a.line_index(), a.text(), s)
}

pub(crate) fn lsp_offset(a: &Analysis, p: lsp::Position) -> u32 {
    offset(a.line_index(), a.text(), p)
}
