//! Operators: arithmetic, comparison, logic, IS, BETWEEN, LIKE, IN, `||` and CASE, with
//! Calcite's operand checks and messages and Flink's result types.

use super::bound::{prec, reject, stored, text_wanted, BResult, Bound};
use super::literal;
use super::sqltypes::{
    calcite_name, comparable, is_approx, is_binary, is_char, is_datetime, is_exact, is_interval,
    is_null_type, is_numeric, least_restrictive, operand_name,
};
use super::Ctx;
use flinkddl_diagnostics::{Code, Span};
use flinkddl_syntax::ast::{self, BinaryOp, IsTest, LikeKind, UnaryOp, WhenClause};
use flinkddl_types::{
    arithmetic_result_type, ArithmeticOp, DataType, LogicalType, LogicalTypeRoot as R, MAX_LENGTH,
};

/// The name Calcite prints for an operand's type in `Cannot apply` messages.
pub(crate) fn op_type(b: &Bound) -> String {
    if let Some(c) = &b.calcite_type {
        return c.to_string();
    }
    operand_name(&b.ty)
}

/// Calcite's rejection of operands an operator does not take: `Cannot apply 'op' to
/// arguments of type 'call'. Supported form(s): forms` (each form quoted, one a line).
pub(crate) fn cannot_apply<T>(span: Span, op: &str, call: &str, forms: &str) -> BResult<T> {
    reject(
        Code::IncompatibleTypes,
        span,
        format!("Cannot apply '{op}' to arguments of type '{call}'. Supported form(s): {forms}"),
    )
}

pub(crate) fn illegal_null<T>(span: Span) -> BResult<T> {
    reject(Code::InvalidExpression, span, "Illegal use of 'NULL'")
}

/// Calcite's "Illegal use of 'NULL'" at the first operand that is a NULL literal.
pub(crate) fn reject_null_literals(operands: &[&Bound]) -> BResult<()> {
    match operands.iter().find(|b| b.is_null_lit()) {
        Some(b) => illegal_null(b.span),
        None => Ok(()),
    }
}

/// The operands' types as `Cannot apply` messages list them: `<INTEGER>`.
pub(crate) fn bracketed_op_types(operands: &[&Bound]) -> Vec<String> {
    operands
        .iter()
        .map(|b| format!("<{}>", op_type(b)))
        .collect()
}

fn nullable(items: &[&Bound]) -> bool {
    items.iter().any(|b| b.ty.nullable || is_null_type(&b.ty))
}

// ---- unary -------------------------------------------------------------------------------

pub(crate) fn unary(ctx: &Ctx, op: UnaryOp, operand: &ast::Expr, span: Span) -> BResult<Bound> {
    // Calcite's parser folds a sign into a directly following numeric literal.
    if op != UnaryOp::Not {
        // Signs fold through nested signs and parentheses: `-(-1)` is the literal 1.
        let mut negative = op == UnaryOp::Minus;
        let mut inner = operand;
        let mut steps = 0;
        loop {
            steps += 1;
            match &inner.kind {
                ast::ExprKind::Nested(e) if steps < 64 => inner = e,
                ast::ExprKind::Unary {
                    op: o @ (UnaryOp::Minus | UnaryOp::Plus),
                    operand: e,
                } if steps < 64 => {
                    if *o == UnaryOp::Minus {
                        negative = !negative;
                    }
                    inner = e;
                }
                _ => break,
            }
        }
        if let ast::ExprKind::Literal(lit) = &inner.kind {
            match lit {
                ast::Literal::Integer { text } | ast::Literal::Decimal { text } => {
                    return literal::exact_number(text, negative, span);
                }
                ast::Literal::Approximate { text } => {
                    return literal::approx_number(text, negative, span)
                }
                _ => {}
            }
        }
    }
    let b = ctx.bind(operand)?;
    match op {
        UnaryOp::Not => {
            if b.is_null_lit() {
                return illegal_null(b.span);
            }
            if b.ty.type_root() != R::Boolean {
                return cannot_apply(
                    span,
                    "NOT",
                    &format!("NOT<{}>", op_type(&b)),
                    "'NOT<BOOLEAN>'",
                );
            }
            let sql = stored(|| format!("NOT {}", b.unparse(prec::NOT.0, prec::NOT.1)));
            Ok(Bound::new(b.ty.clone(), sql, span).with_prec(prec::NOT.0, prec::NOT.1))
        }
        UnaryOp::Minus | UnaryOp::Plus => {
            let sym = if op == UnaryOp::Minus { "-" } else { "+" };
            if b.is_null_lit() {
                return illegal_null(b.span);
            }
            if !is_numeric(&b.ty) && !is_interval(&b.ty) {
                return cannot_apply(
                    span,
                    sym,
                    &format!("{sym}<{}>", op_type(&b)),
                    &format!("'{sym}<NUMERIC>'\n'{sym}<DATETIME_INTERVAL>'"),
                );
            }
            let sql = stored(|| format!("{sym} {}", b.unparse(prec::PREFIX.0, prec::PREFIX.1)));
            let mut out =
                Bound::new(b.ty.clone(), sql, span).with_prec(prec::PREFIX.0, prec::PREFIX.1);
            out.calcite_type = b.calcite_type.clone();
            Ok(out)
        }
    }
}

