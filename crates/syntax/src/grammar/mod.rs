//! The grammar, one file per statement family plus the shared productions below.
//!
//! Conventions: a production returns `PResult<Node>`; `Err(Failed)` means it reported a
//! diagnostic and left the cursor at the offending token. Recovery happens only at list items,
//! clauses and statements, so one mistake gives one diagnostic.

mod create_table;
mod expressions;
mod literals;
mod query;
mod set_reset;
mod statements;
mod types;

use crate::ast::*;
use crate::keywords::Keyword as K;
use crate::lexer::TokenKind as T;
use crate::parser::{alloc, list, PResult, Parser};
use flinkddl_diagnostics::{Code, Diagnostic, Span};

pub(crate) use literals::{decode_string_token, in_tree};

/// script := statement { ';' statement } [';']
///
/// The statements up to the end of the tokens. `segment_start` is where the text of the first
/// one may begin (after the `;` before it): SET and RESET read their statement as raw text.
pub(crate) fn statements<'a>(p: &mut Parser<'a>, mut segment_start: u32) -> Vec<Statement<'a>> {
    // A DDL statement runs about 250 tokens (a query fewer: the vector grows then).
    let mut statements = Vec::with_capacity(p.token_count() / 256 + 1);
    loop {
        while let Some(semi) = p.eat(T::Semicolon) {
            segment_start = semi.end;
        }
        if p.at_eof() {
            break;
        }
        if let Some(command) = set_reset::extended_command(p, segment_start) {
            statements.push(command);
            continue;
        }
        let before = p.position();
        let stmt = statement(p);
        statements.push(stmt);
        if !p.at(T::Semicolon) && !p.at_eof() {
            // The statement ended but something follows without a `;`.
            if !statement_failed(statements.last()) {
                p.unexpected();
            }
            skip_statement(p, before);
        }
    }
    statements
}

fn statement_failed(stmt: Option<&Statement>) -> bool {
    matches!(
        stmt,
        Some(Statement {
            kind: StatementKind::Error,
            ..
        })
    )
}

/// Skips the rest of a statement after an error: up to `;` or a token that can only start a
/// new statement, but always past at least one token.
fn skip_statement<'a>(p: &mut Parser<'a>, statement_start: usize) {
    if p.position() == statement_start && !p.at_eof() {
        p.bump();
    }
    p.recover_until(|t| t.kind == T::Word && matches!(t.keyword, K::CREATE | K::INSERT));
}

pub(crate) fn statement<'a>(p: &mut Parser<'a>) -> Statement<'a> {
    let start = p.start();
    let begin = p.position();
    let kind = match statements::statement_kind(p) {
        Ok(kind) => kind,
        Err(_) => {
            skip_statement(p, begin);
            StatementKind::Error
        }
    };
    Statement {
        span: p.span_from(start),
        kind,
    }
}

/// One expression and nothing after it.
pub(crate) fn standalone_expression<'a>(p: &mut Parser<'a>) -> Option<Expr<'a>> {
    let e = expressions::expr(p).ok()?;
    if !p.at_eof() {
        p.unexpected();
        return None;
    }
    Some(e)
}

// ---- shared productions -----------------------------------------------------------------

/// The value of a back-tick quoted identifier's inside: ``` `` ``` stands for one back-tick.
pub(crate) fn unescape_backticks(inner: &str) -> std::borrow::Cow<'_, str> {
    if inner.contains("``") {
        std::borrow::Cow::Owned(inner.replace("``", "`"))
    } else {
        std::borrow::Cow::Borrowed(inner)
    }
}

/// Flink's parser limits identifiers to 256 characters (UTF-16 code units, as Java counts):
/// "Length of identifier '...' must be less than or equal to 256 characters".
const MAX_IDENTIFIER_LENGTH: usize = 256;

#[inline]
fn check_identifier_length<'a>(p: &mut Parser<'a>, value: &str, span: Span) {
    // UTF-16 never takes more units than UTF-8 takes bytes: a name of at most 256 bytes
    // passes without counting.
    if value.len() > MAX_IDENTIFIER_LENGTH {
        check_long_identifier(p, value, span);
    }
}

