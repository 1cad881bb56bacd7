//! flinkddl-lint: the lint stage. It finds what Flink 2.3 accepts without a word but almost
//! certainly not as the author meant (a precision silently clamped, a WITH key whose first
//! value is silently dropped, ...), and applies `-- flinkddl: ignore[...]` suppression comments.
//!
//! What it does:
//! - [`lint`] runs every rule of [`RULES`] (one per file under `src/rules/`) on the statements
//!   of a parsed script that have no syntax error, and returns diagnostics of stage `Lint` with
//!   the codes `L0xx` registered in the catalogue (`crates/diagnostics/data/codes/`);
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
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{DataTypeSyntax, Statement, TableElement};
use flinkddl_syntax::Parse;
use std::sync::Arc;

pub use rules::RULES;
pub use suppress::suppress;

/// What a rule sees: the source, its parse and the tables the binder resolved.
pub struct Context<'a> {
    pub source: &'a str,
    pub parse: &'a Parse,
    /// The catalog's tables after the whole script (see `flinkddl_binder::Bound::tables`).
    pub tables: &'a [Arc<TableSchema>],
    /// The last of `tables` with each (unqualified) name, for rules that look a table up by
    /// its name: a lookup, not a scan per statement.
    by_name: std::collections::HashMap<&'a str, usize>,
}

impl<'a> Context<'a> {
    /// The last table of the script with this unqualified name.
    pub fn table_named(&self, name: &str) -> Option<&'a TableSchema> {
        self.by_name
            .get(name)
            .and_then(|&i| self.tables.get(i))
            .map(Arc::as_ref)
    }
}

/// One lint rule: a code of stage `Lint` and a check of one statement at a time.
pub struct Rule {
    /// The rule's code; its name, default severity and docs are in the catalogue.
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
    /// Each data type written in the statement (nested ones included), in the order
    /// `visit::walk_statement` visits them: one walk of the statement serves every such rule.
    DataType(fn(cx: &Context<'_>, ty: &DataTypeSyntax, out: &mut Vec<Diagnostic>)),
}

/// The walk that serves every [`Check::DataType`] rule: rule `i`'s findings go to `out[i]`.
struct DataTypes<'c, 'a, 'o> {
    cx: &'c Context<'a>,
    rules: &'o [fn(&Context<'_>, &DataTypeSyntax, &mut Vec<Diagnostic>)],
    out: &'o mut [Vec<Diagnostic>],
}

impl visit::Visitor<'_> for DataTypes<'_, '_, '_> {
    fn data_type(&mut self, ty: &DataTypeSyntax) {
        for (check, out) in self.rules.iter().zip(self.out.iter_mut()) {
            check(self.cx, ty, out);
        }
    }
}

/// Runs every rule on every statement that has no syntax error, in statement order.
pub fn lint(parse: &Parse, source: &str, tables: &[Arc<TableSchema>]) -> Vec<Diagnostic> {
    let cx = Context {
        source,
        parse,
        tables,
        by_name: tables
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.as_str(), i))
            .collect(),
    };
    let mut out = Vec::new();
    let type_rules: Vec<fn(&Context<'_>, &DataTypeSyntax, &mut Vec<Diagnostic>)> = RULES
        .iter()
        .filter_map(|r| match r.check {
            Check::DataType(f) => Some(f),
            Check::Statement(_) => None,
        })
        .collect();
    // Each type rule's findings in the statement, emitted at the rule's place in RULES.
    let mut found: Vec<Vec<Diagnostic>> = vec![Vec::new(); type_rules.len()];
    let broken = parse.statements_with_errors();
    for (statement, broken) in parse.script().statements.iter().zip(broken) {
        if broken {
            continue;
        }
        if !type_rules.is_empty() {
            visit::walk_statement(
                &mut DataTypes {
                    cx: &cx,
                    rules: &type_rules,
                    out: &mut found,
                },
                statement,
            );
        }
        let elements = visit::table_elements(statement);
        let mut next_type_rule = found.iter_mut();
        for rule in RULES {
            match rule.check {
                Check::Statement(check) => check(&cx, statement, &elements, &mut out),
                Check::DataType(_) => {
                    if let Some(f) = next_type_rule.next() {
                        out.append(f);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl_diagnostics::Stage;

    #[test]
    fn every_rule_has_a_lint_code_and_codes_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for rule in RULES {
            let info = rule.code.info();
            assert_eq!(info.stage, Stage::Lint, "{}", info.code);
            assert!(info.code.starts_with('L'), "{}", info.code);
            assert!(seen.insert(info.code), "two rules with {}", info.code);
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
