-- Every construct the prototypes read, with the escapes that make them decode.
CREATE TEMPORARY TABLE IF NOT EXISTS `cat`.db.`we``ird` (
  id BIGINT NOT NULL,
  `user` VARCHAR(32) COMMENT 'the user''s name',
  price DECIMAL(10, 2) NULL,
  tags ARRAY<STRING>,
  attrs MAP<STRING, ROW<a INT, b TIMESTAMP(3) 'b''s comment'>>,
  seen TIMESTAMP(3) WITH LOCAL TIME ZONE,
  total AS price * 2,
  label AS CASE WHEN price > 10 THEN 'high' WHEN price > 0 THEN 'low' ELSE 'none' END,
  up AS UPPER(TRIM(`user`)),
  pt AS PROCTIME(),
  ltz AS TO_TIMESTAMP_LTZ(id, 3),
  part INT METADATA FROM 'partition' VIRTUAL,
  off BIGINT METADATA,
  uid INT PRIMARY KEY NOT ENFORCED,
  WATERMARK FOR seen AS seen - INTERVAL '5' SECOND,
  CONSTRAINT pk PRIMARY KEY (id, `user`) NOT ENFORCED
)
COMMENT 'a table'
PARTITIONED BY (`user`)
WITH (
  'connector' = 'kafka',
  'topic' = 'it''s a topic with a name longer than twenty-four bytes'
);

CREATE TABLE t2 (a INT) WITH ('connector' = 'datagen');
