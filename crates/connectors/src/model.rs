//! The connector facts' data model: what a connector or format file says. The built-in files in
//! `data/` and a user's connectors file have this one shape (JSON or TOML).

use flinkddl_diagnostics::suggest::KeyBag;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One connector facts file: any number of connectors and formats.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConnectorFactsFile {
    /// Free text: where the facts of this file come from.
    #[serde(default)]
    pub about: Option<String>,
    /// Options Flink's `TableFactoryHelper` accepts for every connector that uses it
    /// (`property-version`, `scan.watermark.*`).
    #[serde(default)]
    pub common_options: Vec<OptionSpec>,
    #[serde(default)]
    pub connectors: Vec<ConnectorSpec>,
    #[serde(default)]
    pub formats: Vec<FormatSpec>,
    /// Connectors and formats these connector facts do not describe (their options are not
    /// checked) whose source reads a changelog: the other Flink CDC connectors,
    /// `debezium-protobuf`.
    #[serde(default)]
    pub other_changelog_sources: OtherChangelogSources,
}

/// See [`ConnectorFactsFile::other_changelog_sources`].
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OtherChangelogSources {
    #[serde(default)]
    pub connectors: Vec<String>,
    #[serde(default)]
    pub formats: Vec<String>,
}

/// How a table can be used: read by a scan source, read by a lookup join, written by a sink.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Source,
    Lookup,
    Sink,
}

/// Which use of the table a check belongs to. A problem that only breaks reading is a warning
/// for a connector that can also write (the table may only be written), and an error for a
/// connector that can only read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Read,
    Write,
    #[default]
    Both,
}

/// A connector (`'connector' = '<id>'`), as its `DynamicTableFactory` declares it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConnectorSpec {
    /// The factory identifier, matched exactly (case-sensitive) as Flink does.
    pub id: String,
    /// The connector release the facts belong to, e.g. `flink 2.3.0` or `flink-connector-kafka 4.0`.
    pub version: String,
    /// Where the facts come from (classes read, or "oracle").
    #[serde(default)]
    pub source: String,
    /// True when the facts were checked against real Flink (the oracle's jars).
    #[serde(default)]
    pub verified: bool,
    /// Source, lookup and/or sink.
    pub roles: Vec<Role>,
    /// Its source reads a changelog (updates and deletes) whatever the format: upsert-kafka,
    /// the CDC connectors. Otherwise the value format says (`insert_only`).
    #[serde(default)]
    pub changelog_source: bool,
    /// Its sink writes the value format's rows, so it consumes inserts only when that format
    /// is insert-only (filesystem, kafka); other sinks are not described.
    #[serde(default)]
    pub sink_writes_format: bool,
    /// Identifiers of older Flink releases that this connector replaces (`kafka-0.11`): a
    /// table naming one gets a warning with this connector's identifier.
    #[serde(default)]
    pub legacy_ids: Vec<String>,
    /// `requiredOptions()` and `optionalOptions()`; `required` marks the first.
    #[serde(default)]
    pub options: Vec<OptionSpec>,
    /// Key prefixes passed through unchecked (`validateExcept`), e.g. `properties.`.
    #[serde(default)]
    pub prefixes: Vec<String>,
    /// The options that name formats (`format`, `key.format`, `value.format`).
    #[serde(default)]
    pub format_slots: Vec<FormatSlot>,
    /// The filesystem connector: any `<format>.<key>` option is accepted
    /// (`validateExcept(format + ".")`), known ones are still type-checked.
    #[serde(default)]
    pub lenient_format_options: bool,
    /// Accepts bulk-only formats (parquet, orc).
    #[serde(default)]
    pub accepts_bulk_formats: bool,
    /// Metadata keys offered by the connector itself.
    #[serde(default)]
    pub metadata: Vec<MetadataSpec>,
    /// How the value format's metadata keys are addressed: `Some("value.")` for Kafka,
    /// `Some("")` when exposed as they are, `None` when the connector does not expose them.
    #[serde(default)]
    pub format_metadata_prefix: Option<String>,
    /// Cross-option and schema rules.
    #[serde(default)]
    pub rules: Vec<Rule>,
    /// Help for keys the connector does not take but users often write, e.g. upsert-kafka's
    /// `format`.
    #[serde(default)]
    pub hints: BTreeMap<String, String>,
    /// False for connectors that validate their options without Flink's `TableFactoryHelper`
    /// (datagen): those do not take the helper's common options (`property-version`,
    /// `scan.watermark.*`).
    #[serde(default = "default_true")]
    pub factory_helper: bool,
    /// Client settings that belong under a prefix (Kafka's `properties.`).
    #[serde(default)]
    pub client_properties: Option<ClientProperties>,
    #[serde(default)]
    pub note: Option<String>,
    /// Lookups over `options`, built on first use (not part of the file).
    #[serde(skip)]
    pub(crate) option_index: std::sync::OnceLock<OptionIndex>,
}

