#!/usr/bin/env python3
"""Differential tester for queries and the wider statement surface (sibling of difftest.py).

A seeded generator builds scripts of a prelude (sources with a rowtime, a processing-time
column, ROW / ARRAY columns, a versioned dimension table with a primary key, sinks) and one
statement of a family: SELECT / INSERT with joins (regular, interval, temporal, lookup),
window TVFs and their aggregates, OVER windows, GROUP BY / GROUPING SETS / ROLLUP / CUBE, set
operations, subqueries, UNNEST, MATCH_RECOGNIZE, hints, Top-N and deduplication, ORDER BY and
LIMIT, INSERT column lists, OVERWRITE, ON CONFLICT, statement sets; and other statements
(SHOW ... LIKE, DESCRIBE, functions, catalogs, databases, modules, views, EXPLAIN, ANALYZE).
Each family draws its edge values (window sizes and offsets, ranks, nullability) from pools, so
a case may or may not be valid: Flink's verdict (the oracle, with --plan-dml: planned as a job
submission plans it) decides. Comparison and report are difftest.py's: every disagreement is
grouped by family and kind (a false error, a missed rejection, another first message).

    python3 tools/difftest/querytest.py --cases 10000 [--seed 37] [--flinkddl target/release/flinkddl]
        [--jobs 2] [--keep DIR] [--examples 3] [--families window_tvf,over]
"""
import json, os, random, sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from difftest import arguments, check_all, disagreements, label, print_examples  # noqa: E402

SOURCE_NAMES = ["orders", "clicks", "payments", "trips", "readings", "events_src", "logins"]
DIM_NAMES = ["users", "rates", "products", "stores", "accounts"]
SINK_NAMES = ["sink_out", "results", "agg_out", "alerts_out"]
KEY_NAMES = ["user_id", "k", "store_id", "acct"]
STR_NAMES = ["item", "label", "city", "name_x"]
NUM_TYPES = ["INT", "BIGINT", "DOUBLE", "DECIMAL(10, 2)", "FLOAT", "SMALLINT"]
ROWTIME_TYPES = ["TIMESTAMP(3)", "TIMESTAMP(3)", "TIMESTAMP_LTZ(3)", "TIMESTAMP(3) NOT NULL"]
DELAYS = ["INTERVAL '5' SECOND", "INTERVAL '1' MINUTE", "INTERVAL '0' SECOND"]
SIZES = ["INTERVAL '1' MINUTE", "INTERVAL '10' MINUTE", "INTERVAL '1' HOUR", "INTERVAL '30' SECOND",
         "INTERVAL '7' MINUTE", "INTERVAL '1' DAY", "INTERVAL '90' SECOND"]
AGGS = ["COUNT(*)", "COUNT({s})", "SUM({n})", "MAX({n})", "MIN({s})", "AVG({n})",
        "COUNT(DISTINCT {s})", "LAST_VALUE({s})", "FIRST_VALUE({n})", "LISTAGG({s})",
        "JSON_ARRAYAGG({s})", "JSON_OBJECTAGG({s} VALUE {n})", "STDDEV_POP({n})",
        "ARRAY_AGG({s})", "COLLECT({s})", "SUM(DISTINCT {n})", "BOOL_AND({n} > 0)",
        "COUNT(*) FILTER (WHERE {n} > 0)", "MAX({ts})"]
SCALARS = ["{n} + 1", "UPPER({s})", "CAST({n} AS STRING)", "{r}.f1", "{tags}[1]",
           "CARDINALITY({tags})", "COALESCE({s}, 'x')", "CASE WHEN {n} > 10 THEN 'hi' ELSE 'lo' END",
           "DATE_FORMAT({ts}, 'yyyy-MM-dd')", "CHAR_LENGTH({s})", "{n} / 2", "ABS({n})",
           "EXTRACT(HOUR FROM {ts})", "f1", "f2", "{s} LIKE 'a%'", "JSON_VALUE({s}, '$.a')",
           "CAST({ts} AS DATE)", "FLOOR({ts} TO HOUR)", "DATE_TRUNC('hour', {ts})",
           "TIMESTAMPDIFF(SECOND, {ts}, {ts})", "{n} IS NULL", "MOD({n}, 3)", "{s} || {s}",
           "nope_col", "SUBSTRING({s}, 1, 2)", "CAST({s} AS INT)", "{ts} + INTERVAL '1' HOUR",
           "IF({n} > 0, {s}, NULL)", "REGEXP_EXTRACT({s}, 'a(.)', 1)", "UNIX_TIMESTAMP()",
           "CURRENT_WATERMARK({ts})", "TO_TIMESTAMP({s})", "{r}.nope"]


