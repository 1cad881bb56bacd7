#!/usr/bin/env python3
"""Writes diagnostic codes registered in the old `catalogue! { ... }` macro form (of the file
now `codes.rs`) as one file each.

    tools/diagnostic_codes_to_files.py [CODES_RS] [OUT_DIR] [--force]

Defaults: crates/diagnostics/src/codes.rs and crates/diagnostics/data/codes. Entries are
`Variant = "B110", "name", Stage, Severity, "title", "explanation";` as the macro took them
until issue 19. A file that exists already is left alone unless --force is given, so the script
can convert the codes a branch added in the old form after the move.
"""
import os
import re
import sys

ENTRY = re.compile(
    r'(?P<variant>[A-Z][A-Za-z0-9]*)\s*=\s*"(?P<code>[A-Z][0-9]{3})"\s*,\s*'
    r'"(?P<name>[a-z0-9-]+)"\s*,\s*(?P<stage>[A-Za-z]+)\s*,\s*(?P<severity>[A-Za-z]+)\s*,\s*'
)


def rust_string(text, pos):
    """Reads the Rust string literal that starts at text[pos] (a `"`); returns (value, end)."""
    assert text[pos] == '"', text[pos : pos + 40]
    out = []
    i = pos + 1
    while True:
        c = text[i]
        if c == '"':
            return "".join(out), i + 1
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = text[i + 1]
        if e == "\n":  # line continuation: skips the newline and the next line's indentation
            i += 2
            while text[i] in " \t\n\r":
                i += 1
        elif e in "nrt0":
            out.append({"n": "\n", "r": "\r", "t": "\t", "0": "\0"}[e])
            i += 2
        elif e in "\"'\\":
            out.append(e)
            i += 2
        elif e == "x":
            out.append(chr(int(text[i + 2 : i + 4], 16)))
            i += 4
        elif e == "u":
            end = text.index("}", i)
            out.append(chr(int(text[i + 3 : end], 16)))
            i = end + 1
        else:
            raise SystemExit(f"unknown escape \\{e} at byte {i}")


def skip_space(text, pos):
    while text[pos] in " \t\r\n":
        pos += 1
    return pos


def entries(text):
    start = text.index("catalogue! {")
    pos = start
    while True:
        m = ENTRY.search(text, pos)
        if not m:
            return
        title, pos = rust_string(text, skip_space(text, m.end()))
        pos = skip_space(text, pos)
        assert text[pos] == ",", text[pos : pos + 40]
        explanation, pos = rust_string(text, skip_space(text, pos + 1))
        yield dict(m.groupdict(), title=title, explanation=explanation)


def file_text(e):
    return (
        "---\n"
        f"code: {e['code']}\n"
        f"name: {e['name']}\n"
        f"variant: {e['variant']}\n"
        f"stage: {e['stage'].lower()}\n"
        f"severity: {e['severity'].lower()}\n"
        f"title: {e['title']}\n"
        "---\n\n"
        f"{e['explanation']}\n"
    )


def main(argv):
    force = "--force" in argv
    args = [a for a in argv if a != "--force"]
    source = args[0] if args else "crates/diagnostics/src/codes.rs"
    out_dir = args[1] if len(args) > 1 else "crates/diagnostics/data/codes"
    os.makedirs(out_dir, exist_ok=True)
    written = 0
    for e in entries(open(source, encoding="utf-8").read()):
        path = os.path.join(out_dir, f"{e['code']}-{e['name']}.md")
        if os.path.exists(path) and not force:
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(file_text(e))
        written += 1
    print(f"wrote {written} files to {out_dir}")


if __name__ == "__main__":
    main(sys.argv[1:])
