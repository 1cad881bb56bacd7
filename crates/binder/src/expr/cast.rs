//! CAST and TRY_CAST: the target type (DDL rules), Calcite's castability as Flink configures
//! it (which is not Flink's `LogicalTypeCasts`), and the target type as Calcite unparses it.

use super::bound::{reject, BResult, Bound, Lit};
use super::sqltypes::{
    calcite_name, is_binary, is_char, is_interval, is_numeric, is_timestamp, root,
};
use super::Ctx;
use flinkddl_diagnostics::{Code, Span};
use flinkddl_syntax::ast::{self, BuiltinType, DataTypeSyntax, TypeKind};
use flinkddl_types::{resolve_ddl_type_in, DataType, LogicalTypeRoot as R};

/// Calcite's error for a cast it has no rule for, naming the operand's type as Calcite
/// prints it.
pub(crate) fn cannot_cast<T>(operand: &Bound, target: &DataType, span: Span) -> BResult<T> {
    let from = operand
        .calcite_type
        .as_deref()
        .map_or_else(|| calcite_name(&operand.ty), str::to_owned);
    reject(
        Code::InvalidCast,
        span,
        format!(
            "Cast function cannot convert value of type {from} to type {}",
            calcite_name(target)
        ),
    )
}

pub(crate) fn cast(
    ctx: &Ctx,
    try_cast: bool,
    expr: &ast::Expr,
    data_type: &DataTypeSyntax,
    span: Span,
) -> BResult<Bound> {
    let operand = ctx.bind(expr)?;
    if let Some(n) = &data_type.nullability {
        return reject(
            Code::InvalidCast,
            n.span,
            format!(
                "Encountered \"{}\": a CAST target type cannot carry a nullability constraint",
                if n.not_null { "NOT" } else { "NULL" }
            ),
        );
    }
    let target = resolve_target(ctx, data_type)?;
    let single_unit = match &data_type.kind {
        TypeKind::Interval { qualifier } => qualifier.end.is_none(),
        _ => true,
    };
    if !castable(&operand, &target, try_cast, single_unit) {
        return reject(
            Code::InvalidCast,
            span,
            format!(
                "Cast function cannot convert value of type {} to type {}",
                calcite_name(&operand.ty),
                calcite_name(&target)
            ),
        );
    }
    let nullable = try_cast || operand.ty.nullable;
    let ty = target.with_nullability(nullable);
    let kw = if try_cast { "TRY_CAST" } else { "CAST" };
    let sql = super::bound::stored(|| {
        format!(
            "{kw}({} AS {})",
            operand.unparse(0, 0),
            type_text(ctx, data_type)
        )
    });
    let lit = if operand.is_null_lit() && !try_cast {
        Lit::CastNull
    } else {
        Lit::No
    };
    Ok(Bound::new(ty, sql, span).with_lit(lit))
}

/// The CAST target type with DDL defaults and clamps (`VARCHAR` is STRING, `TIME(9)` is
/// TIME(3)); unsupported and unknown types are rejected with Flink's message.
pub(crate) fn resolve_target(ctx: &Ctx, data_type: &DataTypeSyntax) -> BResult<DataType> {
    if let TypeKind::Interval { qualifier } = &data_type.kind {
        if !super::literal::valid_qualifier(qualifier) {
            return reject(
                Code::InvalidCast,
                qualifier.span,
                "Encountered an invalid interval qualifier",
            );
        }
        let year_month = super::literal::is_year_month(qualifier.start);
        return Ok(if year_month {
            super::sqltypes::interval_year_month()
        } else {
            super::sqltypes::interval_day_time()
        });
    }
    match resolve_ddl_type_in(data_type, ctx.source) {
        Ok(t) => Ok(t.nullable()),
        Err(e) => reject(Code::InvalidCast, e.span, e.to_string()),
    }
}

