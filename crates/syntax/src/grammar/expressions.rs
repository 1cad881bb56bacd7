//! Scalar expressions: a Pratt parser with Calcite's precedences.
//!
//! Binding powers (Calcite's operator precedences): OR 22, AND 24, NOT 26, IS 28,
//! comparisons 30, BETWEEN/LIKE/IN/SIMILAR 32, `+ -` 40, `* / % ||` 60, unary `+ -` 80,
//! `.` and `[]` 100.

use super::*;
use crate::lexer::{Token, TokenKind};

pub(crate) fn expr<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    expr_bp(p, 0)
}

fn expr_bp<'a>(p: &mut Parser<'a>, min_bp: u8) -> PResult<Expr<'a>> {
    // The stack grows on demand: the depth bound is the contract, not the caller's stack size.
    p.nested(|p| expr_bp_inner(p, min_bp))
}

fn binary_op(kind: TokenKind, kw: K) -> Option<(BinaryOp, u8)> {
    Some(match (kind, kw) {
        (T::Word, K::OR) => (BinaryOp::Or, 22),
        (T::Word, K::AND) => (BinaryOp::And, 24),
        (T::Eq, _) => (BinaryOp::Eq, 30),
        (T::NotEq, _) => (BinaryOp::NotEq, 30),
        (T::Lt, _) => (BinaryOp::Lt, 30),
        (T::LtEq, _) => (BinaryOp::LtEq, 30),
        (T::Gt, _) => (BinaryOp::Gt, 30),
        (T::GtEq, _) => (BinaryOp::GtEq, 30),
        (T::Plus, _) => (BinaryOp::Plus, 40),
        (T::Minus, _) => (BinaryOp::Minus, 40),
        (T::Star, _) => (BinaryOp::Multiply, 60),
        (T::Slash, _) => (BinaryOp::Divide, 60),
        (T::Percent, _) => (BinaryOp::Modulo, 60),
        (T::Concat, _) => (BinaryOp::Concat, 60),
        _ => return None,
    })
}

fn expr_bp_inner<'a>(p: &mut Parser<'a>, min_bp: u8) -> PResult<Expr<'a>> {
    let mut links = 0;
    let result = expr_chain(p, min_bp, &mut links);
    p.unlink(links);
    result
}

fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Eq
            | BinaryOp::NotEq
            | BinaryOp::Lt
            | BinaryOp::LtEq
            | BinaryOp::Gt
            | BinaryOp::GtEq
    )
}

fn expr_chain<'a>(p: &mut Parser<'a>, min_bp: u8, links: &mut u32) -> PResult<Expr<'a>> {
    let start = p.start();
    let mut lhs = prefix(p)?;
    loop {
        let t = p.current();
        if let Some((op, bp)) = binary_op(t.kind, t.keyword) {
            if bp < min_bp {
                break;
            }
            p.bump();
            p.link()?;
            *links += 1;
            if is_comparison(op)
                && matches!(p.current().keyword, K::ANY | K::SOME | K::ALL)
                && p.current().kind == T::Word
                && p.nth_is(1, T::LParen)
            {
                let quantifier = match p.bump().keyword {
                    K::ANY => Quantifier::Any,
                    K::SOME => Quantifier::Some,
                    _ => Quantifier::All,
                };
                p.bump();
                let (query, list) = if at_query_start(p) {
                    if !p.in_query() {
                        return Err(subquery_error(p));
                    }
                    (Some(alloc!(p, super::query::query(p)?)), Vec::new())
                } else {
                    (None, expr_list(p)?)
                };
                p.expect(T::RParen)?;
                lhs = Expr {
                    span: p.span_from(start),
                    kind: ExprKind::Quantified {
                        op,
                        quantifier,
                        expr: alloc!(p, lhs),
                        query,
                        list: p.list(list),
                    },
                };
                continue;
            }
            let rhs = expr_bp(p, bp + 1)?;
            lhs = Expr {
                span: p.span_from(start),
                kind: ExprKind::Binary {
                    op,
                    left: alloc!(p, lhs),
                    right: alloc!(p, rhs),
                },
            };
            continue;
        }
        if t.kind != T::Word {
            p.expecting_an_operator();
            break;
        }
        // Postfix and mixfix predicates.
        if t.keyword == K::IS {
            if 28 < min_bp {
                break;
            }
            p.bump();
            p.link()?;
            *links += 1;
            let negated = p.eat_kw(K::NOT).is_some();
            let test = is_test(p)?;
            lhs = Expr {
                span: p.span_from(start),
                kind: ExprKind::Is {
                    expr: alloc!(p, lhs),
                    negated,
                    test,
                },
            };
            continue;
        }
        let negated = t.keyword == K::NOT;
        let kw = if negated { p.nth(1).keyword } else { t.keyword };
        if negated && p.nth(1).kind != T::Word {
            break;
        }
        if !matches!(
            kw,
            K::BETWEEN | K::LIKE | K::ILIKE | K::RLIKE | K::SIMILAR | K::IN
        ) {
            p.expecting_an_operator();
            break;
        }
        if 32 < min_bp {
            break;
        }
        if negated {
            p.bump();
        }
        p.bump();
        p.link()?;
        *links += 1;
        let kind = match kw {
            K::BETWEEN => {
                let symmetric = if p.eat_kw(K::SYMMETRIC).is_some() {
                    true
                } else {
                    p.eat_kw(K::ASYMMETRIC);
                    false
                };
                let low = expr_bp(p, 33)?;
                p.expect_kw(K::AND)?;
                let high = expr_bp(p, 33)?;
                ExprKind::Between {
                    expr: alloc!(p, lhs),
                    negated,
                    symmetric,
                    low: alloc!(p, low),
                    high: alloc!(p, high),
                }
            }
            K::IN => {
                p.expect(T::LParen)?;
                if at_query_start(p) {
                    if !p.in_query() {
                        return Err(subquery_error(p));
                    }
                    let query = super::query::query(p)?;
                    p.expect(T::RParen)?;
                    lhs = Expr {
                        span: p.span_from(start),
                        kind: ExprKind::InQuery {
                            expr: alloc!(p, lhs),
                            negated,
                            query: alloc!(p, query),
                        },
                    };
                    continue;
                }
                let mut list = Vec::with_capacity(p.list_size_hint());
                list.push(expr(p)?);
                while p.eat(T::Comma).is_some() {
                    list.push(expr(p)?);
                }
                p.expect(T::RParen)?;
                ExprKind::In {
                    expr: alloc!(p, lhs),
                    negated,
                    list: p.list(list),
                }
            }
            _ => {
                let like_kind = match kw {
                    K::ILIKE => LikeKind::Ilike,
                    K::RLIKE => LikeKind::Rlike,
                    K::SIMILAR => {
                        p.expect_kw(K::TO)?;
                        LikeKind::SimilarTo
                    }
                    _ => LikeKind::Like,
                };
                let pattern = expr_bp(p, 33)?;
                let escape = if p.eat_kw(K::ESCAPE).is_some() {
                    Some(alloc!(p, expr_bp(p, 33)?))
                } else {
                    None
                };
                ExprKind::Like {
                    expr: alloc!(p, lhs),
                    negated,
                    kind: like_kind,
                    pattern: alloc!(p, pattern),
                    escape,
                }
            }
        };
        lhs = Expr {
            span: p.span_from(start),
            kind,
        };
    }
    Ok(lhs)
}

