//! The built-in function table: for each built-in function Flink 2.3 resolves in a computed column,
//! its name, which stack defines it (Calcite's operator table, printed upper-case, or Flink's
//! `BuiltInFunctionDefinitions`, printed back-quoted with the user's spelling), its arity, its
//! operand families, its return-type strategy, its nullability strategy, its kind and its
//! determinism. Of the built-ins it knows without typing them it keeps the kind and
//! determinism where the data declares them ([`UNTYPED_FACTS`]).
//! Functions whose typing does not fit these strategies name a [`Handler`] in
//! [`super::functions`].
//!
//! The rows are data, `crates/binder/data/functions.toml`; `build.rs` turns them into
//! [`FUNCTIONS`] and the [`Handler`] enum (a duplicate row or an unknown value fails the build).

use flinkddl_types::{DataType, LogicalType};
use std::cell::Cell;

/// An operand family, as Calcite's `SqlTypeFamily` checkers and Flink's input strategies see
/// operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum F {
    /// Anything, including NULL.
    Any,
    /// TINYINT .. DECIMAL, FLOAT, DOUBLE.
    Num,
    /// TINYINT .. BIGINT.
    Int,
    /// TINYINT .. BIGINT, DECIMAL.
    Exact,
    /// CHAR, VARCHAR.
    Chr,
    /// CHAR, VARCHAR, BINARY, VARBINARY.
    Str,
    /// BINARY, VARBINARY.
    Bin,
    Bool,
    Date,
    Time,
    /// TIMESTAMP, TIMESTAMP_LTZ.
    Ts,
    /// Any interval.
    Ival,
    Arr,
    Map,
    /// ARRAY, MULTISET.
    Coll,
    /// ARRAY, MULTISET, MAP.
    CollOrMap,
}

/// Which stack defines a function: how it prints and how it reports errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stack {
    /// Calcite / `FlinkSqlOperatorTable`: printed upper-case, Calcite's messages, NULL
    /// literals are illegal.
    Calcite,
    /// `BuiltInFunctionDefinitions` (new type inference): printed back-quoted with the user's
    /// spelling, implicit casts inserted, Flink's messages.
    Flink,
}

/// A fixed result type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ty {
    Int,
    BigInt,
    Double,
    Bool,
    /// `STRING`
    Str,
    Char(u32),
    Varchar(u32),
    /// `BYTES`
    Bytes,
    Date,
    Ts3,
    /// `ARRAY<STRING>`
    ArrStr,
    /// `MAP<STRING, STRING>`
    MapStrStr,
    Variant,
}

/// How the result type is derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ret {
    Fixed(Ty),
    /// The type of the i-th operand.
    Arg(usize),
    /// `CHAR(n)`/`VARCHAR(n)` of the first operand as `VARCHAR(n)` (SUBSTRING, LEFT, RIGHT).
    Arg0Varchar,
    /// The first operand's type, CHAR made VARCHAR (LTRIM, RTRIM).
    Arg0Varying,
    /// A handler in `functions/`.
    Custom(Handler),
}

/// How nullability is derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Nul {
    /// Nullable iff an operand is nullable.
    Args,
    /// Always nullable.
    Force,
    /// Never nullable.
    NotNull,
    /// As the return strategy gives it.
    Keep,
}

/// One built-in function.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FnDef {
    /// Upper-case name.
    pub name: &'static str,
    pub stack: Stack,
    pub min: usize,
    /// `None`: unbounded.
    pub max: Option<usize>,
    /// The accepted operand family sequences; empty accepts anything. When `repeat` is set, the
    /// last family of a signature repeats for the remaining operands.
    pub sigs: &'static [&'static [F]],
    pub repeat: bool,
    pub ret: Ret,
    pub nul: Nul,
    pub kind: Kind,
    pub det: Det,
}

/// What kind of function a built-in is (`kind` in `data/functions.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Scalar,
    Aggregate,
    /// A window function (ranking or offset), used with OVER.
    Window,
    /// A grouping function (`GROUPING`, `GROUP_ID`): only in a query with GROUP BY.
    Grouping,
    /// A table function (a windowing TVF).
    Table,
}

impl Kind {
    /// An aggregate, window or grouping function: one that reads a group of rows (for the
    /// nesting and grouping rules).
    pub fn is_aggregate(self) -> bool {
        matches!(self, Kind::Aggregate | Kind::Window | Kind::Grouping)
    }
}

