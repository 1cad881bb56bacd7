//! The binder's share of the version facts (`data/versions.txt` of the diagnostics crate):
//! what a statement's Flink version rejects that the newest accepts. Each check asks
//! `FlinkVersion::has` for its fact; none compares versions itself.

use crate::schema::TableSchema;
use crate::session_catalog::ObjectPath;
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic, Feature, FlinkVersion};
use flinkddl_syntax::{ast, versions};
use flinkddl_types::{DataType, LogicalType};

impl Binder<'_> {
    /// Reports the first feature of `statement` that the version's parser does not know
    /// (`S050`), or else the first it rejects when converting the statement (`B150`); true when
    /// there is one (the statement is then not converted further, as Flink stops there).
    pub(crate) fn version_rejects(&mut self, statement: &ast::Statement<'_>) -> bool {
        let version = self.options.flink_version;
        // The planner's facts count only in a statement that is planned (not a view).
        let planned = matches!(
            statement.kind,
            ast::StatementKind::Insert(_)
                | ast::StatementKind::Query(_)
                | ast::StatementKind::StatementSet { .. }
                | ast::StatementKind::Execute { .. }
                | ast::StatementKind::Explain(_)
        ) || matches!(&statement.kind, ast::StatementKind::CreateTable(ct) if ct.as_query.is_some());
        let (feature, span) = match versions::version_gate(statement, self.source, version, planned)
        {
            None => return false,
            Some(versions::Gate::Syntax(d)) => {
                self.report(d);
                return true;
            }
            Some(versions::Gate::Later(feature, span)) => (feature, span),
        };
        let what = feature.info().missing_in(version);
        // Flink's own words where the feature is a name it does not know.
        let message = match feature {
            Feature::TypeVariant | Feature::TypeBitmap => {
                format!("Unknown identifier '{}': {what}", span.text(self.source))
            }
            Feature::FnSplit => format!(
                "No match found for function signature {}: {what}",
                span.text(self.source)
            ),
            _ => what,
        };
        self.report(
            Diagnostic::new(Code::NeedsNewerFlink, span, message)
                .with_help(versions::checked_as(version)),
        );
        true
    }

    /// Before Flink 2.0 a table without `'connector'` is a managed table, which the in-memory
    /// catalog cannot create (`ManagedTableListener`): CREATE TABLE and CTAS fail when the
    /// catalog stores the table. Catalogs of other types are opaque and create their own.
    pub(crate) fn check_managed_table(
        &mut self,
        ct: &ast::CreateTable,
        path: &ObjectPath,
        table: &TableSchema,
    ) -> Result<(), ()> {
        let version = self.options.flink_version;
        // A legacy `connector.type` table is created by a legacy factory, not as a managed one.
        // (A blank `connector` counts as none.)
        let has_connector = table
            .option("connector")
            .is_some_and(|c| !c.trim().is_empty())
            || table.option("connector.type").is_some();
        if !version.has(Feature::ManagedTable) || has_connector {
            return Ok(());
        }
        if self.catalog.catalog(&path.0).is_none_or(|c| c.opaque) {
            return Ok(());
        }
        let flink = "Table options do not contain an option key 'connector' for discovering a \
                     connector. Therefore, Flink assumes a managed table. However, a managed table \
                     factory that implements org.apache.flink.table.factories.ManagedTableFactory \
                     is not in the classpath.";
        let message = if ct.temporary.is_some() {
            flink.to_string()
        } else {
            format!(
                "Could not execute CreateTable in path {}: {flink}",
                crate::schema::object_identifier(&path.0, &path.1, &path.2)
            )
        };
        self.report(
            Diagnostic::new(Code::ManagedTable, ct.name.span, message).with_help(format!(
                "the script is checked as Flink {version}, where {}: give the table a 'connector'",
                Feature::ManagedTable.info().what
            )),
        );
        Err(())
    }
}

impl Binder<'_> {
    /// A computed column's expression as the version stores it: before 2.0 TO_TIMESTAMP_LTZ was
    /// a function of the planner's operator table, printed upper-case and unquoted, not a
    /// built-in function printed back-quoted in the user's spelling.
    pub(crate) fn stored_in_version(&self, stored: String) -> String {
        // Only a back-quoted call (`` `f`( ``) can be one: most expressions have none.
        static CALL: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
            std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"`("));
        if self
            .options
            .flink_version
            .has(Feature::ToTimestampLtzQuoted)
            || CALL.find(stored.as_bytes()).is_none()
        {
            return stored;
        }
        const NAME: &str = "TO_TIMESTAMP_LTZ";
        let quoted_len = NAME.len() + 3; // `name`(
        let bytes = stored.as_bytes();
        let mut out = String::with_capacity(stored.len());
        let mut i = 0;
        while i < bytes.len() {
            let quoted = bytes.get(i..i + quoted_len).is_some_and(|w| {
                w[0] == b'`'
                    && w[1..=NAME.len()].eq_ignore_ascii_case(NAME.as_bytes())
                    && &w[NAME.len() + 1..] == b"`("
            });
            if quoted {
                out.push_str(NAME);
                out.push('(');
                i += quoted_len;
            } else {
                let next = stored[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&stored[i..i + next]);
                i += next;
            }
        }
        out
    }

    /// The name Flink gives a primary key declared without one: `PK_a_b` from the columns,
    /// or in 1.18 `PK_` and the hash of the column list (Java's `List.hashCode`).
    pub(crate) fn default_pk_name(&self, columns: &[String]) -> String {
        if self.options.flink_version.has(Feature::PkNameFromColumns) {
            return format!("PK_{}", columns.join("_"));
        }
        let java_hash = |s: &str| {
            s.encode_utf16().fold(0i32, |h, unit| {
                h.wrapping_mul(31).wrapping_add(i32::from(unit))
            })
        };
        let hash = columns
            .iter()
            .fold(1i32, |h, c| h.wrapping_mul(31).wrapping_add(java_hash(c)));
        format!("PK_{hash}")
    }

    /// A type resolved from `ty` as the statement's Flink version has it: before 2.3 `TIME(p)`
    /// resolves to `TIME(0)`, and before 2.2 the fields of a nullable ROW lose `NOT NULL`.
    /// (A type the version does not know was reported before the statement was converted.)
    pub(crate) fn type_in_version(&self, resolved: DataType) -> DataType {
        let version = self.options.flink_version;
        if version == FlinkVersion::LATEST {
            return resolved;
        }
        let mut t = resolved;
        adjust_type(&mut t, version);
        t
    }
}

