//! flinkddl: the front door for programs that embed us.
//!
//! Re-exports the stable API of the workspace crates: [`syntax`] (lexer, parser, typed AST with
//! spans), [`types`] (Flink's data types), [`binder`] (the resolved tables and Flink's verdict),
//! [`lint`] (lint rules and suppression comments), [`connectors`] (connector and format
//! options) and [`diagnostics`] (spans, line index,
//! diagnostics), plus [`analyze`], which runs them all,
//! and [`contract`], the JSON shape of `flinkddl describe --format json`.

pub mod contract;
pub mod incremental;
pub mod lineage;
pub mod openlineage;
pub mod project;
pub mod snapshot;
pub mod upgrade;

pub use flinkddl_binder as binder;
pub use flinkddl_connectors as connectors;
pub use flinkddl_diagnostics as diagnostics;
pub use flinkddl_lint as lint;
pub use flinkddl_syntax as syntax;
pub use flinkddl_types as types;

pub use flinkddl_diagnostics::{Code, Diagnostic, FlinkVersion, LineIndex, Severity, Span, Stage};
pub use flinkddl_syntax::{parse, Parse};

/// Everything flinkddl knows about one script.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub parse: Parse,
    pub tables: Vec<std::sync::Arc<binder::schema::TableSchema>>,
    /// Syntax, bind and lint diagnostics (less those a `-- flinkddl: ignore[...]` comment
    /// silences), ordered by the statement they belong to.
    pub diagnostics: Vec<Diagnostic>,
    /// Each table as the statement that created it left it: (statement index, table). Editors
    /// show a CREATE TABLE's columns as that statement made them, whatever later statements do.
    pub created: Vec<(usize, std::sync::Arc<binder::schema::TableSchema>)>,
    /// What the binder resolved in the script's queries, when [`Options::semantic_model`]
    /// asked for it (editors and lineage read it; `check` does not ask).
    pub model: Option<binder::semantic::SemanticModel>,
    /// The Flink version the script was judged as ([`Options::flink_version`]); its SHOW
    /// CREATE TABLE is printed as that version prints it.
    pub flink_version: FlinkVersion,
}

/// How to analyze a script.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    /// Treat the script as one file of a deployment: catalogs and databases it uses but does
    /// not create are assumed to exist (a warning) instead of missing (an error, as in a fresh
    /// Flink session). `flinkddl check` sets this unless `--fresh-session` is given.
    pub assume_external_objects: bool,
    /// When a connector or format finding is an error (decision 0004).
    pub connector_findings: ConnectorFindings,
    /// The connector and format facts to check `WITH` options against (the built-in one
    /// plus a project's connectors files: `flinkddl_config::Config::options`). `None`: the
    /// built-in connector facts ([`connector_facts`]).
    pub connectors: Option<&'a connectors::ConnectorFacts>,
    /// Record the binder's semantic model ([`Analysis::model`]).
    pub semantic_model: bool,
    /// Start from the session a project's catalog files leave ([`project`], issue 35)
    /// instead of a fresh one. `None`: the script is judged alone.
    pub prelude: Option<&'a binder::prelude::Prelude>,
    /// The Flink version whose verdicts to give (the newest by default).
    pub flink_version: FlinkVersion,
}

impl Options<'_> {
    /// The connector facts this analysis checks connectors against.
    pub fn connector_facts(&self) -> &connectors::ConnectorFacts {
        self.connectors.unwrap_or_else(|| connector_facts())
    }
}

/// When a connector or format finding (C001..C012) that would make Flink fail is an error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ConnectorFindings {
    /// An error when the script itself reads or writes the table in a way the finding breaks
    /// (INSERT INTO it, a query, view, CTAS or EXPLAIN that reads it): Flink rejects the
    /// script. A warning when the script only declares the table: Flink accepts the script,
    /// and the first query that reads or writes the table fails.
    #[default]
    AtUse,
    /// As if every table were used every way its connector allows: an error when a finding
    /// breaks every use (for repositories of DDL that other jobs use).
    Error,
}

/// Whether Flink can create a source for a table, from the connector facts: no
/// `connector` option, a sink-only connector or an error-level option problem means it cannot.
/// An unknown connector is assumed readable (it may be on the user's classpath). Public for
/// binding the script again as the analysis did (an editor's select-item types).
pub struct ConnectorSourceCheck<'c>(pub &'c connectors::ConnectorFacts);

