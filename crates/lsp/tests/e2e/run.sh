#!/usr/bin/env bash
# End-to-end test of `flinkddl lsp` with pygls's LanguageClient: builds the binary, makes a venv
# under the cargo target directory with pinned packages from PyPI, runs test_lsp.py.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../../.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-$repo/target}"
venv="$target/lsp-e2e-venv"
python="${PYTHON:-python3}"

cargo build --quiet -p flinkddl-cli --bin flinkddl
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import pygls, pytest, pytest_asyncio' 2>/dev/null; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "pygls==2.0.0" "lsprotocol==2025.0.0" "pytest==8.3.4" "pytest-asyncio==0.25.0"
fi
FLINKDDL_BIN="$target/debug/flinkddl" "$venv/bin/python" -m pytest -q -p no:cacheprovider -o asyncio_default_fixture_loop_scope=function "$here/test_lsp.py"
