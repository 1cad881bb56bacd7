//! What the expression tests share: a scope of named, typed columns.

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
