//! Suppression comments: `-- flinkddl: ignore[L002]` or `/* flinkddl: ignore[L002, L006] */`,
//! with codes (`L002`) or names (`duplicate-option-key`), separated by commas. Text after the
//! closing `]` is free (a reason, say).
//!
//! Where a comment applies:
//! - `ignore-file[...]`, anywhere: to the whole file;
//! - after code on the same line: to the diagnostics that start on that line;
//! - on its own line before a statement: to that whole statement (a statement owns the text up
//!   to the next one);
//! - on its own line inside a statement: to the diagnostics that start on the next line of code.
//!
//! Bind and lint diagnostics can be silenced; syntax and file diagnostics cannot (a file that
//! does not parse is never passed silently). A directive that cannot be read is reported as
//! `L090 invalid-suppression`; a code it names that it silences nothing of, as
//! `L091 unused-suppression` (as ruff's unused `noqa`). A directive is not judged unused where
//! an error stopped the checks that could have reported its codes: in a statement with a syntax
//! or bind error (lints do not run there), or anywhere in a file with a syntax error.

use flinkddl_diagnostics::{Code, Diagnostic, LineIndex, Severity, Span, Stage};
use flinkddl_syntax::{Parse, Token, TokenKind};

/// One directive: the codes it names and where it applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// The comment.
    pub span: Span,
    pub codes: Vec<Code>,
    pub scope: Scope,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Diagnostics starting on this 0-based line.
    Line(usize),
    /// Diagnostics starting in this byte range (a statement and the text up to the next one).
    Range(Span),
    /// Every diagnostic of the file (`ignore-file[...]`).
    File,
    /// Nothing (the comment is the last thing in the file).
    Nothing,
}

const PREFIX: &str = "flinkddl:";

/// Drops the diagnostics that a suppression comment silences, adds `L090` for each directive
/// it cannot read and `L091` for each that silences nothing. Returns `diagnostics` unchanged
/// when the text has no directive.
pub fn suppress(parse: &Parse, source: &str, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let statements: Vec<Span> = parse.script().statements.iter().map(|s| s.span).collect();
    let outline = Outline {
        statements: &statements,
        comments: &parse.trivia,
    };
    suppress_in(&outline, source, diagnostics)
}

/// What suppression reads of a script: where its statements are and its comments (those that
/// are not suppression comments may be left out: [`is_directive`]).
#[derive(Debug, Clone, Copy)]
pub struct Outline<'a> {
    pub statements: &'a [Span],
    pub comments: &'a [Token],
}

/// Whether a comment of `source` is a suppression comment (one [`directives`] reads).
pub fn is_directive(source: &str, comment: &Token) -> bool {
    directive_body(source, comment).is_some()
}

/// What follows `flinkddl:` in a suppression comment.
fn directive_body<'s>(source: &'s str, comment: &Token) -> Option<&'s str> {
    let text = comment.span.text(source);
    let body = match comment.kind {
        TokenKind::LineComment => text.strip_prefix("--"),
        TokenKind::BlockComment => text
            .strip_prefix("/*")
            .map(|t| t.strip_suffix("*/").unwrap_or(t)),
        _ => None,
    }?;
    strip_prefix_ignore_case(body.trim_start(), PREFIX)
}

