//! A builder for programs that assemble a table in code, in the manner of Flink's
//! `TableSchema.Builder`: fields, computed fields, metadata fields, a primary key (named or not),
//! a watermark, options. It validates exactly as DDL does, because `build` renders the table as
//! a CREATE TABLE statement and binds that: one set of rules, one set of messages.

use crate::schema::{quote_ident, quote_ident_list, quote_string, TableSchema};
use flinkddl_diagnostics::{Diagnostic, Severity};
use flinkddl_types::DataType;

#[derive(Debug, Clone)]
enum Field {
    Physical {
        name: String,
        data_type: DataType,
    },
    Computed {
        name: String,
        expr: String,
    },
    Metadata {
        name: String,
        data_type: DataType,
        key: Option<String>,
        is_virtual: bool,
    },
}

/// Builds a [`TableSchema`] in code. Names are used as given (case-sensitive); expressions are
/// Flink SQL, e.g. `` `price` * `quantity` ``.
#[derive(Debug, Clone)]
pub struct TableSchemaBuilder {
    name: Vec<String>,
    fields: Vec<Field>,
    primary_key: Option<(Option<String>, Vec<String>)>,
    watermark: Option<(String, String)>,
    comment: Option<String>,
    partition_keys: Vec<String>,
    options: Vec<(String, String)>,
}

impl TableSchemaBuilder {
    /// A table named by 1 to 3 parts (`t`, `db.t`, `cat.db.t`, unqualified parts resolve to
    /// `default_catalog.default_database`).
    pub fn new(name: &[&str]) -> Self {
        TableSchemaBuilder {
            name: name.iter().map(|s| s.to_string()).collect(),
            fields: Vec::new(),
            primary_key: None,
            watermark: None,
            comment: None,
            partition_keys: Vec::new(),
            options: Vec::new(),
        }
    }

    /// A physical column. The call order is the column order.
    pub fn field(mut self, name: &str, data_type: DataType) -> Self {
        self.fields.push(Field::Physical {
            name: name.to_string(),
            data_type,
        });
        self
    }

    /// A computed column; its type is derived from the expression, as in Flink.
    pub fn computed_field(mut self, name: &str, expression: &str) -> Self {
        self.fields.push(Field::Computed {
            name: name.to_string(),
            expr: expression.to_string(),
        });
        self
    }

    /// A metadata column reading `key` (the column name when `None`).
    pub fn metadata_field(
        mut self,
        name: &str,
        data_type: DataType,
        key: Option<&str>,
        is_virtual: bool,
    ) -> Self {
        self.fields.push(Field::Metadata {
            name: name.to_string(),
            data_type,
            key: key.map(str::to_string),
            is_virtual,
        });
        self
    }

    /// A primary key with Flink's generated name `PK_<columns>`.
    pub fn primary_key(mut self, columns: &[&str]) -> Self {
        self.primary_key = Some((None, columns.iter().map(|c| c.to_string()).collect()));
        self
    }

    /// A primary key with a given constraint name.
    pub fn primary_key_named(mut self, name: &str, columns: &[&str]) -> Self {
        self.primary_key = Some((
            Some(name.to_string()),
            columns.iter().map(|c| c.to_string()).collect(),
        ));
        self
    }

    /// Makes `rowtime` the event-time attribute with the watermark strategy `expression`.
    pub fn watermark(mut self, rowtime: &str, expression: &str) -> Self {
        self.watermark = Some((rowtime.to_string(), expression.to_string()));
        self
    }

    pub fn comment(mut self, comment: &str) -> Self {
        self.comment = Some(comment.to_string());
        self
    }

    pub fn partitioned_by(mut self, columns: &[&str]) -> Self {
        self.partition_keys = columns.iter().map(|c| c.to_string()).collect();
        self
    }

    pub fn option(mut self, key: &str, value: &str) -> Self {
        self.options.push((key.to_string(), value.to_string()));
        self
    }

    /// The table as a CREATE TABLE statement (the text `build` binds).
    pub fn to_ddl(&self) -> String {
        let mut elements: Vec<String> = Vec::new();
        for f in &self.fields {
            elements.push(match f {
                Field::Physical { name, data_type } => {
                    format!("{} {}", quote_ident(name), ddl_type(data_type))
                }
                Field::Computed { name, expr } => format!("{} AS {expr}", quote_ident(name)),
                Field::Metadata {
                    name,
                    data_type,
                    key,
                    is_virtual,
                } => {
                    let mut s = format!("{} {} METADATA", quote_ident(name), ddl_type(data_type));
                    if let Some(k) = key {
                        s.push_str(&format!(" FROM {}", quote_string(k)));
                    }
                    if *is_virtual {
                        s.push_str(" VIRTUAL");
                    }
                    s
                }
            });
        }
        if let Some((rowtime, expr)) = &self.watermark {
            elements.push(format!("WATERMARK FOR {} AS {expr}", quote_ident(rowtime)));
        }
        if let Some((name, columns)) = &self.primary_key {
            let cols = quote_ident_list(columns);
            elements.push(match name {
                Some(n) => format!(
                    "CONSTRAINT {} PRIMARY KEY ({cols}) NOT ENFORCED",
                    quote_ident(n)
                ),
                None => format!("PRIMARY KEY ({cols}) NOT ENFORCED"),
            });
        }
        let name = self
            .name
            .iter()
            .map(|p| quote_ident(p))
            .collect::<Vec<_>>()
            .join(".");
        let mut out = format!("CREATE TABLE {name} (\n  {}\n)", elements.join(",\n  "));
        if let Some(c) = &self.comment {
            out.push_str(&format!("\nCOMMENT {}", quote_string(c)));
        }
        if !self.partition_keys.is_empty() {
            out.push_str(&format!(
                "\nPARTITIONED BY ({})",
                quote_ident_list(&self.partition_keys)
            ));
        }
        if !self.options.is_empty() {
            out.push_str(&format!(
                "\nWITH (\n  {}\n)",
                self.options
                    .iter()
                    .map(|(k, v)| format!("{} = {}", quote_string(k), quote_string(v)))
                    .collect::<Vec<_>>()
                    .join(",\n  ")
            ));
        }
        out
    }

    /// Validates and resolves the table with Flink's rules. On failure, the errors refer to
    /// [`to_ddl`](Self::to_ddl)'s text.
    pub fn build(&self) -> Result<TableSchema, Vec<Diagnostic>> {
        let ddl = self.to_ddl();
        let parse = flinkddl_syntax::parse(&ddl);
        let bound = crate::bind(&parse, &ddl);
        let errors: Vec<Diagnostic> = parse
            .errors
            .into_iter()
            .chain(bound.diagnostics)
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        bound
            .tables
            .into_iter()
            .last()
            .map(std::sync::Arc::unwrap_or_clone)
            .ok_or_else(Vec::new)
    }
}

/// A type as DDL text. The serializable string is DDL syntax, except where DDL and the type
/// string disagree on defaults (none arise here: every parameter is printed).
fn ddl_type(t: &DataType) -> String {
    t.try_serializable_string()
        .unwrap_or_else(|| t.summary_string())
}
