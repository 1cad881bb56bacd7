CREATE TABLE t /*+ OPTIONS('a'='b') */ (a INT);
