//! The connector facts' rules on a table's options (`Rule`): `check_rule` runs one step per rule
//! kind, each below or, for the schema's, in [`super::schema_rules`].

use super::messages::{concat, quoted_keys};
use super::Checker;
use crate::model::{Cond, ConnectorSpec, OptionSpec, Rule, Side};
use crate::values::{for_each_escaped, quoted_list};
use flinkddl_diagnostics::{Code, Diagnostic};

impl<'a> Checker<'a> {
    /// The value of `key`: written, or the option's default.
    pub(super) fn value_or_default(
        &self,
        key: &str,
        prefix: &str,
        format: Option<usize>,
    ) -> Option<&'a str> {
        if let Some(v) = self.prefixed_option(prefix, key) {
            return Some(v);
        }
        let option: Option<&'a OptionSpec> = match format {
            Some(i) => self
                .resolved
                .formats
                .get(i)
                .and_then(|f| f.spec)
                .and_then(|s| s.option_with_own_key(key)),
            None => self.connector_option(key),
        };
        option.and_then(|o| o.default.as_deref())
    }

    /// The first option of the connector whose key is `key`, found through its index.
    pub(super) fn connector_option(&self, key: &str) -> Option<&'a OptionSpec> {
        let connector: &'a ConnectorSpec = self.connector;
        let options = &connector.options;
        let index = connector.option_index();
        match index.by_key.get(key) {
            // The first option with this key among its keys: no earlier one has it as its key.
            Some(&i) if options.get(i).is_some_and(|o| o.key == key) => options.get(i),
            // The first has it as a fallback or deprecated key.
            Some(_) => options.iter().find(|o| o.key == key),
            // No option without `#` has it among its keys.
            None => index
                .patterns
                .iter()
                .filter_map(|&(i, _)| options.get(i))
                .find(|o| o.key == key),
        }
    }

    fn present(&self, key: &str, prefix: &str) -> bool {
        self.prefixed_option(prefix, key).is_some()
    }

    pub(super) fn holds(&self, cond: &Cond, prefix: &str) -> bool {
        if cond.absent {
            return !self.present(&cond.option, prefix);
        }
        if cond.equals.is_empty() {
            return self.present(&cond.option, prefix);
        }
        // The default was found when the connector facts took the rule (`Rule::fill_defaults`).
        match self
            .prefixed_option(prefix, &cond.option)
            .or(cond.default.as_deref())
        {
            Some(v) => cond.equals.iter().any(|e| e.eq_ignore_ascii_case(v)),
            None => false,
        }
    }

    pub(super) fn cond_text(cond: &Cond, prefix: &str) -> String {
        match cond.equals.first() {
            Some(v) => concat(&["'", prefix, &cond.option, "' = '", v, "'"]),
            None => concat(&["'", prefix, &cond.option, "'"]),
        }
    }

    /// One rule of the connector (`p` empty, `format` `None`) or of a format (`p` its option
    /// prefix, `format` its index): each kind is a step of its own below.
    pub(super) fn check_rule(&self, rule: &Rule, p: &str, format: Option<usize>) {
        match rule {
            Rule::Exclusive {
                options,
                fails,
                message,
            } => self.check_exclusive(options, fails, message, p),
            Rule::OneOf {
                options,
                fails,
                message,
            } => self.check_one_of(options, fails, message, p),
            Rule::Requires {
                when,
                then,
                fails,
                message,
            } => self.check_requires(when, then, fails, message, p),
            Rule::AllOrNone { options, fails } => self.check_all_or_none(options, fails, p),
            Rule::Forbids {
                when,
                and,
                options,
                fails,
                message,
            } => self.check_forbids((when, and), options, fails, message, p),
            Rule::RequiresValue {
                when,
                option,
                values,
                fails,
            } => self.check_requires_value(when, option, values, fails, p, format),
            Rule::NotGreater {
                lower,
                upper,
                fails,
            } => self.check_not_greater(lower, upper, fails, p),
            Rule::PrimaryKey {
                unless,
                fails,
                message,
            } => self.check_primary_key(unless, fails, message, p),
            Rule::NoPrimaryKeyWithInsertOnlyFormat { fails, message } => {
                self.check_no_primary_key_with_insert_only_format(fails, message)
            }
            Rule::PhysicalColumns {
                option,
                prefix_option,
                fails,
            } => self.check_physical_columns(option, prefix_option, fails, p),
            Rule::InsertOnlyFormat { option, fails } => {
                self.check_insert_only_format(option, fails, p)
            }
            Rule::SingleValue {
                when,
                option,
                fails,
                message,
            } => self.check_single_value(when, option, fails, message, p),
            Rule::NotPartitioned { when, fails } => self.check_not_partitioned(when, fails, p),
            Rule::SinglePhysicalColumn { fails } => {
                self.check_single_physical_column(fails, format)
            }
            Rule::NotBlank { option, fails } => self.check_not_blank(option, fails, p),
            Rule::DatagenFields(d) => self.check_datagen(d),
        }
    }

    /// Options that cannot be set together.
    fn check_exclusive(&self, options: &[String], fails: &Side, message: &Option<String>, p: &str) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        // Most tables set at most one: count before collecting.
        if options
            .iter()
            .filter(|o| self.present(o, p))
            .nth(1)
            .is_none()
        {
            return;
        }
        let Some(v) = self.verdict(*fails) else {
            return;
        };
        let set = options.iter().filter(|o| self.present(o, p));
        let msg = match message {
            Some(m) => v.concat(&[m]),
            None => v.concat(&[
                &quoted_keys(p, set.clone(), "", " and "),
                " cannot be set together",
            ]),
        };
        let last = set.last().map_or("", String::as_str);
        let span = spans.key(&full(last));
        let d = Diagnostic::new(Code::ConflictingOptions, span, msg).with_help("keep one of them");
        self.keep(d, v);
    }

    /// Exactly one of the options.
    fn check_one_of(&self, options: &[String], fails: &Side, message: &Option<String>, p: &str) {
        if options.iter().any(|o| self.present(o, p)) {
            return;
        }
        let Some(v) = self.verdict(*fails) else {
            return;
        };
        let names;
        let message: [&str; 3] = match message {
            Some(m) => [m, "", ""],
            None => {
                names = quoted_keys(p, options, "", " or ");
                ["one of ", &names, " must be set"]
            }
        };
        let help = || {
            concat(&[
                "add ",
                &quoted_keys(p, options, " = '...'", " or "),
                " to the WITH clause",
            ])
        };
        let d = if p.is_empty() {
            self.missing_option(v, &message, help, options.iter().map(String::as_str))
        } else {
            let wanted: Vec<String> = options.iter().map(|o| concat(&[p, o])).collect();
            self.missing_option(v, &message, help, wanted.iter().map(String::as_str))
        };
        self.keep(d, v);
    }

    /// An option that needs others when a condition holds.
    fn check_requires(
        &self,
        when: &Cond,
        then: &[String],
        fails: &Side,
        message: &Option<String>,
        p: &str,
    ) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        if !self.holds(when, p) || then.iter().all(|o| self.present(o, p)) {
            return;
        }
        let Some(v) = self.verdict(*fails) else {
            return;
        };
        let missing = then.iter().filter(|o| !self.present(o, p));
        let names = quoted_keys(p, missing, "", " and ");
        let msg = v.message_or(message, |v| {
            v.concat(&[&Self::cond_text(when, p), " needs ", &names])
        });
        let d = Diagnostic::new(
            Code::MissingDependentOption,
            spans.key(&full(&when.option)),
            msg,
        )
        .with_help(concat(&["add ", &names]));
        self.keep(d, v);
    }

    /// Options set all together or not at all.
    fn check_all_or_none(&self, options: &[String], fails: &Side, p: &str) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        let Some(first) = options.iter().find(|o| self.present(o, p)) else {
            return;
        };
        if options.iter().all(|o| self.present(o, p)) {
            return;
        }
        let Some(v) = self.verdict(*fails) else {
            return;
        };
        let missing = quoted_keys(p, options.iter().filter(|o| !self.present(o, p)), "", ", ");
        let all = quoted_keys(p, options, "", ", ");
        let d = Diagnostic::new(
            Code::MissingDependentOption,
            spans.key(&full(first)),
            v.concat(&[&all, " must be set together; missing ", &missing]),
        )
        .with_help(concat(&["add ", &missing, " or remove the others"]));
        self.keep(d, v);
    }

    /// Options a condition rules out.
    fn check_forbids(
        &self,
        (when, and): (&Cond, &[Cond]),
        options: &[String],
        fails: &Side,
        message: &Option<String>,
        p: &str,
    ) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        if !self.holds(when, p) || !and.iter().all(|c| self.holds(c, p)) {
            return;
        }
        let Some(v) = self.verdict(*fails) else {
            return;
        };
        if options.is_empty() && !and.is_empty() {
            let msg = v.message_or(message, |v| {
                let mut conds = Self::cond_text(when, p);
                for c in and {
                    conds.push_str(" and ");
                    conds.push_str(&Self::cond_text(c, p));
                }
                v.concat(&[&conds, " cannot be combined"])
            });
            let span = spans.key(&full(&and[and.len() - 1].option));
            let d = Diagnostic::new(Code::ConflictingOptions, span, msg);
            self.keep(d, v);
            return;
        }
        if options.is_empty() {
            let msg = v.message_or(message, |v| {
                v.concat(&[&Self::cond_text(when, p), " is not allowed"])
            });
            let d = Diagnostic::new(
                Code::InvalidOptionValue,
                spans.value(&full(&when.option)),
                msg,
            );
            self.keep(d, v);
            return;
        }
        for o in options {
            if !self.present(o, p) {
                continue;
            }
            let key = full(o);
            let msg = v.message_or(message, |v| {
                v.concat(&[
                    "'",
                    &key,
                    "' cannot be used with ",
                    &Self::cond_text(when, p),
                ])
            });
            let d = Diagnostic::new(Code::ConflictingOptions, spans.key(&key), msg);
            self.keep(d, v);
        }
    }

    /// An option that must take one of some values when a condition holds.
    fn check_requires_value(
        &self,
        when: &Cond,
        option: &str,
        values: &[String],
        fails: &Side,
        p: &str,
        format: Option<usize>,
    ) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        if !self.holds(when, p) {
            return;
        }
        let value = self.value_or_default(option, p, format);
        if value.is_some_and(|value| values.iter().any(|e| e.eq_ignore_ascii_case(value))) {
            return;
        }
        let Some(v) = self.verdict(*fails) else {
            return;
        };
        let (it_is, value, it_is_end) = match value {
            Some(value) => (" (it is '", value, "')"),
            None => ("", "", ""),
        };
        let d = Diagnostic::new(
            Code::MissingDependentOption,
            spans.key(&full(&when.option)),
            v.concat(&[
                &Self::cond_text(when, p),
                " needs '",
                p,
                option,
                "' = ",
                &quoted_list(values),
                it_is,
                value,
                it_is_end,
            ]),
        )
        .with_help(concat(&[
            "add '",
            p,
            option,
            "' = '",
            values.first().map_or("", String::as_str),
            "'",
        ]));
        self.keep(d, v);
    }

    /// A lower bound option not above its upper bound.
    fn check_not_greater(&self, lower: &str, upper: &str, fails: &Side, p: &str) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        let num = |k: &str| -> Option<f64> {
            let v = self.prefixed_option(p, k)?;
            v.trim().parse::<f64>().ok()
        };
        if let (Some(lo), Some(hi)) = (num(lower), num(upper)) {
            if let Some(v) = self.verdict(*fails).filter(|_| lo > hi) {
                let d = Diagnostic::new(
                    Code::ConflictingOptions,
                    spans.value(&full(lower)),
                    v.text(format_args!(
                        "'{p}{lower}' ({lo}) is greater than '{p}{upper}' ({hi})"
                    )),
                );
                self.keep(d, v);
            }
        }
    }

    /// A format option that must name an insert-only format.
    fn check_insert_only_format(&self, option: &str, fails: &Side, p: &str) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        let Some(id) = self.prefixed_option(p, option) else {
            return;
        };
        if let Some(f) = self.facts.format(id) {
            if let Some(v) = self
                .verdict(*fails)
                .filter(|_| !f.insert_only && !f.bulk_only)
            {
                let key = full(option);
                let d = Diagnostic::new(
                    Code::InvalidOptionValue,
                    spans.value(&key),
                    v.concat(&[
                        "'",
                        &key,
                        "' must be an insert-only format, but '",
                        id,
                        "' produces a changelog",
                    ]),
                );
                self.keep(d, v);
            }
        }
    }

    /// An option that takes one value when a condition holds.
    fn check_single_value(
        &self,
        when: &Cond,
        option: &str,
        fails: &Side,
        message: &Option<String>,
        p: &str,
    ) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        if !self.holds(when, p) {
            return;
        }
        let mut count = 0;
        if let Some(value) = self.prefixed_option(p, option) {
            if for_each_escaped(value, ';', |_| count += 1).is_err() {
                count = 0;
            }
        }
        if count == 1 {
            return;
        }
        if let Some(v) = self.verdict(*fails) {
            let key = full(option);
            let msg = v.message_or(message, |v| {
                v.concat(&[&Self::cond_text(when, p), " needs exactly one '", &key, "'"])
            });
            let span = if self.present(option, p) {
                spans.value(&key)
            } else {
                spans.key(&full(&when.option))
            };
            let d = Diagnostic::new(Code::ConflictingOptions, span, msg);
            self.keep(d, v);
        }
    }

    /// An option that must not be blank.
    fn check_not_blank(&self, option: &str, fails: &Side, p: &str) {
        let spans = self.spans;
        let full = |k: &str| concat(&[p, k]);
        if let Some(v) = self.prefixed_option(p, option) {
            if let Some(verdict) = self.verdict(*fails).filter(|_| v.trim().is_empty()) {
                let key = full(option);
                let d = Diagnostic::new(
                    Code::InvalidOptionValue,
                    spans.value(&key),
                    verdict.concat(&["'", &key, "' must not be empty"]),
                );
                self.keep(d, verdict);
            }
        }
    }
}
