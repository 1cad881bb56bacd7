#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/{parse,lex,bind,check,format}/ (gitignored).

    python3 fuzz/seed_corpus.py            # from anywhere; idempotent

Seeds: every *.sql under fixtures/ and grammar-tests/; the "sql" of every case in
fixtures/**/*.jsonl and grammar-tests/**/*.jsonl; up to 120 cases of
../shared/conformance/cases.jsonl (the first of each category, then the rest in order); a few
statements of ../shared/bench/gen_corpus.py in each flavor. Files are named by the SHA-1 of their
content, as libFuzzer does, so re-running adds nothing twice.
"""
import hashlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.environ.get("FLINKDDL_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
MAX_SEED = 16 * 1024


def sql_of_jsonl(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                case = json.loads(line)
            except ValueError:
                continue
            if isinstance(case, dict):
                sql = case.get("sql") or case.get("input")
                if isinstance(sql, str) and sql:
                    out.append((case.get("category"), sql))
    return out


def main():
    seeds = []
    for top in ("fixtures", "grammar-tests"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                if name.endswith(".sql"):
                    with open(path, encoding="utf-8", errors="replace") as f:
                        seeds.append(f.read())
                elif name.endswith(".jsonl"):
                    seeds.extend(sql for _, sql in sql_of_jsonl(path))
    cases = os.path.join(SHARED, "conformance", "cases.jsonl")
    if os.path.isfile(cases):
        all_cases = sql_of_jsonl(cases)
        seen, first, rest = set(), [], []
        for cat, sql in all_cases:
            (rest if cat in seen else first).append(sql)
            seen.add(cat)
        seeds.extend((first + rest)[:120])
    else:
        print("seed_corpus: %s not found, skipped" % cases, file=sys.stderr)
    gen = os.path.join(SHARED, "bench", "gen_corpus.py")
    if os.path.isfile(gen):
        for flavor in ("flink", "both"):
            text = subprocess.run([sys.executable, gen, "--flavor", flavor, "--count", "6", "--seed", "7"],
                                  check=True, capture_output=True, text=True).stdout
            seeds.extend(s + ";\n" for s in text.split(";\n") if s.strip())
    n = 0
    for target in ("parse", "lex", "bind", "check", "format"):
        d = os.path.join(HERE, "corpus", target)
        os.makedirs(d, exist_ok=True)
        for s in seeds:
            data = s.encode("utf-8")[:MAX_SEED]
            path = os.path.join(d, hashlib.sha1(data).hexdigest())
            if not os.path.exists(path):
                with open(path, "wb") as f:
                    f.write(data)
                n += 1
    print("seed_corpus: %d seeds, %d new files under %s" % (len(seeds), n, os.path.join(HERE, "corpus")))


if __name__ == "__main__":
    main()
