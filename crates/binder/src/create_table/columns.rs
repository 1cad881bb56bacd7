//! The table's columns as Flink's converter derives them (`MergeTableLikeUtil`): the LIKE
//! source's that its options keep, then the declared ones, with the clash rules; the schema
//! resolver's duplicate-name and metadata-key checks; the columns packed for the catalog.

use super::constraints::derived_primary_key_columns;
use crate::like::{LikeStrategies, Strategy};
use crate::schema::*;
use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{self, ColumnKind as AstKind, TableElement};
use flinkddl_types::{DataType, LogicalType, TimestampKind};
// foldhash: fast and seeded (hostile column names cannot force collisions).
use foldhash::HashMap;
use std::sync::Arc;

/// A column while the table is being built: its type may be unknown (an error was reported,
/// or an expression we cannot type).
/// Its comment is borrowed (from the statement or the LIKE source) until the table packs its
/// columns' comments in one text ([`ColumnComments`]).
#[derive(Debug, Clone)]
pub(crate) struct Col<'a> {
    pub name: compact_str::CompactString,
    pub span: Span,
    pub data_type: Option<Arc<DataType>>,
    pub kind: ColumnKind,
    pub comment: Option<&'a str>,
    pub from_base: bool,
}

impl<'a> Col<'a> {
    /// A column of a LIKE source. Its rowtime marker is dropped: the new table marks the
    /// rowtime of its own (merged) watermark.
    pub(crate) fn from_schema(c: &Column, comment: Option<&'a str>) -> Col<'a> {
        let typed = !matches!(&c.kind, ColumnKind::Computed(computed) if !computed.typed);
        let data_type = if c.data_type.timestamp_kind() == TimestampKind::Rowtime {
            Arc::new(DataType::clone(&c.data_type).with_timestamp_kind(TimestampKind::Regular))
        } else {
            Arc::clone(&c.data_type)
        };
        Col {
            name: c.name.clone(),
            span: Span::default(),
            data_type: typed.then_some(data_type),
            kind: c.kind.clone(),
            comment,
            from_base: true,
        }
    }

    pub(crate) fn is_computed(&self) -> bool {
        matches!(self.kind, ColumnKind::Computed { .. })
    }
}

/// The columns of a table being built, with the index by name and the computed columns still
/// to type (their index and expression).
pub(super) struct DerivedColumns<'a> {
    pub(super) columns: Vec<Col<'a>>,
    pub(super) name_index: HashMap<&'a str, usize>,
    pub(super) computed: Vec<(usize, &'a ast::Expr<'a>)>,
}

