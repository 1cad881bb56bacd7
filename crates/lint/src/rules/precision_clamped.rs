//! L001 `precision-clamped`: `TIME(9)`, `TIMESTAMP(10)`, `DECIMAL(39, 2)` and the like, which
//! Flink stores with a smaller precision without a word.
//!
//! The written precision is compared with the one `flinkddl_types::ddl` resolves (Flink's DDL
//! rules), so the rule knows exactly what the types crate knows. A type that does not resolve
//! is the binder's error, not a lint.

use crate::{Context, Rule, TypeFilter};
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{BuiltinType, DataTypeSyntax, TypeKind};

/// The rule: its code and its check (`build.rs` lists it in [`crate::RULES`]).
pub(crate) const RULE: Rule = Rule::data_type(Code::PrecisionClamped, TYPES, check);

/// The types whose precision Flink can clamp: the only ones [`check`] reads.
const TYPES: TypeFilter = TypeFilter::Builtin(&[
    BuiltinType::Time,
    BuiltinType::Timestamp,
    BuiltinType::TimestampLtz,
    BuiltinType::Decimal,
]);

/// One data type of a statement (the lint walks each statement's types once for every
/// type rule).
fn check(cx: &Context<'_>, ty: &DataTypeSyntax, out: &mut Vec<Diagnostic>) {
    Clamps {
        source: cx.source,
        out,
    }
    .data_type(ty);
}

struct Clamps<'a, 'o> {
    source: &'a str,
    out: &'o mut Vec<Diagnostic>,
}

impl Clamps<'_, '_> {
    fn data_type(&mut self, ty: &DataTypeSyntax) {
        let TypeKind::Builtin { name, params, .. } = &ty.kind else {
            return;
        };
        // The most the type stores: the types crate keeps `min(written, max)`, so a precision
        // up to it is never clamped and needs no resolution.
        let max = match name {
            BuiltinType::Time => flinkddl_types::ddl::DDL_MAX_TIME_PRECISION,
            BuiltinType::Timestamp | BuiltinType::TimestampLtz => {
                flinkddl_types::validate::MAX_TIMESTAMP_PRECISION
            }
            BuiltinType::Decimal => flinkddl_types::validate::MAX_DECIMAL_PRECISION,
            _ => return,
        };
        let Some(written) = params.first() else {
            return;
        };
        let Some(written_value) = written.value else {
            return;
        };
        if written_value <= u64::from(max) {
            return;
        }
        // Nullability does not change a precision: resolve the type as written, and only when
        // that fails resolve it again without its nullability (no copy of the type otherwise).
        let mut resolved = match flinkddl_types::ddl::resolve_ddl_type_in(ty, self.source) {
            Ok(resolved) => resolved,
            Err(_) if ty.nullability.is_some() => {
                let bare = DataTypeSyntax {
                    span: ty.span,
                    kind: ty.kind.clone(),
                    nullability: None,
                };
                match flinkddl_types::ddl::resolve_ddl_type_in(&bare, self.source) {
                    Ok(resolved) => resolved,
                    Err(_) => return,
                }
            }
            Err(_) => return,
        };
        // The message shows the type without its nullability.
        resolved.nullable = true;
        let Some(stored) = resolved.precision() else {
            return;
        };
        if u64::from(stored) >= written_value {
            return;
        }
        // The type as written, without its NULL / NOT NULL.
        let end = ty.nullability.map_or(ty.span.end, |n| n.span.start);
        let written_text = flinkddl_diagnostics::Span::new(ty.span.start, end)
            .text(self.source)
            .trim_end();
        let stored_text = resolved.summary_string();
        let reason = match name {
            BuiltinType::Time => "TIME holds at most 3 fractional digits in Flink",
            BuiltinType::Decimal => "DECIMAL holds at most 38 digits",
            _ => "timestamps hold at most 9 fractional digits",
        };
        self.out.push(
            Diagnostic::new(
                Code::PrecisionClamped,
                written.span,
                format!(
                    "`{written_text}` is stored as `{stored_text}`: {reason}, and Flink reduces \
                     the precision without an error"
                ),
            )
            .with_help(format!("write `{stored_text}`"))
            .with_safe_fix(
                written.span,
                stored.to_string(),
                format!("write the precision Flink stores ({stored})"),
            ),
        );
    }
}
