//! Literals: their types (`1.50` is DECIMAL(3, 2), `'abc'` is CHAR(3), all NOT NULL) and the
//! text Calcite unparses for them.

use super::bound::{reject, BResult, Bound, Lit};
use super::sqltypes::{interval_day_time, interval_year_month};
use super::Ctx;
use flinkddl_diagnostics::{Code, Span};
use flinkddl_syntax::ast::{self, IntervalLiteral, Literal, TimeUnit, TypedLiteralKind};
use flinkddl_types::DataType;

pub(crate) fn bind_literal(ctx: &Ctx, lit: &Literal, span: Span) -> BResult<Bound> {
    match lit {
        Literal::Integer { text } => exact_number(text, false, span),
        Literal::Decimal { text } => exact_number(text, false, span),
        Literal::Approximate { text } => approx_number(text, false, span),
        Literal::String { value } => string_literal(ctx, value, span),
        Literal::Binary { hex } => {
            if hex.len() % 2 != 0 {
                return reject(
                    Code::InvalidExpressionLiteral,
                    span,
                    "Binary literal string must contain an even number of hexits",
                );
            }
            let len = (hex.len() / 2) as u32;
            Ok(Bound::new(
                DataType::binary(len).not_null(),
                format!("X'{}'", hex.to_uppercase()),
                span,
            )
            .with_lit(Lit::Bin))
        }
        Literal::Boolean { value } => Ok(Bound::new(
            DataType::boolean().not_null(),
            if *value { "TRUE" } else { "FALSE" }.to_string(),
            span,
        )
        .with_lit(Lit::Bool(*value))),
        Literal::Null => Ok(Bound::new(DataType::null(), "NULL".into(), span).with_lit(Lit::Null)),
        Literal::Unknown => {
            Ok(Bound::new(DataType::boolean(), "UNKNOWN".into(), span).with_lit(Lit::Unknown))
        }
        Literal::Typed { kind, value } => typed_literal(ctx, *kind, value, span),
        Literal::Interval(iv) => interval_literal(ctx, iv, span),
    }
}

/// An exact numeric literal, optionally negated (Calcite's parser folds `-1` into one literal).
pub(crate) fn exact_number(text: &str, negative: bool, span: Span) -> BResult<Bound> {
    // The common literal, a short unsigned integer typed for its type alone: an INT, read
    // digit by digit (what the general path below gives it).
    if !negative
        && text.len() <= 9
        && text.bytes().all(|b| b.is_ascii_digit())
        && !super::bound::text_wanted()
    {
        let value = text.bytes().fold(0i64, |v, b| v * 10 + i64::from(b - b'0'));
        return Ok(Bound::new(DataType::int().not_null(), String::new(), span)
            .with_lit(Lit::Int(Some(value))));
    }
    let (int_part, frac_part) = match text.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (text, None),
    };
    let int_digits = int_part.trim_start_matches('0');
    let frac = frac_part.unwrap_or("");
    let shown = |s: &str| {
        if negative {
            format!("-{s}")
        } else {
            s.to_string()
        }
    };
    if frac.is_empty() {
        // An integer (also `1.`, which Calcite reads as the integer 1).
        let digits = if int_digits.is_empty() {
            "0"
        } else {
            int_digits
        };
        let value: Option<i128> = if digits.len() > 30 {
            None
        } else {
            digits
                .parse::<i128>()
                .ok()
                .map(|v| if negative { -v } else { v })
        };
        let Some(v) = value.filter(|v| *v >= i128::from(i64::MIN) && *v <= i128::from(i64::MAX))
        else {
            return reject(
                Code::InvalidExpressionLiteral,
                span,
                format!("Numeric literal '{}' out of range", shown(text)),
            );
        };
        let ty = if v >= i128::from(i32::MIN) && v <= i128::from(i32::MAX) {
            DataType::int()
        } else {
            DataType::bigint()
        };
        // BigDecimal has no negative zero. No check reads an integer literal's text (its value
        // is `Lit::Int`): it is built only when texts are wanted.
        let text = if !super::bound::text_wanted() {
            String::new()
        } else if v == 0 {
            "0".to_string()
        } else {
            shown(digits)
        };
        return Ok(Bound::new(ty.not_null(), text, span).with_lit(Lit::Int(i64::try_from(v).ok())));
    }
    // A decimal: Calcite prints BigDecimal's string (`.5` is `0.5`), and the type comes from
    // that text: every digit counts toward the precision.
    let int_shown = if int_digits.is_empty() {
        "0"
    } else {
        int_digits
    };
    let normalized = format!("{int_shown}.{frac}");
    let unscaled = format!("{int_digits}{frac}");
    let unscaled = unscaled.trim_start_matches('0');
    let fits = unscaled.is_empty()
        || (unscaled.len() <= 19
            && unscaled
                .parse::<i128>()
                .map(|v| {
                    let v = if negative { -v } else { v };
                    v >= i128::from(i64::MIN) && v <= i128::from(i64::MAX)
                })
                .unwrap_or(false));
    if !fits {
        return reject(
            Code::InvalidExpressionLiteral,
            span,
            format!("Numeric literal '{}' out of range", shown(text)),
        );
    }
    let scale = frac.len() as u32;
    let precision = (int_shown.len() + frac.len()) as u32;
    let text = if unscaled.is_empty() {
        normalized
    } else {
        shown(&normalized)
    };
    Ok(
        Bound::new(DataType::decimal(precision, scale).not_null(), text, span)
            .with_lit(Lit::Decimal),
    )
}

