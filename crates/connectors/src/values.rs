//! Option values as Flink 2.3's `Configuration` reads them (`ConfigurationUtils`,
//! `TimeUtils.parseDuration`, `MemorySize.parse`, `StructuredOptionsSplitter`). Every rule here
//! was checked against the Flink 2.3.0 jars (see `docs/connectors.md`, "Values").
//!
//! Each function returns `Ok` or a short message saying what is wrong, in our words.

use crate::model::{OptionSpec, OptionType};
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::char as ch;
use nom::combinator::{all_consuming, opt, recognize};
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

/// Java's `String.trim()`: strips every char up to U+0020.
fn java_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

fn digits(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_digit()).parse(input)
}

/// Time unit labels of Flink 2.3's `TimeUtils` with their length in nanoseconds.
const TIME_UNITS: &[(&[&str], u128)] = &[
    (&["d", "day", "days"], 86_400_000_000_000),
    (&["h", "hour", "hours"], 3_600_000_000_000),
    (&["min", "m", "minute", "minutes"], 60_000_000_000),
    (&["s", "sec", "secs", "second", "seconds"], 1_000_000_000),
    (
        &["ms", "milli", "millis", "millisecond", "milliseconds"],
        1_000_000,
    ),
    (
        &["µs", "micro", "micros", "microsecond", "microseconds"],
        1_000,
    ),
    (&["ns", "nano", "nanos", "nanosecond", "nanoseconds"], 1),
];

/// The largest `java.time.Duration`, in nanoseconds.
const MAX_DURATION_NANOS: u128 = (i64::MAX as u128) * 1_000_000_000 + 999_999_999;

/// `TimeUtils.parseDuration` (Flink 2.3): `<digits> [<unit>]` (unit case-insensitive, no unit =
/// milliseconds, `m` = minutes) or an ISO-8601 duration (`PT5M`, `P1D`), never negative.
pub fn parse_duration(text: &str) -> Result<(), String> {
    let trimmed = java_trim(text);
    if trimmed.is_empty() {
        return Err("a duration cannot be empty".to_string());
    }
    let number_end = trimmed
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(trimmed.len());
    if number_end == 0 {
        return parse_iso_duration(trimmed);
    }
    let number = &trimmed[..number_end];
    let label = lower_label(java_trim(&trimmed[number_end..]));
    let value: u128 = number
        .parse()
        .map_err(|_| format!("'{number}' is too large for a duration"))?;
    let unit = unit_factor(
        TIME_UNITS,
        1_000_000,
        &label,
        || {
            format!(
                "'{trimmed}' has a decimal number; Flink durations take a whole number (write \
                 '1500 ms' for 1.5 s)"
            )
        },
        || {
            format!(
                "'{label}' is not a time unit; use one of d, h, min (or m), s, ms, µs, ns or \
                 their long forms (day, hour, minute, second, milli, micro, nano, with an \
                 optional 's')"
            )
        },
    )?;
    match value.checked_mul(unit) {
        Some(n) if n <= MAX_DURATION_NANOS => Ok(()),
        _ => Err(format!("'{number}' is too large for a duration")),
    }
}

/// Java's `Duration.parse` (`PnDTnHnMn.nS`, case-insensitive), minus negative durations, which
/// Flink rejects.
fn parse_iso_duration(text: &str) -> Result<(), String> {
    fn signed(input: &str) -> IResult<&str, &str> {
        recognize((opt(alt((ch('+'), ch('-')))), digits)).parse(input)
    }
    fn seconds(input: &str) -> IResult<&str, &str> {
        recognize((
            opt(alt((ch('+'), ch('-')))),
            digits,
            opt((alt((ch('.'), ch(','))), opt(digits))),
        ))
        .parse(input)
    }
    type Parts<'a> = (
        Option<char>,
        Option<&'a str>,
        Option<(Option<&'a str>, Option<&'a str>, Option<&'a str>)>,
    );
    let parsed: IResult<&str, Parts> = all_consuming((
        opt(alt((ch('+'), ch('-')))),
        preceded(tag_no_case("P"), opt(terminated(signed, tag_no_case("D")))),
        opt(preceded(
            tag_no_case("T"),
            (
                opt(terminated(signed, tag_no_case("H"))),
                opt(terminated(signed, tag_no_case("M"))),
                opt(terminated(seconds, tag_no_case("S"))),
            ),
        )),
    ))
    .parse(text);
    let invalid = || {
        format!(
            "'{text}' is not a duration: write a number with a unit ('5 s', '1 min', '100 ms') \
             or ISO-8601 ('PT5M')"
        )
    };
    let (_, (sign, days, time)) = parsed.map_err(|_| invalid())?;
    let mut parts: Vec<&str> = days.into_iter().collect();
    match time {
        Some((None, None, None)) => return Err(invalid()),
        Some((h, m, s)) => parts.extend(h.into_iter().chain(m).chain(s)),
        None => {}
    }
    if parts.is_empty() {
        return Err(invalid());
    }
    let is_zero = |p: &str| p.chars().all(|c| !c.is_ascii_digit() || c == '0');
    let negative = sign == Some('-') || parts.iter().any(|p| p.starts_with('-'));
    if negative && !parts.iter().all(|p| is_zero(p)) {
        return Err("Flink does not accept negative durations".to_string());
    }
    Ok(())
}