/// Keys of an embedded client library (Kafka's consumer/producer configs) that the connector
/// only takes under `prefix`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientProperties {
    pub prefix: String,
    pub keys: Vec<String>,
}

/// An option that names a format. Its format's options are written `<prefix><format>.<key>`
/// where `<prefix>` is what comes before `format` in the option key (`key.format` → `key.`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatSlot {
    pub option: String,
    /// `value` (the default) or `key`: the first present value slot is the table's value
    /// format.
    #[serde(default)]
    pub role: SlotRole,
    /// Format used when the option is absent (elasticsearch: `json`).
    #[serde(default)]
    pub default: Option<String>,
}

fn default_true() -> bool {
    true
}

/// What a format slot's format encodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SlotRole {
    /// The row's value (`format`, `value.format`).
    #[default]
    Value,
    /// The message key (`key.format`).
    Key,
}

impl FormatSlot {
    /// The key prefix of this slot's format options, without the format id.
    pub fn key_prefix(&self) -> &str {
        self.option.strip_suffix("format").unwrap_or("")
    }
}

/// The type of an option value, as its `ConfigOption` declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OptionType {
    String,
    Int,
    Long,
    Float,
    Double,
    Boolean,
    Duration,
    Memory,
    /// A Java enum: matched case-insensitively against each constant's `toString()`.
    Enum,
    /// `;`-separated list of strings.
    List,
    /// `k:v,k2:v2`
    Map,
    /// Exactly one character, as written.
    Char,
    /// Exactly one character after Java unescaping (`\t` is one character).
    EscapedChar,
}

/// One option of a connector or format (format option keys are written without the format
/// prefix).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    pub key: String,
    #[serde(rename = "type")]
    pub ty: OptionType,
    #[serde(default)]
    pub required: bool,
    #[serde(default)]
    pub default: Option<String>,
    /// Enum constants (`type = enum`), or the fixed values a string option takes.
    #[serde(default)]
    pub values: Vec<String>,
    /// For string options with `values`: whether the connector compares them case-sensitively
    /// (enums are always case-insensitive).
    #[serde(default)]
    pub case_sensitive: bool,
    /// Other keys that set this option (`ConfigOption.withFallbackKeys` /
    /// `withDeprecatedKeys`).
    #[serde(default)]
    pub fallback_keys: Vec<String>,
    #[serde(default)]
    pub deprecated_keys: Vec<String>,
    /// Set when the option itself is deprecated: what to use instead.
    #[serde(default)]
    pub deprecated: Option<String>,
    /// Inclusive bounds for numeric options, where the connector checks them.
    #[serde(default)]
    pub min: Option<f64>,
    #[serde(default)]
    pub max: Option<f64>,
    /// The value must start with one of these (JDBC URL dialects).
    #[serde(default)]
    pub starts_with_any: Vec<String>,
    /// Which use validates `min`/`max`/`starts_with_any` (types are checked by both).
    #[serde(default)]
    pub fails: Side,
    /// The first version with this option, where it is newer than the connector's baseline.
    #[serde(default)]
    pub since: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// [`ConnectorSpec::options`] indexed for the resolver, which classifies every written key.
