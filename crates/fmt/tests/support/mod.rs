//! What the fixture harnesses share (each test binary uses a part of it).
#![allow(dead_code)]

use flinkddl::{analyze_with, parse, Options};
use flinkddl_fmt::{FormatOptions, IdentifierQuoting, KeywordCase};
use std::path::Path;

/// The options a case's first line sets: `-- format: key = value, ...`, with the keys of the
/// `[format]` table of flinkddl.toml; the defaults without that line.
pub fn options_of(text: &str) -> FormatOptions {
    let mut options = FormatOptions::default();
    let Some(line) = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("-- format:"))
    else {
        return options;
    };
    for pair in line.split(',') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match (key.trim(), value.trim()) {
            ("keyword-case", "lower") => options.keyword_case = KeywordCase::Lower,
            ("keyword-case", "upper") => options.keyword_case = KeywordCase::Upper,
            ("keyword-case", "preserve") => options.keyword_case = KeywordCase::Preserve,
            ("identifier-quoting", "as-needed") => {
                options.identifier_quoting = IdentifierQuoting::AsNeeded
            }
            ("identifier-quoting", "preserve") => {
                options.identifier_quoting = IdentifierQuoting::Preserve
            }
            ("line-width", n) => options.line_width = n.parse().unwrap_or(options.line_width),
            ("indent-width", n) => options.indent_width = n.parse().unwrap_or(options.indent_width),
            (k, v) => panic!("unknown format option `{k} = {v}`"),
        }
    }
    options
}

/// What the analysis says of a script: each table's name, DESCRIBE and SHOW CREATE, and the
/// codes.
pub fn meaning(text: &str) -> (Vec<String>, Vec<String>) {
    let analysis = analyze_with(text, &Options::default());
    let tables = analysis
        .tables
        .iter()
        .map(|t| {
            format!(
                "{}\n{}\n{}",
                t.identifier(),
                flinkddl::binder::print::describe_tableau(t),
                flinkddl::binder::print::show_create(t).unwrap_or_default()
            )
        })
        .collect();
    let codes = analysis
        .diagnostics
        .iter()
        .map(|d| d.code.to_string())
        .collect();
    (tables, codes)
}

/// `dir` holds only `.sql` cases and their `.snap` snapshots, and no snapshot without its case.
pub fn assert_only_cases_and_snapshots(dir: &Path) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = entry.path();
        let file = p
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        if let Some(stem) = file.strip_suffix(".snap") {
            assert!(
                dir.join(format!("{stem}.sql")).exists(),
                "orphan snapshot {} has no {stem}.sql",
                p.display()
            );
        } else {
            assert!(file.ends_with(".sql"), "unexpected file {}", p.display());
        }
    }
}

/// The text of every comment, in order.
pub fn comments(text: &str) -> Vec<String> {
    parse(text)
        .trivia
        .iter()
        .map(|c| c.span.text(text).to_string())
        .collect()
}

/// [`comments`], a line comment's trailing carriage return left out (as the fuzz target
/// compares them: a CRLF may become an LF).
pub fn comments_without_cr(text: &str) -> Vec<String> {
    comments(text)
        .into_iter()
        .map(|c| c.trim_end_matches('\r').to_string())
        .collect()
}
