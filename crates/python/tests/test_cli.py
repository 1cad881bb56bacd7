"""The `flinkddl` command the wheel installs: the README's quick start, from the wheel."""

from __future__ import annotations

import subprocess
import sys

from conftest import FIXTURES, ROOT


def test_check_the_examples(flinkddl_bin: str) -> None:
    out = subprocess.run([flinkddl_bin, "check", "fixtures/examples"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 errors" in out.stdout


def test_a_bad_file_fails(flinkddl_bin: str) -> None:
    out = subprocess.run([flinkddl_bin, "check", str(FIXTURES / "cli" / "project")], capture_output=True, text=True)
    assert out.returncode == 1


def test_python_dash_m(flinkddl_bin: str) -> None:
    out = subprocess.run([sys.executable, "-m", "flinkddl", "check", "fixtures/examples", "-q"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""


def _python_blocks(markdown: str) -> list:
    blocks, inside, current = [], False, []
    for line in markdown.splitlines():
        if line.strip() == "```python":
            inside, current = True, []
        elif inside and line.strip() == "```":
            inside = False
            blocks.append("\n".join(current))
        elif inside:
            current.append(line)
    return blocks


def test_the_readmes_python_runs() -> None:
    for readme in [ROOT / "README.md", ROOT / "crates" / "python" / "README.md"]:
        blocks = _python_blocks(readme.read_text())
        assert blocks, readme
        for block in blocks:
            out = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True)
            assert out.returncode == 0, f"{readme}:\n{block}\n{out.stderr}"
            assert out.stdout.strip(), block