#[derive(Debug, Clone, Default)]
pub(crate) struct OptionIndex {
    /// Each key (with fallback and deprecated keys) of an option without `#`: the first such
    /// option that it sets.
    pub by_key: foldhash::HashMap<String, usize>,
    /// The options whose key names a column (`fields.#.kind`), in order, with where the `#` is.
    pub patterns: Vec<(usize, usize)>,
    /// The letters of each option's key, for did-you-mean (`None` for a pattern's key, or one
    /// [`KeyBag::of`] does not take).
    pub bags: Vec<Option<KeyBag>>,
    /// [`ClientProperties::keys`]: every unknown key is looked up in them.
    pub client_keys: foldhash::HashSet<String>,
    /// The required options, in order: every table checks them (not all the options).
    pub required: Vec<usize>,
}

/// [`FormatSpec::options`] indexed: the resolver classifies every key under a format's prefix.
#[derive(Debug, Clone, Default)]
pub(crate) struct FormatIndex {
    /// Each key (with fallback and deprecated keys) of an option: the first option it sets.
    pub by_key: foldhash::HashMap<String, usize>,
    /// The letters of each option's key, for did-you-mean.
    pub bags: Vec<Option<KeyBag>>,
    /// The required options, in order.
    pub required: Vec<usize>,
    /// `<id>.`: the prefix of the format's option keys under a slot without a prefix of its
    /// own (`'format' = 'json'`), shared by every table.
    pub dotted_id: String,
}

impl FormatSpec {
    pub(crate) fn option_index(&self) -> &FormatIndex {
        self.option_index.get_or_init(|| {
            let mut index = FormatIndex {
                dotted_id: [self.id.as_str(), "."].concat(),
                ..FormatIndex::default()
            };
            for (i, o) in self.options.iter().enumerate() {
                for k in o.all_keys() {
                    index.by_key.entry(k.to_string()).or_insert(i);
                }
                index.bags.push(KeyBag::of(&o.key));
                if o.required {
                    index.required.push(i);
                }
            }
            index
        })
    }

    /// The first option that `key` sets ([`OptionSpec::sets_key`]).
    pub(crate) fn option_set_by(&self, key: &str) -> Option<&OptionSpec> {
        let &i = self.option_index().by_key.get(key)?;
        self.options.get(i)
    }

    /// Whether an option's own key (not a fallback or deprecated one) is `key`.
    pub(crate) fn has_own_key(&self, key: &str) -> bool {
        self.option_with_own_key(key).is_some()
    }

    /// The first option whose own key (not a fallback or deprecated one) is `key`, through
    /// the index.
    pub(crate) fn option_with_own_key(&self, key: &str) -> Option<&OptionSpec> {
        match self.option_set_by(key) {
            None => None,
            Some(o) if o.key == key => Some(o),
            // The first option it sets has it as a fallback or deprecated key: a later one
            // may still have it as its own.
            Some(_) => self.options.iter().find(|o| o.key == key),
        }
    }
}

impl ConnectorSpec {
    pub(crate) fn option_index(&self) -> &OptionIndex {
        self.option_index.get_or_init(|| {
            let mut index = OptionIndex::default();
            for (i, o) in self.options.iter().enumerate() {
                if o.required {
                    index.required.push(i);
                }
                if let Some(at) = o.key.find('#') {
                    index.patterns.push((i, at));
                    index.bags.push(None);
                    continue;
                }
                for k in o.all_keys() {
                    index.by_key.entry(k.to_string()).or_insert(i);
                }
                index.bags.push(KeyBag::of(&o.key));
            }
            if let Some(client) = &self.client_properties {
                index.client_keys = client.keys.iter().cloned().collect();
            }
            index
        })
    }
}