/// A unit label lower-cased as Java's `toLowerCase` would: no copy for the usual lower-case
/// ASCII label.
fn lower_label(label: &str) -> std::borrow::Cow<'_, str> {
    if label
        .bytes()
        .any(|b| b.is_ascii_uppercase() || !b.is_ascii())
    {
        std::borrow::Cow::Owned(label.to_lowercase())
    } else {
        std::borrow::Cow::Borrowed(label)
    }
}

/// What the unit `label` after a number stands for in `units` (`none` when there is no unit);
/// a decimal number (`1.5s`: the label starts at the point) is `decimal()`, another label
/// `unknown()`.
fn unit_factor<T: Copy>(
    units: &[(&[&str], T)],
    none: T,
    label: &str,
    decimal: impl FnOnce() -> String,
    unknown: impl FnOnce() -> String,
) -> Result<T, String> {
    if label.is_empty() {
        return Ok(none);
    }
    match units.iter().find(|(labels, _)| labels.contains(&label)) {
        Some((_, factor)) => Ok(*factor),
        None if label.starts_with(['.', ',']) => Err(decimal()),
        None => Err(unknown()),
    }
}

/// `MemorySize.parse`: `<digits> [<unit>]`, unit case-insensitive, no unit = bytes, powers of
/// 1024.
pub fn parse_memory_size(text: &str) -> Result<(), String> {
    const UNITS: &[(&[&str], u32)] = &[
        (&["b", "bytes"], 0),
        (&["k", "kb", "kibibytes"], 10),
        (&["m", "mb", "mebibytes"], 20),
        (&["g", "gb", "gibibytes"], 30),
        (&["t", "tb", "tebibytes"], 40),
    ];
    let trimmed = java_trim(text);
    if trimmed.is_empty() {
        return Err("a memory size cannot be empty".to_string());
    }
    let parsed: IResult<&str, &str> = digits(trimmed);
    let Ok((rest, number)) = parsed else {
        return Err(format!(
            "'{trimmed}' is not a memory size: write a whole number with a unit such as '64 mb'"
        ));
    };
    let label = lower_label(java_trim(rest));
    let shift = unit_factor(
        UNITS,
        0,
        &label,
        || {
            format!(
                "'{trimmed}' has a decimal number; Flink memory sizes take a whole number (write \
                 '1536 kb' for 1.5 mb)"
            )
        },
        || {
            format!(
                "'{label}' is not a memory unit; use b, kb, mb, gb or tb (or k, m, g, t, \
                 kibibytes, mebibytes...): Flink has no 'mib' or decimal numbers"
            )
        },
    )?;
    let value: i64 = number
        .parse()
        .map_err(|_| format!("'{number}' does not fit in 64 bits"))?;
    if value.checked_mul(1i64 << shift).is_none() {
        return Err(format!("'{trimmed}' does not fit in 64 bits of bytes"));
    }
    Ok(())
}

/// `Integer.parseInt` / `Long.parseLong`: an optional sign and ASCII digits, no spaces.
fn parse_java_integer(text: &str, long: bool) -> Result<i64, String> {
    let what = if long { "a long integer" } else { "an integer" };
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{text}' is not {what}"));
    }
    let value: i64 = text
        .trim_start_matches('+')
        .parse()
        .map_err(|_| format!("'{text}' is out of range for {what}"))?;
    if !long && i32::try_from(value).is_err() {
        return Err(format!("'{text}' is out of range for {what}"));
    }
    Ok(value)
}

