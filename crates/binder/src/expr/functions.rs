//! Named function calls: lookup in the [`catalog`](super::catalog), Calcite's and Flink's
//! operand checks and messages, return types, and the stored text (upper-case for Calcite's
//! functions, back-quoted with the user's spelling for Flink's, implicit casts explicit).

use super::bound::{cast_text, not_typed, reject, BResult, Bound, Fail, Lit};
use super::catalog::{self, FnDef, Nul, Ret, Stack, Ty, F};
use super::ops::{illegal_null, type_list};
use super::sqltypes::{
    cast_spec, family_name, is_approx, is_binary, is_char, is_exact, is_integer, is_interval,
    is_null_type, is_numeric, is_timestamp, least_restrictive, root, string_type,
};
use super::{special, Ctx, ExprContext};
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use flinkddl_syntax::ast::{self, SetQuantifier};
use flinkddl_types::merging::{find_avg_agg_type, find_round_decimal_type};
use flinkddl_types::{
    arithmetic_result_type, escape_identifier, find_common_type, supports_avoiding_cast,
    supports_implicit_cast, ArithmeticOp, DataType, LogicalType, LogicalTypeRoot as R, RowField,
    TimestampKind,
};

/// A call being bound: the definition, the name as written, the bound operands.
pub(crate) struct CallCx<'c, 'a> {
    pub ctx: &'c Ctx<'a>,
    pub def: &'static FnDef,
    /// The name as the user wrote it (Flink's functions print it back-quoted).
    pub written: String,
    pub args: Vec<Bound>,
    pub span: Span,
    pub distinct: bool,
    pub star: bool,
}

impl CallCx<'_, '_> {
    /// The function name as stored.
    fn print_name(&self) -> String {
        match self.def.stack {
            Stack::Calcite => self.def.name.to_string(),
            Stack::Flink => {
                if self.def.name == "COALESCE" {
                    "COALESCE".to_string()
                } else if self.def.name == "TRANSLATE" {
                    escape_identifier("TRANSLATE3")
                } else {
                    escape_identifier(&self.written)
                }
            }
        }
    }

