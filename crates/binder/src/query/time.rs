//! Time attributes in queries: what the window table functions need of their time column and
//! give back, and the planner's rule that a sink takes at most one rowtime column. Each rule
//! was checked against Flink 2.3 with the oracle (`plan_dml`).

use crate::expr::sqltypes::calcite_name;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{self, visit};
use flinkddl_types::{DataType, LogicalTypeRoot as R, TimestampKind};

/// The window table functions, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WindowFunction {
    Tumble,
    Hop,
    Cumulate,
    Session,
}

impl WindowFunction {
    pub(super) fn from_name(name: &str) -> Option<Self> {
        [
            ("TUMBLE", Self::Tumble),
            ("HOP", Self::Hop),
            ("CUMULATE", Self::Cumulate),
            ("SESSION", Self::Session),
        ]
        .into_iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, f)| f)
    }

    /// The signature Flink prints in its messages.
    fn signature(self) -> &'static str {
        match self {
            Self::Tumble => {
                "TUMBLE(TABLE table_name, DESCRIPTOR(timecol), datetime interval[, datetime interval])"
            }
            Self::Hop => "HOP(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval[, datetime interval])",
            Self::Cumulate => "CUMULATE(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval[, datetime interval])",
            Self::Session => "SESSION(TABLE table_name [PARTITION BY (keycols, ...)], DESCRIPTOR(timecol), datetime interval)",
        }
    }
}

/// The interval parameters of a window TVF called with positional arguments, as the planner
/// checks them (WindowUtil, StreamExecWindowAggregateBase; messages checked with real Flink
/// 2.3): TUMBLE's `abs(offset) < size`, CUMULATE's max size a multiple of its step, and, for a
/// HOP that feeds a window aggregate (`aggregated`), its size a multiple of its slide. Only
/// day-time interval literals are read; anything else is left to Flink.
pub(super) fn check_window_parameters(
    window: WindowFunction,
    args: &[ast::Expr],
    aggregated: bool,
) -> Result<(), Box<Diagnostic>> {
    let intervals: Vec<&ast::Expr> = args
        .iter()
        .filter(|a| {
            !matches!(
                a.kind,
                ast::ExprKind::TableArgument(_) | ast::ExprKind::Descriptor { .. }
            )
        })
        .collect();
    let ms = |i: usize| intervals.get(i).and_then(|e| interval_millis(e));
    let fail = |span: Span, message: String, help: &str| {
        Err(Box::new(
            Diagnostic::new(Code::WindowParameters, span, message).with_help(help.to_string()),
        ))
    };
    match window {
        WindowFunction::Tumble => {
            if let (Some(size), Some(offset), Some(at)) = (ms(0), ms(1), intervals.get(1)) {
                if offset.abs() >= size {
                    return fail(
                        at.span,
                        format!("TUMBLE table function parameters must satisfy abs(offset) < size, but got size {size} ms and offset {offset} ms."),
                        "the offset shifts each window's start: keep it shorter than the window",
                    );
                }
            }
        }
        WindowFunction::Cumulate => {
            if let (Some(step), Some(max), Some(at)) = (ms(0), ms(1), intervals.get(1)) {
                if step > 0 && max % step != 0 {
                    return fail(
                        at.span,
                        format!("CUMULATE table function based aggregate requires maxSize must be an integral multiple of step, but got maxSize {max} ms and step {step} ms."),
                        "CUMULATE(TABLE t, DESCRIPTOR(ts), step, max size): make the max size a whole number of steps",
                    );
                }
            }
        }
        WindowFunction::Hop if aggregated => {
            if let (Some(slide), Some(size), Some(at)) = (ms(0), ms(1), intervals.get(1)) {
                if slide > 0 && size % slide != 0 {
                    return fail(
                        at.span,
                        format!("HOP table function based aggregate requires size must be an integral multiple of slide, but got size {size} ms and slide {slide} ms"),
                        "HOP(TABLE t, DESCRIPTOR(ts), slide, size): make the size a whole number of slides",
                    );
                }
            }
        }
        WindowFunction::Hop | WindowFunction::Session => {}
    }
    Ok(())
}

/// A day-time interval literal (`INTERVAL '5' MINUTE`, `INTERVAL '0.5' SECOND`, `INTERVAL
/// -'1' HOUR`) in milliseconds; `None` for any other expression or qualifier.
fn interval_millis(e: &ast::Expr) -> Option<i64> {
    let ast::ExprKind::Literal(ast::Literal::Interval(lit)) = &e.kind else {
        return None;
    };
    if lit.qualifier.end.is_some() {
        return None;
    }
    let unit: i64 = match lit.qualifier.start {
        ast::TimeUnit::Day => 86_400_000,
        ast::TimeUnit::Hour => 3_600_000,
        ast::TimeUnit::Minute => 60_000,
        ast::TimeUnit::Second => 1_000,
        _ => return None,
    };
    let text = lit.value.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim()),
        None => (false, text.strip_prefix('+').unwrap_or(text).trim()),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 12 {
        return None;
    }
    let mut value = whole.parse::<i64>().ok()?.checked_mul(unit)?;
    if !fraction.is_empty() {
        // Fractions only of seconds, to the millisecond.
        if unit != 1_000 || fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        value += format!("{fraction:0<3}").parse::<i64>().ok()?;
    }
    Some(if negative != lit.negative {
        -value
    } else {
        value
    })
}

