//! A re-implementation of Flink's `LogicalTypeParser`: the parser for type *strings*
//! (`DataTypes.of("...")`, catalog-persisted types, `Schema.Builder.column(name, "TYPE")`).
//!
//! Its defaults are **not** the SQL DDL defaults: here `VARCHAR` is `VARCHAR(1)` and `VARBINARY`
//! is `VARBINARY(1)`, and out-of-range parameters are errors rather than clamped. For DDL see
//! [`crate::ddl`].
//!
//! The lexer is written with `nom` and reproduces Flink's tokenizer exactly (Java whitespace,
//! `''`/` `` ` escapes, unterminated quotes running to the end). The token-level parser is a
//! cursor over the tokens that keeps Flink's bookkeeping (`lastValidToken`), so that error
//! positions and messages are the ones Flink reports:
//! `Could not parse type at position %d: %s\n Input type string: %s`. Positions count UTF-16
//! code units, as Java string indices do.

use crate::error::TypeError;
use crate::java;
use crate::model::{
    DataType, DayTimeResolution, LogicalType, LogicalTypeRoot, RowField, YearMonthResolution,
    MAX_LENGTH,
};
use crate::suggest::TYPE_NAMES;
use crate::validate;
use compact_str::CompactString;
use nom::branch::alt;
use nom::bytes::complete::{take_till1, take_while};
use nom::character::complete::{char as nchar, digit1, one_of, satisfy};
use nom::combinator::{opt, value};
use nom::multi::many0;
use nom::sequence::preceded;
use nom::{IResult, Parser};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// Why [`LogicalTypeParser`](parse_logical_type) rejected a type string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ParseTypeError {
    /// A syntax error, reported by Flink as
    /// `Could not parse type at position %d: %s\n Input type string: %s`.
    #[error("Could not parse type at position {position}: {cause}\n Input type string: {input}")]
    Syntax {
        /// Flink's position: the UTF-16 offset just after the last token that was read
        /// successfully before the failing one.
        position: usize,
        /// Flink's cause, e.g. `Unexpected end.` or `<LITERAL_INT> expected but was <IDENTIFIER>.`
        cause: String,
        /// The whole input string.
        input: String,
    },
    /// The text parsed but a type constructor rejected it (Flink throws the constructor's
    /// `ValidationException` unwrapped, e.g. `Decimal precision must be between 1 and 38 (both
    /// inclusive).`). `position` is where parsing was (Flink does not report it).
    #[error("{error}")]
    Invalid { error: TypeError, position: usize },
}

impl ParseTypeError {
    /// The position (UTF-16 units) the error refers to.
    pub fn position(&self) -> usize {
        match self {
            ParseTypeError::Syntax { position, .. } | ParseTypeError::Invalid { position, .. } => {
                *position
            }
        }
    }
}

impl FromStr for DataType {
    type Err = ParseTypeError;

    /// Parses a type string with Flink's `LogicalTypeParser` rules.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_logical_type(s)
    }
}

/// Parses a type string with Flink's `LogicalTypeParser` rules (also available as
/// `s.parse::<DataType>()`).
pub fn parse_logical_type(input: &str) -> Result<DataType, ParseTypeError> {
    let tokens = lex(input);
    let mut p = TokenParser {
        input,
        tokens,
        last_valid: -1,
        current: -1,
    };
    p.parse_tokens()
}

// ------------------------------------------------------------------------------------------
// Lexer
// ------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TokenType {
    BeginSubtype,
    EndSubtype,
    BeginParameter,
    EndParameter,
    ListSeparator,
    LiteralString,
    LiteralInt,
    Keyword,
    Identifier,
    IdentifierSeparator,
}

