//! What the layout needs to know of a statement's AST, read off its serde form: which words are
//! identifiers (their case and quotes are the user's), where types, element lists, option lists,
//! queries, joins and row patterns are. Reading the serde form keeps this crate independent of
//! every AST node's Rust shape; the self-check in `lib.rs` is what guarantees the meaning.

use flinkddl::syntax::ast::Statement;
use flinkddl::Span;
use serde_json::Value;

#[derive(Debug, Default)]
pub struct Structure {
    /// Identifiers (quoted or not).
    pub idents: Vec<Span>,
    /// Data types: `<` and `>` inside them are brackets, not comparisons.
    pub types: Vec<Span>,
    /// Parenthesised lists laid out one item per line: table elements and option lists.
    pub blocks: Vec<Span>,
    /// Queries, outermost first.
    pub queries: Vec<Span>,
    /// Joins other than the comma join: each starts a line of its FROM clause.
    pub joins: Vec<Span>,
    /// Row patterns of MATCH_RECOGNIZE, printed as written.
    pub verbatim: Vec<Span>,
}

fn span_of(v: &Value) -> Option<Span> {
    let s = v.get("span")?;
    let start = u32::try_from(s.get("start")?.as_u64()?).ok()?;
    let end = u32::try_from(s.get("end")?.as_u64()?).ok()?;
    Some(Span { start, end })
}

impl Structure {
    pub fn of(statement: &Statement) -> Structure {
        let mut s = Structure::default();
        if let Ok(value) = serde_json::to_value(statement) {
            s.walk(&value, "");
        }
        for list in [
            &mut s.idents,
            &mut s.types,
            &mut s.blocks,
            &mut s.queries,
            &mut s.joins,
            &mut s.verbatim,
        ] {
            list.sort_by_key(|span| (span.start, std::cmp::Reverse(span.end)));
            list.dedup();
        }
        s
    }

    fn walk(&mut self, v: &Value, field: &str) {
        match v {
            Value::Array(items) => {
                for item in items {
                    self.walk(item, field);
                }
            }
            Value::Object(map) => {
                if let Some(span) = span_of(v) {
                    if map.contains_key("quoted") && map.contains_key("value") {
                        self.idents.push(span);
                    }
                    if field == "data_type" || field == "returning" {
                        self.types.push(span);
                    }
                    if (field == "elements" && map.contains_key("items"))
                        || map.contains_key("properties")
                    {
                        self.blocks.push(span);
                    }
                    if map.contains_key("body") && field != "pattern" {
                        self.queries.push(span);
                    }
                    if field == "joins" && map.get("kind").and_then(Value::as_str) != Some("comma")
                    {
                        self.joins.push(span);
                    }
                    if map.contains_key("define") {
                        if let Some(p) = map.get("pattern").and_then(span_of) {
                            self.verbatim.push(p);
                        }
                    }
                }
                for (key, child) in map {
                    if key != "span" {
                        self.walk(child, key);
                    }
                }
            }
            _ => {}
        }
    }
}
