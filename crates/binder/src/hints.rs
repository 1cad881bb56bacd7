//! Dynamic table options: `FROM t /*+ OPTIONS('k' = 'v') */` overrides the table's options for
//! that read, and Flink builds the source with the merged options (so an unknown or bad option
//! in a hint fails the statement, as one in the table would). The hint text is read with nom.

use flinkddl_diagnostics::Span;
use flinkddl_syntax::ast::{self, visit, StatementKind};
use nom::branch::alt;
use nom::bytes::complete::{is_not, tag, tag_no_case, take_while1};
use nom::character::complete::{char, multispace0};
use nom::combinator::{map, opt, recognize};
use nom::multi::{many0, separated_list0, separated_list1};
use nom::sequence::{delimited, preceded, separated_pair};
use nom::{IResult, Parser};

/// A read's dynamic table options: the span of the FROM item's name (where the binder records
/// the read) and the options its OPTIONS hints give.
pub(crate) type Hinted = (Span, Vec<(String, String)>);

/// The OPTIONS hints on each named FROM item of the statement's queries, by the span of the
/// item's name (where the binder records the read).
pub(crate) fn table_options(source: &str, statement: &ast::Statement) -> Vec<Hinted> {
    struct Hints<'s> {
        source: &'s str,
        out: Vec<Hinted>,
    }
    impl visit::Visitor<'_> for Hints<'_> {
        fn subquery(&mut self, query: &ast::Query) {
            visit::walk_query(self, query);
        }
        fn table_ref(&mut self, table: &ast::TableRef) {
            if let ast::TableRefKind::Named { name, hints, .. } = &table.kind {
                let options: Vec<(String, String)> = hints
                    .iter()
                    .filter_map(|h| self.source.get(h.span.range()))
                    .filter_map(options_of)
                    .flatten()
                    .collect();
                if !options.is_empty() {
                    self.out.push((name.span, options));
                }
            }
        }
    }
    // Only a statement with a query can carry a table hint, and most of those have none: the
    // text is searched for `/*+` at the first query met, and the queries walked only then.
    let text = source.get(statement.span.range()).unwrap_or("");
    let mut has_hint: Option<bool> = None;
    let mut walk = |hints: &mut Hints, query: &ast::Query| {
        if *has_hint.get_or_insert_with(|| memchr::memmem::find(text.as_bytes(), b"/*+").is_some())
        {
            visit::walk_query(hints, query);
        }
    };
    let mut hints = Hints {
        source,
        out: Vec::new(),
    };
    // The statements inside EXPLAIN, EXECUTE and statement sets (no stack for the others).
    let mut pending: Vec<&ast::Statement> = Vec::new();
    let mut next = Some(statement);
    while let Some(s) = next.take().or_else(|| pending.pop()) {
        match &s.kind {
            StatementKind::Query(q) => walk(&mut hints, q.query),
            StatementKind::Insert(i) => walk(&mut hints, i.query.query),
            StatementKind::CreateView(v) => walk(&mut hints, v.query.query),
            StatementKind::CreateTable(ct) => {
                if let Some(q) = &ct.as_query {
                    walk(&mut hints, q.query);
                }
            }
            StatementKind::Explain(e) => next = Some(e.statement),
            StatementKind::Execute { statement } => next = Some(statement),
            StatementKind::StatementSet { inserts } => pending.extend(inserts.iter()),
            _ => {}
        }
    }
    hints.out
}

/// The options of the OPTIONS hints in one `/*+ ... */` comment; `None` when the comment does
/// not read as a hint list.
fn options_of(comment: &str) -> Option<Vec<(String, String)>> {
    let inner = comment.strip_prefix("/*+")?.strip_suffix("*/")?;
    let (rest, hints) = hint_list(inner).ok()?;
    if !rest.trim().is_empty() {
        return None;
    }
    Some(hints.into_iter().flatten().collect())
}

/// `hint [, hint]*`, each hint's options (empty for hints other than OPTIONS).
fn hint_list(input: &str) -> IResult<&str, Vec<Vec<(String, String)>>> {
    delimited(
        multispace0,
        separated_list1((multispace0, char(','), multispace0), hint),
        multispace0,
    )
    .parse(input)
}

