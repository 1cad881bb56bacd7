#!/usr/bin/env python3
"""Turns probe / oracle outputs into the trimmed fixtures under fixtures/types/.

Usage: make_fixtures.py WORKDIR FIXTURES_DIR [SHARED_CONFORMANCE_DIR]
WORKDIR holds *_out.jsonl from probe.sh (parser, casts, common, decimal) and from
shared/flink-oracle/run.sh (ddl_out.jsonl for mode "type", arith_in/arith_out.jsonl for mode "expr").
With SHARED_CONFORMANCE_DIR, the corpus's mode "type" cases are copied to
conformance_type_cases.jsonl in the same trimmed shape as oracle_types.jsonl.
"""
import json, os, sys

work, fx = sys.argv[1], sys.argv[2]

def rows(name):
    p = os.path.join(work, name)
    return [json.loads(l) for l in open(p, encoding="utf-8")] if os.path.exists(p) else []

def dump(name, items):
    with open(os.path.join(fx, name), "w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    print(name, len(items))

out = []
for r in rows("parser_out.jsonl"):
    o = {"input": r["in"]["s"]}
    if r.get("ok"):
        o["ok"] = True
        for k in ("summary", "serializable", "serializable_error", "root", "nullable", "conversion"):
            if k in r:
                o[k] = r[k]
    else:
        o["ok"] = False
        o["error"] = r["error"]
        o["error_class"] = r["error_class"]
    out.append(o)
if out: dump("parser_cases.jsonl", out)

out = [{"from": r["in"]["from"], "to": r["in"]["to"], "implicit": r["implicit"], "explicit": r["explicit"], "avoid": r["avoid"]}
       for r in rows("casts_out.jsonl")]
if out: dump("casts.jsonl", out)

out = [{"types": r["in"]["types"], "result": r.get("result")} for r in rows("common_out.jsonl")]
if out: dump("common_types.jsonl", out)

out = []
for r in rows("decimal_out.jsonl"):
    o = dict(r["in"])
    for k in ("result", "sum", "avg"):
        if k in r: o[k] = r[k]
    out.append(o)
if out: dump("decimal_ops.jsonl", out)

ins = rows("arith_in.jsonl"); outs = rows("arith_out.jsonl")
out = []
for i, r in zip(ins, outs):
    a, op, b = i["meta"]
    o = {"left": a, "op": op, "right": b, "accepted": r["accepted"]}
    if r["accepted"]:
        o["result"] = r["result_type"]
    else:
        o["error"] = r["error"]["message"]
    out.append(o)
if out: dump("arithmetic.jsonl", out)

prefix = "CREATE TEMPORARY TABLE `__oracle_t` (`c` "
suffix = ") WITH ('connector'='datagen')"

def trim_type_case(r, t):
    o = {"id": r["id"], "type": t, "accepted": r["accepted"]}
    if r["accepted"]:
        o["result_type"] = r["result_type"]
        o["result_type_serializable"] = r["result_type_serializable"]
        o["result_nullable"] = r["result_nullable"]
        col = r["table"]["columns"][0]
        o["type_root"] = col["type_root"]
        o["conversion_class"] = col["conversion_class"]
        if "type_serializable_error" in col:
            o["type_serializable_error"] = col["type_serializable_error"]
    else:
        e = r["error"]
        o["stage"] = r["stage"]
        o["error_class"] = e["class"]
        o["error_message"] = e["root_message"] if r["stage"] == "validate" else e["message"]
        o["error_chain"] = [c["message"] for c in e.get("chain", [])]
        if e.get("column") is not None:
            o["error_column"] = e["column"] - len(prefix)
    return o

out = [trim_type_case(r, r["sql"][len(prefix):-len(suffix)]) for r in rows("ddl_out.jsonl")]
if out: dump("oracle_types.jsonl", out)

if len(sys.argv) > 3:
    conf = sys.argv[3]
    cases = [json.loads(l) for l in open(os.path.join(conf, "cases.jsonl"), encoding="utf-8")]
    labels = [json.loads(l) for l in open(os.path.join(conf, "expected.jsonl"), encoding="utf-8")]
    out = [trim_type_case(r, c["type"]) for c, r in zip(cases, labels) if c.get("mode") == "type"]
    dump("conformance_type_cases.jsonl", out)
