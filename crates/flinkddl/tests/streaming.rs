//! The streaming check (`flinkddl::diagnose_in_pieces`: read, bind and lint a piece at a time,
//! each piece's tree freed before the next) against the whole analysis (`analyze_with`): the
//! same diagnostics, in the same order, on every `.sql` file of `fixtures/` and
//! `grammar-tests/`, on the labelled corpora's cases one by one and put end to end (so that
//! the pieces share tables, views, catalogs and uses), with pieces as small as one statement.

use flinkddl::{analyze_with, diagnose_in_pieces, diagnose_owned_with, Options};
use flinkddl_test_support::fixtures::sql_files_under;
use std::path::Path;

/// The `sql` of each case of a JSON Lines corpus (none when the file is absent).
fn cases(path: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|c| c.get("sql").and_then(|s| s.as_str()).map(str::to_string))
        .collect()
}

/// The scripts to compare on, by name.
fn scripts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = sql_files_under(&root.join("fixtures"));
    files.extend(sql_files_under(&root.join("grammar-tests")));
    let mut scripts: Vec<(String, String)> = files
        .iter()
        .filter_map(|f| Some((f.display().to_string(), std::fs::read_to_string(f).ok()?)))
        .collect();
    for corpus in [
        "fixtures/conformance/cases.jsonl",
        "../shared/conformance/cases.jsonl",
        "../shared/queries/cases.jsonl",
        "../shared/realworld/cases.jsonl",
    ] {
        let all = cases(&root.join(corpus));
        // One by one, and 40 at a time end to end.
        for (i, sql) in all.iter().enumerate() {
            scripts.push((format!("{corpus} #{i}"), sql.clone()));
        }
        for (i, chunk) in all.chunks(40).enumerate() {
            let joined: String = chunk
                .iter()
                .map(|sql| format!("{};\n", sql.trim_end().trim_end_matches(';')))
                .collect();
            scripts.push((format!("{corpus} chunk {i}"), joined));
        }
    }
    scripts
}

#[test]
fn the_streaming_check_reports_what_the_whole_analysis_does() {
    let options = [
        Options::default(),
        Options {
            assume_external_objects: true,
            ..Options::default()
        },
    ];
    let (mut compared, mut whole_only, mut pieces) = (0, 0, 0);
    for (name, text) in scripts() {
        let shared = std::sync::Arc::new(text.clone());
        for o in &options {
            let whole = analyze_with(&text, o).diagnostics;
            // One byte: a cut after every `;` and line break that can be one.
            for piece_bytes in [1, 300] {
                match diagnose_in_pieces(&shared, o, piece_bytes) {
                    Some(streamed) => {
                        assert_eq!(
                            streamed, whole,
                            "{name}, pieces of {piece_bytes} bytes, {o:?}"
                        );
                        compared += 1;
                        if piece_bytes == 1 {
                            pieces += text.matches(";\n").count().min(1);
                        }
                    }
                    None => whole_only += 1,
                }
            }
            let (streamed, back) = diagnose_owned_with(text.clone(), o);
            assert_eq!(streamed, whole, "{name}: diagnose_owned_with, {o:?}");
            assert_eq!(back, text);
            if o.assume_external_objects {
                // The editor's analysis records the semantic model (and goes on past a name
                // error to record the names after it): it must report what `check` does.
                let editor = Options {
                    semantic_model: true,
                    ..*o
                };
                let recorded = analyze_with(&text, &editor);
                assert_eq!(
                    recorded.diagnostics, whole,
                    "{name}: with the semantic model"
                );
                assert!(recorded.model.is_some());
            }
        }
    }
    eprintln!(
        "{compared} streamed checks equal to the whole analysis ({pieces} in several pieces); \
         {whole_only} texts not readable in pieces"
    );
    assert!(compared > 1000, "only {compared} comparisons");
    assert!(
        whole_only * 50 < compared,
        "{whole_only} texts not readable in pieces"
    );
}
