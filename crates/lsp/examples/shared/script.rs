//! The script the examples measure: CREATE TABLEs of 20 lines each, with computed columns,
//! watermarks, keys, partitions and connector options. `wide` tables (the default) have
//! column and table comments and longer option values, about 100 bytes a line, so that
//! 50,000 lines are the 5 MB of issue 16; `compact` ones (`SHAPE=compact`) are the earlier
//! examples' 28 bytes a line.

/// The line of a table's `price DECIMAL(10, 2)` column, counted from its CREATE line.
pub const PRICE_LINE: usize = 3;
/// Where `DECIMAL(10, 2)` starts on that line, and where it ends.
pub const PRICE_TYPE: (u32, u32) = (8, 22);

pub fn script(tables: usize) -> String {
    let wide = shape_is_wide();
    let mut out = String::with_capacity(tables * if wide { 2100 } else { 600 });
    for i in 0..tables {
        if wide {
            out.push_str(&wide_table(i));
        } else {
            out.push_str(&compact_table(i));
        }
    }
    out
}

fn compact_table(i: usize) -> String {
    format!(
        "CREATE TABLE orders_{i} (\n  order_id BIGINT NOT NULL,\n  customer_id BIGINT,\n  price DECIMAL(10, 2),\n  quantity INT,\n  cost AS price * quantity,\n  order_time TIMESTAMP(3),\n  note STRING,\n  tags ARRAY<STRING>,\n  attrs MAP<STRING, STRING>,\n  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND,\n  PRIMARY KEY (order_id) NOT ENFORCED\n) PARTITIONED BY (customer_id)\nWITH (\n  'connector' = 'kafka',\n  'topic' = 'orders_{i}',\n  'properties.bootstrap.servers' = 'localhost:9092',\n  'value.format' = 'debezium-json',\n  'scan.startup.mode' = 'earliest-offset'\n);\n"
    )
}

fn wide_table(i: usize) -> String {
    format!(
        "CREATE TABLE orders_{i} (\n\
  order_id BIGINT NOT NULL COMMENT 'the id the checkout service gives each order line, unique within a shop region and a calendar day, never reused after a cancellation',\n\
  customer_id BIGINT COMMENT 'the customer who placed the order; the customers table of the same shop region is keyed by it (see customers_by_region)',\n\
  price DECIMAL(10, 2) COMMENT 'the unit price in the currency of the order, rounded to cents exactly as the payment service rounds it before it charges',\n\
  quantity INT COMMENT 'how many units of the product the line orders: never zero, negative when the line is a return of an earlier order line',\n\
  cost AS price * quantity COMMENT 'what the line costs the customer before discounts, vouchers, taxes, shipping and the fees of the payment provider are applied',\n\
  order_time TIMESTAMP(3) COMMENT 'when the checkout service accepted the order, in the local time of the shop region (not UTC: see the time zone of the region table)',\n\
  note STRING COMMENT 'free text the customer typed at checkout: at most 500 characters, often empty, never trimmed, and not checked for anything by the checkout service',\n\
  tags ARRAY<STRING> COMMENT 'labels the marketing team attaches for campaigns and promotions, in no particular order and with duplicates removed by the tagging service',\n\
  attrs MAP<STRING, STRING> COMMENT 'attributes of the product when it was ordered (size, colour, material), as the product catalog had them at that moment',\n\
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND,\n\
  PRIMARY KEY (order_id) NOT ENFORCED\n\
) COMMENT 'order lines of the web shop as the checkout service publishes them: one topic per shop region, compacted by order id, kept for seven days' PARTITIONED BY (customer_id)\n\
WITH (\n\
  'connector' = 'kafka',\n\
  'topic' = 'shop.checkout.order-lines.region-{i}.v3',\n\
  'properties.bootstrap.servers' = 'kafka-broker-1.eu-west.internal.example.com:9092,kafka-broker-2.eu-west.internal.example.com:9092',\n\
  'value.format' = 'debezium-json',\n\
  'scan.startup.mode' = 'earliest-offset'\n\
);\n"
    )
}

fn shape_is_wide() -> bool {
    std::env::var("SHAPE").map_or(true, |s| s != "compact")
}

/// How many tables: `TABLES` from the environment (a comma-separated list), else 250 and 2,500
/// (5,000 and 50,000 lines).
pub fn table_counts() -> Vec<usize> {
    let counts: Vec<usize> = std::env::var("TABLES")
        .ok()
        .map(|t| t.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_default();
    if counts.is_empty() {
        vec![250, 2500]
    } else {
        counts
    }
}