/// The time column of a window function: a TIMESTAMP or TIMESTAMP_LTZ (validation), and a
/// time attribute when the statement is planned (a view's query is only validated).
pub(super) fn check_time_column(
    function: WindowFunction,
    column: &DataType,
    span: Span,
    planned: bool,
) -> Result<(), Box<Diagnostic>> {
    let timestamp = matches!(
        column.type_root(),
        R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone
    );
    if !timestamp {
        return Err(Box::new(
            Diagnostic::new(
                Code::WindowTimeColumnType,
                span,
                format!(
                    "The window function {} requires the timecol to be TIMESTAMP or TIMESTAMP_LTZ, but is {}.\nBesides, the timecol must be a time attribute type in streaming mode.",
                    function.signature(),
                    calcite_name(column)
                ),
            )
            .with_help("name the table's rowtime (the column of its WATERMARK) or a PROCTIME() column"),
        ));
    }
    if planned && column.timestamp_kind() == TimestampKind::Regular {
        return Err(Box::new(
            Diagnostic::new(
                Code::WindowTimeNotAttribute,
                span,
                format!(
                    "The window function requires the timecol is a time attribute type, but is {}.",
                    calcite_name(column)
                ),
            )
            .with_help("a window needs event time (a column with a WATERMARK) or processing time (a PROCTIME() column); declare a watermark for this column in its table"),
        ));
    }
    Ok(())
}

/// `window_start`, `window_end` and `window_time` of a window over `time`: the bounds are
/// TIMESTAMP(3) NOT NULL; `window_time` is the time column's type, time attribute kept.
pub(super) fn window_columns(time: Option<&DataType>) -> [Option<DataType>; 3] {
    let bound = Some(DataType::timestamp(3).not_null());
    let window_time = time.map(|t| {
        let base = match t.type_root() {
            R::TimestampWithLocalTimeZone => DataType::timestamp_ltz(3),
            _ => DataType::timestamp(3),
        };
        base.with_timestamp_kind(t.timestamp_kind()).not_null()
    });
    [bound.clone(), bound, window_time]
}

/// A type marked `*ROWTIME*`.
pub(super) fn is_rowtime(t: &Option<DataType>) -> bool {
    t.as_ref()
        .is_some_and(|t| t.timestamp_kind() == TimestampKind::Rowtime)
}

/// Whether the planner keeps its input's rowtimes through this block: a projection or filter
/// does, and so does a window aggregation for `window_time` (grouped by `window_start` and
/// `window_end`); any other aggregation and OVER are not followed (none is kept).
pub(super) fn keeps_rowtimes(select: &ast::Select) -> bool {
    match &select.group_by {
        // (The select list is walked only when there is no GROUP BY.)
        None => {
            select.having.is_none()
                && !select.items.iter().any(|i| match i {
                    ast::QueryItem::Expr { expr, .. } => calls(expr, &|c| {
                        c.window.is_some()
                            || crate::expr::function_kind(call_name(c))
                                != crate::expr::FunctionKind::Scalar
                    }),
                    ast::QueryItem::Wildcard { .. } => false,
                })
        }
        Some(g) => {
            let keyed_by = |key: &str| {
                g.items.iter().any(|item| match item {
                    ast::GroupingElement::Expr { expr: e } => match &e.kind {
                        ast::ExprKind::Identifier(n) => {
                            n.parts.last().is_some_and(|p| p.value == key)
                        }
                        _ => false,
                    },
                    _ => false,
                })
            };
            keyed_by("window_start") && keyed_by("window_end")
        }
    }
}

fn call_name<'a>(c: &'a ast::Call<'a>) -> &'a str {
    c.name.parts.last().map_or("", |p| p.value)
}

/// Whether `e` holds a call that `test` accepts.
fn calls(e: &ast::Expr, test: &dyn Fn(&ast::Call) -> bool) -> bool {
    struct Find<'t> {
        test: &'t dyn Fn(&ast::Call) -> bool,
        found: bool,
    }
    impl visit::Visitor<'_> for Find<'_> {
        fn expr(&mut self, e: &ast::Expr) {
            if let ast::ExprKind::Call(c) = &e.kind {
                self.found |= (self.test)(c);
            }
        }
    }
    let mut f = Find { test, found: false };
    visit::walk_expr(&mut f, e);
    f.found
}

/// The planner's rule for a sink: at most one rowtime column in what is written (`rowtimes`
/// beside `names`: which of them are the planner's rowtimes).
pub(super) fn check_one_rowtime(
    names: &[super::Name],
    rowtimes: &[bool],
    table: &dyn Fn() -> String,
    span: Span,
) -> Result<(), Box<Diagnostic>> {
    // Most rows have at most one rowtime: no names are made unique, no table name formatted.
    if rowtimes.len() != names.len() || rowtimes.iter().filter(|r| **r).nth(1).is_none() {
        return Ok(());
    }
    let table = table();
    let rowtimes: Vec<String> = uniquified(names)
        .into_iter()
        .zip(rowtimes)
        .filter(|(_, r)| **r)
        .map(|(n, _)| n)
        .collect();
    if rowtimes.len() <= 1 {
        return Ok(());
    }
    Err(Box::new(
        Diagnostic::new(
            Code::MoreThanOneRowtime,
            span,
            format!(
                "The query contains more than one rowtime attribute column [{}] for writing into table '{table}'.\nPlease select the column that should be used as the event-time timestamp for the table sink by casting all other columns to regular TIMESTAMP or TIMESTAMP_LTZ.",
                rowtimes.join(", ")
            ),
        )
        .with_help(format!(
            "keep one as the event time and CAST the others: CAST({} AS TIMESTAMP(3))",
            rowtimes.get(1).map_or("...", String::as_str)
        )),
    ))
}

