//! Hostile inputs: each is written to a file and checked by the real `flinkddl check --format
//! json`, in its own process under a 1 GiB data limit (`prlimit --data`, when the machine has
//! it). Each run must end on its own with exit status 0 or 1 and a JSON report of one file; a
//! run that aborts (out of memory, stack overflow, panic) or outlives the hang guard fails.
//!
//!     cargo test -p flinkddl-cli --test hostile -- --nocapture        # prints time and peak
//!     FLINKDDL_BIN=target/release/flinkddl cargo test -p flinkddl-cli --test hostile -- --nocapture
//!
//! Timing is printed, never asserted (the guard below only catches hangs; debug builds are
//! several times slower than release).

#![allow(clippy::unwrap_used)] // test helpers: a failed setup step should fail the test loudly

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MEMORY_LIMIT: u64 = 1 << 30;
const HANG_GUARD: Duration = Duration::from_secs(300);

fn binary() -> PathBuf {
    std::env::var_os("FLINKDDL_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_flinkddl")))
}

fn has_prlimit() -> bool {
    Command::new("prlimit")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// What one run gave: the parsed JSON report and the exit status.
struct Outcome {
    report: serde_json::Value,
    status: i32,
}

fn run_check(name: &str, input: &[u8]) -> Outcome {
    let dir = std::env::temp_dir().join(format!("flinkddl-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.sql"));
    std::fs::write(&file, input).unwrap();
    let outcome = run_file(name, &file, input.len());
    let _ = std::fs::remove_file(&file);
    outcome
}

/// The child's exit status; a child still running after [`HANG_GUARD`] is killed and fails
/// the test.
fn wait_guarded(
    name: &str,
    child: &mut std::process::Child,
    started: Instant,
) -> std::process::ExitStatus {
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("{name}: still running after {HANG_GUARD:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn run_file(name: &str, file: &Path, size: usize) -> Outcome {
    let out_path = file.with_extension("json");
    let out = std::fs::File::create(&out_path).unwrap();
    let mut command = if has_prlimit() {
        let mut c = Command::new("prlimit");
        c.arg(format!("--data={MEMORY_LIMIT}")).arg(binary());
        c
    } else {
        Command::new(binary())
    };
    command
        .args(["check", "--format", "json"])
        .arg(file)
        .env("NO_COLOR", "1")
        .stdout(out)
        .stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = command.spawn().unwrap();
    let status = wait_guarded(name, &mut child, started);
    let elapsed = started.elapsed();
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut e, &mut stderr);
    }
    let code = status.code().unwrap_or(-1);
    assert!(
        code == 0 || code == 1,
        "{name}: exit status {status} (0 or 1 expected; over {MEMORY_LIMIT} bytes of data, a \
         crash or a panic)\nstderr: {}",
        stderr.chars().take(2000).collect::<String>()
    );
    let text = std::fs::read_to_string(&out_path).unwrap();
    let _ = std::fs::remove_file(&out_path);
    let report: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{name}: output is not JSON ({e}): {:.300}", text));
    assert_eq!(report["summary"]["files"], 1, "{name}: {report:.300}");
    let mut line = std::io::stdout().lock();
    let _ = writeln!(
        line,
        "hostile {name:<28} {:>10} bytes  exit {code}  {:>5} diagnostics  {:>8.2} s wall",
        size,
        report["diagnostics"].as_array().map_or(0, Vec::len),
        elapsed.as_secs_f64()
    );
    Outcome {
        report,
        status: code,
    }
}

fn codes(outcome: &Outcome) -> Vec<String> {
    outcome.report["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d["code"].as_str().map(str::to_string))
        .collect()
}

fn has_code(outcome: &Outcome, code: &str) -> bool {
    codes(outcome).iter().any(|c| c == code)
}

fn repeat(s: &str, n: usize) -> String {
    s.repeat(n)
}

/// `item(0)`, `item(1)`, ... `item(n - 1)`, one after the other.
fn numbered(n: usize, item: impl Fn(usize) -> String) -> String {
    (0..n).map(item).collect()
}

/// `open` `n` times, `core`, then `close` `n` times.
fn nested(open: &str, core: &str, close: &str, n: usize) -> String {
    format!("{}{core}{}", open.repeat(n), close.repeat(n))
}

/// `sql` exceeds the nesting budget: `flinkddl check` reports S013 instead of overflowing.
fn assert_over_budget(name: &str, sql: &str) -> Outcome {
    let o = run_check(name, sql.as_bytes());
    assert!(has_code(&o, "S013"), "{:?}", codes(&o));
    o
}

/// `sql` is long but flat: it costs no depth, so no S013.
fn assert_within_budget(name: &str, sql: &str) {
    let o = run_check(name, sql.as_bytes());
    assert!(!has_code(&o, "S013"), "{:?}", codes(&o));
}

/// A small deterministic generator (xorshift): the same "random" bytes on every run.
fn random_bytes(len: usize, mut seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        out.extend_from_slice(&seed.to_le_bytes());
    }
    out.truncate(len);
    out
}

