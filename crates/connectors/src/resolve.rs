//! One resolver for a table's `WITH` options, read by the checks ([`crate::check_table`]) and
//! by the editor (hover, completion): the connector, the formats its format options name with
//! the key prefix of each, which option a key sets, and the metadata keys the table offers.
//! Both sides answer from this one place, so hover and completion cannot drift from the checks.

use crate::facts::ConnectorFacts;
use crate::model::SlotRole;
use crate::model::{ConnectorSpec, FormatSlot, FormatSpec, MetadataSpec, OptionSpec, OptionType};

/// A table's options resolved against the connector facts.
#[derive(Debug, Clone)]
pub struct TableOptions<'c> {
    facts: &'c ConnectorFacts,
    pub connector: &'c ConnectorSpec,
    /// The formats in effect, in the connector's slot order.
    pub formats: Vec<ResolvedFormat<'c>>,
    /// What each format slot with a format (written or by default) resolved to, in slot order.
    pub slots: Vec<SlotOutcome<'c>>,
}

/// A format named by one of the connector's format options (or its default).
#[derive(Debug, Clone)]
pub struct ResolvedFormat<'c> {
    pub slot: &'c FormatSlot,
    /// True when the table writes the slot's option (false: the slot's default).
    pub written: bool,
    /// The format identifier: the connector facts' when they have the format (no copy per table).
    pub id: std::borrow::Cow<'c, str>,
    /// `None` when the connector facts do not have the format.
    pub spec: Option<&'c FormatSpec>,
    /// `key.` / `value.` / ``
    pub prefix: &'c str,
    /// `<prefix><format>.`: the prefix of the format's option keys (the connector facts' when the
    /// slot has no prefix).
    pub options_prefix: std::borrow::Cow<'c, str>,
}

/// What one format slot resolved to.
#[derive(Debug, Clone)]
pub enum SlotOutcome<'c> {
    /// The slot's format is [`TableOptions::formats`]`[i]`.
    Format(usize),
    /// A value slot after the one that gives the value format: Flink reads only the first.
    Shadowed {
        slot: &'c FormatSlot,
        by: &'c FormatSlot,
        written: bool,
    },
    /// A written identifier that is a known format's in another case. Identifiers are
    /// case-sensitive: Flink finds no factory, and the format's options are not resolved.
    CaseTwin {
        slot: &'c FormatSlot,
        id: String,
        twin: &'c FormatSpec,
    },
}

