//! flinkddl against sqlparser-rs, in one process, on the same bytes: throughput, peak memory and
//! scaling of every stage, from lexing to `flinkddl check` end to end.
//!
//!     cargo bench -p flinkddl-cli --bench throughput                       # 10 MB corpora
//!     FLINKDDL_BENCH_QUICK=1 cargo bench -p flinkddl-cli --bench throughput # CI: 1 MB, 1 run
//!     FLINKDDL_BENCH_SCALING=1 cargo bench -p flinkddl-cli --bench throughput # linearity
//!
//! Corpora come from `../shared/bench/gen_corpus.py` (seed 42), generated once into
//! `<target>/bench-corpus/`. Without `../shared` the bench says so and exits 0.
//!
//! Environment: `FLINKDDL_BENCH_SIZE` (default 10MB), `FLINKDDL_BENCH_ITERS` (default 5),
//! `FLINKDDL_BENCH_FLAVORS` (default `both,flink,queries`; `queries` is an INSERT ... SELECT
//! corpus generated here, which both parsers read), `FLINKDDL_BENCH_ONLY=lex|parse|analyze|check`
//! (one of our measurements, for profilers), `FLINKDDL_SHARED` (the directory holding
//! `bench/gen_corpus.py`), `FLINKDDL_BENCH_SCALING_MAX` (default 100MB), `FLINKDDL_BENCH_COLUMNS_MAX`
//! (default 200000).
//!
//! What is timed (dropping results is outside the timer):
//! * `lex`: `flinkddl_syntax::lex`; `sqlparser tokenize`: `Tokenizer::tokenize` on the whole text.
//! * `parse`: `flinkddl::parse`; `sqlparser parse`: `Parser::parse_sql` once per statement (the
//!   generator ends every statement with `;\n`; sqlparser stops at a script's first error, so one
//!   call per statement is the only way to make it read every statement).
//! * `analyze`: `flinkddl::analyze_with` as `check` calls it: parse, bind, lints, connector checks.
//! * `check`: one file end to end in-process: decode, analyze, configuration, JSON output.
//! * `check N files`: the corpus split into files on disk, `check_all` (rayon) end to end; the
//!   CPU time over the wall time says how busy the cores were.
//! * `process ...`: `flinkddl check --format json FILE` (the release binary) against
//!   `examples/sqlparser_file.rs`, as whole processes (start-up and reading the file included;
//!   not in quick runs unless `FLINKDDL_BENCH_PROCESSES=1`).
//!
//! Memory: a counting global allocator (the system allocator underneath, or mimalloc with
//! `--features mimalloc`, as in the `flinkddl` binary) records the peak of
//! live heap bytes during one extra, untimed run of each measurement; the bench prints it as a
//! multiple of the input size.

use std::alloc::System;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use flinkddl_bench::alloc::{peak_bytes, Counting};
use flinkddl_bench::corpus::{corpus_file, find_generator, read_or_generate, SEED};
use sqlparser::dialect::GenericDialect;
use sqlparser::parser::Parser;
use sqlparser::tokenizer::Tokenizer;

const SQLPARSER_VERSION: &str = "0.64";

// ---- memory accounting ---------------------------------------------------------------------

/// The allocator underneath the counting: the system's, or with `--features mimalloc` the one
/// the `flinkddl` binary uses.
#[cfg(not(feature = "mimalloc"))]
#[global_allocator]
static ALLOCATOR: Counting<System> = Counting(System);
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: Counting<mimalloc::MiMalloc> = Counting(mimalloc::MiMalloc);

// ---- main ----------------------------------------------------------------------------------