class Q:
    """One case's tables and a picker."""

    def __init__(self, rng):
        self.r = rng
        self.stmts = []

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def source(self, name=None, rowtime=True):
        name = name or self.pick(SOURCE_NAMES)
        key = self.pick(KEY_NAMES)
        s = self.pick(STR_NAMES)
        n = "amount"
        nt = self.pick(NUM_TYPES)
        rt = self.pick(ROWTIME_TYPES)
        cols = ["id BIGINT", "%s INT" % key, "%s STRING" % s, "%s %s" % (n, nt),
                "tags ARRAY<STRING>", "r ROW<f1 STRING, f2 INT>", "ts %s" % rt]
        if self.chance(0.7):
            cols.append("pt AS PROCTIME()")
        wm = rowtime and self.chance(0.85)
        if wm:
            cols.append("WATERMARK FOR ts AS ts - %s" % self.pick(DELAYS))
        if self.chance(0.1):
            cols.append("PRIMARY KEY (id) NOT ENFORCED")
        opts = self.pick(["'connector' = 'datagen'", "'connector' = 'datagen', 'number-of-rows' = '10'"])
        self.stmts.append("CREATE TABLE %s (%s) WITH (%s)" % (name, ", ".join(cols), opts))
        return {"name": name, "key": key, "s": s, "n": n, "rowtime": wm, "pt": "pt" in " ".join(cols)}

    def dim(self, key):
        name = self.pick(DIM_NAMES)
        cols = ["%s INT%s" % (key, self.pick(["", " NOT NULL"])), "dname STRING", "lvl INT",
                "uts %s" % self.pick(ROWTIME_TYPES)]
        if self.chance(0.8):
            cols.append("WATERMARK FOR uts AS uts")
        if self.chance(0.75):
            cols.append("PRIMARY KEY (%s) NOT ENFORCED" % key)
        self.stmts.append("CREATE TABLE %s (%s) WITH ('connector' = 'datagen')" % (name, ", ".join(cols)))
        return name

    def sink(self, cols, pk=None):
        """A sink for `cols` ((name, type)); sometimes a near miss."""
        name = self.pick(SINK_NAMES)
        cols = list(cols)
        if cols and self.chance(0.1):
            i = self.r.randrange(len(cols))
            cols[i] = (cols[i][0], cols[i][1] + " NOT NULL")
        if self.chance(0.08):
            cols.append(("extra_col", self.pick(["STRING", "INT NOT NULL"])))
        items = ["%s %s" % c for c in cols]
        if pk:
            items.append("PRIMARY KEY (%s) NOT ENFORCED" % pk)
        conn = self.pick(["blackhole", "blackhole", "print"])
        self.stmts.append("CREATE TABLE %s (%s) WITH ('connector' = '%s')" % (name, ", ".join(items), conn))
        return name, [c[0] for c in cols]

    def fill(self, template, src):
        return template.format(n=src["n"], s=src["s"], ts="ts", r="r", tags="tags", k=src["key"])


def window_tvf(q):
    src = q.source()
    kind = q.pick(["TUMBLE", "HOP", "CUMULATE", "SESSION"])
    size = q.pick(SIZES)
    t = "TABLE %s" % src["name"]
    time_col = q.pick(["ts", "ts", "pt", "id"]) if src["pt"] else q.pick(["ts", "ts", "id"])
    d = "DESCRIPTOR(%s)" % time_col
    if kind == "TUMBLE":
        args = [t, d, size] + ([q.pick(SIZES + ["INTERVAL '-5' MINUTE"])] if q.chance(0.3) else [])
    elif kind in ("HOP", "CUMULATE"):
        args = [t, d, q.pick(SIZES), q.pick(SIZES)]
        if q.chance(0.2):
            args.append(q.pick(SIZES))
    else:
        if q.chance(0.3):
            t = "TABLE %s PARTITION BY %s" % (src["name"], src["key"])
        args = [t, d, size]
    if q.chance(0.3):
        names = ["DATA", "TIMECOL", "SIZE"] if kind in ("TUMBLE",) else None
        if names:
            args = ["%s => %s" % (a, b) for a, b in zip(names, args[:3])] + args[3:]
    fn = "TABLE(%s(%s))" % (kind, ", ".join(args))
    shape = q.pick(["agg", "agg", "plain", "topn", "join", "dedup"])
    if shape == "agg":
        aggs = [q.fill(q.pick(AGGS), src) for _ in range(q.r.randint(1, 3))]
        keys = ["window_start", "window_end"] + ([src["key"]] if q.chance(0.5) else [])
        if q.chance(0.1):
            keys = keys[1:]
        sel = keys + ["%s AS a%d" % (a, i) for i, a in enumerate(aggs)]
        if q.chance(0.15):
            sel.append("window_time")
            keys.append("window_time")
        extra = ""
        if q.chance(0.1):
            keys = ["GROUPING SETS ((%s), (window_start, window_end))" % ", ".join(keys)]
        return "SELECT %s FROM %s GROUP BY %s%s" % (", ".join(sel), fn, ", ".join(keys), extra)
    if shape == "plain":
        return "SELECT %s, window_start, window_end FROM %s" % (src["s"], fn)
    if shape == "topn":
        return ("SELECT * FROM (SELECT %s, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY "
                "window_start, window_end ORDER BY %s DESC) AS rn FROM %s) WHERE rn <= %d"
                % (src["s"], src["n"], fn, q.r.randint(1, 5)))
    if shape == "dedup":
        return ("SELECT * FROM (SELECT %s, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY "
                "window_start, window_end, %s ORDER BY %s %s) AS rn FROM %s) WHERE rn = 1"
                % (src["s"], src["key"], q.pick(["ts", "pt", "window_time"]), q.pick(["ASC", "DESC"]), fn))
    other = q.source(name="other_src")
    return ("SELECT L.%s, R.%s FROM (SELECT * FROM %s) L JOIN (SELECT * FROM TABLE(%s(TABLE other_src, "
            "DESCRIPTOR(ts), %s))) R ON L.%s = R.%s AND L.window_start = R.window_start AND "
            "L.window_end = R.window_end" % (src["s"], other["s"], fn, kind if kind != "SESSION" else "TUMBLE",
                                             size if kind in ("TUMBLE", "SESSION") else "%s, %s" % (args[2], args[3]),
                                             src["key"], other["key"]))


