//! Time functions: the EXTRACT shorthands (YEAR, ...), PROCTIME, NOW, the dynamic
//! CURRENT_* / LOCAL* functions, MATCH_ROWTIME / MATCH_PROCTIME, TO_TIMESTAMP_LTZ,
//! SOURCE_WATERMARK and CURRENT_WATERMARK.

use super::CallCx;
use crate::expr::bound::{reject, BResult, Bound};
use crate::expr::sqltypes::{is_char, is_numeric, is_timestamp};
use crate::expr::{special, ExprContext};
use flinkddl_diagnostics::Code;
use flinkddl_types::{DataType, LogicalTypeRoot as R, TimestampKind};

pub(super) fn extract(cx: &mut CallCx) -> BResult<Bound> {
    let unit = match cx.def.name {
        "DAYOFYEAR" => "DOY",
        "DAYOFMONTH" => "DAY",
        "DAYOFWEEK" => "DOW",
        other => other,
    };
    let a = cx.args.remove(0);
    special::extract_bound(unit, a, cx.span)
}

pub(super) fn proctime(cx: &mut CallCx) -> BResult<Bound> {
    Ok(cx.bound(
        DataType::timestamp_ltz(3)
            .not_null()
            .with_timestamp_kind(TimestampKind::Proctime),
    ))
}

pub(super) fn now(cx: &mut CallCx) -> BResult<Bound> {
    Ok(cx.bound(DataType::timestamp_ltz(3).not_null()))
}

pub(super) fn dynamic(cx: &mut CallCx) -> BResult<Bound> {
    if let Some(a) = cx.args.first() {
        if !a.is_literal() {
            return reject(
                Code::InvalidExpression,
                a.span,
                format!("Argument to function '{}' must be a literal", cx.def.name),
            );
        }
    }
    let p = cx.args.first().and_then(|a| a.int_value());
    let t = match cx.def.name {
        "CURRENT_TIMESTAMP" => DataType::timestamp_ltz(3),
        "LOCALTIMESTAMP" => DataType::timestamp(3),
        "CURRENT_TIME" | "LOCALTIME" => DataType::time(p.map_or(0, |p| p.clamp(0, 3) as u32)),
        _ => DataType::date(),
    };
    let sql = if cx.args.is_empty() {
        cx.def.name.to_string()
    } else {
        cx.print()
    };
    Ok(Bound::new(t.not_null(), sql, cx.span))
}

pub(super) fn match_time(cx: &mut CallCx) -> BResult<Bound> {
    reject(
        Code::InvalidExpression,
        cx.span,
        format!(
            "Function '{}()' can only be used in MATCH_RECOGNIZE",
            cx.def.name
        ),
    )
}

pub(super) fn to_timestamp_ltz(cx: &mut CallCx) -> BResult<Bound> {
    let args = &cx.args;
    let ok = match args.len() {
        1 => {
            let a = &args[0];
            !a.is_null_lit() && (is_numeric(&a.ty) || is_char(&a.ty))
        }
        2 => {
            let (a, b) = (&args[0], &args[1]);
            if is_char(&a.ty) && !a.is_null_lit() {
                if !is_char(&b.ty) {
                    return cx.invalid_input(&format!(
                        "Unsupported argument type. Expected type of family 'CHARACTER_STRING' \
                         but actual type was '{}'.",
                        super::flink_type_name(&b.ty)
                    ));
                }
                true
            } else if is_numeric(&a.ty) && !a.is_null_lit() {
                if b.ty.type_root() != R::Integer {
                    return cx.invalid_input(
                        "Unsupported argument type. TO_TIMESTAMP_LTZ(<NUMERIC>, <INTEGER>) \
                         requires the second argument to be <INTEGER>.",
                    );
                }
                if let Some(p) = b.int_value() {
                    if !(0..=9).contains(&p) {
                        return reject(
                            Code::InvalidExpression,
                            b.span,
                            format!(
                                "Precision for TO_TIMESTAMP_LTZ must be between 0 and 9 but was \
                                 {p}."
                            ),
                        );
                    }
                }
                true
            } else if a.is_null_lit() {
                return cx.invalid_input(&format!(
                    "Unsupported argument type. Expected type of family 'CHARACTER_STRING' but \
                     actual type was '{}'.",
                    super::flink_type_name(&b.ty)
                ));
            } else {
                false
            }
        }
        3 => args.iter().all(|a| is_char(&a.ty) && !a.is_null_lit()),
        _ => false,
    };
    if !ok {
        return cx.invalid_input("Invalid input arguments.");
    }
    let p = if args.len() == 2 && is_numeric(&args[0].ty) {
        args[1]
            .int_value()
            .map_or(3, |p| (p.clamp(0, 9) as u32).max(3))
    } else {
        3
    };
    Ok(cx.bound(DataType::timestamp_ltz(p)))
}

pub(super) fn source_watermark(cx: &mut CallCx) -> BResult<Bound> {
    let t = match cx.ctx.context {
        ExprContext::Watermark { rowtime } => rowtime.without_time_attributes(),
        ExprContext::Computed | ExprContext::Query | ExprContext::Grouped => {
            DataType::timestamp_ltz(3)
        }
    };
    Ok(cx.bound(t))
}

pub(super) fn current_watermark(cx: &mut CallCx) -> BResult<Bound> {
    let a = &cx.args[0].ty;
    // In a query the argument can be a rowtime attribute: the watermark is of its type,
    // NULL before the first watermark. (A computed column's argument never is one.)
    if a.timestamp_kind() == TimestampKind::Rowtime {
        return Ok(cx.bound(a.without_time_attributes().nullable()));
    }
    let msg = if is_timestamp(a) {
        format!(
            "The argument of CURRENT_WATERMARK() must be a rowtime attribute, but was '{}'.",
            a.summary_string()
        )
    } else {
        format!(
            "CURRENT_WATERMARK() must be called with a single rowtime attribute argument, but \
             '{}' cannot be a time attribute.",
            super::flink_type_name(a)
        )
    };
    reject(Code::InvalidExpression, cx.span, msg)
}

/// `DATE_TRUNC`: Calcite's library function, which Flink's parser reads and its validator
/// rejects with Calcite's "No match found" and the one signature it offers.
pub(super) fn date_trunc(cx: &mut CallCx) -> BResult<Bound> {
    // Even a DATE and an interval fail (checked with real Flink 2.2 and 2.3): the signature
    // is offered, never matched.
    let (a, b) = (&cx.args[0].ty, &cx.args[1].ty);
    reject(
        Code::UnknownFunction,
        cx.span,
        format!(
            "No match found for function signature DATE_TRUNC(<{}>, <{}>).\nSupported signatures \
             are:\n'DATE_TRUNC(<DATE>, <DATETIME_INTERVAL>)'",
            crate::expr::family_name(a),
            crate::expr::family_name(b)
        ),
    )
}