/// Calcite's unique output names: a repeated name gets 0, 1, ... appended (`ts`, `ts0`).
fn uniquified(names: &[super::Name]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let mut candidate = name.to_string();
        let mut n = 0;
        while out.contains(&candidate) {
            candidate = format!("{name}{n}");
            n += 1;
        }
        out.push(candidate);
    }
    out
}

/// A planned statement's ORDER BY (the outermost one: Calcite drops a subquery's ORDER BY
/// without LIMIT): in a streaming job it must start with an ascending time attribute, unless
/// a LIMIT or FETCH makes it a Top-N. `key` is its first sort key, when known.
/// The first ORDER BY key of a query whose body is a SELECT.
#[derive(Debug, Clone)]
pub(super) enum SortKey {
    /// A column, with its type (time attribute kept).
    Column(DataType),
    /// A computed value: never a time attribute once planned.
    Computed,
    Unknown,
}

pub(super) fn check_streaming_sort(
    query: &ast::Query,
    key: Option<SortKey>,
) -> Result<(), Box<Diagnostic>> {
    let Some(first) = query.order_by.first() else {
        return Ok(());
    };
    if query.limit.is_some() {
        return Ok(());
    }
    if let Some(offset) = &query.offset {
        return Err(Box::new(
            Diagnostic::new(
                Code::StreamingSort,
                offset.span,
                "FETCH is missed, which on streaming table is not supported currently.",
            )
            .with_help("a streaming query can skip rows only in a Top-N: add FETCH NEXT n ROWS ONLY (or LIMIT n)"),
        ));
    }
    let time_attribute = |t: &DataType| t.timestamp_kind() != TimestampKind::Regular;
    match key {
        Some(SortKey::Column(t)) if time_attribute(&t) && !first.descending => Ok(()),
        Some(SortKey::Column(t)) => Err(sort_error(first, time_attribute(&t))),
        Some(SortKey::Computed) => Err(sort_error(first, false)),
        Some(SortKey::Unknown) | None => Ok(()),
    }
}

/// A sort key that names an output column, by name or position (`ORDER BY 2`), as the query's
/// output columns `names` and `types` give it; `None` when it names none.
pub(super) fn output_sort_key(
    key: &ast::Expr,
    names: Option<&[super::Name]>,
    types: &[Option<DataType>],
) -> Option<SortKey> {
    let index = match &key.kind {
        ast::ExprKind::Nested(inner) => return output_sort_key(inner, names, types),
        ast::ExprKind::Identifier(name) => match name.parts.as_slice() {
            [column] => names?.iter().position(|n| *n == column.value)?,
            _ => return None,
        },
        ast::ExprKind::Literal(ast::Literal::Integer { text }) => {
            text.parse::<usize>().ok()?.checked_sub(1)?
        }
        _ => return None,
    };
    Some(match types.get(index).cloned().flatten() {
        Some(t) => SortKey::Column(t),
        None => SortKey::Unknown,
    })
}

fn sort_error(first: &ast::OrderItem, on_time_attribute: bool) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::new(
            Code::StreamingSort,
            first.span,
            "Sort on a non-time-attribute field is not supported.",
        )
        .with_help(if first.descending && on_time_attribute {
            "a streaming job sorts only ascending on a time attribute: drop DESC, or add LIMIT n for a Top-N"
        } else {
            "a streaming job can sort only by a time attribute first (ORDER BY the rowtime, then other columns), or keep the first n rows with LIMIT n (a Top-N)"
        }),
    )
}

/// The OVER windows of a planned SELECT: a bounded window (`ROWS|RANGE BETWEEN n PRECEDING`)
/// must be ordered by a time attribute, ascending (Flink's planner; an unbounded window may be
/// ordered by any column from 2.1 with RANGE, from 2.2 with ROWS: `Feature::OverNonTimeRange`,
/// `Feature::OverNonTimeUnbounded`; a ranking function's window is a Top-N's, not checked). `key_type` gives a sort key's type when it
/// names a column.
pub(super) fn check_over_windows<'s>(
    select: &'s ast::Select<'s>,
    key_type: &dyn Fn(&ast::ObjectName) -> Option<DataType>,
    version: flinkddl_diagnostics::FlinkVersion,
    text: &dyn Fn(Span) -> String,
) -> Result<(), Box<Diagnostic>> {
    let mut specs: Vec<(&'s ast::WindowSpec<'s>, bool)> = Vec::new();
    for item in &select.items {
        if let ast::QueryItem::Expr { expr, .. } = item {
            over_specs(expr, select, &mut specs);
        }
    }
    let windows: Vec<&ast::WindowSpec> = specs.iter().map(|(spec, _)| *spec).collect();
    check_same_window(&windows, text)?;
    use flinkddl_diagnostics::Feature;
    for (spec, ranking) in specs {
        let bounded = spec
            .frame
            .as_ref()
            .is_some_and(|f| matches!(f.start, ast::FrameBound::Preceding { .. }));
        // An unbounded window's non-time order: RANGE (the default frame) from 2.1, ROWS from
        // 2.2 (oracle-checked).
        let unbounded_fact = match &spec.frame {
            Some(f) if f.rows => Feature::OverNonTimeUnbounded,
            _ => Feature::OverNonTimeRange,
        };
        let unbounded_checked = !ranking && !version.has(unbounded_fact);
        if !(bounded || unbounded_checked) || spec.base.is_some() {
            continue;
        }
        let Some(first) = spec.order_by.first() else {
            continue;
        };
        let ast::ExprKind::Identifier(name) = &first.expr.kind else {
            continue;
        };
        let Some(t) = key_type(name) else {
            continue;
        };
        let regular = t.timestamp_kind() == TimestampKind::Regular;
        // (An unbounded window is checked only in an older version.)
        let message = match (bounded, regular, first.descending) {
            (true, true, _) => "Non-time attribute sort is not supported for bounded OVER window.",
            (true, false, true) | (false, true, true) => {
                "The window can only be ordered in ASCENDING mode."
            }
            (false, true, false) if version.has(Feature::OverNonTimeRange) => {
                "OVER windows with UNBOUNDED PRECEDING are not supported when sorting on a non-time attribute column."
            }
            (false, true, false) => {
                "OVER windows' ordering in stream mode must be defined on a time attribute."
            }
            (_, false, _) => continue,
        };
        let help = if bounded {
            "a bounded OVER window in a streaming job is ordered by the rowtime (or a PROCTIME() column), ascending: ORDER BY the time attribute, or drop the frame for an unbounded window".to_string()
        } else {
            format!(
                "the script is checked as Flink {version}, where {}: ORDER BY the rowtime (or a PROCTIME() column), ascending",
                unbounded_fact.info().missing_in(version)
            )
        };
        return Err(Box::new(
            Diagnostic::new(Code::OverWindowOrder, first.span, message).with_help(help),
        ));
    }
    Ok(())
}

