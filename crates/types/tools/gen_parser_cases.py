#!/usr/bin/env python3
"""Generates inputs for TypeProbe (LogicalTypeParser, casts, common types, decimal ops).

Usage: gen_parser_cases.py OUTDIR   (writes parser_in.jsonl, casts_in.jsonl, common_in.jsonl,
decimal_in.jsonl); label them with probe.sh and keep the outputs in fixtures/types/.
"""
import json, random, sys, os

out_dir = sys.argv[1]
rnd = random.Random(20240623)
RAW_INT = "RAW('java.lang.Integer', 'AE5vcmcuYXBhY2hlLmZsaW5rLmFwaS5jb21tb24udHlwZXV0aWxzLmJhc2UuSW50U2VyaWFsaXplciRJbnRTZXJpYWxpemVyU25hcHNob3QAAAAD')"

hand = [
 "CHAR","CHAR(0)","CHAR(5) NOT NULL","VARCHAR","VARCHAR(0)","VARCHAR(1)","STRING","STRING NOT NULL","BYTES","BINARY","BINARY(0)","VARBINARY","VARBINARY(0)",
 "VARBINARY(2147483647)","VARCHAR(2147483647)","VARCHAR(2147483648)","CHAR(99999999999)","CHAR(007)",
 "BOOLEAN","BOOLEAN NOT NULL","DECIMAL","DECIMAL(39)","DECIMAL(0)","DECIMAL(5,6)","DECIMAL(38,38)","DECIMAL(10, 2) NOT NULL","NUMERIC(3)","DEC(3,1)","DECIMAL(10,)",
 "TINYINT","SMALLINT","INT","INTEGER NOT NULL","BIGINT","FLOAT","DOUBLE","DOUBLE PRECISION","DOUBLE PRECISION NOT NULL ARRAY","DATE",
 "TIME","TIME(9)","TIME(10)","TIME WITHOUT TIME ZONE","TIME(3) WITHOUT TIME ZONE","TIME WITH TIME ZONE","TIME(3) WITH LOCAL TIME ZONE",
 "TIMESTAMP","TIMESTAMP(0)","TIMESTAMP(10)","TIMESTAMP(3) WITHOUT TIME ZONE","TIMESTAMP(3) WITH TIME ZONE","TIMESTAMP WITH TIME ZONE","TIMESTAMP(10) WITH TIME ZONE",
 "TIMESTAMP(3) WITH LOCAL TIME ZONE","TIMESTAMP(10) WITH LOCAL TIME ZONE","TIMESTAMP_LTZ","TIMESTAMP_LTZ(10)","TIMESTAMP_LTZ(3) NOT NULL","TIMESTAMP(3)WITH LOCAL TIME ZONE",
 "TIMESTAMP_LTZ(3) WITH LOCAL TIME ZONE","TIMESTAMP WITH","TIMESTAMP WITH LOCAL","TIMESTAMP WITHOUT TIME","TIMESTAMP WITH ZONE",
 "INTERVAL YEAR","INTERVAL YEAR(4)","INTERVAL YEAR(5)","INTERVAL YEAR(0)","INTERVAL YEAR TO MONTH","INTERVAL YEAR(3) TO MONTH","INTERVAL MONTH","INTERVAL MONTH(3)",
 "INTERVAL DAY","INTERVAL DAY(6)","INTERVAL DAY(7)","INTERVAL DAY(0)","INTERVAL DAY TO HOUR","INTERVAL DAY(3) TO MINUTE","INTERVAL DAY TO SECOND","INTERVAL DAY(1) TO SECOND(0)",
 "INTERVAL DAY(7) TO SECOND(10)","INTERVAL HOUR","INTERVAL HOUR(3)","INTERVAL HOUR TO MINUTE","INTERVAL HOUR TO SECOND(3)","INTERVAL HOUR TO DAY","INTERVAL MINUTE","INTERVAL MINUTE TO SECOND",
 "INTERVAL MINUTE TO HOUR","INTERVAL SECOND","INTERVAL SECOND(9)","INTERVAL SECOND(10)","INTERVAL WEEK","INTERVAL DAY TO YEAR","INTERVAL YEAR TO DAY","INTERVAL MONTH TO SECOND","INTERVAL","INTERVAL YEAR TO","INTERVAL TO",
 "INTERVAL DAY NOT NULL","INTERVAL SECOND(3) NOT NULL","INTERVAL MONTH NOT NULL",
 "ARRAY<INT>","ARRAY<INT NOT NULL> NOT NULL","INT ARRAY","INT NOT NULL ARRAY NOT NULL","INT ARRAY ARRAY","INT MULTISET","MULTISET<STRING>","MAP<STRING, INT NOT NULL>",
 "ARRAY<ARRAY<INT>>","ARRAY<BYTES>","ARRAY<INTERVAL DAY>","ARRAY<MULTISET<INT>>","ARRAY<VARIANT>","ARRAY<NULL>","ARRAY<TIMESTAMP(3) WITH TIME ZONE>","ARRAY<DESCRIPTOR>","ARRAY<BITMAP>",
 "ARRAY<ROW<a INT>>","ARRAY<STRUCTURED<'com.x.Y', a INT>>","ARRAY<BOOLEAN NOT NULL>","ARRAY<DATE>","ARRAY<TIME(3)>","ARRAY<DECIMAL(5, 2)>","ARRAY<ARRAY<BINARY(3)>>",
 "ROW<>","ROW()","ROW<a INT>","ROW(a INT, b STRING)","ROW<a INT 'desc'>","ROW<a INT, a STRING>","ROW<`` INT>","ROW<` ` INT>","ROW<`a.b` INT>","ROW<a INT, b INT, a INT, b INT, c INT, c INT>",
 "ROW<b INT, a INT, b INT, a INT>","ROW<Aa INT, BB INT, Aa INT, BB INT>","ROW<a INT 'it''s'>","ROW<`it``s` INT>","ROW<a INT NOT NULL 'c' , b INT>","ROW<a INT>NOT NULL","ROW<int INT>","ROW<name STRING, value INT>",
 "NULL","NULL NOT NULL","NULL NULL","NULL ARRAY",RAW_INT,RAW_INT+" NOT NULL",RAW_INT+" ARRAY","RAW('java.lang.Integer', 'abc')","RAW('a')","RAW('it''s', 'AAAA')",
 "DESCRIPTOR","DESCRIPTOR NOT NULL","VARIANT","VARIANT NOT NULL","BITMAP","BITMAP NOT NULL","SYMBOL",
 "STRUCTURED<'com.x.Y', a INT 'd', b STRING>","STRUCTURED<'com.x.Y'>","STRUCTURED<'com.x.Y', a INT, a STRING>","STRUCTURED<'com.x.Y', `` INT>","STRUCTURED<'it''s', a INT NOT NULL> NOT NULL","STRUCTURED<'1abc'>",
 "STRUCTURED<'com.x.Y', a ROW<b INT, b INT>>","STRUCTURED<com.x.Y>","STRUCTURED<'com.x.Y',>",
 "cat.db.MyType","`cat`.`db`.`My``Type`","db.T","MyType","MyType NOT NULL","a.b.c.d","db.`x.y`","`unterminated","MyType ARRAY",
 "LEGACY('RAW', 'ANY<java.lang.Integer>')","LEGACY('BOGUS', 'INT')",
 "int","Int Not Null","VARCHAR(10)ARRAY","","   ","INT NOT","INT NULL NOT NULL","INT NOT NULL NULL","CHAR(","CHAR(5","CHAR()","CHAR(x)","ARRAY<INT","ARRAY","ROW<a>","ROW<a INT,>","ROW<INT>",
 "MAP<INT>","MAP<INT, INT, INT>","INT )","INT,INT","'abc'","ROW<a INT 'x' 'y'>","ARRAY<INT> ARRAY<INT>","INT ARRAY MULTISET","INT ARRAY NOT NULL ARRAY","WITH","PRECISION","INT NULL","5",
 "INT\u00a0NOT NULL","INT\u2003NOT NULL","INT\tNOT\nNULL","ROW<a INT 'unterminated>","ROW<a 'x'>","ROW<é INT, ü STRING>","ROW<`日本` INT, x 𝄞>","ROW<a 𝄞>","𝄞 ARRAY","ROW<`𝄞` INT,>",
 "varchar(5) array not null","timestamp_ltz(3) not null multiset","Row<X Int>","MAP<ARRAY<INT>, MAP<INT, ROW<a BYTES>>> NOT NULL","INT NOT NULL NOT NULL","ARRAY<>","ARRAY()","MAP<>","ROW<a INT) ",
]

