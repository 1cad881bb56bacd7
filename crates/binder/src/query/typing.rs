//! The types of query expressions: whether every name and call in one is typeable (judged on
//! the names walk where it can be) and its type from [`crate::expr`] in the blocks' scope.

use super::grouping::calls_aggregate;
use super::scope::FrameScope;
use super::{fail, Res, Resolver};
use crate::expr::{function_kind, type_of_expr, ExprContext, ExprOutcome, FunctionKind};
use flinkddl_diagnostics::Code;
use flinkddl_syntax::ast::{self, visit, ExprKind};
use flinkddl_types::DataType;

impl Resolver<'_, '_> {
    /// The type of a query expression, when every name in it has a known type and every call
    /// is a built-in we describe; `Err` with Flink's error when the types do not fit.
    pub(super) fn type_expr(&mut self, e: &ast::Expr) -> Res<Option<DataType>> {
        let walked = self.walked.take();
        // A column read as it is (most select items and operands): its type in scope is what
        // the typer gives it in a query (which keeps rowtimes), and a name with a type in
        // scope is typeable, so no walk is needed; a name the scope does not type is left to
        // the typer (a field access, `PI`, its rejection).
        if let ExprKind::Identifier(name) = &e.kind {
            let scope = FrameScope {
                frames: &self.frames,
            };
            if let Some(t) = scope.exact_column(name) {
                return Ok(Some(t.clone()));
            }
        }
        let walked = match walked {
            Some((address, typeable)) if address == expr_address(e) => typeable,
            _ => self.typeable(e),
        };
        let Some(repeats) = walked else {
            return Ok(None);
        };
        let scope = FrameScope {
            frames: &self.frames,
        };
        let context = if self.frames.last().is_some_and(|f| f.grouped) {
            ExprContext::Grouped
        } else {
            ExprContext::Query
        };
        let version = self.binder.options.flink_version;
        match type_of_expr(e, self.binder.source, &scope, &context, repeats, version) {
            ExprOutcome::Typed(t) => Ok(Some(t.data_type)),
            ExprOutcome::NotTyped { .. } => Ok(None),
            ExprOutcome::Rejected(mut diags) => match diags.drain(..).next() {
                // A planner's rule of the version (B150) fails a view only where it is planned.
                Some(d) if d.code == Code::NeedsNewerFlink && !self.planned => {
                    self.planner_pending.get_or_insert(Box::new(d));
                    Ok(None)
                }
                Some(d) => fail(d),
                None => Ok(None),
            },
        }
    }

    /// Whether every name in `e` has a known type and every call is a built-in we describe;
    /// if so, whether a node of it repeats an operand's text ([`crate::expr::repeats_operand`]),
    /// found on the same walk.
    fn typeable(&self, e: &ast::Expr) -> Option<bool> {
        struct Typeable<'r> {
            scope: FrameScope<'r>,
            state: Typeability,
        }
        impl visit::Visitor<'_> for Typeable<'_> {
            fn expr(&mut self, e: &ast::Expr) {
                let kind = match &e.kind {
                    ExprKind::Call(call) => one_part_kind(call),
                    _ => None,
                };
                self.state.judge(&self.scope, e, kind);
            }
        }
        let mut t = Typeable {
            scope: FrameScope {
                frames: &self.frames,
            },
            state: Typeability::default(),
        };
        visit::walk_expr(&mut t, e);
        t.state.verdict()
    }
}

/// [`Resolver::typeable`]'s verdict, node by node of one walk.
#[derive(Debug, Clone, Copy)]
pub(super) struct Typeability {
    ok: bool,
    repeats: bool,
}

impl Default for Typeability {
    fn default() -> Self {
        Typeability {
            ok: true,
            repeats: false,
        }
    }
}

impl Typeability {
    /// Judges one node of the walk (in the walk's order); `kind`: [`one_part_kind`] of the
    /// node when it is a call.
    pub(super) fn judge(
        &mut self,
        scope: &FrameScope<'_>,
        e: &ast::Expr,
        kind: Option<FunctionKind>,
    ) {
        if !self.ok {
            return;
        }
        self.repeats = self.repeats || crate::expr::repeats_operand(e);
        self.ok = match &e.kind {
            ExprKind::Identifier(name) => scope.lookup(name).is_some(),
            ExprKind::Call(c) => {
                // A window call (`SUM(x) OVER w`, `ROW_NUMBER() OVER w`) is typed as its
                // function is, unless it windows another aggregate.
                (c.window.is_none() || !c.args.iter().any(calls_aggregate))
                    && c.within_group.is_empty()
                    && kind.is_some_and(|k| k != FunctionKind::Unknown)
            }
            ExprKind::Subquery(_)
            | ExprKind::Exists(_)
            | ExprKind::InQuery { .. }
            | ExprKind::Quantified { .. }
            | ExprKind::TableArgument(_)
            | ExprKind::Descriptor { .. }
            | ExprKind::QualifiedStar { .. }
            | ExprKind::MatchSemantics { .. }
            | ExprKind::JsonConstructor(_)
            | ExprKind::Error => false,
            _ => true,
        };
    }

    /// `None` when not typeable; else whether a node repeats an operand's text.
    pub(super) fn verdict(self) -> Option<bool> {
        self.ok.then_some(self.repeats)
    }
}

/// What a call of a one-part name calls (`None` for a qualified name).
pub(super) fn one_part_kind(call: &ast::Call) -> Option<FunctionKind> {
    match call.name.parts.as_slice() {
        [n] => Some(function_kind(n.value)),
        _ => None,
    }
}

/// An expression's address: which expression of the statement's tree it is.
pub(super) fn expr_address(e: &ast::Expr) -> usize {
    std::ptr::from_ref(e) as usize
}
