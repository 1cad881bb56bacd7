//! The connector facts: the built-in connector and format files (compiled in with `include_str!`,
//! parsed once on first use) plus an optional user file of the same shape.

use crate::model::{
    ConnectorFactsFile, ConnectorSpec, FormatSpec, OptionSpec, OtherChangelogSources, Rule,
};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The built-in data files, in load order (a later file may not redefine an id).
pub const BUILTIN_FILES: &[(&str, &str)] = &[
    ("flink.json", include_str!("../data/flink.json")),
    ("formats.json", include_str!("../data/formats.json")),
    ("kafka.json", include_str!("../data/kafka.json")),
    ("jdbc.json", include_str!("../data/jdbc.json")),
    (
        "elasticsearch.json",
        include_str!("../data/elasticsearch.json"),
    ),
    ("hbase.json", include_str!("../data/hbase.json")),
    ("mongodb.json", include_str!("../data/mongodb.json")),
    ("aws.json", include_str!("../data/aws.json")),
    ("cdc.json", include_str!("../data/cdc.json")),
];

/// Connectors and formats by id.
#[derive(Debug, Clone, Default)]
pub struct ConnectorFacts {
    connectors: BTreeMap<String, Arc<ConnectorSpec>>,
    formats: BTreeMap<String, Arc<FormatSpec>>,
    common_options: Arc<Vec<OptionSpec>>,
    other_changelog_sources: Arc<OtherChangelogSources>,
}

struct Builtin {
    facts: ConnectorFacts,
    errors: Vec<String>,
}

fn builtin_data() -> &'static Builtin {
    static BUILTIN: OnceLock<Builtin> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        let mut facts = ConnectorFacts::default();
        let mut errors = Vec::new();
        for (name, text) in BUILTIN_FILES {
            match parse_file(text) {
                Ok(file) => {
                    if let Err(e) = facts.add(file, false) {
                        errors.push(format!("{name}: {e}"));
                    }
                }
                Err(e) => errors.push(format!("{name}: {e}")),
            }
        }
        Builtin { facts, errors }
    })
}

/// Why a connectors file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FileError {
    /// The parser's or the validation's message (TOML's carries its own snippet).
    pub message: String,
    /// Where in the text the problem is, when the format says (the file is not JSON or TOML,
    /// or a key or value has the wrong shape); `None` for a problem found after parsing (a
    /// connector without roles, a metadata type that does not parse, an id defined twice).
    pub position: Option<FilePosition>,
}

/// A zero-based line and UTF-16 column in a connectors file (as LSP counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilePosition {
    pub line: u32,
    pub utf16_column: u32,
}

impl FilePosition {
    /// The line and UTF-16 column of a byte offset of `text`.
    pub fn of_offset(text: &str, offset: usize) -> FilePosition {
        let offset = u32::try_from(offset).unwrap_or(u32::MAX);
        let lc = flinkddl_diagnostics::LineIndex::new(text).line_col(text, offset);
        FilePosition {
            line: lc.line - 1,
            utf16_column: lc.column_utf16 - 1,
        }
    }

    /// A one-based line and a one-based column in bytes (serde_json's) as a position.
    fn of_line_column(text: &str, line: usize, column: usize) -> FilePosition {
        let line_start = if line <= 1 {
            0
        } else {
            text.match_indices('\n')
                .nth(line - 2)
                .map_or(text.len(), |(i, _)| i + 1)
        };
        FilePosition::of_offset(text, line_start + column.saturating_sub(1))
    }
}

impl FileError {
    fn invalid(message: String) -> FileError {
        FileError {
            message: format!("not a valid connectors file: {message}"),
            position: None,
        }
    }
}

/// Parses a connector facts file: JSON when it starts with `{`, TOML otherwise.
pub fn parse_file(text: &str) -> Result<ConnectorFactsFile, FileError> {
    let without_bom = text.trim_start_matches('\u{feff}');
    let trimmed = without_bom.trim_start();
    // Positions count in the whole text, not the trimmed one.
    let skipped = text.len() - trimmed.len();
    if trimmed.starts_with('{') {
        serde_json::from_str(trimmed).map_err(|e| {
            let leading = &text[..skipped];
            let line = e.line() + leading.matches('\n').count();
            let column = if e.line() == 1 {
                e.column() + leading.len() - leading.rfind('\n').map_or(0, |i| i + 1)
            } else {
                e.column()
            };
            FileError {
                message: format!("not a valid connectors file: {e}"),
                position: (e.line() > 0).then(|| FilePosition::of_line_column(text, line, column)),
            }
        })
    } else {
        toml::from_str(trimmed).map_err(|e| FileError {
            message: format!("not a valid connectors file: {}", e.to_string().trim_end()),
            position: e
                .span()
                .map(|s| FilePosition::of_offset(text, s.start + skipped)),
        })
    }
}

impl ConnectorFacts {
    /// The built-in connectors and formats.
    pub fn builtin() -> ConnectorFacts {
        builtin_data().facts.clone()
    }

