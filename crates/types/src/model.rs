//! The data model: [`DataType`] (a logical type plus nullability), [`LogicalType`] (one variant
//! per Flink logical type), and the small enums around them.

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest length of CHAR, VARCHAR, BINARY and VARBINARY: Java's `Integer.MAX_VALUE`.
pub const MAX_LENGTH: u32 = i32::MAX as u32;

/// A Flink data type: a [`LogicalType`] and whether it admits `NULL`.
///
/// Equality (`==`) is structural and **includes** the time-attribute kind of TIMESTAMP and
/// TIMESTAMP_LTZ. Flink's own `LogicalType.equals` ignores that kind; use
/// [`DataType::logically_equals`] for Flink's notion.
///
/// Serialized with serde as `{"nullable": bool, "root": "<LogicalTypeRoot>", ...parameters}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DataType {
    /// Whether a value of this type can be `NULL` (Flink's `isNullable()`).
    pub nullable: bool,
    /// What kind of type this is, with its parameters.
    #[serde(flatten)]
    pub logical: LogicalType,
}

/// One variant per Flink logical type (`org.apache.flink.table.types.logical.*Type`).
///
/// Parameters are stored as Flink stores them; nothing here enforces ranges (see
/// [`crate::validate`]). Lengths of 0 are Flink's "empty literal" string types, which the DDL
/// path accepts (`CHAR(0)`) but which have no serializable string.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "root")]
pub enum LogicalType {
    /// `CHAR(n)`: fixed-length character string.
    #[serde(rename = "CHAR")]
    Char { length: u32 },
    /// `VARCHAR(n)`; `STRING` is `VARCHAR(2147483647)`.
    #[serde(rename = "VARCHAR")]
    VarChar { length: u32 },
    #[serde(rename = "BOOLEAN")]
    Boolean,
    /// `BINARY(n)`: fixed-length binary string.
    #[serde(rename = "BINARY")]
    Binary { length: u32 },
    /// `VARBINARY(n)`; `BYTES` is `VARBINARY(2147483647)`.
    #[serde(rename = "VARBINARY")]
    VarBinary { length: u32 },
    /// `DECIMAL(p, s)`.
    #[serde(rename = "DECIMAL")]
    Decimal { precision: u32, scale: u32 },
    #[serde(rename = "TINYINT")]
    TinyInt,
    #[serde(rename = "SMALLINT")]
    SmallInt,
    /// `INT` / `INTEGER` (root `INTEGER`).
    #[serde(rename = "INTEGER")]
    Int,
    #[serde(rename = "BIGINT")]
    BigInt,
    /// `FLOAT`: 4-byte floating point.
    #[serde(rename = "FLOAT")]
    Float,
    /// `DOUBLE` / `DOUBLE PRECISION`.
    #[serde(rename = "DOUBLE")]
    Double,
    #[serde(rename = "DATE")]
    Date,
    /// `TIME(p)` (without time zone).
    #[serde(rename = "TIME_WITHOUT_TIME_ZONE")]
    Time { precision: u32 },
    /// `TIMESTAMP(p)` (without time zone), possibly a rowtime attribute.
    #[serde(rename = "TIMESTAMP_WITHOUT_TIME_ZONE")]
    Timestamp {
        precision: u32,
        #[serde(default, skip_serializing_if = "TimestampKind::is_regular")]
        kind: TimestampKind,
    },
    /// `TIMESTAMP(p) WITH TIME ZONE` (Flink's `ZonedTimestampType`; not usable in tables).
    #[serde(rename = "TIMESTAMP_WITH_TIME_ZONE")]
    TimestampTz { precision: u32 },
    /// `TIMESTAMP_LTZ(p)` = `TIMESTAMP(p) WITH LOCAL TIME ZONE`, possibly a time attribute.
    #[serde(rename = "TIMESTAMP_WITH_LOCAL_TIME_ZONE")]
    TimestampLtz {
        precision: u32,
        #[serde(default, skip_serializing_if = "TimestampKind::is_regular")]
        kind: TimestampKind,
    },
    /// `INTERVAL YEAR(p)`, `INTERVAL YEAR(p) TO MONTH`, `INTERVAL MONTH`.
    #[serde(rename = "INTERVAL_YEAR_MONTH")]
    IntervalYearMonth {
        resolution: YearMonthResolution,
        year_precision: u32,
    },
    /// `INTERVAL DAY(p1) TO SECOND(p2)` and the other day-time resolutions.
    #[serde(rename = "INTERVAL_DAY_TIME")]
    IntervalDayTime {
        resolution: DayTimeResolution,
        day_precision: u32,
        fractional_precision: u32,
    },
    /// `ARRAY<T>`.
    #[serde(rename = "ARRAY")]
    Array { element: Box<DataType> },
    /// `MULTISET<T>`.
    #[serde(rename = "MULTISET")]
    Multiset { element: Box<DataType> },
    /// `MAP<K, V>`.
    #[serde(rename = "MAP")]
    Map {
        key: Box<DataType>,
        value: Box<DataType>,
    },
    /// `ROW<name type ['description'], ...>`.
    #[serde(rename = "ROW")]
    Row { fields: Vec<RowField> },
    /// A user-defined distinct type registered in a catalog, over a source type.
    #[serde(rename = "DISTINCT_TYPE")]
    /// (Boxed parts: the variant is rare and was the widest, which made every type 104 bytes.)
    Distinct {
        identifier: Box<ObjectIdentifier>,
        source: Box<DataType>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        description: Option<Box<String>>,
    },
    /// An inline structured type `STRUCTURED<'class.Name', attr type ['description'], ...>`.
    /// (Boxed parts, as `Distinct`'s: rare, and unboxed they made every type 64 bytes.)
    #[serde(rename = "STRUCTURED_TYPE")]
    Structured {
        class_name: Box<String>,
        attributes: Box<Vec<RowField>>,
    },
    /// `RAW('class', 'serializer snapshot')`. (Boxed parts, as `Structured`'s.)
    #[serde(rename = "RAW")]
    Raw {
        class_name: Box<String>,
        snapshot: Box<String>,
    },
    /// `LEGACY('ROOT', 'type information')`: a legacy `TypeInformation` wrapper. Its root is
    /// `type_root` (often `RAW`); the type information string is kept verbatim.
    #[serde(rename = "LEGACY")]
    Legacy {
        type_root: LogicalTypeRoot,
        type_info: String,
    },
    /// The type of an untyped `NULL` literal. Always nullable.
    #[serde(rename = "NULL")]
    Null,
    /// The type of a symbol argument (time unit flags etc.); internal to Flink.
    #[serde(rename = "SYMBOL")]
    Symbol,
    /// `DESCRIPTOR`: the type of a column-list argument of a table function.
    #[serde(rename = "DESCRIPTOR")]
    Descriptor,
    /// `VARIANT`: semi-structured data.
    #[serde(rename = "VARIANT")]
    Variant,
    /// `BITMAP`: a 32-bit roaring bitmap.
    #[serde(rename = "BITMAP")]
    Bitmap,
    /// A user-defined type referenced by name but not resolved against a catalog
    /// (`cat.db.MyType`); 1 to 3 parts.
    #[serde(rename = "UNRESOLVED")]
    Unresolved { parts: Vec<String> },
}

