//! The datagen connector's `fields.<column>.*` options (the `datagen_fields` rule kind): which
//! column each names, which sub-options a column's type and kind take, and their values.

use super::{concat, Checker, Verdict};
use crate::model::{DatagenFields, Side};
use crate::values::quoted_list;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_schema::Column;
use std::fmt::Write;

impl<'a> Checker<'a> {
    pub(super) fn check_datagen(&self, rule: &DatagenFields) {
        // Every finding here breaks both uses.
        let Some(v) = self.verdict(Side::Both) else {
            return;
        };
        let table = self.table;
        // The `fields.*` keys, after `fields.`, found once: a column's keys are looked up
        // among these (most tables have few) without building `fields.<column>.<sub>`.
        let fields: Vec<(&str, &str)> = table
            .options
            .iter()
            .filter_map(|(k, _)| Some((k.as_str(), k.strip_prefix("fields.")?)))
            .collect();
        // A column without `fields.<column>.*` keys has the same outcome as any other of its
        // type root: the roots of such columns found to have no finding are skipped after.
        let mut quiet_roots: Vec<flinkddl_types::LogicalTypeRoot> = Vec::new();
        // (key, sub-option) of each `fields.<column>.<sub>` key of one column, in the table's
        // order: one vector for all the columns.
        let mut column_keys: Vec<(&str, &str)> = Vec::new();
        for column in table.columns.iter().filter(|c| c.is_physical()) {
            let name = column.name.as_str();
            let of_column = |&(key, rest): &(&'a str, &'a str)| -> Option<(&'a str, &'a str)> {
                // The dot after the name first: most keys name another column.
                if rest.as_bytes().get(name.len()) != Some(&b'.') {
                    return None;
                }
                let sub = rest.strip_prefix(name)?.strip_prefix('.')?;
                Some((key, sub))
            };
            column_keys.clear();
            column_keys.extend(fields.iter().filter_map(of_column));
            let keyless_root = column_keys.is_empty().then(|| column.data_type.type_root());
            if keyless_root.is_some_and(|root| quiet_roots.contains(&root)) {
                continue;
            }
            let found_before = self.out.borrow().len();
            self.check_datagen_column(rule, column, &column_keys, v);
            if let Some(root) = keyless_root.filter(|_| self.out.borrow().len() == found_before) {
                quiet_roots.push(root);
            }
        }
    }

    /// One physical column of a datagen table, with its `fields.<column>.*` keys as (key,
    /// sub-option) pairs.
    fn check_datagen_column(
        &self,
        rule: &DatagenFields,
        column: &Column,
        column_keys: &[(&str, &str)],
        v: Verdict,
    ) {
        let spans = self.spans;
        let name = column.name.as_str();
        let kind_key = || concat(&["fields.", name, ".kind"]);
        let kind = column_keys
            .iter()
            .find(|&&(_, sub)| sub == "kind")
            .and_then(|(key, _)| self.option(key))
            .unwrap_or("random");
        let Some(groups) = rule.kinds.get(kind) else {
            let kind_key = kind_key();
            let kinds: Vec<String> = rule.kinds.keys().cloned().collect();
            let d = Diagnostic::new(
                Code::InvalidOptionValue,
                spans.value(&kind_key),
                v.concat(&[
                    "invalid value for '",
                    &kind_key,
                    "': '",
                    kind,
                    "' is not one of ",
                    &quoted_list(&kinds),
                ]),
            );
            self.keep(d, v);
            return;
        };
        let root = column.data_type.type_root();
        let root_name = root.as_str();
        let set = column_keys.iter().filter(|&&(_, sub)| sub != "kind");
        if rule
            .unsupported
            .get(kind)
            .is_some_and(|r| r.iter().any(|n| n == root_name))
        {
            let kind_key = kind_key();
            let span = if spans.has_key(&kind_key) {
                spans.value(&kind_key)
            } else {
                spans.column(&column.name)
            };
            let d = Diagnostic::new(
                Code::ConnectorSchemaMismatch,
                span,
                v.concat(&[
                    "datagen cannot generate a '",
                    kind,
                    "' for column '",
                    name,
                    "' of type ",
                    &column.data_type.summary_string(),
                ]),
            );
            self.keep(d, v);
            return;
        }
        let Some(group) = groups
            .iter()
            .find(|g| g.roots.iter().any(|r| r == root_name))
        else {
            return;
        };
        for &(key, sub) in set.clone() {
            if !group.options.iter().any(|o| o == sub) && self.is_datagen_sub_option(sub) {
                let (takes, options) = if group.options.is_empty() {
                    ("it takes no per-field options", String::new())
                } else {
                    ("it takes ", quoted_list(&group.options))
                };
                let d = Diagnostic::new(
                    Code::ConnectorSchemaMismatch,
                    spans.key(key),
                    v.concat(&[
                        "'",
                        key,
                        "' does not apply to column '",
                        name,
                        "' of type ",
                        &column.data_type.summary_string(),
                        " with kind '",
                        kind,
                        "': ",
                        takes,
                        &options,
                    ]),
                );
                self.keep(d, v);
            }
        }
        if column
            .data_type
            .has_family(flinkddl_types::LogicalTypeFamily::Numeric)
        {
            for &(key, sub) in set.clone() {
                if !matches!(sub, "min" | "max" | "start" | "end") {
                    continue;
                }
                let value = self.option(key).unwrap_or("");
                if value.trim().parse::<f64>().is_err() {
                    let d = Diagnostic::new(
                        Code::InvalidOptionValue,
                        spans.value(key),
                        v.concat(&[
                            "invalid value for '",
                            key,
                            "': '",
                            value,
                            "' is not a number, but column '",
                            name,
                            "' is ",
                            &column.data_type.summary_string(),
                        ]),
                    );
                    self.keep(d, v);
                }
            }
        }
        if let Some(required) = rule.required.get(kind) {
            let mut missing = required
                .iter()
                .filter(|r| group.options.contains(r))
                .filter(|r| !column_keys.iter().any(|&(_, sub)| sub == r.as_str()))
                .peekable();
            if missing.peek().is_some() {
                let kind_key = kind_key();
                let span = if spans.has_key(&kind_key) {
                    spans.key(&kind_key)
                } else {
                    spans.table
                };
                let mut names = String::new();
                for (i, r) in missing.enumerate() {
                    let and = if i > 0 { " and " } else { "" };
                    let _ = write!(names, "{and}'fields.{name}.{r}'");
                }
                let d = Diagnostic::new(
                    Code::MissingDependentOption,
                    span,
                    v.concat(&["'", &kind_key, "' = '", kind, "' needs ", &names]),
                );
                self.keep(d, v);
            }
        }
    }

    /// Whether `sub` is one of datagen's `fields.#.<sub>` options (others are reported as
    /// unknown options already).
    fn is_datagen_sub_option(&self, sub: &str) -> bool {
        self.connector
            .options
            .iter()
            .any(|o| o.key.strip_prefix("fields.#.") == Some(sub))
    }
}