def over(q):
    src = q.source()
    order = q.pick(["ts", "ts", "pt", "id", src["s"]]) if src["pt"] else q.pick(["ts", "ts", "id"])
    frames = ["ROWS BETWEEN 2 PRECEDING AND CURRENT ROW", "RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW",
              "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW", "", "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW",
              "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING", "RANGE BETWEEN 10 PRECEDING AND CURRENT ROW"]
    aggs = ["SUM({n})", "COUNT(*)", "MAX({n})", "AVG({n})", "LAG({n})", "ROW_NUMBER()", "MIN({s})",
            "LEAD({n})", "FIRST_VALUE({s})"]
    n = q.r.randint(1, 3)
    items = []
    named = q.chance(0.25)
    for i in range(n):
        frame = q.pick(frames)
        part = "PARTITION BY %s " % src["key"] if q.chance(0.6) else ""
        o = order if q.chance(0.85) else q.pick(["ts", "id"])
        spec = "%sORDER BY %s%s %s" % (part, o, q.pick(["", "", " DESC"]), frame)
        if named:
            items.append("%s OVER w AS o%d" % (q.fill(q.pick(aggs), src), i))
        else:
            items.append("%s OVER (%s) AS o%d" % (q.fill(q.pick(aggs), src), spec.strip(), i))
    tail = ""
    if named:
        tail = " WINDOW w AS (PARTITION BY %s ORDER BY %s %s)" % (src["key"], order, q.pick(frames))
    return "SELECT %s, %s FROM %s%s" % (src["s"], ", ".join(items), src["name"], tail)


def rank(q):
    src = q.source()
    fn = q.pick(["ROW_NUMBER()", "RANK()", "DENSE_RANK()", "ROW_NUMBER()"])
    order = q.pick(["ts", src["n"], "pt" if src["pt"] else "ts", "ts DESC"])
    part = "PARTITION BY %s " % src["key"] if q.chance(0.8) else ""
    inner = "SELECT %s, %s, ts, %s OVER (%sORDER BY %s) AS rn FROM %s" % (
        src["s"], src["n"], fn, part, order, src["name"])
    filt = q.pick(["WHERE rn <= 3", "WHERE rn = 1", "WHERE rn < 10", "", "WHERE rn > 2",
                   "WHERE rn BETWEEN 2 AND 5", "WHERE rn <= 0"])
    cols = q.pick(["*", "%s, %s" % (src["s"], src["n"])])
    return "SELECT %s FROM (%s) %s" % (cols, inner, filt)