// ---- binary ------------------------------------------------------------------------------

pub(crate) fn binary(
    ctx: &Ctx,
    op: BinaryOp,
    left: &ast::Expr,
    right: &ast::Expr,
    span: Span,
) -> BResult<Bound> {
    let l = ctx.bind(left)?;
    let r = ctx.bind(right)?;
    if op.is_comparison() {
        incomparable_in_version(ctx.version, &l, &r, span)?;
    }
    binary_bound(op, l, r, span)
}

/// Before 1.20 Flink's validator does not compare TIMESTAMP with TIMESTAMP_LTZ
/// (`Feature::CompareTimestampLtz`, oracle-checked): "Incomparable types".
fn incomparable_in_version(
    version: flinkddl_diagnostics::FlinkVersion,
    l: &Bound,
    r: &Bound,
    span: Span,
) -> BResult<()> {
    use flinkddl_diagnostics::Feature;
    let mixed = matches!(
        (l.ty.type_root(), r.ty.type_root()),
        (R::TimestampWithoutTimeZone, R::TimestampWithLocalTimeZone)
            | (R::TimestampWithLocalTimeZone, R::TimestampWithoutTimeZone)
    );
    if !mixed || version.has(Feature::CompareTimestampLtz) {
        return Ok(());
    }
    let shown = |b: &Bound| b.ty.without_time_attributes().to_string();
    let d = flinkddl_diagnostics::Diagnostic::new(
        Code::IncompatibleTypes,
        span,
        format!("Incomparable types: {} and {}", shown(l), shown(r)),
    )
    .with_help(format!(
        "the script is checked as Flink {version}, where {}: CAST one side to the other's type",
        Feature::CompareTimestampLtz.info().missing_in(version)
    ));
    Err(super::bound::Fail::Reject(vec![d]))
}

pub(crate) fn binary_bound(op: BinaryOp, l: Bound, r: Bound, span: Span) -> BResult<Bound> {
    match op {
        BinaryOp::Plus
        | BinaryOp::Minus
        | BinaryOp::Multiply
        | BinaryOp::Divide
        | BinaryOp::Modulo => arithmetic(op, l, r, span),
        BinaryOp::Eq
        | BinaryOp::NotEq
        | BinaryOp::Lt
        | BinaryOp::LtEq
        | BinaryOp::Gt
        | BinaryOp::GtEq => comparison(op.as_str(), l, r, span),
        BinaryOp::And | BinaryOp::Or => logical(op, l, r, span),
        BinaryOp::Concat => concat(l, r, span),
    }
}

fn binary_text(l: &Bound, sym: &str, r: &Bound, p: (u32, u32)) -> String {
    if !text_wanted() {
        return String::new();
    }
    format!("{} {sym} {}", l.unparse(0, p.0), r.unparse(p.1, 0))
}

