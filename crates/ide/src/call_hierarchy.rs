//! A call hierarchy over the script's data flow: source table → view → sink. A table or view
//! "calls" what reads it: its outgoing calls are the views it feeds and the tables that INSERT,
//! CTAS or RTAS write from it; its incoming calls are the tables and views it is made from.
//!
//! The flows are those lineage follows (the names the binder resolved in each writing
//! statement, through the name index), one step at a time: lineage follows a view down to its
//! tables, the hierarchy lets the user expand it. A call's spans are where the writing
//! statement names the table read.

use crate::index::{Symbol, TableKind, TablePath};
use crate::Analysis;
use flinkddl::syntax::ast::{Statement, StatementKind};
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Table,
    View,
}

/// A table or view of the hierarchy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CallHierarchyItem {
    /// The name as the script writes it last (the object's own name).
    pub name: String,
    /// `(catalog, database, name)`: what identifies the item in later requests.
    pub path: (String, String, String),
    pub kind: ItemKind,
    /// Whether the script creates it (a table it does not create is only read or written).
    pub defined: bool,
    /// The CREATE statement; for a table the script does not create, the statement of its
    /// first use.
    pub full_span: Span,
    /// The name in that statement.
    pub span: Span,
}

/// An item and where the flow to or from it is written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HierarchyCall {
    pub item: CallHierarchyItem,
    /// Where the writing statement names the table it reads, in text order.
    pub spans: Vec<Span>,
}

/// One step of data: `to`'s writing statement reads `from`, naming it at `at`.
struct Flow {
    from: TablePath,
    to: TablePath,
    at: Span,
}

/// The item the name at `offset` (a table's or view's) denotes.
pub fn prepare(analysis: &Analysis, offset: u32) -> Option<CallHierarchyItem> {
    let occurrence = analysis.index().occurrence_at(offset)?;
    match &occurrence.symbol {
        Symbol::Table(path) => item(analysis, path),
        _ => None,
    }
}

/// What `path` is made from: the tables and views its writing statements read.
pub fn incoming(analysis: &Analysis, path: &(String, String, String)) -> Vec<HierarchyCall> {
    calls(analysis, |f| (*f.to == *path).then_some(&f.from))
}

/// What is made from `path`: the views and tables whose writing statements read it.
pub fn outgoing(analysis: &Analysis, path: &(String, String, String)) -> Vec<HierarchyCall> {
    calls(analysis, |f| (*f.from == *path).then_some(&f.to))
}

fn calls(analysis: &Analysis, other: impl Fn(&Flow) -> Option<&TablePath>) -> Vec<HierarchyCall> {
    let mut grouped: Vec<(TablePath, Vec<Span>)> = Vec::new();
    for flow in flows(analysis) {
        let Some(other) = other(&flow) else { continue };
        match grouped.iter_mut().find(|(p, _)| p == other) {
            Some((_, spans)) => spans.push(flow.at),
            None => grouped.push((other.clone(), vec![flow.at])),
        }
    }
    grouped
        .into_iter()
        .filter_map(|(path, mut spans)| {
            spans.sort_by_key(|s| s.start);
            spans.dedup();
            Some(HierarchyCall {
                item: item(analysis, &path)?,
                spans,
            })
        })
        .collect()
}

fn item(analysis: &Analysis, path: &TablePath) -> Option<CallHierarchyItem> {
    let index = analysis.index();
    let (span, statement, kind, defined) = match index.table_def(path, usize::MAX) {
        Some(def) => (
            def.name_span,
            def.statement,
            match def.kind {
                TableKind::Table => ItemKind::Table,
                TableKind::View => ItemKind::View,
            },
            true,
        ),
        None => {
            let first = index
                .occurrences
                .iter()
                .find(|o| matches!(&o.symbol, Symbol::Table(p) if p == path))?;
            (first.span, first.statement, ItemKind::Table, false)
        }
    };
    let full_span = analysis
        .statements()
        .get(statement)
        .map_or(span, |s| s.span);
    Some(CallHierarchyItem {
        name: path.2.clone(),
        path: (**path).clone(),
        kind,
        defined,
        full_span,
        span,
    })
}

/// Every flow of the script, in text order.
fn flows(analysis: &Analysis) -> Vec<Flow> {
    let mut out = Vec::new();
    for (index, statement) in analysis.statements().iter().enumerate() {
        writes(analysis, index, statement, &mut out);
    }
    out
}

/// The flows of a statement that writes a table or defines a view.
fn writes(analysis: &Analysis, index: usize, statement: &Statement, out: &mut Vec<Flow>) {
    // The span of the written table's name (the INSERT's target, the CREATE's name).
    let target: Option<Span> = match &statement.kind {
        StatementKind::Insert(insert) => Some(insert.target.span),
        StatementKind::CreateTable(ct) if ct.as_query.is_some() => None,
        StatementKind::CreateView(_) => None,
        StatementKind::StatementSet { inserts } => {
            for s in inserts {
                writes(analysis, index, s, out);
            }
            return;
        }
        StatementKind::Execute { statement } => return writes(analysis, index, statement, out),
        _ => return,
    };
    let occurrences = &analysis.index().occurrences;
    let from = occurrences.partition_point(|o| o.span.start < statement.span.start);
    let within = occurrences[from..]
        .iter()
        .take_while(|o| o.span.start < statement.span.end)
        .filter(|o| o.statement == index);
    let mut written: Option<&TablePath> = None;
    let mut read: Vec<(&TablePath, Span)> = Vec::new();
    for o in within {
        let Symbol::Table(path) = &o.symbol else {
            continue;
        };
        let is_target = match target {
            Some(t) => t.start <= o.span.start && o.span.end <= t.end,
            None => o.is_definition,
        };
        if is_target {
            written.get_or_insert(path);
        } else if !o.is_definition {
            read.push((path, o.span));
        }
    }
    if let Some(to) = written {
        out.extend(read.into_iter().map(|(from, at)| Flow {
            from: from.clone(),
            to: to.clone(),
            at,
        }));
    }
}
