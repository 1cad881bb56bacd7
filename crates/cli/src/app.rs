//! The `flinkddl` command line: `check`, `explain`, `describe`, `parse`, `lineage`, `lsp`
//! (the language server of `flinkddl-lsp` on stdin and stdout) and `mcp` (the MCP server of
//! [`crate::mcp`]). [`run`] is the whole command:
//! the binary (`main.rs`) and the Python package's `flinkddl` entry point both call it, so the
//! wheel needs no second copy of the program (decision 0013).
//!
//! Only this module writes to stdout and stderr. Exit status: 0 clean, 1 when some diagnostic is
//! an error (or a warning, with `--deny-warnings`), 2 on a usage error (bad arguments, a bad
//! `flinkddl.toml`, a glob that matches nothing, an unknown code for `explain`).

use crate::check::check_all;
use crate::render::{concise, github, human, sarif};
use crate::{docs, files, flags, json, EXIT_CLEAN, EXIT_USAGE};
use clap::{Parser, Subcommand, ValueEnum};

/// An exit status: [`EXIT_CLEAN`], [`crate::EXIT_PROBLEMS`] or [`EXIT_USAGE`].
type Status = u8;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

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
    /// Check SQL files and report every problem: syntax and binding errors as Flink would
    /// raise them, and lints.
    Check(CheckArgs),
    /// Explain a diagnostic code (`flinkddl explain L002`), or list them all.
    Explain {
        /// A code (`L002`) or name (`duplicate-option-key`).
        code: Option<String>,
    },
    /// Resolve a script and describe its tables (as Flink's DESCRIBE / the JSON contract).
    Describe {
        /// The .sql file (`-` for standard input).
        file: PathBuf,
        #[command(flatten)]
        version: VersionArg,
        /// Describe only this table.
        #[arg(long)]
        table: Option<String>,
        #[arg(long, value_enum, default_value_t = DescribeFormat::Table)]
        format: DescribeFormat,
    },
    /// Format SQL files in place (`--check`, `--diff`; `-` for standard input).
    Format(crate::format::FormatArgs),
    /// Parse a script and print its AST as JSON.
    Parse { file: PathBuf },
    /// Where each column an INSERT, CTAS or RTAS writes comes from: the source columns, copied
    /// or computed, through views, CTEs, subqueries, joins and window functions.
    Lineage {
        /// The .sql files (`-` for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(long, value_enum, default_value_t = LineageFormat::Text)]
        format: LineageFormat,
        /// The jobs' namespace in OpenLineage events.
        #[arg(long, value_name = "NAMESPACE", default_value = "flink")]
        job_namespace: String,
        #[command(flatten)]
        version: VersionArg,
    },
    /// Write a catalog snapshot (JSON) of the tables and views the files create, run in the
    /// order given as one session: for `catalog = [...]` in another project's flinkddl.toml.
    Snapshot {
        /// The .sql files, in the order they run.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the snapshot here instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Run the language server on standard input and output (for editors; see docs/editors.md).
    Lsp,
    /// Run the Model Context Protocol server, for agents (docs/agents.md): on standard input
    /// and output, or over streamable HTTP with `--http`.
    Mcp {
        /// Serve streamable HTTP at this address (`127.0.0.1:8765`; path `/mcp`) instead.
        #[arg(long, value_name = "ADDRESS")]
        http: Option<String>,
    },
}