/// What an option key is, for a table with these options.
#[derive(Debug, Clone)]
pub enum KeyClass<'c, 'k> {
    /// An option of the connector.
    Connector(&'c OptionSpec),
    /// An option every connector using Flink's `TableFactoryHelper` takes.
    Common(&'c OptionSpec),
    /// A connector option whose key names a column (`fields.#.kind`): the option and the
    /// column name the key gives.
    Pattern(&'c OptionSpec, &'k str),
    /// An option of [`TableOptions::formats`]`[i]`.
    Format(usize, &'c OptionSpec),
    /// Passed through unchecked (a connector or format prefix, an unknown format's options).
    Passthrough,
    /// Under the prefix of format `i`, but not one of its options (the key after the prefix).
    UnknownFormatOption(usize, &'k str),
    /// As [`KeyClass::UnknownFormatOption`], but the connector lets it through and the format
    /// ignores it (the filesystem connector: `validateExcept(format + '.')`).
    IgnoredFormatOption(usize, &'k str),
    Unknown,
}

/// Who an option belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionOwner {
    Connector,
    Common,
    /// [`TableOptions::formats`]`[i]`.
    Format(usize),
}

/// An option a table can take, with its key as the table writes it (format options carry
/// their `<prefix><format>.` prefix; `#` stands for a column name).
#[derive(Debug, Clone)]
pub struct TableOption<'c> {
    pub key: String,
    pub spec: &'c OptionSpec,
    pub owner: OptionOwner,
}

impl<'c> TableOptions<'c> {
    /// The options resolved against the connector they name; `None` without a `connector`
    /// option or for a connector the connector facts do not have. The options are pairs of any
    /// text: a table's ([`flinkddl_schema::OptionPair`]) or an editor's own.
    pub fn resolve<S: AsRef<str>>(facts: &'c ConnectorFacts, options: &[(S, S)]) -> Option<Self> {
        let id = written(options, "connector")?;
        let connector = facts.connector(id)?;
        Some(Self::for_connector(facts, connector, options))
    }

    /// The options resolved against `connector`.
    pub fn for_connector<S: AsRef<str>>(
        facts: &'c ConnectorFacts,
        connector: &'c ConnectorSpec,
        options: &[(S, S)],
    ) -> Self {
        let mut formats = Vec::new();
        let mut slots = Vec::new();
        let mut value_slot: Option<&FormatSlot> = None;
        for slot in &connector.format_slots {
            let given = written(options, &slot.option);
            let Some(id) = given.or(slot.default.as_deref()) else {
                continue;
            };
            if slot.role == SlotRole::Value {
                if let Some(by) = value_slot {
                    slots.push(SlotOutcome::Shadowed {
                        slot,
                        by,
                        written: given.is_some(),
                    });
                    continue;
                }
                value_slot = Some(slot);
            }
            let spec = facts.format(id);
            if given.is_some() && spec.is_none() {
                if let Some(twin) = facts.formats().find(|f| f.id.eq_ignore_ascii_case(id)) {
                    slots.push(SlotOutcome::CaseTwin {
                        slot,
                        id: id.to_string(),
                        twin,
                    });
                    continue;
                }
            }
            let prefix = slot.key_prefix();
            slots.push(SlotOutcome::Format(formats.len()));
            formats.push(ResolvedFormat {
                slot,
                written: given.is_some(),
                options_prefix: match spec {
                    Some(spec) if prefix.is_empty() => {
                        std::borrow::Cow::Borrowed(spec.option_index().dotted_id.as_str())
                    }
                    _ => std::borrow::Cow::Owned([prefix, id, "."].concat()),
                },
                prefix,
                id: match spec {
                    Some(spec) => std::borrow::Cow::Borrowed(spec.id.as_str()),
                    None => std::borrow::Cow::Owned(id.to_string()),
                },
                spec,
            });
        }
        TableOptions {
            facts,
            connector,
            formats,
            slots,
        }
    }

    /// The value format (the first resolved value slot's).
    pub fn value_format(&self) -> Option<&ResolvedFormat<'c>> {
        self.formats.iter().find(|f| f.slot.role == SlotRole::Value)
    }

    /// What `key` is: the option it sets, or why it sets none.
    pub fn classify<'k>(&self, key: &'k str) -> KeyClass<'c, 'k> {
        let connector = self.connector;
        let index = connector.option_index();
        if let Some(opt) = index
            .by_key
            .get(key)
            .and_then(|&i| connector.options.get(i))
        {
            return KeyClass::Connector(opt);
        }
        if connector.factory_helper {
            if let Some(opt) = self.facts.common_options().iter().find(|o| o.sets_key(key)) {
                return KeyClass::Common(opt);
            }
        }
        for &(i, at) in &index.patterns {
            let Some(opt) = connector.options.get(i) else {
                continue;
            };
            // `at` is where the key's first `#` is (found once, in the index).
            let (Some(before), Some(after)) = (opt.key.get(..at), opt.key.get(at + 1..)) else {
                continue;
            };
            if let Some(middle) = key
                .strip_prefix(before)
                .and_then(|rest| rest.strip_suffix(after))
            {
                if !middle.is_empty() {
                    return KeyClass::Pattern(opt, middle);
                }
            }
        }
        if connector
            .prefixes
            .iter()
            .any(|p| key.starts_with(p.as_str()))
        {
            return KeyClass::Passthrough;
        }
        for (i, f) in self.formats.iter().enumerate() {
            let Some(rest) = key.strip_prefix(&*f.options_prefix) else {
                continue;
            };
            let Some(spec) = f.spec else {
                return KeyClass::Passthrough;
            };
            // The first option `rest` sets, through the format's index.
            if let Some(opt) = spec.option_set_by(rest) {
                return KeyClass::Format(i, opt);
            }
            let map_prefix = spec.options.iter().any(|o| {
                o.ty == OptionType::Map
                    && rest
                        .strip_prefix(o.key.as_str())
                        .is_some_and(|r| r.starts_with('.'))
            });
            let passthrough = spec.prefixes.iter().any(|p| rest.starts_with(p.as_str()));
            if map_prefix || passthrough {
                return KeyClass::Passthrough;
            }
            if connector.lenient_format_options && f.prefix.is_empty() {
                return KeyClass::IgnoredFormatOption(i, rest);
            }
            return KeyClass::UnknownFormatOption(i, rest);
        }
        KeyClass::Unknown
    }

    /// The option `key` sets, with the key as the connector facts write it.
    pub fn option(&self, key: &str) -> Option<TableOption<'c>> {
        match self.classify(key) {
            KeyClass::Connector(spec) | KeyClass::Pattern(spec, _) => Some(TableOption {
                key: spec.key.clone(),
                spec,
                owner: OptionOwner::Connector,
            }),
            KeyClass::Common(spec) => Some(TableOption {
                key: spec.key.clone(),
                spec,
                owner: OptionOwner::Common,
            }),
            KeyClass::Format(i, spec) => Some(TableOption {
                key: format!("{}{}", self.formats[i].options_prefix, spec.key),
                spec,
                owner: OptionOwner::Format(i),
            }),
            _ => None,
        }
    }

