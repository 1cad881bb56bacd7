//! Query bodies (SELECT, VALUES, WITH, set operations, parenthesised queries).
//!
//! We delimit them exactly and do not parse them: a query Flink accepts must never get an error
//! from us, and Flink's query grammar is Calcite's whole SELECT grammar. See
//! `docs/decisions/0001-query-bodies.md`. What we check: parentheses balance, the body is not
//! empty, and two select-list mistakes that no Calcite grammar accepts (`check_select_list`).

use super::*;
use crate::lexer::Token;

/// Delimits a query that starts at the current token and runs to `;` or the end of input at
/// parenthesis depth 0. A `)` that closes nothing ends it too (the caller decides).
pub(crate) fn query_body(p: &mut Parser) -> PResult<QueryBody> {
    let start = p.start();
    let first_token = p.position();
    if !starts_query(p) {
        p.expecting("a query (SELECT, VALUES or WITH)");
        return Err(p.unexpected());
    }
    let mut depth = 0usize;
    let mut opened: Vec<Span> = Vec::new();
    // Open CASE expressions: their END is not the END of a statement set.
    let mut open_cases = 0usize;
    loop {
        let t = p.current();
        match t.kind {
            T::Eof | T::Semicolon => {
                if depth > 0 {
                    let unclosed = opened.last().copied().unwrap_or(t.span);
                    return Err(p.report(
                        Diagnostic::new(
                            if t.kind == T::Eof {
                                Code::UnexpectedEnd
                            } else {
                                Code::UnexpectedToken
                            },
                            t.span,
                            "query ends inside parentheses",
                        )
                        .with_label(unclosed, "this parenthesis is not closed"),
                    ));
                }
                break;
            }
            T::LParen | T::LBracket => {
                depth += 1;
                opened.push(t.span);
            }
            T::RParen | T::RBracket => {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                opened.pop();
            }
            // Words that only start statements: the query has ended without its `;`.
            T::Word if matches!(t.keyword, K::INSERT | K::CREATE | K::ALTER | K::DROP) => {
                if depth > 0 {
                    p.expecting("`)`");
                    return Err(p.unexpected());
                }
                break;
            }
            T::Word if t.keyword == K::CASE => open_cases += 1,
            T::Word if t.keyword == K::END => {
                if open_cases == 0 && depth == 0 {
                    // Closes a statement set.
                    break;
                }
                open_cases = open_cases.saturating_sub(1);
            }
            _ => {}
        }
        p.bump();
    }
    check_select_list(p, first_token, p.position());
    let simple = simple_select(p, first_token, p.position());
    Ok(QueryBody {
        span: p.span_from(start),
        simple,
    })
}

