#!/usr/bin/env python3
"""Differential tester: flinkddl against real Flink on scripts drawn from the grammar.

A seeded generator builds CREATE TABLE scripts (with LIKE, ALTER, CTAS, views, SHOW, DESCRIBE
and DROP around them) from its own pools of names, types, expressions, watermarks, keys,
partitions, distributions and options, and applies at most one mutation operator per case (a
near miss that may or may not be valid: Flink's verdict decides). Each case runs through
../shared/flink-oracle and through `flinkddl describe --format json`; every disagreement is
printed, grouped by family (the mutation, or the construct of a valid case, and the kind of
disagreement: a false error, a missed rejection, another first message, another schema).

It does not read ../shared/conformance. Not run in CI; a run of 50,000 cases takes minutes:

    python3 tools/difftest/difftest.py --cases 50000 [--seed 14] [--flinkddl target/debug/flinkddl]
        [--jobs 2] [--keep DIR] [--examples 3]
"""
import argparse, collections, concurrent.futures as cf, json, os, random, re, subprocess, sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
ORACLE = os.path.join(ROOT, "..", "shared", "flink-oracle", "run.sh")

# ---- pools (this tester's own) ------------------------------------------------------------

NAMES = ["sensor_id", "reading", "evt_time", "amt", "qty", "region", "device", "score",
         "payload", "seq_no", "total", "label", "flag", "created", "`user name`", "`Größe`",
         "city", "zip", "lat", "lon", "ratio", "kind", "v1", "v2"]
TABLES = ["readings", "payments", "devices", "clicks", "ledger", "trips", "alerts"]
SIMPLE_TYPES = ["INT", "BIGINT", "SMALLINT", "TINYINT", "STRING", "BOOLEAN", "DOUBLE", "FLOAT",
                "DATE", "BYTES", "DECIMAL(12, 3)", "DECIMAL(38, 0)", "DECIMAL", "VARCHAR(40)",
                "CHAR(3)", "TIME", "TIME(3)", "TIMESTAMP(3)", "TIMESTAMP", "TIMESTAMP(0)",
                "TIMESTAMP_LTZ(3)", "TIMESTAMP_LTZ(1)", "BINARY(4)", "VARBINARY(8)",
                "INTERVAL DAY TO SECOND(3)", "INTERVAL YEAR TO MONTH"]
NESTED_TYPES = ["ARRAY<INT>", "ARRAY<STRING NOT NULL>", "MAP<STRING, BIGINT>",
                "ROW<a INT, b STRING>", "MULTISET<STRING>", "ROW<`x y` DOUBLE>",
                "MAP<INT, ARRAY<DOUBLE>>"]
INTERVALS = ["INTERVAL '5' SECOND", "INTERVAL '1' MINUTE", "INTERVAL '0.5' SECOND",
             "INTERVAL '2' HOUR", "INTERVAL '1' DAY"]
LITERALS = ["1", "2.5", "'x'", "'µs'", "'日本'", "TRUE", "NULL", "CAST(NULL AS INT)",
            "DATE '2024-02-29'", "TIMESTAMP '2024-01-01 00:00:00'", "X'0A'", "1e3",
            "-7", "'it''s'", "'\u00e9t\u00e9'"]
CONNECTORS = [
    [("connector", "datagen")],
    [("connector", "datagen"), ("number-of-rows", "10")],
    [("connector", "blackhole")],
    [("connector", "print")],
    [("connector", "filesystem"), ("path", "/tmp/dt"), ("format", "csv")],
]


# Computed column expressions: each `{pool}` is filled with a fresh pick from that pool (`n`
# numeric columns, `s` string columns, `ts` timestamp columns, `interval` INTERVALS).
NUMBER_EXPRS = ["{n} * 2", "{n} + {n}", "CAST({n} AS STRING)", "ABS({n})", "{n} / 3",
                "CASE WHEN {n} > 0 THEN 'pos' ELSE 'neg' END", "COALESCE({n}, 0)", "MOD({n}, 7)"]