def group_by(q):
    src = q.source()
    keys = [src["key"], src["s"]]
    aggs = ", ".join(q.fill(q.pick(AGGS), src) for _ in range(q.r.randint(1, 2)))
    shape = q.pick(["plain", "sets", "rollup", "cube", "having", "sets_empty", "nokey", "expr"])
    if shape == "plain":
        return "SELECT %s, %s FROM %s GROUP BY %s" % (keys[0], aggs, src["name"], keys[0])
    if shape == "sets":
        return "SELECT %s, %s, %s FROM %s GROUP BY GROUPING SETS ((%s), (%s))" % (
            keys[0], keys[1], aggs, src["name"], keys[0], keys[1])
    if shape == "sets_empty":
        g = q.pick(["GROUPING(%s)" % keys[0], "GROUPING_ID(%s, %s)" % tuple(keys), "1"])
        return "SELECT %s, %s, %s, %s FROM %s GROUP BY GROUPING SETS ((%s, %s), %s())" % (
            keys[0], keys[1], aggs, g, src["name"], keys[0], keys[1], q.pick(["", "(%s), " % keys[0]]))
    if shape == "rollup":
        return "SELECT %s, %s, %s FROM %s GROUP BY ROLLUP (%s, %s)" % (keys[0], keys[1], aggs, src["name"], *keys)
    if shape == "cube":
        return "SELECT %s, %s, %s FROM %s GROUP BY CUBE (%s, %s)" % (keys[0], keys[1], aggs, src["name"], *keys)
    if shape == "having":
        return "SELECT %s, %s FROM %s GROUP BY %s HAVING %s" % (
            keys[0], aggs, src["name"], q.pick([keys[0], keys[1]]),
            q.pick(["COUNT(*) > 1", "%s > 1" % keys[0], "%s > 1" % src["n"], "SUM(%s) > 0" % src["n"]]))
    if shape == "expr":
        return "SELECT %s, %s FROM %s GROUP BY %s" % (
            q.pick(["%s + 1" % keys[0], keys[0], "UPPER(%s)" % keys[1]]), aggs, src["name"],
            q.pick(["%s + 1" % keys[0], keys[0], "UPPER(%s)" % keys[1], "1"]))
    return "SELECT %s FROM %s%s" % (aggs, src["name"], q.pick(["", " WHERE %s > 0" % src["n"]]))


def join(q):
    a = q.source()
    dim = q.dim(a["key"])
    shape = q.pick(["regular", "left", "full", "interval", "temporal_rt", "temporal_pt", "lookup",
                    "cross", "noon", "semi", "anti", "using", "natural"])
    k = a["key"]
    if shape == "regular":
        return "SELECT o.%s, d.dname FROM %s o JOIN %s d ON o.%s = d.%s" % (a["s"], a["name"], dim, k, k)
    if shape == "left":
        return "SELECT o.%s, d.dname, o.ts FROM %s o LEFT JOIN %s d ON o.%s = d.%s" % (a["s"], a["name"], dim, k, k)
    if shape == "full":
        return "SELECT o.%s, d.lvl FROM %s o FULL OUTER JOIN %s d ON o.%s = d.%s" % (a["s"], a["name"], dim, k, k)
    if shape == "interval":
        cond = q.pick(["o.ts BETWEEN d.uts - INTERVAL '1' HOUR AND d.uts",
                       "o.ts >= d.uts AND o.ts < d.uts + INTERVAL '10' MINUTE",
                       "o.pt BETWEEN d.uts - INTERVAL '1' HOUR AND d.uts" if a["pt"] else "o.ts = d.uts"])
        return "SELECT o.%s, d.dname, o.ts FROM %s o JOIN %s d ON o.%s = d.%s AND %s" % (a["s"], a["name"], dim, k, k, cond)
    if shape in ("temporal_rt", "temporal_pt", "lookup"):
        t = "ts" if shape == "temporal_rt" or not a["pt"] else "pt"
        kind = q.pick(["JOIN", "LEFT JOIN", "JOIN", "FULL JOIN"])
        return "SELECT o.%s, d.dname, o.ts FROM %s AS o %s %s FOR SYSTEM_TIME AS OF o.%s AS d ON o.%s = d.%s" % (
            a["s"], a["name"], kind, dim, t, k, k)
    if shape == "cross":
        return "SELECT o.%s, d.dname FROM %s o, %s d" % (a["s"], a["name"], dim)
    if shape == "noon":
        return "SELECT o.%s, d.dname FROM %s o JOIN %s d ON TRUE" % (a["s"], a["name"], dim)
    if shape == "semi":
        return "SELECT %s FROM %s WHERE %s IN (SELECT %s FROM %s)" % (a["s"], a["name"], k, k, dim)
    if shape == "anti":
        return "SELECT %s FROM %s o WHERE NOT EXISTS (SELECT 1 FROM %s d WHERE d.%s = o.%s)" % (a["s"], a["name"], dim, k, k)
    if shape == "using":
        return "SELECT %s, dname FROM %s JOIN %s USING (%s)" % (k, a["name"], dim, k)
    return "SELECT * FROM %s NATURAL JOIN %s" % (a["name"], dim)


def set_op(q):
    a = q.source()
    b = q.source(name="other_src")
    op = q.pick(["UNION", "UNION ALL", "INTERSECT", "EXCEPT", "INTERSECT ALL", "EXCEPT ALL", "MINUS"])
    left = q.pick(["%s, %s" % (a["s"], a["n"]), a["s"], "%s, ts" % a["s"]])
    right = q.pick(["%s, %s" % (b["s"], b["n"]), b["s"], "%s, ts" % b["s"], "%s, %s" % (b["n"], b["s"])])
    return "SELECT %s FROM %s %s SELECT %s FROM other_src" % (left, a["name"], op, right)