/// An approximate numeric literal: DOUBLE, printed with an upper-case `E`. Past DOUBLE's
/// range it is Calcite's "out of range" (checked with the oracle: `1.5e400`).
pub(crate) fn approx_number(text: &str, negative: bool, span: Span) -> BResult<Bound> {
    let t = text.to_uppercase();
    let sign = if negative { "-" } else { "" };
    if t.parse::<f64>().is_ok_and(f64::is_infinite) {
        return reject(
            Code::InvalidExpressionLiteral,
            span,
            format!("Numeric literal '{sign}{t}' out of range"),
        );
    }
    let sql = format!("{sign}{t}");
    Ok(Bound::new(DataType::double().not_null(), sql, span).with_lit(Lit::Approx))
}

/// Quotes a character string the way Calcite unparses it.
pub(crate) fn quote(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

fn string_literal(ctx: &Ctx, value: &str, span: Span) -> BResult<Bound> {
    let text = ctx.text(span);
    if continued_on_same_line(text) {
        return reject(
            Code::InvalidExpressionLiteral,
            span,
            "String literal continued on same line",
        );
    }
    let prefix = charset_prefix(text);
    if prefix == "_ISO-8859-1" {
        if let Some(c) = value.chars().find(|c| u32::from(*c) > 0xff) {
            return reject(
                Code::InvalidExpressionLiteral,
                span,
                format!("Failed to encode '{c}' in character set 'ISO-8859-1'"),
            );
        }
    }
    let len = value.encode_utf16().count() as u32;
    // No check reads a string literal's text (its value is `Lit::Str`): it is built only when
    // texts are wanted.
    let stored = if !super::bound::text_wanted() {
        String::new()
    } else if prefix.is_empty() {
        plain_string_stored(text).unwrap_or_else(|| quote(value))
    } else {
        format!("{prefix}{}", quote(value))
    };
    Ok(Bound::new(DataType::char(len).not_null(), stored, span).with_lit(Lit::Str(value.into())))
}

/// How Flink stores a string literal written without a charset: Calcite unparses a value with
/// a character outside printable ASCII (tab included, line breaks not) as `u&'\00e9'`, and
/// Flink reads that back as a UTF-16 literal, printed `_UTF16'é'`. The parts of a literal
/// continued on the next lines stay apart, one per line. `None` when `text` is not a plain
/// literal.
fn plain_string_stored(text: &str) -> Option<String> {
    // The common literal: one part of printable ASCII without a quote, stored as written.
    let trimmed = text.trim();
    if let Some(inner) = trimmed
        .strip_prefix('\'')
        .and_then(|t| t.strip_suffix('\''))
    {
        if inner
            .bytes()
            .all(|b| (b != b'\'' && (b' '..0x80).contains(&b)) || b == b'\n' || b == b'\r')
        {
            return Some(trimmed.to_owned());
        }
    }
    let parts = literal_parts(text)?;
    let unicode = |p: &str| {
        p.chars()
            .any(|c| c as u32 >= 128 || (c < ' ' && c != '\n' && c != '\r'))
    };
    let prefix = if parts.first().is_some_and(|p| unicode(p)) {
        "_UTF16"
    } else {
        ""
    };
    let quoted: Vec<String> = parts.iter().map(|p| quote(p)).collect();
    Some(format!("{prefix}{}", quoted.join("\n")))
}

/// The contents of each quoted part of a plain string literal (`'a'` or `'a'\n'b'`), with
/// doubled quotes undone.
fn literal_parts(text: &str) -> Option<Vec<String>> {
    let mut parts = Vec::new();
    let mut chars = text.trim().chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                let mut part = String::new();
                loop {
                    match chars.next()? {
                        '\'' if chars.peek() == Some(&'\'') => {
                            chars.next();
                            part.push('\'');
                        }
                        '\'' => break,
                        other => part.push(other),
                    }
                }
                parts.push(part);
            }
            c if c.is_whitespace() => {}
            // Comments between the parts.
            '-' if chars.peek() == Some(&'-') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                loop {
                    let c = chars.next()?;
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            // Not a plain literal: keep the joined value.
            _ => return None,
        }
    }
    (!parts.is_empty()).then_some(parts)
}