/// A field of a ROW type, or an attribute of a STRUCTURED type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RowField {
    /// Inline up to 24 bytes (most field names): a ROW type lives as long as its table.
    pub name: CompactString,
    pub data_type: DataType,
    /// Boxed (no spare capacity, 8 bytes less per field): most fields have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<Box<str>>,
}

impl RowField {
    /// A field without description.
    pub fn new(name: impl Into<CompactString>, data_type: DataType) -> Self {
        RowField {
            name: name.into(),
            data_type,
            description: None,
        }
    }

    /// A field with a description (printed as `'description'` in serializable strings).
    pub fn with_description(
        name: impl Into<CompactString>,
        data_type: DataType,
        description: impl Into<String>,
    ) -> Self {
        RowField {
            name: name.into(),
            data_type,
            description: Some(description.into().into_boxed_str()),
        }
    }
}

/// A fully qualified catalog object name (`catalog`.`database`.`object`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ObjectIdentifier {
    pub catalog: String,
    pub database: String,
    pub object: String,
}

/// Time-attribute kind of a TIMESTAMP / TIMESTAMP_LTZ (Flink's `TimestampKind`). It is metadata:
/// it shows in summary strings only and does not affect Flink's equality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TimestampKind {
    #[default]
    Regular,
    Rowtime,
    Proctime,
}

