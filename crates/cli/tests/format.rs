//! `flinkddl format` writing files in place (the trycmd cases in `fixtures/cli/cases/format_*`
//! cover `--check`, `--diff` and standard input): a directory's files are formatted, a byte
//! order mark and CRLF line ends are kept, a second run changes nothing, and `--check` then
//! passes.

use std::path::PathBuf;
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("flinkddl-format-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

fn flinkddl(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run flinkddl: {e}"))
}

#[test]
fn formats_in_place_keeping_bom_and_line_ends() {
    let dir = scratch("in-place");
    let file = dir.join("job.sql");
    let original = "\u{feff}create table t (a int) with ('connector' = 'datagen');\r\n-- keep me\r\nselect a from t;\r\n";
    std::fs::write(&file, original).unwrap_or_else(|e| panic!("{e}"));
    let dir_arg = dir.to_string_lossy().into_owned();

    let first = flinkddl(&["format", &dir_arg]);
    assert_eq!(first.status.code(), Some(0), "{first:?}");
    assert_eq!(
        String::from_utf8_lossy(&first.stdout),
        "1 file reformatted\n"
    );
    let formatted = std::fs::read_to_string(&file).unwrap_or_default();
    assert_eq!(
        formatted,
        "\u{feff}CREATE TABLE t (\r\n    a INT\r\n)\r\nWITH (\r\n    'connector' = 'datagen'\r\n);\r\n-- keep me\r\nSELECT a\r\nFROM t;\r\n"
    );

    let second = flinkddl(&["format", &dir_arg]);
    assert_eq!(second.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&second.stdout),
        "1 file left unchanged\n"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap_or_default(),
        formatted
    );

    let check = flinkddl(&["format", "--check", &dir_arg]);
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    assert_eq!(
        String::from_utf8_lossy(&check.stdout),
        "1 file already formatted\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// As ruff: a file the formatter cannot parse is an error, under `--check` too, and is left
/// as written; the other files are still formatted.
#[test]
fn a_syntax_error_fails_and_leaves_the_file() {
    let dir = scratch("syntax");
    let broken = dir.join("broken.sql");
    let good = dir.join("good.sql");
    let _ = std::fs::write(&broken, "create table t (a int;\n");
    let _ = std::fs::write(
        &good,
        "create table u (a int) with ('connector' = 'datagen');\n",
    );
    let dir_arg = dir.to_string_lossy().into_owned();

    let check = flinkddl(&["format", "--check", &dir_arg]);
    assert_eq!(check.status.code(), Some(1), "{check:?}");
    let stderr = String::from_utf8_lossy(&check.stderr);
    assert!(
        stderr.contains("broken.sql:1:22: cannot format a file with a syntax error")
            && stderr.contains("(S005)"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&check.stdout)
        .ends_with("1 file would be reformatted, 1 file with syntax errors left as written\n"));

    let run = flinkddl(&["format", &dir_arg]);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert_eq!(
        std::fs::read_to_string(&broken).unwrap_or_default(),
        "create table t (a int;\n"
    );
    assert!(std::fs::read_to_string(&good)
        .unwrap_or_default()
        .starts_with("CREATE TABLE u (\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_file_is_an_error() {
    let dir = scratch("missing");
    let missing = dir.join("absent.sql").to_string_lossy().into_owned();
    let run = flinkddl(&["format", &missing]);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("absent.sql"));
    let _ = std::fs::remove_dir_all(&dir);
}
