//! `flinkddl.toml` in the language server, in-process over `Connection::memory()`: each
//! document's diagnostics follow the nearest `flinkddl.toml` above its file, as `flinkddl
//! check` reports that file; a broken one is one diagnostic and the defaults; a changed one is
//! read again (watched-file events, or its modification time on the next change).

#![allow(clippy::unwrap_used)] // a test harness: a failed send or join is a failed test

mod support;

use serde_json::{json, Value};
use support::{codes, Client, TempDir};

/// Precision clamped (L001), a nullable key column (L003), an unknown option of a table the
/// script only declares (C001: a warning at-use, an error with `connector-findings = "error"`).
const TABLE: &str = "CREATE TABLE t (\n  a TIME(6),\n  id BIGINT NULL,\n  PRIMARY KEY (id) NOT ENFORCED\n) WITH ('connector' = 'datagen', 'rows-per-secon' = '5');\n";

/// A table without 'connector': a managed table, which Flink before 2.0 cannot create.
const MANAGED: &str = "CREATE TABLE u (a INT);\n";

/// A catalog the script does not create: assumed to exist (a warning) unless fresh-session.
const USES_CATALOG: &str = "USE CATALOG lake;\n";

/// `code:severity` for each diagnostic (1 error, 2 warning, 3 info).
fn levels(params: &Value) -> Vec<String> {
    support::diagnostic_list(params)
        .iter()
        .map(|d| {
            let severity = match d["severity"].as_i64() {
                Some(1) => "E",
                Some(2) => "W",
                Some(3) => "I",
                _ => "?",
            };
            format!("{}:{severity}", d["code"].as_str().unwrap_or(""))
        })
        .collect()
}

struct Case {
    name: &'static str,
    /// The `flinkddl.toml` at the case's directory, if any.
    config: Option<&'static str>,
    /// The document, relative to the case's directory.
    file: &'static str,
    text: &'static str,
    /// What `flinkddl check` reports for the file under that configuration.
    expected: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        name: "none",
        config: None,
        file: "t.sql",
        text: TABLE,
        expected: &["L001:W", "L003:W", "C001:W"],
    },
    Case {
        name: "rules",
        config: Some("[rules]\nL001 = \"off\"\nnullable-primary-key-column = \"error\"\n"),
        file: "t.sql",
        text: TABLE,
        expected: &["L003:E", "C001:W"],
    },
    Case {
        name: "nearest-wins",
        config: Some("[rules]\nL003 = \"off\"\n"),
        // `nearest-wins/sub/flinkddl.toml` below turns L001 off instead.
        file: "sub/t.sql",
        text: TABLE,
        expected: &["L003:W", "C001:W"],
    },
    Case {
        name: "connector-findings",
        config: Some("connector-findings = \"error\"\n"),
        file: "t.sql",
        text: TABLE,
        expected: &["L001:W", "L003:W", "C001:E"],
    },
    Case {
        name: "assumed-catalog",
        config: None,
        file: "t.sql",
        text: USES_CATALOG,
        expected: &["B062:W"],
    },
    Case {
        name: "fresh-session",
        config: Some("fresh-session = true\n"),
        file: "t.sql",
        text: USES_CATALOG,
        expected: &["B062:E"],
    },
    Case {
        name: "newest-flink",
        config: None,
        file: "t.sql",
        text: MANAGED,
        expected: &[],
    },
    Case {
        name: "flink-version",
        config: Some("flink-version = \"1.20\"\n"),
        file: "t.sql",
        text: MANAGED,
        expected: &["B151:E"],
    },
    Case {
        name: "excluded",
        config: Some("exclude = [\"generated/**\"]\n"),
        file: "generated/t.sql",
        text: TABLE,
        expected: &[],
    },
    Case {
        name: "not-excluded",
        config: Some("exclude = [\"generated/**\"]\n"),
        file: "t.sql",
        text: TABLE,
        expected: &["L001:W", "L003:W", "C001:W"],
    },
    Case {
        name: "broken-value",
        config: Some("[rules]\nL001 = \"loud\"\n"),
        file: "t.sql",
        text: TABLE,
        expected: &["flinkddl.toml:E", "L001:W", "L003:W", "C001:W"],
    },
    Case {
        name: "broken-toml",
        config: Some("fresh-session = true\n[rules\n"),
        file: "t.sql",
        text: USES_CATALOG,
        expected: &["flinkddl.toml:E", "B062:W"],
    },
];

#[test]
fn pushed_diagnostics_follow_each_files_configuration() {
    let tmp = TempDir::new("cases");
    tmp.write(
        "nearest-wins/sub/flinkddl.toml",
        "[rules]\nprecision-clamped = \"off\"\n",
    );
    let mut c = Client::start(false);
    for case in CASES {
        if let Some(config) = case.config {
            tmp.write(&format!("{}/flinkddl.toml", case.name), config);
        }
        let uri = tmp.write(&format!("{}/{}", case.name, case.file), case.text);
        c.open_uri(&uri, case.text);
        let params = c.diagnostics_of(&uri, 1);
        assert_eq!(levels(&params), case.expected, "case {}", case.name);
    }
    // An untitled document uses the defaults.
    c.open_uri("untitled:Untitled-1", TABLE);
    let params = c.diagnostics_of("untitled:Untitled-1", 1);
    assert_eq!(levels(&params), ["L001:W", "L003:W", "C001:W"]);
    assert!(c.stop());
}

