//! Names in expressions: a column, a qualified column or a FROM item's name looked up in the
//! blocks in scope (Calcite's messages when none or two match), and calls to functions no one
//! defines. The resolver's walk over an expression (its `Visitor`), subqueries included.

use super::scope::{named, peeked_field, same, FrameScope, Relation};
use super::spares::keep;
use super::typing::{expr_address, one_part_kind, Typeability};
use super::{fail, plural, Name, Res, Resolver};
use crate::expr::{FunctionKind, Scope};
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, visit, ExprKind};

impl Resolver<'_, '_> {
    /// Resolves the names in `e` and judges its first call to a function no one defines.
    pub(super) fn expr(&mut self, e: &ast::Expr) -> Res<()> {
        self.expr_judged(e, false)
    }

    /// [`Resolver::expr`] of an expression typed next ([`Resolver::type_expr`]): whether it
    /// is typeable is judged on the same walk.
    pub(super) fn typed_expr(&mut self, e: &ast::Expr) -> Res<()> {
        self.expr_judged(e, true)
    }

    /// [`Resolver::expr_names`], then its unknown call judged at once.
    fn expr_judged(&mut self, e: &ast::Expr, typed_next: bool) -> Res<()> {
        match self.expr_names(e, typed_next)? {
            Some((call, span)) => {
                let unknown = self.unknown_function(call, span);
                self.or_defer(unknown)
            }
            None => Ok(()),
        }
    }

