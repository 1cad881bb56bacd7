//! Binding that resumes: the binder's state before a statement ([`Checkpoint`]), kept so that a
//! later version of the script whose statements before it are unchanged is bound from there on
//! (the language server re-binds from the first statement an edit touches: issue 16).
//!
//! [`bind_resumable`] without a checkpoint is [`crate::bind_checked`] (which calls it); each
//! statement is bound by `Binder::bind_statement`.
//!
//! After the edit, a statement whose text is unchanged ([`Unchanged`]) and that mentions none of
//! the names the edited statements (and the statements bound again after them) write is
//! *replayed*: its results are the earlier version's, shifted, and its effect on the catalog is
//! applied without binding it. Only a plain CREATE TABLE is replayed (its effect is its table,
//! taken from the earlier [`Bound::created`]); every other statement is bound. Any statement
//! bound that has an effect not keyed by the names it mentions (USE, CREATE CATALOG, SET,
//! LOAD MODULE, DROP, ...) ends replaying: everything after it is bound.

use crate::session_catalog::SessionCatalog;
use crate::{BindOptions, Binder, Bound, SourceCheck};
use flinkddl_diagnostics::{Diagnostic, Severity, Span};
use flinkddl_syntax::ast::{Statement, StatementKind};
use flinkddl_syntax::Parse;

/// The binder's state before one statement: the session catalog, the names declared so far,
/// and how much of each result list the statements before it filled.
#[derive(Debug, Clone)]
pub struct Checkpoint {
    /// The statement this is the state before.
    pub statement: usize,
    catalog: SessionCatalog,
    declarations: crate::Declarations,
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

/// How far each of a [`Bound`]'s lists reached after one statement.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ends {
    pub diagnostics: u32,
    pub created: u32,
    pub uses: u32,
}

/// What binding an earlier version of the script produced (a [`Bound`]'s lists, borrowed).
#[derive(Debug, Clone, Copy)]
pub struct Earlier<'a> {
    pub diagnostics: &'a [flinkddl_diagnostics::Diagnostic],
    pub created: &'a [(usize, std::sync::Arc<crate::schema::TableSchema>)],
    pub uses: &'a [crate::uses::TableUse],
    /// The earlier version's semantic model, when it recorded one.
    pub model: Option<&'a crate::semantic::SemanticModel>,
    /// Per statement: [`Resumed::ends`].
    pub ends: &'a [Ends],
}

/// The statements after an edit that read as in the earlier version: the new version's
/// statements from `first` on are the earlier version's from `old_first` on, with the same text
/// `delta` bytes later (checked by the caller: same spans shifted, same syntax errors).
#[derive(Debug, Clone, Copy)]
pub struct Unchanged<'a> {
    /// Statements before this one are the earlier version's at the same offsets, and bound
    /// from the same state: they are replayed too.
    pub same_before: usize,
    pub first: usize,
    pub old_first: usize,
    pub edit: TextEdit,
    /// Whether line numbers from `first` on are the earlier version's, and each of those
    /// statements starts on a line of its own past the edit: then messages that quote a line
    /// and column still hold. Else only statements without bind diagnostics are replayed.
    pub same_lines: bool,
    /// The earlier version, and the first of its statements bound again (the checkpoint's):
    /// what its edited statements wrote is what the new version's statements after the edit
    /// must not read.
    pub old: &'a Parse,
    pub old_from: usize,
}

/// A script bound, with the checkpoints taken on the way.
#[derive(Debug, Clone)]
pub struct Resumed {
    pub bound: Bound,
    /// In statement order, where `keep` asked for them; after the resumed-from checkpoint
    /// (that one not included).
    pub checkpoints: Vec<Checkpoint>,
    /// Per statement, how far the result lists reached after it.
    pub ends: Vec<Ends>,
    /// How many statements were replayed rather than bound.
    pub replayed: usize,
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
    bind_replaying(parse, source, options, source_check, from, None, keep)
}

