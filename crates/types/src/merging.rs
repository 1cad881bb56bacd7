//! Type merging: Flink's `LogicalTypeMerging` (least restrictive common type, decimal result
//! types of arithmetic and aggregates), plus the result types the SQL planner (Calcite with
//! `FlinkTypeSystem`) gives to `+ - * / %` on numeric operands in computed columns, plus
//! nullability helpers.

use crate::casts::supports_implicit_cast;
use crate::model::{
    DataType, DayTimeResolution, LogicalType, LogicalTypeFamily as F, LogicalTypeRoot as R,
    RowField, YearMonthResolution,
};
use crate::validate::MAX_DECIMAL_PRECISION;
use serde::{Deserialize, Serialize};

const MINIMUM_ADJUSTED_SCALE: i64 = 6;

/// The most common, more general type of `types` (`LogicalTypeMerging.findCommonType`): all
/// given types can be implicitly cast to it. `None` when there is none, when `types` is empty,
/// or when the only candidate is the NULL type.
///
/// Example: `[INT, BIGINT, DECIMAL(2, 2)]` gives `DECIMAL(21, 2)`.
pub fn find_common_type(types: &[DataType]) -> Option<DataType> {
    if types.is_empty() {
        return None;
    }
    let has_raw = types.iter().any(|t| t.type_root() == R::Raw);
    let has_null = types.iter().any(|t| t.type_root() == R::Null);
    let has_nullable = types.iter().any(|t| t.nullable);
    let normalized: Vec<DataType> = types.iter().map(|t| t.clone().nullable()).collect();
    let found = find_common_nullable_type(&normalized, has_raw, has_null)
        .or_else(|| find_common_castable_type(&normalized))?;
    let t = found.with_nullability(has_nullable);
    if t.type_root() == R::Null {
        return None;
    }
    Some(t)
}

fn find_common_castable_type(normalized: &[DataType]) -> Option<DataType> {
    let mut result = normalized.first()?.clone();
    for t in normalized {
        if t.type_root() == R::Null {
            continue;
        }
        if supports_implicit_cast(&result, t) {
            result = t.clone();
        } else if !supports_implicit_cast(t, &result) {
            return None;
        }
    }
    Some(result)
}

fn fam(t: &DataType, f: F) -> bool {
    t.has_family(f)
}

fn find_common_nullable_type(
    normalized: &[DataType],
    has_raw: bool,
    has_null: bool,
) -> Option<DataType> {
    if has_raw {
        let first = normalized.first()?;
        return normalized
            .iter()
            .all(|t| t.logically_equals(first))
            .then(|| first.clone());
    }
    let mut result: Option<DataType> = None;
    for t in normalized {
        let root = t.type_root();
        if root == R::Null {
            continue;
        }
        let current = result.get_or_insert_with(|| t.clone()).clone();
        if let Some(p) = find_common_type_pattern(&current, t) {
            result = Some(p);
            continue;
        }
        match root {
            R::Array => {
                return find_common_children(normalized)
                    .and_then(|c| c.into_iter().next())
                    .map(DataType::array)
            }
            R::Multiset => {
                return find_common_children(normalized)
                    .and_then(|c| c.into_iter().next())
                    .map(DataType::multiset)
            }
            R::Map => {
                return find_common_children(normalized).and_then(|c| {
                    let mut it = c.into_iter();
                    Some(DataType::map(it.next()?, it.next()?))
                })
            }
            R::Row => return find_common_row(normalized),
            _ => {}
        }
        if !are_similar_types(&current, t) {
            return None;
        }
        let next = if fam(t, F::CharacterString) || fam(t, F::BinaryString) {
            let length = current.length().unwrap_or(0).max(t.length().unwrap_or(0));
            let cr = current.type_root();
            if matches!(cr, R::Varchar | R::Varbinary) {
                string_type(cr, length)
            } else if current.length() != t.length() {
                match cr {
                    R::Char => string_type(R::Varchar, length),
                    R::Binary => string_type(R::Varbinary, length),
                    _ => current,
                }
            } else {
                string_type(root, length)
            }
        } else if fam(t, F::ExactNumeric) {
            if fam(&current, F::ExactNumeric) {
                common_exact_numeric(&current, t)
            } else if fam(&current, F::ApproximateNumeric) {
                if root == R::Decimal {
                    DataType::double()
                } else {
                    current
                }
            } else {
                return None;
            }
        } else if fam(t, F::ApproximateNumeric) {
            if fam(&current, F::ApproximateNumeric) {
                if current.type_root() == R::Double || root == R::Double {
                    DataType::double()
                } else {
                    current
                }
            } else if fam(&current, F::ExactNumeric) {
                // Flink tests the root of the approximate type against DECIMAL here, which
                // never matches: the approximate type wins.
                t.clone()
            } else {
                return None;
            }
        } else if root == R::Date {
            if current.type_root() == R::Date {
                DataType::date()
            } else {
                return None;
            }
        } else if fam(t, F::Time) {
            if fam(&current, F::Time) {
                DataType::time(combine_precision(&current, t))
            } else {
                return None;
            }
        } else if fam(t, F::Timestamp) {
            if fam(&current, F::Timestamp) {
                common_timestamp(&current, t)
            } else {
                return None;
            }
        } else if root == R::IntervalDayTime {
            common_day_time(&current, t)?
        } else if root == R::IntervalYearMonth {
            common_year_month(&current, t)?
        } else {
            return None;
        };
        result = Some(next);
    }
    if result.is_none() && has_null {
        return Some(DataType::null());
    }
    result
}

