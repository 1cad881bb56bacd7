//! Range and shape validation with Flink's exact messages.
//!
//! The `check_*` functions validate one declared parameter the way the corresponding Flink type
//! constructor does (`new VarCharType(n)`, `new DecimalType(p, s)`, ...). They are shared by
//! [`crate::parser`] (LogicalTypeParser rules) and [`crate::ddl`] (which first applies the SQL
//! DDL defaults and clamps). [`DataType::validate`] checks a whole type tree.

use crate::error::TypeError;
use crate::java;
use crate::model::{
    DataType, DayTimeResolution, LogicalType, RowField, TimestampKind, YearMonthResolution,
    MAX_LENGTH,
};

/// Largest DECIMAL precision.
pub const MAX_DECIMAL_PRECISION: u32 = 38;
/// DECIMAL precision when none is given.
pub const DEFAULT_DECIMAL_PRECISION: u32 = 10;
/// Largest TIME / TIMESTAMP / TIMESTAMP_LTZ precision of the logical type system.
pub const MAX_TIMESTAMP_PRECISION: u32 = 9;
/// TIMESTAMP / TIMESTAMP_LTZ precision when none is given (both paths).
pub const DEFAULT_TIMESTAMP_PRECISION: u32 = 6;
/// TIME precision when none is given (both paths).
pub const DEFAULT_TIME_PRECISION: u32 = 0;
/// Default year precision of year-month intervals.
pub const DEFAULT_YEAR_PRECISION: u32 = 2;
/// Default day precision of day-time intervals.
pub const DEFAULT_DAY_PRECISION: u32 = 2;
/// Default fractional-second precision of day-time intervals.
pub const DEFAULT_FRACTIONAL_PRECISION: u32 = 6;

fn to_len(n: u64) -> Result<u32, TypeError> {
    if n > u64::from(MAX_LENGTH) {
        Err(TypeError::IntegerOverflow)
    } else {
        Ok(n as u32)
    }
}

/// `new CharType(n)`, `VarCharType`, `BinaryType`, `VarBinaryType`: `n` in 1..=2147483647;
/// `zero` is the type's error for a zero length.
pub fn check_length(n: u64, zero: TypeError) -> Result<u32, TypeError> {
    match to_len(n)? {
        0 => Err(zero),
        n => Ok(n),
    }
}

/// `new DecimalType(p, s)`: p in 1..=38, then s in 0..=p.
pub fn check_decimal(precision: u64, scale: u64) -> Result<(u32, u32), TypeError> {
    if precision < 1 || precision > u64::from(MAX_DECIMAL_PRECISION) {
        return Err(TypeError::DecimalPrecision);
    }
    let p = precision as u32;
    if scale > precision {
        return Err(TypeError::DecimalScale { precision: p });
    }
    Ok((p, scale as u32))
}

/// `new TimeType(p)`, `TimestampType`, `ZonedTimestampType`, `LocalZonedTimestampType`: `p` in
/// 0..=9, else the type's `error`.
pub fn check_time_precision(p: u64, error: TypeError) -> Result<u32, TypeError> {
    if p > u64::from(MAX_TIMESTAMP_PRECISION) {
        Err(error)
    } else {
        Ok(p as u32)
    }
}

/// `new YearMonthIntervalType(resolution, p)`.
pub fn check_year_month_interval(
    resolution: YearMonthResolution,
    year_precision: u64,
) -> Result<u32, TypeError> {
    if resolution == YearMonthResolution::Month
        && year_precision != u64::from(DEFAULT_YEAR_PRECISION)
    {
        return Err(TypeError::SubYearPrecision);
    }
    if !(1..=4).contains(&year_precision) {
        return Err(TypeError::YearPrecision);
    }
    Ok(year_precision as u32)
}

/// `new DayTimeIntervalType(resolution, dayPrecision, fractionalPrecision)`.
pub fn check_day_time_interval(
    resolution: DayTimeResolution,
    day_precision: u64,
    fractional_precision: u64,
) -> Result<(u32, u32), TypeError> {
    use DayTimeResolution as R;
    let needs_default_day = matches!(
        resolution,
        R::Hour | R::HourToMinute | R::HourToSecond | R::Minute | R::MinuteToSecond | R::Second
    );
    let needs_default_fractional = matches!(
        resolution,
        R::Day | R::DayToHour | R::DayToMinute | R::Hour | R::HourToMinute | R::Minute
    );
    if needs_default_day && day_precision != u64::from(DEFAULT_DAY_PRECISION) {
        return Err(TypeError::SubDayPrecision);
    }
    if needs_default_fractional && fractional_precision != u64::from(DEFAULT_FRACTIONAL_PRECISION) {
        return Err(TypeError::SuperSecondPrecision);
    }
    if !(1..=6).contains(&day_precision) {
        return Err(TypeError::DayPrecision);
    }
    if fractional_precision > 9 {
        return Err(TypeError::FractionalPrecision);
    }
    Ok((day_precision as u32, fractional_precision as u32))
}

