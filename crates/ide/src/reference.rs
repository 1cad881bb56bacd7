//! The editor's reference: what editors show for connectors, formats and functions: which options a
//! table with given `WITH` entries takes (its connector's, the common ones, its formats' under
//! their prefixes), which metadata keys it offers, and the words that describe an option, a
//! metadata key or a function. Hover and completion both read these, so the two never disagree
//! (taplo's schema-driven pattern); the options are resolved by the connector checks' own resolver
//! ([`flinkddl::connectors::TableOptions`]), so the editor never disagrees with the checks.
//!
//! Every connector question takes the connector facts to answer it from: the ones the document was
//! analyzed with ([`crate::Analysis::connector_facts`]: the built-in ones plus the connectors
//! files of its `flinkddl.toml`), so that an in-house connector the diagnostics accept is also
//! described and completed.

use flinkddl::connectors::model::{ConnectorSpec, MetadataSpec, OptionSpec, OptionType};
use flinkddl::connectors::resolve::{self, OptionOwner};
use flinkddl::connectors::{ConnectorFacts, TableOptions};

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
    facts: &'a ConnectorFacts,
    options: &[(String, String)],
) -> Option<&'a ConnectorSpec> {
    TableOptions::resolve(facts, options).map(|t| t.connector)
}

/// Every option a table with these options takes.
pub fn table_options<'a>(
    facts: &'a ConnectorFacts,
    options: &[(String, String)],
) -> Vec<TableOption<'a>> {
    let Some(resolved) = TableOptions::resolve(facts, options) else {
        return Vec::new();
    };
    resolved
        .options()
        .into_iter()
        .map(|o| TableOption::from_resolved(&resolved, o))
        .collect()
}

/// The option a key sets, for a table with these options (`#` in a known key matches one
/// column name), as the checks classify the key.
pub fn option_for_key<'a>(
    facts: &'a ConnectorFacts,
    options: &[(String, String)],
    key: &str,
) -> Option<TableOption<'a>> {
    let resolved = TableOptions::resolve(facts, options)?;
    let option = resolved.option(key)?;
    Some(TableOption::from_resolved(&resolved, option))
}

/// The metadata keys a table with these options offers: the connector's, then its value
/// format's under the connector's prefix.
pub fn metadata_keys<'a>(
    facts: &'a ConnectorFacts,
    options: &[(String, String)],
) -> Vec<(String, &'a MetadataSpec)> {
    TableOptions::resolve(facts, options).map_or_else(Vec::new, |t| t.metadata_keys())
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

/// One parameter of a [`SyntaxFunction`]'s signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyntaxParameter {
    /// As the signature shows it (`TABLE data`, `FROM start`).
    pub label: &'static str,
    /// The words that start it (`FROM`, `AS`); empty: a comma does, or it is the first.
    pub keywords: &'static [&'static str],
    /// Its name as a named argument (`SIZE => ...`).
    pub named: Option<&'static str>,
}

/// A built-in whose signatures the built-in function table does not give: a windowing table
/// function (the function table's TUMBLE, HOP and SESSION rows are GROUP BY's group-window
/// functions, CUMULATE's takes anything), a group-window function (the function table knows only
/// its arity), or a function with its own syntax, whose arguments are separated by keywords
/// (`EXTRACT(unit FROM t)`, `CAST(v AS type)`; the parser reads them, the function table never
/// sees them as calls).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyntaxFunction {
    pub name: &'static str,
    /// Each signature's parameters, the shorter ones first.
    pub signatures: &'static [&'static [SyntaxParameter]],
    /// Markdown.
    pub documentation: &'static str,
}

impl SyntaxFunction {
    /// Every word that starts one of its parameters.
    pub fn keywords(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.signatures
            .iter()
            .flat_map(|s| s.iter())
            .flat_map(|p| p.keywords.iter().copied())
    }
}

const fn param(label: &'static str) -> SyntaxParameter {
    SyntaxParameter {
        label,
        keywords: &[],
        named: None,
    }
}

const fn after(keywords: &'static [&'static str], label: &'static str) -> SyntaxParameter {
    SyntaxParameter {
        label,
        keywords,
        named: None,
    }
}

const fn named(name: &'static str, label: &'static str) -> SyntaxParameter {
    SyntaxParameter {
        label,
        keywords: &[],
        named: Some(name),
    }
}

