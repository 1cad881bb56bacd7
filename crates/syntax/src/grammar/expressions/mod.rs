//! Scalar expressions: a Pratt parser with Calcite's precedences.
//!
//! Binding powers (Calcite's operator precedences): OR 22, AND 24, NOT 26, IS 28,
//! comparisons 30, BETWEEN/LIKE/IN/SIMILAR 32, `+ -` 40, `* / % ||` 60, unary `+ -` 80,
//! `.` and `[]` 100.
//!
//! Here: the Pratt loop (binary, prefix, postfix and IS operators) and the dispatch of a
//! primary by token and keyword, with the expression lists other productions share. The
//! primaries have their modules: [`atoms`] (literals, intervals, parentheses and
//! constructors), [`special`] (the special syntax of built-in functions) and [`calls`] (names,
//! calls, context variables).

use super::*;
use crate::lexer::{Token, TokenKind};

mod atoms;
mod calls;
mod special;

use atoms::{
    at_timestamp_with_local_time_zone_literal, collection_constructor, descriptor, exists,
    interval, keyword_literal, numeric_literal, parenthesized, query_constructor, row_constructor,
    timestamp_ltz_literal, typed_literal,
};
use calls::{at_default_item, context_variable, default_item, name_or_call, reserved_call};
use special::{
    case, cast, date_trunc, extract, floor_ceil, json_call, json_constructor, overlay, position,
    substring, timestamp_arith, trim,
};

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
            if op.is_comparison()
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
