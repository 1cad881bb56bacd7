//! `flinkddl._native`: the Rust half of the `flinkddl` Python package.
//!
//! Each function runs the same code as the CLI (`flinkddl::analyze_with` under a
//! `flinkddl.toml`'s options and levels, `flinkddl check`'s file discovery and checking, the
//! `--fix` loop) with the GIL released, and returns JSON that `flinkddl/__init__.py` turns into
//! typed objects. Offsets (`start`, `end`) are Python string indices (code points) into the
//! text analysed; `line` and `column` are the CLI's (1-based, columns in UTF-16 code units, as
//! Flink counts them). Bad SQL is diagnostics, never an exception; only misuse (a bad
//! configuration file, a path pattern that matches nothing, an unknown rule) raises
//! `ValueError`.

use flinkddl::binder::schema::TableSchema;
use flinkddl::{Diagnostic, LineIndex};
use flinkddl_cli::check::{check_all, guarded, internal_error};
use flinkddl_cli::config::{Config, Finder};
use flinkddl_cli::fix as fixes;
use flinkddl_cli::flags::{CheckFlags, Selection};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;

/// The configuration for text given directly: a `flinkddl.toml` when one is named, else the
/// defaults; `fresh_session` and `flink_version` on top.
fn text_config(
    config: Option<PathBuf>,
    fresh_session: bool,
    flink_version: Option<String>,
) -> PyResult<Config> {
    let mut config = match config {
        Some(file) => Config::load(&file).map_err(|e| PyValueError::new_err(e.to_string()))?,
        None => Config::defaults(PathBuf::from(".")),
    };
    config.fresh_session |= fresh_session;
    if let Some(version) = flink_version_arg(flink_version)? {
        config.flink_version = version;
    }
    Ok(config)
}

/// The `flink_version` keyword: a known version ("1.20", "1.20.3"), else a ValueError that
/// lists the known ones.
fn flink_version_arg(text: Option<String>) -> PyResult<Option<flinkddl::FlinkVersion>> {
    text.map(|t| {
        t.parse::<flinkddl::FlinkVersion>()
            .map_err(|e| PyValueError::new_err(e.to_string()))
    })
    .transpose()
}

fn selection(
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    extend_select: Option<Vec<String>>,
) -> PyResult<Selection> {
    Selection::from_flags(&CheckFlags {
        select,
        ignore: ignore.unwrap_or_default(),
        extend_select: extend_select.unwrap_or_default(),
        ..CheckFlags::default()
    })
    .map_err(PyValueError::new_err)
}

/// Byte offsets to code-point offsets, for the offsets one set of diagnostics names.
struct CharOffsets(HashMap<u32, u32>);

impl CharOffsets {
    fn new(text: &str, diagnostics: &[Diagnostic]) -> CharOffsets {
        let mut wanted: Vec<u32> = Vec::new();
        for d in diagnostics {
            wanted.extend([d.span.start, d.span.end]);
            wanted.extend(d.labels.iter().flat_map(|l| [l.span.start, l.span.end]));
            if let Some(f) = &d.fix {
                wanted.extend([f.span.start, f.span.end]);
            }
        }
        wanted.sort_unstable();
        wanted.dedup();
        let mut map = HashMap::with_capacity(wanted.len());
        let mut chars = 0u32;
        let mut rest = text.char_indices().peekable();
        for offset in wanted {
            let offset = offset as usize;
            while let Some(&(i, _)) = rest.peek() {
                if i >= offset {
                    break;
                }
                rest.next();
                chars += 1;
            }
            map.insert(offset as u32, chars);
        }
        CharOffsets(map)
    }

    fn get(&self, byte: u32) -> u32 {
        self.0.get(&byte).copied().unwrap_or(0)
    }
}

