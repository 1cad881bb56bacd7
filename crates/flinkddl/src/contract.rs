//! The JSON of `flinkddl describe --format json`: the tool contract of the conformance corpus
//! (`shared/conformance/README.md`), with the oracle's field names.

use crate::binder::print;
use crate::binder::schema::{ColumnKind, TableSchema};
use crate::diagnostics::Feature;
use crate::{Analysis, Diagnostic, FlinkVersion, LineIndex};
use serde_json::{json, Value};

pub fn diagnostic_json(text: &str, index: &LineIndex, d: &Diagnostic) -> Value {
    let start = index.line_col(text, d.span.start);
    let end = index.line_col(text, d.span.end);
    json!({
        "code": d.code.as_str(),
        "name": d.code.info().name,
        "severity": d.severity,
        "stage": d.stage(),
        "message": d.message,
        // Flink counts columns in UTF-16 code units; so do we.
        "line": start.line,
        "column": start.column_utf16,
        "end_line": end.line,
        "end_column": end.column_utf16,
        "start": d.span.start,
        "end": d.span.end,
        "labels": d.labels.iter().map(|l| json!({
            "message": l.message,
            "start": l.span.start,
            "end": l.span.end,
        })).collect::<Vec<_>>(),
        "help": d.help,
    })
}

pub fn describe_json(text: &str, analysis: &Analysis) -> String {
    let index = LineIndex::new(text);
    let diags: Vec<Value> = analysis
        .diagnostics
        .iter()
        .map(|d| diagnostic_json(text, &index, d))
        .collect();
    let tables: Vec<Value> = analysis
        .tables
        .iter()
        .map(|t| table_json_in(t, analysis.flink_version))
        .collect();
    let mut doc = json!({ "tables": tables, "diagnostics": diags });
    // The version is named when it is not the default (a default report is unchanged).
    if analysis.flink_version != FlinkVersion::default() {
        doc["flink_version"] = json!(analysis.flink_version.as_str());
    }
    doc.to_string()
}

/// One table with the oracle's field names.
pub fn table_json(t: &TableSchema) -> Value {
    table_json_in(t, FlinkVersion::LATEST)
}

/// [`table_json`] as `version` prints it (its SHOW CREATE TABLE).
pub fn table_json_in(t: &TableSchema, version: FlinkVersion) -> Value {
    let columns: Vec<Value> = t
        .columns_with_comments()
        .map(|(c, comment)| {
            let (expr, key, is_virtual) = match &c.kind {
                ColumnKind::Computed(computed) => (Some(computed.expr.clone()), None, None),
                ColumnKind::Metadata(metadata) => {
                    (None, metadata.key.clone(), Some(metadata.is_virtual))
                }
                ColumnKind::Physical => (None, None, None),
            };
            json!({
                "name": c.name,
                "type": print::type_summary(&c.data_type),
                "type_serializable": c.data_type.try_serializable_string(),
                "type_root": c.data_type.type_root().as_str(),
                "nullable": c.data_type.nullable,
                "kind": c.kind_name(),
                "expr": expr,
                "metadata_key": key,
                "virtual": is_virtual,
                "comment": comment,
                "summary": print::column_summary(c, comment),
            })
        })
        .collect();
    let watermarks: Vec<Value> = t
        .watermarks
        .iter()
        .map(|w| {
            json!({
                "rowtime": w.rowtime,
                "expr": w.expr,
                "expr_type": w.expr_type.as_ref().map(print::type_summary),
                "summary": print::watermark_summary(w),
            })
        })
        .collect();
    let options: serde_json::Map<String, Value> = t
        .options
        .iter()
        .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
        .collect();
    json!({
        "identifier": t.identifier(),
        "catalog": t.catalog,
        "database": t.database,
        "name": t.name,
        "temporary": t.temporary,
        "complete": t.complete,
        "columns": columns,
        "watermarks": watermarks,
        "primary_key": t.primary_key.as_ref().map(|pk| json!({
            "name": pk.name,
            "columns": pk.columns,
            "enforced": false,
            "summary": print::primary_key_summary(pk),
        })),
        "comment": t.comment,
        "partition_keys": t.partition_keys,
        "distribution": t.distribution.as_ref().map(|d| json!({
            "kind": d.kind,
            "bucket_keys": d.bucket_keys,
            "bucket_count": d.bucket_count,
            "summary": if version.has(Feature::DistributionSummaryNewline) {
                print::distribution_summary(d) + "\n"
            } else {
                print::distribution_summary(d)
            },
        })),
        "options": options,
        "schema_summary": print::schema_summary(t),
        "describe": print::describe_tableau(t),
        "show_create": print::show_create_in(t, version),
    })
}
