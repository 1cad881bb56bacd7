//! flinkddl-binder: resolves a parsed script into the tables Flink's catalog would hold, with
//! Flink's verdict on every rule (`DefaultSchemaResolver`, `SqlCreateTableConverter`,
//! `MergeTableLikeUtil`, the catalog manager).
//!
//! It works on the syntax crate's AST and the types crate's `DataType`; it does no I/O and
//! knows nothing of rendering. Connector options are not validated here (that is a lint).

pub mod expr;