/// The resolved type's changes of the older version, in place.
fn adjust_type(t: &mut DataType, version: FlinkVersion) {
    let nullable = t.nullable;
    match &mut t.logical {
        LogicalType::Time { precision } if !version.has(Feature::TimePrecision) => *precision = 0,
        LogicalType::Array { element } | LogicalType::Multiset { element } => {
            adjust_type(element, version)
        }
        LogicalType::Map { key, value } => {
            adjust_type(key, version);
            adjust_type(value, version);
        }
        LogicalType::Row { fields } => {
            for f in fields {
                if nullable && !version.has(Feature::RowFieldNotNull) {
                    f.data_type.nullable = true;
                }
                adjust_type(&mut f.data_type, version);
            }
        }
        _ => {}
    }
}

impl Binder<'_> {
    /// Before 2.0 SHOW CREATE TABLE prints a table's options in its map's order (from 2.0 it
    /// sorts the keys), so the binder keeps them in the order of the map Flink's converter
    /// builds (`print::show_create_in` adds the catalog's copy): a table's own options are put
    /// one by one into a `java.util.HashMap`.
    pub(crate) fn options_in_version(
        &self,
        mut options: Vec<crate::schema::OptionPair>,
    ) -> Vec<crate::schema::OptionPair> {
        if !self
            .options
            .flink_version
            .has(Feature::ShowCreateSortedOptions)
        {
            crate::print::java_filled_order(&mut options, |o| o.0.as_str());
        }
        options
    }

    /// A LIKE source's options (as the binder keeps them) in the order its catalog map
    /// iterates them, before 2.0 (the catalog's copy of the converter's map).
    pub(crate) fn catalog_options_order(&self, options: &mut [crate::schema::OptionPair]) {
        if !self
            .options
            .flink_version
            .has(Feature::ShowCreateSortedOptions)
        {
            crate::print::java_copied_order(options, |o| o.0.as_str());
        }
    }

    /// A LIKE table's options in the order of the map Flink merges them into, before 2.0: a
    /// `java.util.HashMap` created empty, the source's `source_len` options put all at once
    /// (`putAll`), then the table's own one by one (`MergeTableLikeUtil`). `options` holds
    /// them in that order, an overwritten key where the source had it.
    pub(crate) fn like_options_in_version(
        &self,
        source_len: usize,
        mut options: Vec<crate::schema::OptionPair>,
    ) -> Vec<crate::schema::OptionPair> {
        if self
            .options
            .flink_version
            .has(Feature::ShowCreateSortedOptions)
        {
            return options;
        }
        let capacity = java_hash_map_capacity(source_len, options.len());
        options.sort_by_key(|o| crate::print::java_bucket(&o.0, capacity));
        options
    }
}

/// The table size of a `java.util.HashMap` created empty, given `source_len` entries with
/// `putAll` and then the rest of `total` (distinct keys) one `put` each (Java 8+: a power of
/// two, sized for a load factor of 0.75).
fn java_hash_map_capacity(source_len: usize, total: usize) -> usize {
    let table_size_for = |n: usize| n.max(1).next_power_of_two();
    let (mut capacity, mut threshold) = (0usize, 0usize);
    if source_len > 0 {
        // `putAll` into an empty map sizes the table for the entries first.
        threshold = table_size_for((source_len as f32 / 0.75 + 1.0) as usize);
    }
    let resize = |capacity: &mut usize, threshold: &mut usize| {
        if *capacity > 0 {
            let doubled = *capacity * 2;
            *threshold = if *capacity >= 16 {
                *threshold * 2
            } else {
                (doubled as f32 * 0.75) as usize
            };
            *capacity = doubled;
        } else if *threshold > 0 {
            *capacity = *threshold;
            *threshold = (*capacity as f32 * 0.75) as usize;
        } else {
            *capacity = 16;
            *threshold = 12;
        }
    };
    for size in 1..=total {
        if capacity == 0 {
            resize(&mut capacity, &mut threshold);
        }
        if size > threshold {
            resize(&mut capacity, &mut threshold);
        }
    }
    capacity.max(1)
}

#[cfg(test)]
mod tests {
    use super::java_hash_map_capacity;

    #[test]
    fn hash_map_sizes_follow_java() {
        // putAll of 3 into an empty map: tableSizeFor(5) = 8; a 4th put stays under 6.
        assert_eq!(java_hash_map_capacity(3, 4), 8);
        // No source: the default 16, doubled past 12 entries.
        assert_eq!(java_hash_map_capacity(0, 2), 16);
        assert_eq!(java_hash_map_capacity(0, 13), 32);
        // putAll of 1: tableSizeFor(2) = 2, threshold 1, so a second entry doubles it.
        assert_eq!(java_hash_map_capacity(1, 2), 4);
    }
}
