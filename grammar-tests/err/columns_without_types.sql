CREATE TABLE t (a, b) WITH ('connector' = 'datagen');
