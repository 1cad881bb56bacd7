//! What flinkddl's tests share, so that each harness says only what it checks: the fixture
//! harness ([`fixtures`]: `.sql` cases beside insta snapshots, orphan snapshots), the span
//! invariants ([`spans`]: the property tests' and the fuzz targets' checker), the diagnostics
//! renderer ([`render`]: the text the snapshots hold), the oracle's corpora ([`oracle`]), what
//! random edit tests share ([`edits`]) and what the document tests read of Markdown
//! ([`markdown`]).
//!
//! A dev-dependency only (and a dependency of `fuzz/`): nothing shipped links it.

pub mod edits;
pub mod figures;
pub mod fixtures;
pub mod markdown;
pub mod oracle;
pub mod render;
pub mod spans;
