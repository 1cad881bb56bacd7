//! What each tool of `flinkddl mcp` does, synchronously: its arguments (their JSON schema is
//! derived from these types, and their doc comments are what an agent reads) and its answer,
//! the same data as the command line's JSON outputs. `Err` is a tool error: a sentence that
//! says what was wrong and what to do instead. The server runs them in `check`'s panic guard.

use crate::check::{check_all_given, FlinkVersions, Summary};
use crate::config::Finder;
use crate::files::{self, Planned, Target};
use crate::flags::{CheckFlags, Selection};
use crate::source::{self, Loaded};
use crate::{docs, json, lineage};
use flinkddl::{FlinkVersion, LineIndex};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The most SQL text one call takes inline. A larger script is checked from its file
/// (`paths`), which has no such limit; the transports take messages up to
/// [`super::MAX_MESSAGE_BYTES`], so that a larger text still reaches this check and gets a
/// clear answer.
pub const MAX_SQL_BYTES: usize = 16 << 20;

/// The name SQL text is reported under when no `filename` is given.
const TEXT_NAME: &str = "<sql>";

/// Arguments of `check`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckParams {
    /// The SQL script to check, as text (statements separated by `;`, as Flink's SQL client
    /// runs a file). Give either `sql` or `paths`.
    pub sql: Option<String>,
    /// Where `sql` lives or will live (a path; it need not exist): diagnostics are reported
    /// under this name, and the nearest flinkddl.toml above it applies (its Flink version,
    /// catalog files, severities), as for that file.
    pub filename: Option<String>,
    /// Files, directories (searched recursively for *.sql) or globs to check, relative to the
    /// server's working directory. Give either `sql` or `paths`.
    pub paths: Option<Vec<String>>,
    /// The Flink version to judge the SQL as: 1.18, 1.19, 1.20, 2.0, 2.1, 2.2 or 2.3 (a patch
    /// release such as 1.20.3 counts as its minor version). Default: flinkddl.toml's
    /// `flink-version`, else 2.3.
    pub flink_version: Option<String>,
    /// A flinkddl.toml to use for every file instead of the nearest one.
    pub config: Option<String>,
    /// Judge each script as a fresh Flink session runs it: catalogs, databases and tables it
    /// does not create itself are errors. Default: assumed to exist elsewhere in the
    /// deployment (or, in a project with `catalog` files, created by them).
    pub fresh_session: Option<bool>,
    /// Report only these rules: codes (`B110`), names, prefixes (`L`) or `ALL`. Syntax and
    /// file errors are always reported.
    pub select: Option<Vec<String>>,
    /// Do not report these rules (codes, names or prefixes).
    pub ignore: Option<Vec<String>>,
}

/// Arguments of `describe`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DescribeParams {
    /// The SQL script, as text. Give either `sql` or `path`.
    pub sql: Option<String>,
    /// A .sql file to describe, relative to the server's working directory. Give either
    /// `sql` or `path`.
    pub path: Option<String>,
    /// The Flink version to resolve the script as (1.18 ... 2.3; default 2.3).
    pub flink_version: Option<String>,
}

/// Arguments of `explain`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExplainParams {
    /// A diagnostic code (`B110`) or name (`duplicate-option-key`). Omit it to list every
    /// code with its name, stage, default severity and title.
    pub code: Option<String>,
}

/// Arguments of `format`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormatParams {
    /// The SQL script to format, as text. Give either `sql` or `path`.
    pub sql: Option<String>,
    /// A .sql file to format (it is read, never written). Give either `sql` or `path`.
    pub path: Option<String>,
    /// Where `sql` lives (it need not exist): the `[format]` table of the nearest
    /// flinkddl.toml above it applies.
    pub filename: Option<String>,
    /// A flinkddl.toml whose `[format]` table applies instead of the nearest one.
    pub config: Option<String>,
}