fn main() {
    let quick = env_flag("FLINKDDL_BENCH_QUICK");
    let size = std::env::var("FLINKDDL_BENCH_SIZE")
        .unwrap_or_else(|_| if quick { "1MB" } else { "10MB" }.to_string());
    let iters: usize = env_usize("FLINKDDL_BENCH_ITERS").unwrap_or(if quick { 1 } else { 5 });
    let flavors =
        std::env::var("FLINKDDL_BENCH_FLAVORS").unwrap_or_else(|_| "both,flink,queries".into());
    let only = std::env::var("FLINKDDL_BENCH_ONLY").unwrap_or_default();

    let Some(generator) = find_generator() else {
        println!(
            "throughput bench: skipped, ../shared/bench/gen_corpus.py not found \
             (set FLINKDDL_SHARED to the directory holding bench/gen_corpus.py)"
        );
        return;
    };
    if env_flag("FLINKDDL_BENCH_SCALING") {
        scaling(&generator);
        return;
    }
    println!(
        "throughput bench: {size} corpora, seed {SEED}, best of {iters} run(s) (median beside it); \
         sqlparser {SQLPARSER_VERSION}, GenericDialect; {} CPU(s)",
        rayon::current_num_threads()
    );
    for flavor in flavors.split(',').map(str::trim).filter(|f| !f.is_empty()) {
        match corpus(&generator, flavor, &size) {
            Ok((path, text)) => run_flavor(flavor, &path, &text, iters.max(1), &only),
            Err(e) => println!("throughput bench: skipped flavor {flavor}: {e}"),
        }
    }
}

fn run_flavor(flavor: &str, path: &Path, text: &str, iters: usize, only: &str) {
    let stmts = split_statements(text);
    let bytes = text.len();
    let n = stmts.len();
    println!();
    println!("== {flavor}: {:.2} MB, {n} statements ==", mb(bytes));

    let options = flinkddl::Options {
        assume_external_objects: true,
        ..flinkddl::Options::default()
    };
    let config = flinkddl_cli::config::Config::defaults(PathBuf::from("."));
    let check_one = || {
        let loaded = flinkddl_cli::source::decode(text.as_bytes().to_vec());
        let report = flinkddl_cli::check::check_loaded("corpus.sql".into(), loaded, &config);
        let reports = vec![report];
        let summary = flinkddl_cli::check::Summary::of(&reports, Duration::ZERO);
        flinkddl_cli::json::check_json(&reports, &summary)
    };

    let a = flinkddl::analyze_with(text, &options);
    let errors = a
        .diagnostics
        .iter()
        .filter(|d| d.severity == flinkddl::Severity::Error)
        .count();
    println!(
        "   ours: {} statements, {} tokens, {} tables, {} diagnostics ({} errors)",
        a.parse.script().statements.len(),
        a.parse.tokens().len(),
        a.tables.len(),
        a.diagnostics.len(),
        errors
    );
    drop(a);

    let ours: &[(&str, &Measured)] = &[
        ("lex", &|| Box::new(flinkddl_syntax::lex(black_box(text)))),
        ("parse", &|| Box::new(flinkddl::parse(black_box(text)))),
        ("analyze", &|| {
            Box::new(flinkddl::analyze_with(black_box(text), &options))
        }),
        ("check", &|| Box::new(check_one())),
    ];
    if !only.is_empty() {
        for (name, f) in ours.iter().filter(|(name, _)| *name == only) {
            let s = measure(iters, bytes, n, f);
            report(&format!("ours {name}"), &s, None);
        }
        return;
    }

    let mut results = Vec::new();
    for (name, f) in ours {
        let s = measure(iters, bytes, n, f);
        let peak = peak_bytes(f);
        report(&format!("ours {name}"), &s, Some((peak, bytes)));
        results.push((*name, s, peak));
    }

    let dialect = GenericDialect {};
    let tokenize = || Tokenizer::new(&dialect, black_box(text)).tokenize();
    let tok = measure(iters, bytes, n, tokenize);
    let tok_peak = peak_bytes(tokenize);
    report("sqlparser tokenize", &tok, Some((tok_peak, bytes)));
    let parse_all = || {
        stmts
            .iter()
            .map(|s| Parser::parse_sql(&dialect, black_box(s)))
            .collect::<Vec<_>>()
    };
    let accepted = parse_all().iter().filter(|r| r.is_ok()).count();
    let sp = measure(iters, bytes, n, parse_all);
    let sp_peak = peak_bytes(parse_all);
    report("sqlparser parse", &sp, Some((sp_peak, bytes)));
    println!("   sqlparser accepts {accepted}/{n} statements");

    let files = many_files(path, text, 64);
    match files {
        Ok(dir) => {
            let run = || {
                let mut finder = flinkddl_cli::config::Finder::new(None);
                let plan =
                    flinkddl_cli::files::expand(std::slice::from_ref(&dir), None, &mut finder)
                        .unwrap_or_default();
                flinkddl_cli::check::check_all(plan)
            };
            let cpu0 = cpu_time();
            let s = measure(iters, bytes, n, run);
            let cpu = cpu_time().zip(cpu0).map(|(b, a)| b.saturating_sub(a));
            let runs = if iters > 1 { iters + 1 } else { iters };
            let wall: Duration = s.times.iter().sum::<Duration>() * runs as u32 / iters as u32;
            report("ours check 64 files", &s, None);
            if let Some(cpu) = cpu {
                println!(
                    "   check 64 files: CPU time / wall time = {:.2} (of {} cores)",
                    cpu.as_secs_f64() / wall.as_secs_f64().max(1e-9),
                    rayon::current_num_threads()
                );
            }
        }
        Err(e) => println!("   check 64 files: skipped: {e}"),
    }

    let whole = processes(path, bytes, n, iters);

    let speed = |name: &str| {
        results
            .iter()
            .find(|(n, _, _)| *n == name)
            .map_or(0.0, |(_, s, _)| s.best_mbs())
    };
    println!("   ratios (best MB/s):");
    let ratios = [
        ("lex / sqlparser tokenize", speed("lex") / tok.best_mbs()),
        ("parse / sqlparser parse", speed("parse") / sp.best_mbs()),
        (
            "analyze / sqlparser parse",
            speed("analyze") / sp.best_mbs(),
        ),
        ("check / sqlparser parse", speed("check") / sp.best_mbs()),
    ];
    for (what, ratio) in ratios {
        println!("     {what:<32} {ratio:6.2}x");
    }
    if let Some((ours, theirs)) = whole {
        println!(
            "     {:<32} {:6.2}x",
            "process check / sqlparser",
            ours.best_mbs() / theirs.best_mbs()
        );
    }
}

