//! Throughput of our lexer and parser against sqlparser-rs on the same bytes.
//!
//!     cargo bench -p flinkddl-syntax --bench parse
//!     FLINKDDL_BENCH_QUICK=1 cargo bench -p flinkddl-syntax --bench parse   # CI: 1 MB, 1 iteration
//!
//! The corpus comes from `../shared/bench/gen_corpus.py` (seed 42), generated once into
//! `<target>/bench-corpus/` and reused. Without `../shared` the bench prints a message and exits 0.
//!
//! Environment:
//! * `FLINKDDL_BENCH_QUICK=1`: 1 MB corpora and one iteration.
//! * `FLINKDDL_BENCH_SIZE=10MB`, `FLINKDDL_BENCH_ITERS=5`: override the size / iteration count.
//! * `FLINKDDL_BENCH_FLAVORS=both,flink`: which corpora.
//! * `FLINKDDL_BENCH_ONLY=ours|lex|parse`: only our side, or only one of our measurements (for
//!   profilers).
//! * `FLINKDDL_SHARED=/path/to/shared`: where `bench/gen_corpus.py` lives.
//!
//! What is timed (drop of the results is not timed):
//! * `ours lex`: `flinkddl_syntax::lex` on the whole text.
//! * `ours parse`: `flinkddl_syntax::parse` on the whole text (it includes lexing).
//! * `ours parse+drop`: the same, and the drop of the result (the AST's many small allocations
//!   make freeing it a visible cost).
//! * `ours parse/stmt`: `parse` called once per statement, like sqlparser below.
//! * `sqlparser tokenize`: `Tokenizer::new(&GenericDialect, text).tokenize()` on the whole text.
//! * `sqlparser tokenize/stmt`: the same, once per statement.
//! * `sqlparser parse`: `Parser::parse_sql(&GenericDialect, stmt)` once per statement, the text
//!   split after each `;\n` (the generator's contract: every statement ends with `;\n` and no
//!   other `;` appears). sqlparser stops at the first error of a script, so one call per statement
//!   is the only way to have it look at every statement. Reported twice: all bytes over all the
//!   time, and accepted bytes over the time spent on accepted statements.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use sqlparser::dialect::GenericDialect;
use sqlparser::parser::Parser;
use sqlparser::tokenizer::Tokenizer;

const SEED: u64 = 42;