/// Flink's streaming planner computes a SELECT's OVER aggregates in one operator, over one
/// window (StreamPhysicalOverAggregateRule). Judged only where the windows surely differ:
/// another partitioning or ordering, or two explicit frames that differ (a default frame
/// against an explicit one may be the same window; names compare by their last part).
fn check_same_window(
    specs: &[&ast::WindowSpec],
    text: &dyn Fn(Span) -> String,
) -> Result<(), Box<Diagnostic>> {
    if specs.len() < 2 || specs.iter().any(|s| s.base.is_some()) {
        return Ok(());
    }
    let expr_key = |e: &ast::Expr| match &e.kind {
        ast::ExprKind::Identifier(name) => name
            .parts
            .last()
            .map_or_else(|| text(e.span), |p| p.value.to_string()),
        _ => text(e.span),
    };
    let key = |s: &ast::WindowSpec| {
        let partition: Vec<String> = s.partition_by.iter().map(expr_key).collect();
        let order: Vec<(String, bool)> = s
            .order_by
            .iter()
            .map(|o| (expr_key(&o.expr), o.descending))
            .collect();
        (partition, order)
    };
    let first = specs[0];
    let (first_key, first_frame) = (key(first), first.frame.as_ref().map(|f| text(f.span)));
    for spec in &specs[1..] {
        let frame = spec.frame.as_ref().map(|f| text(f.span));
        let frames_differ = matches!((&first_frame, &frame), (Some(a), Some(b)) if a != b);
        if key(spec) != first_key || frames_differ {
            return Err(Box::new(
                Diagnostic::new(
                    Code::OverWindowsDiffer,
                    spec.span,
                    "Over Agg: Unsupported use of OVER windows. All aggregates must be computed on the same window. please re-check the over window statement.",
                )
                .with_label(first.span, "the first window of this SELECT")
                .with_help(
                    "compute each window in its own SELECT (a subquery or a view per window) and join them, or give every OVER call the same window (a named WINDOW w AS (...))",
                ),
            ));
        }
    }
    Ok(())
}

/// Calcite's validator: the ranking functions and LAG/LEAD take no frame ("ROW/RANGE not
/// allowed with RANK, DENSE_RANK or ROW_NUMBER functions"), whether the OVER clause or the
/// named window it uses declares it.
pub(super) fn check_ranking_frames<'s>(select: &'s ast::Select<'s>) -> Result<(), Box<Diagnostic>> {
    for item in &select.items {
        let ast::QueryItem::Expr { expr, .. } = item else {
            continue;
        };
        let mut calls: Vec<(&'s ast::Call<'s>, &'s ast::WindowSpec<'s>)> = Vec::new();
        over_calls(expr, select, &mut calls, 0);
        for (call, spec) in calls {
            let Some(name) = call.name.parts.last() else {
                continue;
            };
            // The window functions of the built-in function table (`kind = "window"`): ranking and
            // offset.
            let ranking =
                crate::expr::builtin_kind(name.value) == Some(crate::expr::BuiltinKind::Window);
            if let (true, Some(frame)) = (ranking, &spec.frame) {
                return Err(Box::new(
                    Diagnostic::new(
                        Code::RankingWithFrame,
                        frame.span,
                        "ROW/RANGE not allowed with RANK, DENSE_RANK or ROW_NUMBER functions",
                    )
                    .with_label(name.span, "a ranking function")
                    .with_help(format!(
                        "{} numbers the rows of its partition in order: drop the ROWS/RANGE frame",
                        name.value.to_ascii_uppercase()
                    )),
                ));
            }
        }
    }
    Ok(())
}

