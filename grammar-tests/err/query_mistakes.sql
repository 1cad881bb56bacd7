-- One mistake per statement, each Flink 2.3's parse error at the same token (oracle-checked):
-- the parser reports each and carries on with the next statement.
SELECT a, b, FROM s;
SELECT a FROM s WHERE a = = 1;
SELECT 1 WHERE TRUE;
SELECT a FROM default.s;
SELECT a FROM s LIMIT 1, 2;
SELECT a FROM s MINUS SELECT a FROM s;
SELECT a FROM s CROSS APPLY s AS t;
SELECT DEFAULT;
ANALYZE TABLE t COMPUTE STATISTICS FOR COLUMNS;
CALL sys.f(a => <x>);
ADD JAR /tmp/x.jar;
SET 'parallelism.default' = 8;
-- a comment makes Flink read the next SET with its SQL grammar
SET table.local-time-zone = UTC;