impl TokenType {
    fn name(self) -> &'static str {
        match self {
            TokenType::BeginSubtype => "BEGIN_SUBTYPE",
            TokenType::EndSubtype => "END_SUBTYPE",
            TokenType::BeginParameter => "BEGIN_PARAMETER",
            TokenType::EndParameter => "END_PARAMETER",
            TokenType::ListSeparator => "LIST_SEPARATOR",
            TokenType::LiteralString => "LITERAL_STRING",
            TokenType::LiteralInt => "LITERAL_INT",
            TokenType::Keyword => "KEYWORD",
            TokenType::Identifier => "IDENTIFIER",
            TokenType::IdentifierSeparator => "IDENTIFIER_SEPARATOR",
        }
    }
}

#[derive(Debug, Clone)]
struct Token {
    ty: TokenType,
    /// Java's `cursorPosition`: the UTF-16 index of the token's last character (or the input
    /// length for an unterminated quote).
    cursor: usize,
    value: String,
}

/// `LogicalTypeParser`'s keywords besides the type names (`suggest::TYPE_NAMES`).
const OTHER_KEYWORDS: &[&str] = &[
    "DEC",
    "PRECISION",
    "WITH",
    "WITHOUT",
    "LOCAL",
    "ZONE",
    "YEAR",
    "MONTH",
    "DAY",
    "HOUR",
    "MINUTE",
    "SECOND",
    "TO",
    "NULL",
    "LEGACY",
    "NOT",
    "DESCRIPTOR",
    "STRUCTURED",
    "BITMAP",
];

fn is_delimiter(c: char) -> bool {
    java::is_whitespace(c) || matches!(c, '<' | '>' | '(' | ')' | ',' | '.')
}

/// A quoted token: the unescaped content and whether the closing quote was found.
fn quoted(delim: char) -> impl FnMut(&str) -> IResult<&str, (String, bool)> {
    move |input| {
        let (rest, (chars, close)) = preceded(
            nchar(delim),
            (
                many0(alt((
                    value(delim, (nchar(delim), nchar(delim))),
                    satisfy(move |c| c != delim),
                ))),
                opt(nchar(delim)),
            ),
        )
        .parse(input)?;
        Ok((rest, (chars.into_iter().collect(), close.is_some())))
    }
}

enum Lexeme {
    Single(char),
    Quoted(char, String, bool),
    Int(String),
    Word(String),
}

fn lexeme(input: &str) -> IResult<&str, Lexeme> {
    alt((
        one_of("<>(),.").map(Lexeme::Single),
        quoted('\'').map(|(s, closed)| Lexeme::Quoted('\'', s, closed)),
        quoted('`').map(|(s, closed)| Lexeme::Quoted('`', s, closed)),
        digit1.map(|d: &str| Lexeme::Int(d.to_string())),
        take_till1(is_delimiter).map(|w: &str| Lexeme::Word(w.to_string())),
    ))
    .parse(input)
}

fn lex(input: &str) -> Vec<Token> {
    let total_utf16 = java::utf16_len(input);
    let mut tokens = Vec::new();
    let mut rest = input;
    let mut pos = 0usize; // UTF-16 offset of `rest`
    loop {
        let skipped: IResult<&str, &str> = take_while(java::is_whitespace).parse(rest);
        if let Ok((r, ws)) = skipped {
            pos += java::utf16_len(ws);
            rest = r;
        }
        if rest.is_empty() {
            break;
        }
        let Ok((r, lx)) = lexeme(rest) else {
            // Unreachable: every non-whitespace character starts some lexeme.
            break;
        };
        let consumed = &rest[..rest.len() - r.len()];
        let end = pos + java::utf16_len(consumed);
        let last = end.saturating_sub(1);
        let token = match lx {
            Lexeme::Single(c) => Token {
                ty: match c {
                    '<' => TokenType::BeginSubtype,
                    '>' => TokenType::EndSubtype,
                    '(' => TokenType::BeginParameter,
                    ')' => TokenType::EndParameter,
                    ',' => TokenType::ListSeparator,
                    _ => TokenType::IdentifierSeparator,
                },
                cursor: pos,
                value: c.to_string(),
            },
            Lexeme::Quoted(d, s, closed) => Token {
                ty: if d == '\'' {
                    TokenType::LiteralString
                } else {
                    TokenType::Identifier
                },
                cursor: if closed { last } else { total_utf16 },
                value: s,
            },
            Lexeme::Int(d) => Token {
                ty: TokenType::LiteralInt,
                cursor: last,
                value: d,
            },
            Lexeme::Word(w) => {
                let upper = w.to_uppercase();
                if TYPE_NAMES.contains(&upper.as_str()) || OTHER_KEYWORDS.contains(&upper.as_str())
                {
                    Token {
                        ty: TokenType::Keyword,
                        cursor: last,
                        value: upper,
                    }
                } else {
                    Token {
                        ty: TokenType::Identifier,
                        cursor: last,
                        value: w,
                    }
                }
            }
        };
        tokens.push(token);
        pos = end;
        rest = r;
    }
    tokens
}