/// `Float.parseFloat` / `Double.parseDouble` (which trim, and take a `f`/`d` suffix).
fn parse_java_float(text: &str) -> Result<f64, String> {
    let t = java_trim(text);
    let body = t
        .strip_suffix(['f', 'F', 'd', 'D'])
        .filter(|b| !b.is_empty() && !b.ends_with(['e', 'E']))
        .unwrap_or(t);
    match body {
        "NaN" | "+NaN" | "-NaN" => return Ok(f64::NAN),
        "Infinity" | "+Infinity" => return Ok(f64::INFINITY),
        "-Infinity" => return Ok(f64::NEG_INFINITY),
        _ => {}
    }
    let plain = body
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E'));
    match body.parse::<f64>() {
        Ok(v) if plain && body.chars().any(|c| c.is_ascii_digit()) => Ok(v),
        _ => Err(format!("'{text}' is not a number")),
    }
}

/// `StructuredOptionsSplitter.splitEscaped`: splits on `delimiter`; `'...'` and `"..."` quote
/// (a doubled quote escapes it); unquoted parts are trimmed.
pub fn split_escaped(text: &str, delimiter: char) -> Result<Vec<String>, String> {
    if text.contains(['\'', '"']) {
        split_quoted(text, delimiter)
    } else {
        Ok(split_unquoted(text, delimiter))
    }
}

/// Each part of [`split_escaped`], in order, without copying it when the text has no quotes.
pub fn for_each_escaped(
    text: &str,
    delimiter: char,
    mut each: impl FnMut(&str),
) -> Result<(), String> {
    if text.contains(['\'', '"']) {
        for part in split_quoted(text, delimiter)? {
            each(&part);
        }
    } else if text.contains(delimiter) || !text.trim().is_empty() {
        // What `split_unquoted` keeps: every part, unless the text is one blank part.
        for part in text.split(delimiter) {
            each(part.trim());
        }
    }
    Ok(())
}

/// [`split_escaped`] of a text without quotes: each part between delimiters, trimmed; a blank
/// last part counts only after a delimiter.
fn split_unquoted(text: &str, delimiter: char) -> Vec<String> {
    let mut out = Vec::new();
    let mut parts = text.split(delimiter).peekable();
    while let Some(part) = parts.next() {
        let value = part.trim();
        if parts.peek().is_some() || !value.is_empty() || !out.is_empty() {
            out.push(value.to_string());
        }
    }
    out
}

/// [`split_escaped`], character by character (any text).
fn split_quoted(text: &str, delimiter: char) -> Result<Vec<String>, String> {
    #[derive(PartialEq)]
    enum Tok {
        Delim,
        Value(String),
    }
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' || c == '"' {
            let mut value = String::new();
            let mut j = i + 1;
            let mut closed = false;
            while j < chars.len() {
                if chars[j] == c {
                    if chars.get(j + 1) == Some(&c) {
                        value.push(c);
                        j += 2;
                        continue;
                    }
                    closed = true;
                    break;
                }
                value.push(chars[j]);
                j += 1;
            }
            if !closed {
                return Err("a quote is not closed".to_string());
            }
            tokens.push(Tok::Value(value));
            i = j + 1;
        } else if c == delimiter {
            tokens.push(Tok::Delim);
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            let mut value = String::new();
            while i < chars.len() && chars[i] != delimiter {
                value.push(chars[i]);
                i += 1;
            }
            tokens.push(Tok::Value(value.trim().to_string()));
        }
    }
    let mut out = Vec::new();
    let mut expect_value = true;
    for tok in tokens {
        match tok {
            Tok::Value(v) => {
                if !expect_value {
                    return Err("quoting is not valid here".to_string());
                }
                out.push(v);
                expect_value = false;
            }
            Tok::Delim => {
                if expect_value {
                    out.push(String::new());
                }
                expect_value = true;
            }
        }
    }
    if expect_value && !out.is_empty() {
        out.push(String::new());
    }
    Ok(out)
}

