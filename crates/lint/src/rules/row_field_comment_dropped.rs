//! L004 `row-field-comment-dropped`: `ROW<a INT 'comment'>`; Flink parses the field comment
//! and drops it.

use crate::{Context, Rule, TypeFilter};
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{DataTypeSyntax, TypeKind};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule::data_type(Code::RowFieldCommentDropped, TypeFilter::WithFields, check);

/// One data type of a statement (the lint walks each statement's types once for every
/// type rule).
fn check(_cx: &Context<'_>, ty: &DataTypeSyntax, out: &mut Vec<Diagnostic>) {
    Comments { out }.data_type(ty);
}

struct Comments<'o> {
    out: &'o mut Vec<Diagnostic>,
}

impl Comments<'_> {
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
                .with_unsafe_fix(
                    Span::new(field.data_type.span.end, comment.span.end),
                    "",
                    "remove the field comment",
                ),
            );
        }
    }
}
