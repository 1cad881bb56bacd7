-- Every statement here was run through Flink 2.3's parser (../shared/flink-oracle): all parse.
-- (Statement sets and COMPILE ... FOR STATEMENT SET were checked whole; the oracle splits on `;`.)
INSERT INTO k SELECT a FROM t;
INSERT INTO k (a, b) SELECT a, b FROM t;
INSERT OVERWRITE k PARTITION (dt = '2024-01-01') SELECT a FROM t;
INSERT INTO k /*+ OPTIONS('sink.parallelism' = '2') */ VALUES (1, DEFAULT), (2, 3);
CREATE VIEW v (x) AS SELECT a FROM t WHERE a > 0;
CREATE TABLE c WITH ('connector' = 'blackhole') AS SELECT a, COUNT(*) AS n FROM t GROUP BY a;
EXPLAIN SELECT a FROM t;
EXPLAIN CHANGELOG_MODE, ESTIMATED_COST SELECT a FROM t JOIN u ON t.a = u.a;
EXECUTE STATEMENT SET BEGIN INSERT INTO k SELECT a FROM t; INSERT INTO k2 SELECT a FROM u; END;
ANALYZE TABLE t COMPUTE STATISTICS FOR COLUMNS a, b;
ANALYZE TABLE t PARTITION (dt = '1', h) COMPUTE STATISTICS FOR ALL COLUMNS;
CALL sys.compact(`table` => 'db.t', options => 'x');
DELETE FROM t WHERE a = 1;
UPDATE t SET a = 1, b = 'x' WHERE c > 0;
TRUNCATE TABLE t;
ADD JAR '/tmp/a.jar';
REMOVE JAR '/tmp/a.jar';
COMPILE PLAN '/tmp/p.json' FOR INSERT INTO k SELECT a FROM t;
COMPILE AND EXECUTE PLAN '/tmp/p.json' FOR STATEMENT SET BEGIN INSERT INTO k SELECT a FROM t; END;
EXECUTE PLAN '/tmp/p.json';
STOP JOB 'abc' WITH SAVEPOINT WITH DRAIN;
