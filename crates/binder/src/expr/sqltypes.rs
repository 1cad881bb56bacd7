//! Types as Calcite sees and prints them: the names in validator messages
//! (`VARCHAR(2147483647)`, `INTEGER ARRAY`, `RecordType:peek_no_expand(...)`), the type specs of
//! implicit casts in stored expressions (`VARCHAR(3) CHARACTER SET `UTF-16LE``), the family
//! predicates of Calcite's operand checkers, and Calcite's least-restrictive common type (used
//! by CASE and the value constructors).

use flinkddl_types::{
    DataType, DayTimeResolution, LogicalType, LogicalTypeFamily as F, LogicalTypeRoot as R,
    RowField, TimestampKind, YearMonthResolution, MAX_LENGTH,
};

// ---- family predicates ------------------------------------------------------------------

pub(crate) fn is_numeric(t: &DataType) -> bool {
    t.has_family(F::Numeric)
}
pub(crate) fn is_integer(t: &DataType) -> bool {
    t.has_family(F::IntegerNumeric)
}
pub(crate) fn is_exact(t: &DataType) -> bool {
    t.has_family(F::ExactNumeric)
}
pub(crate) fn is_approx(t: &DataType) -> bool {
    t.has_family(F::ApproximateNumeric)
}
pub(crate) fn is_char(t: &DataType) -> bool {
    t.has_family(F::CharacterString)
}
pub(crate) fn is_binary(t: &DataType) -> bool {
    t.has_family(F::BinaryString)
}
pub(crate) fn is_timestamp(t: &DataType) -> bool {
    matches!(
        t.type_root(),
        R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone
    )
}
pub(crate) fn is_datetime(t: &DataType) -> bool {
    matches!(t.type_root(), R::Date | R::TimeWithoutTimeZone) || is_timestamp(t)
}
pub(crate) fn is_interval(t: &DataType) -> bool {
    matches!(t.type_root(), R::IntervalDayTime | R::IntervalYearMonth)
}
pub(crate) fn is_null_type(t: &DataType) -> bool {
    t.type_root() == R::Null
}
pub(crate) fn root(t: &DataType) -> R {
    t.type_root()
}

// ---- Calcite names ------------------------------------------------------------------------

