//! The tests of `code_files.rs`, apart from it: that file is also compiled into the build
//! script, `crates/lint/build.rs` and `crates/xtask`, where `crate::Code` does not exist.

use crate::code_files::*;
use crate::{Code, Severity, Stage};

const GOOD: &str = "---\ncode: B999\nname: some-mistake\nvariant: SomeMistake\nstage: bind\n\
    severity: warning\ntitle: a mistake: of some kind\n---\n\nWhy.\n\n## Example\n\n\
    ```sql\nSELECT 1;\n```\n\n## Fix\n\nFix it.\n";

/// Every file of `data/codes` reads back as the generated table has it.
#[test]
fn the_table_is_the_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/codes");
    let mut errors = Vec::new();
    let mut entries = read_dir(&dir, &mut errors);
    assert!(errors.is_empty(), "{errors:?}");
    sort(&mut entries);
    assert_eq!(entries.len(), Code::ALL.len());
    for (entry, code) in entries.iter().zip(Code::ALL) {
        let info = code.info();
        let stage = format!("{:?}", info.stage);
        let severity = format!("{:?}", info.severity);
        let got = (
            entry.code.as_str(),
            entry.name.as_str(),
            entry.variant.clone(),
            entry.stage,
            entry.severity,
            entry.title.as_str(),
            entry.explanation.as_str(),
        );
        let want = (
            info.code,
            info.name,
            format!("{code:?}"),
            stage.as_str(),
            severity.as_str(),
            info.title,
            info.explanation,
        );
        assert_eq!(got, want);
    }
}

#[test]
fn a_file_reads_as_written() {
    let entry = parse("B999-some-mistake.md", &GOOD.replace('\n', "\r\n"));
    let Ok(entry) = entry else {
        panic!("{:?}", entry.err());
    };
    assert_eq!(entry.title, "a mistake: of some kind");
    assert_eq!((entry.stage, entry.severity), ("Bind", "Warning"));
    assert!(entry.explanation.starts_with("Why.\n\n## Example"));
    assert!(entry.explanation.ends_with("Fix it."));
    let generated = generate(&[entry]);
    assert!(generated.contains("    SomeMistake,\n"), "{generated}");
    assert!(generated.contains("stage: Stage::Bind,"), "{generated}");
    let _ = (Stage::Bind, Severity::Warning);
}

/// Each malformed file is rejected with a message that says what is wrong.
#[test]
fn malformed_files_say_what_is_wrong() {
    let cases = [
        (
            "B999-some-mistake.md",
            "code: B999\n",
            "does not start with a `---` line",
        ),
        (
            "B999-some-mistake.md",
            "---\ncode: B999\n",
            "is not closed by a `---` line",
        ),
        (
            "B999-some-mistake.md",
            "---\ncode B999\n---\n",
            "line 2: want `key: value`",
        ),
        (
            "B999-some-mistake.md",
            "---\ncolour: red\n---\n",
            "unknown key `colour`",
        ),
        (
            "B999-some-mistake.md",
            "---\ncode: B999\ncode: B998\n---\n",
            "`code` given twice",
        ),
        (
            "B999-some-mistake.md",
            "---\ncode: B999\n---\n",
            "no `name`",
        ),
    ];
    for (file, text, want) in cases {
        let got = parse(file, text).err().unwrap_or_default();
        assert!(got.contains(want), "{text:?}: {got:?} lacks {want:?}");
    }
    let edits = [
        ("code: B999", "code: X999", "is not one of the letters"),
        (
            "name: some-mistake",
            "name: Some_Mistake",
            "is not kebab-case",
        ),
        (
            "variant: SomeMistake",
            "variant: some_mistake",
            "is not a CamelCase",
        ),
        ("stage: bind", "stage: parse", "stage `parse` is not"),
        (
            "severity: warning",
            "severity: fatal",
            "severity `fatal` is not",
        ),
        ("## Fix", "## Remedy", "no `## Fix` section"),
        ("## Example", "## Sample", "no `## Example` section"),
    ];
    for (from, to, want) in edits {
        let text = GOOD.replace(from, to);
        let got = parse("B999-some-mistake.md", &text)
            .err()
            .unwrap_or_default();
        assert!(got.contains(want), "{to}: {got:?} lacks {want:?}");
    }
    let got = parse("B998-some-mistake.md", GOOD)
        .err()
        .unwrap_or_default();
    assert!(got.contains("want B999-some-mistake.md"), "{got}");
}

#[test]
fn a_code_name_or_variant_given_twice_fails() {
    let parsed = |file: &str, text: &str| parse(file, text).ok();
    let other = GOOD
        .replace("B999", "B998")
        .replace("some-mistake", "other-mistake");
    let entries: Vec<Entry> = [
        parsed("B999-some-mistake.md", GOOD),
        parsed(
            "B999-other-mistake.md",
            &GOOD.replace("some-mistake", "other-mistake"),
        ),
        parsed("B998-other-mistake.md", &other),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert_eq!(entries.len(), 3);
    let mut errors = Vec::new();
    check_unique(&entries, &mut errors);
    let want = [
        "B999-other-mistake.md: duplicate code `B999` (also in B999-some-mistake.md)",
        "B998-other-mistake.md: duplicate name `other-mistake` (also in B999-other-mistake.md)",
        "B999-other-mistake.md: duplicate variant `SomeMistake` (also in B999-some-mistake.md)",
        "B998-other-mistake.md: duplicate variant `SomeMistake` (also in B999-other-mistake.md)",
    ];
    assert_eq!(errors, want);
}
