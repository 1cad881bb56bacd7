//! The output model: what Flink's catalog holds for a table after a script ran. Plain serde
//! data, with no reference to the AST.

use compact_str::CompactString;
use flinkddl_types::DataType;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A resolved table (Flink's `ResolvedCatalogTable` with its `ResolvedSchema`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableSchema {
    pub catalog: String,
    pub database: String,
    pub name: String,
    pub temporary: bool,
    pub columns: Vec<Column>,
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

/// 64 bytes: a script holds every column of every table until its end, so each is kept small
/// (the name inline, the type shared, the rare kinds and the comment boxed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Column {
    /// Inline up to 24 bytes (most names): no allocation per column.
    pub name: CompactString,
    /// Shared: the binder hands out one allocation per distinct type (a script repeats a few
    /// types over many columns). Serialized as the type itself.
    pub data_type: Arc<DataType>,
    pub kind: ColumnKind,
    pub comment: Option<Box<str>>,
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
pub(crate) fn quote_ident_list<S: AsRef<str>>(names: &[S]) -> String {
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
        assert!(std::mem::size_of::<crate::uses::TableUse>() <= 32);
    }
}
