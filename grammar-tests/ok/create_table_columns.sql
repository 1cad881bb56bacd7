-- Every kind of column and table element.
CREATE TABLE orders (
  `id` BIGINT NOT NULL COMMENT 'order id',
  price DECIMAL(10, 2),
  quantity INT,
  cost AS price * quantity COMMENT 'derived',
  ts TIMESTAMP(3),
  event_time TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
  `partition` BIGINT METADATA VIRTUAL,
  headers MAP<STRING, BYTES> METADATA,
  proc AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  CONSTRAINT pk_orders PRIMARY KEY (`id`) NOT ENFORCED
) COMMENT 'orders table'
DISTRIBUTED BY HASH(`id`) INTO 4 BUCKETS
PARTITIONED BY (quantity)
WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json'
);
