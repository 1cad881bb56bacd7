//! Document symbols: nested for clients that take them, flat otherwise.

use super::lsp_range;
use super::ClientSupport;
use flinkddl_ide::{Analysis, SymbolKind};
use lsp_types as lsp;
use lsp_types::Url;
use std::sync::Arc;

pub fn document_symbols(
    a: &Analysis,
    uri: &Url,
    support: ClientSupport,
) -> lsp::DocumentSymbolResponse {
    fn kind(k: SymbolKind) -> lsp::SymbolKind {
        match k {
            SymbolKind::Table => lsp::SymbolKind::STRUCT,
            SymbolKind::View => lsp::SymbolKind::INTERFACE,
            SymbolKind::Column => lsp::SymbolKind::FIELD,
            SymbolKind::Watermark => lsp::SymbolKind::EVENT,
            SymbolKind::Constraint => lsp::SymbolKind::KEY,
            SymbolKind::Catalog => lsp::SymbolKind::NAMESPACE,
            SymbolKind::Database => lsp::SymbolKind::MODULE,
            SymbolKind::Function => lsp::SymbolKind::FUNCTION,
            SymbolKind::Insert => lsp::SymbolKind::OPERATOR,
        }
    }
    fn convert(a: &Analysis, s: flinkddl_ide::DocumentSymbol) -> lsp::DocumentSymbol {
        #[allow(deprecated)]
        lsp::DocumentSymbol {
            name: s.name,
            detail: s.detail,
            kind: kind(s.kind),
            tags: None,
            deprecated: None,
            range: lsp_range(a, s.full_span),
            selection_range: lsp_range(a, s.focus_span),
            children: (!s.children.is_empty())
                .then(|| s.children.into_iter().map(|c| convert(a, c)).collect()),
        }
    }
    let symbols = a.document_symbols();
    if support.hierarchical_symbols {
        return lsp::DocumentSymbolResponse::Nested(
            symbols.into_iter().map(|s| convert(a, s)).collect(),
        );
    }
    let mut flat = Vec::new();
    fn flatten(
        a: &Analysis,
        uri: &Url,
        s: &flinkddl_ide::DocumentSymbol,
        container: Option<&str>,
        out: &mut Vec<lsp::SymbolInformation>,
    ) {
        #[allow(deprecated)]
        out.push(lsp::SymbolInformation {
            name: s.name.clone(),
            kind: kind(s.kind),
            tags: None,
            deprecated: None,
            location: lsp::Location::new(uri.clone(), lsp_range(a, s.full_span)),
            container_name: container.map(str::to_string),
        });
        for c in &s.children {
            flatten(a, uri, c, Some(&s.name), out);
        }
    }
    for s in &symbols {
        flatten(a, uri, s, None, &mut flat);
    }
    lsp::DocumentSymbolResponse::Flat(flat)
}

/// `workspace/symbol`: the tables and views the catalog files of the projects of `configs`
/// (the open documents' configurations) define, whose name holds `query`'s characters in order
/// (ignoring case, as editors filter), sorted by path.
pub fn workspace_symbols(
    configs: &[Arc<flinkddl_config::Config>],
    query: &str,
) -> Vec<lsp::SymbolInformation> {
    let mut seen: Vec<*const flinkddl_config::ProjectCatalog> = Vec::new();
    let mut out = Vec::new();
    for config in configs {
        let Some(project) = config.project() else {
            continue;
        };
        if seen.contains(&Arc::as_ptr(project)) {
            continue;
        }
        seen.push(Arc::as_ptr(project));
        for (path, file, definition) in project.project.symbols() {
            if !fuzzy_match(&path.2, query) {
                continue;
            }
            let (Some(text), Ok(uri)) =
                (file.text.as_deref(), lsp::Url::from_file_path(&file.path))
            else {
                continue;
            };
            let index = flinkddl::LineIndex::new(text);
            #[allow(deprecated)] // `deprecated` is a required field of the type
            out.push(lsp::SymbolInformation {
                name: path.2.clone(),
                kind: match definition.kind {
                    flinkddl::binder::prelude::ObjectKind::Table => lsp::SymbolKind::STRUCT,
                    flinkddl::binder::prelude::ObjectKind::View => lsp::SymbolKind::INTERFACE,
                },
                tags: None,
                deprecated: None,
                location: lsp::Location::new(
                    uri,
                    crate::convert::range(&index, text, definition.name),
                ),
                container_name: Some(format!("{}.{}", path.0, path.1)),
            });
        }
    }
    out
}

/// Whether `name` holds the characters of `query` in order, ignoring case (an empty query
/// matches every name).
fn fuzzy_match(name: &str, query: &str) -> bool {
    let mut rest = name.chars().flat_map(char::to_lowercase);
    query
        .chars()
        .flat_map(char::to_lowercase)
        .all(|q| rest.any(|c| c == q))
}
