//! `reparse` (the language server's parse of each new version) gives what a whole parse of the
//! new text gives: the same statements, tokens, trivia and errors, whether it takes the
//! statements before the edit over from the earlier version (and the tree they live in) or
//! reads the text whole. Edits are chained, each version re-parsed from the one before, so the
//! kept trees' chain and its limit are exercised; the texts are large enough that the text after
//! the edit is read in pieces on several threads.

use flinkddl_syntax::{parse_keeping_tokens, reparse, Parse};
use flinkddl_test_support::edits::{char_boundary, Rng};
use std::path::Path;

const SNIPPETS: &[&str] = &[
    ";",
    ";\n",
    "\n",
    "x",
    "'",
    "`",
    "/*",
    "*/",
    "-- c\n",
    "(",
    ")",
    "INT",
    "é",
    "\u{0}",
    "CREATE TABLE t (a INT);\n",
    "EXECUTE STATEMENT SET BEGIN\n",
    "END;\n",
    "SET 'a' = 'b';\n",
];

/// An edit near `around` (a fraction of the text), so that edits come in places as typing does.
fn edit(text: &str, rng: &mut Rng, around: f64) -> String {
    let spread = text.len() / 20 + 1;
    let centre = (text.len() as f64 * around) as usize;
    let at = char_boundary(
        text,
        (centre + rng.below(spread)).saturating_sub(spread / 2),
    );
    let removed = char_boundary(text, at + rng.below(8)).max(at);
    let inserted = SNIPPETS[rng.below(SNIPPETS.len())];
    format!("{}{}{}", &text[..at], inserted, &text[removed..])
}

fn same(name: &str, round: usize, got: &Parse, want: &Parse) {
    assert!(
        got.script() == want.script(),
        "{name}, edit {round}: statements differ"
    );
    assert!(
        got.tokens() == want.tokens(),
        "{name}, edit {round}: tokens"
    );
    assert!(got.trivia == want.trivia, "{name}, edit {round}: trivia");
    assert_eq!(
        format!("{:?}", got.errors),
        format!("{:?}", want.errors),
        "{name}, edit {round}: errors"
    );
}

fn generated(tables: usize) -> String {
    (0..tables)
        .map(|i| {
            format!(
                "CREATE TABLE t{i} (id BIGINT COMMENT 'the id; not reused', p DECIMAL(10, 2), \
                 ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) \
                 WITH ('connector' = 'kafka', 'topic' = 't{i}');\n\
                 -- a comment; with a `;`\n\
                 INSERT INTO t{i} SELECT id, p, ts FROM t{} WHERE p > 1;\n",
                i / 2
            )
        })
        .collect()
}

#[test]
fn chained_reparses_read_as_the_whole_text() {
    let mut texts = vec![("generated".to_string(), generated(4000))];
    let bench = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/realworld/cases.jsonl");
    if let Ok(cases) = std::fs::read_to_string(bench) {
        let mut script = String::new();
        for line in cases.lines() {
            if let Ok(case) = serde_json::from_str::<serde_json::Value>(line) {
                if let Some(sql) = case.get("sql").and_then(|s| s.as_str()) {
                    script.push_str(sql.trim_end().trim_end_matches(';'));
                    script.push_str(";\n");
                }
            }
        }
        // Large enough to be read in pieces.
        while !script.is_empty() && script.len() < 1 << 20 {
            script = script.repeat(2);
        }
        texts.push(("realworld cases".to_string(), script));
    }
    for (i, (name, text)) in texts.iter().enumerate() {
        let mut rng = Rng(17 + i as u64);
        let mut old = parse_keeping_tokens(text);
        let mut text = text.clone();
        let mut kept = 0;
        let rounds = 24;
        for round in 0..rounds {
            // Typing moves down the text, then jumps back up, then stays in one place.
            let around = match round / 8 {
                0 => 0.3 + round as f64 * 0.05,
                1 => 0.9 - (round % 8) as f64 * 0.1,
                _ => 0.5,
            };
            let next = edit(&text, &mut rng, around);
            let (parse, first) = reparse(&old, &text, &next);
            kept += usize::from(first > 0);
            same(name, round, &parse, &parse_keeping_tokens(&next));
            (old, text) = (parse, next);
        }
        assert!(
            kept * 2 > rounds,
            "{name}: only {kept} edits kept statements"
        );
    }
}
