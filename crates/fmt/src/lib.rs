//! flinkddl-fmt: `flinkddl format`, a Flink SQL formatter that keeps every comment and every
//! meaning (issue 17, `docs/format.md`).
//!
//! The formatter prints each statement's tokens in order and chooses only the whitespace
//! between them (`layout`), from the statement's AST (`structure`). What it does not lay out it
//! keeps byte for byte: statements with a syntax error, SET / RESET, statement sets, and the
//! statements the parser only delimits. Then it checks itself ([`format`]): the result must
//! parse to the same ASTs (spans aside), keep every comment, and analyze to the same
//! diagnostic codes per statement and the same tables; a statement that fails is put back as
//! it was, and when that is not enough the text is returned unchanged.

mod layout;
mod structure;

use flinkddl::syntax::ast::{Statement, StatementKind};
use flinkddl::syntax::{Token, TokenKind, TokenView};
use flinkddl::{analyze_with, parse, Options, Parse, Span};
use flinkddl_config::{FormatSettings, KeywordCaseSetting, QuotingSetting};
use structure::Structure;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KeywordCase {
    #[default]
    Upper,
    Lower,
    Preserve,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IdentifierQuoting {
    /// Back-ticks as written.
    #[default]
    Preserve,
    /// Back-ticks only where an identifier needs them (a keyword, or not a plain word).
    AsNeeded,
}

/// The few options of the one style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatOptions {
    pub line_width: usize,
    pub indent_width: usize,
    pub keyword_case: KeywordCase,
    pub identifier_quoting: IdentifierQuoting,
}

impl Default for FormatOptions {
    fn default() -> Self {
        FormatOptions {
            line_width: 100,
            indent_width: 4,
            keyword_case: KeywordCase::Upper,
            identifier_quoting: IdentifierQuoting::Preserve,
        }
    }
}

impl FormatOptions {
    /// The options a `[format]` table of flinkddl.toml gives (the defaults for keys not given;
    /// a line width of at least 1, an indent width of at most 16).
    pub fn from_settings(settings: &FormatSettings) -> FormatOptions {
        let defaults = FormatOptions::default();
        FormatOptions {
            line_width: settings.line_width.unwrap_or(defaults.line_width).max(1),
            indent_width: settings
                .indent_width
                .unwrap_or(defaults.indent_width)
                .min(16),
            keyword_case: match settings.keyword_case {
                None => defaults.keyword_case,
                Some(KeywordCaseSetting::Upper) => KeywordCase::Upper,
                Some(KeywordCaseSetting::Lower) => KeywordCase::Lower,
                Some(KeywordCaseSetting::Preserve) => KeywordCase::Preserve,
            },
            identifier_quoting: match settings.identifier_quoting {
                None => defaults.identifier_quoting,
                Some(QuotingSetting::Preserve) => IdentifierQuoting::Preserve,
                Some(QuotingSetting::AsNeeded) => IdentifierQuoting::AsNeeded,
            },
        }
    }
}

/// What formatting did to a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formatted {
    pub text: String,
    /// Statements laid out.
    pub formatted: usize,
    /// Statements kept as written: not laid out by design, a syntax error, or put back by the
    /// self-check.
    pub kept: usize,
    /// Statements the self-check put back.
    pub reverted: usize,
    /// The first syntax error, if any: its statement is kept as written, and `flinkddl format`
    /// reports the file as one it cannot format.
    pub syntax_error: Option<flinkddl::Diagnostic>,
}

/// Formats a script, checked: see the crate documentation. Never fails.
pub fn format(text: &str, options: &FormatOptions) -> String {
    format_report(text, options).text
}

/// [`format`], with counts of what was laid out and what was kept.
pub fn format_report(text: &str, options: &FormatOptions) -> Formatted {
    format_window(text, options, None).0
}

/// The statements a range touches laid out, and nothing else: the edit an editor's "format
/// selection" applies. `span` is the part of the original text to replace (from the first
/// touched statement's first token through the last one's `;`), `text` its replacement; the
/// text outside `span` stays byte for byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeEdit {
    pub span: Span,
    pub text: String,
}

/// Formats the statements that `range` touches (checked as [`format`] is; the white space and
/// comments between two of them are made regular too). A statement is touched when it shares
/// a character with a non-empty range, or, for an empty range (a cursor), when the cursor is in
/// it or at its edge. `None` when no statement is touched or nothing would change.
pub fn format_range(text: &str, range: Span, options: &FormatOptions) -> Option<RangeEdit> {
    let (report, window) = format_window(text, options, Some(range));
    let window = window?;
    let suffix = text.len().checked_sub(window.end as usize)?;
    let replaced = report
        .text
        .get(window.start as usize..report.text.len().checked_sub(suffix)?)?;
    (replaced != window.text(text)).then(|| RangeEdit {
        span: window,
        text: replaced.to_string(),
    })
}

