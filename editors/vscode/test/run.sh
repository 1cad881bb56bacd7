#!/usr/bin/env bash
# Tests of the VS Code extension: installs its npm packages (vscode-languageclient, and for the
# build and the test esbuild, vscode-textmate, vscode-oniguruma and @vscode/vsce), runs
# test/grammar.test.js, then packages the extension with vsce (which bundles it first): vsce
# must not warn, and the .vsix must hold only the extension's files. With FLINKDDL_BIN set, also
# the linux-x64 .vsix with that binary inside, as the release workflow packs each platform's.
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
trap 'rm -rf "$out" "$here/bin"' EXIT
log="$(npx vsce package --out "$out/flinkddl.vsix" 2>&1 </dev/null)" || { echo "$log" >&2; exit 1; }
if grep -qi "warning" <<<"$log"; then
  echo "$log" >&2
  exit 1
fi
echo "ok: vsce packs the extension without warnings"

# A platform's extension, as the release workflow builds it: the same files and the binary in
# bin/, executable (extension.js runs it when `flinkddl.path` is not set).
if [ -n "${FLINKDDL_BIN:-}" ]; then
  mkdir -p bin
  cp "$FLINKDDL_BIN" bin/flinkddl
  log="$(npx vsce package --target linux-x64 --out "$out/flinkddl-linux-x64.vsix" 2>&1 </dev/null)" \
    || { echo "$log" >&2; exit 1; }
  python3 - "$out/flinkddl-linux-x64.vsix" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    info = z.getinfo("extension/bin/flinkddl")
    assert (info.external_attr >> 16) & 0o111, "bin/flinkddl is not executable in the .vsix"
    manifest = z.read("extension.vsixmanifest").decode()
    assert 'TargetPlatform="linux-x64"' in manifest, "the .vsix does not name its platform"
    own = sorted(n for n in z.namelist() if n.startswith("extension/"))
    print(f"ok: the linux-x64 .vsix carries {len(own)} files, bin/flinkddl executable "
          f"({info.file_size // 1_000_000} MB)")
PY
fi