// ---- nesting ------------------------------------------------------------------------------

/// A datagen table with one computed column, `b AS <expr>`.
fn computed_column(expr: &str) -> String {
    format!("CREATE TABLE t (a INT, b AS {expr}) WITH ('connector' = 'datagen');")
}

#[test]
fn parentheses_100k_deep() {
    let sql = computed_column(&nested("(", "a", ")", 100_000));
    let o = assert_over_budget("parentheses_100k_deep", &sql);
    assert_eq!(o.status, 1);
}

// ---- long flat chains (issue 15): the tree is as deep as the chain is long ---------------------

/// A computed column of `n` terms joined by `op`.
fn computed_chain(op: &str, term: impl Fn(usize) -> String, n: usize) -> String {
    let terms: Vec<String> = (0..n).map(term).collect();
    format!(
        "CREATE TABLE t (a INT, s STRING, b AS {}) WITH ('connector' = 'datagen');",
        terms.join(op)
    )
}

#[test]
fn or_chain_of_6000_equalities() {
    let sql = computed_chain(" OR ", |i| format!("a = {i}"), 6_000);
    assert_over_budget("or_chain_6000", &sql);
}

#[test]
fn plus_chain_of_100k_terms() {
    let sql = computed_chain(" + ", |_| "a".to_string(), 100_000);
    assert_over_budget("plus_chain_100k", &sql);
}

#[test]
fn or_chain_just_below_the_budget_binds() {
    // Flink 2.3 accepts an OR of 500 equalities; the budget (1,000) must leave it alone.
    let sql = computed_chain(" OR ", |i| format!("a = {i}"), 990);
    let o = run_check("or_chain_990", sql.as_bytes());
    assert_eq!(o.status, 0, "{:?}", codes(&o));
}

#[test]
fn watermark_of_30k_chained_intervals() {
    let sql = format!(
        "CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts {}) WITH ('connector' = 'datagen');",
        repeat("- INTERVAL '1' SECOND ", 30_000)
    );
    assert_over_budget("watermark_30k_intervals", &sql);
}

#[test]
fn in_list_of_100k_items() {
    let items: Vec<String> = (0..100_000).map(|i| i.to_string()).collect();
    let sql = computed_column(&format!("a IN ({})", items.join(", ")));
    run_check("in_list_100k", sql.as_bytes());
}

#[test]
fn case_of_30k_branches() {
    let branches: Vec<String> = (0..30_000)
        .map(|i| format!("WHEN a = {i} THEN {i}"))
        .collect();
    let sql = computed_column(&format!("CASE {} END", branches.join(" ")));
    run_check("case_30k_branches", sql.as_bytes());
}

#[test]
fn select_list_of_100k_items() {
    let sql = format!(
        "CREATE TABLE s (a INT) WITH ('connector' = 'datagen');\nSELECT {} FROM s;",
        vec!["a"; 100_000].join(", ")
    );
    assert_within_budget("select_list_100k", &sql);
}

#[test]
fn union_all_chain_of_100k_queries() {
    let sql = format!(
        "CREATE TABLE s (a INT) WITH ('connector' = 'datagen');\n\
         CREATE TABLE k (a INT) WITH ('connector' = 'blackhole');\n\
         INSERT INTO k {};",
        vec!["SELECT a FROM s"; 100_000].join(" UNION ALL ")
    );
    assert_within_budget("union_all_100k", &sql);
}

#[test]
fn subqueries_100k_deep() {
    let sql = format!("SELECT {};", nested("(SELECT ", "1", ")", 100_000));
    assert_over_budget("subqueries_100k_deep", &sql);
}

#[test]
fn joins_100k_long() {
    let sql = format!(
        "CREATE TABLE s (a INT) WITH ('connector' = 'datagen');\nSELECT * FROM s{};",
        repeat(" JOIN s ON TRUE", 100_000)
    );
    run_check("joins_100k", sql.as_bytes());
}

