//! flinkddl-lint: the lint stage. It finds what Flink 2.3 accepts without a word but almost
//! certainly not as the author meant (a precision silently clamped, a WITH key whose first
//! value is silently dropped, ...), and applies `-- flinkddl: ignore[...]` suppression comments.
//!
//! What it does:
//! - [`lint`] runs every rule of [`RULES`] (one per file under `src/rules/`) on the statements
//!   of a parsed script that have no syntax error, and returns diagnostics of stage `Lint` with
//!   the codes `L0xx` registered in the code table (`crates/diagnostics/data/codes/`);
//! - [`suppress`] drops the diagnostics that a suppression comment silences and reports the
//!   comments it cannot read (`L090`).
//!
//! What it does not do: it reports no syntax or bind error (those are Flink's rejections and
//! belong to `flinkddl-syntax` and `flinkddl-binder`), reads no file or configuration (rule
//! severities from `flinkddl.toml` are the CLI's business) and prints nothing.

mod rules;
pub mod suppress;
/// The AST walkers live with the AST (the binder uses them too).
pub use flinkddl_syntax::ast::visit;

use flinkddl_binder::schema::TableSchema;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{
    BuiltinType, DataTypeSyntax, Expr, Statement, StatementKind, TableElement, TypeKind,
};
use flinkddl_syntax::Parse;
use std::sync::Arc;

pub use rules::RULES;
pub use suppress::suppress;

/// What a rule sees of one statement: the source, the table the statement created and what
/// the statements before it declared.
pub struct Context<'a> {
    pub source: &'a str,
    /// The table this statement created, as the binder resolved it (`None`: it creates none,
    /// or Flink rejects it).
    pub created: Option<&'a TableSchema>,
    /// Whether a table element holds an expression (a computed column or a watermark), as
    /// the type walk saw: most tables have none, and the rules that read expressions stop.
    pub element_expressions: bool,
    /// Whether a type of the table elements is written `NULL` (explicitly nullable), as the
    /// type walk saw (nested types included).
    pub explicit_nulls: bool,
    earlier: &'a Earlier,
}

impl Context<'_> {
    /// The span of the WATERMARK clause of the last CREATE TABLE before this statement that
    /// names a table `name` (unqualified) and declares one.
    pub fn earlier_watermark(&self, name: &str) -> Option<Span> {
        self.earlier.watermarks.get(name).copied()
    }
}

/// What the statements linted so far leave for the later ones to see.
#[derive(Debug, Default)]
struct Earlier {
    /// By unqualified table name: the watermark clause of the last CREATE TABLE of that name
    /// that declares one (statements with a syntax error included).
    watermarks: std::collections::HashMap<String, Span>,
}

impl Earlier {
    fn note(&mut self, statement: &Statement) {
        let StatementKind::CreateTable(ct) = &statement.kind else {
            return;
        };
        let Some(name) = ct.name.parts.last() else {
            return;
        };
        let watermark = ct
            .elements
            .iter()
            .flat_map(|e| &e.items)
            .find_map(|e| match e {
                TableElement::Watermark(w) => Some(w.span),
                _ => None,
            });
        if let Some(span) = watermark {
            self.watermarks.insert(name.value.to_string(), span);
        }
    }
}

/// One lint rule: a code of stage `Lint` and a check of one statement at a time. Each rule file
/// declares its own as `pub(crate) const RULE: Rule` (`src/rules/mod.rs`).
pub struct Rule {
    /// The rule's code; its name, default severity and docs are in the code table.
    pub code: Code,
    /// Reports what is wrong in a statement (which has no syntax error).
    pub check: Check,
}

/// What a rule looks at.
#[derive(Clone, Copy)]
pub enum Check {
    /// The whole statement, with its table elements (`visit::table_elements`, listed once for
    /// every rule).
    Statement(
        fn(
            cx: &Context<'_>,
            statement: &Statement,
            elements: &[&TableElement],
            out: &mut Vec<Diagnostic>,
        ),
    ),
    /// Each data type written in the statement (nested ones included) that the filter takes,
    /// in the order `visit::walk_statement` visits them: one walk of the statement serves
    /// every such rule.
    DataType(TypeFilter, TypeCheck),
}

