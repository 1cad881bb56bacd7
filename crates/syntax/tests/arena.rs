//! The tree borrows the source (decision 0006): a name or string is the source's own bytes
//! unless decoding changed it (doubled back-ticks or quotes), and the owned `Parse` holding
//! text, arenas and tree can be sent to and shared between threads.

use flinkddl_syntax::ast::{Statement, StatementKind};
use flinkddl_syntax::{parse, parse_in, Herd, Parse};

const TEXT: &str = "CREATE TABLE `cat`.db.`we``ird` (a INT) \
                    WITH ('connector' = 'kafka', 'topic' = 'it''s');";

/// Each name part and option value, and whether it points into `text`.
fn borrowed(statement: &Statement<'_>, text: &str) -> Vec<(String, bool)> {
    let source = text.as_bytes().as_ptr_range();
    let inside = |s: &str| source.contains(&s.as_ptr());
    let StatementKind::CreateTable(t) = &statement.kind else {
        return Vec::new();
    };
    let names = t.name.parts.iter().map(|p| p.value);
    let values = t
        .with
        .iter()
        .flat_map(|w| w.properties.iter().map(|p| p.value.value));
    names
        .chain(values)
        .map(|s| (s.to_string(), inside(s)))
        .collect()
}

#[test]
fn names_and_strings_borrow_the_source_unless_decoded() {
    let herd = Herd::new();
    let read = parse_in(TEXT, &herd);
    assert!(read.errors.is_empty(), "{:?}", read.errors);
    let expected: Vec<(String, bool)> = [
        ("cat", true),
        ("db", true),
        ("we`ird", false),
        ("kafka", true),
        ("it's", false),
    ]
    .iter()
    .map(|(s, b)| (s.to_string(), *b))
    .collect();
    assert_eq!(borrowed(&read.script.statements[0], TEXT), expected);

    // The owned parse borrows its own copy of the text, not the caller's.
    let owned = parse(TEXT);
    assert_eq!(owned.text(), TEXT);
    let in_copy = borrowed(&owned.script().statements[0], owned.text());
    assert_eq!(in_copy, expected);
    assert_eq!(
        format!("{:?}", owned.script()),
        format!("{:?}", read.script)
    );
}

#[test]
fn an_owned_parse_moves_and_is_shared_between_threads() {
    fn send_sync_static<T: Send + Sync + 'static>() {}
    send_sync_static::<Parse>();
    let shared = std::sync::Arc::new(parse(TEXT));
    let other = std::sync::Arc::clone(&shared);
    let names = std::thread::spawn(move || other.script().statements.len())
        .join()
        .unwrap_or(0);
    assert_eq!(names, 1);
}
