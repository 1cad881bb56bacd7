//! Queries with Calcite's shapes: `WITH`, set operations, `SELECT` blocks, `VALUES`, `FROM`
//! items (joins, derived tables, `UNNEST`, table functions, `MATCH_RECOGNIZE`), windows and
//! ordering. Set operations and joins are kept as flat chains (Calcite's left-deep trees read
//! left to right), so a chain of 100,000 `UNION ALL`s is one list, not a 100,000-deep tree.

use super::*;

/// `[WITH ...] body [ORDER BY ...] [LIMIT ...] [OFFSET ...] [FETCH ...]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Query {
    pub span: Span,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with: Option<With>,
    pub body: SetExpr,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order_by: Vec<OrderItem>,
    /// `LIMIT n` or `LIMIT ALL` (`None` inside for ALL), or `FETCH FIRST n ROWS ONLY`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Box<Expr>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<Box<Expr>>,
}

/// `WITH [RECURSIVE] name [(cols)] AS (query), ...`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct With {
    pub span: Span,
    pub recursive: bool,
    pub ctes: Vec<Cte>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cte {
    pub span: Span,
    pub name: Ident,
    pub columns: Option<ColumnList>,
    pub query: Box<Query>,
}

/// One operand of a set operation, or the whole body when there is none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetExpr {
    pub span: Span,
    pub kind: SetExprKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum SetExprKind {
    Select(Box<Select>),
    /// `VALUES row, ...`: each row a `Row` expression or a single value.
    Values {
        rows: Vec<Expr>,
    },
    /// `TABLE name`
    Table {
        name: ObjectName,
    },
    /// `( query )`
    Nested(Box<Query>),
    /// `first op second op third ...`, left-associative; INTERSECT binds tighter than UNION,
    /// EXCEPT and MINUS, so an INTERSECT chain is one operand here.
    SetOperation {
        first: Box<SetExpr>,
        rest: Vec<SetOperand>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetOperand {
    pub op: SetOperator,
    pub quantifier: Option<SetQuantifier>,
    pub operand: SetExpr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum SetOperator {
    Union,
    Intersect,
    Except,
}

/// `SELECT [hints] [STREAM] [ALL|DISTINCT] items [FROM ...] [WHERE ...] [GROUP BY ...]
/// [HAVING ...] [WINDOW ...] [QUALIFY ...]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Select {
    pub span: Span,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<Hint>,
    pub quantifier: Option<SetQuantifier>,
    pub items: Vec<QueryItem>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<FromClause>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub where_clause: Option<Expr>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_by: Option<GroupBy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub having: Option<Expr>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub windows: Vec<NamedWindow>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualify: Option<Expr>,
}

/// A `/*+ name(args), ... */` comment that Flink reads as hints; kept as its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    pub span: Span,
}

/// An item of a select list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum QueryItem {
    /// `*` or `t.*` (the qualifier's parts).
    Wildcard {
        span: Span,
        qualifier: Option<ObjectName>,
        /// `* AS x`: Calcite's grammar takes it; its validator rejects it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        alias: Option<Ident>,
    },
    Expr {
        span: Span,
        expr: Expr,
        alias: Option<Ident>,
    },
}

/// `FROM item {, item | JOIN ...}`: the first item and what follows it, left to right.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FromClause {
    pub span: Span,
    pub first: TableRef,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joins: Vec<Join>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Join {
    pub span: Span,
    pub natural: bool,
    pub kind: JoinKind,
    pub right: TableRef,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<JoinCondition>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JoinKind {
    /// `a, b`
    Comma,
    Inner,
    Left,
    Right,
    Full,
    Cross,
    /// `CROSS APPLY` / `OUTER APPLY`
    CrossApply,
    OuterApply,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "condition", rename_all = "snake_case")]
pub enum JoinCondition {
    On { expr: Expr },
    Using { columns: ColumnList },
}

/// A FROM item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableRef {
    pub span: Span,
    pub kind: TableRefKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_recognize: Option<Box<MatchRecognize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alias: Option<TableAlias>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum TableRefKind {
    /// `name [/*+ hints */] [FOR SYSTEM_TIME AS OF expr]`
    Named {
        name: ObjectName,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        hints: Vec<Hint>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        system_time: Option<Box<Expr>>,
    },
    /// `[LATERAL] ( query )`
    Derived { lateral: bool, query: Box<Query> },
    /// `[LATERAL] TABLE ( call )`: a table function (window TVFs among them).
    Function { lateral: bool, call: Box<Expr> },
    /// `UNNEST ( exprs ) [WITH ORDINALITY]`
    Unnest { args: Vec<Expr>, ordinality: bool },
    /// `( from_clause )`: a parenthesised join.
    Nested(Box<FromClause>),
}

/// `[AS] alias [(col, ...)]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableAlias {
    pub span: Span,
    pub name: Ident,
    pub columns: Option<ColumnList>,
}

