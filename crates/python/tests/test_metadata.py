"""The wheel's contents and every package's metadata: one version, the Apache-2.0 licence, no
placeholder URL."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import flinkddl
from conftest import ROOT


def workspace_version() -> str:
    text = (ROOT / "Cargo.toml").read_text()
    match = re.search(r'\[workspace\.package\][^\[]*?\nversion = "([^"]+)"', text)
    assert match
    return match.group(1)


def test_one_version_everywhere() -> None:
    version = workspace_version()
    assert flinkddl.__version__ == version
    assert f'dependencies = ["flinkddl=={version}"]' in (ROOT / "pyproject.toml").read_text()
    assert f'version = "{version}"' in (ROOT / "pyproject.toml").read_text()
    assert f"flinkddl=={version}" in (ROOT / "README.md").read_text()


def test_the_wheel_carries_the_command_the_stubs_and_the_licence(wheel: Path) -> None:
    assert "-cp39-abi3-" in wheel.name
    # glibc 2.17, as ruff's wheels: Debian 11, RHEL 8 and Amazon Linux 2 install it.
    assert "manylinux_2_17_x86_64" in wheel.name or "manylinux2014_x86_64" in wheel.name, wheel.name
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        version = flinkddl.__version__
        # The command is an entry point into the extension, not a second copy of the program.
        assert not any(".data/scripts/" in n for n in names), names
        entry_points = z.read(f"flinkddl-{version}.dist-info/entry_points.txt").decode()
        assert "flinkddl=flinkddl.__main__:main" in entry_points.replace(" ", "")
        for f in ["flinkddl/__init__.py", "flinkddl/__main__.py", "flinkddl/py.typed", "flinkddl/_native.pyi"]:
            assert f in names, f
        assert any(n.startswith("flinkddl/_native") and n.endswith(".so") for n in names)
        metadata = z.read(f"flinkddl-{version}.dist-info/METADATA").decode()
        assert "License-Expression: Apache-2.0" in metadata
        assert "Requires-Python: >=3.9" in metadata
        assert "Provides-Extra: arrow" in metadata
        assert any(n.startswith(f"flinkddl-{version}.dist-info/licenses/LICENSE") for n in names)


def test_every_package_names_the_licence() -> None:
    assert (ROOT / "LICENSE").read_text().lstrip().startswith("Apache License\n                        Version 2.0")
    assert 'license = "Apache-2.0"' in (ROOT / "Cargo.toml").read_text()
    manifests = sorted((ROOT / "crates").glob("*/Cargo.toml")) + [ROOT / "fuzz" / "Cargo.toml"]
    for manifest in manifests:
        text = manifest.read_text()
        assert "license.workspace = true" in text or 'license = "Apache-2.0"' in text, manifest
    for project in [ROOT / "pyproject.toml", ROOT / "crates" / "python" / "pyproject.toml"]:
        assert 'license = "Apache-2.0"' in project.read_text(), project


def test_no_placeholder_urls() -> None:
    files = [ROOT / n for n in ["README.md", "Cargo.toml", "pyproject.toml", "action.yml", ".pre-commit-hooks.yaml"]]
    files += [ROOT / "crates" / "python" / n for n in ["pyproject.toml", "Cargo.toml", "README.md"]]
    for f in files:
        text = f.read_text()
        assert "example.invalid" not in text and "example.com" not in text, f


def test_the_sdist_builds_the_package_alone(sdist: Path) -> None:
    """What pip needs to build the wheel from the sdist, and nothing built."""
    import tarfile

    version = flinkddl.__version__
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    for needed in ["pyproject.toml", "Cargo.toml", "Cargo.lock", "PKG-INFO", "crates/python/Cargo.toml",
                   "python/flinkddl/__init__.py", "crates/cli/src/app.rs",
                   "crates/diagnostics/data/versions.txt"]:
        assert any(n == needed or n.endswith("/" + needed) for n in names), needed
    assert not any(n.endswith((".so", ".pyd", ".whl")) for n in names)
    assert not any("wheel-data" in n for n in names)
    assert sdist.name == f"flinkddl-{version}.tar.gz"
