//! Statements other than CREATE TABLE: catalogs, databases, USE, views, DROP, ALTER TABLE.

use crate::catalog::{CatalogObject, Lookup, ViewDef};
use crate::schema::object_identifier;
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, ObjectKind, StatementKind, Use};

impl Binder<'_> {
    pub(crate) fn statement(&mut self, statement: &ast::Statement) {
        match &statement.kind {
            StatementKind::CreateTable(ct) => self.create_table(ct),
            StatementKind::CreateCatalog(c) => self.create_catalog(c),
            StatementKind::CreateDatabase(d) => self.create_database(d),
            StatementKind::Use(u) => self.use_statement(u),
            StatementKind::CreateView(v) => self.create_view(v),
            StatementKind::Drop(d) => self.drop(d),
            StatementKind::AlterTable(a) => self.alter_table(a),
            StatementKind::Explain(e) => {
                if let StatementKind::CreateTable(_) = &e.statement.kind {
                    // EXPLAIN CTAS does not create the table.
                }
            }
            _ => {}
        }
    }

    fn create_catalog(&mut self, c: &ast::CreateCatalog) {
        if self.catalog.catalog(&c.name.value).is_some() {
            if c.if_not_exists.is_none() {
                self.report(
                    Diagnostic::new(
                        Code::ObjectAlreadyExists,
                        c.name.span,
                        format!("Catalog {} already exists.", c.name.value),
                    )
                    .with_help("use CREATE CATALOG IF NOT EXISTS"),
                );
            }
            return;
        }
        let Ok(options) = c
            .with
            .as_ref()
            .map_or(Ok(Vec::new()), |w| self.property_pairs(w))
        else {
            return;
        };
        let catalog_type = options
            .iter()
            .find(|(k, _)| k == "type")
            .map(|(_, v)| v.as_str());
        self.catalog.add_catalog(&c.name.value, catalog_type);
    }

    fn create_database(&mut self, d: &ast::CreateDatabase) {
        let parts: Vec<&str> = d.name.parts.iter().map(|p| p.value.as_str()).collect();
        let (catalog, database) = match parts.as_slice() {
            [db] => (self.catalog.current_catalog.clone(), db.to_string()),
            [cat, db] => (cat.to_string(), db.to_string()),
            _ => {
                self.report(Diagnostic::new(
                    Code::InvalidIdentifier,
                    d.name.span,
                    "Database identifier must consist of 1 or 2 parts.",
                ));
                return;
            }
        };
        let Some(entry) = self.catalog.catalogs.get_mut(&catalog) else {
            self.report(Diagnostic::new(
                Code::CatalogNotFound,
                d.name.span,
                format!("Catalog {catalog} does not exist."),
            ));
            return;
        };
        if entry.databases.contains_key(&database) {
            if d.if_not_exists.is_none() {
                self.report(
                    Diagnostic::new(
                        Code::ObjectAlreadyExists,
                        d.name.span,
                        format!("Database {database} already exists in Catalog {catalog}."),
                    )
                    .with_help("use CREATE DATABASE IF NOT EXISTS"),
                );
            }
            return;
        }
        entry.databases.insert(database, Default::default());
    }

    fn use_statement(&mut self, u: &Use) {
        match u {
            Use::Catalog { name }
                if self.options.assume_external_objects
                    && self.catalog.catalog(&name.value).is_none() =>
            {
                let default = "default".to_string();
                self.assume_exists(&name.value, &default, name.span);
                self.catalog.current_catalog = name.value.to_string();
                self.catalog.current_database = default;
            }
            Use::Catalog { name } => match self.catalog.catalog(&name.value) {
                Some(entry) => {
                    let default = entry.default_database.clone();
                    self.catalog.current_catalog = name.value.to_string();
                    self.catalog.current_database = default;
                }
                None => self.report(
                    Diagnostic::new(
                        Code::CatalogNotFound,
                        name.span,
                        format!("A catalog with name [{}] does not exist.", name.value),
                    )
                    .with_help("create it first with CREATE CATALOG"),
                ),
            },
            Use::Database { name } => {
                let parts: Vec<&str> = name.parts.iter().map(|p| p.value.as_str()).collect();
                let (catalog, database) = match parts.as_slice() {
                    [db] => (self.catalog.current_catalog.clone(), db.to_string()),
                    [cat, db] => (cat.to_string(), db.to_string()),
                    _ => {
                        self.report(Diagnostic::new(
                            Code::InvalidIdentifier,
                            name.span,
                            "Database identifier must consist of 1 or 2 parts.",
                        ));
                        return;
                    }
                };
                if self.options.assume_external_objects {
                    self.assume_exists(&catalog, &database, name.span);
                }
                if self.catalog.catalog(&catalog).is_none() {
                    self.report(Diagnostic::new(
                        Code::CatalogNotFound,
                        name.span,
                        format!("Catalog {catalog} does not exist."),
                    ));
                    return;
                }
                if self.catalog.database_exists(&catalog, &database) == Some(false) {
                    self.report(
                        Diagnostic::new(
                            Code::DatabaseNotFound,
                            name.span,
                            format!("A database with name [{database}] does not exist in the catalog: [{catalog}]."),
                        )
                        .with_help("create it first with CREATE DATABASE"),
                    );
                    return;
                }
                self.catalog.current_catalog = catalog;
                self.catalog.current_database = database;
            }
            Use::Modules { .. } => {}
        }
    }

    fn create_view(&mut self, v: &ast::CreateView) {
        let Ok(path) = self.qualify(&v.name) else {
            return;
        };
        // A query that cannot read its table fails the view; whether the name is free is
        // still judged (issue 14: every independent error in one pass).
        let unreadable = v
            .query
            .simple
            .as_ref()
            .and_then(|s| s.from.as_ref())
            .is_some_and(|from| self.check_readable(from).is_err());
        let temporary = v.temporary.is_some();
        let exists = if temporary {
            self.catalog.temporary.contains_key(&path)
        } else {
            matches!(self.catalog.lookup_permanent(&path), Lookup::Found(_))
        };
        if exists {
            if v.if_not_exists.is_none() && v.or_replace.is_none() {
                let message = crate::create_table::already_exists_message(&path, temporary);
                self.report(Diagnostic::new(
                    Code::TableAlreadyExists,
                    v.name.span,
                    message,
                ));
            }
            if v.or_replace.is_none() {
                return;
            }
        }
        if unreadable {
            return;
        }
        let view = CatalogObject::View(ViewDef { columns: None });
        if temporary {
            self.catalog.temporary.insert(path, view);
        } else {
            if self.catalog.database_exists(&path.0, &path.1) == Some(false) {
                self.report(Diagnostic::new(
                    Code::DatabaseNotFound,
                    v.name.span,
                    format!("Database {} does not exist in Catalog {}.", path.1, path.0),
                ));
                return;
            }
            self.catalog.put_permanent(&path, view);
        }
    }

    /// DROP [TEMPORARY] TABLE | VIEW, as Flink's `CatalogManager` does it: a permanent drop
    /// fails while a temporary object of the same kind shadows the name (even with IF EXISTS);
    /// a name of the other kind is missing.
    fn drop(&mut self, d: &ast::Drop) {
        if !matches!(d.object, ObjectKind::Table | ObjectKind::View) {
            return;
        }
        let Ok(path) = self.qualify(&d.name) else {
            return;
        };
        let view = d.object == ObjectKind::View;
        let same_kind = |o: &CatalogObject| matches!(o, CatalogObject::View(_)) == view;
        let (kind, noun) = if view { ("View", "view") } else { ("Table", "table") };
        let summary = format!("{}.{}.{}", path.0, path.1, path.2);
        if d.temporary.is_some() {
            if self.catalog.temporary.get(&path).is_some_and(same_kind) {
                self.catalog.temporary.remove(&path);
                self.catalog.forget(&path, true);
            } else if d.if_exists.is_none() {
                let help = match self.catalog.temporary.get(&path) {
                    Some(CatalogObject::View(_)) => "it is a temporary view: use DROP TEMPORARY VIEW",
                    Some(_) => "it is a temporary table: use DROP TEMPORARY TABLE",
                    None => "use DROP TEMPORARY ... IF EXISTS",
                };
                self.report_missing(
                    d.name.span,
                    &path,
                    format!("Temporary table or view with identifier '{summary}' does not exist."),
                    help,
                );
            }
            return;
        }
        if self.catalog.temporary.get(&path).is_some_and(same_kind) {
            self.report(
                Diagnostic::new(
                    Code::DropShadowedByTemporary,
                    d.name.span,
                    format!(
                        "Temporary {noun} with identifier '{}' exists. Drop it first before removing the permanent {noun}.",
                        object_identifier(&path.0, &path.1, &path.2)
                    ),
                )
                .with_help(format!(
                    "a temporary {noun} of this name hides the permanent one: DROP TEMPORARY {} first",
                    kind.to_uppercase()
                )),
            );
            return;
        }
        let (found, help) = match self.catalog.lookup_permanent(&path) {
            Lookup::Found(o) if same_kind(o) => (true, ""),
            Lookup::Found(CatalogObject::View(_)) => (false, "it is a view: use DROP VIEW"),
            Lookup::Found(_) => (false, "it is a table: use DROP TABLE"),
            Lookup::Missing => (false, "use DROP ... IF EXISTS"),
            Lookup::Unknowable => return,
        };
        if found {
            self.catalog.remove_permanent(&path);
            self.catalog.forget(&path, false);
        } else if d.if_exists.is_none() {
            self.report_missing(
                d.name.span,
                &path,
                format!("{kind} with identifier '{summary}' does not exist."),
                help,
            );
        }
    }

    /// A statement names an object that does not exist: an error in a fresh session; when
    /// external objects are assumed, the object may come from elsewhere, so only a name close
    /// to one of this script's tables (a likely typo) is reported, as a warning (as `B063`).
    pub(crate) fn report_missing(
        &mut self,
        span: flinkddl_diagnostics::Span,
        path: &crate::catalog::ObjectPath,
        message: String,
        help: &str,
    ) {
        let similar = self.similar_table(&path.2).filter(|s| *s != path.2);
        if self.options.assume_external_objects {
            if let Some(name) = similar {
                self.report(
                    Diagnostic::new(
                        Code::ObjectNotFound,
                        span,
                        format!("{message} in this script; assumed to exist elsewhere"),
                    )
                    .with_severity(flinkddl_diagnostics::Severity::Warning)
                    .with_help(format!("did you mean `{name}`?")),
                );
            }
            return;
        }
        let help = match similar {
            Some(name) => format!("did you mean `{name}`? Otherwise {help}"),
            None => help.to_string(),
        };
        self.report(Diagnostic::new(Code::ObjectNotFound, span, message).with_help(help));
    }
}
