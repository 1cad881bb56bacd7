CREATE TABLE a (x INT,, y INT) WITH ('connector' = 'datagen');
CREATE TABLE b (value INT) WITH ('connector' = 'datagen');
CREATE TABLE c (z INT) WIHT ('connector' = 'datagen');
CREATE TABLE ok_after (w INT) WITH ('connector' = 'datagen');
