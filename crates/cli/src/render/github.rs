//! GitHub Actions workflow commands: one `::error`, `::warning` or `::notice` line per
//! diagnostic, which GitHub shows as an annotation on the file and line, then the summary.

use super::{summary_line, Locator};
use crate::check::{FileReport, Summary};
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

pub fn render(reports: &[FileReport], summary: &Summary) -> String {
    let mut out = String::new();
    for report in reports {
        let locator = Locator::new(report);
        for d in &report.diagnostics {
            let command = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "notice",
            };
            let at = locator.locate(d.span);
            let info = d.code.info();
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            out.push_str(&format!(
                "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
                property(&report.name),
                at.line,
                at.column,
                at.end_line,
                at.end_column,
                property(&format!("{} {}", info.code, info.name)),
                data(&message),
            ));
        }
    }
    out.push_str(&summary_line(summary));
    out.push('\n');
    out
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
