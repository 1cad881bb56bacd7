//! Aggregate functions with their own typing: SUM, AVG, STDDEV / VAR, MIN / MAX, LISTAGG,
//! COLLECT, ARRAY_AGG, PERCENTILE.

use super::CallCx;
use crate::expr::bound::{reject, BResult, Bound, Lit};
use crate::expr::sqltypes::{is_null_type, is_numeric, root};
use flinkddl_diagnostics::Code;
use flinkddl_types::merging::find_avg_agg_type;
use flinkddl_types::{DataType, LogicalType, LogicalTypeRoot as R, TimestampKind};

pub(super) fn sum(cx: &mut CallCx) -> BResult<Bound> {
    let a = &cx.args[0].ty;
    let t = match a.logical {
        LogicalType::Decimal { scale, .. } => DataType::decimal(38, scale),
        _ => a.without_time_attributes(),
    };
    let nullable = a.nullable || !groups_never_empty(cx);
    Ok(cx.bound(t.with_nullability(nullable)))
}

/// The aggregate is computed over groups of a GROUP BY, which are never empty: MIN, MAX and
/// SUM are NULL only when their operand may be.
fn groups_never_empty(cx: &CallCx) -> bool {
    matches!(cx.ctx.context, crate::expr::ExprContext::Grouped) && !cx.ctx.input_may_be_empty.get()
}

/// AVG: the average type, keeping the operand's nullability.
pub(super) fn avg(cx: &mut CallCx) -> BResult<Bound> {
    avg_or_stddev(cx, true)
}

/// STDDEV / VAR and their _POP / _SAMP variants.
pub(super) fn stddev(cx: &mut CallCx) -> BResult<Bound> {
    avg_or_stddev(cx, false)
}

fn avg_or_stddev(cx: &mut CallCx, is_avg: bool) -> BResult<Bound> {
    cx.ctx
        .empty_aggregates
        .set(cx.ctx.empty_aggregates.get().saturating_add(1));
    let a = cx.args[0].ty.without_time_attributes();
    let t = find_avg_agg_type(&a);
    let t = if is_avg {
        // the average keeps the operand's nullability
        t.with_nullability(a.nullable)
    } else if root(&a) == R::Decimal || !cx.def.name.ends_with("_POP") {
        // STDDEV / VAR: a decimal operand gives a fresh nullable DECIMAL(38, s); the
        // sample variants are always nullable
        t.nullable()
    } else {
        t.with_nullability(a.nullable)
    };
    Ok(cx.bound(t))
}

pub(super) fn minmax(cx: &mut CallCx) -> BResult<Bound> {
    // MIN / MAX return their operand's type, time attribute included (a rowtime stays one
    // through validation: a CTAS stores `MIN(ts)` as TIMESTAMP(3) *ROWTIME*).
    let a = &cx.args[0].ty;
    // Flink 1.18's MAX has no implementation for CHAR (MIN has; oracle-checked).
    let version = cx.ctx.version;
    if cx.def.name == "MAX"
        && a.type_root() == R::Char
        && !version.has(flinkddl_diagnostics::Feature::MaxOfChar)
    {
        let d = flinkddl_diagnostics::Diagnostic::new(
            Code::NeedsNewerFlink,
            cx.span,
            "Max aggregate function does not support type: ''CHAR''. Please re-check the data type.",
        )
        .with_help(format!(
            "the script is checked as Flink {version}, where {}: CAST the operand to STRING",
            flinkddl_diagnostics::Feature::MaxOfChar.info().missing_in(version)
        ));
        return Err(crate::expr::bound::Fail::Reject(vec![d]));
    }
    let nullable = a.nullable || !groups_never_empty(cx);
    Ok(cx.bound(a.clone().with_nullability(nullable)))
}

pub(super) fn listagg(cx: &mut CallCx) -> BResult<Bound> {
    if let Some(sep) = cx.args.get(1) {
        if !sep.is_literal() {
            return reject(
                Code::InvalidExpression,
                sep.span,
                "Argument to function 'LISTAGG' must be a literal",
            );
        }
    }
    let a = cx.args[0].ty.without_time_attributes();
    Ok(cx.bound(a))
}

/// COLLECT: a MULTISET of the operand, keeping a processing-time attribute.
pub(super) fn collect(cx: &mut CallCx) -> BResult<Bound> {
    let a0 = &cx.args[0].ty;
    let a = if a0.timestamp_kind() == TimestampKind::Proctime {
        a0.clone()
    } else {
        a0.without_time_attributes()
    };
    if is_null_type(&a) {
        return null_operand(cx);
    }
    Ok(cx.bound(DataType::multiset(a).not_null()))
}

/// ARRAY_AGG: an ARRAY of the operand.
pub(super) fn array_agg(cx: &mut CallCx) -> BResult<Bound> {
    if is_null_type(&cx.args[0].ty) {
        return null_operand(cx);
    }
    let a = cx.args[0].ty.without_time_attributes();
    let n = a.nullable;
    Ok(cx.bound(DataType::array(a).with_nullability(n)))
}

/// A NULL literal cannot be the element type of a constructed collection.
fn null_operand(cx: &CallCx) -> BResult<Bound> {
    reject(
        Code::InvalidExpression,
        cx.span,
        "The null type is reserved for representing untyped NULL literals. It should not be \
         used in constructed types. Please cast NULL literals to a more explicit type.",
    )
}

pub(super) fn percentile(cx: &mut CallCx) -> BResult<Bound> {
    if !is_numeric(&cx.args[0].ty) {
        return cx.invalid_input("Invalid input arguments.");
    }
    // a literal percentage lies within [0, 1]
    let p = &cx.args[1];
    let out_of_range = match &p.lit {
        Lit::Int(Some(v)) => *v < 0 || *v > 1,
        Lit::Int(None) => true,
        Lit::Decimal | Lit::Approx => {
            p.sql.starts_with('-') || {
                let v: f64 = p.sql.parse().unwrap_or(0.0);
                v > 1.0
            }
        }
        _ => false,
    };
    if out_of_range {
        return cx.invalid_input("Invalid input arguments.");
    }
    if !is_numeric(&cx.args[1].ty) && root(&cx.args[1].ty) != R::Array {
        return cx.invalid_input("Invalid input arguments.");
    }
    if is_numeric(&cx.args[1].ty) {
        cx.cast_arg(1, &DataType::double().nullable())?;
    }
    if cx.args.len() > 2 {
        cx.cast_arg(2, &DataType::int().nullable())?;
    }
    Ok(cx.bound(DataType::double()))
}
