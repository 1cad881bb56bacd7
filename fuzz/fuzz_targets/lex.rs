//! `lex` on arbitrary bytes (decoded lossily as UTF-8) never panics; its tokens and comments are
//! in order, do not overlap, lie on char boundaries and leave out only ASCII whitespace.
//!
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run lex -- -max_total_time=600
#![no_main]

use flinkddl_test_support::spans;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(e) = spans::check_lex(&text) {
        panic!("lexer invariant violated: {e}\ninput: {text:?}");
    }
});
