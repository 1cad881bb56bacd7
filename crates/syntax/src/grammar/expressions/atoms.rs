//! Primaries that are not calls: literals (numbers, TRUE/FALSE/NULL/UNKNOWN, typed and
//! TIMESTAMP WITH LOCAL TIME ZONE literals), intervals and their time units, parentheses and
//! constructors (ROW, ARRAY, MAP, MULTISET, EXISTS, DESCRIPTOR).

use super::calls::simple_call;
use super::special::special_call;
use super::*;

pub(super) fn numeric_literal<'a>(p: &mut Parser<'a>, t: Token) -> Expr<'a> {
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
pub(super) fn keyword_literal<'a>(p: &mut Parser<'a>, t: Token) -> Expr<'a> {
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
pub(super) fn typed_literal<'a>(p: &mut Parser<'a>, t: Token, start: u32) -> PResult<Expr<'a>> {
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

pub(super) fn at_timestamp_with_local_time_zone_literal<'a>(p: &Parser<'a>) -> bool {
    p.nth_is_kw(1, K::WITH)
        && p.nth_is_kw(2, K::LOCAL)
        && p.nth_is_kw(3, K::TIME)
        && p.nth_is_kw(4, K::ZONE)
        && p.nth_is(5, T::String)
}

/// `TIMESTAMP WITH LOCAL TIME ZONE '...'`.
pub(super) fn timestamp_ltz_literal<'a>(p: &mut Parser<'a>, start: u32) -> PResult<Expr<'a>> {
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
pub(super) fn parenthesized<'a>(p: &mut Parser<'a>, start: u32) -> PResult<Expr<'a>> {
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

// ---- constructors ----

/// `ROW(a, b)`.
pub(super) fn row_constructor<'a>(p: &mut Parser<'a>, start: u32) -> PResult<Expr<'a>> {
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
pub(super) fn collection_constructor<'a>(
    p: &mut Parser<'a>,
    t: Token,
    start: u32,
) -> PResult<Expr<'a>> {
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
pub(super) fn query_constructor<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
pub(super) fn exists<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    special_call(p, |p, _| {
        expect_query_argument(p)?;
        let query = super::query::query(p)?;
        Ok(ExprKind::Exists(alloc!(p, query)))
    })
}

/// `DESCRIPTOR(a, b)`.
pub(super) fn descriptor<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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

// ---- intervals and time units ----

/// A time unit word (`DAY`, `SECOND`, `DOW`, `SQL_TSI_HOUR`, ...), kept as written.
pub(super) fn unit_word<'a>(p: &mut Parser<'a>) -> PResult<Ident<'a>> {
    let t = p.current();
    if t.kind == T::Word {
        p.bump();
        return Ok(upper_ident(p, t.span));
    }
    p.expecting("a time unit");
    Err(p.unexpected())
}

/// `INTERVAL [+|-] 'value' qualifier`
pub(super) fn interval<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
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