/// The OVER calls in `e` with their window (a named window looked up in the SELECT's WINDOW
/// clause; a window built on another is skipped).
fn over_calls<'s>(
    e: &'s ast::Expr<'s>,
    select: &'s ast::Select<'s>,
    out: &mut Vec<(&'s ast::Call<'s>, &'s ast::WindowSpec<'s>)>,
    depth: u32,
) {
    if depth > 64 {
        return;
    }
    match &e.kind {
        ast::ExprKind::Call(c) => {
            match &c.window {
                Some(ast::Over::Spec { spec }) => out.push((c, spec)),
                Some(ast::Over::Named { name }) => {
                    if let Some(w) = select.windows.iter().find(|w| w.name.value == name.value) {
                        out.push((c, &w.spec));
                    }
                }
                None => {}
            }
            for a in &c.args {
                over_calls(a, select, out, depth + 1);
            }
        }
        ast::ExprKind::Binary { left, right, .. } => {
            over_calls(left, select, out, depth + 1);
            over_calls(right, select, out, depth + 1);
        }
        ast::ExprKind::Nested(inner) | ast::ExprKind::Unary { operand: inner, .. } => {
            over_calls(inner, select, out, depth + 1)
        }
        ast::ExprKind::Cast { expr, .. } => over_calls(expr, select, out, depth + 1),
        _ => {}
    }
}

/// A Top-N: a SELECT that filters a derived table on its ranking column (`WHERE rn <= 3`),
/// which Flink's planner turns into a Rank (FlinkLogicalRankRule) and then checks: the filter
/// must bound the rank ("Rank end is not specified. ..."), the bound must be positive ("Rank
/// end should not less than zero, but now is 0"), and a streaming Rank numbers rows only
/// (StreamExecRank: "RANK() on streaming table is not supported currently"). Judged only for
/// one derived table whose SELECT is not over a window TVF (a window Top-N has its own rules),
/// filtered by one comparison of the ranking column with an integer literal (checked with real
/// Flink 2.3).
pub(super) fn check_top_n<'s>(select: &ast::Select<'s>) -> Result<(), Box<Diagnostic>> {
    let (Some(from), Some(filter)) = (&select.from, &select.where_clause) else {
        return Ok(());
    };
    if !from.joins.is_empty() {
        return Ok(());
    }
    let ast::TableRefKind::Derived {
        lateral: false,
        query,
    } = &from.first.kind
    else {
        return Ok(());
    };
    if from
        .first
        .alias
        .as_ref()
        .is_some_and(|a| a.columns.is_some())
    {
        return Ok(());
    }
    let ast::SetExprKind::Select(inner) = &query.body.kind else {
        return Ok(());
    };
    if inner.group_by.is_some()
        || inner.from.as_ref().is_none_or(|f| {
            !f.joins.is_empty() || !matches!(f.first.kind, ast::TableRefKind::Named { .. })
        })
    {
        return Ok(());
    }
    // The ranking column: `FN() OVER (...) AS alias`.
    let column = |alias: &str| {
        inner.items.iter().find_map(|item| match item {
            ast::QueryItem::Expr {
                expr,
                alias: Some(a),
                ..
            } if a.value == alias => match &expr.kind {
                ast::ExprKind::Call(c) if c.window.is_some() && c.args.is_empty() => {
                    c.name.parts.last().map(|n| n.value.to_ascii_uppercase())
                }
                _ => None,
            },
            _ => None,
        })
    };
    let int = |e: &ast::Expr| match &e.kind {
        ast::ExprKind::Literal(ast::Literal::Integer { text }) => text.parse::<i64>().ok(),
        _ => None,
    };
    fn rank_name<'e>(e: &ast::Expr<'e>) -> Option<&'e str> {
        match &e.kind {
            ast::ExprKind::Identifier(n) if n.parts.len() == 1 => Some(n.parts[0].value),
            _ => None,
        }
    }
    // (the ranking column, the rank end if bounded)
    let (name, end) = match &filter.kind {
        ast::ExprKind::Binary { op, left, right } => {
            let (name, op, n) = match (rank_name(left), int(right), rank_name(right), int(left)) {
                (Some(name), Some(n), _, _) => (name, *op, n),
                (_, _, Some(name), Some(n)) => {
                    let flipped = match op {
                        ast::BinaryOp::Lt => ast::BinaryOp::Gt,
                        ast::BinaryOp::LtEq => ast::BinaryOp::GtEq,
                        ast::BinaryOp::Gt => ast::BinaryOp::Lt,
                        ast::BinaryOp::GtEq => ast::BinaryOp::LtEq,
                        other => *other,
                    };
                    (name, flipped, n)
                }
                _ => return Ok(()),
            };
            let end = match op {
                ast::BinaryOp::LtEq | ast::BinaryOp::Eq => Some(n),
                ast::BinaryOp::Lt => Some(n - 1),
                ast::BinaryOp::Gt | ast::BinaryOp::GtEq => None,
                _ => return Ok(()),
            };
            (name, end)
        }
        ast::ExprKind::Between {
            expr,
            negated: false,
            symmetric: false,
            low,
            high,
        } => match (rank_name(expr), int(low), int(high)) {
            (Some(name), Some(_), Some(high)) => (name, Some(high)),
            _ => return Ok(()),
        },
        _ => return Ok(()),
    };
    let Some(function) = column(name) else {
        return Ok(());
    };
    if !matches!(function.as_str(), "ROW_NUMBER" | "RANK" | "DENSE_RANK") {
        return Ok(());
    }
    let fail = |message: String, help: &str| {
        Err(Box::new(
            Diagnostic::new(Code::TopNNotSupported, filter.span, message)
                .with_help(help.to_string()),
        ))
    };
    match end {
        None => fail(
            "Rank end is not specified. Currently rank only support TopN, which means the rank end must be specified.".into(),
            "a streaming Top-N keeps the first rows of each partition: bound the rank from above (`rn <= 10`)",
        ),
        Some(end) if end < 1 => fail(
            format!("Rank end should not less than zero, but now is {end}"),
            "the filter keeps no row: bound the rank by 1 or more",
        ),
        Some(_) if function != "ROW_NUMBER" => fail(
            format!("{function}() on streaming table is not supported currently"),
            "a streaming Top-N numbers rows with ROW_NUMBER(): use it instead",
        ),
        Some(_) => Ok(()),
    }
}

