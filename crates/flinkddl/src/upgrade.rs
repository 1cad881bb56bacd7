//! `flinkddl check --upgrade-to <version>`: what changes for a script moving from the Flink
//! version it is configured for to another. The script is analysed as both versions (only when
//! asked: a plain check judges it once) and the two compared:
//! - an error the target gives and the configured version does not: `B160`, the target's error;
//! - a table or view both create whose schema differs (a column's type, the primary key's
//!   name, a view column's type): `B161`, one per column;
//! - an error of the configured version the target no longer gives: `B162` (info).
//!
//! Every difference comes from a fact of `data/versions.txt`, so each finding's help names the
//! versions; `docs/versions.md` lists the facts.

use crate::{analyze_with, Analysis, Code, Diagnostic, FlinkVersion, Options};
use flinkddl_syntax::ast::{StatementKind, TableElement};

/// The findings of moving the script from `options.flink_version` to `target`, in source
/// order. None when the versions are the same.
pub fn upgrade_findings(text: &str, options: &Options, target: FlinkVersion) -> Vec<Diagnostic> {
    let current = options.flink_version;
    if current == target {
        return Vec::new();
    }
    let as_version = |version: FlinkVersion| {
        analyze_with(
            text,
            &Options {
                flink_version: version,
                semantic_model: true,
                ..*options
            },
        )
    };
    let (before, after) = (as_version(current), as_version(target));
    let mut out = Vec::new();
    errors_that_differ(&before, &after, &mut out);
    schemas_that_differ(&before, &after, &mut out);
    out.sort_by_key(|d| (d.span.start, d.span.end));
    out
}

/// The rejections of `a` that `b` does not give: none of the same code at the same place
/// (the versions may word one error differently: that is no change of verdict).
fn only_in<'a>(a: &'a Analysis, b: &'a Analysis) -> impl Iterator<Item = &'a Diagnostic> + 'a {
    a.diagnostics.iter().filter(move |d| {
        d.is_rejection()
            && !b
                .diagnostics
                .iter()
                .any(|o| o.is_rejection() && o.code == d.code && o.span == d.span)
    })
}

fn errors_that_differ(before: &Analysis, after: &Analysis, out: &mut Vec<Diagnostic>) {
    let (current, target) = (before.flink_version, after.flink_version);
    for d in only_in(after, before) {
        let mut finding = Diagnostic::new(
            Code::UpgradeBreaks,
            d.span,
            format!("fails in Flink {target}: {}", d.message),
        );
        finding.labels = d.labels.clone();
        finding = finding.with_help(match &d.help {
            Some(help) => format!("Flink {current} accepts it; {help}"),
            None => format!(
                "Flink {current} accepts it, Flink {target} rejects it ({}, `flinkddl explain {}`)",
                d.code, d.code
            ),
        });
        out.push(finding);
    }
    for d in only_in(before, after) {
        out.push(
            Diagnostic::new(
                Code::UpgradeNoLongerFails,
                d.span,
                format!(
                    "passes in Flink {target}; Flink {current} rejects it: {}",
                    d.message
                ),
            )
            .with_help(format!(
                "the error ({}) is Flink {current}'s only: it goes away with the upgrade",
                d.code
            )),
        );
    }
}

/// The tables (by the statement that created them) and views both versions create, compared.
fn schemas_that_differ(before: &Analysis, after: &Analysis, out: &mut Vec<Diagnostic>) {
    let (current, target) = (before.flink_version, after.flink_version);
    let statements = &before.parse.script().statements;
    let changed = |what: String, was: &str, is: &str| {
        format!("{what} is {was} in Flink {current} and {is} in Flink {target}")
    };
    let help = format!(
        "what reads it sees the new schema after the upgrade from Flink {current} to {target} (docs/versions.md lists what changed)"
    );
    for (statement, old) in &before.created {
        let Some((_, new)) = after
            .created
            .iter()
            .find(|(s, t)| s == statement && t.identifier() == old.identifier())
        else {
            continue;
        };
        let Some(s) = statements.get(*statement) else {
            continue;
        };
        let StatementKind::CreateTable(ct) = &s.kind else {
            continue;
        };
        let column_span = |name: &str| {
            ct.elements
                .iter()
                .flat_map(|e| e.items.iter())
                .find_map(|e| match e {
                    TableElement::Column(c) if c.name.value == name => Some(c.span),
                    _ => None,
                })
                .unwrap_or(ct.name.span)
        };
        for c in &old.columns {
            let Some(n) = new.columns.iter().find(|n| n.name == c.name) else {
                continue;
            };
            let (was, is) = (c.data_type.to_string(), n.data_type.to_string());
            if was != is {
                out.push(
                    Diagnostic::new(
                        Code::UpgradeChangesSchema,
                        column_span(&c.name),
                        changed(format!("column `{}` of `{}`", c.name, old.name), &was, &is),
                    )
                    .with_help(help.clone()),
                );
            }
        }
        if let (Some(a), Some(b)) = (&old.primary_key, &new.primary_key) {
            if a.name != b.name {
                out.push(
                    Diagnostic::new(
                        Code::UpgradeChangesSchema,
                        ct.name.span,
                        changed(
                            format!("the primary key's name of `{}`", old.name),
                            &a.name,
                            &b.name,
                        ),
                    )
                    .with_help(help.clone()),
                );
            }
        }
    }
    // Views: their columns' types as each version's binder derives them.
    let (Some(a), Some(b)) = (&before.model, &after.model) else {
        return;
    };
    for (index, s) in statements.iter().enumerate() {
        let StatementKind::CreateView(v) = &s.kind else {
            continue;
        };
        for column in 0.. {
            let (Some(x), Some(y)) = (
                a.statement_output(index, column),
                b.statement_output(index, column),
            ) else {
                break;
            };
            let (Some(was), Some(is)) = (&x.data_type, &y.data_type) else {
                continue;
            };
            let (was, is) = (was.to_string(), is.to_string());
            if was != is {
                let name = v.name.parts.last().map_or("", |p| p.value);
                out.push(
                    Diagnostic::new(
                        Code::UpgradeChangesSchema,
                        x.span,
                        changed(format!("column `{}` of view `{name}`", x.name), &was, &is),
                    )
                    .with_help(help.clone()),
                );
            }
        }
    }
}
