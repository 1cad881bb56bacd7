//! Expressions typed against a table's columns: computed columns (declared, or inherited
//! from a LIKE source and bound again), and watermark expressions, through one index of the
//! columns by name ([`ColumnIndex`]), so that a table of many computed columns types in linear
//! time.

use super::columns::{expr_text, Col};
use crate::expr::{bind_expr, ExprOutcome, Scope};
use crate::schema::*;
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast;
use flinkddl_types::DataType;
// foldhash: fast and seeded (hostile column names cannot force collisions).
use foldhash::HashMap;

/// The typed computed columns that came from another table (`from_base`: a LIKE source, or the
/// table an ALTER changes), each with its stored text bound again against the physical and
/// metadata columns of `columns` (whose types may have changed): (index, stored text, outcome).
pub(crate) fn rebind_inherited_computed(columns: &[Col]) -> Vec<(usize, String, ExprOutcome)> {
    let visible: Vec<(&str, &DataType)> = columns
        .iter()
        .filter(|c| !c.is_computed())
        .filter_map(|c| c.data_type.as_deref().map(|t| (c.name.as_str(), t)))
        .collect();
    let scope = ColumnScope { columns: visible };
    let mut out = Vec::new();
    for (index, c) in columns.iter().enumerate().filter(|(_, c)| c.from_base) {
        let ColumnKind::Computed(computed) = &c.kind else {
            continue;
        };
        if !computed.typed {
            continue;
        }
        let stored = computed.expr.as_str();
        let span = Span::new(0, u32::try_from(stored.len()).unwrap_or(u32::MAX));
        let herd = flinkddl_syntax::Herd::new();
        let (parsed, _) = flinkddl_syntax::parse_expression_in(stored, span, &herd);
        let Some(parsed) = parsed else {
            continue;
        };
        out.push((index, stored.to_owned(), bind_expr(&parsed, stored, &scope)));
    }
    out
}

/// The columns an expression can see.
pub(crate) struct ColumnScope<'a> {
    pub(crate) columns: Vec<(&'a str, &'a DataType)>,
}

impl Scope for ColumnScope<'_> {
    fn column(&self, name: &str) -> Option<&DataType> {
        self.columns
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
    }

    fn names(&self) -> Vec<&str> {
        self.columns.iter().map(|(n, _)| *n).collect()
    }
}

/// A table's columns by name, built once: the first column of each name and whether a later
/// one repeats it (duplicates are reported after the computed columns are typed).
/// A small table is scanned instead (hashing would cost more than it saves).
pub(crate) struct ColumnIndex<'c> {
    columns: &'c [Col<'c>],
    first: Option<HashMap<&'c str, (usize, bool)>>,
}

/// Tables up to this many columns are scanned, not hashed.
const SCANNED_COLUMNS: usize = 16;

impl<'c> ColumnIndex<'c> {
    pub(crate) fn new(columns: &'c [Col<'c>]) -> Self {
        if columns.len() <= SCANNED_COLUMNS {
            return ColumnIndex {
                columns,
                first: None,
            };
        }
        let mut first: HashMap<&'c str, (usize, bool)> = HashMap::default();
        first.reserve(columns.len());
        for (i, c) in columns.iter().enumerate() {
            first
                .entry(c.name.as_str())
                .and_modify(|(_, repeated)| *repeated = true)
                .or_insert((i, false));
        }
        ColumnIndex {
            columns,
            first: Some(first),
        }
    }

    /// The columns named `name`, in schema order.
    fn named<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'c Col<'c>> + 's {
        let (head, rest): (Option<&'c Col<'c>>, &'c [Col<'c>]) = match &self.first {
            None => (None, self.columns),
            Some(first) => match first.get(name) {
                Some(&(i, repeated)) => (
                    self.columns.get(i),
                    if repeated {
                        self.columns.get(i + 1..).unwrap_or_default()
                    } else {
                        &[]
                    },
                ),
                None => (None, &[]),
            },
        };
        head.into_iter()
            .chain(rest.iter().filter(move |c| c.name == name))
    }
}

/// The columns of a [`ColumnIndex`] that `allow` lets an expression see, with their types.
struct IndexedScope<'i, 'c, F> {
    index: &'i ColumnIndex<'c>,
    allow: &'i F,
}

impl<F: Fn(&Col) -> bool> Scope for IndexedScope<'_, '_, F> {
    fn column(&self, name: &str) -> Option<&DataType> {
        self.index
            .named(name)
            .find(|c| (self.allow)(c) && c.data_type.is_some())
            .and_then(|c| c.data_type.as_deref())
    }

    fn names(&self) -> Vec<&str> {
        self.index
            .columns
            .iter()
            .filter(|c| (self.allow)(c))
            .filter(|c| c.data_type.is_some())
            .map(|c| c.name.as_str())
            .collect()
    }
}

/// The identifiers an expression references (first part of each name).
fn referenced_names(expr: &ast::Expr, out: &mut Vec<String>) {
    ast::visit::for_each_expr(expr, |e| {
        if let ast::ExprKind::Identifier(name) = &e.kind {
            if let Some(first) = name.parts.first() {
                out.push(first.value.to_owned());
            }
        }
    });
}

