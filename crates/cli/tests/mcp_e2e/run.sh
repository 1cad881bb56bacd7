#!/usr/bin/env bash
# End-to-end test of `flinkddl mcp` with the official Python MCP SDK (`mcp` from PyPI) as the
# client: builds the binary, installs pinned packages from PyPI under the cargo target directory
# (a venv; or, where Python has no venv module, `pip install --target`), and runs test_mcp.py
# against the real binary, over stdio and streamable HTTP, with a short load run (load.py).
# The full load run: `target/mcp-e2e-venv/bin/python crates/cli/tests/mcp_e2e/load.py --bin
# target/release/flinkddl` (docs/agents.md).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../../.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-$repo/target}"
python="${PYTHON:-python3}"
packages=("mcp==2.3.0" "pytest==8.3.4")
pip_flags=(--quiet --disable-pip-version-check)

# FLINKDDL_BIN=target/release/flinkddl tests a release build already made (faster calls).
if [ -z "${FLINKDDL_BIN:-}" ]; then
  cargo build --quiet -p flinkddl-cli --bin flinkddl
  export FLINKDDL_BIN="$target/debug/flinkddl"
fi

venv="$target/mcp-e2e-venv"
run_python=""
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import mcp, pytest' 2>/dev/null; then
  run_python="$venv/bin/python"
elif rm -rf "$venv" && "$python" -m venv "$venv" 2>/dev/null && [ -x "$venv/bin/python" ]; then
  "$venv/bin/python" -m pip install "${pip_flags[@]}" "${packages[@]}"
  run_python="$venv/bin/python"
else
  # No venv module (Debian without python3-venv): install into a directory on PYTHONPATH.
  pkgs="$target/mcp-e2e-packages"
  if ! PYTHONPATH="$pkgs" "$python" -c 'import mcp, pytest' 2>/dev/null; then
    rm -rf "$pkgs"
    "$python" -m pip install "${pip_flags[@]}" --target "$pkgs" "${packages[@]}"
  fi
  export PYTHONPATH="$pkgs${PYTHONPATH:+:$PYTHONPATH}"
  run_python="$python"
fi

"$run_python" -m pytest -q -p no:cacheprovider "$here/test_mcp.py"
