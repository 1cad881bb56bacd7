//! Size bounds of the type model: every bound column holds a `DataType`, so its size is the
//! schemas' memory (issue 16). A rare wide variant is boxed rather than widening all.

use flinkddl_types::{DataType, LogicalType};

#[test]
fn the_type_model_stays_small() {
    let sizes = [
        ("LogicalType", std::mem::size_of::<LogicalType>(), 56),
        ("DataType", std::mem::size_of::<DataType>(), 64),
    ];
    for (name, size, bound) in sizes {
        println!("{name}: {size} bytes (bound {bound})");
        assert!(
            size <= bound,
            "{name} is {size} bytes, over its bound of {bound}"
        );
    }
}
