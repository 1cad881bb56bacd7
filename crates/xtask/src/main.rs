//! The project's own tasks, run as `cargo xtask <task>` (an alias in `.cargo/config.toml`).
//!
//! - `new-code <CODE> <name> --stage bind|syntax|lint|connector` writes the diagnostic code file
//!   `crates/diagnostics/data/codes/<CODE>-<name>.md`, from which the build makes the `Code`
//!   variant, `flinkddl explain` and the docs;
//! - `new-rule <name> --code L0NN` writes that file and a lint rule: its file
//!   `crates/lint/src/rules/<name>.rs` (a check that reports nothing yet, which `build.rs`
//!   registers) and its fixtures `fixtures/lint/<name>/{invalid,valid}.sql`.
//!
//! Both refuse a code, name or variant already in use (as the diagnostics crate's build would)
//! and a file that exists, before writing anything, then print what is left to do.

// The diagnostics crate's reader of code files: the files written here are read back by it, and
// checked against the others as its build checks them. Only `parse` and `check_unique` are used.
#[allow(dead_code)]
#[path = "../../diagnostics/src/code_files.rs"]
mod code_files;

use clap::{Args, Parser, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "cargo xtask", about = "The project's own tasks")]
enum Task {
    /// Write a diagnostic code file: `crates/diagnostics/data/codes/<CODE>-<name>.md`
    NewCode(NewCode),
    /// Write a lint rule: its code file, its rule file and its fixtures
    NewRule(NewRule),
}

#[derive(Args)]
struct NewCode {
    /// The code: the stage's letter and three digits (B147, S020, L010, C017)
    code: String,
    /// kebab-case, says what is wrong (unknown-column)
    name: String,
    #[arg(long, value_enum)]
    stage: Stage,
    #[command(flatten)]
    common: Common,
}

#[derive(Args)]
struct NewRule {
    /// kebab-case, says what is wrong (aggregate-in-computed-column)
    name: String,
    /// The rule's code: L and three digits
    #[arg(long)]
    code: String,
    #[command(flatten)]
    common: Common,
}

#[derive(Args)]
struct Common {
    /// The code's title, one line (default: the name in words)
    #[arg(long)]
    title: Option<String>,
    /// The default severity (default: warning for a lint, error otherwise)
    #[arg(long, value_enum)]
    severity: Option<Severity>,
    /// The repository to write into (default: the one this task was built from)
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Stage {
    Bind,
    Syntax,
    Lint,
    /// A connector or format finding (a `C` code; its stage is `lint`)
    Connector,
}

impl Stage {
    /// The code letters of the stage (`F`: a file problem, reported with the syntax errors).
    fn letters(self) -> &'static str {
        match self {
            Stage::Bind => "B",
            Stage::Syntax => "SF",
            Stage::Lint => "L",
            Stage::Connector => "C",
        }
    }

