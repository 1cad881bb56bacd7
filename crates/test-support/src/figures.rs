//! The figures the README and the docs state, as the ratchets measure them:
//! `fixtures/figures/<corpus>.json`. A ratchet [`record`]s what it measured; under
//! `FLINKDDL_BLESS=1` the file is written, otherwise the test fails when a figure moved. The
//! README test (`crates/cli/tests/readme.rs`) checks every `<!--fig:corpus.key-->` marker of
//! the README against these files, so a stated figure cannot go stale.

use crate::fixtures::repo_dir;
use std::collections::BTreeMap;

/// Checks (or, blessing, writes) the figures of one corpus.
pub fn record(corpus: &str, figures: &[(&str, String)]) {
    let path = repo_dir(&format!("fixtures/figures/{corpus}.json"));
    let measured: BTreeMap<String, String> = figures
        .iter()
        .map(|(k, v)| ((*k).to_string(), v.clone()))
        .collect();
    if std::env::var_os("FLINKDDL_BLESS").is_some() {
        let text = serde_json::to_string_pretty(&measured).unwrap_or_default();
        let _ = std::fs::create_dir_all(repo_dir("fixtures/figures"));
        let _ = std::fs::write(&path, text + "\n");
        return;
    }
    let stored: BTreeMap<String, String> = std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    assert_eq!(
        stored,
        measured,
        "the figures of {corpus} moved: bless {} (FLINKDDL_BLESS=1) and update the README",
        path.display()
    );
}

/// All recorded figures, as `corpus.key` → the text the docs state.
pub fn all() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Ok(dir) = std::fs::read_dir(repo_dir("fixtures/figures")) else {
        return out;
    };
    for entry in dir.flatten() {
        let path = entry.path();
        let Some(corpus) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let figures: BTreeMap<String, String> = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        for (key, value) in figures {
            out.insert(format!("{corpus}.{key}"), value);
        }
    }
    out
}

/// `2,999` for 2999: how the docs write counts.
pub fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `99.0%` for 2475 of 2500: one decimal, as the docs write shares.
pub fn percent(part: usize, whole: usize) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole.max(1) as f64)
}
