//! A project's prelude (issue 35): the session its catalog files leave, which every other file
//! of the project starts from, as a SQL client's `-i` init file leaves its session to the
//! statements after it.
//!
//! A prelude is built once, by binding the catalog files in order, each from the prelude the
//! ones before it left ([`crate::session::Session::continuing`], then
//! [`crate::session::Session::finish_continuing`]), and shared: a file that starts from it
//! shares its objects until the file changes one (copy on write), so checking many job files
//! over a large catalog costs what the job files cost, not a copy of the catalog each.

use crate::session_catalog::{ObjectPath, SessionCatalog};
use flinkddl_diagnostics::Span;
use std::sync::Arc;

/// Which script a catalog object was created by: the file being bound, or a project's catalog
/// file. A prelude built from `n` files gives them 1 to `n`, in order; a script bound from it
/// is `n + 1`, and one bound alone is 0.
pub type ScriptId = u32;

/// The state of a session after a project's catalog files: what a file of the project starts
/// from instead of a fresh session.
#[derive(Debug, Clone, Default)]
pub struct Prelude {
    pub(crate) catalog: SessionCatalog,
    /// Tables and views a catalog file's CREATE names, created or not (`Declarations::declared`).
    pub(crate) declared: Arc<foldhash::HashSet<Arc<ObjectPath>>>,
    pub(crate) user_functions: foldhash::HashSet<String>,
    pub(crate) modules_loaded: bool,
    /// For the semantic model only (`Declarations::failed_tables`).
    pub(crate) failed_tables: foldhash::HashMap<ObjectPath, Arc<[String]>>,
    /// How many files it was built from.
    pub(crate) scripts: ScriptId,
    /// Where each table and view a catalog file's CREATE names is written (the first one).
    pub(crate) definitions: Arc<foldhash::HashMap<ObjectPath, Definition>>,
}

/// What a catalog file's CREATE statement makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectKind {
    Table,
    View,
}

/// Where a prelude's table or view is defined: the name in its CREATE statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Definition {
    pub script: ScriptId,
    /// The name as the CREATE writes it, in that script's text.
    pub name: Span,
    /// The whole CREATE statement.
    pub statement: Span,
    pub kind: ObjectKind,
}

impl Prelude {
    /// A fresh Flink session: no file bound yet.
    pub fn fresh() -> Prelude {
        Prelude::default()
    }

    /// How many files the prelude was built from (the catalog files, in order, are scripts 1
    /// to this).
    pub fn scripts(&self) -> ScriptId {
        self.scripts
    }

    /// Where the catalog files define the table or view at `path`.
    pub fn definition(&self, path: &ObjectPath) -> Option<&Definition> {
        self.definitions.get(path)
    }

    /// Every table and view the catalog files define, in no particular order.
    pub fn definitions(&self) -> impl Iterator<Item = (&ObjectPath, &Definition)> + '_ {
        self.definitions.iter()
    }

    /// The session catalog the prelude leaves.
    pub fn catalog(&self) -> &SessionCatalog {
        &self.catalog
    }
}
