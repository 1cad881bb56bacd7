//! The special syntax of built-in functions, one function per form: CAST, EXTRACT, POSITION,
//! OVERLAY, TIMESTAMPADD, CASE, TRIM, SUBSTRING, FLOOR/CEIL, the JSON functions and
//! constructors, each through [`special_call`] where the form is `NAME ( ... )`.

use super::atoms::{interval_qualifier, unit_word};
use super::calls::simple_call;
use super::*;

/// `NAME ( ... )`, a built-in function with its own syntax: `body` parses what stands between
/// the parentheses (given the name's token); the expression spans from the name to the `)`.
pub(super) fn special_call<'a>(
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
pub(super) fn cast<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
pub(super) fn extract<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
pub(super) fn date_trunc<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
pub(super) fn position<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
pub(super) fn overlay<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
pub(super) fn timestamp_arith<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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

/// `JSON_OBJECT([KEY] k VALUE v | k : v, ... [NULL|ABSENT ON NULL])`, `JSON_OBJECTAGG(...)`,
/// `JSON_ARRAY(v, ... [NULL|ABSENT ON NULL])` or `JSON_ARRAY(query)`, `JSON_ARRAYAGG(v [ORDER BY
/// ...] [NULL|ABSENT ON NULL])`, each with an optional `RETURNING type`.
pub(super) fn json_constructor<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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

pub(super) fn case<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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

pub(super) fn trim<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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

pub(super) fn substring<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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

pub(super) fn floor_ceil<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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

pub(super) fn json_call<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
