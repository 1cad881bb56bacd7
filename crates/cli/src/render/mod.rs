//! The output formats of `flinkddl check`. Each renders the whole run to a string; `main`
//! prints it.
//!
//! Positions are 1-based lines and columns counted in UTF-16 code units (as Flink counts
//! them, and as SARIF's `utf16CodeUnits` and editors do); `end_column` is the column just after
//! the span. Byte offsets (`start`, `end`) are offsets into the file, a byte order mark
//! included.

pub mod github;
pub mod human;
pub mod sarif;

use crate::check::FileReport;
use flinkddl::{LineIndex, Span};

/// A span of one file, located.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Located {
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    /// Byte offsets into the file.
    pub start: u32,
    pub end: u32,
}

/// Locates spans of one file's text.
pub struct Locator<'a> {
    text: &'a str,
    offset: u32,
    index: LineIndex,
}

impl<'a> Locator<'a> {
    pub fn new(report: &'a FileReport) -> Locator<'a> {
        Locator {
            text: &report.source.text,
            offset: report.source.offset,
            index: LineIndex::new(&report.source.text),
        }
    }

    /// The file's line index (built once, here).
    pub fn line_index(&self) -> &LineIndex {
        &self.index
    }

    pub fn locate(&self, span: Span) -> Located {
        let start = self.index.line_col(self.text, span.start);
        let end = self.index.line_col(self.text, span.end);
        Located {
            line: start.line,
            column: start.column_utf16,
            end_line: end.line,
            end_column: end.column_utf16,
            start: span.start + self.offset,
            end: span.end + self.offset,
        }
    }
}

/// "1 error", "2 errors".
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The one-line summary of the human format (and of the GitHub format, on stderr). Info
/// diagnostics are counted as "info", the word `flinkddl.toml` and the JSON output use.
pub fn summary_line(summary: &crate::check::Summary) -> String {
    let mut line = format!(
        "Checked {} in {:.2?}: {}, {}",
        plural(summary.files, "file"),
        summary.elapsed,
        plural(summary.errors, "error"),
        plural(summary.warnings, "warning"),
    );
    if summary.info > 0 {
        line.push_str(&format!(", {} info", summary.info));
    }
    line.push('.');
    line
}
