//! The semantic model: what the query resolver decided, recorded as it decides it (learnt from
//! rust-analyzer's `hir` and `oxc_semantic`). One model per analysis, asked for with
//! [`crate::BindOptions::record_model`]; `flinkddl check` does not ask, so it pays one branch
//! per name and nothing else.
//!
//! It holds, for every statement with a query (INSERT, CTAS, RTAS, views, SELECT, EXPLAIN):
//! - [`NameUse`]: what each name resolves to: a catalog table or view, a CTE, a FROM item (a
//!   qualifier), a column (with where it comes from and its type), a field of a ROW column,
//!   a function;
//! - [`OutputColumn`]: every column each query block emits (a `*` gives one per column), its
//!   type, whether it is copied or derived, and the columns it reads;
//! - [`QueryScope`]: each SELECT's FROM items and the columns each gives.
//!
//! Every list is in statement order, so that an incremental bind keeps the earlier version's
//! entries for the statements before the edit ([`SemanticModel::keep_before`]) and appends the
//! rest. A statement's first name error (an unknown column or function) does not stop the
//! recording: the resolver keeps it as the statement's error and goes on, so the names after
//! it are in the model (the diagnostics are the same as without the model). Any other error
//! (a type or planner rule) ends the statement's model there.

use crate::prelude::ScriptId;
use crate::session_catalog::ObjectPath;
use flinkddl_diagnostics::Span;
use flinkddl_types::DataType;
use serde::Serialize;
use std::sync::Arc;

/// What the binder resolved in one script.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SemanticModel {
    /// Every name the resolver resolved, in the order it met them (statement by statement).
    pub names: Vec<NameUse>,
    /// Every column of every query block, in the order the resolver finished them.
    pub outputs: Vec<OutputColumn>,
    /// Every SELECT's FROM scope.
    pub scopes: Vec<QueryScope>,
}

/// One name in a query and what it resolves to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NameUse {
    pub statement: usize,
    /// The name's part this resolution is of (a qualified column has one use per part).
    pub span: Span,
    pub resolution: Resolution,
}

/// What a name denotes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Resolution {
    /// A FROM item (or `TABLE t`) naming a catalog table.
    Table { path: Arc<ObjectPath> },
    /// A FROM item naming a catalog view; `statement` created it, in this script or (with
    /// `script`) in that catalog file of the project.
    View {
        path: Arc<ObjectPath>,
        statement: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        script: Option<ScriptId>,
    },
    /// A FROM item naming a CTE, defined at `definition` (its name in the WITH clause).
    Cte { definition: Span },
    /// A qualifier naming a FROM item: `definition` is its alias, or its table's name.
    FromItem { definition: Span },
    /// A column of a FROM item.
    Column {
        source: ColumnSource,
        data_type: Option<DataType>,
    },
    /// A field of a ROW column, read through it (`buyer.first_name`).
    Field { name: String },
    /// A function call's name: built in, or one the script or a module may define.
    Function { name: String, builtin: bool },
}

/// Where a column a FROM item gives comes from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ColumnSource {
    /// A catalog table's column.
    Table {
        path: Arc<ObjectPath>,
        column: String,
    },
    /// A catalog view's column, the `index`th: `statement` created the view, and its query's
    /// output column there ([`SemanticModel::statement_output`]) is the column's definition.
    /// With `script`, the view is a project catalog file's (its statement is there).
    View {
        path: Arc<ObjectPath>,
        column: String,
        index: usize,
        statement: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        script: Option<ScriptId>,
    },
    /// A column a query block of this script emits (a CTE's, a derived table's, a view's
    /// query's): the index of its [`OutputColumn`] in [`SemanticModel::outputs`].
    Output { output: usize },
    /// A column a window table function adds (`window_start`, `window_end`, `window_time`):
    /// `function` is the call's name, `time` the time column it is computed from.
    Window {
        column: String,
        function: Span,
        time: Option<Box<ColumnSource>>,
    },
    /// A FROM item whose columns come from something the model does not follow (UNNEST,
    /// MATCH_RECOGNIZE, a table function).
    Unknown,
}

/// One column a query block emits.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OutputColumn {
    pub statement: usize,
    /// How deep its block is: 0 for the statement's query itself (every branch of a set
    /// operation), 1 for a CTE, derived table or subquery of it, and so on.
    pub depth: u32,
    /// Its position in its block's output.
    pub index: usize,
    pub name: String,
    /// The select item (for a `*`, the star).
    pub span: Span,
    /// The alias that names it, if any.
    pub alias: Option<Span>,
    pub data_type: Option<DataType>,
    /// The value is a column read as it is (a plain name, or a `*`), not computed.
    pub copied: bool,
    /// One of the columns a `*` expands to.
    pub wildcard: bool,
    /// The columns the value reads, in the order named (repeats kept once).
    pub sources: Vec<ColumnSource>,
    /// In the first branch of a set operation: the same column of the other branches (the
    /// indexes of their outputs), whose values the column also carries.
    pub branches: Vec<usize>,
}

/// One SELECT's FROM items, as its expressions see them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueryScope {
    pub statement: usize,
    /// The SELECT.
    pub span: Span,
    pub depth: u32,
    pub items: Vec<ScopeItem>,
}