fn is_test<'a>(p: &mut Parser<'a>) -> PResult<IsTest<'a>> {
    let t = p.current();
    let test = match t.keyword {
        K::NULL => IsTest::Null,
        K::TRUE => IsTest::True,
        K::FALSE => IsTest::False,
        K::UNKNOWN => IsTest::Unknown,
        K::DISTINCT => {
            p.bump();
            p.expect_kw(K::FROM)?;
            let other = expr_bp(p, 29)?;
            return Ok(IsTest::DistinctFrom {
                other: alloc!(p, other),
            });
        }
        K::JSON => {
            p.bump();
            let t = p.current();
            let kind = if t.kind == T::Word
                && matches!(t.keyword, K::VALUE | K::OBJECT | K::ARRAY | K::SCALAR)
            {
                p.bump();
                Some(upper_ident(p, t.span))
            } else {
                None
            };
            return Ok(IsTest::Json { kind });
        }
        _ => {
            p.expecting("NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM");
            return Err(p.unexpected());
        }
    };
    p.bump();
    Ok(test)
}

fn prefix<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let start = p.start();
    let t = p.current();
    let op = match (t.kind, t.keyword) {
        (T::Minus, _) => Some((UnaryOp::Minus, 80)),
        (T::Plus, _) => Some((UnaryOp::Plus, 80)),
        (T::Word, K::NOT) => Some((UnaryOp::Not, 26)),
        _ => None,
    };
    if p.in_query()
        && t.kind == T::Word
        && matches!(t.keyword, K::RUNNING | K::FINAL)
        && p.nth(1).kind == T::Word
        && p.nth_is(2, T::LParen)
    {
        p.bump();
        let operand = expr_bp(p, 80)?;
        return Ok(Expr {
            span: p.span_from(start),
            kind: ExprKind::MatchSemantics {
                running: t.keyword == K::RUNNING,
                expr: alloc!(p, operand),
            },
        });
    }
    if let Some((op, bp)) = op {
        p.bump();
        let operand = expr_bp(p, bp)?;
        return Ok(Expr {
            span: p.span_from(start),
            kind: ExprKind::Unary {
                op,
                operand: alloc!(p, operand),
            },
        });
    }
    let primary = primary(p)?;
    postfix(p, start, primary)
}

/// `.field` and `[index]` after a primary.
fn postfix<'a>(p: &mut Parser<'a>, start: u32, e: Expr<'a>) -> PResult<Expr<'a>> {
    let mut links = 0;
    let result = postfix_chain(p, start, e, &mut links);
    p.unlink(links);
    result
}

fn postfix_chain<'a>(
    p: &mut Parser<'a>,
    start: u32,
    mut e: Expr<'a>,
    links: &mut u32,
) -> PResult<Expr<'a>> {
    loop {
        if p.nth_is(0, T::Dot) && !p.nth_is(1, T::Star) {
            p.bump();
            let field = ident(p)?;
            e = match e.kind {
                ExprKind::Identifier(mut name) => {
                    let mut parts = name.parts.to_vec();
                    parts.push(field);
                    name.parts = p.list(parts);
                    name.span = p.span_from(start);
                    Expr {
                        span: name.span,
                        kind: ExprKind::Identifier(name),
                    }
                }
                kind => Expr {
                    span: p.span_from(start),
                    kind: ExprKind::FieldAccess {
                        expr: alloc!(p, Expr { span: e.span, kind }),
                        field,
                    },
                },
            };
        } else if p.eat(T::LBracket).is_some() {
            p.link()?;
            *links += 1;
            let index = expr(p)?;
            p.expect(T::RBracket)?;
            e = Expr {
                span: p.span_from(start),
                kind: ExprKind::Item {
                    expr: alloc!(p, e),
                    index: alloc!(p, index),
                },
            };
        } else {
            return Ok(e);
        }
    }
}

pub(crate) fn at_query_start<'a>(p: &Parser<'a>) -> bool {
    let t = p.current();
    t.kind == T::Word && matches!(t.keyword, K::SELECT | K::VALUES | K::WITH)
}

fn subquery_error<'a>(p: &mut Parser<'a>) -> crate::parser::Failed {
    let span = p.current().span;
    p.report(
        Diagnostic::new(
            Code::SubqueryInExpression,
            span,
            "query expression encountered in illegal context",
        )
        .with_help("computed columns and watermarks take scalar expressions only; move the query into a view or the INSERT statement"),
    )
}

fn literal(span: Span, lit: Literal) -> Expr {
    Expr {
        span,
        kind: ExprKind::Literal(lit),
    }
}