/// `flinkddl check --format json FILE` (the release binary, output to nowhere) against
/// `examples/sqlparser_file.rs` on the same file, as whole processes the way a user runs
/// them: start-up, reading the file and, for us, writing the report included. Built first
/// with the `cargo` that runs the bench, so that the binaries are this code's; skipped in quick
/// runs unless `FLINKDDL_BENCH_PROCESSES=1`.
fn processes(path: &Path, bytes: usize, n: usize, iters: usize) -> Option<(Stats, Stats)> {
    if env_flag("FLINKDDL_BENCH_QUICK") && !env_flag("FLINKDDL_BENCH_PROCESSES") {
        return None;
    }
    let skip = |why: String| {
        println!("   processes: skipped: {why}");
        None
    };
    let Some(cargo) = std::env::var_os("CARGO") else {
        return skip("not run by cargo (CARGO is not set)".into());
    };
    let built = Command::new(cargo)
        .args(["build", "--quiet", "--release", "-p", "flinkddl-cli"])
        .args(["-p", "flinkddl-bench", "--example", "sqlparser_file"])
        .status();
    if !built.is_ok_and(|s| s.success()) {
        return skip("cargo build --release of flinkddl-cli and sqlparser_file failed".into());
    }
    // This bench runs from <target>/release/deps; the binaries are in <target>/release.
    let Some(release) = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.to_path_buf()))
    else {
        return skip("cannot tell where the bench runs from".into());
    };
    fn run(program: PathBuf, args: Vec<&std::ffi::OsStr>) -> impl Fn() -> Option<i32> + '_ {
        move || {
            Command::new(&program)
                .args(&args)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .ok()
                .and_then(|s| s.code())
        }
    }
    let file = path.as_os_str();
    let ours = run(
        release.join("flinkddl"),
        vec!["check".as_ref(), "--format".as_ref(), "json".as_ref(), file],
    );
    let theirs = run(release.join("examples").join("sqlparser_file"), vec![file]);
    // `check` exits 1 when the corpus has an error; anything else did not run.
    if !matches!(ours(), Some(0 | 1)) || theirs() != Some(0) {
        return skip(format!("the binaries in {} did not run", release.display()));
    }
    let ours = measure(iters, bytes, n, ours);
    report("process flinkddl check", &ours, None);
    let theirs = measure(iters, bytes, n, theirs);
    report("process sqlparser", &theirs, None);
    Some((ours, theirs))
}

