//! The script both examples measure: `tables` CREATE TABLEs of 20 lines each, with computed
//! columns, watermarks, keys, partitions and connector options.

pub fn script(tables: usize) -> String {
    let mut out = String::new();
    for i in 0..tables {
        out.push_str(&format!(
            "CREATE TABLE orders_{i} (\n  order_id BIGINT NOT NULL,\n  customer_id BIGINT,\n  price DECIMAL(10, 2),\n  quantity INT,\n  cost AS price * quantity,\n  order_time TIMESTAMP(3),\n  note STRING,\n  tags ARRAY<STRING>,\n  attrs MAP<STRING, STRING>,\n  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND,\n  PRIMARY KEY (order_id) NOT ENFORCED\n) PARTITIONED BY (customer_id)\nWITH (\n  'connector' = 'kafka',\n  'topic' = 'orders_{i}',\n  'properties.bootstrap.servers' = 'localhost:9092',\n  'value.format' = 'debezium-json',\n  'scan.startup.mode' = 'earliest-offset'\n);\n"
        ));
    }
    out
}

/// How many tables: `TABLES` from the environment, else 250.
pub fn tables() -> usize {
    std::env::var("TABLES")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(250)
}
