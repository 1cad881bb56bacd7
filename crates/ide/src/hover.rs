//! Hover: what Flink resolved for the name under the cursor. A column shows its kind, resolved
//! type and nullability (a computed column's inferred type and stored expression, the rowtime
//! marker, its metadata key); a table its resolved schema as Flink prints it; a function its
//! signature; a WITH option its type, default and allowed values; a metadata key its type.

use crate::index::{Occurrence, Symbol};
use crate::reference;
use crate::signature_help::Callee;
use crate::Analysis;
use flinkddl::binder::print;
use flinkddl::binder::schema::{Column, ColumnKind, TableSchema};
use flinkddl::binder::semantic::{ColumnSource, Resolution};
use flinkddl::syntax::ast::{self, visit, StatementKind, TableElement};
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hover {
    /// The range the hover is about.
    pub span: Span,
    pub markdown: String,
}

pub fn hover(analysis: &Analysis, offset: u32) -> Option<Hover> {
    if let Some(occurrence) = analysis.index().occurrence_at(offset) {
        if let Some(h) = symbol_hover(analysis, occurrence) {
            return Some(h);
        }
    }
    let index = analysis.statement_at(offset)?;
    let statement = analysis.statements().get(index)?;
    if !statement.span.contains_offset(offset) {
        return None;
    }
    if let Some(h) = model_hover(analysis, index, offset) {
        return Some(h);
    }
    let site = Site {
        analysis,
        statement,
        index,
        offset,
    };
    site.column_type_hover()
        .or_else(|| site.option_hover())
        .or_else(|| site.metadata_hover())
        .or_else(|| site.function_hover())
        .or_else(|| site.watermark_hover())
}

trait ContainsOffset {
    fn contains_offset(&self, offset: u32) -> bool;
}

impl ContainsOffset for Span {
    fn contains_offset(&self, offset: u32) -> bool {
        self.start <= offset && offset <= self.end
    }
}

/// A name the index does not name but the binder resolved (the semantic model): a function
/// called in a query, a window table function's column, a field of a ROW column.
fn model_hover(analysis: &Analysis, statement: usize, offset: u32) -> Option<Hover> {
    let used = analysis.model().name_at(statement, offset)?;
    let span = used.span;
    let markdown = match &used.resolution {
        Resolution::Function { name, .. } => {
            let parts: Vec<String> = name.split('.').map(str::to_string).collect();
            match crate::signature_help::callee(analysis, statement, &parts)? {
                Callee::Builtin(info) => reference::describe_function(&info),
                Callee::User(f, written) => format!(
                    "```flinksql\n{written}(...)\n```\n{}",
                    crate::signature_help::describe_user_function(f)
                ),
            }
        }
        Resolution::Column {
            source: ColumnSource::Window {
                column, function, ..
            },
            data_type: Some(ty),
        } => {
            let call = analysis
                .text()
                .get(function.range())
                .unwrap_or("the window")
                .to_ascii_uppercase();
            query_column_markdown(column, ty, &format!("window column of `{call}`"))
        }
        Resolution::Column {
            data_type: Some(ty),
            ..
        } => {
            let name = analysis.text().get(span.range()).unwrap_or("");
            query_column_markdown(name, ty, "column")
        }
        _ => return None,
    };
    Some(Hover { span, markdown })
}

/// Where the script's INSERTs, CTAS and RTAS take a sink column's values from (lineage), a
/// line per writing statement; empty when no statement writes it.
fn written_from(analysis: &Analysis, path: &crate::index::TablePath, name: &str) -> String {
    let sink = format!("{}.{}.{}", path.0, path.1, path.2);
    let mut out = String::new();
    // A table many statements write: the first few.
    const SHOWN: usize = 5;
    let writes = analysis
        .lineage()
        .iter()
        .filter(|l| l.sink == sink)
        .filter_map(|l| Some((l, l.columns.iter().find(|c| c.name == name)?)));
    for (i, (l, column)) in writes.enumerate() {
        if i == SHOWN {
            out.push_str("\n- …");
            break;
        }
        if i == 0 {
            out.push_str("\n\n**written from**");
        }
        let origins = match &column.origins {
            None => "(not followed)".to_string(),
            Some(o) if o.is_empty() => "no source column".to_string(),
            Some(o) => o
                .iter()
                .map(|o| {
                    let table = o.table.rsplit('.').next().unwrap_or(&o.table);
                    let how = if o.derived { " (computed)" } else { "" };
                    format!("`{table}.{}`{how}", o.column)
                })
                .collect::<Vec<_>>()
                .join(", "),
        };
        out.push_str(&format!("\n- statement {}: {origins}", l.statement + 1));
    }
    out
}