/// Calcite's castability (`SqlTypeUtil.canCastFrom` with Flink's rules), checked against
/// Flink 2.3.
pub(crate) fn castable(
    operand: &Bound,
    target: &DataType,
    try_cast: bool,
    single_unit: bool,
) -> bool {
    let src = &operand.ty;
    let (s, t) = (root(src), root(target));
    if s == R::Null {
        return true;
    }
    if s == R::Variant || t == R::Variant {
        return false;
    }
    if src.without_time_attributes().nullable() == target.without_time_attributes().nullable() {
        return true;
    }
    let to_char = is_char(target);
    let single_unit_target = single_unit;
    let t_num = is_numeric(target);
    let t_time = matches!(t, R::Date | R::TimeWithoutTimeZone) || is_timestamp(target);
    if is_numeric(src) {
        return t_num
            || to_char
            || t == R::Boolean
            || is_timestamp(target)
            || (is_interval(target)
                && single_unit_target
                && src.has_family(flinkddl_types::LogicalTypeFamily::ExactNumeric));
    }
    if is_char(src) {
        return match t {
            R::Array => try_cast || !operand.is_literal(),
            R::Map | R::Row | R::Multiset | R::StructuredType => false,
            _ => true,
        };
    }
    if is_binary(src) {
        return is_binary(target) || to_char || t_time;
    }
    match s {
        R::Boolean => t_num || to_char || t == R::Boolean,
        R::Date => to_char || t == R::Date || is_timestamp(target),
        R::TimeWithoutTimeZone => to_char || t == R::TimeWithoutTimeZone || is_timestamp(target),
        R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone => t_num || to_char || t_time,
        R::IntervalDayTime | R::IntervalYearMonth => to_char || t == s,
        R::Array => t == R::Array || to_char,
        R::Multiset => t == R::Multiset || to_char,
        R::Map => t == R::Map || to_char,
        R::Row => (t == R::Row && src.children().len() == target.children().len()) || to_char,
        _ => to_char,
    }
}

/// The target type as Flink's parser unparses it: `INT` is `INTEGER`, `DEC(5, 2)` is
/// `DECIMAL(5, 2)`, `ARRAY<STRING>` is `ARRAY< STRING >`, `TIMESTAMP_LTZ(3)` stays.
pub(crate) fn type_text(ctx: &Ctx, ty: &DataTypeSyntax) -> String {
    let mut out = match &ty.kind {
        TypeKind::Builtin {
            name,
            name_span,
            params,
        } => {
            let params_text = if params.is_empty() {
                String::new()
            } else {
                format!(
                    "({})",
                    params
                        .iter()
                        .map(|p| p.value.map(|v| v.to_string()).unwrap_or_default())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            let written = ctx.text(*name_span).to_ascii_uppercase();
            let base = match name {
                BuiltinType::Char => "CHAR",
                BuiltinType::Varchar => "VARCHAR",
                BuiltinType::String => "STRING",
                BuiltinType::Boolean => "BOOLEAN",
                BuiltinType::Binary => "BINARY",
                BuiltinType::Varbinary => "VARBINARY",
                BuiltinType::Bytes => "BYTES",
                BuiltinType::Decimal => "DECIMAL",
                BuiltinType::Tinyint => "TINYINT",
                BuiltinType::Smallint => "SMALLINT",
                BuiltinType::Integer => "INTEGER",
                BuiltinType::Bigint => "BIGINT",
                BuiltinType::Float => "FLOAT",
                BuiltinType::Real => "REAL",
                BuiltinType::Double => "DOUBLE",
                BuiltinType::Date => "DATE",
                BuiltinType::Time => "TIME",
                BuiltinType::TimeWithLocalTimeZone => {
                    return format!("TIME{params_text} WITH LOCAL TIME ZONE")
                }
                BuiltinType::Timestamp => "TIMESTAMP",
                BuiltinType::TimestampLtz => {
                    if written.starts_with("TIMESTAMP_LTZ") {
                        "TIMESTAMP_LTZ"
                    } else {
                        return format!("TIMESTAMP{params_text} WITH LOCAL TIME ZONE");
                    }
                }
                BuiltinType::Variant => "VARIANT",
                BuiltinType::Bitmap => "BITMAP",
            };
            format!("{base}{params_text}")
        }
        TypeKind::Array { element, postfix } => {
            if *postfix {
                format!("{} ARRAY", type_text(ctx, element))
            } else {
                format!("ARRAY< {} >", type_text(ctx, element))
            }
        }
        TypeKind::Multiset { element, postfix } => {
            if *postfix {
                format!("{} MULTISET", type_text(ctx, element))
            } else {
                format!("MULTISET< {} >", type_text(ctx, element))
            }
        }
        TypeKind::Map { key, value } => {
            format!("MAP< {}, {} >", type_text(ctx, key), type_text(ctx, value))
        }
        TypeKind::Row { fields, .. } => {
            let inner = fields
                .iter()
                .map(|f| {
                    let mut s = format!(
                        "{} {}",
                        flinkddl_types::escape_identifier(f.name.value),
                        type_text(ctx, &f.data_type)
                    );
                    if let Some(c) = &f.comment {
                        s.push_str(&format!(" {}", super::literal::quote(c.value)));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join(", ");
            format!("ROW< {inner} >")
        }
        TypeKind::Interval { qualifier } => {
            format!("INTERVAL {}", super::literal::qualifier_text(qualifier))
        }
        _ => ctx.text(ty.span).to_string(),
    };
    if let Some(n) = &ty.nullability {
        if n.not_null {
            out.push_str(" NOT NULL");
        }
    }
    out
}
