//! SQL DDL type resolution: what Flink 2.3 makes of a type written in `CREATE TABLE`.
//!
//! The DDL path (Calcite `SqlDataTypeSpec` → `FlinkTypeFactory` → `LogicalType`) differs from
//! [`crate::parser`] (`LogicalTypeParser`). Every rule below was checked against real Flink 2.3.0
//! (`fixtures/types/oracle_types.jsonl`):
//!
//! | written | DDL result |
//! |---|---|
//! | `CHAR`, `BINARY` | length 1 |
//! | `VARCHAR`, `CHAR VARYING`, `VARBINARY`, `BINARY VARYING` | length 2147483647 (`STRING`, `BYTES`) |
//! | `CHAR(0)`, `VARCHAR(0)`, `BINARY(0)`, `VARBINARY(0)` | accepted as zero-length (not serializable) |
//! | a length or precision above 2147483647 | parse error `Literal '…' can not be parsed to type 'java.lang.Integer'` |
//! | `DECIMAL` / `DEC` / `NUMERIC` | `DECIMAL(10, 0)`; `DECIMAL(p)` is `DECIMAL(p, 0)` |
//! | `DECIMAL(p, s)`, p > 38 | precision clamped to 38 first, then: p = 0 → precision error; s > p → scale error |
//! | `TIME` | `TIME(0)`; `TIME(p)` with p > 3 becomes `TIME(3)` |
//! | `TIMESTAMP`, `TIMESTAMP_LTZ`, `TIMESTAMP WITH LOCAL TIME ZONE` | precision 6; p > 9 becomes 9 |
//! | `REAL`, `ANY`, `TIME WITH LOCAL TIME ZONE` | `Type is not supported: REAL` / `…: ANY` / `…: TIME_WITH_LOCAL_TIME_ZONE` |
//! | ROW / STRUCTURED field comments | dropped |
//! | ROW duplicate field names | `Field names must be unique. Found duplicates: [a]` |
//! | STRUCTURED class name | must be a JVM name; duplicates allowed |
//! | any other name (`FOOBAR`, `SYMBOL`, `` `INT` ``, `db.T`) | `Unknown identifier 'FOOBAR'` |
//!
//! Use [`resolve_builtin`] for one built-in type name with its integer parameters, or build a
//! [`DdlType`] tree and call [`resolve_ddl`].

use crate::error::TypeError;
use crate::model::{DataType, LogicalType, RowField, MAX_LENGTH};
use crate::validate;
use flinkddl_diagnostics::Span;
use serde::{Deserialize, Serialize};

/// Largest TIME precision in DDL (Calcite's TIME max precision under `FlinkTypeSystem`).
pub const DDL_MAX_TIME_PRECISION: u32 = 3;

/// The built-in type names of Flink's DDL grammar (synonyms folded), mirroring
/// `flinkddl_syntax::ast::BuiltinType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DdlBuiltin {
    /// `CHAR`, `CHARACTER`
    Char,
    /// `VARCHAR`, `CHAR VARYING`, `CHARACTER VARYING`
    Varchar,
    String,
    Boolean,
    Binary,
    /// `VARBINARY`, `BINARY VARYING`
    Varbinary,
    Bytes,
    /// `DECIMAL`, `DEC`, `NUMERIC`
    Decimal,
    Tinyint,
    Smallint,
    /// `INT`, `INTEGER`
    Integer,
    Bigint,
    Float,
    /// `REAL`: parses, then `Type is not supported: REAL`.
    Real,
    /// `DOUBLE`, `DOUBLE PRECISION`
    Double,
    Date,
    /// `TIME[(p)] [WITHOUT TIME ZONE]`
    Time,
    /// `TIME[(p)] WITH LOCAL TIME ZONE`: parses, then is rejected.
    TimeWithLocalTimeZone,
    /// `TIMESTAMP[(p)] [WITHOUT TIME ZONE]`
    Timestamp,
    /// `TIMESTAMP[(p)] WITH LOCAL TIME ZONE`, `TIMESTAMP_LTZ[(p)]`
    TimestampLtz,
    Variant,
    Bitmap,
    /// `ANY` (Calcite's type name): parses, then `Type is not supported: ANY`. The syntax crate
    /// reads it as a user-defined name; [`crate::ddl`] treats an unquoted one-part `ANY` so.
    Any,
}

