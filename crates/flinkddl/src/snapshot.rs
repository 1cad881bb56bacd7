//! Catalog snapshots (issue 35, decision 0012): the tables and views of a real catalog (Hive,
//! Paimon, JDBC, ...) that are not in the repository, as JSON, read as a project's catalog file
//! is. Each object is its `SHOW CREATE TABLE` / `SHOW CREATE VIEW` text: Flink prints it, Flink
//! (and flinkddl) reads it back, and any catalog Flink can open can be dumped this way (the
//! Python package's `flinkddl.snapshot.from_table_environment`, run with PyFlink).
//!
//! ```json
//! {
//!   "format": "flinkddl-catalog-snapshot",
//!   "version": 1,
//!   "flink_version": "2.3.0",
//!   "objects": [
//!     {"kind": "table", "catalog": "default_catalog", "database": "default_database",
//!      "name": "orders", "ddl": "CREATE TABLE `default_catalog`.`default_database`.`orders` (...) WITH (...)"}
//!   ]
//! }
//! ```
//!
//! A snapshot runs as one catalog file: the catalogs and databases its objects live in are
//! created first (in-memory, so that what they hold is known), then each object's DDL, in
//! order. A problem (JSON that is not a snapshot, a DDL that does not bind) is a diagnostic
//! that names the file's entry.

use crate::binder::prelude::ObjectKind;
use crate::{Code, Diagnostic, Span};
use serde::{Deserialize, Serialize};

/// The `format` a snapshot declares.
pub const FORMAT: &str = "flinkddl-catalog-snapshot";
/// The version of the format this build reads and writes.
pub const VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    pub format: String,
    pub version: u32,
    /// The Flink version whose catalog was dumped, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flink_version: Option<String>,
    pub objects: Vec<SnapshotObject>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SnapshotObject {
    pub kind: ObjectKind,
    pub catalog: String,
    pub database: String,
    pub name: String,
    /// Its `SHOW CREATE TABLE` (or `SHOW CREATE VIEW`) text, as Flink prints it.
    pub ddl: String,
}

impl SnapshotObject {
    fn path(&self) -> String {
        format!("{}.{}.{}", self.catalog, self.database, self.name)
    }
}

/// A snapshot read as a script: its SQL text, and for each statement of it the object it
/// comes from (`None` for the catalogs and databases made first).
pub struct AsScript {
    pub text: String,
    /// (the statement's span in `text`, the index of its object in the snapshot).
    pub statements: Vec<(Span, Option<usize>)>,
}

/// Reads a snapshot's JSON; `Err` is the diagnostic that says why it is not one (placed in
/// `json`).
pub fn parse(json: &str) -> Result<Snapshot, Diagnostic> {
    let snapshot: Snapshot = serde_json::from_str(json).map_err(|e| {
        let at = offset_of(json, e.line(), e.column());
        Diagnostic::new(
            Code::CatalogSnapshotInvalid,
            Span::new(at, at),
            format!("not a catalog snapshot: {e}"),
        )
        .with_help("write one with `flinkddl snapshot FILES`, or with the Python package's `flinkddl.snapshot.from_table_environment`")
    })?;
    if snapshot.format != FORMAT || snapshot.version != VERSION {
        return Err(Diagnostic::new(
            Code::CatalogSnapshotInvalid,
            Span::new(0, 0),
            format!(
                "not a catalog snapshot this flinkddl reads: format `{}` version {} (expected `{FORMAT}` version {VERSION})",
                snapshot.format, snapshot.version
            ),
        ));
    }
    Ok(snapshot)
}

/// The byte offset of a 1-based line and column (serde_json's), clamped to the text.
fn offset_of(text: &str, line: usize, column: usize) -> u32 {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len()) as u32
}

/// The script a snapshot runs as, from a session that already has `known` catalogs (a
/// prelude's): the catalogs and databases its objects name (in-memory), then each object.
pub fn to_script(snapshot: &Snapshot, known: &dyn Fn(&str) -> bool) -> AsScript {
    let mut text = String::new();
    let mut statements = Vec::new();
    let mut made_catalogs: Vec<&str> = Vec::new();
    let mut made_databases: Vec<(&str, &str)> = Vec::new();
    let mut push = |text: &mut String, sql: &str, object: Option<usize>| {
        let start = text.len() as u32;
        text.push_str(sql.trim().trim_end_matches(';'));
        statements.push((Span::new(start, text.len() as u32), object));
        text.push_str(";\n");
    };
    for i in run_order(snapshot) {
        let Some(object) = snapshot.objects.get(i) else {
            continue;
        };
        if !known(&object.catalog) && !made_catalogs.contains(&object.catalog.as_str()) {
            made_catalogs.push(&object.catalog);
            push(
                &mut text,
                &format!(
                    "CREATE CATALOG {} WITH ('type' = 'generic_in_memory')",
                    quoted(&object.catalog)
                ),
                None,
            );
        }
        let database = (object.catalog.as_str(), object.database.as_str());
        if !made_databases.contains(&database) {
            made_databases.push(database);
            push(
                &mut text,
                &format!(
                    "CREATE DATABASE IF NOT EXISTS {}.{}",
                    quoted(&object.catalog),
                    quoted(&object.database)
                ),
                None,
            );
        }
        push(&mut text, &object.ddl, Some(i));
    }
    AsScript { text, statements }
}

