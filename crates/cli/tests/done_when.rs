//! Issue 5's "Done when", asserted on real input (`fixtures/cli/project`): a file with three
//! syntax mistakes, a file with five binding mistakes, a file that is not UTF-8 and a valid
//! file with a byte order mark and CRLF line ends. Every mistake is reported on its line, the
//! non-UTF-8 file gets exactly one diagnostic, the valid file none, and the exit status is 1.
//! (The SARIF of the same directory is validated against the SARIF 2.1.0 schema in
//! `sarif.rs`; `explain` for every code is `explain.rs`; the output formats are snapshotted in
//! `fixtures/cli/cases`.)

use serde_json::Value;
use std::process::Command;

fn check_project(format: &str) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/cli"))
        .args(["check", "project", "--format", format])
        .env("NO_COLOR", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run flinkddl: {e}"));
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// (line, code, stage) of each diagnostic of `file`.
fn found(json: &Value, file: &str) -> Vec<(u64, String, String)> {
    json["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["file"] == file)
        .map(|d| {
            (
                d["line"].as_u64().unwrap_or(0),
                d["code"].as_str().unwrap_or("").to_string(),
                d["stage"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn the_mixed_directory_gives_every_mistake_on_its_line_and_exit_1() {
    let (status, stdout) = check_project("json");
    assert_eq!(status, Some(1));
    let json: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));

    // Three syntax mistakes: a missing comma (line 5), a trailing comma (line 8) and a missing
    // type (line 13), one diagnostic each.
    let syntax = found(&json, "project/three_syntax_mistakes.sql");
    let lines: Vec<u64> = syntax.iter().map(|(l, _, _)| *l).collect();
    assert_eq!(lines, vec![5, 8, 13], "{syntax:?}");
    assert!(syntax.iter().all(|(_, _, stage)| stage == "syntax"));

    // Five binding mistakes, one per line: PRIMARY KEY without NOT ENFORCED, an unknown
    // partition column, a duplicate column, a missing LIKE source, an unknown type.
    let bind = found(&json, "project/five_mistakes.sql");
    let expected: Vec<(u64, String, String)> = [
        (1, "B030"),
        (2, "B040"),
        (3, "B010"),
        (4, "B050"),
        (5, "B001"),
    ]
    .iter()
    .map(|(l, c)| (*l, c.to_string(), "bind".to_string()))
    .collect();
    assert_eq!(bind, expected);

    // Not UTF-8: exactly one diagnostic, at the first bad byte.
    let latin1 = found(&json, "project/latin1.sql");
    assert_eq!(latin1, vec![(1, "F001".to_string(), "syntax".to_string())]);

    // BOM + CRLF, valid: nothing.
    assert!(found(&json, "project/bom_crlf.sql").is_empty());

    let summary = &json["summary"];
    assert_eq!(summary["files"], 4);
    assert_eq!(summary["errors"], 9);
    assert_eq!(summary["warnings"], 0);
}

#[test]
fn every_output_format_exits_1_on_the_mixed_directory() {
    for format in ["human", "json", "sarif", "github"] {
        let (status, stdout) = check_project(format);
        assert_eq!(status, Some(1), "{format}");
        assert!(!stdout.is_empty(), "{format}");
    }
}
