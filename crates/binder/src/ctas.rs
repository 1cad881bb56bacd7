//! CREATE TABLE ... AS SELECT and [CREATE OR] REPLACE TABLE ... AS SELECT: the new table's
//! schema is the columns the query resolver derived for its query (`Resolved::query_output`,
//! which `Binder::check_query` returns), when it knows them all.

use crate::create_table::{distribution_from_ast, finish_columns, Col};
use crate::expr::{ExprOutcome, Scope};
use crate::schema::*;
use crate::session_catalog::ObjectPath;
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{self, ColumnKind as AstKind, ConstraintKind, TableElement};
use flinkddl_types::DataType;

struct SourceScope<'a> {
    columns: &'a [(String, DataType)],
    /// The FROM item's alias, or the table's name when it has none.
    qualifier: Option<&'a str>,
}

impl Scope for SourceScope<'_> {
    fn column(&self, name: &str) -> Option<&DataType> {
        self.columns.iter().find(|(n, _)| n == name).map(|(_, t)| t)
    }

    fn names(&self) -> Vec<&str> {
        self.columns.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// `t.c` for the FROM item's name; a column named like the item is read first, as `t.f`
    /// (a field access).
    fn qualified_column(&self, table: &str, column: &str) -> Option<&DataType> {
        if self.qualifier == Some(table) && self.column(table).is_none() {
            self.column(column)
        } else {
            None
        }
    }
}

/// The VARIANT type in a physical column of a `datagen` table, which Flink 2.3's datagen source
/// cannot generate: a query over the table (a CTAS, a view, an INSERT's or a SELECT's) fails
/// with "Unsupported type: VARIANT" when it creates the source, whatever columns it selects. A
/// filesystem table with a VARIANT column reads fine, as do a VARIANT made in the query
/// (`PARSE_JSON`) and a computed VARIANT column (checked with the oracle).
pub(crate) fn unreadable_variant(table: &TableSchema) -> Option<DataType> {
    /// The first VARIANT in `t`, children in `DataType::children`'s order (matched here: a
    /// list of children per column type showed on scripts that read many tables).
    fn find(t: &DataType) -> Option<&DataType> {
        use flinkddl_types::LogicalType as L;
        match &t.logical {
            L::Variant => Some(t),
            L::Array { element } | L::Multiset { element } => find(element),
            L::Map { key, value } => find(key).or_else(|| find(value)),
            L::Row { fields } => fields.iter().find_map(|f| find(&f.data_type)),
            L::Structured { attributes, .. } => attributes.iter().find_map(|f| find(&f.data_type)),
            L::Distinct { source, .. } => find(source),
            _ => None,
        }
    }
    if table.option("connector") != Some("datagen") {
        return None;
    }
    table
        .columns
        .iter()
        .filter(|c| matches!(c.kind, ColumnKind::Physical))
        .find_map(|c| find(&c.data_type))
        .cloned()
}

/// A column's type as a query sees it: time attributes are Calcite time indicators, which
/// are always of precision 3 (a `TIMESTAMP(2)` rowtime reads as `TIMESTAMP(3) *ROWTIME*`).
pub(crate) fn query_type(t: &DataType) -> DataType {
    use flinkddl_types::{LogicalType, TimestampKind};
    let mut t = t.clone();
    if t.timestamp_kind() != TimestampKind::Regular {
        if let LogicalType::Timestamp { precision, .. }
        | LogicalType::TimestampLtz { precision, .. } = &mut t.logical
        {
            *precision = 3;
        }
    }
    t
}

