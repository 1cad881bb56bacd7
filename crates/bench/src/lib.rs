//! Benchmarks only: `benches/throughput.rs` measures flinkddl against sqlparser-rs in one
//! process on the same bytes (see `docs/performance.md`); `benches/ast_repr.rs` measures the
//! parser and its arena AST stage by stage (decision 0006; the representation prototypes it
//! was chosen with are in git history, see the decision). The bench has a crate of its own,
//! with its own lint settings.

pub mod alloc;
pub mod corpus;

use flinkddl_syntax::ast::{self, ColumnKind, StatementKind, TableElement};

/// The text of the file the examples are given (their first argument), or the exit status 2
/// with `usage: <example> FILE.sql` or the reading error.
pub fn read_file_argument(example: &str) -> String {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: {example} FILE.sql");
        std::process::exit(2);
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    }
}

/// What a parsed corpus holds (statements, columns of each kind, options, decoded name and
/// value bytes): a walk over the tree that stands for a reader, and a check that two ways of
/// parsing read the same.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Census {
    pub statements: usize,
    pub errors: usize,
    pub columns: usize,
    pub computed: usize,
    pub metadata: usize,
    pub watermarks: usize,
    pub constraints: usize,
    pub options: usize,
    /// Bytes of every column name, option key and option value (decoded).
    pub text_bytes: usize,
}

/// The [`Census`] of a script and its error count.
pub fn census(script: &ast::Script<'_>, errors: usize) -> Census {
    let mut c = Census {
        statements: script.statements.len(),
        errors,
        ..Census::default()
    };
    for s in &script.statements {
        let StatementKind::CreateTable(t) = &s.kind else {
            continue;
        };
        for e in t.elements.iter().flat_map(|e| &e.items) {
            match e {
                TableElement::Column(col) => {
                    c.columns += 1;
                    c.text_bytes += col.name.value.len();
                    match &col.kind {
                        ColumnKind::Computed { .. } => c.computed += 1,
                        ColumnKind::Metadata { .. } => c.metadata += 1,
                        ColumnKind::Physical { constraint, .. } => {
                            c.constraints += usize::from(constraint.is_some())
                        }
                        ColumnKind::NameOnly => {}
                    }
                }
                TableElement::Constraint(_) => c.constraints += 1,
                TableElement::Watermark(_) => c.watermarks += 1,
                TableElement::Error { .. } => {}
            }
        }
        if let Some(with) = &t.with {
            c.options += with.properties.len();
            for p in &with.properties {
                c.text_bytes += p.key.value.len() + p.value.value.len();
            }
        }
    }
    c
}

/// [`census`] of an owned parse.
pub fn census_of(parse: &flinkddl_syntax::Parse) -> Census {
    census(parse.script(), parse.errors.len())
}

/// `size_of` of the AST's nodes, for the decision record.
pub fn node_sizes() -> Vec<(&'static str, usize)> {
    use std::mem::size_of;
    vec![
        ("Statement", size_of::<ast::Statement>()),
        ("CreateTable", size_of::<ast::CreateTable>()),
        ("TableElement", size_of::<ast::TableElement>()),
        ("ColumnDef", size_of::<ast::ColumnDef>()),
        ("ColumnKind", size_of::<ast::ColumnKind>()),
        ("DataTypeSyntax", size_of::<ast::DataTypeSyntax>()),
        ("TypeKind", size_of::<ast::TypeKind>()),
        ("Expr", size_of::<ast::Expr>()),
        ("ExprKind", size_of::<ast::ExprKind>()),
        ("Ident", size_of::<ast::Ident>()),
        ("ObjectName", size_of::<ast::ObjectName>()),
        ("StringLit", size_of::<ast::StringLit>()),
        ("Property", size_of::<ast::Property>()),
        ("Query", size_of::<ast::Query>()),
    ]
}