    /// `NAME(args)` with the operands' current texts.
    fn print(&self) -> String {
        let mut inner = String::new();
        if self.distinct {
            inner.push_str("DISTINCT ");
        }
        if self.star {
            inner.push('*');
        }
        inner.push_str(&super::bound::join_args(&self.args));
        format!("{}({inner})", self.print_name())
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
                    let from = a
                        .calcite_type
                        .clone()
                        .unwrap_or_else(|| super::sqltypes::calcite_name(&a.ty));
                    return reject(
                        Code::InvalidCast,
                        span,
                        format!(
                            "Cast function cannot convert value of type {from} to type {}",
                            super::sqltypes::calcite_name(target)
                        ),
                    );
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
    let upper = name.value.to_ascii_uppercase();
    let def = catalog::lookup(&upper);
    let is_agg = def.is_some_and(|d| d.agg);
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
    let args: BResult<Vec<Bound>> = call.args.iter().map(|a| ctx.bind(a)).collect();
    ctx.in_aggregate.set(was_in_agg);
    let args = args?;
    let distinct = call.quantifier == Some(SetQuantifier::Distinct);
    call_with(ctx, &name.value, args, span, name.span, distinct, call.star)
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
    call_with(ctx, name, args, span, name_span, false, false)
}

fn call_with(
    ctx: &Ctx,
    written: &str,
    args: Vec<Bound>,
    span: Span,
    name_span: Span,
    distinct: bool,
    star: bool,
) -> BResult<Bound> {
    let Some(def) = catalog::lookup(written) else {
        if catalog::is_known_untyped(written) {
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
        let names = catalog::FUNCTIONS.iter().map(|d| d.name);
        if let Some(s) = super::did_you_mean(written, names) {
            d = d.with_help(format!("did you mean {s}?"));
        }
        return Err(Fail::Reject(vec![d]));
    };
    let mut cx = CallCx {
        ctx,
        def,
        written: written.to_string(),
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
        Ret::Custom(name) => return custom(cx, name),
        Ret::Fixed(t) => fixed(t),
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

pub(crate) fn fixed(t: Ty) -> DataType {
    match t {
        Ty::Int => DataType::int(),
        Ty::BigInt => DataType::bigint(),
        Ty::Double => DataType::double(),
        Ty::Bool => DataType::boolean(),
        Ty::Str => DataType::string(),
        Ty::Char(n) => DataType::char(n),
        Ty::Varchar(n) => DataType::varchar(n),
        Ty::Bytes => DataType::bytes(),
        Ty::Date => DataType::date(),
        Ty::Ts3 => DataType::timestamp(3),
        Ty::ArrStr => DataType::array(DataType::string()),
        Ty::MapStrStr => DataType::map(DataType::string(), DataType::string()),
        Ty::Variant => DataType::new(LogicalType::Variant),
    }
}

// ---- custom handlers -----------------------------------------------------------------------

fn custom(cx: &mut CallCx, name: &str) -> BResult<Bound> {
    match name {
        "mod" => modulo(cx),
        "round" => round(cx),
        "floor" => floor(cx),
        "extract" => extract_fn(cx),
        "proctime" => Ok(cx.bound(
            DataType::timestamp_ltz(3)
                .not_null()
                .with_timestamp_kind(TimestampKind::Proctime),
        )),
        "now" => Ok(cx.bound(DataType::timestamp_ltz(3).not_null())),
        "dynamic" => dynamic(cx),
        "match_time" => reject(
            Code::InvalidExpression,
            cx.span,
            format!(
                "Function '{}()' can only be used in MATCH_RECOGNIZE",
                cx.def.name
            ),
        ),
        "to_timestamp_ltz" => to_timestamp_ltz(cx),
        "source_watermark" => {
            let t = match cx.ctx.context {
                ExprContext::Watermark { rowtime } => rowtime.without_time_attributes(),
                ExprContext::Computed | ExprContext::Query => DataType::timestamp_ltz(3),
            };
            Ok(cx.bound(t))
        }
        "current_watermark" => current_watermark(cx),
        "if" => if_fn(cx),
        "nullif" => nullif(cx),
        "coalesce" => coalesce(cx),
        "greatest" => greatest(cx),
        "typeof" => {
            if let Some(b) = cx.args.get(1) {
                if !matches!(b.lit, Lit::Bool(_)) {
                    return cx.invalid_input("Invalid input arguments.");
                }
            }
            Ok(cx.bound(DataType::string()))
        }
        "element" => {
            let a = &cx.args[0].ty;
            let e = a
                .children()
                .first()
                .map(|c| (*c).clone())
                .unwrap_or_else(DataType::null);
            Ok(cx.bound(e))
        }
        "minmax" => {
            // MIN / MAX keep a processing-time attribute of their operand.
            let a = &cx.args[0].ty;
            let t = if a.timestamp_kind() == TimestampKind::Proctime {
                a.clone()
            } else {
                a.without_time_attributes()
            };
            Ok(cx.bound(t.nullable()))
        }
        "listagg" => {
            if let Some(sep) = cx.args.get(1) {
                if !sep.is_literal() {
                    return reject(
                        Code::InvalidExpression,
                        sep.span,
                        "Argument to function 'LISTAGG' must be a literal",
                    );
                }
            }
            let a = cx.args[0].ty.without_time_attributes();
            Ok(cx.bound(a))
        }
        "array_elem" => array_elem(cx),
        "array_slice" => array_slice(cx),
        "array_union" => array_union(cx),
        "array_max" => {
            let a = &cx.args[0];
            let LogicalType::Array { element } = &a.ty.logical else {
                return cx.invalid_input("The argument requires to be an ARRAY type");
            };
            let t = element.as_ref().clone().nullable();
            Ok(cx.bound(t))
        }
        "array_join" => array_join(cx),
        "map_parts" => map_parts(cx),
        "map_union" => map_union(cx),
        "json_string" => json_string(cx),
        "sum" => {
            let a = &cx.args[0].ty;
            let t = match a.logical {
                LogicalType::Decimal { scale, .. } => DataType::decimal(38, scale),
                _ => a.without_time_attributes(),
            };
            Ok(cx.bound(t.nullable()))
        }
        "avg" | "stddev" => {
            cx.ctx
                .empty_aggregates
                .set(cx.ctx.empty_aggregates.get().saturating_add(1));
            let a = cx.args[0].ty.without_time_attributes();
            let t = find_avg_agg_type(&a);
            let t = if name == "avg" {
                // the average keeps the operand's nullability
                t.with_nullability(a.nullable)
            } else if root(&a) == R::Decimal || !cx.def.name.ends_with("_POP") {
                // STDDEV / VAR: a decimal operand gives a fresh nullable DECIMAL(38, s); the
                // sample variants are always nullable
                t.nullable()
            } else {
                t.with_nullability(a.nullable)
            };
            Ok(cx.bound(t))
        }
        "collect" | "array_agg" if is_null_type(&cx.args[0].ty) => reject(
            Code::InvalidExpression,
            cx.span,
            "The null type is reserved for representing untyped NULL literals. It should not be \
             used in constructed types. Please cast NULL literals to a more explicit type.",
        ),
        "collect" => {
            let a0 = &cx.args[0].ty;
            let a = if a0.timestamp_kind() == TimestampKind::Proctime {
                a0.clone()
            } else {
                a0.without_time_attributes()
            };
            if is_null_type(&a) {
                return reject(
                    Code::InvalidExpression,
                    cx.span,
                    "The null type is reserved for representing untyped NULL literals. It should \
                     not be used in constructed types. Please cast NULL literals to a more \
                     explicit type.",
                );
            }
            Ok(cx.bound(DataType::multiset(a).not_null()))
        }
        "array_agg" => {
            let a = cx.args[0].ty.without_time_attributes();
            let n = a.nullable;
            Ok(cx.bound(DataType::array(a).with_nullability(n)))
        }
        "translate" => {
            // nullable only through the string operand
            let n = cx.args[0].ty.nullable || is_null_type(&cx.args[0].ty);
            Ok(cx.bound(DataType::string().with_nullability(n)))
        }
        "ntile" => {
            let a = &cx.args[0];
            if a.is_null_lit() {
                return reject(
                    Code::InvalidExpression,
                    a.span,
                    "Argument to function 'NTILE' must not be NULL",
                );
            }
            if !is_integer(&a.ty) && !a.is_literal() {
                return cx.cannot_apply();
            }
            if !a.is_literal() {
                return reject(
                    Code::InvalidExpression,
                    a.span,
                    "Argument to function 'NTILE' must be a literal",
                );
            }
            if !is_integer(&a.ty) {
                return cx.cannot_apply();
            }
            if root(&a.ty) == R::Bigint {
                return reject(
                    Code::InvalidExpressionLiteral,
                    a.span,
                    format!("Numeric literal '{}' out of range", a.sql),
                );
            }
            Ok(cx.bound(DataType::bigint().not_null()))
        }
        "window_tvf" => reject(
            Code::NoMatchingSignature,
            cx.span,
            format!(
                "Cannot apply '{0}' to arguments of type '{0}({1})'. Supported form(s): \
                 {0}(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime \
                 interval[, datetime interval])",
                cx.def.name,
                type_list(&cx.args)
            ),
        ),
        "percentile" => percentile(cx),
        "lag" => {
            let a = cx.args[0].ty.without_time_attributes();
            let n = match cx.args.get(2) {
                Some(d) => a.nullable && d.ty.nullable,
                None => true,
            };
            Ok(cx.bound(a.with_nullability(n)))
        }
        "group_window" => group_window(cx),
        "elt" => elt(cx),
        "json_array" => {
            let mut b = cx.bound(string_type(false));
            if !cx.args.is_empty() {
                b.sql = format!(
                    "JSON_ARRAY({} ABSENT ON NULL)",
                    super::bound::join_args(&cx.args)
                );
            }
            Ok(b)
        }
        "json_object" => {
            // `JSON_OBJECT(KEY k VALUE v ...)` is syntax our parser does not read; a plain
            // argument list is a parse error in Flink.
            if let Some(a) = cx.args.first() {
                return reject(
                    Code::InvalidExpression,
                    a.span,
                    format!(
                        "Encountered \"{} ,\": JSON_OBJECT expects `KEY <key> VALUE <value>` \
                         pairs (or `<key> VALUE <value>`)",
                        a.sql
                    ),
                );
            }
            let mut b = cx.bound(string_type(false));
            b.sql = "JSON_OBJECT(NULL ON NULL)".into();
            Ok(b)
        }
        "json_arrayagg" => {
            let mut b = cx.bound(DataType::varchar(2000).not_null());
            b.sql = format!(
                "JSON_ARRAYAGG({} ABSENT ON NULL)",
                super::bound::join_args(&cx.args)
            );
            Ok(b)
        }
        "object_of" => object_of(cx),
        _ => not_typed(format!("{} is not typed yet", cx.def.name)),
    }
}

fn modulo(cx: &mut CallCx) -> BResult<Bound> {
    let (a, b) = (&cx.args[0].ty, &cx.args[1].ty);
    match arithmetic_result_type(ArithmeticOp::Mod, a, b) {
        Some(t) => Ok(cx.bound(t)),
        None => cx.cannot_apply(),
    }
}

fn round(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].ty.clone();
    let r = match cx.args.get(1) {
        None => Some(0),
        Some(b) => b
            .int_value()
            .map(|v| v.clamp(i128::from(i32::MIN), i128::from(i32::MAX)) as i32),
    };
    let t = match (&a.logical, r) {
        (LogicalType::Decimal { precision, scale }, Some(r)) => {
            find_round_decimal_type(*precision, *scale, r)
        }
        _ => a.without_time_attributes(),
    };
    let n = cx.any_nullable();
    Ok(cx.bound(t.with_nullability(n)))
}

fn floor(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].ty.clone();
    let t = match a.logical {
        LogicalType::Decimal { precision, .. } => DataType::decimal(precision, 0),
        _ => a.without_time_attributes(),
    };
    let n = cx.any_nullable();
    let mut b = cx.bound(t.with_nullability(n));
    if cx.def.name == "CEILING" {
        b.sql = format!("CEIL({})", super::bound::join_args(&cx.args));
    }
    Ok(b)
}

fn extract_fn(cx: &mut CallCx) -> BResult<Bound> {
    let unit = match cx.def.name {
        "DAYOFYEAR" => "DOY",
        "DAYOFMONTH" => "DAY",
        "DAYOFWEEK" => "DOW",
        other => other,
    };
    let a = cx.args.remove(0);
    special::extract_bound(unit, a, cx.span)
}

fn dynamic(cx: &mut CallCx) -> BResult<Bound> {
    if let Some(a) = cx.args.first() {
        if !a.is_literal() {
            return reject(
                Code::InvalidExpression,
                a.span,
                format!("Argument to function '{}' must be a literal", cx.def.name),
            );
        }
    }
    let p = cx.args.first().and_then(|a| a.int_value());
    let t = match cx.def.name {
        "CURRENT_TIMESTAMP" => DataType::timestamp_ltz(3),
        "LOCALTIMESTAMP" => DataType::timestamp(3),
        "CURRENT_TIME" | "LOCALTIME" => DataType::time(p.map_or(0, |p| p.clamp(0, 3) as u32)),
        _ => DataType::date(),
    };
    let sql = if cx.args.is_empty() {
        cx.def.name.to_string()
    } else {
        cx.print()
    };
    Ok(Bound::new(t.not_null(), sql, cx.span))
}

fn to_timestamp_ltz(cx: &mut CallCx) -> BResult<Bound> {
    let args = &cx.args;
    let ok = match args.len() {
        1 => {
            let a = &args[0];
            !a.is_null_lit() && (is_numeric(&a.ty) || is_char(&a.ty))
        }
        2 => {
            let (a, b) = (&args[0], &args[1]);
            if is_char(&a.ty) && !a.is_null_lit() {
                if !is_char(&b.ty) {
                    return cx.invalid_input(&format!(
                        "Unsupported argument type. Expected type of family 'CHARACTER_STRING' \
                         but actual type was '{}'.",
                        flink_type_name(&b.ty)
                    ));
                }
                true
            } else if is_numeric(&a.ty) && !a.is_null_lit() {
                if b.ty.type_root() != R::Integer {
                    return cx.invalid_input(
                        "Unsupported argument type. TO_TIMESTAMP_LTZ(<NUMERIC>, <INTEGER>) \
                         requires the second argument to be <INTEGER>.",
                    );
                }
                if let Some(p) = b.int_value() {
                    if !(0..=9).contains(&p) {
                        return reject(
                            Code::InvalidExpression,
                            b.span,
                            format!(
                                "Precision for TO_TIMESTAMP_LTZ must be between 0 and 9 but was \
                                 {p}."
                            ),
                        );
                    }
                }
                true
            } else if a.is_null_lit() {
                return cx.invalid_input(&format!(
                    "Unsupported argument type. Expected type of family 'CHARACTER_STRING' but \
                     actual type was '{}'.",
                    flink_type_name(&b.ty)
                ));
            } else {
                false
            }
        }
        3 => args.iter().all(|a| is_char(&a.ty) && !a.is_null_lit()),
        _ => false,
    };
    if !ok {
        return cx.invalid_input("Invalid input arguments.");
    }
    let p = if args.len() == 2 && is_numeric(&args[0].ty) {
        args[1]
            .int_value()
            .map_or(3, |p| (p.clamp(0, 9) as u32).max(3))
    } else {
        3
    };
    Ok(cx.bound(DataType::timestamp_ltz(p)))
}

fn current_watermark(cx: &mut CallCx) -> BResult<Bound> {
    let a = &cx.args[0].ty;
    let msg = if is_timestamp(a) {
        format!(
            "The argument of CURRENT_WATERMARK() must be a rowtime attribute, but was '{}'.",
            a.summary_string()
        )
    } else {
        format!(
            "CURRENT_WATERMARK() must be called with a single rowtime attribute argument, but \
             '{}' cannot be a time attribute.",
            flink_type_name(a)
        )
    };
    reject(Code::InvalidExpression, cx.span, msg)
}

fn if_fn(cx: &mut CallCx) -> BResult<Bound> {
    let (c, a, b) = (&cx.args[0], &cx.args[1], &cx.args[2]);
    let cond_ok = !c.is_null_lit() && root(&c.ty) == R::Boolean;
    let (at, bt) = (&a.ty, &b.ty);
    let branch_ok = !a.is_null_lit()
        && !b.is_null_lit()
        && ((is_numeric(at) && is_numeric(bt))
            || (is_char(at) && is_char(bt))
            || (is_binary(at) && is_binary(bt))
            || (root(at) == R::Boolean && root(bt) == R::Boolean)
            || (root(at) == R::Date && root(bt) == R::Date)
            || (is_timestamp(at) && is_timestamp(bt))
            || (root(at) == R::TimeWithoutTimeZone && root(bt) == R::TimeWithoutTimeZone));
    if !cond_ok || !branch_ok {
        let forms =
            "'IF(<ANY_TYPE>, <NUMERIC_TYPE>, <NUMERIC_TYPE>)'\n'IF(<BOOLEAN>, <CHARACTER>, \
                     <CHARACTER>)'\n'IF(<BOOLEAN>, <BOOLEAN>, <BOOLEAN>)'\n'IF(<BOOLEAN>, \
                     <BINARY>, <BINARY>)'\n'IF(<BOOLEAN>, <DATE>, <DATE>)'\n'IF(<BOOLEAN>, \
                     <TIMESTAMP>, <TIMESTAMP>)'\n'IF(<BOOLEAN>, <TIME>, <TIME>)'";
        return reject(
            Code::NoMatchingSignature,
            cx.span,
            format!(
                "Cannot apply 'IF' to arguments of type 'IF({})'. Supported form(s): {forms}",
                type_list(&cx.args)
            ),
        );
    }
    let t = if (is_numeric(at) && is_numeric(bt))
        || (is_char(at) && is_char(bt))
        || (is_binary(at) && is_binary(bt))
    {
        least_restrictive(&[at.clone(), bt.clone()]).unwrap_or_else(|| at.clone())
    } else if at.timestamp_kind() == TimestampKind::Proctime {
        // IF keeps its first branch's type, processing-time marker included.
        at.clone()
    } else {
        at.without_time_attributes()
    };
    let n = cx.any_nullable();
    Ok(cx.bound(t.with_nullability(n)))
}

fn nullif(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].clone();
    let b = cx.args[1].clone();
    let cond = super::ops::comparison("=", a.clone(), b, cx.span)?;
    let null = Bound::new(DataType::null(), "NULL".into(), cx.span).with_lit(Lit::Null);
    super::ops::case_bound(vec![cond], vec![null], Some(a), cx.span)
}

fn coalesce(cx: &mut CallCx) -> BResult<Bound> {
    let types: Vec<DataType> = cx
        .args
        .iter()
        .map(|a| a.ty.without_time_attributes())
        .collect();
    let common = if types.iter().all(is_null_type) {
        None
    } else {
        find_common_type(&types)
    };
    let Some(common) = common else {
        return cx.invalid_input("Invalid input arguments.");
    };
    // a NULL operand makes the children of a constructed common type nullable
    let common = if types.iter().any(is_null_type) {
        nullable_children(common)
    } else {
        common
    };
    let target = common.clone().nullable();
    // Flink checks every operand casts implicitly to the common type; the pattern rules of
    // the common type (DATE with a number or an interval) do not.
    let all_nullable = cx.args.iter().all(|a| a.ty.nullable || is_null_type(&a.ty));
    let expected = keep_proctime(&cx.args[0].ty, common.clone()).with_nullability(all_nullable);
    for (i, t) in types.iter().enumerate() {
        if !is_null_type(t) && !supports_implicit_cast(t, &target) {
            return cx.invalid_input(&format!(
                "Invalid argument type at position {i}. Data type {} expected but {} passed.",
                expected.summary_string(),
                cx.args[i].ty.summary_string()
            ));
        }
    }
    for i in 0..cx.args.len() {
        cx.cast_arg(i, &target)?;
    }
    let any_not_null = cx
        .args
        .iter()
        .any(|a| !a.ty.nullable && !is_null_type(&a.ty));
    let first = cx.args[0].ty.clone();
    if cx.def.name == "IFNULL" && !first.nullable && !is_null_type(&first) {
        // IFNULL's type is its (coerced) first operand's when that cannot be NULL.
        return Ok(cx.bound(first.without_time_attributes()));
    }
    Ok(cx.bound(keep_proctime(&first, common).with_nullability(!any_not_null)))
}

fn greatest(cx: &mut CallCx) -> BResult<Bound> {
    let types: Vec<DataType> = cx
        .args
        .iter()
        .map(|a| a.ty.without_time_attributes())
        .collect();
    for (i, a) in cx.args.iter().enumerate() {
        for b in &cx.args[i + 1..] {
            if !orderable(&a.ty, &b.ty, 0) {
                return cx.invalid_input(&format!(
                    "All types in a comparison should support both 'EQUALS' and 'ORDER' \
                     comparison with each other. Can not compare {} with {}",
                    flink_type_name(&a.ty),
                    flink_type_name(&b.ty)
                ));
            }
        }
    }
    let common = if types.iter().all(is_null_type) {
        None
    } else {
        find_common_type(&types)
    };
    let Some(common) = common else {
        return cx.invalid_input(
            "All types in a comparison should support both 'EQUALS' and 'ORDER' comparison with \
             each other.",
        );
    };
    let n = cx.any_nullable();
    let first = &cx.args[0].ty;
    let all_same =
        cx.args.iter().skip(1).all(|a| {
            a.ty.type_root() == first.type_root() && a.ty.precision() == first.precision()
        });
    let common = if all_same {
        keep_proctime(first, common)
    } else {
        common
    };
    Ok(cx.bound(common.with_nullability(n)))
}

/// Flink's `LogicalTypeChecks` comparability of two GREATEST / LEAST operands.
fn orderable(a: &DataType, b: &DataType, depth: u32) -> bool {
    use R::*;
    let (ra, rb) = (root(a), root(b));
    if ra == Null || rb == Null {
        return true;
    }
    if (is_numeric(a) && is_numeric(b)) || (is_char(a) && is_char(b)) {
        return true;
    }
    if is_binary(a) && is_binary(b) {
        return true;
    }
    let datetime_pair = |x: R, y: R| {
        matches!(
            (x, y),
            (Date, TimestampWithoutTimeZone)
                | (TimeWithoutTimeZone, TimestampWithoutTimeZone)
                | (TimestampWithoutTimeZone, TimestampWithLocalTimeZone)
        )
    };
    if datetime_pair(ra, rb) || datetime_pair(rb, ra) {
        return true;
    }
    if ra != rb || depth > 16 {
        return false;
    }
    let (ca, cb) = (a.children(), b.children());
    ca.len() == cb.len()
        && ca
            .iter()
            .zip(cb.iter())
            .all(|(x, y)| orderable(x, y, depth + 1))
}

/// `t` with nullable children (one level), as Flink's type merging builds them.
fn nullable_children(t: DataType) -> DataType {
    let n = t.nullable;
    match t.logical {
        LogicalType::Array { element } => DataType::array(element.as_ref().clone().nullable()),
        LogicalType::Multiset { element } => {
            DataType::multiset(element.as_ref().clone().nullable())
        }
        LogicalType::Map { key, value } => DataType::map(
            key.as_ref().clone().nullable(),
            value.as_ref().clone().nullable(),
        ),
        other => DataType::new(other),
    }
    .with_nullability(n)
}

/// A common timestamp type keeps the processing-time marker of a first operand of the same
/// type.
fn keep_proctime(first: &DataType, common: DataType) -> DataType {
    if first.timestamp_kind() == TimestampKind::Proctime
        && first.type_root() == common.type_root()
        && first.precision() == common.precision()
    {
        common.with_timestamp_kind(TimestampKind::Proctime)
    } else {
        common
    }
}

fn array_elem(cx: &mut CallCx) -> BResult<Bound> {
    let arr = cx.args[0].ty.clone();
    let LogicalType::Array { element } = &arr.logical else {
        return cx.invalid_input("Invalid input arguments.");
    };
    let element = element.as_ref().clone();
    let needle = cx.args[1].ty.clone();
    let castable = is_null_type(&needle)
        || same_sans_null(&needle, &element)
        || supports_implicit_cast(&needle.clone().nullable(), &element.clone().nullable());
    if !castable {
        return cx.invalid_input("Invalid input arguments.");
    }
    let target = element.clone().nullable();
    cx.cast_arg(1, &target)?;
    let needle_nullable = needle.nullable || is_null_type(&needle);
    let t = match cx.def.name {
        "ARRAY_CONTAINS" => DataType::boolean().with_nullability(arr.nullable),
        "ARRAY_POSITION" => DataType::int().with_nullability(arr.nullable || needle_nullable),
        "ARRAY_REMOVE" => arr.clone(),
        _ => {
            let e = element
                .clone()
                .with_nullability(element.nullable || needle_nullable);
            DataType::array(e).with_nullability(arr.nullable || needle_nullable)
        }
    };
    Ok(cx.bound(t))
}

fn array_slice(cx: &mut CallCx) -> BResult<Bound> {
    if cx.def.name == "ARRAY_SLICE" && cx.args[1..].iter().any(|a| root(&a.ty) == R::Bigint) {
        return cx.invalid_input("Invalid input arguments.");
    }
    let t = cx.args[0].ty.clone();
    let n = cx.any_nullable();
    Ok(cx.bound(t.with_nullability(n)))
}

fn array_union(cx: &mut CallCx) -> BResult<Bound> {
    if cx.args.iter().any(|a| root(&a.ty) != R::Array) {
        return cx.invalid_input("All arguments requires to be a ARRAY type");
    }
    let common = common_collection(cx)?;
    Ok(cx.bound(common))
}

/// The common type of ARRAY_UNION / MAP_UNION operands (Flink's `CommonArrayInputTypeStrategy`
/// / `CommonMapInputTypeStrategy`), with the operands cast to it.
fn common_collection(cx: &mut CallCx) -> BResult<DataType> {
    let types: Vec<DataType> = cx.args.iter().map(|a| a.ty.clone()).collect();
    let Some(common) = find_common_type(&types) else {
        return cx.invalid_input(&format!(
            "Could not find a common type for arguments: [{}]",
            types
                .iter()
                .map(|t| t.summary_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    };
    // Maps of different types meet in a map of nullable keys and values.
    let same = types
        .iter()
        .all(|t| t.clone().nullable() == types[0].clone().nullable());
    let common = match (&common.logical, same) {
        (LogicalType::Map { key, value }, false) => DataType::map(
            key.as_ref().clone().nullable(),
            value.as_ref().clone().nullable(),
        )
        .with_nullability(common.nullable),
        _ => common,
    };
    for (i, t) in types.iter().enumerate() {
        if !supports_implicit_cast(t, &common.clone().nullable()) {
            return cx.invalid_input(&format!(
                "Invalid argument type at position {i}. Data type {} expected but {} passed.",
                common.clone().not_null().summary_string(),
                t.summary_string()
            ));
        }
    }
    let target = common.clone().nullable();
    for i in 0..cx.args.len() {
        cx.cast_arg(i, &target)?;
    }
    Ok(common)
}

fn array_join(cx: &mut CallCx) -> BResult<Bound> {
    let ok = match &cx.args[0].ty.logical {
        LogicalType::Array { element } => is_char(element),
        _ => false,
    } && cx.args[1..].iter().all(|a| is_char(&a.ty));
    if !ok {
        return cx.invalid_input("Invalid input arguments.");
    }
    let n = cx.any_nullable();
    Ok(cx.bound(string_type(n)))
}

fn map_parts(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].ty.clone();
    let t = match cx.def.name {
        "MAP_FROM_ARRAYS" => {
            let k = a.children().first().map(|c| (*c).clone());
            let v = cx.args[1].ty.children().first().map(|c| (*c).clone());
            let (Some(k), Some(v)) = (k, v) else {
                return cx.invalid_input("Invalid input arguments.");
            };
            let n = cx.any_nullable();
            DataType::map(k, v).with_nullability(n)
        }
        _ => {
            let LogicalType::Map { key, value } = &a.logical else {
                return cx.invalid_input("Invalid input arguments.");
            };
            let (k, v) = (key.as_ref().clone(), value.as_ref().clone());
            let inner = match cx.def.name {
                "MAP_KEYS" => k,
                "MAP_VALUES" => v,
                _ => DataType::row(vec![RowField::new("key", k), RowField::new("value", v)]),
            };
            DataType::array(inner).with_nullability(a.nullable)
        }
    };
    Ok(cx.bound(t))
}

fn map_union(cx: &mut CallCx) -> BResult<Bound> {
    if cx.args.iter().any(|a| root(&a.ty) != R::Map) {
        return cx.invalid_input("All arguments requires to be a MAP type");
    }
    let common = common_collection(cx)?;
    Ok(cx.bound(common))
}

fn json_string(cx: &mut CallCx) -> BResult<Bound> {
    let a = &cx.args[0];
    if matches!(root(&a.ty), R::Date | R::TimeWithoutTimeZone) {
        return cx.invalid_input("Invalid input arguments.");
    }
    if is_interval(&a.ty) {
        let name = a
            .calcite_type
            .clone()
            .unwrap_or_else(|| super::sqltypes::calcite_name(&a.ty));
        return reject(
            Code::InvalidCast,
            cx.span,
            format!("Cast function cannot convert value of type {name} to type TINYINT"),
        );
    }
    if a.is_null_lit() {
        cx.cast_arg(0, &DataType::varchar(1))?;
    }
    let n = cx.any_nullable();
    Ok(cx.bound(string_type(n)))
}

fn percentile(cx: &mut CallCx) -> BResult<Bound> {
    if !is_numeric(&cx.args[0].ty) {
        return cx.invalid_input("Invalid input arguments.");
    }
    // a literal percentage lies within [0, 1]
    let p = &cx.args[1];
    let out_of_range = match &p.lit {
        Lit::Int(Some(v)) => *v < 0 || *v > 1,
        Lit::Int(None) => true,
        Lit::Decimal | Lit::Approx => {
            p.sql.starts_with('-') || {
                let v: f64 = p.sql.parse().unwrap_or(0.0);
                v > 1.0
            }
        }
        _ => false,
    };
    if out_of_range {
        return cx.invalid_input("Invalid input arguments.");
    }
    if !is_numeric(&cx.args[1].ty) && root(&cx.args[1].ty) != R::Array {
        return cx.invalid_input("Invalid input arguments.");
    }
    if is_numeric(&cx.args[1].ty) {
        cx.cast_arg(1, &DataType::double().nullable())?;
    }
    if cx.args.len() > 2 {
        cx.cast_arg(2, &DataType::int().nullable())?;
    }
    Ok(cx.bound(DataType::double()))
}

fn group_window(cx: &mut CallCx) -> BResult<Bound> {
    let name = cx.def.name;
    let ts_ok = cx
        .args
        .first()
        .is_some_and(|a| is_timestamp(&a.ty) || root(&a.ty) == R::Date);
    // the size (and a HOP's slide) are intervals; a trailing alignment may be a TIME
    let intervals = if name.starts_with("HOP") { 3 } else { 2 };
    let iv_ok = cx.args.iter().enumerate().skip(1).all(|(i, a)| {
        is_interval(&a.ty) || (i >= intervals && root(&a.ty) == R::TimeWithoutTimeZone)
    });
    if !ts_ok || !iv_ok {
        return cx.cannot_apply();
    }
    let (t, printed) = match name {
        "TUMBLE" | "HOP" | "SESSION" => (DataType::timestamp(3), format!("${name}")),
        n if n.ends_with("_START") || n.ends_with("_END") => {
            (DataType::timestamp(3).not_null(), name.to_string())
        }
        _ => (DataType::timestamp(3), name.to_string()),
    };
    Ok(Bound::new(
        t,
        format!("{printed}({})", super::bound::join_args(&cx.args)),
        cx.span,
    ))
}

fn object_of(cx: &mut CallCx) -> BResult<Bound> {
    let class = match cx.args.first().map(|a| &a.lit) {
        Some(Lit::Str(c)) => c.clone(),
        _ => return cx.invalid_input("The first argument must be a STRING/VARCHAR literal."),
    };
    let java_ident = |s: &str| {
        let mut chars = s.chars();
        chars
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
            && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
    };
    if !class.split('.').all(java_ident) {
        return cx.invalid_input(&format!(
            "Invalid class name '{class}'. The class name must comply with JVM identifier rules."
        ));
    }
    if cx.args.len() % 2 != 1 {
        return cx.invalid_input("Invalid input arguments.");
    }
    let mut attributes = Vec::new();
    for pair in cx.args[1..].chunks(2) {
        let (Some(k), Some(v)) = (pair.first(), pair.get(1)) else {
            return cx.invalid_input("Invalid input arguments.");
        };
        let Lit::Str(key) = &k.lit else {
            return cx.invalid_input("Field names must be STRING/VARCHAR literals.");
        };
        attributes.push(RowField::new(key.clone(), v.ty.without_time_attributes()));
    }
    Ok(cx.bound(DataType::new(LogicalType::Structured {
        class_name: class,
        attributes,
    })))
}

fn elt(cx: &mut CallCx) -> BResult<Bound> {
    if !is_integer(&cx.args[0].ty) {
        return cx.invalid_input("Index can only be an INTEGER NUMERIC type.");
    }
    let rest = &cx.args[1..];
    let strings = rest.iter().all(|a| is_null_type(&a.ty) || is_char(&a.ty))
        || rest.iter().all(|a| is_null_type(&a.ty) || is_binary(&a.ty));
    if !strings {
        return cx.invalid_input("Could not infer arguments in range: [1, null].");
    }
    if rest.iter().all(|a| is_null_type(&a.ty)) {
        for i in 1..cx.args.len() {
            cx.cast_arg(i, &DataType::varchar(1))?;
        }
    }
    let types: Vec<DataType> = cx.args[1..].iter().map(|a| a.ty.clone()).collect();
    let Some(common) = find_common_type(&types) else {
        return cx.invalid_input("Could not infer arguments in range: [1, null].");
    };
    let target = common.clone().nullable();
    for i in 1..cx.args.len() {
        cx.cast_arg(i, &target)?;
    }
    Ok(cx.bound(common.nullable()))
}

#[allow(dead_code)]
fn unused(t: &DataType) -> bool {
    is_approx(t) || same_sans_null(t, t)
}
