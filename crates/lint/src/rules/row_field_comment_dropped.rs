//! L004 `row-field-comment-dropped`: `ROW<a INT 'comment'>`; Flink parses the field comment
//! and drops it.

use crate::visit::{walk_statement, Visitor};
use crate::Context;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{DataTypeSyntax, Statement, TypeKind};

pub(super) fn check(_cx: &Context<'_>, statement: &Statement, out: &mut Vec<Diagnostic>) {
    walk_statement(&mut Comments { out }, statement);
}

struct Comments<'o> {
    out: &'o mut Vec<Diagnostic>,
}

impl Visitor<'_> for Comments<'_> {
    fn data_type(&mut self, ty: &DataTypeSyntax) {
        let (TypeKind::Row { fields, .. } | TypeKind::Structured { fields, .. }) = &ty.kind else {
            return;
        };
        for field in fields {
            let Some(comment) = &field.comment else {
                continue;
            };
            self.out.push(
                Diagnostic::new(
                    Code::RowFieldCommentDropped,
                    comment.span,
                    format!(
                        "Flink drops the comment of field `{}`: it is not stored, described or \
                         shown",
                        field.name.value
                    ),
                )
                .with_label(field.name.span, "field")
                .with_help("describe the field in the column's COMMENT instead")
                .with_fix(
                    Span::new(field.data_type.span.end, comment.span.end),
                    "",
                    "remove the field comment",
                ),
            );
        }
    }
}