#[derive(clap::Args)]
struct CheckArgs {
    /// Files, directories (searched recursively for *.sql), globs, or `-` for standard input.
    /// Default: the current directory.
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Exit with status 1 on warnings too, not only on errors.
    #[arg(long)]
    deny_warnings: bool,
    /// Use this configuration file for every file instead of the nearest flinkddl.toml.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Read standard input, and report it under this name (and find its flinkddl.toml from
    /// it). Paths given with it are ignored, with a warning.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<String>,
    /// When to use colour in human output (`auto`: on a terminal, unless NO_COLOR is set).
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    /// Hide info diagnostics (what flinkddl could not check) in human output.
    #[arg(long)]
    hide_info: bool,
    /// Check each file as a fresh Flink session runs it: catalogs and databases it does not
    /// create are errors. By default they are assumed to exist elsewhere in the deployment.
    #[arg(long)]
    fresh_session: bool,
    /// When connector and format findings are errors: `at-use` (default) when the file itself
    /// reads or writes the table, `error` whenever they break every use of the table (for
    /// repositories of DDL that other jobs use). Overrides `connector-findings` in flinkddl.toml.
    #[arg(long, value_name = "WHEN", value_enum)]
    connector_findings: Option<ConnectorFindingsArg>,
    #[command(flatten)]
    version: VersionArg,
    /// Also report what changes for the files moving from their Flink version to this one:
    /// errors the target gives (B160), tables and views that resolve differently (B161) and
    /// errors that go away (B162). Checks each file twice more (docs/versions.md).
    #[arg(long, value_name = "VERSION", value_parser = parse_flink_version)]
    upgrade_to: Option<flinkddl::FlinkVersion>,
    #[command(flatten)]
    discovery: files::Discovery,
    #[command(flatten)]
    more: flags::CheckFlags,
}

/// `--flink-version`, shared by the commands that judge a script.
#[derive(clap::Args)]
struct VersionArg {
    /// The Flink version to judge the SQL as: 1.18, 1.19, 1.20, 2.0, 2.1, 2.2 or 2.3 (a patch
    /// release such as 1.20.3 is read as its minor version). Overrides `flink-version` in
    /// flinkddl.toml; the default is 2.3.
    #[arg(long, value_name = "VERSION", value_parser = parse_flink_version)]
    flink_version: Option<flinkddl::FlinkVersion>,
}

fn parse_flink_version(text: &str) -> Result<flinkddl::FlinkVersion, String> {
    text.parse()
        .map_err(|e: flinkddl::diagnostics::UnknownFlinkVersion| e.to_string())
}

/// `--connector-findings`, as `connector-findings` in flinkddl.toml reads it.
#[derive(Clone, Copy, ValueEnum)]
enum ConnectorFindingsArg {
    AtUse,
    Error,
}

impl From<ConnectorFindingsArg> for flinkddl::ConnectorFindings {
    fn from(arg: ConnectorFindingsArg) -> Self {
        match arg {
            ConnectorFindingsArg::AtUse => flinkddl::ConnectorFindings::AtUse,
            ConnectorFindingsArg::Error => flinkddl::ConnectorFindings::Error,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum LineageFormat {
    /// A line per sink column.
    Text,
    /// `{"lineage": [...]}` (the contract: crates/cli/src/lineage.rs).
    Json,
    /// A Graphviz digraph (`| dot -Tsvg`).
    Dot,
    /// A Mermaid flowchart.
    Mermaid,
    /// OpenLineage run events, one JSON object a line (docs/lineage.md).
    Openlineage,
}

#[derive(Clone, Copy, ValueEnum)]
enum DescribeFormat {
    Table,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Source snippets with labels and help, then a summary line.
    Human,
    /// One JSON document (schema in crates/cli/src/json.rs).
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// One line per diagnostic: `path:line:column: severity[CODE] message`, then the summary.
    Concise,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

/// Runs the command line `args` (the first is the program's name) and returns its exit status.
pub fn run<I, T>(args: I) -> Status
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                EXIT_USAGE
            } else {
                EXIT_CLEAN
            };
        }
    };
    match cli.command {
        Command::Check(args) => check(args),
        Command::Explain { code } => explain(code.as_deref()),
        Command::Describe {
            file,
            version,
            table,
            format,
        } => describe(&file, table.as_deref(), format, version.flink_version),
        Command::Format(args) => {
            let outcome = crate::format::run(&args);
            out(&outcome.stdout);
            eprint!("{}", outcome.stderr);
            outcome.exit
        }
        Command::Parse { file } => parse(&file),
        Command::Lineage {
            files,
            format,
            job_namespace,
            version,
        } => lineage(
            &files,
            format,
            &job_namespace,
            version.flink_version.unwrap_or_default(),
        ),
        Command::Snapshot { files, output } => snapshot(&files, output.as_deref()),
        Command::Lsp => lsp(),
        Command::Mcp { http } => crate::mcp::run(http.as_deref()),
    }
}

