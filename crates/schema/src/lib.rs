//! The output model: what Flink's catalog holds for a table after a script ran. Plain serde
//! data, with no reference to the AST. A crate of its own, below `flinkddl-binder` (which
//! builds it) and `flinkddl-connectors` (which checks its options), so the two are siblings.

use compact_str::CompactString;
use flinkddl_types::DataType;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A resolved table (Flink's `ResolvedCatalogTable` with its `ResolvedSchema`).
///
/// Serialized with each column's comment inside the column (`{"name", "data_type", "kind",
/// "comment"}`), as when the comment was a field of [`Column`].
#[derive(Debug, Clone, PartialEq)]
pub struct TableSchema {
    /// The path's parts are inline when short (`default_catalog`, `default_database` and most
    /// names): a script keeps every table, and three allocations a table were measurable.
    pub catalog: CompactString,
    pub database: CompactString,
    pub name: CompactString,
    pub temporary: bool,
    pub columns: Vec<Column>,
    /// The columns' comments. Read with [`TableSchema::column_comment`] or
    /// [`TableSchema::columns_with_comments`].
    pub column_comments: ColumnComments,
    /// Zero or one watermark.
    pub watermarks: Vec<WatermarkSpec>,
    pub primary_key: Option<PrimaryKey>,
    /// `""` when there is no COMMENT, as in Flink.
    pub comment: String,
    pub partition_keys: Vec<String>,
    pub distribution: Option<Distribution>,
    /// Options in the order they were first given (a later duplicate replaces the value).
    pub options: Vec<OptionPair>,
    /// False when some part of the schema could not be derived (an untyped expression, a CTAS
    /// over a query we do not read); such a table is reported but not checked further.
    pub complete: bool,
}

/// 48 bytes: a script holds every column of every table until its end, so each is kept small
/// (the name inline, the type shared, the rare kinds boxed, the comment in the table's
/// [`TableSchema::column_comments`]). Serialized within its table.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// Inline up to 24 bytes (most names): no allocation per column.
    pub name: CompactString,
    /// Shared: the binder hands out one allocation per distinct type (a script repeats a few
    /// types over many columns). Serialized as the type itself.
    pub data_type: Arc<DataType>,
    pub kind: ColumnKind,
}

/// Serialized as `{"kind": "physical"}`, `{"kind": "computed", "expr": ..., "typed": ...}`,
/// `{"kind": "metadata", "key": ..., "is_virtual": ...}`. The rare kinds are boxed: most
/// columns are physical, and every column pays for the largest variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ColumnKind {
    Physical,
    Computed(Box<Computed>),
    Metadata(Box<Metadata>),
}

/// A computed column: `expr` is the stored (serializable) expression; `typed` is false when
/// we could not type it (then the column's `data_type` is a placeholder).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computed {
    pub expr: String,
    pub typed: bool,
}

/// A metadata column: the key it reads (`FROM 'key'`, else its name) and whether it is VIRTUAL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metadata {
    pub key: Option<String>,
    pub is_virtual: bool,
}

impl ColumnKind {
    pub fn computed(expr: impl Into<String>, typed: bool) -> Self {
        ColumnKind::Computed(Box::new(Computed {
            expr: expr.into(),
            typed,
        }))
    }

    pub fn metadata(key: Option<impl Into<String>>, is_virtual: bool) -> Self {
        ColumnKind::Metadata(Box::new(Metadata {
            key: key.map(Into::into),
            is_virtual,
        }))
    }

    /// The stored expression of a computed column.
    pub fn computed_expr(&self) -> Option<&str> {
        match self {
            ColumnKind::Computed(c) => Some(&c.expr),
            _ => None,
        }
    }
}

impl Column {
    pub fn is_physical(&self) -> bool {
        matches!(self.kind, ColumnKind::Physical)
    }

    pub fn is_computed(&self) -> bool {
        matches!(self.kind, ColumnKind::Computed { .. })
    }

    pub fn is_metadata(&self) -> bool {
        matches!(self.kind, ColumnKind::Metadata { .. })
    }