/// Whether calls of a built-in with the same operands give the same value, as the data says
/// (`deterministic` in `data/functions.toml`); [`Det::of_call`] answers for one call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Det {
    Deterministic,
    /// Each call may give another value.
    EachCall,
    /// Each call gives the processing time.
    ProcessingTime,
    /// The value is the session's.
    Session,
    /// Deterministic with operands; without, each call may give another value.
    WithArguments,
}

impl Det {
    /// The determinism of a call with `operands` operands.
    pub(crate) fn of_call(self, operands: usize) -> super::Determinism {
        use super::Determinism as D;
        match self {
            Det::Deterministic => D::Deterministic,
            Det::EachCall => D::EachCall,
            Det::ProcessingTime => D::ProcessingTime,
            Det::Session => D::Session,
            Det::WithArguments if operands == 0 => D::EachCall,
            Det::WithArguments => D::Deterministic,
        }
    }
}

/// What the data declares of a built-in the table knows without typing it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct UntypedFacts {
    /// Upper-case name.
    pub name: &'static str,
    /// `None`: not declared (it may be an aggregate).
    pub kind: Option<Kind>,
    pub det: Det,
}

impl FnDef {
    /// An aggregate, window or grouping function (nesting rules).
    pub(crate) fn is_aggregate(&self) -> bool {
        self.kind.is_aggregate()
    }
}

/// The declared kind and determinism of a known untyped built-in (case-insensitive).
pub(crate) fn untyped_facts(name: &str) -> Option<&'static UntypedFacts> {
    // A short list, searched only for a name the typed rows do not hold.
    UNTYPED_FACTS
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(name))
}

// The generated table: `Handler`, `FUNCTIONS`, `FUNCTIONS_BY_NAME`, `KNOWN_UNTYPED`,
// `KNOWN_SORTED` and `UNTYPED_FACTS`. The binder's unit tests see the table with the throwaway row of
// `tests/fixtures/throwaway-function.toml` added.
#[cfg(not(test))]
include!(concat!(env!("OUT_DIR"), "/functions.rs"));
#[cfg(test)]
include!(concat!(env!("OUT_DIR"), "/functions_with_fixture.rs"));

impl Ty {
    /// The type itself.
    pub(crate) fn data_type(self) -> DataType {
        match self {
            Ty::Int => DataType::int(),
            Ty::BigInt => DataType::bigint(),
            Ty::Double => DataType::double(),
            Ty::Bool => DataType::boolean(),
            Ty::Str => DataType::string(),
            Ty::Char(n) => DataType::char(n),
            Ty::Varchar(n) => DataType::varchar(n),
            Ty::Bytes => DataType::bytes(),
            Ty::Date => DataType::date(),
            Ty::Ts3 => DataType::timestamp(3),
            Ty::ArrStr => DataType::array(DataType::string()),
            Ty::MapStrStr => DataType::map(DataType::string(), DataType::string()),
            Ty::Variant => DataType::new(LogicalType::Variant),
        }
    }
}

/// Names up to this long are upper-cased on the stack and looked up by hash; longer ones (no
/// function's) are binary-searched.
const SHORT_NAME: usize = 48;

/// `name` upper-cased (ASCII only, as `to_ascii_uppercase`) into `buf`, when it fits.
fn upper_in(name: &str, buf: &mut [u8; SHORT_NAME]) -> Option<usize> {
    let bytes = name.as_bytes();
    let upper = buf.get_mut(..bytes.len())?;
    upper.copy_from_slice(bytes);
    upper.make_ascii_uppercase();
    Some(bytes.len())
}

/// The table's rows by (upper-case) name: a call's lookup is one hash probe, not a binary
/// search of about eight case-folding comparisons (a query names many functions).
static FUNCTIONS_BY_UPPER: std::sync::LazyLock<foldhash::HashMap<&'static [u8], u16>> =
    std::sync::LazyLock::new(|| {
        FUNCTIONS_BY_NAME
            .iter()
            .filter_map(|&i| Some((FUNCTIONS.get(usize::from(i))?.name.as_bytes(), i)))
            .collect()
    });

/// The known untyped built-ins by (upper-case) name, as [`FUNCTIONS_BY_UPPER`].
static KNOWN_BY_UPPER: std::sync::LazyLock<foldhash::HashSet<&'static [u8]>> =
    std::sync::LazyLock::new(|| KNOWN_SORTED.iter().map(|n| n.as_bytes()).collect());