impl binder::SourceCheck for ConnectorSourceCheck<'_> {
    fn cannot_read(&self, table: &binder::schema::TableSchema) -> Option<String> {
        let Some(id) = table.option("connector") else {
            // The Flink 1.10 style goes to the legacy factories, which the jars may hold (C016).
            if table.option("connector.type").is_some() {
                return None;
            }
            return Some(
                "Table options do not contain an option key 'connector' for discovering a connector."
                    .to_string(),
            );
        };
        let facts = self.0;
        let spec = facts.connector(id)?;
        if !spec.roles.contains(&connectors::model::Role::Source) {
            return Some(format!(
                "Connector '{id}' can only be used as a sink. It cannot be used as a source."
            ));
        }
        let spans = connectors::TableSpans::default();
        connectors::check_table(facts, table, &spans)
            .into_iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.message.into())
    }

    fn source_insert_only(&self, table: &binder::schema::TableSchema) -> Option<bool> {
        let resolved = connectors::TableOptions::resolve(self.0, &table.options)?;
        if resolved.connector.changelog_source {
            return Some(false);
        }
        match resolved.value_format() {
            None if resolved.connector.format_slots.is_empty() => Some(true),
            None => None,
            Some(format) => format.spec.map(|f| f.insert_only),
        }
    }

    fn lookup_source(&self, table: &binder::schema::TableSchema) -> Option<bool> {
        let id = table.option("connector")?;
        let spec = self.0.connector(id)?;
        Some(spec.roles.contains(&connectors::model::Role::Lookup))
    }

    fn sink_insert_only(&self, table: &binder::schema::TableSchema) -> Option<bool> {
        let resolved = connectors::TableOptions::resolve(self.0, &table.options)?;
        if !resolved.connector.sink_writes_format {
            return None;
        }
        resolved.value_format()?.spec.map(|f| f.insert_only)
    }
}

/// Who reads and writes which table, indexed once per script so that finding a table's uses
/// costs a lookup and a binary search (a script of 100,000 tables stays linear).
struct UseIndex<'b> {
    /// Each path's uses in statement order.
    by_path: foldhash::HashMap<(&'b str, &'b str, &'b str), Vec<&'b binder::uses::TableUse>>,
    /// For each entry of `bound.created`: the statement that creates the same table next.
    next_creation: Vec<usize>,
}

impl<'b> UseIndex<'b> {
    fn new(bound: &'b binder::Bound) -> Self {
        let mut by_path: foldhash::HashMap<_, Vec<_>> = foldhash::HashMap::default();
        for u in &bound.uses {
            let (catalog, database, name) = &*u.path;
            by_path
                .entry((catalog.as_str(), database.as_str(), name.as_str()))
                .or_default()
                .push(u);
        }
        for uses in by_path.values_mut() {
            uses.sort_by_key(|u| u.statement);
        }
        let mut next_creation = vec![usize::MAX; bound.created.len()];
        let mut later: foldhash::HashMap<(&str, &str, &str), usize> =
            foldhash::HashMap::with_capacity_and_hasher(bound.created.len(), Default::default());
        for (slot, (statement, t)) in bound.created.iter().enumerate().rev() {
            let key = (t.catalog.as_str(), t.database.as_str(), t.name.as_str());
            if let Some(next) = later.insert(key, *statement) {
                next_creation[slot] = next;
            }
        }
        UseIndex {
            by_path,
            next_creation,
        }
    }

    /// The statements from the `slot`-th creation (up to the next statement that creates the
    /// same table again) that read or write the table it made.
    fn uses_of(
        &self,
        slot: usize,
        created: usize,
        table: &binder::schema::TableSchema,
    ) -> Vec<&'b binder::uses::TableUse> {
        let path = (
            table.catalog.as_str(),
            table.database.as_str(),
            table.name.as_str(),
        );
        let until = self.next_creation.get(slot).copied().unwrap_or(usize::MAX);
        let Some(uses) = self.by_path.get(&path) else {
            return Vec::new();
        };
        let from = uses.partition_point(|u| u.statement < created);
        let to = uses.partition_point(|u| u.statement < until);
        uses.get(from..to.max(from)).unwrap_or_default().to_vec()
    }
}

