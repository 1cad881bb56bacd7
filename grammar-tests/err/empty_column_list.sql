CREATE TABLE t () WITH ('connector' = 'datagen');
