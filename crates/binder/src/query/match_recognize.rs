//! MATCH_RECOGNIZE on a FROM item: the names its MEASURES and DEFINE use, and the relation
//! `ONE ROW PER MATCH` gives. Apart from [`super::from`], as a pattern has names of its own.

use super::scope::{Columns, Relation};
use super::{Name, Res};
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, visit, ExprKind};
use flinkddl_types::DataType;
use std::rc::Rc;

/// What `ONE ROW PER MATCH` gives: the partition columns, then the measures. A measure is
/// typed when it is a column through a pattern variable (`A.price`), FIRST or LAST of one
/// (their column's type, a rowtime included) or COUNT of one (`BIGINT NOT NULL`); `ALL ROWS
/// PER MATCH` and other measures are not modelled.
pub(super) fn match_recognize_output(
    mr: &ast::MatchRecognize,
    input: &Relation,
    name: Option<Name>,
) -> Relation {
    if mr.all_rows == Some(true) || input.columns.is_none() {
        return Relation::unknown(name);
    }
    let column_of = |e: &ast::Expr| -> Option<Name> {
        match &e.kind {
            ExprKind::Identifier(n) => match n.parts.as_slice() {
                [c] | [_, c] => Some(Name::from(c.value)),
                _ => None,
            },
            _ => None,
        }
    };
    let mut columns = Vec::with_capacity(mr.partition_by.len() + mr.measures.len());
    let mut types = Vec::with_capacity(columns.capacity());
    for p in &mr.partition_by {
        let Some(c) = column_of(p) else {
            return Relation::unknown(name);
        };
        types.push(input.type_of(&c).cloned());
        columns.push(c);
    }
    for m in &mr.measures {
        let ty = match &m.expr.kind {
            ExprKind::Identifier(_) => column_of(&m.expr).and_then(|c| input.type_of(&c).cloned()),
            ExprKind::Call(c) => match (c.name.parts.as_slice(), c.args.first()) {
                ([f], Some(arg)) if c.window.is_none() => {
                    let upper = f.value.to_ascii_uppercase();
                    match upper.as_str() {
                        "FIRST" | "LAST" => column_of(arg).and_then(|c| input.type_of(&c).cloned()),
                        "COUNT" if column_of(arg).is_some() => Some(DataType::bigint().not_null()),
                        _ => None,
                    }
                }
                _ => None,
            },
            _ => None,
        };
        types.push(ty);
        columns.push(Name::from(m.name.value));
    }
    Relation {
        name,
        columns: Some(Rc::new(Columns::new(columns))),
        types: Rc::new(types),
        rowtimes: Rc::default(),
        origin: None,
        definition: flinkddl_diagnostics::Span::default(),
    }
}

/// MATCH_RECOGNIZE's MEASURES and DEFINE name columns through pattern variables (`A.price`):
/// the variable must be in the pattern (or a SUBSET), and the column in the input, as Calcite
/// resolves them ("Table 'Z' not found", "Column 'x' not found in table 'A'").
pub(super) fn match_recognize_names(mr: &ast::MatchRecognize, input: &Relation) -> Res<()> {
    fn variables(p: &ast::Pattern, out: &mut Vec<String>, depth: u32) {
        if depth > 200 {
            return;
        }
        match &p.kind {
            ast::PatternKind::Variable { name } => out.push(name.value.to_owned()),
            ast::PatternKind::Sequence { items }
            | ast::PatternKind::Alternation { items }
            | ast::PatternKind::Permute { items } => {
                items.iter().for_each(|i| variables(i, out, depth + 1))
            }
            ast::PatternKind::Quantified { pattern, .. }
            | ast::PatternKind::Exclusion { pattern } => variables(pattern, out, depth + 1),
            ast::PatternKind::Group { pattern } => {
                if let Some(p) = pattern {
                    variables(p, out, depth + 1)
                }
            }
        }
    }
    let mut vars = Vec::new();
    variables(&mr.pattern, &mut vars, 0);
    vars.extend(mr.subsets.iter().map(|s| s.name.value.to_owned()));
    // A DEFINE of a variable the pattern does not use still names it in its condition
    // (oracle: `DEFINE C AS C.v > 2` with C outside the pattern is accepted).
    for d in &mr.define {
        if !vars.iter().any(|v| *v == d.name.value) {
            vars.push(d.name.value.to_owned());
        }
    }
    struct Names<'v> {
        vars: &'v [String],
        columns: Option<&'v [Name]>,
        error: Option<Box<Diagnostic>>,
    }
    impl visit::Visitor<'_> for Names<'_> {
        fn expr(&mut self, e: &ast::Expr) {
            if self.error.is_some() {
                return;
            }
            let ExprKind::Identifier(name) = &e.kind else {
                return;
            };
            let [var, column] = name.parts.as_slice() else {
                return;
            };
            if !self.vars.iter().any(|v| *v == var.value) {
                let mut d = Diagnostic::new(
                    Code::UnknownQueryTable,
                    var.span,
                    format!("Table '{}' not found", var.value),
                );
                d = d.with_help(format!(
                    "the pattern's variables are {}: qualify the column with one of them",
                    self.vars.join(", ")
                ));
                self.error = Some(Box::new(d));
            } else if let Some(cols) = self.columns {
                if !cols.iter().any(|c| *c == column.value) {
                    let mut d = Diagnostic::new(
                        Code::UnknownQueryColumn,
                        column.span,
                        format!(
                            "Column '{}' not found in table '{}'",
                            column.value, var.value
                        ),
                    );
                    if let Some(s) = closest(column.value, cols.iter().map(Name::as_str)) {
                        d = d
                            .with_help(format!("did you mean `{s}`?"))
                            .with_fix(flinkddl_syntax::rename_fix(column.span, s));
                    }
                    self.error = Some(Box::new(d));
                }
            }
        }
    }
    let mut names = Names {
        vars: &vars,
        columns: input.columns.as_deref().map(|c| &c.names[..]),
        error: None,
    };
    for m in mr.measures.iter().chain(&mr.define) {
        visit::walk_expr(&mut names, &m.expr);
        if let Some(d) = names.error.take() {
            return Err(d);
        }
    }
    Ok(())
}
