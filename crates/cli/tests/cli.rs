//! CLI snapshot tests (trycmd): each `fixtures/cli/cases/*.toml` runs `flinkddl` in
//! `fixtures/cli/` and compares the exit status, stdout and stderr with the files beside it.
//! Elapsed times are elided with `[..]`.
//!
//! Bless with `TRYCMD=overwrite cargo test -p flinkddl-cli --test cli`.

#[test]
fn cli_cases() {
    trycmd::TestCases::new().case("../../fixtures/cli/cases/*.toml");
}
