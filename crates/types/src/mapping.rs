//! Mappings from Flink types to other type systems. Each is a documented table in
//! `docs/types.md`:
//!
//! * [`DataType::java_conversion_class`]: Flink's default conversion class
//!   (`DataType.getConversionClass()` of `TypeConversions.fromLogicalToDataType`), as
//!   `Class.getName()` prints it;
//! * [`DataType::rust_type_name`]: a Rust type to hold values, as a string;
//! * [`DataType::to_arrow`] / [`DataType::to_arrow_field`]: an `arrow_schema` type.

use crate::model::{DataType, LogicalType, RowField};
use arrow_schema::{DataType as ArrowType, Field, Fields, IntervalUnit, TimeUnit};
use std::sync::Arc;

fn time_unit(precision: u32) -> TimeUnit {
    match precision {
        0 => TimeUnit::Second,
        1..=3 => TimeUnit::Millisecond,
        4..=6 => TimeUnit::Microsecond,
        _ => TimeUnit::Nanosecond,
    }
}

impl DataType {
    /// Flink's default Java conversion class name (`java.lang.String`, `[B`, `[Ljava.lang.Integer;`,
    /// `java.time.LocalDateTime`, `org.apache.flink.types.Row`, ...). Nullability does not
    /// matter: `INT NOT NULL` is `java.lang.Integer` too. `None` for unresolved types and types
    /// containing them (Flink cannot create a data type from them) and for LEGACY types other
    /// than `ANY<class>`. STRUCTURED types give their class when it is a JDK class (`java.*`,
    /// `javax.*`, which Flink can always load) and `org.apache.flink.types.Row` otherwise, which
    /// is what Flink uses when it cannot load the named class.
    pub fn java_conversion_class(&self) -> Option<String> {
        use LogicalType as L;
        // Flink cannot build a data type around an unresolved child.
        for child in self.children() {
            child.java_conversion_class()?;
        }
        let s = match &self.logical {
            L::Char { .. } | L::VarChar { .. } => "java.lang.String",
            L::Boolean => "java.lang.Boolean",
            L::Binary { .. } | L::VarBinary { .. } => "[B",
            L::Decimal { .. } => "java.math.BigDecimal",
            L::TinyInt => "java.lang.Byte",
            L::SmallInt => "java.lang.Short",
            L::Int => "java.lang.Integer",
            L::BigInt => "java.lang.Long",
            L::Float => "java.lang.Float",
            L::Double => "java.lang.Double",
            L::Date => "java.time.LocalDate",
            L::Time { .. } => "java.time.LocalTime",
            L::Timestamp { .. } => "java.time.LocalDateTime",
            L::TimestampTz { .. } => "java.time.OffsetDateTime",
            L::TimestampLtz { .. } => "java.time.Instant",
            L::IntervalYearMonth { .. } => "java.time.Period",
            L::IntervalDayTime { .. } => "java.time.Duration",
            L::Array { element } => {
                let inner = element.java_conversion_class()?;
                return Some(if inner.starts_with('[') {
                    format!("[{inner}")
                } else {
                    format!("[L{inner};")
                });
            }
            L::Multiset { .. } | L::Map { .. } => "java.util.Map",
            L::Structured { class_name, .. }
                if class_name.starts_with("java.") || class_name.starts_with("javax.") =>
            {
                return Some(String::clone(class_name))
            }
            L::Row { .. } | L::Structured { .. } => "org.apache.flink.types.Row",
            L::Distinct { source, .. } => return source.java_conversion_class(),
            L::Raw { class_name, .. } => return Some(String::clone(class_name)),
            L::Legacy { type_info, .. } => return legacy_class(type_info),
            L::Unresolved { .. } => return None,
            L::Null => "java.lang.Object",
            L::Symbol => "java.lang.Enum",
            L::Descriptor => "org.apache.flink.types.ColumnList",
            L::Variant => "org.apache.flink.types.variant.Variant",
            L::Bitmap => "org.apache.flink.types.bitmap.Bitmap",
        };
        Some(s.to_string())
    }

    /// A Rust type that holds values of this type, as a string: `i32` for `INT NOT NULL`,
    /// `Option<i32>` for `INT`, `chrono::NaiveDateTime` for TIMESTAMP,
    /// `rust_decimal::Decimal` for DECIMAL, tuples for ROW. `None` for unresolved types.
    pub fn rust_type_name(&self) -> Option<String> {
        use LogicalType as L;
        let inner: String = match &self.logical {
            L::Char { .. } | L::VarChar { .. } => "String".into(),
            L::Boolean => "bool".into(),
            L::Binary { .. } | L::VarBinary { .. } => "Vec<u8>".into(),
            L::Decimal { .. } => "rust_decimal::Decimal".into(),
            L::TinyInt => "i8".into(),
            L::SmallInt => "i16".into(),
            L::Int => "i32".into(),
            L::BigInt => "i64".into(),
            L::Float => "f32".into(),
            L::Double => "f64".into(),
            L::Date => "chrono::NaiveDate".into(),
            L::Time { .. } => "chrono::NaiveTime".into(),
            L::Timestamp { .. } => "chrono::NaiveDateTime".into(),
            L::TimestampTz { .. } => "chrono::DateTime<chrono::FixedOffset>".into(),
            L::TimestampLtz { .. } => "chrono::DateTime<chrono::Utc>".into(),
            L::IntervalYearMonth { .. } => "i32".into(),
            L::IntervalDayTime { .. } => "chrono::TimeDelta".into(),
            L::Array { element } => format!("Vec<{}>", element.rust_type_name()?),
            L::Multiset { element } => format!(
                "std::collections::HashMap<{}, i32>",
                element.rust_type_name()?
            ),
            L::Map { key, value } => format!(
                "std::collections::HashMap<{}, {}>",
                key.rust_type_name()?,
                value.rust_type_name()?
            ),
            L::Row { fields } => rust_tuple_type(fields)?,
            L::Structured { attributes, .. } => rust_tuple_type(attributes)?,
            L::Distinct { source, .. } => {
                return source
                    .clone()
                    .with_nullability(self.nullable)
                    .rust_type_name()
            }
            L::Raw { .. } | L::Legacy { .. } => "Vec<u8>".into(),
            L::Null => "()".into(),
            L::Symbol => "String".into(),
            L::Descriptor => "Vec<String>".into(),
            L::Variant => "serde_json::Value".into(),
            L::Bitmap => "roaring::RoaringBitmap".into(),
            L::Unresolved { .. } => return None,
        };
        Some(if self.nullable {
            format!("Option<{inner}>")
        } else {
            inner
        })
    }

