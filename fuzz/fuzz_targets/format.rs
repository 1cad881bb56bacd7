//! `flinkddl_fmt::format` on arbitrary bytes (decoded lossily as UTF-8; the first byte picks the
//! options) never panics and terminates, is idempotent, and keeps every comment's text in order.
//!
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run format -- -max_total_time=600
#![no_main]

use flinkddl_fmt::{format, FormatOptions, IdentifierQuoting, KeywordCase};
use libfuzzer_sys::fuzz_target;

fn comments(text: &str) -> Vec<String> {
    flinkddl::parse(text)
        .trivia
        .iter()
        .map(|c| c.span.text(text).trim_end_matches('\r').to_string())
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let (choice, rest) = data.split_first().map_or((0, data), |(c, r)| (*c, r));
    let options = FormatOptions {
        line_width: [100, 40, 1, 200][usize::from(choice & 3)],
        indent_width: [4, 2, 0, 8][usize::from((choice >> 2) & 3)],
        keyword_case: [KeywordCase::Upper, KeywordCase::Lower, KeywordCase::Preserve]
            [usize::from((choice >> 4) & 3) % 3],
        identifier_quoting: if choice & 0x40 == 0 {
            IdentifierQuoting::Preserve
        } else {
            IdentifierQuoting::AsNeeded
        },
    };
    let text = String::from_utf8_lossy(rest);
    let once = format(&text, &options);
    let twice = format(&once, &options);
    assert_eq!(once, twice, "not idempotent\ninput: {text:?}");
    assert_eq!(comments(&text), comments(&once), "comments changed\ninput: {text:?}");
});
