//! The server driven in-process through `lsp_server::Connection::memory()`: the protocol as a
//! client sees it (UTF-16 positions, incremental changes, push and pull diagnostics, every
//! request, cancellation, stale versions, bad params, a panicking handler, shutdown).

#![allow(clippy::unwrap_used)] // a test harness: a failed send or join is a failed test

mod support;

use flinkddl_lsp::Config;
use serde_json::{json, Value};
use support::{codes, Client, URI};

/// A comment with an emoji before the error: LSP columns count UTF-16 units.
const TEXT: &str = "-- 😀 orders\nCREATE TABLE orders (\n  id BIGINT,\n  price DECIMAL(10, 2),\n  cost AS price * 2,\n  PRIMARY KEY (id)\n) WITH (\n  'connector' = 'datagen',\n  'rows-per-secon' = '5'\n);\nINSERT INTO orders SELECT 1, 2.0;\n";

#[test]
fn push_diagnostics_with_utf16_ranges_and_related_information() {
    let mut c = Client::start(false);
    c.open(TEXT);
    let params = c.diagnostics_for(1);
    assert_eq!(codes(&params), ["B030"]);
    let d = &params["diagnostics"][0];
    assert_eq!(d["range"]["start"], json!({"line": 5, "character": 2}));
    assert_eq!(d["source"], "flinkddl");
    assert_eq!(d["severity"], 1);
    // Incremental change: fix the key; the option typo is reported next (its range counts the
    // emoji line's UTF-16 units correctly too).
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 5, "character": 18}, "end": {"line": 5, "character": 18}}, "text": " NOT ENFORCED"}
        ]}),
    );
    let params = c.diagnostics_for(2);
    // The option typo, and the INSERT into a datagen (source-only) table.
    assert_eq!(codes(&params), ["C001", "C013"]);
    assert_eq!(
        params["diagnostics"][0]["range"]["start"],
        json!({"line": 8, "character": 2})
    );
    // A stale change (version 1) is ignored: the next diagnostics are still version 2's text.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 1}, "contentChanges": [{"text": "garbage"}]}),
    );
    let hover = c.result("textDocument/hover", Client::at(4, 3));
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("computed column"));
    // Related information from labels: a duplicate column points at the first one.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": "CREATE TABLE t (a INT, a INT);"}]}),
    );
    let params = c.diagnostics_for(3);
    let related = &params["diagnostics"][0]["relatedInformation"][0];
    assert_eq!(
        related["location"]["range"]["start"],
        json!({"line": 0, "character": 16})
    );
    assert_eq!(related["message"], "first defined here");
    assert!(c.stop());
}

