//! The incremental analysis (`flinkddl::incremental`, what the language server runs on each
//! edit) gives what a whole analysis of the same text gives: random edits (typing, deleting,
//! pasting statement ends, quotes and comment markers) replayed on real scripts, each version
//! analyzed from the one before it and from scratch, and compared.

use flinkddl::incremental::Incremental;
use flinkddl::{Analysis, Options};
use flinkddl_test_support::edits::{char_boundary, Rng};
use std::path::Path;

const SNIPPETS: &[&str] = &[
    ";",
    ";\n",
    "\n",
    " ",
    "x",
    "'",
    "`",
    "/*",
    "*/",
    "-- c\n",
    "(",
    ")",
    ",",
    "INT",
    "2",
    "CREATE TABLE t (a INT);\n",
    "DROP TABLE t;\n",
    "INSERT INTO t SELECT 1;\n",
    "CREATE TABLE u (b STRING) WITH ('connector' = 'print');\n",
    "SET 'a' = 'b';\n",
    "EXECUTE STATEMENT SET BEGIN\n",
    "END;\n",
    "CREATE VIEW v AS SELECT * FROM t;\n",
    "é",
];

fn edit(text: &str, rng: &mut Rng) -> String {
    let at = char_boundary(text, rng.below(text.len() + 1));
    let removed = char_boundary(text, at + rng.below(12)).max(at);
    let inserted = match rng.below(4) {
        // A piece of the script itself, pasted elsewhere.
        0 => {
            let from = char_boundary(text, rng.below(text.len() + 1));
            let to = char_boundary(text, from + rng.below(80)).max(from);
            text[from..to].to_string()
        }
        1 => String::new(),
        _ => SNIPPETS[rng.below(SNIPPETS.len())].to_string(),
    };
    format!("{}{}{}", &text[..at], inserted, &text[removed..])
}

/// Typing: a character typed or deleted, or a whole line pasted, anywhere; the statements
/// after such an edit mostly read as before, so these edits exercise the replay.
fn typing_edit(text: &str, rng: &mut Rng) -> String {
    let at = char_boundary(text, rng.below(text.len() + 1));
    match rng.below(4) {
        0 => {
            let removed = char_boundary(text, at + 1 + rng.below(3)).max(at);
            format!("{}{}", &text[..at], &text[removed..])
        }
        1 => {
            let from = char_boundary(text, rng.below(text.len() + 1));
            let line_start = text[..from].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[from..].find('\n').map_or(text.len(), |i| from + i + 1);
            let at = text[..at].rfind('\n').map_or(0, |i| i + 1);
            format!(
                "{}{}{}",
                &text[..at],
                &text[line_start..line_end],
                &text[at..]
            )
        }
        _ => {
            let typed = ["x", "1", "_", " ", "\n", "r1", "é"][rng.below(7)];
            format!("{}{}{}", &text[..at], typed, &text[at..])
        }
    }
}

fn summary(a: &Analysis) -> String {
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        a.parse.script(),
        a.parse.tokens(),
        a.parse.trivia,
        a.parse.errors,
        a.diagnostics,
        a.tables,
        a.created,
        a.model
    )
}

/// Replays `edits` random edits; returns how many re-read the script from a later statement
/// than the first, and how many took statements after the edit over (so that the test does
/// compare reuse, not only whole analyses).
fn replay(
    name: &str,
    text: &str,
    edits: usize,
    seed: u64,
    options: &Options,
    edit: fn(&str, &mut Rng) -> String,
) -> (usize, usize) {
    let mut rng = Rng(seed);
    let mut reused = 0;
    let mut replayed = 0;
    let (mut analysis, mut state) = Incremental::new(text, options);
    let mut text = text.to_string();
    for round in 0..edits {
        let next = edit(&text, &mut rng);
        reused += usize::from(flinkddl::syntax::reparse(&analysis.parse, &text, &next).1 > 0);
        let (incremental, next_state) = state.update(&analysis, &text, &next, options);
        replayed += usize::from(next_state.replayed() > 0);
        let whole = flinkddl::analyze_with(&next, options);
        if summary(&incremental) != summary(&whole) {
            panic!(
                "{name}, seed {seed}, edit {round}: the incremental analysis differs from the whole one on\n{next}"
            );
        }
        (analysis, state, text) = (incremental, next_state, next);
    }
    (reused, replayed)
}