/// A primary expression: a literal, a parenthesized expression, a keyword's special syntax, a
/// constructor, a context variable, a name or a call. By token kind first, then by keyword.
fn primary<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let start = p.start();
    let t = p.current();
    match t.kind {
        T::Integer | T::Decimal | T::Approximate => Ok(numeric_literal(p, t)),
        T::String | T::UnicodeString => {
            let s = string_lit(p)?;
            Ok(literal(s.span, Literal::String { value: s.value }))
        }
        T::BinaryString => {
            let s = string_lit(p)?;
            Ok(literal(s.span, Literal::Binary { hex: s.value }))
        }
        T::LParen => parenthesized(p, start),
        T::QuotedIdent => name_or_call(p),
        T::Word => word_primary(p, t, start),
        _ => {
            p.expecting("an expression");
            Err(p.unexpected())
        }
    }
}

/// A primary that starts with a word: the keyword decides, a plain name is `name_or_call`.
fn word_primary<'a>(p: &mut Parser<'a>, t: Token, start: u32) -> PResult<Expr<'a>> {
    let call = p.nth_is(1, T::LParen);
    match t.keyword {
        K::TRUE | K::FALSE | K::NULL | K::UNKNOWN => Ok(keyword_literal(p, t)),
        K::DEFAULT if at_default_item(p) => Ok(default_item(p, t)),
        K::DATE | K::TIME | K::TIMESTAMP | K::TIMESTAMP_LTZ
            if matches!(p.nth(1).kind, T::String) =>
        {
            typed_literal(p, t, start)
        }
        K::TIMESTAMP if at_timestamp_with_local_time_zone_literal(p) => {
            timestamp_ltz_literal(p, start)
        }
        K::INTERVAL => interval(p),
        K::CAST | K::TRY_CAST if call => cast(p),
        K::CASE => case(p),
        K::EXTRACT if call => extract(p),
        K::DATE_TRUNC if call => date_trunc(p),
        K::POSITION if call => position(p),
        K::TRIM if call => trim(p),
        K::SUBSTRING if call => substring(p),
        K::OVERLAY if call => overlay(p),
        K::FLOOR | K::CEIL | K::CEILING if call => floor_ceil(p),
        K::TIMESTAMPADD | K::TIMESTAMPDIFF if call => timestamp_arith(p),
        K::JSON_VALUE | K::JSON_QUERY | K::JSON_EXISTS if call => json_call(p),
        K::ROW if call => row_constructor(p, start),
        K::ARRAY | K::MAP if p.nth_is(1, T::LBracket) => collection_constructor(p, t, start),
        K::ARRAY | K::MAP | K::MULTISET if call => query_constructor(p),
        K::EXISTS | K::UNIQUE if call => exists(p),
        K::DESCRIPTOR if call => descriptor(p),
        K::JSON_OBJECT | K::JSON_OBJECTAGG | K::JSON_ARRAY | K::JSON_ARRAYAGG if call => {
            json_constructor(p)
        }
        kw if kw.is_context_variable() && !call => Ok(context_variable(p, t)),
        kw if kw.is_reserved() && (kw.is_function() || kw.is_context_variable()) && call => {
            reserved_call(p, t, start)
        }
        _ => name_or_call(p),
    }
}

// ---- literals ----

fn numeric_literal<'a>(p: &mut Parser<'a>, t: Token) -> Expr<'a> {
    p.bump();
    let text = p.text(t.span);
    let lit = match t.kind {
        T::Integer => Literal::Integer { text },
        T::Decimal => Literal::Decimal { text },
        _ => Literal::Approximate { text },
    };
    literal(t.span, lit)
}

/// `TRUE`, `FALSE`, `NULL`, `UNKNOWN`.
fn keyword_literal<'a>(p: &mut Parser<'a>, t: Token) -> Expr<'a> {
    p.bump();
    let lit = match t.keyword {
        K::TRUE | K::FALSE => Literal::Boolean {
            value: t.keyword == K::TRUE,
        },
        K::NULL => Literal::Null,
        _ => Literal::Unknown,
    };
    literal(t.span, lit)
}

/// `DATE '...'`, `TIME '...'`, `TIMESTAMP '...'`, `TIMESTAMP_LTZ '...'`.
fn typed_literal<'a>(p: &mut Parser<'a>, t: Token, start: u32) -> PResult<Expr<'a>> {
    p.bump();
    let value = string_lit(p)?;
    let kind = match t.keyword {
        K::DATE => TypedLiteralKind::Date,
        K::TIME => TypedLiteralKind::Time,
        K::TIMESTAMP => TypedLiteralKind::Timestamp,
        _ => TypedLiteralKind::TimestampLtz,
    };
    Ok(literal(
        p.span_from(start),
        Literal::Typed {
            kind,
            value: value.value,
        },
    ))
}

fn at_timestamp_with_local_time_zone_literal<'a>(p: &Parser<'a>) -> bool {
    p.nth_is_kw(1, K::WITH)
        && p.nth_is_kw(2, K::LOCAL)
        && p.nth_is_kw(3, K::TIME)
        && p.nth_is_kw(4, K::ZONE)
        && p.nth_is(5, T::String)
}

/// `TIMESTAMP WITH LOCAL TIME ZONE '...'`.
fn timestamp_ltz_literal<'a>(p: &mut Parser<'a>, start: u32) -> PResult<Expr<'a>> {
    for _ in 0..5 {
        p.bump();
    }
    let value = string_lit(p)?;
    Ok(literal(
        p.span_from(start),
        Literal::Typed {
            kind: TypedLiteralKind::TimestampLtz,
            value: value.value,
        },
    ))
}

// ---- parentheses ----

/// `(query)`, `(a, b)` (a row), `(expr) unit` (a datetime interval) or `(expr)`.
fn parenthesized<'a>(p: &mut Parser<'a>, start: u32) -> PResult<Expr<'a>> {
    p.bump();
    if at_query_start(p) {
        if !p.in_query() {
            return Err(subquery_error(p));
        }
        let query = super::query::query(p)?;
        p.expect(T::RParen)?;
        return Ok(Expr {
            span: p.span_from(start),
            kind: ExprKind::Subquery(alloc!(p, query)),
        });
    }
    let first = expr(p)?;
    if p.at(T::Comma) {
        let mut items = vec![first];
        while p.eat(T::Comma).is_some() {
            items.push(expr(p)?);
        }
        p.expect(T::RParen)?;
        return Ok(Expr {
            span: p.span_from(start),
            kind: ExprKind::Row {
                explicit: false,
                items: p.list(items),
            },
        });
    }
    p.expect(T::RParen)?;
    if at_time_unit(p) {
        let qualifier = interval_qualifier(p)?;
        return Ok(Expr {
            span: p.span_from(start),
            kind: ExprKind::DatetimeInterval {
                expr: alloc!(p, first),
                qualifier: alloc!(p, qualifier),
            },
        });
    }
    Ok(Expr {
        span: p.span_from(start),
        kind: ExprKind::Nested(alloc!(p, first)),
    })
}