/// The order a snapshot's objects run in: its tables as listed, then its views, each after
/// the views its DDL names (`SHOW CREATE VIEW` qualifies every name), as listed otherwise. A
/// catalog lists its objects by name, not by what reads what.
fn run_order(snapshot: &Snapshot) -> Vec<usize> {
    let objects = &snapshot.objects;
    let mut order: Vec<usize> = (0..objects.len())
        .filter(|&i| objects[i].kind == ObjectKind::Table)
        .collect();
    let views: Vec<usize> = (0..objects.len())
        .filter(|&i| objects[i].kind == ObjectKind::View)
        .collect();
    let name_of = |i: usize| {
        let o = &objects[i];
        format!(
            "{}.{}.{}",
            quoted(&o.catalog),
            quoted(&o.database),
            quoted(&o.name)
        )
    };
    let names: Vec<String> = views.iter().map(|&v| name_of(v)).collect();
    // For each view (by its place in `views`), the views it names; then the ones that name
    // nothing still to run go first, in listed order (Kahn's algorithm). What is left (a cycle,
    // or names written another way) runs as listed.
    let reads: Vec<Vec<usize>> = views
        .iter()
        .enumerate()
        .map(|(a, &v)| {
            (0..views.len())
                .filter(|&b| b != a && objects[v].ddl.contains(names[b].as_str()))
                .collect()
        })
        .collect();
    let mut waiting: Vec<usize> = reads.iter().map(Vec::len).collect();
    let mut readers: Vec<Vec<usize>> = vec![Vec::new(); views.len()];
    for (a, read) in reads.iter().enumerate() {
        for &b in read {
            readers[b].push(a);
        }
    }
    let mut done = vec![false; views.len()];
    // The first listed of the ready ones each time: a list already in a good order stays.
    let mut ready: std::collections::BTreeSet<usize> =
        (0..views.len()).filter(|&a| waiting[a] == 0).collect();
    while let Some(a) = ready.pop_first() {
        if done[a] {
            continue;
        }
        done[a] = true;
        order.push(views[a]);
        for &r in &readers[a] {
            waiting[r] = waiting[r].saturating_sub(1);
            if waiting[r] == 0 {
                ready.insert(r);
            }
        }
    }
    order.extend((0..views.len()).filter(|&a| !done[a]).map(|a| views[a]));
    order
}

fn quoted(name: &str) -> String {
    format!("`{}`", name.replace('`', "``"))
}

/// Where each entry's `"ddl"` key is in the snapshot's JSON, in order (the entries are written
/// in order): what [`place`] and [`places`] show an entry at.
pub fn ddl_keys(json: &str) -> Vec<Span> {
    json.match_indices("\"ddl\"")
        .map(|(i, key)| Span::new(i as u32, (i + key.len()) as u32))
        .collect()
}

/// The diagnostics of a snapshot's script, placed in the snapshot's JSON: at the `"ddl"` of
/// the entry they are about (`keys`: [`ddl_keys`]), their message naming it. Labels in the
/// generated text are dropped.
pub fn place(
    keys: &[Span],
    snapshot: &Snapshot,
    script: &AsScript,
    diagnostics: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    diagnostics
        .into_iter()
        .map(|d| {
            let at = script
                .statements
                .partition_point(|(span, _)| span.start <= d.span.start)
                .saturating_sub(1);
            let object = script.statements.get(at).and_then(|(_, o)| *o);
            let (span, entry) = match object {
                Some(i) => (
                    keys.get(i).copied().unwrap_or(Span::new(0, 0)),
                    snapshot
                        .objects
                        .get(i)
                        .map(|o| format!("entry {} (`{}`)", i + 1, o.path()))
                        .unwrap_or_default(),
                ),
                None => (Span::new(0, 0), "the catalogs it names".to_string()),
            };
            let mut placed = Diagnostic::new(d.code, span, format!("{entry}: {}", d.message));
            placed.severity = d.severity;
            placed.help = d.help;
            placed
        })
        .collect()
}