/// Arguments of `lineage`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineageParams {
    /// The SQL script, as text. Give either `sql` or `paths`.
    pub sql: Option<String>,
    /// Where `sql` lives (it need not exist): reported under this name, and a project's
    /// `catalog` files (from the nearest flinkddl.toml) are traced through.
    pub filename: Option<String>,
    /// .sql files to trace, relative to the server's working directory. Give either `sql`
    /// or `paths`.
    pub paths: Option<Vec<String>>,
    /// The Flink version to resolve the scripts as (1.18 ... 2.3; default 2.3).
    pub flink_version: Option<String>,
}

/// `check`: the `check --format json` document (crates/cli/src/json.rs).
pub fn check(params: CheckParams) -> Result<Value, String> {
    let version = flink_version(params.flink_version.as_deref())?;
    let mut finder = finder(params.config.as_deref())?;
    let flags = CheckFlags {
        select: params.select,
        ignore: params.ignore.unwrap_or_default(),
        ..CheckFlags::default()
    };
    let selection = Selection::from_flags(&flags)?;
    let (mut plan, text) = match one_of(params.sql, params.paths, "paths")? {
        Input::Text(sql) => {
            let name = params.filename.unwrap_or_else(|| TEXT_NAME.to_string());
            let config = finder
                .for_path(Path::new(&name))
                .map_err(|e| e.to_string())?;
            let planned = Planned {
                target: Target::Stdin(name),
                config,
            };
            (vec![planned], Some(source::decode(sql.into_bytes())))
        }
        Input::Paths(paths) => (expand(&paths, &mut finder)?, None),
    };
    for p in &mut plan {
        if params.fresh_session == Some(true) {
            p.config.fresh_session = true;
        }
        if let Some(version) = version {
            p.config.flink_version = version;
        }
    }
    let versions = FlinkVersions::of(plan.iter().map(|p| p.config.flink_version));
    let (mut reports, summary) = check_all_given(plan, text);
    for report in &mut reports {
        selection.retain(&mut report.diagnostics);
    }
    let summary = Summary {
        flink_versions: versions,
        ..Summary::of(&reports, summary.elapsed)
    };
    parsed(&json::check_json(&reports, &summary))
}

/// `describe`: the `describe --format json` document (`flinkddl::contract`).
pub fn describe(params: DescribeParams) -> Result<Value, String> {
    let version = flink_version(params.flink_version.as_deref())?;
    let text = text_or_file(params.sql, params.path.as_deref())?;
    let options = flinkddl::Options {
        flink_version: version.unwrap_or_default(),
        ..flinkddl::Options::default()
    };
    let analysis = flinkddl::analyze_with(&text, &options);
    parsed(&json::describe_json(&text, &analysis))
}

/// `explain`: what `flinkddl explain [CODE]` prints.
pub fn explain(params: ExplainParams) -> Result<String, String> {
    match params.code {
        None => Ok(docs::explain_all()),
        Some(code) => docs::lookup(code.trim()).map(docs::explain),
    }
}

/// `format`: the formatted text. Text that does not parse is an error that lists where, as
/// formatting it would keep its broken statements as they are.
pub fn format(params: FormatParams) -> Result<String, String> {
    let name = params
        .path
        .clone()
        .or(params.filename)
        .unwrap_or_else(|| TEXT_NAME.to_string());
    let text = text_or_file(params.sql, params.path.as_deref())?;
    let config = finder(params.config.as_deref())?
        .for_path(Path::new(&name))
        .map_err(|e| e.to_string())?;
    let errors = flinkddl::parse(&text).errors;
    if !errors.is_empty() {
        let index = LineIndex::new(&text);
        let mut message = format!(
            "{name} does not parse, so it was not formatted ({} syntax error{}):",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" }
        );
        for d in errors.iter().take(20) {
            let at = index.line_col(&text, d.span.start);
            message.push_str(&format!(
                "\n{}:{}: {} {}",
                at.line, at.column_utf16, d.code, d.message
            ));
        }
        if errors.len() > 20 {
            message.push_str(&format!("\n... and {} more", errors.len() - 20));
        }
        return Err(message);
    }
    let options = crate::format::options(&config.format);
    Ok(flinkddl_fmt::format(&text, &options))
}

