//! Where to put diagnostics: the spans of a CREATE TABLE's name, option keys and values, and
//! column names.

use flinkddl_diagnostics::Span;
use flinkddl_syntax::ast::{CreateTable, Property, TableElement};
use flinkddl_syntax::quoted_equals;

/// Spans of one CREATE TABLE: where diagnostics about its name, option keys and values, and
/// columns point. When a key is written twice, the last entry is the one Flink keeps (and the
/// one diagnostics point at). A key or column without a span (it came from a LIKE source) is
/// reported on `table`.
///
/// Read from the statement's tree while it lives ([`spans_from_ast`]), or recorded as offsets
/// into the script's text ([`spans_recorded`]) to outlive it: a streaming check frees each
/// piece's tree and checks connectors at the end, when the script's uses of every table are
/// known. Recorded names are read back from the text (a key is its string literal without the
/// quotes, a column its identifier without the back-ticks, doubled quotes undone); the few whose
/// value is not that (a literal with a prefix, say) keep their value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableSpans<'a> {
    /// The table name.
    pub table: Span,
    entries: Entries<'a>,
}

#[derive(Debug, Clone, PartialEq)]
enum Entries<'a> {
    /// The statement's WITH entries and elements, in its tree.
    Tree {
        options: &'a [Property<'a>],
        elements: &'a [TableElement<'a>],
    },
    Recorded {
        source: &'a str,
        /// Each WITH entry's key and value, then each column name, as written.
        spans: Packed,
        /// How many of `spans` are WITH entries (two spans each).
        options: u32,
        /// Values that are not the text read back: by entry (options first, then columns).
        decoded: Box<[(u32, Box<str>)]>,
    },
}

/// Spans after a table's name, packed: offsets from the name's start and lengths in 16 bits
/// when the statement is short enough (almost always), else in 32 bits. A check keeps one of
/// these for every table to the end of the script.
#[derive(Debug, Clone, PartialEq)]
enum Packed {
    Narrow { base: u32, words: Box<[u16]> },
    Wide(Box<[u32]>),
}

impl Packed {
    fn new(base: u32, spans: &[Span]) -> Packed {
        // Written in place (no growth checks); the wide form when a span does not fit.
        let mut words = vec![0u16; 2 * spans.len()].into_boxed_slice();
        for (pair, s) in words.chunks_exact_mut(2).zip(spans) {
            let offset = s.start.wrapping_sub(base);
            let len = s.len();
            if s.start < base || offset > u32::from(u16::MAX) || len > u32::from(u16::MAX) {
                return Packed::Wide(spans.iter().flat_map(|s| [s.start, s.end]).collect());
            }
            pair[0] = offset as u16;
            pair[1] = len as u16;
        }
        Packed::Narrow { base, words }
    }

    fn len(&self) -> usize {
        match self {
            Packed::Narrow { words, .. } => words.len() / 2,
            Packed::Wide(words) => words.len() / 2,
        }
    }

    fn get(&self, i: usize) -> Span {
        match self {
            Packed::Narrow { base, words } => {
                let start = base + u32::from(words.get(2 * i).copied().unwrap_or(0));
                Span::new(
                    start,
                    start + u32::from(words.get(2 * i + 1).copied().unwrap_or(0)),
                )
            }
            Packed::Wide(words) => Span::new(
                words.get(2 * i).copied().unwrap_or(0),
                words.get(2 * i + 1).copied().unwrap_or(0),
            ),
        }
    }
}

impl Default for Entries<'_> {
    fn default() -> Self {
        Entries::Tree {
            options: &[],
            elements: &[],
        }
    }
}

