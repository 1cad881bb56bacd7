//! SET, RESET and the client commands. Flink reads these with regular expressions over the
//! whole statement text before its SQL parser sees them (its `ExtendedParser`), so
//! `SET key = value` without quotes is valid. Only when that fails does the SQL grammar
//! (`SET 'k' = 'v'`) apply.

use super::*;

/// Flink's extended parser: before its SQL grammar, Flink matches the whole statement text
/// (everything between two `;`, comments included) against the regular expressions of SET,
/// RESET, CLEAR, HELP and QUIT/EXIT. When one matches, the statement is that command.
/// `segment_start` is where the statement's text begins (just after the previous `;`).
pub(crate) fn extended_command<'a>(
    p: &mut Parser<'a>,
    segment_start: u32,
) -> Option<Statement<'a>> {
    let first = p.current();
    if first.kind != T::Word
        || !matches!(
            first.keyword,
            K::SET | K::RESET | K::CLEAR | K::HELP | K::QUIT | K::EXIT
        )
    {
        return None;
    }
    let mut n = 0;
    let end = loop {
        let t = p.nth(n);
        if matches!(t.kind, T::Semicolon | T::Eof) {
            break t.span.start;
        }
        n += 1;
    };
    let segment = Span::new(segment_start.min(first.span.start), end);
    let span = Span::new(
        first.span.start,
        p.nth(n.saturating_sub(1)).span.end.max(first.span.end),
    );
    let (kind, leading_comment) = match command_kind(p, p.text(segment), first.keyword, span) {
        Some(kind) => (kind, false),
        // The SQL grammar takes quoted SET / RESET whatever comments surround them.
        None if sql_grammar_accepts(p, first.keyword, n) => return None,
        // Flink's TableEnvironment matches the text with the comments before the command and
        // fails; the SQL client strips them first and succeeds. Accept, and say so.
        None => (
            command_kind(
                p,
                p.text(Span::new(first.span.start, end)),
                first.keyword,
                span,
            )?,
            true,
        ),
    };
    if leading_comment {
        // Flink's SQL grammar then reads the statement and fails at the word after SET/RESET.
        let at = if n > 1 { p.nth(1).span } else { first.span };
        p.report(
            Diagnostic::new(
                Code::CommentBeforeCommand,
                at,
                format!(
                    "unexpected `{}`: this {} statement has a comment before it, so Flink reads it with its SQL grammar, which needs quoted keys and values",
                    p.text(at),
                    first.keyword.as_str()
                ),
            )
            .with_label(first.span, "a comment precedes this command in the same statement")
            .with_help("quote the key and value (SET 'k' = 'v'), or move the comment after the `;`; the SQL client strips comments and accepts it, TableEnvironment.executeSql does not"),
        );
    }
    for _ in 0..n {
        p.bump();
    }
    p.mark_raw(span);
    Some(Statement { span, kind })
}

/// Whether the `n` tokens at the cursor are `SET ['k' = 'v']` or `RESET ['k']`.
fn sql_grammar_accepts<'a>(p: &Parser<'a>, keyword: K, n: usize) -> bool {
    let is_string = |i: usize| matches!(p.nth(i).kind, T::String | T::UnicodeString);
    match keyword {
        K::SET => n == 1 || (n == 4 && is_string(1) && p.nth_is(2, T::Eq) && is_string(3)),
        K::RESET => n == 1 || (n == 2 && is_string(1)),
        _ => false,
    }
}

fn command_kind<'a>(
    p: &Parser<'a>,
    text: &str,
    keyword: K,
    span: Span,
) -> Option<StatementKind<'a>> {
    Some(match keyword {
        K::SET => {
            let parsed = match_set(text)?;
            StatementKind::Set(alloc!(
                p,
                SetStatement {
                    property: parsed.map(|(key, value)| Property {
                        span,
                        key: lit(p, span, &key),
                        value: lit(p, span, &value),
                    }),
                }
            ))
        }
        K::RESET => StatementKind::Reset(ResetStatement {
            key: match_reset(text)?.map(|k| lit(p, span, &k)),
        }),
        kw => {
            let word = kw.as_str();
            let rest = strip_end(strip_keyword(text.trim(), word)?);
            if !rest.trim().is_empty() {
                return None;
            }
            StatementKind::Other(OtherStatement {
                words: word,
                body: None,
            })
        }
    })
}

