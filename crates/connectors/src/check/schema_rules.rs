//! The connector facts' rules on a table's schema rather than its options: a primary key needed or
//! refused, options that name physical columns, no partitions, one physical column.

use super::messages::concat;
use super::Checker;
use crate::model::{Cond, Side, SlotRole};
use crate::values::{for_each_escaped, split_escaped};
use flinkddl_diagnostics::{Code, Diagnostic};

impl<'a> Checker<'a> {
    /// A PRIMARY KEY the connector needs.
    pub(super) fn check_primary_key(
        &self,
        unless: &[Cond],
        fails: &Side,
        message: &Option<String>,
        p: &str,
    ) {
        let spans = self.spans;
        if self.table.primary_key.is_none() && !unless.iter().any(|c| self.holds(c, p)) {
            let Some(v) = self.verdict(*fails) else {
                return;
            };
            let cid = self.connector.id.as_str();
            let msg = v.message_or(message, |v| {
                v.concat(&["connector '", cid, "' needs a PRIMARY KEY"])
            });
            let d = Diagnostic::new(Code::ConnectorNeedsPrimaryKey, spans.table, msg)
                .with_help("add PRIMARY KEY (...) NOT ENFORCED");
            self.keep(d, v);
        }
    }

    /// No PRIMARY KEY over an insert-only format.
    pub(super) fn check_no_primary_key_with_insert_only_format(
        &self,
        fails: &Side,
        message: &Option<String>,
    ) {
        let spans = self.spans;
        let insert_only = self
            .value_format()
            .and_then(|f| f.spec.map(|s| (s.insert_only, &*f.id)));
        if let (Some(_), Some((true, fid))) = (&self.table.primary_key, insert_only) {
            let Some(v) = self.verdict(*fails) else {
                return;
            };
            let cid = self.connector.id.as_str();
            let msg = v.message_or(message, |v| {
                v.concat(&[
                    "connector '",
                    cid,
                    "' with the insert-only format '",
                    fid,
                    "' does not support a PRIMARY KEY",
                ])
            });
            let d = Diagnostic::new(Code::ConnectorSchemaMismatch, spans.table, msg);
            self.keep(d, v);
        }
    }

    /// An option that lists physical columns.
    pub(super) fn check_physical_columns(
        &self,
        option: &str,
        prefix_option: &Option<String>,
        fails: &Side,
        p: &str,
    ) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        let Some(value) = self.prefixed_option(p, option) else {
            return;
        };
        let Some(v) = self.verdict(*fails) else {
            return;
        };
        let prefix = prefix_option
            .as_ref()
            .and_then(|o| self.prefixed_option(p, o))
            .unwrap_or("");
        let table = self.table;
        let mut out = self.out.borrow_mut();
        let mut span = None;
        // A list that does not parse is reported by the value check.
        let _ = for_each_escaped(value, ';', |name| {
            let message = match table.column(name) {
                None => v.concat(&[
                    "invalid '",
                    p,
                    option,
                    "': the table has no column '",
                    name,
                    "'",
                ]),
                Some(c) if !c.is_physical() => v.concat(&[
                    "invalid '",
                    p,
                    option,
                    "': '",
                    name,
                    "' is a ",
                    c.kind_name(),
                    " column, not a physical one",
                ]),
                Some(_) if !name.starts_with(prefix) => v.concat(&[
                    "invalid '",
                    p,
                    option,
                    "': '",
                    name,
                    "' does not start with the key prefix '",
                    prefix,
                    "'",
                ]),
                Some(_) => return,
            };
            let span = *span.get_or_insert_with(|| spans.value(&full(option)));
            let d = Diagnostic::new(Code::ConnectorSchemaMismatch, span, message);
            out.push(d.with_severity(v.severity));
        });
    }

    /// No PARTITIONED BY when a condition holds.
    pub(super) fn check_not_partitioned(&self, when: &Cond, fails: &Side, p: &str) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        if self.table.partition_keys.is_empty() || !self.holds(when, p) {
            return;
        }
        if let Some(v) = self.verdict(*fails) {
            let d = Diagnostic::new(
                Code::ConflictingOptions,
                spans.key(&full(&when.option)),
                v.concat(&[
                    &Self::cond_text(when, p),
                    " cannot be used with PARTITIONED BY",
                ]),
            );
            self.keep(d, v);
        }
    }

    /// Exactly one physical column (raw).
    pub(super) fn check_single_physical_column(&self, fails: &Side, format: Option<usize>) {
        let spans = self.spans;
        let n = self.projected_columns(format);
        if n == 1 {
            return;
        }
        if let Some(v) = self.verdict(*fails) {
            let (whose, id) = match format {
                Some(i) => ("format '", &*self.resolved.formats[i].id),
                None => ("connector '", self.connector.id.as_str()),
            };
            let d = Diagnostic::new(
                Code::ConnectorSchemaMismatch,
                spans.table,
                v.text(format_args!(
                    "{whose}{id}' needs exactly one physical column, but gets {n}"
                )),
            );
            self.keep(d, v);
        }
    }

    /// How many physical columns a format sees: all of them for the table's only format; for
    /// key/value formats, the key fields (or primary key) and the rest as
    /// `value.fields-include` says.
    fn projected_columns(&self, format: Option<usize>) -> usize {
        let physical = self
            .table
            .columns
            .iter()
            .filter(|c| c.is_physical())
            .map(|c| c.name.as_str());
        let has_key_slot = self
            .connector
            .format_slots
            .iter()
            .any(|s| s.role == SlotRole::Key);
        let Some(i) = format.filter(|_| has_key_slot) else {
            return physical.count();
        };
        let key_fields: Vec<String> = match self.option("key.fields") {
            Some(v) => split_escaped(v, ';').unwrap_or_default(),
            None => self
                .table
                .primary_key
                .as_ref()
                .map(|pk| pk.columns.clone())
                .unwrap_or_default(),
        };
        if self.resolved.formats[i].slot.role == SlotRole::Key {
            return key_fields.len();
        }
        let except_key = self
            .value_or_default("value.fields-include", "", None)
            .is_some_and(|v| v.eq_ignore_ascii_case("EXCEPT_KEY"));
        if except_key {
            physical
                .filter(|c| !key_fields.iter().any(|k| k == c))
                .count()
        } else {
            physical.count()
        }
    }
}
