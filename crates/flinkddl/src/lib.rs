//! flinkddl: the front door for programs that embed us.
//!
//! Re-exports the stable API of the workspace crates: [`syntax`] (lexer, parser, typed AST with
//! spans), [`types`] (Flink's data types), [`binder`] (the resolved tables and Flink's verdict),
//! [`lint`] (lint rules and suppression comments), [`connectors`] (connector and format
//! options) and [`diagnostics`] (spans, line index,
//! diagnostics), plus [`analyze`], which runs them all,
//! and [`contract`], the JSON shape of `flinkddl describe --format json`.

pub mod contract;

pub use flinkddl_binder as binder;
pub use flinkddl_connectors as connectors;
pub use flinkddl_diagnostics as diagnostics;
pub use flinkddl_lint as lint;
pub use flinkddl_syntax as syntax;
pub use flinkddl_types as types;

pub use flinkddl_diagnostics::{Code, Diagnostic, LineIndex, Severity, Span, Stage};
pub use flinkddl_syntax::{parse, Parse};

/// Everything flinkddl knows about one script.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub parse: Parse,
    pub tables: Vec<binder::schema::TableSchema>,
    /// Syntax, bind and lint diagnostics (less those a `-- flinkddl: ignore[...]` comment
    /// silences), ordered by the statement they belong to.
    pub diagnostics: Vec<Diagnostic>,
    /// Each table as the statement that created it left it: (statement index, table). Editors
    /// show a CREATE TABLE's columns as that statement made them, whatever later statements do.
    pub created: Vec<(usize, binder::schema::TableSchema)>,
}

/// How to analyze a script.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Treat the script as one file of a deployment: catalogs and databases it uses but does
    /// not create are assumed to exist (a warning) instead of missing (an error, as in a fresh
    /// Flink session). `flinkddl check` sets this unless `--fresh-session` is given.
    pub assume_external_objects: bool,
}

/// Whether Flink can create a source for a table, from the connector catalogue: no
/// `connector` option, a sink-only connector or an error-level option problem means it cannot.
/// An unknown connector is assumed readable (it may be on the user's classpath).
struct ConnectorSourceCheck;

impl binder::SourceCheck for ConnectorSourceCheck {
    fn cannot_read(&self, table: &binder::schema::TableSchema) -> Option<String> {
        let Some(id) = table.option("connector") else {
            return Some(
                "Table options do not contain an option key 'connector' for discovering a connector."
                    .to_string(),
            );
        };
        let catalogue = connector_catalogue();
        let spec = catalogue.connector(id)?;
        if !spec.roles.contains(&connectors::model::Role::Source) {
            return Some(format!(
                "Connector '{id}' can only be used as a sink. It cannot be used as a source."
            ));
        }
        let spans = connectors::TableSpans::default();
        connectors::check_table(catalogue, table, &spans)
            .into_iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.message)
    }
}

/// The built-in connector catalogue, loaded once.
pub fn connector_catalogue() -> &'static connectors::Catalogue {
    static CATALOGUE: std::sync::OnceLock<connectors::Catalogue> = std::sync::OnceLock::new();
    CATALOGUE.get_or_init(connectors::Catalogue::builtin)
}

/// Parses, binds and lints a script as a fresh Flink session does.
pub fn analyze(text: &str) -> Analysis {
    analyze_with(text, &Options::default())
}

/// Parses, binds and lints a script: syntax, Flink's verdict (bind), lints and connector
/// checks.
pub fn analyze_with(text: &str, options: &Options) -> Analysis {
    let parse = parse(text);
    let bound = binder::bind_checked(
        &parse,
        text,
        binder::BindOptions {
            assume_external_objects: options.assume_external_objects,
        },
        Some(&ConnectorSourceCheck),
    );
    let mut diagnostics = parse.errors.clone();
    diagnostics.extend(flinkddl_lint::lint(&parse, text, &bound.tables));
    // Connector and format options, on the table as the statement that created it wrote it.
    for (index, table) in &bound.created {
        if let Some(syntax::ast::Statement {
            kind: syntax::ast::StatementKind::CreateTable(ct),
            ..
        }) = parse.script.statements.get(*index)
        {
            let spans = connectors::spans_from_ast(ct);
            diagnostics.extend(connectors::check_table(
                connector_catalogue(),
                table,
                &spans,
            ));
        }
    }
    diagnostics.extend(bound.diagnostics);
    let mut diagnostics = flinkddl_lint::suppress(&parse, text, diagnostics);
    // Flink runs statements in order and stops at the first failure, so the first diagnostic
    // must be the one of the earliest statement.
    let statement_of =
        |d: &Diagnostic| binder::statement_index(&parse, d.span.start).unwrap_or(usize::MAX);
    let stage_rank = |d: &Diagnostic| match d.stage() {
        Stage::Syntax => 0,
        Stage::Bind => 1,
        Stage::Lint => 2,
    };
    diagnostics.sort_by_key(|d| (statement_of(d), stage_rank(d), d.span.start));
    Analysis {
        tables: bound.tables,
        diagnostics,
        created: bound.created,
        parse,
    }
}
