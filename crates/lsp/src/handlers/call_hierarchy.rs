//! The call hierarchy of the data flow (source table → view → sink), from
//! [`flinkddl_ide::call_hierarchy`]. An item's `data` is its `[catalog, database, name]`; an
//! item without it (or with anything else there) is found again at its selection range.

use super::{lsp_offset, lsp_range};
use flinkddl_ide::{Analysis, CallHierarchyItem, HierarchyCall};
use lsp_types as lsp;
use lsp_types::Url;

fn to_lsp(a: &Analysis, uri: &Url, item: &CallHierarchyItem) -> lsp::CallHierarchyItem {
    let (catalog, database, name) = &item.path;
    let kind = match item.kind {
        flinkddl_ide::call_hierarchy::ItemKind::Table => lsp::SymbolKind::STRUCT,
        flinkddl_ide::call_hierarchy::ItemKind::View => lsp::SymbolKind::INTERFACE,
    };
    lsp::CallHierarchyItem {
        name: item.name.clone(),
        kind,
        tags: None,
        detail: Some(if item.defined {
            format!("{catalog}.{database}.{name}")
        } else {
            format!("{catalog}.{database}.{name} (not created in this file)")
        }),
        uri: uri.clone(),
        range: lsp_range(a, item.full_span),
        selection_range: lsp_range(a, item.span),
        data: Some(serde_json::json!([catalog, database, name])),
    }
}

/// The path an item the client sends back stands for.
fn path_of(a: &Analysis, item: &lsp::CallHierarchyItem) -> Option<(String, String, String)> {
    let parts: Option<Vec<String>> = item.data.as_ref().and_then(|d| d.as_array()).map(|a| {
        a.iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect()
    });
    match parts.as_deref() {
        Some([c, d, n]) => Some((c.clone(), d.clone(), n.clone())),
        _ => {
            let at = lsp_offset(a, item.selection_range.start);
            a.prepare_call_hierarchy(at).map(|i| i.path)
        }
    }
}

pub fn prepare_call_hierarchy(
    a: &Analysis,
    uri: &Url,
    params: lsp::CallHierarchyPrepareParams,
) -> Option<Vec<lsp::CallHierarchyItem>> {
    let at = lsp_offset(a, params.text_document_position_params.position);
    let item = a.prepare_call_hierarchy(at)?;
    Some(vec![to_lsp(a, uri, &item)])
}

/// The calls `find` lists for the path of `item` (none when it stands for no path), each with
/// its ranges, as `call` makes them.
fn calls<T>(
    a: &Analysis,
    uri: &Url,
    item: &lsp::CallHierarchyItem,
    find: impl FnOnce(&(String, String, String)) -> Vec<HierarchyCall>,
    call: impl Fn(lsp::CallHierarchyItem, Vec<lsp::Range>) -> T,
) -> Vec<T> {
    let Some(path) = path_of(a, item) else {
        return Vec::new();
    };
    find(&path)
        .iter()
        .map(|c| {
            call(
                to_lsp(a, uri, &c.item),
                c.spans.iter().map(|s| lsp_range(a, *s)).collect(),
            )
        })
        .collect()
}

pub fn incoming_calls(
    a: &Analysis,
    uri: &Url,
    params: lsp::CallHierarchyIncomingCallsParams,
) -> Vec<lsp::CallHierarchyIncomingCall> {
    calls(
        a,
        uri,
        &params.item,
        |path| a.incoming_calls(path),
        |from, from_ranges| lsp::CallHierarchyIncomingCall { from, from_ranges },
    )
}

pub fn outgoing_calls(
    a: &Analysis,
    uri: &Url,
    params: lsp::CallHierarchyOutgoingCallsParams,
) -> Vec<lsp::CallHierarchyOutgoingCall> {
    calls(
        a,
        uri,
        &params.item,
        |path| a.outgoing_calls(path),
        |to, from_ranges| lsp::CallHierarchyOutgoingCall { to, from_ranges },
    )
}
