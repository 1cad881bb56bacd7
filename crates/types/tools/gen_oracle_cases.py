#!/usr/bin/env python3
"""Generates the oracle inputs: DDL type cases (ddl_in.jsonl, mode "type") and SQL arithmetic
cases (arith_in.jsonl, mode "expr"). Usage: gen_oracle_cases.py OUTDIR; then run
shared/flink-oracle/run.sh on each and make_fixtures.py."""
import json, os, sys
OUT = sys.argv[1]
T = []
def a(*xs): T.extend(xs)
# character strings
a("CHAR","CHAR(0)","CHAR(1)","CHAR(255)","CHAR(2147483647)","CHAR(2147483648)","CHARACTER","CHARACTER(7)","CHAR VARYING","CHAR VARYING(12)","CHARACTER VARYING","character varying(40) not null",
  "VARCHAR","VARCHAR(0)","VARCHAR(1)","VARCHAR(2147483647)","VARCHAR(2147483647) NOT NULL","STRING","string not null","VARCHAR(-1)","VARCHAR()","VARCHAR(1, 2)")
a("BINARY","BINARY(0)","BINARY(9)","BINARY(2147483647)","VARBINARY","VARBINARY(0)","VARBINARY(2147483647)","VARBINARY(17) NOT NULL","BYTES","BYTES NOT NULL","BINARY VARYING","BINARY VARYING(5)","BYTES(5)","STRING(5)")
a("BOOLEAN","BOOLEAN NOT NULL","BOOL","boolean null")
# numbers
a("DECIMAL","DECIMAL(1)","DECIMAL(38)","DECIMAL(39)","DECIMAL(100)","DECIMAL(0)","DECIMAL(0, 0)","DECIMAL(1, 0)","DECIMAL(1, 1)","DECIMAL(1, 2)","DECIMAL(38, 38)","DECIMAL(39, 39)","DECIMAL(40, 38)","DECIMAL(40, 39)","DECIMAL(50, 10)","DECIMAL(10, 11)","DECIMAL(38, 0) NOT NULL","DECIMAL(2147483647, 2)","DECIMAL(5, -1)","DEC","DEC(7)","NUMERIC","NUMERIC(12, 4)","NUMERIC(39, 1)","decimal(10,2)")
a("TINYINT","TINYINT NOT NULL","SMALLINT","INT","INTEGER NOT NULL","BIGINT","BIGINT NOT NULL","INT(5)","FLOAT","FLOAT NOT NULL","FLOAT(5)","REAL","DOUBLE","DOUBLE PRECISION","DOUBLE PRECISION NOT NULL","DOUBLE(5)")
# date time
a("DATE","DATE NOT NULL","DATE(3)","TIME","TIME(0)","TIME(1)","TIME(2)","TIME(3)","TIME(4)","TIME(6)","TIME(9)","TIME(10)","TIME(100)","TIME(3) WITHOUT TIME ZONE","TIME WITHOUT TIME ZONE NOT NULL","TIME WITH LOCAL TIME ZONE","TIME(3) WITH LOCAL TIME ZONE","TIME WITH TIME ZONE","TIME(-1)",
  "TIMESTAMP","TIMESTAMP(0)","TIMESTAMP(1)","TIMESTAMP(3)","TIMESTAMP(6)","TIMESTAMP(9)","TIMESTAMP(10)","TIMESTAMP(12)","TIMESTAMP(2147483647)","TIMESTAMP(3) WITHOUT TIME ZONE","TIMESTAMP WITHOUT TIME ZONE NOT NULL","TIMESTAMP(3) NOT NULL",
  "TIMESTAMP WITH LOCAL TIME ZONE","TIMESTAMP(0) WITH LOCAL TIME ZONE","TIMESTAMP(9) WITH LOCAL TIME ZONE","TIMESTAMP(10) WITH LOCAL TIME ZONE","TIMESTAMP_LTZ","TIMESTAMP_LTZ(0)","TIMESTAMP_LTZ(3) NOT NULL","TIMESTAMP_LTZ(9)","TIMESTAMP_LTZ(11)","TIMESTAMP(3) WITH TIME ZONE","TIMESTAMP_LTZ(3) WITH LOCAL TIME ZONE","timestamp_ltz(2) not null",
  "INTERVAL YEAR","INTERVAL DAY TO SECOND(3)","INTERVAL MONTH")
# collections
a("ARRAY<INT>","ARRAY<INT NOT NULL>","ARRAY<INT> NOT NULL","ARRAY<INT NOT NULL> NOT NULL","ARRAY<ARRAY<STRING>>","INT ARRAY","INT NOT NULL ARRAY","INT ARRAY NOT NULL","INT NOT NULL ARRAY NOT NULL","INT ARRAY ARRAY","INT ARRAY NOT NULL ARRAY","INT MULTISET","INT MULTISET ARRAY","MULTISET<STRING>","MULTISET<STRING NOT NULL> NOT NULL","ARRAY<VARCHAR>","ARRAY<TIME(6)>","ARRAY<TIMESTAMP(12)>","ARRAY<DECIMAL(40, 2)>","ARRAY<DECIMAL(0)>","ARRAY<INT>>","ARRAY<>","ARRAY<INT, INT>",
  "MAP<STRING, INT>","MAP<INT NOT NULL, STRING NOT NULL> NOT NULL","MAP<STRING, ARRAY<ROW<a INT>>>","MAP<ARRAY<INT>, MAP<INT, INT>>","MAP<INT>","MAP<INT, INT, INT>","MAP<VARBINARY, BINARY>","MAP(INT, INT)")