// ---- the query-heavy corpus ------------------------------------------------------------------

/// `10MB`, `512KB`, `100B` or a plain byte count.
fn parse_size(size: &str) -> Option<usize> {
    let s = size.trim().to_ascii_uppercase();
    let (digits, unit) = match s.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => s.split_at(i),
        None => (s.as_str(), ""),
    };
    let n: usize = digits.parse().ok()?;
    Some(match unit {
        "" | "B" => n,
        "KB" => n << 10,
        "MB" => n << 20,
        "GB" => n << 30,
        _ => return None,
    })
}

/// A deterministic script of INSERT ... SELECT pipelines over a few tables, in the SQL both
/// Flink and sqlparser's GenericDialect read: joins, CTEs, UNION ALL, CASE, IN subqueries,
/// GROUP BY / HAVING, OVER windows, ORDER BY and LIMIT. Every statement ends with `;\n`.
fn query_corpus(target: usize, seed: u64) -> String {
    let mut rng = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move |n: usize| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((rng >> 33) as usize) % n.max(1)
    };
    const COLS: [(&str, &str); 8] = [
        ("id", "BIGINT"),
        ("user_id", "BIGINT"),
        ("amount", "DOUBLE"),
        ("qty", "INT"),
        ("country", "STRING"),
        ("status", "STRING"),
        ("price", "DECIMAL(10, 2)"),
        ("ts", "TIMESTAMP(3)"),
    ];
    let mut out = String::with_capacity(target + 4096);
    let tables = 40;
    for t in 0..tables {
        out.push_str(&format!("CREATE TABLE src_{t} (\n"));
        for (i, (c, ty)) in COLS.iter().enumerate() {
            let sep = if i + 1 < COLS.len() { "," } else { "" };
            out.push_str(&format!("  {c} {ty}{sep}\n"));
        }
        out.push_str(") WITH ('connector' = 'datagen');\n");
        out.push_str(&format!(
            "CREATE TABLE sink_{t} (k BIGINT, c STRING, total DOUBLE, n BIGINT) WITH ('connector' = 'blackhole');\n"
        ));
    }
    let num = ["amount", "qty", "price"];
    let text = ["country", "status"];
    let mut i = 0usize;
    while out.len() < target {
        let a = next(tables);
        let b = next(tables);
        let s = next(tables);
        let n1 = num[next(num.len())];
        let t1 = text[next(text.len())];
        let k = next(1000);
        let q = match i % 6 {
            0 => format!(
                "INSERT INTO sink_{s}\nSELECT o.user_id, o.{t1}, SUM(o.{n1} * 2 + 1) AS total, COUNT(*) AS n\nFROM src_{a} AS o\nJOIN src_{b} AS p ON o.id = p.id AND p.qty > {k}\nWHERE o.status IN ('new', 'paid') AND o.amount BETWEEN 1 AND {k}\nGROUP BY o.user_id, o.{t1}\nHAVING COUNT(*) > 1;\n"
            ),
            1 => format!(
                "INSERT INTO sink_{s}\nWITH recent AS (\n  SELECT user_id, {t1}, {n1} FROM src_{a} WHERE qty > {k}\n), big AS (\n  SELECT user_id, MAX({n1}) AS m FROM recent GROUP BY user_id\n)\nSELECT r.user_id, r.{t1}, CAST(b.m AS DOUBLE) AS total, 1 AS n\nFROM recent r LEFT JOIN big b ON r.user_id = b.user_id;\n"
            ),
            2 => format!(
                "INSERT INTO sink_{s}\nSELECT id, {t1}, CAST({n1} AS DOUBLE), 1 FROM src_{a} WHERE {t1} LIKE 'a%'\nUNION ALL\nSELECT id, {t1}, CAST({n1} AS DOUBLE), 2 FROM src_{b} WHERE {t1} IS NOT NULL;\n"
            ),
            3 => format!(
                "INSERT INTO sink_{s}\nSELECT user_id,\n  CASE WHEN amount > {k} THEN 'high' WHEN amount > 10 THEN 'mid' ELSE 'low' END AS c,\n  COALESCE(amount, 0) + ABS(qty) AS total,\n  CHAR_LENGTH(country) AS n\nFROM src_{a}\nWHERE user_id IN (SELECT user_id FROM src_{b} WHERE status = 'vip') OR qty < {k};\n"
            ),
            4 => format!(
                "INSERT INTO sink_{s}\nSELECT id, {t1}, SUM({n1}) OVER (PARTITION BY user_id ORDER BY ts ROWS BETWEEN 10 PRECEDING AND CURRENT ROW) AS total,\n  ROW_NUMBER() OVER (PARTITION BY {t1} ORDER BY ts DESC) AS n\nFROM src_{a};\n"
            ),
            _ => format!(
                "INSERT INTO sink_{s}\nSELECT t.user_id, t.c, t.total, t.n\nFROM (\n  SELECT user_id, UPPER({t1}) AS c, AVG({n1}) AS total, COUNT(DISTINCT id) AS n\n  FROM src_{a}\n  WHERE NOT (qty = {k}) AND EXISTS (SELECT 1 FROM src_{b} x WHERE x.id = src_{a}.id)\n  GROUP BY user_id, UPPER({t1})\n) AS t\nORDER BY t.total DESC\nLIMIT 100;\n"
            ),
        };
        out.push_str(&q);
        i += 1;
    }
    out
}

