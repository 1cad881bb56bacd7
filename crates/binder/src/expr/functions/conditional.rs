//! Conditional functions: IF, NULLIF, COALESCE / IFNULL, GREATEST / LEAST, TYPEOF.

use super::CallCx;
use crate::expr::bound::{reject, BResult, Bound, Lit};
use crate::expr::ops::type_list;
use crate::expr::sqltypes::{
    is_binary, is_char, is_null_type, is_numeric, is_timestamp, least_restrictive, root,
};
use flinkddl_diagnostics::Code;
use flinkddl_types::{
    find_common_type, supports_implicit_cast, DataType, LogicalType, LogicalTypeRoot as R,
    TimestampKind,
};

pub(super) fn if_fn(cx: &mut CallCx) -> BResult<Bound> {
    let (c, a, b) = (&cx.args[0], &cx.args[1], &cx.args[2]);
    let cond_ok = !c.is_null_lit() && root(&c.ty) == R::Boolean;
    let (at, bt) = (&a.ty, &b.ty);
    let branch_ok = !a.is_null_lit()
        && !b.is_null_lit()
        && ((is_numeric(at) && is_numeric(bt))
            || (is_char(at) && is_char(bt))
            || (is_binary(at) && is_binary(bt))
            || (root(at) == R::Boolean && root(bt) == R::Boolean)
            || (root(at) == R::Date && root(bt) == R::Date)
            || (is_timestamp(at) && is_timestamp(bt))
            || (root(at) == R::TimeWithoutTimeZone && root(bt) == R::TimeWithoutTimeZone));
    if !cond_ok || !branch_ok {
        let forms =
            "'IF(<ANY_TYPE>, <NUMERIC_TYPE>, <NUMERIC_TYPE>)'\n'IF(<BOOLEAN>, <CHARACTER>, \
                     <CHARACTER>)'\n'IF(<BOOLEAN>, <BOOLEAN>, <BOOLEAN>)'\n'IF(<BOOLEAN>, \
                     <BINARY>, <BINARY>)'\n'IF(<BOOLEAN>, <DATE>, <DATE>)'\n'IF(<BOOLEAN>, \
                     <TIMESTAMP>, <TIMESTAMP>)'\n'IF(<BOOLEAN>, <TIME>, <TIME>)'";
        return reject(
            Code::NoMatchingSignature,
            cx.span,
            format!(
                "Cannot apply 'IF' to arguments of type 'IF({})'. Supported form(s): {forms}",
                type_list(&cx.args)
            ),
        );
    }
    let t = if (is_numeric(at) && is_numeric(bt))
        || (is_char(at) && is_char(bt))
        || (is_binary(at) && is_binary(bt))
    {
        least_restrictive(&[at.clone(), bt.clone()]).unwrap_or_else(|| at.clone())
    } else if at.timestamp_kind() == TimestampKind::Proctime {
        // IF keeps its first branch's type, processing-time marker included.
        at.clone()
    } else {
        at.without_time_attributes()
    };
    let n = cx.any_nullable();
    Ok(cx.bound(t.with_nullability(n)))
}

pub(super) fn nullif(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].clone();
    let b = cx.args[1].clone();
    let cond = crate::expr::ops::comparison("=", a.clone(), b, cx.span)?;
    let null = Bound::new(DataType::null(), "NULL".into(), cx.span).with_lit(Lit::Null);
    crate::expr::ops::case_bound(vec![cond], vec![null], Some(a), cx.span)
}

/// The operands' types with their time attributes dropped, as the common type sees them.
fn types_without_time_attributes(cx: &CallCx) -> Vec<DataType> {
    cx.args
        .iter()
        .map(|a| a.ty.without_time_attributes())
        .collect()
}

pub(super) fn coalesce(cx: &mut CallCx) -> BResult<Bound> {
    let types = types_without_time_attributes(cx);
    let common = if types.iter().all(is_null_type) {
        None
    } else {
        find_common_type(&types)
    };
    let Some(common) = common else {
        return cx.invalid_input("Invalid input arguments.");
    };
    // a NULL operand makes the children of a constructed common type nullable
    let common = if types.iter().any(is_null_type) {
        nullable_children(common)
    } else {
        common
    };
    let target = common.clone().nullable();
    // Flink checks every operand casts implicitly to the common type; the pattern rules of
    // the common type (DATE with a number or an interval) do not.
    let all_nullable = cx.args.iter().all(|a| a.ty.nullable || is_null_type(&a.ty));
    let expected = keep_proctime(&cx.args[0].ty, common.clone()).with_nullability(all_nullable);
    for (i, t) in types.iter().enumerate() {
        if !is_null_type(t) && !supports_implicit_cast(t, &target) {
            return cx.invalid_input(&format!(
                "Invalid argument type at position {i}. Data type {} expected but {} passed.",
                expected.summary_string(),
                cx.args[i].ty.summary_string()
            ));
        }
    }
    for i in 0..cx.args.len() {
        cx.cast_arg(i, &target)?;
    }
    let any_not_null = cx
        .args
        .iter()
        .any(|a| !a.ty.nullable && !is_null_type(&a.ty));
    let first = cx.args[0].ty.clone();
    if cx.def.name == "IFNULL" && !first.nullable && !is_null_type(&first) {
        // IFNULL's type is its (coerced) first operand's when that cannot be NULL.
        return Ok(cx.bound(first.without_time_attributes()));
    }
    Ok(cx.bound(keep_proctime(&first, common).with_nullability(!any_not_null)))
}

