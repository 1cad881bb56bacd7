# Stubs of the Rust extension (crates/python/src/lib.rs). Each function returns JSON that
# flinkddl/__init__.py turns into typed objects; use those instead.
from typing import List, Optional

__version__: str

def analyze(
    sql: str,
    fresh_session: bool = False,
    config: Optional[str] = None,
    flink_version: Optional[str] = None,
) -> str: ...
def check(
    paths: List[str],
    fresh_session: bool = False,
    config: Optional[str] = None,
    select: Optional[List[str]] = None,
    ignore: Optional[List[str]] = None,
    extend_select: Optional[List[str]] = None,
    flink_version: Optional[str] = None,
    upgrade_to: Optional[str] = None,
) -> str: ...
def fix(
    sql: str,
    unsafe_fixes: bool = False,
    fresh_session: bool = False,
    config: Optional[str] = None,
    select: Optional[List[str]] = None,
    ignore: Optional[List[str]] = None,
    flink_version: Optional[str] = None,
) -> str: ...
def rules() -> str: ...
def run_cli(args: List[str]) -> int: ...
def lineage(
    sql: str,
    fresh_session: bool = False,
    config: Optional[str] = None,
    flink_version: Optional[str] = None,
) -> str: ...
def openlineage(
    sql: str,
    job_namespace: str = "flink",
    source: str = "<string>",
    event_time: Optional[str] = None,
    fresh_session: bool = False,
    config: Optional[str] = None,
    flink_version: Optional[str] = None,
) -> str: ...
