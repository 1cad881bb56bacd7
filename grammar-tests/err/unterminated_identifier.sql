CREATE TABLE t (`a INT) WITH ('connector' = 'datagen');
