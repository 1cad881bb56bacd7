//! The output formats of `flinkddl check`. Each renders the whole run to a string; `main`
//! prints it.
//!
//! Positions are 1-based lines and columns counted in UTF-16 code units (as Flink counts
//! them, and as SARIF's `utf16CodeUnits` and editors do); `end_column` is the column just after
//! the span. Byte offsets (`start`, `end`) are offsets into the file, a byte order mark
//! included.

pub mod concise;
pub mod github;
pub mod human;
pub mod sarif;

use crate::check::FileReport;
use flinkddl::{Diagnostic, LineIndex, Span};
use std::cell::{Cell, OnceCell};

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

/// Each diagnostic of each report with where it is, in order: what the one-line formats
/// (`concise`, `github`) print.
pub fn for_each_located<'r>(
    reports: &'r [FileReport],
    mut f: impl FnMut(&'r FileReport, &'r Diagnostic, Located),
) {
    for report in reports {
        let locator = Locator::new(report);
        for d in &report.diagnostics {
            f(report, d, locator.locate(d.span));
        }
    }
}

/// Locates spans of one file's text.
///
/// A report's spans come in Flink's order, nearly ascending, so the locator walks the text from
/// one span to the next, counting line feeds between them (memchr counts them a vector at a
/// time) instead of indexing every line of a file whose diagnostics touch a few: a 10 MB file's
/// line index cost more than the rest of the JSON report. A text with a carriage return, or a
/// walk longer than a few passes over the text (spans far apart, out of order, or many on one
/// long line), switches to the whole [`LineIndex`], so the cost stays linear.
pub struct Locator<'a> {
    text: &'a str,
    offset: u32,
    walk: Cell<Walk>,
    index: OnceCell<LineIndex>,
}

/// Where the walk stands: the offset last located and its 0-based line; the bytes read so far.
#[derive(Clone, Copy)]
struct Walk {
    at: u32,
    line: u32,
    /// Where the line of `at` starts.
    line_start: u32,
    read: usize,
    /// Whether the text has only `\n` line ends (`None` until the first span is located).
    line_feeds_only: Option<bool>,
}