const DATA: SyntaxParameter = named("DATA", "TABLE data");
const TIMECOL: SyntaxParameter = named("TIMECOL", "DESCRIPTOR(timecol)");
const SIZE: SyntaxParameter = named("SIZE", "size");
const OFFSET: SyntaxParameter = named("OFFSET", "offset");

/// Flink's windowing table functions (`FROM TABLE(TUMBLE(TABLE t, ...))`), with the operand
/// names of its `SqlWindowTableFunction`s, which are also their named arguments.
const WINDOW_TABLE_FUNCTIONS: &[SyntaxFunction] = &[
    SyntaxFunction {
        name: "TUMBLE",
        signatures: &[&[DATA, TIMECOL, SIZE], &[DATA, TIMECOL, SIZE, OFFSET]],
        documentation: "windowing table function · the rows of `data` in tumbling windows of \
            `size` (aligned at `offset`) on the time attribute `timecol`, with `window_start`, \
            `window_end` and `window_time` added\n\nnamed arguments: `DATA`, `TIMECOL`, `SIZE`, \
            `OFFSET`",
    },
    SyntaxFunction {
        name: "HOP",
        signatures: &[
            &[DATA, TIMECOL, named("SLIDE", "slide"), SIZE],
            &[DATA, TIMECOL, named("SLIDE", "slide"), SIZE, OFFSET],
        ],
        documentation: "windowing table function · the rows of `data` in windows of `size` \
            starting every `slide` (aligned at `offset`) on the time attribute `timecol`, with \
            `window_start`, `window_end` and `window_time` added\n\nnamed arguments: `DATA`, \
            `TIMECOL`, `SLIDE`, `SIZE`, `OFFSET`",
    },
    SyntaxFunction {
        name: "CUMULATE",
        signatures: &[
            &[DATA, TIMECOL, named("STEP", "step"), SIZE],
            &[DATA, TIMECOL, named("STEP", "step"), SIZE, OFFSET],
        ],
        documentation: "windowing table function · the rows of `data` in windows that grow by \
            `step` up to `size` (aligned at `offset`) on the time attribute `timecol`, with \
            `window_start`, `window_end` and `window_time` added\n\nnamed arguments: `DATA`, \
            `TIMECOL`, `STEP`, `SIZE`, `OFFSET`",
    },
    SyntaxFunction {
        name: "SESSION",
        signatures: &[&[
            named("DATA", "TABLE data [PARTITION BY keycols]"),
            TIMECOL,
            named("GAP", "gap"),
        ]],
        documentation: "windowing table function · the rows of `data` (per `keycols`) in \
            sessions closed by a `gap` of inactivity on the time attribute `timecol`, with \
            `window_start`, `window_end` and `window_time` added\n\nnamed arguments: `DATA`, \
            `TIMECOL`, `GAP`",
    },
];

const VALUE_AS_TYPE: &[&[SyntaxParameter]] = &[&[param("value"), after(&["AS"], "AS type")]];

