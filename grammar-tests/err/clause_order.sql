CREATE TABLE t (a INT) WITH ('connector' = 'datagen') PARTITIONED BY (a);
