//! The types the query binder gives select items, for editors (inlay hints): the script bound
//! again with the resolver noting each select item it types. The analysis does not keep them
//! (nothing but an editor asks), so an editor pays for them only when it shows them.

use crate::{BindOptions, Binder, SourceCheck};
use flinkddl_diagnostics::Span;
use flinkddl_syntax::Parse;
use flinkddl_types::DataType;

/// One select item of a query (of any query block: a subquery, a CTE, a view's, an INSERT's)
/// and the type the binder derived for it.
#[derive(Debug, Clone, PartialEq)]
pub struct SelectItemType {
    /// The statement the item is in.
    pub statement: usize,
    /// The item: its expression and alias.
    pub span: Span,
    pub data_type: DataType,
}

/// Every select item the binder types while binding the script as [`crate::bind_checked`]
/// does (the same options and source check give the same catalog at each statement). An item
/// it cannot type (a user function, an unknown column) and the items after a statement's
/// first error are not listed.
pub fn select_item_types(
    parse: &Parse,
    source: &str,
    options: BindOptions,
    source_check: Option<&dyn SourceCheck>,
) -> Vec<SelectItemType> {
    let mut binder = Binder::new(source, options, source_check);
    binder.item_types = Some(Vec::new());
    let broken = parse.statements_with_errors();
    for (index, statement) in parse.script().statements.iter().enumerate() {
        let is_broken = broken.get(index).copied().unwrap_or(true);
        binder.bind_statement(index, statement, is_broken);
    }
    binder.item_types.unwrap_or_default()
}
