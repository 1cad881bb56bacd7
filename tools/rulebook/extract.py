#!/usr/bin/env python3
"""Lists Flink's rejection messages from the jars of a Flink release, as candidates for the rule book.

Reads the string constants of every class in flink-table-planner (inside the planner loader jar,
with Calcite shaded in) and flink-table-api-java-uber, keeps the ones that read as an error a SQL
script can hit (the classes of the parser, the converters, the catalog manager, the planner's
rules, exec nodes and sink/source utilities), adds Calcite's validator messages
(CalciteResource.properties), and prints them as `class<TAB>message` lines. For each, it says
which diagnostic code already carries the message's longest literal fragment (in a code's
Markdown file or next to a `Code::` in the source), so the rule book can be kept up to date:

    python3 tools/rulebook/extract.py [--flink-lib $ORACLE_CACHE/flink-2.3.0/pyflink/lib] > /tmp/candidates.tsv

Not run in CI (the jars are not in the repository); crates/diagnostics/data/rulebook.toml is the
curated result.
"""
import argparse, io, json, os, re, struct, sys, zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

KEEP = re.compile(r"^org/apache/flink/(sql/parser/|table/planner/operations/|table/catalog/(CatalogManager|"
                  r"DefaultSchemaResolver|FunctionCatalog)|table/planner/plan/(rules/(logical|physical/stream|"
                  r"common)|nodes/physical/stream|nodes/exec/(stream|common)|utils|schema|optimize|nodes/logical)|"
                  r"table/planner/(calcite|connectors|hint|delegation)|table/api/internal/TableEnvironmentImpl|"
                  r"table/module|table/factories/FactoryUtil|table/planner/utils/MaterializedTableUtils|"
                  r"table/operations/(Describe|Show|Truncate|Load|Unload|UseModules|ddl/))")
ERRORISH = re.compile(r"not supported|unsupported|Unsupported|must |cannot|can't|can not|only |doesn't|does not|"
                      r"is not|are not|already exist|should |[Ii]nvalid|not allowed|[Ii]llegal|required|"
                      r"mismatch|not match|do not|don't|[Dd]uplicate|ambiguous|not found|[Cc]ould not|"
                      r"more than one|conflict|isn't|aren't|not yet|doesn't exist")
INTERNAL = re.compile(r"(should|must|can) ?not be null|cannot be null|[Bb]ug|should never happen|should not happen|"
                      r"[Uu]nexpected|requirement failed|Illegal index|not implemented|SqlNode only|supports only|"
                      r"Corrupted|SQL serializable|Validator should have|[Uu]nknown \w+ (type|class|kind|spec)|"
                      r"\{\}|^Defines |^Sets the |^When a source|ExecNode|KeySelector|PlanReference|descriptor must")


def class_strings(data):
    """The CONSTANT_String values of a class file."""
    if data[:4] != b"\xca\xfe\xba\xbe":
        return []
    count = struct.unpack(">H", data[8:10])[0]
    i, k, utf, refs = 10, 1, {}, []
    while k < count:
        tag = data[i]
        if tag == 1:
            n = struct.unpack(">H", data[i + 1:i + 3])[0]
            utf[k] = data[i + 3:i + 3 + n].decode("utf-8", "replace")
            i += 3 + n
        elif tag in (3, 4):
            i += 5
        elif tag in (5, 6):
            i += 9
            k += 1
        elif tag in (7, 16, 19, 20):
            i += 3
        elif tag == 8:
            refs.append(struct.unpack(">H", data[i + 1:i + 3])[0])
            i += 3
        elif tag in (9, 10, 11, 12, 17, 18):
            i += 5
        elif tag == 15:
            i += 4
        else:
            break
        k += 1
    return [utf.get(r, "") for r in refs]


def jar_entries(path):
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.endswith(".jar"):
                yield from jar_entries_bytes(z.read(name))
            elif name.endswith(".class") or name.endswith("CalciteResource.properties"):
                yield name, z.read(name)


def jar_entries_bytes(data):
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for name in z.namelist():
            if name.endswith(".class") or name.endswith("CalciteResource.properties"):
                yield name, z.read(name)


def our_texts():
    """(code or None, text) for every code file and source file that may quote Flink."""
    variants, texts = {}, []
    codes = os.path.join(ROOT, "crates", "diagnostics", "data", "codes")
    for f in sorted(os.listdir(codes)):
        m = re.match(r"([A-Z]\d{3})-", f)
        if m:
            body = open(os.path.join(codes, f)).read()
            v = re.search(r"^variant: (\w+)", body, re.M)
            if v:
                variants[v.group(1)] = m.group(1)
            texts.append((m.group(1), body))
    for d in ("binder", "syntax", "connectors", "lint", "flinkddl"):
        for dp, _, fs in os.walk(os.path.join(ROOT, "crates", d, "src")):
            for f in fs:
                if f.endswith(".rs"):
                    texts.append((None, open(os.path.join(dp, f)).read()))
    return variants, texts


def matching_code(message, variants, texts):
    frags = sorted((f.strip(" .'`\"") for f in re.split(r"%s|%d|\{\d[^}]*\}|''\{\d\}''|\\n", message)),
                   key=len, reverse=True)
    frag = next((f for f in frags if len(f) >= 14), None)
    if not frag:
        return ""
    for code, text in texts:
        pos = text.find(frag)
        if pos < 0:
            continue
        if code:
            return code
        near = re.findall(r"Code::(\w+)", text[max(0, pos - 3000):pos + 3000])
        for v in near:
            if v in variants:
                return variants[v]
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--flink-lib", default=os.path.join(os.environ.get("ORACLE_CACHE", "/tmp/flink-oracle-cache"),
                                                        "flink-2.3.0", "pyflink", "lib"))
    a = ap.parse_args()
    variants, texts = our_texts()
    seen = set()
    for jar in ("flink-table-planner-loader", "flink-table-api-java-uber"):
        path = next(os.path.join(a.flink_lib, f) for f in os.listdir(a.flink_lib) if f.startswith(jar))
        for name, data in jar_entries(path):
            if name.endswith(".properties"):
                for line in data.decode("utf-8", "replace").splitlines():
                    if "=" in line and not line.startswith("#"):
                        key, msg = line.split("=", 1)
                        rows = [("calcite:CalciteResource." + key.strip(), msg.strip().replace("''", "'"))]
                        emit(rows, seen, variants, texts)
                continue
            cls = name[:-6]
            if not KEEP.search(cls):
                continue
            rows = [(cls.split("/")[-1], s) for s in class_strings(data)
                    if len(s) >= 15 and " " in s and ERRORISH.search(s) and not INTERNAL.search(s)]
            emit(rows, seen, variants, texts)


def emit(rows, seen, variants, texts):
    for cls, msg in rows:
        msg = msg.replace("\x01", "%s").replace("\n", "\\n")
        if (cls, msg) in seen:
            continue
        seen.add((cls, msg))
        print("%s\t%s\t%s" % (cls, msg, matching_code(msg, variants, texts)))


if __name__ == "__main__":
    sys.exit(main())