STRING_EXPRS = ["UPPER({s})", "CONCAT({s}, '-', {s})", "CHAR_LENGTH({s})", "{s} || 'µ'",
                "SUBSTRING({s} FROM 2)", "TO_TIMESTAMP({s})", "PARSE_JSON({s})"]
TIMESTAMP_EXPRS = ["{ts} - {interval}", "EXTRACT(HOUR FROM {ts})", "CAST({ts} AS DATE)",
                   "DATE_FORMAT({ts}, 'yyyy-MM-dd')"]


class Picks(dict):
    """The fields of a template, a fresh pick for each one (in the template's order)."""

    def __init__(self, pick, pools):
        super().__init__(pools)
        self.pick = pick

    def __getitem__(self, name):
        return self.pick(dict.__getitem__(self, name))


class Gen:
    def __init__(self, rng):
        self.r = rng

    def pick(self, xs):
        return self.r.choice(xs)

    def type_(self):
        t = self.pick(SIMPLE_TYPES if self.r.random() < 0.85 else NESTED_TYPES)
        if self.r.random() < 0.15:
            t += " NOT NULL"
        return t

    def expr(self, cols):
        """A computed column expression over the physical columns `cols` ((name, type))."""
        nums = [n for n, t in cols if t.split("(")[0].split(" ")[0] in
                ("INT", "BIGINT", "SMALLINT", "TINYINT", "DOUBLE", "FLOAT", "DECIMAL")]
        strs = [n for n, t in cols if t.startswith(("STRING", "VARCHAR", "CHAR"))]
        tss = [n for n, t in cols if t.startswith("TIMESTAMP")]
        templates = ["{literal}"]
        if nums:
            templates += NUMBER_EXPRS
        if strs:
            templates += STRING_EXPRS
        if tss:
            templates += TIMESTAMP_EXPRS
        templates += ["PROCTIME()", "CURRENT_TIMESTAMP", "NOW()"]
        pools = {"literal": LITERALS, "n": nums, "s": strs, "ts": tss, "interval": INTERVALS}
        return self.pick(templates).format_map(Picks(self.pick, pools))

    def table(self, name=None):
        """A CREATE TABLE statement as parts a mutation can change."""
        name = name or self.pick(TABLES)
        n = self.r.randint(1, 5)
        names = self.r.sample(NAMES, n + 3)
        cols = [(names[i], self.type_()) for i in range(n)]
        if self.r.random() < 0.6:
            cols.append(("ts", self.pick(["TIMESTAMP(3)", "TIMESTAMP_LTZ(3)", "TIMESTAMP(3) NOT NULL",
                                           "TIMESTAMP(2)", "TIMESTAMP_LTZ(0)"])))
        computed = []
        for i in range(self.r.randint(0, 2)):
            computed.append((names[n + i], self.expr(cols)))
        metadata = []
        if self.r.random() < 0.1:
            metadata.append(("meta", "STRING METADATA VIRTUAL"))
        watermark = None
        rowtimes = [c for c, t in cols if t.startswith("TIMESTAMP")]
        if rowtimes and self.r.random() < 0.7:
            rt = self.pick(rowtimes)
            watermark = (rt, self.pick(["%s" % rt, "%s - %s" % (rt, self.pick(INTERVALS)),
                                        "SOURCE_WATERMARK()", "%s + INTERVAL '1' SECOND" % rt]))
        pk = None
        if self.r.random() < 0.35:
            pk = [self.pick(cols)[0]]
        partitions = None
        if self.r.random() < 0.2:
            partitions = [self.pick(cols)[0]]
        distribution = None
        if self.r.random() < 0.1:
            distribution = ("HASH", [self.pick(cols)[0]], self.pick([2, 4, 16]))
        options = list(self.pick(CONNECTORS))
        return {"name": name, "cols": cols, "computed": computed, "metadata": metadata,
                "watermark": watermark, "pk": pk, "enforced": False, "partitions": partitions,
                "distribution": distribution, "options": options, "temporary": False,
                "like": None, "comment": None}


