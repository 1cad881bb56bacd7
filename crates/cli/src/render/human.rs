//! Human output: each diagnostic rendered by miette (code, message, the source snippet with
//! its labels, help), then a one-line summary.

use super::summary_line;
use crate::check::{FileReport, Summary};
use flinkddl::{Code, Diagnostic, LineIndex, Severity};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};
use std::fmt;

/// How to draw.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub color: bool,
    /// Where long lines wrap.
    pub width: usize,
    /// Show info diagnostics ("not derived", ...), not only errors and warnings.
    pub show_info: bool,
}

/// The diagnostics, then the summary line.
pub fn render(reports: &[FileReport], summary: &Summary, style: Style) -> String {
    let mut out = render_diagnostics(reports, style);
    out.push_str(&summary_line(summary));
    out.push('\n');
    out
}

/// The diagnostics alone.
pub fn render_diagnostics(reports: &[FileReport], style: Style) -> String {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let mut out = String::new();
    for report in reports {
        let source = Windowed {
            name: &report.name,
            text: &report.source.text,
            index: LineIndex::new(&report.source.text),
        };
        for d in &report.diagnostics {
            if d.severity == Severity::Info && !style.show_info {
                continue;
            }
            // File-level problems have no snippet to show.
            let file_level = matches!(d.code, Code::Unreadable | Code::InternalError);
            let shown = Shown {
                d,
                source: (!file_level).then_some(&source as &dyn SourceCode),
                name: &report.name,
            };
            let mut text = String::new();
            if handler.render_report(&mut text, &shown).is_ok() {
                out.push_str(&text);
                out.push('\n');
            }
        }
    }
    out
}

/// A diagnostic as miette shows it: code and name in the header, the fix in the help, and the
/// file name where there is no snippet.
struct Shown<'a> {
    d: &'a Diagnostic,
    source: Option<&'a dyn SourceCode>,
    name: &'a str,
}

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.d, f)
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.source.is_none() {
            write!(f, "{}: ", self.name)?;
        }
        f.write_str(&self.d.message)
    }
}

impl std::error::Error for Shown<'_> {}

impl miette::Diagnostic for Shown<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let info = self.d.code.info();
        Some(Box::new(format!("{} {}", info.code, info.name)))
    }

    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.d)
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let fix = self.d.fix.as_ref().map(|fix| {
            let replacement = fix.replacement.trim();
            if replacement.is_empty()
                || fix
                    .message
                    .to_ascii_lowercase()
                    .contains(&replacement.to_ascii_lowercase())
            {
                fix.message.clone()
            } else {
                format!("{}: `{replacement}`", fix.message)
            }
        });
        // miette writes `help:` before the text: a fix alone is the help; after a help, it is
        // marked as the fix an editor applies.
        match (&self.d.help, fix) {
            (Some(h), Some(fix)) => Some(Box::new(format!("{h}\nfix: {fix}"))),
            (Some(h), None) => Some(Box::new(h.clone())),
            (None, Some(fix)) => Some(Box::new(fix)),
            (None, None) => None,
        }
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.source?;
        miette::Diagnostic::labels(self.d)
    }
}

/// The file as miette reads it, made fast and exact for flinkddl:
/// - miette scans from the start of the text for every span, which takes minutes on a large
///   file with thousands of diagnostics; this hands it only the lines around the span (found
///   with the line index) and shifts the result back;
/// - the header's column (`file:line:column`) is counted in UTF-16 code units, as in the other
///   formats and in Flink, where miette counts bytes.
struct Windowed<'a> {
    name: &'a str,
    text: &'a str,
    index: LineIndex,
}

impl SourceCode for Windowed<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let start = span.offset();
        let end = start + span.len();
        if end > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        // Whole lines around the span, one more on each side than miette will keep.
        let first_line = self
            .index
            .line_of(start as u32)
            .saturating_sub(context_lines_before + 1);
        let last_line = self.index.line_of(end as u32) + context_lines_after + 2;
        let window_start = self.index.line_start(first_line).unwrap_or(0) as usize;
        let window_end = self
            .index
            .line_start(last_line)
            .map_or(self.text.len(), |e| e as usize);
        let window = self
            .text
            .get(window_start..window_end)
            .ok_or(MietteError::OutOfBounds)?;
        let inner = window.read_span(
            &SourceSpan::new((start - window_start).into(), span.len()),
            context_lines_before,
            context_lines_after,
        )?;
        let mut column = inner.column();
        if context_lines_before == 0 && context_lines_after == 0 {
            let line_start = self.index.line_start(self.index.line_of(start as u32));
            if let Some(prefix) = line_start.and_then(|s| self.text.get(s as usize..start)) {
                column = prefix.encode_utf16().count();
            }
        }
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            SourceSpan::new(
                (inner.span().offset() + window_start).into(),
                inner.span().len(),
            ),
            inner.line() + first_line,
            column,
            inner.line_count() + first_line,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use miette::NamedSource;

    /// On ASCII text the windowed source renders exactly as miette's own (whose byte columns
    /// are then UTF-16 columns too), whatever the line ends.
    #[test]
    fn windowed_source_renders_like_miette() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut texts = Vec::new();
        for dir in [
            "bind/err",
            "lint/precision-clamped",
            "lint/duplicate-option-key",
        ] {
            for entry in std::fs::read_dir(root.join(dir))
                .into_iter()
                .flatten()
                .flatten()
            {
                if entry.path().extension().is_some_and(|e| e == "sql") {
                    texts.push(std::fs::read_to_string(entry.path()).unwrap_or_default());
                }
            }
        }
        // Spans at the very end, empty files, lone CRs.
        texts.extend(
            [
                "CREATE TABLE t (",
                "CREATE TABLE t (a INT)\n\nWITH (\n",
                "CREATE TABLE t (a INT INT)\rSELECT 1;\r",
                "",
                "\n\n\nCREATE TABLE t (a TIME(9))",
            ]
            .map(String::from),
        );
        let crlf: Vec<String> = texts.iter().map(|t| t.replace('\n', "\r\n")).collect();
        texts.extend(crlf);
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor());
        let mut compared = 0;
        for text in texts.iter().filter(|t| t.is_ascii()) {
            let windowed = Windowed {
                name: "f.sql",
                text,
                index: LineIndex::new(text),
            };
            let named = NamedSource::new("f.sql", text.clone());
            for d in flinkddl::analyze(text).diagnostics {
                let mut ours = String::new();
                let mut theirs = String::new();
                let shown = Shown {
                    d: &d,
                    source: Some(&windowed as &dyn SourceCode),
                    name: "f.sql",
                };
                let _ = handler.render_report(&mut ours, &shown);
                let plain = Shown {
                    d: &d,
                    source: Some(&named),
                    name: "f.sql",
                };
                let _ = handler.render_report(&mut theirs, &plain);
                assert_eq!(ours, theirs, "{text}");
                compared += 1;
            }
        }
        assert!(compared > 20, "{compared}");
    }
}
