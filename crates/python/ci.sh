#!/usr/bin/env bash
# The Python package end to end, on a clean machine: the sdist, the wheel built from it
# (build-wheel.sh: manylinux2014, the `flinkddl` command an entry point into the extension),
# then a fresh virtual environment with only the wheel and the test tools from PyPI, where
# `flinkddl check fixtures/examples` and the pytest suite run (the API against the CLI, `--fix`,
# the GitHub Action's steps and schema, pre-commit in a temporary repository without cargo).
# `.ci/run` calls it; run it alone with `bash crates/python/ci.sh`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-$repo/target}"
python="${PYTHON:-python3}"
pip_flags=(--quiet --disable-pip-version-check)
bash "$here/build-wheel.sh"
wheels="$target/wheels"
wheel="$(ls "$wheels"/flinkddl-*.whl)"
sdist="$(ls "$wheels"/flinkddl-*.tar.gz)"

# A clean venv: the wheel with its arrow extra, and the test tools.
venv="$target/python-test-venv"
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install "${pip_flags[@]}" "$wheel[arrow]" \
  "pytest==9.2.0" "pre-commit==4.7.0" "check-jsonschema==0.39.0" "mypy==1.15.0"
# PyFlink (about 830 MB with its dependencies, 5 minutes to install here) only when asked:
# tests/test_snapshot.py exports a catalog with real Flink and is skipped without it.
if [ -n "${FLINKDDL_PYFLINK:-}" ]; then
  "$venv/bin/python" -m pip install "${pip_flags[@]}" "apache-flink==2.2.0"
fi
"$venv/bin/flinkddl" check fixtures/examples
FLINKDDL_WHEEL="$wheel" FLINKDDL_SDIST="$sdist" "$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"
