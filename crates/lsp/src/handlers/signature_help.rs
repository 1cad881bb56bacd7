//! Signature help: the signatures of the call around the cursor, each parameter as offsets
//! into its label (UTF-16 units), the active one per signature.

use super::{lsp_offset, ClientSupport};
use flinkddl_ide::Analysis;
use lsp_types as lsp;

pub fn signature_help(
    a: &Analysis,
    params: lsp::SignatureHelpParams,
    support: ClientSupport,
) -> Option<lsp::SignatureHelp> {
    let at = lsp_offset(a, params.text_document_position_params.position);
    let help = a.signature_help(at)?;
    let utf16 = |label: &str, byte: u32| -> u32 {
        label
            .get(..byte as usize)
            .map_or(0, |s| s.encode_utf16().count() as u32)
    };
    let signatures = help
        .signatures
        .into_iter()
        .map(|s| {
            let documentation = super::markup(s.documentation, support.signature_markdown);
            let parameters = s
                .parameters
                .iter()
                .map(|&(start, end)| lsp::ParameterInformation {
                    label: lsp::ParameterLabel::LabelOffsets([
                        utf16(&s.label, start),
                        utf16(&s.label, end),
                    ]),
                    documentation: None,
                })
                .collect();
            lsp::SignatureInformation {
                // A signature with no parameter for the argument: none highlighted (an index
                // past the parameters, as the protocol asks).
                active_parameter: Some(
                    s.active_parameter
                        .map_or(s.parameters.len() as u32, |p| p as u32),
                ),
                label: s.label,
                documentation: Some(lsp::Documentation::MarkupContent(documentation)),
                parameters: Some(parameters),
            }
        })
        .collect();
    Some(lsp::SignatureHelp {
        signatures,
        active_signature: Some(help.active_signature as u32),
        active_parameter: None,
    })
}