/// The definition of a built-in function by name (case-insensitive), without allocating: the
/// name upper-cased on the stack and looked up by hash; a name (as written) looked up
/// recently is answered from [`RECENT`].
pub(crate) fn lookup(name: &str) -> Option<&'static FnDef> {
    let Some(key) = packed(name.as_bytes()) else {
        return FUNCTIONS.get(usize::from(index_uncached(name)?));
    };
    let slot = recent_slot(key);
    let len = u8::try_from(name.len()).unwrap_or(0);
    let cached = RECENT.with(|r| r.get(slot).map(Cell::get));
    let index = match cached {
        Some(recent) if recent.len == len && recent.name == key => recent.index,
        _ => {
            let index = index_uncached(name).unwrap_or(NOT_A_FUNCTION);
            RECENT.with(|r| {
                if let Some(cell) = r.get(slot) {
                    cell.set(Recent {
                        name: key,
                        len,
                        index,
                    });
                }
            });
            index
        }
    };
    FUNCTIONS.get(usize::from(index))
}

/// The row of `name` in [`FUNCTIONS`], by hash (a long name: [`index_searched`]).
fn index_uncached(name: &str) -> Option<u16> {
    let mut buf = [0u8; SHORT_NAME];
    if let Some(len) = upper_in(name, &mut buf) {
        return FUNCTIONS_BY_UPPER.get(buf.get(..len)?).copied();
    }
    index_searched(name)
}

/// [`index_uncached`] by a binary search of the generated index, comparing the name
/// upper-cased byte by byte.
fn index_searched(name: &str) -> Option<u16> {
    let i = FUNCTIONS_BY_NAME
        .binary_search_by(|&i| {
            FUNCTIONS
                .get(usize::from(i))
                .map_or(std::cmp::Ordering::Less, |d| cmp_upper(d.name, name))
        })
        .ok()?;
    FUNCTIONS_BY_NAME.get(i).copied()
}

/// A name looked up recently, as written (up to 16 bytes, zero-padded) and its row
/// ([`NOT_A_FUNCTION`] when it names none). A query names the same few functions many times,
/// and each call's name is looked up by several passes (the names walk, the typer, the
/// grouping checks): most lookups are answered here, by the name's bytes (never by address).
#[derive(Clone, Copy)]
struct Recent {
    name: u128,
    /// 0 for an empty slot (no name is empty).
    len: u8,
    index: u16,
}

/// No row of [`FUNCTIONS`] (which has fewer).
const NOT_A_FUNCTION: u16 = u16::MAX;

const RECENT_SLOTS: usize = 64;

thread_local! {
    static RECENT: [Cell<Recent>; RECENT_SLOTS] = const {
        [const { Cell::new(Recent { name: 0, len: 0, index: NOT_A_FUNCTION }) }; RECENT_SLOTS]
    };
}

/// The name's bytes zero-padded into a `u128`, when it has 1 to 16.
fn packed(bytes: &[u8]) -> Option<u128> {
    if bytes.is_empty() {
        return None;
    }
    let mut buf = [0u8; 16];
    buf.get_mut(..bytes.len())?.copy_from_slice(bytes);
    Some(u128::from_le_bytes(buf))
}

/// The slot of a packed name: a multiplicative hash's top six bits.
fn recent_slot(key: u128) -> usize {
    let folded = (key as u64) ^ ((key >> 64) as u64);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize
}

/// True for a real Flink built-in we do not type.
pub(crate) fn is_known_untyped(name: &str) -> bool {
    let mut buf = [0u8; SHORT_NAME];
    if let Some(upper) = upper_in(name, &mut buf).and_then(|len| buf.get(..len)) {
        return KNOWN_BY_UPPER.contains(upper);
    }
    KNOWN_SORTED
        .binary_search_by(|n| cmp_upper(n, name))
        .is_ok()
}

/// `upper` (an upper-case name of the table) against `name` upper-cased (ASCII only, as
/// `to_ascii_uppercase`), in byte order: the order the generated tables are sorted in.
fn cmp_upper(upper: &str, name: &str) -> std::cmp::Ordering {
    let (upper, name) = (upper.as_bytes(), name.as_bytes());
    // A plain loop: `Iterator::cmp` over a mapped iterator costs several times as much.
    for (u, n) in upper.iter().zip(name) {
        let n = n.to_ascii_uppercase();
        if *u != n {
            return u.cmp(&n);
        }
    }
    upper.len().cmp(&name.len())
}

