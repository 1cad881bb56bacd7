"""The Python API against the CLI it wraps, on the repository's real inputs."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import flinkddl
from conftest import FIXTURES, ROOT, sql_fixtures

EXAMPLE = FIXTURES / "examples" / "orders.sql"


def cli(flinkddl_bin: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [flinkddl_bin, *args], cwd=cwd, capture_output=True, text=True, env={"NO_COLOR": "1"}
    )


def test_version_matches_the_binary(flinkddl_bin: str) -> None:
    out = cli(flinkddl_bin, "--version").stdout.split()
    assert out == ["flinkddl", flinkddl.__version__]


def test_example_tables_match_describe_json(flinkddl_bin: str) -> None:
    sql = EXAMPLE.read_text()
    analysis = flinkddl.analyze(sql)
    contract = json.loads(cli(flinkddl_bin, "describe", str(EXAMPLE), "--format", "json").stdout)
    assert [t.identifier for t in analysis.tables] == [t["identifier"] for t in contract["tables"]]
    for table, expected in zip(analysis.tables, contract["tables"]):
        assert table.describe() == expected["describe"]
        assert table.show_create() == expected["show_create"]
        assert table.options == expected["options"]
        assert list(table.partition_keys) == expected["partition_keys"]
        assert [c.name for c in table.columns] == [c["name"] for c in expected["columns"]]
        for column, c in zip(table.columns, expected["columns"]):
            assert (column.kind, column.type, column.nullable) == (c["kind"], c["type"], c["nullable"])
            assert column.expression == c["expr"]
            assert column.metadata_key == c["metadata_key"]
        if expected["primary_key"]:
            assert table.primary_key is not None
            assert list(table.primary_key.columns) == expected["primary_key"]["columns"]
        if expected["watermarks"]:
            assert table.watermark is not None
            assert table.watermark.rowtime == expected["watermarks"][0]["rowtime"]
    orders = analysis.table("orders")
    assert orders is not None and orders.watermark is not None
    assert orders.column("cost") is not None and orders.column("cost").kind == "computed"
    assert orders.column("source_ts").is_virtual is True


def test_describe_prints_as_the_cli(flinkddl_bin: str) -> None:
    printed = cli(flinkddl_bin, "describe", str(EXAMPLE)).stdout
    tables = flinkddl.analyze(EXAMPLE.read_text()).tables
    assert printed == "".join(f"{t.identifier}\n{t.describe()}\n" for t in tables)


def _cli_check(flinkddl_bin: str, *paths: str, extra: tuple = ()) -> dict:
    out = cli(flinkddl_bin, "check", "--format", "json", *extra, *paths)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def _key(path: str, d: dict) -> tuple:
    return (path, d["code"], d["severity"], d["line"], d["column"], d["message"])


@pytest.mark.parametrize("directory", ["lint", "bind", "connectors", "cli/project", "cli/configured"])
def test_check_matches_the_cli(flinkddl_bin: str, directory: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rel = f"fixtures/{directory}"
    expected = _cli_check(flinkddl_bin, rel)
    monkeypatch.chdir(ROOT)
    result = flinkddl.check(rel)
    got = [_key(path, d.__dict__) for path, d in result.diagnostics]
    want = [_key(d["file"], d) for d in expected["diagnostics"]]
    assert got == want
    assert result.errors == expected["summary"]["errors"]
    assert result.warnings == expected["summary"]["warnings"]
    assert len(result.files) == expected["summary"]["files"]


def test_check_selection_matches_the_cli(flinkddl_bin: str) -> None:
    rel = str(FIXTURES / "lint")
    expected = _cli_check(flinkddl_bin, rel, extra=("--select", "L", "--ignore", "L002"))
    result = flinkddl.check(rel, select=["L"], ignore="L002")
    assert [d.code for _, d in result.diagnostics] == [d["code"] for d in expected["diagnostics"]]
    assert "L002" not in {d.code for _, d in result.diagnostics}


@pytest.mark.parametrize("path", sql_fixtures("lint", "bind", "connectors"), ids=lambda p: str(p.relative_to(FIXTURES)))
def test_analyze_matches_check_on_each_fixture(path: Path) -> None:
    sql = path.read_text(encoding="utf-8")
    analysis = flinkddl.analyze(sql)
    checked = flinkddl.check(path).files[0].diagnostics
    assert analysis.diagnostics == checked
    for d in analysis.diagnostics:
        # Offsets index the Python string; line and column agree with them.
        assert 0 <= d.start <= d.end <= len(sql)
        line_start = sql.rfind("\n", 0, d.start) + 1
        assert d.line == sql.count("\n", 0, d.start) + 1 or "\r" in sql
        prefix = sql[line_start:d.start]
        assert d.column == len(prefix.encode("utf-16-le")) // 2 + 1 or "\r" in sql
        if d.fix is not None:
            assert d.fix.applicability in ("safe", "unsafe")
            assert 0 <= d.fix.start <= d.fix.end <= len(sql)


def test_a_did_you_mean_carries_an_unsafe_fix() -> None:
    sql = "CREATE TABLE t (`my id` INT, PRIMARY KEY (`my idd`) NOT ENFORCED) WITH ('connector' = 'datagen');"
    d = next(d for d in flinkddl.analyze(sql).diagnostics if d.code == "B033")
    assert d.help == "did you mean `my id`?"
    assert d.fix is not None and d.fix.applicability == "unsafe" and not d.fix.safe
    assert sql[d.fix.start : d.fix.end] == "`my idd`" and d.fix.replacement == "`my id`"


def test_offsets_are_string_indices_with_non_ascii() -> None:
    sql = "-- Größe ✓ 😀\nCREATE TABLE t (a INT, b INT) WITH ('connector' = 'datagen', 'connector' = 'datagen');\n"
    d = next(d for d in flinkddl.analyze(sql).diagnostics if d.code == "L002")
    assert sql[d.start:d.end] == "'connector'"
    assert d.line == 2 and d.column == sql.splitlines()[1].index("'connector'") + 1
    assert d.fix is not None and d.fix.safe
    fixed = sql[: d.fix.start] + d.fix.replacement + sql[d.fix.end :]
    assert "L002" not in {x.code for x in flinkddl.analyze(fixed).diagnostics}


def test_fix_matches_check_fix(flinkddl_bin: str, tmp_path: Path) -> None:
    fixable = [p for p in sql_fixtures("lint", "bind") if any(d.fix for d in flinkddl.analyze(p.read_text()).diagnostics)]
    assert len(fixable) >= 5
    for path in fixable:
        copy = tmp_path / path.name
        copy.write_bytes(path.read_bytes())
        for unsafe in (False, True):
            cli(flinkddl_bin, "check", "--fix", *(["--unsafe-fixes"] if unsafe else []), str(copy))
            result = flinkddl.fix(path.read_text(), unsafe_fixes=unsafe)
            assert copy.read_text() == result.sql, path
            assert result.converged
            before = {}
            for d in flinkddl.analyze(path.read_text()).diagnostics:
                before[d.code] = before.get(d.code, 0) + 1
            after = {}
            for d in result.diagnostics:
                after[d.code] = after.get(d.code, 0) + 1
            assert all(n <= before.get(code, 0) for code, n in after.items()), (path, result.sql)
            copy.write_bytes(path.read_bytes())


def test_fixes_that_reveal_errors_are_withheld() -> None:
    sql = "CREATE TABLE a (id INT, PRIMARY KEY (idx));\nCREATE TABLE b (id INT, PRIMARY KEY (id));\n"
    result = flinkddl.fix(sql)
    assert [a.code for a in result.applied] == ["B030"]
    assert result.withheld == 1 and result.converged
    assert "PRIMARY KEY (id) NOT ENFORCED" in result.sql and "PRIMARY KEY (idx));" in result.sql
    assert "B033" not in {d.code for d in result.diagnostics}


def test_bad_sql_gives_diagnostics_not_exceptions() -> None:
    for sql in ["", "\x00\x01garbage ((((", "CREATE TABLE", "SELECT * FROM", "CREATE TABLE t (a INT" * 50, "'" * 1001, "😀" * 100]:
        analysis = flinkddl.analyze(sql)
        assert isinstance(analysis.diagnostics, tuple)
        for d in analysis.diagnostics:
            assert 0 <= d.start <= d.end <= len(sql)
    assert not flinkddl.analyze("CREATE TABLE").ok


def test_misuse_raises() -> None:
    with pytest.raises(TypeError):
        flinkddl.analyze(b"CREATE TABLE t (a INT)")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        flinkddl.check(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no file matches"):
        flinkddl.check(str(FIXTURES / "no-such-dir-*" / "*.sql"))
    with pytest.raises(ValueError):
        flinkddl.analyze("SELECT 1", config=FIXTURES / "no-such.toml")
    with pytest.raises(ValueError, match="unknown rule"):
        flinkddl.check(str(EXAMPLE), select=["nonsense"])
    with pytest.raises(ValueError):
        flinkddl.analyze("SELECT 1", config=FIXTURES / "cli" / "bad-config.toml")


def test_config_and_fresh_session() -> None:
    config = FIXTURES / "cli" / "configured" / "flinkddl.toml"
    sql = (FIXTURES / "cli" / "configured" / "tables.sql").read_text()
    default = {d.code: d.severity for d in flinkddl.analyze(sql).diagnostics}
    configured = {d.code: d.severity for d in flinkddl.analyze(sql, config=config).diagnostics}
    assert default.get("L002") == "warning" and configured.get("L002") == "error"
    assert "L004" in default and "L004" not in configured
    external = "USE CATALOG elsewhere;\nCREATE TABLE t (a INT);\n"
    assumed = flinkddl.analyze(external).diagnostics
    fresh = flinkddl.analyze(external, fresh_session=True).diagnostics
    assert assumed and all(d.severity != "error" for d in assumed)
    assert any(d.severity == "error" for d in fresh)


def test_flink_version() -> None:
    sql = "CREATE TABLE t (a INT) DISTRIBUTED BY HASH(a) INTO 4 BUCKETS WITH ('connector' = 'datagen');\n"
    assert not [d for d in flinkddl.analyze(sql).diagnostics if d.is_error]
    old = flinkddl.analyze(sql, flink_version="1.19").diagnostics
    assert [d.code for d in old if d.is_error] == ["S050"]
    assert "needs Flink 1.20 or later" in old[0].message
    managed = "CREATE TABLE u (b TIME(3));\n"
    assert [d.code for d in flinkddl.analyze(managed, flink_version="1.20.3").diagnostics] == [
        "B151"
    ]
    (table,) = flinkddl.analyze(managed, flink_version="2.2").tables
    assert table.columns[0].type == "TIME(0)"
    with pytest.raises(ValueError, match="1.18, 1.19, 1.20, 2.0, 2.1, 2.2, 2.3"):
        flinkddl.analyze(sql, flink_version="1.17")


def test_upgrade_to(tmp_path: Path) -> None:
    script = tmp_path / "job.sql"
    script.write_text("CREATE TABLE u (b TIME(3)) WITH ('connector' = 'datagen');\nCREATE TABLE m (a INT);\n")
    (result,) = flinkddl.check(script, flink_version="2.3", upgrade_to="1.20").files
    assert sorted(d.code for d in result.diagnostics) == ["B160", "B161"]
    (plain,) = flinkddl.check(script, flink_version="2.3").files
    assert not [d for d in plain.diagnostics if d.code.startswith("B16")]


def test_rules_are_the_code_table(flinkddl_bin: str) -> None:
    rules = flinkddl.rules()
    listed = cli(flinkddl_bin, "explain").stdout
    assert len(rules) > 50
    for r in rules:
        assert r.code in listed and r.name in listed


# The Arrow types each Flink type root maps to (flinkddl's mapping, crates/types/src/mapping.rs).
ARROW_BY_ROOT = {
    "BOOLEAN": "bool",
    "TINYINT": "int8",
    "SMALLINT": "int16",
    "INTEGER": "int32",
    "BIGINT": "int64",
    "FLOAT": "float",
    "DOUBLE": "double",
    "CHAR": "string",
    "VARCHAR": "string",
    "BINARY": "binary",
    "VARBINARY": "binary",
    "DATE": "date32[day]",
}


def test_to_arrow_on_the_fixtures() -> None:
    pa = pytest.importorskip("pyarrow")
    schema = flinkddl.analyze(EXAMPLE.read_text()).table("orders").to_arrow()
    assert isinstance(schema, pa.Schema)
    assert schema.field("order_id").type == pa.int64()
    assert schema.field("price").type == pa.decimal128(10, 2)
    assert schema.field("order_time").type == pa.timestamp("ms")
    assert schema.field("source_ts").type == pa.timestamp("ms", tz="UTC")
    assert not schema.field("order_id").nullable
    physical = flinkddl.analyze(EXAMPLE.read_text()).table("orders").to_arrow(physical_only=True)
    assert "cost" not in physical.names and "source_ts" not in physical.names
    checked = 0
    for path in sql_fixtures("bind/ok", "lint", "examples"):
        for table in flinkddl.analyze(path.read_text()).tables:
            for column in table.columns:
                try:
                    field = column.to_arrow()
                except ValueError:
                    assert column._arrow is None or column._arrow["type"] in ("unsupported", "interval_year_month")
                    continue
                assert field.nullable == column.nullable
                if column.type_root in ARROW_BY_ROOT:
                    assert str(field.type) == ARROW_BY_ROOT[column.type_root], (path, column)
                checked += 1
    assert checked > 50
    nested = flinkddl.analyze(
        "CREATE TABLE n (a ARRAY<INT NOT NULL>, m MAP<STRING, DOUBLE>, r ROW<x INT, y TIMESTAMP(6)>)"
    ).tables[0].to_arrow()
    assert nested.field("a").type == pa.list_(pa.field("element", pa.int32(), False))
    assert nested.field("m").type.key_type == pa.string()
    assert nested.field("r").type.field("y").type == pa.timestamp("us")


def test_lineage_matches_the_cli(flinkddl_bin: str, tmp_path: Path) -> None:
    """Issue 38: `flinkddl.lineage` gives what `flinkddl lineage --format json` prints, typed."""
    sql = (
        "CREATE TABLE src (a INT, b STRING, c AS a * 2) WITH ('connector' = 'datagen');\n"
        "CREATE TABLE sink (a INT, c INT, tag STRING) WITH ('connector' = 'blackhole');\n"
        "CREATE VIEW v AS SELECT a, c FROM src;\n"
        "INSERT INTO sink SELECT a, c, 'x' FROM v;\n"
    )
    entries = flinkddl.lineage(sql)
    assert len(entries) == 1
    entry = entries[0]
    assert (entry.statement, entry.kind, entry.sink) == (3, "insert", "default_catalog.default_database.sink")
    assert entry.reads == ("default_catalog.default_database.src",)
    origins = {c.name: c.origins for c in entry.columns}
    assert origins["a"] == (flinkddl.ColumnOrigin("default_catalog.default_database.src", "a", False),)
    # A computed column stands for the columns its expression reads.
    assert origins["c"] == (flinkddl.ColumnOrigin("default_catalog.default_database.src", "a", True),)
    assert origins["tag"] == ()
    script = tmp_path / "job.sql"
    script.write_text(sql)
    printed = json.loads(
        subprocess.run(
            [flinkddl_bin, "lineage", str(script), "--format", "json"], capture_output=True, text=True, check=True
        ).stdout
    )["lineage"]
    assert [e["sink"] for e in printed] == [e.sink for e in entries]
    assert [[c["name"] for c in e["columns"]] for e in printed] == [[c.name for c in e.columns] for e in entries]


def test_openlineage_events_match_the_cli(flinkddl_bin: str, tmp_path: Path) -> None:
    """Issue 38: `flinkddl.openlineage_events` gives the events `flinkddl lineage --format
    openlineage` prints (one a line), but for the time and the run id derived from it."""
    sql = (
        "CREATE TABLE src (a INT, b STRING) WITH ('connector' = 'kafka', 'topic' = 'in',"
        " 'properties.bootstrap.servers' = 'k:9092', 'format' = 'json');\n"
        "CREATE TABLE sink (a INT, b STRING) WITH ('connector' = 'blackhole');\n"
        "INSERT INTO sink SELECT a, UPPER(b) FROM src;\n"
    )
    events = flinkddl.openlineage_events(sql, event_time="2026-01-01T00:00:00.000Z")
    assert len(events) == 1
    event = events[0]
    assert event["eventTime"] == "2026-01-01T00:00:00.000Z"
    assert event["job"]["name"] == "insert-into_default_catalog.default_database.sink"
    assert [(d["namespace"], d["name"]) for d in event["inputs"]] == [("kafka://k:9092", "in")]
    fields = event["outputs"][0]["facets"]["columnLineage"]["fields"]
    assert [t["subtype"] for t in fields["a"]["inputFields"][0]["transformations"]] == ["IDENTITY"]
    assert [t["subtype"] for t in fields["b"]["inputFields"][0]["transformations"]] == ["TRANSFORMATION"]
    script = tmp_path / "job.sql"
    script.write_text(sql)
    printed = [
        json.loads(line)
        for line in subprocess.run(
            [flinkddl_bin, "lineage", str(script), "--format", "openlineage"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    ]
    for e in [*printed, *events]:
        del e["eventTime"], e["run"]["runId"]
    assert printed == list(events)
