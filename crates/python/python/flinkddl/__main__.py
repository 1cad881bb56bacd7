"""The `flinkddl` command (the wheel's entry point) and `python -m flinkddl`: the command line
runs inside the extension, in this process, so the wheel carries the program once (decision
0013)."""

from __future__ import annotations

import signal
import sys

from . import _native


def main() -> int:
    # Ctrl-C ends the command at once, as it ends a native program: Python's handler would
    # only run after the Rust code returns, which `flinkddl lsp` does not do until told.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    return _native.run_cli(["flinkddl", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
