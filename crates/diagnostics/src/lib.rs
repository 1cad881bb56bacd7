//! Spans, the line index and the one diagnostic type that every flinkddl stage emits.
//!
//! This crate holds plain data: [`Span`] (byte ranges), [`LineIndex`] (byte offset to line and
//! column, in UTF-8 bytes, chars and UTF-16 units) and [`Diagnostic`] with its stable [`Code`]
//! catalogue. `Diagnostic` implements [`miette::Diagnostic`] so front ends can render it, but
//! this crate chooses no rendering policy: the CLI and the language server do that.

mod catalogue;
#[cfg(test)]
mod code_files;
#[cfg(test)]
mod code_files_tests;
mod line_index;
mod message;
mod span;
mod version;

pub use catalogue::{Code, CodeInfo};
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

/// A suggested edit: replace `span` with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fix {
    pub message: String,
    pub span: Span,
    pub replacement: String,
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

    pub fn with_fix(
        mut self,
        span: Span,
        replacement: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        self.fix = Some(Box::new(Fix {
            message: message.into(),
            span,
            replacement: replacement.into(),
        }));
        self
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