/// An unsigned integer parameter as written (`VARCHAR(10)`): its value (`None` if it does not
/// fit in a `u64`), its digits when known (for the overflow message) and its span.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DdlParam {
    pub value: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    pub span: Span,
}

impl DdlParam {
    /// A parameter with a known value.
    pub fn new(value: u64, span: Span) -> Self {
        DdlParam {
            value: Some(value),
            text: None,
            span,
        }
    }
}

/// A DDL data type tree, independent of any particular parser's AST.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DdlType {
    /// The whole type, including its nullability suffix.
    pub span: Span,
    pub kind: DdlTypeKind,
    /// `Some(true)` for `NOT NULL`, `Some(false)` for `NULL`, `None` when nothing was written.
    pub not_null: Option<bool>,
}

/// The shapes a DDL type can have.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DdlTypeKind {
    Builtin {
        name: DdlBuiltin,
        name_span: Span,
        params: Vec<DdlParam>,
    },
    /// `ARRAY<T>` or `T ARRAY`.
    Array { element: Box<DdlType> },
    /// `MULTISET<T>` or `T MULTISET`.
    Multiset { element: Box<DdlType> },
    /// `MAP<K, V>`.
    Map {
        key: Box<DdlType>,
        value: Box<DdlType>,
    },
    /// `ROW<...>` / `ROW(...)`.
    Row { fields: Vec<DdlField> },
    /// `RAW('class', 'snapshot')`; `snapshot` is `None` when it was missing.
    Raw {
        class_name: String,
        snapshot: Option<String>,
    },
    /// `STRUCTURED<'class', ...>`.
    Structured {
        class_name: String,
        class_span: Span,
        fields: Vec<DdlField>,
    },
    /// Any other (possibly dotted) name: `FOOBAR`, `db.MyType`, `` `INT` ``.
    UserDefined { parts: Vec<String>, span: Span },
    /// `INTERVAL <qualifier>` (only a CAST target in Flink SQL): `year_month` tells a
    /// YEAR/QUARTER/MONTH qualifier from a day-time one.
    Interval { year_month: bool },
    /// A type the parser could not read (it reported the syntax error).
    Error,
}

/// A ROW field or STRUCTURED attribute as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DdlField {
    pub span: Span,
    pub name: String,
    pub name_span: Span,
    pub data_type: DdlType,
    pub comment: Option<String>,
}

/// Which Flink stage reports a DDL type error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DdlStage {
    /// Flink's SQL parser (`SqlParserException`).
    Parse,
    /// Conversion / validation after parsing.
    Validate,
}

impl DdlStage {
    /// The stage's name in the oracle's records (`"parse"`, `"validate"`).
    pub fn as_str(self) -> &'static str {
        match self {
            DdlStage::Parse => "parse",
            DdlStage::Validate => "validate",
        }
    }
}

/// A DDL type error: Flink's message and the span of the offending part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{error}")]
pub struct DdlTypeError {
    pub error: TypeError,
    /// The offending parameter, name, field or type.
    pub span: Span,
}

impl DdlTypeError {
    fn new(error: TypeError, span: Span) -> Self {
        DdlTypeError { error, span }
    }

    /// The Flink stage that reports this error.
    pub fn stage(&self) -> DdlStage {
        match self.error {
            TypeError::IntegerLiteral(_) | TypeError::Unparsed => DdlStage::Parse,
            _ => DdlStage::Validate,
        }
    }

    /// Whether Flink attaches a position to this error (Calcite's `Unknown identifier` does;
    /// the type constructors' `ValidationException`s do not).
    pub fn flink_reports_position(&self) -> bool {
        matches!(
            self.error,
            TypeError::UnknownType(_) | TypeError::IntegerLiteral(_)
        )
    }
}

