//! flinkddl-connectors: checks the `WITH` options and the metadata columns of a resolved table
//! against facts about Flink connectors and formats kept as data, before Flink ever sees
//! them.
//!
//! What it does:
//!
//! * holds the connector facts ([`ConnectorFacts`]): connectors (kafka, upsert-kafka, jdbc,
//!   elasticsearch-6/7, opensearch, hbase-2.2/2.6, mongodb, kinesis, firehose, dynamodb,
//!   mysql-cdc, postgres-cdc, datagen, filesystem, print, blackhole) and formats (json, csv,
//!   avro, avro-confluent, raw, the CDC formats, parquet, orc, protobuf) with their options,
//!   prefixes, metadata keys and cross-option rules, each tagged with the connector version the
//!   facts belong to. The data files in `data/` are compiled in and parsed once; a user file of
//!   the same shape adds in-house connectors ([`ConnectorFacts::with_user_file`]);
//! * checks one table ([`check_table`]) the way the connector and format factories check it
//!   when a query first uses the table: unknown options (with did-you-mean and the
//!   `properties.` hint for client settings), missing required options, values by type
//!   (integers, booleans, enums, durations, memory sizes, lists, maps, in Flink 2.3's syntax:
//!   [`values`]), exclusive and dependent options, format options without their prefix or for
//!   another format, schema rules (primary keys, key fields, raw's single column, datagen's
//!   `fields.<column>.*`) and metadata columns (known key, castable type, read-only keys not
//!   VIRTUAL). Problems that break every use of the table are errors; problems that break only
//!   reading or only writing, for a connector that can do both, are warnings. With
//!   [`check_table_for`] and [`Usage::Script`] the verdict follows what the script does with
//!   the table instead: an error only when a finding breaks a read or write the script
//!   performs (decision 0004).
//!
//! What it does not do: it reads no files and loads no classes (a custom partitioner class or
//! a protobuf message class is not checked), it does not find out which way a script uses a
//! table (the caller says so with [`Usage`]), it does not check Kafka client `properties.*` values or connection reachability, and
//! a connector or format missing from the connector facts is reported once (info) and not checked.
//! Diagnostics are stage Lint, codes C001..C012 (C013 and C014, a write to a source-only or a
//! read of a sink-only connector, are the facade's: they need the script's uses).

mod check;
mod facts;
pub mod model;
pub mod resolve;
mod spans;
pub mod values;

pub use check::{check_table, check_table_for, Usage};
pub use facts::{parse_file, ConnectorFacts, FileError, FilePosition, BUILTIN_FILES};
pub use resolve::TableOptions;
pub use spans::{spans_from_ast, spans_recorded, TableSpans};
