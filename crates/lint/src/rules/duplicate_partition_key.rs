//! L005 `duplicate-partition-key`: `PARTITIONED BY (a, a)`, which Flink accepts and stores.

use crate::visit::create_table;
use crate::{Context, Rule};
use flinkddl_diagnostics::{Code, Diagnostic, Span};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule::statement(Code::DuplicatePartitionKey, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(list) = create_table(cx.statement).and_then(|ct| ct.partitioned_by.as_ref()) else {
        return;
    };
    let columns = &list.columns;
    for (i, c) in columns.iter().enumerate() {
        let Some(first) = columns[..i].iter().find(|p| p.value == c.value) else {
            continue;
        };
        // Remove `, c` (from the end of the previous name); there is always one before.
        let from = i
            .checked_sub(1)
            .and_then(|j| columns.get(j))
            .map_or(c.span.start, |p| p.span.end);
        out.push(
            Diagnostic::new(
                Code::DuplicatePartitionKey,
                c.span,
                format!(
                    "the table is already partitioned by `{}`; Flink keeps both keys",
                    c.value
                ),
            )
            .with_label(first.span, "first named here")
            .with_unsafe_fix(
                Span::new(from, c.span.end),
                "",
                "remove the repeated column",
            ),
        );
    }
}
