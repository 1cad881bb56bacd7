-- Select lists Flink accepts (checked with the oracle): aliases with and without AS, quoted
-- keywords as aliases, CASE, casts, literals, intervals, postfix operators.
CREATE TABLE s (amount INT, price INT, a INT, x INT, y INT, ts TIMESTAMP(3), name STRING)
  WITH ('connector' = 'datagen');
CREATE TABLE k1 WITH ('connector' = 'blackhole') AS
SELECT amount b1, price AS d, CASE WHEN a > 1 THEN x ELSE y END e, ABS(x) g, 'x' h, 1 i,
  CAST(a AS STRING) j FROM s;
CREATE TABLE k2 WITH ('connector' = 'blackhole') AS
SELECT amount AS `from`, price `value`, name AS v2 FROM s;
CREATE TABLE k3 WITH ('connector' = 'blackhole') AS
SELECT ts + INTERVAL '1' DAY AS t2, x IS NOT NULL AS nn FROM s;
SELECT a FROM s MATCH_RECOGNIZE (ORDER BY ts MEASURES A.a AS aa PATTERN (A B C) DEFINE A AS A.a > 0);