def subquery(q):
    a = q.source()
    shape = q.pick(["scalar", "in", "exists", "derived", "cte", "lateral", "values", "in_list"])
    if shape == "scalar":
        return "SELECT %s, (SELECT MAX(%s) FROM %s) AS m FROM %s" % (a["s"], a["n"], a["name"], a["name"])
    if shape == "in":
        return "SELECT * FROM %s WHERE %s IN (SELECT %s FROM %s WHERE %s > 0)" % (
            a["name"], q.pick([a["key"], a["s"]]), a["key"], a["name"], a["n"])
    if shape == "exists":
        return "SELECT %s FROM %s t1 WHERE EXISTS (SELECT 1 FROM %s t2 WHERE t2.id = t1.id)" % (a["s"], a["name"], a["name"])
    if shape == "derived":
        return "SELECT x, y FROM (SELECT %s AS x, %s AS y FROM %s) AS d(x, y)" % (a["s"], a["n"], a["name"])
    if shape == "cte":
        return "WITH c AS (SELECT %s, %s FROM %s) SELECT %s FROM c" % (a["s"], a["n"], a["name"], q.pick([a["s"], "*", a["key"]]))
    if shape == "lateral":
        return "SELECT %s, x FROM %s, LATERAL (SELECT %s + 1 AS x)" % (a["s"], a["name"], a["n"])
    if shape == "values":
        return "SELECT * FROM (VALUES (1, 'a'), (2, %s)) AS v(x, y)" % q.pick(["'b'", "NULL", "3", "CAST(NULL AS STRING)"])
    return "SELECT %s FROM %s WHERE %s IN (1, 2, %s)" % (a["s"], a["name"], a["key"], q.pick(["3", "'x'", "NULL"]))


def unnest(q):
    a = q.source()
    return q.pick([
        "SELECT %s, tag FROM %s CROSS JOIN UNNEST(tags) AS t(tag)" % (a["s"], a["name"]),
        "SELECT %s, tag FROM %s, UNNEST(tags) AS t(tag)" % (a["s"], a["name"]),
        "SELECT %s, tag, pos FROM %s CROSS JOIN UNNEST(tags) WITH ORDINALITY AS t(tag, pos)" % (a["s"], a["name"]),
        "SELECT %s, x FROM %s CROSS JOIN UNNEST(r) AS t(x)" % (a["s"], a["name"]),
        "SELECT %s, tag FROM %s LEFT JOIN UNNEST(tags) AS t(tag) ON TRUE" % (a["s"], a["name"]),
        "SELECT %s, x FROM %s CROSS JOIN UNNEST(ARRAY[1, 2]) AS t(x)" % (a["s"], a["name"]),
        "SELECT * FROM UNNEST(ARRAY['a', 'b']) AS t(x)",
    ])


def match_recognize(q):
    a = q.source()
    order = q.pick(["ts", "ts", "pt" if a["pt"] else "ts", "id", "ts, id", "ts DESC"])
    measures = q.pick(["A.%s AS a_s, LAST(B.%s) AS b_n" % (a["s"], a["n"]),
                       "FIRST(A.ts) AS t0, MATCH_ROWTIME() AS mt", "COUNT(B.id) AS cnt",
                       "A.%s AS x, PREV(B.%s, 2) AS p" % (a["s"], a["n"])])
    pattern = q.pick(["A B+", "A B*", "A B+ C", "A{2} B", "(A | B) C", "A B*?", "A B{1,3}"])
    defs = "A AS A.%s > 0, B AS B.%s < A.%s" % (a["n"], a["n"], a["n"])
    if "C" in pattern:
        defs += ", C AS C.%s = 0" % a["n"]
    within = q.pick(["", "", " WITHIN INTERVAL '1' HOUR"])
    after = q.pick(["", "AFTER MATCH SKIP PAST LAST ROW ", "AFTER MATCH SKIP TO NEXT ROW ", "AFTER MATCH SKIP TO LAST B "])
    part = "PARTITION BY %s " % a["key"] if q.chance(0.7) else ""
    rows = q.pick(["ONE ROW PER MATCH ", "", "ALL ROWS PER MATCH "])
    return ("SELECT * FROM %s MATCH_RECOGNIZE (%sORDER BY %s MEASURES %s %s%sPATTERN (%s)%s DEFINE %s) AS m"
            % (a["name"], part, order, measures, rows, after, pattern, within, defs))


