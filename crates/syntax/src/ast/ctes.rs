//! WITH's scoping: the one rule every reader of a query's names follows (the binder's uses,
//! its query resolver and its changelog inference).
//!
//! Calcite's WITH is not recursive: a CTE's query sees the CTEs defined before it (in its own
//! WITH and in the enclosing queries'), the query's body sees them all, an inner CTE hides an
//! outer one of the same name, and only a one-part name can name a CTE. `WITH RECURSIVE`: every
//! CTE of the WITH is in scope from its start, itself included. A name that only a later CTE
//! of an enclosing WITH defines is a forward reference ([`CteLookup::Later`]), which Calcite
//! does not resolve.
//!
//! A reader enters each query ([`CteScope::enter`], before its CTEs), defines each CTE once its
//! query is read ([`CteScope::define`], with what the reader makes of it), and leaves the query
//! after its body ([`CteScope::leave`]); [`CteScope::lookup`] says what a name in between
//! denotes. [`super::visit::walk_query`] calls [`super::visit::Visitor::cte`] where a CTE is
//! defined, so a visitor keeps the same scope.

use super::{ObjectName, With};
use flinkddl_diagnostics::Span;

/// The CTEs in scope while a statement's queries are read, innermost last, each with what the
/// reader made of it (`T`) under its name (`K`: borrowed from the tree, or a short owned name).
/// One per reader, reused from query to query: no allocation per query or per name.
#[derive(Debug, Clone)]
pub struct CteScope<K, T> {
    entries: Vec<Entry<K, T>>,
}

#[derive(Debug, Clone)]
struct Entry<K, T> {
    name: K,
    /// The CTE's name in its WITH clause.
    span: Span,
    state: State<T>,
}

#[derive(Debug, Clone)]
enum State<T> {
    /// Its query is not read yet: not in scope (a forward reference).
    Later,
    /// `WITH RECURSIVE`: in scope, its query not read yet.
    Recursive,
    Defined(T),
}

/// Where a query's CTEs start in the scope ([`CteScope::enter`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use = "a query entered is left with its mark"]
pub struct CteMark(usize);

/// What a name denotes in a [`CteScope`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CteLookup<'s, T> {
    /// A CTE in scope, as the reader defined it.
    Defined(&'s T),
    /// A CTE of a `WITH RECURSIVE` read inside its own WITH before it is defined.
    Recursive { definition: Span },
    /// No CTE in scope; a CTE defined after this point has the name (at `definition`).
    Later { definition: Span },
    /// No CTE has the name: a catalog object's.
    NotCte,
}

impl<K, T> Default for CteScope<K, T> {
    fn default() -> Self {
        CteScope {
            entries: Vec::new(),
        }
    }
}

impl<K: AsRef<str>, T> CteScope<K, T> {
    /// Enters a query whose WITH (if any) is `with`: its CTEs come into scope as they are
    /// defined (all of them now, for `WITH RECURSIVE`). `name` makes the reader's name of a
    /// CTE. Leave the query with the mark returned.
    pub fn enter<'w>(&mut self, with: Option<&With<'w>>, name: impl Fn(&'w str) -> K) -> CteMark {
        let mark = CteMark(self.entries.len());
        if let Some(with) = with {
            let state = || {
                if with.recursive {
                    State::Recursive
                } else {
                    State::Later
                }
            };
            self.entries.extend(with.ctes.iter().map(|c| Entry {
                name: name(c.name.value),
                span: c.name.span,
                state: state(),
            }));
        }
        mark
    }

    /// The `index`th CTE of the query entered at `mark` has been read: it is in scope, as
    /// `value`, for the rest of that query.
    pub fn define(&mut self, mark: CteMark, index: usize, value: T) {
        if let Some(entry) = self.entries.get_mut(mark.0 + index) {
            entry.state = State::Defined(value);
        }
    }

    /// Leaves the query entered at `mark`: its CTEs (and those of the queries inside it) go
    /// out of scope.
    pub fn leave(&mut self, mark: CteMark) {
        self.entries.truncate(mark.0);
    }