impl F {
    /// How the family reads in a signature shown to users.
    fn describe(self) -> &'static str {
        match self {
            F::Any => "ANY",
            F::Num => "NUMERIC",
            F::Int => "INTEGER",
            F::Exact => "EXACT_NUMERIC",
            F::Chr => "CHARACTER",
            F::Str => "STRING|BINARY",
            F::Bin => "BINARY",
            F::Bool => "BOOLEAN",
            F::Date => "DATE",
            F::Time => "TIME",
            F::Ts => "TIMESTAMP",
            F::Ival => "INTERVAL",
            F::Arr => "ARRAY",
            F::Map => "MAP",
            F::Coll => "ARRAY|MULTISET",
            F::CollOrMap => "ARRAY|MULTISET|MAP",
        }
    }
}

/// What the table says about one built-in function, in words (for editors).
pub(crate) fn describe(def: &FnDef) -> super::FunctionInfo {
    let parameters: Vec<Vec<&'static str>> = def
        .sigs
        .iter()
        .filter(|sig| !sig.is_empty() || def.min == 0)
        .map(|sig| {
            let mut args: Vec<&'static str> = sig.iter().map(|f| f.describe()).collect();
            if def.repeat {
                if let Some(last) = args.last().copied() {
                    args.push(last);
                    args.push("...");
                }
            }
            args
        })
        .collect();
    let signatures = parameters
        .iter()
        .map(|args| format!("{}({})", def.name, args.join(", ")))
        .collect();
    let returns = match def.ret {
        Ret::Fixed(t) => t.data_type().summary_string(),
        Ret::Arg(i) => format!("the type of argument {}", i + 1),
        Ret::Arg0Varchar | Ret::Arg0Varying => "VARCHAR of the first argument's length".into(),
        Ret::Custom(_) => "a type derived from its arguments".to_string(),
    };
    super::FunctionInfo {
        name: def.name,
        min_args: def.min,
        max_args: def.max,
        signatures,
        parameters,
        returns,
        nullable_result: match def.nul {
            Nul::Args => "nullable when an argument is",
            Nul::Force => "always nullable",
            Nul::NotNull => "never null",
            Nul::Keep => "",
        },
        aggregate: def.is_aggregate(),
        typed: true,
    }
}

/// The generator `build.rs` runs, for the tests of its refusals.
#[cfg(test)]
#[path = "../../build/functions.rs"]
mod codegen;

#[cfg(test)]
mod tests {
    use super::codegen;
    use crate::schema::ColumnKind;

    /// The unit tests' table has the one row of `tests/fixtures/throwaway-function.toml` added by
    /// `build.rs`, and no Rust: binding a call to it types it as the row says.
    #[test]
    fn a_throwaway_function_row_is_all_a_new_function_needs() {
        let sql = "CREATE TABLE t (s STRING, e AS throwaway_echo(s)) \
                   WITH ('connector' = 'datagen');\n\
                   CREATE TABLE u (i INT, n AS THROWAWAY_ECHO(i)) WITH ('connector' = 'datagen');";
        let bound = crate::bind(&flinkddl_syntax::parse(sql), sql);
        let table = &bound.tables[0];
        let e = &table.columns[1];
        assert_eq!(e.data_type.summary_string(), "STRING");
        assert_eq!(e.kind, ColumnKind::computed("`throwaway_echo`(`s`)", true));
        // the row's signature (one CHARACTER operand) rejects an INT, as Flink's stack does
        let rejected: Vec<&str> = bound
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(rejected, ["Invalid function call:\nTHROWAWAY_ECHO(INT)"]);
        assert!(super::lookup("THROWAWAY_ECHO").is_some_and(|d| !d.is_aggregate()));
    }

