//! Binding whatever the parser makes of arbitrary bytes never panics, in both session modes
//! (the second, as the editor binds, recording the semantic model), and every diagnostic of the
//! whole pipeline (syntax, bind, lints, connector checks) points into the text; the bound tables
//! and the model serialize.
//!
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run bind -- -max_total_time=600 -dict=flink.dict
#![no_main]

use flinkddl_test_support::spans;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for assume_external_objects in [false, true] {
        let options = flinkddl::Options {
            assume_external_objects,
            semantic_model: assume_external_objects,
            ..flinkddl::Options::default()
        };
        let analysis = flinkddl::analyze_with(&text, &options);
        if let Err(e) = spans::check_diagnostics(&text, &analysis.diagnostics) {
            panic!("diagnostic span invariant violated: {e}\ninput: {text:?}");
        }
        if let Err(e) = serde_json::to_string(&analysis.tables) {
            panic!("bound tables do not serialize: {e}\ninput: {text:?}");
        }
        if let Err(e) = serde_json::to_string(&analysis.model) {
            panic!("the semantic model does not serialize: {e}\ninput: {text:?}");
        }
    }
});
