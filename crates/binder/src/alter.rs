//! ALTER TABLE on a permanent table: add, modify, drop and rename columns, the primary key, the
//! watermark and the distribution; SET and RESET options. Messages are Flink's
//! (`AlterSchemaConverter`), each after "Failed to execute ALTER TABLE statement.".

use crate::create_table::{distribution_from_ast, expr_text, finish_columns, Col};
use crate::schema::*;
use crate::session_catalog::{CatalogObject, ObjectPath};
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{
    self, AlterItem, AlterTableAction, ColumnKind as AstKind, ColumnPosition, ConstraintKind,
    TableElement,
};
use flinkddl_types::{DataType, TimestampKind};

/// Whether an ADD/MODIFY declares a watermark itself (that one is checked as it is bound).
fn declares_watermark(items: &[AlterItem]) -> bool {
    items.iter().any(|i| {
        matches!(i, AlterItem::Element { element, .. } if matches!(element, TableElement::Watermark(_)))
    })
}

fn failed(detail: impl std::fmt::Display) -> String {
    format!("Failed to execute ALTER TABLE statement.\n{detail}")
}

impl Binder<'_> {
    pub(crate) fn alter_table(&mut self, a: &ast::AlterTable) {
        let Ok(path) = self.qualify(&a.name) else {
            return;
        };
        // Flink alters permanent tables only.
        let table = match self.catalog.lookup_permanent(&path) {
            crate::session_catalog::Lookup::Found(CatalogObject::Table(t)) => {
                Some(TableSchema::clone(t))
            }
            crate::session_catalog::Lookup::Unknowable => return,
            _ => None,
        };
        let Some(mut table) = table else {
            if a.if_exists.is_none() {
                self.report(
                    Diagnostic::new(
                        Code::ObjectNotFound,
                        a.name.span,
                        format!(
                            "Table {} doesn't exist or is a temporary table.",
                            object_identifier(&path.0, &path.1, &path.2)
                        ),
                    )
                    .with_help("ALTER TABLE changes permanent tables that exist at this point of the script"),
                );
            }
            return;
        };
        if self.apply_alter(&mut table, &a.action, a.name.span).is_ok() {
            if let AlterTableAction::RenameTo { new_name } = &a.action {
                let Ok(new_path) = self.qualify(new_name) else {
                    return;
                };
                self.catalog.remove_permanent(&path);
                table.catalog = new_path.0.as_str().into();
                table.database = new_path.1.as_str().into();
                table.name = new_path.2.as_str().into();
                self.catalog.rename_in_order(&path, &new_path, false);
                self.store(&new_path, table);
            } else {
                self.store(&path, table);
            }
        }
    }

    fn store(&mut self, path: &ObjectPath, table: TableSchema) {
        self.catalog
            .put_permanent(path, CatalogObject::Table(std::sync::Arc::new(table)));
    }

    fn alter_error(
        &mut self,
        code: Code,
        span: Span,
        detail: impl std::fmt::Display,
    ) -> Result<(), ()> {
        self.report(Diagnostic::new(code, span, failed(detail)));
        Err(())
    }

    fn apply_alter(
        &mut self,
        table: &mut TableSchema,
        action: &AlterTableAction,
        span: Span,
    ) -> Result<(), ()> {
        match action {
            AlterTableAction::Set { properties } => {
                let pairs = self.property_pairs(properties)?;
                for (k, v) in pairs {
                    match table.options.iter_mut().find(|(ek, _)| *ek == k) {
                        Some(e) => e.1 = v,
                        None => table.options.push((k, v)),
                    }
                }
                Ok(())
            }
            AlterTableAction::Reset { keys } => {
                for key in keys {
                    if key.value == "connector" {
                        self.report(Diagnostic::new(
                            Code::InvalidOption,
                            key.span,
                            "ALTER TABLE RESET does not support changing 'connector'",
                        ));
                        return Err(());
                    }
                    if key.value.is_empty() {
                        self.report(Diagnostic::new(
                            Code::InvalidOption,
                            key.span,
                            "ALTER TABLE RESET does not support empty key",
                        ));
                        return Err(());
                    }
                }
                table
                    .options
                    .retain(|(k, _)| !keys.iter().any(|key| key.value == *k));
                Ok(())
            }
            AlterTableAction::RenameTo { .. } => Ok(()),
            AlterTableAction::Other { .. } => {
                table.complete = false;
                Ok(())
            }
            _ => self.alter_schema(table, action, span),
        }
    }

    fn alter_schema(
        &mut self,
        table: &mut TableSchema,
        action: &AlterTableAction,
        span: Span,
    ) -> Result<(), ()> {
        // The comments are borrowed from a copy: the table is rewritten at the end.
        let comments = table.column_comments.clone();
        let mut columns: Vec<Col<'_>> = table
            .columns
            .iter()
            .enumerate()
            .map(|(index, c)| Col::from_schema(c, comments.get(index)))
            .collect();
        let mut watermarks = table.watermarks.clone();
        let mut primary_key = table.primary_key.clone();
        let mut distribution = table.distribution.clone();
        match action {
            AlterTableAction::AddOrModify { modify, items } => {
                // Flink's `SchemaConverter`: it places every column (name and position checks),
                // then derives the types of the physical and metadata columns, and resolves the
                // computed columns, the watermark and the key against the new schema last. We
                // judge every item in that order (issue 14): Flink's error comes first, and a
                // column that fails stays in place, unknown, so later items say nothing of it.
                let mut failed = false;
                let mut placed: Vec<&ast::ColumnDef> = Vec::new();
                for item in items {
                    if let AlterItem::Element {
                        element: TableElement::Column(def),
                        position,
                    } = item
                    {
                        match self.place_column(&mut columns, def, position.as_ref(), *modify) {
                            Ok(()) => placed.push(def),
                            Err(()) => failed = true,
                        }
                    }
                }
                for def in placed
                    .iter()
                    .filter(|d| !matches!(d.kind, AstKind::Computed { .. }))
                {
                    failed |= self.type_column(&mut columns, def).is_err();
                }
                for def in placed
                    .iter()
                    .filter(|d| matches!(d.kind, AstKind::Computed { .. }))
                {
                    failed |= self.type_column(&mut columns, def).is_err();
                }
                for item in items {
                    match item {
                        AlterItem::Distribution(d) => {
                            distribution = Some(distribution_from_ast(d, self.source));
                        }
                        AlterItem::Element { element, .. } => {
                            failed |= self
                                .alter_element(
                                    &mut columns,
                                    &mut watermarks,
                                    &mut primary_key,
                                    element,
                                    *modify,
                                )
                                .is_err();
                        }
                    }
                }
                // The table's other computed columns are resolved again against the new schema,
                // and so is its watermark's rowtime column.
                failed |= self.retype_computed(&mut columns, span).is_err();
                if !failed && !declares_watermark(items) {
                    for w in &watermarks {
                        let Some(t) = columns
                            .iter()
                            .find(|c| c.name == w.rowtime)
                            .and_then(|c| c.data_type.as_ref())
                        else {
                            continue;
                        };
                        // A key column is NOT NULL in the new schema.
                        let keyed = primary_key
                            .as_ref()
                            .is_some_and(|pk| pk.columns.contains(&w.rowtime));
                        let t = if keyed {
                            DataType::clone(t).not_null()
                        } else {
                            DataType::clone(t)
                        };
                        if let Some(message) = crate::expr::check_rowtime_type(&t) {
                            self.report(Diagnostic::new(Code::WatermarkColumnType, span, message));
                            failed = true;
                        }
                    }
                }
                if failed {
                    return Err(());
                }
            }
            AlterTableAction::DropColumns { columns: names } => {
                // Every name is judged; a name that cannot be dropped stays.
                let mut failed = false;
                for name in names {
                    let col = name
                        .parts
                        .last()
                        .map_or(String::new(), |p| p.value.to_string());
                    let Some(index) = columns.iter().position(|c| c.name == col) else {
                        let _ = self.alter_error(
                            Code::ObjectNotFound,
                            name.span,
                            format!("The column `{col}` does not exist in the base table."),
                        );
                        failed = true;
                        continue;
                    };
                    if let Some(detail) = drop_column_conflict(
                        &col,
                        &columns,
                        &table.partition_keys,
                        distribution.as_ref(),
                        primary_key.as_ref(),
                        &watermarks,
                    ) {
                        let _ = self.alter_error(Code::InvalidExpression, name.span, detail);
                        failed = true;
                        continue;
                    }
                    columns.remove(index);
                }
                if failed {
                    return Err(());
                }
            }
            AlterTableAction::DropPrimaryKey => {
                let had_key = primary_key.take().is_some();
                if !had_key {
                    return self.alter_error(
                        Code::ObjectNotFound,
                        span,
                        "The current table does not define any primary key.",
                    );
                }
            }
            AlterTableAction::DropConstraint { name } => match &primary_key {
                Some(pk) if pk.name == name.value => primary_key = None,
                _ => {
                    let available = primary_key
                        .as_ref()
                        .map(|pk| format!("'{}'", pk.name))
                        .unwrap_or_default();
                    return self.alter_error(
                        Code::ObjectNotFound,
                        name.span,
                        format!(
                            "The current table does not define a primary key constraint named '{}'. Available constraint name: [{available}].",
                            name.value
                        ),
                    );
                }
            },
            AlterTableAction::DropWatermark => {
                if watermarks.is_empty() {
                    return self.alter_error(
                        Code::ObjectNotFound,
                        span,
                        "The current table does not define any watermark strategy.",
                    );
                }
                watermarks.clear();
            }
            AlterTableAction::DropDistribution => distribution = None,
            AlterTableAction::RenameColumn { old, new } => {
                let old_name = old
                    .parts
                    .last()
                    .map_or(String::new(), |p| p.value.to_string());
                if columns.iter().any(|c| c.name == new.value) {
                    return self.alter_error(
                        Code::DuplicateColumn,
                        new.span,
                        format!(
                            "The column `{}` already existed in table schema.",
                            new.value
                        ),
                    );
                }
                if !columns.iter().any(|c| c.name == old_name) {
                    return self.alter_error(
                        Code::ObjectNotFound,
                        old.span,
                        format!("The column `{old_name}` does not exist in the base table."),
                    );
                }
                if table.partition_keys.contains(&old_name) {
                    return self.alter_error(
                        Code::InvalidExpression,
                        old.span,
                        format!("The column `{old_name}` is used as the partition keys."),
                    );
                }
                if distribution
                    .as_ref()
                    .is_some_and(|d| d.bucket_keys.contains(&old_name))
                {
                    return self.alter_error(
                        Code::InvalidExpression,
                        old.span,
                        format!("The column `{old_name}` is used as a distribution key."),
                    );
                }
                // Flink does not rewrite the expressions that use the column.
                let quoted = format!("`{}`", old_name.replace('`', "``"));
                let mut users: Vec<&str> = columns
                    .iter()
                    .filter(|c| match &c.kind {
                        ColumnKind::Computed(computed) => computed.expr.contains(&quoted),
                        _ => false,
                    })
                    .map(|c| c.name.as_str())
                    .collect();
                if !users.is_empty() {
                    users.sort_unstable();
                    let list: Vec<String> = users.iter().map(|u| format!("`{u}`")).collect();
                    return self.alter_error(
                        Code::InvalidExpression,
                        old.span,
                        format!(
                            "The column `{old_name}` is referenced by computed column {}.",
                            list.join(", ")
                        ),
                    );
                }
                if watermarks
                    .iter()
                    .any(|w| w.rowtime == old_name || w.expr.contains(&quoted))
                {
                    return self.alter_error(
                        Code::InvalidExpression,
                        old.span,
                        format!("The column `{old_name}` is referenced by watermark expression."),
                    );
                }
                let Some(c) = columns.iter_mut().find(|c| c.name == old_name) else {
                    return Err(());
                };
                c.name = new.value.into();
                if let Some(pk) = primary_key.as_mut() {
                    for k in pk.columns.iter_mut().filter(|k| **k == old_name) {
                        *k = new.value.to_string();
                    }
                }
                for w in watermarks.iter_mut().filter(|w| w.rowtime == old_name) {
                    w.rowtime = new.value.to_string();
                }
                for k in table.partition_keys.iter_mut().filter(|k| **k == old_name) {
                    *k = new.value.to_string();
                }
            }
            _ => {}
        }
        // Re-derive what Flink re-derives: key columns NOT NULL, the rowtime marker.
        if let Some(pk) = &primary_key {
            for c in columns
                .iter_mut()
                .filter(|c| pk.columns.iter().any(|k| *k == c.name))
            {
                c.data_type = c.data_type.take().map(|t| self.not_null(t));
            }
        }
        for w in &watermarks {
            if let Some(c) = columns.iter_mut().find(|c| c.name == w.rowtime) {
                c.data_type = c.data_type.take().map(|t| {
                    self.caches
                        .type_cache
                        .intern(DataType::clone(&t).with_timestamp_kind(TimestampKind::Rowtime))
                });
            }
        }
        table.complete &= columns.iter().all(|c| c.data_type.is_some());
        (table.columns, table.column_comments) = finish_columns(columns);
        table.watermarks = watermarks;
        table.primary_key = primary_key;
        table.distribution = distribution;
        Ok(())
    }

    /// Types again the computed columns the table had (their stored text) against the altered
    /// columns, as Flink resolves the whole new schema: a modified column changes their types,
    /// and an expression that no longer types fails the statement.
    fn retype_computed(&mut self, columns: &mut [Col], span: Span) -> Result<(), ()> {
        use crate::expr::ExprOutcome;
        if columns
            .iter()
            .any(|c| !c.is_computed() && c.data_type.is_none())
        {
            // A column we could not type: the expressions cannot be judged.
            return Ok(());
        }
        for (index, stored, outcome) in crate::create_table::rebind_inherited_computed(columns) {
            let c = &mut columns[index];
            match outcome {
                ExprOutcome::Typed(t) => {
                    c.data_type = Some(self.caches.type_cache.intern(t.data_type))
                }
                ExprOutcome::NotTyped { .. } => c.data_type = None,
                ExprOutcome::Rejected(diags) => {
                    // The spans are in the stored text: point at the statement.
                    for d in diags {
                        let mut d = d;
                        d.span = span;
                        d.labels.clear();
                        d.fix = None;
                        let d = d.with_help(format!(
                            "the computed column `{}` AS {stored} no longer types against the altered columns",
                            c.name
                        ));
                        self.report(d);
                    }
                    return Err(());
                }
            }
        }
        Ok(())
    }

    /// Checks an added or modified column's name and position and puts it in place, its type
    /// still unknown (`type_column` derives it).
    fn place_column<'a>(
        &mut self,
        columns: &mut Vec<Col<'a>>,
        def: &ast::ColumnDef<'a>,
        position: Option<&ColumnPosition>,
        modify: bool,
    ) -> Result<(), ()> {
        let name = def.name.value.to_string();
        let existing = columns.iter().position(|c| c.name == name);
        match (existing, modify) {
            (Some(_), false) => {
                return self.alter_error(
                    Code::DuplicateColumn,
                    def.name.span,
                    format!("Column `{name}` already exists in the table."),
                )
            }
            (None, true) => {
                return self.alter_error(
                    Code::ObjectNotFound,
                    def.name.span,
                    format!("Column `{name}` does not exist in the table."),
                )
            }
            _ => {}
        }
        let kind = match &def.kind {
            AstKind::Physical { .. } => ColumnKind::Physical,
            AstKind::Metadata { from, virtual_, .. } => {
                ColumnKind::metadata(from.as_ref().map(|f| f.value), virtual_.is_some())
            }
            AstKind::Computed { expr } => ColumnKind::computed(expr_text(self.source, expr), false),
            AstKind::NameOnly => return Err(()),
        };
        let col = Col {
            name: name.as_str().into(),
            span: def.name.span,
            data_type: None,
            kind,
            comment: def.comment.as_ref().map(|c| c.value),
            from_base: false,
        };
        let mut index = match existing {
            Some(i) => {
                columns.remove(i);
                i
            }
            None => columns.len(),
        };
        let mut outcome = Ok(());
        match position {
            Some(ColumnPosition::First { .. }) => index = 0,
            Some(ColumnPosition::After { column, .. }) => {
                match columns.iter().position(|c| c.name == column.value) {
                    Some(i) => index = i + 1,
                    None => {
                        outcome = self.alter_error(
                            Code::ObjectNotFound,
                            column.span,
                            format!(
                                "Referenced column `{}` by 'AFTER' does not exist in the table.",
                                column.value
                            ),
                        );
                    }
                }
            }
            None => {}
        }
        // Placed even when its position is wrong, so that later items can see it.
        columns.insert(index.min(columns.len()), col);
        outcome
    }

    /// Derives the type of a column `place_column` placed: its declared type, or its
    /// expression's against the physical and metadata columns. A column that fails stays
    /// unknown.
    fn type_column(&mut self, columns: &mut [Col], def: &ast::ColumnDef) -> Result<(), ()> {
        let Some(index) = columns.iter().position(|c| c.name == def.name.value) else {
            return Ok(());
        };
        match &def.kind {
            AstKind::Physical { data_type, .. } | AstKind::Metadata { data_type, .. } => {
                columns[index].data_type = self.resolve_type(data_type);
                match columns[index].data_type {
                    Some(_) => Ok(()),
                    None => Err(()),
                }
            }
            AstKind::Computed { expr } => {
                let typed = self.type_expression(expr, columns, |c| !c.is_computed())?;
                if let Some((t, stored)) = typed {
                    columns[index].data_type = Some(self.caches.type_cache.intern(t));
                    columns[index].kind = ColumnKind::computed(stored, true);
                }
                Ok(())
            }
            AstKind::NameOnly => Err(()),
        }
    }

    fn alter_element(
        &mut self,
        columns: &mut [Col],
        watermarks: &mut Vec<WatermarkSpec>,
        primary_key: &mut Option<PrimaryKey>,
        element: &TableElement,
        modify: bool,
    ) -> Result<(), ()> {
        match element {
            // Columns are placed and typed by `place_column` and `type_column`.
            TableElement::Column(_) => Ok(()),
            TableElement::Watermark(w) => {
                if !modify {
                    if let Some(existing) = watermarks.first() {
                        let detail = format!(
                            "The current table has already defined the watermark strategy `{}` AS {}. You might want to drop it before adding a new one.",
                            existing.rowtime, existing.expr
                        );
                        return self.alter_error(Code::LikeConflict, w.span, detail);
                    }
                }
                let spec = self.bind_watermark(w, columns)?;
                watermarks.clear();
                watermarks.push(spec);
                Ok(())
            }
            TableElement::Constraint(c) => {
                if c.kind == ConstraintKind::Unique {
                    self.report(Diagnostic::new(
                        Code::UniqueNotSupported,
                        c.kind_span,
                        "UNIQUE constraint is not supported yet",
                    ));
                    return Err(());
                }
                if c.enforcement.is_none_or(|e| e.enforced) {
                    self.report(
                        Diagnostic::new(
                            Code::PrimaryKeyEnforced,
                            c.span,
                            "Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT ENFORCED controls if the constraint checks are performed on the incoming/outgoing data. Flink does not own the data therefore the only supported mode is the NOT ENFORCED mode",
                        )
                        .with_help("add NOT ENFORCED after the key"),
                    );
                    return Err(());
                }
                if !modify {
                    if let Some(pk) = primary_key.as_ref() {
                        let detail = format!(
                            "The current table has already defined the primary key constraint [{}]. You might want to drop it before adding a new one.",
                            quote_ident_list(&pk.columns)
                        );
                        return self.alter_error(Code::DuplicatePrimaryKey, c.span, detail);
                    }
                }
                let names = c.columns.names();
                for (n, ident) in names.iter().zip(&c.columns.columns) {
                    match columns.iter().find(|col| col.name == *n) {
                        None => {
                            self.report(Diagnostic::new(
                                Code::PrimaryKeyColumnUnknown,
                                ident.span,
                                format!(
                                    "Invalid primary key 'PK_{}'. Column '{n}' does not exist.",
                                    names.join("_")
                                ),
                            ));
                            return Err(());
                        }
                        Some(col) if !matches!(col.kind, ColumnKind::Physical) => {
                            self.report(Diagnostic::new(
                                Code::PrimaryKeyNotPhysical,
                                ident.span,
                                format!("Invalid primary key 'PK_{}'. Column '{n}' is not a physical column.", names.join("_")),
                            ));
                            return Err(());
                        }
                        Some(_) => {}
                    }
                }
                *primary_key = Some(PrimaryKey {
                    name: c
                        .name
                        .as_ref()
                        .map(|n| n.value.to_string())
                        .unwrap_or_else(|| self.default_pk_name(&names)),
                    columns: names,
                });
                Ok(())
            }
            TableElement::Error { .. } => Err(()),
        }
    }
}

