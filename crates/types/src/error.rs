//! Errors, each printing exactly the message Flink 2.3 prints for the same problem.

use serde::{Deserialize, Serialize};

/// A type that Flink would refuse to build, print or resolve. `Display` is Flink's message.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum TypeError {
    /// `CharType`: length below 1 (in a declared type).
    #[error("Character string length must be between 1 and 2147483647 (both inclusive).")]
    CharLength,
    /// `VarCharType`: length below 1.
    #[error("Variable character string length must be between 1 and 2147483647 (both inclusive).")]
    VarCharLength,
    /// `BinaryType`: length below 1.
    #[error("Binary string length must be between 1 and 2147483647 (both inclusive).")]
    BinaryLength,
    /// `VarBinaryType`: length below 1.
    #[error("Variable binary string length must be between 1 and 2147483647 (both inclusive).")]
    VarBinaryLength,
    /// A length above 2147483647 (Flink's `int` cannot hold it).
    #[error("Invalid integer value.")]
    IntegerOverflow,
    /// `DecimalType`: precision outside 1..=38.
    #[error("Decimal precision must be between 1 and 38 (both inclusive).")]
    DecimalPrecision,
    /// `DecimalType`: scale above the precision.
    #[error("Decimal scale must be between 0 and the precision {precision} (both inclusive).")]
    DecimalScale { precision: u32 },
    /// `TimeType`: precision above 9.
    #[error("Time precision must be between 0 and 9 (both inclusive).")]
    TimePrecision,
    /// `TimestampType`: precision above 9.
    #[error("Timestamp precision must be between 0 and 9 (both inclusive).")]
    TimestampPrecision,
    /// `ZonedTimestampType`: precision above 9.
    #[error("Timestamp with time zone precision must be between 0 and 9 (both inclusive).")]
    ZonedTimestampPrecision,
    /// `LocalZonedTimestampType`: precision above 9.
    #[error("Timestamp with local time zone precision must be between 0 and 9 (both inclusive).")]
    LocalZonedTimestampPrecision,
    /// `TimestampType` with kind PROCTIME.
    #[error("TimestampType can not be used as PROCTIME type.")]
    ProctimeTimestamp,
    /// `YearMonthIntervalType`: year precision outside 1..=4.
    #[error("Year precision of year-month intervals must be between 1 and 4 (both inclusive).")]
    YearPrecision,
    /// `YearMonthIntervalType` MONTH with a non-default year precision.
    #[error("Year precision of sub-year intervals must be equal to the default precision 2.")]
    SubYearPrecision,
    /// `DayTimeIntervalType` HOUR/MINUTE/SECOND-based with a non-default day precision.
    #[error("Day precision of sub-day intervals must be equal to the default precision 2.")]
    SubDayPrecision,
    /// `DayTimeIntervalType` without seconds but with a non-default fractional precision.
    #[error(
        "Fractional precision of super-second intervals must be equal to the default precision 6."
    )]
    SuperSecondPrecision,
    /// `DayTimeIntervalType`: day precision outside 1..=6.
    #[error("Day precision of day-time intervals must be between 1 and 6 (both inclusive).")]
    DayPrecision,
    /// `DayTimeIntervalType`: fractional precision above 9.
    #[error(
        "Fractional precision of day-time intervals must be between 0 and 9 (both inclusive)."
    )]
    FractionalPrecision,
    /// `NullType.copy(false)`.
    #[error(
        "The nullability of a NULL type cannot be disabled because the type must always be able \
         to contain a null value."
    )]
    NotNullNull,
    /// `RowType`: an empty or whitespace-only field name.
    #[error("Field names must contain at least one non-whitespace character.")]
    EmptyFieldName,
    /// `RowType`: repeated field names, listed as Java's `HashSet.toString()` lists them.
    #[error("Field names must be unique. Found duplicates: [{}]", .0.join(", "))]
    DuplicateFieldNames(Vec<String>),
    /// `StructuredType`: the class name is not a JVM name (`SourceVersion.isName`).
    #[error("Invalid class name '{0}'. The class name must comply with JVM identifier rules.")]
    InvalidClassName(String),
    /// `RawType.restore`: the class or serializer snapshot cannot be restored.
    #[error(
        "Unable to restore the RAW type of class '{class_name}' with serializer snapshot \
         '{snapshot}'."
    )]
    RawRestore {
        class_name: String,
        snapshot: String,
    },
    /// `asSerializableString` of CHAR(0)/VARCHAR(0).
    #[error("Zero-length character strings have no serializable string representation.")]
    ZeroLengthCharNotSerializable,
    /// `asSerializableString` of BINARY(0)/VARBINARY(0).
    #[error("Zero-length binary strings have no serializable string representation.")]
    ZeroLengthBinaryNotSerializable,
    /// `asSerializableString` of SYMBOL.
    #[error("A symbol type has no serializable string representation.")]
    SymbolNotSerializable,
    /// `asSerializableString` of an unresolved user-defined type.
    #[error(
        "An unresolved user-defined type has no serializable string representation. It needs to \
         be resolved into a proper user-defined type."
    )]
    UnresolvedNotSerializable,
    /// DDL: a type the SQL parser reads but the planner cannot convert (`REAL`, `ANY`,
    /// `TIME WITH LOCAL TIME ZONE`). The payload is Calcite's type name.
    #[error("Type is not supported: {0}")]
    UnsupportedDdlType(String),
    /// DDL: a type name that is neither built in nor a known user-defined type. The payload is
    /// the name with parts joined by `.`, unquoted (Calcite prints it so).
    #[error("Unknown identifier '{0}'")]
    UnknownType(String),
    /// DDL: the parser could not read the type (it has reported a syntax error already).
    #[error("The data type could not be parsed.")]
    Unparsed,
    /// DDL: a length or precision literal larger than Java's `Integer.MAX_VALUE` (a parse-stage
    /// error in Flink).
    #[error("Literal '{0}' can not be parsed to type 'java.lang.Integer'")]
    IntegerLiteral(String),
}

impl TypeError {
    /// The Java exception class Flink uses for this error.
    pub fn flink_exception_class(&self) -> &'static str {
        match self {
            TypeError::NotNullNull
            | TypeError::ZeroLengthCharNotSerializable
            | TypeError::ZeroLengthBinaryNotSerializable
            | TypeError::SymbolNotSerializable
            | TypeError::UnresolvedNotSerializable
            | TypeError::UnsupportedDdlType(_) => "org.apache.flink.table.api.TableException",
            TypeError::UnknownType(_) => "org.apache.calcite.runtime.CalciteContextException",
            TypeError::IntegerLiteral(_) | TypeError::Unparsed => {
                "org.apache.flink.table.api.SqlParserException"
            }
            _ => "org.apache.flink.table.api.ValidationException",
        }
    }
}