/// The value of an integer parameter as Java `int`, or the parse-stage overflow error.
fn int_param(p: &DdlParam) -> Result<u32, DdlTypeError> {
    match p.value {
        Some(v) if v <= u64::from(MAX_LENGTH) => Ok(v as u32),
        _ => {
            let text = p
                .text
                .clone()
                .or_else(|| p.value.map(|v| v.to_string()))
                .unwrap_or_default();
            Err(DdlTypeError::new(TypeError::IntegerLiteral(text), p.span))
        }
    }
}

/// Applies the DDL defaults and clamps to one built-in type with its written parameters, and
/// returns the (nullable) type or Flink's error on the span of the offending parameter (or of
/// the name, for unsupported types). Extra parameters beyond what the grammar allows are
/// ignored: the parser rejects them.
pub fn resolve_builtin(
    name: DdlBuiltin,
    name_span: Span,
    params: &[DdlParam],
) -> Result<DataType, DdlTypeError> {
    use DdlBuiltin as B;
    let first = params.first();
    let length = |default: u32| -> Result<u32, DdlTypeError> {
        match first {
            Some(p) => int_param(p),
            None => Ok(default),
        }
    };
    let t = match name {
        B::Char => DataType::char(length(1)?),
        B::Varchar => DataType::varchar(length(MAX_LENGTH)?),
        B::String => DataType::string(),
        B::Boolean => DataType::boolean(),
        B::Binary => DataType::binary(length(1)?),
        B::Varbinary => DataType::varbinary(length(MAX_LENGTH)?),
        B::Bytes => DataType::bytes(),
        B::Decimal => {
            let precision = match first {
                Some(p) => int_param(p)?,
                None => validate::DEFAULT_DECIMAL_PRECISION,
            };
            let scale = match params.get(1) {
                Some(p) => int_param(p)?,
                None => 0,
            };
            let clamped = precision.min(validate::MAX_DECIMAL_PRECISION);
            if clamped == 0 {
                let span = first.map(|p| p.span).unwrap_or(name_span);
                return Err(DdlTypeError::new(TypeError::DecimalPrecision, span));
            }
            if scale > clamped {
                let span = params.get(1).map(|p| p.span).unwrap_or(name_span);
                return Err(DdlTypeError::new(
                    TypeError::DecimalScale { precision: clamped },
                    span,
                ));
            }
            DataType::decimal(clamped, scale)
        }
        B::Tinyint => DataType::tinyint(),
        B::Smallint => DataType::smallint(),
        B::Integer => DataType::int(),
        B::Bigint => DataType::bigint(),
        B::Float => DataType::float(),
        B::Real => {
            return Err(DdlTypeError::new(
                TypeError::UnsupportedDdlType("REAL".into()),
                name_span,
            ))
        }
        B::Double => DataType::double(),
        B::Date => DataType::date(),
        B::Time => {
            DataType::time(length(validate::DEFAULT_TIME_PRECISION)?.min(DDL_MAX_TIME_PRECISION))
        }
        B::TimeWithLocalTimeZone => {
            if let Some(p) = first {
                int_param(p)?;
            }
            return Err(DdlTypeError::new(
                TypeError::UnsupportedDdlType("TIME_WITH_LOCAL_TIME_ZONE".into()),
                name_span,
            ));
        }
        B::Timestamp => DataType::timestamp(
            length(validate::DEFAULT_TIMESTAMP_PRECISION)?.min(validate::MAX_TIMESTAMP_PRECISION),
        ),
        B::TimestampLtz => DataType::timestamp_ltz(
            length(validate::DEFAULT_TIMESTAMP_PRECISION)?.min(validate::MAX_TIMESTAMP_PRECISION),
        ),
        B::Variant => DataType::new(LogicalType::Variant),
        B::Bitmap => DataType::new(LogicalType::Bitmap),
        B::Any => {
            return Err(DdlTypeError::new(
                TypeError::UnsupportedDdlType("ANY".into()),
                name_span,
            ))
        }
    };
    Ok(t)
}