def render(t):
    items = ["  %s %s" % c for c in t["cols"]]
    items += ["  %s AS %s" % c for c in t["computed"]]
    items += ["  %s %s" % c for c in t["metadata"]]
    if t["watermark"]:
        items.append("  WATERMARK FOR %s AS %s" % t["watermark"])
    if t["pk"]:
        items.append("  PRIMARY KEY (%s)%s" % (", ".join(t["pk"]),
                                               "" if t["enforced"] else " NOT ENFORCED"))
    sql = "CREATE %sTABLE %s (\n%s\n)" % ("TEMPORARY " if t["temporary"] else "", t["name"],
                                          ",\n".join(items))
    if t["comment"]:
        sql += " COMMENT '%s'" % t["comment"]
    if t["distribution"]:
        kind, keys, n = t["distribution"]
        sql += " DISTRIBUTED BY %s(%s) INTO %s BUCKETS" % (kind, ", ".join(keys), n)
    if t["partitions"]:
        sql += " PARTITIONED BY (%s)" % ", ".join(t["partitions"])
    if t["options"]:
        sql += " WITH (%s)" % ", ".join("'%s' = '%s'" % kv for kv in t["options"])
    if t["like"]:
        sql += " LIKE %s" % t["like"]
    return sql


# ---- mutation operators: each changes one thing; Flink's verdict decides -----------------

def m_duplicate_column(g, t, extra):
    c = g.pick(t["cols"])
    t["cols"].append((c[0], g.type_()))


def m_unknown_in_computed(g, t, extra):
    t["computed"].append(("bad_calc", "%s + 1" % g.pick(["nope", "missing_col", "ts2"])))


def m_computed_uses_computed(g, t, extra):
    if t["computed"]:
        t["computed"].append(("chained", "%s" % t["computed"][0][0]))
    else:
        m_unknown_in_computed(g, t, extra)


def m_type_typo(g, t, extra):
    i = g.r.randrange(len(t["cols"]))
    typo = g.pick(["BIGIN", "STRNG", "INTEGR", "TEXT", "DATETIME", "BOOL", "VARHCAR",
                   "TIMESTAMPLTZ", "DOUBEL"])
    t["cols"][i] = (t["cols"][i][0], typo)


def m_type_parameter(g, t, extra):
    i = g.r.randrange(len(t["cols"]))
    bad = g.pick(["DECIMAL(39, 2)", "DECIMAL(5, 6)", "DECIMAL(0)", "VARCHAR(0)", "CHAR(0)",
                  "TIMESTAMP(10)", "TIME(9)", "TIMESTAMP_LTZ(12)", "REAL", "BINARY(0)",
                  "DECIMAL(38, 38)", "VARCHAR(2147483647)", "FLOAT(5)"])
    t["cols"][i] = (t["cols"][i][0], bad)


def m_watermark_wrong_column(g, t, extra):
    t["watermark"] = (g.pick(["tss", "evt", t["cols"][0][0]]),
                      g.pick(["tss", t["cols"][0][0], "CURRENT_TIMESTAMP"]))


def m_watermark_expression(g, t, extra):
    rt = next((c for c, ty in t["cols"] if ty.startswith("TIMESTAMP")), None)
    if rt is None:
        t["cols"].append(("ts", "TIMESTAMP(3)"))
        rt = "ts"
    t["watermark"] = (rt, g.pick(["SOURCE_WATERMARK() - INTERVAL '1' SECOND", "NULL",
                                  "CAST(%s AS TIMESTAMP_LTZ(3))" % rt, "PROCTIME()",
                                  "CAST(%s AS TIMESTAMP(6))" % rt, "'2024-01-01'",
                                  "COALESCE(%s, CURRENT_TIMESTAMP)" % rt, "LOCALTIMESTAMP",
                                  "(SOURCE_WATERMARK())", "CURRENT_WATERMARK(%s)" % rt,
                                  "%s - INTERVAL '1' MONTH" % rt, "TO_TIMESTAMP('2024-01-01')"]))