fn are_similar_types(left: &DataType, right: &DataType) -> bool {
    for f in [
        F::CharacterString,
        F::BinaryString,
        F::Numeric,
        F::Time,
        F::Timestamp,
    ] {
        if fam(left, f) && fam(right, f) {
            return true;
        }
    }
    left.type_root() == right.type_root()
}

fn find_common_type_pattern(result: &DataType, t: &DataType) -> Option<DataType> {
    let ts_or_date = |x: &DataType| fam(x, F::Timestamp) || x.type_root() == R::Date;
    if fam(result, F::Datetime) && fam(t, F::Interval) {
        Some(result.clone())
    } else if fam(result, F::Interval) && fam(t, F::Datetime) {
        Some(t.clone())
    } else if ts_or_date(result) && fam(t, F::ExactNumeric) {
        Some(result.clone())
    } else if fam(result, F::ExactNumeric) && ts_or_date(t) {
        Some(t.clone())
    } else {
        None
    }
}

fn find_common_children(normalized: &[DataType]) -> Option<Vec<DataType>> {
    let first = normalized.first()?;
    let root = first.type_root();
    let n = first.children().len();
    if normalized
        .iter()
        .any(|t| t.type_root() != root || t.children().len() != n)
    {
        return None;
    }
    (0..n)
        .map(|i| {
            let column: Vec<DataType> = normalized
                .iter()
                .filter_map(|t| t.children().get(i).map(|c| (*c).clone()))
                .collect();
            find_common_type(&column)
        })
        .collect()
}

fn find_common_row(normalized: &[DataType]) -> Option<DataType> {
    let children = find_common_children(normalized)?;
    let LogicalType::Row { fields } = &normalized.first()?.logical else {
        return None;
    };
    let new_fields = fields
        .iter()
        .zip(children)
        .map(|(f, t)| RowField {
            name: f.name.clone(),
            data_type: t,
            description: f.description.clone(),
        })
        .collect();
    Some(DataType::row(new_fields))
}

fn string_type(root: R, length: u32) -> DataType {
    match root {
        R::Char => DataType::char(length),
        R::Varchar => DataType::varchar(length),
        R::Binary => DataType::binary(length),
        _ => DataType::varbinary(length),
    }
}

fn common_exact_numeric(result: &DataType, t: &DataType) -> DataType {
    if t.logically_equals(result) {
        return result.clone();
    }
    let p1 = i64::from(result.precision().unwrap_or(0));
    let p2 = i64::from(t.precision().unwrap_or(0));
    if result.type_root() != R::Decimal && t.type_root() != R::Decimal {
        return if p2 > p1 { t.clone() } else { result.clone() };
    }
    let s1 = i64::from(result.scale().unwrap_or(0));
    let s2 = i64::from(t.scale().unwrap_or(0));
    let max = i64::from(MAX_DECIMAL_PRECISION);
    let d = (p1 - s1).max(p2 - s2).min(max);
    let s = s1.max(s2).min(max - d);
    DataType::decimal((d + s) as u32, s as u32)
}

