//! GROUP BY and aggregates: what a block groups by, Calcite's check that every column outside
//! an aggregate is grouped, and the aggregate calls WHERE may not hold.

use super::scope::named;
use super::{any_expr, fail, Res, Resolver};
use crate::expr::{function_kind, FunctionKind};
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, visit, ExprKind};

impl Resolver<'_, '_> {
    /// For an aggregating block (GROUP BY, HAVING, or an aggregate in the select list), what it
    /// groups by; `None` when the block does not aggregate or when we cannot be sure what is
    /// grouped (group window functions, a select alias in GROUP BY, a function that may be an
    /// aggregate).
    pub(super) fn grouping_keys<'e>(&self, select: &'e ast::Select<'e>) -> Option<GroupKeys<'e>> {
        let mut exprs: Vec<&ast::Expr> = Vec::new();
        if let Some(g) = &select.group_by {
            for item in &g.items {
                collect_grouping(item, &mut exprs);
            }
        }
        let aggregating = select.group_by.is_some()
            || select.having.is_some()
            || select.items.iter().any(|i| match i {
                ast::QueryItem::Expr { expr, .. } => first_aggregate(expr).is_some(),
                _ => false,
            });
        if !aggregating {
            return None;
        }
        let mut keys = GroupKeys::default();
        for e in exprs {
            if let ExprKind::Call(c) = &e.kind {
                if c.name.parts.len() == 1
                    && ["TUMBLE", "HOP", "SESSION", "CUMULATE"]
                        .iter()
                        .any(|w| c.name.parts[0].value.eq_ignore_ascii_case(w))
                {
                    return None;
                }
            }
            if let ExprKind::Identifier(name) = &e.kind {
                match self.column_key(name) {
                    Some(k) => keys.columns.push(k),
                    // A select alias or a name we cannot place: we do not know what is grouped.
                    None => return None,
                }
            }
            keys.texts.push(normalized(self.binder.source, e.span));
        }
        Some(keys)
    }