# rows
a("ROW<>","ROW()","ROW<> NOT NULL","ROW<a INT>","ROW(a INT)","ROW<a INT NOT NULL, b STRING>","ROW<a INT 'comment'>","ROW<a INT NOT NULL 'it''s'>","ROW<`a b` INT, `c``d` STRING>","ROW<a INT, A INT>","ROW<a INT, a STRING>","ROW<a ROW<b INT NOT NULL> NOT NULL>","ROW<a ARRAY<INT NOT NULL>>","ROW<a VARCHAR, b VARBINARY, c TIMESTAMP, d DECIMAL>","ROW<a TIME(9)>","ROW<a TIMESTAMP(10)>","ROW<a DECIMAL(39, 2)>","ROW<a DECIMAL(3, 5)>","ROW<a CHAR(0)>","ROW<a INT,>","ROW<INT>","ROW<a>","ROW<`` INT>","ROW<value INT, `time` STRING>","ROW<time INT>","ROW<a INT> ARRAY","row<x int, y int> multiset not null","ROW(a INT 'c1', b INT 'c2')","ROW<a INT NULL>","ROW<a INT NOT NULL NOT NULL>","ROW<a MAP<STRING, ROW<b BIGINT>>>")
# special
a("RAW('java.lang.Integer', 'AE5vcmcuYXBhY2hlLmZsaW5rLmFwaS5jb21tb24udHlwZXV0aWxzLmJhc2UuSW50U2VyaWFsaXplciRJbnRTZXJpYWxpemVyU25hcHNob3QAAAAD')","RAW('java.lang.Integer', 'AE5vcmcuYXBhY2hlLmZsaW5rLmFwaS5jb21tb24udHlwZXV0aWxzLmJhc2UuSW50U2VyaWFsaXplciRJbnRTZXJpYWxpemVyU25hcHNob3QAAAAD') NOT NULL","RAW('java.lang.Integer')","RAW('a.B', 'xyz')",
  "VARIANT","VARIANT NOT NULL","BITMAP","BITMAP NOT NULL","ARRAY<VARIANT>","ARRAY<BITMAP>","STRUCTURED<'com.x.Y'>","STRUCTURED<'com.x.Y', a INT 'doc', b STRING NOT NULL>","STRUCTURED<'com.x.Y', a INT, a INT>","STRUCTURED<'it''s', a INT>","STRUCTURED<'1abc', a INT>","STRUCTURED<'com.x.Y', a INT> NOT NULL","STRUCTURED<'java.lang.Integer', a INT>","STRUCTURED<'com.x.Y', a TIMESTAMP(10)>",
  "NULL","SYMBOL","DESCRIPTOR","FOOBAR","cat.db.MyType","db.MyType","`INT`","LEGACY('RAW', 'ANY<java.lang.Integer>')","ANY","MyType NOT NULL")
# lexical / nullability
a("int not null","Int Not Null","INT NULL","INT NOT NULL NOT NULL","INT NULL NULL","INT NOT  NULL","INT /* c */ NOT NULL","INT -- c\n NOT NULL","  INT  ","INT NOT NULL ARRAY NOT NULL MULTISET NOT NULL","DECIMAL ( 10 , 2 )","TIMESTAMP ( 3 ) WITH LOCAL TIME ZONE","VARCHAR(010)","TIMESTAMP(03)","CHAR(5) CHARACTER SET UTF8","VARCHAR(5) COLLATE x")
seen=set(); out=[]
for i,t in enumerate(T):
  if t in seen: continue
  seen.add(t)
  out.append({"id":"ty%03d"%len(out),"mode":"type","type":t})
with open(os.path.join(OUT, 'ddl_in.jsonl'),'w') as f:
  for o in out: f.write(json.dumps(o)+"\n")
print(len(out))
ts=["TINYINT","SMALLINT","INT","BIGINT","FLOAT","DOUBLE","DECIMAL(10, 2)","DECIMAL(38, 10)","DECIMAL(5, 0)","DECIMAL(38, 0)","DECIMAL(20, 18)","INT NOT NULL","DECIMAL(10, 2) NOT NULL"]
ops=["+","-","*","/","%"]
out=[]
for i,a in enumerate(ts):
  for j,b in enumerate(ts):
    for op in ops:
      e = "MOD(a, b)" if op=="%" else f"a {op} b"
      out.append({"id":f"ar_{i}_{j}_{ops.index(op)}","mode":"expr","columns":f"a {a}, b {b}","expr":e,"meta":[a,op,b]})
with open(os.path.join(OUT, 'arith_in.jsonl'),'w') as f:
  for o in out: f.write(json.dumps(o)+"\n")
print(len(out))
