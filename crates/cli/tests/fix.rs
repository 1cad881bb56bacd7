//! `check --fix` over every fixture that has fixes: the fixed text reaches a fixed point, keeps
//! no fixable diagnostic, and has no diagnostic of a code (or more of a code) that the original
//! did not have. Then the real binary: `--fix` writes the files (keeping a BOM and CRLF line
//! ends), `--diff` writes nothing, and the fixed files re-check clean of the fixed codes.

mod common;

use common::flinkddl_in;
use flinkddl::diagnostics::Applicability;
use flinkddl::{Code, Diagnostic};
use flinkddl_cli::check::check_loaded;
use flinkddl_cli::config::Config;
use flinkddl_cli::fix;
use flinkddl_cli::source::{Loaded, Source};
use flinkddl_test_support::fixtures::sql_files_under;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn analyse(text: &str) -> Vec<Diagnostic> {
    let config = Config::defaults(PathBuf::from("."));
    let loaded = Loaded::Text(Source {
        text: text.to_string(),
        offset: 0,
    });
    check_loaded(String::new(), loaded, &config).diagnostics
}

fn counts(ds: &[Diagnostic]) -> BTreeMap<Code, usize> {
    let mut m = BTreeMap::new();
    for d in ds {
        *m.entry(d.code).or_insert(0) += 1;
    }
    m
}

