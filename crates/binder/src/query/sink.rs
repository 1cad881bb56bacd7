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
    // The sink's persisted columns in its order, each with the query column written into it
    // (Flink puts the query's columns into the sink's order when the INSERT names them).
    let persisted: Vec<(&str, &DataType)> = target
        .columns
        .iter()
        .filter(|c| c.is_persisted())
        .map(|c| (c.name.as_str(), &c.data_type))
        .collect();
    let order: Vec<usize> = match &insert.columns {
        Some(list) => persisted
            .iter()
            .filter_map(|(name, _)| list.columns.iter().position(|c| c.value == *name))
            .collect(),
        None => (0..names.len()).collect(),
    };
    let sink: Vec<(&str, &DataType)> = match &insert.columns {
        Some(list) => persisted
            .iter()
            .filter(|(name, _)| list.columns.iter().any(|c| c.value == *name))
            .copied()
            .collect(),
        None => persisted,
    };
    if sink.len() != types.len() || order.len() != types.len() {
        return Ok(());
    }
    let names: Vec<&String> = order.iter().map(|&i| &names[i]).collect();
    let types: Vec<DataType> = order.iter().map(|&i| types[i].clone()).collect();
    let spans: Vec<Option<flinkddl_diagnostics::Span>> = order
        .iter()
        .map(|&i| match &insert.query.query.body.kind {
            ast::SetExprKind::Select(select) => match select.items.get(i) {
                Some(ast::QueryItem::Expr { expr, .. }) => Some(expr.span),
                _ => None,
            },
            _ => None,
        })
        .collect();
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
    let item_span = spans[i];
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
