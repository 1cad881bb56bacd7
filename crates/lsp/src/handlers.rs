//! One function per LSP method: LSP params in, LSP result out, over one document's
//! [`flinkddl_ide::Analysis`]. They run on worker threads; the main loop owns the documents.

use crate::convert::{offset, range, snippet_to_plain, span};
use flinkddl_ide::{Analysis, CompletionKind, FoldKind, SymbolKind, TokenType};
use lsp_types as lsp;
use lsp_types::Url;
use std::collections::HashMap;

/// What the client can take, as far as handlers care.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientSupport {
    pub snippets: bool,
    pub hierarchical_symbols: bool,
    pub markdown: bool,
}

pub const TOKEN_TYPES: &[lsp::SemanticTokenType] = &[
    lsp::SemanticTokenType::KEYWORD,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::OPERATOR,
    lsp::SemanticTokenType::TYPE,
    lsp::SemanticTokenType::FUNCTION,
    lsp::SemanticTokenType::CLASS,
    lsp::SemanticTokenType::PROPERTY,
    lsp::SemanticTokenType::PARAMETER,
];

pub const TOKEN_MODIFIERS: &[lsp::SemanticTokenModifier] =
    &[lsp::SemanticTokenModifier::DECLARATION];

fn token_type_index(t: TokenType) -> u32 {
    match t {
        TokenType::Keyword => 0,
        TokenType::Comment => 1,
        TokenType::String => 2,
        TokenType::Number => 3,
        TokenType::Operator => 4,
        TokenType::Type => 5,
        TokenType::Function => 6,
        TokenType::Table => 7,
        TokenType::Column => 8,
        TokenType::OptionKey => 9,
    }
}

fn lsp_range(a: &Analysis, s: flinkddl::Span) -> lsp::Range {
    range(a.line_index(), a.text(), s)
}

fn lsp_offset(a: &Analysis, p: lsp::Position) -> u32 {
    offset(a.line_index(), a.text(), p)
}

pub fn diagnostics(a: &Analysis, uri: &Url) -> Vec<lsp::Diagnostic> {
    flinkddl_ide::diagnostics::diagnostics(a)
        .into_iter()
        .map(|d| {
            let related: Vec<lsp::DiagnosticRelatedInformation> = d
                .related
                .iter()
                .map(|l| lsp::DiagnosticRelatedInformation {
                    location: lsp::Location::new(uri.clone(), lsp_range(a, l.span)),
                    message: l.message.clone(),
                })
                .collect();
            lsp::Diagnostic {
                range: lsp_range(a, d.span),
                severity: Some(match d.severity {
                    flinkddl::Severity::Error => lsp::DiagnosticSeverity::ERROR,
                    flinkddl::Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                    flinkddl::Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
                }),
                code: Some(lsp::NumberOrString::String(d.code.to_string())),
                code_description: None,
                source: Some("flinkddl".to_string()),
                message: d.message,
                related_information: (!related.is_empty()).then_some(related),
                tags: None,
                data: Some(serde_json::json!({ "name": d.name })),
            }
        })
        .collect()
}

pub fn hover(a: &Analysis, params: lsp::HoverParams, support: ClientSupport) -> Option<lsp::Hover> {
    let at = lsp_offset(a, params.text_document_position_params.position);
    let h = a.hover(at)?;
    Some(lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: if support.markdown {
                lsp::MarkupKind::Markdown
            } else {
                lsp::MarkupKind::PlainText
            },
            value: h.markdown,
        }),
        range: Some(lsp_range(a, h.span)),
    })
}

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
                    lsp::Documentation::MarkupContent(lsp::MarkupContent {
                        kind: lsp::MarkupKind::Markdown,
                        value: d,
                    })
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