fn combine_precision(a: &DataType, b: &DataType) -> u32 {
    a.precision().unwrap_or(0).max(b.precision().unwrap_or(0))
}

fn common_timestamp(result: &DataType, t: &DataType) -> DataType {
    if t.logically_equals(result) {
        return result.clone();
    }
    let p = combine_precision(result, t);
    let (rr, tr) = (result.type_root(), t.type_root());
    let root = if rr == tr {
        rr
    } else if rr == R::TimestampWithTimeZone || tr == R::TimestampWithTimeZone {
        R::TimestampWithTimeZone
    } else if rr == R::TimestampWithLocalTimeZone || tr == R::TimestampWithLocalTimeZone {
        R::TimestampWithLocalTimeZone
    } else {
        R::TimestampWithoutTimeZone
    };
    match root {
        R::TimestampWithTimeZone => DataType::timestamp_tz(p),
        R::TimestampWithLocalTimeZone => DataType::timestamp_ltz(p),
        _ => DataType::timestamp(p),
    }
}

fn day_time_bounds(r: DayTimeResolution) -> (u8, u8) {
    use DayTimeResolution as D;
    // ordinals of DAY, HOUR, MINUTE, SECOND in Flink's DayTimeResolution
    let (day, hour, minute, second) = (0, 4, 7, 9);
    match r {
        D::Day => (day, day),
        D::DayToHour => (day, hour),
        D::DayToMinute => (day, minute),
        D::DayToSecond => (day, second),
        D::Hour => (hour, hour),
        D::HourToMinute => (hour, minute),
        D::HourToSecond => (hour, second),
        D::Minute => (minute, minute),
        D::MinuteToSecond => (minute, second),
        D::Second => (second, second),
    }
}

fn day_time_from_bounds(start: u8, end: u8) -> Option<DayTimeResolution> {
    use DayTimeResolution as D;
    Some(match (start, end) {
        (0, 0) => D::Day,
        (0, 4) => D::DayToHour,
        (0, 7) => D::DayToMinute,
        (0, 9) => D::DayToSecond,
        (4, 4) => D::Hour,
        (4, 7) => D::HourToMinute,
        (4, 9) => D::HourToSecond,
        (7, 7) => D::Minute,
        (7, 9) => D::MinuteToSecond,
        (9, 9) => D::Second,
        _ => return None,
    })
}

fn common_day_time(a: &DataType, b: &DataType) -> Option<DataType> {
    let (
        LogicalType::IntervalDayTime {
            resolution: r1,
            day_precision: d1,
            fractional_precision: f1,
        },
        LogicalType::IntervalDayTime {
            resolution: r2,
            day_precision: d2,
            fractional_precision: f2,
        },
    ) = (&a.logical, &b.logical)
    else {
        return None;
    };
    let (s1, e1) = day_time_bounds(*r1);
    let (s2, e2) = day_time_bounds(*r2);
    let resolution = day_time_from_bounds(s1.min(s2), e1.max(e2))?;
    Some(DataType::new(LogicalType::IntervalDayTime {
        resolution,
        day_precision: (*d1).max(*d2),
        fractional_precision: (*f1).max(*f2),
    }))
}

fn common_year_month(a: &DataType, b: &DataType) -> Option<DataType> {
    use YearMonthResolution as Y;
    let (
        LogicalType::IntervalYearMonth {
            resolution: r1,
            year_precision: p1,
        },
        LogicalType::IntervalYearMonth {
            resolution: r2,
            year_precision: p2,
        },
    ) = (&a.logical, &b.logical)
    else {
        return None;
    };
    // ordinals: YEAR 0, MONTH 2
    let bounds = |r: &Y| match r {
        Y::Year => (0, 0),
        Y::YearToMonth => (0, 2),
        Y::Month => (2, 2),
    };
    let (s1, e1) = bounds(r1);
    let (s2, e2) = bounds(r2);
    let resolution = match (s1.min(s2), e1.max(e2)) {
        (0, 0) => Y::Year,
        (2, 2) => Y::Month,
        _ => Y::YearToMonth,
    };
    Some(DataType::new(LogicalType::IntervalYearMonth {
        resolution,
        year_precision: (*p1).max(*p2),
    }))
}

// ---- decimal arithmetic (LogicalTypeMerging) -----------------------------------------------

