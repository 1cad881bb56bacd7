//! What the client says it can do, read from `initialize`'s params field by field.
//!
//! Clients send capabilities this server does not know, and some send known ones in a shape
//! `lsp-types` rejects (a `semanticTokens` without `tokenTypes`, a string where a list
//! belongs). Deserializing the whole `InitializeParams` would refuse such a client and leave it
//! without a session, so only the few fields the server reads are looked at, each on its own:
//! one of the wrong shape counts as absent and its default applies.

use crate::handlers::ClientSupport;
use serde_json::Value;

/// What the server takes from `initialize`'s params.
#[derive(Debug, Clone, Copy)]
pub struct ClientInfo {
    pub support: ClientSupport,
    /// Push diagnostics (else the client pulls them).
    pub push_diagnostics: bool,
    /// The client can register file watchers (for `flinkddl.toml`).
    pub watch_files: bool,
    /// The client takes `workspace/diagnostic/refresh`.
    pub refresh_diagnostics: bool,
}

/// The value at `path` below `value`, if every step is an object that has it.
fn at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter()
        .try_fold(value, |v, key| v.as_object()?.get(*key))
}

fn flag(value: &Value, path: &[&str]) -> Option<bool> {
    at(value, path).and_then(Value::as_bool)
}

/// Whether a list of markup kinds allows Markdown: yes when the list is absent or not a list
/// (LSP's default), else whether it names `markdown`.
fn allows_markdown(value: &Value, path: &[&str]) -> bool {
    at(value, path)
        .and_then(Value::as_array)
        .is_none_or(|kinds| kinds.iter().any(|k| k.as_str() == Some("markdown")))
}

impl ClientInfo {
    /// Reads `initialize`'s params; never fails (anything unreadable is its default).
    pub fn read(params: &Value) -> ClientInfo {
        let caps = at(params, &["capabilities"]).unwrap_or(&Value::Null);
        let text = at(caps, &["textDocument"]).unwrap_or(&Value::Null);
        let support = ClientSupport {
            snippets: flag(text, &["completion", "completionItem", "snippetSupport"])
                .unwrap_or(false),
            hierarchical_symbols: flag(
                text,
                &["documentSymbol", "hierarchicalDocumentSymbolSupport"],
            )
            .unwrap_or(false),
            markdown: allows_markdown(text, &["hover", "contentFormat"]),
            completion_markdown: allows_markdown(
                text,
                &["completion", "completionItem", "documentationFormat"],
            ),
            signature_markdown: allows_markdown(
                text,
                &[
                    "signatureHelp",
                    "signatureInformation",
                    "documentationFormat",
                ],
            ),
        };
        // A client that pulls diagnostics does not also get them pushed (it would show them
        // twice), unless it asks for both with `initializationOptions: {"pushDiagnostics":
        // true}`.
        let pulls = at(text, &["diagnostic"]).is_some_and(Value::is_object);
        let push_diagnostics =
            flag(params, &["initializationOptions", "pushDiagnostics"]).unwrap_or(!pulls);
        ClientInfo {
            support,
            push_diagnostics,
            watch_files: flag(
                caps,
                &["workspace", "didChangeWatchedFiles", "dynamicRegistration"],
            )
            .unwrap_or(false),
            refresh_diagnostics: flag(caps, &["workspace", "diagnostic", "refreshSupport"])
                .unwrap_or(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn known_fields_are_read() {
        let info = ClientInfo::read(&json!({"capabilities": {
            "textDocument": {
                "completion": {"completionItem": {"snippetSupport": true, "documentationFormat": ["plaintext"]}},
                "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
                "hover": {"contentFormat": ["plaintext", "markdown"]},
                "diagnostic": {},
            },
            "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}, "diagnostic": {"refreshSupport": true}},
        }}));
        assert!(info.support.snippets && info.support.hierarchical_symbols);
        assert!(info.support.markdown && !info.support.completion_markdown);
        assert!(info.support.signature_markdown);
        assert!(!info.push_diagnostics && info.watch_files && info.refresh_diagnostics);
    }

    #[test]
    fn wrong_shapes_are_defaults() {
        for params in [
            json!(null),
            json!(5),
            json!({"capabilities": "all"}),
            json!({"capabilities": {"textDocument": [1, 2]}}),
            json!({"capabilities": {"textDocument": {
                "completion": {"completionItem": {"snippetSupport": "yes", "documentationFormat": "markdown"}},
                "hover": {"contentFormat": 7},
                "diagnostic": true,
            }, "workspace": {"didChangeWatchedFiles": []}}, "initializationOptions": "push"}),
        ] {
            let info = ClientInfo::read(&params);
            assert!(!info.support.snippets && info.support.markdown, "{params}");
            assert!(info.support.completion_markdown, "{params}");
            assert!(info.push_diagnostics && !info.watch_files, "{params}");
        }
    }
}
