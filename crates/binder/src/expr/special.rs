//! The expressions with their own syntax: EXTRACT, POSITION, TRIM, OVERLAY, FLOOR/CEIL TO,
//! TIMESTAMPADD/DIFF, JSON_VALUE/QUERY/EXISTS, context variables, ROW/ARRAY/MAP constructors,
//! field access and item access.

use super::bound::{cast_text, not_typed, prec, reject, BResult, Bound};
use super::ops::{bracketed_op_types, cannot_apply, illegal_null, op_type, reject_null_literals};
use super::sqltypes::{
    cast_spec, is_char, is_datetime, is_integer, is_interval, is_null_type, is_timestamp,
    least_restrictive, root,
};
use super::{cast, Ctx};
use flinkddl_diagnostics::{Code, Span};
use flinkddl_syntax::ast::{self, JsonCall, JsonFunction, TrimSide};
use flinkddl_types::{
    escape_identifier, DataType, LogicalType, LogicalTypeRoot as R, RowField, TimestampKind,
};

// ---- time units ----------------------------------------------------------------------------

/// A time unit Calcite accepts in EXTRACT / FLOOR TO / TIMESTAMPADD, with the name it prints.
fn extract_unit(word: &str) -> Option<&'static str> {
    Some(match word.to_ascii_uppercase().as_str() {
        "MILLENNIUM" => "MILLENNIUM",
        "CENTURY" => "CENTURY",
        "DECADE" => "DECADE",
        "YEAR" => "YEAR",
        "ISOYEAR" => "ISOYEAR",
        "QUARTER" => "QUARTER",
        "MONTH" => "MONTH",
        "WEEK" => "WEEK",
        "DOY" | "DAYOFYEAR" => "DOY",
        "DOW" | "DAYOFWEEK" => "DOW",
        "ISODOW" => "ISODOW",
        "DAY" | "DAYOFMONTH" => "DAY",
        "HOUR" => "HOUR",
        "MINUTE" => "MINUTE",
        "SECOND" => "SECOND",
        "MILLISECOND" => "MILLISECOND",
        "MICROSECOND" => "MICROSECOND",
        "NANOSECOND" => "NANOSECOND",
        "EPOCH" => "EPOCH",
        _ => return None,
    })
}

fn invalid_frame<T>(unit: &ast::Ident) -> BResult<T> {
    reject(
        Code::InvalidExpression,
        unit.span,
        format!("'{}' is not a valid time frame", unit.value),
    )
}

pub(crate) fn extract(
    ctx: &Ctx,
    unit: &ast::Ident,
    expr: &ast::Expr,
    span: Span,
) -> BResult<Bound> {
    let Some(u) = extract_unit(unit.value) else {
        return invalid_frame(unit);
    };
    let b = ctx.bind(expr)?;
    extract_bound(u, b, span)
}

/// `EXTRACT(unit FROM x)` over a bound operand (also `YEAR(x)` and friends).
pub(crate) fn extract_bound(unit: &str, b: Bound, span: Span) -> BResult<Bound> {
    // Calcite's units for intervals: the year-month ones from a year-month interval, the
    // others (WEEK included) from a day-time interval.
    const YEAR_MONTH: &[&str] = &[
        "YEAR",
        "QUARTER",
        "MONTH",
        "DECADE",
        "CENTURY",
        "MILLENNIUM",
    ];
    const NOT_DAY_TIME: &[&str] = &["ISOYEAR", "DOW", "ISODOW"];
    let unit_ok = match root(&b.ty) {
        R::IntervalYearMonth => YEAR_MONTH.contains(&unit),
        R::IntervalDayTime => !YEAR_MONTH.contains(&unit) && !NOT_DAY_TIME.contains(&unit),
        _ => true,
    };
    if !(is_datetime(&b.ty) || is_interval(&b.ty)) || !unit_ok {
        return cannot_apply(
            span,
            "EXTRACT",
            &format!("EXTRACT(<INTERVAL {unit}> FROM <{}>)", op_type(&b)),
            "'EXTRACT(<DATETIME_INTERVAL> FROM <DATETIME>)'\n\
             'EXTRACT(<DATETIME_INTERVAL> FROM <DATETIME_INTERVAL>)'",
        );
    }
    let t = DataType::bigint().with_nullability(b.ty.nullable);
    Ok(Bound::new(
        t,
        format!("EXTRACT({unit} FROM {})", b.unparse(0, 0)),
        span,
    ))
}

