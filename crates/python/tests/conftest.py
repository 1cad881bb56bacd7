"""Shared paths for the suite: it runs against the installed wheel (crates/python/ci.sh)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures"


def sql_fixtures(*dirs: str) -> list[Path]:
    """Every .sql file under these fixture directories, sorted."""
    found: list[Path] = []
    for d in dirs:
        found.extend(sorted((FIXTURES / d).rglob("*.sql")))
    return found


@pytest.fixture(scope="session")
def flinkddl_bin() -> str:
    """The `flinkddl` command the wheel installed (next to this interpreter)."""
    path = shutil.which("flinkddl", path=os.path.dirname(os.sys.executable))
    assert path, "the wheel did not install the flinkddl command"
    return path


def _built_file(variable: str) -> Path:
    """The file ci.sh built and named in the environment variable `variable`."""
    value = os.environ.get(variable)
    assert value, f"{variable} is not set: run crates/python/ci.sh"
    path = Path(value)
    assert path.is_file(), path
    return path


@pytest.fixture(scope="session")
def wheel() -> Path:
    """The wheel under test (ci.sh sets FLINKDDL_WHEEL)."""
    return _built_file("FLINKDDL_WHEEL")


@pytest.fixture(scope="session")
def sdist() -> Path:
    """The sdist the wheel under test was built from (ci.sh sets FLINKDDL_SDIST)."""
    return _built_file("FLINKDDL_SDIST")