    /// The FROM item (by index in the innermost block) and column a name refers to.
    fn column_key<'n>(&self, name: &ast::ObjectName<'n>) -> Option<(usize, &'n str)> {
        let frame = self.frames.last()?;
        match name.parts.as_slice() {
            [column] => {
                let mut holders =
                    frame.relations.iter().enumerate().filter(|(_, r)| {
                        r.columns.as_ref().is_some_and(|c| c.contains(column.value))
                    });
                let (i, _) = holders.next()?;
                holders.next().is_none().then_some((i, column.value))
            }
            [table, column, ..] => {
                let (i, r) = frame
                    .relations
                    .iter()
                    .enumerate()
                    .find(|(_, r)| named(r, table.value))?;
                r.columns
                    .as_ref()?
                    .contains(column.value)
                    .then_some((i, column.value))
            }
            [] => None,
        }
    }

    /// Calcite's aggregate check: outside aggregate calls, every column is grouped (or is
    /// part of a grouped expression). Window aggregates, subqueries and functions that may be
    /// aggregates are not judged.
    pub(super) fn check_grouped(
        &self,
        e: &ast::Expr,
        keys: &GroupKeys<'_>,
        aliases_of: &[ast::QueryItem],
    ) -> Res<()> {
        struct Check<'k, 's> {
            resolver: &'k Resolver<'s, 's>,
            keys: &'k GroupKeys<'k>,
            aliases: Vec<&'k str>,
            /// Subtrees already judged (an aggregate, a grouped expression, an unknown call).
            skip_until: u32,
            unsure: bool,
            error: Option<Diagnostic>,
        }
        impl visit::Visitor<'_> for Check<'_, '_> {
            fn expr(&mut self, e: &ast::Expr) {
                if self.error.is_some() || self.unsure || e.span.start < self.skip_until {
                    return;
                }
                let source = self.resolver.binder.source;
                if self
                    .keys
                    .texts
                    .iter()
                    .any(|key| normalized_is(source, e.span, key))
                {
                    self.skip_until = e.span.end;
                    return;
                }
                match &e.kind {
                    ExprKind::Call(c) => {
                        let kind = match c.name.parts.as_slice() {
                            [n] => function_kind(n.value),
                            _ => FunctionKind::Unknown,
                        };
                        // A function no one defines is not an aggregate: Calcite judges the
                        // grouping of its operands before it finds the function missing.
                        let undefined = self.resolver.names_unknown_function(c);
                        if c.window.is_some() || (kind == FunctionKind::Unknown && !undefined) {
                            self.unsure = true;
                        } else if kind == FunctionKind::Aggregate {
                            self.skip_until = e.span.end;
                        }
                    }
                    ExprKind::Subquery(_)
                    | ExprKind::Exists(_)
                    | ExprKind::InQuery { .. }
                    | ExprKind::Quantified { .. }
                    | ExprKind::JsonConstructor(_) => self.unsure = true,
                    ExprKind::Identifier(name) => {
                        if let [single] = name.parts.as_slice() {
                            if self.aliases.contains(&single.value) {
                                return;
                            }
                        }
                        match self.resolver.column_key(name) {
                            Some(k) if self.keys.columns.contains(&k) => {}
                            Some(_) => {
                                let written = name
                                    .parts
                                    .iter()
                                    .map(|p| p.value)
                                    .collect::<Vec<_>>()
                                    .join(".");
                                self.error = Some(
                                    Diagnostic::new(
                                        Code::NotGrouped,
                                        name.span,
                                        format!("Expression '{written}' is not being grouped"),
                                    )
                                    .with_help(format!(
                                        "add `{written}` to GROUP BY, or aggregate it (MAX({written}), ...)"
                                    )),
                                );
                            }
                            None => self.unsure = true,
                        }
                    }
                    _ => {}
                }
            }
        }
        let aliases = aliases_of
            .iter()
            .filter_map(|i| match i {
                ast::QueryItem::Expr { alias: Some(a), .. } => Some(a.value),
                _ => None,
            })
            .collect();
        let mut check = Check {
            resolver: self,
            keys,
            aliases,
            skip_until: 0,
            unsure: false,
            error: None,
        };
        visit::walk_expr(&mut check, e);
        match (check.unsure, check.error) {
            (false, Some(d)) => fail(d),
            _ => Ok(()),
        }
    }

    pub(super) fn grouping(&mut self, g: &ast::GroupingElement) -> Res<()> {
        match g {
            ast::GroupingElement::Expr { expr } => self.expr(expr),
            ast::GroupingElement::Empty { .. } => Ok(()),
            ast::GroupingElement::GroupingSets { items, .. } => {
                for i in items {
                    self.grouping(i)?;
                }
                Ok(())
            }
            ast::GroupingElement::Rollup { items, .. }
            | ast::GroupingElement::Cube { items, .. } => {
                for e in items {
                    self.expr(e)?;
                }
                Ok(())
            }
        }
    }
}

/// What an aggregating block groups by: the columns grouped by name, and the normalized text
/// of every grouping expression.
#[derive(Debug, Default)]
pub(super) struct GroupKeys<'e> {
    /// By FROM item (index in the innermost block) and column name, borrowed from the query.
    columns: Vec<(usize, &'e str)>,
    texts: Vec<String>,
}

fn collect_grouping<'e>(g: &'e ast::GroupingElement<'e>, out: &mut Vec<&'e ast::Expr<'e>>) {
    match g {
        // `GROUPING SETS ((a, b), (c))`: a parenthesised set groups by each of its items.
        ast::GroupingElement::Expr { expr } => collect_grouped_items(expr, out),
        ast::GroupingElement::Empty { .. } => {}
        ast::GroupingElement::GroupingSets { items, .. } => {
            for i in items {
                collect_grouping(i, out);
            }
        }
        ast::GroupingElement::Rollup { items, .. } | ast::GroupingElement::Cube { items, .. } => {
            for e in items {
                // `ROLLUP ((a, b))`: the row's items are the grouped expressions.
                collect_grouped_items(e, out);
            }
        }
    }
}

