//! Ratchets over the query corpora labelled by real Flink 2.3 (read from `../shared`, skipped
//! when it is absent: the corpora are not copied into the project).
//!
//! - `../shared/queries` (2,500 cases, planned with `--plan-dml`): every case must match
//!   Flink's verdict, the stage of the first error and, for parse errors, its line, except the
//!   cases listed in `fixtures/queries/known-failures.txt` with what differs and why. A listed
//!   case that starts to match must leave the list, and no case Flink accepts may be on it
//!   (never a false error). Regenerate with `FLINKDDL_BLESS=1 cargo test -p flinkddl --test
//!   queries` after checking the diff.
//! - `../shared/realworld` (1,838 scripts): no syntax error in a statement Flink's parser read
//!   (the statements up to the one that failed, or all of them), and every parse rejection
//!   caught on Flink's line, except those in `fixtures/realworld-known-failures-syntax.txt`.

use flinkddl::{Diagnostic, LineIndex, Severity, Stage};
use flinkddl_test_support::figures;
use flinkddl_test_support::oracle::{assert_ratchet, read_known_failures};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn shared(corpus: &str) -> Option<(Vec<Value>, Vec<Value>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared")
        .join(corpus);
    let read = |f: &str| -> Option<Vec<Value>> {
        let text = std::fs::read_to_string(dir.join(f)).ok()?;
        Some(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
                .collect(),
        )
    };
    Some((read("cases.jsonl")?, read("expected.jsonl")?))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(name)
}

fn str_of<'v>(v: &'v Value, path: &[&str]) -> Option<&'v str> {
    let mut v = v;
    for p in path {
        v = v.get(p)?;
    }
    v.as_str()
}

fn int_of(v: &Value, path: &[&str]) -> Option<u64> {
    let mut v = v;
    for p in path {
        v = v.get(p)?;
    }
    v.as_u64()
}

/// The diagnostics that reject a script, as the describe contract counts them.
fn rejecting(diagnostics: &[Diagnostic]) -> Vec<&Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| {
            d.severity == Severity::Error && matches!(d.stage(), Stage::Syntax | Stage::Bind)
        })
        .collect()
}

/// Offsets of the `;`s the oracle splits a script on (outside quotes and comments).
fn oracle_semicolons(sql: &str) -> Vec<usize> {
    let b = sql.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            q @ (b'\'' | b'`' | b'"') => {
                i += 1;
                while i < b.len() {
                    if b[i] == q {
                        if b.get(i + 1) == Some(&q) {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i += 1;
                }
            }
            b'-' if b.get(i + 1) == Some(&b'-') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            b';' => out.push(i),
            _ => {}
        }
        i += 1;
    }
    out
}

/// One mismatch with Flink, in words.
fn judge(case: &Value, expected: &Value) -> Option<String> {
    let sql = str_of(case, &["sql"])?;
    let analysis = flinkddl::analyze_with(sql, &flinkddl::Options::default());
    let errors = rejecting(&analysis.diagnostics);
    let accepted = expected.get("accepted").and_then(Value::as_bool)?;
    let stage = str_of(expected, &["stage"]).unwrap_or("");
    match (accepted, errors.first()) {
        (true, None) => schema_mismatch(&analysis, expected),
        (true, Some(d)) => Some(format!(
            "flink accepts, we reject ({}: {})",
            d.code,
            first_line(&d.message)
        )),
        (false, None) => Some(format!(
            "flink rejects at {stage}, we accept: {}",
            first_line(str_of(expected, &["error", "root_message"]).unwrap_or(""))
        )),
        (false, Some(d)) => {
            let want = if stage == "parse" {
                Stage::Syntax
            } else {
                Stage::Bind
            };
            if d.stage() != want {
                return Some(format!(
                    "stage: flink {stage}, we {:?} ({})",
                    d.stage(),
                    d.code
                ));
            }
            let line = int_of(expected, &["error", "case_line"]);
            let ours = LineIndex::new(sql).line_col(sql, d.span.start).line as u64;
            match line {
                Some(l) if l != ours => Some(format!("line: flink {l}, we {ours} ({})", d.code)),
                _ => None,
            }
        }
    }
}