/// A `DECIMAL(precision, scale)` result, always `NOT NULL` as Flink returns it.
fn adjust_precision_scale(precision: i64, scale: i64) -> DataType {
    let max = i64::from(MAX_DECIMAL_PRECISION);
    if precision <= max {
        return DataType::decimal(precision as u32, scale as u32).not_null();
    }
    let digit_part = precision - scale;
    let min_scale_part = scale.min(MINIMUM_ADJUSTED_SCALE);
    let adjusted_scale = (max - digit_part).max(min_scale_part);
    DataType::decimal(MAX_DECIMAL_PRECISION, adjusted_scale as u32).not_null()
}

/// `e1 / e2`: scale `max(6, s1 + p2 + 1)`, precision `p1 - s1 + s2 + scale`, then adjusted
/// to at most 38 digits keeping at least `min(scale, 6)` fractional digits.
pub fn find_division_decimal_type(p1: u32, s1: u32, p2: u32, s2: u32) -> DataType {
    let (p1, s1, p2, s2) = (i64::from(p1), i64::from(s1), i64::from(p2), i64::from(s2));
    let scale = MINIMUM_ADJUSTED_SCALE.max(s1 + p2 + 1);
    adjust_precision_scale(p1 - s1 + s2 + scale, scale)
}

/// `e1 % e2`: scale `max(s1, s2)`, precision `min(p1 - s1, p2 - s2) + scale`.
pub fn find_modulo_decimal_type(p1: u32, s1: u32, p2: u32, s2: u32) -> DataType {
    let (p1, s1, p2, s2) = (i64::from(p1), i64::from(s1), i64::from(p2), i64::from(s2));
    let scale = s1.max(s2);
    adjust_precision_scale((p1 - s1).min(p2 - s2) + scale, scale)
}

/// `e1 * e2`: scale `s1 + s2`, precision `p1 + p2 + 1`.
pub fn find_multiplication_decimal_type(p1: u32, s1: u32, p2: u32, s2: u32) -> DataType {
    let (p1, s1, p2, s2) = (i64::from(p1), i64::from(s1), i64::from(p2), i64::from(s2));
    adjust_precision_scale(p1 + p2 + 1, s1 + s2)
}

/// `e1 + e2` and `e1 - e2`: scale `max(s1, s2)`, precision `max(p1 - s1, p2 - s2) + scale + 1`.
pub fn find_addition_decimal_type(p1: u32, s1: u32, p2: u32, s2: u32) -> DataType {
    let (p1, s1, p2, s2) = (i64::from(p1), i64::from(s1), i64::from(p2), i64::from(s2));
    let scale = s1.max(s2);
    adjust_precision_scale((p1 - s1).max(p2 - s2) + scale + 1, scale)
}

/// `ROUND(DECIMAL(p, s), r)` (`LogicalTypeMerging.findRoundDecimalType`); `NOT NULL`.
pub fn find_round_decimal_type(precision: u32, scale: u32, round: i32) -> DataType {
    let (p, s, r) = (i64::from(precision), i64::from(scale), i64::from(round));
    let (np, ns) = if r >= s {
        (p, s)
    } else if r < 0 {
        ((1 + p - s).min(i64::from(MAX_DECIMAL_PRECISION)), 0)
    } else {
        (1 + p - s + r, r)
    };
    DataType::decimal(np as u32, ns as u32).not_null()
}

/// `AVG(x)` result type: `DECIMAL(38, max(6, s))`-like for DECIMAL, else the argument type;
/// nullability of the argument.
pub fn find_avg_agg_type(arg: &DataType) -> DataType {
    let t = match &arg.logical {
        LogicalType::Decimal { scale, .. } => find_division_decimal_type(38, *scale, 20, 0),
        _ => arg.clone(),
    };
    t.with_nullability(arg.nullable)
}

/// `SUM(x)` result type: `DECIMAL(38, s)` for DECIMAL, else the argument type; nullability of
/// the argument.
pub fn find_sum_agg_type(arg: &DataType) -> DataType {
    let t = match &arg.logical {
        LogicalType::Decimal { scale, .. } => DataType::decimal(38, *scale),
        _ => arg.clone(),
    };
    t.with_nullability(arg.nullable)
}

// ---- SQL arithmetic on numeric operands (Calcite + FlinkTypeSystem) ------------------------

