//! Each document's `flinkddl.toml`: the nearest one above its file, as `flinkddl check` finds
//! it (through [`flinkddl_config::Cache`]: cached per directory, re-read when the modification
//! time or length of the file or of a connectors file it lists changes, forgotten when the
//! client reports a watched `flinkddl.toml` changed). The connectors files' facts are read
//! once per load and shared by every document under it. Documents that are not `file://` URIs
//! (untitled buffers) use the defaults. A broken file (or a connectors file it lists that cannot
//! be read or is not valid) is one diagnostic on each document it applies to, and the defaults
//! apply until it is fixed.

use flinkddl_config::{Cache, Resolved, FILE_NAME};
use lsp_types as lsp;
use lsp_types::Url;
use std::path::PathBuf;
use std::sync::Arc;

/// The configuration of one document.
#[derive(Debug, Clone)]
pub(crate) struct DocumentConfig {
    pub resolved: Arc<Resolved>,
    /// `exclude`d: `flinkddl check` does not check the file, even when named, so the server
    /// reports no diagnostic for it (its other features still work).
    pub excluded: bool,
    /// The document's path, when it is a file (a project's catalog file is analyzed from
    /// the catalog files before it).
    pub path: Option<std::path::PathBuf>,
}

impl DocumentConfig {
    /// Whether results computed under `self` are still right under `other`.
    pub fn same(&self, other: &DocumentConfig) -> bool {
        Arc::ptr_eq(&self.resolved, &other.resolved) && self.excluded == other.excluded
    }

    /// An id for pull diagnostics' result ids.
    pub fn id(&self) -> u64 {
        self.resolved.id * 2 + u64::from(self.excluded)
    }

    /// The diagnostic for a broken `flinkddl.toml`, at the start of the document, pointing at
    /// the problem in the file.
    pub fn problem(&self) -> Option<lsp::Diagnostic> {
        let error = self.resolved.error.as_ref()?;
        // The file the problem is in: the flinkddl.toml, or a connectors file it lists.
        let at_file = error.problem_file();
        let related = Url::from_file_path(at_file).ok().map(|uri| {
            let at = error.position().map_or(lsp::Position::new(0, 0), |p| {
                lsp::Position::new(p.line, p.utf16_column)
            });
            let name = at_file
                .file_name()
                .map_or_else(|| FILE_NAME.into(), |n| n.to_string_lossy());
            vec![lsp::DiagnosticRelatedInformation {
                location: lsp::Location::new(uri, lsp::Range::new(at, at)),
                message: format!("the problem in {name}"),
            }]
        });
        Some(lsp::Diagnostic {
            range: lsp::Range::default(),
            severity: Some(lsp::DiagnosticSeverity::ERROR),
            code: Some(lsp::NumberOrString::String(FILE_NAME.to_string())),
            code_description: None,
            source: Some("flinkddl".to_string()),
            message: format!(
                "{error}\nhelp: {FILE_NAME} is ignored until it is fixed: this file is checked \
                 with the defaults (`flinkddl check` refuses to run)"
            ),
            related_information: related,
            tags: None,
            data: None,
        })
    }
}

/// The configurations of the open documents.
#[derive(Debug, Default)]
pub(crate) struct Configs {
    cache: Cache,
}

impl Configs {
    /// The configuration of the document at `uri`. `rediscover` looks for `flinkddl.toml` files
    /// created above it since the last look (on open).
    pub fn for_uri(&mut self, uri: &Url, rediscover: bool) -> DocumentConfig {
        let Some(path) = file_path(uri) else {
            return DocumentConfig {
                resolved: self.cache.defaults(),
                excluded: false,
                path: None,
            };
        };
        if rediscover {
            self.cache.rediscover(&path);
        }
        let resolved = self.cache.for_file(&path);
        let excluded = resolved.error.is_none() && resolved.config.excludes(&path);
        DocumentConfig {
            resolved,
            excluded,
            path: Some(path),
        }
    }

    /// A `flinkddl.toml` was created, changed or deleted: read everything again.
    pub fn forget(&mut self) {
        self.cache.forget();
    }
}

/// The file of a `file://` URI, absolute.
fn file_path(uri: &Url) -> Option<PathBuf> {
    if uri.scheme() != "file" {
        return None;
    }
    uri.to_file_path().ok().filter(|p| p.is_absolute())
}

/// Whether a watched-file event is about a configuration file.
pub(crate) fn is_config_file(uri: &Url) -> bool {
    uri.path_segments()
        .and_then(|mut s| s.next_back())
        .is_some_and(|name| name == FILE_NAME)
}