fn arithmetic(op: BinaryOp, l: Bound, r: Bound, span: Span) -> BResult<Bound> {
    let sym = op.as_str();
    let p = match op {
        BinaryOp::Plus | BinaryOp::Minus => prec::PLUS,
        _ => prec::TIMES,
    };
    if l.is_null_lit() {
        return illegal_null(l.span);
    }
    if r.is_null_lit() {
        return illegal_null(r.span);
    }
    // `%` is MOD, typed again from the plan (where AVG and friends are nullable)
    let any_null =
        nullable(&[&l, &r]) || (op == BinaryOp::Modulo && (l.plan_nullable || r.plan_nullable));
    let (lt, rt) = (&l.ty, &r.ty);
    let mut calcite_type = None;
    let result: Option<DataType> = if is_numeric(lt) && is_numeric(rt) {
        let aop = match op {
            BinaryOp::Plus => ArithmeticOp::Plus,
            BinaryOp::Minus => ArithmeticOp::Minus,
            BinaryOp::Multiply => ArithmeticOp::Multiply,
            BinaryOp::Divide => ArithmeticOp::Divide,
            _ => ArithmeticOp::Mod,
        };
        if aop == ArithmeticOp::Mod && (is_approx(lt) || is_approx(rt)) {
            None
        } else {
            arithmetic_result_type(aop, lt, rt)
        }
    } else {
        // Datetime and interval arithmetic; an interval result keeps Calcite's name of the
        // interval operand's type.
        let same_intervals = is_interval(lt) && is_interval(rt) && lt.type_root() == rt.type_root();
        match op {
            BinaryOp::Plus | BinaryOp::Minus if is_datetime(lt) && is_interval(rt) => {
                Some(lt.clone())
            }
            BinaryOp::Plus if is_interval(lt) && is_datetime(rt) => Some(rt.clone()),
            BinaryOp::Plus | BinaryOp::Minus if same_intervals => {
                calcite_type = l.calcite_type.clone();
                Some(lt.clone())
            }
            BinaryOp::Multiply | BinaryOp::Divide if is_interval(lt) && is_numeric(rt) => {
                calcite_type = l.calcite_type.clone();
                Some(lt.clone())
            }
            BinaryOp::Multiply if is_numeric(lt) && is_interval(rt) => {
                calcite_type = r.calcite_type.clone();
                Some(rt.clone())
            }
            _ => None,
        }
    };
    let Some(t) = result else {
        let forms = match op {
            BinaryOp::Plus => "'<NUMERIC> + <NUMERIC>'\n'<DATETIME_INTERVAL> + <DATETIME_INTERVAL>'\n'<DATETIME> + <DATETIME_INTERVAL>'\n'<DATETIME_INTERVAL> + <DATETIME>'",
            BinaryOp::Minus => "'<NUMERIC> - <NUMERIC>'\n'<DATETIME_INTERVAL> - <DATETIME_INTERVAL>'\n'<DATETIME> - <DATETIME_INTERVAL>'",
            BinaryOp::Multiply => "'<NUMERIC> * <NUMERIC>'\n'<DATETIME_INTERVAL> * <NUMERIC>'\n'<NUMERIC> * <DATETIME_INTERVAL>'",
            BinaryOp::Divide => "'<NUMERIC> / <NUMERIC>'\n'<DATETIME_INTERVAL> / <NUMERIC>'",
            _ => "'<EXACT_NUMERIC> % <EXACT_NUMERIC>'",
        };
        return cannot_apply(
            span,
            sym,
            &format!("<{}> {sym} <{}>", op_type(&l), op_type(&r)),
            forms,
        );
    };
    let t = t.with_nullability(any_null);
    let mut b = Bound::new(t, binary_text(&l, sym, &r, p), span).with_prec(p.0, p.1);
    b.calcite_type = calcite_type;
    Ok(b)
}

/// `=`, `<>`, `<`, `<=`, `>`, `>=`.
pub(crate) fn comparison(sym: &str, l: Bound, r: Bound, span: Span) -> BResult<Bound> {
    if !comparable(&l.ty, &r.ty) || interval_mismatch(&l, &r) {
        return cannot_apply(
            span,
            sym,
            &format!("<{}> {sym} <{}>", op_type(&l), op_type(&r)),
            &format!("'<COMPARABLE_TYPE> {sym} <COMPARABLE_TYPE>'"),
        );
    }
    let t = DataType::boolean().with_nullability(nullable(&[&l, &r]));
    let p = prec::COMPARISON;
    Ok(Bound::new(t, binary_text(&l, sym, &r, p), span).with_prec(p.0, p.1))
}

