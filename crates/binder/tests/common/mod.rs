//! What the binder's tests share: a scope of named, typed columns for the expression tests, and
//! the table a DDL statement creates.

// Each test file uses its part of what is here.
#![allow(dead_code)]

use flinkddl_binder::expr::Scope;
use flinkddl_types::DataType;

/// The columns an expression sees, by name.
pub struct MapScope(pub Vec<(String, DataType)>);

impl Scope for MapScope {
    fn column(&self, name: &str) -> Option<&DataType> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, t)| t)
    }
    fn names(&self) -> Vec<&str> {
        self.0.iter().map(|(n, _)| n.as_str()).collect()
    }
}

/// The last table `ddl` creates, bound with no diagnostic.
pub fn last_table(ddl: &str) -> std::sync::Arc<flinkddl_binder::schema::TableSchema> {
    let parse = flinkddl_syntax::parse(ddl);
    let bound = flinkddl_binder::bind(&parse, ddl);
    assert!(bound.diagnostics.is_empty(), "{:?}", bound.diagnostics);
    bound
        .tables
        .last()
        .cloned()
        .unwrap_or_else(|| panic!("no table in {ddl}"))
}
