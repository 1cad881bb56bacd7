//! The typed AST. Every node carries the byte [`Span`] of the text it was parsed from; a node the
//! parser could not read is an explicit `Error` variant (or `None` for an optional part), never a
//! guess. All nodes are plain serde data.

mod expr;
mod query;
mod statements;
mod table;
mod types;
pub mod visit;

pub use expr::*;
pub use query::*;
pub use statements::*;
pub use table::*;
pub use types::*;

pub use compact_str::CompactString;
use flinkddl_diagnostics::Span;
use serde::{Deserialize, Serialize};

/// A whole script: the statements between `;`s, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Script {
    pub span: Span,
    pub statements: Vec<Statement>,
}

/// An identifier as Flink sees it: the unescaped value (case kept) and whether it was quoted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ident {
    pub span: Span,
    /// Inline up to 24 bytes: most identifiers never touch the heap (docs/performance.md).
    pub value: CompactString,
    pub quoted: bool,
}

/// A dotted name: `t`, `db.t`, `cat.db.t` (the parser accepts any number of parts; the binder
/// checks the count).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectName {
    pub span: Span,
    pub parts: Vec<Ident>,
}

impl ObjectName {
    /// The parts joined with `.`, unquoted: for messages.
    pub fn display(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(&p.value);
        }
        out
    }
}

/// A character string literal with its value decoded (`''` unescaped, continuations joined,
/// `U&` escapes applied).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StringLit {
    pub span: Span,
    pub value: CompactString,
}

/// An unsigned whole number as written; `value` is `None` when it does not fit in a `u64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntLit {
    pub span: Span,
    pub value: Option<u64>,
}

/// A keyword that is present, kept with its span (`TEMPORARY`, `IF NOT EXISTS`, `VIRTUAL`...).
pub type Flag = Option<Span>;

/// `'key' = 'value'` in WITH, SET and similar property lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Property {
    pub span: Span,
    pub key: StringLit,
    pub value: StringLit,
}

/// `( 'k' = 'v', ... )`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PropertyList {
    pub span: Span,
    pub properties: Vec<Property>,
}

/// A statement's query (SELECT, VALUES, WITH ..., set operations), parsed with Calcite's
/// grammar (`docs/decisions/0005-query-grammar.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueryBody {
    pub span: Span,
    /// The query as a tree.
    pub query: Box<Query>,
    /// For a simple `SELECT items FROM one_table` query: its projection and source, which lets
    /// the binder derive a CTAS schema. `None` for anything else. Read off `query`.
    pub simple: Option<SimpleSelect>,
}

/// `SELECT [DISTINCT|ALL] item, ... [FROM name [[AS] alias]] [WHERE ...]`, read when the query
/// has this shape and nothing more than a WHERE clause.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Eq)]
pub struct SimpleSelect {
    pub items: Vec<SelectItem>,
    /// `None` for a SELECT without FROM (`SELECT 1 AS x`).
    pub from: Option<ObjectName>,
    /// The FROM item's alias, which qualifies its columns in place of the table's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alias: Option<Ident>,
    pub has_where: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum SelectItem {
    /// `*` or `t.*`
    Wildcard { span: Span },
    /// A bare column reference with an optional alias.
    Column {
        span: Span,
        name: ObjectName,
        alias: Option<Ident>,
    },
    /// Any other expression: the whole item, the expression's own span (the alias excluded),
    /// and the alias.
    Other {
        span: Span,
        expr_span: Span,
        alias: Option<Ident>,
    },
}