/// The charset prefix Calcite prints for a literal written with one (`_UTF16'a'`, `N'a'` is
/// `_ISO-8859-1'a'`, `U&'a'` is `_UTF16'a'`).
fn charset_prefix(text: &str) -> String {
    let t = text.trim_start();
    if let Some(rest) = t.strip_prefix('_') {
        let name: String = rest.chars().take_while(|c| *c != '\'').collect();
        return format!("_{}", name.to_uppercase());
    }
    if t.starts_with("U&") || t.starts_with("u&") {
        return "_UTF16".to_string();
    }
    if t.starts_with('N') || t.starts_with('n') {
        return "_ISO-8859-1".to_string();
    }
    String::new()
}

/// True when a literal's text has two quoted parts on the same line (`'a' 'b'`), which
/// Calcite rejects; parts on separate lines are concatenated.
fn continued_on_same_line(text: &str) -> bool {
    let mut in_quote = false;
    let mut parts = 0;
    let mut gap_has_newline = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_quote {
            if c == '\'' {
                if chars.peek() == Some(&'\'') {
                    chars.next();
                } else {
                    in_quote = false;
                    gap_has_newline = false;
                }
            }
        } else if c == '\'' {
            if parts > 0 && !gap_has_newline {
                return true;
            }
            parts += 1;
            in_quote = true;
        } else if c == '\n' {
            gap_has_newline = true;
        }
    }
    false
}

fn typed_literal(ctx: &Ctx, kind: TypedLiteralKind, value: &str, span: Span) -> BResult<Bound> {
    let text = ctx.text(span);
    match kind {
        TypedLiteralKind::Date => {
            if !valid_date(value) {
                return reject(
                    Code::InvalidExpressionLiteral,
                    span,
                    format!("Illegal DATE literal '{value}': not in format 'yyyy-MM-dd'"),
                );
            }
            Ok(Bound::new(
                DataType::date().not_null(),
                format!("DATE {}", quote(value)),
                span,
            )
            .with_lit(Lit::Other))
        }
        TypedLiteralKind::Time => {
            let Some(p) = valid_time(value) else {
                return reject(
                    Code::InvalidExpressionLiteral,
                    span,
                    format!("Illegal TIME literal '{value}': not in format 'HH:mm:ss'"),
                );
            };
            Ok(Bound::new(
                DataType::time(p.min(9)).not_null(),
                format!("TIME {}", quote(value)),
                span,
            )
            .with_lit(Lit::Other))
        }
        TypedLiteralKind::Timestamp | TypedLiteralKind::TimestampLtz => {
            let ltz = kind == TypedLiteralKind::TimestampLtz;
            if ltz
                && text
                    .trim_start()
                    .get(..13)
                    .is_some_and(|s| s.eq_ignore_ascii_case("TIMESTAMP_LTZ"))
            {
                return reject(
                    Code::InvalidExpression,
                    span,
                    "Incorrect syntax near the keyword 'TIMESTAMP_LTZ': write TIMESTAMP WITH \
                     LOCAL TIME ZONE '...'",
                );
            }
            let Some(p) = valid_timestamp(value) else {
                return reject(
                    Code::InvalidExpressionLiteral,
                    span,
                    format!(
                        "Illegal TIMESTAMP{} literal '{value}': not in format 'yyyy-MM-dd \
                         HH:mm:ss'",
                        if ltz { " WITH LOCAL TIME ZONE" } else { "" }
                    ),
                );
            };
            let p = p.min(9);
            let (ty, kw) = if ltz {
                (DataType::timestamp_ltz(p), "TIMESTAMP WITH LOCAL TIME ZONE")
            } else {
                (DataType::timestamp(p), "TIMESTAMP")
            };
            Ok(
                Bound::new(ty.not_null(), format!("{kw} {}", quote(value)), span)
                    .with_lit(Lit::Other),
            )
        }
    }
}