impl TimestampKind {
    /// True for [`TimestampKind::Regular`].
    pub fn is_regular(&self) -> bool {
        matches!(self, TimestampKind::Regular)
    }
}

/// Resolution of a year-month interval; the order is Flink's (coarse to fine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum YearMonthResolution {
    Year,
    YearToMonth,
    Month,
}

/// Resolution of a day-time interval; the order is Flink's (coarse to fine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DayTimeResolution {
    Day,
    DayToHour,
    DayToMinute,
    DayToSecond,
    Hour,
    HourToMinute,
    HourToSecond,
    Minute,
    MinuteToSecond,
    Second,
}

/// Flink's `LogicalTypeRoot`, in Flink's declaration order. `Display` prints the Java name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LogicalTypeRoot {
    Char,
    Varchar,
    Boolean,
    Binary,
    Varbinary,
    Decimal,
    Tinyint,
    Smallint,
    Integer,
    Bigint,
    Float,
    Double,
    Date,
    TimeWithoutTimeZone,
    TimestampWithoutTimeZone,
    TimestampWithTimeZone,
    TimestampWithLocalTimeZone,
    IntervalYearMonth,
    IntervalDayTime,
    Array,
    Multiset,
    Map,
    Row,
    DistinctType,
    StructuredType,
    Null,
    Raw,
    Symbol,
    Unresolved,
    Descriptor,
    Variant,
    Bitmap,
}

/// Flink's `LogicalTypeFamily`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LogicalTypeFamily {
    Predefined,
    Constructed,
    UserDefined,
    CharacterString,
    BinaryString,
    Numeric,
    IntegerNumeric,
    ExactNumeric,
    ApproximateNumeric,
    Datetime,
    Time,
    Timestamp,
    Interval,
    Collection,
    Extension,
    Descriptor,
}

impl LogicalTypeRoot {
    /// Every root, in Flink's declaration order.
    pub const ALL: [LogicalTypeRoot; 32] = [
        LogicalTypeRoot::Char,
        LogicalTypeRoot::Varchar,
        LogicalTypeRoot::Boolean,
        LogicalTypeRoot::Binary,
        LogicalTypeRoot::Varbinary,
        LogicalTypeRoot::Decimal,
        LogicalTypeRoot::Tinyint,
        LogicalTypeRoot::Smallint,
        LogicalTypeRoot::Integer,
        LogicalTypeRoot::Bigint,
        LogicalTypeRoot::Float,
        LogicalTypeRoot::Double,
        LogicalTypeRoot::Date,
        LogicalTypeRoot::TimeWithoutTimeZone,
        LogicalTypeRoot::TimestampWithoutTimeZone,
        LogicalTypeRoot::TimestampWithTimeZone,
        LogicalTypeRoot::TimestampWithLocalTimeZone,
        LogicalTypeRoot::IntervalYearMonth,
        LogicalTypeRoot::IntervalDayTime,
        LogicalTypeRoot::Array,
        LogicalTypeRoot::Multiset,
        LogicalTypeRoot::Map,
        LogicalTypeRoot::Row,
        LogicalTypeRoot::DistinctType,
        LogicalTypeRoot::StructuredType,
        LogicalTypeRoot::Null,
        LogicalTypeRoot::Raw,
        LogicalTypeRoot::Symbol,
        LogicalTypeRoot::Unresolved,
        LogicalTypeRoot::Descriptor,
        LogicalTypeRoot::Variant,
        LogicalTypeRoot::Bitmap,
    ];

