"""Check Apache Flink SQL as Flink 2.3 does, from Python.

>>> import flinkddl
>>> analysis = flinkddl.analyze("CREATE TABLE t (id INT, PRIMARY KEY (id) NOT ENFORCED)")
>>> [c.name for c in analysis.tables[0].columns]
['id']

Bad SQL never raises: its problems are ``Analysis.diagnostics``. Only misuse raises
(``TypeError`` for arguments of the wrong type, ``ValueError`` for a configuration file that
cannot be read, a path pattern that matches nothing or an unknown rule).

Positions: ``line`` and ``column`` are those ``flinkddl check`` prints (1-based, columns in
UTF-16 code units, as Flink counts them); ``start`` and ``end`` index the Python string that was
analysed, so ``sql[d.start:d.end]`` is the text a diagnostic points at.
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass, field, fields
from typing import Any, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Type, TypeVar, Union, cast

from . import _native

__version__: str = _native.__version__

__all__ = [
    "Analysis",
    "CheckResult",
    "Column",
    "Diagnostic",
    "Distribution",
    "FileResult",
    "Fix",
    "FixResult",
    "AppliedFix",
    "Label",
    "PrimaryKey",
    "Rule",
    "Table",
    "Watermark",
    "ColumnOrigin",
    "SinkColumn",
    "SinkLineage",
    "analyze",
    "check",
    "fix",
    "lineage",
    "openlineage_events",
    "rules",
    "__version__",
]

PathLike = Union[str, "os.PathLike[str]"]
_T = TypeVar("_T")


@dataclass(frozen=True)
class Label:
    """A secondary place a diagnostic points at ("first defined here")."""

    message: str
    line: int
    column: int
    start: int
    end: int


@dataclass(frozen=True)
class Fix:
    """An edit that fixes a diagnostic: replace ``sql[start:end]`` with ``replacement``.

    ``applicability`` is ``"safe"`` (``flinkddl check --fix`` applies it: the script keeps its
    meaning) or ``"unsafe"`` (only with ``--unsafe-fixes``: a guessed name, as every
    did-you-mean's fix is, or a removed comment). The fix carries it from where it was made.
    """

    message: str
    replacement: str
    start: int
    end: int
    applicability: Literal["safe", "unsafe"]

    @property
    def safe(self) -> bool:
        return self.applicability == "safe"


@dataclass(frozen=True)
class Diagnostic:
    """One problem, with a stable code (``flinkddl explain CODE`` says what it means)."""

    code: str
    name: str
    severity: str
    stage: str
    message: str
    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int
    labels: Tuple[Label, ...] = ()
    help: Optional[str] = None
    fix: Optional[Fix] = None

    @property
    def fixes(self) -> Tuple[Fix, ...]:
        """The fixes of this diagnostic (zero or one today)."""
        return () if self.fix is None else (self.fix,)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


@dataclass(frozen=True)
class Column:
    """A column as Flink's catalog resolves it."""

    name: str
    #: ``"physical"``, ``"computed"`` or ``"metadata"``.
    kind: str
    #: The type as DESCRIBE prints it (``"BIGINT NOT NULL"``).
    type: str
    #: The type's serializable string, when it has one.
    type_serializable: Optional[str]
    #: The logical type root (``"BIGINT"``, ``"TIMESTAMP_WITHOUT_TIME_ZONE"``).
    type_root: str
    nullable: bool
    #: The stored expression of a computed column.
    expression: Optional[str]
    #: The metadata key of a metadata column (``None`` when it is the column's name).
    metadata_key: Optional[str]
    #: Whether a metadata column is VIRTUAL (``None`` for other kinds).
    is_virtual: Optional[bool]
    comment: Optional[str]
    _arrow: Optional[Dict[str, Any]] = field(default=None, repr=False, compare=False)

    def to_arrow(self) -> Any:
        """This column as a ``pyarrow.Field`` (needs ``pip install 'flinkddl[arrow]'``)."""
        pa = _pyarrow()
        if self._arrow is None:
            raise ValueError(f"column `{self.name}` of type {self.type} has no Arrow type")
        return pa.field(self.name, _arrow_type(pa, self._arrow, self.name), self.nullable)


@dataclass(frozen=True)
class Watermark:
    rowtime: str
    expression: str
    #: The expression's type, when it could be typed.
    type: Optional[str]


@dataclass(frozen=True)
class PrimaryKey:
    name: str
    columns: Tuple[str, ...]


@dataclass(frozen=True)
class Distribution:
    #: ``"HASH"``, ``"RANGE"`` or ``"UNKNOWN"`` (no algorithm given).
    kind: str
    bucket_keys: Tuple[str, ...]
    bucket_count: Optional[int]


@dataclass(frozen=True)
class Table:
    """A table as Flink's catalog holds it after the script ran."""

    identifier: str
    catalog: str
    database: str
    name: str
    temporary: bool
    #: False when part of the schema could not be derived (then it is not checked further).
    complete: bool
    columns: Tuple[Column, ...]
    watermark: Optional[Watermark]
    primary_key: Optional[PrimaryKey]
    partition_keys: Tuple[str, ...]
    distribution: Optional[Distribution]
    options: Dict[str, str]
    comment: str
    _describe: str = field(repr=False, compare=False, default="")
    _show_create: Optional[str] = field(repr=False, compare=False, default=None)

    def column(self, name: str) -> Optional[Column]:
        return next((c for c in self.columns if c.name == name), None)

    def describe(self) -> str:
        """Flink's ``DESCRIBE`` tableau, exactly as ``flinkddl describe`` prints it."""
        return self._describe

    def show_create(self) -> Optional[str]:
        """Flink's ``SHOW CREATE TABLE`` text (``None`` for an incomplete table)."""
        return self._show_create

    def to_arrow(self, *, physical_only: bool = False) -> Any:
        """The table's row as a ``pyarrow.Schema``, through flinkddl's Arrow type mapping.

        Needs ``pip install 'flinkddl[arrow]'``. ``physical_only`` keeps the physical columns
        (what a connector reads and writes); otherwise every column a ``SELECT *`` returns.
        Raises ``ValueError`` when a column's type has no Arrow equivalent.
        """
        pa = _pyarrow()
        columns = [c for c in self.columns if c.kind == "physical"] if physical_only else self.columns
        return pa.schema([c.to_arrow() for c in columns])


@dataclass(frozen=True)
class Analysis:
    """What flinkddl found in one script."""

    sql: str
    tables: Tuple[Table, ...]
    diagnostics: Tuple[Diagnostic, ...]

    @property
    def errors(self) -> Tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")

    @property
    def ok(self) -> bool:
        """True when no diagnostic is an error (Flink would run the script)."""
        return not self.errors

    def table(self, name: str) -> Optional[Table]:
        """The table with this name (or identifier), if the script creates it."""
        return next((t for t in self.tables if name in (t.name, t.identifier)), None)


@dataclass(frozen=True)
class FileResult:
    path: str
    diagnostics: Tuple[Diagnostic, ...]


@dataclass(frozen=True)
class CheckResult:
    """What ``flinkddl check`` found, file by file (in path order)."""

    files: Tuple[FileResult, ...]

    @property
    def diagnostics(self) -> List[Tuple[str, Diagnostic]]:
        return [(f.path, d) for f in self.files for d in f.diagnostics]

    @property
    def errors(self) -> int:
        return sum(1 for _, d in self.diagnostics if d.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for _, d in self.diagnostics if d.severity == "warning")

    def exit_code(self, deny_warnings: bool = False) -> int:
        """The status ``flinkddl check`` exits with: 1 on an error (or a warning), else 0."""
        return 1 if self.errors or (deny_warnings and self.warnings) else 0


@dataclass(frozen=True)
class AppliedFix:
    code: str
    name: str
    message: str
    #: The line of the diagnostic in the text of the pass that fixed it.
    line: int


@dataclass(frozen=True)
class FixResult:
    """``flinkddl check --fix`` on one script."""

    sql: str
    applied: Tuple[AppliedFix, ...]
    #: What is left in the fixed text.
    diagnostics: Tuple[Diagnostic, ...]
    #: False when fixes were still left after the last pass.
    converged: bool
    #: Fixes left because each would give the script a diagnostic it does not have now
    #: (fixing one error can reveal the next one Flink raises); they are in ``diagnostics``.
    withheld: int = 0


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    stage: str
    severity: str
    title: str


@dataclass(frozen=True)
class ColumnOrigin:
    #: ``catalog.database.table``
    table: str
    column: str
    #: The value is computed from the column, not copied as it is.
    derived: bool


@dataclass(frozen=True)
class SinkColumn:
    name: str
    #: Where the column's value comes from; ``()`` when from no column (a literal, ``VALUES``,
    #: a column the INSERT leaves out); ``None`` when flinkddl does not follow it.
    origins: Optional[Tuple[ColumnOrigin, ...]]


@dataclass(frozen=True)
class SinkLineage:
    #: The statement's 0-based index, statements counted as ``;`` separates them.
    statement: int
    #: ``"insert"``, ``"ctas"`` or ``"rtas"``
    kind: str
    #: ``catalog.database.table``
    sink: str
    columns: Tuple[SinkColumn, ...]
    #: The tables the statement reads, views and CTEs followed to them.
    reads: Tuple[str, ...]


def _record(cls: Type[_T], v: Dict[str, Any], **given: Any) -> _T:
    """``cls`` from a JSON object whose keys are its fields' names; ``given`` sets the fields
    that are named otherwise or need converting."""
    names = (f.name for f in fields(cast(Any, cls)))
    return cls(**{n: given[n] if n in given else v.get(n) for n in names})


def _diagnostic(v: Dict[str, Any]) -> Diagnostic:
    f = v.get("fix")
    return _record(
        Diagnostic,
        v,
        labels=tuple(_record(Label, x) for x in v["labels"]),
        fix=None if f is None else _record(Fix, f),
    )


def _table(v: Dict[str, Any]) -> Table:
    columns = tuple(
        _record(Column, c, expression=c.get("expr"), is_virtual=c.get("virtual"), _arrow=c.get("arrow"))
        for c in v["columns"]
    )
    watermarks = v["watermarks"]
    pk = v.get("primary_key")
    dist = v.get("distribution")
    return _record(
        Table,
        v,
        columns=columns,
        watermark=Watermark(watermarks[0]["rowtime"], watermarks[0]["expr"], watermarks[0]["expr_type"])
        if watermarks
        else None,
        primary_key=None if pk is None else PrimaryKey(pk["name"], tuple(pk["columns"])),
        partition_keys=tuple(v["partition_keys"]),
        distribution=None
        if dist is None
        else _record(Distribution, dist, bucket_keys=tuple(dist["bucket_keys"])),
        options=dict(v["options"]),
        _describe=v["describe"],
        _show_create=v.get("show_create"),
    )


def _path(value: Any, what: str) -> str:
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    raise TypeError(f"{what} must be a str or os.PathLike, not {type(value).__name__}")


def _optional_path(value: Any, what: str) -> Optional[str]:
    return None if value is None else _path(value, what)


def _sql(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"sql must be a str, not {type(value).__name__}")
    return value


def _rules(value: Optional[Iterable[str]], what: str) -> Optional[List[str]]:
    if value is None:
        return None
    if isinstance(value, str):
        value = value.split(",")
    items = list(value)
    if not all(isinstance(x, str) for x in items):
        raise TypeError(f"{what} must be rule codes, names or prefixes (str)")
    return items


def _version(value: Optional[str]) -> Optional[str]:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"flink_version must be a str such as \"1.20\", not {type(value).__name__}")
    return value


