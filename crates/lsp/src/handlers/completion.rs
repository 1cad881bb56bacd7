//! Completion: the items of `flinkddl-ide` as text edits over what was typed; snippets and
//! documentation as plain text for clients without snippet or Markdown support.

use super::ClientSupport;
use super::{lsp_offset, lsp_range};
use crate::convert::snippet_to_plain;
use flinkddl_ide::{Analysis, CompletionKind};
use lsp_types as lsp;

pub fn completion(
    a: &Analysis,
    params: lsp::CompletionParams,
    support: ClientSupport,
) -> lsp::CompletionResponse {
    let at = lsp_offset(a, params.text_document_position.position);
    let items = a.completions(at);
    let filtered = items.first().is_some_and(|i| i.replace.start < at);
    let items = items
        .into_iter()
        .map(|item| {
            let (text, format) = if item.is_snippet && support.snippets {
                (item.insert_text, lsp::InsertTextFormat::SNIPPET)
            } else if item.is_snippet {
                (
                    snippet_to_plain(&item.insert_text),
                    lsp::InsertTextFormat::PLAIN_TEXT,
                )
            } else {
                (item.insert_text, lsp::InsertTextFormat::PLAIN_TEXT)
            };
            lsp::CompletionItem {
                kind: Some(match item.kind {
                    CompletionKind::Keyword => lsp::CompletionItemKind::KEYWORD,
                    CompletionKind::Snippet => lsp::CompletionItemKind::SNIPPET,
                    CompletionKind::Type => lsp::CompletionItemKind::TYPE_PARAMETER,
                    CompletionKind::Column => lsp::CompletionItemKind::FIELD,
                    CompletionKind::Table => lsp::CompletionItemKind::CLASS,
                    CompletionKind::Function => lsp::CompletionItemKind::FUNCTION,
                    CompletionKind::Option => lsp::CompletionItemKind::PROPERTY,
                    CompletionKind::Value => lsp::CompletionItemKind::ENUM_MEMBER,
                    CompletionKind::Connector | CompletionKind::Format => {
                        lsp::CompletionItemKind::MODULE
                    }
                    CompletionKind::MetadataKey => lsp::CompletionItemKind::CONSTANT,
                }),
                detail: item.detail,
                documentation: item.documentation.map(|d| {
                    lsp::Documentation::MarkupContent(super::markup(d, support.completion_markdown))
                }),
                sort_text: Some(item.sort_text),
                filter_text: Some(item.label.clone()),
                insert_text_format: Some(format),
                text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                    range: lsp_range(a, item.replace),
                    new_text: text,
                })),
                label: item.label,
                ..Default::default()
            }
        })
        .collect();
    lsp::CompletionResponse::List(lsp::CompletionList {
        is_incomplete: filtered,
        items,
    })
}
