//! The builder API resolves a table exactly as the equivalent DDL does, with the same errors.

use flinkddl_binder::{print, TableSchemaBuilder};
use flinkddl_types::DataType;

mod common;

fn describe_ddl(ddl: &str) -> String {
    print::describe_tableau(&common::last_table(ddl))
}

#[test]
fn builder_matches_the_equivalent_ddl() {
    let built = TableSchemaBuilder::new(&["orders"])
        .field("id", DataType::bigint())
        .field("price", DataType::decimal(10, 2))
        .field("quantity", DataType::int())
        .computed_field("cost", "`price` * `quantity`")
        .field("ts", DataType::timestamp(3))
        .metadata_field("offset", DataType::bigint(), None, true)
        .watermark("ts", "`ts` - INTERVAL '5' SECOND")
        .primary_key(&["id"])
        .option("connector", "datagen")
        .build()
        .unwrap_or_else(|e| panic!("{e:?}"));
    let ddl = "CREATE TABLE orders (id BIGINT, price DECIMAL(10, 2), quantity INT, \
               cost AS price * quantity, ts TIMESTAMP(3), `offset` BIGINT METADATA VIRTUAL, \
               WATERMARK FOR ts AS ts - INTERVAL '5' SECOND, PRIMARY KEY (id) NOT ENFORCED) \
               WITH ('connector' = 'datagen')";
    assert_eq!(print::describe_tableau(&built), describe_ddl(ddl));
    let show = print::show_create(&built).unwrap_or_default();
    assert!(
        show.contains("CONSTRAINT `PK_id` PRIMARY KEY (`id`) NOT ENFORCED"),
        "{show}"
    );
    assert!(show.contains("`cost` AS `price` * `quantity`"), "{show}");
    assert_eq!(
        built.column("cost").map(|c| c.data_type.summary_string()),
        Some("DECIMAL(21, 2)".to_string())
    );
}

/// The messages of the errors `builder` reports; none when it builds.
fn build_errors(builder: &TableSchemaBuilder) -> Vec<String> {
    match builder.build() {
        Ok(_) => Vec::new(),
        Err(diagnostics) => diagnostics.into_iter().map(|d| d.message.into()).collect(),
    }
}

#[test]
fn builder_reports_flink_errors() {
    let err = build_errors(
        &TableSchemaBuilder::new(&["t"])
            .field("a", DataType::bigint())
            .watermark("a", "`a`"),
    );
    assert!(
        err.iter()
            .any(|m| m.starts_with("Invalid data type of time field for watermark")),
        "{err:?}"
    );
    let err = build_errors(
        &TableSchemaBuilder::new(&["t"])
            .field("a", DataType::int())
            .computed_field("c", "`b` + 1"),
    );
    assert!(!err.is_empty());
    let named = TableSchemaBuilder::new(&["t"])
        .field("a", DataType::int())
        .primary_key_named("my_key", &["a"])
        .build()
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(
        named.primary_key.map(|p| p.name),
        Some("my_key".to_string())
    );
}
