//! The from-source pre-commit hook: `.pre-commit-hooks.yaml` names
//! `tools/pre-commit/flinkddl-hook` as the `language: script` hook `flinkddl-from-source`, the
//! README's config uses the `flinkddl` id (`language: python`, the wheel; real pre-commit runs
//! it in crates/python/tests/test_pre_commit.py), and the script runs
//! `flinkddl check` on the files it is given (a failing file fails, a clean file passes). The
//! script's cargo build is not run here: it finds an up-to-date binary in
//! `FLINKDDL_HOOK_TARGET_DIR`. (`pre-commit try-repo` against the real build is in the session
//! report of issue 5.)

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

#[test]
fn the_hook_is_declared_documented_and_executable() {
    let hooks = std::fs::read_to_string(root().join(".pre-commit-hooks.yaml"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(hooks.contains("- id: flinkddl\n"));
    assert!(hooks.contains("- id: flinkddl-from-source\n"));
    assert!(hooks.contains("entry: tools/pre-commit/flinkddl-hook\n  language: script\n"));
    let readme =
        std::fs::read_to_string(root().join("README.md")).unwrap_or_else(|e| panic!("{e}"));
    assert!(readme.contains("repos:\n  - repo: ") && readme.contains("hooks: [{id: flinkddl}]"));
    let mode = std::fs::metadata(root().join("tools/pre-commit/flinkddl-hook"))
        .unwrap_or_else(|e| panic!("{e}"))
        .permissions()
        .mode();
    assert!(mode & 0o111 != 0, "the hook script is not executable");
}

#[test]
fn the_hook_script_fails_a_bad_file_and_passes_a_clean_one() {
    let dir = std::env::temp_dir().join(format!("flinkddl-hook-{}", std::process::id()));
    let release = dir.join("target/release");
    std::fs::create_dir_all(&release).unwrap_or_else(|e| panic!("{e}"));
    std::fs::copy(env!("CARGO_BIN_EXE_flinkddl"), release.join("flinkddl"))
        .unwrap_or_else(|e| panic!("{e}"));
    let bad = dir.join("bad.sql");
    let good = dir.join("good.sql");
    std::fs::write(&bad, "CREATE TABLE t (id INT, PRIMARY KEY (id));\n")
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        &good,
        "CREATE TABLE t (id INT, PRIMARY KEY (id) NOT ENFORCED);\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let run = |file: &Path| {
        Command::new(root().join("tools/pre-commit/flinkddl-hook"))
            .arg(file)
            .env("FLINKDDL_HOOK_TARGET_DIR", dir.join("target"))
            .env("NO_COLOR", "1")
            .output()
            .unwrap_or_else(|e| panic!("cannot run the hook: {e}"))
    };
    let failed = run(&bad);
    let passed = run(&good);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(failed.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&failed.stdout).contains("B030"));
    assert_eq!(passed.status.code(), Some(0));
}
