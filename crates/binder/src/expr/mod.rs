//! Expression typing and printing for computed columns and watermarks: the type Flink derives
//! for an expression and the text Flink stores for it.
//!
//! The entry point is [`bind_expr`] (computed columns) and [`bind_watermark`] (the `WATERMARK FOR`
//! expression). They see columns only through a [`Scope`], so they know nothing about tables,
//! LIKE or the catalog.
//!
//! How it works: the AST is bound bottom-up into [`bound::Bound`] nodes, each carrying Flink's
//! type and the text Flink stores (Calcite's unparse of the validated call, with the implicit
//! casts of Flink's type inference made explicit). Operators live in [`ops`], literals in
//! [`literal`], CAST in [`cast`], the special syntaxes (EXTRACT, TRIM, JSON_VALUE, ...) in
//! [`special`], and named function calls in [`functions`], driven by the data table in
//! [`builtins`].

mod bound;
mod builtins;
mod cast;
mod functions;
mod literal;
pub use literal::summary_sql;
mod ops;
mod special;
pub(crate) mod sqltypes;

use bound::{BResult, Bound, Fail};
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast;
use flinkddl_types::{DataType, LogicalTypeRoot, TimestampKind};

/// What an expression can see: the columns it may reference.
pub trait Scope {
    /// The type of a column by its exact (case-sensitive) name.
    fn column(&self, name: &str) -> Option<&DataType>;
    /// Every visible column name, in schema order (for messages and did-you-mean).
    fn names(&self) -> Vec<&str>;
    /// The type of column `column` of the FROM item `table` (a query's `t.c`). Computed
    /// columns and watermarks see no table name.
    fn qualified_column(&self, _table: &str, _column: &str) -> Option<&DataType> {
        None
    }
}

/// What a function name is, for the grouping rules of queries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FunctionKind {
    Aggregate,
    Scalar,
    /// A user-defined function, or a built-in we do not describe: it may be an aggregate.
    Unknown,
}

pub use builtins::Kind as BuiltinKind;

/// The kind of the built-in function `name` (case-insensitive), as `data/functions.toml` declares
/// it: `None` for a name that is no built-in, or a built-in the function table knows without typing
/// and declares no kind of.
pub fn builtin_kind(name: &str) -> Option<BuiltinKind> {
    match builtins::lookup(name) {
        Some(def) => Some(def.kind),
        None => builtins::untyped_facts(name).and_then(|f| f.kind),
    }
}

/// Whether a call of a built-in function gives the same value each time for the same operands
/// (Flink's `isDeterministic()`, as `data/functions.toml` declares it), for the lints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Determinism {
    /// The same operands give the same value (also: a name that is no built-in).
    Deterministic,
    /// Each call may give another value: it reads a clock, a random source or the watermark.
    EachCall,
    /// Each call gives the processing time (`PROCTIME()`), a time attribute.
    ProcessingTime,
    /// The value is the session's (`CURRENT_DATABASE()`): the same for every row of a job.
    Session,
}

/// The [`Determinism`] of a call of the built-in `name` (case-insensitive) with `operands`
/// operands (`UNIX_TIMESTAMP()` reads the clock, `UNIX_TIMESTAMP(s)` parses `s`).
pub fn builtin_determinism(name: &str, operands: usize) -> Determinism {
    let det = match builtins::lookup(name) {
        Some(def) => def.det,
        None => match builtins::untyped_facts(name) {
            Some(f) => f.det,
            None => return Determinism::Deterministic,
        },
    };
    det.of_call(operands)
}

/// Whether `name`, whose [`function_kind`] is `kind`, is one of Flink's built-in functions
/// (typed by the function table or not).
pub(crate) fn is_builtin_of_kind(name: &str, kind: FunctionKind) -> bool {
    kind != FunctionKind::Unknown || builtins::is_known_untyped(name)
}

/// The built-in function whose name is closest to `name`, for a did-you-mean.
pub(crate) fn similar_builtin(name: &str) -> Option<String> {
    did_you_mean(
        name,
        builtins::FUNCTIONS
            .iter()
            .map(|d| d.name)
            .chain(builtins::KNOWN_UNTYPED.iter().copied()),
    )
}

pub(crate) use sqltypes::family_name;

pub(crate) fn function_kind(name: &str) -> FunctionKind {
    match builtin_kind(name) {
        Some(kind) if kind.is_aggregate() => FunctionKind::Aggregate,
        Some(_) => FunctionKind::Scalar,
        None => FunctionKind::Unknown,
    }
}

