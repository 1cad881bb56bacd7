//! Prototypes of the two AST representations issue 16 names as anchors, on the CREATE TABLE
//! grammar of the bench corpora (decision 0006): `arena` (oxc) and `owned` (ruff). Both share
//! the lexer and `cursor`, so they differ only in the nodes they build; `cell` is the owned,
//! `'static` holder an arena tree needs behind `flinkddl::analyze_with`.

pub mod arena;
pub mod cell;
pub mod cursor;
pub mod owned;

pub use cursor::Census;

use flinkddl_syntax::ast::{self as current, ColumnKind, StatementKind, TableElement};

/// [`Census`] of the current AST, to check the prototypes read what the real parser reads.
pub fn census_of_current(parse: &flinkddl_syntax::Parse) -> Census {
    let script: &current::Script = &parse.script;
    let mut c = Census {
        statements: script.statements.len(),
        errors: parse.errors.len(),
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

/// `size_of` of the nodes of the three representations, for the decision record.
pub fn node_sizes() -> Vec<(&'static str, usize)> {
    use std::mem::size_of;
    vec![
        ("current Statement", size_of::<current::Statement>()),
        ("current CreateTable", size_of::<current::CreateTable>()),
        ("current TableElement", size_of::<current::TableElement>()),
        ("current ColumnDef", size_of::<current::ColumnDef>()),
        ("current ColumnKind", size_of::<current::ColumnKind>()),
        (
            "current DataTypeSyntax",
            size_of::<current::DataTypeSyntax>(),
        ),
        ("current TypeKind", size_of::<current::TypeKind>()),
        ("current Expr", size_of::<current::Expr>()),
        ("current ExprKind", size_of::<current::ExprKind>()),
        ("current Ident", size_of::<current::Ident>()),
        ("current ObjectName", size_of::<current::ObjectName>()),
        ("current StringLit", size_of::<current::StringLit>()),
        ("current Property", size_of::<current::Property>()),
        ("current Query", size_of::<current::Query>()),
        ("arena Statement", size_of::<arena::Statement>()),
        ("arena CreateTable", size_of::<arena::CreateTable>()),
        ("arena TableElement", size_of::<arena::TableElement>()),
        ("arena ColumnDef", size_of::<arena::ColumnDef>()),
        ("arena ColumnKind", size_of::<arena::ColumnKind>()),
        ("arena DataType", size_of::<arena::DataType>()),
        ("arena TypeKind", size_of::<arena::TypeKind>()),
        ("arena Expr", size_of::<arena::Expr>()),
        ("arena Ident", size_of::<arena::Ident>()),
        ("arena ObjectName", size_of::<arena::ObjectName>()),
        ("arena StringLit", size_of::<arena::StringLit>()),
        ("arena Property", size_of::<arena::Property>()),
        ("owned Statement", size_of::<owned::Statement>()),
        ("owned CreateTable", size_of::<owned::CreateTable>()),
        ("owned TableElement", size_of::<owned::TableElement>()),
        ("owned ColumnDef", size_of::<owned::ColumnDef>()),
        ("owned ColumnKind", size_of::<owned::ColumnKind>()),
        ("owned DataType", size_of::<owned::DataType>()),
        ("owned TypeKind", size_of::<owned::TypeKind>()),
        ("owned Expr", size_of::<owned::Expr>()),
        ("owned Ident", size_of::<owned::Ident>()),
        ("owned ObjectName", size_of::<owned::ObjectName>()),
        ("owned StringLit", size_of::<owned::StringLit>()),
        ("owned Property", size_of::<owned::Property>()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("sample.sql");

    /// The prototypes read every construct of the sample as the real parser does: the same
    /// statements, columns of each kind, constraints, options and decoded names and values.
    #[test]
    fn prototypes_read_what_the_parser_reads() {
        let parse = flinkddl_syntax::parse(SAMPLE);
        let expected = census_of_current(&parse);
        assert_eq!(expected.errors, 0, "{:?}", parse.errors);
        assert_eq!(expected.statements, 2);
        assert!(expected.computed > 0 && expected.metadata > 0 && expected.watermarks > 0);

        let (owned_script, owned_errors) = owned::parse(SAMPLE);
        assert_eq!(owned::census(&owned_script, owned_errors), expected);

        let bump = bumpalo::Bump::new();
        let (arena_script, arena_errors) = arena::parse(SAMPLE, &bump);
        assert_eq!(arena::census(&arena_script, arena_errors), expected);

        assert_eq!(
            cell::OwnedParse::parse(SAMPLE.to_owned()).census(),
            expected
        );
    }

    /// Names and strings borrow the source unless they hold an escape.
    #[test]
    fn arena_names_borrow_the_source_unless_escaped() {
        let bump = bumpalo::Bump::new();
        let (script, _) = arena::parse(SAMPLE, &bump);
        let arena::Statement::CreateTable(t) = &script.statements[0] else {
            panic!("not a table: {:?}", script.statements[0]);
        };
        let source = SAMPLE.as_bytes().as_ptr_range();
        let borrowed = |s: &str| source.contains(&s.as_ptr());
        let parts: Vec<_> = t
            .name
            .parts
            .iter()
            .map(|p| (p.value, borrowed(p.value)))
            .collect();
        assert_eq!(parts, [("cat", true), ("db", true), ("we`ird", false)]);
        let with = t.with.as_ref().map(|w| w.properties).unwrap_or_default();
        let values: Vec<_> = with
            .iter()
            .map(|p| (p.value.value, borrowed(p.value.value)))
            .collect();
        assert_eq!(
            values,
            [
                ("kafka", true),
                (
                    "it's a topic with a name longer than twenty-four bytes",
                    false
                )
            ]
        );
    }
}