/// The few mistakes in a query's select list that are errors in any Calcite grammar, found on
/// the tokens of the outermost `SELECT ... FROM` (nothing inside parentheses or CASE, nothing
/// after FROM): a reserved word as an alias (`1 AS from`), and a word after an item's alias
/// (`CAST(x AS STRING) AAS x_s`, `a, b FORM t`). Only words that are no keyword at all count as
/// names, so no valid query is flagged.
fn check_select_list(p: &mut Parser, from: usize, to: usize) {
    if !word_is(&p.token_at(from), K::SELECT) {
        return;
    }
    let plain_name =
        |t: &Token| (t.kind == T::Word && t.keyword == K::NotKeyword) || t.kind == T::QuotedIdent;
    let ends_item = |t: &Token| {
        plain_name(t)
            || matches!(
                t.kind,
                T::RParen | T::RBracket | T::String | T::Integer | T::Decimal | T::Approximate
            )
    };
    let shown = |p: &Parser, t: &Token| {
        let text = p.text(t.span);
        if t.kind == T::QuotedIdent {
            text.to_string()
        } else {
            format!("`{text}`")
        }
    };
    let mut depth = 0i32;
    let mut cases = 0i32;
    // The two tokens before the current one, at depth 0 and outside CASE.
    let mut before: [Option<Token>; 2] = [None, None];
    for i in from + 1..to {
        let t = p.token_at(i);
        match t.kind {
            T::LParen | T::LBracket => depth += 1,
            T::RParen | T::RBracket => depth -= 1,
            T::Word if t.keyword == K::CASE => cases += 1,
            T::Word if t.keyword == K::END => cases -= 1,
            _ => {}
        }
        let top = depth == 0 && cases == 0;
        if top {
            let problem = match before {
                [_, Some(alias_kw)]
                    if word_is(&alias_kw, K::AS)
                        && t.kind == T::Word
                        && t.keyword.is_reserved() =>
                {
                    Some((
                        format!(
                            "`{}` is a reserved word: it cannot be an alias unless quoted",
                            p.text(t.span)
                        ),
                        format!("quote it (`{}`) or choose another alias", p.text(t.span)),
                    ))
                }
                [Some(item_end), Some(alias)]
                    if (ends_item(&item_end) || word_is(&item_end, K::AS))
                        && plain_name(&alias)
                        && plain_name(&t) =>
                {
                    Some((
                        format!(
                            "unexpected {} after the alias {}: a select item ends at its alias",
                            shown(p, &t),
                            shown(p, &alias)
                        ),
                        "a misspelled keyword (AS, FROM)? Otherwise separate items with `,`"
                            .to_string(),
                    ))
                }
                _ => None,
            };
            if let Some((message, help)) = problem {
                p.report(Diagnostic::new(Code::UnexpectedToken, t.span, message).with_help(help));
                return;
            }
            if word_is(&t, K::FROM) {
                return;
            }
        }
        // A token inside parentheses or CASE ends the window at the bracket that closes them.
        before = if top || matches!(t.kind, T::RParen | T::RBracket) && depth == 0 {
            [before[1], Some(t)]
        } else {
            [None, None]
        };
    }
}

fn word_is(t: &Token, kw: K) -> bool {
    t.kind == T::Word && t.keyword == kw
}

fn is_name(t: &Token) -> bool {
    (t.kind == T::Word && !t.keyword.is_reserved()) || t.kind == T::QuotedIdent
}

fn ident_of(p: &Parser, t: &Token) -> Ident {
    let raw = p.text(t.span);
    if t.kind == T::QuotedIdent {
        let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or("");
        Ident {
            span: t.span,
            value: super::unescape_backticks(inner),
            quoted: true,
        }
    } else {
        Ident {
            span: t.span,
            value: raw.into(),
            quoted: false,
        }
    }
}

/// Reads `SELECT items [FROM name [[AS] alias]] [WHERE ...]` over the tokens `from..to`;
/// `None` for any other shape (joins, GROUP BY, set operations, ...).
fn simple_select(p: &Parser, from: usize, to: usize) -> Option<SimpleSelect> {
    let tokens: Vec<Token> = (from..to).map(|i| p.token_at(i)).collect();
    let mut i = 0;
    if !tokens.first().is_some_and(|t| word_is(t, K::SELECT)) {
        return None;
    }
    i += 1;
    if tokens
        .get(i)
        .is_some_and(|t| word_is(t, K::DISTINCT) || word_is(t, K::ALL))
    {
        i += 1;
    }
    // Items: up to FROM / WHERE at depth 0.
    let mut items = Vec::new();
    let mut item_start = i;
    let mut depth = 0i32;
    let mut cases = 0i32;
    loop {
        let t = tokens.get(i);
        let at_end = match t {
            None => true,
            Some(t) => depth == 0 && (word_is(t, K::FROM) || word_is(t, K::WHERE)),
        };
        if at_end || (depth == 0 && cases == 0 && t.is_some_and(|t| t.kind == T::Comma)) {
            items.push(select_item(p, &tokens[item_start..i])?);
            if at_end {
                break;
            }
            item_start = i + 1;
        } else if let Some(t) = t {
            match t.kind {
                T::LParen | T::LBracket => depth += 1,
                T::RParen | T::RBracket => depth -= 1,
                T::Word if t.keyword == K::CASE => cases += 1,
                T::Word if t.keyword == K::END => cases -= 1,
                T::Hint => return None,
                _ => {}
            }
        }
        i += 1;
    }
    let mut from_name = None;
    if tokens.get(i).is_some_and(|t| word_is(t, K::FROM)) {
        i += 1;
        let start = tokens.get(i)?.span.start;
        let mut parts = Vec::new();
        loop {
            let t = tokens.get(i)?;
            if !is_name(t) {
                return None;
            }
            parts.push(ident_of(p, t));
            i += 1;
            if tokens.get(i).is_some_and(|t| t.kind == T::Dot) {
                i += 1;
                continue;
            }
            break;
        }
        let end = parts.last().map_or(start, |l| l.span.end);
        from_name = Some(ObjectName {
            span: Span::new(start, end),
            parts,
        });
        if tokens.get(i).is_some_and(|t| word_is(t, K::AS)) {
            i += 1;
        }
        if tokens.get(i).is_some_and(is_name) {
            i += 1;
        }
    }
    let has_where = tokens.get(i).is_some_and(|t| word_is(t, K::WHERE));
    if !has_where && i != tokens.len() {
        return None;
    }
    Some(SimpleSelect {
        items,
        from: from_name,
        has_where,
    })
}