# random well-formed types (LogicalTypeParser syntax)
leaf = ["CHAR","CHAR(3)","VARCHAR","VARCHAR(20)","STRING","BOOLEAN","BINARY(4)","VARBINARY(9)","BYTES","DECIMAL","DECIMAL(12, 3)","DEC(5)","NUMERIC(38, 0)",
        "TINYINT","SMALLINT","INT","INTEGER","BIGINT","FLOAT","DOUBLE","DOUBLE PRECISION","DATE","TIME","TIME(3)","TIMESTAMP","TIMESTAMP(9)","TIMESTAMP(0) WITHOUT TIME ZONE",
        "TIMESTAMP(3) WITH LOCAL TIME ZONE","TIMESTAMP_LTZ(6)","TIMESTAMP(2) WITH TIME ZONE","INTERVAL YEAR(3) TO MONTH","INTERVAL DAY(4) TO SECOND(2)","INTERVAL MINUTE","INTERVAL SECOND(1)",
        "VARIANT","BITMAP","DESCRIPTOR","NULL", RAW_INT]
names = ["a","b","c","id","user_id","`weird name`","`tick``s`","x1","payload","Ts"]
def rtype(depth):
    k = rnd.random()
    if depth <= 0 or k < 0.45:
        t = rnd.choice(leaf)
    elif k < 0.6:
        t = "ARRAY<%s>" % rtype(depth-1)
    elif k < 0.68:
        t = "MULTISET<%s>" % rtype(depth-1)
    elif k < 0.8:
        t = "MAP<%s, %s>" % (rtype(depth-1), rtype(depth-1))
    elif k < 0.95:
        n = rnd.randint(0, 3)
        ns = rnd.sample(names, n)
        fs = []
        for nm in ns:
            f = "%s %s" % (nm, rtype(depth-1))
            if rnd.random() < 0.3:
                f += " '%s'" % rnd.choice(["desc","it''s","x y","", "ünï"])
            fs.append(f)
        t = ("ROW<%s>" if rnd.random() < 0.7 else "ROW(%s)") % ", ".join(fs)
    else:
        t = "STRUCTURED<'com.example.P%d', a %s>" % (rnd.randint(0,9), rtype(depth-1))
    if t != "NULL" and rnd.random() < 0.3:
        t += " NOT NULL"
    if rnd.random() < 0.08:
        t += rnd.choice([" ARRAY"," MULTISET"," ARRAY NOT NULL"])
    if rnd.random() < 0.1:
        t = t.lower()
    return t

