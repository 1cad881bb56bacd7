CREATE TABLE t (a INT, c AS (SELECT 1)) WITH ('connector' = 'datagen');
