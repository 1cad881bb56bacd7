//! Column lineage: for every INSERT (a statement set's too), CTAS and RTAS, where each sink
//! column's value comes from. Read off the binder's semantic model (the query's output columns
//! and what each reads), followed through CTEs, subqueries and views down to the columns of the
//! tables the script reads, as Flink's planner reports them (`FlinkRelMetadataQuery
//! .getColumnOrigins` on the query before optimization):
//! - a value copied as it is has its column as origin (`derived: false`); an expression, an
//!   aggregate, a CAST, a field of a ROW column have the columns they read (`derived: true`);
//!   `WHERE`, `JOIN ... ON` and `GROUP BY` give no origin; an OVER window's `PARTITION BY` and
//!   `ORDER BY` columns are origins of its value;
//! - a computed column stands for the columns its expression reads, a metadata column for
//!   itself, computed (Flink casts it);
//! - a window table function's `window_start`, `window_end` and `window_time` come from its time
//!   column (Flink's metadata gives no answer there);
//! - a literal, `VALUES`, `COUNT(*)`, `PROCTIME()`, a column the INSERT's column list leaves out
//!   and a static partition's value have no origin (`[]`).
//!
//! A column whose value the model does not follow (UNNEST, MATCH_RECOGNIZE, a table function,
//! a statement the binder stopped reading) has `origins: None`.

use crate::Analysis;
use flinkddl_binder::schema::{ColumnKind, TableSchema};
use flinkddl_binder::semantic::{ColumnSource, OutputColumn, Resolution, SemanticModel};
use flinkddl_diagnostics::Span;
use flinkddl_syntax::ast::{self, StatementKind};
use serde::Serialize;
use std::sync::Arc;