// ---- scaling -------------------------------------------------------------------------------

fn scaling(generator: &Path) {
    let max = std::env::var("FLINKDDL_BENCH_SCALING_MAX").unwrap_or_else(|_| "100MB".into());
    let max_cols = env_usize("FLINKDDL_BENCH_COLUMNS_MAX").unwrap_or(200_000);
    println!(
        "scaling: prefixes of the flink corpus up to {max}; one table up to {max_cols} columns"
    );
    let options = flinkddl::Options {
        assume_external_objects: true,
        ..flinkddl::Options::default()
    };
    match corpus(generator, "flink", &max) {
        Ok((_, text)) => {
            let mut sizes = Vec::new();
            let mut s = text.len();
            while s >= text.len() / 8 && s > 0 {
                sizes.push(s);
                s /= 2;
            }
            sizes.reverse();
            let mut prev: Option<(usize, f64)> = None;
            for size in sizes {
                let cut = text[..size].rfind(";\n").map_or(size, |i| i + 2);
                let part = &text[..cut];
                let parse = measure(3, cut, 0, || flinkddl::parse(black_box(part)));
                let analyze = measure(3, cut, 0, || {
                    flinkddl::analyze_with(black_box(part), &options)
                });
                let peak = peak_bytes(|| flinkddl::analyze_with(part, &options));
                let t = analyze.best().as_secs_f64();
                let ratio = growth(prev, (cut, t), "bytes");
                println!(
                    "   {:8.2} MB: parse {:8.1} ms, analyze {:8.1} ms, analyze peak heap {:5.1}x input{ratio}",
                    mb(cut),
                    parse.best().as_secs_f64() * 1e3,
                    t * 1e3,
                    peak as f64 / cut as f64
                );
                prev = Some((cut, t));
            }
        }
        Err(e) => println!("   corpus scaling skipped: {e}"),
    }
    let mut cols = max_cols / 8;
    let mut prev: Option<(usize, f64)> = None;
    while cols <= max_cols {
        let mut sql = String::from("CREATE TABLE wide (\n");
        for i in 0..cols {
            sql.push_str(&format!("  c{i} INT,\n"));
        }
        sql.push_str("  PRIMARY KEY (c0) NOT ENFORCED\n) WITH ('connector' = 'datagen');\n");
        let s = measure(3, sql.len(), 1, || {
            flinkddl::analyze_with(black_box(&sql), &options)
        });
        let t = s.best().as_secs_f64();
        let ratio = growth(prev, (cols, t), "columns");
        println!("   {cols:>8} columns: analyze {:8.1} ms{ratio}", t * 1e3);
        prev = Some((cols, t));
        cols *= 2;
    }
}

