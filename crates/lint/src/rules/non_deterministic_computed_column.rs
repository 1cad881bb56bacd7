//! L008 `non-deterministic-computed-column`: a computed column that calls a non-deterministic
//! function (`RAND()`, `UUID()`, `NOW()`, `CURRENT_TIMESTAMP`, ...) on a table that reads a
//! changelog (a CDC format such as `debezium-json`, `upsert-kafka`, the `*-cdc` connectors).
//!
//! What real Flink 2.3 does (checked with the oracle's `--plan`): it accepts such a column at
//! CREATE TABLE and plans reads of it, on insert-only sources (datagen) and on changelog
//! sources (filesystem + debezium-json) alike, and it plans an INSERT of the changelog with the
//! column into a sink (the default `table.optimizer.non-deterministic-update.strategy` is
//! IGNORE). So the column does not *fail*; a lint that said so would be false, and on an
//! insert-only source (`ingested_at AS NOW()`) the column is a common, correct idiom and gets
//! nothing. What goes wrong is on a changelog: the column is evaluated again for every change
//! row, so an update's retraction (`-U`/`-D`) carries another value than the row it retracts
//! (Flink's documentation calls this a non-deterministic update), and stateful operators
//! downstream (aggregations, joins, deduplication, upsert sinks keyed on it) cannot retract
//! what they stored. That is this lint.
//!
//! The table's options are read from the statement's own WITH clause, and which connectors and
//! formats read a changelog from the built-in connector facts (`changelog_source`,
//! `insert_only`, `other_changelog_sources` in `crates/connectors/data/`). Which functions are
//! non-deterministic is the binder's built-in function table's fact (`deterministic` in
//! `crates/binder/data/functions.toml`); of those, the ones whose every call may give another
//! value are reported (called with parentheses, or written without, as `CURRENT_TIMESTAMP`).
//! `PROCTIME()` is not (it is a time attribute, materialized by the planner), nor
//! `CURRENT_DATABASE()` (the same for every row of a job).

use crate::visit::{create_table, for_each_expr};
use crate::{Check, Context, Rule};
use flinkddl_binder::expr::{builtin_determinism, Determinism};
use flinkddl_connectors::ConnectorFacts;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{ColumnKind, Expr, ExprKind, Statement, TableElement};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule {
    code: Code::NonDeterministicComputedColumn,
    check: Check::Statement(check),
};

fn check(
    cx: &Context<'_>,
    statement: &Statement,
    elements: &[&TableElement],
    out: &mut Vec<Diagnostic>,
) {
    if !cx.element_expressions {
        return;
    }
    let Some(ct) = create_table(statement) else {
        return;
    };
    let Some(with) = &ct.with else {
        return;
    };
    // Which connectors and formats read a changelog is a connector fact.
    let facts = ConnectorFacts::builtin_ref();
    let changelog = with.properties.iter().find(|p| {
        let (k, v) = (p.key.value, p.value.value);
        (k == "connector" && facts.connector_reads_changelog(v))
            || (matches!(k, "format" | "value.format") && facts.format_reads_changelog(v))
    });
    let Some(changelog) = changelog else {
        return;
    };
    for &element in elements {
        let TableElement::Column(c) = element else {
            continue;
        };
        let ColumnKind::Computed { expr } = &c.kind else {
            continue;
        };
        if let Some((span, name)) = first_non_deterministic(expr) {
            let source = format!("'{}' = '{}'", changelog.key.value, changelog.value.value);
            out.push(
                Diagnostic::new(
                    Code::NonDeterministicComputedColumn,
                    span,
                    format!(
                        "computed column `{}` calls the non-deterministic function {name} on \
                         a changelog table: each change row computes it anew, so an \
                         update's retraction carries another value than the row it retracts",
                        c.name.value
                    ),
                )
                .with_label(changelog.span, format!("{source} reads a changelog"))
                .with_help(
                    "compute the value where the change is made (a column of the source \
                     table, or a metadata column such as the change's timestamp), or in \
                     the query over an insert-only stream",
                ),
            );
        }
    }
}

fn first_non_deterministic(expr: &Expr) -> Option<(flinkddl_diagnostics::Span, String)> {
    let mut found = None;
    for_each_expr(expr, |e| {
        if found.is_some() {
            return;
        }
        let each_call = |name: &str, operands| {
            builtin_determinism(name, operands) == Determinism::EachCall
        };
        let name = match &e.kind {
            ExprKind::Call(call) => match call.name.parts.as_slice() {
                [name] if each_call(name.value, call.args.len()) => {
                    Some(format!("{}()", name.value.to_ascii_uppercase()))
                }
                _ => None,
            },
            ExprKind::ContextVariable { name } if each_call(name.value, 0) => {
                Some(name.value.to_ascii_uppercase())
            }
            _ => None,
        };
        if let Some(name) = name {
            found = Some((e.span, name));
        }
    });
    found
}