pub(super) fn greatest(cx: &mut CallCx) -> BResult<Bound> {
    let types = types_without_time_attributes(cx);
    for (i, a) in cx.args.iter().enumerate() {
        for b in &cx.args[i + 1..] {
            if !orderable(&a.ty, &b.ty, 0) {
                return cx.invalid_input(&format!(
                    "All types in a comparison should support both 'EQUALS' and 'ORDER' \
                     comparison with each other. Can not compare {} with {}",
                    super::flink_type_name(&a.ty),
                    super::flink_type_name(&b.ty)
                ));
            }
        }
    }
    let common = if types.iter().all(is_null_type) {
        None
    } else {
        find_common_type(&types)
    };
    let Some(common) = common else {
        return cx.invalid_input(
            "All types in a comparison should support both 'EQUALS' and 'ORDER' comparison with \
             each other.",
        );
    };
    let n = cx.any_nullable();
    let first = &cx.args[0].ty;
    let all_same =
        cx.args.iter().skip(1).all(|a| {
            a.ty.type_root() == first.type_root() && a.ty.precision() == first.precision()
        });
    let common = if all_same {
        keep_proctime(first, common)
    } else {
        common
    };
    Ok(cx.bound(common.with_nullability(n)))
}

pub(super) fn typeof_fn(cx: &mut CallCx) -> BResult<Bound> {
    if let Some(b) = cx.args.get(1) {
        if !matches!(b.lit, Lit::Bool(_)) {
            return cx.invalid_input("Invalid input arguments.");
        }
    }
    Ok(cx.bound(DataType::string()))
}

/// Flink's `LogicalTypeChecks` comparability of two GREATEST / LEAST operands.
fn orderable(a: &DataType, b: &DataType, depth: u32) -> bool {
    use R::*;
    let (ra, rb) = (root(a), root(b));
    if ra == Null || rb == Null {
        return true;
    }
    if (is_numeric(a) && is_numeric(b)) || (is_char(a) && is_char(b)) {
        return true;
    }
    if is_binary(a) && is_binary(b) {
        return true;
    }
    let datetime_pair = |x: R, y: R| {
        matches!(
            (x, y),
            (Date, TimestampWithoutTimeZone)
                | (TimeWithoutTimeZone, TimestampWithoutTimeZone)
                | (TimestampWithoutTimeZone, TimestampWithLocalTimeZone)
        )
    };
    if datetime_pair(ra, rb) || datetime_pair(rb, ra) {
        return true;
    }
    if ra != rb || depth > 16 {
        return false;
    }
    let (ca, cb) = (a.children(), b.children());
    ca.len() == cb.len()
        && ca
            .iter()
            .zip(cb.iter())
            .all(|(x, y)| orderable(x, y, depth + 1))
}

/// `t` with nullable children (one level), as Flink's type merging builds them.
fn nullable_children(t: DataType) -> DataType {
    let n = t.nullable;
    match t.logical {
        LogicalType::Array { element } => DataType::array(element.as_ref().clone().nullable()),
        LogicalType::Multiset { element } => {
            DataType::multiset(element.as_ref().clone().nullable())
        }
        LogicalType::Map { key, value } => DataType::map(
            key.as_ref().clone().nullable(),
            value.as_ref().clone().nullable(),
        ),
        other => DataType::new(other),
    }
    .with_nullability(n)
}

/// A common timestamp type keeps the processing-time marker of a first operand of the same
/// type.
fn keep_proctime(first: &DataType, common: DataType) -> DataType {
    if first.timestamp_kind() == TimestampKind::Proctime
        && first.type_root() == common.type_root()
        && first.precision() == common.precision()
    {
        common.with_timestamp_kind(TimestampKind::Proctime)
    } else {
        common
    }
}