/// Resolves a DDL type tree: defaults, clamps, nullability, nested types, ROW field checks,
/// STRUCTURED class names; ROW and STRUCTURED comments are dropped as Flink drops them.
/// Children are resolved before their parent, so the first error is Flink's first error.
pub fn resolve_ddl(ty: &DdlType) -> Result<DataType, DdlTypeError> {
    let t = match &ty.kind {
        DdlTypeKind::Builtin {
            name,
            name_span,
            params,
        } => resolve_builtin(*name, *name_span, params)?,
        DdlTypeKind::Array { element } => DataType::array(resolve_ddl(element)?),
        DdlTypeKind::Multiset { element } => DataType::multiset(resolve_ddl(element)?),
        DdlTypeKind::Map { key, value } => DataType::map(resolve_ddl(key)?, resolve_ddl(value)?),
        DdlTypeKind::Row { fields } => {
            let resolved = resolve_fields(fields)?;
            check_row_names(fields, ty.span)?;
            DataType::row(resolved)
        }
        DdlTypeKind::Structured {
            class_name,
            class_span,
            fields,
        } => {
            let attributes = resolve_fields(fields)?;
            validate::check_class_name(class_name)
                .map_err(|e| DdlTypeError::new(e, *class_span))?;
            DataType::new(LogicalType::Structured {
                class_name: Box::new(class_name.clone()),
                attributes: Box::new(attributes),
            })
        }
        DdlTypeKind::Raw {
            class_name,
            snapshot,
        } => {
            let snapshot = snapshot.clone().unwrap_or_default();
            validate::check_raw(class_name, &snapshot)
                .map_err(|e| DdlTypeError::new(e, ty.span))?;
            DataType::new(LogicalType::Raw {
                class_name: Box::new(class_name.clone()),
                snapshot: Box::new(snapshot),
            })
        }
        DdlTypeKind::UserDefined { parts, span } => {
            return Err(DdlTypeError::new(
                TypeError::UnknownType(parts.join(".")),
                *span,
            ))
        }
        // The planner represents every year-month interval as INTERVAL MONTH and every
        // day-time interval as INTERVAL SECOND(3) (`INTERVAL '2' DAY` is typed so).
        DdlTypeKind::Interval { year_month: true } => {
            DataType::new(LogicalType::IntervalYearMonth {
                resolution: crate::model::YearMonthResolution::Month,
                year_precision: validate::DEFAULT_YEAR_PRECISION,
            })
        }
        DdlTypeKind::Interval { year_month: false } => {
            DataType::new(LogicalType::IntervalDayTime {
                resolution: crate::model::DayTimeResolution::Second,
                day_precision: validate::DEFAULT_DAY_PRECISION,
                fractional_precision: 3,
            })
        }
        DdlTypeKind::Error => return Err(DdlTypeError::new(TypeError::Unparsed, ty.span)),
    };
    Ok(t.with_nullability(ty.not_null != Some(true)))
}

/// Sized once: a ROW type lives as long as the table or type that holds it, and collecting
/// through `Result` would double the list's capacity as it grows (up to half of it spare).
fn resolve_fields(fields: &[DdlField]) -> Result<Vec<RowField>, DdlTypeError> {
    let mut resolved = Vec::with_capacity(fields.len());
    for f in fields {
        resolved.push(RowField::new(f.name.as_str(), resolve_ddl(&f.data_type)?));
    }
    Ok(resolved)
}

fn check_row_names(fields: &[DdlField], row_span: Span) -> Result<(), DdlTypeError> {
    match validate::check_field_names(fields.iter().map(|f| f.name.as_str())) {
        Ok(()) => Ok(()),
        Err(e) => {
            // Point at the first field whose name is blank or repeats an earlier one.
            let span = fields
                .iter()
                .enumerate()
                .find(|(i, f)| {
                    f.name.trim().is_empty() || fields[..*i].iter().any(|g| g.name == f.name)
                })
                .map(|(_, f)| f.name_span)
                .unwrap_or(row_span);
            Err(DdlTypeError::new(e, span))
        }
    }
}

