"""End-to-end test of `flinkddl mcp` with the official Python MCP SDK (`mcp` from PyPI) as the client.

Starts the real binary (FLINKDDL_BIN) over stdio and over streamable HTTP, lists the tools and
resources, calls each tool on the repository's fixtures and compares the answer with what the
command line prints for the same input (`check/describe/lineage --format json`, `explain`,
`format -`), then sends the bad inputs an agent may send (text that is not SQL, 50 MB of text,
invalid arguments, unknown tools and resources, garbage on the wire) and checks that each gets a
clear error and that the server keeps answering. Ends with a short load run (load.py). Run it
with crates/cli/tests/mcp_e2e/run.sh.
"""

import asyncio
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

import pytest
from mcp import Client, MCPError, StdioServerParameters

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import load  # noqa: E402

BIN = os.environ["FLINKDDL_BIN"]
REPO = pathlib.Path(__file__).resolve().parents[4]
ORDERS = REPO / "fixtures/examples/orders.sql"
SHOP = REPO / "fixtures/projects/shop"
LINEAGE = REPO / "fixtures/lineage/pipeline.sql"
DISTRIBUTED = REPO / "fixtures/versions/cases/distributed_by_1_19.sql"
TOOLS = {"check", "describe", "explain", "format", "lineage"}
TIMEOUT = 60

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def cli(*args, stdin=None):
    """The command line's output for the same input (run in the repository, as the server is)."""
    done = subprocess.run([BIN, *args], cwd=REPO, input=stdin, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def http_server():
    """One HTTP server for the module, on a free loopback port."""
    with load.http_server(BIN, cwd=REPO) as url:
        yield url


@pytest.fixture(params=["stdio", "http"])
def server(request):
    if request.param == "stdio":
        return StdioServerParameters(command=BIN, args=["mcp"], cwd=str(REPO))
    return request.getfixturevalue("http_server")


async def call(client, name, arguments):
    return await asyncio.wait_for(client.call_tool(name, arguments), TIMEOUT)


def error_text(result):
    assert result.is_error, result
    return "\n".join(c.text for c in result.content)


def without_elapsed(document):
    """A check report without its one figure that differs from run to run."""
    document = json.loads(json.dumps(document))
    document["summary"].pop("elapsed_ms")
    return document


async def test_tools_are_listed_with_schemas(server):
    async with Client(server) as client:
        assert client.server_info.name == "flinkddl"
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert set(tools) == TOOLS
        for tool in tools.values():
            assert len(tool.description) > 80, tool.name
            assert tool.input_schema["type"] == "object"
            assert tool.annotations.read_only_hint is True
        check = tools["check"].input_schema["properties"]
        for argument in ("sql", "paths", "filename", "flink_version", "config", "fresh_session"):
            assert argument in check, argument
        assert "1.18" in check["flink_version"]["description"]


async def test_clients_of_the_handshake_era_are_served(server):
    """mode="legacy": the initialize handshake (2025 protocol versions, HTTP sessions), as most
    agents still speak it; the default mode above negotiates 2026-07-28 (stateless)."""
    async with Client(server, mode="legacy") as client:
        assert client.protocol_version.startswith("2025"), client.protocol_version
        assert {t.name for t in (await client.list_tools()).tools} == TOOLS
        result = await call(client, "check", {"sql": ORDERS.read_text(), "filename": "orders.sql"})
        assert result.structured_content["summary"]["files"] == 1
        read = await client.read_resource("flinkddl://diagnostics/B110")
        assert read.contents[0].text.startswith("B110")


async def test_check_is_the_command_lines_json(server):
    async with Client(server) as client:
        result = await call(client, "check", {"paths": [str(ORDERS.relative_to(REPO)), str(SHOP)]})
        assert not result.is_error, result
        expected = json.loads(cli("check", "--format", "json", str(ORDERS.relative_to(REPO)), str(SHOP)))
        assert without_elapsed(result.structured_content) == without_elapsed(expected)
        # The text content is the same document, for clients that read only text.
        assert without_elapsed(json.loads(result.content[0].text)) == without_elapsed(expected)
        codes = {d["code"] for d in expected["diagnostics"]}
        assert expected["summary"]["errors"] >= 3 and codes, expected


async def test_check_of_text_uses_the_projects_catalog(server):
    """SQL text under a filename of a project is checked against the project's catalog files."""
    broken = SHOP / "jobs/broken.sql"
    async with Client(server) as client:
        result = await call(client, "check", {"sql": broken.read_text(), "filename": str(broken)})
        diagnostics = result.structured_content["diagnostics"]
        expected = json.loads(cli("check", "--format", "json", str(broken)))["diagnostics"]
        assert diagnostics == expected
        assert [d["severity"] for d in diagnostics].count("error") >= 3
        first = diagnostics[0]
        for key in ("code", "name", "severity", "line", "column", "end_line", "end_column", "message", "help", "fix"):
            assert key in first, key
        fixes = [d["fix"] for d in diagnostics if d["fix"]]
        assert fixes and all(f["applicability"] in ("safe", "unsafe") for f in fixes), fixes
        # Without the filename, the catalog is unknown: fewer errors, and the name is `<sql>`.
        alone = await call(client, "check", {"sql": broken.read_text()})
        assert {d["file"] for d in alone.structured_content["diagnostics"]} <= {"<sql>"}
        assert alone.structured_content["summary"]["errors"] < result.structured_content["summary"]["errors"]


async def test_check_takes_the_flink_version_config_and_session(server):
    sql = DISTRIBUTED.read_text()
    async with Client(server) as client:
        new = await call(client, "check", {"sql": sql, "flink_version": "1.20.3"})
        old = await call(client, "check", {"sql": sql, "flink_version": "1.18"})
        assert new.structured_content["summary"]["errors"] == 0, new
        assert old.structured_content["summary"]["errors"] > 0, old
        expected = json.loads(cli("check", "--format", "json", "--flink-version", "1.18", "-", stdin=sql))
        assert old.structured_content["diagnostics"] == [
            dict(d, file="<sql>") for d in expected["diagnostics"]
        ]
        bad = await call(client, "check", {"sql": sql, "flink_version": "1.12"})
        assert "1.12" in error_text(bad)

        with tempfile.TemporaryDirectory() as tmp:
            toml = pathlib.Path(tmp, "flinkddl.toml")
            toml.write_text('flink-version = "1.18"\n')
            found = await call(client, "check", {"sql": sql, "filename": str(pathlib.Path(tmp, "job.sql"))})
            given = await call(client, "check", {"sql": sql, "config": str(toml)})
            for result in (found, given):
                assert result.structured_content["summary"]["errors"] > 0, result
            toml.write_text("not = [toml\n")
            broken = await call(client, "check", {"sql": sql, "config": str(toml)})
            assert "flinkddl.toml" in error_text(broken)

        insert = "INSERT INTO other_catalog.db.sink SELECT 1;"
        assumed = await call(client, "check", {"sql": insert})
        fresh = await call(client, "check", {"sql": insert, "fresh_session": True})
        assert assumed.structured_content["summary"]["errors"] == 0, assumed
        assert fresh.structured_content["summary"]["errors"] > 0, fresh

        selected = await call(client, "check", {"paths": [str(SHOP)], "select": ["F"]})
        assert all(d["code"].startswith(("F", "E", "S")) for d in selected.structured_content["diagnostics"])
        unknown_rule = await call(client, "check", {"sql": sql, "select": ["Z999"]})
        assert "Z999" in error_text(unknown_rule)


async def test_describe_explain_format_and_lineage_match_the_command_line(server):
    async with Client(server) as client:
        described = await call(client, "describe", {"path": str(ORDERS)})
        assert described.structured_content == json.loads(cli("describe", "--format", "json", str(ORDERS)))
        assert [t["name"] for t in described.structured_content["tables"]][:1] == ["orders"]
        text = await call(client, "describe", {"sql": ORDERS.read_text(), "flink_version": "1.19"})
        assert text.structured_content["flink_version"] == "1.19"

        explained = await call(client, "explain", {"code": "B110"})
        assert explained.content[0].text == cli("explain", "B110")
        listed = await call(client, "explain", {})
        assert listed.content[0].text == cli("explain")
        assert "duplicate-option-key" in error_text(await call(client, "explain", {"code": "duplicate-option-kye"}))

        formatted = await call(client, "format", {"sql": ORDERS.read_text()})
        assert formatted.content[0].text == cli("format", "-", stdin=ORDERS.read_text())
        from_file = await call(client, "format", {"path": str(ORDERS)})
        assert from_file.content[0].text == formatted.content[0].text

        traced = await call(client, "lineage", {"paths": [str(LINEAGE)]})
        assert traced.structured_content == json.loads(cli("lineage", "--format", "json", str(LINEAGE)))
        assert traced.structured_content["lineage"], traced


async def test_resources_are_the_diagnostic_docs(server):
    codes = [line.split()[0] for line in cli("explain").splitlines()]
    async with Client(server) as client:
        resources = (await client.list_resources()).resources
        assert sorted(str(r.uri) for r in resources) == sorted(f"flinkddl://diagnostics/{c}" for c in codes)
        assert all(r.mime_type == "text/markdown" and r.description for r in resources)
        read = await client.read_resource("flinkddl://diagnostics/B110")
        assert read.contents[0].text == cli("explain", "B110")
        by_name = await client.read_resource("flinkddl://diagnostics/duplicate-option-key")
        assert by_name.contents[0].text == cli("explain", "L002")
        templates = (await client.list_resource_templates()).resource_templates
        assert [t.uri_template for t in templates] == ["flinkddl://diagnostics/{code}"]
        for uri in ("flinkddl://diagnostics/Q999", "file:///etc/passwd"):
            with pytest.raises(MCPError) as raised:
                await client.read_resource(uri)
            assert "flinkddl" in raised.value.message


async def test_bad_input_gets_a_clear_error_and_the_server_lives_on(server):
    async with Client(server) as client:
        prose = "Hello! Please make me a Flink job that counts clicks per minute."
        checked = await call(client, "check", {"sql": prose})
        assert not checked.is_error
        syntax = checked.structured_content["diagnostics"]
        assert syntax and syntax[0]["severity"] == "error" and syntax[0]["line"] == 1, syntax
        assert "does not parse" in error_text(await call(client, "format", {"sql": prose}))
        described = await call(client, "describe", {"sql": "\x00\x01 {{{ ;;; )))"})
        assert described.structured_content["diagnostics"], described

        # 50 MB: it arrives (a message may be 128 MiB) and is refused with the way out. The
        # other tools share the limit (crates/cli/src/mcp/tools.rs tests it for each).
        big = "SELECT 1;\n" * 5_000_000
        message = error_text(await call(client, "check", {"sql": big}))
        assert "50.0 MB" in message and "16 MiB" in message and "path" in message, message

        assert "sql" in error_text(await call(client, "check", {}))
        assert "not both" in error_text(await call(client, "check", {"sql": "SELECT 1", "paths": ["a.sql"]}))
        assert "deserialize" in error_text(await call(client, "check", {"sql": 42}))
        assert "flink_verison" in error_text(await call(client, "check", {"sql": "SELECT 1", "flink_verison": "1.19"}))
        assert "deserialize" in error_text(await call(client, "check", {"paths": "fixtures"}))
        assert "no such file" in error_text(await call(client, "describe", {"path": "no/such/file.sql"}))
        assert "standard input" in error_text(await call(client, "check", {"paths": ["-"]}))
        assert "no file matches" in error_text(await call(client, "check", {"paths": ["no/**/*.nothing"]}))
        with tempfile.TemporaryDirectory() as empty:
            assert "no file to check" in error_text(await call(client, "check", {"paths": [empty]}))
        with pytest.raises(MCPError) as raised:
            await call(client, "submit_job", {"sql": "SELECT 1"})
        assert "unknown tool `submit_job`" in raised.value.message and "`check`" in raised.value.message

        after = await call(client, "check", {"paths": [str(ORDERS)]})
        assert not after.is_error and after.structured_content["summary"]["files"] == 1


def test_garbage_on_stdio_does_not_end_the_server():
    """Lines that are not JSON, JSON that is not JSON-RPC, then a real session: it is served."""
    process = subprocess.Popen([BIN, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    messages = [
        b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n',
        b'{"jsonrpc": "2.0", "id": 99, "result": {}}\n',
        b"this is not json\n",
        b'{"jsonrpc": "2.0", "id": "x", "method": 17}\n',
        b"[1, 2, 3]\n",
        b"\xff\xfe\x00 not utf-8\n",
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}},
            }
        ).encode()
        + b"\n",
        b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n',
        b'{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "explain", "arguments": {"code": "B110"}}}\n',
    ]
    out, err = process.communicate(b"".join(messages), timeout=TIMEOUT)
    assert process.returncode == 0, err
    answers = {m.get("id"): m for m in map(json.loads, out.decode().splitlines())}
    assert answers[1]["result"]["serverInfo"]["name"] == "flinkddl"
    assert "B110" in answers[2]["result"]["content"][0]["text"]
    # A client that leaves before its session begins ends the server quietly.
    done = subprocess.run([BIN, "mcp"], input=b"", capture_output=True, timeout=TIMEOUT)
    assert (done.returncode, done.stderr) == (0, b"")


def test_http_answers_other_paths_and_bad_bodies_and_lives_on(http_server):
    base = http_server.rsplit("/mcp", 1)[0]
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(base + "/", timeout=TIMEOUT)
    assert raised.value.code == 404
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    for body in (b"not json", b"{}", b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call"}'):
        request = urllib.request.Request(http_server, data=body, headers=headers, method="POST")
        with pytest.raises(urllib.error.HTTPError) as raised:
            urllib.request.urlopen(request, timeout=TIMEOUT)
        assert 400 <= raised.value.code < 500
    summary = asyncio.run(load.run(http_server, clients=2, calls=20))
    assert summary["errors"] == 0 and summary["lost"] == 0, summary


def test_a_short_load_loses_nothing(http_server):
    summary = asyncio.run(load.run(http_server, clients=8, calls=500))
    assert summary["calls"] == 500
    assert summary["errors"] == 0 and summary["lost"] == 0, summary
