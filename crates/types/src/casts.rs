//! Castability, as Flink's `LogicalTypeCasts` (2.3) defines it.
//!
//! * [`supports_implicit_cast`]: safe widening without loss, used for type generalization.
//! * [`supports_explicit_cast`]: what `CAST(x AS T)` accepts.
//! * [`supports_avoiding_cast`]: a value of the source type can be used as the target type as is.
//!
//! Verified pairwise against the real Flink jars (`fixtures/types/casts.jsonl`).

use crate::model::{
    DataType, DayTimeResolution, LogicalType, LogicalTypeFamily as F, LogicalTypeRoot as R,
    YearMonthResolution,
};

/// Whether `source` can be safely cast to `target` without losing information
/// (`LogicalTypeCasts.supportsImplicitCast`).
pub fn supports_implicit_cast(source: &DataType, target: &DataType) -> bool {
    supports_casting(source, target, false)
}

/// Whether `CAST(source AS target)` is allowed (`LogicalTypeCasts.supportsExplicitCast`).
pub fn supports_explicit_cast(source: &DataType, target: &DataType) -> bool {
    supports_casting(source, target, true)
}

/// The implicit-cast source roots for a target root (identity included).
fn implicit_from(target: R, source: R) -> bool {
    if target == source {
        return true;
    }
    let fam = |f: F| source.has_family(f);
    match target {
        R::Char => source == R::Char,
        R::Varchar => fam(F::CharacterString),
        R::Boolean => source == R::Boolean,
        R::Binary => source == R::Binary,
        R::Varbinary => fam(F::BinaryString),
        R::Decimal => fam(F::Numeric),
        R::Tinyint => source == R::Tinyint,
        R::Smallint => matches!(source, R::Tinyint | R::Smallint),
        R::Integer => matches!(source, R::Tinyint | R::Smallint | R::Integer),
        R::Bigint => matches!(source, R::Tinyint | R::Smallint | R::Integer | R::Bigint),
        R::Float => matches!(
            source,
            R::Tinyint | R::Smallint | R::Integer | R::Bigint | R::Float | R::Decimal
        ),
        R::Double => fam(F::Numeric),
        R::Date => matches!(source, R::Date | R::TimestampWithoutTimeZone),
        R::TimeWithoutTimeZone => {
            matches!(source, R::TimeWithoutTimeZone | R::TimestampWithoutTimeZone)
        }
        R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone => matches!(
            source,
            R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone
        ),
        _ => false,
    }
}

/// The explicit-cast source roots for a target root (in addition to the implicit ones), as
/// Flink 2.3 builds them.
fn explicit_from(target: R, source: R) -> bool {
    let fam = |f: F| source.has_family(f);
    let num_like = matches!(
        source,
        R::Boolean | R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone
    );
    match target {
        R::Char | R::Varchar => {
            fam(F::Predefined)
                || fam(F::Constructed)
                || matches!(source, R::Raw | R::Null | R::StructuredType | R::Bitmap)
        }
        R::Boolean => fam(F::CharacterString) || fam(F::IntegerNumeric),
        R::Binary => fam(F::CharacterString) || matches!(source, R::Varbinary | R::Raw),
        R::Varbinary => fam(F::CharacterString) || matches!(source, R::Binary | R::Raw),
        R::Decimal | R::Tinyint | R::Smallint | R::Integer | R::Bigint => {
            fam(F::Numeric) || fam(F::CharacterString) || fam(F::Interval) || num_like
        }
        R::Float => fam(F::Numeric) || fam(F::CharacterString) || num_like,
        R::Double => fam(F::CharacterString) || num_like,
        R::Date => fam(F::Timestamp) || fam(F::CharacterString),
        R::TimeWithoutTimeZone => fam(F::Time) || fam(F::Timestamp) || fam(F::CharacterString),
        R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone => {
            fam(F::Datetime) || fam(F::CharacterString) || fam(F::Numeric)
        }
        R::TimestampWithTimeZone => fam(F::Datetime) || fam(F::CharacterString),
        R::IntervalYearMonth | R::IntervalDayTime => {
            fam(F::ExactNumeric) || fam(F::CharacterString)
        }
        _ => false,
    }
}

fn is_single_field_interval(t: &DataType) -> bool {
    match &t.logical {
        LogicalType::IntervalYearMonth { resolution, .. } => {
            matches!(
                resolution,
                YearMonthResolution::Year | YearMonthResolution::Month
            )
        }
        LogicalType::IntervalDayTime { resolution, .. } => matches!(
            resolution,
            DayTimeResolution::Day
                | DayTimeResolution::Hour
                | DayTimeResolution::Minute
                | DayTimeResolution::Second
        ),
        _ => false,
    }
}

fn supports_casting(source: &DataType, target: &DataType, explicit: bool) -> bool {
    // a NOT NULL type cannot store a NULL value, but an explicit cast may assert it
    if source.nullable && !target.nullable && !explicit {
        return false;
    }
    if source.logically_equals_ignoring_nullability(target) {
        return true;
    }
    let sr = source.type_root();
    let tr = target.type_root();
    if sr == R::Null {
        return true;
    }
    if sr == R::DistinctType && tr == R::DistinctType {
        return false;
    }
    if let LogicalType::Distinct { source: inner, .. } = &source.logical {
        return supports_casting(inner, target, explicit);
    }
    if let LogicalType::Distinct { source: inner, .. } = &target.logical {
        return supports_casting(source, inner, explicit);
    }
    if sr.has_family(F::Interval) && tr.has_family(F::ExactNumeric) {
        return is_single_field_interval(source);
    }
    if sr.has_family(F::ExactNumeric) && tr.has_family(F::Interval) {
        return is_single_field_interval(target);
    }
    let composite = |r: R| r.has_family(F::Constructed) || r == R::StructuredType;
    if composite(sr) && composite(tr) {
        if sr.has_family(F::Constructed) || tr.has_family(F::Constructed) {
            return supports_constructed_casting(source, target, explicit);
        }
        return supports_structured_casting(source, target, &|s, t| {
            supports_casting(s, t, explicit)
        });
    }
    if (sr == R::Raw && !tr.has_family(F::BinaryString) && !tr.has_family(F::CharacterString))
        || tr == R::Raw
    {
        return false;
    }
    if sr == R::Symbol || tr == R::Symbol {
        return false;
    }
    if sr == R::Bitmap && tr == R::Varbinary {
        return explicit && target.length() == Some(crate::model::MAX_LENGTH);
    }
    if implicit_from(tr, sr) {
        return true;
    }
    explicit && explicit_from(tr, sr)
}

