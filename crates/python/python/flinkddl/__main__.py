"""`python -m flinkddl ...`: runs the `flinkddl` command the wheel installed (as `ruff` does)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig


def find_flinkddl_bin() -> str:
    """The path of the `flinkddl` binary installed with this package."""
    exe = "flinkddl" + (sysconfig.get_config_var("EXE") or "")
    candidates = [sysconfig.get_path("scripts")]
    user = sysconfig.get_path("scripts", scheme=f"{os.name}_user") if os.name != "nt" else None
    if user:
        candidates.append(user)
    candidates.append(os.path.dirname(sys.executable))
    for directory in candidates:
        path = os.path.join(directory, exe)
        if os.path.isfile(path):
            return path
    raise FileNotFoundError(f"the flinkddl binary is not in {', '.join(candidates)}")


def main() -> int:
    return subprocess.call([find_flinkddl_bin(), *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