#[test]
fn requests_answer_from_the_analysis() {
    let mut c = Client::start(true);
    c.open(TEXT);
    // Pull diagnostics, then unchanged with the same result id.
    let report = c.result(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(report["kind"], "full");
    assert_eq!(report["items"].as_array().unwrap().len(), 1);
    let again = c.result(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": URI}, "previousResultId": report["resultId"]}),
    );
    assert_eq!(again["kind"], "unchanged");
    // No push for a client that pulls.
    assert!(c
        .notifications
        .iter()
        .all(|n| n.method != "textDocument/publishDiagnostics"));

    let hover = c.result("textDocument/hover", Client::at(3, 4));
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("DECIMAL(10, 2)"));

    let completion = c.result("textDocument/completion", Client::at(8, 2));
    let labels: Vec<&str> = completion["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"number-of-rows"), "{labels:?}");
    let item = completion["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "number-of-rows")
        .unwrap();
    assert_eq!(item["insertTextFormat"], 2);

    let definition = c.result("textDocument/definition", Client::at(4, 11));
    assert_eq!(
        definition["range"]["start"],
        json!({"line": 3, "character": 2})
    );

    let references = c.result(
        "textDocument/references",
        json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 14}, "context": {"includeDeclaration": true}}),
    );
    assert_eq!(references.as_array().unwrap().len(), 2);

    let highlights = c.result("textDocument/documentHighlight", Client::at(4, 11));
    let kinds: Vec<i64> = highlights
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["kind"].as_i64().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [3, 2],
        "definition (write) then the use (read): {highlights}"
    );

    let symbols = c.result(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(symbols[0]["name"], "orders");
    assert_eq!(symbols[0]["children"].as_array().unwrap().len(), 4);

    let tokens = c.result(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": URI}}),
    );
    let data = tokens["data"].as_array().unwrap();
    assert_eq!(data.len() % 5, 0);
    // The first token is the comment: line 0, column 0, 12 UTF-16 units ("-- 😀 orders").
    assert_eq!(&data[..3], &[json!(0), json!(0), json!(12)]);

    let folds = c.result(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": URI}}),
    );
    assert!(folds
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["startLine"] == 1 && f["endLine"] == 9));

    let actions = c.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 5, "character": 4}, "end": {"line": 5, "character": 4}}, "context": {"diagnostics": []}}),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "add NOT ENFORCED");
    assert_eq!(
        action["edit"]["changes"][URI][0]["newText"],
        " NOT ENFORCED"
    );

    let prepared = c.result("textDocument/prepareRename", Client::at(3, 3));
    assert_eq!(prepared["start"], json!({"line": 3, "character": 2}));
    let edit = c.result(
        "textDocument/rename",
        json!({"textDocument": {"uri": URI}, "position": {"line": 3, "character": 3}, "newName": "amount"}),
    );
    assert_eq!(edit["changes"][URI].as_array().unwrap().len(), 2);
    let failed = c.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 1}, "newName": "x"}),
    );
    assert_eq!(failed.error.map(|e| e.code), Some(-32803));
    assert!(c.stop());
}

#[test]
fn bad_requests_panics_and_cancellation_leave_the_server_alive() {
    let mut c = Client::spawn(Client::test_config());
    // Before initialize.
    let early = c.request("textDocument/hover", Client::at(0, 0));
    assert_eq!(early.error.map(|e| e.code), Some(-32002));
    let init = c.request("initialize", json!({"capabilities": {}}));
    assert!(init.error.is_none());
    c.notify("initialized", json!({}));
    c.open(TEXT);

    let bad = c.request("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(bad.error.map(|e| e.code), Some(-32602));
    let unknown = c.request("textDocument/unheardOf", json!({}));
    assert_eq!(unknown.error.map(|e| e.code), Some(-32601));
    let not_open = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///other.sql"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(not_open.error.map(|e| e.code), Some(-32602));

    let panicked = c.request("flinkddl/debugPanic", json!({"uri": URI}));
    let error = panicked.error.unwrap();
    assert_eq!(error.code, -32603);
    assert!(error.message.contains("debugPanic"), "{}", error.message);

    // Cancellation: the one worker sleeps, the hover waits behind it and is cancelled.
    let sleeping = c.send_request("flinkddl/debugSleep", json!({"uri": URI}));
    let hover = c.send_request("textDocument/hover", Client::at(3, 4));
    let hover_number = c.next_id;
    c.notify("$/cancelRequest", json!({ "id": hover_number }));
    let cancelled = c.response(&hover);
    assert_eq!(cancelled.error.map(|e| e.code), Some(-32800));
    let slept = c.response(&sleeping);
    assert!(slept.error.is_none());

    // Still alive.
    let alive = c.result("textDocument/hover", Client::at(3, 4));
    assert!(alive["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("price"));
    // Half-typed text in every state never breaks a request.
    let partial = "CREATE TABLE t (a INT, b AS CAST(a AS ";
    for (version, end) in (1..=partial.len()).enumerate() {
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version + 2}, "contentChanges": [{"text": &partial[..end]}]}),
        );
        let r = c.request("textDocument/completion", Client::at(0, end as u32));
        assert!(r.error.is_none(), "{:?}", r.error);
    }
    assert!(c.stop());
}