/// A column whose type nests `open` 100,000 times around INT.
fn column_type_100k_deep(open: &str) -> String {
    format!("CREATE TABLE t (a {});", nested(open, "INT", ">", 100_000))
}

#[test]
fn array_types_100k_deep() {
    assert_over_budget("array_types_100k_deep", &column_type_100k_deep("ARRAY<"));
}

#[test]
fn rows_100k_deep() {
    assert_over_budget("rows_100k_deep", &column_type_100k_deep("ROW<f "));
}

#[test]
fn unclosed_brackets() {
    let sql = format!(
        "CREATE TABLE t (a INT, b AS {}\nCREATE TABLE u (a ARRAY<{}",
        repeat("f(x[", 50_000),
        repeat("MAP<INT, ", 50_000)
    );
    let o = run_check("unclosed_brackets", sql.as_bytes());
    assert_eq!(o.status, 1);
}

// ---- bytes --------------------------------------------------------------------------------

#[test]
fn random_bytes_2mb() {
    let o = run_check(
        "random_bytes_2mb",
        &random_bytes(2 << 20, 0x9E37_79B9_7F4A_7C15),
    );
    assert_eq!(o.status, 1);
    assert_eq!(codes(&o), ["F001"], "one not-UTF-8 diagnostic");
}

#[test]
fn random_ascii_2mb() {
    let alphabet = b" \n(),;'`\"<>=+-*/.abcXYZ019_\t";
    let bytes: Vec<u8> = random_bytes(2 << 20, 42)
        .into_iter()
        .map(|b| alphabet[usize::from(b) % alphabet.len()])
        .collect();
    let o = run_check("random_ascii_2mb", &bytes);
    assert_eq!(o.status, 1);
}

#[test]
fn alternating_control_characters() {
    // Each differs from the one before: no run to merge, so the report cap has to hold.
    let bytes: Vec<u8> = (0..1usize << 20).map(|i| 1 + (i % 2) as u8).collect();
    let o = run_check("alternating_control_1mb", &bytes);
    assert_eq!(o.status, 1);
    assert!(codes(&o).len() <= 1_100, "{} diagnostics", codes(&o).len());
}

#[test]
fn nul_bytes() {
    let mut bytes = b"CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n".to_vec();
    bytes.extend(std::iter::repeat_n(0u8, 1 << 20));
    bytes.extend_from_slice(b"\nCREATE TABLE \0u (a INT);\n");
    let o = run_check("nul_bytes", &bytes);
    assert_eq!(o.status, 1);
}

#[test]
fn unterminated_string_1mb() {
    let sql = format!(
        "CREATE TABLE t (a INT) WITH ('connector' = '{}",
        repeat("x", 1 << 20)
    );
    let o = run_check("unterminated_string_1mb", sql.as_bytes());
    assert!(has_code(&o, "S002") || o.status == 1, "{:?}", codes(&o));
}

// ---- sizes --------------------------------------------------------------------------------

#[test]
fn identifier_20mb() {
    let sql = format!(
        "CREATE TABLE {} (a INT) WITH ('connector' = 'datagen');",
        repeat("a", 20 << 20)
    );
    run_check("identifier_20mb", sql.as_bytes());
}

#[test]
fn quoted_identifier_and_comments_of_megabytes() {
    let sql = format!(
        "-- {}\nCREATE TABLE `{}` (a INT /* {} */) WITH ('connector' = 'datagen');\n/* {}",
        repeat("c", 4 << 20),
        repeat("q", 4 << 20),
        repeat("b", 4 << 20),
        repeat("u", 4 << 20)
    );
    let o = run_check("identifier_comments_16mb", sql.as_bytes());
    assert_eq!(o.status, 1, "the last comment is not closed");
}

#[test]
fn table_of_200k_columns() {
    let sql = format!(
        "CREATE TABLE wide (\n{}  PRIMARY KEY (c0) NOT ENFORCED\n) WITH ('connector' = 'datagen');\n",
        numbered(200_000, |i| format!("  c{i} INT,\n"))
    );
    let o = run_check("table_of_200k_columns", sql.as_bytes());
    assert_eq!(o.status, 0, "{:?}", codes(&o));
}