    /// Resolves the names in `e`; returns its first call to a function no one defines, for
    /// the caller to judge when Calcite would (after the aggregate check, in HAVING). With
    /// `typed_next`, also judges whether `e` is typeable, for the caller's `type_expr`.
    pub(super) fn expr_names<'e>(
        &mut self,
        e: &'e ast::Expr<'e>,
        typed_next: bool,
    ) -> Res<Option<(&'e ast::Call<'e>, flinkddl_diagnostics::Span)>> {
        self.error = None;
        let outer_calls = std::mem::take(&mut self.unknown_calls);
        let outer_typeable = std::mem::replace(
            &mut self.walk_typeable,
            typed_next.then(Typeability::default),
        );
        visit::walk_expr(self, e);
        let calls = std::mem::replace(&mut self.unknown_calls, outer_calls);
        let typeable = std::mem::replace(&mut self.walk_typeable, outer_typeable);
        if let Some(d) = self.error.take() {
            return Err(d);
        }
        if let Some(typeable) = typeable {
            self.walked = Some((expr_address(e), typeable.verdict()));
        }
        Ok(calls.first().and_then(|span| {
            let call = visit::find_expr(e, |c| {
                c.span == *span && matches!(c.kind, ExprKind::Call(_))
            })?;
            match &call.kind {
                ExprKind::Call(call) => Some((*call, *span)),
                _ => None,
            }
        }))
    }

    /// Whether `call` names a function that no one defines: not a built-in, not one the
    /// script creates, and no loaded module or catalog of the session may hold it.
    pub(super) fn names_unknown_function(&self, call: &ast::Call) -> bool {
        self.names_unknown_function_of_kind(call, one_part_kind(call))
    }

    /// [`Resolver::names_unknown_function`], with [`one_part_kind`] of the call found already.
    fn names_unknown_function_of_kind(&self, call: &ast::Call, kind: Option<FunctionKind>) -> bool {
        let ([name], Some(kind)) = (call.name.parts.as_slice(), kind) else {
            return false;
        };
        let binder = self.binder;
        !crate::expr::is_builtin_of_kind(name.value, kind)
            && !binder.declarations.modules_loaded
            && !binder
                .declarations
                .user_functions
                .contains(name.value.to_ascii_uppercase().as_str())
            && binder
                .catalog
                .catalog(&binder.catalog.current_catalog)
                .is_some_and(|c| !c.opaque)
    }

    /// Calcite's "No match found for function signature F(<FAMILY>, ...)" for a call to a
    /// function no one defines. When the file may be one of several (external objects are
    /// assumed), the function may be registered elsewhere: only a name close to a built-in's
    /// is reported, as a warning.
    pub(super) fn unknown_function(
        &mut self,
        call: &ast::Call,
        span: flinkddl_diagnostics::Span,
    ) -> Res<()> {
        let Some(name) = call.name.parts.first() else {
            return Ok(());
        };
        let mut families = Vec::with_capacity(call.args.len());
        for arg in &call.args {
            let family = match self.type_expr(arg)? {
                Some(t) => crate::expr::family_name(&t),
                None => "ANY".to_string(),
            };
            families.push(format!("<{family}>"));
        }
        let message = format!(
            "No match found for function signature {}({})",
            name.value,
            families.join(", ")
        );
        let similar = crate::expr::similar_builtin(name.value);
        let mut d = Diagnostic::new(Code::UnknownFunction, name.span, message)
            .with_label(span, "no built-in or created function has this name");
        d = match &similar {
            Some(s) => d.with_help(format!("did you mean {s}?")).with_unsafe_fix(
                name.span,
                s,
                format!("replace with {s}"),
            ),
            None => d.with_help(
                "create it first (CREATE FUNCTION ... AS 'class'), or load the module that has it",
            ),
        };
        if self.binder.options.assume_external_objects {
            if similar.is_some() {
                self.warnings
                    .push(d.with_severity(flinkddl_diagnostics::Severity::Warning));
            }
            return Ok(());
        }
        fail(d)
    }

    fn identifier(&self, name: &ast::ObjectName) -> Option<Diagnostic> {
        let first = name.parts.first()?;
        if name.parts.len() == 1 && !first.quoted && first.value.eq_ignore_ascii_case("PI") {
            return None;
        }
        // Innermost block first: a qualifier names a FROM item, else the first part is a column.
        let mut any_unknown = false;
        for frame in self.frames.iter().rev() {
            if name.parts.len() >= 2 {
                if let Some(r) = frame.relations.iter().find(|r| named(r, first.value)) {
                    let column = &name.parts[1];
                    let Some(cols) = &r.columns else {
                        return None;
                    };
                    if cols.contains(column.value) {
                        return None;
                    }
                    if cols.contains(first.value) {
                        // Also a column of that name: `r.f` may be a field access.
                        return None;
                    }
                    let mut message = format!(
                        "Column '{}' not found in table '{}'",
                        column.value, first.value
                    );
                    if let Some(s) = cols.iter().find(|c| c.eq_ignore_ascii_case(column.value)) {
                        message.push_str(&format!("; did you mean '{s}'?"));
                    }
                    let mut d = Diagnostic::new(Code::UnknownQueryColumn, column.span, message);
                    if let Some(s) = closest(column.value, cols.iter().map(Name::as_str)) {
                        d = d
                            .with_help(format!("did you mean `{s}`?"))
                            .with_fix(flinkddl_syntax::rename_fix(column.span, s));
                    }
                    return Some(d);
                }
            }
            let holds = |r: &&Relation| r.columns.as_ref().is_some_and(|c| c.contains(first.value));
            // Counted up to two (no list built on the path that finds one).
            let held = frame.relations.iter().filter(holds).take(2).count();
            any_unknown |= frame.relations.iter().any(|r| r.columns.is_none());
            match held {
                0 => {
                    if frame.aliases.iter().any(|a| same(a, first.value)) {
                        return None;
                    }
                    // Calcite peeks into ROW columns (Flink's rows are PEEK_FIELDS_NO_EXPAND):
                    // `f` names field `f` of a ROW column when no column is called `f`.
                    if frame
                        .relations
                        .iter()
                        .any(|r| peeked_field(&r.types, first.value).is_some())
                    {
                        return None;
                    }
                }
                1 => return None,
                _ => {
                    if frame.merged || any_unknown {
                        return None;
                    }
                    return Some(
                        Diagnostic::new(
                            Code::AmbiguousColumn,
                            first.span,
                            format!("Column '{}' is ambiguous", first.value),
                        )
                        .with_help(format!(
                            "qualify it with one of {}",
                            frame
                                .relations
                                .iter()
                                .filter(holds)
                                .filter_map(|r| r.name.as_deref())
                                .map(|n| format!("`{n}.{}`", first.value))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    );
                }
            }
            if any_unknown {
                return None;
            }
        }
        if any_unknown || self.frames.is_empty() {
            return None;
        }
        if name.parts.len() >= 2 {
            let mut d = Diagnostic::new(
                Code::UnknownQueryTable,
                first.span,
                format!("Table '{}' not found", first.value),
            );
            let names: Vec<&str> = self
                .frames
                .iter()
                .flat_map(|f| f.relations.iter().filter_map(|r| r.name.as_deref()))
                .collect();
            d = match closest(first.value, names.iter().copied()) {
                Some(s) => d
                    .with_help(format!("did you mean `{s}`?"))
                    .with_fix(flinkddl_syntax::rename_fix(first.span, s)),
                None if !names.is_empty() => {
                    d.with_help(format!("the FROM items here are {}", names.join(", ")))
                }
                None => d,
            };
            return Some(d);
        }
        let visible: Vec<&str> = self
            .frames
            .iter()
            .flat_map(|f| f.relations.iter())
            .filter_map(|r| r.columns.as_deref())
            .flatten()
            .map(Name::as_str)
            .collect();
        let mut message = format!("Column '{}' not found in any table", first.value);
        let case_only = visible.iter().find(|c| c.eq_ignore_ascii_case(first.value));
        if let Some(s) = case_only {
            message.push_str(&format!("; did you mean '{s}'?"));
        }
        let mut d = Diagnostic::new(Code::UnknownQueryColumn, first.span, message);
        let alias = self.frames.last().and_then(|f| {
            f.unnameable_aliases
                .iter()
                .find(|(a, _)| *a == first.value)
                .map(|(_, span)| *span)
        });
        if let (Some(alias), 1) = (alias, name.parts.len()) {
            return Some(
                d.with_label(alias, "a select-list alias")
                    .with_help(format!(
                        "GROUP BY and HAVING cannot name the select list's aliases: repeat the expression `{}` stands for",
                        first.value
                    )),
            );
        }
        if let Some(s) = case_only
            .copied()
            .or_else(|| closest(first.value, visible.iter().copied()))
        {
            d = d
                .with_help(format!("did you mean `{s}`?"))
                .with_fix(flinkddl_syntax::rename_fix(first.span, s));
        }
        Some(d)
    }
}

impl visit::Visitor<'_> for Resolver<'_, '_> {
    fn expr(&mut self, e: &ast::Expr) {
        if self.error.is_some() {
            return;
        }
        if self.recording() {
            match &e.kind {
                ExprKind::Identifier(name) => self.note_identifier(name),
                ExprKind::Call(call) => self.note_call(call),
                _ => {}
            }
        }
        // A one-part name the scope types (one holder, in the first block that has one) is
        // found by that one lookup: the names check has nothing to say of it, and it is
        // typeable (`Typeability::judge` would look it up again).
        if let ExprKind::Identifier(name) = &e.kind {
            if let [column] = name.parts.as_slice() {
                let scope = FrameScope {
                    frames: &self.frames,
                };
                if scope.column(column.value).is_some() {
                    return;
                }
            }
        }
        // A call's function, looked up once for both judgements.
        let kind = match &e.kind {
            ExprKind::Call(call) => one_part_kind(call),
            _ => None,
        };
        if let Some(typeable) = &mut self.walk_typeable {
            let scope = FrameScope {
                frames: &self.frames,
            };
            typeable.judge(&scope, e, kind);
        }
        match &e.kind {
            ExprKind::Identifier(name) => match self.identifier(name) {
                Some(d) if self.recording() => self.defer(d),
                d => self.error = d.map(Box::new),
            },
            ExprKind::Call(call) if self.names_unknown_function_of_kind(call, kind) => {
                self.unknown_calls.push(e.span);
            }
            ExprKind::InQuery { expr, query, .. } => {
                let left = match &expr.kind {
                    ExprKind::Row { items, .. } => items.len(),
                    _ => 1,
                };
                self.in_subqueries.push((query.span, left, e.span));
            }
            _ => {}
        }
    }

    fn subquery(&mut self, q: &ast::Query) {
        if self.error.is_some() {
            return;
        }
        // A subquery sees the blocks around it (correlation).
        match self.query(q) {
            Err(d) => self.error = Some(d),
            Ok(columns) => {
                let pending = self.in_subqueries.last().copied();
                let width = columns.as_ref().map(Vec::len);
                if let Some(names) = columns {
                    keep(&mut self.spares.names, names);
                }
                if let (Some(width), Some((query_span, left, whole))) = (width, pending) {
                    if query_span == q.span {
                        self.in_subqueries.pop();
                        if width != left {
                            self.error = Some(Box::new(
                                Diagnostic::new(
                                    Code::InOperandsIncompatible,
                                    whole,
                                    "Values passed to IN operator must have compatible types",
                                )
                                .with_label(
                                    q.span,
                                    format!("the subquery gives {}", plural(width, "column")),
                                )
                                .with_help(format!(
                                    "the left side is {}: select as many columns in the subquery",
                                    plural(left, "value")
                                )),
                            ));
                        }
                    }
                }
            }
        }
    }
}