fn diagnostics_json(text: &str, diagnostics: &[Diagnostic]) -> Vec<Value> {
    let index = LineIndex::new(text);
    let chars = CharOffsets::new(text, diagnostics);
    diagnostics
        .iter()
        .map(|d| {
            // The describe JSON's diagnostic, with offsets in code points, labels with their
            // positions and the fix.
            let mut value = flinkddl::contract::diagnostic_json(text, &index, d);
            let labels: Vec<Value> = d
                .labels
                .iter()
                .map(|l| {
                    let at = index.line_col(text, l.span.start);
                    json!({
                        "message": l.message,
                        "line": at.line,
                        "column": at.column_utf16,
                        "start": chars.get(l.span.start),
                        "end": chars.get(l.span.end),
                    })
                })
                .collect();
            let fix = d.fix.as_ref().map(|f| {
                json!({
                    "message": f.message,
                    "replacement": f.replacement,
                    "start": chars.get(f.span.start),
                    "end": chars.get(f.span.end),
                    "applicability": f.applicability.as_str(),
                })
            });
            value["start"] = chars.get(d.span.start).into();
            value["end"] = chars.get(d.span.end).into();
            value["labels"] = labels.into();
            value["fix"] = fix.into();
            value
        })
        .collect()
}

fn field_json(field: &arrow_schema::Field) -> Value {
    json!({
        "name": field.name(),
        "nullable": field.is_nullable(),
        "type": arrow_type_json(field.data_type()),
    })
}

fn unit(u: &arrow_schema::TimeUnit) -> &'static str {
    match u {
        arrow_schema::TimeUnit::Second => "s",
        arrow_schema::TimeUnit::Millisecond => "ms",
        arrow_schema::TimeUnit::Microsecond => "us",
        arrow_schema::TimeUnit::Nanosecond => "ns",
    }
}

/// Our Arrow mapping (`flinkddl::types`' `to_arrow`) as data for `pyarrow`.
fn arrow_type_json(t: &arrow_schema::DataType) -> Value {
    use arrow_schema::DataType as A;
    match t {
        A::Null => json!({"type": "null"}),
        A::Boolean => json!({"type": "bool"}),
        A::Int8 => json!({"type": "int8"}),
        A::Int16 => json!({"type": "int16"}),
        A::Int32 => json!({"type": "int32"}),
        A::Int64 => json!({"type": "int64"}),
        A::Float32 => json!({"type": "float32"}),
        A::Float64 => json!({"type": "float64"}),
        A::Utf8 => json!({"type": "string"}),
        A::Binary => json!({"type": "binary"}),
        A::Date32 => json!({"type": "date32"}),
        A::Time32(u) => json!({"type": "time32", "unit": unit(u)}),
        A::Time64(u) => json!({"type": "time64", "unit": unit(u)}),
        A::Timestamp(u, tz) => {
            json!({"type": "timestamp", "unit": unit(u), "tz": tz.as_deref()})
        }
        A::Duration(u) => json!({"type": "duration", "unit": unit(u)}),
        A::Interval(arrow_schema::IntervalUnit::YearMonth) => {
            json!({"type": "interval_year_month"})
        }
        A::Decimal128(p, s) => json!({"type": "decimal128", "precision": p, "scale": s}),
        A::List(f) => json!({"type": "list", "field": field_json(f)}),
        A::Struct(fields) => json!({
            "type": "struct",
            "fields": fields.iter().map(|f| field_json(f)).collect::<Vec<_>>(),
        }),
        A::Map(entries, _) => match entries.data_type() {
            A::Struct(kv) if kv.len() == 2 => json!({
                "type": "map",
                "key": field_json(&kv[0]),
                "value": field_json(&kv[1]),
            }),
            other => json!({"type": "unsupported", "name": format!("{other:?}")}),
        },
        other => json!({"type": "unsupported", "name": format!("{other:?}")}),
    }
}

fn table_json(t: &TableSchema, version: flinkddl::FlinkVersion) -> Value {
    let mut value = flinkddl::contract::table_json_in(t, version);
    if let Some(columns) = value.get_mut("columns").and_then(Value::as_array_mut) {
        for (c, v) in t.columns.iter().zip(columns.iter_mut()) {
            if let Some(object) = v.as_object_mut() {
                let arrow = c.data_type.to_arrow().map(|a| arrow_type_json(&a));
                object.insert("arrow".into(), arrow.unwrap_or(Value::Null));
            }
        }
    }
    value
}