impl Binder<'_> {
    /// The table's columns (MergeTableLikeUtil.appendDerivedColumns): the LIKE source's that
    /// its options keep, then the declared ones, each with its type resolved; computed columns
    /// are typed afterwards (`type_computed_columns`). A column that clashes is judged with its
    /// first definition from here on.
    pub(super) fn derive_columns<'a>(
        &mut self,
        elements: &[&'a TableElement],
        base: Option<&'a TableSchema>,
        strategies: &LikeStrategies,
        failed: &mut bool,
    ) -> Result<DerivedColumns<'a>, ()> {
        let base_count = base.map_or(0, |b| b.columns.len());
        let mut columns: Vec<Col<'a>> = Vec::with_capacity(base_count + elements.len());
        // Keys borrow the names from the LIKE source and the AST: no copy per column.
        let mut name_index: HashMap<&str, usize> =
            HashMap::with_capacity_and_hasher(columns.capacity(), Default::default());
        if let Some(base) = base {
            for (c, comment) in base.columns_with_comments() {
                let keep = match c.kind {
                    ColumnKind::Physical => true,
                    ColumnKind::Computed { .. } => strategies.generated != Strategy::Excluding,
                    ColumnKind::Metadata { .. } => strategies.metadata != Strategy::Excluding,
                };
                if keep {
                    name_index.insert(c.name.as_str(), columns.len());
                    columns.push(Col::from_schema(c, comment));
                }
            }
        }
        let pk_columns = derived_primary_key_columns(elements);
        let mut computed_defs: Vec<(usize, &ast::Expr)> = Vec::new();
        for element in elements {
            let TableElement::Column(def) = element else {
                continue;
            };
            let name = def.name.value;
            let comment = def.comment.as_ref().map(|c| c.value);
            let (kind, ty) = match &def.kind {
                AstKind::Physical { data_type, .. } => {
                    let mut ty = self.resolve_type(data_type);
                    if pk_columns.contains(&name) {
                        ty = ty.map(|t| self.not_null(t));
                    }
                    (ColumnKind::Physical, ty)
                }
                AstKind::Metadata {
                    data_type,
                    from,
                    virtual_,
                    ..
                } => (
                    ColumnKind::metadata(from.as_ref().map(|f| f.value), virtual_.is_some()),
                    self.resolve_type(data_type),
                ),
                AstKind::Computed { .. } => (ColumnKind::computed(String::new(), false), None),
                // The parser reported bare names outside CTAS.
                AstKind::NameOnly => return Err(()),
            };
            // A physical or metadata column without a type is one whose type failed.
            if let (None, false) = (&ty, matches!(kind, ColumnKind::Computed { .. })) {
                *failed = true;
            }
            let new = Col {
                name: def.name.value.into(),
                span: def.name.span,
                data_type: ty,
                kind,
                comment,
                from_base: false,
            };
            if !self.add_derived_column(
                &mut columns,
                &mut name_index,
                name,
                new,
                strategies,
                def.name.span,
            ) {
                // Judged with its first definition from here on.
                *failed = true;
                continue;
            }
            if let AstKind::Computed { expr } = &def.kind {
                if let Some(&index) = name_index.get(name) {
                    computed_defs.push((index, expr));
                }
            }
        }
        Ok(DerivedColumns {
            columns,
            name_index,
            computed: computed_defs,
        })
    }

    /// Adds a column of the new table, with Flink's rules for clashes. Returns false when it
    /// reported an error.
    /// `index` maps names to positions in `columns` (kept in step), so that a table of many
    /// columns binds in linear time.
    fn add_derived_column<'k, 'c>(
        &mut self,
        columns: &mut Vec<Col<'c>>,
        index: &mut HashMap<&'k str, usize>,
        key: &'k str,
        new: Col<'c>,
        strategies: &LikeStrategies,
        span: Span,
    ) -> bool {
        // One lookup for the usual new name (not a `get` then an `insert`).
        let existing = match index.entry(key) {
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(columns.len());
                columns.push(new);
                return true;
            }
            std::collections::hash_map::Entry::Occupied(slot) => *slot.get(),
        };
        let old = &columns[existing];
        let name = &new.name;
        let message = match (&new.kind, old.from_base) {
            (ColumnKind::Physical, true) => {
                format!("A column named '{name}' already exists in the base table.")
            }
            (ColumnKind::Physical, false) if matches!(old.kind, ColumnKind::Physical) => {
                format!("A regular Column named '{name}' already exists in the table.")
            }
            (ColumnKind::Computed { .. }, true) => {
                if old.is_computed() {
                    if strategies.generated == Strategy::Overwriting {
                        let mut replaced = new;
                        replaced.from_base = false;
                        columns[existing] = replaced;
                        return true;
                    }
                    format!("A generated column named '{name}' already exists in the base table. You might want to specify EXCLUDING GENERATED or OVERWRITING GENERATED.")
                } else if matches!(old.kind, ColumnKind::Physical) {
                    format!("A column named '{name}' already exists in the table. Duplicate columns exist in the compute column and regular column. ")
                } else {
                    format!("A column named '{name}' already exists in the base table. Computed columns can only overwrite other computed columns.")
                }
            }
            (ColumnKind::Metadata { .. }, true) => {
                if matches!(old.kind, ColumnKind::Metadata { .. }) {
                    if strategies.metadata == Strategy::Overwriting {
                        let mut replaced = new;
                        replaced.from_base = false;
                        columns[existing] = replaced;
                        return true;
                    }
                    format!("A metadata column named '{name}' already exists in the base table. You might want to specify EXCLUDING METADATA or OVERWRITING METADATA.")
                } else if matches!(old.kind, ColumnKind::Physical) {
                    format!("A column named '{name}' already exists in the table. Duplicate columns exist in the metadata column and regular column. ")
                } else {
                    format!("A column named '{name}' already exists in the base table. Metadata columns can only overwrite other metadata columns.")
                }
            }
            (ColumnKind::Computed { .. }, false) => format!(
                "A column named '{name}' already exists in the table. Duplicate columns exist in the compute column and regular column. "
            ),
            (ColumnKind::Metadata { .. }, false) => format!(
                "A column named '{name}' already exists in the table. Duplicate columns exist in the metadata column and regular column. "
            ),
            (ColumnKind::Physical, false) => format!(
                "A column named '{name}' already exists in the table. Duplicate columns exist in the compute column and regular column. "
            ),
        };
        let code = if old.from_base {
            Code::LikeConflict
        } else {
            Code::DuplicateColumn
        };
        let mut d = Diagnostic::new(code, span, message).with_help("rename one of the columns");
        if !old.from_base {
            d = d.with_label(old.span, "first defined here");
        }
        self.report(d);
        false
    }

    /// `DefaultSchemaResolver.validateDuplicateColumns`: what the converter let through.
    pub(super) fn check_duplicate_columns(
        &mut self,
        columns: &[Col],
        distinct_names: usize,
    ) -> Result<(), ()> {
        if distinct_names == columns.len() {
            // Every column got its own entry in the name index: no duplicates to look for.
            return Ok(());
        }
        let mut seen: foldhash::HashSet<&str> = foldhash::HashSet::default();
        let mut reported: foldhash::HashSet<&str> = foldhash::HashSet::default();
        let mut dups: Vec<&str> = Vec::new();
        for c in columns {
            if !seen.insert(c.name.as_str()) && reported.insert(c.name.as_str()) {
                dups.push(&c.name);
            }
        }
        if let Some(first) = dups.first() {
            let span = columns
                .iter()
                .filter(|c| c.name == *first)
                .nth(1)
                .map_or(Span::default(), |c| c.span);
            self.report(
                Diagnostic::new(
                    Code::DuplicateColumn,
                    span,
                    format!(
                        "Schema must not contain duplicate column names. Found duplicates: [{}]",
                        dups.join(", ")
                    ),
                )
                .with_help("rename one of the columns"),
            );
            return Err(());
        }
        Ok(())
    }

    pub(super) fn check_metadata_keys(&mut self, columns: &[Col]) -> Result<(), ()> {
        let mut seen: HashMap<&str, &Col> = HashMap::default();
        for c in columns {
            if let ColumnKind::Metadata(metadata) = &c.kind {
                let key = metadata.key.as_deref().unwrap_or(&c.name);
                if let Some(first) = seen.get(key) {
                    self.report(
                        Diagnostic::new(
                            Code::DuplicateMetadataKey,
                            c.span,
                            format!(
                                "The column `{}` and `{}` in the table are both from the same metadata key '{key}'. Please specify one of the columns as the metadata column and use the computed column syntax to specify the others.",
                                first.name, c.name
                            ),
                        )
                        .with_label(first.span, "this column reads the key first")
                        .with_help(format!(
                            "read the key once and copy it: `{} AS {}` as a computed column",
                            c.name, first.name
                        )),
                    );
                    return Err(());
                }
                seen.insert(key, c);
            }
        }
        Ok(())
    }
}

/// The source text of an expression, for expressions we cannot reprint.
pub(crate) fn expr_text(source: &str, expr: &ast::Expr) -> String {
    expr.span.text(source).to_string()
}

/// The table's columns, in a vector of their own exact size (collected in place, a
/// `Vec<Column>` would keep the larger `Vec<Col>`'s allocation for the table's lifetime), and
/// their comments packed ([`TableSchema::column_comments`]).
pub(crate) fn finish_columns(columns: Vec<Col<'_>>) -> (Vec<Column>, ColumnComments) {
    let comments = ColumnComments::from_pairs(
        columns
            .iter()
            .enumerate()
            .filter_map(|(index, c)| Some((index, c.comment?))),
    );
    let mut out = Vec::with_capacity(columns.len());
    out.extend(columns.into_iter().map(|c| {
        Column {
            name: c.name,
            data_type: c
                .data_type
                .unwrap_or_else(|| Arc::new(DataType::new(LogicalType::Null))),
            kind: c.kind,
        }
    }));
    (out, comments)
}