impl TableSpans<'_> {
    fn property(&self, key: &str) -> Option<(Span, Span)> {
        match &self.entries {
            Entries::Tree { options, .. } => options
                .iter()
                .rev()
                .find(|p| p.key.value == key)
                .map(|p| (p.key.span, p.value.span)),
            Entries::Recorded {
                source,
                spans,
                options,
                decoded,
            } => {
                // The key's text is the key between quotes, each quote in it doubled: a text of
                // another length is another key, told without reading it.
                let text_len = key.len() + 2 + key.bytes().filter(|&b| b == b'\'').count();
                // The usual case, nothing decoded and narrow spans: the lengths read in place.
                if let (true, Packed::Narrow { base, words }) = (decoded.is_empty(), spans) {
                    if let Some(entries) = words.get(..4 * *options as usize) {
                        return narrow_property(source, *base, entries, text_len, key);
                    }
                }
                (0..*options as usize).rev().find_map(|i| {
                    let k = spans.get(2 * i);
                    let found = match decoded_at(decoded, i) {
                        Some(value) => value == key,
                        None if k.len() as usize != text_len => false,
                        None => quoted_equals(k.text(source), b'\'', key),
                    };
                    found.then(|| (k, spans.get(2 * i + 1)))
                })
            }
        }
    }

    /// The span of the option key (the table name when the key was not written here).
    pub fn key(&self, key: &str) -> Span {
        self.property(key).map_or(self.table, |(k, _)| k)
    }

    /// The span of the option value (the table name when the key was not written here).
    pub fn value(&self, key: &str) -> Span {
        self.property(key).map_or(self.table, |(_, v)| v)
    }

    /// The span of the column name (the table name when the column was not written here).
    pub fn column(&self, name: &str) -> Span {
        let found = match &self.entries {
            Entries::Tree { elements, .. } => elements.iter().rev().find_map(|e| match e {
                TableElement::Column(c) if c.name.value == name => Some(c.name.span),
                _ => None,
            }),
            Entries::Recorded {
                source,
                spans,
                options,
                decoded,
            } => {
                let first = 2 * *options as usize;
                (first..spans.len()).rev().find_map(|i| {
                    let span = spans.get(i);
                    let found = match decoded_at(decoded, *options as usize + i - first) {
                        Some(value) => value == name,
                        None => ident_equals(span.text(source), name),
                    };
                    found.then_some(span)
                })
            }
        };
        found.unwrap_or(self.table)
    }

    /// Whether this key was written in this statement.
    pub fn has_key(&self, key: &str) -> bool {
        self.property(key).is_some()
    }
}

/// [`TableSpans::property`] over narrow spans without decoded keys: `entries` holds each WITH
/// entry's key and value as offset and length pairs ([`Packed::get`]'s arithmetic).
fn narrow_property(
    source: &str,
    base: u32,
    entries: &[u16],
    text_len: usize,
    key: &str,
) -> Option<(Span, Span)> {
    let span = |offset: u16, len: u16| {
        let start = base + u32::from(offset);
        Span::new(start, start + u32::from(len))
    };
    entries.chunks_exact(4).rev().find_map(|e| {
        let k = span(e[0], e[1]);
        (usize::from(e[1]) == text_len && quoted_equals(k.text(source), b'\'', key))
            .then(|| (k, span(e[2], e[3])))
    })
}

fn decoded_at(decoded: &[(u32, Box<str>)], entry: usize) -> Option<&str> {
    decoded
        .iter()
        .find(|(e, _)| *e as usize == entry)
        .map(|(_, v)| &**v)
}

/// The [`TableSpans`] of a CREATE TABLE, read from its tree: its name, WITH entries and
/// elements.
pub fn spans_from_ast<'a>(ct: &'a CreateTable<'a>) -> TableSpans<'a> {
    TableSpans {
        table: ct.name.span,
        entries: Entries::Tree {
            options: ct.with.as_ref().map_or(&[][..], |w| &w.properties[..]),
            elements: ct.elements.as_ref().map_or(&[][..], |e| &e.items[..]),
        },
    }
}

/// The [`TableSpans`] of a CREATE TABLE of `source`, recorded as offsets into the text so that
/// they outlive the tree.
pub fn spans_recorded<'a>(ct: &CreateTable<'_>, source: &'a str) -> TableSpans<'a> {
    let properties = ct.with.as_ref().map_or(&[][..], |w| &w.properties[..]);
    let elements = ct.elements.as_ref().map_or(&[][..], |e| &e.items[..]);
    let mut spans: Vec<Span> = Vec::with_capacity(2 * properties.len() + elements.len());
    let mut decoded = Vec::new();
    for (i, p) in properties.iter().enumerate() {
        if !reads_back(source, p.key.span, p.key.value)
            && !quoted_equals(p.key.span.text(source), b'\'', p.key.value)
        {
            decoded.push((i as u32, p.key.value.into()));
        }
        spans.push(p.key.span);
        spans.push(p.value.span);
    }
    let options = properties.len();
    for e in elements {
        if let TableElement::Column(c) = e {
            if !reads_back(source, c.name.span, c.name.value)
                && !ident_equals(c.name.span.text(source), c.name.value)
            {
                let entry = options + spans.len() - 2 * options;
                decoded.push((entry as u32, c.name.value.into()));
            }
            spans.push(c.name.span);
        }
    }
    TableSpans {
        table: ct.name.span,
        entries: Entries::Recorded {
            source,
            spans: Packed::new(ct.name.span.start, &spans),
            options: options as u32,
            decoded: decoded.into_boxed_slice(),
        },
    }
}

