//! Window functions (NTILE, LAG / LEAD), group windows (TUMBLE, HOP, SESSION and their
//! auxiliaries) and windowing table functions (CUMULATE).

use super::CallCx;
use crate::expr::bound::{reject, BResult, Bound};
use crate::expr::ops::type_list;
use crate::expr::sqltypes::{is_integer, is_interval, is_timestamp, root};
use flinkddl_diagnostics::Code;
use flinkddl_types::{DataType, LogicalTypeRoot as R};

pub(super) fn ntile(cx: &mut CallCx) -> BResult<Bound> {
    let a = &cx.args[0];
    if a.is_null_lit() {
        return reject(
            Code::InvalidExpression,
            a.span,
            "Argument to function 'NTILE' must not be NULL",
        );
    }
    if !is_integer(&a.ty) && !a.is_literal() {
        return cx.cannot_apply();
    }
    if !a.is_literal() {
        return reject(
            Code::InvalidExpression,
            a.span,
            "Argument to function 'NTILE' must be a literal",
        );
    }
    if !is_integer(&a.ty) {
        return cx.cannot_apply();
    }
    if root(&a.ty) == R::Bigint {
        return reject(
            Code::InvalidExpressionLiteral,
            a.span,
            format!("Numeric literal '{}' out of range", a.sql),
        );
    }
    Ok(cx.bound(DataType::bigint().not_null()))
}

pub(super) fn lag(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].ty.without_time_attributes();
    let n = match cx.args.get(2) {
        Some(d) => a.nullable && d.ty.nullable,
        None => true,
    };
    Ok(cx.bound(a.with_nullability(n)))
}

pub(super) fn group_window(cx: &mut CallCx) -> BResult<Bound> {
    let name = cx.def.name;
    let ts_ok = cx
        .args
        .first()
        .is_some_and(|a| is_timestamp(&a.ty) || root(&a.ty) == R::Date);
    // the size (and a HOP's slide) are intervals; a trailing alignment may be a TIME
    let intervals = if name.starts_with("HOP") { 3 } else { 2 };
    let iv_ok = cx.args.iter().enumerate().skip(1).all(|(i, a)| {
        is_interval(&a.ty) || (i >= intervals && root(&a.ty) == R::TimeWithoutTimeZone)
    });
    if !ts_ok || !iv_ok {
        return cx.cannot_apply();
    }
    let (t, printed) = match name {
        "TUMBLE" | "HOP" | "SESSION" => (DataType::timestamp(3), format!("${name}")),
        n if n.ends_with("_START") || n.ends_with("_END") => {
            (DataType::timestamp(3).not_null(), name.to_string())
        }
        _ => (DataType::timestamp(3), name.to_string()),
    };
    Ok(Bound::new(
        t,
        format!("{printed}({})", crate::expr::bound::join_args(&cx.args)),
        cx.span,
    ))
}

pub(super) fn window_tvf(cx: &mut CallCx) -> BResult<Bound> {
    reject(
        Code::NoMatchingSignature,
        cx.span,
        format!(
            "Cannot apply '{0}' to arguments of type '{0}({1})'. Supported form(s): \
             {0}(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime \
             interval[, datetime interval])",
            cx.def.name,
            type_list(&cx.args)
        ),
    )
}