fn main() {
    let quick = env_flag("FLINKDDL_BENCH_QUICK");
    let size = std::env::var("FLINKDDL_BENCH_SIZE")
        .unwrap_or_else(|_| if quick { "1MB" } else { "10MB" }.to_string());
    let iters: usize = std::env::var("FLINKDDL_BENCH_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 1 } else { 5 })
        .max(1);
    let flavors = std::env::var("FLINKDDL_BENCH_FLAVORS").unwrap_or_else(|_| "both,flink".into());
    let only = std::env::var("FLINKDDL_BENCH_ONLY").unwrap_or_default();

    let Some(generator) = find_generator() else {
        println!(
            "parse bench: skipped, ../shared/bench/gen_corpus.py not found \
             (set FLINKDDL_SHARED to the directory holding bench/gen_corpus.py)"
        );
        return;
    };

    println!(
        "parse bench: size {size}, seed {SEED}, {iters} iteration(s) per measurement, best and median \
         shown; sqlparser {} with GenericDialect",
        SQLPARSER_VERSION
    );
    for flavor in flavors.split(',').map(str::trim).filter(|f| !f.is_empty()) {
        let text = match corpus(&generator, flavor, &size) {
            Ok(t) => t,
            Err(e) => {
                println!("parse bench: skipped flavor {flavor}: {e}");
                continue;
            }
        };
        run_flavor(flavor, &text, iters, &only);
    }
}

const SQLPARSER_VERSION: &str = "0.64";

fn run_flavor(flavor: &str, text: &str, iters: usize, only: &str) {
    let stmts = split_statements(text);
    let bytes = text.len();
    let nstmts = stmts.len();
    println!();
    println!(
        "== flavor {flavor}: {:.2} MB, {nstmts} statements ({} lines) ==",
        mb(bytes),
        text.lines().count()
    );

    // Sanity: what each side makes of the corpus (outside the timings).
    let p = flinkddl_syntax::parse(text);
    println!(
        "   ours: {} statements, {} tokens, {} comments, {} diagnostics",
        p.script.statements.len(),
        p.tokens.len(),
        p.trivia.len(),
        p.errors.len()
    );
    if let Some(d) = p.errors.first() {
        println!(
            "   ours: first diagnostic {:?} at {}..{}: {}",
            d.code, d.span.start, d.span.end, d.message
        );
    }
    drop(p);

    // Single measurements, for profilers.
    if only == "lex" || only == "parse" {
        let s = if only == "lex" {
            measure(iters, bytes, nstmts, || {
                flinkddl_syntax::lex(black_box(text))
            })
        } else {
            measure(iters, bytes, nstmts, || {
                flinkddl_syntax::parse(black_box(text))
            })
        };
        report(&format!("ours {only}"), &s);
        return;
    }

    let lex = measure(iters, bytes, nstmts, || {
        let l = flinkddl_syntax::lex(black_box(text));
        black_box(l.tokens.len());
        l
    });
    report("ours lex", &lex);
    let parse = measure(iters, bytes, nstmts, || {
        let p = flinkddl_syntax::parse(black_box(text));
        black_box(p.script.statements.len());
        p
    });
    report("ours parse", &parse);
    let parse_drop = measure(iters, bytes, nstmts, || {
        let p = flinkddl_syntax::parse(black_box(text));
        black_box(p.script.statements.len());
        drop(p);
    });
    report("ours parse+drop", &parse_drop);
    let parse_stmt = measure(iters, bytes, nstmts, || {
        let mut out = Vec::with_capacity(stmts.len());
        for s in &stmts {
            out.push(flinkddl_syntax::parse(black_box(s)));
        }
        out
    });
    report("ours parse/stmt", &parse_stmt);
    if only == "ours" {
        return;
    }

    let dialect = GenericDialect {};
    let tok = measure(iters, bytes, nstmts, || {
        let r = Tokenizer::new(&dialect, black_box(text)).tokenize();
        black_box(r.as_ref().map(Vec::len).ok());
        r
    });
    let tok_ok = Tokenizer::new(&dialect, text).tokenize();
    report("sqlparser tokenize", &tok);
    let tok_stmt = measure(iters, bytes, nstmts, || {
        let mut out = Vec::with_capacity(stmts.len());
        for s in &stmts {
            out.push(Tokenizer::new(&dialect, black_box(s)).tokenize());
        }
        out
    });
    report("sqlparser tokenize/stmt", &tok_stmt);
    if let Err(e) = &tok_ok {
        println!("   (sqlparser's tokenizer failed on the corpus: {e})");
    }
    drop(tok_ok);

    // Which statements sqlparser accepts (outside the timings), and a few of its complaints.
    let mut accepted = vec![false; stmts.len()];
    let mut first_errors: Vec<String> = Vec::new();
    for (i, s) in stmts.iter().enumerate() {
        match Parser::parse_sql(&dialect, s) {
            Ok(_) => accepted[i] = true,
            Err(e) => {
                if first_errors.len() < 3 {
                    first_errors.push(e.to_string());
                }
            }
        }
    }
    let n_ok = accepted.iter().filter(|a| **a).count();
    let ok_bytes: usize = stmts
        .iter()
        .zip(&accepted)
        .filter(|(_, a)| **a)
        .map(|(s, _)| s.len())
        .sum();

    // One pass times the accepted statements and all statements separately.
    let mut all_times = Vec::with_capacity(iters);
    let mut ok_times = Vec::with_capacity(iters);
    for _ in 0..iters {
        let mut out = Vec::with_capacity(stmts.len());
        let mut ok_time = Duration::ZERO;
        let t0 = Instant::now();
        for (s, a) in stmts.iter().zip(&accepted) {
            let t = Instant::now();
            let r = Parser::parse_sql(&dialect, black_box(s));
            if *a {
                ok_time += t.elapsed();
            }
            out.push(r);
        }
        all_times.push(t0.elapsed());
        ok_times.push(ok_time);
        drop(out);
    }
    let sp_all = Stats::new(all_times, bytes, nstmts);
    let sp_ok = Stats::new(ok_times, ok_bytes, n_ok);
    println!(
        "   sqlparser accepts {n_ok}/{nstmts} statements ({:.1}% of the bytes), rejects {}",
        100.0 * ok_bytes as f64 / bytes.max(1) as f64,
        nstmts - n_ok
    );
    for e in &first_errors {
        println!("   sqlparser error e.g.: {e}");
    }
    report("sqlparser parse (all bytes)", &sp_all);
    if n_ok > 0 {
        report("sqlparser parse (accepted)", &sp_ok);
    }

    println!("   ratios ours/sqlparser (best MB/s):");
    println!(
        "     lex / tokenize                 {:6.2}x",
        lex.best_mbs() / tok.best_mbs()
    );
    println!(
        "     lex / tokenize/stmt            {:6.2}x",
        lex.best_mbs() / tok_stmt.best_mbs()
    );
    println!(
        "     parse / parse (all bytes)      {:6.2}x",
        parse.best_mbs() / sp_all.best_mbs()
    );
    println!(
        "     parse/stmt / parse (all bytes) {:6.2}x",
        parse_stmt.best_mbs() / sp_all.best_mbs()
    );
    if n_ok > 0 {
        println!(
            "     parse / parse (accepted)       {:6.2}x",
            parse.best_mbs() / sp_ok.best_mbs()
        );
    }
}

struct Stats {
    times: Vec<Duration>,
    bytes: usize,
    stmts: usize,
}

impl Stats {
    fn new(mut times: Vec<Duration>, bytes: usize, stmts: usize) -> Self {
        times.sort();
        Stats {
            times,
            bytes,
            stmts,
        }
    }
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
    let mut times = Vec::with_capacity(iters);
    if iters > 1 {
        drop(black_box(f())); // warm-up: page faults, allocator, caches
    }
    for _ in 0..iters {
        let t = Instant::now();
        let r = f();
        times.push(t.elapsed());
        drop(black_box(r));
    }
    Stats::new(times, bytes, stmts)
}

fn report(name: &str, s: &Stats) {
    let secs = s.best().as_secs_f64();
    let med = s.median().as_secs_f64();
    println!(
        "   {name:<28} {:8.1} MB/s  {:10.0} stmts/s   best {:8.2} ms  median {:8.2} ms  ({:.2} MB)",
        mb(s.bytes) / secs,
        s.stmts as f64 / secs,
        secs * 1e3,
        med * 1e3,
        mb(s.bytes)
    );
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}

fn env_flag(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Splits after every `;\n`; the rest (blank lines, the header comment) goes with the next
/// statement, a trailing remainder without `;` is dropped when it is only whitespace.
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

fn find_generator() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("FLINKDDL_SHARED") {
        let p = Path::new(&dir).join("bench/gen_corpus.py");
        return p.is_file().then_some(p);
    }
    // crates/syntax -> workspace root -> its parent, which holds `shared/`.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let p = manifest.join("../../../shared/bench/gen_corpus.py");
    p.is_file().then_some(p)
}

/// `<target>/bench-corpus/`: the bench runs from `<target>/release/deps/`.
fn corpus_dir() -> PathBuf {
    let from_exe = std::env::current_exe().ok().and_then(|exe| {
        let profile_dir = exe.parent()?.parent()?;
        let target = profile_dir.parent()?;
        Some(target.join("bench-corpus"))
    });
    from_exe.unwrap_or_else(|| std::env::temp_dir().join("flinkddl-bench-corpus"))
}

fn corpus(generator: &Path, flavor: &str, size: &str) -> Result<String, String> {
    let dir = corpus_dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let file = dir.join(format!("{flavor}-{size}-seed{SEED}.sql"));
    if !file.is_file() {
        let status = Command::new("python3")
            .arg(generator)
            .args([
                "--flavor",
                flavor,
                "--size",
                size,
                "--seed",
                &SEED.to_string(),
            ])
            .arg("--out")
            .arg(&file)
            .status()
            .map_err(|e| format!("cannot run python3: {e}"))?;
        if !status.success() {
            return Err(format!("gen_corpus.py failed: {status}"));
        }
    }
    std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))
}
