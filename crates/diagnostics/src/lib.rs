//! Spans, the line index and the one diagnostic type that every flinkddl stage emits.
//!
//! This crate holds plain data: [`Span`] (byte ranges), [`LineIndex`] (byte offset to line and
//! column, in UTF-8 bytes, chars and UTF-16 units) and [`Diagnostic`] with its stable [`Code`]
//! table and the [`Fix`] it may carry (safe or not: [`Applicability`]). [`suggest`] is the
//! one did-you-mean rule of every stage. `Diagnostic` implements [`miette::Diagnostic`] so
//! front ends can render it, but this crate chooses no rendering policy: the CLI and the
//! language server do that.

#[cfg(test)]
mod code_files;
#[cfg(test)]
mod code_files_tests;
mod codes;
mod line_index;
mod message;
mod span;
pub mod suggest;
mod version;

pub use codes::{Code, CodeInfo};
pub use line_index::{LineCol, LineIndex};
pub use message::Message;
pub use span::Span;
pub use version::{FactStage, Feature, FeatureInfo, FlinkVersion, UnknownFlinkVersion};

use serde::{Deserialize, Serialize};

/// How bad a diagnostic is. Only `Error` of stage `Syntax` or `Bind` is Flink's rejection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

/// Which layer found the problem; each code belongs to exactly one stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Lexer and parser: Flink's `SqlParserException`.
    Syntax,
    /// Binder: everything Flink rejects after parsing, when the statement is converted or run.
    Bind,
    /// What Flink accepts at CREATE time but is almost certainly a mistake.
    Lint,
}

impl Severity {
    /// The name output formats and flinkddl.toml use (`"warning"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl Stage {
    /// The name output formats use (`"bind"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Syntax => "syntax",
            Stage::Bind => "bind",
            Stage::Lint => "lint",
        }
    }
}

/// A secondary span with a short message ("first defined here").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Label {
    pub span: Span,
    pub message: Message,
}

/// How far a fix can be trusted (ruff's "applicability"), decided where the fix is made: the
/// code that makes it knows whether it is a guess.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// Keeps what the script means to Flink: Flink stores the fixed form anyway (the clamped
    /// precision, NOT NULL key columns), or it is the only reading Flink allows (a quoted
    /// reserved word, `<>` for `!=`). `flinkddl check --fix` applies it, and it is the
    /// editor's preferred action.
    Safe,
    /// May change what the script means: a name guessed from similar ones (every
    /// did-you-mean), a deleted comment, key or entry. Applied only with `--unsafe-fixes`.
    /// (What a fix read without one is.)
    #[default]
    Unsafe,
}

impl Applicability {
    /// The name output formats use (`"safe"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// A suggested edit: replace `span` with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fix {
    pub message: String,
    pub span: Span,
    pub replacement: String,
    #[serde(default)]
    pub applicability: Applicability,
}

impl Fix {
    pub fn new(
        applicability: Applicability,
        span: Span,
        replacement: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Fix {
            message: message.into(),
            span,
            replacement: replacement.into(),
            applicability,
        }
    }

    pub fn is_safe(&self) -> bool {
        self.applicability == Applicability::Safe
    }
}

/// One problem found in a source text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{message}")]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    /// Shared with the diagnostics that say the same ([`Message`]).
    pub message: Message,
    /// The primary span: the offending token or node.
    pub span: Span,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<Label>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<Message>,
    /// Boxed: few diagnostics have one, and a report holds many diagnostics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<Box<Fix>>,
}

impl Diagnostic {
    /// A diagnostic with the code's default severity.
    pub fn new(code: Code, span: Span, message: impl Into<Message>) -> Self {
        Diagnostic {
            code,
            severity: code.info().severity,
            message: message.into(),
            span,
            labels: Vec::new(),
            help: None,
            fix: None,
        }
    }

    pub fn with_label(mut self, span: Span, message: impl Into<Message>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_help(mut self, help: impl Into<Message>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(Box::new(fix));
        self
    }

    /// With a fix that keeps the script's meaning ([`Applicability::Safe`]).
    pub fn with_safe_fix(
        self,
        span: Span,
        replacement: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        self.with_fix(Fix::new(Applicability::Safe, span, replacement, message))
    }

    /// With a fix that may change the script's meaning ([`Applicability::Unsafe`]): every
    /// did-you-mean's.
    pub fn with_unsafe_fix(
        self,
        span: Span,
        replacement: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        self.with_fix(Fix::new(Applicability::Unsafe, span, replacement, message))
    }

    /// The applicability of the diagnostic's fix; `None` when it has none.
    pub fn fix_applicability(&self) -> Option<Applicability> {
        self.fix.as_ref().map(|f| f.applicability)
    }

    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    pub fn stage(&self) -> Stage {
        self.code.info().stage
    }

    /// True when this diagnostic is Flink's rejection of the script.
    pub fn is_rejection(&self) -> bool {
        self.severity == Severity::Error && matches!(self.stage(), Stage::Syntax | Stage::Bind)
    }
}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code.as_str()))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Info => miette::Severity::Advice,
            Severity::Warning => miette::Severity::Warning,
            Severity::Error => miette::Severity::Error,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_deref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let primary = miette::LabeledSpan::new_primary_with_span(
            Some(self.code.info().title.to_string()),
            self.span,
        );
        let others = self
            .labels
            .iter()
            .map(|l| miette::LabeledSpan::new_with_span(Some(l.message.to_string()), l.span));
        Some(Box::new(std::iter::once(primary).chain(others)))
    }
}