/// `flinkddl.analyze`: the tables and diagnostics of one script, as `flinkddl check` sees it.
#[pyfunction]
#[pyo3(signature = (sql, fresh_session = false, config = None, flink_version = None))]
fn analyze(
    py: Python<'_>,
    sql: String,
    fresh_session: bool,
    config: Option<PathBuf>,
    flink_version: Option<String>,
) -> PyResult<String> {
    let config = text_config(config, fresh_session, flink_version)?;
    Ok(py.detach(move || {
        let analysis = guarded(|| flinkddl::analyze_with(&sql, &config.options()));
        let (tables, diagnostics) = match analysis {
            Ok(a) => {
                let mut ds = a.diagnostics;
                config.apply(&mut ds);
                let version = a.flink_version;
                (
                    a.tables.iter().map(|t| table_json(t, version)).collect(),
                    ds,
                )
            }
            Err(panic) => (Vec::new(), vec![internal_error(&panic)]),
        };
        json!({
            "tables": tables,
            "diagnostics": diagnostics_json(&sql, &diagnostics),
        })
        .to_string()
    }))
}

/// `flinkddl.check`: `flinkddl check PATHS...` (files, directories, globs), each file under its
/// nearest `flinkddl.toml` (or `config`).
#[pyfunction]
#[pyo3(signature = (paths, fresh_session = false, config = None, select = None, ignore = None, extend_select = None, flink_version = None, upgrade_to = None))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    fresh_session: bool,
    config: Option<PathBuf>,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    extend_select: Option<Vec<String>>,
    flink_version: Option<String>,
    upgrade_to: Option<String>,
) -> PyResult<String> {
    let selection = selection(select, ignore, extend_select)?;
    let flink_version = flink_version_arg(flink_version)?;
    let upgrade_to = flink_version_arg(upgrade_to)?;
    let fixed = match config {
        Some(file) => Some(Config::load(&file).map_err(|e| PyValueError::new_err(e.to_string()))?),
        None => None,
    };
    let result: Result<String, String> = py.detach(move || {
        let mut finder = Finder::new(fixed);
        let mut plan = flinkddl_cli::files::expand(&paths, None, &mut finder)?;
        for p in plan.iter_mut() {
            p.config.fresh_session |= fresh_session;
            if let Some(version) = flink_version {
                p.config.flink_version = version;
            }
            p.config.upgrade_to = upgrade_to;
        }
        let (mut reports, _) = check_all(plan);
        let files: Vec<Value> = reports
            .iter_mut()
            .map(|r| {
                selection.retain(&mut r.diagnostics);
                json!({
                    "path": r.name,
                    "diagnostics": diagnostics_json(&r.source.text, &r.diagnostics),
                })
            })
            .collect();
        Ok(Value::Array(files).to_string())
    });
    result.map_err(PyValueError::new_err)
}

/// `flinkddl.fix`: `check --fix` on one script: the fixed text, the fixes applied and the
/// diagnostics left.
#[pyfunction]
#[pyo3(signature = (sql, unsafe_fixes = false, fresh_session = false, config = None, select = None, ignore = None, flink_version = None))]
#[allow(clippy::too_many_arguments)]
fn fix(
    py: Python<'_>,
    sql: String,
    unsafe_fixes: bool,
    fresh_session: bool,
    config: Option<PathBuf>,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    flink_version: Option<String>,
) -> PyResult<String> {
    let config = text_config(config, fresh_session, flink_version)?;
    let selection = selection(select, ignore, None)?;
    Ok(py.detach(move || {
        let analyse = |text: &str| {
            let loaded = flinkddl_cli::source::Loaded::Text(flinkddl_cli::source::Source {
                text: text.to_string(),
                offset: 0,
            });
            let mut ds =
                flinkddl_cli::check::check_loaded(String::new(), loaded, &config).diagnostics;
            selection.retain(&mut ds);
            ds
        };
        let outcome = fixes::fix_text(&sql, analyse, |d| fixes::is_applied(d, unsafe_fixes));
        let applied: Vec<Value> = outcome
            .applied
            .iter()
            .map(|a| {
                json!({
                    "code": a.code.as_str(),
                    "name": a.code.info().name,
                    "message": a.message,
                    "line": a.line,
                })
            })
            .collect();
        json!({
            "sql": outcome.text,
            "applied": applied,
            "converged": outcome.converged,
            "withheld": outcome.withheld,
            "diagnostics": diagnostics_json(&outcome.text, &outcome.diagnostics),
        })
        .to_string()
    }))
}

