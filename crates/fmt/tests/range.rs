//! `fixtures/format-range/*.sql`: range formatting (`format_range`, the language server's
//! `textDocument/rangeFormatting`). Each case marks its range with `«` and `»`, or a cursor with
//! `‸` (the marks are removed before formatting); a first line `-- format: key = value, ...`
//! sets the options, as in `fixtures/format`. The text with the edit applied is an insta
//! snapshot beside the case (`INSTA_UPDATE=always cargo test -p flinkddl-fmt --test range` to
//! bless). Every case must also: leave every statement the range does not touch byte for byte
//! (the edit covers only touched statements), keep the comments, and give no edit when the
//! range is formatted again. A snapshot without its `.sql` fails.

use flinkddl::{parse, Span};
use flinkddl_fmt::format_range;
use flinkddl_test_support::fixtures;
use std::path::PathBuf;
use support::options_of;

mod support;

fn root() -> PathBuf {
    fixtures::repo_dir("fixtures/format-range")
}

/// The text without its marks, and the range they mark.
fn unmark(marked: &str) -> Option<(String, Span)> {
    let at = |text: &str, mark: char| text.find(mark).map(|i| i as u32);
    if let Some(cursor) = at(marked, '‸') {
        return Some((marked.replacen('‸', "", 1), Span::new(cursor, cursor)));
    }
    let start = at(marked, '«')?;
    let text = marked.replacen('«', "", 1);
    let end = at(&text, '»')?;
    Some((text.replacen('»', "", 1), Span::new(start, end)))
}

#[test]
fn range_fixtures() {
    for fixtures::Case {
        name, text: marked, ..
    } in fixtures::cases(&root())
    {
        let Some((text, range)) = unmark(&marked) else {
            panic!("{name}: no `«...»` or `‸` mark");
        };
        let options = options_of(&text);
        let edit = format_range(&text, range, &options);
        let after = match &edit {
            Some(e) => {
                assert!(
                    e.span.start <= range.end.max(range.start) && e.span.end >= range.start,
                    "{name}: the edit {:?} is away from the range {range:?}",
                    e.span
                );
                let mut t = text.clone();
                t.replace_range(e.span.start as usize..e.span.end as usize, &e.text);
                t
            }
            None => text.clone(),
        };
        // Statements outside the edit are byte for byte as written.
        let original = parse(&text);
        for s in &original.script().statements {
            let outside = edit
                .as_ref()
                .is_none_or(|e| s.span.end <= e.span.start || s.span.start >= e.span.end);
            if outside {
                let written = s.span.text(&text);
                assert!(after.contains(written), "{name}: `{written}` changed");
            }
        }
        assert_eq!(
            support::comments(&text),
            support::comments(&after),
            "{name}: comments"
        );
        if let Some(e) = &edit {
            let again = format_range(
                &after,
                Span::new(e.span.start, e.span.start + e.text.len() as u32),
                &options,
            );
            assert_eq!(again, None, "{name}: formatting the range again changed it");
        }
        fixtures::snapshot_settings(&root()).bind(|| insta::assert_snapshot!(name, after));
    }
}

#[test]
fn no_orphan_snapshots() {
    support::assert_only_cases_and_snapshots(&root());
}