/// Whether a SELECT groups by both `window_start` and `window_end`: a window aggregate of the
/// window TVF it reads (grouped otherwise, it is a regular aggregate).
pub(super) fn window_grouped(select: &ast::Select) -> bool {
    let Some(group_by) = &select.group_by else {
        return false;
    };
    let mut keys = Vec::new();
    for g in &group_by.items {
        collect_grouping(g, &mut keys);
    }
    let has = |name: &str| {
        keys.iter().any(|e| match &e.kind {
            ExprKind::Identifier(n) => n.parts.last().is_some_and(|p| p.value == name),
            _ => false,
        })
    };
    has("window_start") && has("window_end")
}

/// A grouping item's expressions: the items of a parenthesised list `(a, b)` (an implicit
/// row), the inside of `(a)`, or the expression itself.
fn collect_grouped_items<'e>(e: &'e ast::Expr<'e>, out: &mut Vec<&'e ast::Expr<'e>>) {
    match &e.kind {
        ExprKind::Row {
            explicit: false,
            items,
        } => out.extend(items.iter()),
        ExprKind::Nested(inner) => collect_grouped_items(inner, out),
        _ => out.push(e),
    }
}

/// An expression's text without white space, lower-cased: grouped expressions compare by it.
pub(super) fn normalized(source: &str, span: flinkddl_diagnostics::Span) -> String {
    let text = source.get(span.range()).unwrap_or("");
    if text.is_ascii() {
        // Byte by byte: ASCII's white space and lower case are `char`'s there.
        let mut out = String::with_capacity(text.len());
        out.extend(
            text.bytes()
                .filter(|b| !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' '))
                .map(|b| char::from(b.to_ascii_lowercase())),
        );
        return out;
    }
    normalized_chars(source, span).collect()
}

/// Whether [`normalized`] of the span is `key`, without building it (every node of a grouped
/// select's expressions is compared with every key). Byte by byte while the text is ASCII
/// (white space as `char::is_whitespace` has it there); from a non-ASCII byte on, by chars.
fn normalized_is(source: &str, span: flinkddl_diagnostics::Span, key: &str) -> bool {
    let text = source.get(span.range()).unwrap_or("");
    let key_bytes = key.as_bytes();
    let mut matched = 0;
    for &byte in text.as_bytes() {
        if !byte.is_ascii() {
            return normalized_chars(source, span).eq(key.chars());
        }
        if matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ') {
            continue;
        }
        if key_bytes.get(matched) != Some(&byte.to_ascii_lowercase()) {
            return false;
        }
        matched += 1;
    }
    matched == key_bytes.len()
}

fn normalized_chars(
    source: &str,
    span: flinkddl_diagnostics::Span,
) -> impl Iterator<Item = char> + '_ {
    source
        .get(span.range())
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
}

/// The first call of a built-in aggregate in `e` that is not a window aggregate, outside
/// subqueries.
pub(super) fn first_aggregate(e: &ast::Expr) -> Option<flinkddl_diagnostics::Span> {
    struct Find(Option<flinkddl_diagnostics::Span>);
    impl visit::Visitor<'_> for Find {
        fn expr(&mut self, e: &ast::Expr) {
            if self.0.is_some() {
                return;
            }
            if let ExprKind::Call(c) = &e.kind {
                if let [n] = c.name.parts.as_slice() {
                    if c.window.is_none() && function_kind(n.value) == FunctionKind::Aggregate {
                        self.0 = Some(e.span);
                    }
                }
            }
        }
    }
    let mut f = Find(None);
    visit::walk_expr(&mut f, e);
    f.0
}

/// Whether `e` calls an aggregate or a window function anywhere (outside subqueries).
pub(super) fn calls_aggregate(e: &ast::Expr) -> bool {
    any_expr([e], |e| match &e.kind {
        ExprKind::Call(c) => {
            c.window.is_some()
                || matches!(
                    c.name.parts.as_slice(),
                    [n] if function_kind(n.value) == FunctionKind::Aggregate
                )
        }
        _ => false,
    })
}
