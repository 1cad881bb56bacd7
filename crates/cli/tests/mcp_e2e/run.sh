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
# shellcheck source=tools/e2e/python-env.sh
source "$repo/tools/e2e/python-env.sh"
packages=("mcp==2.3.0" "pytest==8.3.4")

# FLINKDDL_BIN=target/release/flinkddl tests a release build already made (faster calls).
if [ -z "${FLINKDDL_BIN:-}" ]; then
  cargo build --quiet -p flinkddl-cli --bin flinkddl
  export FLINKDDL_BIN="$target/debug/flinkddl"
fi

e2e_python mcp-e2e "mcp, pytest" "${packages[@]}"

"$run_python" -m pytest -q -p no:cacheprovider "$here/test_mcp.py"