/// `GROUP BY [ALL|DISTINCT] element, ...`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupBy {
    pub span: Span,
    pub quantifier: Option<SetQuantifier>,
    pub items: Vec<GroupingElement>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum GroupingElement {
    Expr {
        expr: Expr,
    },
    /// `()`
    Empty {
        span: Span,
    },
    /// `GROUPING SETS (element, ...)`
    GroupingSets {
        span: Span,
        items: Vec<GroupingElement>,
    },
    /// `ROLLUP (expr, ...)` / `CUBE (expr, ...)`; a parenthesised group is a `Row`.
    Rollup {
        span: Span,
        items: Vec<Expr>,
    },
    Cube {
        span: Span,
        items: Vec<Expr>,
    },
}

/// `expr [ASC|DESC] [NULLS FIRST|LAST]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderItem {
    pub span: Span,
    pub expr: Expr,
    pub descending: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nulls_first: Option<bool>,
}

/// `WINDOW name AS (spec)`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedWindow {
    pub span: Span,
    pub name: Ident,
    pub spec: WindowSpec,
}

/// What follows `OVER`: a window's name or its specification.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum Over {
    Named { name: Ident },
    Spec { spec: WindowSpec },
}

/// `( [base] [PARTITION BY ...] [ORDER BY ...] [ROWS|RANGE frame] [ALLOW|DISALLOW PARTIAL] )`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WindowSpec {
    pub span: Span,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<Ident>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub partition_by: Vec<Expr>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order_by: Vec<OrderItem>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<WindowFrame>,
}

/// `ROWS|RANGE bound` or `ROWS|RANGE BETWEEN bound AND bound`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WindowFrame {
    pub span: Span,
    pub rows: bool,
    pub start: FrameBound,
    pub end: Option<FrameBound>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "bound", rename_all = "snake_case")]
pub enum FrameBound {
    UnboundedPreceding { span: Span },
    UnboundedFollowing { span: Span },
    CurrentRow { span: Span },
    Preceding { span: Span, offset: Box<Expr> },
    Following { span: Span, offset: Box<Expr> },
}

/// `MATCH_RECOGNIZE ( ... )` after a FROM item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchRecognize {
    pub span: Span,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub partition_by: Vec<Expr>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order_by: Vec<OrderItem>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub measures: Vec<Measure>,
    /// `ONE ROW PER MATCH` (false) or `ALL ROWS PER MATCH` (true), when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_rows: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_match: Option<AfterMatch>,
    pub pattern: Pattern,
    pub anchored_start: bool,
    pub anchored_end: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<Box<Expr>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subsets: Vec<Subset>,
    pub define: Vec<Measure>,
}

/// `expr AS name` in MEASURES and `name AS condition` in DEFINE.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Measure {
    pub span: Span,
    pub name: Ident,
    pub expr: Expr,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "skip", rename_all = "snake_case")]
pub enum AfterMatch {
    ToNextRow { span: Span },
    PastLastRow { span: Span },
    ToFirst { span: Span, variable: Ident },
    ToLast { span: Span, variable: Ident },
    To { span: Span, variable: Ident },
}

/// `SUBSET name = (a, b)`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Subset {
    pub span: Span,
    pub name: Ident,
    pub variables: Vec<Ident>,
}

/// A row pattern of MATCH_RECOGNIZE.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pattern {
    pub span: Span,
    pub kind: PatternKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum PatternKind {
    Variable {
        name: Ident,
    },
    /// `a b c`
    Sequence {
        items: Vec<Pattern>,
    },
    /// `a | b`
    Alternation {
        items: Vec<Pattern>,
    },
    /// `a*`, `a+`, `a?`, `a{n}`, `a{n,}`, `a{n,m}`, `a{,m}`, each optionally reluctant (`?`).
    Quantified {
        pattern: Box<Pattern>,
        min: Option<u64>,
        max: Option<u64>,
        reluctant: bool,
    },
    /// `( pattern )`, also `()`.
    Group {
        pattern: Option<Box<Pattern>>,
    },
    /// `PERMUTE (a, b)`
    Permute {
        items: Vec<Pattern>,
    },
    /// `{- pattern -}`
    Exclusion {
        pattern: Box<Pattern>,
    },
}

/// `TABLE name [PARTITION BY ...] [ORDER BY ...]` or `TABLE (query)` as a table function's
/// argument.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableArgument {
    pub span: Span,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<ObjectName>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<Box<Query>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub partition_by: Vec<Expr>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order_by: Vec<OrderItem>,
}

/// `JSON_OBJECT`, `JSON_OBJECTAGG`, `JSON_ARRAY` and `JSON_ARRAYAGG` with their clauses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonConstructor {
    pub function: JsonConstructorKind,
    /// `KEY k VALUE v`, `k VALUE v` or `k : v` for objects (key, value).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<(Expr, Expr)>,
    /// The elements of an array, or the value of `JSON_ARRAYAGG`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Expr>,
    /// `JSON_ARRAY((SELECT ...))`-style query source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<Box<Query>>,
    /// `NULL ON NULL` (true) or `ABSENT ON NULL` (false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null_on_null: Option<bool>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order_by: Vec<OrderItem>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returning: Option<DataTypeSyntax>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum JsonConstructorKind {
    JsonObject,
    JsonObjectagg,
    JsonArray,
    JsonArrayagg,
}

/// `ANY`, `SOME` or `ALL` before a subquery or list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Quantifier {
    Any,
    Some,
    All,
}
