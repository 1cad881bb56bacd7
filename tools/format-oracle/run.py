#!/usr/bin/env python3
"""Formatted cases through real Flink (issue 17): a sample of the three corpora in ../shared,
each formatted by `flinkddl format -`, run by ../shared/flink-oracle/run.sh and compared with
what Flink said of the original (the corpus's expected.jsonl): the same verdict (accepted, stage,
failing statement) and the same schema (schema summary, DESCRIBE, SHOW CREATE TABLE).

    python3 tools/format-oracle/run.py [--per-corpus N] [--binary target/release/flinkddl]

Only cases whose formatted text differs from the original are sampled (every k-th of them, so
the sample spreads over the corpus). Each case keeps the oracle flags its labels were made with
(the queries corpus: `"plan_dml": true`). Prints one line per corpus and each mismatch; exit status 1 on a mismatch.
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CORPORA = ("conformance", "realworld", "queries")
COMPARED = ("accepted", "stage", "failed_statement")
TABLE_FIELDS = ("schema_summary",)


def fmt(binary, sql):
    done = subprocess.run([binary, "format", "-"], input=sql.encode(), capture_output=True)
    return done.stdout.decode() if done.returncode == 0 else None


def facts(out):
    table = out.get("table") or {}
    return (
        tuple(out.get(k) for k in COMPARED)
        + tuple(table.get(k) for k in TABLE_FIELDS)
        + (out.get("describe"), out.get("show_create"))
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-corpus", type=int, default=120)
    ap.add_argument("--binary", default=str(ROOT / "target/release/flinkddl"))
    args = ap.parse_args()
    if not (SHARED / "flink-oracle/run.sh").exists():
        print("../shared/flink-oracle is absent: nothing to do")
        return 0
    status = 0
    for corpus in CORPORA:
        cases = [json.loads(l) for l in (SHARED / corpus / "cases.jsonl").open()]
        expected = {}
        for line in (SHARED / corpus / "expected.jsonl").open():
            e = json.loads(line)
            expected[e["id"]] = e
        cases = [c for c in cases if "sql" in c and c.get("mode", "sql") == "sql" and c["id"] in expected]
        changed = []
        step = max(1, len(cases) // (args.per_corpus * 2))
        for c in cases[::step]:
            if len(changed) >= args.per_corpus:
                break
            formatted = fmt(args.binary, c["sql"])
            if formatted is not None and formatted != c["sql"]:
                changed.append((c, formatted))
        with tempfile.TemporaryDirectory() as tmp:
            inp, outp = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
            with inp.open("w") as f:
                for c, formatted in changed:
                    case = {"id": c["id"], "sql": formatted}
                    # The flags the labels were made with (queries: "plan_dml": true).
                    for flag in ("plan", "plan_dml"):
                        if flag in c:
                            case[flag] = c[flag]
                    f.write(json.dumps(case) + "\n")
            subprocess.run(
                ["bash", str(SHARED / "flink-oracle/run.sh"), str(inp), str(outp)],
                check=True,
                stdout=subprocess.DEVNULL,
            )
            outs = [json.loads(l) for l in outp.open()]
        same = 0
        accepted = 0
        for (c, _), out in zip(changed, outs):
            before = expected[c["id"]]
            if facts(before) == facts(out):
                same += 1
                accepted += bool(out.get("accepted"))
            else:
                status = 1
                print(f"  {corpus} {c['id']}: Flink's verdict or schema changed")
                print(f"    before: {facts(before)[:4]}")
                print(f"    after:  {facts(out)[:4]}")
        print(
            f"{corpus}: {len(changed)} formatted cases run, {same} with Flink's same verdict "
            f"and schema ({accepted} of them accepted)"
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