/// Computed columns are typed against one index of the table's columns: a scan of every
/// column per computed column made 10,000 of them take 5 s (debug), so 100,000 would outlive
/// the hang guard. Metadata columns are interleaved, as each sees only those before it.
#[test]
fn table_of_100k_computed_columns() {
    let mut sql = String::from("CREATE TABLE wide (\n  a INT,\n  b STRING,\n");
    for i in 0..100_000 {
        if i % 1_000 == 0 {
            sql.push_str(&format!("  m{i} STRING METADATA FROM 'k{i}' VIRTUAL,\n"));
        }
        sql.push_str(&format!("  c{i} AS a + {i},\n"));
    }
    sql.push_str("  d AS CONCAT(b, 'x')\n) WITH ('connector' = 'blackhole');\n");
    let o = run_check("table_of_100k_computed_columns", sql.as_bytes());
    assert_eq!(o.status, 0, "{:?}", codes(&o));
}

#[test]
fn script_of_100k_statements() {
    let sql = numbered(100_000, |i| {
        format!("CREATE TABLE t{i} (a INT, b STRING) WITH ('connector' = 'datagen');\n")
    });
    let o = run_check("script_of_100k_statements", sql.as_bytes());
    assert_eq!(o.status, 0, "{:?}", codes(&o));
}

#[test]
fn script_of_100k_broken_statements() {
    // One syntax error per statement: each statement is skipped by the binder, found in one
    // pass (this was quadratic once).
    let sql = repeat("CREATE TABLE t (a INT,, b STRING);\n", 100_000);
    let o = run_check("script_of_100k_broken", sql.as_bytes());
    assert_eq!(o.status, 1);
}

#[test]
fn script_of_100k_missing_like_sources() {
    // Each LIKE names a missing table: the did-you-mean search must not scan every table.
    let sql = numbered(50_000, |i| {
        format!("CREATE TABLE t{i} (a INT) WITH ('connector' = 'datagen');\nCREATE TABLE u{i} LIKE missing{i};\n")
    });
    let o = run_check("script_of_100k_missing_like", sql.as_bytes());
    assert_eq!(o.status, 1);
}

/// `flinkddl lineage` on the longest shapes a query has (a chain of 100,000 UNION ALLs, 100,000
/// joins, a select list of 100,000 items): it ends on its own with exit status 0 and one JSON
/// document, each sink column answered. (The UNION chain once took a minute: its branches were
/// linked to the first one in quadratic time.)
#[test]
fn lineage_of_long_chains() {
    let source = "CREATE TABLE s (a INT) WITH ('connector' = 'datagen');\n\
                  CREATE TABLE k (a INT) WITH ('connector' = 'blackhole');\n";
    let cases = [
        (
            "lineage_union_all_100k",
            format!(
                "{source}INSERT INTO k {};",
                vec!["SELECT a FROM s"; 100_000].join(" UNION ALL ")
            ),
        ),
        (
            "lineage_joins_100k",
            format!(
                "{source}INSERT INTO k SELECT s.a FROM s{};",
                repeat(" JOIN s ON TRUE", 100_000)
            ),
        ),
        (
            "lineage_select_list_100k",
            format!(
                "{source}CREATE TABLE w WITH ('connector' = 'blackhole') AS SELECT {} FROM s;",
                vec!["a"; 100_000].join(", ")
            ),
        ),
    ];
    let dir = std::env::temp_dir().join(format!("flinkddl-hostile-lineage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, sql) in cases {
        let file = dir.join(format!("{name}.sql"));
        std::fs::write(&file, &sql).unwrap();
        let out_path = file.with_extension("json");
        let mut child = Command::new(binary())
            .args(["lineage", "--format", "json"])
            .arg(&file)
            .stdout(std::fs::File::create(&out_path).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        let status = wait_guarded(name, &mut child, started);
        assert!(status.success(), "{name}: exit status {status}");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out_path).unwrap()).unwrap();
        let entries = report["lineage"].as_array().cloned().unwrap_or_default();
        assert_eq!(entries.len(), 1, "{name}: {report:.300}");
        let answered = entries[0]["columns"]
            .as_array()
            .is_some_and(|c| !c.is_empty() && c.iter().all(|c| !c["origins"].is_null()));
        assert!(answered, "{name}: {report:.300}");
        println!("{name}: {:.2} s", started.elapsed().as_secs_f64());
        let _ = std::fs::remove_file(&file);
        let _ = std::fs::remove_file(&out_path);
    }
}
