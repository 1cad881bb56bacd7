//! `parse_in_chunks` (several cores) reads every text exactly as `parse_sequential` does: the
//! same statements, tokens, trivia and errors, or it declines (`None`). Over the fixtures and
//! grammar tests one by one, the corpora's cases as scripts of many statements, and the 1 MB
//! bench corpora (when `../shared` is there), each cut into 2 to 7 pieces.

use flinkddl_syntax::{parse_in_chunks, parse_sequential};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sql_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        if path.is_dir() {
            sql_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "sql") {
            out.push(path);
        }
    }
}

/// A corpus's cases as one script, a statement per case (broken ones included).
fn corpus_script(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut out = String::new();
    for line in text.lines() {
        let Ok(case) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if let Some(sql) = case.get("sql").and_then(|s| s.as_str()) {
            out.push_str(sql.trim_end().trim_end_matches(';'));
            out.push_str(";\n");
        }
    }
    Some(out)
}

fn bench_corpus(flavor: &str) -> Option<String> {
    let generator = root().join("../shared/bench/gen_corpus.py");
    let out = std::env::temp_dir().join(format!(
        "flinkddl-chunks-{flavor}-{}.sql",
        std::process::id()
    ));
    std::process::Command::new("python3")
        .arg(&generator)
        .args(["--flavor", flavor, "--size", "1MB", "--seed", "7", "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .ok()
        .filter(|s| s.success())?;
    let text = std::fs::read_to_string(&out).ok();
    let _ = std::fs::remove_file(&out);
    text
}

/// Compares the two parses of `text`; returns how many cuts were kept.
fn check(name: &str, text: &str, pieces: usize) -> bool {
    let Some(chunked) = parse_in_chunks(text, pieces) else {
        return false;
    };
    let whole = parse_sequential(text);
    assert_eq!(
        format!("{:?}", chunked.script()),
        format!("{:?}", whole.script()),
        "{name} in {pieces} pieces: statements differ"
    );
    assert_eq!(chunked.trivia, whole.trivia, "{name} in {pieces}: trivia");
    assert_eq!(
        format!("{:?}", chunked.errors),
        format!("{:?}", whole.errors),
        "{name} in {pieces} pieces: errors differ"
    );
    true
}

#[test]
fn pieces_read_as_the_whole_text() {
    let root = root();
    let mut inputs: Vec<(String, String)> = Vec::new();
    let mut files = Vec::new();
    sql_files(&root.join("fixtures"), &mut files);
    sql_files(&root.join("grammar-tests"), &mut files);
    files.sort();
    for f in files {
        if let Ok(text) = std::fs::read_to_string(&f) {
            inputs.push((f.display().to_string(), text));
        }
    }
    for corpus in [
        "fixtures/conformance/cases.jsonl",
        "../shared/queries/cases.jsonl",
        "../shared/realworld/cases.jsonl",
    ] {
        if let Some(text) = corpus_script(&root.join(corpus)) {
            inputs.push((corpus.to_string(), text));
        }
    }
    for flavor in ["flink", "both"] {
        if let Some(text) = bench_corpus(flavor) {
            inputs.push((format!("bench corpus {flavor}"), text));
        }
    }
    // Every grammar test glued into one script: cuts land after broken statements too.
    let glued: String = inputs
        .iter()
        .filter(|(n, _)| n.contains("grammar-tests"))
        .map(|(_, t)| format!("{t}\n;\n"))
        .collect();
    inputs.push(("grammar-tests glued".to_string(), glued));
    let mut split = 0;
    let mut declined = 0;
    for (name, text) in &inputs {
        for pieces in 2..=7 {
            if check(name, text, pieces) {
                split += 1;
            } else {
                declined += 1;
                // The bench corpora are valid scripts of `;\n`-ended statements: every cut
                // must be kept there, or the big files the cuts are for read on one core.
                assert!(
                    !name.starts_with("bench corpus"),
                    "{name} in {pieces} pieces was declined"
                );
            }
        }
    }
    // The tokens a parse keeps (the language server's) are the lexer's, whether the parse was
    // cut in pieces (the bench corpora, on more than one thread) or not.
    for (name, text) in &inputs {
        let kept = flinkddl_syntax::parse_keeping_tokens(text);
        let lexed = flinkddl_syntax::lex(text);
        assert!(
            kept.tokens() == lexed.tokens.as_slice(),
            "{name}: the kept tokens differ from the lexer's"
        );
    }
    eprintln!("{split} cut parses equal to the whole; {declined} declined");
    assert!(split > inputs.len(), "too few texts were cut: {split}");
}