// ------------------------------------------------------------------------------------------
// The syntax crate's AST
// ------------------------------------------------------------------------------------------

use flinkddl_syntax::ast as syn;

/// Resolves a type as the syntax crate parsed it (`flinkddl_syntax::ast::DataTypeSyntax`) with
/// the DDL rules of [`resolve_ddl`]. Errors carry the span of the offending parameter, name,
/// field or type. Use [`resolve_ddl_type_in`] when the source text is at hand, so that an
/// overflowing literal is quoted in the message as Flink quotes it.
pub fn resolve_ddl_type(ty: &syn::DataTypeSyntax) -> Result<DataType, DdlTypeError> {
    resolve_syntax(ty, None)
}

/// [`resolve_ddl_type`] with the source text the spans refer to.
pub fn resolve_ddl_type_in(
    ty: &syn::DataTypeSyntax,
    source: &str,
) -> Result<DataType, DdlTypeError> {
    resolve_syntax(ty, Some(source))
}

/// [`resolve_ddl`] of [`ddl_type_from_syntax`], read straight off the syntax for the common
/// shapes (built-in types, collections and maps of them) so that no [`DdlType`] is built;
/// any other shape goes through [`DdlType`]. Same results, errors and order.
fn resolve_syntax(
    ty: &syn::DataTypeSyntax,
    source: Option<&str>,
) -> Result<DataType, DdlTypeError> {
    let t = match &ty.kind {
        syn::TypeKind::Builtin {
            name,
            name_span,
            params,
        } => {
            let builtin = builtin_from_syntax(*name);
            let param = |p| param_from_syntax(p, source);
            // Built-in types take at most two parameters: those on the stack, not in a Vec.
            match params.as_slice() {
                [] => resolve_builtin(builtin, *name_span, &[])?,
                [a] => resolve_builtin(builtin, *name_span, &[param(a)])?,
                [a, b] => resolve_builtin(builtin, *name_span, &[param(a), param(b)])?,
                more => {
                    let params: Vec<DdlParam> = more.iter().map(param).collect();
                    resolve_builtin(builtin, *name_span, &params)?
                }
            }
        }
        syn::TypeKind::Array { element, .. } => DataType::array(resolve_syntax(element, source)?),
        syn::TypeKind::Multiset { element, .. } => {
            DataType::multiset(resolve_syntax(element, source)?)
        }
        syn::TypeKind::Map { key, value } => {
            DataType::map(resolve_syntax(key, source)?, resolve_syntax(value, source)?)
        }
        _ => return resolve_ddl(&ddl_type_from_syntax(ty, source)),
    };
    let not_null = ty.nullability.map(|n| n.not_null);
    Ok(t.with_nullability(not_null != Some(true)))
}

fn param_from_syntax(p: &syn::IntLit, source: Option<&str>) -> DdlParam {
    DdlParam {
        value: p.value,
        // The digits only go into the overflow message: none for a valid value.
        text: source
            .filter(|_| p.value.is_none_or(|v| v > u64::from(MAX_LENGTH)))
            .and_then(|s| s.get(p.span.start as usize..p.span.end as usize))
            .map(|t| {
                let t = t.trim_start_matches('0');
                if t.is_empty() { "0" } else { t }.to_string()
            }),
        span: p.span,
    }
}

