//! L009 `rowtime-shadowed`: a computed column that stands where queries will look for the
//! event time but is not the rowtime the watermark is declared on.
//!
//! What real Flink 2.3 does (the oracle, with `EXPLAIN` of window queries):
//!
//! - A computed copy of the rowtime (`ts_local AS ts + INTERVAL '8' HOUR`,
//!   `ts2 AS CAST(ts AS TIMESTAMP(3))`) is accepted but is a plain TIMESTAMP, not a time
//!   attribute: a window TVF on it fails ("The window function requires the timecol is a time
//!   attribute type, but is TIMESTAMP(3)"), so do a group window ("Window aggregate can only be
//!   defined over a time attribute column") and an OVER window ("Non-time attribute sort is not
//!   supported for bounded OVER window"). Windows on the rowtime itself plan.
//! - Names are case-sensitive: `TS AS ...` beside the rowtime `ts` is another column, and a
//!   window on `TS` fails the same way.
//! - `CREATE TABLE t2 (ts AS ...) LIKE base (OVERWRITING GENERATED)` (or EXCLUDING GENERATED
//!   and a new `ts`) where `base` has `WATERMARK FOR ts`: accepted; the inherited watermark now
//!   applies to the new definition of `ts` (windows on it plan), an expression written for
//!   another column.
//!
//! A column with the rowtime's exact name cannot be added otherwise: Flink rejects a duplicate
//! column, in one table, through LIKE ("A column named 'ts' already exists in the table") and
//! through ALTER TABLE ADD. ALTER TABLE MODIFY of the rowtime into a computed column is
//! accepted, but there the author changes the rowtime on purpose, so it is not reported.

use crate::visit::{create_table, for_each_expr};
use crate::{Context, Rule};
use flinkddl_binder::schema::TableSchema;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{
    ColumnKind, CreateTable, ExprKind, LikeFeature, LikeStrategy, TableElement,
};
use flinkddl_types::{LogicalType, TimestampKind};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule::statement(Code::RowtimeShadowed, check);

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(ct) = create_table(cx.statement) else {
        return;
    };
    let Some(name) = ct.name.parts.last() else {
        return;
    };
    let Some(table) = cx.created.filter(|t| t.name == name.value) else {
        return;
    };
    let Some(rowtime) = table.watermarks.first().map(|w| w.rowtime.clone()) else {
        return;
    };
    let own_watermark = cx.elements.iter().find_map(|e| match e {
        TableElement::Watermark(w) => Some(w.rowtime.span),
        _ => None,
    });
    if let Some(like) = &ct.like {
        if own_watermark.is_none() {
            inherited_watermark_redefined(cx, ct, like, &rowtime, out);
        }
    }
    for &element in cx.elements {
        let TableElement::Column(c) = element else {
            continue;
        };
        let ColumnKind::Computed { expr } = &c.kind else {
            continue;
        };
        if c.name.value == rowtime || !is_plain_timestamp(table, c.name.value) {
            continue;
        }
        let mut reads_rowtime = None;
        for_each_expr(expr, |e| {
            if let ExprKind::Identifier(n) = &e.kind {
                if n.parts.len() == 1 && n.parts[0].value == rowtime {
                    reads_rowtime.get_or_insert(e.span);
                }
            }
        });
        let same_name = c.name.value.eq_ignore_ascii_case(&rowtime);
        if reads_rowtime.is_none() && !same_name {
            continue;
        }
        let why = if same_name {
            format!("differs from the rowtime `{rowtime}` only in case")
        } else {
            format!("is computed from the rowtime `{rowtime}`")
        };
        let mut d = Diagnostic::new(
            Code::RowtimeShadowed,
            c.name.span,
            format!(
                "computed column `{}` {why} but is not a time attribute: window, group \
                 window and OVER queries on it fail (\"requires the timecol is a time \
                 attribute type\")",
                c.name.value
            ),
        )
        .with_help(format!(
            "window on `{rowtime}`, or declare the watermark on `{}` instead \
             (`WATERMARK FOR {} AS ...`)",
            c.name.value, c.name.value
        ));
        if let Some(span) = own_watermark {
            d = d.with_label(span, "the watermark makes this column the rowtime");
        }
        out.push(d);
    }
}

/// TIMESTAMP(p) or TIMESTAMP_LTZ(p) that is not a time attribute.
fn is_plain_timestamp(table: &TableSchema, column: &str) -> bool {
    table.columns.iter().any(|c| {
        c.name == column
            && matches!(
                c.data_type.logical,
                LogicalType::Timestamp { .. } | LogicalType::TimestampLtz { .. }
            )
            && c.data_type.timestamp_kind() == TimestampKind::Regular
    })
}

/// `LIKE base` inherits `WATERMARK FOR ts`, and this statement redefines `ts`.
fn inherited_watermark_redefined(
    cx: &Context<'_>,
    ct: &CreateTable,
    like: &flinkddl_syntax::ast::LikeClause,
    rowtime: &str,
    out: &mut Vec<Diagnostic>,
) {
    let excluded = like.options.iter().any(|o| {
        o.strategy == LikeStrategy::Excluding
            && matches!(o.feature, LikeFeature::Watermarks | LikeFeature::All)
    });
    if excluded {
        return;
    }
    let Some(column) = ct
        .elements
        .iter()
        .flat_map(|e| &e.items)
        .find_map(|e| match e {
            TableElement::Column(c) if c.name.value == rowtime => Some(c),
            _ => None,
        })
    else {
        return;
    };
    let base_name = like.source.parts.last().map(|p| p.value);
    let base_watermark = base_watermark_span(cx, base_name);
    let mut d = Diagnostic::new(
        Code::RowtimeShadowed,
        column.name.span,
        format!(
            "`{rowtime}` replaces the LIKE source's rowtime column, and the watermark \
             inherited from `{}` now applies to this definition",
            like.source.display()
        ),
    )
    .with_label(like.source.span, "the watermark comes from this table")
    .with_help(format!(
        "if the new `{rowtime}` is meant to be the event time, say so: declare the watermark \
         here and add OVERWRITING WATERMARKS to the LIKE options; otherwise give the column \
         another name"
    ));
    if let Some(span) = base_watermark {
        d = d.with_label(span, "written for the source's column");
    }
    out.push(d);
}

/// The watermark clause of the last CREATE TABLE of `name` before this statement.
fn base_watermark_span(cx: &Context<'_>, name: Option<&str>) -> Option<Span> {
    cx.earlier_watermark(name?)
}
