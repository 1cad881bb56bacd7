//! The query blocks' scopes: what a FROM item gives (its columns, their types and rowtimes),
//! and how a name is looked up in the blocks in scope. Apart from the resolver's walk, which
//! builds these scopes and reads them.

use super::{record, Name};
use crate::expr::Scope;
use flinkddl_syntax::ast;
use flinkddl_types::DataType;
use std::rc::Rc;

/// A FROM item's column names, each with its [`name_key`]: a lookup compares keys, which
/// tell most names apart in one comparison, and only an equal key's name.
#[derive(Debug, Clone, Default)]
pub(crate) struct Columns {
    pub(super) names: Vec<Name>,
    keys: Vec<u64>,
}

impl Columns {
    pub(super) fn new(names: Vec<Name>) -> Self {
        let keys = names.iter().map(|n| name_key(n)).collect();
        Columns { names, keys }
    }

    /// Where the column `name` is (exactly, as [`same`]).
    #[inline]
    pub(super) fn position(&self, name: &str) -> Option<usize> {
        self.position_keyed(name, name_key(name))
    }

    /// [`Columns::position`] with the name's key, when the caller looks it up in several.
    #[inline]
    fn position_keyed(&self, name: &str, key: u64) -> Option<usize> {
        // A key holds the whole of a name of up to seven bytes.
        let whole = name.len() <= 7;
        self.keys
            .iter()
            .zip(&self.names)
            .position(|(k, n)| *k == key && (whole || n.as_str() == name))
    }

    #[inline]
    pub(super) fn contains(&self, name: &str) -> bool {
        self.position(name).is_some()
    }
}

impl std::ops::Deref for Columns {
    type Target = [Name];
    fn deref(&self) -> &[Name] {
        &self.names
    }
}

impl<'c> IntoIterator for &'c Columns {
    type Item = &'c Name;
    type IntoIter = std::slice::Iter<'c, Name>;
    fn into_iter(self) -> Self::IntoIter {
        self.names.iter()
    }
}

/// A name's length (up to 255) and first seven bytes in one word: names that differ in
/// either compare unequal without reading them.
#[inline]
fn name_key(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut key = (bytes.len().min(255) as u64) << 56;
    for (i, b) in bytes.iter().take(7).enumerate() {
        key |= u64::from(*b) << (8 * i);
    }
    key
}

/// A FROM item in scope: the name that qualifies its columns and the columns, when known.
#[derive(Debug, Clone)]
pub(super) struct Relation {
    pub(super) name: Option<Name>,
    /// Shared with the binder's [`TableColumns`] of the table (or the CTE) read, so that a FROM
    /// item copies none of them; changed (outer joins, window TVFs, aliases) by
    /// `Rc::make_mut`.
    pub(super) columns: Option<Rc<Columns>>,
    /// The columns' types where known, beside `columns` (empty when the columns are unknown).
    pub(super) types: Rc<Vec<Option<DataType>>>,
    /// Beside `columns`: the column is a rowtime the planner keeps (a source's rowtime passed
    /// through projections, filters and window functions, or a window's `window_time`).
    /// Empty when none is, or when we cannot tell.
    pub(super) rowtimes: Rc<Vec<bool>>,
    /// Where its columns come from, for the semantic model (`None` when it is not recorded).
    pub(super) origin: Option<Rc<record::Origin>>,
    /// Where the name qualifiers use is written (its alias, or its table's name).
    pub(super) definition: flinkddl_diagnostics::Span,
}

/// What a FROM item reads of a table, built once per table value and shared by every read
/// ([`crate::Caches::relation_cache`]).
#[derive(Debug, Clone)]
pub(crate) struct TableColumns {
    pub(super) columns: Rc<Columns>,
    pub(super) types: Rc<Vec<Option<DataType>>>,
    pub(super) rowtimes: Rc<Vec<bool>>,
    /// [`crate::ctas::unreadable_variant`] of the table, for its source check.
    pub(super) unreadable_variant: Option<DataType>,
}

impl Relation {
    pub(super) fn unknown(name: Option<Name>) -> Self {
        Relation {
            name,
            columns: None,
            types: Rc::default(),
            rowtimes: Rc::default(),
            origin: None,
            definition: flinkddl_diagnostics::Span::default(),
        }
    }

    pub(super) fn type_of(&self, column: &str) -> Option<&DataType> {
        let i = self.columns.as_ref()?.position(column)?;
        self.types.get(i)?.as_ref()
    }

    pub(super) fn make_nullable(&mut self) {
        for t in Rc::make_mut(&mut self.types).iter_mut().flatten() {
            *t = t.clone().with_nullability(true);
        }
    }
}

