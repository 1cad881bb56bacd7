-- A type name that is no keyword, followed by `(`: Flink's parser fails at the `(`; when the
-- name is close to a built-in type that takes parameters, the error says which (issue 14).
CREATE TABLE t (a VARHCAR(20));
CREATE TABLE u (b DECMAL(10, 2));
CREATE TABLE v (c my_type(3));