fn symbol_hover(analysis: &Analysis, occurrence: &Occurrence) -> Option<Hover> {
    let markdown = match &occurrence.symbol {
        Symbol::Table(path) => {
            let (kind, table) = match analysis.bound_table(path, occurrence.statement) {
                Some(t) => ("table", Some(t)),
                None => (
                    match analysis.index().table_def(path, occurrence.statement) {
                        Some(def) if def.kind == crate::index::TableKind::View => "view",
                        Some(_) => "table (not resolved: its statement has errors)",
                        None => "table (not created in this file)",
                    },
                    None,
                ),
            };
            let mut out = format!("**{kind}** `{}.{}.{}`", path.0, path.1, path.2);
            if let Some(t) = table {
                out.push_str(&table_markdown(t));
            } else if let Some(def) = analysis.index().table_def(path, occurrence.statement) {
                // A view (or a table that did not bind): show its statement as written.
                let written = analysis
                    .statements()
                    .get(def.statement)
                    .and_then(|s| analysis.text().get(s.span.range()))
                    .unwrap_or("");
                let mut written: String = written.split_whitespace().collect::<Vec<_>>().join(" ");
                if written.chars().count() > 300 {
                    written = written.chars().take(300).collect::<String>() + " …";
                }
                out.push_str(&format!("\n```flinksql\n{written}\n```"));
            }
            out
        }
        Symbol::Column(path, name) => {
            match analysis
                .bound_table(path, occurrence.statement)
                .and_then(|t| {
                    let (column, comment) = t.columns_with_comments().find(|(c, _)| c.name == name)?;
                    Some((t, column, comment))
                })
            {
                Some((table, column, comment)) => {
                    column_markdown(table, column, comment) + &written_from(analysis, path, name)
                }
                None => {
                    let def = analysis
                        .index()
                        .column_def(path, name, occurrence.statement);
                    let from_alias = def.and_then(|d| {
                        let ty = analysis.item_type_at_alias(d.statement, d.name_span)?;
                        Some(query_column_markdown(name, ty, &format!("column of view `{}`", path.2)))
                    });
                    match from_alias.or_else(|| {
                        def.and_then(|d| unbound_column(analysis, d.statement, d.name_span, &path.2))
                    }) {
                        Some(markdown) => markdown,
                        None => format!(
                            "```flinksql\n`{name}`\n```\ncolumn of `{}` (not resolved: the table has errors or no such column)",
                            path.2
                        ),
                    }
                }
            }
        }
        Symbol::Alias {
            statement,
            span,
            name,
        } => match analysis.item_type_at_alias(*statement, *span) {
            Some(ty) => query_column_markdown(name, ty, "column a query names"),
            None => format!(
                "```flinksql\n{}\n```\ncolumn a query names (flinkddl does not type its expression)",
                flinkddl::binder::schema::quote_ident(name)
            ),
        },
        Symbol::RelationAlias { span, name, .. } => {
            let what = analysis
                .index()
                .relation_aliases
                .get(span)
                .map_or("a FROM item", String::as_str);
            format!(
                "```flinksql\n{}\n```\n**alias** of {what}",
                flinkddl::binder::schema::quote_ident(name)
            )
        }
    };
    Some(Hover {
        span: occurrence.span,
        markdown,
    })
}

