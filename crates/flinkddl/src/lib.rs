//! flinkddl: the front door for programs that embed us.
//!
//! Re-exports the stable API of the workspace crates: [`syntax`] (lexer, parser, typed AST with
//! spans), [`types`] (Flink's data types), [`binder`] (the resolved tables and Flink's verdict),
//! [`lint`] (lint rules and suppression comments) and [`diagnostics`] (spans, line index,
//! diagnostics), plus [`analyze`], which runs them all,
//! and [`contract`], the JSON shape of `flinkddl describe --format json`.

pub mod contract;

pub use flinkddl_binder as binder;
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
}

/// Parses, binds and lints a script.
pub fn analyze(text: &str) -> Analysis {
    let parse = parse(text);
    let bound = binder::bind(&parse, text);
    let mut diagnostics = parse.errors.clone();
    diagnostics.extend(flinkddl_lint::lint(&parse, text, &bound.tables));
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
        parse,
    }
}
