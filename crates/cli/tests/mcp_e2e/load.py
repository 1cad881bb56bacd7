"""Load test of `flinkddl mcp --http`: concurrent MCP clients (the official Python SDK) making calls
against the loopback address, reporting latency, errors, lost calls and the server's memory.

    python load.py --bin target/release/flinkddl [--clients 8] [--calls 10000]

starts `flinkddl mcp --http 127.0.0.1:0` itself (so that it can read the server's memory from
/proc/<pid>/status), spreads the calls over the clients, each one session making its calls one
after another, and prints a JSON summary: p50/p99/max latency in milliseconds, errors (an
exception, or a tool error where none is expected), lost calls (no answer within the timeout),
the server's peak RSS (VmHWM), its RSS after each thousand calls (the growth: from the first
thousand to the last), and the CPU time the server spent. It exits
with status 1 when a call failed or was lost. The calls cycle through every tool on the
repository's fixtures: check of a text, of a file and of a project with a catalog, describe,
explain, format and lineage.
"""

import argparse
import asyncio
import contextlib
import json
import os
import pathlib
import re
import subprocess
import sys
import time

from mcp import Client

REPO = pathlib.Path(__file__).resolve().parents[4]
ORDERS = REPO / "fixtures/examples/orders.sql"
SHOP = REPO / "fixtures/projects/shop"
LINEAGE = REPO / "fixtures/lineage/pipeline.sql"
CALL_TIMEOUT = 30


def workload():
    """The calls, in the order each client cycles through them: (tool, arguments)."""
    orders = ORDERS.read_text()
    broken = SHOP / "jobs/broken.sql"
    return [
        ("check", {"sql": orders}),
        ("check", {"sql": broken.read_text(), "filename": str(broken)}),
        ("describe", {"sql": orders}),
        ("check", {"paths": [str(ORDERS)], "flink_version": "1.19"}),
        ("explain", {"code": "B110"}),
        ("format", {"sql": orders}),
        ("lineage", {"paths": [str(LINEAGE)]}),
        ("check", {"paths": [str(SHOP)]}),
    ]


@contextlib.contextmanager
def http_server(binary, cwd=REPO):
    """`flinkddl mcp --http` on a free loopback port: yields its URL (the process is `.process`)."""
    process = subprocess.Popen(
        [binary, "mcp", "--http", "127.0.0.1:0"], cwd=cwd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
    )
    try:
        line = process.stderr.readline()
        found = re.search(r"http://\S+/mcp", line)
        if not found:
            raise RuntimeError(f"the server did not start: {line}{process.stderr.read()}")
        http_server.process = process
        yield found.group(0)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        process.stderr.close()


def memory_kib(pid, field):
    """A field of /proc/<pid>/status in KiB (VmRSS, VmHWM); None where there is no /proc."""
    try:
        status = pathlib.Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    found = re.search(rf"^{field}:\s+(\d+) kB", status, re.M)
    return int(found.group(1)) if found else None


def cpu_seconds(pid):
    """The process's user and system CPU time so far; None where there is no /proc."""
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(sorted_values, fraction):
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


async def run(url, clients=8, calls=10_000, pid=None):
    """Makes `calls` calls over `clients` concurrent sessions; the summary (see the module doc)."""
    calls_made = 0
    latencies = []
    errors = []
    lost = 0
    rss = []  # the server's RSS after each thousand calls
    work = workload()

    async def one_client(index, count):
        nonlocal calls_made, lost
        async with Client(url) as client:
            for n in range(count):
                tool, arguments = work[(index + n) % len(work)]
                started = time.perf_counter()
                try:
                    result = await asyncio.wait_for(client.call_tool(tool, arguments), CALL_TIMEOUT)
                except asyncio.TimeoutError:
                    lost += 1
                    continue
                except Exception as e:  # noqa: BLE001 - every failure is counted and shown
                    errors.append(f"{tool}: {type(e).__name__}: {e}")
                    continue
                finally:
                    calls_made += 1
                latencies.append(time.perf_counter() - started)
                if result.is_error:
                    errors.append(f"{tool}: {result.content[0].text}")
                if pid is not None and (calls_made % 1000 == 0 or calls_made == calls):
                    rss.append(memory_kib(pid, "VmRSS"))

    shares = [calls // clients + (1 if i < calls % clients else 0) for i in range(clients)]
    cpu_before = cpu_seconds(pid) if pid is not None else None
    started = time.perf_counter()
    await asyncio.gather(*(one_client(i, share) for i, share in enumerate(shares)))
    elapsed = time.perf_counter() - started
    latencies.sort()
    summary = {
        "clients": clients,
        "calls": calls_made,
        "seconds": round(elapsed, 2),
        "calls_per_second": round(calls_made / elapsed, 1) if elapsed else None,
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 2) if latencies else None,
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 2) if latencies else None,
        "max_ms": round(latencies[-1] * 1000, 2) if latencies else None,
        "errors": len(errors),
        "first_errors": errors[:5],
        "lost": lost + (calls - calls_made),
    }
    if pid is not None:
        rss = [r for r in rss if r is not None]
        if rss:
            summary["rss_kib_after_each_1000_calls"] = rss
            summary["rss_growth_kib"] = rss[-1] - rss[0]
        summary["peak_rss_kib"] = memory_kib(pid, "VmHWM")
        cpu_after = cpu_seconds(pid)
        if cpu_before is not None and cpu_after is not None and calls_made:
            summary["server_cpu_seconds"] = round(cpu_after - cpu_before, 2)
            summary["server_cpu_ms_per_call"] = round((cpu_after - cpu_before) * 1000 / calls_made, 3)
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.environ.get("FLINKDDL_BIN", str(REPO / "target/release/flinkddl")))
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--calls", type=int, default=10_000)
    args = parser.parse_args()
    with http_server(args.bin) as url:
        pid = http_server.process.pid
        summary = asyncio.run(run(url, clients=args.clients, calls=args.calls, pid=pid))
        alive = http_server.process.poll() is None
    summary["server_alive_at_the_end"] = alive
    print(json.dumps(summary, indent=2))
    sys.exit(0 if summary["errors"] == 0 and summary["lost"] == 0 and alive else 1)


if __name__ == "__main__":
    main()