/// The window specifications of the OVER calls in `e`, each with whether its call ranks (a named window looked up in the
/// SELECT's WINDOW clause).
fn over_specs<'s>(
    e: &'s ast::Expr<'s>,
    select: &'s ast::Select<'s>,
    out: &mut Vec<(&'s ast::WindowSpec<'s>, bool)>,
) {
    struct Find<'s, 'o> {
        select: &'s ast::Select<'s>,
        out: &'o mut Vec<(&'s ast::WindowSpec<'s>, bool)>,
    }
    impl<'s> Find<'s, '_> {
        /// `ranking`: the call is ROW_NUMBER, RANK or DENSE_RANK (a Top-N's window).
        fn over(&mut self, over: &'s ast::Over<'s>, ranking: bool) {
            match over {
                ast::Over::Spec { spec } => self.out.push((spec, ranking)),
                ast::Over::Named { name } => {
                    if let Some(w) = self
                        .select
                        .windows
                        .iter()
                        .find(|w| w.name.value == name.value)
                    {
                        self.out.push((&w.spec, ranking));
                    }
                }
            }
        }
    }
    // The visitor cannot hand out references that outlive it, so walk calls by hand: OVER
    // calls sit at the top of a select item or inside operators and other calls.
    fn walk<'s>(e: &'s ast::Expr<'s>, f: &mut Find<'s, '_>, depth: u32) {
        if depth > 64 {
            return;
        }
        match &e.kind {
            ast::ExprKind::Call(c) => {
                if let Some(over) = &c.window {
                    let ranking = matches!(c.name.parts.as_slice(), [n] if ["ROW_NUMBER", "RANK", "DENSE_RANK"].iter().any(|r| r.eq_ignore_ascii_case(n.value)));
                    f.over(over, ranking);
                }
                for a in &c.args {
                    walk(a, f, depth + 1);
                }
            }
            ast::ExprKind::Binary { left, right, .. } => {
                walk(left, f, depth + 1);
                walk(right, f, depth + 1);
            }
            ast::ExprKind::Nested(inner) | ast::ExprKind::Unary { operand: inner, .. } => {
                walk(inner, f, depth + 1)
            }
            ast::ExprKind::Cast { expr, .. } => walk(expr, f, depth + 1),
            _ => {}
        }
    }
    walk(e, &mut Find { select, out }, 0);
}

/// An event-time temporal join, `JOIN versioned FOR SYSTEM_TIME AS OF probe.rowtime ON ...`,
/// as Flink's planner checks it: the versioned table has a rowtime of the probe's type and a
/// primary key the equi-join condition covers. `probe_time` is the period's type (`None`:
/// not a rowtime we know, nothing is checked); `versioned` the build side's catalog table.
pub(super) fn check_temporal_join(
    join: &ast::Join,
    probe_time: Option<&DataType>,
    versioned: &crate::schema::TableSchema,
    versioned_alias: &str,
    period_span: Span,
) -> Result<(), Box<Diagnostic>> {
    let Some(probe) = probe_time.filter(|t| t.timestamp_kind() == TimestampKind::Rowtime) else {
        return Ok(());
    };
    let fail = |message: String, help: &str| {
        Err(Box::new(
            Diagnostic::new(Code::TemporalJoin, period_span, message)
                .with_label(join.right.span, "the versioned table")
                .with_help(help.to_string()),
        ))
    };
    let rowtime = versioned.watermarks.first().and_then(|w| {
        versioned
            .columns
            .iter()
            .find(|c| c.name == w.rowtime)
            .map(|c| crate::ctas::query_type(&c.data_type))
    });
    let Some(pk) = &versioned.primary_key else {
        return fail(
            "Temporal Table Join requires primary key in versioned table, but no primary key can be found.".into(),
            "a versioned table needs a PRIMARY KEY (... NOT ENFORCED) and a WATERMARK; declare the key the join looks rows up by",
        );
    };
    let Some(rowtime) = rowtime else {
        return fail(
            "Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table, but no row time attribute can be found.".into(),
            "declare a WATERMARK on the versioned table's time column (its version time)",
        );
    };
    if probe.type_root() != rowtime.type_root() {
        return fail(
            format!(
                "Event-Time Temporal Table Join requires same rowtime type in left table and versioned table, but the rowtime types are {} and {}.",
                calcite_name(probe),
                calcite_name(&rowtime)
            ),
            "make both rowtimes TIMESTAMP(3) or both TIMESTAMP_LTZ(3) (a computed column can convert one: TO_TIMESTAMP_LTZ or CAST)",
        );
    }
    // The equi-join keys on the versioned side must cover its primary key; judged only when
    // the condition is a conjunction of plain column equalities.
    let Some(ast::JoinCondition::On { expr }) = &join.condition else {
        return Ok(());
    };
    let mut keys: Vec<String> = Vec::new();
    if !equality_keys(expr, versioned_alias, &mut keys, 0) {
        return Ok(());
    }
    if pk.columns.iter().all(|c| keys.contains(c)) {
        return Ok(());
    }
    fail(
        "Temporal Table Join requires primary key in versioned table, but no primary key can be found.".into(),
        "join on the versioned table's primary key (every column of it, with `=`)",
    )
}