/// A [`Check::DataType`] rule's check of one data type.
pub type TypeCheck = fn(cx: &Context<'_>, ty: &DataTypeSyntax, out: &mut Vec<Diagnostic>);

/// The data types a [`Check::DataType`] rule reads. The walk tests it before the call: most
/// of a script's types are plain built-ins that no type rule reads, and a call through a rule's
/// function pointer for each of them cost more than the rules' work (12 M instructions of
/// 10 MB's lints, for 241,000 types).
#[derive(Clone, Copy)]
pub enum TypeFilter {
    /// Built-in types of these names.
    Builtin(&'static [BuiltinType]),
    /// Types with fields: ROW and structured types.
    WithFields,
}

/// The types one or more [`TypeFilter`]s take, as the walk tests them: one bit per
/// [`BuiltinType`], and whether types with fields.
#[derive(Clone, Copy, Default)]
struct TypeInterest {
    builtins: u32,
    with_fields: bool,
}

// One bit per built-in in a u32; `Bitmap` is the last variant.
const _: () = assert!((BuiltinType::Bitmap as u32) < 32);

impl TypeInterest {
    fn of(filter: TypeFilter) -> Self {
        match filter {
            TypeFilter::Builtin(names) => TypeInterest {
                builtins: names.iter().fold(0, |m, n| m | 1 << *n as u32),
                with_fields: false,
            },
            TypeFilter::WithFields => TypeInterest {
                builtins: 0,
                with_fields: true,
            },
        }
    }

    fn union(self, other: TypeInterest) -> Self {
        TypeInterest {
            builtins: self.builtins | other.builtins,
            with_fields: self.with_fields || other.with_fields,
        }
    }

    #[inline]
    fn takes(self, kind: &TypeKind) -> bool {
        match kind {
            TypeKind::Builtin { name, .. } => self.builtins & 1 << *name as u32 != 0,
            TypeKind::Row { .. } | TypeKind::Structured { .. } => self.with_fields,
            _ => false,
        }
    }
}

/// The walk that serves every [`Check::DataType`] rule: rule `i`'s findings go to `out[i]`.
struct DataTypes<'c, 'a, 'o> {
    cx: &'c Context<'a>,
    rules: &'o [(TypeInterest, TypeCheck)],
    /// The union of the rules' interests: a type none of them takes, most of a script's,
    /// costs one test instead of one per rule.
    any: TypeInterest,
    out: &'o mut [Vec<Diagnostic>],
    /// Whether the walk met an expression (a computed column's or a watermark's).
    saw_expression: bool,
    /// Whether the walk met a type written `NULL`.
    saw_explicit_null: bool,
}

impl visit::Visitor<'_> for DataTypes<'_, '_, '_> {
    #[inline]
    fn data_type(&mut self, ty: &DataTypeSyntax) {
        self.saw_explicit_null |= ty.nullability.is_some_and(|n| !n.not_null);
        if self.any.takes(&ty.kind) {
            self.check(ty);
        }
    }

    #[inline]
    fn expr(&mut self, _expr: &Expr) {
        self.saw_expression = true;
    }
}

impl DataTypes<'_, '_, '_> {
    /// The rules that take `ty` (out of the walk's way: few types get here).
    #[inline(never)]
    fn check(&mut self, ty: &DataTypeSyntax) {
        for ((interest, check), out) in self.rules.iter().zip(self.out.iter_mut()) {
            if interest.takes(&ty.kind) {
                check(self.cx, ty, out);
            }
        }
    }
}

/// Runs every rule on every statement that has no syntax error, in statement order.
/// `created` is the binder's `Bound::created`: each table with the statement that created it.
pub fn lint(parse: &Parse, source: &str, created: &[(usize, Arc<TableSchema>)]) -> Vec<Diagnostic> {
    let mut linter = Linter::new(source);
    let broken = parse.statements_with_errors();
    linter.lint(0, parse.script().statements.as_slice(), &broken, created)
}