#[test]
fn a_pulling_client_can_ask_for_pushes_too() {
    let mut c = Client::spawn(Config::default());
    let init = c.request(
        "initialize",
        json!({"capabilities": {"textDocument": {"diagnostic": {}}}, "initializationOptions": {"pushDiagnostics": true}}),
    );
    assert!(init.error.is_none());
    c.notify("initialized", json!({}));
    c.open("CREATE TABLE t (a INT, a INT);");
    assert_eq!(codes(&c.diagnostics_for(1)), ["B010"]);
    // Exit without shutdown: the server ends, and says it was not shut down.
    c.notify("exit", Value::Null);
    let clean = c.server.take().map(|h| h.join().unwrap().unwrap());
    assert_eq!(clean, Some(false));
}

/// A client that asks for plain text (eglot without markdown-mode) gets hover contents and
/// completion documentation as plain text, without Markdown markup; one that asks for Markdown
/// gets the markup.
#[test]
fn plain_text_clients_get_plain_text() {
    let markup = |s: &str| s.contains("```") || s.contains("**");
    for (format, plain) in [("plaintext", true), ("markdown", false)] {
        let mut c = Client::start_with(json!({"textDocument": {
            "hover": {"contentFormat": [format]},
            "completion": {"completionItem": {"documentationFormat": [format]}},
        }}));
        c.open("CREATE TABLE orders (\n  id BIGINT,\n  price DECIMAL(10, 2),\n  cost AS price * 2\n) WITH (\n  'connector' = 'datagen',\n  \n  'number-of-rows' = '10'\n);\n");
        let hover = c.result("textDocument/hover", Client::at(3, 3));
        let contents = &hover["contents"];
        assert_eq!(contents["kind"], format);
        let value = contents["value"].as_str().unwrap();
        assert!(value.contains("DECIMAL(21, 2)"), "{value}");
        assert_eq!(markup(value), !plain, "{value}");
        // Completion in the WITH list: datagen's options, documented.
        let completion = c.result("textDocument/completion", Client::at(6, 2));
        let items = completion["items"].as_array().unwrap();
        let documented: Vec<&Value> = items
            .iter()
            .filter(|i| i["documentation"].is_object())
            .collect();
        assert!(!documented.is_empty(), "{completion}");
        for item in documented {
            let doc = &item["documentation"];
            assert_eq!(doc["kind"], format, "{item}");
            if plain {
                assert!(!markup(doc["value"].as_str().unwrap()), "{item}");
            }
        }
        assert!(c.stop());
    }
}

/// Signature help inside a call (the active parameter per signature, parameters as UTF-16
/// offsets into the label) and inlay hints in a range; then positions and ranges no editor
/// should send, and every prefix of a half-typed call: answers, never a dead server.
#[test]
fn signature_help_and_inlay_hints() {
    let mut c = Client::start(false);
    let text = "CREATE TABLE t (s STRING, n INT, up AS UPPER(s)) WITH ('connector' = 'datagen');\nSELECT LPAD(s, n, '😀'), n + 1 AS m FROM t;\n";
    c.open(text);
    let help = c.result("textDocument/signatureHelp", Client::at(1, 15));
    assert_eq!(help["activeSignature"], 0);
    let signature = &help["signatures"][0];
    assert_eq!(signature["label"], "LPAD(CHARACTER, INTEGER, CHARACTER)");
    assert_eq!(signature["activeParameter"], 1);
    assert_eq!(
        signature["parameters"][1]["label"],
        json!([16, 23]),
        "{signature}"
    );
    assert!(signature["documentation"]["value"]
        .as_str()
        .unwrap()
        .contains("returns STRING"));

    let whole = json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 2, "character": 0}}});
    let hints = c.result("textDocument/inlayHint", whole);
    let shown: Vec<(i64, i64, &str)> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["position"]["line"].as_i64().unwrap(),
                h["position"]["character"].as_i64().unwrap(),
                h["label"].as_str().unwrap(),
            )
        })
        .collect();
    // After the emoji, columns count UTF-16 units (the emoji is two; in bytes, 25 and 37).
    assert_eq!(
        shown,
        [(0, 35, ": STRING"), (1, 23, ": STRING"), (1, 35, ": INT")],
        "{hints}"
    );
    assert!(hints.as_array().unwrap().iter().all(|h| h["kind"] == 1));

    // Positions past the text, a reversed range, a range past the end.
    for (line, character) in [(0, 10_000), (50, 3), (u32::MAX, u32::MAX)] {
        let r = c.request("textDocument/signatureHelp", Client::at(line, character));
        assert!(r.error.is_none(), "{:?}", r.error);
    }
    for range in [
        json!({"start": {"line": 1, "character": 9}, "end": {"line": 0, "character": 2}}),
        json!({"start": {"line": 40, "character": 0}, "end": {"line": 90, "character": 7}}),
        json!({"start": {"line": 0, "character": 4_000_000_000u32}, "end": {"line": 4_000_000_000u32, "character": 0}}),
    ] {
        let r = c.request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": URI}, "range": range}),
        );
        assert!(r.error.is_none(), "{:?}", r.error);
    }
    let bad = c.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(bad.error.map(|e| e.code), Some(-32602));

    // A call typed one character at a time, asked at its end and at its start each time.
    let partial = "SELECT COALESCE(LPAD(`a``b`, ARRAY[1, (2, '3,";
    for (version, end) in (1..=partial.len()).enumerate() {
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version + 2}, "contentChanges": [{"text": &partial[..end]}]}),
        );
        for character in [0, end as u32, end as u32 + 3] {
            let r = c.request("textDocument/signatureHelp", Client::at(0, character));
            assert!(r.error.is_none(), "{:?}", r.error);
        }
        let r = c.request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}}),
        );
        assert!(r.error.is_none(), "{:?}", r.error);
    }
    assert!(c.stop());
}