/// `flinkddl.lineage`: each INSERT's, CTAS's and RTAS's sink columns and where their values
/// come from (the JSON of `flinkddl lineage --format json`'s entries).
#[pyfunction]
#[pyo3(signature = (sql, fresh_session = false, config = None, flink_version = None))]
fn lineage(
    py: Python<'_>,
    sql: String,
    fresh_session: bool,
    config: Option<PathBuf>,
    flink_version: Option<String>,
) -> PyResult<String> {
    let config = text_config(config, fresh_session, flink_version)?;
    Ok(py.detach(move || semantic_json(&sql, &config, flinkddl::lineage::lineage)))
}

/// What `output` makes of `sql` analyzed with its semantic model under `config`, as JSON; `[]`
/// when the analysis fails.
fn semantic_json<T: serde::Serialize>(
    sql: &str,
    config: &Config,
    output: impl FnOnce(&flinkddl::Analysis) -> T,
) -> String {
    let options = flinkddl::Options {
        semantic_model: true,
        ..config.options()
    };
    match guarded(|| output(&flinkddl::analyze_with(sql, &options))) {
        Ok(output) => serde_json::to_string(&output).unwrap_or_else(|_| "[]".to_string()),
        Err(_) => "[]".to_string(),
    }
}

/// `flinkddl.openlineage_events`: OpenLineage run events of the script's jobs (what
/// `flinkddl lineage --format openlineage` prints, as a JSON array); `event_time` now when
/// not given.
#[pyfunction]
#[pyo3(signature = (sql, job_namespace = "flink".to_string(), source = "<string>".to_string(), event_time = None, fresh_session = false, config = None, flink_version = None))]
#[allow(clippy::too_many_arguments)]
fn openlineage(
    py: Python<'_>,
    sql: String,
    job_namespace: String,
    source: String,
    event_time: Option<String>,
    fresh_session: bool,
    config: Option<PathBuf>,
    flink_version: Option<String>,
) -> PyResult<String> {
    let config = text_config(config, fresh_session, flink_version)?;
    Ok(py.detach(move || {
        let event_time = event_time.unwrap_or_else(flinkddl::openlineage::rfc3339_now);
        semantic_json(&sql, &config, |analysis| {
            flinkddl::openlineage::events(
                analysis,
                &flinkddl::openlineage::EventOptions {
                    job_namespace: &job_namespace,
                    event_time: &event_time,
                    source: &source,
                },
            )
        })
    }))
}

/// Every diagnostic code: code, name, stage, default severity and title.
#[pyfunction]
fn rules() -> String {
    let list: Vec<Value> = flinkddl::Code::ALL
        .iter()
        .map(|c| {
            let info = c.info();
            json!({
                "code": info.code,
                "name": info.name,
                "stage": info.stage,
                "severity": info.severity,
                "title": info.title,
            })
        })
        .collect();
    Value::Array(list).to_string()
}

/// The `flinkddl` command line, run in this process: the wheel's `flinkddl` entry point
/// (`flinkddl.__main__:main`) calls it with `sys.argv`, and exits with the status it returns.
/// Only for a process that exits afterwards: `check` leaves what it built to the exit.
#[pyfunction]
fn run_cli(py: Python<'_>, args: Vec<std::ffi::OsString>) -> u8 {
    py.detach(move || flinkddl_cli::app::run(args))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(lineage, m)?)?;
    m.add_function(wrap_pyfunction!(openlineage, m)?)?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
