//! A new connector needs only a data file: `data/throwaway-connector.json`, loaded as a
//! connectors file, is checked, resolved for hover and completion, and its facts (changelog,
//! legacy identifiers) are read, with no Rust written for it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flinkddl_connectors::resolve::{KeyClass, OptionOwner};
use flinkddl_connectors::{ConnectorFacts, TableOptions};
use flinkddl_diagnostics::Code;

fn connector_facts() -> ConnectorFacts {
    ConnectorFacts::builtin()
        .with_user_file(include_str!("data/throwaway-connector.json"))
        .expect("the throwaway connector file is valid")
}

#[test]
fn the_checks_read_the_data_file() {
    let sql = "CREATE TABLE t (a INT, o BIGINT METADATA FROM 'offset') WITH (\n\
               'connector' = 'throwaway-queue', 'qeue' = 'q', 'poll-interval' = 'soon',\n\
               'value.format' = 'json', 'value.json.fail-on-missing-field' = 'maybe')";
    let diags = common::check_sql(&connector_facts(), sql);
    let rendered = common::render(sql, &diags);
    let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
    // the unknown 'qeue', the missing required 'queue' (pointing at 'qeue'), two bad values
    // (the connector's duration, the json format's boolean under its prefix) and the read-only
    // metadata column not declared VIRTUAL
    for code in [
        Code::UnknownConnectorOption,
        Code::MissingRequiredOption,
        Code::InvalidOptionValue,
    ] {
        assert!(codes.contains(&code), "{code:?} missing in\n{rendered}");
    }
    assert_eq!(
        codes
            .iter()
            .filter(|c| **c == Code::InvalidOptionValue)
            .count(),
        2,
        "{rendered}"
    );
    assert!(
        rendered.contains("'qeue' is written: a misspelling of 'queue'?"),
        "{rendered}"
    );
    assert!(
        codes.contains(&Code::ReadOnlyMetadataNotVirtual),
        "{rendered}"
    );
    // Without the file, the connector is unknown: one info and nothing checked.
    let builtin = common::check_sql(&ConnectorFacts::builtin(), sql);
    assert_eq!(builtin.len(), 1, "{}", common::render(sql, &builtin));
    assert_eq!(builtin[0].code, Code::UnknownConnector);
}

#[test]
fn the_resolver_reads_the_data_file() {
    let facts = connector_facts();
    let options: Vec<(String, String)> = [
        ("connector", "throwaway-queue"),
        ("value.format", "json"),
        ("queue", "q"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let resolved = TableOptions::resolve(&facts, &options).expect("a known connector");
    assert_eq!(resolved.connector.id, "throwaway-queue");
    assert_eq!(resolved.formats.len(), 1);
    assert_eq!(resolved.formats[0].options_prefix, "value.json.");
    let option = resolved
        .option("value.json.ignore-parse-errors")
        .expect("a json option");
    assert_eq!(option.owner, OptionOwner::Format(0));
    assert!(matches!(
        resolved.classify("poll-interval"),
        KeyClass::Connector(spec) if spec.default.as_deref() == Some("1 s")
    ));
    assert!(matches!(
        resolved.classify("pol-interval"),
        KeyClass::Unknown
    ));
    let keys: Vec<String> = resolved.options().into_iter().map(|o| o.key).collect();
    assert!(keys.iter().any(|k| k == "queue"), "{keys:?}");
    assert!(
        keys.iter().any(|k| k == "value.json.ignore-parse-errors"),
        "{keys:?}"
    );
    let (offset, from_format) = resolved.metadata("offset").expect("the offset key");
    assert_eq!(
        (offset.ty.as_str(), from_format),
        ("BIGINT NOT NULL", false)
    );
}

#[test]
fn the_facts_come_from_the_data_file() {
    let facts = connector_facts();
    assert!(facts.connector_reads_changelog("throwaway-queue"));
    assert!(!ConnectorFacts::builtin().connector_reads_changelog("throwaway-queue"));
    assert_eq!(
        facts
            .replacement_of("throwaway-queue-0.9")
            .map(|c| c.id.as_str()),
        Some("throwaway-queue")
    );
    let sql = "CREATE TABLE t (a INT) WITH ('connector' = 'throwaway-queue-0.9', 'queue' = 'q')";
    let diags = common::check_sql(&facts, sql);
    assert_eq!(diags.len(), 1, "{}", common::render(sql, &diags));
    assert_eq!(diags[0].code, Code::LegacyConnector);
}