    /// The Java enum constant name, e.g. `"TIMESTAMP_WITH_LOCAL_TIME_ZONE"`.
    pub fn as_str(self) -> &'static str {
        use LogicalTypeRoot as R;
        match self {
            R::Char => "CHAR",
            R::Varchar => "VARCHAR",
            R::Boolean => "BOOLEAN",
            R::Binary => "BINARY",
            R::Varbinary => "VARBINARY",
            R::Decimal => "DECIMAL",
            R::Tinyint => "TINYINT",
            R::Smallint => "SMALLINT",
            R::Integer => "INTEGER",
            R::Bigint => "BIGINT",
            R::Float => "FLOAT",
            R::Double => "DOUBLE",
            R::Date => "DATE",
            R::TimeWithoutTimeZone => "TIME_WITHOUT_TIME_ZONE",
            R::TimestampWithoutTimeZone => "TIMESTAMP_WITHOUT_TIME_ZONE",
            R::TimestampWithTimeZone => "TIMESTAMP_WITH_TIME_ZONE",
            R::TimestampWithLocalTimeZone => "TIMESTAMP_WITH_LOCAL_TIME_ZONE",
            R::IntervalYearMonth => "INTERVAL_YEAR_MONTH",
            R::IntervalDayTime => "INTERVAL_DAY_TIME",
            R::Array => "ARRAY",
            R::Multiset => "MULTISET",
            R::Map => "MAP",
            R::Row => "ROW",
            R::DistinctType => "DISTINCT_TYPE",
            R::StructuredType => "STRUCTURED_TYPE",
            R::Null => "NULL",
            R::Raw => "RAW",
            R::Symbol => "SYMBOL",
            R::Unresolved => "UNRESOLVED",
            R::Descriptor => "DESCRIPTOR",
            R::Variant => "VARIANT",
            R::Bitmap => "BITMAP",
        }
    }

    /// The root with this Java name (`LogicalTypeRoot.valueOf`), if any.
    pub fn from_name(name: &str) -> Option<LogicalTypeRoot> {
        LogicalTypeRoot::ALL
            .iter()
            .copied()
            .find(|r| r.as_str() == name)
    }

    /// The families of this root, as in Flink 2.3.
    pub fn families(self) -> &'static [LogicalTypeFamily] {
        use LogicalTypeFamily as F;
        use LogicalTypeRoot as R;
        match self {
            R::Char | R::Varchar => &[F::Predefined, F::CharacterString],
            R::Boolean => &[F::Predefined],
            R::Binary | R::Varbinary => &[F::Predefined, F::BinaryString],
            R::Decimal => &[F::Predefined, F::Numeric, F::ExactNumeric],
            R::Tinyint | R::Smallint | R::Integer | R::Bigint => &[
                F::Predefined,
                F::Numeric,
                F::IntegerNumeric,
                F::ExactNumeric,
            ],
            R::Float | R::Double => &[F::Predefined, F::Numeric, F::ApproximateNumeric],
            R::Date => &[F::Predefined, F::Datetime],
            R::TimeWithoutTimeZone => &[F::Predefined, F::Datetime, F::Time],
            R::TimestampWithoutTimeZone | R::TimestampWithTimeZone => {
                &[F::Predefined, F::Datetime, F::Timestamp]
            }
            R::TimestampWithLocalTimeZone => {
                &[F::Predefined, F::Datetime, F::Timestamp, F::Extension]
            }
            R::IntervalYearMonth | R::IntervalDayTime => &[F::Predefined, F::Interval],
            R::Array | R::Multiset => &[F::Constructed, F::Collection],
            R::Map => &[F::Constructed, F::Extension],
            R::Row => &[F::Constructed],
            R::DistinctType | R::StructuredType => &[F::UserDefined],
            R::Null | R::Raw | R::Symbol | R::Unresolved | R::Variant | R::Bitmap => {
                &[F::Extension]
            }
            R::Descriptor => &[F::Descriptor],
        }
    }

    /// Whether this root belongs to `family`.
    pub fn has_family(self, family: LogicalTypeFamily) -> bool {
        self.families().contains(&family)
    }
}