/// The script writes a table whose connector can only be read (`INSERT INTO` a datagen table,
/// C013), or reads one whose connector can only be written (`SELECT ... FROM` a print table,
/// C014). Flink fails when it plans the statement ("Connector 'datagen' can only be used as a
/// source. It cannot be used as a sink."). A read that a view or CTAS makes is already `B091`
/// (Flink fails it at CREATE time) and is not reported again.
fn direction_errors(
    facts: &connectors::ConnectorFacts,
    table: &binder::schema::TableSchema,
    spans: &connectors::TableSpans,
    uses: &[&binder::uses::TableUse],
    source_not_creatable_at: &foldhash::HashSet<u32>,
) -> Vec<Diagnostic> {
    use binder::uses::Access;
    use connectors::model::Role;
    let Some(id) = table.option("connector") else {
        return Vec::new();
    };
    let Some(spec) = facts.connector(id) else {
        return Vec::new();
    };
    let can_write = spec.roles.contains(&Role::Sink);
    let can_read = spec.roles.contains(&Role::Source) || spec.roles.contains(&Role::Lookup);
    let mut out = Vec::new();
    if !can_write {
        if let Some(write) = uses.iter().find(|u| u.access == Access::Write) {
            out.push(
                Diagnostic::new(
                    Code::ConnectorCannotWrite,
                    write.span,
                    format!(
                        "Connector '{id}' can only be used as a source. It cannot be used as a sink."
                    ),
                )
                .with_label(spans.value("connector"), "this connector only reads")
                .with_help("write into a table with a connector that can be written (kafka, filesystem, jdbc, print, blackhole, ...)"),
            );
        }
    }
    if !can_read {
        let read = uses
            .iter()
            .find(|u| u.access == Access::Read && !source_not_creatable_at.contains(&u.span.start));
        if let Some(read) = read {
            out.push(
                Diagnostic::new(
                    Code::ConnectorCannotRead,
                    read.span,
                    format!(
                        "Connector '{id}' can only be used as a sink. It cannot be used as a source."
                    ),
                )
                .with_label(spans.value("connector"), "this connector only writes")
                .with_help("read from a table with a connector that can be read (kafka, filesystem, jdbc, datagen, ...)"),
            );
        }
    }
    out
}

/// An error from a connector finding points at the statement that uses the table.
fn label_use(d: Diagnostic, uses: &[&binder::uses::TableUse]) -> Diagnostic {
    if d.severity != Severity::Error {
        return d;
    }
    match uses.first() {
        Some(u) => {
            let what = match u.access {
                binder::uses::Access::Read => "the script reads the table here",
                binder::uses::Access::Write => "the script writes the table here",
            };
            d.with_label(u.span, what)
        }
        None => d,
    }
}

/// The built-in connector facts, loaded once.
pub fn connector_facts() -> &'static connectors::ConnectorFacts {
    static FACTS: std::sync::OnceLock<connectors::ConnectorFacts> = std::sync::OnceLock::new();
    FACTS.get_or_init(connectors::ConnectorFacts::builtin)
}

/// Parses, binds and lints a script as a fresh Flink session does.
pub fn analyze(text: &str) -> Analysis {
    analyze_with(text, &Options::default())
}

/// Parses, binds and lints a script: syntax, Flink's verdict (bind), lints and connector
/// checks.
pub fn analyze_with(text: &str, options: &Options) -> Analysis {
    analyze_parsed(parse(text), options)
}

/// [`analyze_with`] of a text the analysis takes over ([`Analysis::parse`] holds it; its
/// `into_text` gives it back): no copy of the text beside the caller's.
pub fn analyze_owned_with(text: String, options: &Options) -> Analysis {
    analyze_parsed(syntax::parse_owned(text), options)
}

fn analyze_parsed(parse: Parse, options: &Options) -> Analysis {
    analyze_parsed_continuing(parse, options, false).0
}

/// [`analyze_owned_with`], and the session the script leaves, for the next file of a project
/// to start from ([`Options::prelude`]: a project's catalog files, one after another). The
/// script starts from `options.prelude`, or a fresh session.
pub fn analyze_continuing(text: String, options: &Options) -> (Analysis, binder::prelude::Prelude) {
    let fresh = binder::prelude::Prelude::fresh();
    let options = Options {
        prelude: Some(options.prelude.unwrap_or(&fresh)),
        ..*options
    };
    let (analysis, left) = analyze_parsed_continuing(syntax::parse_owned(text), &options, true);
    (analysis, left.unwrap_or_default())
}

/// The one bind of an analysis: from `options.prelude` when given, and (`leave`) the prelude
/// the script leaves.
fn analyze_parsed_continuing(
    parse: Parse,
    options: &Options,
    leave: bool,
) -> (Analysis, Option<binder::prelude::Prelude>) {
    let source_check = ConnectorSourceCheck(options.connector_facts());
    let (bound, left) = match options.prelude {
        Some(prelude) => {
            let (resumed, left) = binder::resume::bind_replaying_from(
                &parse,
                parse.text(),
                bind_options(options),
                Some(&source_check),
                Some(prelude),
                None,
                None,
                &|_| false,
            );
            (resumed.bound, left.filter(|_| leave))
        }
        None => (
            binder::bind_checked(
                &parse,
                parse.text(),
                bind_options(options),
                Some(&source_check),
            ),
            None,
        ),
    };
    (finish(parse, bound, options), left)
}

