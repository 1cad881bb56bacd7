//! Constraints: Flink's `SqlConstraintValidator` (one primary key, no UNIQUE, NOT ENFORCED),
//! the primary key bound to the columns (LIKE's included) and the schema resolver's checks of
//! it.

use super::columns::Col;
use crate::like::{LikeStrategies, Strategy};
use crate::schema::*;
use crate::Binder;
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{self, ColumnKind as AstKind, ConstraintKind, TableElement};

impl Binder<'_> {
    /// Flink's `SqlConstraintValidator`: one primary key, no UNIQUE, NOT ENFORCED.
    pub(super) fn validate_constraints(&mut self, ct: &ast::CreateTable) -> Result<(), ()> {
        struct C {
            span: Span,
            kind: ConstraintKind,
            kind_span: Span,
            enforcement: Option<ast::Enforcement>,
        }
        let mut all: Vec<C> = Vec::new();
        for e in ct.elements.iter().flat_map(|e| e.items.iter()) {
            match e {
                TableElement::Column(ast::ColumnDef {
                    kind:
                        AstKind::Physical {
                            constraint: Some(c),
                            ..
                        },
                    ..
                }) => all.push(C {
                    span: c.span,
                    kind: c.kind,
                    kind_span: c.kind_span,
                    enforcement: c.enforcement,
                }),
                TableElement::Constraint(c) => all.push(C {
                    span: c.span,
                    kind: c.kind,
                    kind_span: c.kind_span,
                    enforcement: c.enforcement,
                }),
                _ => {}
            }
        }
        let pks: Vec<&C> = all
            .iter()
            .filter(|c| c.kind == ConstraintKind::PrimaryKey)
            .collect();
        if pks.len() > 1 {
            self.report(
                Diagnostic::new(
                    Code::DuplicatePrimaryKey,
                    pks[1].kind_span,
                    "Duplicate primary key definition",
                )
                .with_label(pks[0].span, "the first primary key is declared here")
                .with_help("declare one PRIMARY KEY, listing all its columns"),
            );
            return Err(());
        }
        for c in &all {
            if c.kind == ConstraintKind::Unique {
                self.report(
                    Diagnostic::new(
                        Code::UniqueNotSupported,
                        c.kind_span,
                        "UNIQUE constraint is not supported yet",
                    )
                    .with_help("remove the UNIQUE constraint; Flink does not support it"),
                );
                return Err(());
            }
            if c.enforcement.is_none_or(|e| e.enforced) {
                let span = c.enforcement.map_or(c.kind_span, |e| e.span);
                let mut d = Diagnostic::new(
                    Code::PrimaryKeyEnforced,
                    span,
                    "Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT ENFORCED controls if the constraint checks are performed on the incoming/outgoing data. Flink does not own the data therefore the only supported mode is the NOT ENFORCED mode",
                )
                .with_help("add NOT ENFORCED after the key");
                d = match c.enforcement {
                    Some(e) => d.with_safe_fix(e.span, "NOT ENFORCED", "write NOT ENFORCED"),
                    None => d.with_safe_fix(
                        Span::empty(c.span.end),
                        " NOT ENFORCED",
                        "add NOT ENFORCED",
                    ),
                };
                self.report(d);
                return Err(());
            }
        }
        Ok(())
    }

    pub(super) fn bind_primary_key(
        &mut self,
        ct: &ast::CreateTable,
        base: Option<&TableSchema>,
        strategies: &LikeStrategies,
        columns: &[Col],
    ) -> Result<(Option<PrimaryKey>, Option<Span>), ()> {
        // (user name, columns with their spans, constraint span)
        type KeyDecl = (Option<String>, Vec<(String, Span)>, Span);
        let mut derived: Option<KeyDecl> = None;
        for e in ct.elements.iter().flat_map(|e| e.items.iter()) {
            match e {
                TableElement::Column(ast::ColumnDef {
                    name,
                    kind:
                        AstKind::Physical {
                            constraint: Some(c),
                            ..
                        },
                    ..
                }) if c.kind == ConstraintKind::PrimaryKey => {
                    derived = Some((
                        c.name.as_ref().map(|n| n.value.to_owned()),
                        vec![(name.value.to_owned(), name.span)],
                        c.span,
                    ));
                }
                TableElement::Constraint(c) if c.kind == ConstraintKind::PrimaryKey => {
                    derived = Some((
                        c.name.as_ref().map(|n| n.value.to_owned()),
                        c.columns
                            .columns
                            .iter()
                            .map(|i| (i.value.to_owned(), i.span))
                            .collect(),
                        c.span,
                    ));
                }
                _ => {}
            }
        }
        let base_pk = base
            .and_then(|b| b.primary_key.clone())
            .filter(|_| strategies.constraints == Strategy::Including);
        let Some((name, cols, span)) = derived else {
            return Ok((base_pk, None));
        };
        if base_pk.is_some() {
            self.report(
                Diagnostic::new(
                    Code::LikeConflict,
                    span,
                    "The base table already has a primary key. You might want to specify EXCLUDING CONSTRAINTS.",
                )
                .with_help("add EXCLUDING CONSTRAINTS to the LIKE options"),
            );
            return Err(());
        }
        for (col, col_span) in &cols {
            match columns.iter().find(|c| c.name == *col) {
                None => {
                    let mut d = Diagnostic::new(
                        Code::PrimaryKeyColumnUnknown,
                        *col_span,
                        format!(
                            "Primary key column '{col}' is not defined in the schema at {}",
                            self.line_col_text(*col_span)
                        ),
                    );
                    if let Some(s) = closest(col, columns.iter().map(|c| c.name.as_str())) {
                        d = d
                            .with_help(format!("did you mean `{s}`?"))
                            .with_fix(flinkddl_syntax::rename_fix(*col_span, s));
                    }
                    self.report(d);
                    return Err(());
                }
                Some(c) if !matches!(c.kind, ColumnKind::Physical) => {
                    self.report(
                        Diagnostic::new(
                            Code::PrimaryKeyNotPhysical,
                            *col_span,
                            format!(
                                "Could not create a PRIMARY KEY with column '{col}' at {}.\nA PRIMARY KEY constraint must be declared on physical columns.",
                                self.line_col_text(*col_span)
                            ),
                        )
                        .with_label(c.span, format!("`{col}` is a {} column", if c.is_computed() { "computed" } else { "metadata" })),
                    );
                    return Err(());
                }
                Some(_) => {}
            }
        }
        let names: Vec<String> = cols.iter().map(|(c, _)| c.clone()).collect();
        let pk_name = name.unwrap_or_else(|| self.default_pk_name(&names));
        Ok((
            Some(PrimaryKey {
                name: pk_name,
                columns: names,
            }),
            Some(span),
        ))
    }

    /// The schema resolver's checks of a declared primary key (after the watermark's): no
    /// column twice, none nullable.
    pub(super) fn check_primary_key(
        &mut self,
        pk: &PrimaryKey,
        span: Span,
        columns: &[Col],
    ) -> Result<(), ()> {
        let (pk_name, names) = (&pk.name, &pk.columns);
        let mut dups: Vec<&str> = Vec::new();
        for (i, c) in names.iter().enumerate() {
            if names[..i].contains(c) && !dups.contains(&c.as_str()) {
                dups.push(c);
            }
        }
        if !dups.is_empty() {
            self.report(Diagnostic::new(
                Code::PrimaryKeyDuplicateColumn,
                span,
                format!(
                    "Invalid primary key '{pk_name}'. A primary key must not contain duplicate columns. Found: [{}]",
                    dups.join(", ")
                ),
            ));
            return Err(());
        }
        for c in names {
            if let Some(col) = columns.iter().find(|x| x.name == *c) {
                if col.data_type.as_ref().is_some_and(|t| t.nullable) {
                    self.report(
                        Diagnostic::new(
                            Code::PrimaryKeyNullable,
                            span,
                            format!("Invalid primary key '{pk_name}'. Column '{c}' is nullable."),
                        )
                        .with_help("declare the column NOT NULL in the LIKE source"),
                    );
                    return Err(());
                }
            }
        }
        Ok(())
    }
}

/// Names of the regular columns in the table's own PRIMARY KEY: Flink makes them NOT NULL.
pub(super) fn derived_primary_key_columns<'a>(elements: &[&'a TableElement<'_>]) -> Vec<&'a str> {
    let mut out = Vec::new();
    for e in elements {
        match e {
            TableElement::Column(ast::ColumnDef {
                name,
                kind:
                    AstKind::Physical {
                        constraint: Some(c),
                        ..
                    },
                ..
            }) if c.kind == ConstraintKind::PrimaryKey => out.push(name.value),
            TableElement::Constraint(c) if c.kind == ConstraintKind::PrimaryKey => {
                out.extend(c.columns.columns.iter().map(|i| i.value))
            }
            _ => {}
        }
    }
    out
}
