//! Document symbols: the objects a script creates (tables with their columns, watermark and
//! primary key; views, catalogs, databases, functions) and the tables INSERT writes.

use crate::Analysis;
use flinkddl::syntax::ast::{Statement, StatementKind, TableElement};
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SymbolKind {
    Table,
    View,
    Column,
    Watermark,
    Constraint,
    Catalog,
    Database,
    Function,
    Insert,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DocumentSymbol {
    pub name: String,
    pub kind: SymbolKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The whole statement or element.
    pub full_span: Span,
    /// The name.
    pub focus_span: Span,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<DocumentSymbol>,
}

fn leaf(
    name: String,
    kind: SymbolKind,
    detail: Option<String>,
    full_span: Span,
    focus_span: Span,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        kind,
        detail,
        full_span,
        focus_span,
        children: Vec::new(),
    }
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn document_symbols(analysis: &Analysis) -> Vec<DocumentSymbol> {
    let text = analysis.text();
    let mut out = Vec::new();
    for (i, st) in analysis.statements().iter().enumerate() {
        match &st.kind {
            StatementKind::CreateTable(ct) => {
                let bound = analysis.created_by(i);
                let mut children = Vec::new();
                for element in ct.elements.iter().flat_map(|e| &e.items) {
                    match element {
                        TableElement::Column(c) => {
                            let detail = bound
                                .and_then(|t| t.column(c.name.value))
                                .map(|col| col.data_type.summary_string())
                                .or_else(|| {
                                    text.get(c.name.span.end as usize..c.span.end as usize)
                                        .map(squash)
                                });
                            children.push(leaf(
                                c.name.value.to_string(),
                                SymbolKind::Column,
                                detail,
                                c.span,
                                c.name.span,
                            ));
                        }
                        TableElement::Watermark(w) => children.push(leaf(
                            format!("WATERMARK FOR {}", w.rowtime.display()),
                            SymbolKind::Watermark,
                            text.get(w.expr.span.range()).map(squash),
                            w.span,
                            w.rowtime.span,
                        )),
                        TableElement::Constraint(c) => children.push(leaf(
                            c.name
                                .as_ref()
                                .map_or("PRIMARY KEY".to_string(), |n| n.value.to_string()),
                            SymbolKind::Constraint,
                            Some(
                                c.columns
                                    .columns
                                    .iter()
                                    .map(|c| c.value)
                                    .collect::<Vec<_>>()
                                    .join(", "),
                            ),
                            c.span,
                            c.kind_span,
                        )),
                        TableElement::Error { .. } => {}
                    }
                }
                let detail = bound
                    .and_then(|t| t.option("connector"))
                    .map(|c| format!("connector {c}"))
                    .or_else(|| {
                        ct.like
                            .as_ref()
                            .map(|l| format!("LIKE {}", l.source.display()))
                    });
                out.push(DocumentSymbol {
                    name: ct.name.display(),
                    kind: SymbolKind::Table,
                    detail,
                    full_span: st.span,
                    focus_span: ct.name.span,
                    children,
                });
            }
            _ => out.extend(object_symbol(st)),
        }
    }
    out
}

/// The symbol of a statement that creates or writes one named object, focused on its name.
fn object_symbol(st: &Statement) -> Option<DocumentSymbol> {
    let (name, kind, detail, focus) = match &st.kind {
        StatementKind::CreateView(v) => (v.name.display(), SymbolKind::View, None, v.name.span),
        StatementKind::CreateCatalog(c) => (
            c.name.value.to_string(),
            SymbolKind::Catalog,
            None,
            c.name.span,
        ),
        StatementKind::CreateDatabase(d) => {
            (d.name.display(), SymbolKind::Database, None, d.name.span)
        }
        StatementKind::CreateFunction(f) => (
            f.name.display(),
            SymbolKind::Function,
            Some(f.class_name.value.to_string()),
            f.name.span,
        ),
        StatementKind::Insert(ins) => (
            format!("INSERT INTO {}", ins.target.display()),
            SymbolKind::Insert,
            None,
            ins.target.span,
        ),
        _ => return None,
    };
    Some(leaf(name, kind, detail, st.span, focus))
}