fn select_item(p: &Parser, tokens: &[Token]) -> Option<SelectItem> {
    let first = tokens.first()?;
    let last = tokens.last()?;
    let span = Span::new(first.span.start, last.span.end);
    if tokens.len() == 1 && first.kind == T::Star {
        return Some(SelectItem::Wildcard { span });
    }
    if tokens.len() == 3 && is_name(first) && tokens[1].kind == T::Dot && tokens[2].kind == T::Star
    {
        return Some(SelectItem::Wildcard { span });
    }
    // An alias: `... AS name`, or `... name` after something that ends an expression.
    let n = tokens.len();
    let (body, alias) = if n >= 3 && word_is(&tokens[n - 2], K::AS) && is_name(&tokens[n - 1]) {
        (&tokens[..n - 2], Some(ident_of(p, &tokens[n - 1])))
    } else if n >= 2 && is_name(&tokens[n - 1]) && ends_expression(&tokens[n - 2]) {
        (&tokens[..n - 1], Some(ident_of(p, &tokens[n - 1])))
    } else {
        (tokens, None)
    };
    let body_span = Span::new(body.first()?.span.start, body.last()?.span.end);
    // A plain column reference: name [. name]*
    let is_path = body.len() % 2 == 1
        && body.iter().enumerate().all(|(i, t)| {
            if i % 2 == 0 {
                is_name(t)
            } else {
                t.kind == T::Dot
            }
        });
    if is_path {
        let parts: Vec<Ident> = body.iter().step_by(2).map(|t| ident_of(p, t)).collect();
        return Some(SelectItem::Column {
            span,
            name: ObjectName {
                span: body_span,
                parts,
            },
            alias,
        });
    }
    Some(SelectItem::Other {
        span,
        expr_span: body_span,
        alias,
    })
}

/// Whether a token can end an expression (so a name after it is an alias).
fn ends_expression(t: &Token) -> bool {
    matches!(
        t.kind,
        T::RParen
            | T::RBracket
            | T::QuotedIdent
            | T::String
            | T::UnicodeString
            | T::BinaryString
            | T::Integer
            | T::Decimal
            | T::Approximate
    ) || (t.kind == T::Word
        && (!t.keyword.is_reserved()
            || matches!(
                t.keyword,
                K::END | K::NULL | K::TRUE | K::FALSE | K::UNKNOWN
            )))
}

fn starts_query(p: &mut Parser) -> bool {
    let t = p.current();
    match t.kind {
        T::Word => matches!(t.keyword, K::SELECT | K::VALUES | K::WITH | K::TABLE),
        T::LParen => true,
        _ => false,
    }
}

pub(crate) fn at_query(p: &mut Parser) -> bool {
    starts_query(p) || {
        p.expecting("SELECT");
        false
    }
}
