//! What a sink accepts from the query written into it, as Flink's planner checks it when it
//! converts the INSERT (`DynamicSinkUtils`): each query column must cast implicitly (without
//! loss) to its sink column.

use crate::schema::TableSchema;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast;
use flinkddl_types::{casts::supports_implicit_cast, DataType};

/// Where each query column goes: the sink's persisted columns in the sink's order, each with
/// the index of the query column written into it (Flink puts the query's columns into the
/// sink's order when the INSERT names them). `None` when the widths differ or a named column
/// is not persisted (other checks report those).
fn written_columns<'t>(
    insert: &ast::Insert,
    target: &'t TableSchema,
    width: usize,
) -> Option<Vec<(usize, &'t str, &'t DataType)>> {
    let written: Vec<(usize, &str, &DataType)> = target
        .columns
        .iter()
        .filter(|c| c.is_persisted())
        .enumerate()
        .filter_map(|(i, c)| {
            let query_index = match &insert.columns {
                Some(list) => list.columns.iter().position(|n| n.value == c.name)?,
                None => i,
            };
            Some((query_index, c.name.as_str(), &c.data_type))
        })
        .collect();
    (written.len() == width).then_some(written)
}

/// Whether the query's row goes into the sink as it is, with no column cast (time attributes
/// and nullability aside): then Flink adds no cast projection, which would materialize the
/// query's rowtimes.
pub(super) fn written_as_is(
    insert: &ast::Insert,
    target: &TableSchema,
    types: &[Option<DataType>],
) -> bool {
    let plain = |t: &DataType| t.without_time_attributes().with_nullability(true);
    written_columns(insert, target, types.len()).is_some_and(|written| {
        written.iter().all(|&(i, _, sink)| {
            types[i]
                .as_ref()
                .is_some_and(|query| plain(query) == plain(sink))
        })
    })
}

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
    let Some(written) = written_columns(insert, target, types.len()) else {
        return Ok(());
    };
    let order: Vec<usize> = written.iter().map(|&(i, _, _)| i).collect();
    let sink: Vec<(&str, &DataType)> = written.iter().map(|&(_, n, t)| (n, t)).collect();
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