    /// The Arrow type of values of this type (nullability goes on the [`Field`]; see
    /// [`DataType::to_arrow_field`]). `None` for types without an Arrow equivalent
    /// (TIMESTAMP WITH TIME ZONE, SYMBOL, DESCRIPTOR, LEGACY, unresolved).
    pub fn to_arrow(&self) -> Option<ArrowType> {
        use LogicalType as L;
        Some(match &self.logical {
            L::Char { .. } | L::VarChar { .. } => ArrowType::Utf8,
            L::Boolean => ArrowType::Boolean,
            L::Binary { .. } | L::VarBinary { .. } => ArrowType::Binary,
            L::Decimal { precision, scale } => {
                ArrowType::Decimal128(u8::try_from(*precision).ok()?, i8::try_from(*scale).ok()?)
            }
            L::TinyInt => ArrowType::Int8,
            L::SmallInt => ArrowType::Int16,
            L::Int => ArrowType::Int32,
            L::BigInt => ArrowType::Int64,
            L::Float => ArrowType::Float32,
            L::Double => ArrowType::Float64,
            L::Date => ArrowType::Date32,
            L::Time { precision } => match time_unit(*precision) {
                TimeUnit::Second => ArrowType::Time32(TimeUnit::Second),
                TimeUnit::Millisecond => ArrowType::Time32(TimeUnit::Millisecond),
                u => ArrowType::Time64(u),
            },
            L::Timestamp { precision, .. } => ArrowType::Timestamp(time_unit(*precision), None),
            L::TimestampLtz { precision, .. } => {
                ArrowType::Timestamp(time_unit(*precision), Some(Arc::from("UTC")))
            }
            L::TimestampTz { .. } => return None,
            L::IntervalYearMonth { .. } => ArrowType::Interval(IntervalUnit::YearMonth),
            L::IntervalDayTime {
                fractional_precision,
                ..
            } => ArrowType::Duration(time_unit(*fractional_precision)),
            L::Array { element } => ArrowType::List(Arc::new(element.to_arrow_field("element")?)),
            L::Multiset { element } => map_type(
                element.to_arrow_field("key")?.with_nullable(false),
                Field::new("value", ArrowType::Int32, false),
            ),
            L::Map { key, value } => map_type(
                key.to_arrow_field("key")?.with_nullable(false),
                value.to_arrow_field("value")?,
            ),
            L::Row { fields } => arrow_struct_type(fields)?,
            L::Structured { attributes, .. } => arrow_struct_type(attributes)?,
            L::Distinct { source, .. } => return source.to_arrow(),
            L::Raw { .. } | L::Bitmap => ArrowType::Binary,
            L::Variant => ArrowType::Struct(Fields::from(vec![
                Field::new("metadata", ArrowType::Binary, false),
                Field::new("value", ArrowType::Binary, false),
            ])),
            L::Null => ArrowType::Null,
            L::Symbol | L::Descriptor | L::Legacy { .. } | L::Unresolved { .. } => return None,
        })
    }

    /// An Arrow [`Field`] named `name` with this type and its nullability.
    pub fn to_arrow_field(&self, name: &str) -> Option<Field> {
        Some(Field::new(name, self.to_arrow()?, self.nullable))
    }
}

/// The class of a legacy `ANY<class[, serializer]>` type information string.
fn legacy_class(type_info: &str) -> Option<String> {
    let inner = type_info.strip_prefix("ANY<")?.strip_suffix('>')?;
    let class = inner.split(',').next()?.trim();
    (!class.is_empty()).then(|| class.to_string())
}

fn map_type(key: Field, value: Field) -> ArrowType {
    let entries = Field::new(
        "entries",
        ArrowType::Struct(Fields::from(vec![key, value])),
        false,
    );
    ArrowType::Map(Arc::new(entries), false)
}

/// The Rust tuple of a ROW's (or STRUCTURED type's) field types.
fn rust_tuple_type(fields: &[RowField]) -> Option<String> {
    let parts: Vec<String> = fields
        .iter()
        .map(|f| f.data_type.rust_type_name())
        .collect::<Option<_>>()?;
    Some(if parts.len() == 1 {
        format!("({},)", parts[0])
    } else {
        format!("({})", parts.join(", "))
    })
}

/// The Arrow struct of a ROW's (or STRUCTURED type's) fields.
fn arrow_struct_type(fields: &[RowField]) -> Option<ArrowType> {
    let fs: Vec<Field> = fields
        .iter()
        .map(|f| f.data_type.to_arrow_field(&f.name))
        .collect::<Option<_>>()?;
    Some(ArrowType::Struct(Fields::from(fs)))
}