fn corpus_script(path: &Path, cases: usize) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut out = String::new();
    for line in text.lines().take(cases) {
        let case: serde_json::Value = serde_json::from_str(line).ok()?;
        if let Some(sql) = case.get("sql").and_then(|s| s.as_str()) {
            out.push_str(sql.trim_end().trim_end_matches(';'));
            out.push_str(";\n");
        }
    }
    Some(out)
}

#[test]
fn random_edits_analyze_as_the_whole_text() {
    let (edits, reused, _) = replay_on_scripts(edit);
    assert!(
        reused * 2 > edits,
        "only {reused} of {edits} edits reused statements"
    );
}

#[test]
fn typing_replays_statements_and_analyzes_as_the_whole_text() {
    let (edits, _, replayed) = replay_on_scripts(typing_edit);
    assert!(
        replayed * 3 > edits,
        "only {replayed} of {edits} edits replayed statements after the edit"
    );
}

/// Replays edits on each script in both session modes: (edits, how many resumed, how many
/// replayed statements after the edit).
fn replay_on_scripts(edit: fn(&str, &mut Rng) -> String) -> (usize, usize, usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut scripts = vec![(
        "generated tables".to_string(),
        (0..60)
            .map(|i| {
                format!(
                    "CREATE TABLE t{i} (id BIGINT, p DECIMAL(10, 2), ts TIMESTAMP(3), \
                     WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) \
                     WITH ('connector' = 'kafka', 'topic' = 't{i}');\n\
                     INSERT INTO t{i} SELECT * FROM t{};\n",
                    i / 2
                )
            })
            .collect::<String>(),
    )];
    // Mostly plain CREATE TABLEs, as large scripts are (the statements replayed after an edit),
    // with what makes a table depend on another: LIKE, views, inserts, duplicates, temporary
    // tables hiding permanent ones, IF NOT EXISTS, errors.
    scripts.push((
        "related tables".to_string(),
        (0..40)
            .map(|i| {
                let table = format!(
                    "CREATE TABLE r{i} (id BIGINT, p DECIMAL(10, 2), ts TIMESTAMP(3), \
                     c AS p * 2, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) \
                     WITH ('connector' = 'datagen');\n"
                );
                let extra = match i % 8 {
                    1 => format!("CREATE TABLE l{i} WITH ('connector' = 'print') LIKE r{};\n", i - 1),
                    3 => format!("CREATE VIEW v{i} AS SELECT id, p FROM r{};\n", i - 2),
                    4 => format!("INSERT INTO r{i} SELECT * FROM r{};\n", i / 2),
                    5 => format!("CREATE TABLE r{} (x INT) WITH ('connector' = 'datagen');\n", i - 1),
                    6 => format!("CREATE TEMPORARY TABLE r{} (y INT) WITH ('connector' = 'datagen');\n", i - 3),
                    7 => format!("CREATE TABLE IF NOT EXISTS r{} (z INT);\nCREATE TABLE bad{i} (a INT, a INT);\n", i - 1),
                    _ => String::new(),
                };
                table + &extra
            })
            .collect::<String>(),
    ));
    for (corpus, cases) in [
        ("fixtures/conformance/cases.jsonl", 120),
        ("../shared/queries/cases.jsonl", 40),
        ("../shared/realworld/cases.jsonl", 40),
    ] {
        if let Some(s) = corpus_script(&root.join(corpus), cases) {
            scripts.push((corpus.to_string(), s));
        }
    }
    // The second as the language server analyzes: external objects assumed, the semantic
    // model recorded (kept from the earlier version before the edit, recorded after it).
    let options = [
        Options::default(),
        Options {
            assume_external_objects: true,
            semantic_model: true,
            ..Options::default()
        },
    ];
    let (mut edits, mut reused, mut replayed) = (0, 0, 0);
    for (i, (name, text)) in scripts.iter().enumerate() {
        for (j, o) in options.iter().enumerate() {
            let (r, p) = replay(name, text, 25, 1 + (i * 2 + j) as u64 * 7919, o, edit);
            eprintln!("{name}: {r} resumed, {p} replayed");
            reused += r;
            replayed += p;
            edits += 25;
        }
    }
    eprintln!("{edits} edits: {reused} resumed, {replayed} replayed statements after the edit");
    (edits, reused, replayed)
}

