//! INSERT: its target columns (writable, named once, as many as the query gives) and the
//! planner's rules on what the query writes into the sink ([`super::sink`], [`super::changelog`]).

use super::spares::keep;
use super::{changelog, fail, plural, sink, time, Name, Res, Resolver};
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast;
use flinkddl_types::DataType;

impl Resolver<'_, '_> {
    pub(super) fn insert(&mut self, insert: &ast::Insert) -> Res<()> {
        self.note_sink(&insert.target);
        self.lenient_set_width = insert.columns.is_some()
            && !self
                .binder
                .options
                .flink_version
                .has(flinkddl_diagnostics::Feature::InsertColumnListCount);
        if let Some(d) = self.star_counted_as_one(insert) {
            // (The target columns' names are checked first.)
            if let Some(target) = self.table(&insert.target) {
                self.insert_columns(insert, &target, None)?;
            }
            return fail(d);
        }
        let output = self.query(insert.query.query)?;
        let types = std::mem::take(&mut self.last_types);
        let rowtimes = std::mem::take(&mut self.last_rowtimes);
        let result = self.insert_query(insert, output.as_deref(), &types, &rowtimes);
        if let Some(names) = output {
            keep(&mut self.spares.names, names);
        }
        keep(&mut self.spares.types, types);
        keep(&mut self.spares.rowtimes, rowtimes);
        result
    }

    /// [`Resolver::insert`] of the query resolved: its output names, types and rowtimes.
    fn insert_query(
        &mut self,
        insert: &ast::Insert,
        output: Option<&[Name]>,
        types: &[Option<DataType>],
        rowtimes: &[bool],
    ) -> Res<()> {
        let Some(target) = self.table(&insert.target) else {
            return Ok(());
        };
        // Validation (the target columns), then the planner's rules in its order.
        self.insert_columns(insert, &target, output)?;
        let key = self.sort_key.take();
        time::check_streaming_sort(insert.query.query, key)?;
        let Some(names) = output else {
            return Ok(());
        };
        let written = sink::written_columns(insert, &target, types.len());
        sink::check_column_types(insert, &target, written.as_deref(), names, types)?;
        // A cast into the sink's types materializes the rowtimes: the rule applies only to a
        // row written as it is.
        if sink::written_as_is(written.as_deref(), types) {
            let table = || format!("{}.{}.{}", target.catalog, target.database, target.name);
            time::check_one_rowtime(names, rowtimes, &table, insert.query.span)?;
        }
        let sink_insert_only = self
            .binder
            .source_check
            .and_then(|c| c.sink_insert_only(&target));
        // Only an insert-only sink, one with a primary key or an ON CONFLICT clause has a rule
        // on what the query emits: the inference (a walk of the whole query) is skipped for the
        // others.
        if sink_insert_only != Some(true)
            && target.primary_key.is_none()
            && insert.on_conflict.is_none()
        {
            return Ok(());
        }
        let changes = changelog::Inference::new(self).query(insert.query.query);
        if let (Some(clause), changelog::Changes::InsertOnly) = (&insert.on_conflict, &changes) {
            return fail(
                Diagnostic::new(
                    Code::OnConflictNotUpsert,
                    clause.span,
                    format!(
                        "ON CONFLICT clause is only allowed for upsert sinks. The sink '{}.{}.{}' is not an upsert sink because it only accepts INSERT (append-only) changes.",
                        target.catalog, target.database, target.name
                    ),
                )
                .with_label(insert.query.span, "this query emits inserts only")
                .with_help("drop the ON CONFLICT clause: an insert-only query has no conflicts to resolve"),
            );
        }
        if insert.on_conflict.is_some() && sink_insert_only != Some(true) {
            // The clause says how the sink resolves a key other than its primary key.
            return Ok(());
        }
        let version = self.binder.options.flink_version;
        sink::check_changes(insert, &target, sink_insert_only, names, &changes, version)?;
        Ok(())
    }