/// The lineage of one statement that writes a table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SinkLineage {
    /// The statement's 0-based index, counting statements as `;` separates them (an INSERT of a
    /// statement set is a statement of its own), as Flink's SQL client reads a script.
    pub statement: usize,
    pub kind: SinkKind,
    /// `catalog.database.table`
    pub sink: String,
    pub columns: Vec<SinkColumn>,
    /// The tables the statement reads (views and CTEs followed to them), in the order met.
    pub reads: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SinkKind {
    Insert,
    Ctas,
    Rtas,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SinkColumn {
    pub name: String,
    /// `None`: not known (see the module's documentation).
    pub origins: Option<Vec<ColumnOrigin>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ColumnOrigin {
    /// `catalog.database.table`
    pub table: String,
    pub column: String,
    /// The value is computed from the column, not copied as it is.
    pub derived: bool,
}

/// The lineage of every statement of `analysis` that writes a table. The analysis must have
/// recorded the semantic model ([`crate::Options::semantic_model`]); without it every column
/// is unknown.
pub fn lineage(analysis: &Analysis) -> Vec<SinkLineage> {
    lineage_in(analysis, None)
}

/// [`lineage`] of a file of `project` (analyzed from its catalog's prelude): a column read
/// from a catalog file's view is traced through that view's query, in that file.
pub fn lineage_in(
    analysis: &Analysis,
    project: Option<&crate::project::Project>,
) -> Vec<SinkLineage> {
    jobs_in(analysis, project)
        .into_iter()
        .flat_map(|j| j.sinks)
        .collect()
}

/// What one Flink job writes: an INSERT, a CTAS or RTAS, or a statement set (`EXECUTE
/// STATEMENT SET BEGIN ... END` or `BEGIN STATEMENT SET; ... END;`) with all its INSERTs, as
/// Flink's SQL client submits them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobLineage {
    /// From the job's first statement to its last (`BEGIN STATEMENT SET` to `END`).
    pub span: Span,
    /// Each statement of the job that writes a table, in order.
    pub sinks: Vec<SinkLineage>,
    /// The index in the parse's statements of the job's last statement: what it sees of the
    /// session (tables, `SET`s) is what the statements up to it left.
    #[serde(skip)]
    pub(crate) last: usize,
}

/// The jobs of `analysis`, in order: [`lineage`]'s entries grouped by the job that writes them.
pub fn jobs(analysis: &Analysis) -> Vec<JobLineage> {
    jobs_in(analysis, None)
}

/// [`jobs`] of a file of `project` ([`lineage_in`]).
pub fn jobs_in(analysis: &Analysis, project: Option<&crate::project::Project>) -> Vec<JobLineage> {
    let empty = SemanticModel::default();
    let model = analysis.model.as_ref().unwrap_or(&empty);
    let pieces = Pieces::new(analysis);
    let mut out = Vec::new();
    // An open `BEGIN STATEMENT SET`: its INSERTs so far, and where it starts.
    let mut set: Option<(Span, Vec<SinkLineage>)> = None;
    for (index, statement) in analysis.parse.script().statements.iter().enumerate() {
        let cx = Context {
            analysis,
            model,
            statement: index,
            project,
        };
        match (&statement.kind, &mut set) {
            (StatementKind::BeginStatementSet, _) => set = Some((statement.span, Vec::new())),
            (StatementKind::End, Some(_)) => {
                if let Some((start, sinks)) = set.take() {
                    out.push(JobLineage {
                        span: Span::new(start.start, statement.span.end),
                        sinks,
                        last: index,
                    });
                }
            }
            (_, Some((_, sinks))) => cx.statement(statement, &pieces, sinks),
            (_, None) => {
                let mut sinks = Vec::new();
                cx.statement(statement, &pieces, &mut sinks);
                if !sinks.is_empty() {
                    out.push(JobLineage {
                        span: statement.span,
                        sinks,
                        last: index,
                    });
                }
            }
        }
    }
    // A set the script does not END: what it has so far, as Flink's client would submit it.
    if let Some((start, sinks)) = set {
        if !sinks.is_empty() {
            let statements = &analysis.parse.script().statements;
            let end = statements.last().map_or(start.end, |s| s.span.end);
            out.push(JobLineage {
                span: Span::new(start.start, end),
                sinks,
                last: statements.len().saturating_sub(1),
            });
        }
    }
    out
}

/// The table `path` (`catalog.database.table`) as the statement at `index` sees it: the last
/// one a statement up to it created, or the script's catalog's.
pub(crate) fn table_at<'a>(
    analysis: &'a Analysis,
    index: usize,
    path: &str,
) -> Option<&'a Arc<TableSchema>> {
    let same = |t: &&Arc<TableSchema>| {
        path.strip_prefix(t.catalog.as_str())
            .and_then(|r| r.strip_prefix('.'))
            .and_then(|r| r.strip_prefix(t.database.as_str()))
            .and_then(|r| r.strip_prefix('.'))
            == Some(t.name.as_str())
    };
    analysis
        .created
        .iter()
        .filter(|(i, _)| *i <= index)
        .map(|(_, t)| t)
        .rfind(same)
        .or_else(|| analysis.tables.iter().find(same))
}

/// Where the `;`-separated statements start, to number them as Flink's SQL client does.
struct Pieces {
    starts: Vec<u32>,
}

impl Pieces {
    fn new(analysis: &Analysis) -> Pieces {
        let mut starts = Vec::new();
        let mut open = true;
        for t in analysis.parse.tokens().iter() {
            match t.kind {
                flinkddl_syntax::TokenKind::Semicolon => open = true,
                flinkddl_syntax::TokenKind::Eof => {}
                _ if open => {
                    starts.push(t.span.start);
                    open = false;
                }
                _ => {}
            }
        }
        Pieces { starts }
    }

    fn index_at(&self, offset: u32) -> usize {
        self.starts
            .partition_point(|s| *s <= offset)
            .saturating_sub(1)
    }
}

struct Context<'a> {
    analysis: &'a Analysis,
    model: &'a SemanticModel,
    statement: usize,
    /// The project the script is a file of: its catalog files' views are followed.
    project: Option<&'a crate::project::Project>,
}