/// Formats the whole text (`range` None) or the statements `range` touches; with a range, also
/// the span of the original text those statements cover (None when it touches none).
fn format_window(
    text: &str,
    options: &FormatOptions,
    range: Option<Span>,
) -> (Formatted, Option<Span>) {
    let original = parse(text);
    let script = Script::read(text, &original);
    let window = range.map(|r| script.touched(r));
    let unchanged = Formatted {
        text: text.to_string(),
        formatted: 0,
        kept: script.statements.len(),
        reverted: 0,
        syntax_error: original
            .errors
            .iter()
            .find(|e| e.severity == flinkddl::Severity::Error)
            .cloned(),
    };
    let window_span = match &window {
        Some(None) => return (unchanged, None),
        Some(Some(w)) => Some(Span::new(
            script.statements[w.start].span.start,
            script.statements[w.end - 1].span.end,
        )),
        None => None,
    };
    let window = window.flatten();
    let mut chosen: Vec<Option<String>> = script
        .statements
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let wanted = window.as_ref().is_none_or(|w| w.contains(&i));
            wanted
                .then(|| s.layout(text, &original, options, script.newline))
                .flatten()
        })
        .collect();
    let assemble =
        |chosen: &[Option<String>]| script.assemble(text, &original, chosen, window.clone());
    if chosen.iter().all(Option::is_none) {
        // Only whitespace and comments between statements could change.
        let out = assemble(&chosen);
        let report = if comments(&parse(&out), &out) == comments(&original, text) {
            Formatted {
                text: out,
                ..unchanged
            }
        } else {
            unchanged
        };
        return (report, window_span);
    }
    let before = Meaning::of(text, &original, options);
    let mut reverted = 0;
    // Each round puts back the statements that differ; a bounded number of rounds.
    for _ in 0..3 {
        let out = assemble(&chosen);
        let reparsed = parse(&out);
        if reparsed.script().statements.len() != original.script().statements.len()
            || comments(&reparsed, &out) != comments(&original, text)
        {
            return (unchanged, window_span);
        }
        let after = Meaning::of(&out, &reparsed, options);
        let differing: Vec<usize> = (0..chosen.len())
            .filter(|&i| chosen[i].is_some() && !before.same_statement(&after, i))
            .collect();
        if differing.is_empty() && before.tables == after.tables {
            let formatted = chosen.iter().filter(|c| c.is_some()).count();
            let report = Formatted {
                text: out,
                formatted,
                kept: chosen.len() - formatted,
                reverted,
                ..unchanged
            };
            return (report, window_span);
        }
        if differing.is_empty() {
            break;
        }
        for i in differing {
            chosen[i] = None;
            reverted += 1;
        }
    }
    (unchanged, window_span)
}

/// The comments of a text, in order (line comments without a trailing `\r`).
fn comments<'a>(parse: &Parse, text: &'a str) -> Vec<&'a str> {
    parse
        .trivia
        .iter()
        .map(|c| c.span.text(text).trim_end_matches('\r'))
        .collect()
}

/// What the self-check compares: each statement's AST without spans, the diagnostic codes of
/// each statement, and the tables as DESCRIBE and SHOW CREATE print them.
struct Meaning {
    shapes: Vec<String>,
    codes: Vec<Vec<String>>,
    tables: Vec<String>,
}

impl Meaning {
    fn of(text: &str, parse: &Parse, options: &FormatOptions) -> Meaning {
        let analysis = analyze_with(text, &Options::default());
        let statements = &parse.script().statements;
        let mut codes = vec![Vec::new(); statements.len()];
        for d in &analysis.diagnostics {
            if let Some(i) = flinkddl::binder::statement_index(parse, d.span.start) {
                if let Some(slot) = codes.get_mut(i) {
                    slot.push(d.code.to_string());
                }
            }
        }
        let tables = analysis
            .tables
            .iter()
            .map(|t| {
                let mut s = flinkddl::binder::print::describe_tableau(t);
                s.push_str(&flinkddl::binder::print::show_create(t).unwrap_or_default());
                s
            })
            .collect();
        Meaning {
            shapes: statements.iter().map(|s| shape(s, options)).collect(),
            codes,
            tables,
        }
    }

