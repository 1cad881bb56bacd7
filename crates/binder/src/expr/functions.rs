//! Named function calls: lookup in the [built-in function table](super::builtins), Calcite's and
//! Flink's operand checks and messages, return types, and the stored text (upper-case for Calcite's
//! functions, back-quoted with the user's spelling for Flink's, implicit casts explicit). The
//! handlers for typing no strategy of the function table fits are in `functions/`, one file per
//! family.

mod aggregate;
mod collections;
mod conditional;
mod json;
mod numeric;
mod string;
mod structured;
mod time;
mod window;

use super::bound::{cast_text, not_typed, reject, BResult, Bound, Fail};
use super::builtins::{self, FnDef, Handler, Nul, Ret, Stack, F};
use super::ops::{illegal_null, type_list};
use super::sqltypes::{
    cast_spec, family_name, is_binary, is_char, is_exact, is_integer, is_interval, is_null_type,
    is_numeric, is_timestamp, root,
};
use super::Ctx;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{self, SetQuantifier};
use flinkddl_types::{
    escape_identifier, supports_avoiding_cast, DataType, LogicalType, LogicalTypeRoot as R,
};

/// A call being bound: the definition, the name as written, the bound operands.
pub(crate) struct CallCx<'c, 'a> {
    pub ctx: &'c Ctx<'a>,
    pub def: &'static FnDef,
    /// The name as the user wrote it (Flink's functions print it back-quoted).
    pub written: &'c str,
    pub args: Vec<Bound>,
    pub span: Span,
    pub distinct: bool,
    pub star: bool,
}

impl CallCx<'_, '_> {
    /// The function name as stored.
    fn print_name(&self) -> std::borrow::Cow<'static, str> {
        match self.def.stack {
            Stack::Calcite => self.def.name.into(),
            Stack::Flink => {
                if self.def.name == "COALESCE" {
                    "COALESCE".into()
                } else if self.def.name == "TRANSLATE" {
                    escape_identifier("TRANSLATE3").into()
                } else {
                    escape_identifier(self.written).into()
                }
            }
        }
    }

    /// `NAME(args)` with the operands' current texts, written into one string.
    fn print(&self) -> String {
        if !super::bound::text_wanted() {
            return String::new();
        }
        let name = self.print_name();
        let args: usize = self.args.iter().map(|a| a.sql.len() + 2).sum();
        let mut out = String::with_capacity(name.len() + args + 12);
        out.push_str(&name);
        out.push('(');
        if self.distinct {
            out.push_str("DISTINCT ");
        }
        if self.star {
            out.push('*');
        }
        for (i, a) in self.args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            // An operand between a call's parentheses and commas never needs its own
            // (`Bound::unparse(0, 0)` is its text as is).
            out.push_str(&a.sql);
        }
        out.push(')');
        out
    }

    fn bound(&self, ty: DataType) -> Bound {
        Bound::new(ty, self.print(), self.span)
    }

    fn any_nullable(&self) -> bool {
        // SQRT keeps the validated nullability of an aggregate operand
        let plan = self.def.name != "SQRT";
        self.args
            .iter()
            .any(|a| a.ty.nullable || is_null_type(&a.ty) || (plan && a.plan_nullable))
    }

    /// Flink's "Invalid input arguments." rejection of a new-stack function.
    fn invalid_input<T>(&self, detail: &str) -> BResult<T> {
        let call = format!(
            "{}({})",
            self.def.name,
            self.args
                .iter()
                .map(|a| flink_type_name(&a.ty))
                .collect::<Vec<_>>()
                .join(", ")
        );
        Err(Fail::Reject(vec![Diagnostic::new(
            Code::NoMatchingSignature,
            self.span,
            format!("Invalid function call:\n{call}"),
        )
        .with_help(detail.to_string())]))
    }

    /// Calcite's "Cannot apply" rejection.
    fn cannot_apply<T>(&self) -> BResult<T> {
        let forms = supported_forms(self.def);
        reject(
            Code::NoMatchingSignature,
            self.span,
            format!(
                "Cannot apply '{}' to arguments of type '{}({})'. Supported form(s): {}",
                self.def.name,
                self.def.name,
                type_list(&self.args),
                forms
            ),
        )
    }

    /// Casts operand `i` to `target` in the stored text when Flink's inference would.
    ///
    /// Rejects what Calcite cannot then express or validate: a cast to an interval or VARIANT
    /// (no type spec) or from an interval to a non-interval type.
    fn cast_arg(&mut self, i: usize, target: &DataType) -> BResult<()> {
        let span = self.span;
        if let Some(a) = self.args.get_mut(i) {
            let src = a.ty.without_time_attributes();
            if is_null_type(&a.ty) || !supports_avoiding_cast(&src, &target.clone().nullable()) {
                let spec_name = match root(target) {
                    R::IntervalDayTime => Some("INTERVAL_DAY_SECOND"),
                    R::IntervalYearMonth => Some("INTERVAL_YEAR_MONTH"),
                    R::Variant => Some("VARIANT"),
                    _ => None,
                };
                if let Some(n) = spec_name {
                    return reject(
                        Code::InvalidCast,
                        span,
                        format!("Unsupported type when convertTypeToSpec: {n}"),
                    );
                }
                if is_interval(&a.ty) {
                    return super::cast::cannot_cast(a, target, span);
                }
                a.sql = cast_text(a, &cast_spec(target));
                a.prec = Some((100, 100));
                let n = a.ty.nullable || is_null_type(&a.ty);
                a.ty = target.clone().with_nullability(n);
            }
        }
        Ok(())
    }
}

