//! `flinkddl lineage`: the column lineage of each file's INSERT, CTAS and RTAS statements
//! (`flinkddl::lineage`), as JSON (the contract below), Graphviz DOT, Mermaid or OpenLineage
//! run events (`flinkddl::openlineage`, JSON Lines).
//!
//! JSON: `{"lineage": [entry, ...]}`, one entry per statement that writes a table:
//! `{"file", "statement", "kind": "insert"|"ctas"|"rtas", "sink": "cat.db.table", "columns":
//! [{"name", "origins": [{"table", "column", "derived"}] | null}], "reads": ["cat.db.table"]}`.
//! `origins: []` means the column has no source column (a literal, `VALUES`, a column the
//! INSERT leaves out); `null` that flinkddl does not follow its value.

use flinkddl::lineage::{SinkKind, SinkLineage};
use serde::Serialize;
use std::fmt::Write;

/// One file's lineage.
pub struct FileLineage {
    pub file: String,
    pub lineage: Vec<SinkLineage>,
}

/// The options `lineage` analyzes a file with: `check`'s (a file of a deployment), with the
/// semantic model recorded.
pub fn options() -> flinkddl::Options<'static> {
    flinkddl::Options {
        assume_external_objects: true,
        semantic_model: true,
        ..flinkddl::Options::default()
    }
}

/// The lineage of one script.
pub fn of_text(file: &str, text: &str) -> FileLineage {
    of_text_in(file, text, flinkddl::FlinkVersion::default())
}

/// [`of_text`] judged as a Flink version.
pub fn of_text_in(file: &str, text: &str, version: flinkddl::FlinkVersion) -> FileLineage {
    let options = flinkddl::Options {
        flink_version: version,
        ..options()
    };
    of_text_with(file, text, &options, None)
}

/// The lineage of one script under `options`; a file of `project` (analyzed from its
/// catalog's prelude) is traced through the catalog files' views.
pub fn of_text_with(
    file: &str,
    text: &str,
    options: &flinkddl::Options,
    project: Option<&flinkddl::project::Project>,
) -> FileLineage {
    let analysis = flinkddl::analyze_with(text, options);
    FileLineage {
        file: file.to_string(),
        lineage: flinkddl::lineage::lineage_in(&analysis, project),
    }
}

/// OpenLineage run events of one script (`flinkddl::openlineage`), one JSON object a line.
pub fn openlineage(file: &str, text: &str, job_namespace: &str, event_time: &str) -> String {
    openlineage_with(file, text, job_namespace, event_time, &options())
}

/// [`openlineage`] under `options`.
pub fn openlineage_with(
    file: &str,
    text: &str,
    job_namespace: &str,
    event_time: &str,
    options: &flinkddl::Options,
) -> String {
    let analysis = flinkddl::analyze_with(text, options);
    let options = flinkddl::openlineage::EventOptions {
        job_namespace,
        event_time,
        source: file,
    };
    let mut out = String::new();
    for event in flinkddl::openlineage::events(&analysis, &options) {
        match serde_json::to_string(&event) {
            Ok(line) => {
                out.push_str(&line);
                out.push('\n');
            }
            Err(e) => eprintln!("error: {file}: {e}"),
        }
    }
    out
}

#[derive(Serialize)]
struct Entry<'a> {
    file: &'a str,
    #[serde(flatten)]
    lineage: &'a SinkLineage,
}

#[derive(Serialize)]
struct Document<'a> {
    lineage: Vec<Entry<'a>>,
}

pub fn json(files: &[FileLineage]) -> String {
    let document = Document {
        lineage: files
            .iter()
            .flat_map(|f| {
                f.lineage.iter().map(|l| Entry {
                    file: &f.file,
                    lineage: l,
                })
            })
            .collect(),
    };
    serde_json::to_string_pretty(&document).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// A node id DOT and Mermaid accept: letters, digits and `_` only, unique per name.
fn node_id(ids: &mut Vec<String>, name: &str) -> String {
    let at = match ids.iter().position(|n| n == name) {
        Some(at) => at,
        None => {
            ids.push(name.to_string());
            ids.len() - 1
        }
    };
    format!("n{at}")
}

fn kind_word(kind: SinkKind) -> &'static str {
    match kind {
        SinkKind::Insert => "INSERT",
        SinkKind::Ctas => "CTAS",
        SinkKind::Rtas => "RTAS",
    }
}