fn interval_mismatch(l: &Bound, r: &Bound) -> bool {
    is_interval(&l.ty) && is_interval(&r.ty) && l.ty.type_root() != r.ty.type_root()
}

fn logical(op: BinaryOp, l: Bound, r: Bound, span: Span) -> BResult<Bound> {
    let sym = op.as_str();
    for b in [&l, &r] {
        if b.is_null_lit() {
            return illegal_null(b.span);
        }
    }
    if l.ty.type_root() != R::Boolean || r.ty.type_root() != R::Boolean {
        return cannot_apply(
            span,
            sym,
            &format!("<{}> {sym} <{}>", op_type(&l), op_type(&r)),
            &format!("'<BOOLEAN> {sym} <BOOLEAN>'"),
        );
    }
    let p = if op == BinaryOp::And {
        prec::AND
    } else {
        prec::OR
    };
    let t = DataType::boolean().with_nullability(nullable(&[&l, &r]));
    Ok(Bound::new(t, binary_text(&l, sym, &r, p), span).with_prec(p.0, p.1))
}

fn concat(l: Bound, r: Bound, span: Span) -> BResult<Bound> {
    let (lt, rt) = (&l.ty, &r.ty);
    let n = nullable(&[&l, &r]);
    let sum = |a: &DataType, b: &DataType| {
        let s = u64::from(a.length().unwrap_or(0)) + u64::from(b.length().unwrap_or(0));
        s.min(u64::from(MAX_LENGTH)) as u32
    };
    let t = if is_char(lt) && is_char(rt) {
        let len = sum(lt, rt);
        if lt.type_root() == R::Char && rt.type_root() == R::Char {
            Some(DataType::char(len))
        } else {
            Some(DataType::varchar(len))
        }
    } else if is_binary(lt) && is_binary(rt) {
        let len = sum(lt, rt);
        if lt.type_root() == R::Binary && rt.type_root() == R::Binary {
            Some(DataType::binary(len))
        } else {
            Some(DataType::varbinary(len))
        }
    } else if !is_null_type(lt)
        && lt.type_root() == R::Array
        && lt.without_time_attributes().nullable() == rt.without_time_attributes().nullable()
    {
        Some(lt.clone())
    } else if lt.type_root() == R::Array && rt.type_root() == R::Array {
        let elems: Vec<DataType> = [lt, rt]
            .iter()
            .filter_map(|t| t.children().first().map(|c| (*c).clone()))
            .collect();
        least_restrictive(&elems).map(DataType::array)
    } else {
        None
    };
    let Some(t) = t else {
        return cannot_apply(
            span,
            "||",
            &format!("<{}> || <{}>", op_type(&l), op_type(&r)),
            "'<STRING> || <STRING>'\n'<EQUIVALENT_TYPE> || <EQUIVALENT_TYPE>'",
        );
    };
    let p = prec::CONCAT;
    Ok(Bound::new(t.with_nullability(n), binary_text(&l, "||", &r, p), span).with_prec(p.0, p.1))
}

// ---- IS ----------------------------------------------------------------------------------

pub(crate) fn is(
    ctx: &Ctx,
    expr: &ast::Expr,
    negated: bool,
    test: &IsTest,
    span: Span,
) -> BResult<Bound> {
    let b = ctx.bind(expr)?;
    let other = match test {
        IsTest::DistinctFrom { other } => Some(ctx.bind(other)?),
        _ => None,
    };
    is_bound(b, other, negated, test, span)
}

