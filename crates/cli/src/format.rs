//! `flinkddl format [PATHS]`: lays out SQL files with `flinkddl-fmt` (`docs/format.md`), with
//! `check`'s file discovery and each file's `flinkddl.toml` (its `[format]` table). In place by
//! default; `--check` lists the files that would change, `--diff` prints the changes; `-` reads
//! standard input and writes the result to standard output. A file with a syntax error is
//! an error, and left as written. Then a summary line, as ruff's (not for standard input).
//!
//! Like the renderers, this module returns what to print; `app.rs` prints it.

use crate::files::{self, Target};
use crate::source::{self, Loaded};
use crate::{EXIT_CLEAN, EXIT_PROBLEMS, EXIT_USAGE};
use flinkddl_config::FormatSettings;
use flinkddl_fmt::FormatOptions;
use rayon::prelude::*;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct FormatArgs {
    /// Files, directories (searched recursively for *.sql), globs, or `-` for standard input.
    /// Default: the current directory.
    pub paths: Vec<PathBuf>,
    /// Write nothing; list the files that would change and exit with status 1 if any would.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print the changes as a unified diff (exit status 1 if there are any).
    #[arg(long)]
    pub diff: bool,
    /// Use this configuration file for every file instead of the nearest flinkddl.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Read standard input, and find its flinkddl.toml from this name.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
    #[command(flatten)]
    pub discovery: files::Discovery,
}

/// What to print and the exit status.
#[derive(Debug, Default)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub exit: u8,
}

/// The formatter's options from a `[format]` table (defaults for the keys not given).
pub fn options(settings: &FormatSettings) -> FormatOptions {
    FormatOptions::from_settings(settings)
}

enum FileResult {
    Unchanged,
    Changed {
        name: String,
        before: String,
        after: String,
        target: Target,
        bom: bool,
    },
    /// Unreadable (not UTF-8, missing ...).
    Failed(String),
    /// A syntax error: the file is left as written (standard input is echoed unchanged).
    Unparsable {
        message: String,
        target: Target,
        text: String,
    },
}

/// `1 file`, `2 files`.
fn files(n: usize) -> String {
    format!("{n} file{}", if n == 1 { "" } else { "s" })
}

pub fn run(args: &FormatArgs) -> Outcome {
    let mut outcome = Outcome::default();
    let mut finder = match files::finder(args.config.as_deref()) {
        Ok(finder) => finder,
        Err(e) => return usage(e),
    };
    let (paths, warnings) = files::inputs(args.stdin_filename.as_deref(), &args.paths, "formats");
    for warning in warnings {
        outcome.stderr.push_str(&warning);
        outcome.stderr.push('\n');
    }
    let plan = match files::expand_with(
        &paths,
        args.stdin_filename.as_deref(),
        &mut finder,
        args.discovery,
    ) {
        Ok(plan) => plan,
        Err(e) => return usage(e),
    };
    let results: Vec<FileResult> = plan
        .into_par_iter()
        .map(|planned| {
            let name = planned.target.display();
            let loaded = match &planned.target {
                Target::File(path) => source::load(path),
                Target::Stdin(_) => source::load_stdin(),
                Target::Unreadable(_, reason) => source::unreadable(reason),
            };
            let source = match loaded {
                Loaded::Text(source) => source,
                Loaded::Failed { diagnostic, .. } => {
                    return FileResult::Failed(format!("{name}: {}", diagnostic.message))
                }
            };
            let report =
                flinkddl_fmt::format_report(&source.text, &options(&planned.config.format));
            if let Some(error) = report.syntax_error {
                let at =
                    flinkddl::LineIndex::new(&source.text).line_col(&source.text, error.span.start);
                return FileResult::Unparsable {
                    message: format!(
                        "{name}:{}:{}: cannot format a file with a syntax error: {} ({})",
                        at.line, at.column_utf16, error.message, error.code
                    ),
                    target: planned.target,
                    text: source.text,
                };
            }
            let after = report.text;
            if after == source.text && !matches!(planned.target, Target::Stdin(_)) {
                return FileResult::Unchanged;
            }
            FileResult::Changed {
                name,
                before: source.text,
                after,
                target: planned.target,
                bom: source.offset > 0,
            }
        })
        .collect();
    let (mut changed, mut unchanged, mut unparsable) = (0usize, 0usize, 0usize);
    let mut from_files = false;
    for result in results {
        match result {
            FileResult::Unchanged => {
                unchanged += 1;
                from_files = true;
            }
            FileResult::Failed(message) => {
                outcome.stderr.push_str(&format!("error: {message}\n"));
                outcome.exit = EXIT_PROBLEMS;
            }
            FileResult::Unparsable {
                message,
                target,
                text,
            } => {
                outcome.stderr.push_str(&format!("error: {message}\n"));
                outcome.exit = EXIT_PROBLEMS;
                unparsable += 1;
                match target {
                    // A pipe through the formatter (an editor's) must not lose the text.
                    Target::Stdin(_) if !args.check && !args.diff => outcome.stdout.push_str(&text),
                    Target::Stdin(_) => {}
                    _ => from_files = true,
                }
            }
            FileResult::Changed {
                name,
                before,
                after,
                target,
                bom,
            } => {
                let differs = before != after;
                changed += usize::from(differs);
                unchanged += usize::from(!differs);
                from_files |= !matches!(target, Target::Stdin(_));
                if args.diff {
                    if differs {
                        outcome
                            .stdout
                            .push_str(&crate::flags::unified_diff(&name, &before, &after));
                    }
                } else if args.check {
                    if differs {
                        outcome.stdout.push_str(&format!("would reformat {name}\n"));
                    }
                } else {
                    match target {
                        Target::Stdin(_) => outcome.stdout.push_str(&after),
                        Target::File(path) => {
                            let bom = if bom { "\u{feff}" } else { "" };
                            if let Err(e) = std::fs::write(&path, format!("{bom}{after}")) {
                                outcome
                                    .stderr
                                    .push_str(&format!("error: cannot write {name}: {e}\n"));
                                outcome.exit = EXIT_PROBLEMS;
                            }
                        }
                        Target::Unreadable(..) => {}
                    }
                }
            }
        }
    }
    if (args.check || args.diff) && changed > 0 {
        outcome.exit = EXIT_PROBLEMS;
    }
    // What was done, as ruff says it: not for standard input, whose output is the text.
    if from_files {
        let mut parts = Vec::new();
        if args.check || args.diff {
            if changed > 0 {
                parts.push(format!("{} would be reformatted", files(changed)));
            }
            if unchanged > 0 {
                parts.push(format!("{} already formatted", files(unchanged)));
            }
        } else {
            if changed > 0 {
                parts.push(format!("{} reformatted", files(changed)));
            }
            if unchanged > 0 {
                parts.push(format!("{} left unchanged", files(unchanged)));
            }
        }
        if unparsable > 0 {
            parts.push(format!(
                "{} with syntax errors left as written",
                files(unparsable)
            ));
        }
        let summary = parts.join(", ") + "\n";
        // With --diff, stdout holds only the diff.
        if args.diff {
            outcome.stderr.push_str(&summary);
        } else {
            outcome.stdout.push_str(&summary);
        }
    }
    if outcome.exit == 0 {
        outcome.exit = EXIT_CLEAN;
    }
    outcome
}

fn usage(message: String) -> Outcome {
    Outcome {
        stdout: String::new(),
        stderr: format!("error: {message}\n"),
        exit: EXIT_USAGE,
    }
}