impl OptionSpec {
    /// Every key that sets this option.
    pub fn all_keys(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.key.as_str())
            .chain(self.fallback_keys.iter().map(String::as_str))
            .chain(self.deprecated_keys.iter().map(String::as_str))
    }

    /// Whether `key` sets this option: [`OptionSpec::all_keys`] contains it (without the
    /// iterator chain: the resolver asks this of every option for every key).
    pub fn sets_key(&self, key: &str) -> bool {
        self.key == key
            || self.fallback_keys.iter().any(|k| k == key)
            || self.deprecated_keys.iter().any(|k| k == key)
    }
}

/// A metadata key (`METADATA FROM 'key'`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetadataSpec {
    pub key: String,
    /// The type as a Flink type string (`LogicalTypeParser` syntax), e.g. `TIMESTAMP_LTZ(3) NOT NULL`.
    #[serde(rename = "type")]
    pub ty: String,
    pub read: bool,
    pub write: bool,
    /// The type the sink expects, where it differs from `type`.
    #[serde(default)]
    pub write_type: Option<String>,
    #[serde(default)]
    pub since: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A format (`'format' = '<id>'`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatSpec {
    pub id: String,
    pub version: String,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub verified: bool,
    /// Only for bulk (file) connectors: parquet, orc.
    #[serde(default)]
    pub bulk_only: bool,
    /// The format produces or accepts only INSERT rows (json, csv, avro...), as opposed to a
    /// changelog (debezium-json...).
    #[serde(default)]
    pub insert_only: bool,
    #[serde(default)]
    pub options: Vec<OptionSpec>,
    /// Sub-prefixes passed through (`properties.` of avro-confluent, any key for parquet/orc:
    /// `""`).
    #[serde(default)]
    pub prefixes: Vec<String>,
    /// Read-only metadata keys (format metadata is never writable).
    #[serde(default)]
    pub metadata: Vec<MetadataSpec>,
    /// Rules over the format's own options (keys without the format prefix).
    #[serde(default)]
    pub rules: Vec<Rule>,
    #[serde(default)]
    pub note: Option<String>,
    /// Lookups over `options`, built on first use (not part of the file).
    #[serde(skip)]
    pub(crate) option_index: std::sync::OnceLock<FormatIndex>,
}

/// A condition on an option: present (no `equals`), absent (`absent = true`), or equal to one
/// of `equals` (ASCII case-insensitive).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cond {
    pub option: String,
    #[serde(default)]
    pub equals: Vec<String>,
    #[serde(default)]
    pub absent: bool,
    /// The default of `option` in the connector or format whose rule holds this condition,
    /// set when the connector facts take the file ([`Rule::fill_defaults`]): a condition on a value
    /// reads it for every table that leaves the option out, instead of looking the option up.
    #[serde(skip)]
    pub(crate) default: Option<String>,
}

