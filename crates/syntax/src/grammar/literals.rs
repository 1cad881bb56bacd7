//! String literal decoding: `''` escapes, continuation of adjacent literals, `U&'...'` escapes
//! with `UESCAPE`, charset prefixes.

use super::*;
use crate::lexer::{Token, TokenKind};
use std::borrow::Cow;

/// Decodes one string token's text (quotes removed, `''` unescaped). Unicode escapes are
/// applied by [`string_lit`], which knows the `UESCAPE` character.
/// Borrowed from `text` unless it holds a `''`.
pub(crate) fn decode_string_token(text: &str) -> Cow<'_, str> {
    let inner = inside_quotes(text);
    // Inside the quotes a `'` only occurs doubled; the lexer's word-at-a-time search finds it.
    match crate::lexer::memchr_quote(inner.as_bytes(), 0, b'\'') {
        Some(first) => Cow::Owned(undouble_quotes(inner, first)),
        None => Cow::Borrowed(inner),
    }
}

/// `inner` with each `''` read as one `'`, the first pair at `first`. Copies the runs between
/// pairs (the general `str::replace` searches for a two-byte pattern and grows its string).
fn undouble_quotes(inner: &str, first: usize) -> String {
    let bytes = inner.as_bytes();
    let mut out = String::with_capacity(inner.len());
    let mut from = 0;
    let mut quote = Some(first);
    while let Some(q) = quote {
        // The run up to and with the pair's first quote; the second is skipped (a lone quote,
        // which a lexed literal never holds, is kept as `str::replace` would keep it).
        out.push_str(inner.get(from..=q).unwrap_or_default());
        from = if bytes.get(q + 1) == Some(&b'\'') {
            q + 2
        } else {
            q + 1
        };
        quote = crate::lexer::memchr_quote(bytes, from, b'\'');
    }
    out.push_str(inner.get(from..).unwrap_or_default());
    out
}

/// [`decode_string_token`] of a token: one the lexer saw no `''` in is its text between the
/// quotes, with no second look at its bytes.
pub(crate) fn decode_string_of<'a>(p: &Parser<'a>, t: Token) -> Cow<'a, str> {
    let text = p.text(t.span);
    if t.escaped {
        decode_string_token(text)
    } else {
        Cow::Borrowed(inside_quotes(text))
    }
}

/// The text between a string token's first quote and its last byte (the closing quote).
fn inside_quotes(text: &str) -> &str {
    let bytes = text.as_bytes();
    // Most literals have no prefix: no search for their quote.
    let open = if bytes.first() == Some(&b'\'') {
        0
    } else {
        match bytes.iter().position(|&b| b == b'\'') {
            Some(open) => open,
            None => return "",
        }
    };
    text.get(open + 1..text.len().saturating_sub(1))
        .unwrap_or("")
}

/// `value` in the tree: borrowed from the source when it is the source's text.
#[inline]
pub(crate) fn in_tree<'a>(p: &Parser<'a>, value: Cow<'a, str>) -> &'a str {
    match value {
        Cow::Borrowed(text) => text,
        Cow::Owned(text) => p.str(&text),
    }
}

fn is_string_kind(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::String | TokenKind::UnicodeString | TokenKind::BinaryString
    )
}