/// The binder's options under `options`.
pub fn bind_options(options: &Options) -> binder::BindOptions {
    binder::BindOptions {
        assume_external_objects: options.assume_external_objects,
        record_model: options.semantic_model,
        flink_version: options.flink_version,
    }
}

/// What follows binding: lints, connector checks, suppression comments, Flink's order.
fn finish(parse: Parse, bound: binder::Bound, options: &Options) -> Analysis {
    finish_keeping(parse, bound, options, None, false).0
}

/// Connector findings per entry of `created`, with a fingerprint of what they depend on
/// besides the table (its uses), for [`incremental`] to reuse on the next version.
pub(crate) type ConnectorFindingsBySlot = Vec<(u64, Vec<Diagnostic>)>;

/// An earlier version's connector findings, for a table the edit did not touch
/// (`incremental`): taken over when the table's uses are the same, mapped to that version.
pub(crate) trait EarlierFindings: Sync {
    /// The earlier version's (fingerprint of the uses, findings) for the table in `slot`,
    /// created by `statement`, when that version checked the same table from the same text.
    fn findings(
        &self,
        slot: usize,
        statement: usize,
        table: &std::sync::Arc<binder::schema::TableSchema>,
    ) -> Option<&(u64, Vec<Diagnostic>)>;
    /// A use's statement and span as the earlier version had them (`None`: in the edit).
    fn to_old(&self, statement: usize, span: Span) -> Option<(usize, Span)>;
    /// One of the earlier version's findings where this version has it.
    fn to_new(&self, finding: &Diagnostic) -> Option<Diagnostic>;
}

/// [`finish`], reusing an earlier version's connector findings for the first `slots` entries
/// of `created` (tables the statements before the first re-bound one created, the same in both
/// versions) where the table's uses are unchanged. Returns the findings for the next version.
pub(crate) fn finish_reusing(
    parse: Parse,
    bound: binder::Bound,
    options: &Options,
    reuse: Option<&dyn EarlierFindings>,
) -> (Analysis, ConnectorFindingsBySlot) {
    finish_keeping(parse, bound, options, reuse, true)
}

/// [`finish_reusing`]; the connector findings are returned only when `keep` (the incremental
/// analysis reuses them): otherwise they move into the diagnostics instead of being copied.
fn finish_keeping(
    parse: Parse,
    bound: binder::Bound,
    options: &Options,
    reuse: Option<&dyn EarlierFindings>,
    keep: bool,
) -> (Analysis, ConnectorFindingsBySlot) {
    let text = parse.text();
    let spans = created_spans(&parse, &bound.created);
    // Lints and connector checks read the bound script and not each other: on two cores at
    // once, and the connector checks (a table at a time) split further.
    let (lints, mut connector_findings) = rayon::join(
        || flinkddl_lint::lint(&parse, text, &bound.created),
        || connector_diagnostics(&spans, &bound, options, reuse),
    );
    drop(spans);
    let statements: Vec<Span> = parse.script().statements.iter().map(|s| s.span).collect();
    let outline = lint::suppress::Outline {
        statements: &statements,
        comments: &parse.trivia,
    };
    // Sized once, the bind diagnostics `in_flinks_order` adds included.
    let found: usize = connector_findings.iter().map(|(_, f)| f.len()).sum();
    let mut diagnostics =
        Vec::with_capacity(parse.errors.len() + lints.len() + found + bound.diagnostics.len());
    diagnostics.extend_from_slice(&parse.errors);
    diagnostics.extend(lints);
    if keep {
        for (_, found) in &connector_findings {
            diagnostics.extend(found.iter().cloned());
        }
    } else {
        for (_, found) in connector_findings.drain(..) {
            diagnostics.extend(found);
        }
    }
    let diagnostics = in_flinks_order(&outline, text, diagnostics, bound.diagnostics);
    (
        Analysis {
            tables: bound.tables,
            diagnostics,
            created: bound.created,
            model: bound.model,
            parse,
            flink_version: options.flink_version,
        },
        connector_findings,
    )
}