#[cold]
fn check_long_identifier<'a>(p: &mut Parser<'a>, value: &str, span: Span) {
    if value.encode_utf16().count() > MAX_IDENTIFIER_LENGTH {
        let _ = p.report(
            Diagnostic::new(
                Code::IdentifierTooLong,
                span,
                format!(
                    "Length of identifier '{value}' must be less than or equal to \
                     {MAX_IDENTIFIER_LENGTH} characters"
                ),
            )
            .with_help("use a shorter name"),
        );
    }
}

/// A simple identifier: an unreserved word or a back-tick quoted name.
pub(crate) fn ident<'a>(p: &mut Parser<'a>) -> PResult<Ident<'a>> {
    let t = p.current();
    match t.kind {
        T::Word if !t.keyword.is_reserved() => {
            p.bump();
            let value = p.text(t.span);
            check_identifier_length(p, value, t.span);
            Ok(Ident {
                span: t.span,
                value,
                quoted: false,
            })
        }
        T::QuotedIdent => {
            p.bump();
            let raw = p.text(t.span);
            let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or("");
            let value = if t.escaped {
                in_tree(p, unescape_backticks(inner))
            } else {
                inner
            };
            check_identifier_length(p, value, t.span);
            Ok(Ident {
                span: t.span,
                value,
                quoted: true,
            })
        }
        T::Word => Err(reserved_word_as_name(p, t.span)),
        _ => {
            p.expecting("identifier");
            Err(p.unexpected())
        }
    }
}

/// The error of [`ident`] at a reserved word, out of its way (its messages made every call
/// set up a large stack frame).
#[cold]
#[inline(never)]
fn reserved_word_as_name(p: &mut Parser<'_>, span: Span) -> crate::parser::Failed {
    let word = p.text(span).to_string();
    p.report(
        Diagnostic::new(
            Code::ReservedWord,
            span,
            format!("`{word}` is a reserved word and cannot be used as a name here"),
        )
        .with_help(format!("quote it with back-ticks: `{word}`"))
        .with_safe_fix(span, format!("`{word}`"), "quote the name"),
    )
}

pub(crate) fn at_ident<'a>(p: &Parser<'a>) -> bool {
    let t = p.current();
    (t.kind == T::Word && !t.keyword.is_reserved()) || t.kind == T::QuotedIdent
}

/// compound_id := ident { '.' ident }
pub(crate) fn object_name<'a>(p: &mut Parser<'a>) -> PResult<ObjectName<'a>> {
    let start = p.start();
    let first = ident(p)?;
    let dotted = |p: &Parser| p.nth_is(0, T::Dot) && !p.nth_is(1, T::Star);
    if !dotted(p) {
        // Most names have one part: no `Vec` for them.
        return Ok(ObjectName {
            span: p.span_from(start),
            parts: p.one(first),
        });
    }
    p.bump();
    let second = ident(p)?;
    if !dotted(p) {
        // Qualified names (`t.col`) are the next most common: no `Vec` either (growing one
        // from one element was 90 M instructions of `realloc` on the query corpus).
        return Ok(ObjectName {
            span: p.span_from(start),
            parts: p.pair(first, second),
        });
    }
    let mut parts = Vec::with_capacity(4);
    parts.push(first);
    parts.push(second);
    while dotted(p) {
        p.bump();
        parts.push(ident(p)?);
    }
    Ok(ObjectName {
        span: p.span_from(start),
        parts: p.list(parts),
    })
}

/// '(' ident { ',' ident } ')'
pub(crate) fn column_list<'a>(p: &mut Parser<'a>) -> PResult<ColumnList<'a>> {
    let start = p.start();
    p.expect(T::LParen)?;
    let mut columns = vec![ident(p)?];
    while p.eat(T::Comma).is_some() {
        columns.push(ident(p)?);
    }
    p.expect(T::RParen)?;
    Ok(ColumnList {
        span: p.span_from(start),
        columns: p.list(columns),
    })
}

/// A character string literal, continuations joined. Binary and Unicode literals count too,
/// as in Flink's `StringLiteral()`.
pub(crate) fn string_lit<'a>(p: &mut Parser<'a>) -> PResult<StringLit<'a>> {
    literals::string_lit(p)
}