/// The derived schema (a CTAS's table, as `describe` gives it) against the one Flink stored:
/// each column's name, type, serializable type and nullability.
fn schema_mismatch(analysis: &flinkddl::Analysis, expected: &Value) -> Option<String> {
    let want = expected.get("table")?.get("columns")?.as_array()?;
    let Some(table) = analysis.tables.last() else {
        return Some("schema: we derive none".to_string());
    };
    let ours = flinkddl::contract::table_json(table);
    let got = ours.get("columns").and_then(Value::as_array)?;
    if got.len() != want.len() {
        return Some(format!(
            "schema: flink {} columns, we {}",
            want.len(),
            got.len()
        ));
    }
    for (w, g) in want.iter().zip(got) {
        for field in ["name", "type", "type_serializable", "nullable"] {
            if w.get(field) != g.get(field) {
                let name = w.get("name").and_then(Value::as_str).unwrap_or("?");
                return Some(format!(
                    "schema: column {name} {field}: flink {}, we {}",
                    w.get(field).unwrap_or(&Value::Null),
                    g.get(field).unwrap_or(&Value::Null)
                ));
            }
        }
    }
    None
}

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("");
    let line = line.strip_prefix("SQL validation failed. ").unwrap_or(line);
    line.chars().take(110).collect()
}

/// Why a case differs, by the family of Flink's message: what flinkddl does not check yet.
fn reason(expected: &Value, what: &str) -> &'static str {
    if what.starts_with("schema: we derive none") {
        return "the query's output is not modelled (ALL ROWS PER MATCH, a scalar subquery, a view of one)";
    }
    if what.starts_with("schema:") {
        return "a derived type or nullability not modelled yet (outer-join nullability, NOT NULL through CASE/COALESCE, expression names)";
    }
    let m = str_of(expected, &["error", "root_message"])
        .or_else(|| str_of(expected, &["error", "message"]))
        .unwrap_or("");
    let families: &[(&str, &str)] = &[
        (
            "Cannot apply",
            "operand types are not checked in queries yet",
        ),
        (
            "must have compatible types",
            "operand types are not checked in queries yet",
        ),
        (
            "Column types of query result and sink",
            "sink column types are not checked yet",
        ),
        ("is not being grouped", "GROUP BY rules are not checked yet"),
        (
            "Aggregate expression is illegal",
            "GROUP BY rules are not checked yet",
        ),
        (
            "time attribute",
            "time attributes are not tracked through queries yet",
        ),
        (
            "Temporal Table Join",
            "temporal join rules (planner) are not checked yet",
        ),
        (
            "Interval join",
            "interval join rules (planner) are not checked yet",
        ),
        (
            "Sort on a non-time-attribute",
            "streaming sort rules (planner) are not checked yet",
        ),
        (
            "OVER window",
            "OVER window rules (planner) are not checked yet",
        ),
        (
            "window function",
            "window TVF argument rules are not checked yet",
        ),
        (
            "can only be used as a",
            "connector roles in queries are judged by the connector checks",
        ),
        (
            "metadata columns",
            "source metadata capabilities are not checked yet",
        ),
        (
            "requires a condition",
            "join conditions are not checked yet",
        ),
        (
            "not found",
            "a name resolved through a scope not modelled yet (an unknown column's outer query, ORDER BY)",
        ),
        (
            "ambiguous",
            "a name we cannot resolve yet (MATCH_RECOGNIZE, UNNEST, functions)",
        ),
        (
            "No match found for function",
            "operand types of a known function are not checked in queries yet",
        ),
        ("Unsupported", "planner support is not modelled yet"),
        ("not supported", "planner support is not modelled yet"),
        (
            "doesn't support consuming",
            "the changelog inference is Unknown there (views, ranks, joins of changelogs)",
        ),
        (
            "upsert key",
            "the changelog inference is Unknown there (views, ranks, joins of changelogs)",
        ),
        ("doesn't support", "planner support is not modelled yet"),
    ];
    families
        .iter()
        .find(|(pattern, _)| m.contains(pattern))
        .map_or("another validation rule not modelled yet", |(_, why)| why)
}