/// The edges of every file: (origin table, origin column, sink, sink column, derived, label).
fn edges(files: &[FileLineage]) -> Vec<(String, String, String, String, bool)> {
    let mut out = Vec::new();
    for f in files {
        for l in &f.lineage {
            for c in &l.columns {
                for o in c.origins.iter().flatten() {
                    let edge = (
                        o.table.clone(),
                        o.column.clone(),
                        l.sink.clone(),
                        c.name.clone(),
                        o.derived,
                    );
                    if !out.contains(&edge) {
                        out.push(edge);
                    }
                }
            }
        }
    }
    out
}

/// Every table with the columns the lineage names, sinks last.
fn tables(files: &[FileLineage]) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut add = |table: &str, column: &str| {
        let at = match out.iter().position(|(t, _)| t == table) {
            Some(at) => at,
            None => {
                out.push((table.to_string(), Vec::new()));
                out.len() - 1
            }
        };
        if let Some((_, columns)) = out.get_mut(at) {
            if !columns.iter().any(|c| c == column) {
                columns.push(column.to_string());
            }
        }
    };
    for f in files {
        for l in &f.lineage {
            for c in &l.columns {
                for o in c.origins.iter().flatten() {
                    add(&o.table, &o.column);
                }
            }
        }
    }
    for f in files {
        for l in &f.lineage {
            for c in &l.columns {
                add(&l.sink, &c.name);
            }
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Graphviz: a cluster per table with a node per column; an edge per origin, dashed when the
/// value is computed from the column.
pub fn dot(files: &[FileLineage]) -> String {
    let mut ids = Vec::new();
    let mut s =
        String::from("digraph lineage {\n  rankdir=LR;\n  node [shape=box, fontsize=10];\n");
    for (i, (table, columns)) in tables(files).iter().enumerate() {
        let _ = writeln!(
            s,
            "  subgraph cluster_{i} {{\n    label=\"{}\";",
            escape(table)
        );
        for c in columns {
            let id = node_id(&mut ids, &format!("{table}.{c}"));
            let _ = writeln!(s, "    {id} [label=\"{}\"];", escape(c));
        }
        s.push_str("  }\n");
    }
    for (table, column, sink, sink_column, derived) in edges(files) {
        let from = node_id(&mut ids, &format!("{table}.{column}"));
        let to = node_id(&mut ids, &format!("{sink}.{sink_column}"));
        let style = if derived { " [style=dashed]" } else { "" };
        let _ = writeln!(s, "  {from} -> {to}{style};");
    }
    s.push_str("}\n");
    s
}

/// Mermaid: the same picture as [`dot`] (`flowchart LR`, a subgraph per table; `-.->` when
/// computed).
pub fn mermaid(files: &[FileLineage]) -> String {
    let mut ids = Vec::new();
    let mut s = String::from("flowchart LR\n");
    for (i, (table, columns)) in tables(files).iter().enumerate() {
        let _ = writeln!(s, "  subgraph t{i}[\"{}\"]", table.replace('"', "'"));
        for c in columns {
            let id = node_id(&mut ids, &format!("{table}.{c}"));
            let _ = writeln!(s, "    {id}[\"{}\"]", c.replace('"', "'"));
        }
        s.push_str("  end\n");
    }
    for (table, column, sink, sink_column, derived) in edges(files) {
        let from = node_id(&mut ids, &format!("{table}.{column}"));
        let to = node_id(&mut ids, &format!("{sink}.{sink_column}"));
        let arrow = if derived { "-.->" } else { "-->" };
        let _ = writeln!(s, "  {from} {arrow} {to}");
    }
    s
}

/// A line per statement for people: `file: statement N INSERT sink (k columns)` and each
/// column's origins.
pub fn text(files: &[FileLineage]) -> String {
    let mut s = String::new();
    for f in files {
        for l in &f.lineage {
            let _ = writeln!(
                s,
                "{}: statement {} {} {}",
                f.file,
                l.statement + 1,
                kind_word(l.kind),
                l.sink
            );
            for c in &l.columns {
                let origins = c.origins_text("(no source column)", |o| {
                    let how = if o.derived { " (computed)" } else { "" };
                    format!("{}.{}{how}", o.table, o.column)
                });
                let _ = writeln!(s, "  {} <- {origins}", c.name);
            }
        }
    }
    s
}