/// A script large enough that the text after an edit is read in pieces on several threads
/// (`syntax::reparse` reads only the text after the edit's statement): edits in the first and
/// last pieces, across the pieces' cuts, at one place again and again (the kept statements'
/// tree is the one before the typing began) and moving down the script (each version keeps the
/// one before alive, up to a limit), adding and removing `;`, opening a string that runs to the
/// end; each version analyzed from the one before it and compared with a whole analysis.
#[test]
fn edits_of_a_large_script_analyze_as_the_whole_text() {
    // Mostly CREATE TABLEs, as large scripts are (an INSERT is bound again after every edit
    // before it: a few keep the test quick in a debug build).
    let text: String = (0..7000)
        .map(|i| {
            let insert = if i % 100 == 99 {
                format!("INSERT INTO t{i} SELECT * FROM t{};\n", i / 2)
            } else {
                String::new()
            };
            format!(
                "CREATE TABLE t{i} (id BIGINT, p DECIMAL(10, 2), ts TIMESTAMP(3), \
                 WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) \
                 WITH ('connector' = 'kafka', 'topic' = 't{i}');\n{insert}"
            )
        })
        .collect();
    assert!(text.len() > 2 * 512 * 1024, "{} bytes", text.len());
    let options = Options::default();
    fn at(text: &str, fraction: f64) -> usize {
        let target = (text.len() as f64 * fraction) as usize;
        target + text[target..].find("DECIMAL(1").unwrap_or(0)
    }
    type Edit = Box<dyn Fn(&str) -> String>;
    fn replace(fraction: f64, len: usize, with: &'static str) -> Edit {
        Box::new(move |t: &str| {
            let from = at(t, fraction);
            let to = (from + len).min(t.len());
            format!("{}{with}{}", &t[..from], &t[to..])
        })
    }
    // Takes out the byte an edit put before the place.
    fn undo_insert(fraction: f64) -> Edit {
        Box::new(move |t: &str| {
            let from = at(t, fraction);
            format!("{}{}", &t[..from - 1], &t[from..])
        })
    }
    let edits: Vec<(&str, Edit)> = vec![
        ("middle", replace(0.5, 10, "DECIMAL(12")),
        ("middle again", replace(0.5, 10, "DECIMAL(10")),
        ("middle, third time", replace(0.5, 10, "DECIMAL(11")),
        ("further down", replace(0.55, 10, "DECIMAL(12")),
        ("further down again", replace(0.6, 10, "DECIMAL(12")),
        ("and again", replace(0.65, 10, "DECIMAL(12")),
        ("and again, past the limit", replace(0.7, 10, "DECIMAL(12")),
        ("first piece", replace(0.01, 10, "DECIMAL(13")),
        ("last piece", replace(0.99, 10, "DECIMAL(13")),
        ("a `;` in a statement", replace(0.4, 0, ";")),
        ("the `;` taken out again", undo_insert(0.4)),
        (
            "a `;` removed: two statements become one",
            Box::new(|t: &str| {
                let from = at(t, 0.45);
                let semicolon = from + t[from..].find(";\n").unwrap_or(0);
                format!("{}{}", &t[..semicolon], &t[semicolon + 1..])
            }),
        ),
        ("a string opened", replace(0.3, 0, "'")),
        ("and taken out", undo_insert(0.3)),
        ("a cut's worth deleted", replace(0.2, 300_000, "")),
        (
            "a line pasted at the end",
            Box::new(|t: &str| format!("{t}CREATE TABLE z (a INT);\n")),
        ),
    ];
    let (mut analysis, mut state) = Incremental::new(&text, &options);
    let mut text = text;
    let mut kept = 0;
    for (name, edit) in &edits {
        let next = edit(&text);
        assert_ne!(next, text, "{name}: no change");
        kept += usize::from(flinkddl::syntax::reparse(&analysis.parse, &text, &next).1 > 0);
        let (incremental, next_state) = state.update(&analysis, &text, &next, &options);
        let whole = flinkddl::analyze_with(&next, &options);
        // `summary`'s text, compared without printing 1.2 MB of tree.
        let (a, b) = (&incremental, &whole);
        assert!(
            a.parse.script() == b.parse.script()
                && a.parse.tokens() == b.parse.tokens()
                && a.parse.trivia == b.parse.trivia
                && a.parse.errors == b.parse.errors
                && a.diagnostics == b.diagnostics
                && a.tables == b.tables
                && a.created == b.created,
            "{name}: the incremental analysis differs from the whole one"
        );
        (analysis, state, text) = (incremental, next_state, next);
    }
    assert!(kept + 2 >= edits.len(), "only {kept} edits kept statements");
}
