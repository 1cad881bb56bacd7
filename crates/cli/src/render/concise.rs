//! One line per diagnostic, as compilers and ruff's `concise` print them:
//! `path:line:column: severity[CODE] message`, where editors and `grep` find them. Columns
//! count UTF-16 code units, as the other formats do. The summary line follows (`app.rs`).

use super::Locator;
use crate::check::FileReport;
use flinkddl::diagnostics::Applicability;
use flinkddl::Severity;

pub fn render(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for report in reports {
        let locator = Locator::new(report);
        for d in &report.diagnostics {
            let severity = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "info",
            };
            // ruff's mark for what `--fix` would fix.
            let fixable = match d.fix_applicability() {
                Some(Applicability::Safe) => " [*]",
                _ => "",
            };
            let at = locator.locate(d.span);
            // A message is one line here, whatever it holds.
            let message = d.message.replace(['\r', '\n'], " ");
            out.push_str(&format!(
                "{}:{}:{}: {severity}[{}]{fixable} {message}\n",
                report.name, at.line, at.column, d.code
            ));
        }
    }
    out
}
