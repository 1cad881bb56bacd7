//! Names and calls: a name or a function call (its arguments, named ones, DISTINCT, FILTER,
//! WITHIN GROUP, OVER), reserved function names, context variables and DEFAULT.

use super::*;

/// `DEFAULT` as a whole item of a row or argument list (`VALUES (DEFAULT, 1)`,
/// `f(a => DEFAULT)`): Calcite's DEFAULT operator. Elsewhere (`SELECT DEFAULT`) it is a parse
/// error, as in Flink.
pub(super) fn at_default_item<'a>(p: &Parser<'a>) -> bool {
    p.in_query()
        && matches!(p.nth(1).kind, T::Comma | T::RParen)
        && matches!(
            p.token_at(p.position().wrapping_sub(1)).kind,
            T::Comma | T::LParen | T::Arrow
        )
        && p.position() > 0
}

pub(super) fn default_item<'a>(p: &mut Parser<'a>, t: Token) -> Expr<'a> {
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
pub(super) fn context_variable<'a>(p: &mut Parser<'a>, t: Token) -> Expr<'a> {
    p.bump();
    Expr {
        span: t.span,
        kind: ExprKind::ContextVariable {
            name: upper_ident(p, t.span),
        },
    }
}

/// A reserved word that names a function or a context variable, followed by `(`: a call.
pub(super) fn reserved_call<'a>(p: &mut Parser<'a>, t: Token, start: u32) -> PResult<Expr<'a>> {
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
pub(super) fn name_or_call<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
pub(super) fn simple_call<'a>(p: &Parser<'a>, name: Ident<'a>, args: Vec<Expr<'a>>) -> Call<'a> {
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
