#!/usr/bin/env bash
# Builds the Python package as a release does, and says what it is doing: the sdist (maturin
# sdist), then the wheel from that sdist, tagged manylinux2014 (glibc 2.17: it installs on
# Debian 11, RHEL 8 and Amazon Linux 2) with zig as the linker. Both land in target/wheels.
# Nothing else is needed: `pip install ./crates/python` or `python -m build crates/python` build
# a wheel for this machine the standard way (decision 0013).
#   bash crates/python/build-wheel.sh            # the sdist and the wheel
#   FLINKDDL_WHEEL_NATIVE=1 bash ...              # a wheel for this machine's glibc, without zig
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-$repo/target}"
export CARGO_TARGET_DIR="$target"
python="${PYTHON:-python3}"
pip_flags=(--quiet --disable-pip-version-check)
# No debug info and no incremental caches: a wheel is built once.
export CARGO_PROFILE_RELEASE_DEBUG=0
export CARGO_INCREMENTAL=0
started=$SECONDS
say() { echo "build-wheel [$((SECONDS - started)) s]: $*"; }

# The build tools from PyPI, in a venv of their own (kept between runs).
tools="$target/python-build-venv"
if ! "$tools/bin/python" -c "import maturin, ziglang" >/dev/null 2>&1; then
  say "installing maturin and ziglang from PyPI into $tools"
  rm -rf "$tools"
  "$python" -m venv "$tools"
  "$tools/bin/python" -m pip install "${pip_flags[@]}" "maturin==1.16.0" "ziglang==0.15.2"
fi
wheels="$target/wheels"
rm -rf "$wheels"
mkdir -p "$wheels"

say "the sdist"
# maturin lists every crate's packaging warnings: shown only if it fails.
if ! log="$("$tools/bin/maturin" sdist --manifest-path "$here/Cargo.toml" --out "$wheels" 2>&1)"; then
  echo "$log" >&2
  exit 1
fi
sdist="$(ls "$wheels"/flinkddl-*.tar.gz)"
say "$(basename "$sdist") ($(du -h "$sdist" | cut -f1))"

# The wheel from the sdist, as pip builds it for a user without a wheel for their platform.
if [ -n "${FLINKDDL_WHEEL_NATIVE:-}" ]; then
  export MATURIN_PEP517_ARGS="--compatibility off"
else
  export MATURIN_PEP517_ARGS="--zig --compatibility manylinux2014"
fi
say "the wheel from the sdist ($MATURIN_PEP517_ARGS): cargo compiles the workspace in release, several minutes"
# --verbose: pip passes on cargo's progress, shown a line per crate compiled; the whole log
# is kept, and its end printed if the build fails.
log="$target/build-wheel.log"
PATH="$tools/bin:$PATH" "$tools/bin/python" -m pip wheel --verbose --disable-pip-version-check \
  --no-deps --no-build-isolation --progress-bar off --wheel-dir "$wheels" "$sdist" 2>&1 \
  | tee "$log" | grep --line-buffered -E '^ *(Compiling|Finished) ' || true
if ! ls "$wheels"/flinkddl-*.whl >/dev/null 2>&1; then
  tail -n 60 "$log" >&2
  echo "build-wheel: no wheel was built; the whole log is $log" >&2
  exit 1
fi
wheel="$(ls "$wheels"/flinkddl-*.whl)"
say "$(basename "$wheel") ($(du -h "$wheel" | cut -f1))"