/// `lineage`: the `lineage --format json` document (crates/cli/src/lineage.rs).
pub fn lineage(params: LineageParams) -> Result<Value, String> {
    let version = flink_version(params.flink_version.as_deref())?.unwrap_or_default();
    let mut finder = finder(None)?;
    let scripts: Vec<(String, String)> = match one_of(params.sql, params.paths, "paths")? {
        Input::Text(sql) => vec![(
            params.filename.unwrap_or_else(|| TEXT_NAME.to_string()),
            sql,
        )],
        Input::Paths(paths) => paths
            .iter()
            .map(|p| Ok((p.clone(), read_file(Path::new(p))?)))
            .collect::<Result<_, String>>()?,
    };
    let mut all = Vec::with_capacity(scripts.len());
    for (name, text) in scripts {
        let config = finder
            .for_path(Path::new(&name))
            .map_err(|e| e.to_string())?;
        let options = flinkddl::Options {
            flink_version: version,
            prelude: config.options_for(Path::new(&name)).prelude,
            ..lineage::options()
        };
        let project = config.project().map(|p| &p.project);
        all.push(lineage::of_text_with(&name, &text, &options, project));
    }
    parsed(&lineage::json(&all))
}

/// The diagnostic codes, for the resources: (code, name, title).
pub fn codes() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    flinkddl::Code::ALL.iter().map(|c| {
        let info = c.info();
        (info.code, info.name, info.title)
    })
}

/// The explanation of a code or name, for its resource.
pub fn code_doc(code: &str) -> Result<String, String> {
    docs::lookup(code).map(docs::explain)
}

enum Input {
    Text(String),
    Paths(Vec<String>),
}

/// Exactly one of SQL text and paths (`what` names the paths argument).
fn one_of(sql: Option<String>, paths: Option<Vec<String>>, what: &str) -> Result<Input, String> {
    match (sql, paths) {
        (Some(_), Some(_)) => Err(format!("give either `sql` or `{what}`, not both")),
        (None, None) => Err(format!(
            "give the SQL to work on: `sql` (the text) or `{what}` (files)"
        )),
        (Some(sql), None) => {
            within_limit(&sql)?;
            Ok(Input::Text(sql))
        }
        (None, Some(paths)) if paths.is_empty() => Err(format!("`{what}` is empty")),
        (None, Some(paths)) => Ok(Input::Paths(paths)),
    }
}

/// The text given inline, or the file's.
fn text_or_file(sql: Option<String>, path: Option<&str>) -> Result<String, String> {
    match (sql, path) {
        (Some(_), Some(_)) => Err("give either `sql` or `path`, not both".to_string()),
        (None, None) => {
            Err("give the SQL to work on: `sql` (the text) or `path` (a file)".to_string())
        }
        (Some(sql), None) => {
            within_limit(&sql)?;
            // A byte order mark is not part of the script, as when a file is read.
            Ok(match sql.strip_prefix('\u{feff}') {
                Some(rest) => rest.to_string(),
                None => sql,
            })
        }
        (None, Some(path)) => read_file(Path::new(path)),
    }
}

fn within_limit(sql: &str) -> Result<(), String> {
    if sql.len() > MAX_SQL_BYTES {
        return Err(format!(
            "`sql` is {:.1} MB, more than the {} MiB one call takes: write the script to a file \
             and pass its path instead",
            sql.len() as f64 / 1e6,
            MAX_SQL_BYTES >> 20
        ));
    }
    Ok(())
}

fn read_file(path: &Path) -> Result<String, String> {
    if path.as_os_str() == "-" {
        return Err(stdin_is_the_protocol());
    }
    match source::load(path) {
        Loaded::Text(s) => Ok(s.text),
        Loaded::Failed { diagnostic, .. } => {
            Err(format!("{}: {}", path.display(), diagnostic.message))
        }
    }
}

fn stdin_is_the_protocol() -> String {
    "`-` (standard input) is not a file here: the server's standard input is the protocol; \
     pass the text as `sql`"
        .to_string()
}

/// The paths expanded as `flinkddl check` expands them; a run with nothing to check is an
/// error here (the command line warns), so that an agent never reads an empty report as a pass.
fn expand(paths: &[String], finder: &mut Finder) -> Result<Vec<Planned>, String> {
    if paths.iter().any(|p| p == "-") {
        return Err(stdin_is_the_protocol());
    }
    let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    let plan = files::expand(&paths, None, finder)?;
    if plan.is_empty() {
        return Err(files::no_file_message(&paths));
    }
    Ok(plan)
}

