//! The diagnostic code table as documentation: `docs/diagnostics/README.md` (an index) and one
//! page per code (`docs/diagnostics/L002.md`), generated from the code table (one file per
//! code in `crates/diagnostics/data/codes/`), and the text of `flinkddl explain`.
//!
//! `crates/cli/tests/docs.rs` fails when the checked-in pages differ from what this module
//! generates; `FLINKDDL_BLESS=1 cargo test -p flinkddl-cli --test docs` rewrites them.

use flinkddl::{Code, Stage};

/// The group a code is listed under.
fn group(code: Code) -> &'static str {
    let info = code.info();
    match (info.code.chars().next(), info.stage) {
        (Some('F'), _) => "File",
        (Some('C'), Stage::Lint) => "Connector",
        (_, Stage::Syntax) => "Syntax",
        (_, Stage::Bind) => "Bind",
        (_, Stage::Lint) => "Lint",
    }
}

const GROUPS: &[(&str, &str)] = &[
    (
        "Syntax",
        "Flink's parser rejects the statement (`SqlParserException`).",
    ),
    (
        "Bind",
        "Flink parses the statement but rejects it when it converts or runs it: unknown types \
         and columns, constraints, watermarks, LIKE, the catalog.",
    ),
    (
        "Lint",
        "Flink accepts the statement, but almost certainly not as the author meant. Lints are \
         warnings by default; `flinkddl.toml` can turn each off or make it an error.",
    ),
    (
        "Connector",
        "Connector and format options and metadata keys, checked against the connectors' own \
         rules. Flink checks them only when a query first reads or writes the table, not at \
         CREATE TABLE, so a finding is an error when the file itself uses the table and a \
         warning when it only declares it (`connector-findings = \"error\"` in flinkddl.toml \
         judges every table as used; see docs/decisions/0004-connector-findings-severity.md). \
         The default severity below is the one for a used table.",
    ),
    (
        "File",
        "The file could not be checked at all. These are errors and cannot be configured.",
    ),
];

/// The generated `docs/diagnostics/README.md`.
pub fn index_page() -> String {
    let mut out = String::from(
        "# flinkddl diagnostics\n\n\
         <!-- Generated from crates/diagnostics/src/codes.rs by crates/cli/src/docs.rs: \
         do not edit. Regenerate with `FLINKDDL_BLESS=1 cargo test -p flinkddl-cli --test docs`. -->\n\n\
         Every diagnostic flinkddl reports has a stable code and a kebab-case name. \
         `flinkddl explain CODE` (or `flinkddl explain NAME`) prints the entry; the pages below \
         hold the same text. Configure severities in `flinkddl.toml` (`[rules] L004 = \"off\"`) \
         and silence one statement or line with `-- flinkddl: ignore[L004]`: see `L090`.\n",
    );
    for (group_name, blurb) in GROUPS {
        // By code: the code table is in the order codes were added.
        let mut codes: Vec<Code> = Code::ALL
            .iter()
            .copied()
            .filter(|c| group(*c) == *group_name)
            .collect();
        codes.sort_by_key(|c| c.info().code);
        if codes.is_empty() {
            continue;
        }
        out.push_str(&format!("\n## {group_name}\n\n{blurb}\n\n"));
        out.push_str("| code | name | default severity | title |\n");
        out.push_str("| --- | --- | --- | --- |\n");
        for code in codes {
            let info = code.info();
            out.push_str(&format!(
                "| [{c}]({c}.md) | `{n}` | {s} | {t} |\n",
                c = info.code,
                n = info.name,
                s = info.severity.as_str(),
                t = info.title.replace('|', "\\|"),
            ));
        }
    }
    out
}

/// Connector findings whose severity follows what the file does with the table.
fn at_use(code: Code) -> bool {
    let c = code.info().code;
    c.starts_with('C') && !matches!(c, "C011" | "C013" | "C014")
}

/// What decides the severity of a connector finding (decision 0004).
const AT_USE_NOTE: &str = "Flink checks connector and format options when a query first reads \
     or writes the table. This finding is therefore an error when the file itself reads or \
     writes the table in a way it breaks, and a warning when the file only declares the table \
     (`connector-findings = \"error\"` in flinkddl.toml, or `--connector-findings error`, \
     judges every table as used; see docs/decisions/0004-connector-findings-severity.md).";

/// The code's explanation, after the note on checks at use when it has one.
fn explanation(code: Code) -> String {
    let text = code.info().explanation.trim_end();
    if at_use(code) {
        format!("{AT_USE_NOTE}\n\n{text}")
    } else {
        text.to_string()
    }
}

/// The generated page of one code.
pub fn code_page(code: Code) -> String {
    let info = code.info();
    format!(
        "# {c} `{n}`: {t}\n\n\
         <!-- Generated from crates/diagnostics/src/codes.rs: do not edit. -->\n\n\
         | stage | default severity | configurable |\n\
         | --- | --- | --- |\n\
         | {stage} | {sev} | {conf} |\n\n\
         {expl}\n\n\
         ---\n\n\
         [All diagnostics](README.md)\n",
        c = info.code,
        n = info.name,
        t = info.title,
        stage = info.stage.as_str(),
        sev = info.severity.as_str(),
        conf = if info.stage == Stage::Syntax {
            "no"
        } else {
            "yes"
        },
        expl = explanation(code),
    )
}

/// Every generated file: (name inside `docs/diagnostics/`, contents).
pub fn pages() -> Vec<(String, String)> {
    let mut out = vec![("README.md".to_string(), index_page())];
    for code in Code::ALL {
        out.push((format!("{}.md", code.as_str()), code_page(*code)));
    }
    out
}

/// What `flinkddl explain CODE` prints.
pub fn explain(code: Code) -> String {
    let info = code.info();
    format!(
        "{c} {n}: {t}\n\nstage: {stage}, default severity: {sev}\n\n{expl}\n",
        c = info.code,
        n = info.name,
        t = info.title,
        stage = info.stage.as_str(),
        sev = info.severity.as_str(),
        expl = explanation(code),
    )
}

/// What `flinkddl explain` without a code prints: one line per code.
pub fn explain_all() -> String {
    let mut out = String::new();
    // In the index page's order: by group, then by code.
    let mut codes: Vec<Code> = Code::ALL.to_vec();
    codes.sort_by_key(|c| {
        let rank = GROUPS.iter().position(|(name, _)| *name == group(*c));
        (rank, c.info().code)
    });
    for code in codes {
        let info = code.info();
        out.push_str(&format!(
            "{:<5} {:<30} {:<7} {:<8} {}\n",
            info.code,
            info.name,
            info.stage.as_str(),
            info.severity.as_str(),
            info.title
        ));
    }
    out
}

/// Looks a code up by code or name; `Err` holds a message with the closest names.
pub fn lookup(text: &str) -> Result<Code, String> {
    if let Some(code) = Code::parse(text) {
        return Ok(code);
    }
    let candidates = Code::ALL
        .iter()
        .flat_map(|c| [c.info().code, c.info().name]);
    let mut message = format!("`{text}` is not a flinkddl code or name");
    if let Some(best) = flinkddl::diagnostics::suggest::closest(text, candidates) {
        message.push_str(&format!("; did you mean `{best}`?"));
    }
    message.push_str(" (`flinkddl explain` lists them all)");
    Err(message)
}
