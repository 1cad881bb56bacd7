#!/usr/bin/env python3
"""Check that a statement with several mistakes gets one error per mistake, each Flink's.

In the given .sql files (default: fixtures/bind/err/*.sql), a line that ends with `-- mistake`
is one mistake. For each statement with such lines, real Flink (../shared/flink-oracle) runs:
- the statement with all its mistakes: Flink must reject it with our first error (the one
  Flink stops at), and we must report one error per mistake;
- the statement with only one mistake (the other marked lines removed), for each mistake:
  Flink must reject it with the one error we report.
Each run comes after the file's statements before it that have no mistake. Messages are
compared on their first line, without positions.

    python3 tools/oracle/check_mistakes.py [--flinkddl target/debug/flinkddl] [FILE.sql ...]
"""
import argparse, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
ORACLE = os.path.join(ROOT, "..", "shared", "flink-oracle", "run.sh")
MARK = "-- mistake"


def statements(text):
    """(first line number, text) of each statement: split on `;` at a line end."""
    out, start, buf = [], 1, []
    for n, line in enumerate(text.splitlines(), 1):
        if not buf and (not line.strip() or line.strip().startswith("--")):
            start = n + 1
            continue
        buf.append(line)
        if line.rstrip().endswith(";"):
            out.append((start, "\n".join(buf).rstrip().rstrip(";")))
            buf, start = [], n + 1
    if buf:
        out.append((start, "\n".join(buf)))
    return out


def normalize(message):
    first = message.strip().splitlines()[0] if message.strip() else ""
    first = re.sub(r",? at line \d+, column \d+", "", first)
    first = re.sub(r"^Failed to execute ALTER TABLE statement\.$", "", first)
    return first.strip().rstrip(".")


def flink_messages(result):
    error = result.get("error") or {}
    messages = [error.get("message", ""), error.get("root_message", "")]
    messages += [c.get("message", "") for c in error.get("chain", [])]
    lines = set()
    for m in messages:
        for l in (m or "").splitlines():
            lines.add(normalize(l))
    return lines


def ours(flinkddl, sql, td):
    path = os.path.join(td, "case.sql")
    open(path, "w").write(sql)
    r = subprocess.run([flinkddl, "describe", path, "--format", "json"], capture_output=True, text=True)
    return [d for d in json.loads(r.stdout)["diagnostics"] if d["severity"] == "error"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--flinkddl", default=os.path.join(ROOT, "target", "debug", "flinkddl"))
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(ROOT, "fixtures/bind/err/*.sql")))
    cases, checks = [], []
    for path in files:
        text = open(path).read()
        context = []
        for start, stmt in statements(text):
            lines = stmt.splitlines()
            marked = [i for i, l in enumerate(lines) if l.rstrip().endswith(MARK)]
            if not marked:
                context.append(stmt)
                continue
            prefix = ";\n".join(context + [""]) if context else ""
            name = "%s:%d" % (os.path.basename(path), start)
            cases.append({"id": name + "#all", "sql": prefix + stmt})
            checks.append((name, "all", path, start, stmt, marked, None))
            for i in marked:
                alone = "\n".join(l for j, l in enumerate(lines) if j == i or j not in marked)
                cases.append({"id": "%s#%d" % (name, start + i), "sql": prefix + alone})
                checks.append((name, "alone", path, start, stmt, marked, i))
    bad = 0
    with tempfile.TemporaryDirectory() as td:
        inp, out = os.path.join(td, "in.jsonl"), os.path.join(td, "out.jsonl")
        with open(inp, "w") as f:
            for c in cases:
                f.write(json.dumps(c) + "\n")
        subprocess.run(["bash", ORACLE, inp, out], check=True, stdout=subprocess.DEVNULL)
        results = [json.loads(l) for l in open(out)]
        for (name, kind, path, start, stmt, marked, i), case, result in zip(checks, cases, results):
            # Ours on the same text Flink ran; the statements before it have no error.
            mine = ours(a.flinkddl, case["sql"], td)
            problems = []
            if result["accepted"]:
                problems.append("Flink accepts it")
            elif not mine or normalize(mine[0]["message"]) not in flink_messages(result):
                flink = (result.get("error") or {}).get("root_message", "")
                problems.append("first error %r, Flink %r" % (mine[0]["message"][:80] if mine else None, flink[:80]))
            expected = len(marked) if kind == "all" else 1
            if len(mine) != expected:
                problems.append("%d errors for %d mistakes" % (len(mine), expected))
            print(("ok  " if not problems else "BAD ") + case["id"], "; ".join(problems))
            bad += bool(problems)
    print("%d cases, %d disagree" % (len(cases), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
