//! What the fixture harnesses share.

use flinkddl_fmt::{FormatOptions, IdentifierQuoting, KeywordCase};

/// The options a case's first line sets: `-- format: key = value, ...`, with the keys of the
/// `[format]` table of flinkddl.toml; the defaults without that line.
pub fn options_of(text: &str) -> FormatOptions {
    let mut options = FormatOptions::default();
    let Some(line) = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("-- format:"))
    else {
        return options;
    };
    for pair in line.split(',') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match (key.trim(), value.trim()) {
            ("keyword-case", "lower") => options.keyword_case = KeywordCase::Lower,
            ("keyword-case", "upper") => options.keyword_case = KeywordCase::Upper,
            ("keyword-case", "preserve") => options.keyword_case = KeywordCase::Preserve,
            ("identifier-quoting", "as-needed") => {
                options.identifier_quoting = IdentifierQuoting::AsNeeded
            }
            ("identifier-quoting", "preserve") => {
                options.identifier_quoting = IdentifierQuoting::Preserve
            }
            ("line-width", n) => options.line_width = n.parse().unwrap_or(options.line_width),
            ("indent-width", n) => options.indent_width = n.parse().unwrap_or(options.indent_width),
            (k, v) => panic!("unknown format option `{k} = {v}`"),
        }
    }
    options
}