    /// The binary searches find every row and every known name whatever its case, and
    /// nothing else.
    #[test]
    fn lookups_find_every_name_in_any_case() {
        for def in super::FUNCTIONS {
            for name in [def.name.to_string(), def.name.to_ascii_lowercase()] {
                assert!(
                    super::lookup(&name).is_some_and(|d| std::ptr::eq(d, def)),
                    "{name}"
                );
                assert!(!super::is_known_untyped(&name), "{name}");
            }
        }
        for name in super::KNOWN_SORTED {
            assert!(
                super::is_known_untyped(&name.to_ascii_lowercase()),
                "{name}"
            );
            assert!(super::lookup(name).is_none(), "{name}");
        }
        for name in ["", "UPPERX", "UPPE", "ÜPPER", "upper\u{0}"] {
            assert!(super::lookup(name).is_none(), "{name}");
        }
        // Past the stack buffer: the binary search, with the same answers.
        let long = "x".repeat(super::SHORT_NAME + 1);
        assert!(super::lookup(&long).is_none());
        assert!(!super::is_known_untyped(&long));
        for def in super::FUNCTIONS {
            let found = super::index_searched(&def.name.to_ascii_lowercase())
                .and_then(|i| super::FUNCTIONS.get(usize::from(i)));
            assert!(found.is_some_and(|d| std::ptr::eq(d, def)));
        }
    }

    /// The kind and determinism the data declares, of typed rows and of untyped names, are what
    /// the lookups answer, whatever the name's case.
    #[test]
    fn kinds_and_determinism_are_read_from_the_data() {
        use crate::expr::{builtin_determinism, builtin_kind, BuiltinKind as K, Determinism as D};
        let kinds = [
            ("sum", Some(K::Aggregate)),
            ("Row_Number", Some(K::Window)),
            ("GROUPING", Some(K::Grouping)),
            ("group_id", Some(K::Grouping)),
            ("bitmap_and_agg", Some(K::Aggregate)),
            ("CUMULATE", Some(K::Table)),
            ("upper", Some(K::Scalar)),
            // known without a declared kind, and unknown
            ("JSON", None),
            ("no_such_function", None),
        ];
        for (name, kind) in kinds {
            assert_eq!(builtin_kind(name), kind, "{name}");
        }
        let calls = [
            ("rand", 0, D::EachCall),
            ("CURRENT_TIMESTAMP", 0, D::EachCall),
            ("unix_timestamp", 0, D::EachCall),
            ("unix_timestamp", 1, D::Deterministic),
            ("PROCTIME", 0, D::ProcessingTime),
            ("proctime_materialize", 1, D::ProcessingTime),
            ("current_database", 0, D::Session),
            ("upper", 1, D::Deterministic),
            ("no_such_function", 0, D::Deterministic),
        ];
        for (name, operands, det) in calls {
            assert_eq!(builtin_determinism(name, operands), det, "{name}");
        }
    }

    /// The generator refuses a duplicate row, an unknown family, stack or determinism and a
    /// misspelt key (of a row or of an untyped name), which fails the build.
    #[test]
    fn the_generator_refuses_bad_rows() {
        let main = include_str!("../../data/functions.toml");
        let row = |body: &str| format!("[[function]]\n{body}\n");
        let upper = "name = \"UPPER\"\nstack = \"calcite\"\nmin_args = 1\nmax_args = 1\n\
                     returns_argument = 0\nnullable = \"of-arguments\"";
        let cases = [
            (row(upper), "function UPPER is defined twice"),
            (
                row(&upper
                    .replace("UPPER", "UPPER2")
                    .replace("min_args", "min_arg")),
                "function UPPER2: unknown key `min_arg`",
            ),
            (
                row(&upper
                    .replace("UPPER", "UPPER3")
                    .replace("max_args = 1", "max_args = 1\nsignatures = [[\"CHARS\"]]")),
                "function UPPER3: unknown family CHARS",
            ),
            (
                row(&upper.replace("UPPER", "UPPER4").replace("calcite", "hive")),
                "function UPPER4: stack Some(\"hive\") is not \"calcite\" or \"flink\"",
            ),
            (
                row(&format!(
                    "{}\ndeterministic = \"sometimes\"",
                    upper.replace("UPPER", "UPPER5")
                )),
                "function UPPER5: unknown deterministic \"sometimes\"",
            ),
            (
                "known_untyped = [{ name = \"NEW_AGG\", kind = \"aggregated\" }]".to_string(),
                "known_untyped: NEW_AGG: unknown kind Some(\"aggregated\")",
            ),
            (
                "internal = [{ name = \"NEW_AGG\", deterministc = false }]".to_string(),
                "internal: NEW_AGG: unknown key `deterministc`",
            ),
        ];
        for (extra, expected) in cases {
            assert_eq!(
                codegen::generate(main, Some(&extra)),
                Err(expected.to_string())
            );
        }
        assert!(codegen::generate(main, None).is_ok());
    }
}
