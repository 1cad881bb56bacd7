//! The catalogue of diagnostic codes: every code is registered here once, with its stage,
//! default severity, title and explanation. Docs and `flinkddl explain` are generated from it.

use crate::{Severity, Stage};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What the catalogue knows about one code.
#[derive(Debug, Clone, Copy)]
pub struct CodeInfo {
    /// The stable code, e.g. `S005`.
    pub code: &'static str,
    /// A kebab-case name that says what is wrong, e.g. `unexpected-token`.
    pub name: &'static str,
    pub stage: Stage,
    pub severity: Severity,
    /// One line, used as the primary label.
    pub title: &'static str,
    /// What the rule means and how to fix it (Markdown).
    pub explanation: &'static str,
}

macro_rules! catalogue {
    ($( $variant:ident = $code:literal, $name:literal, $stage:ident, $sev:ident, $title:literal, $expl:literal; )*) => {
        /// A stable diagnostic code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $( $variant, )* }

        impl Code {
            pub const ALL: &'static [Code] = &[ $( Code::$variant, )* ];

            pub fn info(self) -> &'static CodeInfo {
                match self {
                    $( Code::$variant => &CodeInfo {
                        code: $code, name: $name, stage: Stage::$stage, severity: Severity::$sev,
                        title: $title, explanation: $expl,
                    }, )*
                }
            }
        }
    };
}

catalogue! {
    InvalidCharacter = "S001", "invalid-character", Syntax, Error,
        "character not allowed here",
        "Flink's lexer accepts only the characters of SQL tokens, white space and comments outside \
         string literals and quoted identifiers. Remove the character or put it inside a string.";
    UnterminatedString = "S002", "unterminated-string", Syntax, Error,
        "string literal is not closed",
        "A string literal starts with `'` and ends at the next `'` that is not doubled. Write `''` \
         for a quote inside the string and close the literal.";
    UnterminatedIdentifier = "S003", "unterminated-identifier", Syntax, Error,
        "quoted identifier is not closed",
        "A quoted identifier starts with a back-tick and ends at the next back-tick that is not \
         doubled. Write ``` `` ``` for a back-tick inside the name and close the identifier.";
    UnterminatedComment = "S004", "unterminated-comment", Syntax, Error,
        "block comment is not closed",
        "A `/*` comment runs to the next `*/`; comments do not nest. Close the comment.";
    UnexpectedToken = "S005", "unexpected-token", Syntax, Error,
        "unexpected token",
        "The parser met a token that Flink's grammar does not allow at this point. The message \
         lists what would be allowed.";
    UnexpectedEnd = "S006", "unexpected-end", Syntax, Error,
        "statement ends too early",
        "The statement stops before it is complete: a closing parenthesis, a type or a clause is \
         missing.";
    ClauseOutOfOrder = "S007", "clause-out-of-order", Syntax, Error,
        "clause out of order",
        "Flink takes the clauses of CREATE TABLE in a fixed order: the column list, COMMENT, \
         DISTRIBUTED BY/INTO, PARTITIONED BY, WITH, then LIKE or AS. Move the clause to its place.";
    MultipleWatermarks = "S008", "multiple-watermarks", Syntax, Error,
        "second WATERMARK declaration",
        "Flink allows one WATERMARK declaration per table (\"Multiple WATERMARK declarations are not \
         supported yet.\"). Keep one.";
    SubqueryInExpression = "S009", "subquery-in-expression", Syntax, Error,
        "query in an expression",
        "Computed columns and watermarks take scalar expressions only; Flink rejects a sub-query \
         there (\"Query expression encountered in illegal context\").";
    ColumnsWithoutTypes = "S010", "columns-without-types", Syntax, Error,
        "column without a type",
        "A column list of bare names is allowed only in CREATE TABLE ... AS and REPLACE TABLE ... AS \
         (\"Columns identifiers without types in the schema are supported on CTAS/RTAS statements \
         only.\"). Give every column a type.";
    NumberOutOfRange = "S011", "number-out-of-range", Syntax, Error,
        "number out of range",
        "Flink reads this number as a Java `int` and it does not fit (at most 2147483647).";
    BucketCountNotPositive = "S012", "bucket-count-not-positive", Syntax, Error,
        "bucket count must be a positive integer",
        "`INTO n BUCKETS` takes a positive whole number (\"Bucket count must be a positive \
         integer.\").";
    NestingTooDeep = "S013", "nesting-too-deep", Syntax, Error,
        "nesting too deep",
        "Expressions, types and parentheses may nest at most 256 levels deep in flinkddl; deeper \
         input is rejected instead of exhausting the stack.";
    ReservedWord = "S014", "reserved-word", Syntax, Error,
        "reserved word used as a name",
        "This word is reserved in Flink SQL and cannot be a name unless it is quoted with \
         back-ticks, e.g. `` `value` ``.";
    InvalidLiteral = "S015", "invalid-literal", Syntax, Error,
        "invalid literal",
        "The literal is malformed: a binary string must hold an even number of hexadecimal digits, \
         a Unicode string must use valid escapes.";
    IdentifierTooLong = "S016", "identifier-too-long", Syntax, Error,
        "identifier too long",
        "Flink limits identifiers to 256 characters.";
    UnsupportedStatement = "S017", "unsupported-statement", Syntax, Error,
        "statement not supported",
        "Flink's parser does not support this statement or this form of it.";
    CommentBeforeCommand = "S019", "comment-before-command", Syntax, Warning,
        "comment inside a client command",
        "Flink reads SET, RESET, QUIT, HELP and CLEAR with a regular expression over the whole \
         statement text. Through `TableEnvironment.executeSql` a comment before the command is \
         part of that text, the expression does not match and the statement fails to parse; the \
         SQL client strips comments first. Quote the key and value, or move the comment.";
    OverwriteWithoutInsert = "S018", "overwrite-not-insert", Syntax, Error,
        "OVERWRITE outside INSERT",
        "\"OVERWRITE expression is only used with INSERT statement.\"";
}

impl Code {
    pub fn as_str(self) -> &'static str {
        self.info().code
    }

    /// Looks a code up by its code (`S005`) or its name (`unexpected-token`).
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.info().code.eq_ignore_ascii_case(text) || c.info().name == text)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Code::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown code {text}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            assert!(
                seen.insert(c.info().code),
                "duplicate code {}",
                c.info().code
            );
            assert!(
                seen.insert(c.info().name),
                "duplicate name {}",
                c.info().name
            );
            assert_eq!(Code::parse(c.info().name), Some(*c));
        }
    }
}
