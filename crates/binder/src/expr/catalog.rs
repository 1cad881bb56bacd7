//! The function catalogue, as data: for each built-in function Flink 2.3 resolves in a computed
//! column, its name, which stack defines it (Calcite's operator table, printed upper-case, or
//! Flink's `BuiltInFunctionDefinitions`, printed back-quoted with the user's spelling), its
//! arity, its operand families, its return-type strategy and its nullability strategy.
//! Functions whose typing does not fit these strategies name a custom handler in
//! [`super::functions`].
//!
//! Every entry was checked against the labelled corpus (`fixtures/functions`).

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
    /// A handler in `functions.rs`, by name.
    Custom(&'static str),
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
    /// Aggregate or window function (nesting rules).
    pub agg: bool,
}

const fn calcite(
    name: &'static str,
    min: usize,
    max: usize,
    sigs: &'static [&'static [F]],
    ret: Ret,
    nul: Nul,
) -> FnDef {
    FnDef {
        name,
        stack: Stack::Calcite,
        min,
        max: Some(max),
        sigs,
        repeat: false,
        ret,
        nul,
        agg: false,
    }
}

const fn flink(
    name: &'static str,
    min: usize,
    max: usize,
    sigs: &'static [&'static [F]],
    ret: Ret,
    nul: Nul,
) -> FnDef {
    FnDef {
        name,
        stack: Stack::Flink,
        min,
        max: Some(max),
        sigs,
        repeat: false,
        ret,
        nul,
        agg: false,
    }
}

const fn varargs(mut d: FnDef) -> FnDef {
    d.max = None;
    d.repeat = true;
    d
}

const fn agg(mut d: FnDef) -> FnDef {
    d.agg = true;
    d
}

use Nul as N;
use Ret as R;
use Ty as T;
use F::*;

const ONE_CHR: &[&[F]] = &[&[Chr]];
const ONE_STR: &[&[F]] = &[&[Str]];
const ONE_NUM: &[&[F]] = &[&[Num]];
const ONE_INT: &[&[F]] = &[&[Int]];
const NONE: &[&[F]] = &[&[]];
const ANY1: &[&[F]] = &[&[Any]];
const CHR2: &[&[F]] = &[&[Chr, Chr]];
const CHR3: &[&[F]] = &[&[Chr, Chr, Chr]];
const NUM2: &[&[F]] = &[&[Num, Num]];
const SUBSTR_SIGS: &[&[F]] = &[&[Chr, Int], &[Chr, Int, Int]];