// ---- special syntax of built-in functions ----

/// `NAME ( ... )`, a built-in function with its own syntax: `body` parses what stands between
/// the parentheses (given the name's token); the expression spans from the name to the `)`.
fn special_call<'a>(
    p: &mut Parser<'a>,
    body: impl FnOnce(&mut Parser<'a>, Token) -> PResult<ExprKind<'a>>,
) -> PResult<Expr<'a>> {
    let start = p.start();
    let name = p.bump();
    p.bump();
    let kind = body(p, name)?;
    p.expect(T::RParen)?;
    Ok(Expr {
        span: p.span_from(start),
        kind,
    })
}

/// `CAST(e AS type)`, `TRY_CAST(e AS type)`; the type may be an interval qualifier.
fn cast<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, name| {
        let e = expr(p)?;
        p.expect_kw(K::AS)?;
        let data_type = if p.at_kw(K::INTERVAL) {
            let type_start = p.start();
            p.bump();
            let qualifier = interval_qualifier(p)?;
            DataTypeSyntax {
                span: p.span_from(type_start),
                kind: TypeKind::Interval {
                    qualifier: alloc!(p, qualifier),
                },
                nullability: None,
            }
        } else {
            types::data_type(p)?
        };
        Ok(ExprKind::Cast {
            try_cast: name.keyword == K::TRY_CAST,
            expr: alloc!(p, e),
            data_type: alloc!(p, data_type),
        })
    })
}

/// `EXTRACT(unit FROM e)`.
fn extract<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, _| {
        let unit = unit_word(p)?;
        p.expect_kw(K::FROM)?;
        let e = expr(p)?;
        Ok(ExprKind::Extract {
            unit,
            expr: alloc!(p, e),
        })
    })
}

/// `DATE_TRUNC(e, unit-or-e)`: Calcite's own production (the word is reserved), read as a
/// plain call of two arguments; the validator judges it.
fn date_trunc<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, name| {
        let first = expr(p)?;
        p.expect(T::Comma)?;
        let second = expr(p)?;
        Ok(ExprKind::Call(alloc!(
            p,
            simple_call(p, upper_ident(p, name.span), vec![first, second])
        )))
    })
}

/// `POSITION(needle IN haystack [FROM e])`.
fn position<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, _| {
        let needle = expr_bp(p, 33)?;
        p.expect_kw(K::IN)?;
        let haystack = expr(p)?;
        let from = optional_after(p, K::FROM)?;
        Ok(ExprKind::Position {
            needle: alloc!(p, needle),
            haystack: alloc!(p, haystack),
            from,
        })
    })
}

/// `KEYWORD e`, when the keyword comes next.
fn optional_after<'a>(p: &mut Parser<'a>, keyword: K) -> PResult<Option<&'a Expr<'a>>> {
    Ok(if p.eat_kw(keyword).is_some() {
        Some(alloc!(p, expr(p)?))
    } else {
        None
    })
}

/// `OVERLAY(e PLACING e FROM e [FOR e])`.
fn overlay<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, _| {
        let e = expr(p)?;
        p.expect_kw(K::PLACING)?;
        let placing = expr(p)?;
        p.expect_kw(K::FROM)?;
        let from = expr(p)?;
        let length = optional_after(p, K::FOR)?;
        Ok(ExprKind::Overlay {
            expr: alloc!(p, e),
            placing: alloc!(p, placing),
            from: alloc!(p, from),
            length,
        })
    })
}

/// `TIMESTAMPADD(unit, e, e)`, `TIMESTAMPDIFF(unit, e, e)`.
fn timestamp_arith<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, name| {
        let unit = unit_word(p)?;
        p.expect(T::Comma)?;
        let left = expr(p)?;
        p.expect(T::Comma)?;
        let right = expr(p)?;
        Ok(ExprKind::TimestampArith {
            diff: name.keyword == K::TIMESTAMPDIFF,
            unit,
            left: alloc!(p, left),
            right: alloc!(p, right),
        })
    })
}

// ---- constructors ----

/// `ROW(a, b)`.
fn row_constructor<'a>(p: &mut Parser<'a>, start: u32) -> PResult<Expr<'a>> {
    p.bump();
    let items = paren_list(p)?;
    Ok(Expr {
        span: p.span_from(start),
        kind: ExprKind::Row {
            explicit: true,
            items: p.list(items),
        },
    })
}

/// `ARRAY[a, b]`, `MAP[k, v]`.
fn collection_constructor<'a>(p: &mut Parser<'a>, t: Token, start: u32) -> PResult<Expr<'a>> {
    p.bump();
    p.bump();
    let mut items = Vec::new();
    if p.eat(T::RBracket).is_none() {
        items.push(expr(p)?);
        while p.eat(T::Comma).is_some() {
            items.push(expr(p)?);
        }
        p.expect(T::RBracket)?;
    }
    let kind = if t.keyword == K::ARRAY {
        ExprKind::Array {
            items: p.list(items),
        }
    } else {
        ExprKind::Map {
            items: p.list(items),
        }
    };
    Ok(Expr {
        span: p.span_from(start),
        kind,
    })
}

/// After `KEYWORD (`: a query must follow, and a query is allowed here.
fn expect_query_argument<'a>(p: &mut Parser<'a>) -> PResult<()> {
    if !at_query_start(p) {
        p.expecting("a query");
        return Err(p.unexpected());
    }
    if !p.in_query() {
        return Err(subquery_error(p));
    }
    Ok(())
}

