#!/usr/bin/env python3
"""Check fixtures/bind against real Flink (../shared/flink-oracle).

For every ok/*.sql: Flink must accept the script, and our DESCRIBE and SHOW CREATE TABLE of the
last table must equal Flink's. For every err/*.sql: each statement is run on its own after the
file's CREATE statements that precede it and that Flink accepts; Flink must reject each statement
that we reject, with the same stage.

    python3 tools/oracle/check_bind_fixtures.py [--flinkddl target/release/flinkddl]
"""
import argparse, glob, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
ORACLE = os.path.join(ROOT, "..", "shared", "flink-oracle", "run.sh")


def statements(text):
    return [s.strip() for s in text.split(";") if s.strip() and not all(
        l.strip().startswith("--") or not l.strip() for l in s.strip().splitlines())]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--flinkddl", default=os.path.join(ROOT, "target", "release", "flinkddl"))
    a = ap.parse_args()
    cases = []
    for p in sorted(glob.glob(os.path.join(ROOT, "fixtures/bind/ok/*.sql"))):
        cases.append({"id": "ok:" + os.path.basename(p), "sql": open(p).read(), "path": p})
    for p in sorted(glob.glob(os.path.join(ROOT, "fixtures/bind/err/*.sql"))):
        stmts = statements(open(p).read())
        for i, s in enumerate(stmts):
            context = [x for x in stmts[:i] if x.upper().startswith(("CREATE TABLE BASE", "CREATE VIEW", "CREATE TEMPORARY TABLE SHADOW"))]
            cases.append({"id": "err:%s#%d" % (os.path.basename(p), i), "sql": ";\n".join(context + [s])})
    with tempfile.TemporaryDirectory() as td:
        inp, out = os.path.join(td, "in.jsonl"), os.path.join(td, "out.jsonl")
        with open(inp, "w") as f:
            for c in cases:
                f.write(json.dumps({"id": c["id"], "sql": c["sql"]}) + "\n")
        subprocess.run(["bash", ORACLE, inp, out], check=True)
        results = [json.loads(l) for l in open(out)]
        bad = 0
        for c, e in zip(cases, results):
            sql_file = os.path.join(td, "case.sql")
            open(sql_file, "w").write(c["sql"])
            r = subprocess.run([a.flinkddl, "describe", sql_file, "--format", "json"], capture_output=True, text=True)
            o = json.loads(r.stdout)
            ours_rejects = any(d["severity"] == "error" and d["stage"] in ("syntax", "bind") for d in o["diagnostics"])
            ok = ours_rejects == (not e["accepted"])
            if ok and e["accepted"] and c["id"].startswith("ok:"):
                t = o["tables"][-1] if o["tables"] else {}
                ok = t.get("describe") == e.get("describe") and t.get("show_create") == e.get("show_create")
            print(("ok  " if ok else "BAD ") + c["id"], "" if e["accepted"] else "| flink: " + (e.get("error") or {}).get("root_message", "")[:100].replace("\n", " "))
            bad += not ok
        print("%d cases, %d disagree with Flink" % (len(cases), bad))
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
