//! flinkddl: the front door for programs that embed us.
//!
//! Re-exports the stable API of the workspace crates: [`syntax`] (lexer, parser, typed AST with
//! spans) and [`diagnostics`] (spans, line index, diagnostics). It adds no logic of its own.

pub use flinkddl_diagnostics as diagnostics;
pub use flinkddl_syntax as syntax;

pub use flinkddl_diagnostics::{Code, Diagnostic, LineIndex, Severity, Span, Stage};
pub use flinkddl_syntax::{parse, Parse};