/// A column a query's select list makes, with the binder's type of its item.
fn query_column_markdown(name: &str, ty: &flinkddl::types::DataType, what: &str) -> String {
    let nullability = if ty.nullable { "nullable" } else { "NOT NULL" };
    format!(
        "```flinksql\n{} {}\n```\n**{what}** · {nullability}",
        flinkddl::binder::schema::quote_ident(name),
        ty.summary_string()
    )
}

/// A column whose table did not resolve (its statement has an error, as while typing): the
/// column's own type resolved as Flink's DDL does, or, for a computed column, its text.
fn unbound_column(
    analysis: &Analysis,
    statement: usize,
    name_span: Span,
    table: &str,
) -> Option<String> {
    let st = analysis.statements().get(statement)?;
    let column = visit::table_elements(st)
        .into_iter()
        .find_map(|e| match e {
            TableElement::Column(c) if c.name.span == name_span => Some(c),
            _ => None,
        })?;
    let name = flinkddl::binder::schema::quote_ident(column.name.value);
    let resolved = |ty: &ast::DataTypeSyntax| {
        flinkddl::types::resolve_ddl_type_in(ty, analysis.text())
            .map(|t| t.summary_string())
            .ok()
    };
    let note = format!("of `{table}` (the table does not resolve: its statement has an error)");
    Some(match &column.kind {
        ast::ColumnKind::Physical { data_type, .. } => {
            let ty = resolved(data_type)?;
            format!("```flinksql\n{name} {ty}\n```\n**physical column** {note}")
        }
        ast::ColumnKind::Metadata { data_type, .. } => {
            let ty = resolved(data_type)?;
            format!("```flinksql\n{name} {ty}\n```\n**metadata column** {note}")
        }
        ast::ColumnKind::Computed { .. } | ast::ColumnKind::NameOnly => {
            let written = analysis.text().get(column.span.range())?;
            let written = written.split_whitespace().collect::<Vec<_>>().join(" ");
            format!("```flinksql\n{written}\n```\n**column** {note}")
        }
    })
}

/// The hover of `column`, a column of `table`, with its comment.
fn column_markdown(table: &TableSchema, column: &Column, comment: Option<&str>) -> String {
    let ty = column.data_type.summary_string();
    let mut out = format!(
        "```flinksql\n{} {ty}\n```\n",
        flinkddl::binder::schema::quote_ident(&column.name)
    );
    let kind = match &column.kind {
        ColumnKind::Physical => "physical column".to_string(),
        ColumnKind::Computed(computed) if computed.typed => {
            "computed column (type inferred as Flink does)".to_string()
        }
        ColumnKind::Computed(_) => {
            "computed column (flinkddl cannot type this expression; Flink may)".to_string()
        }
        ColumnKind::Metadata(metadata) if metadata.is_virtual => {
            "metadata column, virtual (read only)".to_string()
        }
        ColumnKind::Metadata(_) => "metadata column (read and written)".to_string(),
    };
    let nullability = if column.data_type.nullable {
        "nullable"
    } else {
        "NOT NULL"
    };
    out.push_str(&format!("**{kind}** of `{}` · {nullability}", table.name));
    let mut facts = Vec::new();
    match &column.kind {
        ColumnKind::Computed(computed) => facts.push(format!("AS {}", inline_code(&computed.expr))),
        ColumnKind::Metadata(metadata) => facts.push(format!(
            "metadata key `{}`",
            metadata.key.as_deref().unwrap_or(&column.name)
        )),
        ColumnKind::Physical => {}
    }
    if let Some(w) = table.watermarks.iter().find(|w| w.rowtime == column.name) {
        let watermark = format!(
            "WATERMARK FOR {} AS {}",
            flinkddl::binder::schema::quote_ident(&w.rowtime),
            w.expr
        );
        facts.push(format!("rowtime attribute: {}", inline_code(&watermark)));
    } else if column.data_type.summary_string().contains("*PROCTIME*") {
        facts.push("processing-time attribute".to_string());
    }
    if let Some(pk) = &table.primary_key {
        if pk.columns.iter().any(|k| *k == column.name) {
            facts.push(format!("primary key `{}`", pk.name));
        }
    }
    if table.partition_keys.iter().any(|k| *k == column.name) {
        facts.push("partition key".to_string());
    }
    if let Some(comment) = comment {
        facts.push(format!("comment: {comment}"));
    }
    for f in facts {
        out.push_str("\n\n");
        out.push_str(&f);
    }
    out
}