impl fmt::Display for LogicalTypeRoot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Convenience constructors of [`DataType`] that wrap one [`LogicalType`] variant: `name =>
/// Variant` for a type without parameters, `name(field) => Variant` for one whose only field is
/// a `u32` named `field`.
macro_rules! constructors {
    ($($(#[$doc:meta])* $name:ident $(($field:ident))? => $variant:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name($($field: u32)?) -> Self {
                DataType::new(LogicalType::$variant $({ $field })?)
            }
        )*
    };
}

impl DataType {
    /// A nullable type of the given kind.
    pub fn new(logical: LogicalType) -> Self {
        DataType {
            nullable: true,
            logical,
        }
    }

    /// The same type with the given nullability (Flink's `copy(boolean)`).
    pub fn with_nullability(mut self, nullable: bool) -> Self {
        self.nullable = nullable;
        self
    }

    /// The same type, `NOT NULL`.
    pub fn not_null(self) -> Self {
        self.with_nullability(false)
    }

    /// The same type, nullable.
    pub fn nullable(self) -> Self {
        self.with_nullability(true)
    }

    /// Flink's `LogicalTypeRoot` of this type.
    pub fn type_root(&self) -> LogicalTypeRoot {
        use LogicalType as L;
        use LogicalTypeRoot as R;
        match &self.logical {
            L::Char { .. } => R::Char,
            L::VarChar { .. } => R::Varchar,
            L::Boolean => R::Boolean,
            L::Binary { .. } => R::Binary,
            L::VarBinary { .. } => R::Varbinary,
            L::Decimal { .. } => R::Decimal,
            L::TinyInt => R::Tinyint,
            L::SmallInt => R::Smallint,
            L::Int => R::Integer,
            L::BigInt => R::Bigint,
            L::Float => R::Float,
            L::Double => R::Double,
            L::Date => R::Date,
            L::Time { .. } => R::TimeWithoutTimeZone,
            L::Timestamp { .. } => R::TimestampWithoutTimeZone,
            L::TimestampTz { .. } => R::TimestampWithTimeZone,
            L::TimestampLtz { .. } => R::TimestampWithLocalTimeZone,
            L::IntervalYearMonth { .. } => R::IntervalYearMonth,
            L::IntervalDayTime { .. } => R::IntervalDayTime,
            L::Array { .. } => R::Array,
            L::Multiset { .. } => R::Multiset,
            L::Map { .. } => R::Map,
            L::Row { .. } => R::Row,
            L::Distinct { .. } => R::DistinctType,
            L::Structured { .. } => R::StructuredType,
            L::Raw { .. } => R::Raw,
            L::Legacy { type_root, .. } => *type_root,
            L::Null => R::Null,
            L::Symbol => R::Symbol,
            L::Descriptor => R::Descriptor,
            L::Variant => R::Variant,
            L::Bitmap => R::Bitmap,
            L::Unresolved { .. } => R::Unresolved,
        }
    }

    /// Whether this type's root belongs to `family`.
    pub fn has_family(&self, family: LogicalTypeFamily) -> bool {
        self.type_root().has_family(family)
    }

    /// The child types, in Flink's `getChildren()` order (element; key, value; field types).
    /// A distinct type's child is its source type.
    pub fn children(&self) -> Vec<&DataType> {
        match &self.logical {
            LogicalType::Array { element } | LogicalType::Multiset { element } => {
                vec![element.as_ref()]
            }
            LogicalType::Map { key, value } => vec![key.as_ref(), value.as_ref()],
            LogicalType::Row { fields } => fields.iter().map(|f| &f.data_type).collect(),
            LogicalType::Structured { attributes, .. } => {
                attributes.iter().map(|f| &f.data_type).collect()
            }
            LogicalType::Distinct { source, .. } => vec![source.as_ref()],
            _ => Vec::new(),
        }
    }

    /// The time-attribute kind for TIMESTAMP / TIMESTAMP_LTZ, `Regular` for everything else.
    pub fn timestamp_kind(&self) -> TimestampKind {
        match &self.logical {
            LogicalType::Timestamp { kind, .. } | LogicalType::TimestampLtz { kind, .. } => *kind,
            _ => TimestampKind::Regular,
        }
    }