/// [`suppress`] on a script's outline (a streaming check keeps no tree to the end).
pub fn suppress_in(
    outline: &Outline<'_>,
    source: &str,
    diagnostics: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let (directives, mut problems) = directives_in(outline, source);
    if directives.is_empty() && problems.is_empty() {
        return diagnostics;
    }
    let index = LineIndex::new(source);
    // Which code of which directive silenced something.
    let mut used: Vec<Vec<bool>> = directives
        .iter()
        .map(|d| vec![false; d.codes.len()])
        .collect();
    // The directives that can apply to a diagnostic, found without scanning them all: by line,
    // by statement range (sorted; ranges of different statements do not overlap), or the file.
    let mut by_line: std::collections::HashMap<usize, Vec<usize>> = Default::default();
    let mut ranges: Vec<(Span, usize)> = Vec::new();
    let mut whole_file: Vec<usize> = Vec::new();
    for (i, dir) in directives.iter().enumerate() {
        match dir.scope {
            Scope::Line(l) => by_line.entry(l).or_default().push(i),
            Scope::Range(r) => ranges.push((r, i)),
            Scope::File => whole_file.push(i),
            Scope::Nothing => {}
        }
    }
    ranges.sort_by_key(|(r, i)| (r.start, *i));
    let mut kept: Vec<Diagnostic> = Vec::with_capacity(diagnostics.len());
    // Statements where an error stopped the checks after it, and whether the file parses.
    let mut stopped: Vec<u32> = Vec::new();
    let mut syntax_error = false;
    let mut candidates: Vec<usize> = Vec::new();
    for d in diagnostics {
        if d.severity == Severity::Error && d.stage() != Stage::Lint {
            syntax_error |= d.stage() == Stage::Syntax;
            stopped.push(d.span.start);
        }
        if d.stage() == Stage::Syntax {
            kept.push(d);
            continue;
        }
        let at = d.span.start;
        candidates.clear();
        candidates.extend(by_line.get(&index.line_of(at)).into_iter().flatten());
        // The ranges that start last at or before `at` (several directives can share one).
        let after = ranges.partition_point(|(r, _)| r.start <= at);
        if let Some(&(last, _)) = after.checked_sub(1).and_then(|i| ranges.get(i)) {
            candidates.extend(
                ranges[..after]
                    .iter()
                    .rev()
                    .take_while(|(r, _)| r.start == last.start)
                    .filter(|(r, _)| at < r.end)
                    .map(|(_, i)| *i),
            );
        }
        candidates.extend(&whole_file);
        let mut silenced = false;
        for &i in &candidates {
            for (code, used) in directives[i].codes.iter().zip(used[i].iter_mut()) {
                if *code == d.code {
                    *used = true;
                    silenced = true;
                }
            }
        }
        if !silenced {
            kept.push(d);
        }
    }
    if !syntax_error {
        stopped.sort_unstable();
        for (dir, used) in directives.iter().zip(&used) {
            if used.iter().all(|u| *u) || stopped_in(outline.statements, &index, dir, &stopped) {
                continue;
            }
            problems.push(unused(source, &index, dir, used));
        }
    }
    kept.append(&mut problems);
    // A file-level directive also silences what the comments themselves get (L090, L091).
    let file_codes: Vec<Code> = directives
        .iter()
        .filter(|d| d.scope == Scope::File)
        .flat_map(|d| d.codes.iter().copied())
        .collect();
    if !file_codes.is_empty() {
        kept.retain(|d| {
            !matches!(d.code, Code::InvalidSuppression | Code::UnusedSuppression)
                || !file_codes.contains(&d.code)
        });
    }
    kept
}

/// Whether an error stopped the checks in a statement the directive applies to (so its codes
/// may be unused only because their checks did not run). `stopped` is sorted.
fn stopped_in(statements: &[Span], index: &LineIndex, dir: &Directive, stopped: &[u32]) -> bool {
    let target = match dir.scope {
        Scope::File => return !stopped.is_empty(),
        Scope::Nothing => return false,
        Scope::Range(r) => r,
        Scope::Line(l) => {
            let start = index.line_start(l).unwrap_or(0);
            Span::new(start, index.line_start(l + 1).unwrap_or(u32::MAX))
        }
    };
    // From the start of the first statement the target overlaps to the end of the last.
    let first = statements.partition_point(|s| s.end <= target.start);
    let from = statements
        .get(first)
        .map_or(target.start, |s| s.start.min(target.start));
    let last = statements.partition_point(|s| s.start < target.end);
    let to = last
        .checked_sub(1)
        .and_then(|i| statements.get(i))
        .map_or(target.end, |s| s.end.max(target.end));
    let at = stopped.partition_point(|&p| p < from);
    stopped.get(at).is_some_and(|&p| p < to)
}