/// A typed expression.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedExpr {
    /// The type Flink derives, with nullability and the time-attribute kind Flink keeps
    /// (`PROCTIME()` is `TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*`).
    pub data_type: DataType,
    /// The expression as Flink stores it (`ResolvedExpression.asSerializableString`), e.g.
    /// `` `price` * `quantity` ``.
    pub stored: String,
}

/// What binding an expression gave.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprOutcome {
    Typed(TypedExpr),
    /// We cannot type this expression (yet). Never an error: Flink may accept it.
    NotTyped {
        reason: String,
    },
    /// Flink rejects the expression; the diagnostics say why, on the offending spans.
    Rejected(Vec<Diagnostic>),
}

/// Where an expression appears. Some functions type differently in a watermark
/// (`SOURCE_WATERMARK()` takes the rowtime column's type there).
#[derive(Debug, Clone, PartialEq)]
pub enum ExprContext {
    /// `name AS expr`
    Computed,
    /// `WATERMARK FOR rowtime AS expr`, with the rowtime column's type.
    Watermark { rowtime: DataType },
    /// An expression of a query (a select item, WHERE, HAVING, a join condition).
    Query,
    /// A query expression of a SELECT grouped by at least one key: its aggregates see groups
    /// that are never empty, so MIN, MAX and SUM keep their operand's nullability (Calcite's
    /// "nullable if empty" return types).
    Grouped,
}

/// A built-in function as the expression typer knows it: for editors (hover, completion).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionInfo {
    /// Upper-case name.
    pub name: &'static str,
    pub min_args: usize,
    /// `None`: any number.
    pub max_args: Option<usize>,
    /// The accepted operand families, one line per signature (`LPAD(CHARACTER, INTEGER,
    /// CHARACTER)`); empty when the function table accepts any operands.
    pub signatures: Vec<String>,
    /// Beside `signatures`: each one's operand families, one per parameter (a variadic
    /// signature ends in its repeated family and `...`), for signature help.
    pub parameters: Vec<Vec<&'static str>>,
    /// The result type, or how it is derived.
    pub returns: String,
    /// How the result's nullability is derived (empty when the result type's derivation
    /// says it).
    pub nullable_result: &'static str,
    pub aggregate: bool,
    /// False for a Flink built-in that flinkddl knows but does not type.
    pub typed: bool,
}

/// The built-in function of this name (case-insensitive), typed or only known.
pub fn builtin_function(name: &str) -> Option<FunctionInfo> {
    if let Some(def) = builtins::lookup(name) {
        return Some(builtins::describe(def));
    }
    let upper = name.to_ascii_uppercase();
    builtins::KNOWN_UNTYPED
        .iter()
        .find(|n| **n == upper)
        .map(|n| FunctionInfo {
            name: n,
            min_args: 0,
            max_args: None,
            signatures: Vec::new(),
            parameters: Vec::new(),
            returns: "not typed by flinkddl".to_string(),
            nullable_result: "unknown",
            aggregate: false,
            typed: false,
        })
}

/// The names of every built-in function the function table knows (typed first, then known-untyped).
pub fn builtin_function_names() -> impl Iterator<Item = &'static str> {
    builtins::FUNCTIONS
        .iter()
        .map(|d| d.name)
        .chain(builtins::KNOWN_UNTYPED.iter().copied())
}

/// Types `expr` (parsed from `source`) against `scope`, as a computed column.
pub fn bind_expr(expr: &ast::Expr, source: &str, scope: &dyn Scope) -> ExprOutcome {
    bind_expr_in(expr, source, scope, &ExprContext::Computed)
}

/// Types `expr` (parsed from `source`) against `scope` in the given context.
pub fn bind_expr_in(
    expr: &ast::Expr,
    source: &str,
    scope: &dyn Scope,
    context: &ExprContext,
) -> ExprOutcome {
    bind_expr_as(expr, source, scope, context, Default::default())
}

/// [`bind_expr_in`] as `version`'s validator types it.
fn bind_expr_as(
    expr: &ast::Expr,
    source: &str,
    scope: &dyn Scope,
    context: &ExprContext,
    version: flinkddl_diagnostics::FlinkVersion,
) -> ExprOutcome {
    let ctx = Ctx {
        source,
        scope,
        context,
        in_aggregate: std::cell::Cell::new(false),
        empty_aggregates: std::cell::Cell::new(0),
        input_may_be_empty: std::cell::Cell::new(false),
        depth: std::cell::Cell::new(0),
        stack_base: stack_address(),
        version,
    };
    match ctx.bind(expr) {
        Ok(b) => ExprOutcome::Typed(TypedExpr {
            data_type: b.ty,
            stored: b.sql,
        }),
        Err(Fail::Reject(d)) => ExprOutcome::Rejected(d),
        Err(Fail::NotTyped(reason)) => ExprOutcome::NotTyped { reason },
    }
}

