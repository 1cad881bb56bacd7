//! Binding that resumes: the binder's state before a statement ([`Checkpoint`]), kept so that a
//! later version of the script whose statements before it are unchanged is bound from there on
//! (the language server re-binds from the first statement an edit touches: issue 16).
//!
//! [`bind_resumable`] without a checkpoint is [`crate::bind_checked`] (which calls it); each
//! statement is bound by `Binder::bind_statement`.

use crate::catalog::{Catalog, ObjectPath};
use crate::{BindOptions, Binder, Bound, SourceCheck};
use flinkddl_syntax::Parse;

/// The binder's state before one statement: the session catalog, the names declared so far,
/// and how much of each result list the statements before it filled.
#[derive(Debug, Clone)]
pub struct Checkpoint {
    /// The statement this is the state before.
    pub statement: usize,
    catalog: Catalog,
    declared: foldhash::HashSet<ObjectPath>,
    user_functions: foldhash::HashSet<String>,
    modules_loaded: bool,
    diagnostics: usize,
    created: usize,
    uses: usize,
}

impl Checkpoint {
    /// How many tables the statements before this one created (entries of
    /// [`Bound::created`]).
    pub fn created(&self) -> usize {
        self.created
    }
}

/// What binding an earlier version of the script produced (a [`Bound`]'s lists, borrowed).
#[derive(Debug, Clone, Copy)]
pub struct Earlier<'a> {
    pub diagnostics: &'a [flinkddl_diagnostics::Diagnostic],
    pub created: &'a [(usize, std::sync::Arc<crate::schema::TableSchema>)],
    pub uses: &'a [crate::uses::TableUse],
}

/// A script bound, with the checkpoints taken on the way.
#[derive(Debug, Clone)]
pub struct Resumed {
    pub bound: Bound,
    /// In statement order, where `keep` asked for them; after the resumed-from checkpoint
    /// (that one not included).
    pub checkpoints: Vec<Checkpoint>,
}

/// [`crate::bind_checked`], from `from` on when given: a checkpoint taken while binding an
/// earlier version of the script, and that version's result. The statements before
/// `from.statement` must be the same in `parse` as in that version, at the same offsets (their
/// results are taken from `earlier` as they are). `keep(i)` says whether to take a checkpoint
/// before statement `i`.
pub fn bind_resumable(
    parse: &Parse,
    source: &str,
    options: BindOptions,
    source_check: Option<&dyn SourceCheck>,
    from: Option<(&Checkpoint, Earlier<'_>)>,
    keep: &dyn Fn(usize) -> bool,
) -> Resumed {
    let mut binder = Binder::new(source, options, source_check);
    let mut first = 0;
    if let Some((checkpoint, earlier)) = from {
        first = checkpoint.statement;
        binder.catalog = checkpoint.catalog.clone();
        binder.declared = checkpoint.declared.clone();
        binder.user_functions = checkpoint.user_functions.clone();
        binder.modules_loaded = checkpoint.modules_loaded;
        binder.diagnostics = earlier
            .diagnostics
            .get(..checkpoint.diagnostics)
            .unwrap_or_default()
            .to_vec();
        binder.created = earlier
            .created
            .get(..checkpoint.created)
            .unwrap_or_default()
            .to_vec();
        binder.uses = earlier
            .uses
            .get(..checkpoint.uses)
            .unwrap_or_default()
            .to_vec();
    }
    let statements = &parse.script().statements;
    let broken = crate::broken_statements(parse);
    let mut checkpoints = Vec::new();
    for (index, statement) in statements.iter().enumerate().skip(first) {
        // The checkpoint resumed from is the caller's already.
        if keep(index) && !(from.is_some() && index == first) {
            checkpoints.push(Checkpoint {
                statement: index,
                catalog: binder.catalog.clone(),
                declared: binder.declared.clone(),
                user_functions: binder.user_functions.clone(),
                modules_loaded: binder.modules_loaded,
                diagnostics: binder.diagnostics.len(),
                created: binder.created.len(),
                uses: binder.uses.len(),
            });
        }
        binder.bind_statement(index, statement, broken[index]);
    }
    Resumed {
        bound: Bound {
            tables: binder.catalog.into_tables_in_order(),
            diagnostics: binder.diagnostics,
            created: binder.created,
            uses: binder.uses,
        },
        checkpoints,
    }
}
