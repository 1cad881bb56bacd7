//! A table serializes as it did when each column held its comment: `{"name", "data_type",
//! "kind", "comment"}` per column (the comments now live in the table, by column index).

use flinkddl_binder::schema::TableSchema;

mod common;

fn bound_table(ddl: &str) -> TableSchema {
    TableSchema::clone(&common::last_table(ddl))
}

#[test]
fn columns_serialize_with_their_comments_and_read_back() {
    let table = bound_table(
        "CREATE TABLE t (a INT COMMENT 'first', b AS a + 1, c STRING, \
         d BIGINT METADATA FROM 'offset' VIRTUAL COMMENT 'last') WITH ('connector' = 'datagen')",
    );
    assert_eq!(table.columns.len(), 4);
    assert_eq!(table.column_comment(0), Some("first"));
    assert_eq!(table.column_comment(1), None);
    assert_eq!(table.column_comment(3), Some("last"));
    let json = serde_json::to_string(&table).unwrap_or_default();
    let columns = concat!(
        r#""columns":["#,
        r#"{"name":"a","data_type":{"nullable":true,"root":"INTEGER"},"kind":{"kind":"physical"},"comment":"first"},"#,
        r#"{"name":"b","data_type":{"nullable":true,"root":"INTEGER"},"kind":{"kind":"computed","expr":"`a` + 1","typed":true},"comment":null},"#,
        r#"{"name":"c","data_type":{"nullable":true,"root":"VARCHAR","length":2147483647},"kind":{"kind":"physical"},"comment":null},"#,
        r#"{"name":"d","data_type":{"nullable":true,"root":"BIGINT"},"kind":{"kind":"metadata","key":"offset","is_virtual":true},"comment":"last"}"#,
        r#"],"watermarks":[]"#,
    );
    assert!(json.contains(columns), "{json}");
    assert!(json.starts_with(r#"{"catalog":"default_catalog","database":"default_database","name":"t","temporary":false,"columns":["#), "{json}");
    let back: TableSchema = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(back, table);
}