/// Flink's `DataType.toString()` of an operand for messages.
fn flink_type_name(t: &DataType) -> String {
    if is_null_type(t) {
        "NULL".to_string()
    } else {
        t.summary_string()
    }
}

fn same_sans_null(a: &DataType, b: &DataType) -> bool {
    a.without_time_attributes().nullable() == b.without_time_attributes().nullable()
}

fn fam_text(f: F) -> &'static str {
    match f {
        F::Any => "ANY",
        F::Num => "NUMERIC",
        F::Int => "INTEGER",
        F::Exact => "EXACT_NUMERIC",
        F::Chr => "CHARACTER",
        F::Str => "STRING",
        F::Bin => "BINARY",
        F::Bool => "BOOLEAN",
        F::Date => "DATE",
        F::Time => "TIME",
        F::Ts => "TIMESTAMP",
        F::Ival => "DATETIME_INTERVAL",
        F::Arr => "ARRAY",
        F::Map => "MAP",
        F::Coll => "MULTISET",
        F::CollOrMap => "MULTISET",
    }
}

fn supported_forms(def: &FnDef) -> String {
    def.sigs
        .iter()
        .map(|sig| {
            format!(
                "'{}({})'",
                def.name,
                sig.iter()
                    .map(|f| format!("<{}>", fam_text(*f)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether an operand belongs to a family.
pub(crate) fn fam_ok(f: F, b: &Bound) -> bool {
    let t = &b.ty;
    if is_null_type(t) {
        return f == F::Any;
    }
    match f {
        F::Any => true,
        F::Num => is_numeric(t),
        F::Int => is_integer(t),
        F::Exact => is_exact(t),
        F::Chr => is_char(t),
        F::Str => is_char(t) || is_binary(t),
        F::Bin => is_binary(t),
        F::Bool => root(t) == R::Boolean,
        F::Date => root(t) == R::Date,
        F::Time => root(t) == R::TimeWithoutTimeZone,
        F::Ts => is_timestamp(t),
        F::Ival => is_interval(t),
        F::Arr => root(t) == R::Array,
        F::Map => root(t) == R::Map,
        F::Coll => matches!(root(t), R::Array | R::Multiset),
        F::CollOrMap => matches!(root(t), R::Array | R::Multiset | R::Map),
    }
}

fn sig_matches(def: &FnDef, sig: &[F], args: &[Bound]) -> bool {
    let fam_ok = |f: F, a: &Bound| fam_ok(f, a) || flink_null_string(def, f, a);
    if def.repeat {
        if sig.is_empty() {
            return args.is_empty();
        }
        if args.len() < sig.len() - 1 {
            return false;
        }
        return args.iter().enumerate().all(|(i, a)| {
            let f = sig.get(i).copied().unwrap_or(sig[sig.len() - 1]);
            fam_ok(f, a)
        });
    }
    sig.len() == args.len() && sig.iter().zip(args).all(|(f, a)| fam_ok(*f, a))
}

/// A NULL literal in a character-string position of a Flink-stack function.
fn flink_null_string(def: &FnDef, f: F, a: &Bound) -> bool {
    def.stack == Stack::Flink && a.is_null_lit() && matches!(f, F::Chr | F::Str)
}

// ---- entry points --------------------------------------------------------------------------

pub(crate) fn call(ctx: &Ctx, call: &ast::Call, span: Span) -> BResult<Bound> {
    if call.name.parts.len() != 1 {
        return reject(
            Code::UnknownFunction,
            call.name.span,
            format!(
                "No match found for function signature {}: built-in functions are not \
                 qualified",
                call.name.display()
            ),
        );
    }
    if !call.named_args.is_empty() {
        return not_typed("named function arguments");
    }
    let name = &call.name.parts[0];
    let def = builtins::lookup(name.value);
    let is_agg = def.is_some_and(|d| d.is_aggregate());
    let was_in_agg = ctx.in_aggregate.get();
    if is_agg {
        if was_in_agg {
            return reject(
                Code::InvalidExpression,
                span,
                "Aggregate expressions cannot be nested",
            );
        }
        ctx.in_aggregate.set(true);
    }
    let args = ctx.bind_all(&call.args);
    ctx.in_aggregate.set(was_in_agg);
    let args = args?;
    let distinct = call.quantifier == Some(SetQuantifier::Distinct);
    // A FILTER or a window frame may leave the aggregate no rows, even in a group.
    let was_maybe_empty = ctx.input_may_be_empty.get();
    ctx.input_may_be_empty
        .set(was_maybe_empty || call.filter.is_some() || call.window.is_some());
    let bound = call_with(
        ctx, def, name.value, args, span, name.span, distinct, call.star,
    );
    ctx.input_may_be_empty.set(was_maybe_empty);
    bound
}

/// `SUBSTRING(x FROM a [FOR b])`.
pub(crate) fn substring(
    ctx: &Ctx,
    expr: &ast::Expr,
    from: &ast::Expr,
    length: Option<&ast::Expr>,
    span: Span,
) -> BResult<Bound> {
    let mut args = vec![ctx.bind(expr)?, ctx.bind(from)?];
    if let Some(l) = length {
        args.push(ctx.bind(l)?);
    }
    call_bound(ctx, "SUBSTRING", false, args, span, span)
}

/// A call over already bound operands (SUBSTRING's FROM syntax, a bare `PI`).
pub(crate) fn call_bound(
    ctx: &Ctx,
    name: &str,
    _quoted: bool,
    args: Vec<Bound>,
    span: Span,
    name_span: Span,
) -> BResult<Bound> {
    call_with(
        ctx,
        builtins::lookup(name),
        name,
        args,
        span,
        name_span,
        false,
        false,
    )
}

/// A call to `written`, whose function table row is `def` (looked up once by the caller).
#[allow(clippy::too_many_arguments)]
fn call_with(
    ctx: &Ctx,
    def: Option<&'static FnDef>,
    written: &str,
    args: Vec<Bound>,
    span: Span,
    name_span: Span,
    distinct: bool,
    star: bool,
) -> BResult<Bound> {
    let Some(def) = def else {
        if builtins::is_known_untyped(written) {
            return not_typed(format!(
                "{} is a Flink built-in flinkddl does not type yet",
                written.to_ascii_uppercase()
            ));
        }
        let fams = args
            .iter()
            .map(|a| format!("<{}>", family_name(&a.ty)))
            .collect::<Vec<_>>()
            .join(", ");
        let mut d = Diagnostic::new(
            Code::UnknownFunction,
            name_span,
            format!("No match found for function signature {written}({fams})"),
        );
        if let Some(s) = super::similar_builtin(written) {
            // A function's name is never quoted: `UPPER` is the built-in, `` `UPPER` `` not.
            let fix = format!("replace with {s}");
            d = d
                .with_help(format!("did you mean {s}?"))
                .with_unsafe_fix(name_span, s, fix);
        }
        return Err(Fail::Reject(vec![d]));
    };
    let mut cx = CallCx {
        ctx,
        def,
        written,
        args,
        span,
        distinct,
        star,
    };
    apply(&mut cx)
}

fn apply(cx: &mut CallCx) -> BResult<Bound> {
    let def = cx.def;
    let n = cx.args.len();
    let arity_ok = n >= def.min
        && !matches!(def.max, Some(m) if n > m)
        && (n > 0 || !cx.star || def.name == "COUNT");
    let arity_ok = arity_ok || (cx.star && def.name == "COUNT");
    if !arity_ok {
        return arity_error(cx);
    }
    // Calcite's operand checkers reject NULL literals (type coercion is off).
    if def.stack == Stack::Calcite && !matches!(def.ret, Ret::Custom(_)) {
        let any_family = def.sigs.iter().any(|s| s.contains(&F::Any));
        if !any_family {
            if let Some(a) = cx.args.iter().find(|a| a.is_null_lit()) {
                if def.name == "CONCAT" || def.name == "CONCAT_WS" {
                    return cx.cannot_apply();
                }
                return illegal_null(a.span);
            }
        }
    }
    if !def.sigs.is_empty() && !def.sigs.iter().any(|s| sig_matches(def, s, &cx.args)) {
        // A wrong count for every signature is an arity error in Calcite.
        let counts_ok = def
            .sigs
            .iter()
            .any(|s| s.len() == n || (def.repeat && n + 1 >= s.len()));
        if def.stack == Stack::Calcite && !counts_ok {
            return arity_error(cx);
        }
        return match def.stack {
            Stack::Calcite => cx.cannot_apply(),
            Stack::Flink => cx.invalid_input("Invalid input arguments."),
        };
    }
    // Flink's family strategies type a NULL literal string operand as VARCHAR(1).
    if def.stack == Stack::Flink {
        let sig = def
            .sigs
            .iter()
            .find(|s| sig_matches(def, s, &cx.args))
            .copied();
        if let Some(sig) = sig {
            for i in 0..cx.args.len() {
                let f = sig.get(i).or(sig.last()).copied().unwrap_or(F::Any);
                if cx.args[i].is_null_lit() && flink_null_string(def, f, &cx.args[i]) {
                    cx.cast_arg(i, &DataType::varchar(1))?;
                }
            }
        }
    }
    let ty = match def.ret {
        Ret::Custom(handler) => return handle(cx, handler),
        Ret::Fixed(t) => t.data_type(),
        Ret::Arg(i) => match cx.args.get(i) {
            Some(a) => a.ty.without_time_attributes(),
            None => return not_typed("missing operand"),
        },
        Ret::Arg0Varchar => {
            let a = &cx.args[0].ty;
            match a.logical {
                LogicalType::Char { length } | LogicalType::VarChar { length } => {
                    DataType::varchar(length)
                }
                _ => a.clone(),
            }
        }
        Ret::Arg0Varying => {
            let a = &cx.args[0].ty;
            match a.logical {
                LogicalType::Char { length } => DataType::varchar(length),
                _ => a.clone(),
            }
        }
    };
    let nullable = match def.nul {
        Nul::Args => cx.any_nullable(),
        Nul::Force => true,
        Nul::NotNull => false,
        Nul::Keep => ty.nullable,
    };
    Ok(cx.bound(ty.with_nullability(nullable)))
}

fn arity_error<T>(cx: &CallCx) -> BResult<T> {
    let def = cx.def;
    match def.stack {
        Stack::Calcite => reject(
            Code::NoMatchingSignature,
            cx.span,
            format!(
                "Invalid number of arguments to function '{}'. Was expecting {} arguments",
                def.name, def.min
            ),
        ),
        Stack::Flink => {
            let fams = cx
                .args
                .iter()
                .map(|a| format!("<{}>", family_name(&a.ty)))
                .collect::<Vec<_>>()
                .join(", ");
            reject(
                Code::NoMatchingSignature,
                cx.span,
                format!("No match found for function signature {}({fams})", def.name),
            )
        }
    }
}

// ---- handlers ------------------------------------------------------------------------------

/// Types a call whose row names a handler. Exhaustive: a handler named in
/// `data/functions.toml` and not matched here (or matched and named nowhere) fails to compile.
fn handle(cx: &mut CallCx, handler: Handler) -> BResult<Bound> {
    match handler {
        Handler::Mod => numeric::modulo(cx),
        Handler::Round => numeric::round(cx),
        Handler::Floor => numeric::floor(cx),
        Handler::Translate => string::translate(cx),
        Handler::Elt => string::elt(cx),
        Handler::Extract => time::extract(cx),
        Handler::Proctime => time::proctime(cx),
        Handler::Now => time::now(cx),
        Handler::Dynamic => time::dynamic(cx),
        Handler::MatchTime => time::match_time(cx),
        Handler::ToTimestampLtz => time::to_timestamp_ltz(cx),
        Handler::SourceWatermark => time::source_watermark(cx),
        Handler::CurrentWatermark => time::current_watermark(cx),
        Handler::DateTrunc => time::date_trunc(cx),
        Handler::If => conditional::if_fn(cx),
        Handler::Nullif => conditional::nullif(cx),
        Handler::Coalesce => conditional::coalesce(cx),
        Handler::Greatest => conditional::greatest(cx),
        Handler::Typeof => conditional::typeof_fn(cx),
        Handler::Element => collections::element(cx),
        Handler::ArrayElem => collections::array_elem(cx),
        Handler::ArraySlice => collections::array_slice(cx),
        Handler::ArrayUnion => collections::array_union(cx),
        Handler::ArrayMax => collections::array_max(cx),
        Handler::ArrayJoin => collections::array_join(cx),
        Handler::MapParts => collections::map_parts(cx),
        Handler::MapUnion => collections::map_union(cx),
        Handler::JsonString => json::json_string(cx),
        Handler::JsonArray => json::json_array(cx),
        Handler::JsonObject => json::json_object(cx),
        Handler::JsonArrayagg => json::json_arrayagg(cx),
        Handler::Sum => aggregate::sum(cx),
        Handler::Avg => aggregate::avg(cx),
        Handler::Stddev => aggregate::stddev(cx),
        Handler::Minmax => aggregate::minmax(cx),
        Handler::Listagg => aggregate::listagg(cx),
        Handler::Collect => aggregate::collect(cx),
        Handler::ArrayAgg => aggregate::array_agg(cx),
        Handler::Percentile => aggregate::percentile(cx),
        Handler::Ntile => window::ntile(cx),
        Handler::Lag => window::lag(cx),
        Handler::GroupWindow => window::group_window(cx),
        Handler::WindowTvf => window::window_tvf(cx),
        Handler::ObjectOf => structured::object_of(cx),
    }
}
