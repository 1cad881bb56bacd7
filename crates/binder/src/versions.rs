//! The binder's share of the version facts (`data/versions.txt` of the diagnostics crate):
//! what a statement's Flink version rejects that the newest accepts. Each check asks
//! `FlinkVersion::has` for its fact; none compares versions itself.

use crate::catalog::ObjectPath;
use crate::schema::TableSchema;
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic, Feature, FlinkVersion, Span};
use flinkddl_syntax::ast;
use flinkddl_types::{DataType, LogicalType};

impl Binder<'_> {
    /// Reports the first clause of `statement` that the version's parser does not know
    /// (`S050`); true when there is one (the statement is then not converted).
    pub(crate) fn version_rejects_syntax(&mut self, statement: &ast::Statement<'_>) -> bool {
        match flinkddl_syntax::versions::syntax_gate(statement, self.options.flink_version) {
            Some(d) => {
                self.report(d);
                true
            }
            None => false,
        }
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
        if !version.has(Feature::ManagedTable) || table.option("connector").is_some() {
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
                "the script is checked as Flink {version}, where a table without 'connector' is a \
                 managed table (until Flink 2.0): give the table a 'connector'"
            )),
        );
        Err(())
    }
}

/// The built-in types of a type's syntax that `version` does not have: their feature and the
/// span of their name.
struct NewerTypes {
    version: FlinkVersion,
    found: Vec<(Feature, Span)>,
}

impl<'a> ast::visit::Visitor<'a> for NewerTypes {
    fn data_type(&mut self, ty: &'a ast::DataTypeSyntax<'a>) {
        if let ast::TypeKind::Builtin {
            name, name_span, ..
        } = &ty.kind
        {
            let feature = match name {
                ast::BuiltinType::Variant => Feature::TypeVariant,
                ast::BuiltinType::Bitmap => Feature::TypeBitmap,
                _ => return,
            };
            if !self.version.has(feature) {
                self.found.push((feature, *name_span));
            }
        }
    }
}

impl Binder<'_> {
    /// A type resolved from `ty` as the statement's Flink version has it: a type that version
    /// does not know is its "Unknown identifier" (`B150`, `None`); before 2.3 `TIME(p)`
    /// resolves to `TIME(0)`, and before 2.2 the fields of a nullable ROW lose `NOT NULL`.
    pub(crate) fn type_in_version(
        &mut self,
        ty: &ast::DataTypeSyntax<'_>,
        resolved: DataType,
    ) -> Option<DataType> {
        let version = self.options.flink_version;
        if version == FlinkVersion::LATEST {
            return Some(resolved);
        }
        let mut newer = NewerTypes {
            version,
            found: Vec::new(),
        };
        ast::visit::walk_type(&mut newer, ty);
        if let Some((feature, span)) = newer.found.first() {
            let name = span.text(self.source);
            self.report(
                Diagnostic::new(
                    Code::NeedsNewerFlink,
                    *span,
                    format!(
                        "Unknown identifier '{name}': {}",
                        feature.info().missing_in(version)
                    ),
                )
                .with_help(format!(
                    "the script is checked as Flink {version} (`flink-version`): use another type, \
                     or check the script as the version it runs on"
                )),
            );
            return None;
        }
        let mut t = resolved;
        adjust_type(&mut t, version);
        Some(t)
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