fn lit<'a>(p: &Parser<'a>, span: Span, value: &str) -> StringLit<'a> {
    StringLit {
        span,
        value: p.str(value),
    }
}

/// SET through Flink's SQL grammar: `SET ['key' = 'value']`.
pub(crate) fn set<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    let property = if at_string(p) {
        Some(property(p)?)
    } else {
        None
    };
    Ok(StatementKind::Set(alloc!(p, SetStatement { property })))
}

/// RESET through Flink's SQL grammar: `RESET ['key']`.
pub(crate) fn reset<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    let key = if at_string(p) {
        Some(string_lit(p)?)
    } else {
        None
    };
    Ok(StatementKind::Reset(ResetStatement { key }))
}

/// `SET(\s+('[^']*'|[^'\s]+)\s*=\s*('[^']*'|[^;\s]+))?\s*;?`, case-insensitive, whole text.
/// `Some(None)` is a bare SET.
fn match_set(text: &str) -> Option<Option<(String, String)>> {
    let rest = strip_keyword(text.trim(), "SET")?;
    let rest = strip_end(rest);
    if rest.trim().is_empty() {
        return Some(None);
    }
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let body = rest.trim_start();
    // Flink 2.3's expression takes an unquoted key only (`SET 'k' = v` is a parse error, checked
    // with the oracle); a quoted key goes to the SQL grammar, which wants a quoted value too.
    if body.starts_with('\'') {
        return None;
    }
    // An unquoted key may not hold a quote or white space; try each `=` as the separator, as
    // the regular expression's backtracking does.
    for (i, _) in body.match_indices('=') {
        let key = body[..i].trim_end();
        if key.is_empty() || key.contains('\'') || key.contains(char::is_whitespace) {
            continue;
        }
        if let Some(value) = match_value(&body[i + 1..]) {
            return Some(Some((key.to_string(), value)));
        }
    }
    None
}

/// `\s*('[^']*'|[^;\s]+)` and nothing after it.
fn match_value(text: &str) -> Option<String> {
    let text = text.trim_start();
    if let Some(after_quote) = text.strip_prefix('\'') {
        let close = after_quote.find('\'')?;
        if !after_quote[close + 1..].trim().is_empty() {
            return None;
        }
        return Some(after_quote[..close].to_string());
    }
    if text.is_empty() || text.contains(';') || text.contains(char::is_whitespace) {
        return None;
    }
    Some(text.to_string())
}

/// `RESET(\s+('[^']*'|[^'\s]+)\s*)?\s*;?`
fn match_reset(text: &str) -> Option<Option<String>> {
    let rest = strip_end(strip_keyword(text.trim(), "RESET")?);
    if rest.trim().is_empty() {
        return Some(None);
    }
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let body = rest.trim();
    if let Some(after_quote) = body.strip_prefix('\'') {
        let close = after_quote.find('\'')?;
        return after_quote[close + 1..]
            .trim()
            .is_empty()
            .then(|| Some(after_quote[..close].to_string()));
    }
    if body.contains('\'') || body.contains(char::is_whitespace) {
        return None;
    }
    Some(Some(body.to_string()))
}

fn strip_keyword<'a>(text: &'a str, keyword: &str) -> Option<&'a str> {
    let head = text.get(..keyword.len())?;
    head.eq_ignore_ascii_case(keyword)
        .then(|| &text[keyword.len()..])
}

/// Drops the optional trailing `\s*;?`.
fn strip_end(text: &str) -> &str {
    let t = text.trim_end();
    t.strip_suffix(';').unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_forms_flink_reads_with_its_regex() {
        assert_eq!(match_set("SET"), Some(None));
        assert_eq!(
            match_set("SET table.local-time-zone = Europe/Berlin"),
            Some(Some((
                "table.local-time-zone".into(),
                "Europe/Berlin".into()
            )))
        );
        // A quoted key is not the expression's: Flink's SQL grammar reads it (oracle-checked).
        assert_eq!(match_set("set 'a.b' = 'x y'"), None);
        assert_eq!(match_set("SET a=b"), Some(Some(("a".into(), "b".into()))));
        assert_eq!(match_set("SET a = b c"), None);
        assert_eq!(match_set("SETTINGS"), None);
        assert_eq!(match_reset("RESET"), Some(None));
        assert_eq!(match_reset("RESET 'k'"), Some(Some("k".into())));
        assert_eq!(match_reset("RESET a b"), None);
    }
}
