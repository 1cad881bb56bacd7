//! The watermark, in its two halves as Flink runs them: the converter's (the rowtime column
//! exists, the expression types; LIKE's watermark clashes) and the schema resolver's (the
//! rowtime's and the expression's types, one watermark), and the rowtime column marked.

use super::columns::{expr_text, Col};
use crate::like::{LikeStrategies, Strategy};
use crate::schema::*;
use crate::Binder;
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, TableElement};
use flinkddl_types::{DataType, LogicalTypeRoot, TimestampKind};

/// A declared watermark with the type and stored text of its expression, when typed.
type DeclaredWatermark<'a> = (&'a ast::Watermark<'a>, Option<(DataType, String)>);

impl Binder<'_> {
    /// The watermarks of the converter: the LIKE source's that its options keep, and the
    /// declared ones whose rowtime column exists and whose expression types, less those that
    /// clash with an inherited one (MergeTableLikeUtil, by rowtime column name). Returns the
    /// inherited specs and the declared watermarks still to check.
    pub(super) fn declare_watermarks<'a>(
        &mut self,
        elements: &[&'a TableElement],
        columns: &[Col],
        base: Option<&TableSchema>,
        strategies: &LikeStrategies,
        failed: &mut bool,
    ) -> (Vec<WatermarkSpec>, Vec<DeclaredWatermark<'a>>) {
        let mut watermarks: Vec<WatermarkSpec> = Vec::new();
        if let Some(base) = base {
            if strategies.watermarks != Strategy::Excluding {
                watermarks.extend(base.watermarks.iter().cloned());
            }
        }
        let mut declared_watermarks: Vec<DeclaredWatermark> = Vec::new();
        for element in elements {
            let TableElement::Watermark(w) = element else {
                continue;
            };
            match self.watermark_expression(w, columns) {
                Ok(typed) => declared_watermarks.push((w, typed)),
                Err(()) => *failed = true,
            }
        }
        // LIKE's watermark clashes (MergeTableLikeUtil), by rowtime column name.
        let mut kept: Vec<DeclaredWatermark> = Vec::new();
        for (w, typed) in declared_watermarks {
            let rowtime = w.rowtime.parts.first().map(|p| p.value).unwrap_or_default();
            if let Some(existing) = watermarks.iter().position(|b| b.rowtime == rowtime) {
                if strategies.watermarks == Strategy::Including {
                    self.report(
                        Diagnostic::new(
                            Code::LikeConflict,
                            w.rowtime.span,
                            format!(
                                "There already exists a watermark spec for column '{rowtime}' in the base table. You might want to specify EXCLUDING WATERMARKS or OVERWRITING WATERMARKS."
                            ),
                        )
                        .with_help("add EXCLUDING WATERMARKS or OVERWRITING WATERMARKS to the LIKE options"),
                    );
                    *failed = true;
                    continue;
                }
                watermarks.remove(existing);
            }
            kept.push((w, typed));
        }
        (watermarks, kept)
    }

    /// The watermarks of the resolver (DefaultSchemaResolver): an inherited watermark still
    /// finds its rowtime column, there is at most one, the declared one is checked; then its
    /// rowtime column is marked. True when one of them fails.
    pub(super) fn resolve_watermarks(
        &mut self,
        ct: &ast::CreateTable,
        columns: &mut [Col],
        watermarks: &mut Vec<WatermarkSpec>,
        declared: Vec<DeclaredWatermark>,
    ) -> bool {
        let mut failed = false;
        // A watermark inherited from the LIKE source must still find its rowtime column
        // (EXCLUDING GENERATED can drop it): DefaultSchemaResolver's check.
        if let (Some(like), Some(w)) = (&ct.like, watermarks.first()) {
            if !columns.iter().any(|c| c.name == w.rowtime) {
                self.report(
                    Diagnostic::new(
                        Code::WatermarkColumnUnknown,
                        like.span,
                        format!(
                            "Invalid column name '{}' for rowtime attribute in watermark declaration. Available columns are: [{}]",
                            w.rowtime,
                            columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")
                        ),
                    )
                    .with_help("the LIKE options drop the rowtime column but keep its watermark; add EXCLUDING WATERMARKS"),
                );
                failed = true;
            }
        }
        if watermarks.len() + declared.len() > 1 {
            self.report(Diagnostic::new(
                Code::LikeConflict,
                ct.name.span,
                "Multiple watermark definitions are not supported yet.",
            ));
            failed = true;
        } else {
            for (w, typed) in declared {
                match self.check_watermark(w, columns, typed) {
                    Ok(spec) => watermarks.push(spec),
                    Err(()) => failed = true,
                }
            }
        }
        let rowtime: Option<String> = watermarks.first().map(|w| w.rowtime.clone());
        if let Some(rowtime) = rowtime {
            if let Some(c) = columns.iter_mut().find(|c| c.name == rowtime) {
                c.data_type = c.data_type.take().map(|t| {
                    self.caches
                        .type_cache
                        .intern(DataType::clone(&t).with_timestamp_kind(TimestampKind::Rowtime))
                });
            }
        }
        failed
    }

    /// A watermark, all checks in a row (ALTER TABLE). CREATE TABLE runs the two halves apart,
    /// in Flink's order: [`Self::watermark_expression`] with the converter's checks, and
    /// [`Self::check_watermark`] with the schema resolver's, after the keys and partitions.
    pub(crate) fn bind_watermark(
        &mut self,
        w: &ast::Watermark,
        columns: &[Col],
    ) -> Result<WatermarkSpec, ()> {
        let typed = self.watermark_expression(w, columns)?;
        self.check_watermark(w, columns, typed)
    }

    /// The converter's half of a watermark: its rowtime column exists, and its expression is
    /// typed (Flink reports an unknown name in it before it looks at the rowtime's type).
    pub(crate) fn watermark_expression(
        &mut self,
        w: &ast::Watermark,
        columns: &[Col],
    ) -> Result<Option<(DataType, String)>, ()> {
        let parts: Vec<&str> = w.rowtime.parts.iter().map(|p| p.value).collect();
        let first = parts.first().copied().unwrap_or_default();
        // Flink lists the physical and metadata columns, then the computed ones.
        let available = || {
            columns
                .iter()
                .filter(|c| !c.is_computed())
                .chain(columns.iter().filter(|c| c.is_computed()))
                .map(|c| format!("'{}'", c.name))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !columns.iter().any(|c| c.name == first) {
            let mut d = Diagnostic::new(
                Code::WatermarkColumnUnknown,
                w.rowtime.span,
                format!(
                    "The rowtime attribute field '{}' is not defined in the table schema, at {}\nAvailable fields: [{}]",
                    w.rowtime.display(),
                    self.line_col_text(w.rowtime.span),
                    available()
                ),
            );
            if let Some(s) = closest(first, columns.iter().map(|c| c.name.as_str())) {
                d = d.with_help(format!("did you mean `{s}`?"));
                if let Some(name) = w.rowtime.parts.first() {
                    d = d.with_fix(flinkddl_syntax::rename_fix(name.span, s));
                }
            }
            self.report(d);
            return Err(());
        }
        self.type_expression(&w.expr, columns, |_| true)
    }

    /// The schema resolver's half of a watermark: a simple rowtime column, of a rowtime type,
    /// and an expression of a rowtime type of the same kind.
    pub(crate) fn check_watermark(
        &mut self,
        w: &ast::Watermark,
        columns: &[Col],
        mut typed: Option<(DataType, String)>,
    ) -> Result<WatermarkSpec, ()> {
        let parts: Vec<&str> = w.rowtime.parts.iter().map(|p| p.value).collect();
        let first = parts.first().copied().unwrap_or_default();
        let Some(column) = columns.iter().find(|c| c.name == first) else {
            return Err(());
        };
        if parts.len() > 1 {
            self.report(
                Diagnostic::new(
                    Code::WatermarkNestedRowtime,
                    w.rowtime.span,
                    format!(
                        "Invalid column name '{}' for rowtime attribute in watermark declaration. Available columns are: [{}]",
                        w.rowtime.display(),
                        columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                )
                .with_help(format!(
                    "add a computed column for the field, e.g. `rowtime AS {}`, and declare the watermark on it",
                    w.rowtime.display()
                )),
            );
            return Err(());
        }
        let rowtime = first.to_string();
        let column_type = column.data_type.clone();
        if let Some(t) = &column_type {
            if t.timestamp_kind() == TimestampKind::Proctime {
                self.report(
                    Diagnostic::new(
                        Code::WatermarkOnProctime,
                        w.rowtime.span,
                        "A watermark can not be defined for a processing-time attribute.",
                    )
                    .with_label(column.span, "declared as a processing-time column here"),
                );
                return Err(());
            }
            if !is_rowtime_type(t) {
                let mut d = Diagnostic::new(
                    Code::WatermarkColumnType,
                    w.rowtime.span,
                    format!(
                        "Invalid data type of time field for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time field type is {}",
                        t.summary_string()
                    ),
                )
                .with_label(column.span, format!("`{}` is {}", column.name, t.summary_string()));
                d = d.with_help(rowtime_type_help(t, &column.name));
                self.report(d);
                return Err(());
            }
        }
        // The expression is resolved against every column: one of the NULL type (`n AS NULL`)
        // cannot be part of that row type.
        if let Some(null) = columns.iter().find(|c| {
            c.data_type
                .as_ref()
                .is_some_and(|t| t.type_root() == LogicalTypeRoot::Null)
        }) {
            self.report(
                Diagnostic::new(Code::InvalidExpression, w.expr.span, NULL_TYPE_MESSAGE)
                    .with_label(null.span, format!("`{}` is of the NULL type", null.name))
                    .with_help("cast the NULL to a type, e.g. `CAST(NULL AS STRING)`"),
            );
            return Err(());
        }
        if let (Some((ty, _)), Some(ct)) = (typed.as_mut(), &column_type) {
            if let Some(expected) = crate::expr::watermark_output_type(&w.expr, ct) {
                *ty = expected;
            }
        }
        let (expr, expr_type) = match typed {
            Some((ty, stored)) => (stored, Some(ty)),
            None => (expr_text(self.source, &w.expr), None),
        };
        if let (Some(et), Some(ct)) = (&expr_type, &column_type) {
            if !is_rowtime_type(et) {
                self.report(
                    Diagnostic::new(
                        Code::WatermarkExpressionType,
                        w.expr.span,
                        format!(
                            "Invalid data type of expression for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the watermark expression type is {}",
                            et.summary_string()
                        ),
                    )
                    .with_help("the watermark expression must return a TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p <= 3, usually `rowtime - INTERVAL '5' SECOND`"),
                );
                return Err(());
            }
            if et.type_root() != ct.type_root() {
                self.report(
                    Diagnostic::new(
                        Code::WatermarkExpressionType,
                        w.expr.span,
                        format!(
                            "The watermark declaration's output data type '{}' is different from the time field's data type '{}'.",
                            et.summary_string(),
                            ct.summary_string()
                        ),
                    )
                    .with_help("TIMESTAMP and TIMESTAMP_LTZ cannot be mixed; cast the expression to the column's type"),
                );
                return Err(());
            }
        }
        Ok(WatermarkSpec {
            rowtime,
            expr,
            expr_type,
        })
    }
}

/// Flink's message for a row type with a column of the NULL type.
pub(crate) const NULL_TYPE_MESSAGE: &str = "The null type is reserved for representing untyped NULL literals. It should not be used in constructed types. Please cast NULL literals to a more explicit type.";

/// B022's help, by the type of the column the watermark names: a precision for a timestamp,
/// else the computed column that makes a rowtime from that type (each checked with the oracle).
fn rowtime_type_help(t: &DataType, column: &str) -> String {
    let simple = column
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && column
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !flinkddl_syntax::Keyword::lookup(column).is_reserved();
    let c = if simple {
        column.to_string()
    } else {
        flinkddl_types::escape_identifier(column)
    };
    let derive = |expr: String, what: &str| {
        format!("{what}: declare a computed column such as `rowtime AS {expr}` and declare the watermark on it")
    };
    match t.type_root() {
        LogicalTypeRoot::TimestampWithoutTimeZone | LogicalTypeRoot::TimestampWithLocalTimeZone => {
            "use a precision from 0 to 3, e.g. TIMESTAMP(3) (plain TIMESTAMP means TIMESTAMP(6))"
                .to_string()
        }
        LogicalTypeRoot::Bigint | LogicalTypeRoot::Integer => derive(
            format!("TO_TIMESTAMP_LTZ({c}, 3)"),
            "for epoch milliseconds (use 0 for seconds)",
        ),
        LogicalTypeRoot::Char | LogicalTypeRoot::Varchar => derive(
            format!("TO_TIMESTAMP({c})"),
            "for text such as '2024-01-31 12:00:00' (TO_TIMESTAMP(text, 'pattern') for other layouts)",
        ),
        LogicalTypeRoot::Date => derive(
            format!("CAST({c} AS TIMESTAMP(3))"),
            "for a date",
        ),
        _ => "the rowtime column must be TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p <= 3; derive one in a computed column and declare the watermark on it".to_string(),
    }
}

fn is_rowtime_type(t: &DataType) -> bool {
    matches!(
        t.type_root(),
        LogicalTypeRoot::TimestampWithoutTimeZone | LogicalTypeRoot::TimestampWithLocalTimeZone
    ) && t.precision().is_some_and(|p| p <= 3)
}
