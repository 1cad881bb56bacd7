CREATE TABLE t (a INT COMMENT 'one' 'two');