/// The `L091` for a directive whose codes (those not `used`) silence nothing.
fn unused(source: &str, index: &LineIndex, dir: &Directive, used: &[bool]) -> Diagnostic {
    let names: Vec<String> = dir
        .codes
        .iter()
        .zip(used)
        .filter(|(_, u)| !**u)
        .map(|(c, _)| format!("`{}`", c.info().code))
        .collect();
    let (what, verb) = match names.as_slice() {
        [one] => (one.clone(), "is"),
        _ => (names.join(", "), "are"),
    };
    let mut d = Diagnostic::new(
        Code::UnusedSuppression,
        dir.span,
        format!("{what} {verb} not reported where this comment applies; it silences nothing"),
    );
    if used.iter().any(|u| *u) {
        return d.with_help("remove the codes that are not reported from the list");
    }
    // Nothing is used: remove the comment (with its line when it is alone on it).
    let line = index.line_of(dir.span.start);
    let line_start = index.line_start(line).unwrap_or(dir.span.start);
    let next_line = index.line_start(line + 1).unwrap_or(source.len() as u32);
    let before = source
        .get(line_start as usize..dir.span.start as usize)
        .unwrap_or("x");
    let after = source
        .get(dir.span.end as usize..next_line as usize)
        .unwrap_or("x");
    let removed = if before.trim().is_empty() && after.trim().is_empty() {
        Span::new(line_start, next_line)
    } else {
        // After code: the comment and the blanks before it.
        let blanks = before.len() - before.trim_end().len();
        Span::new(dir.span.start - blanks as u32, dir.span.end)
    };
    d = d.with_unsafe_fix(removed, "", "remove the suppression comment");
    d
}

/// The directives of a text, and the diagnostics for those that cannot be read.
pub fn directives(parse: &Parse, source: &str) -> (Vec<Directive>, Vec<Diagnostic>) {
    let statements: Vec<Span> = parse.script().statements.iter().map(|s| s.span).collect();
    let outline = Outline {
        statements: &statements,
        comments: &parse.trivia,
    };
    directives_in(&outline, source)
}

/// [`directives`] of a script's outline.
pub fn directives_in(outline: &Outline<'_>, source: &str) -> (Vec<Directive>, Vec<Diagnostic>) {
    let mut directives = Vec::new();
    let mut problems = Vec::new();
    let mut index: Option<LineIndex> = None;
    let mut around = Around::default();
    for comment in outline.comments {
        let Some(rest) = directive_body(source, comment) else {
            continue;
        };
        let index = index.get_or_insert_with(|| LineIndex::new(source));
        match read_directive(rest.trim_start()) {
            Ok((whole_file, names)) => {
                let mut codes = Vec::new();
                for name in names {
                    match Code::parse(name) {
                        Some(code) if code.info().stage == Stage::Syntax => {
                            problems.push(invalid(
                                comment.span,
                                format!(
                                    "`{name}` is a syntax or file diagnostic, which cannot be \
                                     silenced"
                                ),
                            ));
                        }
                        Some(code) => codes.push(code),
                        None => problems.push(invalid(
                            comment.span,
                            format!("`{name}` is not a flinkddl code or name"),
                        )),
                    }
                }
                if !codes.is_empty() {
                    directives.push(Directive {
                        span: comment.span,
                        codes,
                        scope: if whole_file {
                            Scope::File
                        } else {
                            around.scope_of(source, outline.statements, index, comment.span)
                        },
                    });
                }
            }
            Err(message) => problems.push(invalid(comment.span, message)),
        }
    }
    (directives, problems)
}

fn invalid(span: Span, message: String) -> Diagnostic {
    Diagnostic::new(Code::InvalidSuppression, span, message)
        .with_help("write `-- flinkddl: ignore[CODE, ...]`; `flinkddl explain L090` has details")
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| text.get(prefix.len()..))
        .flatten()
}

/// Reads `ignore[a, b] anything` or `ignore-file[a, b] anything`; returns whether it is for
/// the whole file, and the names.
fn read_directive(text: &str) -> Result<(bool, Vec<&str>), String> {
    let (whole_file, rest) = match strip_prefix_ignore_case(text, "ignore-file") {
        Some(rest) => (true, Some(rest)),
        None => (false, strip_prefix_ignore_case(text, "ignore")),
    };
    let Some(rest) = rest else {
        let word: String = text.chars().take_while(|c| !c.is_whitespace()).collect();
        return Err(format!(
            "unknown flinkddl directive `{word}`; the directives are `ignore[CODE, ...]` and \
             `ignore-file[CODE, ...]`"
        ));
    };
    let directive = if whole_file { "ignore-file" } else { "ignore" };
    let Some(list) = rest.trim_start().strip_prefix('[') else {
        return Err(format!(
            "`{directive}` needs the codes to silence in brackets: `{directive}[L002]`"
        ));
    };
    let Some(end) = list.find(']') else {
        return Err("the list of codes is not closed with `]`".into());
    };
    let names: Vec<&str> = list[..end]
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if names.is_empty() {
        return Err(format!("`{directive}[]` names no code"));
    }
    Ok((whole_file, names))
}