def analyze(
    sql: str,
    *,
    fresh_session: bool = False,
    config: Optional[PathLike] = None,
    flink_version: Optional[str] = None,
) -> Analysis:
    """Parse, bind and lint one script, as ``flinkddl check`` does.

    ``fresh_session``: catalogs and databases the script uses but never creates are errors (a
    fresh Flink session) instead of assumed to exist. ``config``: a ``flinkddl.toml`` whose
    options and rule levels apply. ``flink_version``: the Flink version to judge the script as
    ("1.18" to "2.3"; default: the configuration's, else 2.3); an unknown one is a ValueError.
    """
    text = _sql(sql)
    raw = json.loads(
        _native.analyze(
            text,
            bool(fresh_session),
            _optional_path(config, "config"),
            _version(flink_version),
        )
    )
    return Analysis(
        sql=text,
        tables=tuple(_table(t) for t in raw["tables"]),
        diagnostics=tuple(_diagnostic(d) for d in raw["diagnostics"]),
    )


def lineage(
    sql: str,
    *,
    fresh_session: bool = False,
    config: Optional[PathLike] = None,
    flink_version: Optional[str] = None,
) -> Tuple[SinkLineage, ...]:
    """Column lineage of one script: for every INSERT, CTAS and RTAS, where each sink column
    comes from, through views, CTEs, subqueries, joins and window functions (what
    ``flinkddl lineage --format json`` prints; the contract is in ``docs/lineage.md``).
    """
    text = _sql(sql)
    raw = json.loads(
        _native.lineage(
            text,
            bool(fresh_session),
            _optional_path(config, "config"),
            _version(flink_version),
        )
    )

    def column(c: Dict[str, Any]) -> SinkColumn:
        origins = c.get("origins")
        return SinkColumn(
            name=c["name"],
            origins=None
            if origins is None
            else tuple(_record(ColumnOrigin, o) for o in origins),
        )

    return tuple(
        SinkLineage(
            statement=e["statement"],
            kind=e["kind"],
            sink=e["sink"],
            columns=tuple(column(c) for c in e["columns"]),
            reads=tuple(e["reads"]),
        )
        for e in raw
    )


