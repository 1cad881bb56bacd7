#!/usr/bin/env python3
"""One-off: turns the positional rows of crates/binder/src/expr/catalog.rs (before issue 19)
into crates/binder/data/functions.toml. Kept in history only; the toml is the source now."""
import re
import sys

SRC = sys.argv[1] if len(sys.argv) > 1 else "crates/binder/src/expr/catalog.rs"
OUT = sys.argv[2] if len(sys.argv) > 2 else "crates/binder/data/functions.toml"
text = open(SRC).read()

FAMILIES = {
    "Any": "ANY", "Num": "NUMERIC", "Int": "INTEGER", "Exact": "EXACT_NUMERIC",
    "Chr": "CHARACTER", "Str": "CHARACTER_OR_BINARY", "Bin": "BINARY", "Bool": "BOOLEAN",
    "Date": "DATE", "Time": "TIME", "Ts": "TIMESTAMP", "Ival": "INTERVAL", "Arr": "ARRAY",
    "Map": "MAP", "Coll": "COLLECTION", "CollOrMap": "COLLECTION_OR_MAP",
}
TYPES = {
    "Int": "INT", "BigInt": "BIGINT", "Double": "DOUBLE", "Bool": "BOOLEAN", "Str": "STRING",
    "Bytes": "BYTES", "Date": "DATE", "Ts3": "TIMESTAMP(3)", "ArrStr": "ARRAY<STRING>",
    "MapStrStr": "MAP<STRING, STRING>", "Variant": "VARIANT",
}
NULS = {"Args": "of-arguments", "Force": "always", "NotNull": "never", "Keep": "of-return"}
WINDOW = {"ROW_NUMBER", "RANK", "DENSE_RANK", "CUME_DIST", "PERCENT_RANK", "NTILE", "LAG", "LEAD"}
TABLE = {"CUMULATE"}

TOKEN = re.compile(r'\s*(?:(//[^\n]*)|("(?:[^"\\]|\\.)*")|([A-Za-z_][A-Za-z0-9_]*)|(\d+)|(::|&|\[|\]|\(|\)|,|;|=|:))')


def tokens(s):
    pos = 0
    out = []
    while pos < len(s):
        m = TOKEN.match(s, pos)
        if not m:
            if s[pos:].strip() == "":
                break
            raise SystemExit(f"cannot tokenize at {s[pos:pos+40]!r}")
        pos = m.end()
        comment, string, ident, num, punct = m.groups()
        if comment is not None:
            if comment.startswith("// ----"):
                out.append(("section", comment.strip("/ -")))
            continue
        if string is not None:
            out.append(("str", string[1:-1]))
        elif ident is not None:
            out.append(("ident", ident))
        elif num is not None:
            out.append(("num", int(num)))
        elif punct is not None:
            out.append(("p", punct))
    return out


class Parser:
    def __init__(self, toks, consts):
        self.t = toks
        self.i = 0
        self.consts = consts

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else (None, None)

    def next(self):
        tok = self.t[self.i]
        self.i += 1
        return tok

    def expect(self, v):
        tok = self.next()
        assert tok[1] == v, (tok, v, self.t[self.i - 5:self.i + 5])

    def path(self):
        parts = [self.next()[1]]
        while self.peek()[1] == "::":
            self.next()
            parts.append(self.next()[1])
        return parts

    def expr(self):
        kind, v = self.peek()
        if kind == "str":
            self.next()
            return v
        if kind == "num":
            self.next()
            return v
        if v == "&":
            self.next()
            return self.expr()
        if v == "[":
            self.next()
            items = []
            while self.peek()[1] != "]":
                items.append(self.expr())
                if self.peek()[1] == ",":
                    self.next()
            self.next()
            return items
        p = self.path()
        if self.peek()[1] == "(":
            self.next()
            args = []
            while self.peek()[1] != ")":
                args.append(self.expr())
                if self.peek()[1] == ",":
                    self.next()
            self.next()
            return ("call", p[-1], args)
        name = p[-1]
        if len(p) == 1 and name in self.consts:
            return self.consts[name]
        return ("name", name)


consts = {}
for m in re.finditer(r"const (\w+): &\[&\[F\]\] = (.*?);\n", text):
    consts[m.group(1)] = Parser(tokens(m.group(2)), {}).expr()

body = text.split("pub(crate) static FUNCTIONS: &[FnDef] = &[", 1)[1].split("\n];", 1)[0]
untyped = text.split("pub(crate) static KNOWN_UNTYPED: &[&str] = &[", 1)[1].split("\n];", 1)[0]
untyped = re.findall(r'"([A-Z0-9_]+)"', untyped)