/// Calcite's full type string without nullability, as its validator messages print it.
pub(crate) fn calcite_name(t: &DataType) -> String {
    use LogicalType as L;
    match &t.logical {
        L::Char { length } => format!("CHAR({length})"),
        L::VarChar { length } => format!("VARCHAR({length})"),
        L::Boolean => "BOOLEAN".into(),
        L::Binary { length } => format!("BINARY({length})"),
        L::VarBinary { length } => format!("VARBINARY({length})"),
        L::Decimal { precision, scale } => format!("DECIMAL({precision}, {scale})"),
        L::TinyInt => "TINYINT".into(),
        L::SmallInt => "SMALLINT".into(),
        L::Int => "INTEGER".into(),
        L::BigInt => "BIGINT".into(),
        L::Float => "FLOAT".into(),
        L::Double => "DOUBLE".into(),
        L::Date => "DATE".into(),
        L::Time { precision } => format!("TIME({precision})"),
        L::Timestamp { precision, kind } => match kind {
            TimestampKind::Rowtime => format!("TIMESTAMP({precision}) *ROWTIME*"),
            TimestampKind::Proctime => format!("TIMESTAMP({precision}) *PROCTIME*"),
            TimestampKind::Regular => format!("TIMESTAMP({precision})"),
        },
        L::TimestampTz { precision } => format!("TIMESTAMP_WITH_TIME_ZONE({precision})"),
        L::TimestampLtz { precision, kind } => match kind {
            TimestampKind::Rowtime => format!("TIMESTAMP_LTZ({precision}) *ROWTIME*"),
            TimestampKind::Proctime => format!("TIMESTAMP_LTZ({precision}) *PROCTIME*"),
            TimestampKind::Regular => format!("TIMESTAMP_WITH_LOCAL_TIME_ZONE({precision})"),
        },
        L::IntervalYearMonth { resolution, .. } => match resolution {
            YearMonthResolution::Year => "INTERVAL YEAR".into(),
            YearMonthResolution::YearToMonth => "INTERVAL YEAR TO MONTH".into(),
            YearMonthResolution::Month => "INTERVAL MONTH".into(),
        },
        L::IntervalDayTime { resolution, .. } => {
            use DayTimeResolution as D;
            match resolution {
                D::Day => "INTERVAL DAY",
                D::DayToHour => "INTERVAL DAY TO HOUR",
                D::DayToMinute => "INTERVAL DAY TO MINUTE",
                D::DayToSecond => "INTERVAL DAY TO SECOND",
                D::Hour => "INTERVAL HOUR",
                D::HourToMinute => "INTERVAL HOUR TO MINUTE",
                D::HourToSecond => "INTERVAL HOUR TO SECOND",
                D::Minute => "INTERVAL MINUTE",
                D::MinuteToSecond => "INTERVAL MINUTE TO SECOND",
                D::Second => "INTERVAL SECOND",
            }
            .into()
        }
        L::Array { element } => format!("{} ARRAY", calcite_name(element)),
        L::Multiset { element } => format!("{} MULTISET", calcite_name(element)),
        L::Map { key, value } => format!("({}, {}) MAP", calcite_name(key), calcite_name(value)),
        L::Row { fields } => format!(
            "RecordType:peek_no_expand({})",
            fields
                .iter()
                .map(|f| format!("{} {}", calcite_name(&f.data_type), f.name))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        L::Null => "NULL".into(),
        L::Variant => "VARIANT".into(),
        _ => t.summary_string(),
    }
}

/// The operand type as `Cannot apply` messages print it: `<VARCHAR(2147483647)>`, with ROW
/// types upper-cased as Calcite does.
pub(crate) fn operand_name(t: &DataType) -> String {
    let n = calcite_name(t);
    if t.type_root() == R::Row {
        n.to_uppercase()
    } else {
        n
    }
}

/// The type family Calcite prints in "No match found for function signature F(<NUMERIC>)".
pub(crate) fn family_name(t: &DataType) -> String {
    match t.type_root() {
        r if t.has_family(F::Numeric) && r != R::Null => "NUMERIC".into(),
        R::Char | R::Varchar => "CHARACTER".into(),
        R::Binary | R::Varbinary => "BINARY".into(),
        R::Boolean => "BOOLEAN".into(),
        R::Date => "DATE".into(),
        R::TimeWithoutTimeZone => "TIME".into(),
        R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone => "TIMESTAMP".into(),
        R::IntervalYearMonth => "INTERVAL_YEAR_MONTH".into(),
        R::IntervalDayTime => "INTERVAL_DAY_TIME".into(),
        R::Null => "NULL".into(),
        _ => calcite_name(t),
    }
}

/// The type spec Calcite unparses for a cast to `t` (`SqlTypeUtil.convertTypeToSpec`), as in the
/// implicit casts of stored expressions.
pub(crate) fn cast_spec(t: &DataType) -> String {
    use LogicalType as L;
    match &t.logical {
        L::Char { length } => format!("CHAR({length}) CHARACTER SET `UTF-16LE`"),
        L::VarChar { length } => format!("VARCHAR({length}) CHARACTER SET `UTF-16LE`"),
        L::Timestamp { precision, .. } => format!("TIMESTAMP({precision})"),
        L::TimestampLtz { precision, .. } => {
            format!("TIMESTAMP({precision}) WITH LOCAL TIME ZONE")
        }
        L::Array { element } => format!("{} ARRAY", cast_spec(element)),
        L::Multiset { element } => format!("{} MULTISET", cast_spec(element)),
        L::Map { key, value } => format!("MAP< {}, {} >", cast_spec(key), cast_spec(value)),
        L::Row { fields } => format!(
            "ROW({})",
            fields
                .iter()
                .map(|f| format!(
                    "`{}` {}{}",
                    f.name.replace('`', "``"),
                    cast_spec(&f.data_type),
                    if f.data_type.nullable {
                        ""
                    } else {
                        " NOT NULL"
                    }
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        L::IntervalDayTime { .. } | L::IntervalYearMonth { .. } => calcite_name(t),
        _ => calcite_name(t),
    }
}

// ---- constructors ------------------------------------------------------------------------

pub(crate) fn string_type(nullable: bool) -> DataType {
    DataType::varchar(MAX_LENGTH).with_nullability(nullable)
}

/// `INTERVAL SECOND(3)`: what every day-time interval becomes in Flink.
pub(crate) fn interval_day_time() -> DataType {
    DataType::new(LogicalType::IntervalDayTime {
        resolution: DayTimeResolution::Second,
        day_precision: 2,
        fractional_precision: 3,
    })
}

/// `INTERVAL MONTH`: what every year-month interval becomes in Flink.
pub(crate) fn interval_year_month() -> DataType {
    DataType::new(LogicalType::IntervalYearMonth {
        resolution: YearMonthResolution::Month,
        year_precision: 2,
    })
}

// ---- Calcite's least restrictive type ------------------------------------------------------

/// The common type of character (or binary) strings: the longest length, of fixed length
/// (`fixed_root`) only when every operand is of that root and of one length.
fn common_length_type(
    non_null: &[&DataType],
    fixed_root: R,
    fixed: fn(u32) -> DataType,
    varying: fn(u32) -> DataType,
) -> DataType {
    let len = non_null
        .iter()
        .filter_map(|t| t.length())
        .max()
        .unwrap_or(1);
    let first_length = non_null.first().and_then(|t| t.length());
    let all_fixed_same = non_null
        .iter()
        .all(|t| t.type_root() == fixed_root && t.length() == first_length);
    if all_fixed_same {
        fixed(len)
    } else {
        varying(len)
    }
}

/// Calcite's `leastRestrictive` as Flink configures it: the common type of CASE branches and
/// of ARRAY / MAP constructor elements. `None` when the types do not mix or all are NULL.
pub(crate) fn least_restrictive(types: &[DataType]) -> Option<DataType> {
    let nullable = types.iter().any(|t| t.nullable || is_null_type(t));
    let non_null: Vec<&DataType> = types.iter().filter(|t| !is_null_type(t)).collect();
    let first = *non_null.first()?;
    let all = |p: fn(&DataType) -> bool| non_null.iter().all(|t| p(t));
    // Flink's fallback (`LogicalTypeMerging`): a datetime absorbs exact numbers and
    // intervals (`CASE WHEN c THEN 1 ELSE ts END` is a TIMESTAMP).
    let datetimes: Vec<DataType> = non_null
        .iter()
        .filter(|t| is_datetime(t))
        .map(|t| (*t).clone())
        .collect();
    if !datetimes.is_empty()
        && datetimes.len() < non_null.len()
        && non_null
            .iter()
            .all(|t| is_datetime(t) || is_exact(t) || is_interval(t))
        // a DECIMAL only before the first datetime
        && !non_null
            .iter()
            .skip_while(|t| !is_datetime(t))
            .any(|t| t.type_root() == R::Decimal)
    {
        return least_restrictive(&datetimes).map(|t| t.with_nullability(nullable));
    }
    let result = if all(is_char) {
        common_length_type(&non_null, R::Char, DataType::char, DataType::varchar)
    } else if all(is_binary) {
        common_length_type(&non_null, R::Binary, DataType::binary, DataType::varbinary)
    } else if all(is_numeric) {
        if let Some(approx) = non_null.iter().find(|t| is_approx(t)) {
            // FLOAT meets DECIMAL in DOUBLE
            if non_null.iter().any(|t| t.type_root() == R::Decimal) {
                DataType::double()
            } else {
                DataType::new(approx.logical.clone())
            }
        } else if non_null.iter().any(|t| t.type_root() == R::Decimal) {
            let mut int_digits = 0u32;
            let mut scale = 0u32;
            for t in &non_null {
                let p = t.precision().unwrap_or(10);
                let s = t.scale().unwrap_or(0);
                int_digits = int_digits.max(p.saturating_sub(s));
                scale = scale.max(s);
            }
            let p = (int_digits + scale).min(38);
            let s = scale.min(p);
            DataType::decimal(p, s)
        } else {
            let widest = non_null
                .iter()
                .max_by_key(|t| t.precision().unwrap_or(0))
                .map(|t| (**t).clone())
                .unwrap_or_else(DataType::int);
            DataType::new(widest.logical)
        }
    } else if all(|t| t.type_root() == R::Boolean) {
        DataType::boolean()
    } else if all(|t| t.type_root() == R::Date) {
        DataType::date()
    } else if all(|t| t.type_root() == R::TimeWithoutTimeZone) {
        let p = non_null
            .iter()
            .filter_map(|t| t.precision())
            .max()
            .unwrap_or(0);
        DataType::time(p)
    } else if all(is_timestamp) {
        // Calcite keeps the first type while precisions agree; a differing precision switches
        // to the later operand's kind of timestamp at the larger precision (and drops any
        // time-attribute marker).
        let mut result = DataType::new(first.logical.clone());
        let proctime = first.timestamp_kind() == TimestampKind::Proctime;
        let mut keep_kind = proctime;
        for t in non_null.iter().skip(1) {
            let (rp, tp) = (result.precision().unwrap_or(0), t.precision().unwrap_or(0));
            if rp != tp {
                let p = rp.max(tp);
                result = if t.type_root() == R::TimestampWithLocalTimeZone {
                    DataType::timestamp_ltz(p)
                } else {
                    DataType::timestamp(p)
                };
                keep_kind = false;
            }
        }
        let result = DataType::new(match result.logical {
            LogicalType::Timestamp { precision, .. } => LogicalType::Timestamp {
                precision,
                kind: TimestampKind::Regular,
            },
            LogicalType::TimestampLtz { precision, .. } => LogicalType::TimestampLtz {
                precision,
                kind: TimestampKind::Regular,
            },
            other => other,
        });
        if keep_kind {
            result.with_timestamp_kind(TimestampKind::Proctime)
        } else {
            result
        }
    } else if all(|t| t.type_root() == R::IntervalDayTime) {
        interval_day_time()
    } else if all(|t| t.type_root() == R::IntervalYearMonth) {
        interval_year_month()
    } else if all(|t| t.type_root() == R::Array) {
        let elems: Vec<DataType> = non_null
            .iter()
            .filter_map(|t| t.children().first().map(|c| (*c).clone()))
            .collect();
        DataType::array(least_restrictive(&elems)?)
    } else if all(|t| matches!(t.type_root(), R::Multiset | R::Array)) {
        // ARRAY and MULTISET mix; the first decides
        let elems: Vec<DataType> = non_null
            .iter()
            .filter_map(|t| t.children().first().map(|c| (*c).clone()))
            .collect();
        if first.type_root() == R::Array {
            DataType::array(least_restrictive(&elems)?)
        } else {
            DataType::multiset(least_restrictive(&elems)?)
        }
    } else if all(|t| t.type_root() == R::Map) {
        let keys: Vec<DataType> = non_null
            .iter()
            .filter_map(|t| t.children().first().map(|c| (*c).clone()))
            .collect();
        let values: Vec<DataType> = non_null
            .iter()
            .filter_map(|t| t.children().get(1).map(|c| (*c).clone()))
            .collect();
        DataType::map(least_restrictive(&keys)?, least_restrictive(&values)?)
    } else if all(|t| t.type_root() == R::Row) {
        let LogicalType::Row { fields } = &first.logical else {
            return None;
        };
        let n = fields.len();
        if non_null.iter().any(|t| t.children().len() != n) {
            return None;
        }
        let mut out = Vec::with_capacity(n);
        for (i, f) in fields.iter().enumerate() {
            let col: Vec<DataType> = non_null
                .iter()
                .filter_map(|t| t.children().get(i).map(|c| (*c).clone()))
                .collect();
            out.push(RowField::new(f.name.clone(), least_restrictive(&col)?));
        }
        DataType::row(out)
    } else if all(|t| t.type_root() == R::Variant) {
        DataType::new(LogicalType::Variant)
    } else {
        return None;
    };
    Some(result.with_nullability(nullable))
}

/// Calcite's `SqlTypeUtil.isComparable`-like check Flink applies to `=`, `<`, ... and
/// IS [NOT] DISTINCT FROM: which operand pairs may be compared.
pub(crate) fn comparable(a: &DataType, b: &DataType) -> bool {
    let (ra, rb) = (a.type_root(), b.type_root());
    if is_null_type(a) || is_null_type(b) {
        // a NULL literal compares with anything but a ROW
        return ra != R::Row && rb != R::Row;
    }
    if is_numeric(a) && is_numeric(b) {
        return true;
    }
    if is_char(a) && is_char(b) {
        return true;
    }
    // numbers compare with character strings (implicit coercion)
    if (is_numeric(a) && is_char(b)) || (is_char(a) && is_numeric(b)) {
        return true;
    }
    if is_binary(a) && is_binary(b) {
        return true;
    }
    if ra == R::Boolean && rb == R::Boolean {
        return true;
    }
    if ra == R::Date && rb == R::Date {
        return true;
    }
    if ra == R::TimeWithoutTimeZone && rb == R::TimeWithoutTimeZone {
        return true;
    }
    if is_timestamp(a) && is_timestamp(b) {
        return true;
    }
    // a character string coerces to a datetime, a BOOLEAN or an interval
    let coercible = |t: &DataType| is_datetime(t) || is_interval(t) || root(t) == R::Boolean;
    if (coercible(a) && is_char(b)) || (is_char(a) && coercible(b)) {
        return true;
    }
    if ra == R::IntervalDayTime && rb == R::IntervalDayTime {
        return true;
    }
    if ra == R::IntervalYearMonth && rb == R::IntervalYearMonth {
        return true;
    }
    if matches!(ra, R::Array | R::Map | R::Row | R::Multiset) && ra == rb {
        return true;
    }
    if ra == R::Variant && rb == R::Variant {
        return true;
    }
    false
}