#[inline(never)]
fn is_bound(
    b: Bound,
    other: Option<Bound>,
    negated: bool,
    test: &IsTest,
    span: Span,
) -> BResult<Bound> {
    let not = if negated { "NOT " } else { "" };
    let p = prec::POSTFIX_IS;
    let result = DataType::boolean().not_null();
    match test {
        IsTest::Null => {
            let sql = stored(|| format!("{} IS {not}NULL", b.unparse(p.0, p.1)));
            Ok(Bound::new(result, sql, span).with_prec(p.0, p.1))
        }
        IsTest::True | IsTest::False | IsTest::Unknown => {
            let word = match test {
                IsTest::True => "TRUE",
                IsTest::False => "FALSE",
                _ => "UNKNOWN",
            };
            if b.is_null_lit() {
                return illegal_null(b.span);
            }
            if b.ty.type_root() != R::Boolean {
                return {
                    let name = format!("IS {not}{word}");
                    cannot_apply(
                        span,
                        &name,
                        &format!("<{}> {name}", op_type(&b)),
                        &format!("'<BOOLEAN> {name}'"),
                    )
                };
            }
            let sql = stored(|| format!("{} IS {not}{word}", b.unparse(p.0, p.1)));
            Ok(Bound::new(result, sql, span).with_prec(p.0, p.1))
        }
        IsTest::DistinctFrom { .. } => {
            let Some(o) = other else {
                return super::bound::not_typed("IS DISTINCT FROM without operand");
            };
            if !comparable(&b.ty, &o.ty) || interval_mismatch(&b, &o) {
                let name = format!("IS {not}DISTINCT FROM");
                return cannot_apply(
                    span,
                    &name,
                    &format!("<{}> {name} <{}>", op_type(&b), op_type(&o)),
                    &format!("'<COMPARABLE_TYPE> {name} <COMPARABLE_TYPE>'"),
                );
            }
            let c = prec::COMPARISON;
            let sql = stored(|| {
                format!(
                    "{} IS {not}DISTINCT FROM {}",
                    b.unparse(0, c.0),
                    o.unparse(c.1, 0)
                )
            });
            Ok(Bound::new(result, sql, span).with_prec(c.0, c.1))
        }
        IsTest::Json { kind } => {
            let kind_text = kind
                .as_ref()
                .map(|k| format!(" {}", k.value.to_uppercase()))
                .unwrap_or_default();
            if b.is_null_lit() {
                return illegal_null(b.span);
            }
            if !is_char(&b.ty) {
                let name = format!("IS {not}JSON{}", kind_text);
                let name = if kind.is_none() {
                    format!("IS {not}JSON VALUE")
                } else {
                    name
                };
                return cannot_apply(
                    span,
                    &name,
                    &format!("<{}> {name}", op_type(&b)),
                    &format!("'<CHARACTER> {name}'"),
                );
            }
            let kind_text = if kind_text.is_empty() {
                " VALUE".to_string()
            } else {
                kind_text
            };
            let sql = stored(|| format!("{} IS {not}JSON{kind_text}", b.unparse(p.0, p.1)));
            Ok(Bound::new(result, sql, span).with_prec(p.0, p.1))
        }
    }
}

// ---- BETWEEN, LIKE, IN -------------------------------------------------------------------

pub(crate) fn between(
    ctx: &Ctx,
    expr: &ast::Expr,
    negated: bool,
    symmetric: bool,
    low: &ast::Expr,
    high: &ast::Expr,
    span: Span,
) -> BResult<Bound> {
    let x = ctx.bind(expr)?;
    let lo = ctx.bind(low)?;
    let hi = ctx.bind(high)?;
    let name = if negated { "NOT BETWEEN" } else { "BETWEEN" };
    let kind = if symmetric { "SYMMETRIC" } else { "ASYMMETRIC" };
    // Calcite compares neighbouring operands: x with the low bound, the low with the high
    if !comparable(&x.ty, &lo.ty) || !comparable(&lo.ty, &hi.ty) {
        return cannot_apply(
            span,
            &format!("{name} {kind}"),
            &format!(
                "<{}> {name} {kind} <{}> AND <{}>",
                op_type(&x),
                op_type(&lo),
                op_type(&hi)
            ),
            &format!("'<COMPARABLE_TYPE> {name} <COMPARABLE_TYPE> AND <COMPARABLE_TYPE>'"),
        );
    }
    let p = prec::BETWEEN;
    let sql = stored(|| {
        format!(
            "{} {name} {kind} {} AND {}",
            x.unparse(0, p.0),
            lo.unparse(p.1, p.0),
            hi.unparse(p.1, 0)
        )
    });
    let t = DataType::boolean().with_nullability(nullable(&[&x, &lo, &hi]));
    Ok(Bound::new(t, sql, span).with_prec(p.0, p.1))
}

