//! Suppression comments: `-- flinkddl: ignore[L002]` or `/* flinkddl: ignore[L002, L006] */`,
//! with codes (`L002`) or names (`duplicate-option-key`), separated by commas. Text after the
//! closing `]` is free (a reason, say).
//!
//! Where a comment applies:
//! - after code on the same line: to the diagnostics that start on that line;
//! - on its own line before a statement: to that whole statement (a statement owns the text up
//!   to the next one);
//! - on its own line inside a statement: to the diagnostics that start on the next line of code.
//!
//! Bind and lint diagnostics can be silenced; syntax and file diagnostics cannot (a file that
//! does not parse is never passed silently). A directive that cannot be read is reported as
//! `L090 invalid-suppression`.

use flinkddl_diagnostics::{Code, Diagnostic, LineIndex, Span, Stage};
use flinkddl_syntax::{Parse, TokenKind};

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
    /// Nothing (the comment is the last thing in the file).
    Nothing,
}

const PREFIX: &str = "flinkddl:";

/// Drops the diagnostics that a suppression comment silences, and adds `L090` for each
/// directive it cannot read. Returns `diagnostics` unchanged when the text has no directive.
pub fn suppress(parse: &Parse, source: &str, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let (directives, mut problems) = directives(parse, source);
    if directives.is_empty() && problems.is_empty() {
        return diagnostics;
    }
    let index = LineIndex::new(source);
    let mut kept: Vec<Diagnostic> = diagnostics
        .into_iter()
        .filter(|d| {
            if d.stage() == Stage::Syntax {
                return true;
            }
            let line = index.line_of(d.span.start);
            !directives.iter().any(|dir| {
                dir.codes.contains(&d.code)
                    && match dir.scope {
                        Scope::Line(l) => l == line,
                        Scope::Range(r) => r.start <= d.span.start && d.span.start < r.end,
                        Scope::Nothing => false,
                    }
            })
        })
        .collect();
    kept.append(&mut problems);
    kept
}

/// The directives of a text, and the diagnostics for those that cannot be read.
pub fn directives(parse: &Parse, source: &str) -> (Vec<Directive>, Vec<Diagnostic>) {
    let mut directives = Vec::new();
    let mut problems = Vec::new();
    let mut index: Option<LineIndex> = None;
    for comment in &parse.trivia {
        let text = comment.span.text(source);
        let body = match comment.kind {
            TokenKind::LineComment => text.strip_prefix("--"),
            TokenKind::BlockComment => text
                .strip_prefix("/*")
                .map(|t| t.strip_suffix("*/").unwrap_or(t)),
            _ => None,
        };
        let Some(body) = body.map(str::trim_start) else {
            continue;
        };
        let Some(rest) = strip_prefix_ignore_case(body, PREFIX) else {
            continue;
        };
        let index = index.get_or_insert_with(|| LineIndex::new(source));
        match read_directive(rest.trim_start()) {
            Ok(names) => {
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
                        scope: scope_of(parse, index, comment.span),
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

/// Reads `ignore[a, b] anything`; returns the names.
fn read_directive(text: &str) -> Result<Vec<&str>, String> {
    let Some(rest) = strip_prefix_ignore_case(text, "ignore") else {
        let word: String = text.chars().take_while(|c| !c.is_whitespace()).collect();
        return Err(format!(
            "unknown flinkddl directive `{word}`; the only directive is `ignore[CODE, ...]`"
        ));
    };
    let Some(list) = rest.trim_start().strip_prefix('[') else {
        return Err("`ignore` needs the codes to silence in brackets: `ignore[L002]`".into());
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
        return Err("`ignore[]` names no code".into());
    }
    Ok(names)
}

fn scope_of(parse: &Parse, index: &LineIndex, comment: Span) -> Scope {
    let tokens = &parse.tokens;
    let after = tokens.partition_point(|t| t.span.start < comment.start);
    let comment_line = index.line_of(comment.start);
    if let Some(prev) = after.checked_sub(1).and_then(|i| tokens.get(i)) {
        if index.line_of(prev.span.end.saturating_sub(1).max(prev.span.start)) == comment_line {
            return Scope::Line(comment_line);
        }
    }
    let Some(next) = tokens.get(after).filter(|t| t.kind != TokenKind::Eof) else {
        return Scope::Nothing;
    };
    let statements = &parse.script.statements;
    if let Some(i) = statements
        .iter()
        .position(|s| s.span.start == next.span.start)
    {
        let end = statements
            .get(i + 1)
            .map_or(u32::MAX, |s: &flinkddl_syntax::ast::Statement| s.span.start);
        return Scope::Range(Span::new(next.span.start, end));
    }
    Scope::Line(index.line_of(next.span.start))
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

    #[test]
    fn own_line_comment_silences_the_next_statement_only() {
        let text = "-- flinkddl: ignore[L002]\nCREATE TABLE a (x INT)\n  WITH ('k'='1', 'k'='2');\nCREATE TABLE b (y INT) WITH ('k'='1', 'k'='2');";
        let d1 = at(text, "'k'='1', 'k'='2');\nCREATE", Code::DuplicateOptionKey);
        let d2 = at(text, "(y INT)", Code::DuplicateOptionKey);
        let kept = run(text, vec![d1, d2.clone()]);
        assert_eq!(kept, vec![(Code::DuplicateOptionKey, d2.span.start)]);
    }

    #[test]
    fn trailing_comment_silences_its_line_by_name() {
        let text = "CREATE TABLE a (\n  x INT NULL PRIMARY KEY NOT ENFORCED, -- flinkddl: ignore[nullable-primary-key-column]\n  y TIME(9)\n)";
        let d1 = at(text, "NULL", Code::NullablePrimaryKeyColumn);
        let d2 = at(text, "9", Code::PrecisionClamped);
        let kept = run(text, vec![d1, d2.clone()]);
        assert_eq!(kept, vec![(Code::PrecisionClamped, d2.span.start)]);
    }

    #[test]
    fn own_line_comment_inside_a_statement_silences_the_next_line() {
        let text = "CREATE TABLE a (\n  /* flinkddl: ignore[L001] */\n  x TIME(9),\n  y TIME(9)\n)";
        let d1 = at(text, "9),", Code::PrecisionClamped);
        let d2 = at(text, "9)\n)", Code::PrecisionClamped);
        let kept = run(text, vec![d1, d2.clone()]);
        assert_eq!(kept, vec![(Code::PrecisionClamped, d2.span.start)]);
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

    #[test]
    fn text_without_directives_is_returned_as_is() {
        let text = "-- just a comment\nCREATE TABLE a (x INT)";
        let d = at(text, "x INT", Code::DuplicateColumn);
        assert_eq!(run(text, vec![d]).len(), 1);
    }
}
