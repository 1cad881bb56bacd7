//! What the CLI's integration tests share (a module of each test that declares `mod common;`).

use std::path::Path;
use std::process::{Command, Output};

/// `flinkddl ARGS` run in `dir`, without colours.
pub fn flinkddl_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run flinkddl: {e}"))
}
