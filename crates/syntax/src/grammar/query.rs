//! Query bodies (SELECT, VALUES, WITH, set operations, parenthesised queries).
//!
//! We delimit them exactly and do not parse them: a query Flink accepts must never get an error
//! from us, and Flink's query grammar is Calcite's whole SELECT grammar. See
//! `docs/decisions/0001-query-bodies.md`. What we check: parentheses balance, and the body is
//! not empty.

use super::*;

/// Delimits a query that starts at the current token and runs to `;` or the end of input at
/// parenthesis depth 0. A `)` that closes nothing ends it too (the caller decides).
pub(crate) fn query_body(p: &mut Parser) -> PResult<QueryBody> {
    let start = p.start();
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
    Ok(QueryBody {
        span: p.span_from(start),
        simple: None,
    })
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