pub(crate) fn like(
    ctx: &Ctx,
    expr: &ast::Expr,
    negated: bool,
    kind: LikeKind,
    pattern: &ast::Expr,
    escape: Option<&ast::Expr>,
    span: Span,
) -> BResult<Bound> {
    let x = ctx.bind(expr)?;
    let pat = ctx.bind(pattern)?;
    let esc = escape.map(|e| ctx.bind(e)).transpose()?;
    let word = match kind {
        LikeKind::Like => "LIKE",
        LikeKind::SimilarTo => "SIMILAR TO",
        LikeKind::Ilike | LikeKind::Rlike => {
            let word = if matches!(kind, LikeKind::Ilike) {
                "ILIKE"
            } else {
                "RLIKE"
            };
            let not = if negated { "NOT " } else { "" };
            return reject(
                Code::UnknownFunction,
                span,
                format!("No match found for function signature {not}{word}"),
            );
        }
    };
    let mut operands = vec![&x, &pat];
    if let Some(e) = &esc {
        operands.push(e);
    }
    reject_null_literals(&operands)?;
    if !operands.iter().all(|b| is_char(&b.ty)) {
        let types = bracketed_op_types(&operands).join(", ");
        return cannot_apply(
            span,
            word,
            &format!("{word}({types})"),
            &format!("'{word}(<STRING>, <STRING>, <STRING>)'"),
        );
    }
    let not = if negated { "NOT " } else { "" };
    let p = prec::LIKE;
    let sql = stored(|| {
        let mut sql = format!(
            "{} {not}{word} {}",
            x.unparse(0, p.0),
            pat.unparse(p.1, if esc.is_some() { p.0 } else { 0 })
        );
        if let Some(e) = &esc {
            sql.push_str(&format!(" ESCAPE {}", e.unparse(p.1, 0)));
        }
        sql
    });
    let t = DataType::boolean().with_nullability(nullable(&operands));
    Ok(Bound::new(t, sql, span).with_prec(p.0, p.1))
}

