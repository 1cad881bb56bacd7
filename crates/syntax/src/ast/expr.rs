//! Scalar expressions of computed columns and watermarks, with Calcite's shapes.

use super::*;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Expr<'a> {
    pub span: Span,
    pub kind: ExprKind<'a>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum ExprKind<'a> {
    /// `a`, `t.a`, `` `a b` ``
    Identifier(ObjectName<'a>),
    Literal(Literal<'a>),
    /// `-x`, `+x`, `NOT x`
    Unary {
        op: UnaryOp,
        operand: &'a Expr<'a>,
    },
    Binary {
        op: BinaryOp,
        left: &'a Expr<'a>,
        right: &'a Expr<'a>,
    },
    /// `x IS [NOT] NULL | TRUE | FALSE | UNKNOWN | DISTINCT FROM y`
    Is {
        expr: &'a Expr<'a>,
        negated: bool,
        test: IsTest<'a>,
    },
    /// `x [NOT] BETWEEN [SYMMETRIC|ASYMMETRIC] low AND high`
    Between {
        expr: &'a Expr<'a>,
        negated: bool,
        symmetric: bool,
        low: &'a Expr<'a>,
        high: &'a Expr<'a>,
    },
    /// `x [NOT] LIKE | ILIKE | SIMILAR TO pattern [ESCAPE e]`
    Like {
        expr: &'a Expr<'a>,
        negated: bool,
        kind: LikeKind,
        pattern: &'a Expr<'a>,
        escape: Option<&'a Expr<'a>>,
    },
    /// `x [NOT] IN (a, b, ...)`
    In {
        expr: &'a Expr<'a>,
        negated: bool,
        list: List<'a, Expr<'a>>,
    },
    /// `name([DISTINCT|ALL] args)`, including reserved-word functions (`UPPER(x)`). Boxed,
    /// as the other large variants: every expression is as large as its largest variant.
    Call(&'a Call<'a>),
    /// `CAST(x AS T)` / `TRY_CAST(x AS T)`
    Cast {
        try_cast: bool,
        expr: &'a Expr<'a>,
        data_type: &'a DataTypeSyntax<'a>,
    },
    /// `CASE [operand] WHEN .. THEN .. [ELSE ..] END`
    Case {
        operand: Option<&'a Expr<'a>>,
        whens: List<'a, WhenClause<'a>>,
        else_result: Option<&'a Expr<'a>>,
    },
    /// `EXTRACT(unit FROM x)`
    Extract {
        unit: Ident<'a>,
        expr: &'a Expr<'a>,
    },
    /// `POSITION(a IN b [FROM c])`
    Position {
        needle: &'a Expr<'a>,
        haystack: &'a Expr<'a>,
        from: Option<&'a Expr<'a>>,
    },
    /// `TRIM([BOTH|LEADING|TRAILING] [chars] FROM x)` or `TRIM(x)`
    Trim {
        side: Option<TrimSide>,
        chars: Option<&'a Expr<'a>>,
        expr: &'a Expr<'a>,
    },
    /// `SUBSTRING(x FROM a [FOR b])`; the comma form is a plain `Call`.
    Substring {
        expr: &'a Expr<'a>,
        from: &'a Expr<'a>,
        length: Option<&'a Expr<'a>>,
    },
    /// `OVERLAY(x PLACING y FROM a [FOR b])`
    Overlay {
        expr: &'a Expr<'a>,
        placing: &'a Expr<'a>,
        from: &'a Expr<'a>,
        length: Option<&'a Expr<'a>>,
    },
    /// `FLOOR(x TO unit)` / `CEIL(x TO unit)`; without `TO` it is a plain `Call`.
    FloorCeil {
        ceil: bool,
        expr: &'a Expr<'a>,
        unit: Ident<'a>,
    },
    /// `TIMESTAMPADD(unit, n, ts)` / `TIMESTAMPDIFF(unit, a, b)`
    TimestampArith {
        diff: bool,
        unit: Ident<'a>,
        left: &'a Expr<'a>,
        right: &'a Expr<'a>,
    },
    /// `JSON_VALUE`, `JSON_QUERY`, `JSON_EXISTS` with their clauses.
    Json(&'a JsonCall<'a>),
    /// `CURRENT_TIMESTAMP`, `LOCALTIMESTAMP`, `CURRENT_DATE`, ... without parentheses.
    ContextVariable {
        name: Ident<'a>,
    },
    /// `ROW(a, b)` or `(a, b)`
    Row {
        explicit: bool,
        items: List<'a, Expr<'a>>,
    },
    /// `ARRAY[a, b]`
    Array {
        items: List<'a, Expr<'a>>,
    },
    /// `MAP[k, v, ...]`
    Map {
        items: List<'a, Expr<'a>>,
    },
    /// `x.field` where `x` is not a plain name (`f(a).b`, `(r).b`)
    FieldAccess {
        expr: &'a Expr<'a>,
        field: Ident<'a>,
    },
    /// `x[i]`
    Item {
        expr: &'a Expr<'a>,
        index: &'a Expr<'a>,
    },
    /// `( x )`: kept so that spans and re-printing know about the parentheses.
    Nested(&'a Expr<'a>),
    /// `(a - b) DAY TO SECOND`: the difference of two datetimes as an interval.
    DatetimeInterval {
        expr: &'a Expr<'a>,
        qualifier: &'a IntervalQualifier,
    },
    /// `( query )` where a value is expected: a scalar subquery (queries only; a computed
    /// column or watermark reports it as an error).
    Subquery(&'a Query<'a>),
    /// `EXISTS ( query )`
    Exists(&'a Query<'a>),
    /// `x [NOT] IN ( query )`
    InQuery {
        expr: &'a Expr<'a>,
        negated: bool,
        query: &'a Query<'a>,
    },
    /// `x op ANY|SOME|ALL ( query )` or `( list )`
    Quantified {
        op: BinaryOp,
        quantifier: Quantifier,
        expr: &'a Expr<'a>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        query: Option<&'a Query<'a>>,
        #[serde(default, skip_serializing_if = "is_empty_slice")]
        list: List<'a, Expr<'a>>,
    },
    /// `t.*` as a call's argument (`COUNT(B.*)` in MATCH_RECOGNIZE measures).
    QualifiedStar {
        qualifier: ObjectName<'a>,
    },
    /// `DESCRIPTOR(a, b)`, a window table function's time column.
    Descriptor {
        columns: List<'a, Ident<'a>>,
    },
    /// `TABLE t [PARTITION BY ...] [ORDER BY ...]`, a table function's table argument.
    TableArgument(&'a TableArgument<'a>),
    /// `RUNNING x` / `FINAL x` in MATCH_RECOGNIZE measures.
    MatchSemantics {
        running: bool,
        expr: &'a Expr<'a>,
    },
    /// `JSON_OBJECT(...)`, `JSON_ARRAY(...)` and their aggregates.
    JsonConstructor(&'a JsonConstructor<'a>),
    /// The parser could not read an expression here; a diagnostic was reported.
    Error,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Call<'a> {
    pub name: ObjectName<'a>,
    pub quantifier: Option<SetQuantifier>,
    pub args: List<'a, Expr<'a>>,
    /// `COUNT(*)`
    pub star: bool,
    /// Arguments with `name => value`, in order, beside `args` (the positional ones).
    pub named_args: List<'a, (Ident<'a>, Expr<'a>)>,
    /// `FILTER (WHERE condition)` after an aggregate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<&'a Expr<'a>>,
    /// The span of `OVER (...)` or `OVER window`, when the call is a window aggregate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<Span>,
    /// What `OVER` names or specifies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<&'a Over<'a>>,
    /// `WITHIN GROUP (ORDER BY ...)`
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub within_group: List<'a, OrderItem<'a>>,
    /// `IGNORE NULLS` (true) or `RESPECT NULLS` (false) after the call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignore_nulls: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum SetQuantifier {
    Distinct,
    All,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WhenClause<'a> {
    pub condition: Expr<'a>,
    pub result: Expr<'a>,
    /// More values of a simple CASE's `WHEN 1, 2, 3 THEN`.
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub more_values: List<'a, Expr<'a>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum TrimSide {
    Both,
    Leading,
    Trailing,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "test", rename_all = "snake_case")]
pub enum IsTest<'a> {
    Null,
    True,
    False,
    Unknown,
    DistinctFrom {
        other: &'a Expr<'a>,
    },
    /// `IS JSON [VALUE|OBJECT|ARRAY|SCALAR]`
    Json {
        kind: Option<Ident<'a>>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LikeKind {
    Like,
    Ilike,
    SimilarTo,
    Rlike,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnaryOp {
    Plus,
    Minus,
    Not,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    NotEq,
    Lt,
    LtEq,
    Gt,
    GtEq,
    Plus,
    Minus,
    Multiply,
    Divide,
    Modulo,
    Concat,
}

impl BinaryOp {
    /// `=`, `<>`, `<`, `<=`, `>`, `>=`.
    #[inline]
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq
                | BinaryOp::NotEq
                | BinaryOp::Lt
                | BinaryOp::LtEq
                | BinaryOp::Gt
                | BinaryOp::GtEq
        )
    }

    /// The operator as Flink prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Or => "OR",
            BinaryOp::And => "AND",
            BinaryOp::Eq => "=",
            BinaryOp::NotEq => "<>",
            BinaryOp::Lt => "<",
            BinaryOp::LtEq => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::GtEq => ">=",
            BinaryOp::Plus => "+",
            BinaryOp::Minus => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide => "/",
            BinaryOp::Modulo => "%",
            BinaryOp::Concat => "||",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "literal", rename_all = "snake_case")]