    /// Written by an INSERT: physical columns and metadata columns that are not VIRTUAL.
    pub fn is_persisted(&self) -> bool {
        match &self.kind {
            ColumnKind::Physical => true,
            ColumnKind::Computed { .. } => false,
            ColumnKind::Metadata(m) => !m.is_virtual,
        }
    }

    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            ColumnKind::Physical => "physical",
            ColumnKind::Computed { .. } => "computed",
            ColumnKind::Metadata { .. } => "metadata",
        }
    }
}

/// A table option, key and value: most keys and values are short, and are held inline (no
/// allocation for either up to 24 bytes). Serialized as the pair of strings.
pub type OptionPair = (CompactString, CompactString);

/// An option pair of borrowed texts.
pub fn option_pair(key: &str, value: &str) -> OptionPair {
    (CompactString::from(key), CompactString::from(value))
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WatermarkSpec {
    pub rowtime: String,
    /// The stored expression text.
    pub expr: String,
    /// The expression's type (`None` when it could not be typed).
    pub expr_type: Option<DataType>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrimaryKey {
    pub name: String,
    pub columns: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum DistributionKind {
    Hash,
    Range,
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Distribution {
    pub kind: DistributionKind,
    pub bucket_keys: Vec<String>,
    pub bucket_count: Option<u32>,
}

impl TableSchema {
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }

    /// The comment of the column at `index`.
    pub fn column_comment(&self, index: usize) -> Option<&str> {
        self.column_comments.get(index)
    }

    /// Each column with its comment, in order.
    pub fn columns_with_comments(&self) -> impl Iterator<Item = (&Column, Option<&str>)> {
        let mut comments = self.column_comments.iter().peekable();
        self.columns.iter().enumerate().map(move |(index, column)| {
            let comment = comments
                .next_if(|(at, _)| *at == index)
                .map(|(_, text)| text);
            (column, comment)
        })
    }

    /// `` `catalog`.`database`.`name` `` with back-ticks doubled.
    pub fn identifier(&self) -> String {
        object_identifier(&self.catalog, &self.database, &self.name)
    }

    pub fn option(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

pub fn object_identifier(catalog: &str, database: &str, name: &str) -> String {
    format!(
        "{}.{}.{}",
        quote_ident(catalog),
        quote_ident(database),
        quote_ident(name)
    )
}

/// `` `name` `` with back-ticks doubled.
pub fn quote_ident(name: &str) -> String {
    format!("`{}`", name.replace('`', "``"))
}

/// `` `a`, `b` ``: each name quoted, joined by commas, as key and column lists print.
pub fn quote_ident_list<S: AsRef<str>>(names: &[S]) -> String {
    names
        .iter()
        .map(|n| quote_ident(n.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `'text'` with quotes doubled.
pub fn quote_string(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A script keeps every column and every use to its end: their sizes are its memory.
    #[test]
    fn kept_records_stay_small() {
        assert!(std::mem::size_of::<Column>() <= 64);
    }
}

/// The comments of a table's columns, packed in one text: most columns have none, and a slot
/// in every column cost 16 bytes each, an allocation per comment besides (a script keeps every
/// column to its end).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ColumnComments {
    /// For each commented column, by index: its index and where its comment ends in `text`
    /// (it starts where the one before ends). In u32: a script is shorter than 4 GB.
    ends: Box<[(u32, u32)]>,
    text: Box<str>,
}

impl ColumnComments {
    /// The comments of `(column index, comment)` pairs in ascending index order: the text is
    /// sized first, then filled (two allocations, none without comments).
    pub fn from_pairs<'a>(pairs: impl Iterator<Item = (usize, &'a str)> + Clone) -> Self {
        let (count, bytes) = pairs
            .clone()
            .fold((0, 0), |(n, len), (_, c)| (n + 1, len + c.len()));
        let mut ends = Vec::with_capacity(count);
        let mut text = String::with_capacity(bytes);
        for (index, comment) in pairs {
            text.push_str(comment);
            ends.push((as_u32(index), as_u32(text.len())));
        }
        ColumnComments {
            ends: ends.into_boxed_slice(),
            text: text.into_boxed_str(),
        }
    }

    /// The comment of the column at `index`.
    pub fn get(&self, index: usize) -> Option<&str> {
        let at = self
            .ends
            .binary_search_by_key(&index, |(i, _)| *i as usize)
            .ok()?;
        self.text_at(at)
    }

    /// Whether no column has a comment.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// `(column index, comment)` in ascending index order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &str)> {
        (0..self.ends.len()).filter_map(|at| {
            let (index, _) = self.ends.get(at)?;
            Some((*index as usize, self.text_at(at)?))
        })
    }

    /// The `at`th comment's text.
    fn text_at(&self, at: usize) -> Option<&str> {
        let start = match at.checked_sub(1) {
            Some(before) => self.ends.get(before)?.1 as usize,
            None => 0,
        };
        let end = self.ends.get(at)?.1 as usize;
        self.text.get(start..end)
    }
}

/// An index or offset of a script's table in u32 (the script is shorter than 4 GB).
fn as_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

// ---- serde: a table's columns carry their comments -----------------------------------------

/// A column as serialized: its fields and its comment, in the order `Column` once had them.
#[derive(Serialize)]
#[serde(rename = "Column")]
struct ColumnOut<'a> {
    name: &'a str,
    data_type: &'a DataType,
    kind: &'a ColumnKind,
    comment: Option<&'a str>,
}

/// A table's columns, serialized with their comments.
struct ColumnsOut<'a>(&'a TableSchema);

impl Serialize for ColumnsOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            self.0
                .columns_with_comments()
                .map(|(c, comment)| ColumnOut {
                    name: &c.name,
                    data_type: &c.data_type,
                    kind: &c.kind,
                    comment,
                }),
        )
    }
}