/// Java's `StringEscapeUtils.unescapeJava`, enough to count characters.
pub fn unescape_java(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('u') => {
                let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(u) => out.push(u),
                    None => out.push_str(&hex),
                }
            }
            Some(d @ '0'..='7') => {
                let mut value = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(v) if value * 8 + v <= 0o377 => {
                            value = value * 8 + v;
                            chars.next();
                        }
                        _ => break,
                    }
                }
                out.push(char::from_u32(value).unwrap_or('\0'));
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// A number read from an option value (for bounds and comparisons).
pub fn numeric_value(spec: &OptionSpec, text: &str) -> Option<f64> {
    match spec.ty {
        OptionType::Int => parse_java_integer(text, false).ok().map(|v| v as f64),
        OptionType::Long => parse_java_integer(text, true).ok().map(|v| v as f64),
        OptionType::Float | OptionType::Double => parse_java_float(text).ok(),
        _ => None,
    }
}

/// Checks `text` against the option's type (and fixed values). `Err` says what is wrong.
pub fn check_value(spec: &OptionSpec, text: &str) -> Result<(), String> {
    match spec.ty {
        OptionType::String => {
            if spec.values.is_empty() {
                return Ok(());
            }
            let ok = if spec.case_sensitive {
                spec.values.iter().any(|v| v == text)
            } else {
                spec.values.iter().any(|v| v.eq_ignore_ascii_case(text))
            };
            if ok {
                Ok(())
            } else {
                Err(format!(
                    "'{text}' is not one of {}",
                    quoted_list(&spec.values)
                ))
            }
        }
        OptionType::Int | OptionType::Long => {
            parse_java_integer(text, spec.ty == OptionType::Long).map(|_| ())
        }
        OptionType::Float | OptionType::Double => parse_java_float(text).map(|_| ()),
        OptionType::Boolean => {
            if text.eq_ignore_ascii_case("true") || text.eq_ignore_ascii_case("false") {
                Ok(())
            } else {
                Err(format!(
                    "'{text}' is not a boolean: Flink takes only 'true' or 'false'"
                ))
            }
        }
        OptionType::Duration => parse_duration(text),
        OptionType::Memory => parse_memory_size(text),
        OptionType::Enum => {
            if spec.values.iter().any(|v| v.eq_ignore_ascii_case(text)) {
                Ok(())
            } else {
                Err(format!(
                    "'{text}' is not one of {}",
                    quoted_list(&spec.values)
                ))
            }
        }
        // A text without quotes always splits.
        OptionType::List if !text.contains(['\'', '"']) => Ok(()),
        OptionType::List => split_escaped(text, ';')
            .map(|_| ())
            .map_err(|e| format!("not a ';'-separated list: {e}")),
        OptionType::Map => {
            let entries = split_escaped(text, ',').map_err(|e| format!("not a map: {e}"))?;
            for entry in entries {
                let kv = split_escaped(&entry, ':').map_err(|e| format!("not a map: {e}"))?;
                if kv.len() != 2 {
                    return Err(format!(
                        "'{entry}' is not a 'key:value' pair (a map is written 'k1:v1,k2:v2')"
                    ));
                }
            }
            Ok(())
        }
        OptionType::Char => {
            if text.chars().count() == 1 {
                Ok(())
            } else {
                Err(format!("'{text}' must be exactly one character"))
            }
        }
        OptionType::EscapedChar => {
            let n = unescape_java(text).chars().count();
            if n == 1 {
                Ok(())
            } else {
                Err(format!("'{text}' must be exactly one character"))
            }
        }
    }
}