    /// Every option the table takes: the connector's, the common ones (when the connector
    /// uses Flink's `TableFactoryHelper`), then each format's under its prefix.
    pub fn options(&self) -> Vec<TableOption<'c>> {
        let mut out: Vec<TableOption> = self
            .connector
            .options
            .iter()
            .map(|spec| TableOption {
                key: spec.key.clone(),
                spec,
                owner: OptionOwner::Connector,
            })
            .collect();
        if self.connector.factory_helper {
            out.extend(self.facts.common_options().iter().map(|spec| TableOption {
                key: spec.key.clone(),
                spec,
                owner: OptionOwner::Common,
            }));
        }
        for (i, f) in self.formats.iter().enumerate() {
            let Some(spec) = f.spec else { continue };
            out.extend(spec.options.iter().map(|o| TableOption {
                key: format!("{}{}", f.options_prefix, o.key),
                spec: o,
                owner: OptionOwner::Format(i),
            }));
        }
        out
    }

    /// The metadata key `key`: its definition, and whether the value format offers it (under
    /// the connector's `format_metadata_prefix`) rather than the connector.
    pub fn metadata(&self, key: &str) -> Option<(&'c MetadataSpec, bool)> {
        if let Some(m) = self.connector.metadata.iter().find(|m| m.key == key) {
            return Some((m, false));
        }
        let prefix = self.connector.format_metadata_prefix.as_deref()?;
        let rest = key.strip_prefix(prefix)?;
        let spec = self.value_format()?.spec?;
        spec.metadata
            .iter()
            .find(|m| m.key == rest)
            .map(|m| (m, true))
    }

    /// Every metadata key the table offers: the connector's, then its value format's under the
    /// connector's prefix.
    pub fn metadata_keys(&self) -> Vec<(String, &'c MetadataSpec)> {
        let mut out: Vec<(String, &MetadataSpec)> = self
            .connector
            .metadata
            .iter()
            .map(|m| (m.key.clone(), m))
            .collect();
        if let Some(prefix) = &self.connector.format_metadata_prefix {
            if let Some(spec) = self.value_format().and_then(|f| f.spec) {
                out.extend(
                    spec.metadata
                        .iter()
                        .map(|m| (format!("{prefix}{}", m.key), m)),
                );
            }
        }
        out
    }
}

/// The value of a written option (the last one, as a `WITH` clause keeps it).
fn written<'o, S: AsRef<str>>(options: &'o [(S, S)], key: &str) -> Option<&'o str> {
    options
        .iter()
        .rev()
        .find(|(k, _)| k.as_ref() == key)
        .map(|(_, v)| v.as_ref())
}