/// The versioned side's columns in `a = b AND ...` (`alias.col` on one side); false when the
/// condition has another shape.
fn equality_keys(e: &ast::Expr, alias: &str, out: &mut Vec<String>, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    match &e.kind {
        ast::ExprKind::Nested(inner) => equality_keys(inner, alias, out, depth + 1),
        ast::ExprKind::Binary { op, left, right } => match op {
            ast::BinaryOp::And => {
                equality_keys(left, alias, out, depth + 1)
                    && equality_keys(right, alias, out, depth + 1)
            }
            ast::BinaryOp::Eq => {
                for side in [left, right] {
                    if let ast::ExprKind::Identifier(n) = &side.kind {
                        match n.parts.as_slice() {
                            [t, c] if t.value == alias => out.push(c.value.to_owned()),
                            [_, _] => {}
                            // An unqualified column may be the versioned table's.
                            _ => return false,
                        }
                    }
                }
                true
            }
            ast::BinaryOp::Or => false,
            _ => true,
        },
        _ => true,
    }
}

/// An interval join (`ON ... AND l.rt BETWEEN r.rt - INTERVAL ... AND r.rt`, or bounds with
/// `<`/`>`): Flink's planner needs both sides' rowtimes of one type. `side` says of a column
/// reference whether it is the left input's (`Some(true)`) or the right's (`Some(false)`), with
/// its type.
pub(super) fn check_interval_join(
    condition: &ast::Expr,
    side: &dyn Fn(&ast::ObjectName) -> Option<(bool, DataType)>,
) -> Result<(), Box<Diagnostic>> {
    let rowtime_of = |e: &ast::Expr| -> Option<(bool, DataType)> {
        // `rt`, `rt + INTERVAL ...`, `rt - INTERVAL ...`, parenthesized.
        let mut e = e;
        for _ in 0..8 {
            match &e.kind {
                ast::ExprKind::Nested(inner) => e = inner,
                ast::ExprKind::Binary {
                    op: ast::BinaryOp::Plus | ast::BinaryOp::Minus,
                    left,
                    ..
                } => e = left,
                _ => break,
            }
        }
        let ast::ExprKind::Identifier(name) = &e.kind else {
            return None;
        };
        side(name).filter(|(_, t)| t.timestamp_kind() == TimestampKind::Rowtime)
    };
    let mut conjuncts = vec![condition];
    let mut pairs: Vec<(&ast::Expr, &ast::Expr)> = Vec::new();
    let mut seen = 0;
    while let Some(e) = conjuncts.pop() {
        seen += 1;
        if seen > 256 {
            break;
        }
        match &e.kind {
            ast::ExprKind::Nested(inner) => conjuncts.push(inner),
            ast::ExprKind::Binary {
                op: ast::BinaryOp::And,
                left,
                right,
            } => {
                conjuncts.push(left);
                conjuncts.push(right);
            }
            ast::ExprKind::Binary {
                op:
                    ast::BinaryOp::Lt | ast::BinaryOp::LtEq | ast::BinaryOp::Gt | ast::BinaryOp::GtEq,
                left,
                right,
            } => pairs.push((left, right)),
            ast::ExprKind::Between {
                expr,
                negated: false,
                low,
                high,
                ..
            } => {
                pairs.push((expr, low));
                pairs.push((expr, high));
            }
            _ => {}
        }
    }
    for (a, b) in pairs {
        let (Some((a_left, a_type)), Some((b_left, b_type))) = (rowtime_of(a), rowtime_of(b))
        else {
            continue;
        };
        if a_left == b_left || a_type.type_root() == b_type.type_root() {
            continue;
        }
        let (left, right) = if a_left {
            (a_type, b_type)
        } else {
            (b_type, a_type)
        };
        return Err(Box::new(
            Diagnostic::new(
                Code::IntervalJoinRowtimes,
                condition.span,
                format!(
                    "Interval join with rowtime attribute requires same rowtime types, but the types are {} and {}.",
                    calcite_name(&left),
                    calcite_name(&right)
                ),
            )
            .with_help("make both rowtimes TIMESTAMP(3) or both TIMESTAMP_LTZ(3) in their tables (a computed column can convert one)"),
        ));
    }
    Ok(())
}

/// MATCH_RECOGNIZE's DEFINE: `PREV(B.x)` inside B's own condition reads the row before in the
/// partition, which Flink's planner rejects ("Flink does not support physical offsets within
/// partition."); `PREV(A.x)` of another variable is a logical offset and is planned.
pub(super) fn check_pattern_offsets(mr: &ast::MatchRecognize) -> Result<(), Box<Diagnostic>> {
    struct Find<'v> {
        variable: &'v str,
        found: Option<Span>,
    }
    impl visit::Visitor<'_> for Find<'_> {
        fn expr(&mut self, e: &ast::Expr) {
            if self.found.is_some() {
                return;
            }
            let ast::ExprKind::Call(c) = &e.kind else {
                return;
            };
            if !call_name(c).eq_ignore_ascii_case("PREV") || c.name.parts.len() != 1 {
                return;
            }
            if let Some(ast::ExprKind::Identifier(n)) = c.args.first().map(|a| &a.kind) {
                if let [var, _] = n.parts.as_slice() {
                    if var.value == self.variable {
                        self.found = Some(e.span);
                    }
                }
            }
        }
    }
    for define in &mr.define {
        let mut find = Find {
            variable: define.name.value,
            found: None,
        };
        visit::walk_expr(&mut find, &define.expr);
        if let Some(span) = find.found {
            return Err(Box::new(
                Diagnostic::new(
                    Code::PatternPhysicalOffset,
                    span,
                    "Flink does not support physical offsets within partition.",
                )
                .with_help(format!(
                    "inside {}'s own condition, compare with another variable's row instead (`PREV(A.x)`, `LAST(A.x)`), or with a value not offset by rows",
                    define.name.value
                )),
            ));
        }
    }
    Ok(())
}

