CREATE TABLE a (x INT) WITH ('k' = 5);
CREATE TABLE b (x INT) WITH (k = 'v');
CREATE TABLE c (x INT) WITH ('a' = '1', 'b' = '2',);