/// `ARRAY(SELECT ...)`, `MAP(SELECT ...)`, `MULTISET(SELECT ...)`: query constructors, a call of
/// the constructor on the subquery.
fn query_constructor<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, name| {
        expect_query_argument(p)?;
        let q_start = p.start();
        let query = super::query::query(p)?;
        let arg = Expr {
            span: p.span_from(q_start),
            kind: ExprKind::Subquery(alloc!(p, query)),
        };
        Ok(ExprKind::Call(alloc!(
            p,
            simple_call(p, upper_ident(p, name.span), vec![arg])
        )))
    })
}

/// `EXISTS(query)`, `UNIQUE(query)`.
fn exists<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, _| {
        expect_query_argument(p)?;
        let query = super::query::query(p)?;
        Ok(ExprKind::Exists(alloc!(p, query)))
    })
}

/// `DESCRIPTOR(a, b)`.
fn descriptor<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, _| {
        let mut columns = vec![ident(p)?];
        while p.eat(T::Comma).is_some() {
            columns.push(ident(p)?);
        }
        Ok(ExprKind::Descriptor {
            columns: p.list(columns),
        })
    })
}

// ---- context variables and reserved function names ----

/// `DEFAULT` as a whole item of a row or argument list (`VALUES (DEFAULT, 1)`,
/// `f(a => DEFAULT)`): Calcite's DEFAULT operator. Elsewhere (`SELECT DEFAULT`) it is a parse
/// error, as in Flink.
fn at_default_item<'a>(p: &Parser<'a>) -> bool {
    p.in_query()
        && matches!(p.nth(1).kind, T::Comma | T::RParen)
        && matches!(
            p.token_at(p.position().wrapping_sub(1)).kind,
            T::Comma | T::LParen | T::Arrow
        )
        && p.position() > 0
}

fn default_item<'a>(p: &mut Parser<'a>, t: Token) -> Expr<'a> {
    p.bump();
    Expr {
        span: t.span,
        kind: ExprKind::ContextVariable {
            name: Ident {
                span: t.span,
                value: "DEFAULT",
                quoted: false,
            },
        },
    }
}

/// A context variable (`CURRENT_TIMESTAMP`) without parentheses.
fn context_variable<'a>(p: &mut Parser<'a>, t: Token) -> Expr<'a> {
    p.bump();
    Expr {
        span: t.span,
        kind: ExprKind::ContextVariable {
            name: upper_ident(p, t.span),
        },
    }
}

/// A reserved word that names a function or a context variable, followed by `(`: a call.
fn reserved_call<'a>(p: &mut Parser<'a>, t: Token, start: u32) -> PResult<Expr<'a>> {
    p.bump();
    let name = ObjectName {
        span: t.span,
        // One part: no `Vec` (its malloc and free were most of a call's list costs).
        parts: p.one(Ident {
            span: t.span,
            value: p.text(t.span),
            quoted: false,
        }),
    };
    call(p, start, name)
}

/// An identifier chain, or a call when `(` follows.
fn name_or_call<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let start = p.start();
    if !at_ident(p) {
        p.expecting("an expression");
        // Let `ident` report a reserved word with its own help.
        if p.current().kind == T::Word && p.current().keyword.is_reserved() {
            return Err(p.unexpected());
        }
        return Err(p.unexpected());
    }
    let name = object_name(p)?;
    if p.at(T::LParen) {
        return call(p, start, name);
    }
    Ok(Expr {
        span: name.span,
        kind: ExprKind::Identifier(name),
    })
}

fn call<'a>(p: &mut Parser<'a>, start: u32, name: ObjectName<'a>) -> PResult<Expr<'a>> {
    p.expect(T::LParen)?;
    let quantifier = if p.eat_kw(K::DISTINCT).is_some() {
        Some(SetQuantifier::Distinct)
    } else if p.eat_kw(K::ALL).is_some() {
        Some(SetQuantifier::All)
    } else {
        None
    };
    let mut named_args = Vec::new();
    let filler = || Expr {
        span: Span::default(),
        kind: ExprKind::Error,
    };
    let (args, star) = p.stacked(
        |p| &mut p.call_args,
        filler,
        |p| call_arguments(p, &mut named_args),
    );
    let star = star?;
    // `IGNORE|RESPECT NULLS`, `WITHIN GROUP (ORDER BY ...)`, `FILTER (WHERE cond)` and
    // `OVER (...)` / `OVER w` after an aggregate, in Calcite's order.
    let mut ignore_nulls = None;
    if (p.nth_is_kw(0, K::IGNORE) || p.nth_is_kw(0, K::RESPECT)) && p.nth_is_kw(1, K::NULLS) {
        ignore_nulls = Some(p.bump().keyword == K::IGNORE);
        p.bump();
    }
    let mut within_group = Vec::new();
    if p.nth_is_kw(0, K::WITHIN) && p.nth_is_kw(1, K::GROUP) {
        p.bump();
        p.bump();
        p.expect(T::LParen)?;
        p.expect_kw(K::ORDER)?;
        p.expect_kw(K::BY)?;
        within_group = order_item_list(p)?;
        p.expect(T::RParen)?;
    }
    let mut filter = None;
    if p.nth_is_kw(0, K::FILTER) && p.nth_is(1, T::LParen) {
        p.bump();
        p.bump();
        p.expect_kw(K::WHERE)?;
        filter = Some(alloc!(p, expr(p)?));
        p.expect(T::RParen)?;
    }
    let mut over = None;
    let mut window = None;
    if let Some(over_span) = p.eat_kw(K::OVER) {
        window = Some(alloc!(
            p,
            if p.at(T::LParen) {
                Over::Spec {
                    spec: super::query::window_spec(p)?,
                }
            } else {
                Over::Named { name: ident(p)? }
            }
        ));
        over = Some(p.span_from(over_span.start));
    }
    Ok(Expr {
        span: p.span_from(start),
        kind: ExprKind::Call(alloc!(
            p,
            Call {
                name,
                quantifier,
                args,
                star,
                named_args: p.list(named_args),
                filter,
                over,
                window,
                within_group: p.list(within_group),
                ignore_nulls,
            }
        )),
    })
}

