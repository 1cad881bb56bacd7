"""The installed package is typed (`py.typed`, the `_native` stubs): `mypy --strict` accepts a
script that uses the API as the README does, and rejects one that misuses it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import flinkddl

USE = '''
import flinkddl

analysis: flinkddl.Analysis = flinkddl.analyze("CREATE TABLE t (a INT)", fresh_session=True)
codes: list[str] = [d.code for d in analysis.diagnostics]
line: int = analysis.diagnostics[0].line if analysis.diagnostics else 0
table = analysis.table("t")
if table is not None:
    text: str = table.describe()
    kinds = [c.kind for c in table.columns]
result: flinkddl.CheckResult = flinkddl.check(["sql/"], select=["L"])
status: int = result.exit_code()
fixed: str = flinkddl.fix("CREATE TABLE t (a INT)", unsafe_fixes=True).sql
'''

MISUSE = '''
import flinkddl

line: str = flinkddl.analyze("x").diagnostics[0].line
flinkddl.analyze(b"bytes")
'''


def mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess:
    script = tmp_path / "use.py"
    script.write_text(source)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-version", "3.9", str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )


def test_the_package_is_typed(tmp_path: Path) -> None:
    package = Path(flinkddl.__file__).parent
    assert (package / "py.typed").is_file() and (package / "_native.pyi").is_file()
    ok = mypy(tmp_path, USE)
    assert ok.returncode == 0, ok.stdout + ok.stderr


def test_misuse_is_a_type_error(tmp_path: Path) -> None:
    bad = mypy(tmp_path, MISUSE)
    assert bad.returncode == 1
    assert 'Incompatible types in assignment (expression has type "int", variable has type "str")' in bad.stdout
    assert 'Argument 1 to "analyze" has incompatible type "bytes"' in bad.stdout
