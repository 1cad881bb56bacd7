//! The `flinkddl` command line, as a library so that tests can reach its parts.
//!
//! What it does: `flinkddl check` finds the files to check ([`files`]), reads them
//! ([`source`]: UTF-8 with or without a BOM, any line ends; a file that is not UTF-8 or cannot
//! be read gets a diagnostic), applies `flinkddl.toml` ([`config`]), runs `flinkddl::analyze`
//! on each file in parallel with a panic guard ([`check`]), and renders the result
//! ([`render`]: human, JSON, SARIF 2.1.0, GitHub workflow commands). [`docs`] turns the
//! diagnostic code table into `docs/diagnostics/` and `flinkddl explain`. [`flags`] holds the
//! flags that work on the results (rule selection, `--fix` through [`fix`], `--statistics`,
//! `--output-file`, `--quiet`). [`mcp`] serves the commands' JSON to agents over the Model
//! Context Protocol (`flinkddl mcp`).
//!
//! What it does not do: parse, bind or lint (that is `flinkddl::analyze`), or decide what a
//! diagnostic says. It is the only crate that prints, and only [`app`] prints: the
//! renderers return strings.

pub mod app;
pub mod check;
pub mod config;
pub mod docs;
pub mod files;
pub mod fix;
pub mod flags;
pub mod format;
pub mod json;
pub mod lineage;
pub mod mcp;
pub mod render;
pub mod source;

/// Exit status: no error (and no warning under `--deny-warnings`).
pub const EXIT_CLEAN: u8 = 0;
/// Exit status: some diagnostic is an error (or a warning under `--deny-warnings`).
pub const EXIT_PROBLEMS: u8 = 1;
/// Exit status: the command line, a configuration file or a glob was wrong; nothing checked.
pub const EXIT_USAGE: u8 = 2;
