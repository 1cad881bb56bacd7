//! The parser and its arena AST (decision 0006) stage by stage, in one process, on the same
//! bytes: throughput, the cost of dropping the tree, peak heap and node sizes; and the stages
//! of the throughput bench one at a time, for callgrind.
//!
//!     cargo bench -p flinkddl-bench --bench ast_repr                 # 10 MB, best of 5
//!     FLINKDDL_AST_ONLY=current FLINKDDL_BENCH_ITERS=1 valgrind --tool=callgrind \
//!         target/release/deps/ast_repr-<hash>                       # instructions of one stage
//!
//! Environment: `FLINKDDL_BENCH_SIZE` (default 10MB), `FLINKDDL_BENCH_ITERS` (default 5),
//! `FLINKDDL_BENCH_FLAVORS` (default `flink,both`; `queries` once the throughput bench has
//! written it), `FLINKDDL_SHARED` (the directory holding `bench/gen_corpus.py`),
//! `FLINKDDL_AST_ONLY=none|lex|current|parse-in|analyze|check|sqlparser-tokenize|
//! sqlparser-parse` (one measurement, no peak-heap run: for callgrind; `none` reads the corpus
//! only, the baseline to subtract).
//!
//! Stages:
//! * `lex`: `flinkddl_syntax::lex`.
//! * `current parse`: `flinkddl_syntax::parse`, the owned `Parse` (the text copied into it, the
//!   tree in its arenas), a census walk over the tree, then the drop.
//! * `parse_in (borrowing)`: `flinkddl_syntax::parse_in` into a fresh `Herd`, borrowing the text.
//! * `analyze`, `check`: the whole pipeline, and `check` with its JSON report.
//!
//! `parse` is timed without dropping the result, `+drop` with it.

use std::alloc::System;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use flinkddl_bench::alloc::{peak_bytes, Counting};
use flinkddl_bench::corpus::{corpus_file, find_generator, read_or_generate};
use flinkddl_bench::Census;
use sqlparser::dialect::GenericDialect;
use sqlparser::parser::Parser;
use sqlparser::tokenizer::Tokenizer;

#[global_allocator]
static ALLOCATOR: Counting<System> = Counting(System);

// ---- main ----------------------------------------------------------------------------------

fn main() {
    let size = std::env::var("FLINKDDL_BENCH_SIZE").unwrap_or_else(|_| "10MB".into());
    let iters = std::env::var("FLINKDDL_BENCH_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5usize)
        .max(1);
    let flavors = std::env::var("FLINKDDL_BENCH_FLAVORS").unwrap_or_else(|_| "flink,both".into());
    let only = std::env::var("FLINKDDL_AST_ONLY").unwrap_or_default();
    let Some(generator) = find_generator() else {
        println!("ast_repr bench: skipped, ../shared/bench/gen_corpus.py not found");
        return;
    };
    if only.is_empty() {
        println!("node sizes (bytes):");
        for (name, size) in flinkddl_bench::node_sizes() {
            println!("  {name:<26} {size:>4}");
        }
    }
    for flavor in flavors.split(',').map(str::trim).filter(|f| !f.is_empty()) {
        let text = match corpus(&generator, flavor, &size) {
            Ok(text) => text,
            Err(e) => {
                println!("{flavor}: {e}");
                continue;
            }
        };
        if only.is_empty() {
            run_flavor(flavor, &text, iters);
        } else {
            run_one(&only, &text, iters);
        }
    }
}

/// One stage only, for callgrind (its instructions minus `none`'s are the stage's).
fn run_one(only: &str, text: &str, iters: usize) {
    for _ in 0..iters {
        let census = match only {
            "none" => Census::default(),
            "current" => flinkddl_bench::census_of(&flinkddl_syntax::parse(text)),
            "parse-in" => {
                let herd = flinkddl_syntax::Herd::new();
                let parse = flinkddl_syntax::parse_in(text, &herd);
                flinkddl_bench::census(&parse.script, parse.errors.len())
            }
            // The throughput bench's stages, for their instruction counts.
            "lex" => count(flinkddl_syntax::lex(text).tokens.len()),
            "analyze" => count(
                flinkddl::analyze_with(text, &check_options())
                    .diagnostics
                    .len(),
            ),
            "check" => count(check_one(text).len()),
            "sqlparser-tokenize" => count(
                Tokenizer::new(&GenericDialect {}, text)
                    .tokenize()
                    .map_or(0, |t| t.len()),
            ),
            "sqlparser-parse" => count(
                split_statements(text)
                    .iter()
                    .filter(|s| Parser::parse_sql(&GenericDialect {}, s).is_ok())
                    .count(),
            ),
            other => {
                println!("unknown FLINKDDL_AST_ONLY={other}");
                return;
            }
        };
        println!("{only}: {census:?}");
    }
}

/// A count that stands for a stage's result in [`run_one`]'s line.
fn count(n: usize) -> Census {
    Census {
        statements: n,
        ..Census::default()
    }
}

/// `analyze_with` as `check` calls it (external objects assumed).
fn check_options() -> flinkddl::Options<'static> {
    flinkddl::Options {
        assume_external_objects: true,
        ..flinkddl::Options::default()
    }
}

