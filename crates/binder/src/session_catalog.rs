//! [`SessionCatalog`]: the session catalog a script runs against, as Flink's `CatalogManager` keeps
//! it: catalogs, databases, permanent and temporary tables and views, the current catalog and
//! database, and the order in which tables were last created or targeted.

use crate::schema::TableSchema;
use flinkddl_types::DataType;
// foldhash: fast and seeded (hostile names cannot force collisions).
use foldhash::{HashMap, HashMapExt};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

pub const DEFAULT_CATALOG: &str = "default_catalog";
pub const DEFAULT_DATABASE: &str = "default_database";

/// A fully qualified object name.
pub type ObjectPath = (String, String, String);

#[derive(Debug, Clone)]
pub enum CatalogObject {
    /// Shared with [`crate::Bound::created`]: a table is stored once however many lists hold it.
    Table(Arc<TableSchema>),
    View(ViewDef),
}

#[derive(Debug, Clone)]
pub struct ViewDef {
    /// The view's columns when their names could be derived, with their types where known.
    pub columns: Option<Vec<(String, Option<DataType>)>>,
    /// The statement that created it (the semantic model's view columns point there).
    pub statement: usize,
    /// The script that statement is in (`crate::prelude::ScriptId`): the one being bound, or
    /// one of a project's catalog files.
    pub script: crate::prelude::ScriptId,
    /// What the planner of the script's Flink version rejects in the view's query, whatever
    /// reads it (`crate::query` checks it where a planned statement reads the view).
    pub fails_when_planned: Option<Box<flinkddl_diagnostics::Diagnostic>>,
}

#[derive(Debug, Clone)]
pub struct CatalogEntry {
    pub default_database: String,
    pub databases: BTreeMap<String, HashMap<String, CatalogObject>>,
    /// A catalog of a type we do not model (hive, paimon, jdbc, ...): we cannot know what it
    /// holds, so lookups in it never fail.
    pub opaque: bool,
}

impl CatalogEntry {
    fn in_memory(default_database: &str) -> Self {
        let mut databases = BTreeMap::new();
        databases.insert(default_database.to_string(), HashMap::new());
        CatalogEntry {
            default_database: default_database.to_string(),
            databases,
            opaque: false,
        }
    }
}

/// The objects of a session: its catalogs (with their databases and what those hold) and its
/// temporary objects. Shared between a project's prelude and every file that starts from it
/// (copied on a file's first change: most job files change nothing).
#[derive(Debug, Clone, Default)]
pub struct Objects {
    pub catalogs: BTreeMap<String, CatalogEntry>,
    pub temporary: HashMap<ObjectPath, CatalogObject>,
}

/// The session's catalogs and their objects as the script has made them so far.
#[derive(Debug, Clone)]
pub struct SessionCatalog {
    /// Read through `Deref` (`catalog.catalogs`); changed through [`SessionCatalog::objects_mut`].
    objects: Arc<Objects>,
    pub current_catalog: String,
    pub current_database: String,
    /// Tables in the order of the statement that last created or targeted each; a moved or
    /// dropped entry leaves a hole (`None`) so that moving is O(1). The path is shared with
    /// `order_index` (one copy per table, also across the clones of checkpoints).
    order: Vec<Option<(Arc<ObjectPath>, bool)>>,
    /// Where each table is in `order`: permanent ones (`[0]`) and temporary ones (`[1]`), so
    /// that a lookup borrows the path.
    order_index: [HashMap<Arc<ObjectPath>, usize>; 2],
    /// The creation order of the session this one continues (a project's catalog files,
    /// oldest first), read after `order`: a file that starts from a prelude lists only the
    /// tables it creates or targets itself, and suggests names from both.
    earlier: Option<Arc<[OrderEntry]>>,
}

/// An entry of the creation order: a table's path, and whether it is temporary.
type OrderEntry = (Arc<ObjectPath>, bool);

impl std::ops::Deref for SessionCatalog {
    type Target = Objects;
    fn deref(&self) -> &Objects {
        &self.objects
    }
}

impl Default for SessionCatalog {
    fn default() -> Self {
        let mut catalogs = BTreeMap::new();
        catalogs.insert(
            DEFAULT_CATALOG.to_string(),
            CatalogEntry::in_memory(DEFAULT_DATABASE),
        );
        SessionCatalog {
            objects: Arc::new(Objects {
                catalogs,
                temporary: HashMap::new(),
            }),
            current_catalog: DEFAULT_CATALOG.to_string(),
            current_database: DEFAULT_DATABASE.to_string(),
            order: Vec::new(),
            order_index: [HashMap::new(), HashMap::new()],
            earlier: None,
        }
    }
}

