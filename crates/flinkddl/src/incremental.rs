//! Analysis of a script that changes a little at a time (the language server, issue 16): each
//! version re-parses from the first statement the edit can touch ([`syntax::reparse`]) and
//! re-binds from a binder checkpoint at or before it ([`binder::resume`]), reusing the catalog
//! state before it. What follows binding (lints, connector checks, the order of diagnostics)
//! runs on the whole script, as [`crate::analyze_with`] does. The result is the one
//! `analyze_with` gives (`tests/incremental.rs` replays random edits against it).

use crate::{binder, syntax, Analysis, Options};
use binder::resume::{Checkpoint, Earlier, Ends, Unchanged};
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
    /// Per statement, how far the binder's lists reached after it: the results of each
    /// statement, for the next version to take over when that statement reads as before.
    ends: Vec<Ends>,
    /// How many statements this version took over from the last one instead of binding them.
    replayed: usize,
}

/// How many checkpoints a script keeps at most: each holds a copy of the catalog, so they cost
/// memory and time linear in the tables; re-binding starts at most a 1/CHECKPOINTS of the
/// script before the change.
const CHECKPOINTS: usize = 32;
/// Checkpoints taken while re-binding after an edit (after the one resumed from).
const NEW_CHECKPOINTS_AFTER_EDIT: usize = 1;
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

    /// How many statements after the edit this version replayed from the one before (their
    /// results taken over) rather than bound.
    pub fn replayed(&self) -> usize {
        self.replayed
    }
}

fn analyze(
    before: Option<(&Incremental, &Analysis, &str)>,
    text: &str,
    options: &Options,
) -> (Analysis, Incremental) {
    // Where the versions differ: `prefix` bytes the same at the start, `suffix` at the end.
    let edit = before.map(|(_, _, old_text)| {
        let prefix = syntax::common_prefix_len(old_text, text);
        let room = old_text.len().min(text.len()) - prefix;
        (prefix, syntax::common_suffix_len(old_text, text).min(room))
    });
    let (parse, first_changed) = match (before, edit) {
        (Some((_, a, _)), Some((prefix, _))) => syntax::reparse_after(&a.parse, prefix, text),
        _ => (syntax::parse_keeping_tokens(text), 0),
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
    let unchanged = match (from, before, edit) {
        (Some((b, _, at)), Some((_, a, old_text)), Some(edit)) => unchanged_after_edit(
            &a.parse,
            old_text,
            &parse,
            text,
            edit,
            b.checkpoints[at].statement,
            first_changed,
        ),
        _ => None,
    };
    let (resumed, _) = binder::resume::bind_replaying_from(
        &parse,
        text,
        crate::bind_options(options),
        Some(&crate::ConnectorSourceCheck(options.connector_facts())),
        options.prelude,
        from.map(|(b, a, at)| {
            (
                b.checkpoints[at].as_ref(),
                Earlier {
                    diagnostics: &b.bind_diagnostics,
                    created: &a.created,
                    uses: &b.uses,
                    model: a.model.as_ref(),
                    ends: &b.ends,
                },
            )
        }),
        unchanged,
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
    // Tables the statements before the edit or the replayed ones created are the earlier
    // version's: so are their connector findings when their uses are the same.
    let mapping = match (before, edit) {
        (Some((b, a, old_text)), Some((prefix, suffix))) => Some(Mapping {
            findings: &b.connector_findings,
            old_created: &a.created,
            prefix_statements: first_changed,
            edit: binder::resume::TextEdit {
                prefix: u32::try_from(prefix).unwrap_or(0),
                old_suffix: u32::try_from(old_text.len() - suffix).unwrap_or(u32::MAX),
                delta: text.len() as i64 - old_text.len() as i64,
            },
            moved: unchanged.map(|u| (u.first, u.old_first)),
        }),
        _ => None,
    };
    let (analysis, connector_findings) = crate::finish_reusing(
        parse,
        bound,
        options,
        mapping.as_ref().map(|m| m as &dyn crate::EarlierFindings),
    );
    let next = Incremental {
        bind_diagnostics,
        uses,
        connector_findings,
        checkpoints,
        ends: resumed.ends,
        replayed: resumed.replayed,
    };
    (analysis, next)
}

/// The statements at the end of `parse` that read as the earlier version's (`old`) did: same
/// text, same spans shifted by the edit, no syntax error in the statement before the first of
/// them in either version (so both parsers were at the top level there, as in
/// `syntax::reparse`). `old_from` is the first statement bound again.
fn unchanged_after_edit<'a>(
    old: &'a syntax::Parse,
    old_text: &str,
    parse: &syntax::Parse,
    text: &str,
    (prefix, suffix): (usize, usize),
    old_from: usize,
    same_before: usize,
) -> Option<Unchanged<'a>> {
    let new_suffix = text.len() - suffix;
    let old_suffix = old_text.len() - suffix;
    let delta = text.len() as i64 - old_text.len() as i64;
    let statements = parse.script().statements;
    let old_statements = old.script().statements;
    let mut first = statements.partition_point(|s| (s.span.start as usize) < new_suffix);
    let old_first = |first: usize| (first + old_statements.len()).checked_sub(statements.len());
    let broken = parse.statements_with_errors();
    let old_broken = old.statements_with_errors();
    // The statement before the first must have ended cleanly in both.
    while first < statements.len() {
        let old_i = old_first(first)?;
        let clean = first == 0
            || (!broken.get(first - 1).copied().unwrap_or(true)
                && old_i > 0
                && !old_broken.get(old_i - 1).copied().unwrap_or(true));
        if clean {
            break;
        }
        first += 1;
    }
    let old_i = old_first(first)?;
    for (k, s) in statements.iter().enumerate().skip(first) {
        let o = old_statements.get(k - first + old_i)?;
        if i64::from(o.span.start) + delta != i64::from(s.span.start)
            || i64::from(o.span.end) + delta != i64::from(s.span.end)
            || broken.get(k) != old_broken.get(k - first + old_i)
        {
            return None;
        }
    }
    let lines = |t: &[u8]| t.iter().filter(|&&b| b == b'\n').count();
    let (bytes, old_bytes) = (text.as_bytes(), old_text.as_bytes());
    let starts_on_own_line = statements
        .get(first)
        .and_then(|s| bytes.get(new_suffix..s.span.start as usize))
        .is_some_and(|gap| gap.contains(&b'\n'));
    let same_lines = starts_on_own_line
        && lines(bytes.get(prefix..new_suffix)?) == lines(old_bytes.get(prefix..old_suffix)?);
    Some(Unchanged {
        same_before,
        first,
        old_first: old_i,
        edit: binder::resume::TextEdit {
            prefix: u32::try_from(prefix).ok()?,
            old_suffix: u32::try_from(old_suffix).ok()?,
            delta,
        },
        same_lines,
        old,
        old_from,
    })
}

