//! Queries with Calcite's shapes: `WITH`, set operations, `SELECT` blocks, `VALUES`, `FROM`
//! items (joins, derived tables, `UNNEST`, table functions, `MATCH_RECOGNIZE`), windows and
//! ordering. Set operations and joins are kept as flat chains (Calcite's left-deep trees read
//! left to right), so a chain of 100,000 `UNION ALL`s is one list, not a 100,000-deep tree.

use super::*;

/// `[WITH ...] body [ORDER BY ...] [LIMIT ...] [OFFSET ...] [FETCH ...]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Query<'a> {
    pub span: Span,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with: Option<With<'a>>,
    pub body: SetExpr<'a>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub order_by: List<'a, OrderItem<'a>>,
    /// `LIMIT n` or `LIMIT ALL` (`None` inside for ALL), or `FETCH FIRST n ROWS ONLY`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'a Expr<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<&'a Expr<'a>>,
}

/// `WITH [RECURSIVE] name [(cols)] AS (query), ...`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct With<'a> {
    pub span: Span,
    pub recursive: bool,
    pub ctes: List<'a, Cte<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cte<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub columns: Option<ColumnList<'a>>,
    pub query: &'a Query<'a>,
}

/// One operand of a set operation, or the whole body when there is none.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetExpr<'a> {
    pub span: Span,
    pub kind: SetExprKind<'a>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum SetExprKind<'a> {
    Select(&'a Select<'a>),
    /// `VALUES row, ...`: each row a `Row` expression or a single value.
    Values {
        rows: List<'a, Expr<'a>>,
    },
    /// `TABLE name`
    Table {
        name: ObjectName<'a>,
    },
    /// `( query )`
    Nested(&'a Query<'a>),
    /// `first op second op third ...`, left-associative; INTERSECT binds tighter than UNION,
    /// EXCEPT and MINUS, so an INTERSECT chain is one operand here.
    SetOperation {
        first: &'a SetExpr<'a>,
        rest: List<'a, SetOperand<'a>>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetOperand<'a> {
    pub op: SetOperator,
    pub quantifier: Option<SetQuantifier>,
    pub operand: SetExpr<'a>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum SetOperator {
    Union,
    Intersect,
    Except,
}

/// `SELECT [hints] [STREAM] [ALL|DISTINCT] items [FROM ...] [WHERE ...] [GROUP BY ...]
/// [HAVING ...] [WINDOW ...] [QUALIFY ...]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Select<'a> {
    pub span: Span,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub hints: List<'a, Hint>,
    pub quantifier: Option<SetQuantifier>,
    pub items: List<'a, QueryItem<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<FromClause<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub where_clause: Option<Expr<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_by: Option<GroupBy<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub having: Option<Expr<'a>>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub windows: List<'a, NamedWindow<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualify: Option<Expr<'a>>,
}

/// A `/*+ name(args), ... */` comment that Flink reads as hints; kept as its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Hint {
    pub span: Span,
}

/// An item of a select list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum QueryItem<'a> {
    /// `*` or `t.*` (the qualifier's parts).
    Wildcard {
        span: Span,
        qualifier: Option<ObjectName<'a>>,
        /// `* AS x`: Calcite's grammar takes it; its validator rejects it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        alias: Option<Ident<'a>>,
    },
    Expr {
        span: Span,
        expr: Expr<'a>,
        alias: Option<Ident<'a>>,
    },
}

/// `FROM item {, item | JOIN ...}`: the first item and what follows it, left to right.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FromClause<'a> {
    pub span: Span,
    pub first: TableRef<'a>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub joins: List<'a, Join<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Join<'a> {
    pub span: Span,
    pub natural: bool,
    pub kind: JoinKind,
    pub right: TableRef<'a>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<JoinCondition<'a>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "condition", rename_all = "snake_case")]
pub enum JoinCondition<'a> {
    On { expr: Expr<'a> },
    Using { columns: ColumnList<'a> },
}

/// A FROM item.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableRef<'a> {
    pub span: Span,
    pub kind: TableRefKind<'a>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_recognize: Option<&'a MatchRecognize<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alias: Option<TableAlias<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum TableRefKind<'a> {
    /// `name [/*+ hints */] [FOR SYSTEM_TIME AS OF expr]`
    Named {
        name: ObjectName<'a>,
        #[serde(default, skip_serializing_if = "is_empty_slice")]
        hints: List<'a, Hint>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        system_time: Option<&'a Expr<'a>>,
    },
    /// `[LATERAL] ( query )`
    Derived { lateral: bool, query: &'a Query<'a> },
    /// `[LATERAL] TABLE ( call )`: a table function (window TVFs among them).
    Function { lateral: bool, call: &'a Expr<'a> },
    /// `UNNEST ( exprs ) [WITH ORDINALITY]`
    Unnest {
        args: List<'a, Expr<'a>>,
        ordinality: bool,
    },
    /// `( from_clause )`: a parenthesised join.
    Nested(&'a FromClause<'a>),
}

/// `[AS] alias [(col, ...)]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableAlias<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub columns: Option<ColumnList<'a>>,
}

/// `GROUP BY [ALL|DISTINCT] element, ...`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupBy<'a> {
    pub span: Span,
    pub quantifier: Option<SetQuantifier>,
    pub items: List<'a, GroupingElement<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum GroupingElement<'a> {
    Expr {
        expr: Expr<'a>,
    },
    /// `()`
    Empty {
        span: Span,
    },
    /// `GROUPING SETS (element, ...)`
    GroupingSets {
        span: Span,
        items: List<'a, GroupingElement<'a>>,
    },
    /// `ROLLUP (expr, ...)` / `CUBE (expr, ...)`; a parenthesised group is a `Row`.
    Rollup {
        span: Span,
        items: List<'a, Expr<'a>>,
    },
    Cube {
        span: Span,
        items: List<'a, Expr<'a>>,
    },
}