/// `flinkddl snapshot`: the files run as a project's catalog files do, their errors on stderr
/// (a snapshot of a session that fails is still written, of what it created), the snapshot
/// to stdout or `--output`.
fn snapshot(files: &[PathBuf], output: Option<&std::path::Path>) -> Status {
    let paths: Vec<PathBuf> = files
        .iter()
        .map(|f| flinkddl_config::normalize(f))
        .collect();
    let options = flinkddl::Options {
        assume_external_objects: false,
        ..flinkddl::Options::default()
    };
    let project = flinkddl::project::Project::build(&paths, &options);
    let mut status = EXIT_CLEAN;
    for (given, file) in files.iter().zip(&project.files) {
        if let Some(reason) = &file.unreadable {
            eprintln!("error: {}: {reason}", given.display());
            status = crate::EXIT_USAGE;
        }
        for d in file
            .diagnostics
            .iter()
            .filter(|d| d.severity == flinkddl::Severity::Error)
        {
            eprintln!("{}: {} {}", given.display(), d.code, d.message);
            status = crate::EXIT_PROBLEMS;
        }
    }
    let (snapshot, left_out) = flinkddl::snapshot::of_project(&project);
    for reason in left_out {
        eprintln!("warning: left out {reason}");
    }
    let json = match serde_json::to_string_pretty(&snapshot) {
        Ok(json) => json + "\n",
        Err(e) => return usage_error(&format!("cannot write the snapshot: {e}")),
    };
    match output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, json) {
                return usage_error(&format!("{}: {e}", path.display()));
            }
        }
        None => out(&json),
    }
    status
}

/// The language server speaks the protocol on stdout; only a failure to start is printed here.
fn lsp() -> Status {
    match flinkddl_lsp::run_stdio() {
        Ok(true) => EXIT_CLEAN,
        Ok(false) => crate::EXIT_PROBLEMS,
        Err(e) => {
            eprintln!("flinkddl lsp: {e}");
            crate::EXIT_PROBLEMS
        }
    }
}

fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

fn usage_error(message: &str) -> Status {
    eprintln!("error: {message}");
    EXIT_USAGE
}

/// A usage error of `check`: on stderr, and, in the machine formats CI reads, also as what
/// that format has for it (a SARIF log whose invocation failed, a GitHub error annotation), so
/// that a step reading stdout does not get an empty file.
fn check_usage_error(format: Format, message: &str) -> Status {
    match format {
        Format::Sarif => out(&(sarif::render_usage_error(message) + "\n")),
        Format::Github => out(&github::render_usage_error(message)),
        Format::Human | Format::Json | Format::Concise => {}
    }
    usage_error(message)
}

