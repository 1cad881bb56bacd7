//! Size bound of a bound column: a schema holds one per column of every table, so its size is
//! most of the binder's memory on DDL (issue 16).

use flinkddl_binder::schema::Column;

#[test]
fn a_bound_column_stays_small() {
    let size = std::mem::size_of::<Column>();
    println!("schema::Column: {size} bytes");
    assert!(
        size <= 144,
        "schema::Column is {size} bytes, over its bound of 144"
    );
}
