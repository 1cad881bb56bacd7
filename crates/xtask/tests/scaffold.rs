//! The scaffolds, run on a copy of the directories they read and write (`--root`): the files
//! they write, and their refusals, which write nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository this test belongs to.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A root holding a copy of the code files, and empty rule and lint fixture directories.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("a temporary directory: {e}"));
    let codes = dir.path().join("crates/diagnostics/data/codes");
    for made in [&codes, &dir.path().join("crates/lint/src/rules")] {
        std::fs::create_dir_all(made).unwrap_or_else(|e| panic!("{}: {e}", made.display()));
    }
    let real = repo().join("crates/diagnostics/data/codes");
    for entry in std::fs::read_dir(&real).into_iter().flatten().flatten() {
        let to = codes.join(entry.file_name());
        std::fs::copy(entry.path(), &to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    }
    dir
}

/// Runs `xtask <args> --root <root>`: whether it succeeded, and its output and errors.
fn xtask(root: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap_or_else(|e| panic!("running xtask: {e}"));
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

fn read(root: &Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every file under `root`, relative, sorted.
fn files(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if let Ok(rel) = path.strip_prefix(root) {
                out.push(rel.display().to_string());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn new_rule_writes_the_code_file_the_rule_file_and_the_fixtures() {
    let dir = scratch();
    let root = dir.path();
    let before = files(root);
    let (ok, out) = xtask(root, &["new-rule", "shiny-new-thing", "--code", "L099"]);
    assert!(ok, "{out}");
    let written = [
        "crates/diagnostics/data/codes/L099-shiny-new-thing.md",
        "crates/lint/src/rules/shiny_new_thing.rs",
        "fixtures/lint/shiny-new-thing/invalid.sql",
        "fixtures/lint/shiny-new-thing/valid.sql",
    ];
    let mut expected: Vec<String> = before
        .into_iter()
        .chain(written.map(String::from))
        .collect();
    expected.sort();
    assert_eq!(files(root), expected);
    for path in written {
        assert!(out.contains(path), "{out}");
    }
    assert!(
        out.contains("FLINKDDL_BLESS=1 cargo test -p flinkddl-cli --test docs"),
        "{out}"
    );
    assert!(out.contains("INSTA_UPDATE=always"), "{out}");

    let code = read(root, written[0]);
    assert!(code.starts_with(
        "---\ncode: L099\nname: shiny-new-thing\nvariant: ShinyNewThing\nstage: lint\n\
         severity: warning\ntitle: shiny new thing\n---\n"
    ));
    assert!(code.contains("\n## Example\n") && code.contains("\n## Fix\n"));
    let rule = read(root, written[1]);
    assert!(rule.starts_with("//! L099 `shiny-new-thing`: "));
    assert!(rule.contains(
        "pub(crate) const RULE: Rule = Rule {\n    code: Code::ShinyNewThing,\n    \
         check: Check::Statement(check),\n};"
    ));
    assert!(read(root, written[2]).contains("CREATE TABLE"));
    assert!(read(root, written[3]).contains("CREATE TABLE"));
}

#[test]
fn new_code_writes_only_the_code_file_with_the_stage_of_its_family() {
    let dir = scratch();
    let root = dir.path();
    let (ok, out) = xtask(
        root,
        &["new-code", "B999", "odd-binding", "--stage", "bind"],
    );
    assert!(ok, "{out}");
    let code = read(root, "crates/diagnostics/data/codes/B999-odd-binding.md");
    assert!(code.contains("\nvariant: OddBinding\nstage: bind\nseverity: error\n"));
    assert!(out.contains("crates/binder"), "{out}");
    let (ok, out) = xtask(
        root,
        &[
            "new-code",
            "C099",
            "odd-option",
            "--stage",
            "connector",
            "--severity",
            "warning",
            "--title",
            "an odd option",
        ],
    );
    assert!(ok, "{out}");
    let code = read(root, "crates/diagnostics/data/codes/C099-odd-option.md");
    assert!(code.contains("\nstage: lint\nseverity: warning\ntitle: an odd option\n"));
    assert!(!root.join("crates/lint/src/rules/odd_option.rs").exists());
}

#[test]
fn refusals_write_nothing() {
    let dir = scratch();
    let root = dir.path();
    let (ok, out) = xtask(root, &["new-rule", "first-rule", "--code", "L098"]);
    assert!(ok, "{out}");
    let before = files(root);
    let refused: [(&[&str], &str); 7] = [
        // the same again: the code and the name are in use, and the files exist
        (
            &["new-rule", "first-rule", "--code", "L098"],
            "duplicate code `L098`",
        ),
        // a code of the real code table
        (
            &["new-rule", "other-rule", "--code", "L001"],
            "duplicate code `L001`",
        ),
        // a name of the real code table under another code
        (
            &["new-rule", "precision-clamped", "--code", "L097"],
            "duplicate name `precision-clamped`",
        ),
        (
            &["new-rule", "Bad_Name", "--code", "L097"],
            "is not kebab-case",
        ),
        (
            &["new-rule", "some-rule", "--code", "B097"],
            "does not start with the letter",
        ),
        (
            &["new-code", "C097", "some-code", "--stage", "bind"],
            "does not start with the letter",
        ),
        (
            &["new-code", "B9", "some-code", "--stage", "bind"],
            "three digits",
        ),
    ];
    for (args, why) in refused {
        let (ok, out) = xtask(root, args);
        assert!(!ok, "{args:?} was not refused:\n{out}");
        assert!(out.contains(why), "{args:?}: want {why:?} in:\n{out}");
    }
    // A file in the way (here the fixtures of a rule whose code file was removed).
    std::fs::remove_file(root.join("crates/diagnostics/data/codes/L098-first-rule.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    let (ok, out) = xtask(root, &["new-rule", "first-rule", "--code", "L098"]);
    assert!(!ok && out.contains("exists; nothing written"), "{out}");
    let mut expected = before;
    expected.retain(|f| !f.ends_with("L098-first-rule.md"));
    assert_eq!(files(root), expected);
}