/// [`bind_resumable`], replaying the `unchanged` statements after the edit that the edit
/// cannot affect (see the module's documentation). `unchanged` is used only with `from`.
pub fn bind_replaying(
    parse: &Parse,
    source: &str,
    options: BindOptions,
    source_check: Option<&dyn SourceCheck>,
    from: Option<(&Checkpoint, Earlier<'_>)>,
    unchanged: Option<Unchanged<'_>>,
    keep: &dyn Fn(usize) -> bool,
) -> Resumed {
    bind_replaying_from(
        parse,
        source,
        options,
        source_check,
        None,
        from,
        unchanged,
        keep,
    )
    .0
}

/// [`bind_replaying`] of a script that starts where `prelude` ends (a project's catalog
/// files) instead of in a fresh session; with the prelude, also the prelude the script leaves.
#[allow(clippy::too_many_arguments)]
pub fn bind_replaying_from(
    parse: &Parse,
    source: &str,
    options: BindOptions,
    source_check: Option<&dyn SourceCheck>,
    prelude: Option<&crate::prelude::Prelude>,
    from: Option<(&Checkpoint, Earlier<'_>)>,
    unchanged: Option<Unchanged<'_>>,
    keep: &dyn Fn(usize) -> bool,
) -> (Resumed, Option<crate::prelude::Prelude>) {
    let statements = &parse.script().statements;
    let mut binder = match prelude {
        Some(prelude) => Binder::continuing(source, options, source_check, prelude),
        None => Binder::new(source, options, source_check),
    };
    let mut first = 0;
    let mut ends = Vec::with_capacity(statements.len());
    let mut replay = None;
    if let Some((checkpoint, earlier)) = from {
        first = checkpoint.statement;
        binder.catalog = checkpoint.catalog.clone();
        binder.declarations = checkpoint.declarations.clone();
        let results = &mut binder.results;
        results.diagnostics = earlier
            .diagnostics
            .get(..checkpoint.diagnostics)
            .unwrap_or_default()
            .to_vec();
        results.created = earlier
            .created
            .get(..checkpoint.created)
            .unwrap_or_default()
            .to_vec();
        results.uses = earlier
            .uses
            .get(..checkpoint.uses)
            .unwrap_or_default()
            .to_vec();
        if let (Some(model), Some(earlier)) = (&mut results.model, earlier.model) {
            *model = earlier.keep_before(first);
        }
        ends.extend_from_slice(earlier.ends.get(..first).unwrap_or_default());
        replay = unchanged
            .filter(|u| ends.len() == first && u.first >= first && u.same_before <= u.first)
            .and_then(|u| Replay::new(u, earlier, first));
    }
    let broken = parse.statements_with_errors();
    let mut checkpoints = Vec::new();
    let mut replayed = 0;
    for (index, statement) in statements.iter().enumerate().skip(first) {
        // The checkpoint resumed from is the caller's already.
        if keep(index) && !(from.is_some() && index == first) {
            checkpoints.push(Checkpoint {
                statement: index,
                catalog: binder.catalog.clone(),
                declarations: binder.declarations.clone(),
                diagnostics: binder.results.diagnostics.len(),
                created: binder.results.created.len(),
                uses: binder.results.uses.len(),
            });
        }
        let is_broken = broken.get(index).copied().unwrap_or(true);
        let done = replay
            .as_mut()
            .is_some_and(|r| r.replay(&mut binder, parse, index, statement, is_broken));
        if done {
            replayed += 1;
        } else {
            binder.bind_statement(index, statement, is_broken);
            if let Some(r) = replay.as_mut().filter(|r| index >= r.unchanged.same_before) {
                if !r.writes_of(parse, statement, is_broken) {
                    replay = None;
                }
            }
        }
        ends.push(Ends {
            diagnostics: binder.results.diagnostics.len() as u32,
            created: binder.results.created.len() as u32,
            uses: binder.results.uses.len() as u32,
        });
    }
    let left = prelude.map(|_| binder.take_prelude_keeping_tables());
    let (tables, left) = match left {
        Some((tables, left)) => (tables, Some(left)),
        None => (
            std::mem::take(&mut binder.catalog).into_tables_in_order(),
            None,
        ),
    };
    let resumed = Resumed {
        bound: binder.results.into_bound(tables),
        checkpoints,
        ends,
        replayed,
    };
    (resumed, left)
}

/// The most written names [`Replay::may_mention`] looks for in a statement's text.
const MAX_NAMES_SEARCHED: usize = 16;

/// The replaying state: what the statements bound so far (old and new) may have written.
struct Replay<'a> {
    unchanged: Unchanged<'a>,
    earlier: Earlier<'a>,
    /// Names (in ASCII lower case: compared ignoring ASCII case) whose catalog entries may
    /// differ from the earlier version's at this point.
    written: foldhash::HashSet<String>,
    /// Bit `n` is set when some name in `written` has `n` bytes (63 for longer ones): most
    /// tokens are ruled out by their length.
    lengths: u64,
    /// The names in `written` that `unsure` does not cover, in ASCII lower case.
    lowered: Vec<String>,
    /// A statement's text in ASCII lower case ([`Replay::may_mention`]'s buffer).
    lowered_text: String,
    /// Some name in `written` is empty or has a quote or back-tick (a token's value may have
    /// them where its text has them doubled): statements are lexed to look for it.
    unsure: bool,
}

impl<'a> Replay<'a> {
    /// `None` when one of the earlier version's edited statements has an effect not keyed by
    /// names.
    fn new(unchanged: Unchanged<'a>, earlier: Earlier<'a>, first: usize) -> Option<Replay<'a>> {
        let mut replay = Replay {
            unchanged,
            earlier,
            written: Default::default(),
            lengths: 0,
            lowered: Vec::new(),
            lowered_text: String::new(),
            unsure: false,
        };
        let old = unchanged.old;
        let old_statements = old.script().statements;
        let old_broken = old.statements_with_errors();
        // Before `same_before` both versions read the same from the same state.
        let from = unchanged.old_from.min(first).max(unchanged.same_before);
        for (i, statement) in old_statements
            .iter()
            .enumerate()
            .take(unchanged.old_first)
            .skip(from)
        {
            let broken = old_broken.get(i).copied().unwrap_or(true);
            if !replay.writes_of(old, statement, broken) {
                return None;
            }
        }
        Some(replay)
    }

    fn add(&mut self, name: String) {
        self.lengths |= 1 << name.len().min(63);
        let name = name.to_ascii_lowercase();
        if self.written.contains(&name) {
            return;
        }
        if name.is_empty() || name.contains(['\'', '`']) {
            self.unsure = true;
        } else {
            self.lowered.push(name.clone());
        }
        self.written.insert(name);
    }

    /// Whether `raw` (a statement's text) may hold a token whose value is a written name:
    /// false only when no written name occurs in it (ASCII case ignored) and every written
    /// name is one [`Replay::mentions_written`] can look for in the text so.
    fn may_mention(&mut self, raw: &str) -> bool {
        // Past a few names, one search per name costs more than lexing the statement once.
        if self.unsure || self.lowered.len() > MAX_NAMES_SEARCHED {
            return true;
        }
        self.lowered_text.clear();
        self.lowered_text.push_str(raw);
        self.lowered_text.make_ascii_lowercase();
        let text = self.lowered_text.as_str();
        self.lowered.iter().any(|name| text.contains(name.as_str()))
    }

    /// Adds what `statement` (bound) may have written; false when its effect is not keyed by
    /// the names it mentions. A statement with a syntax error is not bound: it only declares
    /// its name or function (`Binder::bind_statement`).
    fn writes_of(&mut self, parse: &Parse, statement: &Statement<'_>, broken: bool) -> bool {
        let name_parts = match &statement.kind {
            StatementKind::CreateTable(ct) => Some(ct.name.parts),
            StatementKind::CreateView(v) => Some(v.name.parts),
            StatementKind::CreateFunction(f) => Some(f.name.parts),
            _ => None,
        };
        if let Some(parts) = name_parts {
            for part in &parts {
                self.add(part.value.to_string());
            }
            return true;
        }
        if broken {
            return !matches!(statement.kind, StatementKind::LoadModule(_));
        }
        match &statement.kind {
            // The target's place in the creation order, or the table altered: any name it has.
            StatementKind::AlterTable(_) | StatementKind::Insert(_) => {
                let words: Vec<String> = words(parse, statement.span)
                    .map(|w| w.into_owned())
                    .collect();
                for w in words {
                    self.add(w);
                }
                true
            }
            // No effect on the catalog.
            StatementKind::Query(_)
            | StatementKind::Explain(_)
            | StatementKind::Show(_)
            | StatementKind::Describe(_) => true,
            _ => false,
        }
    }

    fn mentions_written(&mut self, parse: &Parse, span: Span) -> bool {
        // A token's value is its text (quotes off) unless it has a doubled quote or back-tick,
        // and then the value has a quote or back-tick: a name without either that no
        // statement's text holds (ASCII case ignored) is no token's value there. Most replayed
        // statements are ruled out so, without lexing them.
        let raw = parse.text().get(span.range()).unwrap_or_default();
        if !self.may_mention(raw) {
            return false;
        }
        words(parse, span).any(|w| {
            self.lengths & (1 << w.len().min(63)) != 0
                && self.written.contains(w.to_ascii_lowercase().as_str())
        })
    }

    /// Replays statement `index` when it is a plain CREATE TABLE after the edit that reads
    /// nothing the edit may have changed; false when it must be bound.
    fn replay(
        &mut self,
        binder: &mut Binder<'_>,
        parse: &Parse,
        index: usize,
        statement: &Statement<'_>,
        broken: bool,
    ) -> bool {
        let u = self.unchanged;
        let old = if index < u.same_before {
            index
        } else if index >= u.first {
            index - u.first + u.old_first
        } else {
            return false;
        };
        if broken {
            return false;
        }
        let StatementKind::CreateTable(ct) = &statement.kind else {
            return false;
        };
        if ct.like.is_some()
            || ct.as_query.is_some()
            || ct.or_replace.is_some()
            || ct.replace.is_some()
            || self.mentions_written(parse, statement.span)
        {
            return false;
        }
        let Some(end) = self.earlier.ends.get(old) else {
            return false;
        };
        let start = match old.checked_sub(1) {
            Some(before) => match self.earlier.ends.get(before) {
                Some(e) => *e,
                None => return false,
            },
            None => Ends::default(),
        };
        let range = |a: u32, b: u32| a as usize..b as usize;
        let (Some(diagnostics), Some(created), Some(uses)) = (
            self.earlier
                .diagnostics
                .get(range(start.diagnostics, end.diagnostics)),
            self.earlier.created.get(range(start.created, end.created)),
            self.earlier.uses.get(range(start.uses, end.uses)),
        ) else {
            return false;
        };
        if !diagnostics.is_empty() && !u.same_lines {
            return false;
        }
        let failed = diagnostics.iter().any(|d| d.severity == Severity::Error);
        let table = match (created, failed) {
            ([(_, table)], false) => Some(table.clone()),
            ([], true) => None,
            _ => return false,
        };
        let temporary = ct.temporary.is_some();
        let failed = table.is_none();
        // The results first: a span in the edit has no place in the new version.
        let Some(diagnostics) = diagnostics
            .iter()
            .map(|d| u.edit.diagnostic_to_new(d))
            .collect::<Option<Vec<Diagnostic>>>()
        else {
            return false;
        };
        let Some(uses) = uses
            .iter()
            .map(|use_| {
                let mut use_ = use_.clone();
                use_.statement = index;
                use_.span = u.edit.span_to_new(use_.span)?;
                Some(use_)
            })
            .collect::<Option<Vec<_>>>()
        else {
            return false;
        };
        if let Some(table) = table {
            let Some(path) = binder.catalog.qualify_owned(&ct.name.parts) else {
                return false;
            };
            // Binding would assume an unknown catalog or database to exist: a change to the
            // catalog the replay does not make.
            if !temporary
                && (binder.catalog.catalog(&path.0).is_none()
                    || binder.catalog.database_exists(&path.0, &path.1) == Some(false))
            {
                return false;
            }
            binder.put_created_table(index, &path, table, temporary);
        }
        binder.results.diagnostics.extend(diagnostics);
        binder.results.uses.extend(uses);
        binder.note_declared(statement);
        if binder.results.model.is_some() {
            binder.note_model_table(statement, failed);
        }
        true
    }
}