pub(crate) fn floor_ceil(
    ctx: &Ctx,
    ceil: bool,
    expr: &ast::Expr,
    unit: &ast::Ident,
    span: Span,
) -> BResult<Bound> {
    let name = if ceil { "CEIL" } else { "FLOOR" };
    let Some(u) = extract_unit(unit.value) else {
        return invalid_frame(unit);
    };
    let b = ctx.bind(expr)?;
    if !is_datetime(&b.ty) {
        return cannot_apply(
            span,
            name,
            &format!("{name}(<{}>, <INTERVAL {u}>)", op_type(&b)),
            &format!(
                "'{name}(<NUMERIC>)'\n'{name}(<DATETIME_INTERVAL>)'\n'{name}(<DATE>, <TIME_UNIT>)'\n\
                 '{name}(<TIME>, <TIME_UNIT>)'\n'{name}(<TIMESTAMP>, <TIME_UNIT>)'"
            ),
        );
    }
    Ok(Bound::new(
        b.ty.clone(),
        format!("{name}({} TO {u})", b.unparse(0, 100)),
        span,
    ))
}

/// `FLOOR(x + INTERVAL '1' HOUR TO DAY)`: Calcite's interval qualifier only takes `TO` for
/// the pairs its grammar knows (`YEAR TO MONTH`, `DAY TO HOUR`, ...), so a `TO unit` after any
/// other unit belongs to FLOOR / CEIL. Our parser reads it greedily into the literal; this
/// regroups such a call as `FLOOR((x + INTERVAL '1' HOUR) TO DAY)`. `None` when the call is
/// not of that shape.
pub(crate) fn floor_ceil_regroup(
    ctx: &Ctx,
    call: &ast::Call,
    span: Span,
) -> Option<BResult<Bound>> {
    let [name] = call.name.parts.as_slice() else {
        return None;
    };
    let is = |n: &str| name.value.eq_ignore_ascii_case(n);
    let ceil = if is("FLOOR") {
        false
    } else if is("CEIL") || is("CEILING") {
        true
    } else {
        return None;
    };
    let [arg] = call.args.as_slice() else {
        return None;
    };
    if call.quantifier.is_some() || call.star || !call.named_args.is_empty() {
        return None;
    }
    // The regrouped expression is new: its changed nodes live in an arena of its own.
    let herd = flinkddl_syntax::Herd::new();
    let arena = herd.get();
    let (expr, unit) = split_trailing_qualifier(arg, &arena, 0)?;
    Some(floor_ceil(ctx, ceil, &expr, &unit, span))
}

/// `e` with `TO unit` detached from the interval literal ending it, when Calcite's grammar
/// would not have read it as part of the qualifier; the nodes on the way are copied into
/// `arena`.
fn split_trailing_qualifier<'a>(
    e: &ast::Expr<'a>,
    arena: &flinkddl_syntax::Member<'a>,
    depth: u32,
) -> Option<(ast::Expr<'a>, ast::Ident<'a>)> {
    use ast::TimeUnit as U;
    if depth > 64 {
        return None;
    }
    let kind = match &e.kind {
        ast::ExprKind::Binary { op, left, right } => {
            let (right, unit) = split_trailing_qualifier(right, arena, depth + 1)?;
            let kind = ast::ExprKind::Binary {
                op: *op,
                left,
                right: arena.alloc(right),
            };
            return Some((ast::Expr { span: e.span, kind }, unit));
        }
        ast::ExprKind::Unary { op, operand } => {
            let (operand, unit) = split_trailing_qualifier(operand, arena, depth + 1)?;
            let kind = ast::ExprKind::Unary {
                op: *op,
                operand: arena.alloc(operand),
            };
            return Some((ast::Expr { span: e.span, kind }, unit));
        }
        ast::ExprKind::Literal(ast::Literal::Interval(iv)) => iv,
        _ => return None,
    };
    let q = &kind.qualifier;
    let end = q.end?;
    let grammar_pair = matches!(
        (q.start, end),
        (U::Year, U::Month)
            | (U::Day, U::Hour | U::Minute | U::Second)
            | (U::Hour, U::Minute | U::Second)
            | (U::Minute, U::Second)
    );
    if grammar_pair || q.fractional_precision.is_some() {
        return None;
    }
    let mut literal = (**kind).clone();
    literal.qualifier.end = None;
    let unit = ast::Ident {
        span: q.span,
        value: end.as_str(),
        quoted: false,
    };
    let kind = ast::ExprKind::Literal(ast::Literal::Interval(arena.alloc(literal)));
    Some((ast::Expr { span: e.span, kind }, unit))
}

