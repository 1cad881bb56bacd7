#!/usr/bin/env bash
# End-to-end test of `flinkddl lsp` with pygls's LanguageClient: builds the binary, installs
# pinned packages from PyPI under the cargo target directory (a venv; or, where Python has no
# venv module, `pip install --target`), and runs test_lsp.py against the real binary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../../.." && pwd)"
cd "$repo"
# shellcheck source=tools/e2e/python-env.sh
source "$repo/tools/e2e/python-env.sh"
packages=("pygls==2.0.0" "lsprotocol==2025.0.0" "pytest==8.3.4" "pytest-asyncio==0.25.0")

cargo build --quiet -p flinkddl-cli --bin flinkddl

e2e_python lsp-e2e "pygls, pytest, pytest_asyncio" "${packages[@]}"

FLINKDDL_BIN="$target/debug/flinkddl" "$run_python" -m pytest -q -p no:cacheprovider \
  -o asyncio_default_fixture_loop_scope=function "$here/test_lsp.py"