fn finder(config: Option<&str>) -> Result<Finder, String> {
    files::finder(config.map(Path::new))
}

fn flink_version(text: Option<&str>) -> Result<Option<FlinkVersion>, String> {
    text.map(|t| {
        t.trim()
            .parse()
            .map_err(|e: flinkddl::diagnostics::UnknownFlinkVersion| e.to_string())
    })
    .transpose()
}

/// A document the command line renders as text, as a JSON value.
fn parsed(document: &str) -> Result<Value, String> {
    serde_json::from_str(document).map_err(|e| format!("internal error: bad JSON ({e})"))
}

/// The report of one text, for tests.
#[cfg(test)]
fn reports_of(value: &Value) -> Vec<&Value> {
    value["diagnostics"]
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes_of(value: &Value) -> Vec<String> {
        reports_of(value)
            .iter()
            .filter_map(|d| d["code"].as_str().map(str::to_string))
            .collect()
    }

    /// A text is checked as `check` checks a file: the same codes, under its filename.
    #[test]
    fn text_is_checked_under_its_filename() {
        let value = check(CheckParams {
            sql: Some(
                "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nSELECT b FROM t;\n".into(),
            ),
            filename: Some("jobs/t.sql".into()),
            ..CheckParams::default()
        })
        .unwrap_or_default();
        assert!(!codes_of(&value).is_empty(), "{value}");
        assert!(reports_of(&value).iter().all(|d| d["file"] == "jobs/t.sql"));
        assert_eq!(value["summary"]["files"], 1);
    }

    #[test]
    fn input_must_be_text_or_paths() {
        let both = check(CheckParams {
            sql: Some("SELECT 1".into()),
            paths: Some(vec!["a.sql".into()]),
            ..CheckParams::default()
        });
        assert!(both.is_err_and(|e| e.contains("not both")));
        let neither = check(CheckParams::default());
        assert!(neither.is_err_and(|e| e.contains("`sql`")));
        let stdin = check(CheckParams {
            paths: Some(vec!["-".into()]),
            ..CheckParams::default()
        });
        assert!(stdin.is_err_and(|e| e.contains("standard input")));
    }

    #[test]
    fn too_much_text_is_refused_with_the_limit_by_every_tool() {
        let big = || Some("-- x\n".repeat(MAX_SQL_BYTES / 5 + 1));
        let refusals = [
            check(CheckParams {
                sql: big(),
                ..CheckParams::default()
            })
            .err(),
            describe(DescribeParams {
                sql: big(),
                ..DescribeParams::default()
            })
            .err(),
            format(FormatParams {
                sql: big(),
                ..FormatParams::default()
            })
            .err(),
            lineage(LineageParams {
                sql: big(),
                ..LineageParams::default()
            })
            .err(),
        ];
        for refusal in refusals {
            assert!(
                refusal
                    .as_ref()
                    .is_some_and(|e| e.contains("16 MiB") && e.contains("path")),
                "{refusal:?}"
            );
        }
    }

    #[test]
    fn unknown_versions_and_codes_are_errors_that_say_why() {
        let version = describe(DescribeParams {
            sql: Some("SELECT 1".into()),
            flink_version: Some("1.12".into()),
            ..DescribeParams::default()
        });
        assert!(version.is_err_and(|e| e.contains("1.12")));
        let code = explain(ExplainParams {
            code: Some("duplicate-option-kye".into()),
        });
        assert!(code.is_err_and(|e| e.contains("duplicate-option-key")));
    }

    #[test]
    fn unparsable_text_is_not_formatted() {
        let refused = format(FormatParams {
            sql: Some("CREATE TABLE (;".into()),
            ..FormatParams::default()
        });
        assert!(refused.is_err_and(|e| e.contains("does not parse") && e.contains("1:")));
        let formatted = format(FormatParams {
            sql: Some("select a from t".into()),
            ..FormatParams::default()
        });
        assert!(formatted.is_ok_and(|t| t.contains("SELECT")));
    }
}