/// Converts the syntax crate's type AST into a [`DdlType`]. An unquoted one-part name `ANY`
/// becomes [`DdlBuiltin::Any`] (Calcite's `ANY` type, which Flink rejects as unsupported).
pub fn ddl_type_from_syntax(ty: &syn::DataTypeSyntax, source: Option<&str>) -> DdlType {
    let kind = match &ty.kind {
        syn::TypeKind::Builtin {
            name,
            name_span,
            params,
        } => DdlTypeKind::Builtin {
            name: builtin_from_syntax(*name),
            name_span: *name_span,
            params: params
                .iter()
                .map(|p| param_from_syntax(p, source))
                .collect(),
        },
        syn::TypeKind::Array { element, .. } => DdlTypeKind::Array {
            element: Box::new(ddl_type_from_syntax(element, source)),
        },
        syn::TypeKind::Multiset { element, .. } => DdlTypeKind::Multiset {
            element: Box::new(ddl_type_from_syntax(element, source)),
        },
        syn::TypeKind::Map { key, value } => DdlTypeKind::Map {
            key: Box::new(ddl_type_from_syntax(key, source)),
            value: Box::new(ddl_type_from_syntax(value, source)),
        },
        syn::TypeKind::Row { fields, .. } => DdlTypeKind::Row {
            fields: fields
                .iter()
                .map(|f| field_from_syntax(f, source))
                .collect(),
        },
        syn::TypeKind::Raw { class, snapshot } => DdlTypeKind::Raw {
            class_name: class.value.to_string(),
            snapshot: snapshot.as_ref().map(|s| s.value.to_string()),
        },
        syn::TypeKind::Structured { class, fields } => DdlTypeKind::Structured {
            class_name: class.value.to_string(),
            class_span: class.span,
            fields: fields
                .iter()
                .map(|f| field_from_syntax(f, source))
                .collect(),
        },
        syn::TypeKind::Interval { qualifier } => DdlTypeKind::Interval {
            year_month: matches!(
                qualifier.start,
                syn::TimeUnit::Year | syn::TimeUnit::Quarter | syn::TimeUnit::Month
            ),
        },
        syn::TypeKind::UserDefined { name } => {
            if name.parts.len() == 1
                && !name.parts[0].quoted
                && name.parts[0].value.eq_ignore_ascii_case("ANY")
            {
                DdlTypeKind::Builtin {
                    name: DdlBuiltin::Any,
                    name_span: name.span,
                    params: Vec::new(),
                }
            } else {
                DdlTypeKind::UserDefined {
                    parts: name.parts.iter().map(|p| p.value.to_string()).collect(),
                    span: name.span,
                }
            }
        }
        syn::TypeKind::Error => DdlTypeKind::Error,
    };
    DdlType {
        span: ty.span,
        kind,
        not_null: ty.nullability.map(|n| n.not_null),
    }
}

fn field_from_syntax(f: &syn::RowField, source: Option<&str>) -> DdlField {
    DdlField {
        span: f.span,
        name: f.name.value.to_string(),
        name_span: f.name.span,
        data_type: ddl_type_from_syntax(&f.data_type, source),
        comment: f.comment.as_ref().map(|c| c.value.to_string()),
    }
}

fn builtin_from_syntax(b: syn::BuiltinType) -> DdlBuiltin {
    use syn::BuiltinType as S;
    match b {
        S::Char => DdlBuiltin::Char,
        S::Varchar => DdlBuiltin::Varchar,
        S::String => DdlBuiltin::String,
        S::Boolean => DdlBuiltin::Boolean,
        S::Binary => DdlBuiltin::Binary,
        S::Varbinary => DdlBuiltin::Varbinary,
        S::Bytes => DdlBuiltin::Bytes,
        S::Decimal => DdlBuiltin::Decimal,
        S::Tinyint => DdlBuiltin::Tinyint,
        S::Smallint => DdlBuiltin::Smallint,
        S::Integer => DdlBuiltin::Integer,
        S::Bigint => DdlBuiltin::Bigint,
        S::Float => DdlBuiltin::Float,
        S::Real => DdlBuiltin::Real,
        S::Double => DdlBuiltin::Double,
        S::Date => DdlBuiltin::Date,
        S::Time => DdlBuiltin::Time,
        S::TimeWithLocalTimeZone => DdlBuiltin::TimeWithLocalTimeZone,
        S::Timestamp => DdlBuiltin::Timestamp,
        S::TimestampLtz => DdlBuiltin::TimestampLtz,
        S::Variant => DdlBuiltin::Variant,
        S::Bitmap => DdlBuiltin::Bitmap,
    }
}