/// A FROM item in a [`QueryScope`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScopeItem {
    /// The name qualifiers use (its alias, or its table's last name part).
    pub name: Option<String>,
    /// Where that name is written.
    pub definition: Span,
    pub kind: ScopeItemKind,
    /// Its columns, `None` when not known.
    pub columns: Option<Vec<ScopeColumn>>,
}

/// What a FROM item reads.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ScopeItemKind {
    /// A catalog table (or one a CREATE TABLE of the script declared and failed to create).
    Table {
        path: Arc<ObjectPath>,
    },
    View {
        path: Arc<ObjectPath>,
    },
    /// A CTE, by its name.
    Cte {
        name: String,
    },
    Subquery,
    /// A window table function over its input (`None`: one the model does not follow).
    Window {
        input: Option<Box<ScopeItemKind>>,
    },
    /// UNNEST, MATCH_RECOGNIZE, another table function: what the model does not follow.
    Other,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScopeColumn {
    pub name: String,
    pub source: ColumnSource,
    pub data_type: Option<DataType>,
}

impl SemanticModel {
    /// The model of the statements before `statement` only (an incremental bind resumes there).
    pub fn keep_before(&self, statement: usize) -> SemanticModel {
        let names = self.names.partition_point(|n| n.statement < statement);
        let outputs = self.outputs.partition_point(|o| o.statement < statement);
        let scopes = self.scopes.partition_point(|s| s.statement < statement);
        SemanticModel {
            names: self.names.get(..names).unwrap_or_default().to_vec(),
            outputs: self.outputs.get(..outputs).unwrap_or_default().to_vec(),
            scopes: self.scopes.get(..scopes).unwrap_or_default().to_vec(),
        }
    }

    /// The names of `statement` (a slice of [`SemanticModel::names`], found by bisection).
    pub fn names_of(&self, statement: usize) -> &[NameUse] {
        let from = self.names.partition_point(|n| n.statement < statement);
        let to = self.names.partition_point(|n| n.statement <= statement);
        self.names.get(from..to).unwrap_or_default()
    }

    /// The resolution of the name part at `offset` in `statement` (the innermost one covering
    /// it).
    pub fn name_at(&self, statement: usize, offset: u32) -> Option<&NameUse> {
        self.names_of(statement)
            .iter()
            .filter(|n| n.span.start <= offset && offset <= n.span.end)
            .min_by_key(|n| n.span.end - n.span.start)
    }

    /// The output column at `index`.
    pub fn output(&self, index: usize) -> Option<&OutputColumn> {
        self.outputs.get(index)
    }

    /// The output column of the select item at `span` (its first, for a `*`).
    pub fn output_at_item(&self, span: Span) -> Option<&OutputColumn> {
        self.outputs.iter().find(|o| o.span == span)
    }

    /// The `index`th column of the query of `statement` (a view's, a CTAS's): the first
    /// branch's.
    pub fn statement_output(&self, statement: usize, index: usize) -> Option<&OutputColumn> {
        self.outputs
            .get(self.statement_output_index(statement, index)?)
    }

    /// Where [`SemanticModel::statement_output`] is in [`SemanticModel::outputs`].
    pub fn statement_output_index(&self, statement: usize, index: usize) -> Option<usize> {
        let from = self.outputs.partition_point(|o| o.statement < statement);
        let position = self
            .outputs
            .get(from..)?
            .iter()
            .take_while(|o| o.statement == statement)
            .position(|o| o.depth == 0 && o.index == index)?;
        Some(from + position)
    }

    /// The catalog columns an output column's value comes from, following CTEs, derived tables
    /// and views of this script down to tables (or to what the model does not follow); a
    /// window table function's column comes from its time column (computed). `copied` is
    /// whether every step copies the value.
    pub fn origins(&self, output: usize) -> Vec<(ColumnSource, bool)> {
        let mut out = Vec::new();
        let mut stack = vec![(output, true)];
        // Each output is expanded once: the walk is linear in the outputs it reaches.
        let mut seen = std::collections::HashSet::new();
        while let Some((index, copied)) = stack.pop() {
            if !seen.insert(index) {
                continue;
            }
            let Some(o) = self.outputs.get(index) else {
                continue;
            };
            for branch in &o.branches {
                stack.push((*branch, copied));
            }
            let copied = copied && o.copied;
            for s in &o.sources {
                let (s, copied) = match s {
                    ColumnSource::Window { time: Some(t), .. } => (&**t, false),
                    s => (s, copied),
                };
                match s {
                    ColumnSource::Output { output } => stack.push((*output, copied)),
                    ColumnSource::View {
                        index,
                        statement,
                        script: None,
                        ..
                    } => match self.statement_output_index(*statement, *index) {
                        Some(output) => stack.push((output, copied)),
                        None => {
                            if !out.iter().any(|(o, _)| o == s) {
                                out.push((s.clone(), copied));
                            }
                        }
                    },
                    other => {
                        if !out.iter().any(|(s, _)| s == other) {
                            out.push((other.clone(), copied));
                        }
                    }
                }
            }
        }
        out
    }
}
