//! Binding a script piece by piece as it is read ([`Session`]): a streaming check parses a piece,
//! binds it and frees its tree before reading the next, so only the catalog outlives a piece.
//! The results are [`crate::bind_checked`]'s on the whole parse.

use crate::{BindOptions, Binder, Bound, SourceCheck};
use flinkddl_syntax::ast::Statement;
use std::sync::Arc;

/// The binder between pieces of one script: the session catalog and the results so far.
pub struct Session<'a> {
    binder: Binder<'a>,
    /// Statements bound so far (the index of the next one in the whole script).
    next: usize,
}

impl<'a> Session<'a> {
    pub fn new(
        source: &'a str,
        options: BindOptions,
        source_check: Option<&'a dyn SourceCheck>,
    ) -> Self {
        Session {
            binder: Binder::new(source, options, source_check),
            next: 0,
        }
    }

    /// A session that starts where `prelude` ends (a project's catalog files), not fresh.
    pub fn continuing(
        source: &'a str,
        options: BindOptions,
        source_check: Option<&'a dyn SourceCheck>,
        prelude: &crate::prelude::Prelude,
    ) -> Self {
        Session {
            binder: Binder::continuing(source, options, source_check, prelude),
            next: 0,
        }
    }

    /// [`Session::finish`], and the prelude the script leaves for the next one.
    pub fn finish_continuing(self) -> (Bound, crate::prelude::Prelude) {
        let mut binder = self.binder;
        let (tables, prelude) = binder.take_prelude_keeping_tables();
        (binder.results.into_bound(tables), prelude)
    }

    /// Binds the next piece's statements; `broken` says which have a syntax error
    /// (`flinkddl_syntax::statements_with_errors`): those are only noted, as in
    /// [`crate::bind_checked`].
    pub fn bind(&mut self, statements: &[Statement<'_>], broken: &[bool]) {
        for (i, statement) in statements.iter().enumerate() {
            let is_broken = broken.get(i).copied().unwrap_or(true);
            self.binder
                .bind_statement(self.next + i, statement, is_broken);
        }
        self.next += statements.len();
    }

    /// Each table as the statement that created it left it, so far: (statement index, table).
    pub fn created(&self) -> &[(usize, Arc<crate::schema::TableSchema>)] {
        &self.binder.results.created
    }

    /// The results of the whole script.
    pub fn finish(self) -> Bound {
        self.finish_with(true)
    }

    /// [`Session::finish`] without the catalog's tables ([`Bound::tables`] empty), for a
    /// caller that reads only the created tables, the uses and the diagnostics (`flinkddl
    /// check`): the catalog is dropped as it is, not ordered into a list first.
    pub fn finish_without_tables(self) -> Bound {
        self.finish_with(false)
    }

    fn finish_with(self, tables: bool) -> Bound {
        let mut binder = self.binder;
        // What is left of the doubling of the long lists: they are kept to the end of a check.
        binder.results.uses.shrink_to_fit();
        binder.results.created.shrink_to_fit();
        let tables = if tables {
            binder.catalog.into_tables_in_order()
        } else {
            Vec::new()
        };
        binder.results.into_bound(tables)
    }
}