gen = [rtype(3) for _ in range(260)]
seen = set(); cases = []
for s in hand + gen:
    if s in seen: continue
    seen.add(s); cases.append(s)
with open(os.path.join(out_dir, "parser_in.jsonl"), "w") as f:
    for s in cases:
        f.write(json.dumps({"op": "parse", "s": s}, ensure_ascii=False) + "\n")

# casts: a representative matrix
ct = ["CHAR(3)","CHAR(5) NOT NULL","VARCHAR(10)","STRING NOT NULL","BOOLEAN","BINARY(3)","VARBINARY(10)","BYTES","DECIMAL(10, 2)","DECIMAL(38, 0) NOT NULL",
      "TINYINT","SMALLINT","INT","INT NOT NULL","BIGINT","FLOAT","DOUBLE","DATE","TIME(0)","TIME(3)","TIMESTAMP(3)","TIMESTAMP(6) NOT NULL","TIMESTAMP(3) WITH TIME ZONE",
      "TIMESTAMP_LTZ(3)","INTERVAL YEAR","INTERVAL YEAR TO MONTH","INTERVAL MONTH","INTERVAL DAY","INTERVAL DAY TO SECOND(3)","INTERVAL SECOND(3)",
      "ARRAY<INT>","ARRAY<BIGINT NOT NULL>","ARRAY<STRING>","MULTISET<INT>","MAP<STRING, INT>","MAP<STRING, BIGINT>","ROW<a INT, b STRING>","ROW<x BIGINT, y STRING>","ROW<a INT>",
      "STRUCTURED<'com.x.Y', a INT, b STRING>","STRUCTURED<'com.x.Z', a INT, b STRING>","NULL",RAW_INT,"VARIANT","BITMAP","DESCRIPTOR"]
