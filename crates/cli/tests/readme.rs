//! The README cannot go stale: every figure it states carries a `<!--fig:corpus.key-->` marker
//! and equals what the ratchets measured (`fixtures/figures/`, checked by the ratchets
//! themselves), every share it states is so marked, and its two set-up commands work (the test
//! one is what `.ci/run` calls).

use flinkddl_test_support::markdown::prose;
use flinkddl_test_support::{figures, fixtures::repo_dir};

const MARKER: &str = "<!--fig:";

#[test]
fn every_figure_is_marked_and_measured() {
    let readme = std::fs::read_to_string(repo_dir("README.md")).unwrap_or_default();
    let text = prose(&readme);
    let measured = figures::all();
    assert!(!measured.is_empty(), "fixtures/figures/ is empty");
    let mut problems = Vec::new();
    let mut checked = 0;
    for (at, _) in text.match_indices(MARKER) {
        let rest = &text[at + MARKER.len()..];
        let key = rest.split("-->").next().unwrap_or_default();
        // The figure is the word just before the marker.
        let stated = text[..at]
            .rsplit(|c: char| c.is_whitespace() || c == '(')
            .next()
            .unwrap_or_default();
        match measured.get(key) {
            Some(value) if value == stated => checked += 1,
            Some(value) => {
                problems.push(format!("{key}: the README says {stated}, measured {value}"))
            }
            None => problems.push(format!("{key}: no such figure in fixtures/figures/")),
        }
    }
    // A share (`12.5%`) with no marker is a figure nothing checks.
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices('%') {
        if i == 0 || !bytes[i - 1].is_ascii_digit() {
            continue;
        }
        if !text[i + 1..].starts_with(MARKER) {
            let start = text[..i].rfind(char::is_whitespace).map_or(0, |s| s + 1);
            problems.push(format!(
                "`{}` has no <!--fig:...--> marker: state it from fixtures/figures/",
                &text[start..=i]
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 10, "only {checked} figures are marked");
}

#[test]
fn the_set_up_commands_work() {
    let readme = std::fs::read_to_string(repo_dir("README.md")).unwrap_or_default();
    let ci = std::fs::read_to_string(repo_dir(".ci/run")).unwrap_or_default();
    // The test command: the README's, and CI calls it.
    assert!(readme.contains("\ncargo test --workspace\n"));
    assert!(ci.lines().any(|l| l.trim() == "cargo test --workspace"));
    // The main job on the bundled example, as the quick start runs it.
    assert!(readme.contains("cargo run --release -p flinkddl-cli -- check fixtures/examples"));
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .args(["check", "fixtures/examples"])
        .current_dir(repo_dir(""))
        .output();
    let Ok(run) = run else {
        panic!("flinkddl did not start");
    };
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    assert!(String::from_utf8_lossy(&run.stdout).contains("0 errors"));
}