/// Markdown inline code that may itself hold back-ticks (Flink's stored expressions quote
/// names with them): a longer fence, padded.
fn inline_code(text: &str) -> String {
    if text.contains('`') {
        format!("`` {text} ``")
    } else {
        format!("`{text}`")
    }
}

fn table_markdown(table: &TableSchema) -> String {
    let mut out = format!("\n```flinksql\n{}\n```", print::schema_summary(table));
    if let Some(id) = table.option("connector") {
        out.push_str(&format!("\n\nconnector `{id}`"));
        if let Some(format) = table.option("format").or(table.option("value.format")) {
            out.push_str(&format!(" · format `{format}`"));
        }
    }
    if !table.partition_keys.is_empty() {
        out.push_str(&format!(
            "\n\npartitioned by {}",
            table.partition_keys.join(", ")
        ));
    }
    if let Some(d) = &table.distribution {
        out.push_str(&format!("\n\n{}", print::distribution_summary(d)));
    }
    if !table.comment.is_empty() {
        out.push_str(&format!("\n\n{}", table.comment));
    }
    out
}

/// Where a hover is asked on no name the index knows: the statement around the offset.
struct Site<'a> {
    analysis: &'a Analysis,
    statement: &'a ast::Statement<'a>,
    /// The statement's index in the script.
    index: usize,
    offset: u32,
}