pub fn definition(
    a: &Analysis,
    uri: &Url,
    params: lsp::GotoDefinitionParams,
) -> Option<lsp::GotoDefinitionResponse> {
    let at = lsp_offset(a, params.text_document_position_params.position);
    let target = a.goto_definition(at)?;
    Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location::new(
        uri.clone(),
        lsp_range(a, target.span),
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

pub fn document_symbols(
    a: &Analysis,
    uri: &Url,
    support: ClientSupport,
) -> lsp::DocumentSymbolResponse {
    fn kind(k: SymbolKind) -> lsp::SymbolKind {
        match k {
            SymbolKind::Table => lsp::SymbolKind::STRUCT,
            SymbolKind::View => lsp::SymbolKind::INTERFACE,
            SymbolKind::Column => lsp::SymbolKind::FIELD,
            SymbolKind::Watermark => lsp::SymbolKind::EVENT,
            SymbolKind::Constraint => lsp::SymbolKind::KEY,
            SymbolKind::Catalog => lsp::SymbolKind::NAMESPACE,
            SymbolKind::Database => lsp::SymbolKind::MODULE,
            SymbolKind::Function => lsp::SymbolKind::FUNCTION,
            SymbolKind::Insert => lsp::SymbolKind::OPERATOR,
        }
    }
    fn convert(a: &Analysis, s: flinkddl_ide::DocumentSymbol) -> lsp::DocumentSymbol {
        #[allow(deprecated)]
        lsp::DocumentSymbol {
            name: s.name,
            detail: s.detail,
            kind: kind(s.kind),
            tags: None,
            deprecated: None,
            range: lsp_range(a, s.full_span),
            selection_range: lsp_range(a, s.focus_span),
            children: (!s.children.is_empty())
                .then(|| s.children.into_iter().map(|c| convert(a, c)).collect()),
        }
    }
    let symbols = a.document_symbols();
    if support.hierarchical_symbols {
        return lsp::DocumentSymbolResponse::Nested(
            symbols.into_iter().map(|s| convert(a, s)).collect(),
        );
    }
    let mut flat = Vec::new();
    fn flatten(
        a: &Analysis,
        uri: &Url,
        s: &flinkddl_ide::DocumentSymbol,
        container: Option<&str>,
        out: &mut Vec<lsp::SymbolInformation>,
    ) {
        #[allow(deprecated)]
        out.push(lsp::SymbolInformation {
            name: s.name.clone(),
            kind: kind(s.kind),
            tags: None,
            deprecated: None,
            location: lsp::Location::new(uri.clone(), lsp_range(a, s.full_span)),
            container_name: container.map(str::to_string),
        });
        for c in &s.children {
            flatten(a, uri, c, Some(&s.name), out);
        }
    }
    for s in &symbols {
        flatten(a, uri, s, None, &mut flat);
    }
    lsp::DocumentSymbolResponse::Flat(flat)
}

/// Tokens, split at line ends (LSP tokens may not span lines unless the client says so).
pub fn semantic_tokens(a: &Analysis) -> lsp::SemanticTokens {
    let index = a.line_index();
    let text = a.text();
    let mut data = Vec::new();
    let (mut prev_line, mut prev_start) = (0u32, 0u32);
    for token in a.semantic_tokens() {
        let mut start = token.span.start;
        while start < token.span.end {
            let line = index.line_of(start);
            let line_end = index
                .line_start(line + 1)
                .unwrap_or(text.len() as u32)
                .min(token.span.end);
            let piece = text.get(start as usize..line_end as usize).unwrap_or("");
            let piece = piece.trim_end_matches(['\n', '\r']);
            let length: u32 = piece.chars().map(|c| c.len_utf16() as u32).sum();
            if length > 0 {
                let pos = crate::convert::position(index, text, start);
                // Tokens come sorted and disjoint, so these never go below zero.
                let delta_line = pos.line.saturating_sub(prev_line);
                let delta_start = if delta_line == 0 {
                    pos.character.saturating_sub(prev_start)
                } else {
                    pos.character
                };
                data.push(lsp::SemanticToken {
                    delta_line,
                    delta_start,
                    length,
                    token_type: token_type_index(token.token_type),
                    token_modifiers_bitset: u32::from(token.definition),
                });
                prev_line = pos.line;
                prev_start = pos.character;
            }
            if line_end <= start {
                break;
            }
            start = line_end;
        }
    }
    lsp::SemanticTokens {
        result_id: None,
        data,
    }
}

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

pub fn code_actions(
    a: &Analysis,
    uri: &Url,
    params: lsp::CodeActionParams,
) -> Vec<lsp::CodeActionOrCommand> {
    // Only quick fixes are offered; a client that asks for other kinds gets none.
    if let Some(only) = &params.context.only {
        let quickfix = lsp::CodeActionKind::QUICKFIX;
        if !only
            .iter()
            .any(|k| quickfix.as_str().starts_with(k.as_str()))
        {
            return Vec::new();
        }
    }
    let requested = span(a.line_index(), a.text(), params.range);
    let all = diagnostics(a, uri);
    a.code_actions(requested)
        .into_iter()
        .map(|action| {
            let edits = action
                .edits
                .iter()
                .map(|e| lsp::TextEdit::new(lsp_range(a, e.span), e.text.clone()))
                .collect();
            lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: action.title,
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: all.get(action.diagnostic).cloned().map(|d| vec![d]),
                edit: Some(lsp::WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), edits)])),
                    ..Default::default()
                }),
                command: None,
                is_preferred: Some(action.is_preferred),
                disabled: None,
                data: None,
            })
        })
        .collect()
}

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