pub enum Literal<'a> {
    /// An unsigned exact number without a point: `42` (the text keeps its digits).
    Integer {
        text: &'a str,
    },
    /// An exact number with a point: `1.5`, `.5`, `1.`
    Decimal {
        text: &'a str,
    },
    /// An approximate number: `1e3`, `1.5E-2`
    Approximate {
        text: &'a str,
    },
    /// `'text'` (also `N'..'`, `U&'..'`, `_charset'..'`)
    String {
        value: &'a str,
    },
    /// `X'0AFF'`: the hexadecimal digits
    Binary {
        hex: &'a str,
    },
    Boolean {
        value: bool,
    },
    Null,
    Unknown,
    /// `DATE '..'`, `TIME '..'`, `TIMESTAMP '..'`, `TIMESTAMP_LTZ '..'`
    Typed {
        kind: TypedLiteralKind,
        value: &'a str,
    },
    /// `INTERVAL [-]'..' qualifier` (boxed: the largest literal by far)
    Interval(&'a IntervalLiteral<'a>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TypedLiteralKind {
    Date,
    Time,
    Timestamp,
    TimestampLtz,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IntervalLiteral<'a> {
    pub negative: bool,
    pub value: &'a str,
    pub qualifier: IntervalQualifier,
}

/// `DAY`, `DAY(2) TO SECOND(3)`, `SECONDS`, ...
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IntervalQualifier {
    pub span: Span,
    pub start: TimeUnit,
    pub start_precision: Option<IntLit>,
    pub end: Option<TimeUnit>,
    pub fractional_precision: Option<IntLit>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum TimeUnit {
    Year,
    Quarter,
    Month,
    Week,
    Day,
    Hour,
    Minute,
    Second,
    Millisecond,
    Microsecond,
    Nanosecond,
}

impl TimeUnit {
    pub fn as_str(self) -> &'static str {
        match self {
            TimeUnit::Year => "YEAR",
            TimeUnit::Quarter => "QUARTER",
            TimeUnit::Month => "MONTH",
            TimeUnit::Week => "WEEK",
            TimeUnit::Day => "DAY",
            TimeUnit::Hour => "HOUR",
            TimeUnit::Minute => "MINUTE",
            TimeUnit::Second => "SECOND",
            TimeUnit::Millisecond => "MILLISECOND",
            TimeUnit::Microsecond => "MICROSECOND",
            TimeUnit::Nanosecond => "NANOSECOND",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JsonCall<'a> {
    pub function: JsonFunction,
    pub args: List<'a, Expr<'a>>,
    pub returning: Option<DataTypeSyntax<'a>>,
    /// The behaviour clauses (`NULL ON EMPTY`, `DEFAULT x ON ERROR`, `WITH WRAPPER`), as written.
    pub clauses: List<'a, JsonClause<'a>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum JsonFunction {
    JsonValue,
    JsonQuery,
    JsonExists,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JsonClause<'a> {
    pub span: Span,
    /// The clause's words, upper-cased (`NULL ON EMPTY`, `WITH CONDITIONAL ARRAY WRAPPER`).
    pub words: &'a str,
    /// The expression of `DEFAULT expr ON ...`.
    pub default: Option<Expr<'a>>,
}