fn hint(input: &str) -> IResult<&str, Vec<(String, String)>> {
    alt((
        preceded(
            (tag_no_case("OPTIONS"), multispace0),
            delimited(
                (char('('), multispace0),
                separated_list0((multispace0, char(','), multispace0), key_value),
                (multispace0, char(')')),
            ),
        ),
        // Any other hint (LOOKUP, STATE_TTL, ...): its name and arguments, skipped.
        map(
            (
                take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_'),
                opt(preceded(
                    multispace0,
                    delimited(char('('), many0(alt((quoted_raw, is_not("')")))), char(')')),
                )),
            ),
            |_| Vec::new(),
        ),
    ))
    .parse(input)
}

fn key_value(input: &str) -> IResult<&str, (String, String)> {
    separated_pair(quoted, (multispace0, char('='), multispace0), quoted).parse(input)
}

/// `'text'` with `''` for a quote.
fn quoted(input: &str) -> IResult<&str, String> {
    map(quoted_raw, |raw: &str| {
        raw[1..raw.len() - 1].replace("''", "'")
    })
    .parse(input)
}

fn quoted_raw(input: &str) -> IResult<&str, &str> {
    recognize((
        char('\''),
        many0(alt((tag("''"), take_while1(|c| c != '\'')))),
        char('\''),
    ))
    .parse(input)
}

#[cfg(test)]
mod tests {
    use super::options_of;

    fn kv(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn options_hints_are_read() {
        assert_eq!(
            options_of("/*+ OPTIONS('rows-per-second' = '5', 'a''b'='c') */"),
            Some(kv(&[("rows-per-second", "5"), ("a'b", "c")]))
        );
        assert_eq!(
            options_of(
                "/*+ LOOKUP('table'='d', 'retry-predicate'='lookup_miss'), options('x'='1') */"
            ),
            Some(kv(&[("x", "1")]))
        );
        assert_eq!(options_of("/*+ STATE_TTL('t' = '1d') */"), Some(Vec::new()));
        // An OPTIONS hint that does not read as options gives none (nothing is checked).
        assert_eq!(options_of("/*+ OPTIONS('x' = ) */"), Some(Vec::new()));
        assert_eq!(options_of("/* OPTIONS('x'='1') */"), None);
    }
}

/// The join hints (BROADCAST, SHUFFLE_HASH, SHUFFLE_MERGE, NEST_LOOP) of one `/*+ ... */`
/// comment: each hint's name as written and the table names it lists. Empty when the comment
/// has none or does not read as a hint list.
pub(crate) fn join_hints_of(comment: &str) -> Vec<(&str, Vec<&str>)> {
    const JOIN_HINTS: [&str; 4] = ["BROADCAST", "SHUFFLE_HASH", "SHUFFLE_MERGE", "NEST_LOOP"];
    let Some(inner) = comment
        .strip_prefix("/*+")
        .and_then(|c| c.strip_suffix("*/"))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut rest = inner;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        let name_end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if name_end == 0 {
            break;
        }
        let name = &rest[..name_end];
        rest = rest[name_end..].trim_start();
        let Some(args) = rest.strip_prefix('(') else {
            continue;
        };
        // A join hint lists names; any other hint's arguments (quoted options) are skipped to
        // their closing parenthesis, outside quotes.
        let mut close = None;
        let mut quoted = false;
        for (i, c) in args.char_indices() {
            match c {
                '\'' => quoted = !quoted,
                ')' if !quoted => {
                    close = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(close) = close else {
            break;
        };
        if JOIN_HINTS.iter().any(|h| h.eq_ignore_ascii_case(name)) {
            let tables = args[..close]
                .split(',')
                .map(|t| t.trim().trim_matches('`'))
                .filter(|t| !t.is_empty())
                .collect();
            out.push((name, tables));
        }
        rest = &args[close + 1..];
    }
    out
}

#[cfg(test)]
mod join_hint_tests {
    use super::join_hints_of;

    #[test]
    fn join_hints_are_read_with_their_tables_and_other_hints_skipped() {
        assert_eq!(
            join_hints_of("/*+ BROADCAST(s), OPTIONS('a'=')'), nest_loop(`f` , s) */"),
            vec![("BROADCAST", vec!["s"]), ("nest_loop", vec!["f", "s"])]
        );
        assert!(join_hints_of("/*+ STATE_TTL('t'='1d') */").is_empty());
        assert!(join_hints_of("/*+ BROADCAST(s */").is_empty());
        assert!(join_hints_of("not a hint").is_empty());
    }
}