    fn same_statement(&self, other: &Meaning, i: usize) -> bool {
        self.shapes.get(i) == other.shapes.get(i) && self.codes.get(i) == other.codes.get(i)
    }
}

/// A statement's AST as JSON text with every span (`{"start":..,"end":..}`) written `0`, and
/// `quoted` too when the options may remove back-ticks: what the self-check compares. Text,
/// not `serde_json::Value`: a fraction of the time and memory on big scripts. A `{` or `"`
/// inside a string value is escaped in JSON text, so no string can look like a span.
pub fn shape(statement: &Statement, options: &FormatOptions) -> String {
    let json = serde_json::to_string(statement).unwrap_or_default();
    let quoting = options.identifier_quoting == IdentifierQuoting::AsNeeded;
    let mut out = String::with_capacity(json.len() / 2);
    let mut rest = json.as_str();
    while let Some(at) = rest.find(['{', '"']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if let Some(len) = span_len(tail) {
            out.push('0');
            rest = &tail[len..];
        } else if quoting && tail.starts_with("\"quoted\":") {
            out.push_str("\"quoted\":0");
            let after = &tail["\"quoted\":".len()..];
            rest = after
                .strip_prefix("true")
                .or_else(|| after.strip_prefix("false"))
                .unwrap_or(after);
        } else if tail.starts_with('"') {
            // A whole string: copied as is, so nothing inside it is read as structure.
            let end = string_len(tail);
            out.push_str(&tail[..end]);
            rest = &tail[end..];
        } else {
            out.push('{');
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

/// The length of `{"start":N,"end":M}` at the start of `text`, if it is one.
fn span_len(text: &str) -> Option<usize> {
    let digits = |t: &str| t.bytes().take_while(u8::is_ascii_digit).count();
    let after = text.strip_prefix("{\"start\":")?;
    let n = digits(after);
    let after = after[n..].strip_prefix(",\"end\":")?;
    let m = digits(after);
    let after = after[m..].strip_prefix('}')?;
    (n > 0 && m > 0).then(|| text.len() - after.len())
}

/// The length of the JSON string at the start of `text` (quotes included).
fn string_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Statements longer than this are kept as written: the self-check's cost grows with a
/// statement's AST, and no one reads a 10,000-token statement laid out.
pub const MAX_LAYOUT_TOKENS: usize = 10_000;

/// One statement's place in the text: from its first token through its `;`.
struct Region {
    span: Span,
    /// Token indices, the `;` included.
    tokens: std::ops::Range<usize>,
    index: usize,
    /// Laid out (false: kept byte for byte).
    formattable: bool,
}

/// The syntax errors as ranges of token indices, sorted by their first token. Statements are
/// ranges of tokens too, so whether an error touches a statement does not depend on the white
/// space around it, which formatting changes: an error at the offset right after a `;` belongs
/// to the token that follows, however far away the next pass puts it.
struct ErrorTokens {
    /// (first, last) token index of each error, sorted by `first`.
    ranges: Vec<(usize, usize)>,
    /// The largest `last` among the first i ranges.
    max_last: Vec<usize>,
}

impl ErrorTokens {
    fn of(parse: &Parse) -> ErrorTokens {
        let tokens = parse.tokens();
        let mut ranges: Vec<(usize, usize)> = parse
            .errors
            .iter()
            .map(|e| {
                // The token the error starts in, or the next one when it starts in white space
                // or at a token's end; through the last token that starts before its end.
                // An error at the very end belongs to `Eof`.
                let eof = tokens.len().saturating_sub(1);
                let first = tokens
                    .partition_point(|t| t.span.end <= e.span.start)
                    .min(eof);
                let last = tokens.partition_point(|t| t.span.start < e.span.end);
                (first, last.saturating_sub(1).clamp(first, eof.max(first)))
            })
            .collect();
        ranges.sort_unstable();
        let mut max_last = Vec::with_capacity(ranges.len());
        let mut running = 0;
        for &(_, last) in &ranges {
            running = running.max(last);
            max_last.push(running);
        }
        ErrorTokens { ranges, max_last }
    }

    /// Whether an error covers one of the tokens `from..to`.
    fn touch(&self, from: usize, to: usize) -> bool {
        let upto = self.ranges.partition_point(|&(first, _)| first < to);
        upto > 0 && self.max_last[upto - 1] >= from
    }

    /// Whether an error starts at one of the tokens `from..to`.
    fn start_within(&self, from: usize, to: usize) -> bool {
        let a = self.ranges.partition_point(|&(first, _)| first < from);
        let b = self.ranges.partition_point(|&(first, _)| first < to);
        b > a
    }
}

struct Script {
    statements: Vec<Region>,
    newline: &'static str,
}

impl Script {
    fn read(text: &str, parse: &Parse) -> Script {
        let tokens = parse.tokens();
        let errors = ErrorTokens::of(parse);
        let mut statements = Vec::new();
        let mut taken = 0usize;
        for (index, s) in parse.script().statements.iter().enumerate() {
            let first = tokens
                .partition_point(|t| t.span.start < s.span.start)
                .max(taken);
            let mut last = tokens
                .partition_point(|t| t.span.start < s.span.end)
                .max(first);
            let mut end = s.span.end.max(s.span.start);
            if tokens
                .get(last)
                .is_some_and(|t| t.kind == TokenKind::Semicolon)
            {
                end = tokens[last].span.end;
                last += 1;
            }
            let start = tokens
                .get(first)
                .map_or(s.span.start, |t| t.span.start.min(s.span.start));
            let span = Span::new(start.min(end), end);
            let has_error = errors.touch(first, last);
            let formattable = !has_error
                && last > first
                && last - first <= MAX_LAYOUT_TOKENS
                && lays_out(&s.kind);
            taken = last;
            statements.push(Region {
                span,
                tokens: first..last,
                index,
                formattable,
            });
        }
        // Tokens between two statements are the rest of a statement the parser gave up on:
        // the statement before them is kept as written too.
        for i in 0..statements.len() {
            let next_token = statements
                .get(i + 1)
                .map_or(tokens.len(), |next| next.tokens.start);
            let after = statements[i].tokens.end.min(next_token);
            let stray = tokens[after..next_token]
                .iter()
                .any(|t| t.kind != TokenKind::Eof);
            // The last statement's range runs through `Eof`, where errors at the end are.
            let error_after = errors.start_within(after, next_token);
            if stray || error_after {
                statements[i].formattable = false;
            }
        }
        let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
        Script {
            statements,
            newline,
        }
    }

    /// The statements `range` touches (see [`format_range`]), as a range of indices.
    fn touched(&self, range: Span) -> Option<std::ops::Range<usize>> {
        let touches = |r: &Region| {
            if range.start == range.end {
                r.span.start <= range.start && range.start <= r.span.end
            } else {
                r.span.start < range.end && range.start < r.span.end
            }
        };
        let first = self.statements.iter().position(touches)?;
        let count = self.statements[first..]
            .iter()
            .take_while(|r| touches(r))
            .count();
        Some(first..first + count)
    }

    /// The text with each chosen statement replaced by its layout, and the whitespace between
    /// statements made regular (comments kept where they are).
    /// With a `window` of statements, only the white space between two of them is made
    /// regular; the text before the first and after the last is copied.
    fn assemble(
        &self,
        text: &str,
        parse: &Parse,
        chosen: &[Option<String>],
        window: Option<std::ops::Range<usize>>,
    ) -> String {
        let nl = self.newline;
        let mut out = String::with_capacity(text.len() + text.len() / 8);
        let mut at = 0u32;
        let mut first = true;
        for (i, region) in self.statements.iter().enumerate() {
            if region.span.start < at {
                // Overlapping regions cannot be assembled safely.
                return text.to_string();
            }
            let regular = window.as_ref().is_none_or(|w| i > w.start && i < w.end);
            if !regular
                || !gap(
                    &mut out,
                    text,
                    parse,
                    at,
                    region.span.start,
                    first,
                    false,
                    nl,
                )
            {
                out.push_str(&text[at as usize..region.span.start as usize]);
            }
            match &chosen[region.index] {
                Some(laid_out) => out.push_str(laid_out),
                None => out.push_str(region.span.text(text)),
            }
            at = region.span.end;
            first = false;
        }
        let end = text.len() as u32;
        // A token left open at the end (an unterminated string or comment) would swallow a
        // line end added after it: the end of such a text stays as written.
        let open_at_end = window.is_some() || swallows_line_end(text, parse);
        if open_at_end || !gap(&mut out, text, parse, at, end, first, true, nl) {
            out.push_str(&text[at as usize..]);
        }
        out
    }
}

/// Whether the text ends inside a token or comment that a line end added after it would join
/// (an unterminated string, quoted name or comment): read the last one again with a line end.
fn swallows_line_end(text: &str, parse: &Parse) -> bool {
    let end = text.len() as u32;
    let last_token = parse
        .tokens()
        .iter()
        .rev()
        .find(|t| t.kind != TokenKind::Eof);
    let last = match (last_token, parse.trivia.last()) {
        (Some(t), Some(c)) => Some(if c.span.end > t.span.end { *c } else { *t }),
        (t, c) => t.or(c).copied(),
    };
    let Some(last) = last.filter(|l| l.span.end >= end) else {
        return false;
    };
    let tail = format!("{}\n", last.span.text(text));
    let relexed = flinkddl::syntax::lex(&tail);
    let first = relexed
        .tokens
        .iter()
        .chain(relexed.trivia.iter())
        .map(|t| t.span)
        .min_by_key(|s| s.start);
    !matches!(first, Some(s) if (s.end as usize) < tail.len())
}

/// Writes the text between two statements (`from..to`): its comments where they were, one
/// blank line at most, one line end at the end of the file. False when it holds anything but
/// whitespace and comments (then the caller copies it).
#[allow(clippy::too_many_arguments)]
fn gap(
    out: &mut String,
    text: &str,
    parse: &Parse,
    from: u32,
    to: u32,
    at_start: bool,
    at_end: bool,
    nl: &str,
) -> bool {
    let comments: &[Token] = TokenView::new(text, &parse.trivia)
        .in_span(Span::new(from, to))
        .tokens();
    let mut cursor = from;
    let mut pieces: Vec<(&str, &str)> = Vec::new(); // (whitespace before, comment)
    for c in comments {
        let Some(ws) = text.get(cursor as usize..c.span.start as usize) else {
            return false;
        };
        if !is_lexer_whitespace(ws) || c.span.end > to {
            return false;
        }
        pieces.push((ws, c.span.text(text).trim_end_matches('\r')));
        cursor = c.span.end;
    }
    let Some(tail) = text.get(cursor as usize..to as usize) else {
        return false;
    };
    if !is_lexer_whitespace(tail) {
        return false;
    }
    let separator = |ws: &str, nothing_before: bool| -> String {
        if nothing_before {
            return String::new();
        }
        match ws.matches('\n').count() {
            0 => " ".to_string(),
            1 => nl.to_string(),
            _ => format!("{nl}{nl}"),
        }
    };
    let mut nothing_before = at_start;
    for (ws, comment) in &pieces {
        out.push_str(&separator(ws, nothing_before));
        out.push_str(comment);
        nothing_before = false;
    }
    let after_line_comment = pieces.last().is_some_and(|(_, c)| c.starts_with("--"));
    if at_end {
        if !nothing_before {
            out.push_str(nl);
        }
    } else if pieces.is_empty() && !nothing_before {
        // Statements start on a line of their own.
        out.push_str(&separator(tail, false).replace(' ', nl));
    } else {
        let sep = separator(tail, nothing_before);
        out.push_str(if after_line_comment && sep == " " {
            nl
        } else {
            &sep
        });
    }
    true
}

/// Whether `text` is only what Flink's lexer skips as white space (space, tab, LF, CR, FF).
/// Not `char::is_whitespace`: a vertical tab or a no-break space is an invalid character (an
/// `Error` token) to the lexer, which keeps the statement before it as written; rewritten as a
/// plain line end, the next pass would lay that statement out.
fn is_lexer_whitespace(text: &str) -> bool {
    text.bytes()
        .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c'))
}

/// The statements the formatter lays out; the others are kept byte for byte.
fn lays_out(kind: &StatementKind) -> bool {
    use StatementKind::*;
    matches!(
        kind,
        CreateTable(_)
            | CreateCatalog(_)
            | CreateDatabase(_)
            | CreateView(_)
            | CreateFunction(_)
            | AlterTable(_)
            | Drop(_)
            | Use(_)
            | Show(_)
            | Describe(_)
            | Insert(_)
            | Explain(_)
            | Query(_)
    )
}

impl Region {
    fn layout(
        &self,
        text: &str,
        parse: &Parse,
        options: &FormatOptions,
        nl: &str,
    ) -> Option<String> {
        if !self.formattable {
            return None;
        }
        let statement = parse.script().statements.get(self.index)?;
        let tokens = parse.tokens().get(self.tokens.clone())?;
        let first = parse
            .trivia
            .partition_point(|c| c.span.start < self.span.start);
        let last = parse
            .trivia
            .partition_point(|c| c.span.start < self.span.end);
        let structure = Structure::of(statement);
        Some(layout::layout(
            text,
            tokens,
            &parse.trivia[first..last],
            &structure,
            options,
            nl,
        ))
    }
}
