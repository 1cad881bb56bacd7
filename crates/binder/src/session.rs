//! Binding a script piece by piece as it is read ([`Session`]): a streaming check parses a piece,
//! binds it and frees its tree before reading the next, so only the catalog outlives a piece.
//! The results are [`crate::bind_checked`]'s on the whole parse.

use crate::{BindOptions, Binder, Bound, SourceCheck};
use flinkddl_diagnostics::{Diagnostic, Severity};
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

    /// Binds the next piece's statements, whose syntax diagnostics (sorted by position) are
    /// `errors`. A statement with a syntax error is only noted, as in [`crate::bind_checked`].
    pub fn bind(&mut self, statements: &[Statement<'_>], errors: &[Diagnostic]) {
        let broken = broken_in(statements, errors);
        for (i, statement) in statements.iter().enumerate() {
            let is_broken = broken.get(i).copied().unwrap_or(true);
            self.binder
                .bind_statement(self.next + i, statement, is_broken);
        }
        self.next += statements.len();
    }

    /// Each table as the statement that created it left it, so far: (statement index, table).
    pub fn created(&self) -> &[(usize, Arc<crate::schema::TableSchema>)] {
        &self.binder.created
    }

    /// The results of the whole script.
    pub fn finish(self) -> Bound {
        let mut binder = self.binder;
        // What is left of the doubling of the long lists: they are kept to the end of a check.
        binder.uses.shrink_to_fit();
        binder.created.shrink_to_fit();
        Bound {
            tables: binder.catalog.into_tables_in_order(),
            diagnostics: binder.diagnostics,
            created: binder.created,
            uses: binder.uses,
        }
    }
}

/// Which of `statements` have a syntax error among `errors` (a statement owns the text up to
/// the next one; an error before the first belongs to the first).
pub fn broken_in(statements: &[Statement<'_>], errors: &[Diagnostic]) -> Vec<bool> {
    let mut broken = vec![false; statements.len()];
    for d in errors.iter().filter(|d| d.severity == Severity::Error) {
        let after = statements.partition_point(|s| s.span.start <= d.span.start);
        if let Some(slot) = broken.get_mut(after.saturating_sub(1)) {
            *slot = true;
        }
    }
    broken
}