/// Capabilities this server does not know, and known ones of the wrong shape (a
/// `semanticTokens` without `tokenTypes`, strings where objects or lists belong): `initialize`
/// succeeds, what can be read is read, and the session works.
#[test]
fn malformed_client_capabilities_are_ignored() {
    let cases = [
        json!({"textDocument": {"semanticTokens": {"requests": {"full": true}}}}),
        json!({"textDocument": {"semanticTokens": {"tokenTypes": "keyword", "formats": 3}}}),
        json!({"textDocument": {"hover": {"contentFormat": ["html", 5]}, "completion": "yes"}}),
        json!({"textDocument": [1, 2], "workspace": {"workspaceFolders": "many"}}),
        json!({"general": {"positionEncodings": [42]}, "window": {"workDoneProgress": "sometimes"}}),
        json!({"experimental": {"anything": [null]}, "textDocument": {"diagnostic": true}}),
        json!("all of them"),
    ];
    for capabilities in cases {
        let mut c = Client::spawn(Client::test_config());
        let init = c.request(
            "initialize",
            json!({"processId": "me", "rootUri": 7, "capabilities": capabilities}),
        );
        assert!(init.error.is_none(), "{capabilities}: {:?}", init.error);
        let result = init.result.unwrap();
        assert_eq!(result["serverInfo"]["name"], "flinkddl", "{capabilities}");
        c.notify("initialized", json!({}));
        c.open(TEXT);
        // Diagnostics are pushed (no well-formed `diagnostic` capability says the client pulls).
        assert_eq!(codes(&c.diagnostics_for(1)), ["B030"], "{capabilities}");
        let hover = c.result("textDocument/hover", Client::at(3, 4));
        assert!(hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("DECIMAL(10, 2)"));
        let tokens = c.result(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": URI}}),
        );
        assert!(!tokens["data"].as_array().unwrap().is_empty());
        assert!(c.stop());
    }
    // What is readable still counts beside what is not: plain text asked for, a bad
    // `semanticTokens` beside it.
    let mut c = Client::start_with(json!({"textDocument": {
        "hover": {"contentFormat": ["plaintext"]},
        "semanticTokens": {"tokenModifiers": {}},
    }}));
    c.open(TEXT);
    let hover = c.result("textDocument/hover", Client::at(3, 4));
    assert_eq!(hover["contents"]["kind"], "plaintext");
    assert!(c.stop());
}

