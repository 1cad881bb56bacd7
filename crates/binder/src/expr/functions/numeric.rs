//! Numeric functions whose result type follows their operands: MOD, ROUND / TRUNCATE, FLOOR / CEIL.

use super::CallCx;
use crate::expr::bound::{BResult, Bound};
use flinkddl_types::merging::find_round_decimal_type;
use flinkddl_types::{arithmetic_result_type, ArithmeticOp, DataType, LogicalType};

pub(super) fn modulo(cx: &mut CallCx) -> BResult<Bound> {
    let (a, b) = (&cx.args[0].ty, &cx.args[1].ty);
    match arithmetic_result_type(ArithmeticOp::Mod, a, b) {
        Some(t) => Ok(cx.bound(t)),
        None => cx.cannot_apply(),
    }
}

pub(super) fn round(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].ty.clone();
    let r = match cx.args.get(1) {
        None => Some(0),
        Some(b) => b
            .int_value()
            .map(|v| v.clamp(i128::from(i32::MIN), i128::from(i32::MAX)) as i32),
    };
    let t = match (&a.logical, r) {
        (LogicalType::Decimal { precision, scale }, Some(r)) => {
            find_round_decimal_type(*precision, *scale, r)
        }
        _ => a.without_time_attributes(),
    };
    let n = cx.any_nullable();
    Ok(cx.bound(t.with_nullability(n)))
}

pub(super) fn floor(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].ty.clone();
    let t = match a.logical {
        LogicalType::Decimal { precision, .. } => DataType::decimal(precision, 0),
        _ => a.without_time_attributes(),
    };
    let n = cx.any_nullable();
    let mut b = cx.bound(t.with_nullability(n));
    if cx.def.name == "CEILING" {
        b.sql = format!("CEIL({})", crate::expr::bound::join_args(&cx.args));
    }
    Ok(b)
}
