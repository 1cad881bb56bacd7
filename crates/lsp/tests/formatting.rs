//! `textDocument/formatting` and `textDocument/rangeFormatting` in-process: an unformatted
//! document gets one edit over the whole text with the formatted script, a formatted one none;
//! a range gets one edit over the statements it touches; both follow the `[format]` table of the
//! document's `flinkddl.toml`, read again when it changes.

mod support;

use serde_json::{json, Value};
use support::{Client, TempDir, URI};

/// The result of `textDocument/formatting` of `uri` with the client's `tabSize`.
fn format_document(c: &mut Client, uri: &str, tab_size: u32) -> Value {
    c.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": tab_size, "insertSpaces": true}}),
    )
}

/// The result of `textDocument/rangeFormatting` of `uri` from `start` to `end`.
fn format_range(c: &mut Client, uri: &str, start: (u32, u32), end: (u32, u32)) -> Value {
    c.result(
        "textDocument/rangeFormatting",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": position(start.0, start.1), "end": position(end.0, end.1)},
            "options": {"tabSize": 4, "insertSpaces": true}
        }),
    )
}

fn edits_of(value: Value) -> Vec<Value> {
    value.as_array().cloned().unwrap_or_default()
}

fn position(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

#[test]
fn formats_the_whole_document() {
    let mut c = Client::start(false);
    c.open("select a from t where a > 1;\n-- kept\n");
    let edits = format_document(&mut c, URI, 4);
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
    let edits = format_document(&mut c, URI, 4);
    assert_eq!(edits, json!([]));
    assert!(c.stop());
}

const THREE: &str = "select  a from t;\nselect b   from t where b > 1;\nselect  c from t;\n";

#[test]
fn range_formatting_lays_out_only_the_statements_the_range_touches() {
    let mut c = Client::start(false);
    c.open(THREE);
    // Part of the second line: the second statement, and nothing of the others.
    let edits = edits_of(format_range(&mut c, URI, (1, 3), (1, 10)));
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["range"]["start"], position(1, 0));
    assert_eq!(edits[0]["range"]["end"], position(1, 30));
    assert_eq!(edits[0]["newText"], "SELECT b\nFROM t\nWHERE b > 1;");

    // Whole lines, as editors select them: through the start of the next line, which is not
    // touched.
    let edits = edits_of(format_range(&mut c, URI, (0, 0), (2, 0)));
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["range"]["start"], position(0, 0));
    assert_eq!(edits[0]["range"]["end"], position(1, 30));
    assert_eq!(
        edits[0]["newText"],
        "SELECT a\nFROM t;\nSELECT b\nFROM t\nWHERE b > 1;"
    );

    // A cursor: the statement it is in.
    let edits = edits_of(format_range(&mut c, URI, (2, 4), (2, 4)));
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["range"]["start"], position(2, 0));
    assert_eq!(edits[0]["newText"], "SELECT c\nFROM t;");
    assert!(c.stop());
}

#[test]
fn range_formatting_gives_no_edit_where_nothing_changes() {
    let mut c = Client::start(false);
    c.open("SELECT a\nFROM t;\n\n-- a comment\nselet broken;\n");
    // Formatted already, between statements, and a statement with a syntax error.
    for (start, end) in [((0, 0), (1, 7)), ((2, 0), (3, 5)), ((4, 0), (4, 13))] {
        let edits = format_range(&mut c, URI, start, end);
        assert_eq!(edits, json!([]), "{start:?}..{end:?}");
    }
    assert!(c.stop());
}

/// A `flinkddl.toml` setting every key of `[format]`.
const FORMAT_TABLE: &str = "[format]\nline-width = 20\nindent-width = 2\nkeyword-case = \"lower\"\nidentifier-quoting = \"as-needed\"\n";

const WIDE: &str = "SELECT `qty`, b FROM t WHERE qty > 1 AND b < 2;\n";

#[test]
fn both_formatting_requests_follow_the_format_table_of_flinkddl_toml() {
    let tmp = TempDir::new("format-table");
    tmp.write("flinkddl.toml", FORMAT_TABLE);
    let uri = tmp.write("jobs/q.sql", WIDE);
    let mut c = Client::start(false);
    c.open_uri(&uri, WIDE);
    let expected = "select qty, b\nfrom t\nwhere\n  qty > 1\n  and b < 2;\n";
    let edits = edits_of(format_document(&mut c, &uri, 8));
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["newText"], expected);
    let edits = edits_of(format_range(&mut c, &uri, (0, 0), (0, 5)));
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["newText"], expected.trim_end());
    assert!(c.stop());
}

#[test]
fn a_changed_format_table_is_read_again() {
    let tmp = TempDir::new("format-changes");
    let uri = tmp.write("q.sql", WIDE);
    let (mut c, _) = Client::start_watching_files();
    c.open_uri(&uri, WIDE);
    let format = |c: &mut Client| {
        let edits = edits_of(format_document(c, &uri, 4));
        edits
            .first()
            .and_then(|e| e["newText"].as_str())
            .unwrap_or("")
            .to_string()
    };
    // No flinkddl.toml: the defaults.
    assert_eq!(
        format(&mut c),
        "SELECT `qty`, b\nFROM t\nWHERE qty > 1 AND b < 2;\n"
    );
    // Created, and reported by the watcher.
    let config_uri = tmp.write("flinkddl.toml", "[format]\nkeyword-case = \"lower\"\n");
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": config_uri, "type": 1}]}),
    );
    assert_eq!(
        format(&mut c),
        "select `qty`, b\nfrom t\nwhere qty > 1 and b < 2;\n"
    );
    // Changed without an event: seen on the next request (its length changed).
    tmp.write(
        "flinkddl.toml",
        "[format]\nkeyword-case = \"lower\"\nidentifier-quoting = \"as-needed\"\n",
    );
    assert_eq!(
        format(&mut c),
        "select qty, b\nfrom t\nwhere qty > 1 and b < 2;\n"
    );
    // Broken: the defaults until it is fixed.
    tmp.write("flinkddl.toml", "[format]\nkeyword-case = \"title\"\n");
    assert_eq!(
        format(&mut c),
        "SELECT `qty`, b\nFROM t\nWHERE qty > 1 AND b < 2;\n"
    );
    assert!(c.stop());
}
