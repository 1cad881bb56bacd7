//! CREATE TABLE and its parts.

use super::*;

/// `CREATE [OR REPLACE] [TEMPORARY] TABLE [IF NOT EXISTS] name (...) ...`, and `REPLACE TABLE`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CreateTable<'a> {
    pub span: Span,
    /// `OR REPLACE` after CREATE.
    pub or_replace: Flag,
    /// The statement starts with bare `REPLACE` (RTAS).
    pub replace: Flag,
    pub temporary: Flag,
    pub if_not_exists: Flag,
    pub name: ObjectName<'a>,
    /// The parenthesised element list, if written.
    pub elements: Option<TableElements<'a>>,
    pub comment: Option<StringLit<'a>>,
    pub distribution: Option<Distribution<'a>>,
    pub partitioned_by: Option<ColumnList<'a>>,
    pub with: Option<PropertyList<'a>>,
    pub like: Option<LikeClause<'a>>,
    pub as_query: Option<QueryBody<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableElements<'a> {
    pub span: Span,
    pub items: List<'a, TableElement<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "element", rename_all = "snake_case")]
pub enum TableElement<'a> {
    Column(ColumnDef<'a>),
    Constraint(TableConstraint<'a>),
    Watermark(Watermark<'a>),
    /// An element the parser could not read; a diagnostic was reported.
    Error {
        span: Span,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ColumnDef<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub kind: ColumnKind<'a>,
    pub comment: Option<StringLit<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ColumnKind<'a> {
    /// `name TYPE [constraint]`
    /// Rare parts are boxed to keep the common column small (`docs/performance.md`).
    Physical {
        data_type: DataTypeSyntax<'a>,
        constraint: Option<&'a ColumnConstraint<'a>>,
    },
    /// `name TYPE METADATA [FROM 'key'] [VIRTUAL]`
    Metadata {
        data_type: DataTypeSyntax<'a>,
        metadata_span: Span,
        from: Option<&'a StringLit<'a>>,
        virtual_: Flag,
    },
    /// `name AS expr`
    Computed { expr: &'a Expr<'a> },
    /// A bare name in the column list of CTAS / RTAS.
    NameOnly,
}

/// `[CONSTRAINT name] PRIMARY KEY|UNIQUE [NOT] ENFORCED` on one column.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ColumnConstraint<'a> {
    pub span: Span,
    pub name: Option<Ident<'a>>,
    pub kind: ConstraintKind,
    pub kind_span: Span,
    pub enforcement: Option<Enforcement>,
}

/// `[CONSTRAINT name] PRIMARY KEY|UNIQUE (cols) [NOT] ENFORCED`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableConstraint<'a> {
    pub span: Span,
    pub name: Option<Ident<'a>>,
    pub kind: ConstraintKind,
    pub kind_span: Span,
    pub columns: ColumnList<'a>,
    pub enforcement: Option<Enforcement>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConstraintKind {
    PrimaryKey,
    Unique,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Enforcement {
    pub span: Span,
    /// True for `ENFORCED`, false for `NOT ENFORCED`.
    pub enforced: bool,
}

/// `WATERMARK FOR rowtime AS expr`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Watermark<'a> {
    pub span: Span,
    pub rowtime: ObjectName<'a>,
    pub expr: Expr<'a>,
}

/// `( a, b, ... )`
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ColumnList<'a> {
    pub span: Span,
    pub columns: List<'a, Ident<'a>>,
}

impl ColumnList<'_> {
    /// The names, unquoted, in order.
    pub fn names(&self) -> Vec<String> {
        self.columns.iter().map(|i| i.value.to_string()).collect()
    }
}

/// `DISTRIBUTED BY [HASH|RANGE] (cols) [INTO n BUCKETS]` or `DISTRIBUTED INTO n BUCKETS`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Distribution<'a> {
    pub span: Span,
    pub algorithm: Option<DistributionAlgorithm>,
    pub columns: Option<ColumnList<'a>>,
    pub buckets: Option<IntLit>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum DistributionAlgorithm {
    Hash,
    Range,
}

/// `LIKE source [(option ...)]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LikeClause<'a> {
    pub span: Span,
    pub source: ObjectName<'a>,
    pub options: List<'a, LikeOption>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LikeOption {
    pub span: Span,
    pub strategy: LikeStrategy,
    pub feature: LikeFeature,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum LikeStrategy {
    Including,
    Excluding,
    Overwriting,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum LikeFeature {
    All,
    Constraints,
    Distribution,
    Generated,
    Metadata,
    Options,
    Partitions,
    Watermarks,
}
