//! Each written option (known to the connector, a format, a pattern; its value) and the
//! options the connector and its formats require, with the did-you-means and fixes of an
//! unknown or a missing key.

use super::messages::{concat, exact, quote, text, Verdict};
use super::suggest::{closest_format_option, did_you_mean_value};
use super::Checker;
use crate::model::{ConnectorSpec, OptionSpec, OptionType, Side};
use crate::resolve::KeyClass;
use crate::values::{check_value, numeric_value, quoted_list};
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::suggest::KeyBag;
use flinkddl_diagnostics::suggest::Word;
use flinkddl_diagnostics::{Code, Diagnostic, Severity, Span};
use flinkddl_schema::TableSchema;

impl<'a> Checker<'a> {
    /// Checks one written option; whether `key` is a known key ([`Checker::is_known_key`]),
    /// when the way there found out (`None` when it did not).
    pub(super) fn check_option(&self, key: &str, value: &str) -> Option<bool> {
        match self.resolved.classify(key) {
            KeyClass::Connector(opt) => {
                self.check_option_value(key, value, opt);
                // An option's own key (not a fallback or deprecated one) is a known key.
                return (opt.key == key).then_some(true);
            }
            KeyClass::Format(i, opt) => {
                self.check_option_value(key, value, opt);
                let prefix = &*self.resolved.formats[i].options_prefix;
                return (key.strip_prefix(prefix) == Some(opt.key.as_str())).then_some(true);
            }
            KeyClass::Common(opt) => self.check_option_value(key, value, opt),
            KeyClass::Pattern(opt, column) => {
                let named = self.table.column(column);
                if named.is_some_and(|c| c.is_physical()) {
                    self.check_option_value(key, value, opt);
                } else {
                    let Some(v) = self.verdict(Side::Both) else {
                        return Some(self.is_known_format_key(key, 0));
                    };
                    let message = if named.is_some() {
                        v.concat(&[
                            "'",
                            key,
                            "' names no physical column: '",
                            column,
                            "' is not a physical column",
                        ])
                    } else {
                        v.concat(&[
                            "'",
                            key,
                            "' names no physical column: the table has no column '",
                            column,
                            "'",
                        ])
                    };
                    let mut d = Diagnostic::new(
                        Code::ConnectorSchemaMismatch,
                        self.spans.key(key),
                        message,
                    );
                    let physical_names = self
                        .table
                        .columns
                        .iter()
                        .filter(|c| c.is_physical())
                        .map(|c| c.name.as_str());
                    if let Some(best) = closest(column, physical_names) {
                        d = d.with_help(concat(&["did you mean column '", best, "'?"]));
                        if self.spans.has_key(key) {
                            // The key of the column meant: the pattern's `#` is where it goes.
                            let fixed = opt.key.replacen('#', best, 1);
                            let write = concat(&["write '", &fixed, "'"]);
                            d = d.with_unsafe_fix(self.spans.key(key), quote(&fixed), write);
                        }
                    }
                    self.keep(d, v);
                }
            }
            KeyClass::Passthrough => {}
            KeyClass::IgnoredFormatOption(i, rest) => {
                // No connector option has the key, nor does a format before the `i`-th or that
                // one: only a later format can.
                let known = self.is_known_format_key(key, i + 1);
                let f = &self.resolved.formats[i];
                let d = Diagnostic::new(
                    Code::UnknownConnectorOption,
                    self.spans.key(key),
                    text(format_args!(
                        "'{rest}' is not an option of format '{}' (in '{key}'): connector '{}' lets it through and the format ignores it",
                        f.id, self.connector.id
                    )),
                );
                // Flink accepts it whatever the script does with the table: never an error. A
                // misspelt option is a warning (the setting meant has no effect); any other is
                // a note.
                let d = match self.format_option_fix(i, key, rest) {
                    Some((fixed, span)) => d
                        .with_severity(Severity::Warning)
                        .with_help(text(format_args!("did you mean '{fixed}'?")))
                        .with_unsafe_fix(
                            span,
                            quote(&fixed),
                            exact(format_args!("write '{fixed}'")),
                        ),
                    None => d
                        .with_severity(Severity::Info)
                        .with_help("remove the option; Flink accepts it and it has no effect"),
                };
                self.out.borrow_mut().push(d);
                return Some(known);
            }
            KeyClass::UnknownFormatOption(i, rest) => {
                // As for an ignored format option.
                let known = self.is_known_format_key(key, i + 1);
                let Some(v) = self.verdict(Side::Both) else {
                    return Some(known);
                };
                let f = &self.resolved.formats[i];
                let prefix = &*f.options_prefix;
                let mut d = Diagnostic::new(
                    Code::UnknownConnectorOption,
                    self.spans.key(key),
                    v.text(format_args!(
                        "'{rest}' is not an option of format '{}' (in '{key}')",
                        f.id
                    )),
                );
                if let Some(spec) = f.spec {
                    if let Some(best) = closest_format_option(rest, spec) {
                        let fixed = concat(&[prefix, best]);
                        d = d
                            .with_help(concat(&["did you mean '", &fixed, "'?"]))
                            .with_unsafe_fix(
                                self.spans.key(key),
                                quote(&fixed),
                                concat(&["write '", &fixed, "'"]),
                            );
                    }
                }
                self.keep(d, v);
                return Some(known);
            }
            // No connector option has the key (the index says), and no format's prefix starts it.
            KeyClass::Unknown => {
                let Some(v) = self.verdict(Side::Both) else {
                    return Some(false);
                };
                let d = self.unknown_option(key, v);
                self.keep(d, v);
                return Some(false);
            }
        }
        // A common option, a pattern's or one passed through: no connector option has the key
        // (the index says), so it is known only as a format's.
        Some(self.is_known_format_key(key, 0))
    }