impl<'a> Locator<'a> {
    pub fn new(report: &'a FileReport) -> Locator<'a> {
        Locator::of(&report.source.text, report.source.offset)
    }

    /// A locator of `text`, whose byte offsets are reported `offset` bytes further (a byte
    /// order mark the text does not hold).
    pub fn of(text: &'a str, offset: u32) -> Locator<'a> {
        Locator {
            text,
            offset,
            walk: Cell::new(Walk {
                at: 0,
                line: 0,
                line_start: 0,
                read: 0,
                line_feeds_only: None,
            }),
            index: OnceCell::new(),
        }
    }

    /// Another locator of the same text, standing where this one stands (whether the text has
    /// only `\n` line ends found out once for both): a lane of a report rendered on several
    /// cores.
    pub fn fork(&self) -> Locator<'a> {
        let mut walk = self.walk.get();
        walk.line_feeds_only
            .get_or_insert_with(|| line_feeds_only(self.text));
        self.walk.set(walk);
        Locator {
            text: self.text,
            offset: self.offset,
            walk: Cell::new(walk),
            index: OnceCell::new(),
        }
    }

    /// Stands where `other`, a locator of the same text, stands when that is further on: the
    /// next span of this one is after the spans `other` located, and walking from there reads
    /// none of the text between again.
    pub fn catch_up(&self, other: &Locator<'a>) {
        let (mine, theirs) = (self.walk.get(), other.walk.get());
        if std::ptr::eq(self.text, other.text) && theirs.at > mine.at {
            self.walk.set(Walk {
                read: mine.read.max(theirs.read),
                ..theirs
            });
        }
    }

    /// The file's whole line index (built on first use).
    fn line_index(&self) -> &LineIndex {
        self.index.get_or_init(|| LineIndex::new(self.text))
    }

    pub fn locate(&self, span: Span) -> Located {
        let (line, column) = self.line_col_utf16(span.start);
        // Most spans are short runs of ASCII on one line: the end is then on the start's line,
        // as many UTF-16 units further as it has bytes, with no second search.
        let between = self
            .text
            .get(span.start as usize..span.end as usize)
            .filter(|t| t.len() <= 256)
            .filter(|t| t.bytes().all(|b| b.is_ascii() && b != b'\n' && b != b'\r'));
        let (end_line, end_column) = match between {
            Some(t) => (line, column + t.len() as u32),
            None => self.line_col_utf16(span.end),
        };
        Located {
            line,
            column,
            end_line,
            end_column,
            start: span.start + self.offset,
            end: span.end + self.offset,
        }
    }

    /// The 1-based line and UTF-16 column of `offset`, as [`LineIndex::line_col`] gives them.
    fn line_col_utf16(&self, offset: u32) -> (u32, u32) {
        if self.index.get().is_none() {
            if let Some(at) = self.walk_to(offset) {
                return at;
            }
        }
        let at = self.line_index().line_col(self.text, offset);
        (at.line, at.column_utf16)
    }

    /// [`Locator::line_col_utf16`] by walking from the last offset located; `None` when the
    /// text has a carriage return or the walk has read a few passes over the text (past that
    /// the index is cheaper than walking on).
    fn walk_to(&self, offset: u32) -> Option<(u32, u32)> {
        let bytes = self.text.as_bytes();
        let mut walk = self.walk.get();
        let line_feeds_only = *walk
            .line_feeds_only
            .get_or_insert_with(|| line_feeds_only(self.text));
        if !line_feeds_only || walk.read > 4 * bytes.len() + 4096 {
            return None;
        }
        let offset = (offset as usize).min(bytes.len());
        let from = walk.at as usize;
        let (low, high) = (from.min(offset), from.max(offset));
        let between = memchr::memchr_iter(b'\n', bytes.get(low..high).unwrap_or_default()).count();
        let line = if offset >= from {
            walk.line as usize + between
        } else {
            (walk.line as usize).saturating_sub(between)
        };
        // Forward on the same line (a span's end after its start, most often), the line start
        // is known.
        let start = if offset >= from && between == 0 {
            walk.line_start as usize
        } else {
            memchr::memrchr(b'\n', bytes.get(..offset).unwrap_or_default()).map_or(0, |i| i + 1)
        };
        let mut end = offset;
        while end > start && !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let prefix = bytes.get(start..end).unwrap_or_default();
        // Counted on bytes, as the line index counts: a character starts at every byte that is
        // not a continuation byte, and takes two UTF-16 units when it has four bytes.
        let utf16 = if prefix.is_ascii() {
            prefix.len()
        } else {
            prefix
                .iter()
                .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
                .sum()
        };
        walk.read += (high - low) + (offset - start);
        walk.at = offset as u32;
        walk.line = line as u32;
        walk.line_start = start as u32;
        self.walk.set(walk);
        Some((line as u32 + 1, utf16 as u32 + 1))
    }
}

/// Whether `text` has no carriage return: searched in parts on every core when it is large
/// (the search of a 10 MB text was a millisecond on one core, with the other waiting).
fn line_feeds_only(text: &str) -> bool {
    use rayon::prelude::*;
    const PART: usize = 1 << 20;
    let bytes = text.as_bytes();
    if bytes.len() < 2 * PART {
        return memchr::memchr(b'\r', bytes).is_none();
    }
    !bytes
        .par_chunks(PART)
        .any(|part| memchr::memchr(b'\r', part).is_some())
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A carriage return anywhere in a large text is found (the search runs in parts).
    #[test]
    fn carriage_returns_are_found_in_large_texts() {
        let mut text = "a\n".repeat(3 << 20);
        assert!(line_feeds_only(&text));
        text.insert(text.len() - 5, '\r');
        assert!(!line_feeds_only(&text));
        assert!(!line_feeds_only("a\r\n"));
        assert!(line_feeds_only(""));
    }

    /// The walking locator gives the line index's lines and UTF-16 columns, for spans in any
    /// order, on texts with `\n`, `\r\n`, lone `\r` and multi-byte characters, short and
    /// long, before and after its walk budget runs out.
    #[test]
    fn walking_agrees_with_the_line_index() {
        let pieces = ["ab", "\n", "\r\n", "\r", "ä", "😀", " ", "\n\n", "x"];
        let mut seed = 11u64;
        let mut next = |bound: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % bound.max(1)
        };
        for round in 0..3000 {
            let mut text = String::new();
            // Some texts long enough for the walk's vector searches (past 64 bytes).
            for _ in 0..next(if round % 2 == 0 { 40 } else { 300 }) {
                // Every third text has line feeds only, the walk's own case.
                let piece = pieces[next(pieces.len())];
                if round % 3 == 0 && piece.contains('\r') {
                    continue;
                }
                text.push_str(piece);
            }
            let index = LineIndex::new(&text);
            let locator = Locator::of(&text, 3);
            for _ in 0..next(30) {
                let (a, b) = (next(text.len() + 3) as u32, next(text.len() + 3) as u32);
                let span = Span::new(a.min(b), a.max(b));
                let (start, end) = (
                    index.line_col(&text, span.start),
                    index.line_col(&text, span.end),
                );
                let want = Located {
                    line: start.line,
                    column: start.column_utf16,
                    end_line: end.line,
                    end_column: end.column_utf16,
                    start: span.start + 3,
                    end: span.end + 3,
                };
                assert_eq!(locator.locate(span), want, "{text:?} {span:?}");
                // A fork, and a locator that caught up with one, stand where they may.
                if next(4) == 0 {
                    let fork = locator.fork();
                    assert_eq!(fork.locate(span), want, "fork: {text:?} {span:?}");
                    let behind = Locator::of(&text, 3);
                    behind.catch_up(&fork);
                    assert_eq!(behind.locate(span), want, "caught up: {text:?} {span:?}");
                }
            }
        }
    }
}