fn check(args: CheckArgs) -> Status {
    let mut finder = match files::finder(args.config.as_deref()) {
        Ok(finder) => finder,
        Err(e) => return check_usage_error(args.format, &e),
    };
    let (paths, warnings) = files::inputs(args.stdin_filename.as_deref(), &args.paths, "checks");
    for warning in warnings {
        eprintln!("{warning}");
    }
    let mut plan = match files::expand_with(
        &paths,
        args.stdin_filename.as_deref(),
        &mut finder,
        args.discovery,
    ) {
        Ok(plan) => plan,
        Err(e) => return check_usage_error(args.format, &e),
    };
    if args.fresh_session {
        for p in plan.iter_mut() {
            p.config.fresh_session = true;
        }
    }
    if let Some(version) = args.version.flink_version {
        for p in plan.iter_mut() {
            p.config.flink_version = version;
        }
    }
    for p in plan.iter_mut() {
        p.config.upgrade_to = args.upgrade_to;
    }
    let flink_versions =
        crate::check::FlinkVersions::of(plan.iter().map(|p| p.config.flink_version));
    if let Some(when) = args.connector_findings {
        let findings = flinkddl::ConnectorFindings::from(when);
        for p in plan.iter_mut() {
            p.config.connector_findings = findings;
        }
    }
    if let Err(e) = flags::Selection::from_flags(&args.more) {
        return usage_error(&e);
    }
    let origins = flags::origins(&plan);
    if !args.more.fixing() {
        // This process exits after its report (`--fix` checks each file again and again).
        crate::check::leave_to_exit();
    }
    let (reports, summary) = check_all(plan);
    if summary.files == 0 {
        // Not an error (a hook may run on a change without SQL), but never a silent pass.
        eprintln!("warning: {}", files::no_file_message(&paths));
    }
    let mut done = match flags::finish(reports, &origins, &args.more, summary.elapsed) {
        Ok(done) => done,
        Err(e) => return usage_error(&e),
    };
    done.summary.flink_versions = flink_versions;
    if args.format == Format::Json && flags::report_is_output(&args.more) {
        // The report is written as it is rendered: a 10 MB file's is 12 MB.
        let written = flags::write_streamed(&args.more, |out| {
            json::write_check_json(out, &done.reports, &done.summary, "\n")
        });
        if let Err(e) = written {
            return usage_error(&e);
        }
        eprint!("{}", flags::notes(&done, &args.more));
        let code = done.exit_code(&args.more, args.deny_warnings);
        // The process exits now: the reports' texts and diagnostics are the OS's to free.
        std::mem::forget(done);
        return code;
    }
    let style = human_style(&args);
    let (text, notes) = flags::compose(
        &done,
        &args.more,
        args.format == Format::Json,
        matches!(args.format, Format::Human | Format::Concise),
        |reports, summary| match args.format {
            Format::Concise if args.more.quiet => concise::render(reports),
            Format::Concise => {
                concise::render(reports) + &crate::render::summary_line(summary) + "\n"
            }
            Format::Human if args.more.quiet => human::render_diagnostics(reports, style),
            Format::Human => human::render(reports, summary, style),
            Format::Json => json::check_json(reports, summary) + "\n",
            Format::Sarif => sarif::render(reports, summary) + "\n",
            Format::Github => {
                // stdout holds only workflow commands; the summary is for the log.
                eprintln!("{}", crate::render::summary_line(summary));
                github::render(reports)
            }
        },
    );
    match flags::write_output(&args.more, &text) {
        Ok(true) => {}
        Ok(false) => out(&text),
        Err(e) => return usage_error(&e),
    }
    eprint!("{notes}");
    done.exit_code(&args.more, args.deny_warnings)
}

fn human_style(args: &CheckArgs) -> human::Style {
    let terminal = std::io::stdout().is_terminal();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let color = match args.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            terminal
                && args.more.output_file.is_none()
                && !no_color
                && std::env::var("TERM").ok().as_deref() != Some("dumb")
        }
    };
    let width = if terminal {
        terminal_size::terminal_size().map_or(100, |(w, _)| usize::from(w.0))
    } else {
        100
    };
    human::Style {
        color,
        width,
        show_info: !args.hide_info,
    }
}

fn explain(code: Option<&str>) -> Status {
    match code {
        None => {
            out(&docs::explain_all());
            EXIT_CLEAN
        }
        Some(text) => match docs::lookup(text) {
            Ok(code) => {
                out(&docs::explain(code));
                EXIT_CLEAN
            }
            Err(e) => usage_error(&e),
        },
    }
}

fn describe(
    file: &Path,
    table: Option<&str>,
    format: DescribeFormat,
    version: Option<flinkddl::FlinkVersion>,
) -> Status {
    let Some(text) = read_source(file) else {
        return EXIT_USAGE;
    };
    let options = flinkddl::Options {
        flink_version: version.unwrap_or_default(),
        ..flinkddl::Options::default()
    };
    let analysis = flinkddl::analyze_with(&text, &options);
    match format {
        DescribeFormat::Json => out(&(json::describe_json(&text, &analysis) + "\n")),
        DescribeFormat::Table => {
            let mut shown = String::new();
            // The version heads the tables when it is not the default.
            if analysis.flink_version != flinkddl::FlinkVersion::default() {
                shown.push_str(&format!("-- as Flink {}\n\n", analysis.flink_version));
            }
            for t in analysis
                .tables
                .iter()
                .filter(|t| table.is_none() || table == Some(t.name.as_str()))
            {
                shown.push_str(&format!("{}\n", t.identifier()));
                shown.push_str(&flinkddl::binder::print::describe_tableau(t));
                shown.push('\n');
            }
            out(&shown);
            render_stderr(file, &text, &analysis.diagnostics);
        }
    }
    exit_for(&analysis.diagnostics)
}