/// The unit of TIMESTAMPADD / TIMESTAMPDIFF: Calcite's time units print as keywords, custom
/// time frames (`SQL_TSI_DAY`, `FRAC_SECOND`) print back-quoted.
fn timestamp_unit(word: &str) -> Option<(&'static str, &'static str, bool)> {
    // (printed name, effective unit, quoted)
    let upper = word.to_ascii_uppercase();
    if let Some(u) = extract_unit(&upper) {
        if upper == "DAYOFYEAR" || upper == "DAYOFWEEK" || upper == "DAYOFMONTH" {
            return None;
        }
        return Some((u, u, false));
    }
    Some(match upper.as_str() {
        "FRAC_SECOND" => ("FRAC_SECOND", "MICROSECOND", true),
        "SQL_TSI_YEAR" => ("SQL_TSI_YEAR", "YEAR", true),
        "SQL_TSI_QUARTER" => ("SQL_TSI_QUARTER", "QUARTER", true),
        "SQL_TSI_MONTH" => ("SQL_TSI_MONTH", "MONTH", true),
        "SQL_TSI_WEEK" => ("SQL_TSI_WEEK", "WEEK", true),
        "SQL_TSI_DAY" => ("SQL_TSI_DAY", "DAY", true),
        "SQL_TSI_HOUR" => ("SQL_TSI_HOUR", "HOUR", true),
        "SQL_TSI_MINUTE" => ("SQL_TSI_MINUTE", "MINUTE", true),
        "SQL_TSI_SECOND" => ("SQL_TSI_SECOND", "SECOND", true),
        "SQL_TSI_FRAC_SECOND" => ("SQL_TSI_FRAC_SECOND", "MICROSECOND", true),
        "SQL_TSI_MICROSECOND" => ("SQL_TSI_MICROSECOND", "MICROSECOND", true),
        _ => return None,
    })
}

pub(crate) fn timestamp_arith(
    ctx: &Ctx,
    diff: bool,
    unit: &ast::Ident,
    left: &ast::Expr,
    right: &ast::Expr,
    span: Span,
) -> BResult<Bound> {
    let name = if diff {
        "TIMESTAMPDIFF"
    } else {
        "TIMESTAMPADD"
    };
    let Some((printed, effective, quoted)) = timestamp_unit(unit.value) else {
        return invalid_frame(unit);
    };
    let l = ctx.bind(left)?;
    let r = ctx.bind(right)?;
    let unit_text = if quoted {
        escape_identifier(printed)
    } else {
        printed.to_string()
    };
    let sql = format!(
        "{name}({unit_text}, {}, {})",
        l.unparse(0, 0),
        r.unparse(0, 0)
    );
    let fail = |l: &Bound, r: &Bound| {
        reject::<Bound>(
            Code::NoMatchingSignature,
            span,
            format!(
                "Cannot apply '{name}' to arguments of type '{name}(<INTERVAL {effective}>, <{}>, \
                 <{}>)'. Supported form(s): {}",
                op_type(l),
                op_type(r),
                if diff {
                    format!("'{name}(<ANY>, <DATETIME>, <DATETIME>)'")
                } else {
                    format!("'{name}(<ANY>, <INTEGER>, <DATETIME>)'")
                }
            ),
        )
    };
    for b in [&l, &r] {
        if b.is_null_lit() {
            return illegal_null(b.span);
        }
    }
    if diff {
        if !is_datetime(&l.ty) || !is_datetime(&r.ty) {
            return fail(&l, &r);
        }
        let t = if effective == "NANOSECOND" {
            DataType::bigint()
        } else {
            DataType::int()
        };
        let n = l.ty.nullable || r.ty.nullable;
        return Ok(Bound::new(t.with_nullability(n), sql, span));
    }
    if !is_integer(&l.ty) || !is_datetime(&r.ty) {
        return fail(&l, &r);
    }
    let n = l.ty.nullable || r.ty.nullable;
    let dt = &r.ty;
    let sub_second = |p: u32| -> BResult<DataType> {
        match root(dt) {
            R::Date => reject(
                Code::InvalidExpression,
                span,
                "typeName.allowsPrecScale(true, false): DATE",
            ),
            R::TimestampWithoutTimeZone => {
                Ok(DataType::timestamp(dt.precision().unwrap_or(0).max(p)))
            }
            R::TimestampWithLocalTimeZone => {
                Ok(DataType::timestamp_ltz(dt.precision().unwrap_or(0).max(p)))
            }
            _ => Ok(DataType::time(dt.precision().unwrap_or(0).max(p).min(3))),
        }
    };
    let t = match effective {
        "MILLISECOND" => sub_second(3)?,
        "MICROSECOND" => sub_second(6)?,
        "NANOSECOND" => sub_second(9)?,
        "HOUR" | "MINUTE" | "SECOND" if root(dt) == R::Date => DataType::timestamp(6),
        // day and coarser units keep the operand's type, a processing-time marker included
        "YEAR" | "QUARTER" | "MONTH" | "WEEK" | "DAY"
            if dt.timestamp_kind() == TimestampKind::Proctime =>
        {
            dt.clone()
        }
        _ => dt.without_time_attributes(),
    };
    // Units that are no time frame of TIMESTAMPADD make the result nullable.
    let n = n || matches!(effective, "DOW" | "DOY" | "ISODOW" | "ISOYEAR" | "EPOCH");
    Ok(Bound::new(t.with_nullability(n), sql, span))
}

