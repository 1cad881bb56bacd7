//! `parse` on arbitrary bytes (decoded lossily as UTF-8) never panics, and every span it returns
//! is in bounds, on char boundaries, and within its parent node's span.
//!
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run parse -- -max_total_time=600
#![no_main]

use flinkddl_test_support::spans;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(e) = spans::check_parse(&text) {
        panic!("span invariant violated: {e}\ninput: {text:?}");
    }
});