impl Binder<'_> {
    /// Types an expression against `columns`. `None` means it could not be typed (no error);
    /// `Err(())` means Flink rejects it (diagnostics reported).
    pub(crate) fn type_expression(
        &mut self,
        expr: &ast::Expr,
        columns: &[Col],
        allow: impl Fn(&Col) -> bool,
    ) -> Result<Option<(DataType, String)>, ()> {
        self.type_expression_in(expr, &ColumnIndex::new(columns), allow)
    }

    /// [`Self::type_expression`] against columns indexed once (a table's computed columns
    /// share one index, so typing them is linear in the table).
    fn type_expression_in(
        &mut self,
        expr: &ast::Expr,
        index: &ColumnIndex<'_>,
        allow: impl Fn(&Col) -> bool,
    ) -> Result<Option<(DataType, String)>, ()> {
        // A reference to a visible column whose type we do not know: we cannot type this.
        let mut names = Vec::new();
        referenced_names(expr, &mut names);
        if names
            .iter()
            .any(|n| index.named(n).any(|c| allow(c) && c.data_type.is_none()))
        {
            return Ok(None);
        }
        let scope = IndexedScope {
            index,
            allow: &allow,
        };
        match self.bind_expr(expr, self.source, &scope) {
            ExprOutcome::Typed(t) => Ok(Some((t.data_type, t.stored))),
            ExprOutcome::NotTyped { reason } => {
                self.report(
                    Diagnostic::new(
                        Code::ExpressionNotTyped,
                        expr.span,
                        format!("the type of this expression is not derived: {reason}"),
                    )
                    .with_help("flinkddl does not check this column further; Flink may accept it"),
                );
                Ok(None)
            }
            ExprOutcome::Rejected(diags) => {
                self.results.diagnostics.extend(diags);
                Err(())
            }
        }
    }

    /// Types the computed columns; true when one is rejected (its column is then unknown).
    pub(super) fn type_computed_columns(
        &mut self,
        columns: &mut [Col],
        computed: Vec<(usize, &ast::Expr)>,
    ) -> bool {
        let mut failed = false;
        if computed.is_empty() {
            return failed;
        }
        // Computed columns see every physical column, and the metadata columns declared
        // before them (Flink collects physical types first, metadata as it goes). No computed
        // column sees another, so all are typed against the columns as declared, then stored.
        let typed: Vec<_> = {
            let metadata_position: HashMap<&str, usize> = columns
                .iter()
                .enumerate()
                .filter(|(_, c)| matches!(c.kind, ColumnKind::Metadata { .. }))
                .map(|(i, c)| (c.name.as_str(), i))
                .collect();
            let index = ColumnIndex::new(columns);
            computed
                .into_iter()
                .map(|(at, expr)| {
                    let typed = self.type_expression_in(expr, &index, |c| {
                        !c.is_computed()
                            && metadata_position
                                .get(c.name.as_str())
                                .is_none_or(|&m| m < at)
                    });
                    (at, expr, typed)
                })
                .collect()
        };
        for (index, expr, typed) in typed {
            let Some(column) = columns.get_mut(index) else {
                continue;
            };
            match typed {
                // A rejected expression leaves its column unknown: later uses say nothing.
                Err(()) => {
                    failed = true;
                    column.data_type = None;
                    column.kind = ColumnKind::computed(expr_text(self.source, expr), false);
                }
                Ok(Some((ty, stored))) => {
                    column.data_type = Some(self.caches.type_cache.intern(ty));
                    column.kind = ColumnKind::computed(self.stored_in_version(stored), true);
                }
                Ok(None) => {
                    column.data_type = None;
                    column.kind = ColumnKind::computed(expr_text(self.source, expr), false);
                }
            }
        }
        failed
    }

    /// Computed columns copied from a LIKE source are resolved again against the new table
    /// (their physical and metadata columns may be gone, e.g. with EXCLUDING METADATA).
    pub(super) fn revalidate_base_computed(
        &mut self,
        columns: &mut [Col],
        like_span: Span,
    ) -> Result<(), ()> {
        let unknown_types = columns
            .iter()
            .any(|c| !c.is_computed() && c.data_type.is_none());
        for (index, stored, outcome) in rebind_inherited_computed(columns) {
            let c = &mut columns[index];
            match outcome {
                ExprOutcome::Typed(t) => {
                    c.data_type = Some(self.caches.type_cache.intern(t.data_type))
                }
                ExprOutcome::NotTyped { .. } => {}
                ExprOutcome::Rejected(diags) if !unknown_types => {
                    let reason = diags.first().map(|d| d.message.clone()).unwrap_or_default();
                    self.report(
                        Diagnostic::new(
                            Code::UnknownColumn,
                            like_span,
                            format!(
                                "{reason} (in computed column `{}` = {stored} of the LIKE source)",
                                c.name
                            ),
                        )
                        .with_help("the LIKE options drop a column this computed column uses; add EXCLUDING GENERATED or keep the column"),
                    );
                    return Err(());
                }
                ExprOutcome::Rejected(_) => {}
            }
        }
        Ok(())
    }
}