// ---- string syntax -------------------------------------------------------------------------

pub(crate) fn position(
    ctx: &Ctx,
    needle: &ast::Expr,
    haystack: &ast::Expr,
    from: Option<&ast::Expr>,
    span: Span,
) -> BResult<Bound> {
    let n = ctx.bind(needle)?;
    let h = ctx.bind(haystack)?;
    let f = from.map(|e| ctx.bind(e)).transpose()?;
    let mut all = vec![&n, &h];
    if let Some(f) = &f {
        all.push(f);
    }
    reject_null_literals(&all)?;
    let strings_ok = (is_char(&n.ty) && is_char(&h.ty))
        || (super::sqltypes::is_binary(&n.ty) && super::sqltypes::is_binary(&h.ty));
    let from_ok = !matches!(&f, Some(f) if !is_integer(&f.ty));
    if !strings_ok || !from_ok {
        let types = bracketed_op_types(&all);
        return cannot_apply(
            span,
            "POSITION",
            &format!(
                "POSITION({})",
                match types.as_slice() {
                    [a, b] => format!("{a} IN {b}"),
                    [a, b, c] => format!("{a} IN {b} FROM {c}"),
                    _ => types.join(", "),
                }
            ),
            "'POSITION(<STRING> IN <STRING>)'\n'POSITION(<STRING> IN <STRING> FROM <INTEGER>)'",
        );
    }
    let nullable = all.iter().any(|b| b.ty.nullable);
    let mut sql = format!("POSITION({} IN {}", n.unparse(0, 0), h.unparse(0, 0));
    if let Some(f) = &f {
        sql.push_str(&format!(" FROM {}", f.unparse(0, 0)));
    }
    sql.push(')');
    Ok(Bound::new(
        DataType::int().with_nullability(nullable),
        sql,
        span,
    ))
}

pub(crate) fn trim(
    ctx: &Ctx,
    side: Option<TrimSide>,
    chars: Option<&ast::Expr>,
    expr: &ast::Expr,
    span: Span,
) -> BResult<Bound> {
    let x = ctx.bind(expr)?;
    let c = match chars {
        Some(c) => Some(ctx.bind(c)?),
        None => None,
    };
    for b in std::iter::once(&x).chain(c.iter()) {
        if b.is_null_lit() {
            return illegal_null(b.span);
        }
    }
    let side_word = match side.unwrap_or(TrimSide::Both) {
        TrimSide::Both => "BOTH",
        TrimSide::Leading => "LEADING",
        TrimSide::Trailing => "TRAILING",
    };
    let ok = is_char(&x.ty) && !matches!(&c, Some(c) if !is_char(&c.ty));
    if !ok {
        return cannot_apply(
            span,
            "TRIM",
            &format!(
                "TRIM(<SYMBOL>, <{}>, <{}>)",
                c.as_ref().map(op_type).unwrap_or_else(|| "CHAR(1)".into()),
                op_type(&x)
            ),
            "'TRIM(<ANY>, <STRING>, <STRING>)'",
        );
    }
    let chars_text = c
        .as_ref()
        .map(|c| c.unparse(0, 0))
        .unwrap_or_else(|| "' '".to_string());
    let nullable = x.ty.nullable || c.as_ref().is_some_and(|c| c.ty.nullable);
    let t = match x.ty.logical {
        LogicalType::Char { length } => DataType::varchar(length),
        _ => x.ty.without_time_attributes(),
    }
    .with_nullability(nullable);
    Ok(Bound::new(
        t,
        format!("TRIM({side_word} {chars_text} FROM {})", x.unparse(0, 0)),
        span,
    ))
}

