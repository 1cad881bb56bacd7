CREATE TABLE t (a INT, b AS a != 1);