/// Whether the node repeats an operand's text in its stored text (NULLIF and a simple CASE):
/// see [`type_of_expr`].
#[inline]
pub(crate) fn repeats_operand(e: &ast::Expr) -> bool {
    match &e.kind {
        ast::ExprKind::Case { operand, .. } => operand.is_some(),
        ast::ExprKind::Call(c) => c
            .name
            .parts
            .last()
            .is_some_and(|n| n.value.eq_ignore_ascii_case("NULLIF")),
        _ => false,
    }
}

/// [`bind_expr_in`] for an expression whose type is all the caller reads (a query's): the
/// stored text is not built (`TypedExpr::stored` is then empty). A rejection is bound again
/// with the texts, so its messages are the same; so is every expression that might reach the
/// stored-text limit (a long one, or one that repeats an operand's text: `repeats`, whether
/// [`repeats_operand`] holds for a node of it, found by the caller's own walk), for which the
/// limit decides whether it is typed.
pub(crate) fn type_of_expr(
    expr: &ast::Expr,
    source: &str,
    scope: &dyn Scope,
    context: &ExprContext,
    repeats: bool,
    version: flinkddl_diagnostics::FlinkVersion,
) -> ExprOutcome {
    const SHORT: u32 = 2048;
    if expr.span.end.saturating_sub(expr.span.start) > SHORT || repeats {
        return bind_expr_as(expr, source, scope, context, version);
    }
    match bound::without_text(|| bind_expr_as(expr, source, scope, context, version)) {
        ExprOutcome::Rejected(_) => bind_expr_as(expr, source, scope, context, version),
        outcome => outcome,
    }
}

/// Types the expression of `WATERMARK FOR <rowtime> AS <expr>` and checks it the way Flink's
/// `DefaultSchemaResolver` does: TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p <= 3, of the same
/// kind as the rowtime column (`rowtime` is that column's type, without the `*ROWTIME*` mark).
/// The rowtime column itself is checked with [`check_rowtime_type`].
pub fn bind_watermark(
    expr: &ast::Expr,
    source: &str,
    scope: &dyn Scope,
    rowtime: &DataType,
) -> ExprOutcome {
    let outcome = bind_expr_in(
        expr,
        source,
        scope,
        &ExprContext::Watermark {
            rowtime: rowtime.clone(),
        },
    );
    let ExprOutcome::Typed(mut typed) = outcome else {
        return outcome;
    };
    if let Some(t) = watermark_output_type(expr, rowtime) {
        typed.data_type = t;
    }
    let t = &typed.data_type;
    let valid_kind = matches!(
        t.type_root(),
        LogicalTypeRoot::TimestampWithoutTimeZone | LogicalTypeRoot::TimestampWithLocalTimeZone
    );
    if !valid_kind || t.precision().unwrap_or(0) > 3 {
        return ExprOutcome::Rejected(vec![Diagnostic::new(
            Code::InvalidExpression,
            expr.span,
            format!(
                "Invalid data type of expression for watermark definition. The field must be of \
                 type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to \
                 3, but the watermark expression type is {}",
                t.summary_string()
            ),
        )]);
    }
    if t.type_root() != rowtime.type_root() {
        return ExprOutcome::Rejected(vec![Diagnostic::new(
            Code::InvalidExpression,
            expr.span,
            format!(
                "The watermark declaration's output data type '{}' is different from the time \
                 field's data type '{}'.",
                t.summary_string(),
                rowtime.without_time_attributes().summary_string()
            ),
        )
        .with_help("cast the expression to the rowtime column's type")]);
    }
    ExprOutcome::Typed(typed)
}