    /// The option of the `i`-th active format closest to `rest` (an unknown option written
    /// as `key`), as the full key to write, and where to write it.
    fn format_option_fix(&self, i: usize, key: &str, rest: &str) -> Option<(String, Span)> {
        let f = &self.resolved.formats[i];
        let spec = f.spec?;
        let best = closest_format_option(rest, spec)?;
        Some((concat(&[&f.options_prefix, best]), self.spans.key(key)))
    }

    /// The finding on an unknown option `key`, its message ending as `v` says.
    fn unknown_option(&self, key: &str, v: Verdict) -> Diagnostic {
        let span = self.spans.key(key);
        let cid = &self.connector.id;
        if let Some(hint) = self.connector.hints.get(key) {
            return Diagnostic::new(
                Code::UnknownConnectorOption,
                span,
                v.concat(&["connector '", cid, "' does not take option '", key, "'"]),
            )
            .with_help(hint.clone());
        }
        if let Some(client) = &self.connector.client_properties {
            if self.connector.option_index().client_keys.contains(key) {
                let fixed = concat(&[&client.prefix, key]);
                return Diagnostic::new(
                    Code::UnknownConnectorOption,
                    span,
                    v.concat(&[
                        "'",
                        key,
                        "' is a client setting: connector '",
                        cid,
                        "' takes it as '",
                        &fixed,
                        "'",
                    ]),
                )
                .with_help(concat(&[
                    "client settings go under the '",
                    &client.prefix,
                    "' prefix: write '",
                    &fixed,
                    "'",
                ]))
                .with_safe_fix(
                    span,
                    quote(&fixed),
                    concat(&["write '", &fixed, "'"]),
                );
            }
        }
        // `<slot prefix><other format>.<option>`: an option of a format the table does not use.
        for slot in &self.connector.format_slots {
            let slot_prefix = slot.key_prefix();
            let Some(rest) = key.strip_prefix(slot_prefix) else {
                continue;
            };
            // The formats whose `<id>.` starts `rest`: the text before each `.`, looked up. Left
            // to right is the connector facts' order of them (a shorter id sorts before a longer
            // one it starts).
            let others = rest.match_indices('.').filter_map(|(dot, _)| {
                let other = self.facts.format(&rest[..dot])?;
                Some((other, &rest[dot + 1..]))
            });
            for (other, opt_key) in others {
                let used = self
                    .resolved
                    .formats
                    .iter()
                    .find(|f| f.prefix == slot_prefix)
                    .map(|f| &*f.id);
                let known = other.option_set_by(opt_key).is_some();
                if !known
                    && !other
                        .prefixes
                        .iter()
                        .any(|p| opt_key.starts_with(p.as_str()))
                {
                    continue;
                }
                let msg = match used {
                    Some(used) => v.concat(&[
                        "'",
                        key,
                        "' is an option of format '",
                        &other.id,
                        "', but the table's ",
                        &slot.option,
                        " is '",
                        used,
                        "'",
                    ]),
                    None => v.concat(&[
                        "'",
                        key,
                        "' is an option of format '",
                        &other.id,
                        "', but the table sets no '",
                        &slot.option,
                        "'",
                    ]),
                };
                return Diagnostic::new(Code::FormatOptionMismatch, span, msg)
                    .with_help("remove the option, or change the format it belongs to");
            }
        }
        // A format option written without its format prefix.
        for f in &self.resolved.formats {
            let Some(spec) = f.spec else { continue };
            let bare = key.strip_prefix(f.prefix).unwrap_or(key);
            if spec.has_own_key(bare) {
                let fixed = concat(&[&f.options_prefix, bare]);
                let write = concat(&["write '", &fixed, "'"]);
                return Diagnostic::new(
                    Code::FormatOptionMismatch,
                    span,
                    v.concat(&[
                        "'",
                        key,
                        "' is an option of format '",
                        &f.id,
                        "' and needs the format prefix: '",
                        &fixed,
                        "'",
                    ]),
                )
                .with_help(write.clone())
                .with_safe_fix(span, quote(&fixed), write);
            }
        }
        let mut d = Diagnostic::new(
            Code::UnknownConnectorOption,
            span,
            v.concat(&["'", key, "' is not an option of connector '", cid, "'"]),
        );
        let known = self.known_keys.get_or_init(|| self.known_keys());
        let best = Word::new(key).closest_with(known.iter().map(|(k, bag)| (&**k, bag.as_ref())));
        if let Some(best) = best {
            d = d
                .with_help(concat(&["did you mean '", best, "'?"]))
                .with_unsafe_fix(span, quote(best), concat(&["write '", best, "'"]));
        } else if let Some(client) = &self.connector.client_properties {
            if key.split('.').count() > 1
                && key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '.' || c == '-')
            {
                d = d.with_help(text(format_args!(
                    "if this is a client setting, write it as '{}{key}'",
                    client.prefix
                )));
            }
        }
        d
    }

    /// Every key the table could use: connector options and the active formats' options.
    /// Whether `key` is one of [`Self::known_keys`], without building them.
    fn is_known_key(&self, key: &str) -> bool {
        // A key with `#` is a pattern's, which no written key is.
        (!key.contains('#') && self.connector_option(key).is_some())
            || self.is_known_format_key(key, 0)
    }

    /// Whether `key` is the prefixed own key of an option of a format from the `from`-th on.
    fn is_known_format_key(&self, key: &str, from: usize) -> bool {
        self.resolved.formats.iter().skip(from).any(|f| {
            f.spec.is_some_and(|spec| {
                key.strip_prefix(&*f.options_prefix)
                    .is_some_and(|rest| spec.has_own_key(rest))
            })
        })
    }

    /// With each key its letters, from the connector facts' indexes: the did-you-mean of every
    /// unknown key of the table reads these instead of the keys.
    fn known_keys(&self) -> Vec<(std::borrow::Cow<'a, str>, Option<KeyBag>)> {
        use std::borrow::Cow;
        let connector: &'a ConnectorSpec = self.connector;
        let bags = &connector.option_index().bags;
        let mut keys: Vec<(Cow<'a, str>, Option<KeyBag>)> = connector
            .options
            .iter()
            .zip(bags)
            .filter(|(o, _)| !o.key.contains('#'))
            .map(|(o, bag)| (Cow::Borrowed(o.key.as_str()), *bag))
            .collect();
        for f in &self.resolved.formats {
            if let Some(spec) = f.spec {
                let prefix = &*f.options_prefix;
                let prefix_bag = KeyBag::of(prefix);
                let bags = &spec.option_index().bags;
                keys.extend(spec.options.iter().zip(bags).map(|(o, bag)| {
                    let joined = prefix_bag
                        .as_ref()
                        .zip(bag.as_ref())
                        .and_then(|(p, k)| KeyBag::joined((p, prefix.len()), (k, o.key.len())));
                    (Cow::Owned(concat(&[prefix, &o.key])), joined)
                }));
            }
        }
        keys
    }

    fn check_option_value(&self, key: &str, value: &str, opt: &OptionSpec) {
        if let Err(why) = check_value(opt, value) {
            let fails = if opt.ty == OptionType::String {
                opt.fails
            } else {
                Side::Both
            };
            let Some(v) = self.verdict(fails) else {
                return;
            };
            let span = self.spans.value(key);
            let d = Diagnostic::new(
                Code::InvalidOptionValue,
                span,
                v.concat(&["invalid value for '", key, "': ", &why]),
            );
            let d = match (opt.ty, opt.values.is_empty()) {
                (OptionType::Enum, false) | (OptionType::String, false) => {
                    match did_you_mean_value(value, &opt.values) {
                        Some(best) => d
                            .with_help(concat(&["did you mean '", best, "'?"]))
                            .with_unsafe_fix(span, quote(best), concat(&["write '", best, "'"])),
                        None => d,
                    }
                }
                (OptionType::Duration, _) => d.with_help(
                    "Flink durations look like '5 s', '1 min', '100 ms', '2 h' or 'PT5M'",
                ),
                (OptionType::Memory, _) => d.with_help(
                    "Flink memory sizes look like '64 mb', '512kb', '1 gb' (whole numbers)",
                ),
                _ => d,
            };
            self.keep(d, v);
            return;
        }
        // Only a bounded option needs the number.
        let bounded = opt.min.is_some() || opt.max.is_some();
        if let Some(n) = bounded.then(|| numeric_value(opt, value)).flatten() {
            let below = opt.min.is_some_and(|m| n < m);
            let above = opt.max.is_some_and(|m| n > m);
            if let Some(v) = self.verdict(opt.fails).filter(|_| below || above) {
                let span = self.spans.value(key);
                let bound = match (opt.min, opt.max) {
                    (Some(lo), Some(hi)) => exact(format_args!("between {lo} and {hi}")),
                    (Some(lo), None) => exact(format_args!("at least {lo}")),
                    (None, Some(hi)) => exact(format_args!("at most {hi}")),
                    (None, None) => String::new(),
                };
                let d = Diagnostic::new(
                    Code::InvalidOptionValue,
                    span,
                    v.concat(&["invalid value for '", key, "': must be ", &bound]),
                );
                self.keep(d, v);
            }
        }
        if !opt.starts_with_any.is_empty()
            && !opt
                .starts_with_any
                .iter()
                .any(|p| value.starts_with(p.as_str()))
        {
            let Some(v) = self.verdict(opt.fails) else {
                return;
            };
            let d = Diagnostic::new(
                Code::InvalidOptionValue,
                self.spans.value(key),
                v.concat(&[
                    "invalid value for '",
                    key,
                    "': it must start with one of ",
                    &quoted_list(&opt.starts_with_any),
                ]),
            );
            self.keep(d, v);
        }
    }

    pub(super) fn check_required(&self) {
        // (the key, whose: the connector (`None`) or `self.resolved.formats[i]`)
        let mut missing: Vec<(String, Option<usize>)> = Vec::new();
        // Through the indexes' lists of required options: a connector has dozens of options.
        let connector: &'a ConnectorSpec = self.connector;
        let required = connector.option_index().required.iter();
        for opt in required.filter_map(|&i| connector.options.get(i)) {
            if !opt.all_keys().any(|k| self.option(k).is_some()) {
                missing.push((opt.key.clone(), None));
            }
        }
        for (i, f) in self.resolved.formats.iter().enumerate() {
            let Some(spec) = f.spec else { continue };
            let prefix = &*f.options_prefix;
            let required = spec.option_index().required.iter();
            for opt in required.filter_map(|&i| spec.options.get(i)) {
                if !opt
                    .all_keys()
                    .any(|k| self.prefixed_option(prefix, k).is_some())
                {
                    missing.push((exact(format_args!("{prefix}{}", opt.key)), Some(i)));
                }
            }
        }
        let Some(v) = self.verdict(Side::Both) else {
            return;
        };
        let cid = self.connector.id.as_str();
        for (key, format) in missing {
            let (whose, id) = match format.and_then(|i| self.resolved.formats.get(i)) {
                None => ("connector '", cid),
                Some(f) => ("format '", &*f.id),
            };
            let d = self.missing_option(
                v,
                &[whose, id, "' needs option '", &key, "'"],
                || concat(&["add '", &key, "' = '...' to the WITH clause"]),
                std::iter::once(key.as_str()),
            );
            self.keep(d, v);
        }
    }

    /// A finding on missing options (`wanted`, one of which is needed) with the message
    /// `message` (its pieces) and the help `help`. A missing option written with a typo is most
    /// often the reason it is missing: when a key of the table is a small edit away from one of
    /// `wanted` (and is not a known key itself), the finding points at it, says so and offers
    /// to rename it instead.
    pub(super) fn missing_option<'w>(
        &self,
        v: Verdict,
        message: &[&str],
        help: impl FnOnce() -> String,
        wanted: impl Iterator<Item = &'w str> + Clone,
    ) -> Diagnostic {
        let span = self.spans.table;
        let Some((key, best)) = self.misspelling(wanted) else {
            return Diagnostic::new(Code::MissingRequiredOption, span, v.concat(message))
                .with_help(help());
        };
        let written = [" ('", key, "' is written: a misspelling of '", best, "'?)"];
        let len = message
            .iter()
            .chain(&written)
            .map(|p| p.len())
            .sum::<usize>()
            + v.tail.len();
        let mut text = String::with_capacity(len);
        for piece in message.iter().chain(&written) {
            text.push_str(piece);
        }
        text.push_str(v.tail);
        let key_span = self.spans.key(key);
        Diagnostic::new(Code::MissingRequiredOption, span, text)
            .with_label(key_span, concat(&["'", key, "' is not '", best, "'"]))
            .with_help(concat(&[
                "'",
                key,
                "' looks like a misspelling of '",
                best,
                "'",
            ]))
            .with_unsafe_fix(key_span, quote(best), concat(&["write '", best, "'"]))
    }

    /// The first written key (not a known key) that looks like a misspelling of one of
    /// `wanted`, and the one it looks like.
    fn misspelling<'w>(
        &self,
        wanted: impl Iterator<Item = &'w str> + Clone,
    ) -> Option<(&'a str, &'w str)> {
        let table: &'a TableSchema = self.table;
        let unknown = self.unknown_written.get_or_init(|| {
            table
                .options
                .iter()
                .enumerate()
                .filter(|&(i, (k, _))| {
                    let known = if i < 128 && self.decided_written & (1 << i) != 0 {
                        self.known_written & (1 << i) != 0
                    } else {
                        self.is_known_key(k)
                    };
                    !known
                })
                .map(|(_, (k, _))| Word::new(k))
                .collect()
        });
        if unknown.is_empty() {
            return None;
        }
        // The wanted keys' letters, counted once for all the words.
        let wanted: Vec<(&'w str, Option<KeyBag>)> = wanted.map(|w| (w, KeyBag::of(w))).collect();
        unknown.iter().find_map(|word| {
            let best = word.closest_with(wanted.iter().map(|(w, bag)| (*w, bag.as_ref())))?;
            Some((word.as_str(), best))
        })
    }
}
