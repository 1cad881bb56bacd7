//! Column lineage (`flinkddl::lineage`): each `fixtures/lineage/*.sql` case's lineage, one line
//! per sink column, as an insta snapshot beside it; and, when `../shared/lineage` is present,
//! the corpus Flink 2.3's planner labelled: every column Flink knows the origins of must get
//! the same set of (table, column) origins, except at most the cases listed (with why) in
//! `fixtures/lineage/known-failures.txt`.

use flinkddl::lineage::{lineage, SinkLineage};
use flinkddl::Options;
use flinkddl_test_support::fixtures::{self, assert_no_orphan_snapshots};
use flinkddl_test_support::oracle;
use std::collections::BTreeSet;
use std::fmt::Write;

fn options() -> Options<'static> {
    Options {
        assume_external_objects: true,
        semantic_model: true,
        ..Options::default()
    }
}

fn render(entries: &[SinkLineage]) -> String {
    let mut out = String::new();
    for e in entries {
        let _ = writeln!(out, "statement {} {:?} {}", e.statement, e.kind, e.sink);
        let _ = writeln!(out, "  reads {}", e.reads.join(", "));
        for c in &e.columns {
            let origins = c.origins_text("(none)", |o| {
                let derived = if o.derived { " derived" } else { "" };
                format!("{}.{}{derived}", o.table, o.column)
            });
            let _ = writeln!(out, "  {} <- {origins}", c.name);
        }
    }
    out
}

#[test]
fn fixtures_lineage() {
    let dir = fixtures::repo_dir("fixtures/lineage");
    for case in fixtures::cases(&dir) {
        let analysis = flinkddl::analyze_with(&case.text, &options());
        let entries = lineage(&analysis);
        assert!(!entries.is_empty(), "{}: no lineage", case.path.display());
        let rendered = render(&entries);
        case.bind(|| insta::assert_snapshot!(case.name.clone(), rendered));
    }
    assert_no_orphan_snapshots(&dir);
}

/// Each `fixtures/openlineage/*.sql` case's OpenLineage run events (a fixed event time), as
/// pretty JSON beside it. `crates/cli/tests/openlineage.rs` validates them against the schemas.
#[test]
fn fixtures_openlineage() {
    let dir = fixtures::repo_dir("fixtures/openlineage");
    for case in fixtures::cases(&dir) {
        let analysis = flinkddl::analyze_with(&case.text, &options());
        let options = flinkddl::openlineage::EventOptions {
            job_namespace: "flink",
            event_time: "2026-01-01T00:00:00.000Z",
            source: &case.name,
        };
        let events = flinkddl::openlineage::events(&analysis, &options);
        assert!(!events.is_empty(), "{}: no event", case.path.display());
        let rendered = serde_json::to_string_pretty(&events).unwrap_or_default();
        case.bind(|| insta::assert_snapshot!(case.name.clone(), rendered));
    }
    assert_no_orphan_snapshots(&dir);
}

type Origins = BTreeSet<(String, String)>;

/// The expected (statement, sink, column) -> origins of one case, for the columns Flink knows.
fn expected(label: &serde_json::Value) -> Vec<((u64, String, String), Origins)> {
    let mut out = Vec::new();
    for entry in label["lineage"].as_array().into_iter().flatten() {
        let statement = entry["statement"].as_u64().unwrap_or(u64::MAX);
        let sink = entry["sink"].as_str().unwrap_or_default().to_string();
        for column in entry["columns"].as_array().into_iter().flatten() {
            let Some(origins) = column["origins"].as_array() else {
                continue;
            };
            let set = origins
                .iter()
                .map(|o| {
                    (
                        o["table"].as_str().unwrap_or_default().to_string(),
                        o["column"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect();
            let name = column["name"].as_str().unwrap_or_default().to_string();
            out.push(((statement, sink.clone(), name), set));
        }
    }
    out
}

#[test]
fn the_corpus_flink_labelled_matches_or_is_listed() {
    let root = fixtures::repo_dir("../shared/lineage");
    if !root.join("cases.jsonl").exists() {
        eprintln!("lineage corpus: skipped, ../shared/lineage not found");
        return;
    }
    let cases = oracle::read_jsonl(&root.join("cases.jsonl"));
    let labels = oracle::read_jsonl(&root.join("expected.jsonl"));
    let known =
        oracle::read_known_failures(&fixtures::repo_dir("fixtures/lineage/known-failures.txt"));
    let (mut columns, mut exact) = (0usize, 0usize);
    let mut failing: Vec<(String, String)> = Vec::new();
    for (case, label) in cases.iter().zip(&labels) {
        let id = case["id"].as_str().unwrap_or_default().to_string();
        let analysis = flinkddl::analyze_with(case["sql"].as_str().unwrap_or_default(), &options());
        let got = lineage(&analysis);
        let mut differs = Vec::new();
        for ((statement, sink, name), want) in expected(label) {
            columns += 1;
            let answer: Option<Origins> = got
                .iter()
                .find(|e| e.statement as u64 == statement && e.sink == sink)
                .and_then(|e| e.columns.iter().find(|c| c.name == name))
                .and_then(|c| c.origins.as_ref())
                .map(|o| {
                    o.iter()
                        .map(|o| (o.table.clone(), o.column.clone()))
                        .collect()
                });
            if answer.as_ref() == Some(&want) {
                exact += 1;
            } else {
                differs.push(format!("{name}: {answer:?}, Flink {want:?}"));
            }
        }
        if !differs.is_empty() {
            failing.push((id, differs.join("; ")));
        }
    }
    eprintln!("lineage corpus: {exact} of {columns} columns Flink knows have its origins exactly");
    assert!(columns > 4000, "only {columns} scored columns");
    flinkddl_test_support::figures::record(
        "lineage",
        &[
            ("columns", flinkddl_test_support::figures::count(columns)),
            (
                "exact",
                flinkddl_test_support::figures::percent(exact, columns),
            ),
        ],
    );
    oracle::assert_ratchet(
        failing.iter().map(|(id, what)| (id, what)),
        &known,
        "fixtures/lineage/known-failures.txt",
    );
}
