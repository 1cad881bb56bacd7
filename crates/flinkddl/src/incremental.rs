//! Analysis of a script that changes a little at a time (the language server, issue 16): each
//! version re-parses from the first statement the edit can touch ([`syntax::reparse`]) and
//! re-binds from a binder checkpoint at or before it ([`binder::resume`]), reusing the catalog
//! state before it. What follows binding (lints, connector checks, the order of diagnostics)
//! runs on the whole script, as [`crate::analyze_with`] does. The result is the one
//! `analyze_with` gives (`tests/incremental.rs` replays random edits against it).

use crate::{binder, syntax, Analysis, Options};
use binder::resume::{Checkpoint, Earlier};
use std::sync::Arc;

/// What an [`Analysis`] of one version of a script does not keep and the next version needs:
/// kept beside that analysis (which holds the parse and the tables each statement created).
#[derive(Debug, Clone)]
pub struct Incremental {
    /// The binder's own diagnostics (before the later stages add to and reorder them).
    bind_diagnostics: Vec<crate::Diagnostic>,
    uses: Vec<binder::uses::TableUse>,
    /// Connector findings per created table, for the tables before the next edit.
    connector_findings: crate::ConnectorFindingsBySlot,
    /// The binder's state before some statements, in statement order (shared with the
    /// versions after this one that resume after them).
    checkpoints: Vec<Arc<Checkpoint>>,
}

/// How many checkpoints a script keeps at most: each holds a copy of the catalog, so they cost
/// memory and time linear in the tables; re-binding starts at most a 1/CHECKPOINTS of the
/// script before the change.
const CHECKPOINTS: usize = 32;
/// Checkpoints taken while re-binding after an edit (after the one resumed from).
const NEW_CHECKPOINTS_AFTER_EDIT: usize = 2;
/// The fewest statements between two checkpoints.
const MIN_STATEMENTS_PER_CHECKPOINT: usize = 16;

fn checkpoint_every(statements: usize) -> usize {
    (statements / CHECKPOINTS).max(MIN_STATEMENTS_PER_CHECKPOINT)
}

impl Incremental {
    /// Analyzes `text` from scratch.
    pub fn new(text: &str, options: &Options) -> (Analysis, Incremental) {
        analyze(None, text, options)
    }

    /// Analyzes `text`, any other version of `previous_text`, under the same `options`;
    /// `previous` is the analysis of `previous_text` this state came with.
    pub fn update(
        &self,
        previous: &Analysis,
        previous_text: &str,
        text: &str,
        options: &Options,
    ) -> (Analysis, Incremental) {
        analyze(Some((self, previous, previous_text)), text, options)
    }
}

fn analyze(
    before: Option<(&Incremental, &Analysis, &str)>,
    text: &str,
    options: &Options,
) -> (Analysis, Incremental) {
    let (parse, first_changed) = match before {
        Some((_, a, old_text)) => syntax::reparse(&a.parse, old_text, text),
        None => (syntax::parse(text), 0),
    };
    let every = checkpoint_every(parse.script().statements.len());
    // The latest checkpoint at or before the first statement read again.
    let from = before.and_then(|(b, a, _)| {
        let at = b
            .checkpoints
            .partition_point(|c| c.statement <= first_changed)
            .checked_sub(1)?;
        Some((b, a, at))
    });
    // A whole analysis keeps checkpoints all along the script. Re-binding after an edit keeps
    // only a few just after the edit: edits come in places, the next is likely near (then it
    // resumes from the same checkpoint), and each checkpoint copies the catalog.
    let resume_at = from.map(|(b, _, at)| b.checkpoints[at].statement);
    let keep = |i: usize| {
        i.is_multiple_of(every)
            && resume_at.is_none_or(|r| i <= r + NEW_CHECKPOINTS_AFTER_EDIT * every)
    };
    let resumed = binder::resume::bind_resumable(
        &parse,
        text,
        crate::bind_options(options),
        Some(&crate::ConnectorSourceCheck(options.catalogue())),
        from.map(|(b, a, at)| {
            (
                b.checkpoints[at].as_ref(),
                Earlier {
                    diagnostics: &b.bind_diagnostics,
                    created: &a.created,
                    uses: &b.uses,
                },
            )
        }),
        &keep,
    );
    let mut checkpoints: Vec<Arc<Checkpoint>> = match from {
        Some((b, _, at)) => b.checkpoints[..=at].to_vec(),
        None => Vec::new(),
    };
    checkpoints.extend(resumed.checkpoints.into_iter().map(Arc::new));
    let bound = resumed.bound;
    let bind_diagnostics = bound.diagnostics.clone();
    let uses = bound.uses.clone();
    // Tables created before the re-bound statements are the earlier version's, in its slots.
    let reuse = from.map(|(b, _, at)| (&b.connector_findings, b.checkpoints[at].created()));
    let (analysis, connector_findings) = crate::finish_reusing(parse, bound, options, reuse);
    let next = Incremental {
        bind_diagnostics,
        uses,
        connector_findings,
        checkpoints,
    };
    (analysis, next)
}