/// `check` of one file in-process with its JSON report, as the throughput bench's `check`.
fn check_one(text: &str) -> String {
    let config = flinkddl_cli::config::Config::defaults(PathBuf::from("."));
    let loaded = flinkddl_cli::source::decode(text.as_bytes().to_vec());
    let report = flinkddl_cli::check::check_loaded("corpus.sql".into(), loaded, &config);
    let reports = vec![report];
    let summary = flinkddl_cli::check::Summary::of(&reports, Duration::ZERO);
    flinkddl_cli::json::check_json(&reports, &summary)
}

/// The statements of a generated corpus (each ends with `;\n`), for sqlparser, which stops at
/// a script's first error.
fn split_statements(text: &str) -> Vec<&str> {
    text.split_inclusive(";\n")
        .filter(|s| !s.trim().is_empty())
        .collect()
}

fn run_flavor(flavor: &str, text: &str, iters: usize) {
    let bytes = text.len();
    println!(
        "\n{flavor}: {:.1} MB, best of {iters} (median beside it)",
        mb(bytes)
    );
    let current = flinkddl_bench::census_of(&flinkddl_syntax::parse(text));
    let herd = flinkddl_syntax::Herd::new();
    let borrowed = {
        let parse = flinkddl_syntax::parse_in(text, &herd);
        flinkddl_bench::census(&parse.script, parse.errors.len())
    };
    drop(herd);
    println!("  census {current:?}");
    println!("  parse_in reads the same: {}", borrowed == current);

    let lex = time(iters, || flinkddl_syntax::lex(text));
    report("lex", bytes, lex, None);

    let t = time(iters, || flinkddl_syntax::parse(text));
    let d = time_with_drop(iters, || flinkddl_syntax::parse(text));
    let peak = peak_bytes(|| flinkddl_syntax::parse(text));
    report("current parse", bytes, t, Some((d, peak)));

    let borrowing = || {
        let herd = flinkddl_syntax::Herd::new();
        let n = {
            let parse = flinkddl_syntax::parse_in(text, &herd);
            (parse.script.statements.len(), parse.trivia, parse.errors)
        };
        (n, herd)
    };
    let t = time(iters, borrowing);
    let d = time_with_drop(iters, borrowing);
    let peak = peak_bytes(borrowing);
    report("parse_in (borrowing)", bytes, t, Some((d, peak)));
}

/// Best and median wall time of `f`, its result dropped outside the timer.
fn time<R>(iters: usize, mut f: impl FnMut() -> R) -> (Duration, Duration) {
    let mut runs = Vec::with_capacity(iters);
    for _ in 0..iters {
        let start = Instant::now();
        let r = black_box(f());
        runs.push(start.elapsed());
        drop(r);
    }
    best_and_median(runs)
}

/// Best and median wall time of `f` and dropping its result.
fn time_with_drop<R>(iters: usize, mut f: impl FnMut() -> R) -> (Duration, Duration) {
    let mut runs = Vec::with_capacity(iters);
    for _ in 0..iters {
        let start = Instant::now();
        drop(black_box(f()));
        runs.push(start.elapsed());
    }
    best_and_median(runs)
}

fn best_and_median(mut runs: Vec<Duration>) -> (Duration, Duration) {
    runs.sort();
    (runs[0], runs[runs.len() / 2])
}

fn report(
    name: &str,
    bytes: usize,
    (best, median): (Duration, Duration),
    with_drop: Option<((Duration, Duration), usize)>,
) {
    let rate = |d: Duration| mb(bytes) / d.as_secs_f64().max(1e-9);
    let mut line = format!(
        "  {name:<22} {:>7.1} MB/s ({:>6.1})",
        rate(best),
        rate(median)
    );
    if let Some(((drop_best, _), peak)) = with_drop {
        line.push_str(&format!(
            "  +drop {:>7.1} MB/s  peak heap {:>5.2}x",
            rate(drop_best),
            peak as f64 / bytes as f64
        ));
    }
    println!("{line}");
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}

/// The generated corpus of `flavor` and `size`.
fn corpus(generator: &Path, flavor: &str, size: &str) -> Result<String, String> {
    read_or_generate(generator, &corpus_file(flavor, size)?, flavor, size)
}
