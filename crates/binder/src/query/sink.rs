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
pub(super) fn written_columns<'t>(
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
            Some((query_index, c.name.as_str(), &*c.data_type))
        })
        .collect();
    (written.len() == width).then_some(written)
}

/// Whether the query's row goes into the sink as it is, with no column cast (time attributes
/// and nullability aside): then Flink adds no cast projection, which would materialize the
/// query's rowtimes.
/// (`written` is [`written_columns`] of the INSERT.)
pub(super) fn written_as_is(written: Option<&[Written<'_>]>, types: &[Option<DataType>]) -> bool {
    written.is_some_and(|written| {
        written.iter().all(|&(i, _, sink)| {
            types[i]
                .as_ref()
                .is_some_and(|query| *plain(query) == *plain(sink))
        })
    })
}

/// A query column written into a sink column: its index, the sink column's name and type.
pub(super) type Written<'t> = (usize, &'t str, &'t DataType);

/// The type without time attributes, nullable: as the sink checks compare types. Borrowed
/// when it is so already (a scalar type without a time attribute).
fn plain(t: &DataType) -> std::borrow::Cow<'_, DataType> {
    use flinkddl_types::{LogicalType as L, TimestampKind};
    let nested = matches!(
        t.logical,
        L::Array { .. }
            | L::Multiset { .. }
            | L::Map { .. }
            | L::Row { .. }
            | L::Structured { .. }
            | L::Distinct { .. }
    );
    if t.nullable && !nested && t.timestamp_kind() == TimestampKind::Regular {
        std::borrow::Cow::Borrowed(t)
    } else {
        std::borrow::Cow::Owned(t.without_time_attributes().with_nullability(true))
    }
}

/// The query's columns against the sink's: Flink's "Column types of query result and sink
/// ... do not match" with the first incompatible column and both schemas. Judged only when
/// every query column's type is known (an unknown one may cast).
/// (`written` is [`written_columns`] of the INSERT.)
pub(super) fn check_column_types(
    insert: &ast::Insert,
    target: &TableSchema,
    written: Option<&[Written<'_>]>,
    names: &[super::Name],
    types: &[Option<DataType>],
) -> Result<(), Box<Diagnostic>> {
    if types.iter().any(Option::is_none) || types.len() != names.len() {
        return Ok(());
    }
    let Some(written) = written else {
        return Ok(());
    };
    // The same type (nullability and time attributes aside) always casts: no copies then.
    let compatible = written.iter().all(|&(i, _, sink)| {
        types.get(i).and_then(Option::as_ref).is_some_and(|query| {
            query.logically_equals_ignoring_nullability(sink)
                || supports_implicit_cast(&plain(query), &plain(sink))
        })
    });
    if compatible {
        return Ok(());
    }
    // A rejection: the lists its message reads.
    let Some(types) = types
        .iter()
        .map(Option::as_ref)
        .collect::<Option<Vec<&DataType>>>()
    else {
        return Ok(());
    };
    let order: Vec<usize> = written.iter().map(|&(i, _, _)| i).collect();
    let sink: Vec<(&str, &DataType)> = written.iter().map(|&(_, n, t)| (n, t)).collect();
    let names: Vec<&super::Name> = order.iter().map(|&i| &names[i]).collect();
    let types: Vec<&DataType> = order.iter().map(|&i| types[i]).collect();
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
        !query.logically_equals_ignoring_nullability(sink)
            && !supports_implicit_cast(
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

/// What the sink consumes against what the query emits (the planner's changelog-mode
/// inference, [`super::changelog`]): an insert-only sink cannot take updates (B135), and a
/// sink with a primary key takes them only keyed by it (B136).
pub(super) fn check_changes(
    insert: &ast::Insert,
    target: &TableSchema,
    sink_insert_only: Option<bool>,
    names: &[super::Name],
    changes: &super::changelog::Changes,
    version: flinkddl_diagnostics::FlinkVersion,
) -> Result<(), Box<Diagnostic>> {
    let super::changelog::Changes::Changelog {
        deletes,
        node,
        upsert_key,
    } = changes
    else {
        return Ok(());
    };
    let table = format!("{}.{}.{}", target.catalog, target.database, target.name);
    let kind = if *deletes {
        "update and delete"
    } else {
        "update"
    };
    if sink_insert_only == Some(true) {
        return Err(Box::new(
            Diagnostic::new(
                Code::SinkCannotConsumeUpdates,
                insert.target.span,
                format!("Table sink '{table}' doesn't support consuming {kind} changes which is produced by node {node}"),
            )
            .with_label(insert.query.span, format!("this query emits {kind}s ({node})"))
            .with_help(
                "the table's connector and format write inserts only: aggregate over a window \
                 TVF (TUMBLE, HOP, CUMULATE) so that each result is final, or write into a \
                 table that takes a changelog (upsert-kafka, jdbc with a primary key, a \
                 changelog format such as debezium-json)",
            ),
        ));
    }
    let (Some(pk), Some(key)) = (&target.primary_key, upsert_key) else {
        return Ok(());
    };
    if !version.has(flinkddl_diagnostics::Feature::UpsertKeyCheck) {
        return Ok(());
    }
    // The query's key as the sink's column names.
    let Some(written) = written_columns(insert, target, names.len()) else {
        return Ok(());
    };
    let sink_name = |query_column: &str| -> Option<&str> {
        let i = names.iter().position(|n| n == query_column)?;
        written.iter().find(|(q, _, _)| *q == i).map(|(_, s, _)| *s)
    };
    let Some(key_in_sink) = key.iter().map(|k| sink_name(k)).collect::<Option<Vec<_>>>() else {
        return Ok(());
    };
    if !key_in_sink.is_empty()
        && key_in_sink
            .iter()
            .all(|k| pk.columns.iter().any(|c| c == k))
    {
        return Ok(());
    }
    let upsert = if key_in_sink.is_empty() {
        String::new()
    } else {
        format!("[{}]", key_in_sink.join(", "))
    };
    let message = format!(
        "The query has an upsert key that differs from the primary key of the sink table '{table}'. \
         Primary key: [{}], upsert key: {upsert}. This can lead to non-deterministic results when \
         multiple records with different upsert keys map to the same primary key. Please specify an \
         ON CONFLICT clause to define how conflicts should be handled: ON CONFLICT DO DEDUPLICATE \
         (update to the latest record, state intensive, since we need to keep the entire history), \
         or ON CONFLICT DO ERROR (fail on conflict), or ON CONFLICT DO NOTHING (keep first record).",
        pk.columns.join(", ")
    );
    let why = if key_in_sink.is_empty() {
        format!("this query emits {kind}s with no key among its columns ({node})")
    } else {
        format!("this query's {kind}s are keyed by {upsert} ({node})")
    };
    Err(Box::new(
        Diagnostic::new(Code::UpsertKeyDiffers, insert.target.span, message)
            .with_label(insert.query.span, why)
            .with_help(format!(
                "key the query's result by the sink's primary key [{}] (GROUP BY exactly those \
                 columns and select them), or declare the primary key the query has",
                pk.columns.join(", ")
            )),
    ))
}