/// `expr [ASC|DESC] [NULLS FIRST|LAST]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrderItem<'a> {
    pub span: Span,
    pub expr: Expr<'a>,
    pub descending: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nulls_first: Option<bool>,
}

/// `WINDOW name AS (spec)`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NamedWindow<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub spec: WindowSpec<'a>,
}

/// What follows `OVER`: a window's name or its specification.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum Over<'a> {
    Named { name: Ident<'a> },
    Spec { spec: WindowSpec<'a> },
}

/// `( [base] [PARTITION BY ...] [ORDER BY ...] [ROWS|RANGE frame] [ALLOW|DISALLOW PARTIAL] )`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WindowSpec<'a> {
    pub span: Span,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<Ident<'a>>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub partition_by: List<'a, Expr<'a>>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub order_by: List<'a, OrderItem<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<WindowFrame<'a>>,
}

/// `ROWS|RANGE bound` or `ROWS|RANGE BETWEEN bound AND bound`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WindowFrame<'a> {
    pub span: Span,
    pub rows: bool,
    pub start: FrameBound<'a>,
    pub end: Option<FrameBound<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "bound", rename_all = "snake_case")]
pub enum FrameBound<'a> {
    UnboundedPreceding { span: Span },
    UnboundedFollowing { span: Span },
    CurrentRow { span: Span },
    Preceding { span: Span, offset: &'a Expr<'a> },
    Following { span: Span, offset: &'a Expr<'a> },
}

/// `MATCH_RECOGNIZE ( ... )` after a FROM item.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchRecognize<'a> {
    pub span: Span,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub partition_by: List<'a, Expr<'a>>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub order_by: List<'a, OrderItem<'a>>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub measures: List<'a, Measure<'a>>,
    /// `ONE ROW PER MATCH` (false) or `ALL ROWS PER MATCH` (true), when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_rows: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_match: Option<AfterMatch<'a>>,
    pub pattern: Pattern<'a>,
    pub anchored_start: bool,
    pub anchored_end: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<&'a Expr<'a>>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub subsets: List<'a, Subset<'a>>,
    pub define: List<'a, Measure<'a>>,
}

/// `expr AS name` in MEASURES and `name AS condition` in DEFINE.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measure<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub expr: Expr<'a>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "skip", rename_all = "snake_case")]
pub enum AfterMatch<'a> {
    ToNextRow { span: Span },
    PastLastRow { span: Span },
    ToFirst { span: Span, variable: Ident<'a> },
    ToLast { span: Span, variable: Ident<'a> },
    To { span: Span, variable: Ident<'a> },
}

/// `SUBSET name = (a, b)`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Subset<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub variables: List<'a, Ident<'a>>,
}

/// A row pattern of MATCH_RECOGNIZE.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pattern<'a> {
    pub span: Span,
    pub kind: PatternKind<'a>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum PatternKind<'a> {
    Variable {
        name: Ident<'a>,
    },
    /// `a b c`
    Sequence {
        items: List<'a, Pattern<'a>>,
    },
    /// `a | b`
    Alternation {
        items: List<'a, Pattern<'a>>,
    },
    /// `a*`, `a+`, `a?`, `a{n}`, `a{n,}`, `a{n,m}`, `a{,m}`, each optionally reluctant (`?`).
    Quantified {
        pattern: &'a Pattern<'a>,
        min: Option<u64>,
        max: Option<u64>,
        reluctant: bool,
    },
    /// `( pattern )`, also `()`.
    Group {
        pattern: Option<&'a Pattern<'a>>,
    },
    /// `PERMUTE (a, b)`
    Permute {
        items: List<'a, Pattern<'a>>,
    },
    /// `{- pattern -}`
    Exclusion {
        pattern: &'a Pattern<'a>,
    },
}

/// `TABLE name [PARTITION BY ...] [ORDER BY ...]` or `TABLE (query)` as a table function's
/// argument.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableArgument<'a> {
    pub span: Span,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<ObjectName<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<&'a Query<'a>>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub partition_by: List<'a, Expr<'a>>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub order_by: List<'a, OrderItem<'a>>,
}

/// `JSON_OBJECT`, `JSON_OBJECTAGG`, `JSON_ARRAY` and `JSON_ARRAYAGG` with their clauses.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JsonConstructor<'a> {
    pub function: JsonConstructorKind,
    /// `KEY k VALUE v`, `k VALUE v` or `k : v` for objects (key, value).
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub entries: List<'a, (Expr<'a>, Expr<'a>)>,
    /// The elements of an array, or the value of `JSON_ARRAYAGG`.
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub items: List<'a, Expr<'a>>,
    /// `JSON_ARRAY((SELECT ...))`-style query source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<&'a Query<'a>>,
    /// `NULL ON NULL` (true) or `ABSENT ON NULL` (false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null_on_null: Option<bool>,
    #[serde(default, skip_serializing_if = "is_empty_slice")]
    pub order_by: List<'a, OrderItem<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returning: Option<DataTypeSyntax<'a>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum JsonConstructorKind {
    JsonObject,
    JsonObjectagg,
    JsonArray,
    JsonArrayagg,
}

/// `ANY`, `SOME` or `ALL` before a subquery or list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Quantifier {
    Any,
    Some,
    All,
}