/// MATCH_RECOGNIZE's pattern may not end in a greedy quantifier (`B+`, `B*`, `B{1,3}`,
/// `B{2,}`): Flink's CEP translation rejects it ("Greedy quantifiers are not allowed as the
/// last element of a Pattern yet. ..."). `B?`, `B{2}` and the reluctant forms (`B+?`) end a
/// pattern well (checked with the oracle).
pub(super) fn check_pattern_end(mr: &ast::MatchRecognize) -> Result<(), Box<Diagnostic>> {
    let mut last = &mr.pattern;
    while let ast::PatternKind::Sequence { items } = &last.kind {
        match items.last() {
            Some(p) => last = p,
            None => return Ok(()),
        }
    }
    let ast::PatternKind::Quantified {
        pattern,
        min,
        max,
        reluctant,
    } = &last.kind
    else {
        return Ok(());
    };
    let ast::PatternKind::Variable { name } = &pattern.kind else {
        return Ok(());
    };
    let (min, max) = (min.unwrap_or(0), *max);
    let optional = min == 0 && max == Some(1);
    let exact = max == Some(min);
    if *reluctant || optional || exact {
        return Ok(());
    }
    Err(Box::new(
        Diagnostic::new(
            Code::GreedyPatternEnd,
            last.span,
            "Greedy quantifiers are not allowed as the last element of a Pattern yet. Finish your pattern with either a simple variable or reluctant quantifier.",
        )
        .with_help(format!(
            "make the last quantifier reluctant (`{0}+?`, `{0}*?`), or end the pattern with a plain variable",
            name.value
        )),
    ))
}

/// MATCH_RECOGNIZE patterns that Flink's CEP translation does not support: an alternation
/// (`B | C`: "Currently, CEP doesn't support branching patterns.") and a quantified group
/// (`(B C)+`: "Group patterns are not supported yet."). The message prints the pattern node as
/// Calcite does (`|(_UTF-16LE'B', _UTF-16LE'C')`); checked with the oracle.
pub(super) fn check_pattern_shape(mr: &ast::MatchRecognize) -> Result<(), Box<Diagnostic>> {
    fn find<'a>(
        p: &'a ast::Pattern<'a>,
        depth: u32,
    ) -> Option<(&'a ast::Pattern<'a>, &'static str)> {
        if depth > 200 {
            return None;
        }
        match &p.kind {
            ast::PatternKind::Alternation { .. } => {
                Some((p, ". Currently, CEP doesn't support branching patterns."))
            }
            ast::PatternKind::Quantified { pattern, .. } => {
                let inner = ungrouped(pattern);
                match &inner.kind {
                    ast::PatternKind::Variable { .. } => None,
                    ast::PatternKind::Sequence { .. } => {
                        Some((inner, " Group patterns are not supported yet."))
                    }
                    _ => find(inner, depth + 1),
                }
            }
            ast::PatternKind::Sequence { items } => items.iter().find_map(|i| find(i, depth + 1)),
            ast::PatternKind::Group {
                pattern: Some(inner),
            } => find(inner, depth + 1),
            _ => None,
        }
    }
    fn ungrouped<'a>(p: &'a ast::Pattern<'a>) -> &'a ast::Pattern<'a> {
        let mut p = p;
        while let ast::PatternKind::Group {
            pattern: Some(inner),
        } = &p.kind
        {
            p = inner;
        }
        p
    }
    /// The node as Calcite prints a pattern's RexNode; `None` for shapes not followed here.
    fn rex(p: &ast::Pattern, depth: u32) -> Option<String> {
        if depth > 50 {
            return None;
        }
        match &ungrouped(p).kind {
            ast::PatternKind::Variable { name } => Some(format!("_UTF-16LE'{}'", name.value)),
            ast::PatternKind::Sequence { items } | ast::PatternKind::Alternation { items } => {
                let op = if matches!(ungrouped(p).kind, ast::PatternKind::Alternation { .. }) {
                    "|"
                } else {
                    ""
                };
                // Calcite builds a chain of binary nodes, nested to the left.
                let mut parts = items.iter().map(|i| rex(i, depth + 1));
                let mut acc = parts.next()??;
                for part in parts {
                    acc = format!("{op}({acc}, {})", part?);
                }
                Some(acc)
            }
            ast::PatternKind::Quantified {
                pattern,
                min,
                max,
                reluctant,
            } => Some(format!(
                "PATTERN_QUANTIFIER({}, {}, {}, {reluctant})",
                rex(pattern, depth + 1)?,
                min.unwrap_or(0),
                max.map_or(-1, |m| i64::try_from(m).unwrap_or(i64::MAX)),
            )),
            _ => None,
        }
    }
    let Some((node, why)) = find(&mr.pattern, 0) else {
        return Ok(());
    };
    let printed = rex(node, 0).unwrap_or_default();
    let help = if why.contains("branching") {
        "write one pattern per alternative (one query each, combined with UNION ALL)"
    } else {
        "quantify single variables only: spell the group out (`B C B C`) or define one variable for it"
    };
    Err(Box::new(
        Diagnostic::new(
            Code::PatternNotSupported,
            node.span,
            format!("Expression not supported: {printed}{why}"),
        )
        .with_help(help),
    ))
}