/// Built-ins whose signatures the function table lacks: group-window functions (a time attribute
/// and intervals; Calcite also takes an alignment time last, which Flink 2.3's planner
/// rejects: "TUMBLE window with alignment is not supported yet") and those with their own
/// syntax (Flink's documentation of its built-in functions).
const SYNTAX_FUNCTIONS: &[SyntaxFunction] = &[
    SyntaxFunction {
        name: "TUMBLE",
        signatures: &[&[param("time_attr"), param("size")]],
        documentation: "group-window function (GROUP BY) · tumbling windows of `size` on \
            `time_attr`",
    },
    SyntaxFunction {
        name: "HOP",
        signatures: &[&[param("time_attr"), param("slide"), param("size")]],
        documentation: "group-window function (GROUP BY) · windows of `size` starting every \
            `slide` on `time_attr`",
    },
    SyntaxFunction {
        name: "SESSION",
        signatures: &[&[param("time_attr"), param("gap")]],
        documentation: "group-window function (GROUP BY) · sessions on `time_attr` closed by \
            a `gap` of inactivity",
    },
    SyntaxFunction {
        name: "TIMESTAMPDIFF",
        signatures: &[&[
            param("timepointunit"),
            param("timepoint1"),
            param("timepoint2"),
        ]],
        documentation: "the number of `timepointunit`s (SECOND, MINUTE, HOUR, DAY, MONTH, \
            YEAR) from `timepoint1` to `timepoint2`",
    },
    SyntaxFunction {
        name: "TIMESTAMPADD",
        signatures: &[&[
            param("timeintervalunit"),
            param("interval"),
            param("timepoint"),
        ]],
        documentation: "`timepoint` plus `interval` `timeintervalunit`s",
    },
    SyntaxFunction {
        name: "EXTRACT",
        signatures: &[&[param("timeintervalunit"), after(&["FROM"], "FROM temporal")]],
        documentation: "the `timeintervalunit` part (YEAR, MONTH, DAY, HOUR, ...) of a date, \
            time, timestamp or interval",
    },
    SyntaxFunction {
        name: "POSITION",
        signatures: &[&[param("substring"), after(&["IN"], "IN string")]],
        documentation: "where `substring` first occurs in `string` (from 1; 0 when it does \
            not)",
    },
    SyntaxFunction {
        name: "TRIM",
        signatures: &[
            &[param("string")],
            &[
                param("[BOTH | LEADING | TRAILING]"),
                after(&["BOTH", "LEADING", "TRAILING"], "[characters]"),
                after(&["FROM"], "FROM string"),
            ],
        ],
        documentation: "`string` without the `characters` (blanks by default) at its start, \
            end or both",
    },
    SyntaxFunction {
        name: "OVERLAY",
        signatures: &[
            &[
                param("string"),
                after(&["PLACING"], "PLACING replacement"),
                after(&["FROM"], "FROM start"),
            ],
            &[
                param("string"),
                after(&["PLACING"], "PLACING replacement"),
                after(&["FROM"], "FROM start"),
                after(&["FOR"], "FOR length"),
            ],
        ],
        documentation: "`string` with `length` characters (the replacement's length by \
            default) from `start` replaced by `replacement`",
    },
    SyntaxFunction {
        name: "SUBSTRING",
        signatures: &[
            &[param("string"), after(&["FROM"], "FROM start")],
            &[
                param("string"),
                after(&["FROM"], "FROM start"),
                after(&["FOR"], "FOR length"),
            ],
        ],
        documentation: "the part of `string` from `start` (from 1), `length` characters long \
            (to its end by default)",
    },
    SyntaxFunction {
        name: "CAST",
        signatures: VALUE_AS_TYPE,
        documentation: "`value` converted to `type`; an error when it cannot be",
    },
    SyntaxFunction {
        name: "TRY_CAST",
        signatures: VALUE_AS_TYPE,
        documentation: "`value` converted to `type`; NULL when it cannot be",
    },
];

/// The windowing table function of this name (any case), as `FROM TABLE(f(...))` calls it.
pub fn window_table_function(name: &str) -> Option<&'static SyntaxFunction> {
    WINDOW_TABLE_FUNCTIONS
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(name))
}

/// The signatures of a built-in that the built-in function table lacks (any case).
pub fn syntax_function(name: &str) -> Option<&'static SyntaxFunction> {
    SYNTAX_FUNCTIONS
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every function described here is one the function table knows, and where the table
    /// knows its arity, the signatures here keep to it.
    #[test]
    fn syntax_signatures_agree_with_the_function_table() {
        for f in SYNTAX_FUNCTIONS.iter().chain(WINDOW_TABLE_FUNCTIONS) {
            let info = flinkddl::binder::expr::builtin_function(f.name)
                .unwrap_or_else(|| panic!("{} is not in the built-in function table", f.name));
            assert!(!f.signatures.is_empty(), "{}", f.name);
            let window = WINDOW_TABLE_FUNCTIONS.iter().any(|w| std::ptr::eq(w, f));
            if !info.typed || window {
                continue;
            }
            for s in f.signatures {
                // Keyword forms (SUBSTRING ... FROM ... FOR) count their operands too.
                assert!(
                    info.min_args <= s.len() && info.max_args.is_none_or(|m| s.len() <= m),
                    "{}: {} parameters, the function table takes {} to {:?}",
                    f.name,
                    s.len(),
                    info.min_args,
                    info.max_args
                );
            }
        }
        // A window table function is one whose function table row is a group window or a table
        // function.
        for f in WINDOW_TABLE_FUNCTIONS {
            assert!(flinkddl::binder::expr::builtin_function(f.name).is_some());
        }
    }
}