def hints(q):
    a = q.source()
    dim = q.dim(a["key"])
    return q.pick([
        "SELECT * FROM %s /*+ OPTIONS('rows-per-second'='5') */" % a["name"],
        "SELECT * FROM %s /*+ OPTIONS('nope.key'='5') */" % a["name"],
        "SELECT /*+ BROADCAST(%s) */ o.%s FROM %s o JOIN %s ON o.%s = %s.%s" % (dim, a["s"], a["name"], dim, a["key"], dim, a["key"]),
        "SELECT /*+ SHUFFLE_HASH(d) */ o.%s FROM %s o JOIN %s d ON o.%s = d.%s" % (a["s"], a["name"], dim, a["key"], a["key"]),
        "SELECT /*+ LOOKUP('table'='d', 'async'='true') */ o.%s FROM %s AS o JOIN %s FOR SYSTEM_TIME AS OF o.%s AS d ON o.%s = d.%s" % (
            a["s"], a["name"], dim, "pt" if a["pt"] else "ts", a["key"], a["key"]),
        "SELECT /*+ STATE_TTL('o' = '1d') */ o.%s, COUNT(*) FROM %s o GROUP BY o.%s" % (a["s"], a["name"], a["s"]),
        "SELECT /*+ NOPE_HINT */ * FROM %s" % a["name"],
        "SELECT * FROM %s /*+ OPTIONS() */" % a["name"],
    ])


def order_limit(q):
    a = q.source()
    return "SELECT %s, ts FROM %s ORDER BY %s%s" % (
        a["s"], a["name"], q.pick(["ts", "ts DESC", a["s"], "ts, %s" % a["s"], "pt" if a["pt"] else "ts", a["n"]]),
        q.pick(["", " LIMIT 10", " LIMIT 0", " OFFSET 2 ROWS", " FETCH FIRST 3 ROWS ONLY"]))


def scalars(q):
    a = q.source()
    items = ", ".join(q.fill(q.pick(SCALARS), a) for _ in range(q.r.randint(1, 3)))
    where = q.pick(["", " WHERE %s > 0" % a["n"], " WHERE %s IS NOT NULL" % a["s"], " WHERE r.f2 = 1",
                    " WHERE f2 > 0", " WHERE %s" % a["s"]])
    return "SELECT %s FROM %s%s" % (items, a["name"], where)


QUERY_FAMILIES = [window_tvf, over, rank, group_by, join, set_op, subquery, unnest,
                  match_recognize, hints, order_limit, scalars]


def insert(q):
    """An INSERT of a family's query into a generated sink, with near misses in the target list."""
    fam = q.pick([scalars, group_by, window_tvf, join, over, rank])
    a_name = None
    shape = q.pick(["plain", "cols", "cols_partial", "cols_dup", "overwrite", "conflict", "values",
                    "set", "partial_notnull"])
    if shape == "values":
        name, cols = q.sink([("a", "INT"), ("b", "STRING")])
        return "INSERT INTO %s VALUES (1, 'x'), (%s, %s)" % (name, q.pick(["2", "NULL", "'y'"]), q.pick(["'z'", "3", "NULL"]))
    if shape in ("cols", "cols_partial", "cols_dup", "partial_notnull"):
        src = q.source()
        typ = q.pick(["STRING", "STRING NOT NULL"]) if shape == "partial_notnull" else "STRING"
        name, cols = q.sink([("c1", "STRING"), ("c2", "BIGINT"), ("c3", typ)])
        if shape == "cols":
            return "INSERT INTO %s (c1, c2, c3) SELECT %s, id, %s FROM %s" % (name, src["s"], src["s"], src["name"])
        if shape == "cols_dup":
            return "INSERT INTO %s (c1, c2, c1) SELECT %s, id, %s FROM %s" % (name, src["s"], src["s"], src["name"])
        return "INSERT INTO %s (c1, c2) SELECT %s, id FROM %s" % (name, src["s"], src["name"])
    if shape == "set":
        src = q.source()
        name, cols = q.sink([("c1", "STRING"), ("c2", "BIGINT")])
        return ("EXECUTE STATEMENT SET BEGIN INSERT INTO %s SELECT %s, id FROM %s; INSERT INTO %s SELECT %s, %s FROM %s; END"
                % (name, src["s"], src["name"], name, src["s"], q.pick(["id", src["key"], src["s"]]), src["name"]))
    src = q.source()
    if shape == "conflict":
        name, cols = q.sink([("c1", "STRING"), ("c2", "BIGINT")], pk=q.pick(["c1", None]))
        qry = q.pick(["SELECT %s, id FROM %s" % (src["s"], src["name"]),
                      "SELECT %s, COUNT(*) FROM %s GROUP BY %s" % (src["s"], src["name"], src["s"])])
        return "INSERT INTO %s %s ON CONFLICT DO %s" % (name, qry, q.pick(["NOTHING", "ERROR", "DEDUPLICATE"]))
    qry = q.pick(["SELECT %s, id FROM %s" % (src["s"], src["name"]),
                  "SELECT %s, COUNT(*) FROM %s GROUP BY %s" % (src["s"], src["name"], src["s"]),
                  "SELECT %s, id FROM %s WHERE %s > 0" % (src["s"], src["name"], src["n"])])
    pk = q.pick([None, None, "c1"])
    name, cols = q.sink([("c1", "STRING" if pk is None else "STRING NOT NULL"), ("c2", "BIGINT")], pk=pk)
    if shape == "overwrite":
        return "INSERT OVERWRITE %s %s" % (name, qry)
    del fam, a_name
    return "INSERT INTO %s %s" % (name, qry)