/// A binary arithmetic operator of SQL expressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArithmeticOp {
    Plus,
    Minus,
    Multiply,
    Divide,
    /// `%` / `MOD(a, b)`
    Mod,
}

/// The DECIMAL `(precision, scale)` an exact numeric type takes part in decimal arithmetic
/// with (`TINYINT` → (3, 0), `SMALLINT` → (5, 0), `INT` → (10, 0), `BIGINT` → (19, 0)).
pub fn exact_numeric_as_decimal(t: &DataType) -> Option<(u32, u32)> {
    if !t.has_family(F::ExactNumeric) {
        return None;
    }
    Some((t.precision()?, t.scale()?))
}

/// The result type of `left op right` for numeric operands in a Flink SQL expression
/// (computed columns, watermarks), as Calcite with `FlinkTypeSystem` derives it; `None` where
/// Flink rejects the call (MOD on approximate numbers) or an operand is not numeric.
///
/// * integers with integers: the wider type (`TINYINT + TINYINT` is `TINYINT`); `MOD` gives
///   the type of the right operand;
/// * any DECIMAL operand with exact numbers: [`find_addition_decimal_type`] and friends, with
///   integers as `DECIMAL(3/5/10/19, 0)` (`INT * 1.5` is `DECIMAL(13, 1)`,
///   `DECIMAL(10, 2) / INT` is `DECIMAL(21, 13)`); `MOD` of two scale-0 operands gives the
///   right operand's type;
/// * with FLOAT/DOUBLE: `DOUBLE` if the other operand is DECIMAL, else the left approximate
///   type (`FLOAT + DOUBLE` is `FLOAT`, `DOUBLE + FLOAT` is `DOUBLE`);
/// * the result is nullable if either operand is.
pub fn arithmetic_result_type(
    op: ArithmeticOp,
    left: &DataType,
    right: &DataType,
) -> Option<DataType> {
    if !left.has_family(F::Numeric) || !right.has_family(F::Numeric) {
        return None;
    }
    let nullable = left.nullable || right.nullable;
    let lr = left.type_root();
    let rr = right.type_root();
    let l_approx = left.has_family(F::ApproximateNumeric);
    let r_approx = right.has_family(F::ApproximateNumeric);
    let t = if l_approx || r_approx {
        if op == ArithmeticOp::Mod {
            return None;
        }
        if lr == R::Decimal || rr == R::Decimal {
            DataType::double()
        } else if l_approx {
            left.clone()
        } else {
            right.clone()
        }
    } else if lr == R::Decimal || rr == R::Decimal {
        let (p1, s1) = exact_numeric_as_decimal(left)?;
        let (p2, s2) = exact_numeric_as_decimal(right)?;
        match op {
            ArithmeticOp::Plus | ArithmeticOp::Minus => find_addition_decimal_type(p1, s1, p2, s2),
            ArithmeticOp::Multiply => find_multiplication_decimal_type(p1, s1, p2, s2),
            ArithmeticOp::Divide => find_division_decimal_type(p1, s1, p2, s2),
            ArithmeticOp::Mod => {
                if s1 == 0 && s2 == 0 {
                    right.clone()
                } else {
                    find_modulo_decimal_type(p1, s1, p2, s2)
                }
            }
        }
    } else if op == ArithmeticOp::Mod || right.precision() > left.precision() {
        right.clone()
    } else {
        left.clone()
    };
    Some(t.with_nullability(nullable))
}

// ---- nullability ---------------------------------------------------------------------------

/// True if any of `types` is nullable: the usual rule for the result of a function or operator
/// that returns NULL when any argument is NULL.
pub fn any_nullable<'a>(types: impl IntoIterator<Item = &'a DataType>) -> bool {
    types.into_iter().any(|t| t.nullable)
}

/// `result` made nullable if any argument is nullable, `NOT NULL` otherwise.
pub fn propagate_nullability<'a>(
    result: DataType,
    args: impl IntoIterator<Item = &'a DataType>,
) -> DataType {
    let n = any_nullable(args);
    result.with_nullability(n)
}

/// `result` made nullable if any argument is nullable, otherwise left as it is.
pub fn nullable_if_any_nullable<'a>(
    result: DataType,
    args: impl IntoIterator<Item = &'a DataType>,
) -> DataType {
    if any_nullable(args) {
        result.nullable()
    } else {
        result
    }
}
