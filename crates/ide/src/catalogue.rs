//! The catalogues as editors read them: which options a table with given `WITH` entries takes
//! (its connector's, the common ones, its formats' under their prefixes), which metadata keys it
//! offers, and the words that describe an option, a metadata key or a function. Hover and
//! completion both read these, so the two never disagree (taplo's schema-driven pattern); the
//! options are resolved by the connector checks' own resolver
//! ([`flinkddl::connectors::TableOptions`]), so the editor never disagrees with the checks.
//!
//! Every connector question takes the catalogue to answer it from: the one the document was
//! analyzed with ([`crate::Analysis::catalogue`]: the built-in catalogue plus the connectors
//! files of its `flinkddl.toml`), so that an in-house connector the diagnostics accept is also
//! described and completed.

use flinkddl::connectors::model::{ConnectorSpec, MetadataSpec, OptionSpec, OptionType};
use flinkddl::connectors::resolve::{self, OptionOwner};
use flinkddl::connectors::{Catalogue, TableOptions};

/// Who an option belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    Connector(String),
    Common,
    Format(String),
}

impl Owner {
    pub fn describe(&self) -> String {
        match self {
            Owner::Connector(id) => format!("connector `{id}`"),
            Owner::Common => "every connector (Flink's TableFactoryHelper)".to_string(),
            Owner::Format(id) => format!("format `{id}`"),
        }
    }
}

/// An option a table can take, with the key as the table writes it (format options carry
/// their `<prefix><format>.` prefix; `#` stands for a column name).
#[derive(Debug, Clone)]
pub struct TableOption<'a> {
    pub key: String,
    pub spec: &'a OptionSpec,
    pub owner: Owner,
}

impl<'a> TableOption<'a> {
    /// The resolver's option, its owner named.
    fn from_resolved(resolved: &TableOptions<'a>, option: resolve::TableOption<'a>) -> Self {
        let owner = match option.owner {
            OptionOwner::Connector => Owner::Connector(resolved.connector.id.clone()),
            OptionOwner::Common => Owner::Common,
            OptionOwner::Format(i) => Owner::Format(resolved.formats[i].id.to_string()),
        };
        TableOption {
            key: option.key,
            spec: option.spec,
            owner,
        }
    }
}

/// The connector named by a table's options.
pub fn connector_of<'a>(
    catalogue: &'a Catalogue,
    options: &[(String, String)],
) -> Option<&'a ConnectorSpec> {
    TableOptions::resolve(catalogue, options).map(|t| t.connector)
}

/// Every option a table with these options takes.
pub fn table_options<'a>(
    catalogue: &'a Catalogue,
    options: &[(String, String)],
) -> Vec<TableOption<'a>> {
    let Some(resolved) = TableOptions::resolve(catalogue, options) else {
        return Vec::new();
    };
    resolved
        .options()
        .into_iter()
        .map(|o| TableOption::from_resolved(&resolved, o))
        .collect()
}

/// The option a key sets, for a table with these options (`#` in a catalogue key matches one
/// column name), as the checks classify the key.
pub fn option_for_key<'a>(
    catalogue: &'a Catalogue,
    options: &[(String, String)],
    key: &str,
) -> Option<TableOption<'a>> {
    let resolved = TableOptions::resolve(catalogue, options)?;
    let option = resolved.option(key)?;
    Some(TableOption::from_resolved(&resolved, option))
}

/// The metadata keys a table with these options offers: the connector's, then its value
/// format's under the connector's prefix.
pub fn metadata_keys<'a>(
    catalogue: &'a Catalogue,
    options: &[(String, String)],
) -> Vec<(String, &'a MetadataSpec)> {
    TableOptions::resolve(catalogue, options).map_or_else(Vec::new, |t| t.metadata_keys())
}

pub fn option_type_name(ty: OptionType) -> &'static str {
    match ty {
        OptionType::String => "String",
        OptionType::Int => "Integer",
        OptionType::Long => "Long",
        OptionType::Float => "Float",
        OptionType::Double => "Double",
        OptionType::Boolean => "Boolean",
        OptionType::Duration => "Duration",
        OptionType::Memory => "MemorySize",
        OptionType::Enum => "Enum",
        OptionType::List => "List<String> (`;`-separated)",
        OptionType::Map => "Map (`k:v,k2:v2`)",
        OptionType::Char => "Character",
        OptionType::EscapedChar => "Character (Java escapes)",
    }
}