fn supports_structured_casting(
    source: &DataType,
    target: &DataType,
    child: &dyn Fn(&DataType, &DataType) -> bool,
) -> bool {
    let (
        LogicalType::Structured {
            class_name: sc,
            attributes: sa,
        },
        LogicalType::Structured { class_name: tc, .. },
    ) = (&source.logical, &target.logical)
    else {
        return false;
    };
    // Flink compares the loaded implementation classes: two classes it cannot load are both
    // absent and so "equal". Only JDK classes are assumed loadable here.
    if implementation_class(sc) != implementation_class(tc) {
        return false;
    }
    // Flink 2.3 compares the source's attribute names with themselves, then walks the source's
    // children (a shorter target makes it throw; that is `false` here).
    let _ = sa;
    let sch = source.children();
    let tch = target.children();
    if tch.len() < sch.len() {
        return false;
    }
    sch.iter().zip(tch.iter()).all(|(s, t)| child(s, t))
}

fn implementation_class(class_name: &str) -> Option<&str> {
    (class_name.starts_with("java.") || class_name.starts_with("javax.")).then_some(class_name)
}

fn supports_constructed_casting(source: &DataType, target: &DataType, explicit: bool) -> bool {
    let sr = source.type_root();
    let tr = target.type_root();
    if sr == tr
        || (sr == R::Row && tr == R::StructuredType)
        || (sr == R::StructuredType && tr == R::Row)
    {
        let sch = source.children();
        let tch = target.children();
        if sch.len() != tch.len() {
            return false;
        }
        return sch
            .iter()
            .zip(tch.iter())
            .all(|(s, t)| supports_casting(s, t, explicit));
    }
    false
}

/// Whether a value of `source` can be used as `target` without any cast
/// (`LogicalTypeCasts.supportsAvoidingCast`): equal types, except that NOT NULL fits into
/// nullable, shorter CHAR/VARCHAR fits into a longer VARCHAR (same for binary strings),
/// constructed types ignore field names, and ROW and STRUCTURED interchange when their field
/// types do.
pub fn supports_avoiding_cast(source: &DataType, target: &DataType) -> bool {
    // A nullable source never fits a NOT NULL target, whatever the types (every case of
    // Flink's supportsAvoidingCast checks this first).
    if source.nullable && !target.nullable {
        return false;
    }
    match &target.logical {
        LogicalType::IntervalYearMonth { year_precision, .. } => {
            if let LogicalType::IntervalYearMonth {
                year_precision: sp, ..
            } = &source.logical
            {
                if sp <= year_precision {
                    return true;
                }
            }
            avoid_default(source, target)
        }
        LogicalType::IntervalDayTime {
            day_precision,
            fractional_precision,
            ..
        } => {
            if let LogicalType::IntervalDayTime {
                day_precision: sd,
                fractional_precision: sf,
                ..
            } = &source.logical
            {
                if sd <= day_precision && sf <= fractional_precision {
                    return true;
                }
            }
            avoid_default(source, target)
        }
        LogicalType::VarChar { length } | LogicalType::VarBinary { length } => {
            // A character string fits a VARCHAR, a binary string a VARBINARY, if not longer.
            let same_kind = match target.logical {
                LogicalType::VarChar { .. } => matches!(
                    source.logical,
                    LogicalType::Char { .. } | LogicalType::VarChar { .. }
                ),
                _ => matches!(
                    source.logical,
                    LogicalType::Binary { .. } | LogicalType::VarBinary { .. }
                ),
            };
            if same_kind && source.length().unwrap_or(u32::MAX) <= *length {
                return true;
            }
            avoid_default(source, target)
        }
        LogicalType::Row { .. } => {
            if source.type_root() == R::StructuredType {
                return avoid_all(&source.children(), &target.children());
            }
            avoid_default(source, target)
        }
        LogicalType::Structured { .. } => {
            if source.type_root() == R::Row {
                return avoid_all(&source.children(), &target.children());
            }
            if source.logically_equals(target) || source.clone().nullable().logically_equals(target)
            {
                return true;
            }
            supports_structured_casting(source, target, &supports_avoiding_cast)
        }
        _ => avoid_default(source, target),
    }
}

fn avoid_all(sources: &[&DataType], targets: &[&DataType]) -> bool {
    sources.len() == targets.len()
        && sources
            .iter()
            .zip(targets.iter())
            .all(|(s, t)| supports_avoiding_cast(s, t))
}

fn same_class(a: &LogicalType, b: &LogicalType) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

fn avoid_default(source: &DataType, target: &DataType) -> bool {
    if (source.nullable && !target.nullable)
        || !same_class(&source.logical, &target.logical)
        || source.type_root() != target.type_root()
    {
        return false;
    }
    let sch = source.children();
    if sch.is_empty() {
        source.logically_equals(target) || source.clone().nullable().logically_equals(target)
    } else {
        avoid_all(&sch, &target.children())
    }
}