/// The type a watermark expression takes from its rowtime column, where Flink's does: Flink
/// resolves the expression with the rowtime column's type as its expected output type
/// (`DefaultSchemaResolver.resolveWatermarkSpecs`), and the only function whose type reads that
/// expectation is `SOURCE_WATERMARK()` (`SourceWatermarkTypeStrategy`: the expected type when it
/// is a timestamp, else TIMESTAMP_LTZ(3)). Only the outermost call gets the expectation, so
/// `SOURCE_WATERMARK() - INTERVAL '1' SECOND` stays TIMESTAMP_LTZ(3). `rowtime` is the column's
/// type without its time attribute.
pub fn watermark_output_type(expr: &ast::Expr, rowtime: &DataType) -> Option<DataType> {
    let mut root = expr;
    while let ast::ExprKind::Nested(inner) = &root.kind {
        root = inner;
    }
    let ast::ExprKind::Call(call) = &root.kind else {
        return None;
    };
    let [name] = call.name.parts.as_slice() else {
        return None;
    };
    let timestamp = matches!(
        rowtime.type_root(),
        LogicalTypeRoot::TimestampWithoutTimeZone
            | LogicalTypeRoot::TimestampWithLocalTimeZone
            | LogicalTypeRoot::TimestampWithTimeZone
    );
    (name.value.eq_ignore_ascii_case("SOURCE_WATERMARK")
        && call.args.is_empty()
        && call.named_args.is_empty()
        && !call.star
        && timestamp)
        .then(|| rowtime.without_time_attributes())
}

/// Flink's check of a rowtime column's type: `None` when it can be a rowtime attribute
/// (TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p <= 3), else Flink's message.
pub fn check_rowtime_type(t: &DataType) -> Option<String> {
    let ok = matches!(
        t.type_root(),
        LogicalTypeRoot::TimestampWithoutTimeZone | LogicalTypeRoot::TimestampWithLocalTimeZone
    ) && t.precision().unwrap_or(0) <= 3;
    if ok {
        None
    } else {
        Some(format!(
            "Invalid data type of time field for watermark definition. The field must be of type \
             TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but \
             the time field type is {}",
            t.summary_string()
        ))
    }
}

/// The binding context.
pub(crate) struct Ctx<'a> {
    pub source: &'a str,
    pub scope: &'a dyn Scope,
    pub context: &'a ExprContext,
    /// Set while binding the operands of an aggregate (aggregates cannot nest).
    pub in_aggregate: std::cell::Cell<bool>,
    /// How many aggregates that are NULL over an empty input (AVG, STDDEV, VAR) were bound so
    /// far: a subtree holding one is nullable where Flink re-infers types from the plan.
    pub empty_aggregates: std::cell::Cell<u32>,
    /// Set while binding an aggregate with a FILTER or an OVER window: its input may be empty
    /// even in a non-empty group.
    pub input_may_be_empty: std::cell::Cell<bool>,
    /// Current nesting depth of [`Ctx::bind`].
    pub depth: std::cell::Cell<u32>,
    /// The stack address where binding started, to bound the stack the recursion uses.
    pub stack_base: usize,
    /// The Flink version whose validator types the expression (a query's; a column's is the
    /// newest's, whose rules it shares).
    pub version: flinkddl_diagnostics::FlinkVersion,
}

/// The address of a local of the calling frame: how deep the stack is (compared between two
/// calls on the same thread).
#[inline(never)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Stack the binder's recursion may use (bytes). Expressions nested deeper than fits are not
/// typed rather than overflowing the caller's stack (debug builds use ~8 KiB per level).
const STACK_BUDGET: usize = 1 << 20;

/// Deeper expressions are not typed (the parser already stops at 256 levels).
const MAX_BIND_DEPTH: u32 = 300;

/// Longest stored text we build (bytes).
const MAX_STORED_LEN: usize = 1 << 20;