def openlineage_events(
    sql: str,
    *,
    job_namespace: str = "flink",
    source: str = "<string>",
    event_time: Optional[str] = None,
    fresh_session: bool = False,
    config: Optional[PathLike] = None,
    flink_version: Optional[str] = None,
) -> Tuple[Dict[str, Any], ...]:
    """OpenLineage run events (spec 2-0-2) of one script: one per job (an INSERT, a CTAS or
    RTAS, a statement set) with its input and output datasets and the ``columnLineage`` facet,
    as ``flinkddl lineage --format openlineage`` prints them (one event a line there). Each
    event is a ``dict`` ready for an OpenLineage client or ``json.dumps``. ``source`` names the
    script (it tells apart the run ids of two scripts); ``event_time`` (RFC 3339) is now when
    not given. Naming conventions: ``docs/lineage.md``.
    """
    text = _sql(sql)
    if not isinstance(job_namespace, str) or not isinstance(source, str):
        raise TypeError("job_namespace and source must be str")
    if event_time is not None and not isinstance(event_time, str):
        raise TypeError("event_time must be an RFC 3339 str")
    raw = json.loads(
        _native.openlineage(
            text,
            job_namespace,
            source,
            event_time,
            bool(fresh_session),
            _optional_path(config, "config"),
            _version(flink_version),
        )
    )
    return tuple(raw)


