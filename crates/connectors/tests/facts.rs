//! The built-in data loads, and user files of the same shape extend it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flinkddl_connectors::{ConnectorFacts, BUILTIN_FILES};
use flinkddl_diagnostics::{Code, Severity};

#[test]
fn builtin_data_loads_without_errors() {
    assert!(
        ConnectorFacts::builtin_errors().is_empty(),
        "{:?}",
        ConnectorFacts::builtin_errors()
    );
    let facts = ConnectorFacts::builtin();
    // The connectors and formats the connector facts must describe, each with its version.
    let connectors = "kafka upsert-kafka jdbc elasticsearch-6 elasticsearch-7 opensearch \
        hbase-2.2 hbase-2.6 mongodb kinesis firehose dynamodb mysql-cdc postgres-cdc datagen \
        filesystem print blackhole";
    for id in connectors.split_whitespace() {
        let version = facts.connector(id).map(|c| c.version.as_str());
        assert!(
            version.is_some_and(|v| !v.is_empty()),
            "connector {id}: {version:?}"
        );
    }
    let formats = "json csv avro avro-confluent raw debezium-json canal-json maxwell-json \
        ogg-json parquet orc protobuf";
    for id in formats.split_whitespace() {
        let version = facts.format(id).map(|f| f.version.as_str());
        assert!(
            version.is_some_and(|v| !v.is_empty()),
            "format {id}: {version:?}"
        );
    }
    assert!(BUILTIN_FILES.len() >= 5);
}

const USER_TOML: &str = r#"
about = "in-house connectors"

[[connectors]]
id = "acme-queue"
version = "acme-queue 1.4"
roles = ["source", "sink"]
format_slots = [{ option = "format" }]
options = [
  { key = "queue", type = "string", required = true },
  { key = "format", type = "string", required = true },
  { key = "poll-interval", type = "duration" },
]
metadata = [{ key = "offset", type = "BIGINT NOT NULL", read = true, write = false }]
"#;

#[test]
fn user_file_in_toml_adds_a_connector() {
    let facts = ConnectorFacts::builtin()
        .with_user_file(USER_TOML)
        .expect("valid user file");
    let sql = "CREATE TABLE t (a INT, o BIGINT METADATA FROM 'offset') WITH (\n\
               'connector' = 'acme-queue', 'format' = 'json', 'poll-interval' = '5 sec0nds', 'qeue' = 'x')";
    let diags = common::check_sql(&facts, sql);
    let codes: Vec<&str> = diags.iter().map(|d| d.code.info().code).collect();
    assert!(codes.contains(&"C003"), "{}", common::render(sql, &diags));
    assert!(codes.contains(&"C001"), "{}", common::render(sql, &diags));
    assert!(codes.contains(&"C002"), "{}", common::render(sql, &diags));
    assert!(codes.contains(&"C010"), "{}", common::render(sql, &diags));
    // The built-in connector facts do not know it: one info, nothing else.
    let diags = common::check_sql(&ConnectorFacts::builtin(), sql);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].code, Code::UnknownConnector);
    assert_eq!(diags[0].severity, Severity::Info);
}

#[test]
fn user_file_in_json_replaces_a_builtin() {
    let json = r#"{"connectors": [{"id": "print", "version": "patched", "roles": ["sink"],
        "options": [{"key": "my-option", "type": "boolean"}]}]}"#;
    let facts = ConnectorFacts::builtin()
        .with_user_file(json)
        .expect("valid");
    let sql = "CREATE TABLE t (a INT) WITH ('connector' = 'print', 'my-option' = 'TRUE')";
    assert!(common::check_sql(&facts, sql).is_empty());
}

#[test]
fn broken_user_files_are_rejected_with_a_message() {
    for text in [
        "{ not json",
        "connectors = 5",
        r#"{"connectors": [{"id": "x", "version": "1", "roles": []}]}"#,
        r#"{"connectors": [{"id": "x", "version": "1", "roles": ["sink"], "metadata": [{"key": "k", "type": "NOT A TYPE", "read": true, "write": false}]}]}"#,
        r#"{"connectors": [{"id": "x", "version": "1", "roles": ["sink"], "bogus": 1}]}"#,
    ] {
        let err = ConnectorFacts::builtin().with_user_file(text).err();
        assert!(err.is_some(), "{text}");
    }
}

#[test]
fn no_connector_no_diagnostic_and_unknown_connector_one_info() {
    let facts = ConnectorFacts::builtin();
    assert!(common::check_sql(&facts, "CREATE TABLE t (a INT)").is_empty());
    assert!(common::check_sql(&facts, "CREATE TABLE t (a INT) WITH ('k' = 'v')").is_empty());
    let sql = "CREATE TABLE t (a INT, m INT METADATA) WITH ('connector' = 'my-own', 'x' = 'y', 'topic' = 'a', 'topic-pattern' = 'b')";
    let diags = common::check_sql(&facts, sql);
    assert_eq!(diags.len(), 1, "{}", common::render(sql, &diags));
    assert_eq!(diags[0].code, Code::UnknownConnector);
    assert_eq!(diags[0].severity, Severity::Info);
}