    /// The same type marked as a time attribute (only TIMESTAMP and TIMESTAMP_LTZ change).
    pub fn with_timestamp_kind(mut self, new_kind: TimestampKind) -> Self {
        match &mut self.logical {
            LogicalType::Timestamp { kind, .. } | LogicalType::TimestampLtz { kind, .. } => {
                *kind = new_kind
            }
            _ => {}
        }
        self
    }

    /// A deep copy with every time-attribute kind reset to `Regular`.
    pub fn without_time_attributes(&self) -> DataType {
        let mut t = self.clone();
        t.strip_time_attributes();
        t
    }

    fn strip_time_attributes(&mut self) {
        match &mut self.logical {
            LogicalType::Timestamp { kind, .. } | LogicalType::TimestampLtz { kind, .. } => {
                *kind = TimestampKind::Regular
            }
            LogicalType::Array { element } | LogicalType::Multiset { element } => {
                element.strip_time_attributes()
            }
            LogicalType::Map { key, value } => {
                key.strip_time_attributes();
                value.strip_time_attributes();
            }
            LogicalType::Row { fields } => {
                for f in fields {
                    f.data_type.strip_time_attributes();
                }
            }
            LogicalType::Structured { attributes, .. } => {
                for f in attributes.iter_mut() {
                    f.data_type.strip_time_attributes();
                }
            }
            LogicalType::Distinct { source, .. } => source.strip_time_attributes(),
            _ => {}
        }
    }

    /// Flink's `LogicalType.equals`: structural equality that ignores time-attribute kinds.
    /// (Compared in place: no copy of either type.)
    pub fn logically_equals(&self, other: &DataType) -> bool {
        self.nullable == other.nullable && logically_equal(&self.logical, &other.logical)
    }

    /// [`DataType::logically_equals`] of the two types made nullable (the outer nullability
    /// ignored, the nested ones compared).
    pub fn logically_equals_ignoring_nullability(&self, other: &DataType) -> bool {
        logically_equal(&self.logical, &other.logical)
    }

    /// The precision as Flink's `LogicalTypeChecks.getPrecision` defines it: DECIMAL p,
    /// TINYINT 3, SMALLINT 5, INT 10, BIGINT 19, TIME/TIMESTAMP p; `None` otherwise.
    pub fn precision(&self) -> Option<u32> {
        match &self.logical {
            LogicalType::Decimal { precision, .. } => Some(*precision),
            LogicalType::TinyInt => Some(3),
            LogicalType::SmallInt => Some(5),
            LogicalType::Int => Some(10),
            LogicalType::BigInt => Some(19),
            LogicalType::Time { precision }
            | LogicalType::Timestamp { precision, .. }
            | LogicalType::TimestampTz { precision }
            | LogicalType::TimestampLtz { precision, .. } => Some(*precision),
            LogicalType::Distinct { source, .. } => source.precision(),
            _ => None,
        }
    }

    /// The scale (`LogicalTypeChecks.getScale`): DECIMAL s, 0 for integer types.
    pub fn scale(&self) -> Option<u32> {
        match &self.logical {
            LogicalType::Decimal { scale, .. } => Some(*scale),
            LogicalType::TinyInt
            | LogicalType::SmallInt
            | LogicalType::Int
            | LogicalType::BigInt => Some(0),
            LogicalType::Distinct { source, .. } => source.scale(),
            _ => None,
        }
    }

    /// The length of CHAR, VARCHAR, BINARY and VARBINARY.
    pub fn length(&self) -> Option<u32> {
        match &self.logical {
            LogicalType::Char { length }
            | LogicalType::VarChar { length }
            | LogicalType::Binary { length }
            | LogicalType::VarBinary { length } => Some(*length),
            LogicalType::Distinct { source, .. } => source.length(),
            _ => None,
        }
    }

    // ---- convenience constructors (all nullable) ------------------------------------------