/// A call's arguments after its `(`, through its `)`: the positional ones pushed on
/// [`Parser::call_args`], the named ones on `named_args`. Returns whether it was `(*)`.
fn call_arguments<'a>(
    p: &mut Parser<'a>,
    named_args: &mut Vec<(Ident<'a>, Expr<'a>)>,
) -> PResult<bool> {
    if p.eat(T::Star).is_some() {
        p.expect(T::RParen)?;
        return Ok(true);
    }
    if p.eat(T::RParen).is_none() {
        if at_query_start(p) {
            return Err(subquery_error(p));
        }
        loop {
            if at_ident(p) && p.nth_is(1, T::Arrow) {
                let arg_name = ident(p)?;
                p.bump();
                named_args.push((arg_name, call_argument(p)?));
            } else {
                let arg = call_argument(p)?;
                p.call_args.push(arg);
            }
            if p.eat(T::Comma).is_some() {
                continue;
            }
            p.expect(T::RParen)?;
            break;
        }
    }
    Ok(false)
}

/// A call's argument: an expression, or `TABLE t [PARTITION BY ...] [ORDER BY ...]` (a table
/// function's table parameter).
fn call_argument<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    if p.in_query() && at_ident(p) {
        let mut n = 1;
        while p.nth_is(n, T::Dot) && !p.nth_is(n + 1, T::Star) {
            n += 2;
        }
        if p.nth_is(n, T::Dot)
            && p.nth_is(n + 1, T::Star)
            && matches!(p.nth(n + 2).kind, T::RParen | T::Comma)
        {
            let start = p.start();
            let qualifier = object_name(p)?;
            p.bump();
            p.bump();
            return Ok(Expr {
                span: p.span_from(start),
                kind: ExprKind::QualifiedStar { qualifier },
            });
        }
    }
    if !(p.nth_is_kw(0, K::TABLE) && p.in_query()) {
        return expr(p);
    }
    let start = p.start();
    p.bump();
    let (name, query) = if p.at(T::LParen) {
        p.bump();
        let q = super::query::query(p)?;
        p.expect(T::RParen)?;
        (None, Some(alloc!(p, q)))
    } else {
        (Some(object_name(p)?), None)
    };
    let partition_by = if p.nth_is_kw(0, K::PARTITION) {
        p.bump();
        p.expect_kw(K::BY)?;
        if p.at(T::LParen) {
            paren_list(p)?
        } else {
            vec![expr(p)?]
        }
    } else {
        Vec::new()
    };
    let order_by = if p.nth_is_kw(0, K::ORDER) {
        p.bump();
        p.expect_kw(K::BY)?;
        if p.eat(T::LParen).is_some() {
            let items = order_item_list(p)?;
            p.expect(T::RParen)?;
            items
        } else {
            vec![order_item(p)?]
        }
    } else {
        Vec::new()
    };
    Ok(Expr {
        span: p.span_from(start),
        kind: ExprKind::TableArgument(alloc!(
            p,
            TableArgument {
                span: p.span_from(start),
                name,
                query,
                partition_by: p.list(partition_by),
                order_by: p.list(order_by),
            }
        )),
    })
}

/// A call of the one-part name `name` with plain positional arguments only.
fn simple_call<'a>(p: &Parser<'a>, name: Ident<'a>, args: Vec<Expr<'a>>) -> Call<'a> {
    Call {
        name: ObjectName {
            span: name.span,
            parts: p.one(name),
        },
        quantifier: None,
        args: p.list(args),
        star: false,
        named_args: list!(p, Vec::new()),
        filter: None,
        over: None,
        window: None,
        within_group: list!(p, Vec::new()),
        ignore_nulls: None,
    }
}

/// expr { ',' expr }
pub(crate) fn expr_list<'a>(p: &mut Parser<'a>) -> PResult<Vec<Expr<'a>>> {
    let mut items = vec![expr(p)?];
    while p.eat(T::Comma).is_some() {
        items.push(expr(p)?);
    }
    Ok(items)
}

/// order_item { ',' order_item }
pub(crate) fn order_item_list<'a>(p: &mut Parser<'a>) -> PResult<Vec<OrderItem<'a>>> {
    let mut items = vec![order_item(p)?];
    while p.eat(T::Comma).is_some() {
        items.push(order_item(p)?);
    }
    Ok(items)
}

/// expr [ASC | DESC] [NULLS FIRST | NULLS LAST]
pub(crate) fn order_item<'a>(p: &mut Parser<'a>) -> PResult<OrderItem<'a>> {
    let start = p.start();
    let e = expr(p)?;
    let descending = if p.eat_kw(K::DESC).is_some() {
        true
    } else {
        p.eat_kw(K::ASC);
        false
    };
    let nulls_first = if p.nth_is_kw(0, K::NULLS) {
        p.bump();
        if p.eat_kw(K::FIRST).is_some() {
            Some(true)
        } else {
            p.expect_kw(K::LAST)?;
            Some(false)
        }
    } else {
        None
    };
    Ok(OrderItem {
        span: p.span_from(start),
        expr: e,
        descending,
        nulls_first,
    })
}