impl Binder<'_> {
    /// `derived`: the columns the query resolver derived, when it knows them all; `hints`:
    /// the statement's dynamic table options.
    pub(crate) fn create_table_as(
        &mut self,
        ct: &ast::CreateTable,
        path: ObjectPath,
        query: &ast::QueryBody,
        derived: Option<Vec<(String, DataType)>>,
        hints: &[crate::hints::Hinted],
    ) -> Result<(), ()> {
        // The query's names were checked already; the sources it reads are checked here, after
        // them, as Flink does.
        self.check_query_sources(hints)?;
        let mut complete = derived.is_some();
        let mut columns: Vec<Col> = derived
            .unwrap_or_default()
            .into_iter()
            .map(|(name, data_type)| Col {
                name: name.into(),
                span: query.span,
                data_type: Some(self.caches.type_cache.intern(data_type)),
                kind: ColumnKind::Physical,
                comment: None,
                from_base: false,
            })
            .collect();
        if !complete {
            self.report(
                Diagnostic::new(
                    Code::SchemaNotDerived,
                    query.span,
                    "the schema of this CREATE TABLE ... AS query is not derived by flinkddl; the table is not checked further",
                )
                .with_help("flinkddl derives CTAS schemas where it can type every column of the query (not through user-defined functions, and not yet through MATCH_RECOGNIZE, UNNEST or table functions)"),
            );
        }
        // Explicit elements: PRIMARY KEY and WATERMARK are applied; bare names reorder;
        // typed columns are merged by Flink in ways we do not model yet.
        let mut primary_key = None;
        let mut watermarks = Vec::new();
        let elements: Vec<&TableElement> =
            ct.elements.iter().flat_map(|e| e.items.iter()).collect();
        let names_only: Vec<&ast::Ident> = elements
            .iter()
            .filter_map(|e| match e {
                TableElement::Column(c) if matches!(c.kind, AstKind::NameOnly) => Some(&c.name),
                _ => None,
            })
            .collect();
        if complete && !names_only.is_empty() {
            let mut reordered = Vec::new();
            for n in &names_only {
                match columns.iter().position(|c| c.name == n.value) {
                    Some(i) => reordered.push(columns.remove(i)),
                    None => complete = false,
                }
            }
            reordered.append(&mut columns);
            columns = reordered;
        }
        for e in &elements {
            match e {
                TableElement::Column(c) if !matches!(c.kind, AstKind::NameOnly) => complete = false,
                TableElement::Constraint(c) if c.kind == ConstraintKind::PrimaryKey && complete => {
                    let names = c.columns.names();
                    for (n, ident) in names.iter().zip(&c.columns.columns) {
                        match columns.iter_mut().find(|col| col.name == *n) {
                            Some(col) => {
                                col.data_type = col.data_type.take().map(|t| self.not_null(t))
                            }
                            None => {
                                self.report(Diagnostic::new(
                                    Code::PrimaryKeyColumnUnknown,
                                    ident.span,
                                    format!(
                                        "Primary key column '{n}' is not defined in the schema"
                                    ),
                                ));
                                return Err(());
                            }
                        }
                    }
                    let name = c
                        .name
                        .as_ref()
                        .map(|n| n.value.to_owned())
                        .unwrap_or_else(|| self.default_pk_name(&names));
                    primary_key = Some(PrimaryKey {
                        name,
                        columns: names,
                    });
                }
                TableElement::Watermark(w) if complete => {
                    let spec = self.ctas_watermark(w, &columns);
                    match spec {
                        Some(spec) => watermarks.push(spec),
                        None => complete = false,
                    }
                }
                _ => {}
            }
        }
        let options = match &ct.with {
            Some(list) => self.property_pairs(list)?,
            None => Vec::new(),
        };
        let partition_keys: Vec<String> = ct
            .partitioned_by
            .iter()
            .flat_map(|l| l.columns.iter().map(|c| c.value.to_owned()))
            .collect();
        if complete {
            for key in ct.partitioned_by.iter().flat_map(|l| l.columns.iter()) {
                if !columns.iter().any(|c| c.name == key.value) {
                    self.report(Diagnostic::new(
                        Code::PartitionColumnUnknown,
                        key.span,
                        format!(
                            "Partition column '{}' not defined in the table schema. Available columns: [{}]",
                            key.value,
                            columns.iter().map(|c| format!("'{}'", c.name)).collect::<Vec<_>>().join(", ")
                        ),
                    ));
                    return Err(());
                }
            }
        }
        let distribution = ct
            .distribution
            .as_ref()
            .map(|d| distribution_from_ast(d, self.source));
        let (columns, column_comments) = finish_columns(columns);
        let table = TableSchema {
            catalog: path.0.as_str().into(),
            database: path.1.as_str().into(),
            name: path.2.as_str().into(),
            temporary: ct.temporary.is_some(),
            columns,
            column_comments,
            watermarks,
            primary_key,
            comment: ct
                .comment
                .as_ref()
                .map(|c| c.value.to_owned())
                .unwrap_or_default(),
            partition_keys,
            distribution,
            options,
            complete,
        };
        let replace = ct.or_replace.is_some() || ct.replace.is_some();
        self.register_table(ct, path, table, replace)
    }

    fn ctas_watermark(&mut self, w: &ast::Watermark, columns: &[Col]) -> Option<WatermarkSpec> {
        let name = w.rowtime.parts.first()?.value.to_owned();
        let _ = columns.iter().find(|c| c.name == name)?;
        let cols: Vec<(String, DataType)> = columns
            .iter()
            .filter_map(|c| {
                let t = c.data_type.as_deref()?;
                Some((c.name.as_str().to_owned(), t.clone()))
            })
            .collect();
        match self.bind_expr(
            &w.expr,
            self.source,
            &SourceScope {
                columns: &cols,
                qualifier: None,
            },
        ) {
            ExprOutcome::Typed(t) => Some(WatermarkSpec {
                rowtime: name,
                expr: t.stored,
                expr_type: Some(t.data_type),
            }),
            _ => None,
        }
    }

    /// The sources of every table the statement's query reads, built (and failing) after the
    /// query's own checks, as Flink converts a CTAS.
    fn check_query_sources(&mut self, hints: &[crate::hints::Hinted]) -> Result<(), ()> {
        // The statement's uses are the last ones recorded (statements record theirs in order).
        let first = self
            .results
            .uses
            .iter()
            .rposition(|u| u.statement != self.statement_index)
            .map_or(0, |i| i + 1);
        self.with_uses_from(first, |b, uses| b.check_sources(uses, hints))
    }
}