/// Why Flink refuses to drop the column `col` that the table has (`SchemaConverter`'s checks,
/// in its order): what uses it.
fn drop_column_conflict(
    col: &str,
    columns: &[Col],
    partition_keys: &[String],
    distribution: Option<&Distribution>,
    primary_key: Option<&PrimaryKey>,
    watermarks: &[WatermarkSpec],
) -> Option<String> {
    let quoted = format!("`{}`", col.replace('`', "``"));
    let detail = if partition_keys.iter().any(|k| k == col) {
        format!("The column `{col}` is used as the partition keys.")
    } else if distribution.is_some_and(|d| d.bucket_keys.iter().any(|k| k == col)) {
        format!("The column `{col}` is used as a distribution key.")
    } else if primary_key.is_some_and(|pk| pk.columns.iter().any(|k| k == col)) {
        format!("The column `{col}` is used as the primary key.")
    } else if watermarks
        .iter()
        .any(|w| w.rowtime == col || w.expr.contains(&format!("`{col}`")))
    {
        format!("The column `{col}` is referenced by watermark expression.")
    } else if let Some(user) = columns.iter().find(|c| match &c.kind {
        ColumnKind::Computed(computed) => computed.expr.contains(&quoted),
        _ => false,
    }) {
        format!(
            "The column `{col}` is referenced by computed column `{}`.",
            user.name
        )
    } else {
        return None;
    };
    Some(detail)
}
