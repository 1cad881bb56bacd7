//! Sizes of the types a script keeps to its end: every ROW field and every shared column type
//! holds a `DataType` (`docs/performance.md`, session 14).

use flinkddl_types::{DataType, RowField};
use std::mem::size_of;

#[test]
fn a_data_type_and_a_row_field_stay_small() {
    assert_eq!(size_of::<DataType>(), 40);
    assert_eq!(size_of::<RowField>(), 80);
}