pub(crate) fn overlay(
    ctx: &Ctx,
    expr: &ast::Expr,
    placing: &ast::Expr,
    from: &ast::Expr,
    length: Option<&ast::Expr>,
    span: Span,
) -> BResult<Bound> {
    let x = ctx.bind(expr)?;
    let p = ctx.bind(placing)?;
    let f = ctx.bind(from)?;
    let l = length.map(|e| ctx.bind(e)).transpose()?;
    let mut all = vec![&x, &p, &f];
    if let Some(l) = &l {
        all.push(l);
    }
    reject_null_literals(&all)?;
    let char_ok = is_char(&x.ty) && is_char(&p.ty);
    let bin_ok = super::sqltypes::is_binary(&x.ty) && super::sqltypes::is_binary(&p.ty);
    let ints_ok = is_integer(&f.ty) && !matches!(&l, Some(l) if !is_integer(&l.ty));
    if !(char_ok || bin_ok) || !ints_ok {
        let types = bracketed_op_types(&all);
        return cannot_apply(
            span,
            "OVERLAY",
            &format!(
                "OVERLAY({})",
                match types.as_slice() {
                    [a, b, c] => format!("{a} PLACING {b} FROM {c}"),
                    [a, b, c, d] => format!("{a} PLACING {b} FROM {c} FOR {d}"),
                    _ => types.join(", "),
                }
            ),
            "'OVERLAY(<STRING> PLACING <STRING> FROM <INTEGER>)'\n\
             'OVERLAY(<STRING> PLACING <STRING> FROM <INTEGER> FOR <INTEGER>)'",
        );
    }
    let nullable = all.iter().any(|b| b.ty.nullable);
    // Calcite: the sum of both string lengths, VARCHAR unless both are CHAR.
    let len = u64::from(x.ty.length().unwrap_or(0)) + u64::from(p.ty.length().unwrap_or(0));
    let len = len.min(u64::from(flinkddl_types::MAX_LENGTH)) as u32;
    let t = if char_ok {
        DataType::varchar(len)
    } else if root(&x.ty) == R::Binary && root(&p.ty) == R::Binary {
        DataType::binary(len)
    } else {
        DataType::varbinary(len)
    };
    let mut sql = format!(
        "OVERLAY({} PLACING {} FROM {}",
        x.unparse(0, 0),
        p.unparse(0, 0),
        f.unparse(0, 0)
    );
    if let Some(l) = &l {
        sql.push_str(&format!(" FOR {}", l.unparse(0, 0)));
    }
    sql.push(')');
    Ok(Bound::new(t.with_nullability(nullable), sql, span))
}

// ---- JSON ----------------------------------------------------------------------------------