/// A table as serialized (its fields in declaration order, as the derived form had them).
#[derive(Serialize)]
#[serde(rename = "TableSchema")]
struct TableSchemaOut<'a> {
    catalog: &'a str,
    database: &'a str,
    name: &'a str,
    temporary: bool,
    columns: ColumnsOut<'a>,
    watermarks: &'a [WatermarkSpec],
    primary_key: &'a Option<PrimaryKey>,
    comment: &'a str,
    partition_keys: &'a [String],
    distribution: &'a Option<Distribution>,
    options: &'a [OptionPair],
    complete: bool,
}

impl Serialize for TableSchema {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        TableSchemaOut {
            catalog: &self.catalog,
            database: &self.database,
            name: &self.name,
            temporary: self.temporary,
            columns: ColumnsOut(self),
            watermarks: &self.watermarks,
            primary_key: &self.primary_key,
            comment: &self.comment,
            partition_keys: &self.partition_keys,
            distribution: &self.distribution,
            options: &self.options,
            complete: self.complete,
        }
        .serialize(serializer)
    }
}

/// A column as deserialized, its comment inside.
#[derive(Deserialize)]
#[serde(rename = "Column")]
struct ColumnIn {
    name: CompactString,
    data_type: Arc<DataType>,
    kind: ColumnKind,
    comment: Option<Box<str>>,
}

#[derive(Deserialize)]
#[serde(rename = "TableSchema")]
struct TableSchemaIn {
    catalog: CompactString,
    database: CompactString,
    name: CompactString,
    temporary: bool,
    columns: Vec<ColumnIn>,
    watermarks: Vec<WatermarkSpec>,
    primary_key: Option<PrimaryKey>,
    comment: String,
    partition_keys: Vec<String>,
    distribution: Option<Distribution>,
    options: Vec<OptionPair>,
    complete: bool,
}

impl<'de> Deserialize<'de> for TableSchema {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let t = TableSchemaIn::deserialize(deserializer)?;
        let column_comments = ColumnComments::from_pairs(
            t.columns
                .iter()
                .enumerate()
                .filter_map(|(index, c)| Some((index, c.comment.as_deref()?))),
        );
        let columns = t
            .columns
            .into_iter()
            .map(|c| Column {
                name: c.name,
                data_type: c.data_type,
                kind: c.kind,
            })
            .collect();
        Ok(TableSchema {
            catalog: t.catalog,
            database: t.database,
            name: t.name,
            temporary: t.temporary,
            columns,
            column_comments,
            watermarks: t.watermarks,
            primary_key: t.primary_key,
            comment: t.comment,
            partition_keys: t.partition_keys,
            distribution: t.distribution,
            options: t.options,
            complete: t.complete,
        })
    }
}
