# Sourced by the end-to-end tests' run.sh scripts from the repository root ($repo): sets
# `target` (the cargo target directory) and `python` (`$PYTHON`, or python3), and defines
# `e2e_python NAME IMPORTS PACKAGE...`, which sets
# `run_python` to a Python that imports IMPORTS (`import IMPORTS` must succeed), installing the
# pinned PACKAGEs from PyPI under the cargo target directory ($target) on first use: a venv
# `$target/NAME-venv`, or, where Python ($python) has no venv module, `pip install --target`
# into `$target/NAME-packages`, put on PYTHONPATH.
target="${CARGO_TARGET_DIR:-$repo/target}"
python="${PYTHON:-python3}"

e2e_python() {
  local name="$1" imports="$2"
  shift 2
  local pip_flags=(--quiet --disable-pip-version-check)
  local venv="$target/$name-venv"
  run_python=""
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import $imports" 2>/dev/null; then
    run_python="$venv/bin/python"
  elif rm -rf "$venv" && "$python" -m venv "$venv" 2>/dev/null && [ -x "$venv/bin/python" ]; then
    "$venv/bin/python" -m pip install "${pip_flags[@]}" "$@"
    run_python="$venv/bin/python"
  else
    # No venv module (Debian without python3-venv): install into a directory on PYTHONPATH.
    local pkgs="$target/$name-packages"
    if ! PYTHONPATH="$pkgs" "$python" -c "import $imports" 2>/dev/null; then
      rm -rf "$pkgs"
      "$python" -m pip install "${pip_flags[@]}" --target "$pkgs" "$@"
    fi
    export PYTHONPATH="$pkgs${PYTHONPATH:+:$PYTHONPATH}"
    run_python="$python"
  fi
}