/// The last stage of both pipelines: the bind diagnostics added to the others (syntax, lints,
/// connector findings), suppression comments applied, and every diagnostic in Flink's order.
fn in_flinks_order(
    outline: &lint::suppress::Outline<'_>,
    text: &str,
    mut diagnostics: Vec<Diagnostic>,
    bind_diagnostics: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let statements = outline.statements;
    // The binder reports a statement's errors in Flink's order (the first is Flink's) and goes
    // on after it (issue 14): that first error sorts before the statement's other bind errors.
    let lead_errors = lead_bind_errors(statements, &bind_diagnostics);
    diagnostics.reserve_exact(bind_diagnostics.len());
    diagnostics.extend(bind_diagnostics);
    let mut diagnostics = flinkddl_lint::suppress::suppress_in(outline, text, diagnostics);
    // Flink runs statements in order and stops at the first failure, so the first diagnostic
    // must be the one of the earliest statement.
    let stage_rank = |d: &Diagnostic| match d.stage() {
        Stage::Syntax => 0u64,
        Stage::Bind => 1,
        Stage::Lint => 2,
    };
    // The order is by statement, then by a key within it (stage, position, the statement's
    // lead error first). By statement: a counting sort (one bucket per statement, the last for
    // "no statement"); within one: each bucket's few entries sorted by their key, stably.
    let buckets = statements.len() + 1;
    let mut bucket_of: Vec<u32> = Vec::with_capacity(diagnostics.len());
    let mut key_within: Vec<u64> = Vec::with_capacity(diagnostics.len());
    let mut near = 0;
    for d in &diagnostics {
        let statement = statement_near(statements, d.span.start, &mut near);
        let lead = if d.severity == Severity::Error && d.stage() == Stage::Bind {
            lead_errors.get(&statement)
        } else {
            None
        };
        let (position, rest) = match lead {
            Some(lead) if d.code == lead.code && d.span == lead.span => (lead.earliest, 0u64),
            _ => (d.span.start, 1),
        };
        bucket_of.push(statement.min(buckets - 1) as u32);
        key_within.push(stage_rank(d) << 34 | u64::from(position) << 1 | rest);
    }
    let mut bucket_start = vec![0usize; buckets + 1];
    for &b in &bucket_of {
        bucket_start[b as usize + 1] += 1;
    }
    for b in 1..=buckets {
        bucket_start[b] += bucket_start[b - 1];
    }
    let mut order = vec![0usize; diagnostics.len()];
    let mut next = bucket_start.clone();
    for (index, &b) in bucket_of.iter().enumerate() {
        order[next[b as usize]] = index;
        next[b as usize] += 1;
    }
    for bounds in bucket_start.windows(2) {
        order[bounds[0]..bounds[1]].sort_by_key(|&index| key_within[index]);
    }
    permute(&mut diagnostics, order);
    diagnostics
}

/// Puts `items` in the order `from` gives (a permutation of `0..items.len()`: the item for
/// slot `i` is the one at `from[i]`), in place: each item moves by swaps along its cycle.
fn permute<T>(items: &mut [T], mut from: Vec<usize>) {
    for i in 0..from.len() {
        // Items before `i` are placed; one that was at `from[i]` was swapped on to where that
        // slot's own entry says.
        let mut at = from[i];
        while at < i {
            at = from[at];
        }
        from[i] = at;
        items.swap(i, at);
    }
}

/// [`statement_at`], starting from the statement of the diagnostic before (`near`): the
/// diagnostics come in runs in statement order, so the next one is most often in the same
/// statement or the next.
fn statement_near(statements: &[Span], offset: u32, near: &mut usize) -> usize {
    // Statement `i` holds `offset` when it starts at or before it and the next starts after.
    let holds = |i: usize| {
        statements.get(i).is_some_and(|s| s.start <= offset)
            && statements.get(i + 1).is_none_or(|next| offset < next.start)
    };
    for i in [*near, *near + 1] {
        if holds(i) {
            *near = i;
            return i;
        }
    }
    let found = statement_at(statements, offset);
    if found != usize::MAX {
        *near = found;
    }
    found
}

/// The statement an offset belongs to (as `binder::statement_index`): the last that starts at
/// or before it, else the first; `usize::MAX` in a script without statements.
fn statement_at(statements: &[Span], offset: u32) -> usize {
    let after = statements.partition_point(|s| s.start <= offset);
    match after.checked_sub(1) {
        Some(i) => i,
        None if statements.is_empty() => usize::MAX,
        None => 0,
    }
}