impl Site<'_> {
    /// The first of the statement's columns for which `found` gives something.
    fn find_column<T>(&self, found: impl Fn(&ast::ColumnDef) -> Option<T>) -> Option<T> {
        visit::table_elements(self.statement)
            .into_iter()
            .find_map(|e| match e {
                TableElement::Column(c) => found(c),
                _ => None,
            })
    }

    /// On a column's written type: the column as Flink resolved it (`VARCHAR` is `STRING`, ...).
    fn column_type_hover(&self) -> Option<Hover> {
        let (name, type_span) = self.find_column(|c| match &c.kind {
            ast::ColumnKind::Physical { data_type, .. }
            | ast::ColumnKind::Metadata { data_type, .. }
                if data_type.span.contains_offset(self.offset) =>
            {
                Some((c.name.span, data_type.span))
            }
            _ => None,
        })?;
        let occurrence = self.analysis.index().occurrence_at(name.start)?;
        let mut h = symbol_hover(self.analysis, occurrence)?;
        h.span = type_span;
        Some(h)
    }

    /// The options the statement's WITH / SET list gives its table (with a LIKE source's or the
    /// altered table's options beneath).
    fn table_options(&self) -> Vec<(String, String)> {
        let mut options: Vec<(String, String)> = Vec::new();
        if let Some(table) = self.analysis.created_by(self.index) {
            options.extend(
                table
                    .options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string())),
            );
        }
        if let StatementKind::AlterTable(alter) = &self.statement.kind {
            if let Some(occ) = alter
                .name
                .parts
                .last()
                .and_then(|p| self.analysis.index().occurrence_at(p.span.start))
            {
                if let Symbol::Table(path) = &occ.symbol {
                    if let Some(t) = self.analysis.bound_table(path, self.index) {
                        options.extend(
                            t.options
                                .iter()
                                .map(|(k, v)| (k.to_string(), v.to_string())),
                        );
                    }
                }
            }
        }
        if let Some(list) = visit::property_list(self.statement) {
            for p in &list.properties {
                options.push((p.key.value.to_string(), p.value.value.to_string()));
            }
        }
        options
    }

    fn option_hover(&self) -> Option<Hover> {
        if !matches!(
            self.statement.kind,
            StatementKind::CreateTable(_) | StatementKind::AlterTable(_)
        ) {
            return None;
        }
        let property = visit::property_list(self.statement)
            .into_iter()
            .flat_map(|l| &l.properties)
            .find(|p| p.span.contains_offset(self.offset))?;
        let options = self.table_options();
        let key = &property.key.value;
        let markdown = if *key == "connector" {
            match self
                .analysis
                .connector_facts()
                .connector(property.value.value)
            {
                Some(c) => {
                    let roles: Vec<String> = c
                        .roles
                        .iter()
                        .map(|r| format!("{r:?}").to_lowercase())
                        .collect();
                    format!(
                        "**`connector`** · the connector's factory identifier\n\n`{}`: {} · {}",
                        c.id,
                        roles.join(", "),
                        c.version
                    )
                }
                None => "**`connector`** · the connector's factory identifier".to_string(),
            }
        } else {
            let option = reference::option_for_key(self.analysis.connector_facts(), &options, key)?;
            reference::describe_option(&option)
        };
        Some(Hover {
            span: property.key.span.cover(property.value.span),
            markdown,
        })
    }

    fn metadata_hover(&self) -> Option<Hover> {
        let (span, key) = self.find_column(|c| match &c.kind {
            ast::ColumnKind::Metadata {
                from,
                metadata_span,
                ..
            } => {
                let span = from
                    .as_ref()
                    .map_or(*metadata_span, |f| metadata_span.cover(f.span));
                let key = from
                    .as_ref()
                    .map_or(c.name.value.to_string(), |f| f.value.to_string());
                span.contains_offset(self.offset).then_some((span, key))
            }
            _ => None,
        })?;
        let options = self.table_options();
        let (key, spec) = reference::metadata_keys(self.analysis.connector_facts(), &options)
            .into_iter()
            .find(|(k, _)| *k == key)?;
        Some(Hover {
            span,
            markdown: reference::describe_metadata(&key, spec),
        })
    }

    /// On a function's name: a built-in's signatures, or what its CREATE FUNCTION says.
    fn function_hover(&self) -> Option<Hover> {
        struct Finder {
            offset: u32,
            found: Option<(Span, Vec<String>)>,
        }
        impl visit::Visitor<'_> for Finder {
            fn expr(&mut self, expr: &ast::Expr) {
                let name = match &expr.kind {
                    ast::ExprKind::Call(call) => Some((
                        call.name.span,
                        call.name
                            .parts
                            .iter()
                            .map(|p| p.value.to_string())
                            .collect(),
                    )),
                    ast::ExprKind::ContextVariable { name } => {
                        Some((name.span, vec![name.value.to_string()]))
                    }
                    _ => None,
                };
                if let Some((span, name)) = name {
                    if span.contains_offset(self.offset) {
                        self.found = Some((span, name));
                    }
                }
            }
        }
        let mut finder = Finder {
            offset: self.offset,
            found: None,
        };
        visit::walk_statement(&mut finder, self.statement);
        let (span, parts) = finder.found?;
        let markdown = match crate::signature_help::callee(self.analysis, self.index, &parts)? {
            Callee::Builtin(info) => reference::describe_function(&info),
            Callee::User(f, written) => format!(
                "```flinksql\n{written}(...)\n```\n{}",
                crate::signature_help::describe_user_function(f)
            ),
        };
        Some(Hover { span, markdown })
    }

    /// Anywhere else in a `WATERMARK FOR` clause: the watermark as Flink stores it, with its type.
    fn watermark_hover(&self) -> Option<Hover> {
        let span = visit::table_elements(self.statement)
            .into_iter()
            .find_map(|e| match e {
                TableElement::Watermark(w) if w.span.contains_offset(self.offset) => Some(w.span),
                _ => None,
            })?;
        let table = self.analysis.created_by(self.index)?;
        let spec = table.watermarks.first()?;
        Some(Hover {
            span,
            markdown: format!(
                "```flinksql\n{}\n```\nthe watermark of `{}`: `{}` is its rowtime attribute",
                print::watermark_summary(spec),
                table.name,
                spec.rowtime
            ),
        })
    }
}