pub(crate) fn at_string<'a>(p: &mut Parser<'a>) -> bool {
    matches!(
        p.current().kind,
        T::String | T::UnicodeString | T::BinaryString
    ) || {
        p.expecting("string literal");
        false
    }
}

/// An unsigned integer that must fit a Java `int`, as Calcite's `UnsignedIntLiteral`.
pub(crate) fn int_lit<'a>(p: &mut Parser<'a>) -> PResult<IntLit> {
    let t = p.current();
    if t.kind != T::Integer {
        p.expecting("integer");
        return Err(p.unexpected());
    }
    p.bump();
    let text = p.text(t.span);
    // Most integers here are one or two digits (a precision, a length): no overflow to check.
    // An integer token is ASCII digits.
    if text.len() <= 2 && text.bytes().all(|b| b.is_ascii_digit()) {
        let value = text.bytes().fold(0, |v, b| v * 10 + u64::from(b - b'0'));
        return Ok(IntLit {
            span: t.span,
            value: Some(value),
        });
    }
    // Folded as `str::parse::<u64>` would (`None` on overflow), without its general entry
    // checks.
    let value = text.bytes().try_fold(0u64, |v, b| {
        v.checked_mul(10)?
            .checked_add(u64::from(b.is_ascii_digit().then(|| b - b'0')?))
    });
    if value.is_none_or(|v| v > i32::MAX as u64) {
        return Err(int_out_of_range(p, text, t.span));
    }
    Ok(IntLit {
        span: t.span,
        value,
    })
}

#[cold]
#[inline(never)]
fn int_out_of_range(p: &mut Parser<'_>, text: &str, span: Span) -> crate::parser::Failed {
    p.report(
        Diagnostic::new(
            Code::NumberOutOfRange,
            span,
            format!("literal '{text}' does not fit in an INT (at most 2147483647)"),
        )
        .with_help("Flink reads this number as a Java int"),
    )
}

/// The word at `span` as an unquoted identifier, upper-cased (a keyword-like name: a context
/// variable, a language, a JSON type, a unit).
pub(crate) fn upper_ident<'a>(p: &Parser<'a>, span: Span) -> Ident<'a> {
    Ident {
        span,
        value: upper(p, span),
        quoted: false,
    }
}

/// The word at `span`, upper-cased: borrowed from the source when it is written so.
fn upper<'a>(p: &Parser<'a>, span: Span) -> &'a str {
    let text = p.text(span);
    if text.bytes().any(|b| b.is_ascii_lowercase()) {
        p.str(&text.to_ascii_uppercase())
    } else {
        text
    }
}

/// `[WITH property_list]`.
pub(crate) fn optional_with<'a>(p: &mut Parser<'a>) -> PResult<Option<PropertyList<'a>>> {
    Ok(if p.eat_kw(K::WITH).is_some() {
        Some(property_list(p)?)
    } else {
        None
    })
}

/// '(' [ property { ',' property } ] ')' where property := string '=' string
pub(crate) fn property_list<'a>(p: &mut Parser<'a>) -> PResult<PropertyList<'a>> {
    let start = p.start();
    p.expect(T::LParen)?;
    let empty = StringLit {
        span: Span::default(),
        value: "",
    };
    let filler = || Property {
        span: Span::default(),
        key: empty.clone(),
        value: empty.clone(),
    };
    let (properties, read) = p.stacked(|p| &mut p.properties, filler, properties);
    read?;
    Ok(PropertyList {
        span: p.span_from(start),
        properties,
    })
}

/// The properties after a list's `(`, through its `)`, pushed on [`Parser::properties`].
fn properties(p: &mut Parser<'_>) -> PResult<()> {
    if p.eat(T::RParen).is_none() {
        loop {
            let property = property(p)?;
            p.properties.push(property);
            if p.eat(T::Comma).is_some() {
                continue;
            }
            p.expect(T::RParen)?;
            break;
        }
    }
    Ok(())
}

pub(crate) fn property<'a>(p: &mut Parser<'a>) -> PResult<Property<'a>> {
    let start = p.start();
    let key = string_lit(p)?;
    p.expect(T::Eq)?;
    let value = string_lit(p)?;
    Ok(Property {
        span: p.span_from(start),
        key,
        value,
    })
}
