//! Statements other than CREATE TABLE: catalogs, databases, USE, views, DROP, ALTER TABLE.

use crate::schema::object_identifier;
use crate::session_catalog::{CatalogObject, Lookup, ViewDef};
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, ObjectKind, StatementKind, Use};

impl Binder<'_> {
    /// Applies the statement, with what its query's resolution found (`resolved`) and its
    /// dynamic table options (`hints`).
    pub(crate) fn statement(
        &mut self,
        statement: &ast::Statement,
        resolved: crate::query::Resolved,
        hints: &[crate::hints::Hinted],
    ) {
        match &statement.kind {
            StatementKind::CreateTable(ct) => self.create_table(ct, resolved.query_output, hints),
            StatementKind::CreateCatalog(c) => self.create_catalog(c),
            StatementKind::CreateDatabase(d) => self.create_database(d),
            StatementKind::Use(u) => self.use_statement(u),
            StatementKind::CreateView(v) => self.create_view(v, resolved),
            StatementKind::Drop(d) => match d.object {
                ObjectKind::Database => self.drop_database(d),
                ObjectKind::Catalog => self.drop_catalog(d),
                _ => self.drop(d),
            },
            StatementKind::Show(show) => self.show(show, statement.span),
            StatementKind::Describe(describe) => self.describe(describe),
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
        if self.catalog.catalog(c.name.value).is_some() {
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
        self.catalog.add_catalog(c.name.value, catalog_type);
    }

    /// `[catalog.]database`, in the current catalog when it has one part; `None` for any
    /// other number of parts.
    fn database_path(&self, name: &ast::ObjectName) -> Option<(String, String)> {
        match name.parts.as_slice() {
            [db] => Some((self.catalog.current_catalog.clone(), db.value.to_string())),
            [cat, db] => Some((cat.value.to_string(), db.value.to_string())),
            _ => None,
        }
    }

    /// [`Self::database_path`], reporting a name of any other number of parts as Flink does.
    fn database_path_reported(&mut self, name: &ast::ObjectName) -> Option<(String, String)> {
        let path = self.database_path(name);
        if path.is_none() {
            self.report(Diagnostic::new(
                Code::InvalidIdentifier,
                name.span,
                "Database identifier must consist of 1 or 2 parts.",
            ));
        }
        path
    }

    fn create_database(&mut self, d: &ast::CreateDatabase) {
        let Some((catalog, database)) = self.database_path_reported(&d.name) else {
            return;
        };
        let Some(entry) = self.catalog.objects_mut().catalogs.get_mut(&catalog) else {
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
                    && self.catalog.catalog(name.value).is_none() =>
            {
                let default = "default".to_string();
                self.assume_exists(name.value, &default, name.span);
                self.catalog.current_catalog = name.value.to_string();
                self.catalog.current_database = default;
            }
            Use::Catalog { name } => match self.catalog.catalog(name.value) {
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
                let Some((catalog, database)) = self.database_path_reported(name) else {
                    return;
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

    fn create_view(&mut self, v: &ast::CreateView, resolved: crate::query::Resolved) {
        let Ok(path) = self.qualify(&v.name) else {
            return;
        };
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
        let view = CatalogObject::View(ViewDef {
            columns: resolved.view_columns,
            statement: self.statement_index,
            script: self.project.script,
            fails_when_planned: resolved.view_planner_error,
        });
        if temporary {
            self.catalog.objects_mut().temporary.insert(path, view);
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
        let (kind, noun) = if view {
            ("View", "view")
        } else {
            ("Table", "table")
        };
        let summary = format!("{}.{}.{}", path.0, path.1, path.2);
        if d.temporary.is_some() {
            if self.catalog.temporary.get(&path).is_some_and(same_kind) {
                self.catalog.objects_mut().temporary.remove(&path);
                self.catalog.forget(&path, true);
            } else if d.if_exists.is_none() {
                let help = match self.catalog.temporary.get(&path) {
                    Some(CatalogObject::View(_)) => {
                        "it is a temporary view: use DROP TEMPORARY VIEW"
                    }
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
    /// external objects are assumed, the object may come from elsewhere, so a warning (with a
    /// did-you-mean when the name is close to one of this script's tables).
    pub(crate) fn report_missing(
        &mut self,
        span: flinkddl_diagnostics::Span,
        path: &crate::session_catalog::ObjectPath,
        message: String,
        help: &str,
    ) {
        // A CREATE earlier in the script declared it and failed: its error is the one to fix.
        if self.is_declared(path) && matches!(self.catalog.lookup(path), Lookup::Missing) {
            return;
        }
        let similar = self.similar_table(&path.2).filter(|s| *s != path.2);
        if self.options.assume_external_objects {
            let d = Diagnostic::new(
                Code::ObjectNotFound,
                span,
                format!("{message} in this script; assumed to exist elsewhere"),
            )
            .with_severity(flinkddl_diagnostics::Severity::Warning);
            let d = match similar {
                Some(name) => self
                    .with_rename(d, span, &name)
                    .with_help(format!("did you mean `{name}`?")),
                None => d.with_help("flinkddl assumes it exists in the deployment; in a fresh session Flink rejects this (`flinkddl check --fresh-session`)"),
            };
            self.report(d);
            return;
        }
        let d = Diagnostic::new(Code::ObjectNotFound, span, message);
        let d = match similar {
            Some(name) => self
                .with_rename(d, span, &name)
                .with_help(format!("did you mean `{name}`? Otherwise {help}")),
            None => d.with_help(help.to_string()),
        };
        self.report(d);
    }

    /// `d` with the fix of its did-you-mean: `suggestion` in place of the name written at
    /// `span` (of its last part: `orders` of `db.orders`). Unsafe, as every guess.
    pub(crate) fn with_rename(
        &self,
        d: Diagnostic,
        span: flinkddl_diagnostics::Span,
        suggestion: &str,
    ) -> Diagnostic {
        match flinkddl_syntax::last_name_part(self.source, span) {
            Some(part) => d.with_fix(flinkddl_syntax::rename_fix(part, suggestion)),
            None => d,
        }
    }

    /// SHOW CREATE TABLE | VIEW, SHOW COLUMNS and SHOW PARTITIONS of a table or view that does
    /// not exist, or is of the other kind, or is not partitioned: Flink's messages.
    fn show(&mut self, show: &ast::Show, span: flinkddl_diagnostics::Span) {
        let what = show.what;
        let (name, parts): (flinkddl_diagnostics::Span, Vec<String>) = match (what, &show.name) {
            ("CREATE TABLE" | "CREATE VIEW" | "PARTITIONS", Some(name)) => (
                name.span,
                name.parts.iter().map(|p| p.value.to_string()).collect(),
            ),
            ("COLUMNS", _) => match show_columns_target(self.source, span) {
                Some(found) => (found.1, found.0),
                None => return,
            },
            ("TABLES" | "VIEWS" | "DATABASES", _) => {
                if let Some((parts, at)) = show_columns_target(self.source, span) {
                    self.show_in(what, &parts, at);
                }
                return;
            }
            ("CREATE CATALOG", Some(name)) => {
                if let [catalog] = name.parts.as_slice() {
                    self.catalog_metadata(catalog.value, name.span);
                }
                return;
            }
            _ => return,
        };
        let Some(path) = self.catalog.qualify(&parts) else {
            return;
        };
        let quoted = object_identifier(&path.0, &path.1, &path.2);
        let summary = format!("{}.{}.{}", path.0, path.1, path.2);
        let found = match self.catalog.lookup(&path) {
            Lookup::Unknowable => return,
            Lookup::Missing => None,
            Lookup::Found(o) => Some(o.clone()),
        };
        match (what, found) {
            ("CREATE TABLE", None) => self.report_missing(
                name,
                &path,
                format!("Could not execute SHOW CREATE TABLE. Table with identifier {quoted} does not exist."),
                "create the table before this statement",
            ),
            ("CREATE VIEW", None) => self.report_missing(
                name,
                &path,
                format!("Could not execute SHOW CREATE VIEW. View with identifier {quoted} does not exist."),
                "create the view before this statement",
            ),
            ("CREATE TABLE", Some(CatalogObject::View(_))) => self.report(
                Diagnostic::new(
                    Code::WrongObjectKind,
                    name,
                    format!("SHOW CREATE TABLE is only supported for tables, but {quoted} is a view. Please use SHOW CREATE VIEW instead."),
                )
                .with_help("write SHOW CREATE VIEW"),
            ),
            ("CREATE VIEW", Some(CatalogObject::Table(_))) => self.report(
                Diagnostic::new(
                    Code::WrongObjectKind,
                    name,
                    format!("SHOW CREATE VIEW is only supported for views, but {quoted} is a table. Please use SHOW CREATE TABLE instead."),
                )
                .with_help("write SHOW CREATE TABLE"),
            ),
            ("COLUMNS", None) => self.report_missing(
                name,
                &path,
                format!("Tables or views with the identifier '{summary}' doesn't exist."),
                "create the table before this statement",
            ),
            ("PARTITIONS", found) => {
                // With a PARTITION spec Flink checks the partitioning first.
                let with_spec = span.text(self.source).to_uppercase().contains("PARTITION (")
                    || span.text(self.source).to_uppercase().contains("PARTITION(");
                let partitioned = match &found {
                    Some(CatalogObject::Table(t)) => !t.partition_keys.is_empty(),
                    _ => false,
                };
                if found.is_none() && !with_spec {
                    self.report_missing(
                        name,
                        &path,
                        format!(
                            "Table (or view) {}.{} does not exist in Catalog {}.",
                            path.1, path.2, path.0
                        ),
                        "create the table before this statement",
                    );
                } else if !partitioned && (found.is_some() || !self.options.assume_external_objects) {
                    self.report(
                        Diagnostic::new(
                            Code::WrongObjectKind,
                            name,
                            format!(
                                "Table {}.{} in catalog {} is not partitioned.",
                                path.1, path.2, path.0
                            ),
                        )
                        .with_help("SHOW PARTITIONS lists the partitions of a table declared with PARTITIONED BY"),
                    );
                }
            }
            _ => {}
        }
    }

    /// SHOW TABLES | VIEWS FROM a database, SHOW DATABASES FROM a catalog, that does not exist.
    fn show_in(&mut self, what: &str, parts: &[String], at: flinkddl_diagnostics::Span) {
        if self.options.assume_external_objects {
            return;
        }
        let (catalog, database) = match (what, parts) {
            ("DATABASES", [catalog]) => (catalog.clone(), None),
            ("TABLES" | "VIEWS", [database]) => {
                (self.catalog.current_catalog.clone(), Some(database.clone()))
            }
            ("TABLES" | "VIEWS", [catalog, database]) => (catalog.clone(), Some(database.clone())),
            _ => return,
        };
        if self.catalog.catalog(&catalog).is_none() {
            self.report(
                Diagnostic::new(
                    Code::CatalogNotFound,
                    at,
                    format!("Catalog {catalog} does not exist"),
                )
                .with_help("create it first with CREATE CATALOG"),
            );
            return;
        }
        if let Some(database) = database {
            if self.catalog.database_exists(&catalog, &database) == Some(false) {
                self.report(
                    Diagnostic::new(
                        Code::DatabaseNotFound,
                        at,
                        format!("Database '{catalog}'.'{database}' doesn't exist."),
                    )
                    .with_help("create it first with CREATE DATABASE"),
                );
            }
        }
    }

    /// DESCRIBE CATALOG and SHOW CREATE CATALOG of a catalog that does not exist.
    fn catalog_metadata(&mut self, catalog: &str, at: flinkddl_diagnostics::Span) {
        if self.catalog.catalog(catalog).is_none() && !self.options.assume_external_objects {
            self.report(
                Diagnostic::new(
                    Code::CatalogNotFound,
                    at,
                    format!("Cannot obtain metadata information from Catalog {catalog}."),
                )
                .with_help("create it first with CREATE CATALOG"),
            );
        }
    }

    /// DESCRIBE | DESC [EXTENDED] of a table or view that does not exist.
    fn describe(&mut self, describe: &ast::Describe) {
        if let (Some(ObjectKind::Catalog), Some(name)) = (describe.object, &describe.name) {
            if let [catalog] = name.parts.as_slice() {
                self.catalog_metadata(catalog.value, name.span);
            }
            return;
        }
        let (None, Some(name)) = (describe.object, &describe.name) else {
            return;
        };
        let parts: Vec<String> = name.parts.iter().map(|p| p.value.to_string()).collect();
        let Some(path) = self.catalog.qualify(&parts) else {
            return;
        };
        if let Lookup::Missing = self.catalog.lookup(&path) {
            self.report_missing(
                name.span,
                &path,
                format!(
                    "Tables or views with the identifier '{}.{}.{}' doesn't exist.",
                    path.0, path.1, path.2
                ),
                "create the table before this statement",
            );
        }
    }

    /// DROP DATABASE, as Flink's catalog manager: the catalog must exist (even with IF
    /// EXISTS), then the database, which must not be the current one nor, without CASCADE,
    /// hold tables or views.
    fn drop_database(&mut self, d: &ast::Drop) {
        let Some((catalog, database)) = self.database_path(&d.name) else {
            return;
        };
        let Some(entry) = self.catalog.catalog(&catalog) else {
            if !self.options.assume_external_objects {
                self.report(
                    Diagnostic::new(
                        Code::CatalogNotFound,
                        d.name.span,
                        format!("Catalog {catalog} does not exist."),
                    )
                    .with_help(
                        "create the catalog first (IF EXISTS does not cover a missing catalog)",
                    ),
                );
            }
            return;
        };
        if entry.opaque {
            return;
        }
        let Some(objects) = entry.databases.get(&database) else {
            if d.if_exists.is_none() && !self.options.assume_external_objects {
                self.report(
                    Diagnostic::new(
                        Code::DatabaseNotFound,
                        d.name.span,
                        format!("Database {database} does not exist in Catalog {catalog}."),
                    )
                    .with_help("use DROP DATABASE IF EXISTS"),
                );
            }
            return;
        };
        if catalog == self.catalog.current_catalog && database == self.catalog.current_database {
            self.report(
                Diagnostic::new(
                    Code::WrongObjectKind,
                    d.name.span,
                    "Cannot drop a database which is currently in use.",
                )
                .with_help("switch to another database first (USE ...)"),
            );
            return;
        }
        if !objects.is_empty() && !d.cascade {
            self.report(
                Diagnostic::new(
                    Code::WrongObjectKind,
                    d.name.span,
                    format!("Database {database} in catalog {catalog} is not empty."),
                )
                .with_help("drop its tables and views first, or add CASCADE"),
            );
            return;
        }
        let names: Vec<String> = objects.keys().cloned().collect();
        for name in names {
            self.catalog
                .forget(&(catalog.clone(), database.clone(), name), false);
        }
        if let Some(entry) = self.catalog.objects_mut().catalogs.get_mut(&catalog) {
            entry.databases.remove(&database);
        }
    }

    /// DROP CATALOG: it must exist (unless IF EXISTS) and not be the current one.
    fn drop_catalog(&mut self, d: &ast::Drop) {
        let [name] = d.name.parts.as_slice() else {
            return;
        };
        let catalog = name.value.to_string();
        if self.catalog.catalog(&catalog).is_none() {
            if d.if_exists.is_none() && !self.options.assume_external_objects {
                self.report(
                    Diagnostic::new(
                        Code::CatalogNotFound,
                        d.name.span,
                        format!("Catalog {catalog} does not exist."),
                    )
                    .with_help("use DROP CATALOG IF EXISTS"),
                );
            }
            return;
        }
        if catalog == self.catalog.current_catalog {
            self.report(
                Diagnostic::new(
                    Code::WrongObjectKind,
                    d.name.span,
                    "Cannot drop a catalog which is currently in use.",
                )
                .with_help("switch to another catalog first (USE CATALOG ...)"),
            );
            return;
        }
        if let Some(entry) = self.catalog.objects_mut().catalogs.remove(&catalog) {
            for (database, objects) in entry.databases {
                for name in objects.into_keys() {
                    self.catalog
                        .forget(&(catalog.clone(), database.clone(), name), false);
                }
            }
        }
    }
}

/// The table a `SHOW COLUMNS FROM | IN name [LIKE ...]` statement names (the parser keeps no
/// name for it): its parts and span.
fn show_columns_target(
    source: &str,
    span: flinkddl_diagnostics::Span,
) -> Option<(Vec<String>, flinkddl_diagnostics::Span)> {
    use flinkddl_syntax::{Keyword as K, TokenKind as T, TokenView};
    let text = span.text(source);
    let lexed = flinkddl_syntax::lex(text).tokens;
    let tokens = TokenView::new(text, &lexed);
    let from = tokens
        .iter()
        .position(|t| t.kind == T::Word && matches!(t.keyword, K::FROM | K::IN))?;
    let (parts, after) = tokens.dotted_name(from + 1, tokens.len());
    let name = tokens.get(from + 1..after)?;
    // Every part a name (a reserved word is none), the last one too (not a dot).
    let is_part = |t: &flinkddl_syntax::Token| {
        t.kind == T::QuotedIdent || (t.kind == T::Word && !t.keyword.is_reserved())
    };
    let last = name.last().filter(|t| is_part(t))?;
    if name.iter().any(|t| t.kind != T::Dot && !is_part(t)) {
        return None;
    }
    let first = name.first()?;
    let (parts, end): (Vec<String>, u32) = (
        parts
            .into_iter()
            .map(std::borrow::Cow::into_owned)
            .collect(),
        last.span.end,
    );
    Some((
        parts,
        flinkddl_diagnostics::Span::new(span.start + first.span.start, span.start + end),
    ))
}
