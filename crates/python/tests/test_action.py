"""The GitHub Action: action.yml is valid against the action schema (SchemaStore's, vendored in
check-jsonschema from PyPI), and its steps' scripts, run as the runner runs them (bash, the
step's `env` with the inputs substituted, $GITHUB_PATH and $GITHUB_OUTPUT files), install the
wheel with pip and check files."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import pytest
import yaml

import flinkddl
from conftest import ROOT

ACTION = ROOT / "action.yml"


def validate(path: Path) -> subprocess.CompletedProcess:
    tool = Path(sys.executable).parent / "check-jsonschema"
    return subprocess.run(
        [str(tool), "--builtin-schema", "vendor.github-actions", str(path)],
        capture_output=True,
        text=True,
    )


def test_action_yml_is_valid() -> None:
    out = validate(ACTION)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_validator_rejects_a_broken_action(tmp_path: Path) -> None:
    action = yaml.safe_load(ACTION.read_text())
    del action["runs"]["steps"][0]["shell"]  # composite run steps must name their shell
    broken = tmp_path / "action.yml"
    broken.write_text(yaml.safe_dump(action))
    assert validate(broken).returncode != 0


def test_default_version_is_this_package() -> None:
    action = yaml.safe_load(ACTION.read_text())
    assert action["inputs"]["version"]["default"] == f"=={flinkddl.__version__}"
    assert action["runs"]["using"] == "composite"


class Runner:
    """Runs the action's steps as GitHub's runner does, in a temporary workspace."""

    def __init__(self, tmp: Path, wheel: Path) -> None:
        self.tmp = tmp
        self.github_path = tmp / "github_path"
        self.github_output = tmp / "github_output"
        self.github_path.write_text("")
        self.github_output.write_text("")
        wheels = tmp / "wheels"
        wheels.mkdir()
        shutil.copy(wheel, wheels)
        self.env = {
            "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
            "HOME": str(tmp),
            "RUNNER_TEMP": str(tmp / "runner-temp"),
            "GITHUB_PATH": str(self.github_path),
            "GITHUB_OUTPUT": str(self.github_output),
            "PIP_NO_INDEX": "1",
            "PIP_FIND_LINKS": str(wheels),
            "NO_COLOR": "1",
        }
        (tmp / "runner-temp").mkdir()

    def run(self, inputs: Dict[str, str]) -> List[subprocess.CompletedProcess]:
        action = yaml.safe_load(ACTION.read_text())
        values = {k: v.get("default", "") for k, v in action["inputs"].items()}
        values.update(inputs)
        results = []
        for step in action["runs"]["steps"]:
            env = dict(self.env)
            added = [line for line in self.github_path.read_text().splitlines() if line]
            env["PATH"] = ":".join([*reversed(added), env["PATH"]])
            for key, value in step.get("env", {}).items():
                env[key] = re.sub(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}", lambda m: values[m.group(1)], value)
            assert step["shell"] == "bash"
            script = self.tmp / "step.sh"
            script.write_text(step["run"])
            out = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
            )
            results.append(out)
            if out.returncode != 0:
                break
        return results

    def outputs(self) -> Dict[str, str]:
        return dict(line.split("=", 1) for line in self.github_output.read_text().splitlines() if "=" in line)


@pytest.fixture
def runner(tmp_path: Path, wheel: Path) -> Runner:
    return Runner(tmp_path, wheel)


def test_annotations_fail_on_errors(runner: Runner) -> None:
    install, check = runner.run({"paths": "fixtures/cli/project"})
    assert install.returncode == 0, install.stderr
    assert check.returncode == 1
    assert "::error " in check.stdout
    # The flinkddl that ran is the one the action installed with pip.
    assert (Path(runner.env["RUNNER_TEMP"]) / "flinkddl-venv" / "bin" / "flinkddl").is_file()


def test_sarif_for_code_scanning(runner: Runner, tmp_path: Path) -> None:
    sarif = tmp_path / "out.sarif"
    install, check = runner.run({"paths": "fixtures/examples fixtures/lint/*/valid.sql", "format": "sarif", "sarif-file": str(sarif)})
    assert check.returncode in (0, 1), check.stderr
    report = json.loads(sarif.read_text())
    assert report["version"] == "2.1.0"
    assert runner.outputs()["sarif-file"] == str(sarif)


def test_args_and_globs_pass_through(runner: Runner) -> None:
    results = runner.run({"paths": "fixtures/examples/*.sql", "args": "--deny-warnings --statistics", "format": "human"})
    check = results[-1]
    assert check.returncode == 0, check.stdout + check.stderr
    clean = runner.run({"paths": "fixtures/lint/duplicate-option-key/invalid.sql", "args": "--select L002 --statistics", "format": "human"})[-1]
    assert clean.stdout.split("\t")[1] == "L002", clean.stdout


def test_installs_from_a_wheel_directory_before_publication(runner: Runner) -> None:
    """The `wheels` input: the README's snippet for a repository that builds the wheel itself."""
    del runner.env["PIP_FIND_LINKS"]
    results = runner.run({"paths": "fixtures/examples", "format": "human", "wheels": str(runner.tmp / "wheels")})
    assert [r.returncode for r in results] == [0, 0], [r.stderr for r in results]
    assert "0 errors" in results[-1].stdout
