//! The `flinkddl` command line: `describe`, `check`, `parse`.
//!
//! Only this crate writes to stdout and stderr. Exit status: 0 clean, 1 any error diagnostic,
//! 2 usage or I/O error.

mod json;

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "flinkddl",
    version,
    about = "Understand Apache Flink SQL DDL exactly as Flink does"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Resolve a script and describe its tables (as Flink's DESCRIBE / the JSON contract).
    Describe {
        /// The .sql file (`-` for standard input).
        file: PathBuf,
        /// Describe only this table.
        #[arg(long)]
        table: Option<String>,
        #[arg(long, value_enum, default_value_t = DescribeFormat::Table)]
        format: DescribeFormat,
    },
    /// Parse a script and print its AST as JSON.
    Parse { file: PathBuf },
    /// Check scripts and report every problem.
    Check {
        /// Files (`-` for standard input).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum DescribeFormat {
    Table,
    Json,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Command::Describe {
            file,
            table,
            format,
        } => {
            let Some(text) = read_source(&file) else {
                return ExitCode::from(2);
            };
            let analysis = flinkddl::analyze(&text);
            match format {
                DescribeFormat::Json => {
                    let out = json::describe_json(&text, &analysis);
                    println!("{out}");
                }
                DescribeFormat::Table => {
                    let shown: Vec<_> = match &table {
                        Some(name) => analysis.tables.iter().filter(|t| &t.name == name).collect(),
                        None => analysis.tables.iter().collect(),
                    };
                    for t in shown {
                        println!("{}", t.identifier());
                        print!("{}", flinkddl::binder::print::describe_tableau(t));
                        println!();
                    }
                    render_human(&file, &text, &analysis.diagnostics);
                }
            }
            exit_for(&analysis.diagnostics)
        }
        Command::Parse { file } => {
            let Some(text) = read_source(&file) else {
                return ExitCode::from(2);
            };
            let parse = flinkddl::parse(&text);
            match serde_json::to_string_pretty(&parse.script) {
                Ok(s) => println!("{s}"),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
            render_human(&file, &text, &parse.errors);
            exit_for(&parse.errors)
        }
        Command::Check { paths } => {
            let mut status = ExitCode::SUCCESS;
            for file in paths {
                let Some(text) = read_source(&file) else {
                    status = ExitCode::from(2);
                    continue;
                };
                let parse = flinkddl::parse(&text);
                render_human(&file, &text, &parse.errors);
                if parse
                    .errors
                    .iter()
                    .any(|d| d.severity == flinkddl::Severity::Error)
                {
                    status = ExitCode::from(1);
                }
            }
            status
        }
    }
}

fn exit_for(diagnostics: &[flinkddl::Diagnostic]) -> ExitCode {
    if diagnostics
        .iter()
        .any(|d| d.severity == flinkddl::Severity::Error)
    {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn read_source(path: &PathBuf) -> Option<String> {
    let bytes = if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        if let Err(e) = std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf) {
            eprintln!("error: cannot read standard input: {e}");
            return None;
        }
        buf
    } else {
        match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                return None;
            }
        }
    };
    match String::from_utf8(bytes) {
        Ok(s) => Some(s.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(s)),
        Err(e) => {
            eprintln!("error: {} is not UTF-8: {e}", path.display());
            None
        }
    }
}

fn render_human(path: &std::path::Path, text: &str, diagnostics: &[flinkddl::Diagnostic]) {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor());
    for d in diagnostics {
        let report = miette::Report::new(d.clone()).with_source_code(miette::NamedSource::new(
            path.display().to_string(),
            text.to_string(),
        ));
        let mut out = String::new();
        if handler.render_report(&mut out, report.as_ref()).is_ok() {
            eprintln!("{out}");
        }
    }
}