    /// The INSERT's target columns: writable, and as many as the query gives.
    fn insert_columns(
        &mut self,
        insert: &ast::Insert,
        target: &crate::schema::TableSchema,
        output: Option<&[Name]>,
    ) -> Res<()> {
        // The writable columns' names, listed only for a message.
        let writable = || {
            target
                .columns
                .iter()
                .filter(|c| c.is_persisted())
                .map(|c| c.name.as_str())
        };
        let writable_list = || writable().collect::<Vec<_>>().join(", ");
        match &insert.columns {
            Some(list) => {
                for (i, c) in list.columns.iter().enumerate() {
                    if list.columns[..i].iter().any(|d| d.value == c.value) {
                        return fail(
                            Diagnostic::new(
                                Code::DuplicateTargetColumn,
                                c.span,
                                format!("Target column '{}' is assigned more than once", c.value),
                            )
                            .with_help("name each target column once"),
                        );
                    }
                    if !writable().any(|w| w == c.value) {
                        let mut guess = None;
                        let why = match target.columns.iter().find(|t| t.name == c.value) {
                            Some(t) if t.is_computed() => {
                                format!("`{}` is a computed column: it cannot be written", c.value)
                            }
                            Some(_) => format!(
                                "`{}` is a virtual metadata column: it is read-only",
                                c.value
                            ),
                            None => match closest(c.value, writable()) {
                                Some(s) => {
                                    guess = Some(flinkddl_syntax::rename_fix(c.span, s));
                                    format!("did you mean `{s}`?")
                                }
                                None => {
                                    format!("the table's writable columns: {}", writable_list())
                                }
                            },
                        };
                        let mut d = Diagnostic::new(
                            Code::UnknownTargetColumn,
                            c.span,
                            format!("Unknown target column '{}'", c.value),
                        )
                        .with_help(why);
                        if let Some(fix) = guess {
                            d = d.with_fix(fix);
                        }
                        return fail(d);
                    }
                }
                // Flink fills the columns the list leaves out with NULL (before validation),
                // which a NOT NULL column cannot take.
                if let Some(c) = target.columns.iter().find(|t| {
                    t.is_physical()
                        && !t.data_type.nullable
                        && !list.columns.iter().any(|l| l.value == t.name)
                }) {
                    return fail(
                        Diagnostic::new(
                            Code::NotNullColumnOmitted,
                            list.span,
                            format!(
                                "Column '{}' has no default value and does not allow NULLs",
                                c.name
                            ),
                        )
                        .with_help(format!(
                            "`{}` is NOT NULL: add it to the column list and select a value for it",
                            c.name
                        )),
                    );
                }
                // Before 1.20 a query with more columns than the list passes this check (its
                // extra columns are planned away or fail later).
                let lenient = !self
                    .binder
                    .options
                    .flink_version
                    .has(flinkddl_diagnostics::Feature::InsertColumnListCount);
                if let Some(output) = output.filter(|o| !(lenient && o.len() > list.columns.len()))
                {
                    if output.len() != list.columns.len() {
                        return fail(
                            Diagnostic::new(
                                Code::InsertColumnCount,
                                insert.query.span,
                                "Number of columns must match number of query columns",
                            )
                            .with_label(list.span, plural(list.columns.len(), "target column"))
                            .with_label(
                                insert.query.span,
                                format!("the query gives {}", plural(output.len(), "column")),
                            )
                            .with_help("name as many target columns as the query selects"),
                        );
                    }
                }
            }
            None => {
                if let Some(output) = output {
                    let width = writable().count();
                    if output.len() != width && insert.partition.is_none() {
                        let (cat, db, name) = (&target.catalog, &target.database, &target.name);
                        return fail(Diagnostic::new(
                            Code::InsertColumnCount,
                            insert.query.span,
                            format!(
                                "Column types of query result and sink for '{cat}.{db}.{name}' do not match.\nCause: Different number of columns."
                            ),
                        )
                        .with_label(insert.target.span, format!("the sink takes {}: {}", plural(width, "column"), writable_list()))
                        .with_help(format!(
                            "the query gives {}; select one value per sink column, in order, or name the target columns: INSERT INTO {} ({}) SELECT ...",
                            plural(output.len(), "column"),
                            insert.target.display(),
                            writable_list()
                        )));
                    }
                }
            }
        }
        Ok(())
    }
}
