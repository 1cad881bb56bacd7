//! Metadata columns: a key the connector or its format offers, of a type that reads it, and
//! writable when the table is written.

use super::messages::{concat, exact};
use super::Checker;
use crate::model::{ConnectorSpec, MetadataSpec};
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_schema::{ColumnKind, TableSchema};
use flinkddl_types::{parse_logical_type, supports_explicit_cast, DataType};

impl<'a> Checker<'a> {
    /// The metadata key, its spec and whether it comes from the format.
    fn find_metadata(&self, key: &str) -> Option<(&'a MetadataSpec, bool)> {
        self.resolved.metadata(key)
    }

    pub(super) fn check_metadata(&self) {
        let spans = self.spans;
        let connector: &'a ConnectorSpec = self.connector;
        let cid = &connector.id;
        let table: &'a TableSchema = self.table;
        for column in &table.columns {
            let ColumnKind::Metadata(metadata) = &column.kind else {
                continue;
            };
            let is_virtual = &metadata.is_virtual;
            let key: &str = metadata.key.as_deref().unwrap_or(column.name.as_str());
            let declared = &column.data_type;
            let Some((spec, from_format)) = self.find_metadata(key) else {
                let Some(v) = self.verdict_of(true, !*is_virtual) else {
                    continue;
                };
                let span = spans.column(&column.name);
                let name = column.name.as_str();
                let mut d = Diagnostic::new(
                    Code::UnknownMetadataKey,
                    span,
                    if self.connector.metadata.is_empty()
                        && self.connector.format_metadata_prefix.is_none()
                    {
                        v.concat(&[
                            "connector '",
                            cid,
                            "' offers no metadata, but column '",
                            name,
                            "' reads metadata key '",
                            key,
                            "'",
                        ])
                    } else {
                        v.concat(&[
                            "connector '",
                            cid,
                            "' does not offer metadata key '",
                            key,
                            "' (column '",
                            name,
                            "')",
                        ])
                    },
                );
                if let Some(help) = self.metadata_hint(key) {
                    d = d.with_help(help);
                }
                self.keep(d, v);
                continue;
            };
            let readable = spec.read;
            let writable = spec.write && !from_format;
            let read_type = parse_logical_type(&spec.ty).ok();
            let write_type =
                parse_logical_type(spec.write_type.as_deref().unwrap_or(&spec.ty)).ok();
            let read_type_bad =
                readable && read_type.as_ref().is_some_and(|t| !castable(t, declared));
            let write_type_bad = !*is_virtual
                && writable
                && write_type.as_ref().is_some_and(|t| !castable(declared, t));
            let read_fails = !readable || read_type_bad;
            let write_fails = !*is_virtual && (!writable || write_type_bad);
            let Some(v) = self.verdict_of(read_fails, write_fails) else {
                continue;
            };
            let span = spans.column(&column.name);
            let d = if read_type_bad || write_type_bad {
                let (ty, dir) = if read_type_bad {
                    (
                        read_type
                            .map(|t| t.nullable().summary_string())
                            .unwrap_or_default(),
                        "from",
                    )
                } else {
                    (
                        write_type
                            .map(|t| t.nullable().summary_string())
                            .unwrap_or_default(),
                        "to",
                    )
                };
                Diagnostic::new(
                    Code::MetadataTypeMismatch,
                    span,
                    v.text(format_args!(
                        "column '{}' is declared {}, which cannot be cast {dir} the type of metadata key '{key}', {ty}",
                        column.name,
                        declared.summary_string()
                    )),
                )
                .with_help(concat(&["declare the column as ", &ty]))
            } else if !writable && readable && !*is_virtual {
                Diagnostic::new(
                    Code::ReadOnlyMetadataNotVirtual,
                    span,
                    v.text(format_args!(
                        "metadata key '{key}' is read-only, but column '{}' is not VIRTUAL: the table cannot be written",
                        column.name
                    )),
                )
                .with_help("add VIRTUAL after the METADATA clause")
            } else {
                Diagnostic::new(
                    Code::UnknownMetadataKey,
                    span,
                    v.text(format_args!("connector '{cid}' can write metadata key '{key}' but not read it (column '{}')", column.name)),
                )
            };
            self.keep(d, v);
        }
    }

    fn metadata_hint(&self, key: &str) -> Option<String> {
        let mut known: Vec<String> = self
            .connector
            .metadata
            .iter()
            .map(|m| m.key.clone())
            .collect();
        if let (Some(prefix), Some(spec)) = (
            self.connector.format_metadata_prefix.as_deref(),
            self.value_format().and_then(|f| f.spec),
        ) {
            for m in &spec.metadata {
                if m.key == key && !prefix.is_empty() {
                    return Some(exact(format_args!(
                        "format metadata is addressed with the '{prefix}' prefix: write METADATA FROM '{prefix}{key}'"
                    )));
                }
                known.push(exact(format_args!("{prefix}{}", m.key)));
            }
        }
        if let Some(best) = closest(key, known.iter().map(String::as_str)) {
            return Some(exact(format_args!("did you mean '{best}'?")));
        }
        if known.is_empty() {
            return None;
        }
        let quoted: Vec<String> = known.iter().map(|k| exact(format_args!("'{k}'"))).collect();
        Some(exact(format_args!(
            "the keys offered are {}",
            quoted.join(", ")
        )))
    }
}

/// Flink's rule for metadata columns: `supportsExplicitCast` (reading: metadata type to the
/// declared type; writing: the declared type to the metadata type), and then the planner's
/// cast code generation, which refuses numeric <-> TIMESTAMP / TIMESTAMP_LTZ ("The cast from
/// NUMERIC type to TIMESTAMP type is not allowed", checked against Flink 2.3.0).
fn castable(from: &DataType, to: &DataType) -> bool {
    use flinkddl_types::{LogicalTypeFamily as F, LogicalTypeRoot as R};
    let is_ts = |t: &DataType| {
        matches!(
            t.type_root(),
            R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone
        )
    };
    let numeric = |t: &DataType| t.has_family(F::Numeric);
    if (numeric(from) && is_ts(to)) || (is_ts(from) && numeric(to)) {
        return false;
    }
    supports_explicit_cast(from, to)
}