/// Each object statement of a snapshot's script, and where its entry's `"ddl"` key is in the
/// JSON (`keys`: [`ddl_keys`]).
pub fn places(keys: &[Span], script: &AsScript) -> Vec<(Span, Span)> {
    script
        .statements
        .iter()
        .filter_map(|(span, object)| Some((*span, *keys.get((*object)?)?)))
        .collect()
}

/// A snapshot of what a project's catalog files create: every table (its `SHOW CREATE TABLE`
/// as flinkddl prints it, as Flink does) and view (its CREATE VIEW as written) that still
/// exists after them, in the order they were created. Tables Flink cannot print (a type
/// without a serializable form) are left out, with the reason in the second list.
pub fn of_project(project: &crate::project::Project) -> (Snapshot, Vec<String>) {
    use crate::binder::session_catalog::{CatalogObject, Lookup};
    // In the order a snapshot runs: the tables, then the views, each as they were created.
    let mut definitions: Vec<_> = project.prelude.definitions().collect();
    definitions.sort_by_key(|(_, d)| (d.kind == ObjectKind::View, d.script, d.statement.start));
    let mut objects = Vec::new();
    let mut left_out = Vec::new();
    for (path, definition) in definitions {
        let ddl = match project.prelude.catalog().lookup(path) {
            Lookup::Found(CatalogObject::Table(table)) => {
                match crate::binder::print::show_create(table) {
                    Some(ddl) => ddl,
                    None => {
                        left_out.push(format!(
                            "{}.{}.{}: Flink cannot print its SHOW CREATE TABLE",
                            path.0, path.1, path.2
                        ));
                        continue;
                    }
                }
            }
            Lookup::Found(CatalogObject::View(_)) => {
                let Some(text) = project
                    .files
                    .get((definition.script as usize).saturating_sub(1))
                    .and_then(|f| f.script.as_deref().or(f.text.as_deref()))
                    .and_then(|t| {
                        t.get(
                            definition.statement.start as usize..definition.statement.end as usize,
                        )
                    })
                else {
                    continue;
                };
                text.trim().to_string()
            }
            // Dropped (or replaced by another kind) after it was created.
            _ => continue,
        };
        let kind = match project.prelude.catalog().lookup(path) {
            Lookup::Found(CatalogObject::View(_)) => ObjectKind::View,
            _ => ObjectKind::Table,
        };
        objects.push(SnapshotObject {
            kind,
            catalog: path.0.clone(),
            database: path.1.clone(),
            name: path.2.clone(),
            ddl,
        });
    }
    let snapshot = Snapshot {
        format: FORMAT.to_string(),
        version: VERSION,
        flink_version: None,
        objects,
    };
    (snapshot, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(kind: ObjectKind, name: &str, ddl: &str) -> SnapshotObject {
        SnapshotObject {
            kind,
            catalog: "default_catalog".to_string(),
            database: "default_database".to_string(),
            name: name.to_string(),
            ddl: ddl.to_string(),
        }
    }

    /// A catalog lists by name (PyFlink's export of a real catalog did: the view `big` before
    /// the table `orders` it reads); the snapshot runs tables first, then each view after the
    /// views it reads.
    #[test]
    fn views_run_after_the_tables_and_views_they_read() {
        let q = |n: &str| format!("`default_catalog`.`default_database`.`{n}`");
        let snapshot = Snapshot {
            format: FORMAT.to_string(),
            version: VERSION,
            flink_version: None,
            objects: vec![
                object(
                    ObjectKind::View,
                    "a_top",
                    &format!(
                        "CREATE VIEW {} AS SELECT id FROM {}",
                        q("a_top"),
                        q("b_mid")
                    ),
                ),
                object(
                    ObjectKind::View,
                    "b_mid",
                    &format!(
                        "CREATE VIEW {} AS SELECT id FROM {}",
                        q("b_mid"),
                        q("orders")
                    ),
                ),
                object(
                    ObjectKind::Table,
                    "orders",
                    &format!(
                        "CREATE TABLE {} (id BIGINT) WITH ('connector' = 'datagen')",
                        q("orders")
                    ),
                ),
            ],
        };
        assert_eq!(run_order(&snapshot), vec![2, 1, 0]);
        let script = to_script(&snapshot, &|c| c == "default_catalog");
        let analysis = crate::analyze(&script.text);
        let errors: Vec<_> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.severity == crate::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{errors:?}\n{}", script.text);
    }
}