def m_primary_key(g, t, extra):
    choice = g.r.randrange(4)
    if choice == 0:
        t["pk"] = [g.pick(["idd", "nope"])]
    elif choice == 1 and t["computed"]:
        t["pk"] = [t["computed"][0][0]]
    elif choice == 2:
        t["enforced"] = True
        t["pk"] = t["pk"] or [t["cols"][0][0]]
    else:
        t["pk"] = [t["cols"][0][0], t["cols"][0][0]]


def m_partition(g, t, extra):
    t["partitions"] = [g.pick(["nope", t["computed"][0][0] if t["computed"] else "zz",
                               t["cols"][0][0]])]


def m_distribution(g, t, extra):
    key = g.pick([t["cols"][0][0], "nope"] + ([t["computed"][0][0]] if t["computed"] else []))
    t["distribution"] = (g.pick(["HASH", "RANGE"]), [key], g.pick([0, 1, 7]))


def m_like(g, t, extra):
    base = g.table("base_t")
    extra.insert(0, render(base))
    t["like"] = "base_t" + g.pick(["", " (EXCLUDING ALL)", " (INCLUDING ALL)",
                                   " (EXCLUDING OPTIONS)", " (OVERWRITING OPTIONS)",
                                   " (EXCLUDING WATERMARKS)", " (INCLUDING GENERATED)"])
    if g.r.random() < 0.3:
        t["like"] = "base_missing"
    if g.r.random() < 0.5:
        t["options"] = []


def m_options(g, t, extra):
    t["options"] = t["options"] + [g.pick([("connector", "datagen"), ("k", "v"),
                                           ("connector", "kafka"), ("fields.x.kind", "random")])]


def m_temporary_shadow(g, t, extra):
    tmp = dict(t)
    tmp["temporary"] = True
    extra.append(render(tmp))
    extra.append(g.pick(["DROP TABLE %s", "DROP TABLE IF EXISTS %s", "DROP TEMPORARY TABLE %s",
                         "DROP VIEW %s", "DROP TEMPORARY VIEW %s"]) % t["name"])


def m_show(g, t, extra):
    target = g.pick([t["name"], "missing_t", t["name"] + "x"])
    extra.append(g.pick(["SHOW CREATE TABLE %s", "DESC %s", "SHOW COLUMNS FROM %s",
                         "SHOW PARTITIONS %s", "SHOW CREATE VIEW %s", "DESCRIBE EXTENDED %s",
                         "DROP TABLE %s", "DROP VIEW %s"]) % target)


def m_alter(g, t, extra):
    c = t["cols"][0][0]
    extra.append(g.pick([
        "ALTER TABLE %s ADD (extra_col INT)" % t["name"],
        "ALTER TABLE %s ADD (%s INT)" % (t["name"], c),
        "ALTER TABLE %s ADD (x FOOBAR, y AS nope + 1)" % t["name"],
        "ALTER TABLE %s MODIFY (%s STRING)" % (t["name"], c),
        "ALTER TABLE %s MODIFY (nope INT)" % t["name"],
        "ALTER TABLE %s DROP (%s)" % (t["name"], c),
        "ALTER TABLE %s DROP (nope)" % t["name"],
        "ALTER TABLE %s RENAME %s TO renamed" % (t["name"], c),
        "ALTER TABLE %s SET ('k' = 'v')" % t["name"],
        "ALTER TABLE %s RESET ('connector')" % t["name"],
        "ALTER TABLE %s ADD (z INT AFTER nope)" % t["name"],
        "ALTER TABLE %s ADD (z INT FIRST, w AS z * 2)" % t["name"],
        "ALTER TABLE %s DROP WATERMARK" % t["name"],
        "ALTER TABLE %s DROP PRIMARY KEY" % t["name"],
    ]))


