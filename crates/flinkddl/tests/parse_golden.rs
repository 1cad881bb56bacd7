//! The golden test of `flinkddl parse`: the JSON it prints (`serde_json::to_string_pretty` of the
//! script) for every case of the conformance and functions corpora (their copies under
//! `fixtures/`, run by CI), of the queries and realworld corpora (`../shared`) and for the 1 MB
//! bench corpora, reduced to digests in `tests/parse_golden.digests`. A change of the AST's
//! representation (decision 0006) must keep every digest: the JSON is byte-identical.
//!
//! Only corpora that nobody edits are digested: they are generated and labelled elsewhere and
//! replaced whole when relabelled. The repository's own `.sql` fixtures are not: they are added
//! and edited all the time, and each one needed a bless (and the digests file a merge) though a
//! change of representation shows on the 40,000-odd corpus cases as surely; the fixtures have
//! their own snapshots of what the stages make of them, `grammar-tests/` of the AST itself.
//!
//! Each line is `<input digest> <output digest> <name>`, one per group of [`GROUP`] cases of a
//! corpus (named by the group's first and last case id) and one per bench corpus. A recorded
//! input whose text is not the one recorded (a corpus relabelled), a new one and an absent one
//! (no `../shared`, no `python3`) are skipped with a note: only the same text giving another JSON
//! fails. Record the corpora as they are now with
//! `FLINKDDL_BLESS=1 cargo test -p flinkddl --test parse_golden`, after a corpus is replaced or
//! after checking that a change of output is wanted.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Cases of a corpus per digest line: small enough to find a changed case by parsing a few,
/// large enough to keep the digest file short.
const GROUP: usize = 50;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// FNV-1a, 64 bits: a change detector, not a cryptographic hash. A writer, so that the JSON is
/// hashed as it is printed instead of held.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl std::io::Write for Fnv {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.add(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Hashes what `flinkddl parse` prints for `text` (its stdout: the pretty JSON and a newline).
fn hash_parse_json(text: &str, into: &mut Fnv) {
    let parse = flinkddl::parse(text);
    if let Err(e) = serde_json::to_writer_pretty(&mut *into, &parse.script()) {
        into.add(format!("serialization failed: {e}").as_bytes());
    }
    into.add(b"\n");
}

/// One digest line to compute: a name and the texts it covers.
struct Job {
    name: String,
    texts: Vec<String>,
}

impl Job {
    fn run(&self) -> Entry {
        let (mut input, mut output) = (Fnv::new(), Fnv::new());
        for text in &self.texts {
            input.add(text.as_bytes());
            input.add(&[0]);
            hash_parse_json(text, &mut output);
            output.add(&[0]);
        }
        Entry {
            input: input.0,
            output: output.0,
        }
    }
}

struct Entry {
    input: u64,
    output: u64,
}

/// The SQL text of a corpus case (the functions corpus gives a type or an expression).
fn case_sql(case: &Value) -> String {
    let s = |k: &str| {
        case.get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    match case.get("mode").and_then(Value::as_str).unwrap_or("sql") {
        "type" => format!(
            "CREATE TEMPORARY TABLE `__oracle_t` (`c` {}) WITH ('connector'='datagen')",
            s("type")
        ),
        "expr" => format!(
            "CREATE TEMPORARY TABLE `__oracle_t` ({}`x` AS {}) WITH ('connector'='datagen')",
            match s("columns").trim() {
                "" => String::new(),
                cols => format!("{cols}, "),
            },
            s("expr")
        ),
        _ => s("sql"),
    }
}

fn corpus(name: &str, path: &Path, jobs: &mut Vec<Job>) {
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let cases: Vec<(String, String)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|c| {
            let id = c
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_string();
            (id, case_sql(&c))
        })
        .collect();
    for (g, group) in cases.chunks(GROUP).enumerate() {
        let first = group.first().map_or("", |c| c.0.as_str());
        let last = group.last().map_or("", |c| c.0.as_str());
        jobs.push(Job {
            name: format!("{name}#{g:04} {first}..{last}"),
            texts: group.iter().map(|c| c.1.clone()).collect(),
        });
    }
}