#[test]
fn queries_corpus_matches_flink_or_is_listed() {
    let Some((cases, expected)) = shared("queries") else {
        eprintln!("skipped: ../shared/queries is absent");
        return;
    };
    let mut found: BTreeMap<String, (String, &'static str)> = BTreeMap::new();
    for (c, e) in cases.iter().zip(&expected) {
        let id = str_of(c, &["id"]).unwrap_or("?").to_string();
        if let Some(what) = judge(c, e) {
            let why = reason(e, &what);
            found.insert(id, (what, why));
        }
    }
    let path = fixture("queries/known-failures.txt");
    if std::env::var_os("FLINKDDL_BLESS").is_some() {
        let mut out = String::from(
            "# ../shared/queries cases that do not match Flink 2.3 yet: id, what differs, why.\n\
             # Regenerate: FLINKDDL_BLESS=1 cargo test -p flinkddl --test queries\n",
        );
        for (id, (what, why)) in &found {
            out.push_str(&format!("{id}\t{what}\t{why}\n"));
        }
        std::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).ok();
        std::fs::write(&path, out).ok();
    }
    let known = read_known_failures(&path);
    let false_errors: Vec<&String> = found
        .iter()
        .filter(|(_, (what, _))| what.starts_with("flink accepts"))
        .map(|(id, _)| id)
        .collect();
    assert!(
        false_errors.is_empty(),
        "false errors on cases Flink accepts: {false_errors:?}"
    );
    let n = cases.len();
    let accepted = |e: &Value| e.get("accepted").and_then(Value::as_bool) == Some(true);
    let schema_cases = expected
        .iter()
        .filter(|e| accepted(e) && e.pointer("/table/columns").is_some())
        .count();
    let missed = |prefix: &str| {
        found
            .values()
            .filter(|(w, _)| w.starts_with(prefix))
            .count()
    };
    let verdict_missed = missed("flink rejects") + missed("flink accepts");
    figures::record(
        "queries",
        &[
            ("cases", figures::count(n)),
            (
                "accepted",
                figures::count(expected.iter().filter(|e| accepted(e)).count()),
            ),
            (
                "parse_errors",
                figures::count(
                    expected
                        .iter()
                        .filter(|e| str_of(e, &["stage"]) == Some("parse"))
                        .count(),
                ),
            ),
            ("verdict", figures::percent(n - verdict_missed, n)),
            ("verdict_missed", figures::count(verdict_missed)),
            (
                "ctas_schema",
                figures::percent(schema_cases - missed("schema"), schema_cases),
            ),
        ],
    );
    println!(
        "queries: {} of {n} match Flink ({:.1}%); {} listed",
        n - found.len(),
        100.0 * (n - found.len()) as f64 / n.max(1) as f64,
        known.len()
    );
    assert_ratchet(
        found.iter().map(|(id, (what, _))| (id, what)),
        &known,
        "fixtures/queries/known-failures.txt (FLINKDDL_BLESS=1)",
    );
}

#[test]
fn realworld_syntax_matches_flinks_parser() {
    let Some((cases, expected)) = shared("realworld") else {
        eprintln!("skipped: ../shared/realworld is absent");
        return;
    };
    let known = read_known_failures(&fixture("realworld-known-failures-syntax.txt"));
    let (mut parsed, mut rejections, mut caught) = (0usize, 0usize, 0usize);
    let (mut accepted_scripts, mut false_errors, mut verdicts) = (0usize, 0usize, 0usize);
    let mut problems = Vec::new();
    for (c, e) in cases.iter().zip(&expected) {
        let (Some(id), Some(sql)) = (str_of(c, &["id"]), str_of(c, &["sql"])) else {
            continue;
        };
        let analysis = flinkddl::analyze_with(sql, &flinkddl::Options::default());
        let syntax: Vec<&Diagnostic> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error && d.stage() == Stage::Syntax)
            .collect();
        let accepted = e.get("accepted").and_then(Value::as_bool) == Some(true);
        let rejected_by_us = analysis
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error);
        accepted_scripts += usize::from(accepted);
        false_errors += usize::from(accepted && rejected_by_us);
        verdicts += usize::from(accepted != rejected_by_us);
        let stage = str_of(e, &["stage"]).unwrap_or("");
        if stage == "parse" {
            rejections += 1;
            let want = int_of(e, &["error", "case_line"]);
            let got = syntax
                .first()
                .map(|d| LineIndex::new(sql).line_col(sql, d.span.start).line as u64);
            let ok = got.is_some() && (want.is_none() || want == got);
            if ok {
                caught += 1;
            } else if !known.contains_key(id) {
                problems.push(format!(
                    "{id}: Flink's parse error (line {want:?}) missed, ours {got:?}"
                ));
            }
            continue;
        }
        // Flink's parser read every statement (accepted) or those up to the failing one.
        let last_read = if accepted {
            usize::MAX
        } else {
            int_of(e, &["failed_statement"]).unwrap_or(0) as usize
        };
        parsed += 1;
        let semis = oracle_semicolons(sql);
        for d in &syntax {
            let index = semis.partition_point(|&s| s < d.span.start as usize);
            if index <= last_read {
                problems.push(format!(
                    "{id}: syntax error in a statement Flink parsed: {}",
                    d.message
                ));
                break;
            }
        }
    }
    println!(
        "realworld: {parsed} scripts without a Flink parse error; parse rejections caught on Flink's line: {caught} of {rejections} ({} listed)",
        known.len()
    );
    figures::record(
        "realworld",
        &[
            ("scripts", figures::count(cases.len())),
            ("accepted", figures::count(accepted_scripts)),
            ("false_errors", figures::count(false_errors)),
            ("parse_errors", figures::count(rejections)),
            ("parse_errors_caught", figures::count(caught)),
            ("parse_errors_missed", figures::count(rejections - caught)),
            ("verdict", figures::percent(verdicts, cases.len())),
        ],
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
