//! Every column type in the shared conformance corpus (`../shared/conformance/expected.jsonl`,
//! labelled by real Flink 2.3.0): reading the column's serializable type back with our
//! `LogicalTypeParser` must reproduce Flink's summary string, serializable string, type root,
//! nullability and default conversion class. Skipped when the shared folder is absent.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flinkddl_types::ddl::resolve_ddl;
use flinkddl_types::{DataType, TimestampKind};
use serde_json::Value;
use std::collections::BTreeSet;

fn rebuild(col: &Value) -> Result<DataType, String> {
    let summary = col["type"].as_str().unwrap();
    let mut t = match col["type_serializable"].as_str() {
        Some(s) => s.parse::<DataType>().map_err(|e| e.to_string())?,
        // Zero-length strings have no serializable form: read the summary as DDL instead.
        None => resolve_ddl(&common::parse_ddl_type(summary)?).map_err(|e| e.to_string())?,
    };
    if summary.ends_with(" *ROWTIME*") {
        t = t.with_timestamp_kind(TimestampKind::Rowtime);
    } else if summary.ends_with(" *PROCTIME*") {
        t = t.with_timestamp_kind(TimestampKind::Proctime);
    }
    Ok(t)
}

fn check(col: &Value) -> Result<(), String> {
    let t = rebuild(col)?;
    common::check_recorded(
        &t,
        &common::Recorded {
            summary: col["type"].as_str().unwrap(),
            serializable: col["type_serializable"].as_str(),
            serializable_error: col["type_serializable_error"].as_str().unwrap_or_default(),
            error_in_chain: true,
            root: col["type_root"].as_str().unwrap(),
            nullable: col["nullable"].as_bool().unwrap(),
            conversion: col["conversion_class"].as_str(),
        },
    )
}

#[test]
fn conformance_column_types_round_trip() {
    let Some(shared) = common::shared_dir() else {
        eprintln!("shared/ not found: skipping");
        return;
    };
    let path = shared.join("conformance/expected.jsonl");
    if !path.exists() {
        eprintln!("{} not found: skipping", path.display());
        return;
    }
    let mut distinct = BTreeSet::new();
    let mut columns = 0;
    let mut failures = Vec::new();
    for case in common::read_jsonl(&path) {
        let Some(cols) = case["table"]["columns"].as_array() else {
            continue;
        };
        for col in cols {
            columns += 1;
            let key = col.to_string();
            if !distinct.insert(key) {
                continue;
            }
            if let Err(e) = check(col) {
                failures.push(format!("{}: {e}", col["type"]));
            }
        }
    }
    eprintln!(
        "expected.jsonl: {columns} columns, {} distinct, {} mismatches",
        distinct.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
