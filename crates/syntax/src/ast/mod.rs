//! The typed AST. Every node carries the byte [`Span`] of the text it was parsed from; a node the
//! parser could not read is an explicit `Error` variant (or `None` for an optional part), never a
//! guess. All nodes are plain serde data that borrow the source text and live in the parse's
//! `bumpalo` arena (decision 0006): names and strings are `&'a str`, lists `List<'a, T>`, boxes
//! `&'a T`.

mod ctes;
mod expr;
mod query;
mod statements;
mod table;
mod types;
pub mod visit;

pub use ctes::{CteLookup, CteMark, CteScope};
pub use expr::*;
pub use query::*;
pub use statements::*;
pub use table::*;
pub use types::*;

use flinkddl_diagnostics::Span;
use serde::Serialize;

/// `skip_serializing_if` for the AST's lists: an empty list is left out, as `Vec::is_empty` did.
fn is_empty_slice<T>(list: &List<'_, T>) -> bool {
    list.is_empty()
}

/// A list of nodes in the parse's arena: a `&'a [T]` (the same 16 bytes, serialized as a
/// sequence as a `Vec` was) that is `Copy` whatever `T` is and iterates by reference, so that
/// `for item in &node.items` reads it as it read a `Vec`. Derefs to the slice.
pub struct List<'a, T>(&'a [T]);

impl<'a, T> List<'a, T> {
    /// The list of `items`.
    pub const fn new(items: &'a [T]) -> Self {
        List(items)
    }

    /// No items.
    pub const fn empty() -> Self {
        List(&[])
    }

    /// The items, for as long as the tree lives.
    pub fn as_slice(&self) -> &'a [T] {
        self.0
    }

    /// The items in order, for as long as the tree lives.
    pub fn iter(&self) -> std::slice::Iter<'a, T> {
        self.0.iter()
    }
}

impl<T> Clone for List<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for List<'_, T> {}

impl<T> Default for List<'_, T> {
    fn default() -> Self {
        List::empty()
    }
}

impl<T> std::ops::Deref for List<'_, T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.0
    }
}

impl<'a, T> IntoIterator for List<'a, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T> IntoIterator for &List<'a, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for List<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: PartialEq> PartialEq for List<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<T: Eq> Eq for List<'_, T> {}

impl<T: Serialize> Serialize for List<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0)
    }
}

/// A whole script: the statements between `;`s, in order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Script<'a> {
    pub span: Span,
    pub statements: List<'a, Statement<'a>>,
}

/// An identifier as Flink sees it: the unescaped value (case kept) and whether it was quoted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ident<'a> {
    pub span: Span,
    /// Borrowed from the source; decoded into the parse's arena only when it differs from
    /// the text (doubled back-ticks).
    pub value: &'a str,
    pub quoted: bool,
}

/// A dotted name: `t`, `db.t`, `cat.db.t` (the parser accepts any number of parts; the binder
/// checks the count).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ObjectName<'a> {
    pub span: Span,
    pub parts: List<'a, Ident<'a>>,
}

impl ObjectName<'_> {
    /// The parts joined with `.`, unquoted: for messages.
    pub fn display(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(p.value);
        }
        out
    }
}

/// A character string literal with its value decoded (`''` unescaped, continuations joined,
/// `U&` escapes applied).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StringLit<'a> {
    pub span: Span,
    pub value: &'a str,
}

/// An unsigned whole number as written; `value` is `None` when it does not fit in a `u64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct IntLit {
    pub span: Span,
    pub value: Option<u64>,
}

/// A keyword that is present, kept with its span (`TEMPORARY`, `IF NOT EXISTS`, `VIRTUAL`...).
pub type Flag = Option<Span>;

/// `'key' = 'value'` in WITH, SET and similar property lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Property<'a> {
    pub span: Span,
    pub key: StringLit<'a>,
    pub value: StringLit<'a>,
}

/// `( 'k' = 'v', ... )`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PropertyList<'a> {
    pub span: Span,
    pub properties: List<'a, Property<'a>>,
}

/// A statement's query (SELECT, VALUES, WITH ..., set operations), parsed with Calcite's
/// grammar (`docs/decisions/0005-query-grammar.md`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueryBody<'a> {
    pub span: Span,
    /// The query as a tree.
    pub query: &'a Query<'a>,
}
