//! What the layout needs to know of a statement's AST, read off the typed tree with the syntax
//! crate's [`walk_statement_tree`]: which words are identifiers (their case and quotes are the
//! user's), where types, element lists, option lists, queries, joins and row patterns are. The
//! self-check in `lib.rs` is what guarantees the meaning.

use flinkddl::syntax::ast::visit::{walk_statement_tree, Visitor};
use flinkddl::syntax::ast::{
    DataTypeSyntax, Ident, Join, JoinKind, Pattern, PropertyList, Query, Statement, TableElements,
    TypeKind,
};
use flinkddl::Span;

#[derive(Debug, Default, PartialEq, Eq)]
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

impl Structure {
    pub fn of(statement: &Statement) -> Structure {
        let mut collector = Collector::default();
        walk_statement_tree(&mut collector, statement);
        let mut s = collector.structure;
        s.sort();
        s
    }

    /// Each list in start order (outermost first), without repeats.
    fn sort(&mut self) {
        for list in [
            &mut self.idents,
            &mut self.types,
            &mut self.blocks,
            &mut self.queries,
            &mut self.joins,
            &mut self.verbatim,
        ] {
            list.sort_by_key(|span| (span.start, std::cmp::Reverse(span.end)));
            list.dedup();
        }
    }
}

#[derive(Default)]
struct Collector<'a> {
    structure: Structure,
    /// The element types of ARRAY / MULTISET and the key and value types of MAP seen so far: a
    /// type written inside another's angle brackets is part of that type's span, not one of its
    /// own (only row fields' types are).
    inner_types: Vec<&'a DataTypeSyntax<'a>>,
}

impl<'a> Visitor<'a> for Collector<'a> {
    fn ident(&mut self, ident: &'a Ident<'a>) {
        self.structure.idents.push(ident.span);
    }

    fn data_type(&mut self, ty: &'a DataTypeSyntax<'a>) {
        if let Some(at) = self.inner_types.iter().position(|t| std::ptr::eq(*t, ty)) {
            self.inner_types.swap_remove(at);
        } else {
            self.structure.types.push(ty.span);
        }
        match &ty.kind {
            TypeKind::Array { element, .. } | TypeKind::Multiset { element, .. } => {
                self.inner_types.push(*element)
            }
            TypeKind::Map { key, value } => self.inner_types.extend([*key, *value]),
            _ => {}
        }
    }

    fn enter_query(&mut self, query: &'a Query<'a>) {
        self.structure.queries.push(query.span);
    }

    fn join(&mut self, join: &'a Join<'a>) {
        if join.kind != JoinKind::Comma {
            self.structure.joins.push(join.span);
        }
    }

    fn row_pattern(&mut self, pattern: &'a Pattern<'a>) {
        self.structure.verbatim.push(pattern.span);
    }

    fn table_elements(&mut self, elements: &'a TableElements<'a>) {
        self.structure.blocks.push(elements.span);
    }

    fn property_list(&mut self, list: &'a PropertyList<'a>) {
        self.structure.blocks.push(list.span);
    }
}

/// The serde walk this module replaced, kept as the oracle the typed walk is checked against.
#[cfg(test)]
mod oracle {
    use super::Structure;
    use flinkddl::syntax::ast::Statement;
    use flinkddl::Span;
    use serde_json::Value;

    pub fn of(statement: &Statement) -> Structure {
        let mut s = Structure::default();
        if let Ok(value) = serde_json::to_value(statement) {
            walk(&mut s, &value, "");
        }
        s.sort();
        s
    }

    fn span_of(v: &Value) -> Option<Span> {
        let s = v.get("span")?;
        let start = u32::try_from(s.get("start")?.as_u64()?).ok()?;
        let end = u32::try_from(s.get("end")?.as_u64()?).ok()?;
        Some(Span { start, end })
    }

    fn walk(s: &mut Structure, v: &Value, field: &str) {
        match v {
            Value::Array(items) => {
                for item in items {
                    walk(s, item, field);
                }
            }
            Value::Object(map) => {
                if let Some(span) = span_of(v) {
                    if map.contains_key("quoted") && map.contains_key("value") {
                        s.idents.push(span);
                    }
                    if field == "data_type" || field == "returning" {
                        s.types.push(span);
                    }
                    if (field == "elements" && map.contains_key("items"))
                        || map.contains_key("properties")
                    {
                        s.blocks.push(span);
                    }
                    if map.contains_key("body") && field != "pattern" {
                        s.queries.push(span);
                    }
                    if field == "joins" && map.get("kind").and_then(Value::as_str) != Some("comma")
                    {
                        s.joins.push(span);
                    }
                    if map.contains_key("define") {
                        if let Some(p) = map.get("pattern").and_then(span_of) {
                            s.verbatim.push(p);
                        }
                    }
                }
                for (key, child) in map {
                    if key != "span" {
                        walk(s, child, key);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{oracle, Structure};
    use flinkddl_test_support::fixtures::sql_files_under;
    use flinkddl_test_support::oracle::read_jsonl;
    use std::path::Path;

    /// Every repository `.sql` file, then every case of the corpora of `../shared` present.
    fn scripts() -> Vec<(String, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut scripts: Vec<(String, String)> = ["fixtures", "grammar-tests"]
            .iter()
            .flat_map(|dir| sql_files_under(&root.join(dir)))
            .filter_map(|f| Some((f.display().to_string(), std::fs::read_to_string(&f).ok()?)))
            .collect();
        for corpus in ["conformance", "queries", "realworld"] {
            let file = root.join("../shared").join(corpus).join("cases.jsonl");
            if !file.exists() {
                continue;
            }
            scripts.extend(read_jsonl(&file).iter().filter_map(|v| {
                let id = v.get("id")?.as_str()?.to_string();
                let sql = v.get("sql")?.as_str()?.to_string();
                Some((id, sql))
            }));
        }
        scripts
    }

    #[test]
    fn the_typed_walk_finds_what_the_serde_walk_found() {
        let (mut statements, mut spans) = (0, 0);
        let mut differ = Vec::new();
        for (name, sql) in scripts() {
            let parse = flinkddl::parse(&sql);
            for (i, statement) in parse.script().statements.iter().enumerate() {
                statements += 1;
                let typed = Structure::of(statement);
                spans += typed.idents.len() + typed.types.len() + typed.blocks.len();
                spans += typed.queries.len() + typed.joins.len() + typed.verbatim.len();
                let serde = oracle::of(statement);
                if typed != serde {
                    differ.push(format!("{name} #{i}:\n typed {typed:?}\n serde {serde:?}"));
                }
            }
        }
        eprintln!("{statements} statements compared ({spans} spans found)");
        assert!(
            differ.is_empty(),
            "{} differ:\n{}",
            differ.len(),
            differ[..differ.len().min(5)].join("\n")
        );
    }
}