with open(os.path.join(out_dir, "casts_in.jsonl"), "w") as f:
    for a in ct:
        for b in ct:
            f.write(json.dumps({"op": "cast", "from": a, "to": b}) + "\n")

# common types: all pairs of a smaller set plus random triples
cm = ["CHAR(3)","CHAR(5)","CHAR(3) NOT NULL","VARCHAR(10)","STRING","BINARY(2)","BINARY(4)","VARBINARY(3)","BOOLEAN","DECIMAL(10, 2)","DECIMAL(38, 10)","DECIMAL(5, 5)",
      "TINYINT","SMALLINT","INT NOT NULL","BIGINT","FLOAT","DOUBLE","DATE","TIME(0)","TIME(6)","TIMESTAMP(3)","TIMESTAMP(9) NOT NULL","TIMESTAMP_LTZ(6)","TIMESTAMP(3) WITH TIME ZONE",
      "INTERVAL YEAR","INTERVAL MONTH","INTERVAL YEAR(4) TO MONTH","INTERVAL DAY(3)","INTERVAL HOUR","INTERVAL MINUTE TO SECOND(3)","INTERVAL SECOND(9)",
      "ARRAY<INT>","ARRAY<BIGINT NOT NULL>","ARRAY<STRING>","MULTISET<INT>","MAP<STRING, INT>","MAP<CHAR(2), DOUBLE>","ROW<a INT, b CHAR(2)>","ROW<x BIGINT 'd', y VARCHAR(5)>","ROW<a INT>",
      "NULL",RAW_INT,"VARIANT","BITMAP","DESCRIPTOR","STRUCTURED<'com.x.Y', a INT>"]
with open(os.path.join(out_dir, "common_in.jsonl"), "w") as f:
    for a in cm:
        for b in cm:
            f.write(json.dumps({"op": "common", "types": [a, b]}) + "\n")
    for _ in range(300):
        f.write(json.dumps({"op": "common", "types": rnd.sample(cm, 3)}) + "\n")
    for single in cm:
        f.write(json.dumps({"op": "common", "types": [single]}) + "\n")

with open(os.path.join(out_dir, "decimal_in.jsonl"), "w") as f:
    ps = [(1,0),(3,0),(5,2),(10,0),(10,2),(19,0),(20,18),(38,0),(38,10),(38,38),(37,36),(30,20)]
    for kind in ["add","mul","div","mod"]:
        for (p1,s1) in ps:
            for (p2,s2) in ps:
                f.write(json.dumps({"op":"dec","kind":kind,"p1":p1,"s1":s1,"p2":p2,"s2":s2}) + "\n")
    for (p,s) in ps:
        for r in [-3,-1,0,1,2,5,40]:
            f.write(json.dumps({"op":"round","p":p,"s":s,"r":r}) + "\n")
    for t in ["DECIMAL(10, 2)","DECIMAL(38, 18) NOT NULL","DECIMAL(5, 0)","INT","BIGINT NOT NULL","DOUBLE","DECIMAL(20, 10)"]:
        f.write(json.dumps({"op":"agg","s":t}) + "\n")
print(len(cases), "parser cases")