#[test]
fn every_fixture_with_fixes_fixes_cleanly() {
    let mut files = sql_files_under(&root().join("fixtures"));
    files.extend(sql_files_under(&root().join("grammar-tests")));
    assert!(files.len() > 100, "fixtures not found: {}", files.len());
    let mut fixed_files = 0;
    let mut fixed_codes: BTreeSet<Code> = BTreeSet::new();
    let mut failures = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let before = analyse(&text);
        if !before.iter().any(|d| d.fix.is_some()) {
            continue;
        }
        for unsafe_fixes in [false, true] {
            let wanted = |d: &Diagnostic| fix::is_applied(d, unsafe_fixes);
            let out = fix::fix_text(&text, analyse, wanted);
            let name = format!("{} (unsafe fixes: {unsafe_fixes})", path.display());
            if !out.converged {
                failures.push(format!("{name}: did not converge"));
            }
            let left = out.diagnostics.iter().filter(|d| wanted(d)).count();
            if left != out.withheld {
                failures.push(format!(
                    "{name}: {left} still fixable, {} withheld",
                    out.withheld
                ));
            }
            let (old, new) = (counts(&before), counts(&out.diagnostics));
            for (code, n) in &new {
                let was = old.get(code).copied().unwrap_or(0);
                if *n > was {
                    failures.push(format!(
                        "{name}: {code} {was} -> {n} after fixing\n{}",
                        out.text
                    ));
                }
            }
            // The fixed text is a fixed point: checking it again changes nothing.
            let again = fix::fix_text(&out.text, analyse, wanted);
            if !again.applied.is_empty() {
                failures.push(format!("{name}: a second --fix changed it again"));
            }
            if unsafe_fixes && !out.applied.is_empty() {
                fixed_files += 1;
                fixed_codes.extend(out.applied.iter().map(|a| a.code));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(fixed_files >= 10, "only {fixed_files} fixtures had fixes");
    // Each code whose rule offers a fix is fixed somewhere in the fixtures.
    for code in [
        Code::DuplicateOptionKey,
        Code::DuplicatePartitionKey,
        Code::NullablePrimaryKeyColumn,
        Code::PrecisionClamped,
        Code::RowFieldCommentDropped,
        Code::PrimaryKeyEnforced,
    ] {
        assert!(fixed_codes.contains(&code), "no fixture fixes {code}");
    }
}

/// Each fix says whether it is safe, decided where it is made: every guess (a did-you-mean)
/// is unsafe, and the fixtures hold safe and unsafe fixes both.
#[test]
fn every_fix_in_the_fixtures_is_marked() {
    let files = sql_files_under(&root().join("fixtures"));
    let mut seen: BTreeMap<(Code, Applicability), usize> = BTreeMap::new();
    let mut guesses = 0;
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        for d in analyse(&text) {
            let Some(f) = &d.fix else { continue };
            *seen.entry((d.code, f.applicability)).or_insert(0) += 1;
            let help = d.help.as_deref().unwrap_or_default();
            if help.starts_with("did you mean") || help.contains("misspelling") {
                guesses += 1;
                assert_eq!(
                    f.applicability,
                    Applicability::Unsafe,
                    "{}: {d:?}",
                    path.display()
                );
            }
        }
    }
    assert!(guesses > 50, "{guesses} did-you-mean fixes");
    for expected in [
        (Code::PrimaryKeyEnforced, Applicability::Safe),
        (Code::DuplicateOptionKey, Applicability::Safe),
        (Code::RowFieldCommentDropped, Applicability::Unsafe),
        (Code::UnknownQueryColumn, Applicability::Unsafe),
    ] {
        assert!(seen.contains_key(&expected), "{expected:?}: {seen:?}");
    }
}

#[test]
fn fix_writes_files_and_diff_does_not() {
    let dir = std::env::temp_dir().join(format!("flinkddl-fix-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let crlf = "CREATE TABLE t (id INT NULL, PRIMARY KEY (id))\r\nWITH ('connector' = 'datagen', 'connector' = 'datagen');\r\n";
    std::fs::write(dir.join("crlf.sql"), crlf).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.join("bom.sql"),
        "\u{feff}CREATE TABLE u (ts TIMESTAMP(3), WATERMARK FOR tss AS ts) \
         WITH ('connector' = 'datagen', 'connector' = 'datagen');\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("clean.sql"), "CREATE TABLE c (a INT);\n")
        .unwrap_or_else(|e| panic!("{e}"));

    let diff = flinkddl_in(&dir, &["check", "--diff", "."]);
    assert_eq!(diff.status.code(), Some(1));
    let shown = String::from_utf8_lossy(&diff.stdout);
    assert!(
        shown.contains("--- a/crlf.sql") && shown.contains("+++ b/crlf.sql"),
        "{shown}"
    );
    assert!(shown.contains("NOT ENFORCED"), "{shown}");
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap_or_default();
    assert_eq!(read("crlf.sql"), crlf, "--diff wrote the file");

    let fixed = flinkddl_in(&dir, &["check", "--fix", "."]);
    let stdout = String::from_utf8_lossy(&fixed.stdout);
    // What is left: the watermark typo (an unsafe guess) is an error.
    assert_eq!(fixed.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("Fixed 4 diagnostics in 2 files."),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 diagnostic fixable with --unsafe-fixes."),
        "{stdout}"
    );
    assert_eq!(
        read("crlf.sql"),
        "CREATE TABLE t (id INT NOT NULL, PRIMARY KEY (id) NOT ENFORCED)\r\nWITH ('connector' = 'datagen');\r\n"
    );
    assert_eq!(
        read("bom.sql"),
        "\u{feff}CREATE TABLE u (ts TIMESTAMP(3), WATERMARK FOR tss AS ts) \
         WITH ('connector' = 'datagen');\n"
    );

    let unsafe_fixed = flinkddl_in(&dir, &["check", "--fix", "--unsafe-fixes", "."]);
    assert_eq!(unsafe_fixed.status.code(), Some(0));
    assert!(read("bom.sql").contains("WATERMARK FOR ts AS ts"));
    let clean = flinkddl_in(&dir, &["check", "--diff", "--unsafe-fixes", "."]);
    assert_eq!(clean.status.code(), Some(0));
    assert!(clean.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn statistics_selection_output_file_and_quiet() {
    let dir = root().join("fixtures/lint/duplicate-option-key");
    let out_dir = std::env::temp_dir().join(format!("flinkddl-out-{}", std::process::id()));
    let out_file = out_dir.join("nested/stats.json");
    let out_text = out_file.display().to_string();
    let stats = flinkddl_in(
        &dir,
        &[
            "check",
            "invalid.sql",
            "--statistics",
            "--format",
            "json",
            "--output-file",
            &out_text,
        ],
    );
    assert!(stats.stdout.is_empty());
    let written = std::fs::read_to_string(&out_file).unwrap_or_default();
    let value: serde_json::Value =
        serde_json::from_str(&written).unwrap_or_else(|e| panic!("{e}: {written}"));
    let first = &value[0];
    assert_eq!(first["code"], "L002");
    assert!(first["count"].as_u64().unwrap_or(0) >= 1);
    let _ = std::fs::remove_dir_all(&out_dir);

    let ignored = flinkddl_in(
        &dir,
        &["check", "invalid.sql", "--ignore", "duplicate-option-key"],
    );
    let text = String::from_utf8_lossy(&ignored.stdout);
    assert!(!text.contains("L002"), "{text}");
    let selected = flinkddl_in(&dir, &["check", "invalid.sql", "--select", "L0", "-q"]);
    let text = String::from_utf8_lossy(&selected.stdout);
    assert!(
        text.contains("L002") && !text.contains("Checked "),
        "{text}"
    );
    let bad = flinkddl_in(&dir, &["check", "invalid.sql", "--select", "nonsense"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown rule `nonsense`"));
}

#[test]
fn thousands_of_fixes_some_of_which_reveal_errors() {
    // Every third table names an unknown key column: adding NOT ENFORCED there would reveal
    // B033, so that fix is withheld; the other tables' fixes all apply, in a bounded number of
    // analyses.
    let mut text = String::new();
    for i in 0..3000 {
        if i % 3 == 0 {
            text.push_str(&format!("CREATE TABLE t{i} (id INT, PRIMARY KEY (idx));\n"));
        } else {
            text.push_str(&format!(
                "CREATE TABLE u{i} (id INT NULL, PRIMARY KEY (id) NOT ENFORCED) \
                 WITH ('connector' = 'datagen', 'connector' = 'datagen');\n"
            ));
        }
    }
    let mut analyses = 0;
    let out = fix::fix_text(
        &text,
        |t| {
            analyses += 1;
            analyse(t)
        },
        |d| fix::is_applied(d, false),
    );
    assert_eq!(out.applied.len(), 4000);
    assert_eq!(out.withheld, 1000);
    assert!(out.converged);
    assert!(analyses <= 8, "{analyses} analyses");
    assert!(!out
        .diagnostics
        .iter()
        .any(|d| d.code == Code::PrimaryKeyColumnUnknown));
}