    /// What `name` denotes here: the innermost CTE in scope of that name, if it has one part.
    pub fn lookup(&self, name: &ObjectName) -> CteLookup<'_, T> {
        match name.parts.as_slice() {
            [single] => self.lookup_name(single.value),
            _ => CteLookup::NotCte,
        }
    }

    /// [`CteScope::lookup`] of a one-part name.
    pub fn lookup_name(&self, name: &str) -> CteLookup<'_, T> {
        let mut later = None;
        for entry in self.entries.iter().rev() {
            if entry.name.as_ref() != name {
                continue;
            }
            match &entry.state {
                State::Defined(value) => return CteLookup::Defined(value),
                State::Recursive => {
                    return CteLookup::Recursive {
                        definition: entry.span,
                    }
                }
                State::Later => {
                    later.get_or_insert(entry.span);
                }
            }
        }
        match later {
            Some(definition) => CteLookup::Later { definition },
            None => CteLookup::NotCte,
        }
    }

    /// The CTE `name` names, when one is in scope and defined.
    pub fn defined(&self, name: &ObjectName) -> Option<&T> {
        match self.lookup(name) {
            CteLookup::Defined(value) => Some(value),
            _ => None,
        }
    }

    /// Whether `name` names a CTE in scope (defined, or being defined by `WITH RECURSIVE`).
    pub fn in_scope(&self, name: &ObjectName) -> bool {
        matches!(
            self.lookup(name),
            CteLookup::Defined(_) | CteLookup::Recursive { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{visit, StatementKind};

    /// Each `FROM` name of the script's one query, with what the scope says of it there.
    fn lookups(sql: &str) -> Vec<(String, String)> {
        struct Reads<'s> {
            scope: CteScope<&'s str, ()>,
            marks: Vec<CteMark>,
            out: Vec<(String, String)>,
        }
        impl<'s> visit::Visitor<'s> for Reads<'s> {
            fn subquery(&mut self, query: &'s crate::ast::Query<'s>) {
                visit::walk_query(self, query);
            }
            fn enter_query(&mut self, query: &'s crate::ast::Query<'s>) {
                let mark = self.scope.enter(query.with.as_ref(), |n| n);
                self.marks.push(mark);
            }
            fn cte(&mut self, index: usize, _cte: &'s crate::ast::Cte<'s>) {
                if let Some(&mark) = self.marks.last() {
                    self.scope.define(mark, index, ());
                }
            }
            fn leave_query(&mut self, _query: &'s crate::ast::Query<'s>) {
                if let Some(mark) = self.marks.pop() {
                    self.scope.leave(mark);
                }
            }
            fn table_name(&mut self, name: &'s ObjectName<'s>, _span: Span) {
                let seen = match self.scope.lookup(name) {
                    CteLookup::Defined(()) => "cte".to_string(),
                    CteLookup::Recursive { .. } => "recursive".to_string(),
                    CteLookup::Later { definition } => format!("later@{}", definition.start),
                    CteLookup::NotCte => "table".to_string(),
                };
                let written: Vec<&str> = name.parts.iter().map(|p| p.value).collect();
                self.out.push((written.join("."), seen));
            }
            fn table_ref(&mut self, table: &'s crate::ast::TableRef<'s>) {
                if let crate::ast::TableRefKind::Named { name, .. } = &table.kind {
                    self.table_name(name, name.span);
                }
            }
        }
        let parse = crate::parse(sql);
        let mut reads = Reads {
            scope: CteScope::default(),
            marks: Vec::new(),
            out: Vec::new(),
        };
        for statement in &parse.script().statements {
            if let StatementKind::Query(q) = &statement.kind {
                visit::walk_query(&mut reads, q.query);
            }
        }
        assert!(reads.marks.is_empty() && reads.scope.entries.is_empty());
        reads.out
    }

    fn pairs(want: &[(&str, &str)]) -> Vec<(String, String)> {
        want.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn a_cte_sees_those_before_it_and_the_body_sees_all() {
        let sql = "WITH a AS (SELECT * FROM b), b AS (SELECT * FROM a) SELECT * FROM a, b, db.a, c";
        assert_eq!(
            lookups(sql),
            pairs(&[
                ("b", "later@29"),
                ("a", "cte"),
                ("a", "cte"),
                ("b", "cte"),
                ("db.a", "table"),
                ("c", "table"),
            ])
        );
    }

    #[test]
    fn inner_ctes_hide_outer_ones_and_end_with_their_query() {
        let sql =
            "WITH a AS (SELECT 1) SELECT * FROM (WITH a AS (SELECT * FROM a) SELECT * FROM a) x \
                   WHERE EXISTS (WITH z AS (SELECT 1) SELECT * FROM z) AND 1 IN (SELECT 1 FROM z)";
        assert_eq!(
            lookups(sql),
            pairs(&[("a", "cte"), ("a", "cte"), ("z", "cte"), ("z", "table"),])
        );
    }

    #[test]
    fn recursive_ctes_see_themselves() {
        let sql = "WITH RECURSIVE x AS (SELECT * FROM x, y), y AS (SELECT 1) SELECT * FROM x";
        assert_eq!(
            lookups(sql),
            pairs(&[("x", "recursive"), ("y", "recursive"), ("x", "cte")])
        );
    }
}