/// `JSON_OBJECT([KEY] k VALUE v | k : v, ... [NULL|ABSENT ON NULL])`, `JSON_OBJECTAGG(...)`,
/// `JSON_ARRAY(v, ... [NULL|ABSENT ON NULL])` or `JSON_ARRAY(query)`, `JSON_ARRAYAGG(v [ORDER BY
/// ...] [NULL|ABSENT ON NULL])`, each with an optional `RETURNING type`.
fn json_constructor<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let start = p.start();
    let function = match p.bump().keyword {
        K::JSON_OBJECT => JsonConstructorKind::JsonObject,
        K::JSON_OBJECTAGG => JsonConstructorKind::JsonObjectagg,
        K::JSON_ARRAY => JsonConstructorKind::JsonArray,
        _ => JsonConstructorKind::JsonArrayagg,
    };
    p.bump();
    let object = matches!(
        function,
        JsonConstructorKind::JsonObject | JsonConstructorKind::JsonObjectagg
    );
    let mut c = JsonConstructor {
        function,
        entries: List::empty(),
        items: List::empty(),
        query: None,
        null_on_null: None,
        order_by: List::empty(),
        returning: None,
    };
    let at_clause = |p: &Parser| {
        (p.nth_is_kw(0, K::NULL) || p.nth_is_kw(0, K::ABSENT)) && p.nth_is_kw(1, K::ON)
            || p.nth_is_kw(0, K::RETURNING)
            || p.nth_is(0, T::RParen)
            || p.nth_is_kw(0, K::ORDER)
    };
    if !at_clause(p) {
        if !object && at_query_start(p) && p.in_query() {
            c.query = Some(alloc!(p, super::query::query(p)?));
        } else {
            let mut entries = Vec::new();
            let mut items = Vec::new();
            loop {
                if object {
                    p.eat_kw(K::KEY);
                    let key = expr(p)?;
                    if p.eat(T::Colon).is_none() {
                        p.expect_kw(K::VALUE)?;
                    }
                    let value = expr(p)?;
                    entries.push((key, value));
                } else {
                    items.push(expr(p)?);
                }
                if function == JsonConstructorKind::JsonObjectagg
                    || function == JsonConstructorKind::JsonArrayagg
                    || p.eat(T::Comma).is_none()
                {
                    break;
                }
            }
            c.entries = p.list(entries);
            c.items = p.list(items);
        }
    }
    if function == JsonConstructorKind::JsonArrayagg && p.nth_is_kw(0, K::ORDER) {
        p.bump();
        p.expect_kw(K::BY)?;
        c.order_by = list!(p, order_item_list(p)?);
    }
    if (p.nth_is_kw(0, K::NULL) || p.nth_is_kw(0, K::ABSENT)) && p.nth_is_kw(1, K::ON) {
        c.null_on_null = Some(p.bump().keyword == K::NULL);
        p.bump();
        p.expect_kw(K::NULL)?;
    }
    if p.eat_kw(K::RETURNING).is_some() {
        c.returning = Some(types::data_type(p)?);
    }
    p.expect(T::RParen)?;
    Ok(Expr {
        span: p.span_from(start),
        kind: ExprKind::JsonConstructor(alloc!(p, c)),
    })
}

fn paren_list<'a>(p: &mut Parser<'a>) -> PResult<Vec<Expr<'a>>> {
    p.expect(T::LParen)?;
    let mut items = Vec::new();
    if p.eat(T::RParen).is_some() {
        return Ok(items);
    }
    items.push(expr(p)?);
    while p.eat(T::Comma).is_some() {
        items.push(expr(p)?);
    }
    p.expect(T::RParen)?;
    Ok(items)
}

/// A time unit word (`DAY`, `SECOND`, `DOW`, `SQL_TSI_HOUR`, ...), kept as written.
fn unit_word<'a>(p: &mut Parser<'a>) -> PResult<Ident<'a>> {
    let t = p.current();
    if t.kind == T::Word {
        p.bump();
        return Ok(upper_ident(p, t.span));
    }
    p.expecting("a time unit");
    Err(p.unexpected())
}

fn case<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let start = p.start();
    p.bump();
    let operand = if p.at_kw(K::WHEN) {
        None
    } else {
        Some(alloc!(p, expr(p)?))
    };
    let mut whens = Vec::new();
    while p.eat_kw(K::WHEN).is_some() {
        let condition = expr(p)?;
        let mut more_values = Vec::new();
        if operand.is_some() {
            while p.eat(T::Comma).is_some() {
                more_values.push(expr(p)?);
            }
        }
        p.expect_kw(K::THEN)?;
        let result = expr(p)?;
        whens.push(WhenClause {
            condition,
            result,
            more_values: p.list(more_values),
        });
    }
    if whens.is_empty() {
        return Err(p.unexpected());
    }
    let else_result = if p.eat_kw(K::ELSE).is_some() {
        Some(alloc!(p, expr(p)?))
    } else {
        None
    };
    p.expect_kw(K::END)?;
    Ok(Expr {
        span: p.span_from(start),
        kind: ExprKind::Case {
            operand,
            whens: p.list(whens),
            else_result,
        },
    })
}

fn trim<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, _| {
        let side = match p.current().keyword {
            K::BOTH => Some(TrimSide::Both),
            K::LEADING => Some(TrimSide::Leading),
            K::TRAILING => Some(TrimSide::Trailing),
            _ => None,
        };
        if side.is_some() {
            p.bump();
        }
        let (chars, e) = if p.eat_kw(K::FROM).is_some() {
            (None, expr(p)?)
        } else {
            let first = expr(p)?;
            if p.eat_kw(K::FROM).is_some() {
                (Some(alloc!(p, first)), expr(p)?)
            } else if side.is_some() {
                p.expect_kw(K::FROM)?;
                (None, first)
            } else {
                (None, first)
            }
        };
        Ok(ExprKind::Trim {
            side,
            chars,
            expr: alloc!(p, e),
        })
    })
}

fn substring<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, name| {
        let e = expr(p)?;
        if p.eat_kw(K::FROM).is_some() {
            let from = expr(p)?;
            let length = optional_after(p, K::FOR)?;
            return Ok(ExprKind::Substring {
                expr: alloc!(p, e),
                from: alloc!(p, from),
                length,
            });
        }
        let mut args = vec![e];
        while p.eat(T::Comma).is_some() {
            args.push(expr(p)?);
        }
        // The comma form is a plain call of SUBSTRING (the name upper-cased, as written any
        // case).
        Ok(ExprKind::Call(alloc!(
            p,
            simple_call(p, upper_ident(p, name.span), args)
        )))
    })
}

fn floor_ceil<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, name| {
        let ceil = name.keyword != K::FLOOR;
        let e = expr(p)?;
        if p.eat_kw(K::TO).is_some() {
            let unit = unit_word(p)?;
            return Ok(ExprKind::FloorCeil {
                ceil,
                expr: alloc!(p, e),
                unit,
            });
        }
        // FLOOR(x) / CEIL(x): a plain call, the name as written.
        let name = Ident {
            span: name.span,
            value: p.text(name.span),
            quoted: false,
        };
        Ok(ExprKind::Call(alloc!(p, simple_call(p, name, vec![e]))))
    })
}