    /// The built-in connector facts, borrowed (no copy of its maps).
    pub fn builtin_ref() -> &'static ConnectorFacts {
        &builtin_data().facts
    }

    /// Problems in the built-in data (empty unless the data files are broken; tests assert it).
    pub fn builtin_errors() -> &'static [String] {
        &builtin_data().errors
    }

    /// Adds the connectors and formats of a user file (JSON or TOML, the shape of the built-in
    /// files). A user entry replaces a built-in one with the same id.
    pub fn with_user_file(mut self, json_or_toml_text: &str) -> Result<ConnectorFacts, FileError> {
        let file = parse_file(json_or_toml_text)?;
        self.add(file, true).map_err(FileError::invalid)?;
        Ok(self)
    }

    fn add(&mut self, file: ConnectorFactsFile, replace: bool) -> Result<(), String> {
        for format in &file.formats {
            validate_format(format)?;
            if !replace && self.formats.contains_key(&format.id) {
                return Err(format!("format '{}' is defined twice", format.id));
            }
        }
        for connector in &file.connectors {
            validate_connector(connector)?;
            if !replace && self.connectors.contains_key(&connector.id) {
                return Err(format!("connector '{}' is defined twice", connector.id));
            }
        }
        let others = &file.other_changelog_sources;
        if !others.connectors.is_empty() || !others.formats.is_empty() {
            let mut all = self.other_changelog_sources.as_ref().clone();
            all.connectors.extend(others.connectors.iter().cloned());
            all.formats.extend(others.formats.iter().cloned());
            self.other_changelog_sources = Arc::new(all);
        }
        if !file.common_options.is_empty() {
            let mut common: Vec<OptionSpec> = self.common_options.as_ref().clone();
            common.extend(file.common_options);
            self.common_options = Arc::new(common);
        }
        for mut format in file.formats {
            for rule in &mut format.rules {
                rule.fill_defaults(&format.options);
            }
            self.formats.insert(format.id.clone(), Arc::new(format));
        }
        for mut connector in file.connectors {
            for rule in &mut connector.rules {
                rule.fill_defaults(&connector.options);
            }
            self.connectors
                .insert(connector.id.clone(), Arc::new(connector));
        }
        Ok(())
    }

    pub fn connector(&self, id: &str) -> Option<&ConnectorSpec> {
        self.connectors.get(id).map(|c| c.as_ref())
    }

    pub fn format(&self, id: &str) -> Option<&FormatSpec> {
        self.formats.get(id).map(|f| f.as_ref())
    }

    /// Options every connector that uses Flink's `TableFactoryHelper` accepts.
    pub fn common_options(&self) -> &[OptionSpec] {
        &self.common_options
    }

    pub fn connectors(&self) -> impl Iterator<Item = &ConnectorSpec> {
        self.connectors.values().map(|c| c.as_ref())
    }

    pub fn formats(&self) -> impl Iterator<Item = &FormatSpec> {
        self.formats.values().map(|f| f.as_ref())
    }

    /// Whether a source of connector `id` reads a changelog whatever its format.
    pub fn connector_reads_changelog(&self, id: &str) -> bool {
        match self.connector(id) {
            Some(c) => c.changelog_source,
            None => self
                .other_changelog_sources
                .connectors
                .iter()
                .any(|c| c == id),
        }
    }

    /// Whether format `id` decodes a changelog (updates and deletes).
    pub fn format_reads_changelog(&self, id: &str) -> bool {
        match self.format(id) {
            Some(f) => !f.insert_only,
            None => self.other_changelog_sources.formats.iter().any(|f| f == id),
        }
    }

    /// The connector that replaced a connector identifier of an older Flink release.
    pub fn replacement_of(&self, legacy_id: &str) -> Option<&ConnectorSpec> {
        self.connectors()
            .find(|c| c.legacy_ids.iter().any(|l| l == legacy_id))
    }
}

fn validate_types(owner: &str, metadata: &[crate::model::MetadataSpec]) -> Result<(), String> {
    for m in metadata {
        for ty in std::iter::once(&m.ty).chain(m.write_type.iter()) {
            flinkddl_types::parse_logical_type(ty).map_err(|e| {
                format!(
                    "{owner}: metadata '{}' has type '{ty}' that does not parse: {e}",
                    m.key
                )
            })?;
        }
    }
    Ok(())
}

fn validate_format(format: &FormatSpec) -> Result<(), String> {
    if format.id.is_empty() {
        return Err("a format needs an 'id'".to_string());
    }
    validate_types(&format!("format '{}'", format.id), &format.metadata)?;
    validate_rules(&format!("format '{}'", format.id), &format.rules)
}

fn validate_connector(connector: &ConnectorSpec) -> Result<(), String> {
    let owner = format!("connector '{}'", connector.id);
    if connector.id.is_empty() {
        return Err("a connector needs an 'id'".to_string());
    }
    if connector.roles.is_empty() {
        return Err(format!(
            "{owner}: 'roles' must name at least one of source, lookup, sink"
        ));
    }
    validate_types(&owner, &connector.metadata)?;
    validate_rules(&owner, &connector.rules)
}

fn validate_rules(owner: &str, rules: &[Rule]) -> Result<(), String> {
    for rule in rules {
        if let Rule::DatagenFields(d) = rule {
            for groups in d.kinds.values() {
                for g in groups {
                    for root in &g.roots {
                        if flinkddl_types::LogicalTypeRoot::from_name(root).is_none() {
                            return Err(format!("{owner}: '{root}' is not a LogicalTypeRoot name"));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
