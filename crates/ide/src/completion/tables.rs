//! Tables: the catalog's tables and views offered where a table name goes (the script's, then
//! the project's catalog files'), written as short as the statement's scope allows; and the
//! tables the statement names (its LIKE source, a name after a keyword), qualified.

use super::{quote_ident, Collector, CompletionKind};
use crate::index::TablePath;
use flinkddl::syntax::{Keyword, TokenView};
use std::sync::Arc;

impl Collector<'_> {
    pub(super) fn tables(&mut self) {
        let (catalog, database) = self
            .analysis
            .index()
            .scopes
            .get(self.statement)
            .cloned()
            .unwrap_or_default();
        let mut seen: Vec<&TablePath> = Vec::new();
        let defs: Vec<_> = self.analysis.index().tables.iter().collect();
        for def in defs {
            if seen.contains(&&def.path) || def.statement == self.statement {
                continue;
            }
            seen.push(&def.path);
            let (c, d, t) = &*def.path;
            let insert = table_insert(&def.path, &catalog, &database);
            let kind = match def.kind {
                crate::index::TableKind::Table => "table",
                crate::index::TableKind::View => "view",
            };
            let detail = format!("{kind} {c}.{d}.{t}");
            let item = self.push(insert.clone(), CompletionKind::Table, insert, false);
            item.detail = Some(detail);
        }
        // The tables and views of the project's catalog files (issue 35).
        let project: Vec<(TablePath, &'static str, String)> = match self.analysis.project() {
            Some(project) => project
                .symbols()
                .into_iter()
                .filter(|(path, _, _)| !seen.iter().any(|s| ***s == **path))
                .map(|(path, file, d)| {
                    let kind = match d.kind {
                        flinkddl::binder::prelude::ObjectKind::Table => "table",
                        flinkddl::binder::prelude::ObjectKind::View => "view",
                    };
                    let file = file
                        .path
                        .file_name()
                        .map(|f| f.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    (TablePath::new(path.clone()), kind, file)
                })
                .collect(),
            None => Vec::new(),
        };
        for (path, kind, file) in project {
            let (c, d, t) = &*path;
            let insert = table_insert(&path, &catalog, &database);
            let item = self.push(insert.clone(), CompletionKind::Table, insert, false);
            item.detail = Some(format!("{kind} {c}.{d}.{t} ({file})"));
        }
    }

    /// The LIKE source of the statement's CREATE TABLE.
    pub(super) fn like_source(&self) -> Option<TablePath> {
        self.name_after_first(Keyword::LIKE)
    }

    /// The table named after the statement's first `keyword_before`, as the statement qualifies
    /// it.
    pub(super) fn name_after_first(&self, keyword_before: Keyword) -> Option<TablePath> {
        let tokens = self.tokens();
        let at = tokens
            .iter()
            .position(|t| tokens.keyword(t) == keyword_before)?;
        self.qualify(&dotted_name(tokens, at + 1))
    }

    pub(super) fn qualify(&self, parts: &[String]) -> Option<TablePath> {
        let (catalog, database) = self.analysis.index().scopes.get(self.statement)?.clone();
        match parts {
            [t] => Some(Arc::new((catalog, database, t.clone()))),
            [d, t] => Some(Arc::new((catalog, d.clone(), t.clone()))),
            [c, d, t] => Some(Arc::new((c.clone(), d.clone(), t.clone()))),
            _ => None,
        }
    }
}

/// The parts of a dotted name (`t`, `db.t`, `` cat.`my db`.t ``) whose first token is
/// `tokens[from]`; empty when no name starts there.
pub(super) fn dotted_name(tokens: TokenView<'_>, from: usize) -> Vec<String> {
    let (parts, _) = tokens.dotted_name(from, tokens.len());
    parts
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

/// A table's name as a statement in `catalog`.`database` writes it: as short as it can be.
fn table_insert(path: &TablePath, catalog: &str, database: &str) -> String {
    let (c, d, t) = &**path;
    if c == catalog && d == database {
        quote_ident(t)
    } else if c == catalog {
        format!("{}.{}", quote_ident(d), quote_ident(t))
    } else {
        format!("{}.{}.{}", quote_ident(c), quote_ident(d), quote_ident(t))
    }
}