/// `'a', 'b' or 'c'`
pub fn quoted_list(values: &[String]) -> String {
    // One string, where a quoted copy of each value and a join built several.
    let mut out = String::with_capacity(values.iter().map(|v| v.len() + 4).sum());
    let last = values.len().saturating_sub(1);
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(if i == last { " or " } else { ", " });
        }
        out.push('\'');
        out.push_str(v);
        out.push('\'');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse` accepts each of `ok` and rejects each of `bad`.
    fn assert_accepts_and_rejects(
        parse: fn(&str) -> Result<(), String>,
        ok: &[&str],
        bad: &[&str],
    ) {
        for text in ok {
            assert!(parse(text).is_ok(), "{text:?}");
        }
        for text in bad {
            assert!(parse(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn durations_as_flink_2_3() {
        assert_accepts_and_rejects(
            parse_duration,
            &[
                "5 s",
                "5s",
                "5m",
                "5 min",
                "100ms",
                "PT5M",
                "pt5m",
                "P1D",
                "5 MIN",
                "5 seconds",
                "5 secs",
                "2 days",
                "3 hours",
                "10 millis",
                "7 µs",
                "7 nanos",
                " 5 s ",
                "5",
                "0",
                "5\ts",
                "PT1H30M",
                "P1DT2H",
                "PT1.5S",
                "1 MS",
                "00005 s",
            ],
            &[
                "1.5s",
                "-1s",
                "1h30min",
                "10 seconds later",
                "3 hr",
                "7 us",
                "",
                "  ",
                "+5s",
                "5_000ms",
                "5 mins",
                "1 week",
                "1w",
                "P",
                "PT",
                "PT-5M",
                "-PT5M",
                "1 m s",
                "99999999999999999999999999999 d",
            ],
        );
    }

    #[test]
    fn memory_sizes_as_flink_2_3() {
        assert_accepts_and_rejects(
            parse_memory_size,
            &[
                "2mb",
                "2 mb",
                "2MB",
                "2m",
                "2 mebibytes",
                "2kb",
                "2k",
                "2g",
                "2t",
                "2b",
                "2 bytes",
                "2",
                "64mb",
                " 1 kb ",
                "9223372036854775807",
            ],
            &[
                "2MiB",
                "2 megabytes",
                "1.5mb",
                "-1mb",
                "",
                "2 kilobytes",
                "99999999999999999999",
                "9007199254740992 kb",
            ],
        );
    }

    #[test]
    fn integers_booleans_floats() {
        assert!(parse_java_integer("+1", false).is_ok());
        assert!(parse_java_integer("-1", false).is_ok());
        for bad in [" 1", "1 ", "1.0", "abc", "2147483648", "0x10", "1_000", ""] {
            assert!(parse_java_integer(bad, false).is_err(), "{bad:?}");
        }
        assert!(parse_java_integer("2147483648", true).is_ok());
        for ok in ["0.5", "1", "0.5f", "1e-3", " 0.5"] {
            assert!(parse_java_float(ok).is_ok(), "{ok:?}");
        }
        assert!(parse_java_float("abc").is_err());
    }

    #[test]
    fn lists_and_maps() {
        assert_eq!(
            split_escaped("a;;b", ';').ok(),
            Some(vec!["a".into(), "".into(), "b".into()])
        );
        assert_eq!(
            split_escaped("'a;b';c", ';').ok(),
            Some(vec!["a;b".into(), "c".into()])
        );
        assert_eq!(split_escaped("", ';').ok(), Some(vec![]));
        let list = |v: &[&str]| quoted_list(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(list(&[]), "");
        assert_eq!(list(&["a"]), "'a'");
        assert_eq!(list(&["a", "b"]), "'a' or 'b'");
        assert_eq!(list(&["a", "b", "c"]), "'a', 'b' or 'c'");
        // without quotes, the plain split agrees with the character walk
        for text in [
            "", " ", ";", " ; ", "a", " a ", "a;", "a; ", ";a", "a;;b", "a ; b ;", "a;b;c", ";;",
            " ;; ", "a b;c\td", "\t;x",
        ] {
            for delimiter in [';', ',', ':', ' '] {
                assert_eq!(
                    Ok(split_unquoted(text, delimiter)),
                    split_quoted(text, delimiter),
                    "{text:?} {delimiter:?}"
                );
            }
        }
        let map = OptionSpec {
            key: "m".into(),
            ty: OptionType::Map,
            required: false,
            default: None,
            values: vec![],
            case_sensitive: false,
            fallback_keys: vec![],
            deprecated_keys: vec![],
            deprecated: None,
            min: None,
            max: None,
            starts_with_any: vec![],
            fails: Default::default(),
            since: None,
            note: None,
        };
        for ok in ["k:v,k2:v2", "k:v", ""] {
            assert!(check_value(&map, ok).is_ok(), "{ok:?}");
        }
        for bad in ["k", "k:v:w", "'k:1':v"] {
            assert!(check_value(&map, bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn java_unescape_counts_one_char() {
        assert_eq!(unescape_java("\\t").chars().count(), 1);
        assert_eq!(unescape_java("\\u0001").chars().count(), 1);
        assert_eq!(unescape_java(";;").chars().count(), 2);
    }
}