fn digits(s: &str, min: usize, max: usize) -> Option<u32> {
    if s.len() < min || s.len() > max || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn valid_date(v: &str) -> bool {
    let parts: Vec<&str> = v.trim().split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return false;
    };
    let (Some(y), Some(m), Some(d)) = (digits(y, 1, 4), digits(m, 1, 2), digits(d, 1, 2)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let max_day = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=max_day).contains(&d)
}

/// The fractional digits of a valid `HH:mm:ss[.fff]`.
fn valid_time(v: &str) -> Option<u32> {
    let v = v.trim();
    let (hms, frac) = match v.split_once('.') {
        Some((a, f)) => (a, Some(f)),
        None => (v, None),
    };
    let parts: Vec<&str> = hms.split(':').collect();
    let [h, m, s] = parts.as_slice() else {
        return None;
    };
    let (h, m, s) = (digits(h, 1, 2)?, digits(m, 1, 2)?, digits(s, 1, 2)?);
    if h > 23 || m > 59 || s > 59 {
        return None;
    }
    match frac {
        Some(f) if !f.is_empty() => {
            digits(f, 1, 9)?;
            Some(f.len() as u32)
        }
        Some(_) => None,
        None => Some(0),
    }
}

fn valid_timestamp(v: &str) -> Option<u32> {
    let v = v.trim();
    let (date, time) = v.split_once(' ')?;
    if !valid_date(date) {
        return None;
    }
    valid_time(time.trim())
}

// ---- intervals -----------------------------------------------------------------------------

pub(crate) fn unit_name(u: TimeUnit) -> &'static str {
    u.as_str()
}

/// The qualifier as Calcite prints it: `DAY`, `DAY(3)`, `SECOND(2, 6)`, `DAY TO SECOND(3)`.
pub(crate) fn qualifier_text(q: &ast::IntervalQualifier) -> String {
    let mut out = unit_name(q.start).to_string();
    if let Some(p) = &q.start_precision {
        match (&q.fractional_precision, q.end) {
            (Some(f), None) if q.start == TimeUnit::Second => out.push_str(&format!(
                "({}, {})",
                p.value.unwrap_or(0),
                f.value.unwrap_or(0)
            )),
            _ => out.push_str(&format!("({})", p.value.unwrap_or(0))),
        }
    }
    if let Some(end) = q.end {
        out.push_str(" TO ");
        out.push_str(unit_name(end));
        if let Some(f) = &q.fractional_precision {
            out.push_str(&format!("({})", f.value.unwrap_or(0)));
        }
    }
    out
}

/// The qualifier without precisions, as Calcite names the type (`INTERVAL DAY TO SECOND`).
pub(crate) fn qualifier_type_name(q: &ast::IntervalQualifier) -> String {
    match q.end {
        Some(end) => format!("INTERVAL {} TO {}", unit_name(q.start), unit_name(end)),
        None => format!("INTERVAL {}", unit_name(q.start)),
    }
}

pub(crate) fn is_year_month(u: TimeUnit) -> bool {
    matches!(u, TimeUnit::Year | TimeUnit::Quarter | TimeUnit::Month)
}

/// Whether `start TO end` is a qualifier Calcite's grammar accepts.
pub(crate) fn valid_qualifier(q: &ast::IntervalQualifier) -> bool {
    use TimeUnit as U;
    match q.end {
        None => true,
        Some(end) => matches!(
            (q.start, end),
            (U::Year, U::Month)
                | (U::Day, U::Hour)
                | (U::Day, U::Minute)
                | (U::Day, U::Second)
                | (U::Hour, U::Minute)
                | (U::Hour, U::Second)
                | (U::Minute, U::Second)
        ),
    }
}