/// LSP's relative encoding made absolute: (line, start, length, type, modifiers) per token.
fn absolute_tokens(data: &Value) -> Vec<[u64; 5]> {
    let numbers: Vec<u64> = data
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let (mut line, mut start) = (0, 0);
    numbers
        .chunks(5)
        .map(|t| {
            if t[0] > 0 {
                start = 0;
            }
            line += t[0];
            start += t[1];
            [line, start, t[2], t[3], t[4]]
        })
        .collect()
}

/// `data` with a delta's edits applied (each on the data as the previous one left it, in order).
fn apply_token_edits(data: &Value, edits: &Value) -> Value {
    let mut out: Vec<Value> = data.as_array().unwrap().clone();
    let mut edits: Vec<&Value> = edits.as_array().unwrap().iter().collect();
    // Applied from the back, so that each edit's start still means the original data's.
    edits.sort_by_key(|e| std::cmp::Reverse(e["start"].as_u64().unwrap()));
    for e in edits {
        let start = e["start"].as_u64().unwrap() as usize;
        let delete = e["deleteCount"].as_u64().unwrap() as usize;
        let insert = e["data"].as_array().cloned().unwrap_or_default();
        out.splice(start..start + delete, insert);
    }
    Value::Array(out)
}

const TOKENS_TEXT: &str = "-- orders, with a comment\n/* over\n   three lines */ CREATE TABLE orders (\n  id BIGINT,\n  price DECIMAL(10, 2),\n  cost AS UPPER(CAST(price AS STRING)),\n  PRIMARY KEY (id) NOT ENFORCED\n) WITH ('connector' = 'datagen');\nCREATE VIEW v AS SELECT id, price * 2 AS doubled FROM orders;\nSELECT doubled FROM v WHERE id > 1.5;\n";

/// `semanticTokens/range` gives the tokens that overlap the range, each as the full result
/// has it; `full/delta` after an edit gives edits that turn the previous data into the new full
/// data; an unknown or stale `previousResultId` gives the full data.
#[test]
fn semantic_tokens_in_a_range_and_as_deltas() {
    let mut c = Client::start(false);
    c.open(TOKENS_TEXT);
    let doc = json!({"uri": URI});
    let full = c.result(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": doc }),
    );
    let all = absolute_tokens(&full["data"]);
    assert!(full["resultId"].is_string());
    let pos = |line: u64, character: u64| (line, character);
    // Lines 4 to 6; a range inside the three-line comment and the CREATE after it; one part of
    // a line; the whole text; a range past the end.
    for ((sl, sc), (el, ec)) in [
        (pos(4, 0), pos(7, 0)),
        (pos(2, 3), pos(2, 30)),
        (pos(5, 10), pos(5, 20)),
        (pos(0, 0), pos(99, 0)),
        (pos(50, 0), pos(60, 0)),
    ] {
        let range = c.result(
            "textDocument/semanticTokens/range",
            json!({"textDocument": doc, "range": {"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}}}),
        );
        let got = absolute_tokens(&range["data"]);
        let expected: Vec<[u64; 5]> = all
            .iter()
            .copied()
            .filter(|t| (t[0], t[1]) < (el, ec) && (sl, sc) < (t[0], t[1] + t[2]))
            .collect();
        assert_eq!(got, expected, "{sl}:{sc} to {el}:{ec}");
        assert!(got
            .iter()
            .all(|t| (sl, sc) <= (t[0], t[1] + t[2]) && (t[0], t[1]) <= (el, ec)));
    }
    let lines_4_to_6 = c.result(
        "textDocument/semanticTokens/range",
        json!({"textDocument": doc, "range": {"start": {"line": 4, "character": 0}, "end": {"line": 7, "character": 0}}}),
    );
    let lines: Vec<u64> = absolute_tokens(&lines_4_to_6["data"])
        .iter()
        .map(|t| t[0])
        .collect();
    assert!(lines.contains(&4) && lines.contains(&6), "{lines:?}");
    assert!(lines.iter().all(|l| (4..=6).contains(l)), "{lines:?}");

    // An edit: a column added, a comment shortened. The delta turns the last data into the new.
    let mut previous = full;
    for (version, range, text) in [
        (2, [3, 12, 3, 12], "\n  qty INT,"),
        (3, [0, 2, 0, 25], " o"),
        (4, [9, 0, 9, 0], "SELECT 1;\n"),
    ] {
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [
                {"range": {"start": {"line": range[0], "character": range[1]}, "end": {"line": range[2], "character": range[3]}}, "text": text}
            ]}),
        );
        let delta = c.result(
            "textDocument/semanticTokens/full/delta",
            json!({"textDocument": doc, "previousResultId": previous["resultId"]}),
        );
        let edits = &delta["edits"];
        assert_eq!(edits.as_array().map(Vec::len), Some(1), "{delta}");
        assert!(edits[0]["data"].as_array().unwrap().len() < 40, "{delta}");
        let applied = apply_token_edits(&previous["data"], edits);
        let now = c.result(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": doc }),
        );
        assert_eq!(applied, now["data"], "version {version}");
        assert_ne!(now["resultId"], delta["resultId"]);
        // The delta's id is no longer the last result: asked from it, the whole data comes.
        let stale = c.result(
            "textDocument/semanticTokens/full/delta",
            json!({"textDocument": doc, "previousResultId": delta["resultId"]}),
        );
        assert_eq!(stale["data"], now["data"]);
        assert!(stale.get("edits").is_none());
        previous = stale;
    }
    // Nothing changed: no edit.
    let same = c.result(
        "textDocument/semanticTokens/full/delta",
        json!({"textDocument": doc, "previousResultId": previous["resultId"]}),
    );
    assert_eq!(same["edits"], json!([]));
    // An id this server never gave.
    let unknown = c.result(
        "textDocument/semanticTokens/full/delta",
        json!({"textDocument": doc, "previousResultId": "no-such-result"}),
    );
    assert_eq!(unknown["data"], previous["data"]);
    assert!(unknown["resultId"].is_string());
    assert!(c.stop());
}