pub(crate) fn json(ctx: &Ctx, call: &JsonCall, span: Span) -> BResult<Bound> {
    let (Some(first), Some(second)) = (call.args.first(), call.args.get(1)) else {
        return not_typed("JSON function without its two arguments");
    };
    let gap = ctx
        .source
        .get(first.span.end as usize..second.span.start as usize);
    if gap.is_some_and(|g| g.to_ascii_uppercase().contains("FORMAT")) {
        return reject(
            Code::UnknownFunction,
            first.span,
            "No match found for function signature FORMAT JSON",
        );
    }
    let x = ctx.bind(first)?;
    let path = ctx.bind(second)?;
    // `RETURNING INT NULL ON EMPTY`: the parser reads the `NULL` as the type's nullability.
    let null_behaviour = call
        .returning
        .as_ref()
        .and_then(|t| t.nullability)
        .is_some_and(|n| !n.not_null)
        && call
            .clauses
            .first()
            .is_some_and(|c| c.words.starts_with("ON "));
    let returning = call
        .returning
        .as_ref()
        .map(|t| -> BResult<(DataType, String)> {
            if let Some(n) = t.nullability.filter(|n| n.not_null || !null_behaviour) {
                return reject(
                    Code::InvalidExpression,
                    n.span,
                    "Encountered \"NOT\": RETURNING takes a type without a nullability constraint",
                );
            }
            Ok((cast::resolve_target(ctx, t)?, cast::type_text(ctx, t)))
        })
        .transpose()?;
    // JSON_VALUE and JSON_QUERY: the RETURNING type (STRING by default), always nullable.
    let returned_type = || {
        returning
            .as_ref()
            .map(|(t, _)| t.clone())
            .unwrap_or_else(DataType::string)
            .nullable()
    };
    let mut clause_texts = Vec::new();
    for (i, c) in call.clauses.iter().enumerate() {
        if i == 0 && null_behaviour {
            let w = format!("NULL {}", c.words);
            clause_texts.push((w.clone(), w));
            continue;
        }
        match &c.default {
            Some(d) => {
                let b = ctx.bind(d)?;
                let rest = c.words.trim_start_matches("DEFAULT").trim();
                clause_texts.push((
                    c.words.to_string(),
                    format!("DEFAULT {} {rest}", b.unparse(0, 0)),
                ));
            }
            None => clause_texts.push((c.words.to_string(), c.words.to_string())),
        }
    }
    let fname = match call.function {
        JsonFunction::JsonValue => "JSON_VALUE",
        JsonFunction::JsonQuery => "JSON_QUERY",
        JsonFunction::JsonExists => "JSON_EXISTS",
    };
    let mut sql = format!("{fname}({}, {}", x.unparse(0, 0), path.unparse(0, 0));
    let ty = match call.function {
        JsonFunction::JsonValue => {
            for (w, _) in &clause_texts {
                let behaviour_ok = w.starts_with("NULL ON")
                    || w.starts_with("ERROR ON")
                    || w.starts_with("DEFAULT");
                if !behaviour_ok {
                    return reject(
                        Code::InvalidExpression,
                        span,
                        format!("Encountered \"{w}\" in JSON_VALUE"),
                    );
                }
            }
            if let Some((_, text)) = &returning {
                sql.push_str(&format!(" RETURNING {text}"));
            }
            for (_, t) in &clause_texts {
                sql.push(' ');
                sql.push_str(t);
            }
            returned_type()
        }
        JsonFunction::JsonQuery => {
            let mut wrapper = "WITHOUT ARRAY WRAPPER".to_string();
            let mut on_empty = "NULL ON EMPTY".to_string();
            let mut on_error = "NULL ON ERROR".to_string();
            for (w, _) in &clause_texts {
                if w.starts_with("DEFAULT") {
                    return reject(
                        Code::InvalidExpression,
                        span,
                        "Encountered \"DEFAULT\": JSON_QUERY has no DEFAULT behavior",
                    );
                }
                if w.contains("WRAPPER") {
                    wrapper = if w.starts_with("WITHOUT") {
                        "WITHOUT ARRAY WRAPPER".into()
                    } else if w.contains("CONDITIONAL") && !w.contains("UNCONDITIONAL") {
                        "WITH CONDITIONAL ARRAY WRAPPER".into()
                    } else {
                        "WITH UNCONDITIONAL ARRAY WRAPPER".into()
                    };
                } else if w.ends_with("ON EMPTY") {
                    on_empty = w.clone();
                } else if w.ends_with("ON ERROR") {
                    on_error = w.clone();
                }
            }
            if let Some((t, text)) = &returning {
                if let LogicalType::Array { element } = &t.logical {
                    if !is_char(element) {
                        return reject(
                            Code::InvalidExpression,
                            span,
                            format!(
                                "Unsupported array element type '{}' for RETURNING ARRAY in \
                                 JSON_QUERY().",
                                super::sqltypes::calcite_name(element)
                            ),
                        );
                    }
                }
                sql.push_str(&format!(" RETURNING {text}"));
            }
            sql.push_str(&format!(" {wrapper} {on_empty} {on_error}"));
            returned_type()
        }
        JsonFunction::JsonExists => {
            for (_, t) in &clause_texts {
                sql.push(' ');
                sql.push_str(t);
            }
            DataType::boolean()
        }
    };
    sql.push(')');
    Ok(Bound::new(ty, sql, span))
}

// ---- context variables ----------------------------------------------------------------------

pub(crate) fn context_variable(_ctx: &Ctx, name: &ast::Ident, span: Span) -> BResult<Bound> {
    let upper = name.value.to_ascii_uppercase();
    let t = match upper.as_str() {
        "CURRENT_TIMESTAMP" => DataType::timestamp_ltz(3),
        "LOCALTIMESTAMP" => DataType::timestamp(3),
        "CURRENT_TIME" | "LOCALTIME" => DataType::time(0),
        "CURRENT_DATE" => DataType::date(),
        _ => {
            return reject(
                Code::UnknownColumn,
                span,
                format!("Unknown identifier '{}'", name.value),
            )
        }
    };
    Ok(Bound::new(t.not_null(), upper.to_string(), span))
}

// ---- constructors --------------------------------------------------------------------------

pub(crate) fn row(ctx: &Ctx, items: &[ast::Expr], span: Span) -> BResult<Bound> {
    if items.is_empty() {
        return reject(
            Code::InvalidExpression,
            span,
            "ROW() needs at least one field",
        );
    }
    let bound = ctx.bind_all(items)?;
    let fields = bound
        .iter()
        .enumerate()
        .map(|(i, b)| RowField::new(format!("EXPR${i}"), b.ty.without_time_attributes()))
        .collect();
    Ok(Bound::new(
        DataType::row(fields).not_null(),
        format!("ROW({})", super::bound::join_args(&bound)),
        span,
    ))
}

