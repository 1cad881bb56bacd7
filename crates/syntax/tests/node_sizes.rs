//! Sizes of the AST's most moved nodes. Every node is moved while the tree is built and a
//! node is as large as its largest variant, so a variant that grows one costs every use of it
//! (decision 0006, step 5). The bounds are the sizes after boxing the large variants; a
//! change that grows a node past its bound should box the part that grew.

use flinkddl_syntax::ast::*;
use std::mem::size_of;

#[test]
fn nodes_stay_small() {
    let bounds = [
        ("Statement", size_of::<Statement>(), 56),
        ("Expr", size_of::<Expr>(), 72),
        ("Literal", size_of::<Literal>(), 32),
        ("TableElement", size_of::<TableElement>(), 176),
        ("DataTypeSyntax", size_of::<DataTypeSyntax>(), 64),
        ("QueryItem", size_of::<QueryItem>(), 120),
        ("OrderItem", size_of::<OrderItem>(), 88),
        ("SetExpr", size_of::<SetExpr>(), 48),
        ("TableRef", size_of::<TableRef>(), 160),
        ("Join", size_of::<Join>(), 248),
        ("Ident", size_of::<Ident>(), 40),
    ];
    let grown: Vec<String> = bounds
        .iter()
        .filter(|(_, size, bound)| size > bound)
        .map(|(name, size, bound)| format!("{name}: {size} bytes (bound {bound})"))
        .collect();
    assert!(grown.is_empty(), "nodes grew: {grown:?}");
}