/// `   x2.00 bytes -> x2.10 time`: how much the input (in `unit`s) and the time in seconds grew
/// from the step before (none for the first step).
fn growth(prev: Option<(usize, f64)>, (size, t): (usize, f64), unit: &str) -> String {
    prev.map_or(String::new(), |(previous, previous_t)| {
        format!(
            "   x{:.2} {unit} -> x{:.2} time",
            size as f64 / previous as f64,
            t / previous_t
        )
    })
}

// ---- plumbing ------------------------------------------------------------------------------

/// One of our measurements: runs a stage and returns its result, dropped outside the timer.
type Measured<'a> = dyn Fn() -> Box<dyn std::any::Any> + 'a;

struct Stats {
    times: Vec<Duration>,
    bytes: usize,
    stmts: usize,
}

impl Stats {
    fn best(&self) -> Duration {
        self.times[0]
    }
    fn median(&self) -> Duration {
        self.times[self.times.len() / 2]
    }
    fn best_mbs(&self) -> f64 {
        mb(self.bytes) / self.best().as_secs_f64()
    }
}

fn measure<R>(iters: usize, bytes: usize, stmts: usize, mut f: impl FnMut() -> R) -> Stats {
    let iters = iters.max(1);
    if iters > 1 {
        drop(black_box(f())); // warm-up: page faults, allocator, caches
    }
    let mut times = Vec::with_capacity(iters);
    for _ in 0..iters {
        let t = Instant::now();
        let r = f();
        times.push(t.elapsed());
        drop(black_box(r));
    }
    times.sort();
    Stats {
        times,
        bytes,
        stmts,
    }
}

fn report(name: &str, s: &Stats, memory: Option<(usize, usize)>) {
    let secs = s.best().as_secs_f64();
    let mem = memory.map_or(String::new(), |(peak, input)| {
        format!(
            "  peak heap {:7.2} MB = {:5.2}x input",
            mb(peak),
            peak as f64 / input.max(1) as f64
        )
    });
    println!(
        "   {name:<22} {:8.1} MB/s {:9.0} stmts/s  best {:8.2} ms  median {:8.2} ms{mem}",
        mb(s.bytes) / secs,
        s.stmts as f64 / secs,
        secs * 1e3,
        s.median().as_secs_f64() * 1e3,
    );
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}

fn env_flag(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0")
}

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// User + system CPU time of this process, from `/proc/self/stat` (Linux); `None` elsewhere.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10)) // USER_HZ is 100 on Linux
}

/// Splits after every `;\n` (the generator's statement end).
fn split_statements(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    while let Some(i) = text[start..].find(";\n") {
        let end = start + i + 2;
        out.push(&text[start..end]);
        start = end;
    }
    if !text[start..].trim().is_empty() {
        out.push(&text[start..]);
    }
    out
}

/// The corpus cut into `count` files of whole statements, in a directory beside it.
fn many_files(path: &Path, text: &str, count: usize) -> Result<PathBuf, String> {
    let dir = path.with_extension("files");
    if dir.is_dir() {
        return Ok(dir);
    }
    let stmts = split_statements(text);
    let per = stmts.len().div_ceil(count).max(1);
    let tmp = path.with_extension("files.tmp");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
    for (i, chunk) in stmts.chunks(per).enumerate() {
        std::fs::write(tmp.join(format!("part{i:03}.sql")), chunk.concat())
            .map_err(|e| e.to_string())?;
    }
    std::fs::rename(&tmp, &dir).map_err(|e| e.to_string())?;
    Ok(dir)
}

fn corpus(generator: &Path, flavor: &str, size: &str) -> Result<(PathBuf, String), String> {
    let file = corpus_file(flavor, size)?;
    if flavor == "queries" && !file.is_file() {
        let bytes = parse_size(size).ok_or_else(|| format!("bad size {size}"))?;
        std::fs::write(&file, query_corpus(bytes, SEED))
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    let text = read_or_generate(generator, &file, flavor, size)?;
    Ok((file, text))
}