pub(crate) fn in_list(
    ctx: &Ctx,
    expr: &ast::Expr,
    negated: bool,
    list: &[ast::Expr],
    span: Span,
) -> BResult<Bound> {
    let x = ctx.bind(expr)?;
    let mut items = Vec::with_capacity(list.len());
    for e in list {
        if let ast::ExprKind::Subquery(_) = e.kind {
            return reject(
                Code::InvalidExpression,
                e.span,
                "Subqueries are not supported in computed columns and watermarks",
            );
        }
        items.push(ctx.bind(e)?);
    }
    let types: Vec<DataType> = items.iter().map(|b| b.ty.clone()).collect();
    let common = if items.iter().all(|b| b.is_null_lit()) {
        None
    } else {
        least_restrictive(&types).or_else(|| in_compatible(&types))
    };
    let Some(common) = common else {
        return reject(
            Code::IncompatibleTypes,
            span,
            "Values in expression list must have compatible types",
        );
    };
    let not = if negated { "NOT " } else { "" };
    if !comparable(&x.ty, &common) {
        return reject(
            Code::IncompatibleTypes,
            span,
            format!("Values passed to {not}IN operator must have compatible types"),
        );
    }
    let n = x.ty.nullable
        || is_null_type(&x.ty)
        || x.plan_nullable
        || items.iter().any(|b| b.ty.nullable || b.plan_nullable);
    let p = prec::IN;
    let sql = stored(|| {
        format!(
            "{} {not}IN ({})",
            x.unparse(0, p.0),
            items
                .iter()
                .map(|b| b.unparse(0, 0))
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
    Ok(Bound::new(DataType::boolean().with_nullability(n), sql, span).with_prec(p.0, p.1))
}

/// IN lists also accept numbers of different kinds and datetime of the same root.
fn in_compatible(types: &[DataType]) -> Option<DataType> {
    let non_null: Vec<&DataType> = types.iter().filter(|t| !is_null_type(t)).collect();
    let first = non_null.first()?;
    if non_null.iter().all(|t| is_numeric(t)) {
        return Some((*first).clone());
    }
    None
}

// ---- CASE --------------------------------------------------------------------------------

pub(crate) fn case(
    ctx: &Ctx,
    operand: Option<&ast::Expr>,
    whens: &[WhenClause],
    else_result: Option<&ast::Expr>,
    span: Span,
) -> BResult<Bound> {
    let value = match operand {
        Some(o) => Some(ctx.bind(o)?),
        None => None,
    };
    let mut conds = Vec::with_capacity(whens.len());
    let mut results = Vec::with_capacity(whens.len() + 1);
    for w in whens {
        match operand {
            // `CASE x WHEN 1, 2 THEN`: Flink reads the list as `x IN (1, 2)`.
            Some(o) if !w.more_values.is_empty() => {
                let mut list = Vec::with_capacity(w.more_values.len() + 1);
                list.push(w.condition.clone());
                list.extend(w.more_values.iter().cloned());
                conds.push(in_list(ctx, o, false, &list, w.condition.span)?);
            }
            _ => conds.push(when_condition(ctx, value.as_ref(), &w.condition)?),
        }
        results.push(ctx.bind(&w.result)?);
    }
    let else_bound = match else_result {
        Some(e) => Some(ctx.bind(e)?),
        None => None,
    };
    case_bound(conds, results, else_bound, span)
}

/// One WHEN condition: BOOLEAN in a searched CASE, `value = c` in a simple one.
#[inline(never)]
fn when_condition(ctx: &Ctx, value: Option<&Bound>, condition: &ast::Expr) -> BResult<Bound> {
    let c = ctx.bind(condition)?;
    match value {
        Some(v) => comparison("=", v.clone(), c, condition.span),
        None => {
            if c.ty.type_root() != R::Boolean && !c.is_null_lit() {
                return reject(Code::IncompatibleTypes, c.span, "Expected a boolean type");
            }
            Ok(c)
        }
    }
}

/// A searched CASE over bound parts (also NULLIF's expansion).
pub(crate) fn case_bound(
    conds: Vec<Bound>,
    results: Vec<Bound>,
    else_bound: Option<Bound>,
    span: Span,
) -> BResult<Bound> {
    let mut branch_types: Vec<DataType> = results.iter().map(|b| b.ty.clone()).collect();
    if let Some(e) = &else_bound {
        branch_types.push(e.ty.clone());
    }
    if branch_types.iter().all(is_null_type) {
        return reject(
            Code::IncompatibleTypes,
            span,
            "ELSE clause or at least one THEN clause must be non-NULL",
        );
    }
    let Some(mut t) = least_restrictive(&branch_types) else {
        return reject(
            Code::IncompatibleTypes,
            span,
            "Illegal mixing of types in CASE or COALESCE statement",
        );
    };
    if else_bound.is_none() {
        t = t.nullable();
    }
    let mut sql = String::new();
    if !text_wanted() {
        return Ok(Bound::new(t, sql, span).with_prec(200, 201));
    }
    sql.push_str("CASE");
    for (c, r) in conds.iter().zip(&results) {
        sql.push_str(&format!(
            " WHEN {} THEN {}",
            c.unparse(0, 0),
            r.unparse(0, 0)
        ));
    }
    match &else_bound {
        Some(e) => sql.push_str(&format!(" ELSE {}", e.unparse(0, 0))),
        None => sql.push_str(" ELSE NULL"),
    }
    sql.push_str(" END");
    Ok(Bound::new(t, sql, span).with_prec(200, 201))
}

/// Calcite's name for the operand type including CHAR literals (`CHAR(1)`).
pub(crate) fn type_list(args: &[Bound]) -> String {
    args.iter()
        .map(|a| format!("<{}>", op_type(a)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[allow(dead_code)]
pub(crate) fn exact_or_decimal(t: &DataType) -> bool {
    is_exact(t) || matches!(t.logical, LogicalType::Decimal { .. })
}

#[allow(dead_code)]
pub(crate) fn name_of(t: &DataType) -> String {
    calcite_name(t)
}
