#!/usr/bin/env bash
# The Python package end to end, on a clean machine: a release build of the `flinkddl` binary,
# the wheel (maturin from PyPI) with that binary in its scripts and the extension beside it,
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
# The binary and the extension share one target directory and profile; with both packages
# selected, the binary's dependencies get the same features as the extension's (PyO3 asks
# more of syn, serde's derive ...), so maturin's build reuses them and the workspace compiles
# once. No debug info (the profile keeps some for people who profile).
export CARGO_PROFILE_RELEASE_DEBUG=0
export CARGO_INCREMENTAL=0

started=$SECONDS
cargo build --release --quiet -p flinkddl-cli -p flinkddl-python --bin flinkddl
rm -rf "$here/wheel-data"
mkdir -p "$here/wheel-data/scripts"
cp "$target/release/flinkddl" "$here/wheel-data/scripts/flinkddl"

# maturin, from PyPI, in a venv of its own (kept between runs: it only builds).
tools="$target/python-build-venv"
if ! "$tools/bin/maturin" --version >/dev/null 2>&1; then
  rm -rf "$tools"
  "$python" -m venv "$tools"
  "$tools/bin/python" -m pip install "${pip_flags[@]}" "maturin==1.16.0"
fi
wheels="$target/wheels"
rm -rf "$wheels"
(cd "$here" && CARGO_TARGET_DIR="$target" "$tools/bin/maturin" build --release --quiet --out "$wheels")
wheel="$(ls "$wheels"/flinkddl-*.whl)"
echo "wheel: $(basename "$wheel") ($(du -h "$wheel" | cut -f1)), built in $((SECONDS - started)) s"

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
FLINKDDL_WHEEL="$wheel" "$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"