/// Where two versions of a text differ: offsets below `prefix` are the same in both; the
/// earlier version's from `old_suffix` on are `delta` bytes later in the new one (in between is
/// the edit).
#[derive(Debug, Clone, Copy)]
pub struct TextEdit {
    pub prefix: u32,
    pub old_suffix: u32,
    pub delta: i64,
}

impl TextEdit {
    /// Where an offset of the earlier version is in the new one (`None` inside the edit).
    pub fn to_new(&self, offset: u32) -> Option<u32> {
        if offset < self.prefix {
            Some(offset)
        } else if offset >= self.old_suffix {
            u32::try_from(i64::from(offset) + self.delta).ok()
        } else {
            None
        }
    }

    /// Where an offset of the new version was in the earlier one (`None` inside the edit).
    pub fn to_old(&self, offset: u32) -> Option<u32> {
        if offset < self.prefix {
            return Some(offset);
        }
        let old = i64::from(offset) - self.delta;
        (old >= i64::from(self.old_suffix))
            .then(|| u32::try_from(old).ok())
            .flatten()
    }

    /// A span of the earlier version where the new one has it (`None`: in the edit).
    pub fn span_to_new(&self, span: Span) -> Option<Span> {
        Some(Span::new(self.to_new(span.start)?, self.to_new(span.end)?))
    }

    /// One of the earlier version's diagnostics where the new version has it: its span, labels
    /// and fix moved (`None` when one is in the edit).
    pub fn diagnostic_to_new(&self, d: &Diagnostic) -> Option<Diagnostic> {
        let mut d = d.clone();
        d.span = self.span_to_new(d.span)?;
        for label in &mut d.labels {
            label.span = self.span_to_new(label.span)?;
        }
        if let Some(fix) = &mut d.fix {
            fix.span = self.span_to_new(fix.span)?;
        }
        Some(d)
    }
}

/// The words of the tokens in `span` (a statement's): quoted names and strings by their values
/// ([`flinkddl_syntax::token_value`]). The statement is lexed alone: the parse keeps no tokens,
/// and lexing the whole text for one statement would cost an edit of a large script more than
/// the replay saves.
fn words<'p>(parse: &'p Parse, span: Span) -> impl Iterator<Item = std::borrow::Cow<'p, str>> {
    let text = parse.text();
    flinkddl_syntax::lex_span(text, span)
        .into_iter()
        .map(move |t| flinkddl_syntax::token_value(text, &t))
}
