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
/// another dialect (`TEXT` is `STRING`), or a built-in name at most one edit away (two for
/// names of six letters or more), ignoring case.
pub fn similar_type_name(name: &str) -> Option<&'static str> {
    let upper = name.to_ascii_uppercase();
    if let Some((_, flink)) = OTHER_DIALECTS.iter().find(|(other, _)| *other == upper) {
        return Some(flink);
    }
    let budget = if upper.chars().count() >= 6 { 2 } else { 1 };
    TYPE_NAMES
        .iter()
        .filter(|t| **t != upper)
        .map(|t| (edit_distance(&upper, t), *t))
        .filter(|(d, _)| *d <= budget)
        .min_by_key(|(d, _)| *d)
        .map(|(_, t)| t)
}

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbours (`VARHCAR` is one edit from `VARCHAR`).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Names longer than any type name plus the budget are never close: skip the table.
    if a.len().abs_diff(b.len()) > 2 || a.len() > 64 {
        return usize::MAX;
    }
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
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
