//! Scalar expressions of computed columns and watermarks, with Calcite's shapes.

use super::*;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Expr {
    pub span: Span,
    pub kind: ExprKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum ExprKind {
    /// `a`, `t.a`, `` `a b` ``
    Identifier(ObjectName),
    Literal(Literal),
    /// `-x`, `+x`, `NOT x`
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// `x IS [NOT] NULL | TRUE | FALSE | UNKNOWN | DISTINCT FROM y`
    Is {
        expr: Box<Expr>,
        negated: bool,
        test: IsTest,
    },
    /// `x [NOT] BETWEEN [SYMMETRIC|ASYMMETRIC] low AND high`
    Between {
        expr: Box<Expr>,
        negated: bool,
        symmetric: bool,
        low: Box<Expr>,
        high: Box<Expr>,
    },
    /// `x [NOT] LIKE | ILIKE | SIMILAR TO pattern [ESCAPE e]`
    Like {
        expr: Box<Expr>,
        negated: bool,
        kind: LikeKind,
        pattern: Box<Expr>,
        escape: Option<Box<Expr>>,
    },
    /// `x [NOT] IN (a, b, ...)`
    In {
        expr: Box<Expr>,
        negated: bool,
        list: Vec<Expr>,
    },
    /// `name([DISTINCT|ALL] args)`, including reserved-word functions (`UPPER(x)`). Boxed,
    /// as the other large variants: every expression is as large as its largest variant.
    Call(Box<Call>),
    /// `CAST(x AS T)` / `TRY_CAST(x AS T)`
    Cast {
        try_cast: bool,
        expr: Box<Expr>,
        data_type: Box<DataTypeSyntax>,
    },
    /// `CASE [operand] WHEN .. THEN .. [ELSE ..] END`
    Case {
        operand: Option<Box<Expr>>,
        whens: Vec<WhenClause>,
        else_result: Option<Box<Expr>>,
    },
    /// `EXTRACT(unit FROM x)`
    Extract {
        unit: Ident,
        expr: Box<Expr>,
    },
    /// `POSITION(a IN b [FROM c])`
    Position {
        needle: Box<Expr>,
        haystack: Box<Expr>,
        from: Option<Box<Expr>>,
    },
    /// `TRIM([BOTH|LEADING|TRAILING] [chars] FROM x)` or `TRIM(x)`
    Trim {
        side: Option<TrimSide>,
        chars: Option<Box<Expr>>,
        expr: Box<Expr>,
    },
    /// `SUBSTRING(x FROM a [FOR b])`; the comma form is a plain `Call`.
    Substring {
        expr: Box<Expr>,
        from: Box<Expr>,
        length: Option<Box<Expr>>,
    },
    /// `OVERLAY(x PLACING y FROM a [FOR b])`
    Overlay {
        expr: Box<Expr>,
        placing: Box<Expr>,
        from: Box<Expr>,
        length: Option<Box<Expr>>,
    },
    /// `FLOOR(x TO unit)` / `CEIL(x TO unit)`; without `TO` it is a plain `Call`.
    FloorCeil {
        ceil: bool,
        expr: Box<Expr>,
        unit: Ident,
    },
    /// `TIMESTAMPADD(unit, n, ts)` / `TIMESTAMPDIFF(unit, a, b)`
    TimestampArith {
        diff: bool,
        unit: Ident,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// `JSON_VALUE`, `JSON_QUERY`, `JSON_EXISTS` with their clauses.
    Json(Box<JsonCall>),
    /// `CURRENT_TIMESTAMP`, `LOCALTIMESTAMP`, `CURRENT_DATE`, ... without parentheses.
    ContextVariable {
        name: Ident,
    },
    /// `ROW(a, b)` or `(a, b)`
    Row {
        explicit: bool,
        items: Vec<Expr>,
    },
    /// `ARRAY[a, b]`
    Array {
        items: Vec<Expr>,
    },
    /// `MAP[k, v, ...]`
    Map {
        items: Vec<Expr>,
    },
    /// `x.field` where `x` is not a plain name (`f(a).b`, `(r).b`)
    FieldAccess {
        expr: Box<Expr>,
        field: Ident,
    },
    /// `x[i]`
    Item {
        expr: Box<Expr>,
        index: Box<Expr>,
    },
    /// `( x )`: kept so that spans and re-printing know about the parentheses.
    Nested(Box<Expr>),
    /// `(a - b) DAY TO SECOND`: the difference of two datetimes as an interval.
    DatetimeInterval {
        expr: Box<Expr>,
        qualifier: Box<IntervalQualifier>,
    },
    /// `( query )` where a value is expected: a scalar subquery (queries only; a computed
    /// column or watermark reports it as an error).
    Subquery(Box<Query>),
    /// `EXISTS ( query )`
    Exists(Box<Query>),
    /// `x [NOT] IN ( query )`
    InQuery {
        expr: Box<Expr>,
        negated: bool,
        query: Box<Query>,
    },
    /// `x op ANY|SOME|ALL ( query )` or `( list )`
    Quantified {
        op: BinaryOp,
        quantifier: Quantifier,
        expr: Box<Expr>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        query: Option<Box<Query>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        list: Vec<Expr>,
    },
    /// `t.*` as a call's argument (`COUNT(B.*)` in MATCH_RECOGNIZE measures).
    QualifiedStar {
        qualifier: ObjectName,
    },
    /// `DESCRIPTOR(a, b)`, a window table function's time column.
    Descriptor {
        columns: Vec<Ident>,
    },
    /// `TABLE t [PARTITION BY ...] [ORDER BY ...]`, a table function's table argument.
    TableArgument(Box<TableArgument>),
    /// `RUNNING x` / `FINAL x` in MATCH_RECOGNIZE measures.
    MatchSemantics {
        running: bool,
        expr: Box<Expr>,
    },
    /// `JSON_OBJECT(...)`, `JSON_ARRAY(...)` and their aggregates.
    JsonConstructor(Box<JsonConstructor>),
    /// The parser could not read an expression here; a diagnostic was reported.
    Error,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Call {
    pub name: ObjectName,
    pub quantifier: Option<SetQuantifier>,
    pub args: Vec<Expr>,
    /// `COUNT(*)`
    pub star: bool,
    /// Arguments with `name => value`, in order, beside `args` (the positional ones).
    pub named_args: Vec<(Ident, Expr)>,
    /// `FILTER (WHERE condition)` after an aggregate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<Box<Expr>>,
    /// The span of `OVER (...)` or `OVER window`, when the call is a window aggregate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<Span>,
    /// What `OVER` names or specifies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<Box<Over>>,
    /// `WITHIN GROUP (ORDER BY ...)`
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub within_group: Vec<OrderItem>,
    /// `IGNORE NULLS` (true) or `RESPECT NULLS` (false) after the call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignore_nulls: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum SetQuantifier {
    Distinct,
    All,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WhenClause {
    pub condition: Expr,
    pub result: Expr,
    /// More values of a simple CASE's `WHEN 1, 2, 3 THEN`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_values: Vec<Expr>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum TrimSide {
    Both,
    Leading,
    Trailing,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "test", rename_all = "snake_case")]
pub enum IsTest {
    Null,
    True,
    False,
    Unknown,
    DistinctFrom {
        other: Box<Expr>,
    },
    /// `IS JSON [VALUE|OBJECT|ARRAY|SCALAR]`
    Json {
        kind: Option<Ident>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LikeKind {
    Like,
    Ilike,
    SimilarTo,
    Rlike,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnaryOp {
    Plus,
    Minus,
    Not,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "literal", rename_all = "snake_case")]
pub enum Literal {
    /// An unsigned exact number without a point: `42` (the text keeps its digits).
    Integer {
        text: CompactString,
    },
    /// An exact number with a point: `1.5`, `.5`, `1.`
    Decimal {
        text: CompactString,
    },
    /// An approximate number: `1e3`, `1.5E-2`
    Approximate {
        text: CompactString,
    },
    /// `'text'` (also `N'..'`, `U&'..'`, `_charset'..'`)
    String {
        value: CompactString,
    },
    /// `X'0AFF'`: the hexadecimal digits
    Binary {
        hex: CompactString,
    },
    Boolean {
        value: bool,
    },
    Null,
    Unknown,
    /// `DATE '..'`, `TIME '..'`, `TIMESTAMP '..'`, `TIMESTAMP_LTZ '..'`
    Typed {
        kind: TypedLiteralKind,
        value: CompactString,
    },
    /// `INTERVAL [-]'..' qualifier` (boxed: the largest literal by far)
    Interval(Box<IntervalLiteral>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TypedLiteralKind {
    Date,
    Time,
    Timestamp,
    TimestampLtz,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IntervalLiteral {
    pub negative: bool,
    pub value: CompactString,
    pub qualifier: IntervalQualifier,
}

/// `DAY`, `DAY(2) TO SECOND(3)`, `SECONDS`, ...
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntervalQualifier {
    pub span: Span,
    pub start: TimeUnit,
    pub start_precision: Option<IntLit>,
    pub end: Option<TimeUnit>,
    pub fractional_precision: Option<IntLit>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonCall {
    pub function: JsonFunction,
    pub args: Vec<Expr>,
    pub returning: Option<DataTypeSyntax>,
    /// The behaviour clauses (`NULL ON EMPTY`, `DEFAULT x ON ERROR`, `WITH WRAPPER`), as written.
    pub clauses: Vec<JsonClause>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum JsonFunction {
    JsonValue,
    JsonQuery,
    JsonExists,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonClause {
    pub span: Span,
    /// The clause's words, upper-cased (`NULL ON EMPTY`, `WITH CONDITIONAL ARRAY WRAPPER`).
    pub words: String,
    /// The expression of `DEFAULT expr ON ...`.
    pub default: Option<Expr>,
}