def m_ctas(g, t, extra):
    cols = [c for c, _ in t["cols"]]
    extra.append(g.pick([
        "CREATE TABLE %s_copy WITH ('connector' = 'blackhole') AS SELECT %s FROM %s" % (
            t["name"], ", ".join(cols), t["name"]),
        "CREATE TABLE %s_copy WITH ('connector' = 'blackhole') AS SELECT * FROM %s" % (
            t["name"], t["name"]),
        "CREATE TABLE %s_copy WITH ('connector' = 'blackhole') AS SELECT nope FROM %s" % (
            t["name"], t["name"]),
        "CREATE VIEW %s_v AS SELECT %s FROM %s" % (t["name"], cols[0], t["name"]),
    ]))


def m_variant(g, t, extra):
    t["cols"].append(("doc", g.pick(["VARIANT", "ARRAY<VARIANT>", "VARIANT NOT NULL"])))
    m_ctas(g, t, extra)


def m_literal(g, t, extra):
    t["computed"].append(("lit", g.pick(["'µs'", "'a' 'b'", "'x'\n  'y'", "X'ABC'",
                                         "99999999999999999999", "1.5e400", "'\t'",
                                         "U&'\\00B5'", "N'€'", "_UTF16'x'", "'é' || 'a'"])))


MUTATIONS = [m_duplicate_column, m_unknown_in_computed, m_computed_uses_computed, m_type_typo,
             m_type_parameter, m_watermark_wrong_column, m_watermark_expression, m_primary_key,
             m_partition, m_distribution, m_like, m_options, m_temporary_shadow, m_show,
             m_alter, m_ctas, m_variant, m_literal]


def generate(seed, n):
    rng = random.Random(seed)
    g = Gen(rng)
    cases = []
    for i in range(n):
        t = g.table()
        extra = []
        family = "valid"
        if rng.random() < 0.8:
            m = rng.choice(MUTATIONS)
            family = m.__name__[2:]
            m(g, t, extra)
        before = [s for s in extra if s.startswith("CREATE TABLE base_t")]
        after = [s for s in extra if not s.startswith("CREATE TABLE base_t")]
        sql = ";\n".join(before + [render(t)] + after)
        cases.append({"id": "dt%06d" % i, "family": family, "sql": sql})
    return cases


# ---- comparing ------------------------------------------------------------------------------

def first_line(message):
    line = (message or "").strip().splitlines()[0] if (message or "").strip() else ""
    line = re.sub(r",? at line \d+, column \d+", "", line)
    return line.replace("Failed to execute ALTER TABLE statement.", "").strip()


def ours(flinkddl, sql, td, i):
    path = os.path.join(td, "c%d.sql" % i)
    with open(path, "w") as f:
        f.write(sql)
    r = subprocess.run([flinkddl, "describe", path, "--format", "json"], capture_output=True,
                       text=True, timeout=20)
    return json.loads(r.stdout)


def verdict(case, flink, mine):
    """The kind of disagreement, or None."""
    errors = [d for d in mine["diagnostics"]
              if d["severity"] == "error" and d["stage"] in ("syntax", "bind")]
    if flink["accepted"] and errors:
        return "false error (%s)" % errors[0]["code"]
    if not flink["accepted"] and not errors:
        return "missed rejection"
    if not flink["accepted"]:
        fl = first_line((flink.get("error") or {}).get("root_message", ""))
        chain = [first_line(c.get("message", "")) for c in (flink.get("error") or {}).get("chain", [])]
        ml = first_line(errors[0]["message"])
        if errors[0]["stage"] == "syntax" or flink.get("stage") == "parse":
            return None if (errors[0]["stage"] == "syntax") == (flink.get("stage") == "parse") else "other stage"
        return None if ml == fl or ml in chain else "other first message (%s)" % errors[0]["code"]
    table = (mine["tables"] or [{}])[-1]
    if flink.get("describe") and table.get("describe") != flink.get("describe"):
        return "other schema"
    return None