    constructors! {
        /// `CHAR(n)`.
        char(length) => Char;
        /// `VARCHAR(n)`.
        varchar(length) => VarChar;
    }
    /// `STRING` = `VARCHAR(2147483647)`.
    pub fn string() -> Self {
        DataType::varchar(MAX_LENGTH)
    }
    constructors! {
        /// `BOOLEAN`.
        boolean => Boolean;
        /// `BINARY(n)`.
        binary(length) => Binary;
        /// `VARBINARY(n)`.
        varbinary(length) => VarBinary;
    }
    /// `BYTES` = `VARBINARY(2147483647)`.
    pub fn bytes() -> Self {
        DataType::varbinary(MAX_LENGTH)
    }
    /// `DECIMAL(p, s)`.
    pub fn decimal(precision: u32, scale: u32) -> Self {
        DataType::new(LogicalType::Decimal { precision, scale })
    }
    constructors! {
        /// `TINYINT`.
        tinyint => TinyInt;
        /// `SMALLINT`.
        smallint => SmallInt;
        /// `INT`.
        int => Int;
        /// `BIGINT`.
        bigint => BigInt;
        /// `FLOAT`.
        float => Float;
        /// `DOUBLE`.
        double => Double;
        /// `DATE`.
        date => Date;
        /// `TIME(p)`.
        time(precision) => Time;
        /// `TIMESTAMP(p) WITH TIME ZONE`.
        timestamp_tz(precision) => TimestampTz;
    }
    /// `TIMESTAMP(p)`.
    pub fn timestamp(precision: u32) -> Self {
        DataType::new(LogicalType::Timestamp {
            precision,
            kind: TimestampKind::Regular,
        })
    }
    /// `TIMESTAMP_LTZ(p)`.
    pub fn timestamp_ltz(precision: u32) -> Self {
        DataType::new(LogicalType::TimestampLtz {
            precision,
            kind: TimestampKind::Regular,
        })
    }
    /// `ARRAY<T>`.
    pub fn array(element: DataType) -> Self {
        DataType::new(LogicalType::Array {
            element: Box::new(element),
        })
    }
    /// `MULTISET<T>`.
    pub fn multiset(element: DataType) -> Self {
        DataType::new(LogicalType::Multiset {
            element: Box::new(element),
        })
    }
    /// `MAP<K, V>`.
    pub fn map(key: DataType, value: DataType) -> Self {
        DataType::new(LogicalType::Map {
            key: Box::new(key),
            value: Box::new(value),
        })
    }
    /// `ROW<...>`.
    pub fn row(fields: Vec<RowField>) -> Self {
        DataType::new(LogicalType::Row { fields })
    }
    constructors! {
        /// `NULL`.
        null => Null;
    }
}

impl fmt::Display for DataType {
    /// Prints [`DataType::summary_string`], like Flink's `DataType.toString()`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary_string())
    }
}

/// Structural equality of two logical types that ignores time-attribute kinds at every level
/// (what comparing their `without_time_attributes` copies gives).
fn logically_equal(a: &LogicalType, b: &LogicalType) -> bool {
    use LogicalType as L;
    fn fields_equal(f: &[RowField], g: &[RowField]) -> bool {
        f.len() == g.len()
            && f.iter().zip(g).all(|(x, y)| {
                x.name == y.name
                    && x.description == y.description
                    && x.data_type.logically_equals(&y.data_type)
            })
    }
    match (a, b) {
        (L::Timestamp { precision: p, .. }, L::Timestamp { precision: q, .. })
        | (L::TimestampLtz { precision: p, .. }, L::TimestampLtz { precision: q, .. }) => p == q,
        (L::Array { element: x }, L::Array { element: y })
        | (L::Multiset { element: x }, L::Multiset { element: y }) => x.logically_equals(y),
        (L::Map { key: k, value: v }, L::Map { key: l, value: w }) => {
            k.logically_equals(l) && v.logically_equals(w)
        }
        (L::Row { fields: f }, L::Row { fields: g }) => fields_equal(f, g),
        (
            L::Structured {
                class_name: c,
                attributes: f,
            },
            L::Structured {
                class_name: d,
                attributes: g,
            },
        ) => c == d && fields_equal(f, g),
        (
            L::Distinct {
                identifier: i,
                source: s,
                description: d,
            },
            L::Distinct {
                identifier: j,
                source: t,
                description: e,
            },
        ) => i == j && d == e && s.logically_equals(t),
        _ => a == b,
    }
}