def ctas(q):
    fam = q.pick(QUERY_FAMILIES)
    body = fam(q)
    return "CREATE TABLE out_t WITH ('connector' = '%s') AS %s" % (q.pick(["blackhole", "print"]), body)


def view(q):
    fam = q.pick(QUERY_FAMILIES)
    body = fam(q)
    cols = q.pick(["", "", " (v1)", " (v1, v2)"])
    q.stmts.append("CREATE VIEW v%s AS %s" % (cols, body))
    return q.pick(["SELECT * FROM v", "CREATE TABLE out_v WITH ('connector' = 'blackhole') AS SELECT * FROM v",
                   "DESCRIBE v", "SHOW CREATE VIEW v", "DROP VIEW v", "ALTER VIEW v RENAME TO v2"])


def other_statement(q):
    a = q.source()
    return q.pick([
        "SHOW TABLES LIKE '%s'" % a["name"][:3], "SHOW TABLES NOT LIKE 'x%'", "SHOW TABLES ILIKE 'O%'",
        "SHOW TABLES FROM default_database LIKE 'o%'", "SHOW TABLES FROM nope_db",
        "SHOW COLUMNS FROM %s LIKE '%%s%%'" % a["name"], "SHOW COLUMNS FROM nope_t",
        "SHOW FUNCTIONS LIKE 'ab%'", "SHOW USER FUNCTIONS", "SHOW DATABASES LIKE 'd%'",
        "SHOW CATALOGS ILIKE 'D%'", "SHOW VIEWS", "SHOW MODULES", "SHOW FULL MODULES", "SHOW JARS",
        "SHOW CREATE TABLE %s" % a["name"], "SHOW CREATE TABLE nope_t", "SHOW CURRENT CATALOG",
        "SHOW CURRENT DATABASE", "SHOW PROCEDURES", "SHOW MODELS", "SHOW CONNECTIONS",
        "DESCRIBE %s" % a["name"], "DESC EXTENDED %s" % a["name"], "DESCRIBE nope_t", "DESC %s" % a["name"],
        "DESCRIBE CATALOG default_catalog", "DESCRIBE DATABASE default_database", "DESCRIBE FUNCTION UPPER",
        "DESCRIBE FUNCTION nope_fn", "DESCRIBE CATALOG nope_cat", "DESCRIBE DATABASE nope_db",
        "CREATE DATABASE db2", "CREATE DATABASE IF NOT EXISTS default_database", "CREATE DATABASE default_database",
        "DROP DATABASE nope_db", "DROP DATABASE IF EXISTS nope_db", "ALTER DATABASE nope_db SET ('k'='v')",
        "ALTER DATABASE default_database SET ('k'='v')", "USE nope_db", "USE default_database",
        "USE CATALOG nope_cat", "CREATE CATALOG c2 WITH ('type'='generic_in_memory')", "DROP CATALOG nope_cat",
        "DROP CATALOG IF EXISTS nope_cat", "ALTER CATALOG nope_cat SET ('k'='v')", "ALTER CATALOG default_catalog SET ('k'='v')",
        "CREATE FUNCTION f1 AS 'com.example.F'", "CREATE TEMPORARY SYSTEM FUNCTION f2 AS 'com.example.F'",
        "CREATE FUNCTION f3 AS 'com.example.F' LANGUAGE PYTHON", "CREATE FUNCTION f4 AS 'com.example.F' USING JAR 'a.jar', ARTIFACT 'b.jar'",
        "DROP FUNCTION nope_fn", "DROP FUNCTION IF EXISTS nope_fn", "DROP TEMPORARY FUNCTION nope_fn",
        "DROP TEMPORARY SYSTEM FUNCTION nope_fn", "ALTER FUNCTION nope_fn AS 'x.Y'",
        "LOAD MODULE core", "LOAD MODULE nope_mod", "UNLOAD MODULE core", "UNLOAD MODULE nope_mod",
        "USE MODULES core", "USE MODULES nope_mod", "EXPLAIN SELECT * FROM %s" % a["name"],
        "EXPLAIN PLAN FOR SELECT %s FROM %s" % (a["s"], a["name"]), "EXPLAIN CHANGELOG_MODE SELECT * FROM %s" % a["name"],
        "EXPLAIN ESTIMATED_COST, JSON_EXECUTION_PLAN SELECT * FROM %s" % a["name"],
        "ANALYZE TABLE %s COMPUTE STATISTICS" % a["name"], "ANALYZE TABLE nope_t COMPUTE STATISTICS",
        "DELETE FROM %s WHERE id = 1" % a["name"], "UPDATE %s SET id = 1" % a["name"], "TRUNCATE TABLE %s" % a["name"],
        "TRUNCATE TABLE nope_t", "DELETE FROM nope_t", "SHOW CREATE TABLE '%s'" % a["name"],
        "SELECT * FROM default_database.%s$snapshots" % a["name"], "SELECT * FROM %s$snapshots" % a["name"],
        "ALTER TABLE %s ADD (z INT)" % a["name"], "ALTER TABLE %s RENAME r.f1 TO f9" % a["name"],
        "ALTER TABLE %s DROP (tags)" % a["name"], "ALTER TABLE %s MODIFY %s STRING" % (a["name"], a["key"]),
        "ALTER TABLE %s RENAME TO %s_2" % (a["name"], a["name"]), "DROP TABLE nope_t", "DROP TABLE IF EXISTS nope_t",
        "CREATE TEMPORARY VIEW tv AS SELECT 1", "DROP TEMPORARY VIEW nope_v", "DROP VIEW IF EXISTS nope_v",
        "CREATE MODEL m INPUT (x STRING) OUTPUT (y STRING) WITH ('provider'='openai')", "DROP MODEL nope_m",
        "DROP MODEL IF EXISTS nope_m", "DESCRIBE MODEL nope_m", "SHOW CREATE MODEL nope_m",
        "CREATE CONNECTION cn WITH ('type'='basic')", "DROP CONNECTION IF EXISTS nope_c",
        "CALL nope_proc()", "SET 'a.b' = 'c'", "RESET 'a.b'", "ADD JAR '/tmp/x.jar'", "REMOVE JAR '/tmp/x.jar'",
    ])


