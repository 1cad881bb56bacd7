#!/usr/bin/env bash
# Tests of the VS Code extension: installs its npm packages (vscode-languageclient, and for the
# build and the test esbuild, vscode-textmate, vscode-oniguruma and @vscode/vsce), runs
# test/grammar.test.js, then packages the extension with vsce (which bundles it first): vsce
# must not warn, and the .vsix must hold only the extension's files.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
npm install --no-audit --no-fund --silent
node test/grammar.test.js

# Exactly these files (the runtime dependency is in the bundle).
expected="dist/extension.js
language-configuration.json
LICENSE
package.json
README.md
syntaxes/flinksql.tmLanguage.json"
npm run --silent bundle
listed="$(npx vsce ls 2>/dev/null)"
own="$(grep -v '^node_modules/' <<<"$listed" | sort)"
if [ "$own" != "$(sort <<<"$expected")" ]; then
  echo "vsce would pack other files than expected:" >&2
  diff <(sort <<<"$expected") <(echo "$own") >&2 || true
  exit 1
fi
if grep -q '^node_modules/' <<<"$listed"; then
  echo "vsce would pack node_modules although the extension is bundled" >&2
  exit 1
fi
out="$(mktemp -d)"
log="$(npx vsce package --out "$out/flinkddl.vsix" 2>&1 </dev/null)" || { echo "$log" >&2; exit 1; }
rm -rf "$out"
if grep -qi "warning" <<<"$log"; then
  echo "$log" >&2
  exit 1
fi
echo "ok: vsce packs the extension without warnings"
