//! Apache Flink 2.3's data type system, as Flink itself defines it.
//!
//! What this crate does:
//!
//! * models every Flink logical type ([`DataType`] = [`LogicalType`] + nullability, with
//!   time-attribute kinds on TIMESTAMP and TIMESTAMP_LTZ) and its `LogicalTypeRoot`;
//! * prints types byte-for-byte like Flink: [`DataType::summary_string`] (`DataType.toString()`,
//!   DESCRIBE) and [`DataType::serializable_string`] (SHOW CREATE TABLE, catalogs);
//! * parses type strings with the rules and messages of Flink's `LogicalTypeParser`
//!   (`"VARCHAR".parse::<DataType>()` is `VARCHAR(1)` there) — see [`parser`];
//! * validates ranges with Flink's messages ([`validate`]) and resolves types written in SQL DDL
//!   with the DDL's own defaults and clamps (`VARCHAR` is `STRING`, `TIME(9)` is `TIME(3)`,
//!   `DECIMAL(39, 2)` is `DECIMAL(38, 2)`) — see [`ddl`];
//! * answers the questions expression typing asks: implicit/explicit castability ([`casts`]),
//!   least restrictive common type, decimal arithmetic result types and nullability
//!   propagation ([`merging`]);
//! * maps types to Java conversion classes, Rust type names and Arrow types ([`mapping`]).
//!
//! What it does not do: it does not parse SQL (the DDL resolver takes an already parsed type:
//! the syntax crate's `DataTypeSyntax` via [`resolve_ddl_type`], or a neutral [`ddl::DdlType`]), it does not type expressions or bind
//! schemas (it only supplies the rules), it cannot load Java classes (so RAW serializer
//! snapshots and STRUCTURED implementation classes are only checked for shape), and it has no
//! catalog (user-defined type names are never resolved).
//!
//! Every printed form, message and rule here was checked against real Flink 2.3.0; the
//! labelled data lives in `fixtures/types/` and the tables in `docs/types.md`.

pub mod casts;
pub mod ddl;
mod error;
mod java;
pub mod mapping;
pub mod merging;
mod model;
mod names;
pub mod parser;
mod print;
mod suggest;
pub mod validate;

pub use casts::{supports_avoiding_cast, supports_explicit_cast, supports_implicit_cast};
pub use ddl::{
    resolve_builtin, resolve_ddl, resolve_ddl_type, resolve_ddl_type_in, DdlBuiltin, DdlStage,
    DdlType, DdlTypeError,
};
pub use error::TypeError;
pub use merging::{arithmetic_result_type, find_common_type, ArithmeticOp};
pub use model::{
    DataType, DayTimeResolution, LogicalType, LogicalTypeFamily, LogicalTypeRoot, ObjectIdentifier,
    RowField, TimestampKind, YearMonthResolution, MAX_LENGTH,
};
pub use names::{DdlTypeName, DDL_TYPE_NAMES};
pub use parser::{parse_logical_type, ParseTypeError};
pub use print::{escape_identifier, escape_single_quotes};
pub use suggest::similar_type_name;