/// An element of an ARRAY or MAP constructor cast to the element type the way Flink's
/// `SqlArrayConstructor` coerces it: a NOT NULL element of a nullable element type is cast
/// twice (to the type, then to its nullable form); a different type is cast once.
///
/// `target` is Calcite's element type, processing-time marker included: the first cast yields
/// the target with the element's nullability (a NOT NULL processing-time target loses its
/// marker), and a second cast follows when that still differs from the target.
fn coerce_element(b: &Bound, target: &DataType) -> BResult<String> {
    if is_null_type(&b.ty) {
        return Ok(cast_text(b, &cast_spec(target)));
    }
    if b.ty == *target {
        return Ok(b.unparse(0, 0));
    }
    if !cast::castable(b, target, false, false) {
        return cast::cannot_cast(b, target, b.span);
    }
    Ok(coerce_text(b, target))
}

fn coerce_text(b: &Bound, target: &DataType) -> String {
    if root(&b.ty) == R::Row {
        let same_logical = b.ty.without_time_attributes().nullable()
            == target.without_time_attributes().nullable();
        if same_logical {
            return b.unparse(0, 0);
        }
        return cast_text(b, &cast_spec(target));
    }
    let proctime = target.timestamp_kind() == TimestampKind::Proctime;
    let first = if proctime && !b.ty.nullable {
        target.without_time_attributes().with_nullability(false)
    } else {
        target.clone().with_nullability(b.ty.nullable)
    };
    let spec = cast_spec(target);
    let once = format!("CAST({} AS {spec})", b.unparse(0, 0));
    if first == *target {
        once
    } else {
        format!("CAST({once} AS {spec})")
    }
}

/// The element type Flink reports for a constructor: a nullable element type loses the
/// processing-time marker.
fn reported_element(t: &DataType) -> DataType {
    if t.nullable {
        t.without_time_attributes()
    } else {
        t.clone()
    }
}

pub(crate) fn array(ctx: &Ctx, items: &[ast::Expr], span: Span) -> BResult<Bound> {
    if items.is_empty() {
        return reject(Code::InvalidExpression, span, "Require at least 1 argument");
    }
    let bound = ctx.bind_all(items)?;
    let types: Vec<DataType> = bound.iter().map(|b| b.ty.clone()).collect();
    let elem = if bound.iter().all(|b| is_null_type(&b.ty)) {
        None
    } else {
        least_restrictive(&types)
    };
    let Some(elem) = elem else {
        return mixed_parameter_types(span);
    };
    let texts = bound
        .iter()
        .map(|b| coerce_element(b, &elem))
        .collect::<BResult<Vec<String>>>()?;
    let ty = DataType::array(reported_element(&elem));
    Ok(constructed("ARRAY", ty, &texts, span))
}

pub(crate) fn map(ctx: &Ctx, items: &[ast::Expr], span: Span) -> BResult<Bound> {
    if items.len() < 2 {
        return reject(
            Code::InvalidExpression,
            span,
            "Map requires at least 2 arguments",
        );
    }
    if items.len().rem_euclid(2) != 0 {
        return reject(
            Code::InvalidExpression,
            span,
            "Map requires an even number of arguments",
        );
    }
    let bound = ctx.bind_all(items)?;
    let keys: Vec<DataType> = bound.iter().step_by(2).map(|b| b.ty.clone()).collect();
    let values: Vec<DataType> = bound
        .iter()
        .skip(1)
        .step_by(2)
        .map(|b| b.ty.clone())
        .collect();
    let common = |ts: &[DataType]| {
        if ts.iter().any(is_null_type) {
            None
        } else {
            least_restrictive(ts)
        }
    };
    let (Some(k), Some(v)) = (common(&keys), common(&values)) else {
        return mixed_parameter_types(span);
    };
    let texts = bound
        .iter()
        .enumerate()
        .map(|(i, b)| coerce_element(b, if i % 2 == 0 { &k } else { &v }))
        .collect::<BResult<Vec<String>>>()?;
    let ty = DataType::map(reported_element(&k), reported_element(&v));
    Ok(constructed("MAP", ty, &texts, span))
}

/// Calcite's error for ARRAY and MAP elements without a common type.
fn mixed_parameter_types<T>(span: Span) -> BResult<T> {
    reject(
        Code::IncompatibleTypes,
        span,
        "Parameters must be of the same type",
    )
}

/// The value of an ARRAY or MAP constructor (`ARRAY[...]`): never NULL.
fn constructed(name: &str, ty: DataType, elements: &[String], span: Span) -> Bound {
    Bound::new(
        ty.not_null(),
        format!("{name}[{}]", elements.join(", ")),
        span,
    )
}

// ---- access --------------------------------------------------------------------------------

