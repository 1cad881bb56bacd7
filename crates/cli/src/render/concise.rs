//! One line per diagnostic, as compilers and ruff's `concise` print them:
//! `path:line:column: severity[CODE] message`, where editors and `grep` find them. Columns
//! count UTF-16 code units, as the other formats do. The summary line follows (`app.rs`).

use super::for_each_located;
use crate::check::FileReport;
use flinkddl::diagnostics::Applicability;

pub fn render(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for_each_located(reports, |report, d, at| {
        // ruff's mark for what `--fix` would fix.
        let fixable = match d.fix_applicability() {
            Some(Applicability::Safe) => " [*]",
            _ => "",
        };
        // A message is one line here, whatever it holds.
        let message = d.message.replace(['\r', '\n'], " ");
        out.push_str(&format!(
            "{}:{}:{}: {}[{}]{fixable} {message}\n",
            report.name,
            at.line,
            at.column,
            d.severity.as_str(),
            d.code
        ));
    });
    out
}
