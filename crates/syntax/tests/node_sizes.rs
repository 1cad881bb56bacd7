//! Sizes of the AST's most moved nodes. Every node is moved while the tree is built and a
//! node is as large as its largest variant, so a variant that grows one costs every use of it
//! (decision 0006, step 5). The bounds are the sizes in the arena (boxes and `&str` 8 or 16
//! bytes, lists 16); a change that grows a node past its bound should box the part that grew.

use flinkddl_syntax::ast::*;
use std::mem::size_of;

#[test]
fn nodes_stay_small() {
    let bounds = [
        ("Statement", size_of::<Statement>(), 48),
        ("Expr", size_of::<Expr>(), 64),
        ("Literal", size_of::<Literal>(), 24),
        ("TableElement", size_of::<TableElement>(), 152),
        ("DataTypeSyntax", size_of::<DataTypeSyntax>(), 56),
        ("QueryItem", size_of::<QueryItem>(), 104),
        ("OrderItem", size_of::<OrderItem>(), 80),
        ("SetExpr", size_of::<SetExpr>(), 40),
        ("TableRef", size_of::<TableRef>(), 136),
        ("Join", size_of::<Join>(), 216),
        ("Ident", size_of::<Ident>(), 32),
    ];
    for (name, size, _) in &bounds {
        println!("{name:<16} {size:>4}");
    }
    let grown: Vec<String> = bounds
        .iter()
        .filter(|(_, size, bound)| size > bound)
        .map(|(name, size, bound)| format!("{name}: {size} bytes (bound {bound})"))
        .collect();
    assert!(grown.is_empty(), "nodes grew: {grown:?}");
}