fn interval_literal(ctx: &Ctx, iv: &IntervalLiteral, span: Span) -> BResult<Bound> {
    let q = &iv.qualifier;
    if !valid_qualifier(q) {
        return reject(
            Code::InvalidExpression,
            q.span,
            format!(
                "Encountered \"{}\": not a valid interval qualifier",
                qualifier_text(q)
            ),
        );
    }
    let year_month = is_year_month(q.start);
    for p in [&q.start_precision, &q.fractional_precision]
        .into_iter()
        .flatten()
    {
        let v = p.value.unwrap_or(u64::MAX);
        if v >= 10 {
            return reject(
                Code::InvalidExpressionLiteral,
                p.span,
                format!(
                    "{} precision is not supported: {v}",
                    if year_month {
                        "YEAR_INTERVAL_TYPES"
                    } else {
                        "DAY_INTERVAL_TYPES"
                    }
                ),
            );
        }
    }
    let type_name = qualifier_type_name(q);
    let value = iv.value.trim();
    let body = value
        .strip_prefix('-')
        .or_else(|| value.strip_prefix('+'))
        .unwrap_or(value);
    if !interval_format_ok(q, body.trim()) {
        return reject(
            Code::InvalidExpressionLiteral,
            span,
            format!(
                "Illegal interval literal format '{}' for INTERVAL {}",
                iv.value,
                qualifier_text(q)
            ),
        );
    }
    // The leading field must fit its precision (DAY(2) by default).
    let lead: String = body
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    let lead_precision = q
        .start_precision
        .as_ref()
        .and_then(|p| p.value)
        .unwrap_or(2);
    if lead.trim_start_matches('0').len() as u64 > lead_precision {
        let n: u128 = lead.parse().unwrap_or(u128::MAX);
        return reject(
            Code::InvalidExpressionLiteral,
            span,
            format!(
                "Interval field value {} exceeds precision of {}({}) field",
                thousands(n),
                unit_name(q.start),
                lead_precision
            ),
        );
    }
    let text = ctx.text(span);
    let quoted = text.contains('\'');
    let value_text = if quoted {
        quote(iv.value)
    } else {
        iv.value.to_string()
    };
    let sql = format!(
        "INTERVAL {}{} {}",
        if iv.negative { "-" } else { "" },
        value_text,
        qualifier_text(q)
    );
    let ty = if year_month {
        interval_year_month()
    } else {
        interval_day_time()
    };
    let mut b = Bound::new(ty.not_null(), sql, span).with_lit(Lit::Other);
    b.calcite_type = Some(type_name.into_boxed_str());
    Ok(b)
}

fn thousands(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).rem_euclid(3) == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Calcite's per-qualifier value formats (`SqlIntervalQualifier.evaluateIntervalLiteral`).
fn interval_format_ok(q: &ast::IntervalQualifier, v: &str) -> bool {
    fn nums(s: &str) -> bool {
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
    }
    fn secs(s: &str) -> bool {
        match s.split_once('.') {
            Some((a, b)) => nums(a) && (b.is_empty() || nums(b)),
            None => nums(s),
        }
    }
    use TimeUnit as U;
    match (q.start, q.end) {
        (_, None) if q.start == U::Second => secs(v),
        (_, None) => nums(v),
        (U::Year, Some(U::Month)) => {
            matches!(v.split_once('-'), Some((a, b)) if nums(a) && nums(b))
        }
        (U::Day, Some(U::Hour)) => {
            matches!(v.split_once(' '), Some((a, b)) if nums(a) && nums(b.trim()))
        }
        (U::Day, Some(U::Minute)) => match v.split_once(' ') {
            Some((a, b)) => {
                nums(a) && matches!(b.trim().split_once(':'), Some((h, m)) if nums(h) && nums(m))
            }
            None => false,
        },
        (U::Day, Some(U::Second)) => match v.split_once(' ') {
            Some((a, b)) => {
                let parts: Vec<&str> = b.trim().split(':').collect();
                nums(a) && parts.len() == 3 && nums(parts[0]) && nums(parts[1]) && secs(parts[2])
            }
            None => false,
        },
        (U::Hour, Some(U::Minute)) => {
            matches!(v.split_once(':'), Some((a, b)) if nums(a) && nums(b))
        }
        (U::Hour, Some(U::Second)) => {
            let parts: Vec<&str> = v.split(':').collect();
            parts.len() == 3 && nums(parts[0]) && nums(parts[1]) && secs(parts[2])
        }
        (U::Minute, Some(U::Second)) => {
            matches!(v.split_once(':'), Some((a, b)) if nums(a) && secs(b))
        }
        _ => true,
    }
}

