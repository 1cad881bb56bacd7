//! What a sink accepts from the query written into it, as Flink's planner checks it when it
//! converts the INSERT (`DynamicSinkUtils`): each query column must cast implicitly (without
//! loss) to its sink column.

use crate::schema::TableSchema;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast;
use flinkddl_types::{casts::supports_implicit_cast, DataType};

/// The query's columns against the sink's: Flink's "Column types of query result and sink
/// ... do not match" with the first incompatible column and both schemas. Judged only when
/// every query column's type is known (an unknown one may cast).
pub(super) fn check_column_types(
    insert: &ast::Insert,
    target: &TableSchema,
    names: &[String],
    types: &[Option<DataType>],
) -> Result<(), Box<Diagnostic>> {
    let Some(types) = types.iter().cloned().collect::<Option<Vec<DataType>>>() else {
        return Ok(());
    };
    if types.len() != names.len() {
        return Ok(());
    }
    // The sink columns written, in the query's order.
    let sink: Vec<(&str, &DataType)> = match &insert.columns {
        Some(list) => {
            let found: Option<Vec<(&str, &DataType)>> = list
                .columns
                .iter()
                .map(|c| {
                    target
                        .columns
                        .iter()
                        .find(|t| t.name == c.value)
                        .map(|t| (t.name.as_str(), &t.data_type))
                })
                .collect();
            match found {
                Some(f) => f,
                None => return Ok(()),
            }
        }
        None => target
            .columns
            .iter()
            .filter(|c| c.is_persisted())
            .map(|c| (c.name.as_str(), &c.data_type))
            .collect(),
    };
    if sink.len() != types.len() {
        return Ok(());
    }
    let incompatible = types.iter().zip(&sink).position(|(query, (_, sink))| {
        !supports_implicit_cast(
            &query.without_time_attributes().with_nullability(true),
            &sink.without_time_attributes().with_nullability(true),
        )
    });
    let Some(i) = incompatible else {
        return Ok(());
    };
    let schema = |cols: Vec<(&str, String)>| {
        cols.iter()
            .map(|(n, t)| format!("{n}: {t}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let query_schema = schema(
        names
            .iter()
            .zip(&types)
            .map(|(n, t)| (n.as_str(), t.summary_string()))
            .collect(),
    );
    let sink_schema = schema(sink.iter().map(|(n, t)| (*n, t.summary_string())).collect());
    let (sink_name, sink_type) = sink[i];
    let item_span = match &insert.query.query.body.kind {
        ast::SetExprKind::Select(select) => match select.items.get(i) {
            Some(ast::QueryItem::Expr { expr, .. }) => Some(expr.span),
            _ => None,
        },
        _ => None,
    };
    let span = item_span.unwrap_or(insert.query.span);
    Err(Box::new(
        Diagnostic::new(
            Code::SinkColumnTypes,
            span,
            format!(
                "Column types of query result and sink for '{}.{}.{}' do not match.\nCause: Incompatible types for sink column '{sink_name}' at position {}.\n\nQuery schema: [{query_schema}]\nSink schema:  [{sink_schema}]",
                target.catalog,
                target.database,
                target.name,
                i + 1
            ),
        )
        .with_label(insert.target.span, format!("`{sink_name}` is {}", sink_type.summary_string()))
        .with_help(format!(
            "this value is {}, which does not cast to {} without loss: CAST it (`CAST(... AS {})`), or select a value of that type",
            types[i].summary_string(),
            sink_type.summary_string(),
            sink_type.without_time_attributes().with_nullability(true).summary_string()
        )),
    ))
}