/// Whether `value` is the text at `span` itself, or the text between its first and last
/// bytes (the quotes): then reading it back from the text gives it (the parser borrows a name
/// or literal from the text only when no doubled quote had to be undone). Addresses are
/// compared, not bytes: most names are told apart without reading them.
fn reads_back(source: &str, span: Span, value: &str) -> bool {
    let (base, at) = (source.as_ptr() as usize, value.as_ptr() as usize);
    let (start, len) = (span.start as usize, span.len() as usize);
    (at == base + start && value.len() == len)
        || (len >= 2 && at == base + start + 1 && value.len() == len - 2)
}

/// Whether an identifier written as `raw` names `name`: the same text, or back-ticked with
/// doubled back-ticks undone.
fn ident_equals(raw: &str, name: &str) -> bool {
    raw == name || quoted_equals(raw, b'`', name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_back_from_the_text() {
        assert!(ident_equals("a", "a"));
        assert!(ident_equals("`a``b`", "a`b"));
        assert!(!ident_equals("A", "a"));
    }

    #[test]
    fn spans_point_where_the_statement_wrote_them() {
        let sql = "CREATE TABLE t (`a``b` INT, c INT) WITH ('k' = '1', U&'k2' = 'x', 'k' = '2')";
        let parse = flinkddl_syntax::parse(sql);
        let Some(flinkddl_syntax::ast::StatementKind::CreateTable(ct)) =
            parse.script().statements.first().map(|s| &s.kind)
        else {
            panic!("not a CREATE TABLE: {:?}", parse.errors);
        };
        let recorded = spans_recorded(ct, sql);
        let tree = spans_from_ast(ct);
        for spans in [&recorded, &tree] {
            check_spans(sql, spans);
        }
    }

    #[test]
    fn spans_far_from_the_table_name_are_kept_whole() {
        let padding = "x".repeat(70_000);
        let sql = format!(
            "CREATE TABLE t /* {padding} */ (`a``b` INT, c INT) WITH ('k' = '1', U&'k2' = 'x', 'k' = '2')"
        );
        let parse = flinkddl_syntax::parse(&sql);
        let Some(flinkddl_syntax::ast::StatementKind::CreateTable(ct)) =
            parse.script().statements.first().map(|s| &s.kind)
        else {
            panic!("not a CREATE TABLE: {:?}", parse.errors);
        };
        let recorded = spans_recorded(ct, &sql);
        assert!(matches!(
            recorded.entries,
            Entries::Recorded {
                spans: Packed::Wide(_),
                ..
            }
        ));
        check_spans(&sql, &recorded);
        check_spans(&sql, &spans_from_ast(ct));
    }

    fn check_spans(sql: &str, spans: &TableSpans) {
        let at = |needle: &str| {
            let start = sql.rfind(needle).unwrap_or(0) as u32;
            Span::new(start, start + needle.len() as u32)
        };
        // The last entry of a key written twice.
        assert_eq!(spans.key("k"), at("'k'"));
        assert_eq!(spans.value("k"), at("'2'"));
        assert_eq!(spans.key("k2"), at("U&'k2'"));
        assert_eq!(spans.column("a`b"), at("`a``b`"));
        assert_eq!(
            spans.column("c"),
            Span::new(at("c INT").start, at("c INT").start + 1)
        );
        // Not written here: the table name.
        assert_eq!(spans.key("nope"), Span::new(13, 14));
        assert_eq!(spans.column("d"), spans.table);
        assert!(spans.has_key("k2") && !spans.has_key("K"));
    }
}
