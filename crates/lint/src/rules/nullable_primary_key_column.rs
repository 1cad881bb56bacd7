//! L003 `nullable-primary-key-column`: a key column written `NULL` (`id INT NULL` with
//! `PRIMARY KEY (id)`), which Flink silently makes NOT NULL.
//!
//! Only an explicit `NULL` is reported: leaving the nullability out of a key column is the
//! usual way to write it, and what Flink does then is no surprise.

use crate::{Context, Rule};
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{ColumnKind, ConstraintKind, TableElement};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule::statement(Code::NullablePrimaryKeyColumn, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    if !cx.explicit_nulls {
        return;
    }
    // Key columns named by a table constraint, with the span of the name in the key: looked
    // for only when a column is written NULL (few are).
    let keyed = || {
        cx.elements.iter().flat_map(|element| match element {
            TableElement::Constraint(c) if c.kind == ConstraintKind::PrimaryKey => {
                &c.columns.columns[..]
            }
            _ => &[],
        })
    };
    for element in cx.elements {
        let TableElement::Column(column) = element else {
            continue;
        };
        let ColumnKind::Physical {
            data_type,
            constraint,
        } = &column.kind
        else {
            continue;
        };
        let Some(nullability) = data_type.nullability.filter(|n| !n.not_null) else {
            continue;
        };
        let key_span = match constraint {
            Some(c) if c.kind == ConstraintKind::PrimaryKey => Some(c.kind_span),
            _ => keyed()
                .find(|key| key.value == column.name.value)
                .map(|key| key.span),
        };
        let Some(key_span) = key_span else {
            continue;
        };
        out.push(
            Diagnostic::new(
                Code::NullablePrimaryKeyColumn,
                nullability.span,
                format!(
                    "`{}` is declared NULL but is part of the primary key; Flink makes it \
                     NOT NULL silently",
                    column.name.value
                ),
            )
            .with_label(key_span, "in the primary key here")
            .with_safe_fix(nullability.span, "NOT NULL", "declare the column NOT NULL"),
        );
    }
}