// ------------------------------------------------------------------------------------------
// Token parser
// ------------------------------------------------------------------------------------------

type PResult<T> = Result<T, ParseTypeError>;

struct TokenParser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    last_valid: isize,
    current: isize,
}

impl TokenParser<'_> {
    fn last_cursor(&self) -> usize {
        if self.last_valid < 0 {
            return 0;
        }
        self.tokens
            .get(self.last_valid as usize)
            .map(|t| t.cursor + 1)
            .unwrap_or(0)
    }

    fn error(&self, cause: impl Into<String>) -> ParseTypeError {
        ParseTypeError::Syntax {
            position: self.last_cursor(),
            cause: cause.into(),
            input: self.input.to_string(),
        }
    }

    fn invalid(&self, error: TypeError) -> ParseTypeError {
        ParseTypeError::Invalid {
            error,
            position: self.last_cursor(),
        }
    }

    fn token(&self) -> &Token {
        // `current` is always a valid index when this is called (after a successful next()).
        &self.tokens[self.current as usize]
    }

    fn has_remaining(&self) -> bool {
        ((self.current + 1) as usize) < self.tokens.len()
    }

    fn next(&mut self) -> PResult<()> {
        self.current += 1;
        if self.current as usize >= self.tokens.len() {
            return Err(self.error("Unexpected end."));
        }
        self.last_valid = self.current - 1;
        Ok(())
    }

    fn next_of(&mut self, ty: TokenType) -> PResult<()> {
        self.next()?;
        let actual = self.token().ty;
        if actual != ty {
            return Err(self.error(format!(
                "<{}> expected but was <{}>.",
                ty.name(),
                actual.name()
            )));
        }
        Ok(())
    }

    /// [`Self::next_keyword`] for each of `keywords` in turn.
    fn next_keywords(&mut self, keywords: &[&str]) -> PResult<()> {
        keywords.iter().try_for_each(|k| self.next_keyword(k))
    }

    fn next_keyword(&mut self, keyword: &str) -> PResult<()> {
        self.next_of(TokenType::Keyword)?;
        if self.token().value != keyword {
            return Err(self.error(format!(
                "Keyword '{}' expected but was '{}'.",
                keyword,
                self.token().value
            )));
        }
        Ok(())
    }

    fn peek(&self, ahead: usize) -> Option<&Token> {
        let idx = self.current + 1 + ahead as isize;
        if idx < 0 {
            return None;
        }
        self.tokens.get(idx as usize)
    }

    fn has_next(&self, ty: TokenType) -> bool {
        self.peek(0).is_some_and(|t| t.ty == ty)
    }

    fn has_next_keywords(&self, keywords: &[&str]) -> bool {
        keywords.iter().enumerate().all(|(i, k)| {
            self.peek(i)
                .is_some_and(|t| t.ty == TokenType::Keyword && t.value == *k)
        })
    }

    fn token_as_int(&self) -> PResult<u64> {
        match self.token().value.parse::<u64>() {
            Ok(v) if v <= u64::from(MAX_LENGTH) => Ok(v),
            _ => Err(self.error("Invalid integer value.")),
        }
    }

    fn parse_tokens(&mut self) -> PResult<DataType> {
        let t = self.parse_type_with_nullability()?;
        if self.has_remaining() {
            self.next()?;
            return Err(self.error(format!("Unexpected token: {}", self.token().value)));
        }
        Ok(t)
    }

    fn parse_nullability(&mut self) -> PResult<bool> {
        if self.has_next_keywords(&["NOT", "NULL"]) {
            self.next_keyword("NOT")?;
            self.next_keyword("NULL")?;
            Ok(false)
        } else if self.has_next_keywords(&["NULL"]) {
            self.next_keyword("NULL")?;
            Ok(true)
        } else {
            Ok(true)
        }
    }

    fn copy(&self, t: DataType, nullable: bool) -> PResult<DataType> {
        if matches!(t.logical, LogicalType::Null) && !nullable {
            return Err(self.invalid(TypeError::NotNullNull));
        }
        Ok(t.with_nullability(nullable))
    }

    fn parse_type_with_nullability(&mut self) -> PResult<DataType> {
        let base = if self.has_next(TokenType::Identifier) {
            self.parse_type_by_identifier()?
        } else {
            self.parse_type_by_keyword()?
        };
        let nullable = self.parse_nullability()?;
        let t = self.copy(base, nullable)?;
        if self.has_next_keywords(&["ARRAY"]) {
            self.next_keyword("ARRAY")?;
            let n = self.parse_nullability()?;
            return Ok(DataType::array(t).with_nullability(n));
        } else if self.has_next_keywords(&["MULTISET"]) {
            self.next_keyword("MULTISET")?;
            let n = self.parse_nullability()?;
            return Ok(DataType::multiset(t).with_nullability(n));
        }
        Ok(t)
    }

    fn parse_type_by_keyword(&mut self) -> PResult<DataType> {
        self.next_of(TokenType::Keyword)?;
        let kw = self.token().value.to_string();
        let t = match kw.as_str() {
            "CHAR" | "VARCHAR" | "BINARY" | "VARBINARY" => {
                let n = self.parse_string_length()?.unwrap_or(1);
                let (zero, make): (TypeError, fn(u32) -> DataType) = match kw.as_str() {
                    "CHAR" => (TypeError::CharLength, DataType::char),
                    "VARCHAR" => (TypeError::VarCharLength, DataType::varchar),
                    "BINARY" => (TypeError::BinaryLength, DataType::binary),
                    _ => (TypeError::VarBinaryLength, DataType::varbinary),
                };
                make(validate::check_length(n, zero).map_err(|e| self.invalid(e))?)
            }
            "STRING" => DataType::string(),
            "BOOLEAN" => DataType::boolean(),
            "BYTES" => DataType::bytes(),
            "DECIMAL" | "NUMERIC" | "DEC" => self.parse_decimal()?,
            "TINYINT" => DataType::tinyint(),
            "SMALLINT" => DataType::smallint(),
            "INT" | "INTEGER" => DataType::int(),
            "BIGINT" => DataType::bigint(),
            "FLOAT" => DataType::float(),
            "DOUBLE" => {
                if self.has_next_keywords(&["PRECISION"]) {
                    self.next_keyword("PRECISION")?;
                }
                DataType::double()
            }
            "DATE" => DataType::date(),
            "TIME" => self.parse_time()?,
            "TIMESTAMP" => self.parse_timestamp()?,
            "TIMESTAMP_LTZ" => {
                let p = self.parse_optional_precision(6)?;
                let p = validate::check_time_precision(p, TypeError::LocalZonedTimestampPrecision)
                    .map_err(|e| self.invalid(e))?;
                DataType::timestamp_ltz(p)
            }
            "INTERVAL" => self.parse_interval()?,
            "ARRAY" => {
                self.next_of(TokenType::BeginSubtype)?;
                let e = self.parse_type_with_nullability()?;
                self.next_of(TokenType::EndSubtype)?;
                DataType::array(e)
            }
            "MULTISET" => {
                self.next_of(TokenType::BeginSubtype)?;
                let e = self.parse_type_with_nullability()?;
                self.next_of(TokenType::EndSubtype)?;
                DataType::multiset(e)
            }
            "MAP" => {
                self.next_of(TokenType::BeginSubtype)?;
                let k = self.parse_type_with_nullability()?;
                self.next_of(TokenType::ListSeparator)?;
                let v = self.parse_type_with_nullability()?;
                self.next_of(TokenType::EndSubtype)?;
                DataType::map(k, v)
            }
            "ROW" => self.parse_row()?,
            "STRUCTURED" => self.parse_structured()?,
            "NULL" => DataType::null(),
            "RAW" => self.parse_raw()?,
            "LEGACY" => self.parse_legacy()?,
            "DESCRIPTOR" => DataType::new(LogicalType::Descriptor),
            "VARIANT" => DataType::new(LogicalType::Variant),
            "BITMAP" => DataType::new(LogicalType::Bitmap),
            other => return Err(self.error(format!("Unsupported type: {other}"))),
        };
        Ok(t)
    }

    fn parse_type_by_identifier(&mut self) -> PResult<DataType> {
        self.next_of(TokenType::Identifier)?;
        let mut parts = vec![self.token().value.to_string()];
        for _ in 0..2 {
            if self.has_next(TokenType::IdentifierSeparator) {
                self.next_of(TokenType::IdentifierSeparator)?;
                self.next_of(TokenType::Identifier)?;
                parts.push(self.token().value.to_string());
            }
        }
        Ok(DataType::new(LogicalType::Unresolved { parts }))
    }

    /// `(n)` after CHAR/VARCHAR/BINARY/VARBINARY, if present.
    fn parse_string_length(&mut self) -> PResult<Option<u64>> {
        if self.has_next(TokenType::BeginParameter) {
            self.next_of(TokenType::BeginParameter)?;
            self.next_of(TokenType::LiteralInt)?;
            let n = self.token_as_int()?;
            self.next_of(TokenType::EndParameter)?;
            return Ok(Some(n));
        }
        Ok(None)
    }

    fn parse_decimal(&mut self) -> PResult<DataType> {
        let mut precision = u64::from(validate::DEFAULT_DECIMAL_PRECISION);
        let mut scale = 0;
        if self.has_next(TokenType::BeginParameter) {
            self.next_of(TokenType::BeginParameter)?;
            self.next_of(TokenType::LiteralInt)?;
            precision = self.token_as_int()?;
            if self.has_next(TokenType::ListSeparator) {
                self.next_of(TokenType::ListSeparator)?;
                self.next_of(TokenType::LiteralInt)?;
                scale = self.token_as_int()?;
            }
            self.next_of(TokenType::EndParameter)?;
        }
        let (p, s) = validate::check_decimal(precision, scale).map_err(|e| self.invalid(e))?;
        Ok(DataType::decimal(p, s))
    }

    fn parse_optional_precision(&mut self, default: u64) -> PResult<u64> {
        if self.has_next(TokenType::BeginParameter) {
            self.next_of(TokenType::BeginParameter)?;
            self.next_of(TokenType::LiteralInt)?;
            let p = self.token_as_int()?;
            self.next_of(TokenType::EndParameter)?;
            return Ok(p);
        }
        Ok(default)
    }

    fn parse_time(&mut self) -> PResult<DataType> {
        let p = self.parse_optional_precision(0)?;
        if self.has_next_keywords(&["WITHOUT"]) {
            self.next_keywords(&["WITHOUT", "TIME", "ZONE"])?;
        }
        let p = validate::check_time_precision(p, TypeError::TimePrecision)
            .map_err(|e| self.invalid(e))?;
        Ok(DataType::time(p))
    }

    fn parse_timestamp(&mut self) -> PResult<DataType> {
        let p = self.parse_optional_precision(6)?;
        if self.has_next_keywords(&["WITHOUT"]) {
            self.next_keywords(&["WITHOUT", "TIME", "ZONE"])?;
        } else if self.has_next_keywords(&["WITH"]) {
            self.next_keyword("WITH")?;
            if self.has_next_keywords(&["LOCAL"]) {
                self.next_keywords(&["LOCAL", "TIME", "ZONE"])?;
                let p = validate::check_time_precision(p, TypeError::LocalZonedTimestampPrecision)
                    .map_err(|e| self.invalid(e))?;
                return Ok(DataType::timestamp_ltz(p));
            }
            self.next_keywords(&["TIME", "ZONE"])?;
            let p = validate::check_time_precision(p, TypeError::ZonedTimestampPrecision)
                .map_err(|e| self.invalid(e))?;
            return Ok(DataType::timestamp_tz(p));
        }
        let p = validate::check_time_precision(p, TypeError::TimestampPrecision)
            .map_err(|e| self.invalid(e))?;
        Ok(DataType::timestamp(p))
    }

    fn parse_interval(&mut self) -> PResult<DataType> {
        self.next_of(TokenType::Keyword)?;
        let kw = self.token().value.to_string();
        match kw.as_str() {
            "YEAR" | "MONTH" => self.parse_year_month(&kw),
            "DAY" | "HOUR" | "MINUTE" | "SECOND" => self.parse_day_time(&kw),
            _ => Err(self.error("Invalid interval resolution.")),
        }
    }

    fn parse_year_month(&mut self, kw: &str) -> PResult<DataType> {
        let default = u64::from(validate::DEFAULT_YEAR_PRECISION);
        let (resolution, p) = if kw == "YEAR" {
            let p = self.parse_optional_precision(default)?;
            if self.has_next_keywords(&["TO"]) {
                self.next_keyword("TO")?;
                self.next_keyword("MONTH")?;
                (YearMonthResolution::YearToMonth, p)
            } else {
                (YearMonthResolution::Year, p)
            }
        } else {
            (YearMonthResolution::Month, default)
        };
        let year_precision =
            validate::check_year_month_interval(resolution, p).map_err(|e| self.invalid(e))?;
        Ok(DataType::new(LogicalType::IntervalYearMonth {
            resolution,
            year_precision,
        }))
    }

    fn parse_day_time(&mut self, kw: &str) -> PResult<DataType> {
        use DayTimeResolution as R;
        let mut day = u64::from(validate::DEFAULT_DAY_PRECISION);
        let mut frac = u64::from(validate::DEFAULT_FRACTIONAL_PRECISION);
        if kw == "DAY" {
            day = self.parse_optional_precision(day)?;
        }
        let resolution = if kw == "SECOND" {
            frac = self.parse_optional_precision(frac)?;
            R::Second
        } else if self.has_next_keywords(&["TO"]) {
            self.next_keyword("TO")?;
            // After MINUTE only SECOND may follow (Flink expects that keyword); after DAY and
            // HOUR, a smaller unit.
            if kw == "MINUTE" {
                self.next_keyword("SECOND")?;
            } else {
                self.next_of(TokenType::Keyword)?;
            }
            let resolution = match (kw, self.token().value.as_str()) {
                ("DAY", "HOUR") => R::DayToHour,
                ("DAY", "MINUTE") => R::DayToMinute,
                ("DAY", "SECOND") => R::DayToSecond,
                ("HOUR", "MINUTE") => R::HourToMinute,
                ("HOUR", "SECOND") => R::HourToSecond,
                ("MINUTE", "SECOND") => R::MinuteToSecond,
                _ => return Err(self.error("Invalid day-time interval resolution.")),
            };
            if self.token().value == "SECOND" {
                frac = self.parse_optional_precision(frac)?;
            }
            resolution
        } else {
            match kw {
                "DAY" => R::Day,
                "HOUR" => R::Hour,
                _ => R::Minute,
            }
        };
        let (day_precision, fractional_precision) =
            validate::check_day_time_interval(resolution, day, frac)
                .map_err(|e| self.invalid(e))?;
        Ok(DataType::new(LogicalType::IntervalDayTime {
            resolution,
            day_precision,
            fractional_precision,
        }))
    }

    fn parse_fields(&mut self, end: TokenType) -> PResult<Vec<RowField>> {
        let mut fields = Vec::new();
        let mut first = true;
        while !self.has_next(end) {
            if first {
                first = false;
            } else {
                self.next_of(TokenType::ListSeparator)?;
            }
            self.next_of(TokenType::Identifier)?;
            let name = CompactString::from(self.token().value.as_str());
            let data_type = self.parse_type_with_nullability()?;
            let description = if self.has_next(TokenType::LiteralString) {
                self.next_of(TokenType::LiteralString)?;
                Some(Box::from(self.token().value.as_str()))
            } else {
                None
            };
            fields.push(RowField {
                name,
                data_type,
                description,
            });
        }
        Ok(fields)
    }

    fn parse_row(&mut self) -> PResult<DataType> {
        let fields = if self.has_next(TokenType::BeginParameter) {
            self.next_of(TokenType::BeginParameter)?;
            let f = self.parse_fields(TokenType::EndParameter)?;
            self.next_of(TokenType::EndParameter)?;
            f
        } else {
            self.next_of(TokenType::BeginSubtype)?;
            let f = self.parse_fields(TokenType::EndSubtype)?;
            self.next_of(TokenType::EndSubtype)?;
            f
        };
        validate::check_field_names(fields.iter().map(|f| f.name.as_str()))
            .map_err(|e| self.invalid(e))?;
        Ok(DataType::row(fields))
    }

    fn parse_structured(&mut self) -> PResult<DataType> {
        self.next_of(TokenType::BeginSubtype)?;
        self.next_of(TokenType::LiteralString)?;
        let class_name = self.token().value.to_string();
        let attributes = if self.has_next(TokenType::ListSeparator) {
            self.next_of(TokenType::ListSeparator)?;
            self.parse_fields(TokenType::EndSubtype)?
        } else {
            Vec::new()
        };
        self.next_of(TokenType::EndSubtype)?;
        validate::check_class_name(&class_name).map_err(|e| self.invalid(e))?;
        Ok(DataType::new(LogicalType::Structured {
            class_name: Box::new(class_name),
            attributes: Box::new(attributes),
        }))
    }

    /// `('a', 'b')`: the two string parameters of RAW and LEGACY.
    fn parse_two_strings(&mut self) -> PResult<(String, String)> {
        self.next_of(TokenType::BeginParameter)?;
        self.next_of(TokenType::LiteralString)?;
        let first = self.token().value.to_string();
        self.next_of(TokenType::ListSeparator)?;
        self.next_of(TokenType::LiteralString)?;
        let second = self.token().value.to_string();
        self.next_of(TokenType::EndParameter)?;
        Ok((first, second))
    }

    fn parse_raw(&mut self) -> PResult<DataType> {
        let (class_name, snapshot) = self.parse_two_strings()?;
        validate::check_raw(&class_name, &snapshot).map_err(|e| self.invalid(e))?;
        Ok(DataType::new(LogicalType::Raw {
            class_name: Box::new(class_name),
            snapshot: Box::new(snapshot),
        }))
    }

    fn parse_legacy(&mut self) -> PResult<DataType> {
        let (root, type_info) = self.parse_two_strings()?;
        match LogicalTypeRoot::from_name(&root) {
            Some(type_root) => Ok(DataType::new(LogicalType::Legacy {
                type_root,
                type_info,
            })),
            None => Err(self.error(format!(
                "Unable to restore the Legacy type of '{type_info}' with type root '{root}'."
            ))),
        }
    }
}