fn lineage(
    files: &[PathBuf],
    format: LineageFormat,
    job_namespace: &str,
    version: flinkddl::FlinkVersion,
) -> Status {
    use crate::lineage;
    let mut all = Vec::new();
    let mut events = String::new();
    // One time for every event of the invocation: they describe one reading of the files.
    let event_time = flinkddl::openlineage::rfc3339_now();
    // A file of a project with a catalog (`catalog = [...]`) starts from it: its catalog
    // tables' columns are known, and traced to.
    let mut finder = match crate::files::finder(None) {
        Ok(finder) => finder,
        Err(e) => return usage_error(&e),
    };
    for file in files {
        let Some(text) = read_source(file) else {
            return EXIT_USAGE;
        };
        let config = if file.as_os_str() == "-" {
            None
        } else {
            match finder.for_path(file) {
                Ok(config) => Some(config),
                Err(e) => return usage_error(&e.to_string()),
            }
        };
        let options = flinkddl::Options {
            flink_version: version,
            prelude: config.as_ref().and_then(|c| c.options_for(file).prelude),
            ..lineage::options()
        };
        let name = file.display().to_string();
        if let LineageFormat::Openlineage = format {
            events.push_str(&lineage::openlineage_with(
                &name,
                &text,
                job_namespace,
                &event_time,
                &options,
            ));
        } else {
            let project = config.as_ref().and_then(|c| c.project());
            all.push(lineage::of_text_with(
                &name,
                &text,
                &options,
                project.map(|p| &p.project),
            ));
        }
    }
    out(&match format {
        LineageFormat::Openlineage => events,
        LineageFormat::Text => lineage::text(&all),
        LineageFormat::Json => lineage::json(&all) + "\n",
        LineageFormat::Dot => lineage::dot(&all),
        LineageFormat::Mermaid => lineage::mermaid(&all),
    });
    EXIT_CLEAN
}

fn parse(file: &Path) -> Status {
    let Some(text) = read_source(file) else {
        return EXIT_USAGE;
    };
    let parse = flinkddl::parse(&text);
    match serde_json::to_string_pretty(&parse.script()) {
        Ok(s) => out(&(s + "\n")),
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    }
    render_stderr(file, &text, &parse.errors);
    exit_for(&parse.errors)
}

fn exit_for(diagnostics: &[flinkddl::Diagnostic]) -> Status {
    if diagnostics
        .iter()
        .any(|d| d.severity == flinkddl::Severity::Error)
    {
        crate::EXIT_PROBLEMS
    } else {
        EXIT_CLEAN
    }
}

/// Reads a file for `describe` and `parse` (one file; a failure is a usage error).
fn read_source(path: &Path) -> Option<String> {
    let loaded = if path.as_os_str() == "-" {
        crate::source::load_stdin()
    } else {
        crate::source::load(path)
    };
    match loaded {
        crate::source::Loaded::Text(s) => Some(s.text),
        crate::source::Loaded::Failed { diagnostic, .. } => {
            eprintln!("error: {}: {}", path.display(), diagnostic.message);
            None
        }
    }
}

/// Diagnostics of `describe` and `parse`, on stderr (stdout holds the result).
fn render_stderr(path: &Path, text: &str, diagnostics: &[flinkddl::Diagnostic]) {
    let report = crate::check::FileReport {
        name: files::display_path(path),
        source: crate::source::Source {
            text: text.to_string(),
            offset: 0,
        },
        diagnostics: diagnostics.to_vec(),
    };
    let style = human::Style {
        color: false,
        width: 100,
        show_info: true,
    };
    eprint!(
        "{}",
        human::render_diagnostics(std::slice::from_ref(&report), style)
    );
}