#[test]
fn a_broken_configuration_is_one_diagnostic_pointing_at_the_file() {
    let tmp = TempDir::new("broken");
    let config_uri = tmp.write("flinkddl.toml", "# rules\n\n[rules]\nL999 = \"off\"\n");
    let uri = tmp.write("a/t.sql", TABLE);
    let mut c = Client::start(false);
    c.open_uri(&uri, TABLE);
    let params = c.diagnostics_of(&uri, 1);
    let problem = &params["diagnostics"][0];
    assert_eq!(problem["code"], "flinkddl.toml");
    assert_eq!(problem["severity"], 1);
    assert_eq!(
        problem["range"],
        json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}})
    );
    let message = problem["message"].as_str().unwrap();
    assert!(
        message.contains("`L999` is not a flinkddl code or name"),
        "{message}"
    );
    assert!(message.contains("the defaults"), "{message}");
    assert_eq!(
        problem["relatedInformation"][0]["location"]["uri"],
        json!(config_uri)
    );

    // Invalid TOML: the related location is where the parser stopped.
    std::fs::write(tmp.0.join("flinkddl.toml"), "fresh-session = yes\n").unwrap();
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": config_uri, "type": 2}]}),
    );
    let params = c.diagnostics_of(&uri, 1);
    let problem = &params["diagnostics"][0];
    assert_eq!(problem["code"], "flinkddl.toml");
    assert_eq!(
        problem["relatedInformation"][0]["location"]["range"]["start"],
        json!({"line": 0, "character": 16})
    );
    // The server lives on and answers.
    let hover = c.result(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 1, "character": 2}}),
    );
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("TIME"));
    assert!(c.stop());
}

#[test]
fn a_changed_configuration_is_read_again() {
    let tmp = TempDir::new("changes");
    let uri = tmp.write("jobs/t.sql", TABLE);
    // The client can watch files: the server asks it to watch every flinkddl.toml.
    let (mut c, registration) = Client::start_watching_files();
    let options = &registration.params["registrations"][0];
    assert_eq!(options["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        options["registerOptions"]["watchers"][0]["globPattern"],
        "**/flinkddl.toml"
    );

    c.open_uri(&uri, TABLE);
    assert_eq!(
        levels(&c.diagnostics_of(&uri, 1)),
        ["L001:W", "L003:W", "C001:W"]
    );

    // Created: the watcher's event makes the server read it and push again.
    let config_uri = tmp.write("flinkddl.toml", "[rules]\nL001 = \"off\"\n");
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": config_uri, "type": 1}]}),
    );
    assert_eq!(levels(&c.diagnostics_of(&uri, 1)), ["L003:W", "C001:W"]);

    // Changed without an event: seen on the next edit (its length and time changed).
    tmp.write(
        "flinkddl.toml",
        "[rules]\nL001 = \"off\"\nL003 = \"error\"\n",
    );
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": TABLE}]}),
    );
    assert_eq!(levels(&c.diagnostics_of(&uri, 2)), ["L003:E", "C001:W"]);

    // Events about other files change nothing; deleted: the defaults again.
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": tmp.uri("jobs/other.sql"), "type": 2}]}),
    );
    std::fs::remove_file(tmp.0.join("flinkddl.toml")).unwrap();
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": config_uri, "type": 3}]}),
    );
    assert_eq!(
        levels(&c.diagnostics_of(&uri, 2)),
        ["L001:W", "L003:W", "C001:W"]
    );
    assert!(c.stop());
}

#[test]
fn pulled_diagnostics_follow_the_configuration_and_are_refreshed() {
    let tmp = TempDir::new("pull");
    let config_uri = tmp.write("flinkddl.toml", "[rules]\nL001 = \"off\"\n");
    let uri = tmp.write("t.sql", TABLE);
    let mut c = Client::start_with(json!({
        "textDocument": {"diagnostic": {}},
        "workspace": {"diagnostic": {"refreshSupport": true}}
    }));
    c.open_uri(&uri, TABLE);
    let pull = |c: &mut Client, previous: &Value| {
        c.result(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": uri}, "previousResultId": previous}),
        )
    };
    let first = pull(&mut c, &Value::Null);
    assert_eq!(codes(&first), ["L003", "C001"]);
    assert_eq!(pull(&mut c, &first["resultId"])["kind"], "unchanged");

    // The same text under another configuration is another result.
    tmp.write("flinkddl.toml", "[rules]\nL001 = \"error\"\n");
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": config_uri, "type": 2}]}),
    );
    let refresh = c.server_request("workspace/diagnostic/refresh");
    assert_eq!(refresh.params, Value::Null);
    let second = pull(&mut c, &first["resultId"]);
    assert_eq!(second["kind"], "full");
    assert_eq!(levels(&second), ["L001:E", "L003:W", "C001:W"]);
    assert!(c
        .notifications
        .iter()
        .all(|n| n.method != "textDocument/publishDiagnostics"));
    assert!(c.stop());
}