/// A fully qualified object name borrowed from the catalog and a statement (no copies).
pub type PathRef<'a> = (&'a str, &'a str, &'a str);

/// The path a borrowed one names, copied.
fn owned_path((catalog, database, name): PathRef<'_>) -> ObjectPath {
    (catalog.to_owned(), database.to_owned(), name.to_owned())
}

/// What a lookup found.
pub enum Lookup<'a> {
    Found(&'a CatalogObject),
    /// The name lives in a catalog we do not model.
    Unknowable,
    Missing,
}

impl SessionCatalog {
    /// Qualifies a 1-3 part name with the current catalog and database.
    pub fn qualify(&self, parts: &[String]) -> Option<ObjectPath> {
        self.qualify_parts(parts, String::as_str).map(owned_path)
    }

    /// [`SessionCatalog::qualify`], borrowed: copies no string.
    pub fn qualify_strings<'a>(&'a self, parts: &'a [String]) -> Option<PathRef<'a>> {
        self.qualify_parts(parts, String::as_str)
    }

    /// [`SessionCatalog::qualify`] of owned parts, moved into the path (only the current catalog
    /// and database a short name takes are copied).
    pub fn qualify_into(&self, parts: Vec<String>) -> Option<ObjectPath> {
        let mut parts = parts.into_iter();
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(name), None, None, None) => Some((
                self.current_catalog.clone(),
                self.current_database.clone(),
                name,
            )),
            (Some(db), Some(name), None, None) => Some((self.current_catalog.clone(), db, name)),
            (Some(cat), Some(db), Some(name), None) => Some((cat, db, name)),
            _ => None,
        }
    }

    /// [`SessionCatalog::qualify`] of a name's parts, copied once into the path.
    pub fn qualify_owned(&self, parts: &[flinkddl_syntax::ast::Ident]) -> Option<ObjectPath> {
        self.qualify_idents(parts).map(owned_path)
    }

    /// [`SessionCatalog::qualify`] of a name's parts, borrowed: a lookup copies no string.
    pub fn qualify_idents<'a>(
        &'a self,
        parts: &'a [flinkddl_syntax::ast::Ident],
    ) -> Option<PathRef<'a>> {
        self.qualify_parts(parts, |part| part.value)
    }

    /// The one rule behind the `qualify` functions: a name of one part is in the current
    /// database, of two in the current catalog; more than three parts qualify nothing.
    fn qualify_parts<'a, T>(
        &'a self,
        parts: &'a [T],
        text: impl Fn(&'a T) -> &'a str,
    ) -> Option<PathRef<'a>> {
        match parts {
            [name] => Some((&self.current_catalog, &self.current_database, text(name))),
            [db, name] => Some((&self.current_catalog, text(db), text(name))),
            [cat, db, name] => Some((text(cat), text(db), text(name))),
            _ => None,
        }
    }

    pub fn add_catalog(&mut self, name: &str, catalog_type: Option<&str>) {
        let mut entry = CatalogEntry::in_memory("default");
        entry.opaque = catalog_type != Some("generic_in_memory");
        self.objects_mut().catalogs.insert(name.to_string(), entry);
    }

    pub fn catalog(&self, name: &str) -> Option<&CatalogEntry> {
        self.catalogs.get(name)
    }

    /// Whether the database exists; `None` when that cannot be known (opaque catalog).
    pub fn database_exists(&self, catalog: &str, database: &str) -> Option<bool> {
        let entry = self.catalogs.get(catalog)?;
        if entry.opaque {
            return None;
        }
        Some(entry.databases.contains_key(database))
    }

    pub fn lookup(&self, path: &ObjectPath) -> Lookup<'_> {
        // Temporary objects are rare: no path is hashed while there are none.
        if !self.temporary.is_empty() {
            if let Some(object) = self.temporary.get(path) {
                return Lookup::Found(object);
            }
        }
        self.lookup_permanent(path)
    }

    /// [`SessionCatalog::lookup`] of a borrowed path.
    pub fn lookup_ref(&self, path: PathRef<'_>) -> Lookup<'_> {
        // Temporary objects are rare; only then is the owned key built.
        if !self.temporary.is_empty() {
            if let Some(object) = self.temporary.get(&owned_path(path)) {
                return Lookup::Found(object);
            }
        }
        self.lookup_permanent_ref(path)
    }

    pub fn lookup_permanent(&self, path: &ObjectPath) -> Lookup<'_> {
        self.lookup_permanent_ref((&path.0, &path.1, &path.2))
    }

    fn lookup_permanent_ref(&self, path: PathRef<'_>) -> Lookup<'_> {
        let Some(entry) = self.catalogs.get(path.0) else {
            return Lookup::Missing;
        };
        match entry.databases.get(path.1).and_then(|db| db.get(path.2)) {
            Some(object) => Lookup::Found(object),
            None if entry.opaque => Lookup::Unknowable,
            None => Lookup::Missing,
        }
    }

    pub fn put_permanent(&mut self, path: &ObjectPath, object: CatalogObject) {
        let objects = self.objects_mut();
        if let Some(db) = objects
            .catalogs
            .get_mut(&path.0)
            .and_then(|c| c.databases.get_mut(&path.1))
        {
            db.insert(path.2.clone(), object);
        } else if let Some(entry) = objects.catalogs.get_mut(&path.0) {
            // Opaque catalogs hold what we are told they hold.
            entry
                .databases
                .entry(path.1.clone())
                .or_default()
                .insert(path.2.clone(), object);
        }
    }

    pub fn remove_permanent(&mut self, path: &ObjectPath) -> Option<CatalogObject> {
        self.objects_mut()
            .catalogs
            .get_mut(&path.0)?
            .databases
            .get_mut(&path.1)?
            .remove(&path.2)
    }

    /// Moves a table to the end of the creation order.
    pub fn touch(&mut self, path: &ObjectPath, temporary: bool) {
        self.touch_cow(Cow::Borrowed(path), temporary);
    }

    /// [`SessionCatalog::touch`] that keeps `path` itself when the table is new to the order (no
    /// copy of its three strings).
    pub fn touch_owned(&mut self, path: ObjectPath, temporary: bool) {
        self.touch_cow(Cow::Owned(path), temporary);
    }

    fn touch_cow(&mut self, path: Cow<'_, ObjectPath>, temporary: bool) {
        use std::collections::hash_map::Entry;
        let at = self.order.len();
        let index = &mut self.order_index[usize::from(temporary)];
        // A path already in the order keeps its shared copy; a new table's owned path (most
        // often) is hashed once, for the look-up and the insert.
        let key = match path {
            Cow::Owned(path) => Arc::new(path),
            Cow::Borrowed(path) => index
                .get_key_value(path)
                .map_or_else(|| Arc::new(path.clone()), |(shared, _)| Arc::clone(shared)),
        };
        let shared = match index.entry(key) {
            Entry::Occupied(mut known) => {
                if let Some(slot) = self.order.get_mut(*known.get()) {
                    *slot = None;
                }
                *known.get_mut() = at;
                Arc::clone(known.key())
            }
            Entry::Vacant(slot) => {
                let shared = Arc::clone(slot.key());
                slot.insert(at);
                shared
            }
        };
        self.order.push(Some((shared, temporary)));
    }

    /// The shared path of the table created or moved last, when it is `path`.
    pub fn last_in_order(
        &self,
        (catalog, database, name): PathRef<'_>,
    ) -> Option<&Arc<ObjectPath>> {
        match self.order.last() {
            Some(Some((last, _))) if last.2 == name && last.1 == database && last.0 == catalog => {
                Some(last)
            }
            _ => None,
        }
    }

    /// Takes a table out of the creation order (it was dropped or renamed).
    pub fn forget(&mut self, path: &ObjectPath, temporary: bool) {
        if let Some(i) = self.order_index[usize::from(temporary)].remove(path) {
            if let Some(slot) = self.order.get_mut(i) {
                *slot = None;
            }
        }
    }

    /// A renamed table keeps its place in the creation order.
    pub fn rename_in_order(&mut self, old: &ObjectPath, new: &ObjectPath, temporary: bool) {
        if let Some(i) = self.order_index[usize::from(temporary)].remove(old) {
            let new = Arc::new(new.clone());
            self.order_index[usize::from(temporary)].insert(Arc::clone(&new), i);
            let key = (new, temporary);
            if let Some(slot) = self.order.get_mut(i) {
                *slot = Some(key);
            }
        }
    }

    /// The tables that exist now, in creation order (a temporary table shadows a permanent
    /// one of the same name only in lookups; both are listed), moved out of the catalog (no
    /// copies). A catalog that continues a prelude lists only the tables its own script
    /// created or targeted.
    pub fn into_tables_in_order(mut self) -> Vec<Arc<TableSchema>> {
        let Some(objects) = Arc::get_mut(&mut self.objects) else {
            // Shared with a prelude: the tables are shared too.
            return self.own_tables_in_order();
        };
        std::mem::take(&mut self.order)
            .into_iter()
            .flatten()
            .filter_map(|(path, temporary)| match objects.take(&path, temporary) {
                Some(CatalogObject::Table(t)) => Some(t),
                _ => None,
            })
            .collect()
    }

    /// [`SessionCatalog::into_tables_in_order`], the tables shared with the catalog.
    pub fn own_tables_in_order(&self) -> Vec<Arc<TableSchema>> {
        self.order
            .iter()
            .flatten()
            .filter_map(|(path, temporary)| self.objects.table_at(path, *temporary).cloned())
            .collect()
    }

    /// The tables among the last `limit` entries of the creation order (this script's, then
    /// the prelude's it continues), newest first, whose name `keep` accepts: the name is
    /// tested before the table is looked up (a did-you-mean over a thousand tables rejects
    /// most by their length alone).
    pub fn recent_tables_named<'s>(
        &'s self,
        limit: usize,
        keep: impl Fn(&str) -> bool + 's,
    ) -> impl Iterator<Item = &'s TableSchema> + 's {
        let own = self.order.iter().rev().flatten();
        own.chain(self.earlier_not_own().rev())
            .take(limit)
            .filter(move |(path, _)| keep(&path.2))
            .filter_map(|(path, temporary)| self.objects.table_at(path, *temporary))
            .map(Arc::as_ref)
    }

    /// The session's objects, to change them: copied first when a prelude (or a checkpoint)
    /// still shares them.
    pub fn objects_mut(&mut self) -> &mut Objects {
        Arc::make_mut(&mut self.objects)
    }

    /// A session that starts where `prelude` ends (a project's catalog files): the same
    /// objects (shared until changed), current catalog and database, and an empty creation
    /// order of its own, with the prelude's read after it.
    pub fn continuing(prelude: &SessionCatalog) -> SessionCatalog {
        SessionCatalog {
            objects: Arc::clone(&prelude.objects),
            current_catalog: prelude.current_catalog.clone(),
            current_database: prelude.current_database.clone(),
            order: Vec::new(),
            order_index: [HashMap::new(), HashMap::new()],
            earlier: prelude.earlier.clone(),
        }
    }

    /// This session as a prelude for others ([`SessionCatalog::continuing`]): the creation order,
    /// the earlier sessions' first, then this one's, of the tables that still exist.
    pub fn into_prelude(self) -> SessionCatalog {
        let mut merged: Vec<OrderEntry> = self.earlier_not_own().cloned().collect();
        merged.extend(self.order.iter().flatten().cloned());
        merged.retain(|(path, temporary)| self.objects.table_at(path, *temporary).is_some());
        SessionCatalog {
            objects: self.objects,
            current_catalog: self.current_catalog,
            current_database: self.current_database,
            order: Vec::new(),
            order_index: [HashMap::new(), HashMap::new()],
            earlier: Some(merged.into()),
        }
    }

    /// The prelude's creation order (oldest first), less the tables this session created or
    /// targeted again (they are in its own order).
    fn earlier_not_own(&self) -> impl DoubleEndedIterator<Item = &OrderEntry> + '_ {
        self.earlier
            .iter()
            .flat_map(|earlier| earlier.iter())
            .filter(|(path, temporary)| {
                !self.order_index[usize::from(*temporary)].contains_key(path)
            })
    }
}

impl Objects {
    /// The table at `path` (a temporary one when `temporary`), if it is a table.
    fn table_at(&self, path: &ObjectPath, temporary: bool) -> Option<&Arc<TableSchema>> {
        let object = if temporary {
            self.temporary.get(path)
        } else {
            self.catalogs
                .get(&path.0)
                .and_then(|c| c.databases.get(&path.1))
                .and_then(|db| db.get(&path.2))
        };
        match object {
            Some(CatalogObject::Table(t)) => Some(t),
            _ => None,
        }
    }

    /// The object at `path`, moved out.
    fn take(&mut self, path: &ObjectPath, temporary: bool) -> Option<CatalogObject> {
        if temporary {
            self.temporary.remove(path)
        } else {
            self.catalogs
                .get_mut(&path.0)
                .and_then(|c| c.databases.get_mut(&path.1))
                .and_then(|db| db.remove(&path.2))
        }
    }
}