/// How many catalog files' views a column is followed through, at most.
const MAX_PROJECT_DEPTH: u32 = 32;

fn dotted(path: &(String, String, String)) -> String {
    format!("{}.{}.{}", path.0, path.1, path.2)
}

impl Context<'_> {
    fn statement(&self, statement: &ast::Statement, pieces: &Pieces, out: &mut Vec<SinkLineage>) {
        match &statement.kind {
            StatementKind::Insert(insert) => {
                if let Some(l) = self.insert(insert, statement.span, pieces) {
                    out.push(l);
                }
            }
            StatementKind::StatementSet { inserts } => {
                for s in inserts {
                    self.statement(s, pieces, out);
                }
            }
            StatementKind::Execute { statement } => self.statement(statement, pieces, out),
            StatementKind::CreateTable(ct) => {
                if let Some(query) = &ct.as_query {
                    let kind = if ct.replace.is_some() || ct.or_replace.is_some() {
                        SinkKind::Rtas
                    } else {
                        SinkKind::Ctas
                    };
                    if let Some(l) = self.ctas(kind, query, statement.span, pieces) {
                        out.push(l);
                    }
                }
            }
            _ => {}
        }
    }

    /// The table `path` as the statement sees it: the last one a statement before it created.
    fn table_before(&self, path: &(String, String, String)) -> Option<&Arc<TableSchema>> {
        let same =
            |t: &&Arc<TableSchema>| t.catalog == path.0 && t.database == path.1 && t.name == path.2;
        self.analysis
            .created
            .iter()
            .filter(|(i, _)| *i <= self.statement)
            .map(|(_, t)| t)
            .rfind(same)
            .or_else(|| self.analysis.tables.iter().find(same))
            .or_else(|| {
                use crate::binder::session_catalog::{CatalogObject, Lookup};
                match self.project?.prelude.catalog().lookup(path) {
                    Lookup::Found(CatalogObject::Table(t)) => Some(t),
                    _ => None,
                }
            })
    }

    fn insert(&self, insert: &ast::Insert, span: Span, pieces: &Pieces) -> Option<SinkLineage> {
        let names = self.model.names_of(self.statement);
        let path = names.iter().find_map(|n| match &n.resolution {
            Resolution::Table { path } if n.span == insert.target.span => Some(path.clone()),
            _ => None,
        })?;
        let query = insert.query.query;
        let values = self.values_width(query);
        let outputs = self.outputs(query.span);
        let sink_columns: Vec<String> = match self.table_before(&path) {
            Some(t) => t
                .columns
                .iter()
                .filter(|c| match &c.kind {
                    ColumnKind::Physical => true,
                    ColumnKind::Metadata(m) => !m.is_virtual,
                    ColumnKind::Computed(_) => false,
                })
                .map(|c| c.name.to_string())
                .collect(),
            None => {
                // A table this script does not create: the query's columns, or the list's.
                match &insert.columns {
                    Some(list) => list.columns.iter().map(|c| c.value.to_string()).collect(),
                    None => outputs.iter().map(|o| o[0].1.name.clone()).collect(),
                }
            }
        };
        // Which query column each sink column takes: by the column list, after the static
        // partition's columns, or in order.
        let static_columns: Vec<&str> = insert
            .partition
            .iter()
            .flat_map(|p| p.iter().map(|(c, _)| c.value))
            .collect();
        let written: Vec<&str> = match &insert.columns {
            Some(list) => list.columns.iter().map(|c| c.value).collect(),
            None => sink_columns
                .iter()
                .map(String::as_str)
                .filter(|c| !static_columns.contains(c))
                .collect(),
        };
        let columns = sink_columns
            .iter()
            .map(|name| {
                let origins = match written.iter().position(|w| w == name) {
                    None => Some(Vec::new()),
                    Some(_) if values.is_some() => Some(Vec::new()),
                    Some(i) => outputs.get(i).and_then(|branch| self.origins(branch)),
                };
                SinkColumn {
                    name: name.clone(),
                    origins,
                }
            })
            .collect();
        Some(SinkLineage {
            statement: pieces.index_at(span.start.max(insert.target.span.start)),
            kind: SinkKind::Insert,
            sink: dotted(&path),
            columns,
            reads: self.reads(query.span),
        })
    }

    fn ctas(
        &self,
        kind: SinkKind,
        query: &ast::QueryBody,
        span: Span,
        pieces: &Pieces,
    ) -> Option<SinkLineage> {
        let table = self
            .analysis
            .created
            .iter()
            .find(|(i, _)| *i == self.statement)
            .map(|(_, t)| t)?;
        let outputs = self.outputs(query.query.span);
        let values = self.values_width(query.query);
        // The query's columns are the table's, in order (renamed where Flink makes a name
        // unique), unless the CTAS declares columns of its own: then by name. A table whose
        // schema flinkddl did not derive: the query's columns as the model has them.
        let names: Vec<String> = if table.columns.is_empty() {
            outputs.iter().map(|b| b[0].1.name.clone()).collect()
        } else {
            table.columns.iter().map(|c| c.name.to_string()).collect()
        };
        let by_position = names.len() == outputs.len();
        let columns = names
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let branch = if by_position {
                    outputs.get(i)
                } else {
                    outputs.iter().find(|b| b[0].1.name == *c)
                };
                let origins = match (branch, values) {
                    (_, Some(_)) => Some(Vec::new()),
                    (Some(branch), None) => self.origins(branch),
                    // A column the CTAS declares beside its query's: filled with NULL.
                    (None, None) => Some(Vec::new()),
                };
                SinkColumn {
                    name: c.clone(),
                    origins,
                }
            })
            .collect();
        Some(SinkLineage {
            statement: pieces.index_at(span.start),
            kind,
            sink: format!("{}.{}.{}", table.catalog, table.database, table.name),
            columns,
            reads: self.reads(query.query.span),
        })
    }

    /// `VALUES ...` as the query's body: its width (no column has an origin).
    fn values_width(&self, query: &ast::Query) -> Option<usize> {
        match &query.body.kind {
            ast::SetExprKind::Values { rows } => Some(rows.len()),
            _ => None,
        }
    }

    /// The query's output columns by position, each with one entry per branch of a set
    /// operation (the outputs at depth 0 inside `span`).
    fn outputs(&self, span: Span) -> Vec<Vec<(usize, &OutputColumn)>> {
        let from = self
            .model
            .outputs
            .partition_point(|o| o.statement < self.statement);
        let mut by_position: Vec<Vec<(usize, &OutputColumn)>> = Vec::new();
        for (i, o) in self.model.outputs.iter().enumerate().skip(from) {
            if o.statement != self.statement {
                break;
            }
            if o.depth != 0 || o.span.start < span.start || o.span.end > span.end {
                continue;
            }
            if by_position.len() <= o.index {
                by_position.resize_with(o.index + 1, Vec::new);
            }
            if let Some(slot) = by_position.get_mut(o.index) {
                slot.push((i, o));
            }
        }
        by_position.into_iter().filter(|b| !b.is_empty()).collect()
    }

    /// The origins of a query column (every branch's), expanded to physical columns.
    fn origins(&self, branch: &[(usize, &OutputColumn)]) -> Option<Vec<ColumnOrigin>> {
        let mut out: Vec<ColumnOrigin> = Vec::new();
        for (index, _) in branch {
            for (source, copied) in self.model.origins(*index) {
                self.expand(source, copied, &mut out, 0)?;
            }
        }
        Some(out)
    }

    /// An origin of a column, expanded to physical columns; `None` where it cannot be
    /// followed (UNNEST, MATCH_RECOGNIZE, a view no file of the project defines, ...).
    fn expand(
        &self,
        source: ColumnSource,
        copied: bool,
        out: &mut Vec<ColumnOrigin>,
        depth: u32,
    ) -> Option<()> {
        match source {
            ColumnSource::Table { path, column } => {
                self.table_column(&path, &column, !copied, out);
                Some(())
            }
            // A catalog file's view: its column's origins in that file's model (where
            // `script: None` is that file's own, and the model follows those itself).
            ColumnSource::View {
                script: Some(script),
                statement,
                index,
                ..
            } if depth < MAX_PROJECT_DEPTH => {
                let model = self.project?.model(script)?;
                let output = model.statement_output_index(statement, index)?;
                for (source, inner) in model.origins(output) {
                    if matches!(source, ColumnSource::View { script: None, .. }) {
                        return None;
                    }
                    self.expand(source, copied && inner, out, depth + 1)?;
                }
                Some(())
            }
            _ => None,
        }
    }

    /// A table's column as an origin: a computed column stands for the columns it reads.
    fn table_column(
        &self,
        path: &(String, String, String),
        column: &str,
        derived: bool,
        out: &mut Vec<ColumnOrigin>,
    ) {
        let mut push = |column: &str, derived: bool| {
            let origin = ColumnOrigin {
                table: dotted(path),
                column: column.to_string(),
                derived,
            };
            if !out.contains(&origin) {
                out.push(origin);
            }
        };
        let Some(table) = self.table_before(path) else {
            push(column, derived);
            return;
        };
        match table
            .columns
            .iter()
            .find(|c| c.name == column)
            .map(|c| &c.kind)
        {
            Some(ColumnKind::Computed(computed)) => {
                for read in columns_read(&computed.expr, table) {
                    push(read, true);
                }
            }
            Some(ColumnKind::Metadata(_)) => push(column, true),
            _ => push(column, derived),
        }
    }

    /// The catalog tables the query at `span` reads, views followed to theirs.
    fn reads(&self, span: Span) -> Vec<String> {
        let mut out = Vec::new();
        self.reads_of(self.model, self.statement, Some(span), &mut out, 0);
        out
    }

    fn reads_of(
        &self,
        model: &SemanticModel,
        statement: usize,
        span: Option<Span>,
        out: &mut Vec<String>,
        depth: u32,
    ) {
        if depth > 32 {
            return;
        }
        for n in model.names_of(statement) {
            if span.is_some_and(|s| n.span.start < s.start || n.span.end > s.end) {
                continue;
            }
            match &n.resolution {
                Resolution::Table { path } => {
                    let name = dotted(path);
                    if !out.contains(&name) {
                        out.push(name);
                    }
                }
                // A view of a project's catalog file: read through in that file's model; a
                // view no file of the project defines is read as a table.
                Resolution::View {
                    path,
                    statement,
                    script: Some(script),
                } => match self.project.and_then(|p| p.model(*script)) {
                    Some(other) => self.reads_of(other, *statement, None, out, depth + 1),
                    None => {
                        let name = dotted(path);
                        if !out.contains(&name) {
                            out.push(name);
                        }
                    }
                },
                Resolution::View { statement, .. } => {
                    self.reads_of(model, *statement, None, out, depth + 1);
                }
                _ => {}
            }
        }
    }
}

/// The columns of `table` a computed column's stored expression names.
fn columns_read<'t>(expr: &str, table: &'t TableSchema) -> Vec<&'t str> {
    let lexed = flinkddl_syntax::lex(expr);
    let tokens = flinkddl_syntax::TokenView::new(expr, &lexed.tokens);
    let mut out: Vec<&str> = Vec::new();
    for t in tokens.iter() {
        let value = tokens.value(t);
        if let Some(c) = table
            .columns
            .iter()
            .find(|c| c.name == value.as_ref() && !matches!(c.kind, ColumnKind::Computed(_)))
        {
            if !out.contains(&c.name.as_str()) {
                out.push(c.name.as_str());
            }
        }
    }
    out
}