/// Call-hierarchy items come back from the client: whatever it does to them (no data, data of
/// another shape, a range past the end, a table that does not exist), the answer is a list,
/// never an error, and the server stays up.
#[test]
fn call_hierarchy_survives_what_clients_send_back() {
    let mut c = Client::start(false);
    c.open(
        "CREATE TABLE src (a INT) WITH ('connector' = 'datagen');\n\
         CREATE TABLE dst (a INT) WITH ('connector' = 'blackhole');\n\
         INSERT INTO dst SELECT a FROM src;\n",
    );
    let items = c.result(
        "textDocument/prepareCallHierarchy",
        json!({"textDocument": {"uri": URI}, "position": {"line": 2, "character": 13}}),
    );
    let item = items[0].clone();
    assert_eq!(item["name"], "dst");
    let incoming = c.result("callHierarchy/incomingCalls", json!({ "item": item }));
    assert_eq!(incoming[0]["from"]["name"], "src", "{incoming}");
    let far = json!({"start": {"line": 900, "character": 9}, "end": {"line": 900, "character": 9}});
    for (data, selection) in [
        (json!(null), item["selectionRange"].clone()),
        (json!(42), far.clone()),
        (json!(["only", "two"]), far.clone()),
        (
            json!(["no", "such", "table"]),
            item["selectionRange"].clone(),
        ),
        (json!([1, 2, 3]), far),
    ] {
        let mut mangled = item.clone();
        mangled["data"] = data.clone();
        mangled["selectionRange"] = selection;
        for method in ["callHierarchy/incomingCalls", "callHierarchy/outgoingCalls"] {
            let r = c.request(method, json!({ "item": mangled }));
            assert!(r.error.is_none(), "{method} {data}: {:?}", r.error);
            assert!(r.result.is_some_and(|v| v.is_array()), "{method} {data}");
        }
    }
    // Without data the item is found again at its selection range.
    let mut plain = item.clone();
    plain["data"] = json!(null);
    let again = c.result("callHierarchy/incomingCalls", json!({ "item": plain }));
    assert_eq!(again, incoming);
    assert!(c.stop());
}