/// `new RowType(fields)`: names must not be blank and must be unique (case-sensitive). The
/// duplicates are listed in the order Java's `HashSet` iterates them.
pub fn check_field_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<(), TypeError> {
    let names: Vec<&str> = names.into_iter().collect();
    if names
        .iter()
        .any(|n| n.chars().all(java::is_whitespace) || n.is_empty())
    {
        return Err(TypeError::EmptyFieldName);
    }
    let mut dups: Vec<&str> = Vec::new();
    for n in &names {
        if names.iter().filter(|m| *m == n).count() > 1 && !dups.contains(n) {
            dups.push(n);
        }
    }
    if dups.is_empty() {
        Ok(())
    } else {
        Err(TypeError::DuplicateFieldNames(java::hash_set_order(&dups)))
    }
}

/// `StructuredType`'s class name check (`javax.lang.model.SourceVersion.isName`).
pub fn check_class_name(class_name: &str) -> Result<(), TypeError> {
    if java::is_jvm_name(class_name) {
        Ok(())
    } else {
        Err(TypeError::InvalidClassName(class_name.to_string()))
    }
}

/// What can be checked of `RawType.restore` without a JVM: the class name is a JVM name and the
/// snapshot is Base64 of `writeUTF(snapshotClassName) + writeInt(version) + ...`. A snapshot of a
/// class Flink cannot load still passes here (Flink would reject it).
pub fn check_raw(class_name: &str, snapshot: &str) -> Result<(), TypeError> {
    let err = || TypeError::RawRestore {
        class_name: class_name.to_string(),
        snapshot: snapshot.to_string(),
    };
    if !java::is_jvm_name(class_name) {
        return Err(err());
    }
    let bytes = java::base64_decode(snapshot).ok_or_else(err)?;
    if bytes.len() < 2 {
        return Err(err());
    }
    let len = usize::from(u16::from_be_bytes([bytes[0], bytes[1]]));
    if bytes.len() < 2 + len + 4 {
        return Err(err());
    }
    let name = std::str::from_utf8(&bytes[2..2 + len]).map_err(|_| err())?;
    if !java::is_jvm_name(name) {
        return Err(err());
    }
    Ok(())
}

impl DataType {
    /// Checks the whole tree the way Flink's type constructors would, children first. Zero
    /// lengths are allowed: Flink represents empty string literals (and DDL `CHAR(0)`) so.
    pub fn validate(&self) -> Result<(), TypeError> {
        for child in self.children() {
            child.validate()?;
        }
        use LogicalType as L;
        match &self.logical {
            L::Char { .. } | L::VarChar { .. } | L::Binary { .. } | L::VarBinary { .. }
                if self.length().unwrap_or(0) > MAX_LENGTH =>
            {
                return Err(TypeError::IntegerOverflow);
            }
            L::Decimal { precision, scale } => {
                check_decimal(u64::from(*precision), u64::from(*scale))?;
            }
            L::Time { precision } => {
                check_time_precision(u64::from(*precision), TypeError::TimePrecision)?;
            }
            L::Timestamp { precision, kind } => {
                check_time_precision(u64::from(*precision), TypeError::TimestampPrecision)?;
                if *kind == TimestampKind::Proctime {
                    return Err(TypeError::ProctimeTimestamp);
                }
            }
            L::TimestampTz { precision } => {
                check_time_precision(u64::from(*precision), TypeError::ZonedTimestampPrecision)?;
            }
            L::TimestampLtz { precision, .. } => {
                check_time_precision(
                    u64::from(*precision),
                    TypeError::LocalZonedTimestampPrecision,
                )?;
            }
            L::IntervalYearMonth {
                resolution,
                year_precision,
            } => {
                check_year_month_interval(*resolution, u64::from(*year_precision))?;
            }
            L::IntervalDayTime {
                resolution,
                day_precision,
                fractional_precision,
            } => {
                check_day_time_interval(
                    *resolution,
                    u64::from(*day_precision),
                    u64::from(*fractional_precision),
                )?;
            }
            L::Row { fields } => check_field_names(fields.iter().map(|f| f.name.as_str()))?,
            L::Structured { class_name, .. } => check_class_name(class_name)?,
            L::Raw {
                class_name,
                snapshot,
            } => check_raw(class_name, snapshot)?,
            L::Null if !self.nullable => return Err(TypeError::NotNullNull),
            _ => {}
        }
        Ok(())
    }
}

/// Field names of a row (helper for callers that build rows).
pub fn field_names(fields: &[RowField]) -> Vec<&str> {
    fields.iter().map(|f| f.name.as_str()).collect()
}
