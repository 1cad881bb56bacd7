//! `textDocument/formatting` in-process: an unformatted document gets one edit over the whole
//! text with the formatted script; a formatted one gets none.

mod support;

use serde_json::json;
use support::{Client, URI};

#[test]
fn formats_the_whole_document() {
    let mut c = Client::start(false);
    c.open("select a from t where a > 1;\n-- kept\n");
    let edits = c.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let edits = edits.as_array().cloned().unwrap_or_default();
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(
        edits[0]["range"]["start"],
        json!({"line": 0, "character": 0})
    );
    assert_eq!(edits[0]["range"]["end"], json!({"line": 2, "character": 0}));
    assert_eq!(
        edits[0]["newText"],
        "SELECT a\nFROM t\nWHERE a > 1;\n-- kept\n"
    );
    assert!(c.stop());
}

#[test]
fn a_formatted_document_gets_no_edit() {
    let mut c = Client::start(false);
    c.open("SELECT a\nFROM t;\n");
    let edits = c.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits, json!([]));
    assert!(c.stop());
}
