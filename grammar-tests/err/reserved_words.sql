CREATE TABLE t (select INT);
CREATE TABLE u (time INT);