/// [`lint`] a piece of a script at a time, in order (a streaming check frees each piece's tree
/// before reading the next): what a statement sees of earlier ones is kept here.
pub struct Linter<'s> {
    source: &'s str,
    earlier: Earlier,
    type_rules: Vec<(TypeInterest, TypeCheck)>,
    /// The union of the type rules' interests.
    any_type: TypeInterest,
}

impl<'s> Linter<'s> {
    pub fn new(source: &'s str) -> Self {
        let type_rules: Vec<(TypeInterest, TypeCheck)> = RULES
            .iter()
            .filter_map(|r| match r.check {
                Check::DataType(filter, f) => Some((TypeInterest::of(filter), f)),
                Check::Statement(_) => None,
            })
            .collect();
        let any_type = type_rules
            .iter()
            .fold(TypeInterest::default(), |any, (interest, _)| {
                any.union(*interest)
            });
        Linter {
            source,
            earlier: Earlier::default(),
            type_rules,
            any_type,
        }
    }

    /// Lints `statements`, the script's statements from index `first` on (`broken`: which have
    /// a syntax error), with the tables the binder created so far (`created`, in statement
    /// order, this piece's included).
    pub fn lint(
        &mut self,
        first: usize,
        statements: &[Statement],
        broken: &[bool],
        created: &[(usize, Arc<TableSchema>)],
    ) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        // Each type rule's findings in the statement, emitted at the rule's place in RULES.
        let mut found: Vec<Vec<Diagnostic>> = vec![Vec::new(); self.type_rules.len()];
        // Each statement's table elements, in one vector for all.
        let mut elements = Vec::new();
        for (i, statement) in statements.iter().enumerate() {
            if broken.get(i).copied().unwrap_or(true) {
                self.earlier.note(statement);
                continue;
            }
            let index = first + i;
            let at = created.partition_point(|(s, _)| *s < index);
            visit::table_elements_into(statement, &mut elements);
            let mut cx = Context {
                source: self.source,
                created: created
                    .get(at)
                    .filter(|(s, _)| *s == index)
                    .map(|(_, t)| t.as_ref()),
                // Known after the type walk below.
                element_expressions: true,
                explicit_nulls: true,
                earlier: &self.earlier,
            };
            if !self.type_rules.is_empty() {
                let mut types = DataTypes {
                    cx: &cx,
                    rules: &self.type_rules,
                    any: self.any_type,
                    out: &mut found,
                    saw_expression: false,
                    saw_explicit_null: false,
                };
                visit::walk_elements(&mut types, &elements);
                let (expressions, nulls) = (types.saw_expression, types.saw_explicit_null);
                cx.element_expressions = expressions;
                cx.explicit_nulls = nulls;
            }
            let mut next_type_rule = found.iter_mut();
            for rule in RULES {
                match rule.check {
                    Check::Statement(check) => check(&cx, statement, &elements, &mut out),
                    Check::DataType(..) => {
                        if let Some(f) = next_type_rule.next() {
                            out.append(f);
                        }
                    }
                }
            }
            // A watermark has an expression: without one the type walk saw, none to note.
            if cx.element_expressions {
                self.earlier.note(statement);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl_diagnostics::Stage;

    /// `build.rs` lists the rule files in code order, each code once.
    #[test]
    fn every_rule_has_a_lint_code_and_codes_are_distinct_and_in_order() {
        let mut previous = "";
        for rule in RULES {
            let info = rule.code.info();
            assert_eq!(info.stage, Stage::Lint, "{}", info.code);
            assert!(info.code.starts_with('L'), "{}", info.code);
            assert!(info.code > previous, "{} after {previous}", info.code);
            previous = info.code;
        }
    }

    #[test]
    fn statements_with_syntax_errors_are_not_linted() {
        let text = "CREATE TABLE t (a TIME(9), b INT INT) WITH ('k' = '1', 'k' = '2')";
        let parse = flinkddl_syntax::parse(text);
        assert!(!parse.errors.is_empty());
        assert!(lint(&parse, text, &[]).is_empty());
    }
}