    /// The `stage` of the front matter.
    fn front_matter(self) -> &'static str {
        match self {
            Stage::Bind => "bind",
            Stage::Syntax => "syntax",
            Stage::Lint | Stage::Connector => "lint",
        }
    }

    /// Where the code is emitted, for the next steps.
    fn emitted_in(self) -> &'static str {
        match self {
            Stage::Bind => "the binder (crates/binder)",
            Stage::Syntax => "the parser (crates/syntax)",
            Stage::Lint => {
                "the lint stage (crates/lint; a rule is `cargo xtask new-rule`), with fixtures in \
                 fixtures/lint/<name>/"
            }
            Stage::Connector => "the connector checks (crates/connectors)",
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

const CODES_DIR: &str = "crates/diagnostics/data/codes";
const RULES_DIR: &str = "crates/lint/src/rules";
const LINT_FIXTURES_DIR: &str = "fixtures/lint";

fn main() -> ExitCode {
    let result = match Task::parse() {
        Task::NewCode(task) => new_code(&task),
        Task::NewRule(task) => new_rule(&task),
    };
    match result {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A file to write: its path under the root and its text.
struct NewFile {
    path: String,
    text: String,
}

fn new_code(task: &NewCode) -> Result<String, String> {
    let root = root(&task.common);
    let code = code_file(&root, &task.code, &task.name, task.stage, &task.common)?;
    let variant = variant(&task.name);
    write_all(&root, &[code])?;
    Ok(format!(
        "Wrote {CODES_DIR}/{}-{}.md (Code::{variant}).\n\
         Next:\n  \
         1. Write what the code means, an example that produces it and the fix in that file.\n  \
         2. Emit Code::{variant} from {}.\n  \
         3. Regenerate the docs: FLINKDDL_BLESS=1 cargo test -p flinkddl-cli --test docs\n  \
         4. Check the example reports it: cargo test -p flinkddl-cli --test code_examples\n",
        task.code,
        task.name,
        task.stage.emitted_in()
    ))
}

fn new_rule(task: &NewRule) -> Result<String, String> {
    let root = root(&task.common);
    let (code, name) = (task.code.as_str(), task.name.as_str());
    let code_file = code_file(&root, code, name, Stage::Lint, &task.common)?;
    let module = name.replace('-', "_");
    let rule = NewFile {
        path: format!("{RULES_DIR}/{module}.rs"),
        text: rule_file(code, name, &variant(name)),
    };
    let fixtures = [
        NewFile {
            path: format!("{LINT_FIXTURES_DIR}/{name}/invalid.sql"),
            text: format!(
                "-- {code} {name}: what the rule reports (its findings are snapshotted in \
                 invalid.snap beside this file).\n\
                 -- TODO: a statement with the mistake.\n\
                 CREATE TABLE t (id INT) WITH ('connector' = 'datagen');\n"
            ),
        },
        NewFile {
            path: format!("{LINT_FIXTURES_DIR}/{name}/valid.sql"),
            text: format!(
                "-- {code} {name}: the same done right: no lint and no error.\n\
                 CREATE TABLE t (id INT) WITH ('connector' = 'datagen');\n"
            ),
        },
    ];
    let files = [code_file, rule]
        .into_iter()
        .chain(fixtures)
        .collect::<Vec<_>>();
    write_all(&root, &files)?;
    let written: String = files.iter().map(|f| format!("  {}\n", f.path)).collect();
    Ok(format!(
        "Wrote:\n{written}\
         Next:\n  \
         1. Write the check in {RULES_DIR}/{module}.rs (it reports nothing yet) and what {code} \
         means, its example and its fix in {CODES_DIR}/{code}-{name}.md.\n  \
         2. Make {LINT_FIXTURES_DIR}/{name}/invalid.sql report {code}, and valid.sql stay clean.\n  \
         3. Accept the new snapshot: INSTA_UPDATE=always cargo test -p flinkddl-lint --test \
         fixtures (remove any `assertion_line:` line), and read {LINT_FIXTURES_DIR}/{name}/invalid.snap.\n  \
         4. Regenerate the docs: FLINKDDL_BLESS=1 cargo test -p flinkddl-cli --test docs\n  \
         5. Check the example reports it: cargo test -p flinkddl-cli --test code_examples\n"
    ))
}

/// The repository: `--root`, or the one this task was built from.
fn root(common: &Common) -> PathBuf {
    common
        .root
        .clone()
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

/// The code file of a new code, read back by the diagnostics crate's reader and checked against
/// the code files there: a code, name or variant in use is refused.
fn code_file(
    root: &Path,
    code: &str,
    name: &str,
    stage: Stage,
    common: &Common,
) -> Result<NewFile, String> {
    let letter_ok = code
        .chars()
        .next()
        .is_some_and(|c| stage.letters().contains(c));
    if !letter_ok {
        return Err(format!(
            "the code {code} does not start with the letter of the stage ({})",
            stage.letters()
        ));
    }
    let severity = common.severity.unwrap_or(match stage {
        Stage::Lint => Severity::Warning,
        _ => Severity::Error,
    });
    let title = common
        .title
        .clone()
        .unwrap_or_else(|| name.replace('-', " "));
    let file = format!("{code}-{name}.md");
    let text = format!(
        "---\ncode: {code}\nname: {name}\nvariant: {variant}\nstage: {stage}\nseverity: \
         {severity}\ntitle: {title}\n---\n\n\
         TODO: what is wrong, in Flink's words where it has them, and what Flink does with it.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (id INT) WITH ('connector' = 'datagen');\n```\n\n\
         ## Fix\n\n\
         TODO: how to fix it.\n",
        variant = variant(name),
        stage = stage.front_matter(),
        severity = severity.as_str(),
    );
    let new = code_files::parse(&file, &text).map_err(|e| format!("{file}: {e}"))?;
    let dir = root.join(CODES_DIR);
    let mut entries = existing_codes(&dir)?;
    entries.push(new);
    let mut clashes = Vec::new();
    code_files::check_unique(&entries, &mut clashes);
    if !clashes.is_empty() {
        return Err(format!(
            "in use; nothing written:\n  {}",
            clashes.join("\n  ")
        ));
    }
    Ok(NewFile {
        path: format!("{CODES_DIR}/{file}"),
        text,
    })
}

/// The code files of `dir` (the README aside).
fn existing_codes(dir: &Path) -> Result<Vec<code_files::Entry>, String> {
    let listing = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut entries = Vec::new();
    for item in listing {
        let path = item.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        if file == "README.md" || !file.ends_with(".md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: {e}"))?;
        entries.push(code_files::parse(&file, &text).map_err(|e| format!("{file}: {e}"))?);
    }
    Ok(entries)
}

/// The rule file: its `RULE` (which `crates/lint/build.rs` registers) and a check that reports
/// nothing yet.
fn rule_file(code: &str, name: &str, variant: &str) -> String {
    format!(
        r#"//! {code} `{name}`: TODO: what the rule finds, what Flink does with it, and why that is
//! almost certainly not what the author meant.

use crate::{{Check, Context, Rule}};
use flinkddl_diagnostics::{{Code, Diagnostic}};
use flinkddl_syntax::ast::{{Statement, TableElement}};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule {{
    code: Code::{variant},
    check: Check::Statement(check),
}};

fn check(
    _cx: &Context<'_>,
    _statement: &Statement,
    _elements: &[&TableElement],
    _out: &mut Vec<Diagnostic>,
) {{
    // TODO: for each finding, `out.push(Diagnostic::new(Code::{variant}, span, message))`.
}}
"#
    )
}

/// The `Code` variant of a kebab-case name: `aggregate-in-computed-column` is
/// `AggregateInComputedColumn`.
fn variant(name: &str) -> String {
    name.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// Writes every file, after checking that none exists: a refusal writes nothing.
fn write_all(root: &Path, files: &[NewFile]) -> Result<(), String> {
    if let Some(existing) = files.iter().find(|f| root.join(&f.path).exists()) {
        return Err(format!("{} exists; nothing written", existing.path));
    }
    for file in files {
        let path = root.join(&file.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&path, &file.text).map_err(|e| format!("{}: {e}", file.path))?;
    }
    Ok(())
}
