"""pre-commit without Rust: real `pre-commit` (from PyPI) in a temporary git repository uses
this repository's `.pre-commit-hooks.yaml` (`language: python`), which pip-installs the root
shim and, through it, the locally built wheel. No cargo is on the PATH and pip has no index:
only the wheel and the shim's build backend, in a local directory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

GOOD = "CREATE TABLE t (id INT, PRIMARY KEY (id) NOT ENFORCED);\n"
BAD = "CREATE TABLE t (id INT, PRIMARY KEY (id));\n"


def git(cwd: Path, *args: str, env: dict) -> None:
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> dict:
    tmp = tmp_path_factory.mktemp("pre-commit")
    wheels = tmp / "wheels"
    wheels.mkdir()
    shutil.copy(wheel, wheels)
    # The shim's build backend, from PyPI (pre-commit's pip then runs without an index).
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--only-binary", ":all:", "--dest", str(wheels), "setuptools>=77"],
        check=True,
    )
    path = f"{Path(sys.executable).parent}:/usr/bin:/bin"
    assert shutil.which("cargo", path=path) is None, "cargo must not be on the hook's PATH"
    env = {
        "PATH": path,
        "HOME": str(tmp / "home"),
        "PRE_COMMIT_HOME": str(tmp / "cache"),
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(wheels),
        "NO_COLOR": "1",
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@localhost",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@localhost",
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    (tmp / "home").mkdir()
    # The hook repository: this checkout's hook manifest and shim, committed.
    hooks = tmp / "hooks"
    hooks.mkdir()
    for name in [".pre-commit-hooks.yaml", "pyproject.toml", "LICENSE"]:
        shutil.copy(ROOT / name, hooks / name)
    git(hooks, "init", "-q", env=env)
    git(hooks, "add", ".", env=env)
    git(hooks, "commit", "-q", "-m", "hooks", env=env)
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=hooks, env=env, capture_output=True, text=True, check=True).stdout.strip()
    project = tmp / "project"
    project.mkdir()
    git(project, "init", "-q", env=env)
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks: [{{id: flinkddl}}, {{id: flinkddl-fix, stages: [manual]}}]\n"
    )
    (project / "good.sql").write_text(GOOD)
    git(project, "add", ".", env=env)
    git(project, "commit", "-q", "-m", "start", env=env)
    return {"env": env, "project": project}


def pre_commit(setup: dict, *args: str) -> subprocess.CompletedProcess:
    tool = Path(sys.executable).parent / "pre-commit"
    return subprocess.run([str(tool), *args], cwd=setup["project"], env=setup["env"], capture_output=True, text=True)


def test_staged_files_all_files_and_exit_codes(setup: dict) -> None:
    project, env = setup["project"], setup["env"]
    clean = pre_commit(setup, "run", "--all-files")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "flinkddl check" in clean.stdout and "Passed" in clean.stdout
    # A bad file, staged: the default run (staged files only) fails with Flink's error.
    (project / "bad.sql").write_text(BAD)
    git(project, "add", "bad.sql", env=env)
    staged = pre_commit(setup, "run")
    assert staged.returncode == 1, staged.stdout
    assert "B030" in staged.stdout and "Failed" in staged.stdout
    # Only the staged file is given to the hook.
    assert "good.sql" not in staged.stdout
    everything = pre_commit(setup, "run", "--all-files")
    assert everything.returncode == 1
    # The fix hook rewrites the file and fails (pre-commit's rule for hooks that change files);
    # then everything passes.
    fixed = pre_commit(setup, "run", "--hook-stage", "manual", "flinkddl-fix", "--all-files")
    assert fixed.returncode == 1, fixed.stdout
    assert "files were modified by this hook" in fixed.stdout
    assert (project / "bad.sql").read_text() == GOOD
    git(project, "add", "bad.sql", env=env)
    again = pre_commit(setup, "run", "--all-files")
    assert again.returncode == 0, again.stdout


def test_the_hook_runs_the_wheel_binary(setup: dict) -> None:
    cache = Path(setup["env"]["PRE_COMMIT_HOME"])
    binaries = list(cache.glob("repo*/py_env-*/bin/flinkddl"))
    assert binaries, list(cache.iterdir())
    version = subprocess.run([str(binaries[0]), "--version"], capture_output=True, text=True)
    assert version.returncode == 0 and version.stdout.startswith("flinkddl ")
