//! CREATE TABLE and its parts.

use super::*;

/// `CREATE [OR REPLACE] [TEMPORARY] TABLE [IF NOT EXISTS] name (...) ...`, and `REPLACE TABLE`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CreateTable {
    pub span: Span,
    /// `OR REPLACE` after CREATE.
    pub or_replace: Flag,
    /// The statement starts with bare `REPLACE` (RTAS).
    pub replace: Flag,
    pub temporary: Flag,
    pub if_not_exists: Flag,
    pub name: ObjectName,
    /// The parenthesised element list, if written.
    pub elements: Option<TableElements>,
    pub comment: Option<StringLit>,
    pub distribution: Option<Distribution>,
    pub partitioned_by: Option<ColumnList>,
    pub with: Option<PropertyList>,
    pub like: Option<LikeClause>,
    pub as_query: Option<QueryBody>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableElements {
    pub span: Span,
    pub items: Vec<TableElement>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "element", rename_all = "snake_case")]
pub enum TableElement {
    Column(ColumnDef),
    Constraint(TableConstraint),
    Watermark(Watermark),
    /// An element the parser could not read; a diagnostic was reported.
    Error {
        span: Span,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ColumnDef {
    pub span: Span,
    pub name: Ident,
    pub kind: ColumnKind,
    pub comment: Option<StringLit>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ColumnKind {
    /// `name TYPE [constraint]`
    /// Rare parts are boxed to keep the common column small (`docs/performance.md`).
    Physical {
        data_type: DataTypeSyntax,
        constraint: Option<Box<ColumnConstraint>>,
    },
    /// `name TYPE METADATA [FROM 'key'] [VIRTUAL]`
    Metadata {
        data_type: DataTypeSyntax,
        metadata_span: Span,
        from: Option<Box<StringLit>>,
        virtual_: Flag,
    },
    /// `name AS expr`
    Computed { expr: Box<Expr> },
    /// A bare name in the column list of CTAS / RTAS.
    NameOnly,
}

/// `[CONSTRAINT name] PRIMARY KEY|UNIQUE [NOT] ENFORCED` on one column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ColumnConstraint {
    pub span: Span,
    pub name: Option<Ident>,
    pub kind: ConstraintKind,
    pub kind_span: Span,
    pub enforcement: Option<Enforcement>,
}

/// `[CONSTRAINT name] PRIMARY KEY|UNIQUE (cols) [NOT] ENFORCED`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableConstraint {
    pub span: Span,
    pub name: Option<Ident>,
    pub kind: ConstraintKind,
    pub kind_span: Span,
    pub columns: ColumnList,
    pub enforcement: Option<Enforcement>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConstraintKind {
    PrimaryKey,
    Unique,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Enforcement {
    pub span: Span,
    /// True for `ENFORCED`, false for `NOT ENFORCED`.
    pub enforced: bool,
}

/// `WATERMARK FOR rowtime AS expr`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Watermark {
    pub span: Span,
    pub rowtime: ObjectName,
    pub expr: Expr,
}

/// `( a, b, ... )`
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnList {
    pub span: Span,
    pub columns: Vec<Ident>,
}

/// `DISTRIBUTED BY [HASH|RANGE] (cols) [INTO n BUCKETS]` or `DISTRIBUTED INTO n BUCKETS`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    pub span: Span,
    pub algorithm: Option<DistributionAlgorithm>,
    pub columns: Option<ColumnList>,
    pub buckets: Option<IntLit>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum DistributionAlgorithm {
    Hash,
    Range,
}

/// `LIKE source [(option ...)]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LikeClause {
    pub span: Span,
    pub source: ObjectName,
    pub options: Vec<LikeOption>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LikeOption {
    pub span: Span,
    pub strategy: LikeStrategy,
    pub feature: LikeFeature,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum LikeStrategy {
    Including,
    Excluding,
    Overwriting,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