/// Where the earlier version's connector findings are in this one.
struct Mapping<'a> {
    findings: &'a crate::ConnectorFindingsBySlot,
    old_created: &'a [(usize, Arc<binder::schema::TableSchema>)],
    /// Statements before this one are the same, at the same offsets.
    prefix_statements: usize,
    edit: binder::resume::TextEdit,
    /// The first statement replayed from the earlier version, and its index there.
    moved: Option<(usize, usize)>,
}

impl Mapping<'_> {
    fn statement_to_old(&self, statement: usize) -> Option<usize> {
        if statement < self.prefix_statements {
            return Some(statement);
        }
        let (first, old_first) = self.moved?;
        (statement >= first).then(|| statement - first + old_first)
    }
}

impl crate::EarlierFindings for Mapping<'_> {
    fn findings(
        &self,
        _slot: usize,
        statement: usize,
        table: &Arc<binder::schema::TableSchema>,
    ) -> Option<&(u64, Vec<crate::Diagnostic>)> {
        let old = self.statement_to_old(statement)?;
        let at = self.old_created.partition_point(|(i, _)| *i < old);
        let (i, earlier) = self.old_created.get(at)?;
        // The same table object: the earlier version's, taken over, not bound again.
        (*i == old && Arc::ptr_eq(earlier, table))
            .then(|| self.findings.get(at))
            .flatten()
    }

    fn to_old(&self, statement: usize, span: crate::Span) -> Option<(usize, crate::Span)> {
        Some((
            self.statement_to_old(statement)?,
            crate::Span::new(self.edit.to_old(span.start)?, self.edit.to_old(span.end)?),
        ))
    }

    fn to_new(&self, finding: &crate::Diagnostic) -> Option<crate::Diagnostic> {
        self.edit.diagnostic_to_new(finding)
    }
}