/// The values an option takes, for completion: its enum constants or fixed strings, booleans.
pub fn option_values(spec: &OptionSpec) -> Vec<String> {
    if !spec.values.is_empty() {
        return spec.values.clone();
    }
    match spec.ty {
        OptionType::Boolean => vec!["true".to_string(), "false".to_string()],
        _ => Vec::new(),
    }
}

/// Markdown describing an option.
pub fn describe_option(option: &TableOption) -> String {
    let spec = option.spec;
    let mut lines = vec![format!(
        "**`{}`** · option of {}",
        option.key,
        option.owner.describe()
    )];
    let mut facts = vec![format!("type: {}", option_type_name(spec.ty))];
    if spec.required {
        facts.push("required".to_string());
    }
    if let Some(default) = &spec.default {
        facts.push(format!("default: `{default}`"));
    }
    lines.push(facts.join(" · "));
    if !spec.values.is_empty() {
        let values: Vec<String> = spec.values.iter().map(|v| format!("`{v}`")).collect();
        lines.push(format!("values: {}", values.join(", ")));
    }
    match (spec.min, spec.max) {
        (Some(min), Some(max)) => lines.push(format!("range: {min} to {max}")),
        (Some(min), None) => lines.push(format!("range: at least {min}")),
        (None, Some(max)) => lines.push(format!("range: at most {max}")),
        (None, None) => {}
    }
    if let Some(deprecated) = &spec.deprecated {
        lines.push(format!("deprecated: {deprecated}"));
    }
    let other_keys: Vec<&str> = spec.all_keys().skip(1).collect();
    if !other_keys.is_empty() {
        lines.push(format!("also set by: {}", other_keys.join(", ")));
    }
    if let Some(since) = &spec.since {
        lines.push(format!("since {since}"));
    }
    if let Some(note) = &spec.note {
        lines.push(note.clone());
    }
    lines.join("\n\n")
}

/// Markdown describing a metadata key.
pub fn describe_metadata(key: &str, spec: &MetadataSpec) -> String {
    let access = match (spec.read, spec.write) {
        (true, true) => "readable and writable",
        (true, false) => "read-only (declare the column VIRTUAL)",
        (false, true) => "write-only",
        (false, false) => "not accessible",
    };
    let mut lines = vec![
        format!("**`{key}`** · metadata key"),
        format!("type: `{}` · {access}", spec.ty),
    ];
    if let Some(write) = &spec.write_type {
        lines.push(format!("written as `{write}`"));
    }
    if let Some(since) = &spec.since {
        lines.push(format!("since {since}"));
    }
    if let Some(note) = &spec.note {
        lines.push(note.clone());
    }
    lines.join("\n\n")
}

/// Markdown describing a built-in function.
pub fn describe_function(info: &flinkddl::binder::expr::FunctionInfo) -> String {
    let mut lines = Vec::new();
    if info.signatures.is_empty() {
        let arity = match info.max_args {
            Some(max) if max == info.min_args => format!("{max} argument(s)"),
            Some(max) => format!("{} to {max} arguments", info.min_args),
            None => format!("{} or more arguments", info.min_args),
        };
        lines.push(format!("```flinksql\n{}(...)\n```\n{arity}", info.name));
    } else {
        lines.push(format!("```flinksql\n{}\n```", info.signatures.join("\n")));
    }
    lines.push(function_facts(info));
    lines.join("\n\n")
}

/// What a built-in function is and returns, in one line (hover and signature help).
pub fn function_facts(info: &flinkddl::binder::expr::FunctionInfo) -> String {
    let kind = if info.aggregate {
        "built-in aggregate function"
    } else {
        "built-in function"
    };
    if info.typed {
        let mut facts = vec![kind.to_string(), format!("returns {}", info.returns)];
        if !info.nullable_result.is_empty() {
            facts.push(info.nullable_result.to_string());
        }
        facts.join(" · ")
    } else {
        format!("{kind} · flinkddl does not type it (Flink does)")
    }
}