/// One query block's FROM scope.
#[derive(Debug, Default)]
pub(super) struct Frame {
    pub(super) relations: Vec<Relation>,
    /// `USING` or `NATURAL` merge same-named columns: no ambiguity is reported in this block.
    pub(super) merged: bool,
    /// Names that may also be select-list aliases here (ORDER BY, QUALIFY).
    pub(super) aliases: Vec<Name>,
    /// The select list's aliases with their spans while GROUP BY and HAVING are read, which
    /// cannot name them: for the help of a "not found".
    pub(super) unnameable_aliases: Vec<(Name, flinkddl_diagnostics::Span)>,
    /// The block groups by at least one key: its aggregates never see an empty group.
    pub(super) grouped: bool,
    /// The relations whose rowtimes a join has cleared already (the first ones): each join
    /// clears only those read since, so a long chain of joins stays linear.
    pub(super) rowtimes_cleared: usize,
}

/// A CTE in scope (under its name, in `ast::CteScope`): its columns and their types where
/// known.
#[derive(Debug, Clone)]
pub(super) struct Cte {
    pub(super) columns: Option<Rc<Columns>>,
    pub(super) types: Rc<Vec<Option<DataType>>>,
    pub(super) rowtimes: Rc<Vec<bool>>,
    /// Its query's outputs in the semantic model, when it is recorded.
    pub(super) origin: Option<Rc<record::Origin>>,
}

/// Whether two names are the same. Most names compared while resolving differ in length or
/// in their first byte: those are told apart without a `memcmp` call.
#[inline]
pub(super) fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() || a.first() != b.first() {
        return false;
    }
    // Names are short: compared in place, without a `memcmp` call.
    if a.len() <= 16 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    a == b
}

/// Whether the FROM item is named `name`.
#[inline]
pub(super) fn named(r: &Relation, name: &str) -> bool {
    r.name.as_deref().is_some_and(|n| same(n, name))
}

/// The binder's view of the query blocks in scope, innermost last: `t.c` by FROM item,
/// `c` by the one FROM item of the innermost block that has it.
pub(super) struct FrameScope<'f> {
    pub(super) frames: &'f [Frame],
}

impl FrameScope<'_> {
    /// The column `c` or `t.c` names, exactly: not a field of a ROW column (`r.f`).
    pub(super) fn exact_column(&self, name: &ast::ObjectName) -> Option<&DataType> {
        match name.parts.as_slice() {
            [column] => self.column(column.value),
            [table, column] => self.qualified_column(table.value, column.value),
            _ => None,
        }
    }

    pub(super) fn lookup(&self, name: &ast::ObjectName) -> Option<&DataType> {
        match name.parts.as_slice() {
            [] => None,
            [column] => self.column(column.value),
            [first, second, ..] => self
                .qualified_column(first.value, second.value)
                .or_else(|| self.column(first.value)),
        }
    }
}

impl Scope for FrameScope<'_> {
    fn column(&self, name: &str) -> Option<&DataType> {
        let key = name_key(name);
        for frame in self.frames.iter().rev() {
            // Each holder's position of the column, found once (not again for its type).
            let mut holders = frame.relations.iter().filter_map(|r| {
                let at = r.columns.as_ref()?.position_keyed(name, key)?;
                Some((r, at))
            });
            if let Some((r, at)) = holders.next() {
                if holders.next().is_some() {
                    return None;
                }
                return r.types.get(at)?.as_ref();
            }
            if frame.relations.iter().any(|r| r.columns.is_none()) {
                return None;
            }
            let mut peeked = frame
                .relations
                .iter()
                .filter_map(|r| peeked_field(&r.types, name));
            if let Some(field) = peeked.next() {
                // Two FROM items with such a field: left to Flink (typed as unknown).
                return if peeked.next().is_some() { None } else { field };
            }
        }
        None
    }

    fn names(&self) -> Vec<&str> {
        self.frames
            .iter()
            .rev()
            .flat_map(|f| f.relations.iter())
            .filter_map(|r| r.columns.as_deref())
            .flatten()
            .map(Name::as_str)
            .collect()
    }

    fn qualified_column(&self, table: &str, column: &str) -> Option<&DataType> {
        for frame in self.frames.iter().rev() {
            if let Some(r) = frame.relations.iter().find(|r| named(r, table)) {
                return r.type_of(column);
            }
        }
        None
    }
}

/// The field `name` of one of the ROW columns `types` (depth first, as Calcite peeks into
/// nested rows), for an unqualified name that no column has: `Some(None)` when it exists but
/// its type is not the declared one (a NOT NULL field of a nullable row reads as nullable).
pub(super) fn peeked_field<'t>(
    types: &'t [Option<DataType>],
    name: &str,
) -> Option<Option<&'t DataType>> {
    fn find<'t>(t: &'t DataType, name: &str, depth: u32) -> Option<Option<&'t DataType>> {
        let flinkddl_types::LogicalType::Row { fields } = &t.logical else {
            return None;
        };
        if depth > 8 {
            return None;
        }
        let typed = |f: &'t DataType| (f.nullable || !t.nullable).then_some(f);
        fields
            .iter()
            .find(|f| f.name == name)
            .map(|f| typed(&f.data_type))
            .or_else(|| {
                fields
                    .iter()
                    .find_map(|f| find(&f.data_type, name, depth + 1))
                    .map(|found| found.and_then(typed))
            })
    }
    types.iter().flatten().find_map(|t| find(t, name, 0))
}