/// The spans of each table in `created` as the statement that created it wrote it (`None` for
/// a table a statement other than CREATE TABLE made: a CTAS).
fn created_spans<'t>(
    parse: &'t Parse,
    created: &[(usize, std::sync::Arc<binder::schema::TableSchema>)],
) -> Vec<Option<connectors::TableSpans<'t>>> {
    let statements = parse.script().statements;
    created
        .iter()
        .map(|(index, _)| match statements.get(*index).map(|s| &s.kind) {
            Some(syntax::ast::StatementKind::CreateTable(ct)) => {
                Some(connectors::spans_from_ast(ct))
            }
            _ => None,
        })
        .collect()
}

/// [`diagnose_owned_with`]'s pieces: about this share of the text, within these bounds. Two
/// pieces' trees are alive at a time (one bound while the next is read), at about five times
/// their text each: on a small script a smaller piece lowers the peak (session 14: a 64th of
/// a 1 MB script took the `flink` bench's peak from 4.05-4.11x to 3.95x on an idle machine).
const STREAM_PIECE_SHARE: usize = 64;
const STREAM_PIECE_MIN: usize = 16 * 1024;
const STREAM_PIECE_MAX: usize = 256 * 1024;

/// The diagnostics of [`analyze_owned_with`], and the text back, without keeping the whole
/// tree: the script is read, bound and linted a piece at a time and each piece's tree freed
/// before the next is read (`flinkddl check`'s way: it needs nothing else). Connector findings
/// are judged at the end, by the uses of the whole script, from the spans each CREATE TABLE
/// left. A text that cannot be read in pieces is analyzed whole.
pub fn diagnose_owned_with(text: String, options: &Options) -> (Vec<Diagnostic>, String) {
    let (diagnostics, text, leftovers) = diagnose_owned_leaving(text, options);
    drop(leftovers);
    (diagnostics, text)
}

/// What a check has built and no longer needs once its diagnostics are out: the tables its
/// statements created (with their columns and options) and the uses of the script. Dropping it
/// frees them (about 10 M instructions on a 10 MB script); a process about to exit may leave
/// that to the operating system instead (`std::mem::forget`).
pub struct Leftovers {
    _created: Vec<(usize, std::sync::Arc<binder::schema::TableSchema>)>,
    _uses: Vec<binder::uses::TableUse>,
}

impl Leftovers {
    /// The tables the script's statements created (CREATE TABLE, CTAS), by path.
    pub fn created_paths(&self) -> impl Iterator<Item = (&str, &str, &str)> + '_ {
        self._created
            .iter()
            .map(|(_, t)| (t.catalog.as_str(), t.database.as_str(), t.name.as_str()))
    }

    /// Each table the script reads or writes, with where it first names it, in order.
    pub fn used_paths(&self) -> Vec<(&binder::session_catalog::ObjectPath, Span)> {
        let mut out: Vec<(&binder::session_catalog::ObjectPath, Span)> = Vec::new();
        for u in &self._uses {
            if !out.iter().any(|(p, _)| **p == *u.path) {
                out.push((&u.path, u.span));
            }
        }
        out
    }
}

/// [`diagnose_owned_with`], handing back what it built besides the diagnostics instead of
/// freeing it: the caller decides when (or whether) to drop it.
pub fn diagnose_owned_leaving(
    text: String,
    options: &Options,
) -> (Vec<Diagnostic>, String, Leftovers) {
    let (diagnostics, text, leftovers, _) = diagnose_streaming(text, options, false);
    (diagnostics, text, leftovers)
}

/// [`diagnose_owned_with`], and the session the script leaves, for the next file of a project
/// to start from (as [`analyze_continuing`]: from `options.prelude`, or a fresh session).
pub fn diagnose_continuing(
    text: String,
    options: &Options,
) -> (Vec<Diagnostic>, String, binder::prelude::Prelude) {
    let fresh = binder::prelude::Prelude::fresh();
    let options = Options {
        prelude: Some(options.prelude.unwrap_or(&fresh)),
        ..*options
    };
    let (diagnostics, text, _, left) = diagnose_streaming(text, &options, true);
    (diagnostics, text, left.unwrap_or_default())
}