/// The bench corpora at 1 MB (seed 42), generated by `../shared/bench/gen_corpus.py`.
fn bench_corpus(flavor: &str) -> Option<String> {
    let generator = root().join("../shared/bench/gen_corpus.py");
    if !generator.exists() {
        return None;
    }
    let out = std::env::temp_dir().join(format!(
        "flinkddl-golden-{flavor}-1MB-{}.sql",
        std::process::id()
    ));
    let status = std::process::Command::new("python3")
        .arg(&generator)
        .args(["--flavor", flavor, "--size", "1MB", "--seed", "42", "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .status()
        .ok()?;
    let text = std::fs::read_to_string(&out).ok();
    let _ = std::fs::remove_file(&out);
    text.filter(|_| status.success())
}

/// The repository's copies of corpora (replaced whole when relabelled, never edited).
const CORPUS_COPIES: [&str; 2] = [
    "fixtures/conformance/cases.jsonl",
    "fixtures/functions/cases.jsonl",
];

/// Whether a digest line is one this test computes (older files had a line per repository
/// `.sql` file; a bless drops those).
fn is_digested(name: &str) -> bool {
    name.starts_with("shared/")
        || CORPUS_COPIES.iter().any(|c| {
            name.strip_prefix(c)
                .is_some_and(|group| group.starts_with('#'))
        })
}

fn current() -> BTreeMap<String, Entry> {
    let root = root();
    let mut jobs = Vec::new();
    for name in CORPUS_COPIES {
        corpus(name, &root.join(name), &mut jobs);
    }
    for shared in ["queries", "realworld"] {
        corpus(
            &format!("shared/{shared}/cases.jsonl"),
            &root.join(format!("../shared/{shared}/cases.jsonl")),
            &mut jobs,
        );
    }
    for flavor in ["flink", "both"] {
        if let Some(text) = bench_corpus(flavor) {
            jobs.push(Job {
                name: format!("shared/bench/gen_corpus.py --flavor {flavor} --size 1MB --seed 42"),
                texts: vec![text],
            });
        }
    }
    // Largest first, spread over the cores: a debug build parses slowly.
    jobs.sort_by_key(|j| std::cmp::Reverse(j.texts.iter().map(String::len).sum::<usize>()));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let results: Vec<Vec<(String, Entry)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else {
                            return done;
                        };
                        done.push((job.name.clone(), job.run()));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect()
    });
    results.into_iter().flatten().collect()
}

fn digests_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parse_golden.digests")
}

fn render(entries: &BTreeMap<String, Entry>) -> String {
    let mut out = String::from(
        "# flinkddl parse JSON digests: <input fnv1a-64> <output fnv1a-64> <name>. \
         Regenerate: FLINKDDL_BLESS=1 cargo test -p flinkddl --test parse_golden\n",
    );
    for (name, e) in entries {
        out.push_str(&format!("{:016x} {:016x} {name}\n", e.input, e.output));
    }
    out
}

fn recorded() -> BTreeMap<String, Entry> {
    let text = std::fs::read_to_string(digests_path()).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.splitn(3, ' ');
            let input = u64::from_str_radix(parts.next()?, 16).ok()?;
            let output = u64::from_str_radix(parts.next()?, 16).ok()?;
            Some((parts.next()?.to_string(), Entry { input, output }))
        })
        .collect()
}

#[test]
fn parse_json_is_unchanged() {
    let now = current();
    if std::env::var_os("FLINKDDL_BLESS").is_some() {
        // Inputs absent here (no ../shared) keep their recorded lines.
        let mut merged = recorded();
        merged.retain(|name, _| is_digested(name));
        for (name, e) in now {
            merged.insert(name, e);
        }
        if let Err(e) = std::fs::write(digests_path(), render(&merged)) {
            panic!("cannot write {}: {e}", digests_path().display());
        }
        return;
    }
    let recorded = recorded();
    assert!(
        !recorded.is_empty(),
        "no digests recorded: run with FLINKDDL_BLESS=1"
    );
    let mut changed = Vec::new();
    let (mut compared, mut skipped, mut new) = (0, 0, 0);
    for (name, e) in &now {
        match recorded.get(name) {
            None => new += 1,
            Some(r) if r.input != e.input => skipped += 1,
            Some(r) => {
                compared += 1;
                if r.output != e.output {
                    changed.push(name.as_str());
                }
            }
        }
    }
    let absent = recorded.keys().filter(|k| !now.contains_key(*k)).count();
    eprintln!(
        "parse golden: {compared} inputs compared, {skipped} with a different input text skipped, \
         {absent} absent here, {new} not recorded (FLINKDDL_BLESS=1 records them)"
    );
    assert!(
        changed.is_empty(),
        "`flinkddl parse` JSON changed for {} inputs (bless with FLINKDDL_BLESS=1 if wanted):\n{}",
        changed.len(),
        changed.join("\n")
    );
    // A test that compares nothing passes for nothing: every corpus here was replaced.
    assert!(
        compared > 0,
        "no input is as recorded: record the corpora with FLINKDDL_BLESS=1"
    );
}