impl Ctx<'_> {
    /// The source text of a span (empty when out of range).
    pub fn text(&self, span: Span) -> &str {
        self.source
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// Binds one expression. The frame of this function and of [`Ctx::bind_node`] is kept
    /// small: the recursion goes through them once per nesting level.
    pub fn bind(&self, e: &ast::Expr) -> BResult<Bound> {
        let depth = self.depth.get();
        if depth >= MAX_BIND_DEPTH || self.stack_base.abs_diff(stack_address()) > STACK_BUDGET {
            return bound::not_typed("the expression is nested too deeply");
        }
        self.depth.set(depth + 1);
        let aggregates = self.empty_aggregates.get();
        let mut out = self.bind_node(e);
        self.depth.set(depth);
        // Finished in place: a `Bound` is large, and moving it again per node showed.
        if let Ok(b) = &mut out {
            if self.empty_aggregates.get() > aggregates {
                b.plan_nullable = true;
            }
            if b.prec.is_none() && function_syntax(&e.kind) {
                // Calcite's SqlFunction precedence: parenthesized where the right-hand
                // precedence reaches 100 (the operand of FLOOR(... TO unit)).
                b.prec = Some((100, 100));
            }
            // Texts that would explode (NULLIF and simple CASE repeat an operand's text).
            if b.sql.len() > MAX_STORED_LEN {
                return too_large();
            }
            b.span = e.span;
        }
        out
    }

    /// Binds each expression, in order; the first failure.
    pub fn bind_all(&self, items: &[ast::Expr]) -> BResult<Vec<Bound>> {
        items.iter().map(|e| self.bind(e)).collect()
    }

    #[inline(never)]
    fn bind_node(&self, e: &ast::Expr) -> BResult<Bound> {
        use ast::ExprKind as K;
        match &e.kind {
            K::Identifier(name) => self.identifier(name, e.span),
            K::Literal(lit) => literal::bind_literal(self, lit, e.span),
            K::Nested(inner) => self.bind(inner),
            K::Unary { op, operand } => ops::unary(self, *op, operand, e.span),
            K::Binary { op, left, right } => ops::binary(self, *op, left, right, e.span),
            K::Is {
                expr,
                negated,
                test,
            } => ops::is(self, expr, *negated, test, e.span),
            K::Between {
                expr,
                negated,
                symmetric,
                low,
                high,
            } => ops::between(self, expr, *negated, *symmetric, low, high, e.span),
            K::Like {
                expr,
                negated,
                kind,
                pattern,
                escape,
            } => ops::like(
                self,
                expr,
                *negated,
                *kind,
                pattern,
                escape.as_deref(),
                e.span,
            ),
            K::In {
                expr,
                negated,
                list,
            } => ops::in_list(self, expr, *negated, list, e.span),
            K::Call(call) => match special::floor_ceil_regroup(self, call, e.span) {
                Some(out) => out,
                None => functions::call(self, call, e.span),
            },
            K::Cast {
                try_cast,
                expr,
                data_type,
            } => cast::cast(self, *try_cast, expr, data_type, e.span),
            K::Case {
                operand,
                whens,
                else_result,
            } => ops::case(
                self,
                operand.as_deref(),
                whens,
                else_result.as_deref(),
                e.span,
            ),
            K::Extract { unit, expr } => special::extract(self, unit, expr, e.span),
            K::Position {
                needle,
                haystack,
                from,
            } => special::position(self, needle, haystack, from.as_deref(), e.span),
            K::Trim { side, chars, expr } => {
                special::trim(self, *side, chars.as_deref(), expr, e.span)
            }
            K::Substring { expr, from, length } => {
                functions::substring(self, expr, from, length.as_deref(), e.span)
            }
            K::Overlay {
                expr,
                placing,
                from,
                length,
            } => special::overlay(self, expr, placing, from, length.as_deref(), e.span),
            K::FloorCeil { ceil, expr, unit } => {
                special::floor_ceil(self, *ceil, expr, unit, e.span)
            }
            K::TimestampArith {
                diff,
                unit,
                left,
                right,
            } => special::timestamp_arith(self, *diff, unit, left, right, e.span),
            K::Json(call) => special::json(self, call, e.span),
            K::ContextVariable { name } => special::context_variable(self, name, e.span),
            K::Row { items, .. } => special::row(self, items, e.span),
            K::Array { items } => special::array(self, items, e.span),
            K::Map { items } => special::map(self, items, e.span),
            K::FieldAccess { expr, field } => special::field_access_expr(self, expr, field, e.span),
            K::Item { expr, index } => special::item(self, expr, index, e.span),
            K::Subquery(_) => bound::reject(
                Code::InvalidExpression,
                e.span,
                "Subqueries are not supported in computed columns and watermarks",
            ),
            K::Error => bound::not_typed("the expression has a syntax error"),
            K::JsonConstructor(c) => self.json_constructor(c, e.span),
            K::Exists(_)
            | K::InQuery { .. }
            | K::Quantified { .. }
            | K::TableArgument(_)
            | K::Descriptor { .. }
            | K::QualifiedStar { .. }
            | K::MatchSemantics { .. } => bound::not_typed("query expressions are not typed yet"),
            K::DatetimeInterval { .. } => {
                bound::not_typed("datetime differences `(a - b) unit` are not typed yet")
            }
        }
    }

    /// `JSON_ARRAY(...)`, `JSON_ARRAYAGG(x)` and an empty `JSON_OBJECT()` in their default
    /// forms are the function table's calls; key-value entries, `NULL ON NULL`, `ORDER BY`,
    /// `RETURNING` and query sources are not typed yet.
    fn json_constructor(&self, c: &ast::JsonConstructor, span: Span) -> BResult<Bound> {
        use ast::JsonConstructorKind as J;
        let default_form = c.query.is_none()
            && c.order_by.is_empty()
            && c.returning.is_none()
            && c.entries.is_empty()
            && match c.function {
                J::JsonArray | J::JsonArrayagg => c.null_on_null != Some(true),
                J::JsonObject => c.null_on_null != Some(false),
                J::JsonObjectagg => false,
            };
        if !default_form {
            return bound::not_typed("this JSON constructor form is not typed yet");
        }
        let name = match c.function {
            J::JsonArray => "JSON_ARRAY",
            J::JsonArrayagg => "JSON_ARRAYAGG",
            _ => "JSON_OBJECT",
        };
        let ident = ast::Ident {
            span,
            value: name,
            quoted: false,
        };
        let call = ast::Call {
            name: ast::ObjectName {
                span,
                parts: ast::List::new(std::slice::from_ref(&ident)),
            },
            quantifier: None,
            args: c.items,
            star: false,
            named_args: ast::List::empty(),
            filter: None,
            over: None,
            window: None,
            within_group: ast::List::empty(),
            ignore_nulls: None,
        };
        functions::call(self, &call, span)
    }

    /// A column reference, possibly followed by field accesses (`r.a.b`).
    fn identifier(&self, name: &ast::ObjectName, span: Span) -> BResult<Bound> {
        let Some(mut first) = name.parts.first() else {
            return bound::not_typed("empty identifier");
        };
        let mut rest = name.parts.get(1..).unwrap_or_default();
        let mut qualified = None;
        if let [column, more @ ..] = rest {
            if let Some(t) = self.scope.qualified_column(first.value, column.value) {
                qualified = Some(t);
                first = column;
                rest = more;
            }
        }
        let Some(t) = qualified.or_else(|| self.scope.column(first.value)) else {
            // A bare `PI` is the PI function.
            if rest.is_empty() && !first.quoted && first.value.eq_ignore_ascii_case("PI") {
                let mut b = functions::call_bound(self, "PI", true, Vec::new(), span, span)?;
                b.sql = "PI".to_string();
                return Ok(b);
            }
            return Err(self.unknown_identifier(first));
        };
        let mut ty = t.clone();
        // A computed column reads a rowtime as a plain timestamp; a query keeps the time
        // indicator type through validation (`ts + INTERVAL ...`, `MAX(ts)` stay rowtime).
        if ty.timestamp_kind() == TimestampKind::Rowtime
            && !matches!(self.context, ExprContext::Query | ExprContext::Grouped)
        {
            ty = ty.with_timestamp_kind(TimestampKind::Regular);
        }
        let text = if bound::text_wanted() {
            flinkddl_types::escape_identifier(first.value)
        } else {
            String::new()
        };
        let mut b = Bound::new(ty, text, first.span);
        for part in rest {
            b = special::field_access(b, part, span)?;
        }
        Ok(b)
    }

    fn unknown_identifier(&self, ident: &ast::Ident) -> Fail {
        let mut d = Diagnostic::new(
            Code::UnknownColumn,
            ident.span,
            format!("Unknown identifier '{}'", ident.value),
        );
        if let Some(s) = did_you_mean(ident.value, self.scope.names()) {
            d = d
                .with_help(format!("did you mean `{s}`?"))
                .with_fix(flinkddl_syntax::rename_fix(ident.span, &s));
        }
        Fail::Reject(vec![d])
    }
}

#[cold]
#[inline(never)]
fn too_large() -> BResult<Bound> {
    bound::not_typed("the stored expression text would be too large")
}

/// The closest candidate to `name`, if it is close enough to be a typo.
pub(crate) fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    flinkddl_diagnostics::suggest::closest(name, candidates).map(str::to_string)
}

/// Expressions Calcite represents as calls of an `SqlFunction` (precedence 100).
fn function_syntax(kind: &ast::ExprKind) -> bool {
    use ast::ExprKind as K;
    matches!(
        kind,
        K::Call(_)
            | K::Cast { .. }
            | K::Extract { .. }
            | K::Position { .. }
            | K::Trim { .. }
            | K::Substring { .. }
            | K::Overlay { .. }
            | K::FloorCeil { .. }
            | K::TimestampArith { .. }
            | K::Json(_)
    )
}
