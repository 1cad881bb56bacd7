//! L002 `duplicate-option-key`: the same key twice in one `('k' = 'v', ...)` list. Flink keeps
//! the last value silently (keys are case-sensitive, so only exact repeats count).

use crate::visit::property_list;
use crate::{Context, Rule};
use flinkddl_diagnostics::{Code, Diagnostic, Span};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule::statement(Code::DuplicateOptionKey, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(list) = property_list(cx.statement) else {
        return;
    };
    let props = &list.properties;
    // Keys of different lengths differ: the lengths (bit `len % 64`) that two keys share
    // say which keys can have a duplicate (in most lists, none).
    let (mut seen, mut shared) = (0u64, 0u64);
    for p in props.iter() {
        let bit = 1u64 << (p.key.value.len() % 64);
        shared |= seen & bit;
        seen |= bit;
    }
    if shared == 0 {
        return;
    }
    for (i, p) in props.iter().enumerate() {
        if shared & 1u64 << (p.key.value.len() % 64) == 0 {
            continue;
        }
        // Report every occurrence but the last, which is the one Flink keeps.
        let Some(last) = props[i + 1..]
            .iter()
            .rev()
            .find(|q| q.key.value == p.key.value)
        else {
            continue;
        };
        // Delete the entry up to the next one, comma and white space included.
        let next_start = props.get(i + 1).map_or(p.span.end, |n| n.span.start);
        out.push(
            Diagnostic::new(
                Code::DuplicateOptionKey,
                p.key.span,
                format!(
                    "option '{}' is given again later; Flink keeps the last value ('{}') \
                     and drops this one ('{}')",
                    p.key.value, last.value.value, p.value.value
                ),
            )
            .with_label(last.key.span, "this value wins")
            .with_help("remove one of the two entries")
            .with_safe_fix(
                Span::new(p.span.start, next_start),
                "",
                "remove the entry Flink ignores",
            ),
        );
    }
}
