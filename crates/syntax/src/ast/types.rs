//! Data types as written in DDL (`INT NOT NULL`, `ROW<a INT 'c'>`, `STRING ARRAY`, ...).
//! No defaults or ranges are applied here: that is the types crate's job.

use super::{Ident, IntLit, List, ObjectName, StringLit};
use flinkddl_diagnostics::Span;
use serde::Serialize;

/// A type with its optional nullability suffix.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DataTypeSyntax<'a> {
    pub span: Span,
    pub kind: TypeKind<'a>,
    /// `NULL` or `NOT NULL` written after the type, if any.
    pub nullability: Option<Nullability>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Nullability {
    pub span: Span,
    /// True for `NOT NULL`, false for `NULL`.
    pub not_null: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TypeKind<'a> {
    /// A built-in type with optional integer parameters: `CHAR(5)`, `DECIMAL(10, 2)`, `TIME(3)`,
    /// `TIMESTAMP(3) WITH LOCAL TIME ZONE`, `TIMESTAMP_LTZ`, `INT`, ...
    Builtin {
        name: BuiltinType,
        /// The span of the type name words (`DOUBLE PRECISION`, `CHARACTER VARYING`).
        name_span: Span,
        params: List<'a, IntLit>,
    },
    /// `ARRAY<T>` (`postfix == false`) or `T ARRAY` (`postfix == true`).
    Array {
        element: &'a DataTypeSyntax<'a>,
        postfix: bool,
    },
    /// `MULTISET<T>` or `T MULTISET`.
    Multiset {
        element: &'a DataTypeSyntax<'a>,
        postfix: bool,
    },
    /// `MAP<K, V>`.
    Map {
        key: &'a DataTypeSyntax<'a>,
        value: &'a DataTypeSyntax<'a>,
    },
    /// `ROW<a INT, b STRING 'comment'>` (`angle == true`) or `ROW(a INT, ...)`.
    Row {
        fields: List<'a, RowField<'a>>,
        angle: bool,
    },
    /// `RAW('class', 'snapshot')`.
    Raw {
        class: &'a StringLit<'a>,
        snapshot: Option<&'a StringLit<'a>>,
    },
    /// `STRUCTURED<'com.example.Pojo', a INT, ...>`.
    Structured {
        class: &'a StringLit<'a>,
        fields: List<'a, RowField<'a>>,
    },
    /// `INTERVAL DAY TO SECOND(3)`: only as the target of CAST / TRY_CAST.
    /// Boxed: rare in DDL, and the largest variant (it would set the size of every type).
    Interval {
        qualifier: &'a super::IntervalQualifier,
    },
    /// Any other name, resolved against the catalog: `cat.db.MyType`, `FOOBAR`.
    UserDefined { name: ObjectName<'a> },
    /// The parser could not read a type here; a diagnostic was reported.
    Error,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowField<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub data_type: DataTypeSyntax<'a>,
    pub comment: Option<StringLit<'a>>,
}

/// The built-in type names of Flink's DDL grammar. Synonyms map to one variant; the spelling
/// the user wrote is kept in `BuiltinType`'s span, not here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum BuiltinType {
    Char,
    Varchar,
    String,
    Boolean,
    Binary,
    Varbinary,
    Bytes,
    Decimal,
    Tinyint,
    Smallint,
    Integer,
    Bigint,
    Float,
    Real,
    Double,
    Date,
    /// `TIME[(p)] [WITHOUT TIME ZONE]`
    Time,
    /// `TIME[(p)] WITH LOCAL TIME ZONE` (parses; Flink rejects it later).
    TimeWithLocalTimeZone,
    /// `TIMESTAMP[(p)] [WITHOUT TIME ZONE]`
    Timestamp,
    /// `TIMESTAMP[(p)] WITH LOCAL TIME ZONE` or `TIMESTAMP_LTZ[(p)]`
    TimestampLtz,
    Variant,
    Bitmap,
}
