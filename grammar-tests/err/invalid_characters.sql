CREATE TABLE t (a INT @ 1, b INT # 2) WITH ('connector' = 'datagen');