/// The streaming check; with `leave` (and `options.prelude`), the prelude the script leaves.
fn diagnose_streaming(
    text: String,
    options: &Options,
    leave: bool,
) -> (
    Vec<Diagnostic>,
    String,
    Leftovers,
    Option<binder::prelude::Prelude>,
) {
    let piece_bytes = (text.len() / STREAM_PIECE_SHARE).clamp(STREAM_PIECE_MIN, STREAM_PIECE_MAX);
    // Shared with the pieces (each owns its arenas and borrows the text) and back to one owner
    // at the end: no copy of the text.
    let text = std::sync::Arc::new(text);
    let diagnosed = diagnose_in_pieces_leaving(&text, options, piece_bytes, leave);
    let text = std::sync::Arc::try_unwrap(text).unwrap_or_else(|shared| String::clone(&shared));
    match diagnosed {
        Some((diagnostics, leftovers, left)) => (diagnostics, text, leftovers, left),
        None => {
            let (analysis, left) =
                analyze_parsed_continuing(syntax::parse_owned(text), options, leave);
            let leftovers = Leftovers {
                _created: analysis.created,
                _uses: Vec::new(),
            };
            (
                analysis.diagnostics,
                analysis.parse.into_text(),
                leftovers,
                left,
            )
        }
    }
}

/// [`diagnose_owned_with`] with pieces of about `piece_bytes`; `None` when the text cannot be
/// read in pieces (`syntax::parse_piece_by_piece`).
pub fn diagnose_in_pieces(
    shared: &std::sync::Arc<String>,
    options: &Options,
    piece_bytes: usize,
) -> Option<Vec<Diagnostic>> {
    diagnose_in_pieces_leaving(shared, options, piece_bytes, false)
        .map(|(diagnostics, _, _)| diagnostics)
}

/// [`diagnose_in_pieces`], with what it built besides the diagnostics.
fn diagnose_in_pieces_leaving(
    shared: &std::sync::Arc<String>,
    options: &Options,
    piece_bytes: usize,
    leave: bool,
) -> Option<(Vec<Diagnostic>, Leftovers, Option<binder::prelude::Prelude>)> {
    // On one of rayon's threads (the binder is not `Send`, so it is made there): while it
    // waits for the next piece, the thread that binds takes parts of its reading (a thread
    // outside the pool would sleep meanwhile, and a third thread would share two cores).
    if rayon::current_thread_index().is_none() {
        return rayon::scope(|_| diagnose_in_pieces_leaving(shared, options, piece_bytes, leave));
    }
    let text = shared.as_str();
    let source_check = ConnectorSourceCheck(options.connector_facts());
    let mut session = match options.prelude {
        Some(prelude) => binder::session::Session::continuing(
            text,
            bind_options(options),
            Some(&source_check),
            prelude,
        ),
        None => binder::session::Session::new(text, bind_options(options), Some(&source_check)),
    };
    let mut linter = lint::Linter::new(text);
    let mut statements: Vec<Span> = Vec::new();
    let mut comments: Vec<syntax::Token> = Vec::new();
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut lints: Vec<Diagnostic> = Vec::new();
    let mut spans: Vec<Option<connectors::TableSpans<'_>>> = Vec::new();
    let complete = syntax::parse_piece_by_piece(shared, piece_bytes, |first, piece| {
        let list = piece.script.statements.as_slice();
        let broken = syntax::statements_with_errors(list, &piece.errors);
        session.bind(list, &broken);
        let created = session.created();
        for (index, _) in created.get(spans.len()..).unwrap_or_default() {
            spans.push(create_table_spans(
                index.checked_sub(first).and_then(|i| list.get(i)),
                text,
            ));
        }
        lints.extend(linter.lint(first, list, &broken, created));
        statements.extend(list.iter().map(|s| s.span));
        comments.extend(
            piece
                .trivia
                .iter()
                .filter(|c| lint::suppress::is_directive(text, c))
                .copied(),
        );
        diagnostics.extend_from_slice(&piece.errors);
    });
    if !complete {
        return None;
    }
    // The catalog's final tables are not reported: only what each CREATE TABLE created.
    let (bound, left) = if leave && options.prelude.is_some() {
        let (bound, left) = session.finish_continuing();
        (bound, Some(left))
    } else {
        (session.finish_without_tables(), None)
    };
    let connector_findings = connector_diagnostics(&spans, &bound, options, None);
    drop(spans);
    // Sized once: the findings are most of what `check` reports.
    let found: usize = connector_findings.iter().map(|(_, f)| f.len()).sum();
    diagnostics.reserve_exact(lints.len() + found + bound.diagnostics.len());
    diagnostics.append(&mut lints);
    for (_, found) in connector_findings {
        diagnostics.extend(found);
    }
    let outline = lint::suppress::Outline {
        statements: &statements,
        comments: &comments,
    };
    let diagnostics = in_flinks_order(&outline, text, diagnostics, bound.diagnostics);
    let leftovers = Leftovers {
        _created: bound.created,
        _uses: bound.uses,
    };
    Some((diagnostics, leftovers, left))
}

