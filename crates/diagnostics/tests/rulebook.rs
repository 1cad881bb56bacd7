//! The rule book (`data/rulebook.toml`): every entry names Flink's message, where Flink raises
//! it, and a diagnostic code that exists or why none models it; the coverage figure that
//! docs/architecture.md gives is the file's.

use flinkddl_diagnostics::Code;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Book {
    rule: Vec<Rule>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rule {
    area: String,
    raised: String,
    message: String,
    code: Option<String>,
    not_modelled: Option<String>,
}

const AREAS: [&str; 7] = [
    "parser",
    "converter",
    "validator",
    "catalog",
    "factory",
    "sink",
    "planner",
];

fn book() -> Book {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/rulebook.toml");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_entry_is_complete_and_names_a_code_that_exists() {
    let book = book();
    let mut problems = Vec::new();
    for (i, rule) in book.rule.iter().enumerate() {
        let at = format!("rule {} ({:?})", i + 1, rule.message);
        if !AREAS.contains(&rule.area.as_str()) {
            problems.push(format!("{at}: area {:?} is none of {AREAS:?}", rule.area));
        }
        if rule.raised.trim().is_empty() || rule.message.trim().is_empty() {
            problems.push(format!("{at}: `raised` and `message` must say something"));
        }
        match (&rule.code, &rule.not_modelled) {
            (Some(code), None) => {
                if Code::parse(code).map(|c| c.as_str()) != Some(code.as_str()) {
                    problems.push(format!("{at}: no diagnostic code {code:?}"));
                }
            }
            (None, Some(why)) if !why.trim().is_empty() => {}
            _ => problems.push(format!(
                "{at}: give either `code` or a non-empty `not_modelled`"
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn architecture_gives_the_coverage_figure_of_the_book() {
    let book = book();
    let total = book.rule.len();
    let modelled = book.rule.iter().filter(|r| r.code.is_some()).count();
    let figure = format!(
        "{modelled} of {total} rejections modelled ({:.1}%)",
        100.0 * modelled as f64 / total as f64
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/architecture.md");
    let doc = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        doc.contains(&figure),
        "docs/architecture.md should give the rule book's coverage as \"{figure}\""
    );
}
