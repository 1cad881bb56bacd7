//! GitHub Actions workflow commands: one `::error`, `::warning` or `::notice` line per
//! diagnostic, which GitHub shows as an annotation on the file and line. Only commands go to
//! stdout (the summary line goes to stderr: `main`). `col` and `endColumn` are given only for
//! a span on one line, the only case where GitHub accepts them.

use super::for_each_located;
use crate::check::FileReport;
use flinkddl::Severity;

/// Escapes a command's message (`%`, CR, LF).
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a command's property value (also `:` and `,`).
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

pub fn render(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for_each_located(reports, |report, d, at| {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let info = d.code.info();
        let mut message = d.message.to_string();
        if let Some(help) = &d.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        let position = if at.line == at.end_line {
            format!(
                "line={},col={},endLine={},endColumn={}",
                at.line, at.column, at.end_line, at.end_column
            )
        } else {
            format!("line={},endLine={}", at.line, at.end_line)
        };
        out.push_str(&format!(
            "::{command} file={},{position},title={}::{}\n",
            property(&report.name),
            property(&format!("{} {}", info.code, info.name)),
            data(&message),
        ));
    });
    out
}

/// A run that could not check anything, as an error annotation without a file.
pub fn render_usage_error(message: &str) -> String {
    format!("::error title=flinkddl::{}\n", data(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(data("50%\na"), "50%25%0Aa");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }
}