/// `expr.field` over an unbound operand.
pub(crate) fn field_access_expr(
    ctx: &Ctx,
    expr: &ast::Expr,
    field: &ast::Ident,
    span: Span,
) -> BResult<Bound> {
    let base = ctx.bind(expr)?;
    field_access(base, field, span)
}

pub(crate) fn field_access(base: Bound, field: &ast::Ident, span: Span) -> BResult<Bound> {
    let fields = match &base.ty.logical {
        LogicalType::Row { fields } => fields.as_slice(),
        LogicalType::Structured { attributes, .. } => attributes.as_slice(),
        _ => {
            return reject(
                Code::InvalidExpression,
                field.span,
                format!(
                    "Trying to access field {} in a type with no fields: {}",
                    field.value,
                    super::sqltypes::calcite_name(&base.ty)
                ),
            )
        }
    };
    let Some(f) = fields.iter().find(|f| f.name == field.value) else {
        let mut d = flinkddl_diagnostics::Diagnostic::new(
            Code::UnknownColumn,
            field.span,
            format!("Unknown field '{}'", field.value),
        );
        if let Some(s) = super::did_you_mean(field.value, fields.iter().map(|f| f.name.as_str())) {
            d = d
                .with_help(format!("did you mean `{s}`?"))
                .with_fix(flinkddl_syntax::rename_fix(field.span, &s));
        }
        return Err(super::bound::Fail::Reject(vec![d]));
    };
    let t = f
        .data_type
        .clone()
        .with_nullability(f.data_type.nullable || base.ty.nullable);
    let p = prec::DOT;
    let sql = format!("{}.{}", base.unparse(0, 0), escape_identifier(field.value));
    Ok(Bound::new(t, sql, span).with_prec(p.0, p.1))
}

pub(crate) fn item(ctx: &Ctx, expr: &ast::Expr, index: &ast::Expr, span: Span) -> BResult<Bound> {
    let base = ctx.bind(expr)?;
    let idx = ctx.bind(index)?;
    if idx.is_null_lit() {
        return illegal_null(idx.span);
    }
    let fail = || {
        reject::<Bound>(
            Code::IncompatibleTypes,
            span,
            format!(
                "Cannot apply 'ITEM' to arguments of type 'ITEM(<{}>, <{}>)'. Supported form(s): \
                 <ARRAY>[<INTEGER>]\n<MAP>[<ANY>]\n<ROW>[<CHARACTER>|<INTEGER>]\n\
                 <VARIANT>[<CHARACTER>|<INTEGER>]",
                op_type(&base),
                op_type(&idx)
            ),
        )
    };
    let t = match &base.ty.logical {
        LogicalType::Array { element } => {
            if !is_integer(&idx.ty) {
                return fail();
            }
            element.as_ref().clone().nullable()
        }
        LogicalType::Map { key, value } => {
            let key_ok = key.without_time_attributes().nullable()
                == idx.ty.without_time_attributes().nullable()
                || (is_char(key) && is_char(&idx.ty))
                || (super::sqltypes::is_numeric(key) && super::sqltypes::is_numeric(&idx.ty));
            if !key_ok {
                return fail();
            }
            value.as_ref().clone().nullable()
        }
        LogicalType::Row { fields } => {
            let field = if is_char(&idx.ty) {
                match &idx.lit {
                    super::bound::Lit::Str(s) => fields.iter().find(|f| f.name == s.as_str()),
                    _ => return not_typed("row item access by a non-literal name"),
                }
            } else if is_integer(&idx.ty) {
                match idx.int_value() {
                    Some(i) if i >= 1 => fields.get((i - 1) as usize),
                    Some(i) if i >= 0 => fields.get(i as usize),
                    _ => return not_typed("row item access by a non-literal position"),
                }
            } else {
                return fail();
            };
            let Some(f) = field else {
                return reject(
                    Code::UnknownColumn,
                    idx.span,
                    format!("Unknown field {}", idx.sql),
                );
            };
            f.data_type
                .clone()
                .with_nullability(f.data_type.nullable || base.ty.nullable)
        }
        LogicalType::Variant => {
            if !(is_char(&idx.ty) || is_integer(&idx.ty)) {
                return fail();
            }
            DataType::new(LogicalType::Variant)
        }
        _ => return fail(),
    };
    let p = prec::ITEM;
    let sql = format!("{}[{}]", base.unparse(0, 0), idx.unparse(0, 0));
    Ok(Bound::new(t, sql, span).with_prec(p.0, p.1))
}

#[allow(dead_code)]
fn is_ts(t: &DataType) -> bool {
    is_timestamp(t)
}