/// The catalogue. Order does not matter; names are unique.
pub(crate) static FUNCTIONS: &[FnDef] = &[
    // ---- string (Calcite) ----
    calcite("UPPER", 1, 1, ONE_CHR, R::Arg(0), N::Args),
    calcite("LOWER", 1, 1, ONE_CHR, R::Arg(0), N::Args),
    calcite("INITCAP", 1, 1, ONE_CHR, R::Arg(0), N::Args),
    calcite("CHAR_LENGTH", 1, 1, ONE_CHR, R::Fixed(T::Int), N::Args),
    calcite("CHARACTER_LENGTH", 1, 1, ONE_CHR, R::Fixed(T::Int), N::Args),
    varargs(calcite("CONCAT", 1, 1, ONE_CHR, R::Fixed(T::Str), N::Args)),
    varargs(calcite(
        "CONCAT_WS",
        1,
        1,
        ONE_CHR,
        R::Fixed(T::Str),
        N::Args,
    )),
    calcite("LPAD", 3, 3, &[&[Chr, Int, Chr]], R::Fixed(T::Str), N::Args),
    calcite("RPAD", 3, 3, &[&[Chr, Int, Chr]], R::Fixed(T::Str), N::Args),
    calcite("REPEAT", 2, 2, &[&[Chr, Int]], R::Fixed(T::Str), N::Args),
    calcite("REVERSE", 1, 1, ONE_CHR, R::Fixed(T::Str), N::Force),
    calcite("REPLACE", 3, 3, CHR3, R::Fixed(T::Str), N::Args),
    calcite("REGEXP_REPLACE", 3, 3, CHR3, R::Fixed(T::Str), N::Args),
    calcite(
        "REGEXP_EXTRACT",
        2,
        3,
        &[&[Chr, Chr], &[Chr, Chr, Int]],
        R::Fixed(T::Str),
        N::Force,
    ),
    calcite("REGEXP", 2, 2, CHR2, R::Fixed(T::Bool), N::Args),
    calcite(
        "SPLIT_INDEX",
        3,
        3,
        &[&[Chr, Chr, Int], &[Chr, Int, Int]],
        R::Fixed(T::Str),
        N::Force,
    ),
    calcite("SUBSTRING", 2, 3, SUBSTR_SIGS, R::Arg0Varchar, N::Force),
    calcite("SUBSTR", 2, 3, SUBSTR_SIGS, R::Arg0Varchar, N::Force),
    calcite("LEFT", 2, 2, &[&[Chr, Int]], R::Arg0Varchar, N::Force),
    calcite("RIGHT", 2, 2, &[&[Chr, Int]], R::Arg0Varchar, N::Force),
    calcite(
        "LTRIM",
        1,
        2,
        &[&[Chr], &[Chr, Chr]],
        R::Arg0Varying,
        N::Args,
    ),
    calcite(
        "RTRIM",
        1,
        2,
        &[&[Chr], &[Chr, Chr]],
        R::Arg0Varying,
        N::Args,
    ),
    calcite("TO_BASE64", 1, 1, ONE_STR, R::Fixed(T::Str), N::Args),
    calcite("FROM_BASE64", 1, 1, ONE_STR, R::Fixed(T::Str), N::Args),
    calcite("ASCII", 1, 1, ONE_CHR, R::Fixed(T::Int), N::Args),
    calcite("CHR", 1, 1, ONE_INT, R::Fixed(T::Str), N::Force),
    calcite("DECODE", 2, 2, &[&[Bin, Chr]], R::Fixed(T::Str), N::Args),
    calcite("ENCODE", 2, 2, CHR2, R::Fixed(T::Bytes), N::Args),
    calcite(
        "INSTR",
        2,
        4,
        &[&[Chr, Chr], &[Chr, Chr, Int], &[Chr, Chr, Int, Int]],
        R::Fixed(T::Int),
        N::Args,
    ),
    calcite(
        "LOCATE",
        2,
        3,
        &[&[Chr, Chr], &[Chr, Chr, Int]],
        R::Fixed(T::Int),
        N::Args,
    ),
    calcite(
        "PARSE_URL",
        2,
        3,
        &[&[Chr, Chr], &[Chr, Chr, Chr]],
        R::Fixed(T::Str),
        N::Force,
    ),
    calcite(
        "STR_TO_MAP",
        1,
        3,
        &[&[Chr], &[Chr, Chr, Chr]],
        R::Fixed(T::MapStrStr),
        N::Force,
    ),
    calcite("HEX", 1, 1, &[&[Int], &[Chr]], R::Fixed(T::Str), N::Args),
    calcite("BIN", 1, 1, ONE_INT, R::Fixed(T::Str), N::Args),
    calcite("MD5", 1, 1, ONE_STR, R::Fixed(T::Char(32)), N::Args),
    calcite("SHA1", 1, 1, ONE_STR, R::Fixed(T::Char(40)), N::Args),
    calcite("SHA224", 1, 1, ONE_STR, R::Fixed(T::Char(56)), N::Args),
    calcite("SHA256", 1, 1, ONE_STR, R::Fixed(T::Char(64)), N::Args),
    calcite("SHA384", 1, 1, ONE_STR, R::Fixed(T::Char(96)), N::Args),
    calcite("SHA512", 1, 1, ONE_STR, R::Fixed(T::Char(128)), N::Args),
    calcite(
        "SHA2",
        2,
        2,
        &[&[Str, Int]],
        R::Fixed(T::Varchar(128)),
        N::Args,
    ),
    calcite("UUID", 0, 0, NONE, R::Fixed(T::Char(36)), N::NotNull),
    calcite(
        "IS_ALPHA",
        1,
        1,
        &[&[Chr], &[Num]],
        R::Fixed(T::Bool),
        N::NotNull,
    ),
    calcite(
        "IS_DECIMAL",
        1,
        1,
        &[&[Chr], &[Num]],
        R::Fixed(T::Bool),
        N::NotNull,
    ),
    calcite(
        "IS_DIGIT",
        1,
        1,
        &[&[Chr], &[Num]],
        R::Fixed(T::Bool),
        N::NotNull,
    ),
    // ---- string (Flink) ----
    flink(
        "BTRIM",
        1,
        2,
        &[&[Chr], &[Chr, Chr]],
        R::Fixed(T::Str),
        N::Args,
    ),
    flink("REGEXP_COUNT", 2, 2, CHR2, R::Fixed(T::Int), N::Force),
    flink(
        "REGEXP_EXTRACT_ALL",
        2,
        3,
        &[&[Chr, Chr], &[Chr, Chr, Int]],
        R::Fixed(T::ArrStr),
        N::Force,
    ),
    flink("REGEXP_INSTR", 2, 2, CHR2, R::Fixed(T::Int), N::Force),
    flink("REGEXP_SUBSTR", 2, 2, CHR2, R::Fixed(T::Str), N::Force),
    flink("SPLIT", 2, 2, CHR2, R::Fixed(T::ArrStr), N::Args),
    flink(
        "STARTSWITH",
        2,
        2,
        &[&[Chr, Chr], &[Bin, Bin]],
        R::Fixed(T::Bool),
        N::Args,
    ),
    flink(
        "ENDSWITH",
        2,
        2,
        &[&[Chr, Chr], &[Bin, Bin]],
        R::Fixed(T::Bool),
        N::Args,
    ),
    flink("URL_ENCODE", 1, 1, ONE_CHR, R::Fixed(T::Str), N::Force),
    flink("URL_DECODE", 1, 1, ONE_CHR, R::Fixed(T::Str), N::Force),
    flink("UNHEX", 1, 1, ONE_CHR, R::Fixed(T::Bytes), N::Force),
    flink("JSON_QUOTE", 1, 1, ONE_CHR, R::Fixed(T::Str), N::Args),
    flink("JSON_UNQUOTE", 1, 1, ONE_CHR, R::Fixed(T::Str), N::Args),
    varargs(flink(
        "PRINTF",
        1,
        2,
        &[&[Chr, Any]],
        R::Fixed(T::Str),
        N::Force,
    )),
    flink("TRANSLATE", 3, 3, CHR3, R::Custom("translate"), N::Keep),
    varargs(flink(
        "ELT",
        2,
        2,
        &[&[Int, Any]],
        R::Custom("elt"),
        N::Keep,
    )),
    // ---- numeric (Calcite) ----
    calcite("ABS", 1, 1, &[&[Num], &[Ival]], R::Arg(0), N::Args),
    calcite("SIGN", 1, 1, ONE_NUM, R::Arg(0), N::Args),
    calcite("SQRT", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("LN", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("LOG10", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("LOG2", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite(
        "LOG",
        1,
        2,
        &[&[Num], &[Num, Num]],
        R::Fixed(T::Double),
        N::Args,
    ),
    calcite("EXP", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("POWER", 2, 2, NUM2, R::Fixed(T::Double), N::Args),
    calcite("ATAN2", 2, 2, NUM2, R::Fixed(T::Double), N::Args),
    calcite("SIN", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("COS", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("TAN", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("COT", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("ASIN", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("ACOS", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("ATAN", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("SINH", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("COSH", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("TANH", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("DEGREES", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("RADIANS", 1, 1, ONE_NUM, R::Fixed(T::Double), N::Args),
    calcite("MOD", 2, 2, &[&[Exact, Exact]], R::Custom("mod"), N::Keep),
    calcite(
        "ROUND",
        1,
        2,
        &[&[Num], &[Num, Int]],
        R::Custom("round"),
        N::Args,
    ),
    calcite(
        "TRUNCATE",
        1,
        2,
        &[&[Num], &[Num, Int]],
        R::Custom("round"),
        N::Args,
    ),
    calcite("FLOOR", 1, 1, &[&[Num]], R::Custom("floor"), N::Args),
    calcite("CEIL", 1, 1, &[&[Num]], R::Custom("floor"), N::Args),
    calcite("CEILING", 1, 1, &[&[Num]], R::Custom("floor"), N::Args),
    calcite("PI", 0, 0, NONE, R::Fixed(T::Double), N::NotNull),
    calcite("E", 0, 0, NONE, R::Fixed(T::Double), N::NotNull),
    calcite("RAND", 0, 1, &[&[], &[Num]], R::Fixed(T::Double), N::Args),
    calcite(
        "RAND_INTEGER",
        1,
        2,
        &[&[Num], &[Num, Num]],
        R::Fixed(T::Int),
        N::Args,
    ),
    // ---- time (Calcite) ----
    calcite(
        "DATE_FORMAT",
        2,
        2,
        &[&[Ts, Chr], &[Chr, Chr]],
        R::Fixed(T::Str),
        N::Force,
    ),
    calcite(
        "TO_DATE",
        1,
        2,
        &[&[Chr], &[Chr, Chr]],
        R::Fixed(T::Date),
        N::Force,
    ),
    calcite(
        "TO_TIMESTAMP",
        1,
        2,
        &[&[Chr], &[Chr, Chr]],
        R::Fixed(T::Ts3),
        N::Force,
    ),
    calcite(
        "FROM_UNIXTIME",
        1,
        2,
        &[&[Int], &[Int, Chr]],
        R::Fixed(T::Str),
        N::Force,
    ),
    calcite(
        "UNIX_TIMESTAMP",
        0,
        2,
        &[&[], &[Chr], &[Chr, Chr]],
        R::Fixed(T::BigInt),
        N::Args,
    ),
    calcite("CONVERT_TZ", 3, 3, CHR3, R::Fixed(T::Str), N::Force),
    calcite("YEAR", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("QUARTER", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("MONTH", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("WEEK", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("DAYOFYEAR", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("DAYOFMONTH", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("DAYOFWEEK", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("HOUR", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("MINUTE", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("SECOND", 1, 1, &[], R::Custom("extract"), N::Keep),
    calcite("PROCTIME", 0, 0, NONE, R::Custom("proctime"), N::Keep),
    calcite("NOW", 0, 1, &[&[], &[Int]], R::Custom("now"), N::Keep),
    calcite(
        "CURRENT_ROW_TIMESTAMP",
        0,
        1,
        &[&[], &[Int]],
        R::Custom("now"),
        N::Keep,
    ),
    calcite(
        "CURRENT_TIMESTAMP",
        0,
        1,
        &[&[], &[Int]],
        R::Custom("dynamic"),
        N::Keep,
    ),
    calcite(
        "LOCALTIMESTAMP",
        0,
        1,
        &[&[], &[Int]],
        R::Custom("dynamic"),
        N::Keep,
    ),
    calcite(
        "CURRENT_TIME",
        0,
        1,
        &[&[], &[Int]],
        R::Custom("dynamic"),
        N::Keep,
    ),
    calcite(
        "LOCALTIME",
        0,
        1,
        &[&[], &[Int]],
        R::Custom("dynamic"),
        N::Keep,
    ),
    calcite("CURRENT_DATE", 0, 0, NONE, R::Custom("dynamic"), N::Keep),
    calcite("CURRENT_DATABASE", 0, 0, NONE, R::Fixed(T::Str), N::NotNull),
    calcite("MATCH_ROWTIME", 0, 1, &[], R::Custom("match_time"), N::Keep),
    calcite(
        "MATCH_PROCTIME",
        0,
        0,
        &[],
        R::Custom("match_time"),
        N::Keep,
    ),
    // ---- time (Flink) ----
    flink(
        "TO_TIMESTAMP_LTZ",
        1,
        3,
        &[],
        R::Custom("to_timestamp_ltz"),
        N::Keep,
    ),
    flink(
        "SOURCE_WATERMARK",
        0,
        0,
        NONE,
        R::Custom("source_watermark"),
        N::Keep,
    ),
    flink(
        "CURRENT_WATERMARK",
        1,
        1,
        &[],
        R::Custom("current_watermark"),
        N::Keep,
    ),
    // ---- conditional ----
    calcite("IF", 3, 3, &[], R::Custom("if"), N::Keep),
    calcite("NULLIF", 2, 2, &[], R::Custom("nullif"), N::Keep),
    varargs(flink("COALESCE", 1, 1, &[], R::Custom("coalesce"), N::Keep)),
    flink("IFNULL", 2, 2, &[], R::Custom("coalesce"), N::Keep),
    varargs(flink("GREATEST", 1, 1, &[], R::Custom("greatest"), N::Keep)),
    varargs(flink("LEAST", 1, 1, &[], R::Custom("greatest"), N::Keep)),
    flink(
        "TYPEOF",
        1,
        2,
        &[&[Any], &[Any, Bool]],
        R::Custom("typeof"),
        N::Keep,
    ),
    // ---- collections ----
    calcite(
        "CARDINALITY",
        1,
        1,
        &[&[CollOrMap]],
        R::Fixed(T::Int),
        N::Args,
    ),
    calcite("ELEMENT", 1, 1, &[&[Coll]], R::Custom("element"), N::Keep),
    flink(
        "ARRAY_CONTAINS",
        2,
        2,
        &[],
        R::Custom("array_elem"),
        N::Keep,
    ),
    flink(
        "ARRAY_POSITION",
        2,
        2,
        &[],
        R::Custom("array_elem"),
        N::Keep,
    ),
    flink("ARRAY_REMOVE", 2, 2, &[], R::Custom("array_elem"), N::Keep),
    flink("ARRAY_APPEND", 2, 2, &[], R::Custom("array_elem"), N::Keep),
    flink("ARRAY_PREPEND", 2, 2, &[], R::Custom("array_elem"), N::Keep),
    flink("ARRAY_DISTINCT", 1, 1, &[&[Arr]], R::Arg(0), N::Args),
    flink("ARRAY_REVERSE", 1, 1, &[&[Arr]], R::Arg(0), N::Args),
    flink(
        "ARRAY_SLICE",
        2,
        3,
        &[&[Arr, Int], &[Arr, Int, Int]],
        R::Custom("array_slice"),
        N::Keep,
    ),
    flink(
        "ARRAY_SORT",
        1,
        3,
        &[&[Arr], &[Arr, Bool], &[Arr, Bool, Bool]],
        R::Custom("array_slice"),
        N::Keep,
    ),
    varargs(flink(
        "ARRAY_CONCAT",
        1,
        1,
        &[],
        R::Custom("array_union"),
        N::Keep,
    )),
    flink("ARRAY_UNION", 2, 2, &[], R::Custom("array_union"), N::Keep),
    flink("ARRAY_EXCEPT", 2, 2, &[], R::Custom("array_union"), N::Keep),
    flink(
        "ARRAY_INTERSECT",
        2,
        2,
        &[],
        R::Custom("array_union"),
        N::Keep,
    ),
    flink("ARRAY_MAX", 1, 1, &[], R::Custom("array_max"), N::Keep),
    flink("ARRAY_MIN", 1, 1, &[], R::Custom("array_max"), N::Keep),
    flink("ARRAY_JOIN", 2, 3, &[], R::Custom("array_join"), N::Keep),
    flink("MAP_KEYS", 1, 1, &[&[Map]], R::Custom("map_parts"), N::Keep),
    flink(
        "MAP_VALUES",
        1,
        1,
        &[&[Map]],
        R::Custom("map_parts"),
        N::Keep,
    ),
    flink(
        "MAP_ENTRIES",
        1,
        1,
        &[&[Map]],
        R::Custom("map_parts"),
        N::Keep,
    ),
    flink(
        "MAP_FROM_ARRAYS",
        2,
        2,
        &[&[Arr, Arr]],
        R::Custom("map_parts"),
        N::Keep,
    ),
    varargs(flink(
        "MAP_UNION",
        1,
        1,
        &[],
        R::Custom("map_union"),
        N::Keep,
    )),
    // ---- JSON ----
    flink("JSON_STRING", 1, 1, &[], R::Custom("json_string"), N::Keep),
    flink(
        "PARSE_JSON",
        1,
        2,
        &[&[Chr], &[Chr, Bool]],
        R::Fixed(T::Variant),
        N::Args,
    ),
    flink(
        "TRY_PARSE_JSON",
        1,
        2,
        &[&[Chr], &[Chr, Bool]],
        R::Fixed(T::Variant),
        N::Force,
    ),
    // ---- aggregates ----
    agg(calcite("SUM", 1, 1, ONE_NUM, R::Custom("sum"), N::Keep)),
    agg(varargs(calcite(
        "COUNT",
        1,
        1,
        &[],
        R::Fixed(T::BigInt),
        N::NotNull,
    ))),
    agg(calcite("AVG", 1, 1, ONE_NUM, R::Custom("avg"), N::Keep)),
    agg(calcite("MIN", 1, 1, ANY1, R::Custom("minmax"), N::Keep)),
    agg(calcite("MAX", 1, 1, ANY1, R::Custom("minmax"), N::Keep)),
    agg(calcite(
        "STDDEV_POP",
        1,
        1,
        ONE_NUM,
        R::Custom("stddev"),
        N::Keep,
    )),
    agg(calcite(
        "STDDEV_SAMP",
        1,
        1,
        ONE_NUM,
        R::Custom("stddev"),
        N::Keep,
    )),
    agg(calcite(
        "STDDEV",
        1,
        1,
        ONE_NUM,
        R::Custom("stddev"),
        N::Keep,
    )),
    agg(calcite(
        "VAR_POP",
        1,
        1,
        ONE_NUM,
        R::Custom("stddev"),
        N::Keep,
    )),
    agg(calcite(
        "VAR_SAMP",
        1,
        1,
        ONE_NUM,
        R::Custom("stddev"),
        N::Keep,
    )),
    agg(calcite(
        "VARIANCE",
        1,
        1,
        ONE_NUM,
        R::Custom("stddev"),
        N::Keep,
    )),
    agg(calcite("SINGLE_VALUE", 1, 1, ANY1, R::Arg(0), N::Force)),
    agg(calcite("FIRST_VALUE", 1, 1, ANY1, R::Arg(0), N::Force)),
    agg(calcite("LAST_VALUE", 1, 1, ANY1, R::Arg(0), N::Force)),
    agg(calcite(
        "LISTAGG",
        1,
        2,
        &[&[Chr], &[Chr, Chr]],
        R::Custom("listagg"),
        N::Keep,
    )),
    agg(calcite(
        "COLLECT",
        1,
        1,
        ANY1,
        R::Custom("collect"),
        N::Keep,
    )),
    agg(varargs(calcite(
        "APPROX_COUNT_DISTINCT",
        1,
        1,
        ANY1,
        R::Fixed(T::BigInt),
        N::NotNull,
    ))),
    agg(flink(
        "PERCENTILE",
        2,
        3,
        &[],
        R::Custom("percentile"),
        N::Keep,
    )),
    agg(calcite(
        "ARRAY_AGG",
        1,
        1,
        ANY1,
        R::Custom("array_agg"),
        N::Keep,
    )),
    agg(calcite(
        "ROW_NUMBER",
        0,
        0,
        NONE,
        R::Fixed(T::BigInt),
        N::NotNull,
    )),
    agg(calcite("RANK", 0, 0, NONE, R::Fixed(T::BigInt), N::NotNull)),
    agg(calcite(
        "DENSE_RANK",
        0,
        0,
        NONE,
        R::Fixed(T::BigInt),
        N::NotNull,
    )),
    agg(calcite(
        "CUME_DIST",
        0,
        0,
        NONE,
        R::Fixed(T::Double),
        N::NotNull,
    )),
    agg(calcite(
        "PERCENT_RANK",
        0,
        0,
        NONE,
        R::Fixed(T::Double),
        N::NotNull,
    )),
    agg(calcite("NTILE", 1, 1, &[], R::Custom("ntile"), N::NotNull)),
    agg(calcite(
        "LAG",
        1,
        3,
        &[&[Any], &[Any, Num], &[Any, Num, Any]],
        R::Custom("lag"),
        N::Keep,
    )),
    agg(calcite(
        "LEAD",
        1,
        3,
        &[&[Any], &[Any, Num], &[Any, Num, Any]],
        R::Custom("lag"),
        N::Keep,
    )),
    // ---- group windows ----
    calcite("TUMBLE", 2, 3, &[], R::Custom("group_window"), N::Keep),
    calcite("HOP", 3, 4, &[], R::Custom("group_window"), N::Keep),
    calcite("SESSION", 2, 3, &[], R::Custom("group_window"), N::Keep),
    calcite(
        "TUMBLE_START",
        2,
        3,
        &[],
        R::Custom("group_window"),
        N::Keep,
    ),
    calcite("TUMBLE_END", 2, 3, &[], R::Custom("group_window"), N::Keep),
    calcite(
        "TUMBLE_ROWTIME",
        2,
        3,
        &[],
        R::Custom("group_window"),
        N::Keep,
    ),
    calcite(
        "TUMBLE_PROCTIME",
        2,
        3,
        &[],
        R::Custom("group_window"),
        N::Keep,
    ),
    calcite("HOP_START", 3, 4, &[], R::Custom("group_window"), N::Keep),
    calcite("HOP_END", 3, 4, &[], R::Custom("group_window"), N::Keep),
    calcite("HOP_ROWTIME", 3, 4, &[], R::Custom("group_window"), N::Keep),
    calcite(
        "HOP_PROCTIME",
        3,
        4,
        &[],
        R::Custom("group_window"),
        N::Keep,
    ),
    calcite(
        "SESSION_START",
        2,
        3,
        &[],
        R::Custom("group_window"),
        N::Keep,
    ),
    calcite("SESSION_END", 2, 3, &[], R::Custom("group_window"), N::Keep),
    calcite(
        "SESSION_ROWTIME",
        2,
        3,
        &[],
        R::Custom("group_window"),
        N::Keep,
    ),
    calcite(
        "SESSION_PROCTIME",
        2,
        3,
        &[],
        R::Custom("group_window"),
        N::Keep,
    ),
    varargs(calcite(
        "CUMULATE",
        0,
        0,
        &[],
        R::Custom("window_tvf"),
        N::Keep,
    )),
    // ---- misc ----
    varargs(flink(
        "OBJECT_OF",
        1,
        1,
        &[],
        R::Custom("object_of"),
        N::Keep,
    )),
    calcite(
        "HASH_CODE",
        1,
        1,
        &[&[Bool], &[Num], &[Chr], &[Ts], &[Time], &[Date]],
        R::Fixed(T::Int),
        N::Args,
    ),
    varargs(calcite(
        "JSON_ARRAY",
        0,
        0,
        &[],
        R::Custom("json_array"),
        N::Keep,
    )),
    varargs(calcite(
        "JSON_OBJECT",
        0,
        0,
        &[],
        R::Custom("json_object"),
        N::Keep,
    )),
    agg(calcite(
        "JSON_ARRAYAGG",
        1,
        1,
        &[],
        R::Custom("json_arrayagg"),
        N::Keep,
    )),
];

/// Real Flink 2.3 built-in functions this catalogue does not type yet: a call is not typed
/// (never rejected).
pub(crate) static KNOWN_UNTYPED: &[&str] = &[
    "JSON_OBJECTAGG",
    "JSON",
    "GROUP_ID",
    "GROUPING_ID",
    "SUM0",
    "STREAMRECORD_TIMESTAMP",
    "PROCTIME_MATERIALIZE",
    "PRINT",
    "TRY_CAST",
    "CAST",
    "DESCRIPTOR",
    "FIRST",
    "LAST",
    "PREV",
    "NEXT",
    "CLASSIFIER",
    "FINAL",
    "RUNNING",
    "JSON_LENGTH",
    "BITMAP_BUILD",
    "BITMAP_BUILD_AGG",
    "BITMAP_AND",
    "BITMAP_AND_AGG",
    "BITMAP_OR",
    "BITMAP_OR_AGG",
    "BITMAP_XOR",
    "BITMAP_XOR_AGG",
    "BITMAP_ANDNOT",
    "BITMAP_CARDINALITY",
    "BITMAP_TO_ARRAY",
    "BITMAP_TO_STRING",
    "BITMAP_FROM_BYTES",
    "BITMAP_TO_BYTES",
    "OBJECT_UPDATE",
    "ML_PREDICT",
    "ML_EVALUATE",
    "VECTOR_SEARCH",
    "FROM_CHANGELOG",
    "TO_CHANGELOG",
];

/// The definition of a built-in function by name (case-insensitive).
pub(crate) fn lookup(name: &str) -> Option<&'static FnDef> {
    let upper = name.to_ascii_uppercase();
    FUNCTIONS.iter().find(|d| d.name == upper)
}

/// True for a real Flink built-in we do not type.
pub(crate) fn is_known_untyped(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    KNOWN_UNTYPED.iter().any(|n| *n == upper)
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

/// What the catalogue says about one built-in function, in words (for editors).
pub(crate) fn describe(def: &FnDef) -> super::FunctionInfo {
    let signatures = def
        .sigs
        .iter()
        .filter(|sig| !sig.is_empty() || def.min == 0)
        .map(|sig| {
            let mut args: Vec<&str> = sig.iter().map(|f| f.describe()).collect();
            if def.repeat {
                if let Some(last) = args.last().copied() {
                    args.push(last);
                    args.push("...");
                }
            }
            format!("{}({})", def.name, args.join(", "))
        })
        .collect();
    let returns = match def.ret {
        Ret::Fixed(t) => super::functions::fixed(t).summary_string(),
        Ret::Arg(i) => format!("the type of argument {}", i + 1),
        Ret::Arg0Varchar | Ret::Arg0Varying => "VARCHAR of the first argument's length".into(),
        Ret::Custom(_) => "a type derived from its arguments".to_string(),
    };
    super::FunctionInfo {
        name: def.name,
        min_args: def.min,
        max_args: def.max,
        signatures,
        returns,
        nullable_result: match def.nul {
            Nul::Args => "nullable when an argument is",
            Nul::Force => "always nullable",
            Nul::NotNull => "never null",
            Nul::Keep => "",
        },
        aggregate: def.agg,
        typed: true,
    }
}
