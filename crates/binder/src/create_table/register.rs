//! The catalog's part of CREATE TABLE: the catalog and database exist (or are assumed to), the
//! table does not (IF NOT EXISTS, REPLACE), then it is stored; names of tables for
//! did-you-mean.

use crate::schema::*;
use crate::session_catalog::{CatalogObject, Lookup, ObjectPath};
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast;
use std::sync::Arc;

impl Binder<'_> {
    /// The catalog's part: existence checks, then store (or keep the old table for IF NOT
    /// EXISTS). `replace` is RTAS.
    pub(crate) fn register_table(
        &mut self,
        ct: &ast::CreateTable,
        owned_path: ObjectPath,
        mut table: TableSchema,
        replace: bool,
    ) -> Result<(), ()> {
        let path = &owned_path;
        let temporary = ct.temporary.is_some();
        if !temporary && self.options.assume_external_objects {
            // A missing catalog or database is registered (with a warning): both exist after.
            self.assume_exists(&path.0, &path.1, ct.name.span);
        } else if !temporary {
            match self.catalog.catalog(&path.0) {
                None => {
                    self.report(
                        Diagnostic::new(
                            Code::CatalogNotFound,
                            ct.name.span,
                            format!("Catalog {} does not exist.", path.0),
                        )
                        .with_help("create it first with CREATE CATALOG"),
                    );
                    return Err(());
                }
                Some(_) => {
                    if self.catalog.database_exists(&path.0, &path.1) == Some(false) {
                        self.report(
                            Diagnostic::new(
                                Code::DatabaseNotFound,
                                ct.name.span,
                                format!(
                                    "Database {} does not exist in Catalog {}.",
                                    path.1, path.0
                                ),
                            )
                            .with_help(format!(
                                "create it first: CREATE DATABASE {}.{}",
                                path.0, path.1
                            )),
                        );
                        return Err(());
                    }
                }
            }
        }
        let exists = if temporary {
            self.catalog.temporary.contains_key(path)
        } else {
            matches!(self.catalog.lookup_permanent(path), Lookup::Found(_))
        };
        // Before 2.0 the catalog manager rejects a managed table before it asks whether the
        // table exists (IF NOT EXISTS included).
        self.check_managed_table(ct, path, &table)?;
        if exists && !replace {
            if ct.if_not_exists.is_some() {
                self.catalog.touch(path, temporary);
                return Ok(());
            }
            let message = already_exists_message(path, temporary);
            self.report(
                Diagnostic::new(Code::TableAlreadyExists, ct.name.span, message)
                    .with_help("use CREATE TABLE IF NOT EXISTS, or drop the table first"),
            );
            return Err(());
        }
        if !exists && replace && ct.or_replace.is_none() && ct.replace.is_some() {
            // Bare REPLACE TABLE needs an existing table.
            self.report(Diagnostic::new(
                Code::ObjectNotFound,
                ct.name.span,
                format!(
                    "The table {} to be replaced doesn't exist. You can try to use CREATE TABLE AS statement or CREATE OR REPLACE TABLE AS statement.",
                    object_identifier(&path.0, &path.1, &path.2)
                ),
            ));
            return Err(());
        }
        // The table lives to the end of the script: no spare capacity (a watermark pushed on
        // an empty list would keep room for four).
        table.watermarks.shrink_to_fit();
        table.partition_keys.shrink_to_fit();
        table.options.shrink_to_fit();
        self.put_created(self.statement_index, owned_path, Arc::new(table), temporary);
        Ok(())
    }

    /// A table statement `index` created goes into the catalog and `created` (also the
    /// incremental replay's way to apply an unchanged CREATE TABLE, `resume.rs`).
    pub(crate) fn put_created_table(
        &mut self,
        index: usize,
        path: &ObjectPath,
        table: std::sync::Arc<TableSchema>,
        temporary: bool,
    ) {
        self.put_created(index, path.clone(), table, temporary);
    }

    /// [`Binder::put_created_table`] with the path moved into the creation order (a new
    /// table's order entry is the path itself, not a copy of it).
    fn put_created(
        &mut self,
        index: usize,
        path: ObjectPath,
        table: std::sync::Arc<TableSchema>,
        temporary: bool,
    ) {
        self.results
            .created
            .push((index, std::sync::Arc::clone(&table)));
        let object = CatalogObject::Table(table);
        if temporary {
            self.catalog
                .objects_mut()
                .temporary
                .insert(path.clone(), object);
        } else {
            self.catalog.put_permanent(&path, object);
        }
        self.catalog.touch_owned(path, temporary);
    }

    /// In deployment mode: a catalog or database the script never created is assumed to exist
    /// outside it. Says so once, with a warning, and registers it as opaque.
    pub(crate) fn assume_exists(&mut self, catalog: &str, database: &str, span: Span) {
        if self.catalog.catalog(catalog).is_none() {
            self.report(
                Diagnostic::new(
                    Code::CatalogNotFound,
                    span,
                    format!("Catalog {catalog} is not created in this script; assumed to exist."),
                )
                .with_severity(flinkddl_diagnostics::Severity::Warning)
                .with_help("in a fresh session Flink rejects this (`flinkddl check --fresh-session`); register the catalog first if the script must run on its own"),
            );
            self.catalog.add_catalog(catalog, Some("external"));
        }
        if self.catalog.database_exists(catalog, database) == Some(false) {
            self.report(
                Diagnostic::new(
                    Code::DatabaseNotFound,
                    span,
                    format!(
                        "Database {database} is not created in this script (Catalog {catalog}); assumed to exist."
                    ),
                )
                .with_severity(flinkddl_diagnostics::Severity::Warning)
                .with_help(format!(
                    "in a fresh session Flink rejects this (`flinkddl check --fresh-session`); add CREATE DATABASE IF NOT EXISTS {catalog}.{database} if the script must run on its own"
                )),
            );
            if let Some(entry) = self.catalog.objects_mut().catalogs.get_mut(catalog) {
                entry.databases.entry(database.to_string()).or_default();
            }
        }
    }
}

/// Flink's message for creating a table or view that exists (the catalog's, or the temporary
/// objects' for a temporary one).
pub(crate) fn already_exists_message(path: &ObjectPath, temporary: bool) -> String {
    if temporary {
        format!(
            "Temporary table '{}' already exists",
            object_identifier(&path.0, &path.1, &path.2)
        )
    } else {
        format!(
            "Table (or view) {}.{} already exists in Catalog {}.",
            path.1, path.2, path.0
        )
    }
}
