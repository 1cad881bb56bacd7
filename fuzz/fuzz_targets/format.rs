//! `flinkddl_fmt::format` on arbitrary bytes (decoded lossily as UTF-8; the first byte picks the
//! options) never panics and terminates, is idempotent, and keeps every comment's text in order.
//! So does `format_range` (the language server's rangeFormatting) on a range the last two bytes
//! pick: its edit lies inside the text, and formatting the edited range again changes nothing.
//!
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run format -- -max_total_time=600
#![no_main]

use flinkddl::Span;
use flinkddl_fmt::{format, format_range, FormatOptions, IdentifierQuoting, KeywordCase};
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
        keyword_case: [
            KeywordCase::Upper,
            KeywordCase::Lower,
            KeywordCase::Preserve,
        ][usize::from((choice >> 4) & 3) % 3],
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
    assert_eq!(
        comments(&text),
        comments(&once),
        "comments changed\ninput: {text:?}"
    );

    // A range: the last two bytes, scaled to the text, moved back to character boundaries.
    let at = |b: Option<&u8>| {
        let mut i = text.len() * usize::from(b.copied().unwrap_or(0)) / 255;
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i as u32
    };
    let (a, b) = (at(rest.last()), at(rest.iter().rev().nth(1)));
    let range = Span::new(a.min(b), a.max(b));
    if let Some(edit) = format_range(&text, range, &options) {
        let (start, end) = (edit.span.start as usize, edit.span.end as usize);
        assert!(
            start <= end && text.get(start..end).is_some(),
            "edit {:?} outside the text\ninput: {text:?}",
            edit.span
        );
        let edited = format!("{}{}{}", &text[..start], edit.text, &text[end..]);
        assert_eq!(
            comments(&text),
            comments(&edited),
            "range: comments changed\ninput: {text:?} {range:?}"
        );
        let again = Span::new(edit.span.start, edit.span.start + edit.text.len() as u32);
        assert_eq!(
            format_range(&edited, again, &options),
            None,
            "range: not idempotent\ninput: {text:?} {range:?}"
        );
    }
});
