//! The common types Calcite derives where query rows meet: the branches of a set operation,
//! and the rows of VALUES. Checked against Flink 2.3 with the oracle.

use crate::expr::sqltypes::{is_datetime, is_null_type, is_numeric, least_restrictive};
use flinkddl_types::{DataType, LogicalTypeRoot as R};

/// The type of one column of a set operation or VALUES, from its branches' types; `None`
/// when Calcite finds no common type ("Type mismatch in column n of UNION").
///
/// Identical types (time attributes included) stay as they are; timestamps of one precision
/// keep the first branch's type, time attribute included, as Flink keeps `*ROWTIME*` through
/// a UNION of a rowtime and any timestamp of precision 3. Other types meet in Calcite's least
/// restrictive type, without the datetime fallback of CASE (a number and a timestamp are
/// rejected at planning, not typed: [`SetColumn::Unknown`]).
pub(super) fn set_column_type(types: &[DataType]) -> SetColumn {
    let Some(first) = types.first() else {
        return SetColumn::Unknown;
    };
    let nullable = types.iter().any(|t| t.nullable);
    let same_timestamps = types.iter().all(|t| {
        matches!(
            t.type_root(),
            R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone
        ) && t.precision() == first.precision()
    });
    if types.iter().all(|t| {
        t.without_time_attributes().with_nullability(false)
            == first.without_time_attributes().with_nullability(false)
    }) || same_timestamps
    {
        return SetColumn::Type(first.clone().with_nullability(nullable));
    }
    let datetime = types.iter().any(is_datetime);
    let numeric = types.iter().any(is_numeric);
    if datetime && numeric && types.iter().all(|t| is_datetime(t) || is_numeric(t)) {
        // Validated through coercion; the planner then rejects the cast.
        return SetColumn::Unknown;
    }
    match least_restrictive(types) {
        Some(t) => SetColumn::Type(t.with_nullability(nullable)),
        None if types.iter().any(is_null_type) => SetColumn::Unknown,
        None => SetColumn::Mismatch,
    }
}

/// What the branches of one set-operation column come to.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum SetColumn {
    Type(DataType),
    /// No common type: Calcite's type mismatch.
    Mismatch,
    /// Not derived (a mix we do not model); nothing is reported.
    Unknown,
}
