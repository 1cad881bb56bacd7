//! Did-you-mean for a type name Flink does not know (`BIGIN`, `VARHCAR`, `TEXT`): the closest
//! built-in DDL type name, or the Flink type for a name of another SQL dialect.

/// The type names of Flink's DDL grammar, as a user writes them (also keywords of
/// `LogicalTypeParser`).
pub(crate) const TYPE_NAMES: &[&str] = &[
    "CHAR",
    "VARCHAR",
    "STRING",
    "BOOLEAN",
    "BINARY",
    "VARBINARY",
    "BYTES",
    "DECIMAL",
    "NUMERIC",
    "TINYINT",
    "SMALLINT",
    "INT",
    "INTEGER",
    "BIGINT",
    "FLOAT",
    "DOUBLE",
    "DATE",
    "TIME",
    "TIMESTAMP",
    "TIMESTAMP_LTZ",
    "INTERVAL",
    "ARRAY",
    "MULTISET",
    "MAP",
    "ROW",
    "RAW",
    "VARIANT",
];

/// Names other systems use, and what to write in Flink.
const OTHER_DIALECTS: &[(&str, &str)] = &[
    ("TEXT", "STRING"),
    ("LONGTEXT", "STRING"),
    ("NVARCHAR", "VARCHAR"),
    ("UUID", "STRING"),
    ("JSON", "STRING"),
    ("BOOL", "BOOLEAN"),
    ("LONG", "BIGINT"),
    ("INT8", "BIGINT"),
    ("INT64", "BIGINT"),
    ("INT4", "INT"),
    ("INT32", "INT"),
    ("INT2", "SMALLINT"),
    ("FLOAT4", "FLOAT"),
    ("FLOAT8", "DOUBLE"),
    ("FLOAT64", "DOUBLE"),
    ("NUMBER", "DECIMAL"),
    ("DATETIME", "TIMESTAMP(3)"),
    ("TIMESTAMPTZ", "TIMESTAMP_LTZ(3)"),
    ("BYTEA", "BYTES"),
    ("BLOB", "BYTES"),
    ("LIST", "ARRAY<T>"),
    ("STRUCT", "ROW<...>"),
];

/// The Flink type name to suggest for an unknown type name, if one is close: a name of
/// another dialect (`TEXT` is `STRING`), or the built-in name the did-you-mean rule
/// ([`flinkddl_diagnostics::suggest`]) finds.
pub fn similar_type_name(name: &str) -> Option<&'static str> {
    let upper = name.to_ascii_uppercase();
    if let Some((_, flink)) = OTHER_DIALECTS.iter().find(|(other, _)| *other == upper) {
        return Some(flink);
    }
    let others = TYPE_NAMES.iter().copied().filter(|t| *t != upper);
    flinkddl_diagnostics::suggest::closest(name, others)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_and_other_dialects() {
        for (written, expected) in [
            ("BIGIN", Some("BIGINT")),
            ("bigin", Some("BIGINT")),
            ("VARHCAR", Some("VARCHAR")),
            ("STRNG", Some("STRING")),
            ("INTEGR", Some("INTEGER")),
            ("TIMESTAMPLTZ", Some("TIMESTAMP_LTZ")),
            ("BOOLEN", Some("BOOLEAN")),
            ("TEXT", Some("STRING")),
            ("datetime", Some("TIMESTAMP(3)")),
            ("FOOBAR", None),
            ("X", None),
            ("ACME_ID", None),
        ] {
            assert_eq!(similar_type_name(written), expected, "{written}");
        }
    }
}
