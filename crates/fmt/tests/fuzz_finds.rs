//! `fixtures/format-fuzz/*.sql`: the inputs the format fuzz target (`fuzz/fuzz_targets/format.rs`)
//! found, kept as regression cases, and others of the same kinds (an invalid character or
//! white space the lexer treats specially at a statement's edge). Each must have the properties the fuzz target checks:
//! formatting terminates, formatting twice gives the same text, and every comment's text is
//! kept in order. The formatted text is an insta snapshot beside the input, control characters
//! other than line feeds escaped (`INSTA_UPDATE=always cargo test -p flinkddl-fmt --test
//! fuzz_finds` to bless). A first line `-- format: key = value, ...` sets the options, as in
//! `fixtures/format`. A snapshot without its `.sql` fails.

use flinkddl_fmt::format;
use flinkddl_test_support::fixtures;
use std::path::PathBuf;
use support::options_of;

mod support;

fn root() -> PathBuf {
    fixtures::repo_dir("fixtures/format-fuzz")
}

/// The text with control characters (a vertical tab, a lone `\r`) visible in the snapshot.
fn visible(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' => "\n".to_string(),
            c if c.is_control() || (c.is_whitespace() && c != ' ') => {
                c.escape_unicode().to_string()
            }
            c => c.to_string(),
        })
        .collect()
}

#[test]
fn fuzz_finds() {
    let all = fixtures::sql_files(&root());
    assert!(!all.is_empty(), "no cases under {}", root().display());
    for path in all {
        let name = fixtures::case_name(&path);
        // Read as the fuzz target does: lossily, so that a case may hold any bytes.
        let bytes = std::fs::read(&path).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let options = options_of(&text);
        let once = format(&text, &options);
        let twice = format(&once, &options);
        assert_eq!(once, twice, "{name}: not idempotent");
        assert_eq!(
            support::comments_without_cr(&text),
            support::comments_without_cr(&once),
            "{name}: comments changed"
        );
        fixtures::snapshot_settings(&root()).bind(|| insta::assert_snapshot!(name, visible(&once)));
    }
}

#[test]
fn no_orphan_snapshots() {
    support::assert_only_cases_and_snapshots(&root());
}