/// The tokens around comments, lexed a window at a time (no tokens of the whole script are
/// kept): from the start of the statement a comment is in or follows to the end of the
/// statement after it, which holds the tokens right before and after the comment.
#[derive(Default)]
struct Around {
    window: Option<Span>,
    tokens: Vec<Token>,
}

impl Around {
    fn scope_of(
        &mut self,
        source: &str,
        statements: &[Span],
        index: &LineIndex,
        comment: Span,
    ) -> Scope {
        let before = statements.partition_point(|s| s.start <= comment.start);
        let from = before
            .checked_sub(1)
            .and_then(|i| statements.get(i))
            .map_or(0, |s| s.start);
        let to = statements
            .get(before)
            .map_or(source.len() as u32, |s| s.end.max(s.start));
        let window = Span::new(from, to.max(from));
        if self.window != Some(window) {
            self.tokens = flinkddl_syntax::lex_span(source, window);
            self.window = Some(window);
        }
        let tokens = flinkddl_syntax::TokenView::new(source, &self.tokens);
        let after = tokens.index_at(comment.start);
        let comment_line = index.line_of(comment.start);
        if let Some(prev) = after.checked_sub(1).and_then(|i| tokens.get(i)) {
            if index.line_of(prev.span.end.saturating_sub(1).max(prev.span.start)) == comment_line {
                return Scope::Line(comment_line);
            }
        }
        let Some(next) = tokens.get(after).filter(|t| t.kind != TokenKind::Eof) else {
            return Scope::Nothing;
        };
        let at = statements.partition_point(|s| s.start < next.span.start);
        if statements
            .get(at)
            .is_some_and(|s| s.start == next.span.start)
        {
            let end = statements.get(at + 1).map_or(u32::MAX, |s| s.start);
            return Scope::Range(Span::new(next.span.start, end));
        }
        Scope::Line(index.line_of(next.span.start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, diagnostics: Vec<Diagnostic>) -> Vec<(Code, u32)> {
        let parse = flinkddl_syntax::parse(text);
        suppress(&parse, text, diagnostics)
            .into_iter()
            .map(|d| (d.code, d.span.start))
            .collect()
    }

    fn at(text: &str, needle: &str, code: Code) -> Diagnostic {
        let start = text.find(needle).unwrap_or(0) as u32;
        Diagnostic::new(code, Span::new(start, start + needle.len() as u32), "x")
    }

    /// In each case the diagnostic at `silenced` is suppressed and the one at `kept` is not.
    #[test]
    fn a_directive_silences_only_what_it_covers() {
        let cases = [
            (
                "own line comment silences the next statement only",
                "-- flinkddl: ignore[L002]\nCREATE TABLE a (x INT)\n  WITH ('k'='1', 'k'='2');\nCREATE TABLE b (y INT) WITH ('k'='1', 'k'='2');",
                ("'k'='1', 'k'='2');\nCREATE", Code::DuplicateOptionKey),
                ("(y INT)", Code::DuplicateOptionKey),
            ),
            (
                "trailing comment silences its line by name",
                "CREATE TABLE a (\n  x INT NULL PRIMARY KEY NOT ENFORCED, -- flinkddl: ignore[nullable-primary-key-column]\n  y TIME(9)\n)",
                ("NULL", Code::NullablePrimaryKeyColumn),
                ("9", Code::PrecisionClamped),
            ),
            (
                "own line comment inside a statement silences the next line",
                "CREATE TABLE a (\n  /* flinkddl: ignore[L001] */\n  x TIME(9),\n  y TIME(9)\n)",
                ("9),", Code::PrecisionClamped),
                ("9)\n)", Code::PrecisionClamped),
            ),
        ];
        for (case, text, silenced, kept) in cases {
            let silenced = at(text, silenced.0, silenced.1);
            let kept = at(text, kept.0, kept.1);
            let expected = vec![(kept.code, kept.span.start)];
            assert_eq!(run(text, vec![silenced, kept]), expected, "{case}");
        }
    }

    #[test]
    fn syntax_errors_are_never_silenced_and_bad_directives_are_reported() {
        let text = "-- flinkddl: ignore[S005, L999]\nCREATE TABLE a (x INT INT)";
        let d = at(text, "INT)", Code::UnexpectedToken);
        let kept = run(text, vec![d]);
        assert_eq!(
            kept.iter().map(|k| k.0).collect::<Vec<_>>(),
            vec![
                Code::UnexpectedToken,
                Code::InvalidSuppression,
                Code::InvalidSuppression
            ]
        );
        for bad in [
            "-- flinkddl: ignore\nSELECT 1",
            "-- flinkddl: ignore[]\nSELECT 1",
            "-- flinkddl: allow[L001]\nSELECT 1",
            "-- FLINKDDL: ignore[L001\nSELECT 1",
        ] {
            let kept = run(bad, vec![]);
            assert_eq!(kept, vec![(Code::InvalidSuppression, 0)], "{bad}");
        }
    }

    fn analyzed(text: &str) -> Vec<(Code, u32)> {
        let parse = flinkddl_syntax::parse(text);
        let bound = flinkddl_binder::bind(&parse, text);
        let mut all = parse.errors.clone();
        all.extend(bound.diagnostics);
        all.extend(crate::lint(&parse, text, &bound.created));
        let mut kept: Vec<(Code, u32)> = suppress(&parse, text, all)
            .into_iter()
            .map(|d| (d.code, d.span.start))
            .collect();
        kept.sort();
        kept
    }

    #[test]
    fn unused_suppressions_are_reported_where_the_checks_ran() {
        // Unused: nothing is given twice.
        let text =
            "-- flinkddl: ignore[L002]\nCREATE TABLE a (x INT) WITH ('connector' = 'datagen');";
        assert_eq!(analyzed(text), vec![(Code::UnusedSuppression, 0)]);
        // A statement with a bind error: its lints did not run, so the comment is not judged.
        let text = "-- flinkddl: ignore[L003]\nCREATE TABLE c (id NO_SUCH_TYPE NULL PRIMARY KEY NOT ENFORCED);";
        assert_eq!(
            analyzed(text).iter().map(|k| k.0).collect::<Vec<_>>(),
            vec![Code::UnknownType]
        );
        // A file with a syntax error: nothing is judged.
        let text =
            "-- flinkddl: ignore[L002]\nCREATE TABLE a (x INT);\nCREATE TABLE b (x INT INT);";
        assert_eq!(
            analyzed(text).iter().map(|k| k.0).collect::<Vec<_>>(),
            vec![Code::UnexpectedToken]
        );
    }

    #[test]
    fn a_file_level_directive_silences_the_whole_file() {
        let text = "CREATE TABLE a (t TIME(9));\n-- flinkddl: ignore-file[L001, L091]\nCREATE TABLE b (t TIME(9)) -- flinkddl: ignore[L002]\n;";
        assert_eq!(analyzed(text), vec![]);
        let text = "CREATE TABLE a (t TIME(9));\n/* flinkddl: ignore-file[precision-clamped] */";
        assert_eq!(analyzed(text), vec![]);
        let kept = run("-- flinkddl: ignore-file\nSELECT 1", vec![]);
        assert_eq!(kept, vec![(Code::InvalidSuppression, 0)]);
    }

    #[test]
    fn the_fix_removes_an_unused_comment_with_its_line_or_its_blanks() {
        let fixed = |text: &str| {
            let parse = flinkddl_syntax::parse(text);
            let found = suppress(&parse, text, vec![]);
            let fix = found.iter().find_map(|d| d.fix.clone());
            fix.map(|f| {
                let mut out = text.to_string();
                out.replace_range(f.span.range(), &f.replacement);
                out
            })
        };
        assert_eq!(
            fixed("SELECT 1;\n  -- flinkddl: ignore[L002]\nSELECT 2;").as_deref(),
            Some("SELECT 1;\nSELECT 2;")
        );
        assert_eq!(
            fixed("SELECT 1;  /* flinkddl: ignore[L002] */\nSELECT 2;").as_deref(),
            Some("SELECT 1;\nSELECT 2;")
        );
    }

    #[test]
    fn text_without_directives_is_returned_as_is() {
        let text = "-- just a comment\nCREATE TABLE a (x INT)";
        let d = at(text, "x INT", Code::DuplicateColumn);
        assert_eq!(run(text, vec![d]).len(), 1);
    }
}
