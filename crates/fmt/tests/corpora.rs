//! The meaning test (issue 17) over the corpora labelled by real Flink, read from `../shared`
//! and skipped when it is absent: for every case, the formatted script analyzes (a fresh
//! session, as `flinkddl::analyze_with` with the default options) to the same tables, the same
//! DESCRIBE and SHOW CREATE text and the same diagnostic codes; formatting it again changes
//! nothing; and its comments are the original's, in order. Under every option set.

use flinkddl_fmt::{format_report, FormatOptions, IdentifierQuoting, KeywordCase};
use serde_json::Value;
use std::path::Path;

mod support;

fn cases(corpus: &str) -> Option<Vec<(String, String)>> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared")
        .join(corpus)
        .join("cases.jsonl");
    let text = std::fs::read_to_string(file).ok()?;
    Some(
        text.lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter_map(|v| {
                let id = v.get("id")?.as_str()?.to_string();
                let sql = v.get("sql")?.as_str()?.to_string();
                Some((id, sql))
            })
            .collect(),
    )
}

fn run(corpus: &str, options: &FormatOptions) {
    let Some(cases) = cases(corpus) else {
        eprintln!("skipped: ../shared/{corpus} is absent");
        return;
    };
    let mut failures = Vec::new();
    let (mut formatted, mut kept, mut reverted, mut changed) = (0, 0, 0, 0);
    for (id, sql) in &cases {
        let report = format_report(sql, options);
        formatted += report.formatted;
        kept += report.kept;
        reverted += report.reverted;
        changed += usize::from(report.text != *sql);
        if support::meaning(sql) != support::meaning(&report.text) {
            failures.push(format!("{id}: the analysis differs"));
        }
        let again = format_report(&report.text, options).text;
        if again != report.text {
            failures.push(format!(
                "{id}: not idempotent\n--- once\n{}\n--- twice\n{}",
                report.text, again
            ));
        }
        if support::comments_without_cr(sql) != support::comments_without_cr(&report.text) {
            failures.push(format!("{id}: comments differ"));
        }
    }
    eprintln!(
        "{corpus} {options:?}: {} cases, {changed} changed; statements: {formatted} laid out, \
         {kept} kept ({reverted} put back by the self-check)",
        cases.len()
    );
    let shown: Vec<&String> = failures.iter().take(5).collect();
    assert!(
        failures.is_empty(),
        "{} failures in {corpus}, the first:\n{}",
        failures.len(),
        shown
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

fn styles() -> Vec<FormatOptions> {
    vec![
        FormatOptions::default(),
        FormatOptions {
            line_width: 60,
            indent_width: 2,
            keyword_case: KeywordCase::Lower,
            identifier_quoting: IdentifierQuoting::AsNeeded,
        },
    ]
}

#[test]
fn conformance_keeps_its_meaning() {
    for options in styles() {
        run("conformance", &options);
    }
}

#[test]
fn realworld_keeps_its_meaning() {
    for options in styles() {
        run("realworld", &options);
    }
}

#[test]
fn queries_keep_their_meaning() {
    for options in styles() {
        run("queries", &options);
    }
}