fn json_call<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let start = p.start();
    let name_tok = p.bump();
    let function = match name_tok.keyword {
        K::JSON_VALUE => JsonFunction::JsonValue,
        K::JSON_QUERY => JsonFunction::JsonQuery,
        _ => JsonFunction::JsonExists,
    };
    p.bump();
    let mut args = vec![expr(p)?];
    // `FORMAT JSON` after the context item.
    if p.nth_is_kw(0, K::FORMAT) && p.nth_is_kw(1, K::JSON) {
        p.bump();
        p.bump();
    }
    p.expect(T::Comma)?;
    args.push(expr(p)?);
    let mut returning = None;
    let mut clauses = Vec::new();
    loop {
        if p.eat(T::RParen).is_some() {
            break;
        }
        if p.eat_kw(K::RETURNING).is_some() {
            returning = Some(types::data_type(p)?);
            continue;
        }
        let clause_start = p.start();
        let mut words = String::new();
        let mut default = None;
        loop {
            let t = p.current();
            if t.kind != T::Word {
                p.expecting("ON EMPTY, ON ERROR or WRAPPER");
                return Err(p.unexpected());
            }
            if t.keyword == K::DEFAULT && default.is_none() {
                p.bump();
                words.push_str("DEFAULT ");
                default = Some(expr(p)?);
                continue;
            }
            p.bump();
            let w = p.text(t.span).to_ascii_uppercase();
            words.push_str(&w);
            if t.keyword == K::ON {
                words.push(' ');
                let target = p.current();
                if target.kind != T::Word {
                    p.expecting("EMPTY or ERROR");
                    return Err(p.unexpected());
                }
                p.bump();
                words.push_str(&p.text(target.span).to_ascii_uppercase());
                break;
            }
            if t.keyword == K::WRAPPER {
                break;
            }
            words.push(' ');
        }
        clauses.push(JsonClause {
            span: p.span_from(clause_start),
            words: p.str(&words),
            default,
        });
    }
    Ok(Expr {
        span: p.span_from(start),
        kind: ExprKind::Json(alloc!(
            p,
            JsonCall {
                function,
                args: p.list(args),
                returning,
                clauses: p.list(clauses),
            }
        )),
    })
}

/// `INTERVAL [+|-] 'value' qualifier`
fn interval<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let start = p.start();
    p.bump();
    let mut negative = false;
    if p.eat(T::Minus).is_some() {
        negative = true;
    } else {
        p.eat(T::Plus);
    }
    let value = if matches!(p.current().kind, T::Integer | T::Decimal) {
        let t = p.bump();
        p.text(t.span)
    } else {
        string_lit(p)?.value
    };
    let qualifier = interval_qualifier(p)?;
    Ok(literal(
        p.span_from(start),
        Literal::Interval(alloc!(
            p,
            IntervalLiteral {
                negative,
                value,
                qualifier,
            }
        )),
    ))
}

fn at_time_unit<'a>(p: &Parser<'a>) -> bool {
    let t = p.current();
    t.kind == T::Word
        && matches!(
            t.keyword,
            K::YEAR
                | K::YEARS
                | K::QUARTER
                | K::QUARTERS
                | K::MONTH
                | K::MONTHS
                | K::WEEK
                | K::WEEKS
                | K::DAY
                | K::DAYS
                | K::HOUR
                | K::HOURS
                | K::MINUTE
                | K::MINUTES
                | K::SECOND
                | K::SECONDS
        )
}

fn time_unit<'a>(p: &mut Parser<'a>) -> Option<TimeUnit> {
    let t = p.current();
    if t.kind != T::Word {
        p.expecting("a time unit");
        return None;
    }
    let unit = match t.keyword {
        K::YEAR | K::YEARS => TimeUnit::Year,
        K::QUARTER | K::QUARTERS => TimeUnit::Quarter,
        K::MONTH | K::MONTHS => TimeUnit::Month,
        K::WEEK | K::WEEKS => TimeUnit::Week,
        K::DAY | K::DAYS => TimeUnit::Day,
        K::HOUR | K::HOURS => TimeUnit::Hour,
        K::MINUTE | K::MINUTES => TimeUnit::Minute,
        K::SECOND | K::SECONDS => TimeUnit::Second,
        _ => {
            p.expecting("a time unit");
            return None;
        }
    };
    p.bump();
    Some(unit)
}

pub(crate) fn interval_qualifier<'a>(p: &mut Parser<'a>) -> PResult<IntervalQualifier> {
    let start = p.start();
    let Some(unit) = time_unit(p) else {
        return Err(p.unexpected());
    };
    let mut start_precision = None;
    let mut fractional_precision = None;
    if p.eat(T::LParen).is_some() {
        start_precision = Some(int_lit(p)?);
        if unit == TimeUnit::Second && p.eat(T::Comma).is_some() {
            fractional_precision = Some(int_lit(p)?);
        }
        p.expect(T::RParen)?;
    }
    // Calcite's pairs only (YEAR TO MONTH, DAY TO HOUR|MINUTE|SECOND, HOUR TO MINUTE|SECOND,
    // MINUTE TO SECOND); any other `TO` belongs to the enclosing construct (`FLOOR(x TO DAY)`).
    let end_fits = |kw: K| match unit {
        TimeUnit::Year => matches!(kw, K::MONTH | K::MONTHS),
        TimeUnit::Day => matches!(
            kw,
            K::HOUR | K::HOURS | K::MINUTE | K::MINUTES | K::SECOND | K::SECONDS
        ),
        TimeUnit::Hour => matches!(kw, K::MINUTE | K::MINUTES | K::SECOND | K::SECONDS),
        TimeUnit::Minute => matches!(kw, K::SECOND | K::SECONDS),
        _ => false,
    };
    let mut end = None;
    if p.nth_is_kw(0, K::TO) && end_fits(p.nth(1).keyword) && p.eat_kw(K::TO).is_some() {
        let Some(end_unit) = time_unit(p) else {
            return Err(p.unexpected());
        };
        end = Some(end_unit);
        if end_unit == TimeUnit::Second && p.eat(T::LParen).is_some() {
            fractional_precision = Some(int_lit(p)?);
            p.expect(T::RParen)?;
        }
    }
    Ok(IntervalQualifier {
        span: p.span_from(start),
        start: unit,
        start_precision,
        end,
        fractional_precision,
    })
}
