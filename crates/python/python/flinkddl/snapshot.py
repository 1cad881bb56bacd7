"""Catalog snapshots from a real Flink catalog (issue 35, decision 0012).

A project whose tables live in a real catalog (Hive, Paimon, JDBC, Iceberg, ...) and not in its
repository names a snapshot of that catalog in ``flinkddl.toml`` (``catalog = ["catalog.json"]``).
This module writes one with PyFlink, from any catalog your Flink can open: each table's and
view's ``SHOW CREATE TABLE`` / ``SHOW CREATE VIEW`` text, as Flink itself prints it::

    from pyflink.table import EnvironmentSettings, TableEnvironment
    import flinkddl.snapshot

    t_env = TableEnvironment.create(EnvironmentSettings.in_streaming_mode())
    t_env.execute_sql("CREATE CATALOG hive WITH ('type' = 'hive', ...)")
    flinkddl.snapshot.write(flinkddl.snapshot.from_table_environment(t_env, catalogs=["hive"]),
                            "catalog.json")

PyFlink is not a dependency of flinkddl: install the one that matches your cluster.
Temporary objects are not in any catalog and are not listed; put their DDL in a ``.sql`` catalog
file instead.
"""

from __future__ import annotations

import importlib
import json
from typing import Any, Dict, Iterable, List, Optional

FORMAT = "flinkddl-catalog-snapshot"
VERSION = 1

__all__ = ["FORMAT", "VERSION", "from_table_environment", "write"]


def _quoted(*parts: str) -> str:
    return ".".join("`" + p.replace("`", "``") + "`" for p in parts)


def _show_create(t_env: Any, kind: str, catalog: str, database: str, name: str) -> str:
    result = t_env.execute_sql(f"SHOW CREATE {kind.upper()} {_quoted(catalog, database, name)}")
    with result.collect() as rows:
        for row in rows:
            return str(row[0])
    raise RuntimeError(f"SHOW CREATE {kind.upper()} of {catalog}.{database}.{name} gave no row")


def _flink_version() -> Optional[str]:
    try:
        module = importlib.import_module("pyflink.version")
    except ImportError:
        return None
    version = getattr(module, "__version__", None)
    return None if version is None else str(version)


def from_table_environment(
    t_env: Any,
    catalogs: Optional[Iterable[str]] = None,
    databases: Optional[Iterable[str]] = None,
) -> Dict[str, Any]:
    """The snapshot of the tables and views of ``catalogs`` (default: every catalog the
    environment has), in ``databases`` (default: all of each catalog's), as a JSON-ready dict.
    ``t_env`` is a PyFlink ``TableEnvironment``."""
    wanted_databases = None if databases is None else set(databases)
    objects: List[Dict[str, str]] = []
    for catalog_name in list(catalogs) if catalogs is not None else sorted(t_env.list_catalogs()):
        catalog = t_env.get_catalog(catalog_name)
        if catalog is None:
            raise ValueError(f"no catalog {catalog_name!r} in this table environment")
        for database in sorted(catalog.list_databases()):
            if wanted_databases is not None and database not in wanted_databases:
                continue
            views = set(catalog.list_views(database))
            # `list_tables` lists the views too.
            for name in sorted(catalog.list_tables(database)):
                kind = "view" if name in views else "table"
                objects.append(
                    {
                        "kind": kind,
                        "catalog": catalog_name,
                        "database": database,
                        "name": name,
                        "ddl": _show_create(t_env, kind, catalog_name, database, name),
                    }
                )
    snapshot: Dict[str, Any] = {"format": FORMAT, "version": VERSION}
    version = _flink_version()
    if version is not None:
        snapshot["flink_version"] = version
    snapshot["objects"] = objects
    return snapshot


def write(snapshot: Dict[str, Any], path: str) -> None:
    """Writes a snapshot where ``catalog = [...]`` can name it."""
    with open(path, "w", encoding="utf-8") as out:
        json.dump(snapshot, out, indent=2)
        out.write("\n")