toks = tokens(body)
rows = []
section = None
p = Parser(toks, consts)
while p.i < len(toks):
    kind, v = p.peek()
    if kind == "section":
        section = v
        p.next()
        continue
    if v == ",":
        p.next()
        continue
    rows.append((section, p.expr()))


def unwrap(e):
    flags = set()
    while e[0] == "call" and e[1] in ("varargs", "agg"):
        flags.add(e[1])
        e = e[2][0]
    return flags, e


def family(f):
    assert f[0] == "name", f
    return FAMILIES[f[1]]


def ret(r):
    if r[0] == "call" and r[1] == "Fixed":
        t = r[2][0]
        if t[0] == "call":
            return {"returns_type": f"{t[1].upper()}({t[2][0]})"}
        return {"returns_type": TYPES[t[1]]}
    if r[0] == "call" and r[1] == "Arg":
        return {"returns_argument": r[2][0]}
    if r[0] == "call" and r[1] == "Custom":
        return {"handler": r[2][0]}
    if r == ("name", "Arg0Varchar"):
        return {"returns": "first-argument-as-varchar"}
    if r == ("name", "Arg0Varying"):
        return {"returns": "first-argument-varying"}
    raise SystemExit(f"unknown return {r}")


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


names = set()
out = [
    "# Flink 2.3's built-in functions as the binder types them in a computed column, a",
    "# watermark or a query. One [[function]] per name (build.rs fails on a duplicate or an",
    "# unknown value; a handler named here and not matched in expr/functions.rs fails to compile).",
    "#",
    "# name        upper-case name",
    '# stack       "calcite" (Calcite\'s operator table: printed upper-case, Calcite\'s messages,',
    '#             NULL literals illegal) or "flink" (BuiltInFunctionDefinitions: printed',
    "#             back-quoted with the user's spelling, Flink's messages)",
    "# min_args    fewest operands; max_args: most (absent: variadic, the last family of a",
    "#             signature repeats)",
    "# signatures  accepted operand family sequences (absent: anything); families: ANY, NUMERIC,",
    "#             INTEGER, EXACT_NUMERIC, CHARACTER, CHARACTER_OR_BINARY, BINARY, BOOLEAN, DATE,",
    "#             TIME, TIMESTAMP, INTERVAL, ARRAY, MAP, COLLECTION, COLLECTION_OR_MAP",
    "# returns     one of: returns_type = \"<Flink type>\", returns_argument = <i> (the i-th operand's type),",
    '#             returns = "first-argument-as-varchar" | "first-argument-varying", or',
    "#             handler = \"<name>\" (a function in expr/functions/, for typing no strategy fits)",
    '# nullable    "of-arguments" (nullable iff an operand is), "always", "never", "of-return"',
    "#             (as the return strategy gives it)",
    '# kind        "scalar" (default), "aggregate", "window" (OVER only), "table" (a table function)',
    "#",
    "# Every entry was checked against the labelled corpus (fixtures/functions).",
    "",
    "known_untyped = [",
]
for n in untyped:
    out.append(f"    {q(n)},")
out.append("]")
last_section = None
for section, e in rows:
    flags, call = unwrap(e)
    assert call[0] == "call" and call[1] in ("calcite", "flink"), call
    name, mn, mx, sigs, r, nul = call[2]
    assert name not in names, name
    names.add(name)
    if section != last_section:
        out.append("")
        out.append(f"# ---- {section} ----")
        last_section = section
    out.append("")
    out.append("[[function]]")
    out.append(f"name = {q(name)}")
    out.append(f'stack = "{call[1]}"')
    out.append(f"min_args = {mn}")
    if "varargs" not in flags:
        out.append(f"max_args = {mx}")
    if sigs:
        rendered = ", ".join("[" + ", ".join(q(family(f)) for f in sig) + "]" for sig in sigs)
        out.append(f"signatures = [{rendered}]")
    for k, v in ret(r).items():
        out.append(f"{k} = {v}" if isinstance(v, int) else f"{k} = {q(v)}")
    out.append(f'nullable = "{NULS[nul[1]]}"')
    if "agg" in flags:
        kind = "window" if name in WINDOW else "aggregate"
        out.append(f'kind = "{kind}"')
    elif name in TABLE:
        out.append('kind = "table"')
open(OUT, "w").write("\n".join(out) + "\n")
print(f"{len(rows)} functions, {len(untyped)} known untyped -> {OUT}")
