-- Three independent mistakes in one query: a select item, the WHERE clause and GROUP BY.
-- Flink reports the first; we report all three, each on its own line.
INSERT INTO k
SELECT a, CAST(b AS) AS c, d
FROM s
WHERE a > AND b < 1
GROUP BY a,;