def check(
    paths: Union[PathLike, Sequence[PathLike]],
    *,
    fresh_session: bool = False,
    config: Optional[PathLike] = None,
    select: Optional[Iterable[str]] = None,
    ignore: Optional[Iterable[str]] = None,
    extend_select: Optional[Iterable[str]] = None,
    flink_version: Optional[str] = None,
    upgrade_to: Optional[str] = None,
) -> CheckResult:
    """``flinkddl check PATHS``: files, directories (``*.sql`` found recursively) and globs,
    each file under its nearest ``flinkddl.toml`` (or ``config``), with the same results.
    ``upgrade_to`` is ``--upgrade-to``: also what changes moving each file to that version."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    listed = [_path(p, "paths") for p in paths]
    raw = json.loads(
        _native.check(
            listed,
            bool(fresh_session),
            _optional_path(config, "config"),
            _rules(select, "select"),
            _rules(ignore, "ignore"),
            _rules(extend_select, "extend_select"),
            _version(flink_version),
            _version(upgrade_to),
        )
    )
    return CheckResult(
        files=tuple(
            FileResult(f["path"], tuple(_diagnostic(d) for d in f["diagnostics"])) for f in raw
        )
    )


def fix(
    sql: str,
    *,
    unsafe_fixes: bool = False,
    fresh_session: bool = False,
    config: Optional[PathLike] = None,
    select: Optional[Iterable[str]] = None,
    ignore: Optional[Iterable[str]] = None,
    flink_version: Optional[str] = None,
) -> FixResult:
    """``flinkddl check --fix`` on one script: applies the safe fixes (and the unsafe ones with
    ``unsafe_fixes``) until nothing changes, and returns the text and what is left."""
    raw = json.loads(
        _native.fix(
            _sql(sql),
            bool(unsafe_fixes),
            bool(fresh_session),
            _optional_path(config, "config"),
            _rules(select, "select"),
            _rules(ignore, "ignore"),
            _version(flink_version),
        )
    )
    return FixResult(
        sql=raw["sql"],
        applied=tuple(_record(AppliedFix, a) for a in raw["applied"]),
        diagnostics=tuple(_diagnostic(d) for d in raw["diagnostics"]),
        converged=raw["converged"],
        withheld=raw["withheld"],
    )


def rules() -> Tuple[Rule, ...]:
    """Every diagnostic code flinkddl has (``flinkddl explain`` lists them too)."""
    return tuple(_record(Rule, r) for r in json.loads(_native.rules()))


def _pyarrow() -> Any:
    try:
        return importlib.import_module("pyarrow")
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("to_arrow() needs pyarrow: pip install 'flinkddl[arrow]'") from e


def _arrow_type(pa: Any, t: Dict[str, Any], where: str) -> Any:
    kind = t["type"]
    simple = {
        "null": pa.null,
        "bool": pa.bool_,
        "int8": pa.int8,
        "int16": pa.int16,
        "int32": pa.int32,
        "int64": pa.int64,
        "float32": pa.float32,
        "float64": pa.float64,
        "string": pa.string,
        "binary": pa.binary,
        "date32": pa.date32,
    }
    if kind in simple:
        return simple[kind]()
    if kind == "time32":
        return pa.time32(t["unit"])
    if kind == "time64":
        return pa.time64(t["unit"])
    if kind == "timestamp":
        return pa.timestamp(t["unit"], tz=t.get("tz"))
    if kind == "duration":
        return pa.duration(t["unit"])
    if kind == "decimal128":
        return pa.decimal128(t["precision"], t["scale"])

    def child(f: Dict[str, Any]) -> Any:
        return pa.field(f["name"], _arrow_type(pa, f["type"], where), f["nullable"])

    if kind == "list":
        return pa.list_(child(t["field"]))
    if kind == "struct":
        return pa.struct([child(f) for f in t["fields"]])
    if kind == "map":
        return pa.map_(child(t["key"]), child(t["value"]))
    # Arrow's INTERVAL(YEAR_MONTH) has no pyarrow constructor.
    raise ValueError(f"column `{where}`: no pyarrow type for Arrow {t.get('name', kind)}")
