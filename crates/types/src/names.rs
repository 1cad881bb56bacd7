//! Flink's built-in type names as a user writes them in DDL, for editors: the name, a snippet
//! that fills in its parameters, and a short note.

/// One built-in DDL type name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DdlTypeName {
    pub name: &'static str,
    /// An LSP snippet (`VARCHAR(${1:255})`).
    pub snippet: &'static str,
    pub note: &'static str,
}

/// Flink's built-in type names, in the order editors offer them.
pub const DDL_TYPE_NAMES: &[DdlTypeName] = &[
    DdlTypeName {
        name: "STRING",
        snippet: "STRING",
        note: "VARCHAR(2147483647)",
    },
    DdlTypeName {
        name: "VARCHAR",
        snippet: "VARCHAR(${1:255})",
        note: "variable-length string; `VARCHAR` alone is `STRING`",
    },
    DdlTypeName {
        name: "CHAR",
        snippet: "CHAR(${1:1})",
        note: "fixed-length string",
    },
    DdlTypeName {
        name: "BOOLEAN",
        snippet: "BOOLEAN",
        note: "TRUE, FALSE or UNKNOWN",
    },
    DdlTypeName {
        name: "TINYINT",
        snippet: "TINYINT",
        note: "1-byte signed integer",
    },
    DdlTypeName {
        name: "SMALLINT",
        snippet: "SMALLINT",
        note: "2-byte signed integer",
    },
    DdlTypeName {
        name: "INT",
        snippet: "INT",
        note: "4-byte signed integer",
    },
    DdlTypeName {
        name: "INTEGER",
        snippet: "INTEGER",
        note: "4-byte signed integer (`INT`)",
    },
    DdlTypeName {
        name: "BIGINT",
        snippet: "BIGINT",
        note: "8-byte signed integer",
    },
    DdlTypeName {
        name: "FLOAT",
        snippet: "FLOAT",
        note: "4-byte floating point",
    },
    DdlTypeName {
        name: "DOUBLE",
        snippet: "DOUBLE",
        note: "8-byte floating point",
    },
    DdlTypeName {
        name: "DECIMAL",
        snippet: "DECIMAL(${1:10}, ${2:0})",
        note: "exact number; `DECIMAL` alone is `DECIMAL(10, 0)`",
    },
    DdlTypeName {
        name: "DATE",
        snippet: "DATE",
        note: "a date without time zone",
    },
    DdlTypeName {
        name: "TIME",
        snippet: "TIME",
        note: "time of day; Flink keeps precision 0 to 3",
    },
    DdlTypeName {
        name: "TIMESTAMP",
        snippet: "TIMESTAMP(${1:3})",
        note: "timestamp without time zone; `TIMESTAMP` alone is precision 6",
    },
    DdlTypeName {
        name: "TIMESTAMP_LTZ",
        snippet: "TIMESTAMP_LTZ(${1:3})",
        note: "timestamp with local time zone",
    },
    DdlTypeName {
        name: "BYTES",
        snippet: "BYTES",
        note: "VARBINARY(2147483647)",
    },
    DdlTypeName {
        name: "BINARY",
        snippet: "BINARY(${1:1})",
        note: "fixed-length binary string",
    },
    DdlTypeName {
        name: "VARBINARY",
        snippet: "VARBINARY(${1:255})",
        note: "variable-length binary string",
    },
    DdlTypeName {
        name: "ARRAY",
        snippet: "ARRAY<${1:STRING}>",
        note: "array of one element type",
    },
    DdlTypeName {
        name: "MAP",
        snippet: "MAP<${1:STRING}, ${2:STRING}>",
        note: "map from keys to values",
    },
    DdlTypeName {
        name: "MULTISET",
        snippet: "MULTISET<${1:STRING}>",
        note: "bag of elements",
    },
    DdlTypeName {
        name: "ROW",
        snippet: "ROW<${1:name} ${2:STRING}>",
        note: "structure of named fields",
    },
    DdlTypeName {
        name: "VARIANT",
        snippet: "VARIANT",
        note: "semi-structured value (Flink 2.1+)",
    },
    DdlTypeName {
        name: "RAW",
        snippet: "RAW('${1:class}', '${2:snapshot}')",
        note: "an opaque Java type",
    },
];