FAMILIES = QUERY_FAMILIES + [insert, ctas, view, other_statement]


def generate(seed, n, only=None):
    rng = random.Random(seed)
    fams = [f for f in FAMILIES if not only or f.__name__ in only]
    # Queries are most of the surface: the wrappers and the other statements a smaller share.
    weights = [3 if f in QUERY_FAMILIES else 4 for f in fams]
    cases = []
    for i in range(n):
        q = Q(rng)
        fam = rng.choices(fams, weights)[0]
        stmt = fam(q)
        sql = ";\n".join(q.stmts + [stmt])
        cases.append({"id": "qt%06d" % i, "family": fam.__name__, "sql": sql, "plan_dml": True})
    return cases


def main():
    ap = arguments(seed=37, keep_help="write the cases and Flink's output here (reused when complete)")
    ap.add_argument("--families", help="comma-separated family names to generate only")
    ap.add_argument("--oracle-only", action="store_true", help="label the cases and stop")
    a = ap.parse_args()
    cases = generate(a.seed, a.cases, a.families.split(",") if a.families else None)
    with tempfile.TemporaryDirectory() as td:
        out = label(a, cases, a.keep or td, plan_dml=True)
        if a.oracle_only:
            return 0
        flink = [json.loads(l) for l in open(out)]
        mine = check_all(a, cases, td)
    report(cases, flink, mine, a.examples)
    return 0

def report(cases, flink, mine, examples):
    families, per_family, accepted, bad = disagreements(cases, flink, mine)
    agree = sum(1 for c, f, m in zip(cases, flink, mine)
                if f["accepted"] == (not any(d["severity"] == "error" and d["stage"] in ("syntax", "bind")
                                             for d in m["diagnostics"])))
    false_errors = sum(len(v) for (fam, kind), v in families.items() if kind.startswith("false error"))
    print("%d cases (%d accepted by Flink): verdicts agree on %d (%.2f%%), %d false errors, "
          "%d disagree in any way (%.2f%%)" % (
              len(cases), accepted, agree, 100.0 * agree / max(1, len(cases)), false_errors, bad,
              100.0 * bad / max(1, len(cases))))
    print("cases per family: " + ", ".join("%s %d" % kv for kv in sorted(per_family.items())))
    for (family, kind), items in sorted(families.items(), key=lambda kv: (not kv[0][1].startswith("false"), -len(kv[1]))):
        print("\n%5d  %-18s %s  (of %d)" % (len(items), family, kind, per_family[family]))
        print_examples(items, examples, lambda sql: sql[-300:])


if __name__ == "__main__":
    sys.exit(main())
