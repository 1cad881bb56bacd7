CREATE TABLE t (a INT /* never closed
) WITH ('connector' = 'datagen');