/// A cross-option or schema rule. `fails` says which use of the table breaks.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Rule {
    /// At most one of `options` may be set.
    Exclusive {
        options: Vec<String>,
        #[serde(default)]
        fails: Side,
        #[serde(default)]
        message: Option<String>,
    },
    /// At least one of `options` must be set.
    OneOf {
        options: Vec<String>,
        #[serde(default)]
        fails: Side,
        #[serde(default)]
        message: Option<String>,
    },
    /// When `when` holds, every option of `then` must be set.
    Requires {
        when: Cond,
        then: Vec<String>,
        #[serde(default)]
        fails: Side,
        #[serde(default)]
        message: Option<String>,
    },
    /// All of `options` or none.
    AllOrNone {
        options: Vec<String>,
        #[serde(default)]
        fails: Side,
    },
    /// When `when` holds, none of `options` may be set (an empty list forbids the `when`
    /// option's value itself).
    Forbids {
        when: Cond,
        /// Further conditions that must all hold too.
        #[serde(default)]
        and: Vec<Cond>,
        #[serde(default)]
        options: Vec<String>,
        #[serde(default)]
        fails: Side,
        #[serde(default)]
        message: Option<String>,
    },
    /// When `when` holds, `option` must be one of `values` (ASCII case-insensitive).
    RequiresValue {
        when: Cond,
        option: String,
        values: Vec<String>,
        #[serde(default)]
        fails: Side,
    },
    /// The numeric option `lower` must not be greater than `upper`.
    NotGreater {
        lower: String,
        upper: String,
        #[serde(default)]
        fails: Side,
    },
    /// A PRIMARY KEY is required, unless one of `unless` holds.
    PrimaryKey {
        #[serde(default)]
        unless: Vec<Cond>,
        #[serde(default)]
        fails: Side,
        #[serde(default)]
        message: Option<String>,
    },
    /// No PRIMARY KEY when the value format is insert-only (plain Kafka).
    NoPrimaryKeyWithInsertOnlyFormat {
        #[serde(default)]
        fails: Side,
        #[serde(default)]
        message: Option<String>,
    },
    /// A list option naming columns: each must be a physical column, and carry the value of
    /// `prefix_option` when that is set.
    PhysicalColumns {
        option: String,
        #[serde(default)]
        prefix_option: Option<String>,
        #[serde(default)]
        fails: Side,
    },
    /// The format named by the slot option must be insert-only.
    InsertOnlyFormat {
        option: String,
        #[serde(default)]
        fails: Side,
    },
    /// When `when` holds, the list option `option` must have exactly one entry.
    SingleValue {
        when: Cond,
        option: String,
        #[serde(default)]
        fails: Side,
        #[serde(default)]
        message: Option<String>,
    },
    /// When `when` holds, the table must not be PARTITIONED BY.
    NotPartitioned {
        when: Cond,
        #[serde(default)]
        fails: Side,
    },
    /// The table must have exactly one physical column (the raw format).
    SinglePhysicalColumn {
        #[serde(default)]
        fails: Side,
    },
    /// The option must be set (non-blank) and not empty (ES `index`).
    NotBlank {
        option: String,
        #[serde(default)]
        fails: Side,
    },
    /// Datagen's per-column options `fields.<column>.<option>`.
    DatagenFields(DatagenFields),
}

impl Rule {
    /// Sets [`Cond::default`] of each condition of the rule from `options`, those of the
    /// connector or format the rule belongs to: the first option whose own key the condition
    /// names (what the checker would look up for each table).
    pub(crate) fn fill_defaults(&mut self, options: &[OptionSpec]) {
        let conds: &mut [Cond] = match self {
            Rule::Requires { when, .. }
            | Rule::RequiresValue { when, .. }
            | Rule::SingleValue { when, .. }
            | Rule::NotPartitioned { when, .. } => std::slice::from_mut(when),
            Rule::Forbids { when, and, .. } => {
                when.fill_default(options);
                and
            }
            Rule::PrimaryKey { unless, .. } => unless,
            _ => &mut [],
        };
        for cond in conds {
            cond.fill_default(options);
        }
    }
}

impl Cond {
    fn fill_default(&mut self, options: &[OptionSpec]) {
        self.default = options
            .iter()
            .find(|o| o.key == self.option)
            .and_then(|o| o.default.clone());
    }
}

/// Which `fields.<column>.*` options datagen takes, by generator kind and column type root.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatagenFields {
    /// The kinds and, for each, groups of type roots with the options they take.
    pub kinds: BTreeMap<String, Vec<DatagenGroup>>,
    /// Options each kind requires (`sequence`: `start`, `end`).
    #[serde(default)]
    pub required: BTreeMap<String, Vec<String>>,
    /// Type roots a kind cannot generate ("Unsupported type").
    #[serde(default)]
    pub unsupported: BTreeMap<String, Vec<String>>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatagenGroup {
    /// `LogicalTypeRoot` names (`INTEGER`, `VARCHAR`, ...).
    pub roots: Vec<String>,
    pub options: Vec<String>,
}