#[test]
fn spans_and_fixes_point_at_the_literal() {
    let sql = "CREATE TABLE t (id INT, m STRING METADATA FROM 'offst') WITH (\n  'connector' = 'kafka',\n  'topic' = 'x',\n  'bootstrap.servers' = 'h:9092',\n  'format' = 'json',\n  'scan.startup.mode' = 'earliest'\n)";
    let diags = common::check_sql(&ConnectorFacts::builtin(), sql);
    let text =
        |d: &flinkddl_diagnostics::Diagnostic| &sql[d.span.start as usize..d.span.end as usize];
    let with_code = |code: Code| {
        diags
            .iter()
            .find(|d| d.code == code)
            .unwrap_or_else(|| panic!("no {code:?}: {diags:?}"))
    };
    let client = with_code(Code::UnknownConnectorOption);
    assert_eq!(text(client), "'bootstrap.servers'");
    let fix = client.fix.as_ref().expect("fix");
    assert_eq!(fix.replacement, "'properties.bootstrap.servers'");
    let value = with_code(Code::InvalidOptionValue);
    assert_eq!(text(value), "'earliest'");
    assert_eq!(
        value.fix.as_ref().map(|f| f.replacement.as_str()),
        Some("'earliest-offset'")
    );
    let missing = with_code(Code::MissingRequiredOption);
    assert_eq!(text(missing), "t");
    let meta = with_code(Code::UnknownMetadataKey);
    assert_eq!(text(meta), "m");
    assert!(
        meta.help.as_deref().unwrap_or("").contains("'offset'"),
        "{:?}",
        meta.help
    );
}

#[test]
fn broken_user_files_say_where() {
    use flinkddl_connectors::FilePosition;
    let at = |text: &str| {
        ConnectorFacts::builtin()
            .with_user_file(text)
            .err()
            .map(|e| (e.position, e.message))
    };
    // TOML: the span of the bad value, in the whole text (leading blank lines count).
    let (position, message) =
        at("\n\n[[connectors]]\nid = \"x\"\nroles = \"sink\"\n").unwrap_or_default();
    assert_eq!(
        position,
        Some(FilePosition {
            line: 4,
            utf16_column: 8
        }),
        "{message}"
    );
    assert!(
        message.starts_with("not a valid connectors file: "),
        "{message}"
    );
    // JSON: serde_json's line and byte column, after a leading newline, in UTF-16 units (the
    // emoji is four bytes and two units).
    let (position, message) = at("\n{\"about\": \"😀\", \"connectors\": 5}").unwrap_or_default();
    assert_eq!(
        position,
        Some(FilePosition {
            line: 1,
            utf16_column: 30
        }),
        "{message}"
    );
    // A problem found after parsing has no position.
    let (position, message) =
        at(r#"{"connectors": [{"id": "x", "version": "1", "roles": []}]}"#).unwrap_or_default();
    assert_eq!(position, None);
    assert!(message.contains("'roles' must name"), "{message}");
}

/// A near-miss identifier is a warning with a fix (C015), an identifier of an older Flink
/// names its replacement (C016); a connectors file that declares them silences both.
#[test]
fn near_misses_and_legacy_identifiers_warn_unless_declared() {
    let sql = "CREATE TABLE a (x INT) WITH ('connector' = 'kafkaa', 'topic' = 't');\n\
               CREATE TABLE b (x INT) WITH ('connector' = 'kafka-0.11', 'topic' = 't');\n\
               CREATE TABLE c (x INT) WITH ('connector' = 'filesystem', 'path' = '/p', 'format' = 'jsn');";
    let builtin = common::check_sql(&ConnectorFacts::builtin(), sql);
    let codes: Vec<(Code, Severity)> = builtin.iter().map(|d| (d.code, d.severity)).collect();
    assert_eq!(
        codes,
        vec![
            (Code::ConnectorTypo, Severity::Warning),
            (Code::LegacyConnector, Severity::Warning),
            (Code::ConnectorTypo, Severity::Warning),
        ],
        "{builtin:?}"
    );
    assert!(builtin.iter().all(|d| d.fix.is_some()), "{builtin:?}");
    let declared = ConnectorFacts::builtin()
        .with_user_file(
            r#"
[[connectors]]
id = "kafkaa"
version = "in-house 1"
roles = ["source"]
options = [{ key = "topic", type = "string" }]

[[connectors]]
id = "kafka-0.11"
version = "in-house 1"
roles = ["source"]
options = [{ key = "topic", type = "string" }]

[[formats]]
id = "jsn"
version = "in-house 1"
"#,
        )
        .expect("valid");
    let found = common::check_sql(&declared, sql);
    assert!(
        found
            .iter()
            .all(|d| !matches!(d.code, Code::ConnectorTypo | Code::LegacyConnector)),
        "{found:?}"
    );
}
