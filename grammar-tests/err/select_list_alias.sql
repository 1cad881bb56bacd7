-- Mistakes in a select list that Flink's parser rejects (each checked with the oracle):
-- a word after an item's alias, a reserved word as an alias.
CREATE TABLE s (amount INT, price INT, a INT) WITH ('connector' = 'datagen');
CREATE TABLE k1 WITH ('connector' = 'blackhole') AS SELECT amount total price FROM s;
CREATE TABLE k2 WITH ('connector' = 'blackhole') AS SELECT amount AS total price FROM s;
CREATE TABLE k3 WITH ('connector' = 'blackhole') AS SELECT amount, 1 AS from s;
CREATE TABLE k4 WITH ('connector' = 'blackhole') AS SELECT amount, price FORM s;
CREATE TABLE k5 WITH ('connector' = 'blackhole') AS SELECT CAST(a AS STRING) AAS a_s FROM s;
INSERT INTO k1 SELECT amount `total` `price` FROM s;
