//! A table the connector facts cannot check option by option: without `'connector'` (the Flink 1.10
//! property style, or the key in the wrong case), or with a connector identifier it does not
//! know (an older Flink's, a typo of a known one, or an in-house connector).

use super::messages::{concat, exact, quote, text, FAILS_AT_READ_OR_WRITE};
use super::Usage;
use crate::facts::ConnectorFacts;
use crate::spans::TableSpans;
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic, Severity};
use flinkddl_schema::TableSchema;

/// Flink 1.10 property keys (the pre-1.11 `connector.type` style) and their Flink 2.x keys:
/// `None` when 2.x has no such key (the version is in the identifier, or it is gone).
const LEGACY_KEYS: &[(&str, Option<&str>)] = &[
    ("connector.version", None),
    ("connector.topic", Some("topic")),
    (
        "connector.properties.bootstrap.servers",
        Some("properties.bootstrap.servers"),
    ),
    ("connector.properties.group.id", Some("properties.group.id")),
    ("connector.startup-mode", Some("scan.startup.mode")),
    ("connector.sink-partitioner", Some("sink.partitioner")),
    ("connector.url", Some("url")),
    ("connector.table", Some("table-name")),
    ("connector.driver", Some("driver")),
    ("connector.username", Some("username")),
    ("connector.password", Some("password")),
    ("connector.path", Some("path")),
    ("connector.hosts", Some("hosts")),
    ("connector.index", Some("index")),
    ("connector.document-type", None),
    ("connector.table-name", Some("table-name")),
    ("connector.zookeeper.quorum", Some("zookeeper.quorum")),
    (
        "connector.write.flush.max-rows",
        Some("sink.buffer-flush.max-rows"),
    ),
    (
        "connector.lookup.cache.max-rows",
        Some("lookup.cache.max-rows"),
    ),
    ("connector.lookup.cache.ttl", Some("lookup.cache.ttl")),
    ("format.type", Some("format")),
    ("format.derive-schema", None),
    ("update-mode", None),
];

/// A table without `'connector'`: the Flink 1.10 property style (C016, naming the Flink 2.x
/// keys), or `'connector'` in the wrong case (C002). Flink accepts the CREATE TABLE and finds
/// no connector when the table is first used.
pub(super) fn legacy_connector_keys(
    table: &TableSchema,
    spans: &TableSpans,
    usage: Usage,
) -> Vec<Diagnostic> {
    let legacy = table
        .options
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("connector") || k.starts_with("connector."));
    let Some((key, value)) = legacy else {
        return Vec::new();
    };
    let mut d = if key.starts_with("connector.") {
        let identifier =
            table
                .option("connector.type")
                .map(|t| match (t, table.option("connector.version")) {
                    ("kafka", _) => "kafka".to_string(),
                    ("elasticsearch", Some(v)) if v.starts_with('6') => {
                        "elasticsearch-6".to_string()
                    }
                    ("elasticsearch", _) => "elasticsearch-7".to_string(),
                    ("hbase", _) => "hbase-2.2".to_string(),
                    (other, _) => other.to_string(),
                });
        let mut renames: Vec<String> = Vec::new();
        for (k, v) in &table.options {
            if k == "connector.type" {
                continue;
            }
            match LEGACY_KEYS.iter().find(|(old, _)| *old == k.as_str()) {
                Some((_, Some(new))) if *new == "format" => {
                    renames.push(exact(format_args!("'{k}' = '{v}' is 'format' = '{v}'")));
                }
                Some((_, Some(new))) => renames.push(exact(format_args!("'{k}' is '{new}'"))),
                Some((_, None)) => renames.push(exact(format_args!("'{k}' is gone"))),
                None => {}
            }
        }
        let mut msg = exact(format_args!(
            "the table has no 'connector' option: '{key}' is the Flink 1.10 property style, which Flink 2.x no longer reads"
        ));
        if let Some(id) = &identifier {
            msg.push_str(&exact(format_args!("; in Flink 2.x: 'connector' = '{id}'")));
        }
        if !renames.is_empty() {
            msg.push_str(&exact(format_args!(", {}", renames.join(", "))));
        }
        let d = Diagnostic::new(Code::LegacyConnector, spans.key(key), msg).with_help(
            "write 'connector' = '<identifier>' and the new-style options of that connector (docs: Flink's connector pages list them)",
        );
        match identifier {
            Some(id) if key == "connector.type" => d.with_help(text(format_args!(
                "write 'connector' = '{id}' and the Flink 2.x keys the message names"
            ))),
            _ => d,
        }
    } else {
        let mut d = Diagnostic::new(
            Code::MissingRequiredOption,
            spans.key(key),
            text(format_args!(
                "option keys are case-sensitive: '{key}' is not 'connector'"
            )),
        )
        .with_help(text(format_args!("write 'connector' = '{value}'")));
        if spans.has_key(key) {
            d = d.with_safe_fix(spans.key(key), "'connector'", "write the key in lower case");
        }
        d
    };
    // Flink still ships the legacy CSV file system source and sink (checked with real Flink
    // 2.3: read, written, viewed and CTAS'd): only the style is old there.
    let legacy_csv_files = table.option("connector.type") == Some("filesystem")
        && table.option("format.type") == Some("csv");
    d = match usage {
        _ if legacy_csv_files => d.with_severity(Severity::Warning),
        Usage::Script {
            reads: false,
            writes: false,
        } => {
            d.message = concat(&[&d.message, FAILS_AT_READ_OR_WRITE]).into();
            d.with_severity(Severity::Warning)
        }
        // Every use of the table fails: no connector is found.
        _ => d.with_severity(Severity::Error),
    };
    vec![d]
}

/// A connector identifier the connector facts do not know: a warning with the Flink 2.x
/// identifier when it is one of an older Flink (C016), a warning with a did-you-mean and a fix
/// when it is a small edit away from a known one (C015), otherwise an info (C011: an in-house
/// connector, most likely). The connector facts include the connectors files of `flinkddl.toml`, so
/// a declared in-house connector never gets here.
pub(super) fn unknown_connector(
    facts: &ConnectorFacts,
    id: &str,
    spans: &TableSpans,
) -> Diagnostic {
    let span = spans.value("connector");
    if let Some(new) = facts.replacement_of(id).map(|c| c.id.as_str()) {
        return Diagnostic::new(
            Code::LegacyConnector,
            span,
            text(format_args!("'{id}' is not a Flink 2.x connector identifier: Flink 2.x has '{new}' instead")),
        )
        .with_help(text(format_args!(
            "write 'connector' = '{new}' (Flink finds no factory for '{id}' when the table is first used)"
        )))
        .with_unsafe_fix(span, quote(new), exact(format_args!("write '{new}'")));
    }
    if let Some(best) = closest(id, facts.connectors().map(|c| c.id.as_str())) {
        return Diagnostic::new(
            Code::ConnectorTypo,
            span,
            text(format_args!(
                "connector '{id}' is not in the catalogue, and '{best}' is: Flink finds no factory for '{id}' when the table is first used"
            )),
        )
        .with_help(text(format_args!(
            "did you mean '{best}'? (if '{id}' is an in-house connector, describe it in a connectors file listed under `connectors` in flinkddl.toml)"
        )))
        .with_unsafe_fix(span, quote(best), exact(format_args!("write '{best}'")));
    }
    Diagnostic::new(
        Code::UnknownConnector,
        span,
        text(format_args!("connector '{id}' is not in the catalogue; its options are not checked")),
    )
    .with_help(
        "describe in-house connectors in a connectors file listed under `connectors` in flinkddl.toml (see docs/connectors.md)",
    )
}