/// A table of the in-house connector of `USER_CONNECTORS`, only declared: its required option
/// missing (C002) and a misspelt one (C001, with a did-you-mean).
const ACME_TABLE: &str =
    "CREATE TABLE q (a INT) WITH (\n  'connector' = 'acme-queue',\n  'pol-interval' = '5 s'\n);\n";

const USER_CONNECTORS: &str = "[[connectors]]\nid = \"acme-queue\"\nversion = \"1\"\nroles = [\"source\", \"sink\"]\noptions = [\n  { key = \"queue\", type = \"string\", required = true },\n  { key = \"poll-interval\", type = \"duration\" },\n]\n";

#[test]
fn user_connectors_files_follow_the_configuration() {
    let tmp = TempDir::new("user-connectors");
    tmp.write("flinkddl.toml", "connectors = [\"connectors/acme.toml\"]\n");
    let connectors_uri = tmp.write("connectors/acme.toml", USER_CONNECTORS);
    let uri = tmp.write("jobs/t.sql", ACME_TABLE);
    let mut c = Client::start(false);
    c.open_uri(&uri, ACME_TABLE);
    let params = c.diagnostics_of(&uri, 1);
    assert_eq!(levels(&params), ["C002:W", "C001:W"]);
    let typo = params["diagnostics"][1]["message"].as_str().unwrap_or("");
    assert!(typo.contains("'pol-interval'"), "{typo}");
    let help = params["diagnostics"][1].to_string();
    assert!(help.contains("poll-interval"), "{help}");

    // A broken connectors file: one diagnostic pointing at it, and the built-in connector facts
    // (which does not know the connector: one info).
    std::fs::write(
        tmp.0.join("connectors/acme.toml"),
        "[[connectors]]\nid = \"acme-queue\"\nroles = 5\n",
    )
    .unwrap();
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": ACME_TABLE}]}),
    );
    let params = c.diagnostics_of(&uri, 2);
    assert_eq!(levels(&params), ["flinkddl.toml:E", "C011:I"]);
    let problem = &params["diagnostics"][0];
    let message = problem["message"].as_str().unwrap();
    assert!(message.contains("connectors file"), "{message}");
    assert!(message.contains("acme.toml"), "{message}");
    assert_eq!(
        problem["relatedInformation"][0]["location"]["uri"],
        json!(connectors_uri)
    );
    assert_eq!(
        problem["relatedInformation"][0]["location"]["range"]["start"],
        json!({"line": 2, "character": 8})
    );
    assert_eq!(
        problem["relatedInformation"][0]["message"],
        "the problem in acme.toml"
    );

    // Missing: the same, without a position.
    std::fs::remove_file(tmp.0.join("connectors/acme.toml")).unwrap();
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": ACME_TABLE}]}),
    );
    let params = c.diagnostics_of(&uri, 3);
    assert_eq!(levels(&params), ["flinkddl.toml:E", "C011:I"]);
    let message = params["diagnostics"][0]["message"].as_str().unwrap();
    assert!(message.contains("no such file or directory"), "{message}");

    // Fixed: the connector is checked again.
    tmp.write("connectors/acme.toml", USER_CONNECTORS);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": ACME_TABLE}]}),
    );
    assert_eq!(levels(&c.diagnostics_of(&uri, 4)), ["C002:W", "C001:W"]);
    assert!(c.stop());
}

#[test]
fn hover_and_completion_read_the_user_connectors_files() {
    let tmp = TempDir::new("user-connectors-ide");
    tmp.write("flinkddl.toml", "connectors = [\"connectors/acme.toml\"]\n");
    tmp.write("connectors/acme.toml", USER_CONNECTORS);
    let declared =
        "CREATE TABLE q (a INT) WITH (\n  'connector' = 'acme-queue',\n  'poll-interval' = '5 s'\n);\n";
    let typing = "CREATE TABLE q (a INT) WITH (\n  'connector' = 'acme-queue',\n  \n);\n";
    let declared_uri = tmp.write("jobs/declared.sql", declared);
    let typing_uri = tmp.write("jobs/typing.sql", typing);
    let mut c = Client::start(false);
    c.open_uri(&declared_uri, declared);
    c.open_uri(&typing_uri, typing);
    let at = |uri: &str, line: u32, character: u32| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
    let hover = c.result("textDocument/hover", at(&declared_uri, 2, 5));
    let markdown = hover["contents"]["value"].as_str().unwrap_or("");
    assert!(
        markdown.contains("option of connector `acme-queue`") && markdown.contains("Duration"),
        "{hover}"
    );
    let completion = c.result("textDocument/completion", at(&typing_uri, 2, 2));
    let labels: Vec<&str> = completion["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["label"].as_str())
        .collect();
    // The required option first, then the connector's own, then the common ones.
    assert_eq!(
        labels.get(..2),
        Some(&["queue", "poll-interval"][..]),
        "{labels:?}"
    );
    assert!(c.stop());
}