pub(crate) fn string_lit<'a>(p: &mut Parser<'a>) -> PResult<StringLit<'a>> {
    let first = p.current();
    if !is_string_kind(first.kind) {
        p.expecting("string literal");
        return Err(p.unexpected());
    }
    p.bump();
    if first.kind == TokenKind::String && !first.escaped && p.current().kind != TokenKind::String {
        // Most literals: no `''` inside, no continuation, no Unicode escapes: the text
        // between the quotes, borrowed, without the general path's `Cow` and checks.
        return Ok(StringLit {
            span: p.span_from(first.span.start),
            value: inside_quotes(p.text(first.span)),
        });
    }
    let mut value = decode_one(p, first)?;
    // Continuation: `'a' 'b'` is one literal. A continuation has no prefix of its own.
    while p.current().kind == TokenKind::String && p.text(p.current().span).starts_with('\'') {
        let t = p.bump();
        let more = decode_one(p, t)?;
        value.to_mut().push_str(&more);
    }
    if first.kind == TokenKind::UnicodeString {
        let escape = if p.at_kw(K::UESCAPE) {
            p.bump();
            let t = p.current();
            if t.kind != TokenKind::String {
                p.expecting("string literal");
                return Err(p.unexpected());
            }
            p.bump();
            let e = decode_string_token(p.text(t.span));
            let mut chars = e.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if !c.is_ascii_hexdigit() && c != '+' && c != '\'' && c != '"' && !c.is_whitespace() => c,
                _ => {
                    return Err(p.report(Diagnostic::new(
                        Code::InvalidLiteral,
                        t.span,
                        "UESCAPE takes a single character that is not a hex digit, `+`, a quote or white space",
                    )))
                }
            }
        } else {
            '\\'
        };
        let span = p.span_from(first.span.start);
        value = unescape_unicode(&value, escape).map(Cow::Owned).ok_or_else(|| {
            p.report(
                Diagnostic::new(Code::InvalidLiteral, span, "invalid Unicode escape in U& literal")
                    .with_help(format!(
                        "write `{escape}XXXX` with 4 hex digits or `{escape}+XXXXXX` with 6, and `{escape}{escape}` for the escape character itself"
                    )),
            )
        })?;
    }
    Ok(StringLit {
        span: p.span_from(first.span.start),
        value: in_tree(p, value),
    })
}

fn decode_one<'a>(p: &mut Parser<'a>, t: Token) -> PResult<Cow<'a, str>> {
    let value = decode_string_of(p, t);
    // A non-hex digit is a parse error in Flink; an odd count is a validation error (binder).
    if t.kind == TokenKind::BinaryString && !value.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_hex(p, t.span));
    }
    Ok(value)
}

/// The error of a binary literal with a non-hex digit, out of [`decode_one`]'s way.
#[cold]
#[inline(never)]
fn not_hex(p: &mut Parser<'_>, span: Span) -> crate::parser::Failed {
    p.report(
        Diagnostic::new(
            Code::InvalidLiteral,
            span,
            "Binary literal string must contain only characters '0' - '9', 'A' - 'F'",
        )
        .with_help("X'...' takes hexadecimal digits only, e.g. X'0AFF'"),
    )
}

fn unescape_unicode(s: &str, escape: char) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != escape {
            out.push(c);
            continue;
        }
        match chars.peek() {
            Some(&n) if n == escape => {
                chars.next();
                out.push(escape);
            }
            Some('+') => {
                chars.next();
                let hex: String = (0..6).filter_map(|_| chars.next()).collect();
                out.push(parse_hex(&hex, 6)?);
            }
            _ => {
                let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                out.push(parse_hex(&hex, 4)?);
            }
        }
    }
    Some(out)
}

fn parse_hex(hex: &str, len: usize) -> Option<char> {
    if hex.len() != len || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    char::from_u32(u32::from_str_radix(hex, 16).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Undoubling agrees with `str::replace("''", "'")` on texts of quotes, runs of eight
    /// bytes and more (the quote search's word steps) and multi-byte characters.
    #[test]
    fn undouble_quotes_agrees_with_replace() {
        let pieces = ["'", "''", "a", "é", "abcdefghij", "😀", " "];
        let mut seed = 7u64;
        for _ in 0..5000 {
            let mut text = String::new();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            for i in 0..(seed >> 60) as usize + 1 {
                let pick = (seed >> (i * 3 % 48)) as usize % pieces.len();
                text.push_str(pieces[pick]);
            }
            let want = text.replace("''", "'");
            let got = match crate::lexer::memchr_quote(text.as_bytes(), 0, b'\'') {
                Some(first) => undouble_quotes(&text, first),
                None => text.clone(),
            };
            assert_eq!(got, want, "{text:?}");
        }
    }
}