def arguments(seed, keep_help="write the cases and Flink's output here"):
    """The arguments of both testers (querytest.py adds its own)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--flinkddl", default=os.path.join(ROOT, "target", "debug", "flinkddl"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help=keep_help)
    ap.add_argument("--examples", type=int, default=3)
    return ap


def label(a, cases, out_dir, plan_dml=False):
    """Writes the cases into out_dir and has the oracle label them (unless --keep holds a
    complete run); returns the path of Flink's output."""
    os.makedirs(out_dir, exist_ok=True)
    inp, out = os.path.join(out_dir, "cases.jsonl"), os.path.join(out_dir, "flink.jsonl")
    with open(inp, "w") as f:
        for c in cases:
            case = {"id": c["id"], "sql": c["sql"]}
            if plan_dml:
                case["plan_dml"] = True
            f.write(json.dumps(case) + "\n")
    if not (a.keep and os.path.exists(out) and sum(1 for _ in open(out)) == len(cases)):
        oracle = ["bash", ORACLE, inp, out] + (["--plan-dml"] if plan_dml else [])
        subprocess.run(oracle, check=True, stdout=subprocess.DEVNULL)
    return out


def check_all(a, cases, td):
    """Our analysis of every case, --jobs at a time."""
    with cf.ThreadPoolExecutor(a.jobs) as pool:
        return list(pool.map(lambda ic: ours(a.flinkddl, ic[1]["sql"], td, ic[0]),
                             enumerate(cases)))


def print_examples(items, n, excerpt):
    """The first n disagreements of a family: both first error messages, and an excerpt of
    the SQL (`excerpt` picks it from the SQL on one line)."""
    for c, f, m in items[:n]:
        errs = [d for d in m["diagnostics"] if d["severity"] == "error"]
        print("   %s | flink: %s | ours: %s" % (
            c["id"], first_line((f.get("error") or {}).get("root_message", "")) or "accepted",
            first_line(errs[0]["message"]) if errs else "accepted"))
        print("     " + excerpt(c["sql"].replace("\n", " ")))


def disagreements(cases, flink, mine):
    """The disagreements by (family, kind), the cases per family, how many Flink accepts and
    how many disagree."""
    families = collections.defaultdict(list)
    per_family = collections.Counter(c["family"] for c in cases)
    accepted = sum(1 for f in flink if f["accepted"])
    for c, f, m in zip(cases, flink, mine):
        kind = verdict(c, f, m)
        if kind:
            families[(c["family"], kind)].append((c, f, m))
    bad = sum(len(v) for v in families.values())
    return families, per_family, accepted, bad


def main():
    a = arguments(seed=14).parse_args()
    cases = generate(a.seed, a.cases)
    with tempfile.TemporaryDirectory() as td:
        out = label(a, cases, a.keep or td)
        flink = [json.loads(l) for l in open(out)]
        mine = check_all(a, cases, td)
    families, per_family, accepted, bad = disagreements(cases, flink, mine)
    print("%d cases (%d accepted by Flink), %d disagree (%.2f%%)" % (
        len(cases), accepted, bad, 100.0 * bad / max(1, len(cases))))
    for (family, kind), items in sorted(families.items(), key=lambda kv: -len(kv[1])):
        print("\n%5d  %-26s %s  (of %d)" % (len(items), family, kind, per_family[family]))
        print_examples(items, a.examples, lambda sql: sql[:300])
    return 0

if __name__ == "__main__":
    sys.exit(main())