/// An expression's stored text as Flink's summaries print it (DESCRIBE, SHOW CREATE TABLE,
/// `asSummaryString`): Flink keeps the SQL Calcite unparsed, where a literal that needed the
/// UTF-16 charset is `u&'\00b5s'` (each UTF-16 unit outside printable ASCII escaped, quotes
/// and backslashes doubled); the resolved expression, which we store, prints it `_UTF16'µs'`.
pub fn summary_sql(stored: &str) -> std::borrow::Cow<'_, str> {
    const PREFIX: &str = "_UTF16'";
    if !stored.contains(PREFIX) {
        return std::borrow::Cow::Borrowed(stored);
    }
    let mut out = String::with_capacity(stored.len() + 16);
    let mut rest = stored;
    while let Some(c) = rest.chars().next() {
        match c {
            // Quoted identifiers and other literals are copied whole.
            '`' | '\'' => {
                let end = quoted_end(rest, c);
                out.push_str(&rest[..end]);
                rest = &rest[end..];
            }
            '_' if rest.starts_with(PREFIX) => {
                let body = &rest[PREFIX.len() - 1..];
                let end = quoted_end(body, '\'');
                let value = body
                    .get(1..end.saturating_sub(1).max(1))
                    .unwrap_or_default()
                    .replace("''", "'");
                // Only a value that needed the charset came from a plain literal; a written
                // `_UTF16'abc'` prints as written.
                let needs_unicode = value
                    .chars()
                    .any(|c| c as u32 >= 128 || (c < ' ' && c != '\n' && c != '\r'));
                if !needs_unicode {
                    out.push_str(&rest[..PREFIX.len() - 1 + end]);
                    rest = &body[end..];
                    continue;
                }
                out.push_str("u&'");
                for unit in value.encode_utf16() {
                    match unit {
                        0x27 => out.push_str("''"),
                        0x5c => out.push_str("\\\\"),
                        32..=127 => out.push(char::from(unit as u8)),
                        _ => out.push_str(&format!("\\{unit:04x}")),
                    }
                }
                out.push('\'');
                rest = &body[end..];
            }
            _ => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The end (exclusive) of the quoted text at the start of `s`, whose quote is `q` and which
/// doubles `q` inside; the whole of `s` when it is not closed.
fn quoted_end(s: &str, q: char) -> usize {
    let mut chars = s.char_indices().skip(1).peekable();
    while let Some((i, c)) = chars.next() {
        if c == q {
            if chars.peek().is_some_and(|(_, n)| *n == q) {
                chars.next();
            } else {
                return i + c.len_utf8();
            }
        }
    }
    s.len()
}

#[cfg(test)]
mod summary_tests {
    use super::summary_sql;

    /// Flink's DESCRIBE and SHOW CREATE TABLE text (checked with the oracle).
    #[test]
    fn utf16_literals_print_as_calcite_unparsed_them() {
        for (stored, summary) in [
            ("_UTF16'µs'", "u&'\\00b5s'"),
            ("CONCAT(`s`, _UTF16'€')", "CONCAT(`s`, u&'\\20ac')"),
            ("_UTF16'é'\n'b'\n'c'", "u&'\\00e9'\n'b'\n'c'"),
            ("_UTF16'it''s \\ µ'", "u&'it''s \\\\ \\00b5'"),
            ("_UTF16'😀'", "u&'\\d83d\\de00'"),
            ("'_UTF16''x'", "'_UTF16''x'"),
            ("_UTF16'abc'", "_UTF16'abc'"),
            ("CONCAT(_UTF16'a''b', 'c')", "CONCAT(_UTF16'a''b', 'c')"),
            ("`_UTF16'`", "`_UTF16'`"),
            ("_ISO-8859-1'é'", "_ISO-8859-1'é'"),
            ("'a'\n'b'", "'a'\n'b'"),
        ] {
            assert_eq!(summary_sql(stored), summary, "{stored}");
        }
    }
}