/// The spans of a CREATE TABLE statement (`None` for any other), recorded to outlive its tree.
fn create_table_spans<'t>(
    statement: Option<&syntax::ast::Statement<'_>>,
    text: &'t str,
) -> Option<connectors::TableSpans<'t>> {
    match statement.map(|s| &s.kind) {
        Some(syntax::ast::StatementKind::CreateTable(ct)) => {
            Some(connectors::spans_recorded(ct, text))
        }
        _ => None,
    }
}

/// Tables per rayon task of the connector checks: enough to outweigh a task's cost.
const CONNECTOR_TABLES_PER_TASK: usize = 64;

/// Connector and format options, on each table as the statement that created it wrote it,
/// judged by what the script does with the table (decision 0004); in the order of `created`.
fn connector_diagnostics(
    spans: &[Option<connectors::TableSpans<'_>>],
    bound: &binder::Bound,
    options: &Options,
    reuse: Option<&dyn EarlierFindings>,
) -> ConnectorFindingsBySlot {
    use rayon::prelude::*;
    let use_index = UseIndex::new(bound);
    let source_not_creatable_at: foldhash::HashSet<u32> = bound
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::SourceNotCreatable)
        .map(|d| d.span.start)
        .collect();
    let check = |slot: usize, index: usize, table: &std::sync::Arc<binder::schema::TableSchema>| {
        let Some(Some(spans)) = spans.get(slot) else {
            return (0, Vec::new());
        };
        let uses = use_index.uses_of(slot, index, table);
        // What the findings depend on besides the table and its statement: its uses.
        let fingerprint_of = |to_old: &dyn Fn(usize, Span) -> Option<(usize, Span)>| {
            use std::hash::{BuildHasher, Hash, Hasher};
            // Fixed seeds: the fingerprints of two versions are compared.
            let mut h = foldhash::fast::FixedState::default().build_hasher();
            for u in &uses {
                let read_fails = source_not_creatable_at.contains(&u.span.start);
                let (statement, span) = to_old(u.statement, u.span)?;
                (statement, span.start, span.end, u.access as u8, read_fails).hash(&mut h);
            }
            Some(h.finish())
        };
        let fingerprint = fingerprint_of(&|s, span| Some((s, span))).unwrap_or_default();
        if let Some(earlier) = reuse {
            if let Some((f, found)) = earlier.findings(slot, index, table) {
                if fingerprint_of(&|s, span| earlier.to_old(s, span)) == Some(*f) {
                    let found: Option<Vec<Diagnostic>> =
                        found.iter().map(|d| earlier.to_new(d)).collect();
                    if let Some(found) = found {
                        return (fingerprint, found);
                    }
                }
            }
        }
        let usage = match options.connector_findings {
            ConnectorFindings::Error => connectors::Usage::EveryUse,
            ConnectorFindings::AtUse => connectors::Usage::Script {
                reads: uses.iter().any(|u| u.access == binder::uses::Access::Read),
                writes: uses.iter().any(|u| u.access == binder::uses::Access::Write),
            },
        };
        let found = connectors::check_table_for(options.connector_facts(), table, spans, usage);
        let mut out: Vec<Diagnostic> = found.into_iter().map(|d| label_use(d, &uses)).collect();
        out.extend(direction_errors(
            options.connector_facts(),
            table,
            spans,
            &uses,
            &source_not_creatable_at,
        ));
        (fingerprint, out)
    };
    bound
        .created
        .par_iter()
        .enumerate()
        .with_min_len(CONNECTOR_TABLES_PER_TASK)
        .map(|(slot, (index, table))| check(slot, *index, table))
        .collect()
}

/// The first bind error the binder reported for a statement, and where the statement's earliest
/// bind error starts: that first error is Flink's and sorts at the earliest position.
struct LeadError {
    code: Code,
    span: Span,
    earliest: u32,
}

fn lead_bind_errors(
    statements: &[Span],
    bound: &[Diagnostic],
) -> std::collections::HashMap<usize, LeadError> {
    let mut leads: std::collections::HashMap<usize, LeadError> = Default::default();
    for d in bound.iter().filter(|d| d.severity == Severity::Error) {
        let statement = statement_at(statements, d.span.start);
        leads
            .entry(statement)
            .and_modify(|lead| lead.earliest = lead.earliest.min(d.span.start))
            .or_insert(LeadError {
                code: d.code,
                span: d.span,
                earliest: d.span.start,
            });
    }
    leads
}
