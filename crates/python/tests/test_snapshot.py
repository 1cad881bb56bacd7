"""Issue 35: a catalog snapshot written with PyFlink from a catalog it fills itself (real Flink,
in process), read back as a project's catalog: the jobs over it get exactly Flink's verdict.

Needs PyFlink (`apache-flink` from PyPI) and Java; `crates/python/ci.sh` installs it when
FLINKDDL_PYFLINK is set (it is large), else this test is skipped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import flinkddl
import flinkddl.snapshot

pyflink_table = pytest.importorskip("pyflink.table")

DDL = [
    "CREATE TABLE orders (id BIGINT, amount DECIMAL(10, 2), ts TIMESTAMP(3),"
    " WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')",
    "CREATE TABLE totals (id BIGINT, total DECIMAL(38, 2)) WITH ('connector' = 'blackhole')",
    "CREATE VIEW big AS SELECT id, amount FROM orders WHERE amount > 10",
    "CREATE CATALOG lake WITH ('type' = 'generic_in_memory')",
    "CREATE DATABASE lake.sales",
    "CREATE TABLE lake.sales.refunds (id BIGINT, reason STRING) WITH ('connector' = 'datagen')",
]

JOBS = {
    # Valid: Flink plans it.
    "ok.sql": "INSERT INTO totals SELECT id, SUM(amount) FROM big GROUP BY id",
    # A misspelt column of a catalog table in another catalog.
    "misspelt.sql": "INSERT INTO totals SELECT id, CAST(reasn AS DECIMAL(38, 2)) FROM lake.sales.refunds",
    # A sink of the wrong width.
    "width.sql": "INSERT INTO totals SELECT id FROM orders",
}


def flink_verdict(t_env, sql: str) -> str | None:
    """Flink's error for one job statement (planned, not run), or None."""
    try:
        t_env.explain_sql(sql)
    except Exception as e:  # noqa: BLE001 - any rejection is the verdict
        return str(e)
    return None


def test_a_snapshot_from_pyflink_checks_jobs_as_flink_does(tmp_path: Path) -> None:
    t_env = pyflink_table.TableEnvironment.create(pyflink_table.EnvironmentSettings.in_streaming_mode())
    for statement in DDL:
        t_env.execute_sql(statement).wait()

    snapshot = flinkddl.snapshot.from_table_environment(t_env, catalogs=["default_catalog", "lake"])
    names = [(o["kind"], o["catalog"], o["database"], o["name"]) for o in snapshot["objects"]]
    assert names == [
        ("view", "default_catalog", "default_database", "big"),
        ("table", "default_catalog", "default_database", "orders"),
        ("table", "default_catalog", "default_database", "totals"),
        ("table", "lake", "sales", "refunds"),
    ], names
    flinkddl.snapshot.write(snapshot, str(tmp_path / "catalog.json"))
    assert json.loads((tmp_path / "catalog.json").read_text())["format"] == flinkddl.snapshot.FORMAT

    (tmp_path / "flinkddl.toml").write_text('catalog = ["catalog.json"]\n')
    jobs = tmp_path / "jobs"
    jobs.mkdir()
    for name, sql in JOBS.items():
        (jobs / name).write_text(sql + ";\n")

    result = flinkddl.check(str(jobs))
    ours = {Path(path).name: [d.code for d in ds if d.severity == "error"] for path, ds in
            ((f.path, f.diagnostics) for f in result.files)}
    # The snapshot itself reads back without a problem.
    assert not any(Path(f.path).name == "catalog.json" for f in result.files), ours
    for name, sql in JOBS.items():
        flink = flink_verdict(t_env, sql)
        if flink is None:
            assert ours[name] == [], (name, ours[name])
        else:
            assert ours[name], (name, flink)
    assert ours["misspelt.sql"] == ["B110"], ours
    assert ours["width.sql"] == ["B114"], ours
