//! Shared test helpers: fixture loading and a small SQL-DDL type-string parser that builds
//! `DdlType` trees (a stand-in for the syntax crate's parser, so the DDL rules can be checked
//! against the oracle's labels on their own).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use flinkddl_diagnostics::Span;
use flinkddl_types::ddl::{DdlBuiltin, DdlField, DdlParam, DdlType, DdlTypeKind};
use flinkddl_types::DataType;
use serde_json::Value;
use std::path::PathBuf;

/// `fixtures/types/<name>` in this repository.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/types")
        .join(name)
}

/// The shared folder beside the repository (`FLINKDDL_SHARED` overrides), if present.
pub fn shared_dir() -> Option<PathBuf> {
    let p = match std::env::var_os("FLINKDDL_SHARED") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    };
    p.is_dir().then_some(p)
}

/// What Flink printed for a type: its summary and serializable strings (or, instead of the
/// latter, the error it raised), its root, nullability and default conversion class.
pub struct Recorded<'a> {
    pub summary: &'a str,
    pub serializable: Option<&'a str>,
    pub serializable_error: &'a str,
    /// Whether the error is recorded inside a longer message that ends with it (an exception
    /// chain), rather than alone.
    pub error_in_chain: bool,
    pub root: &'a str,
    pub nullable: bool,
    pub conversion: Option<&'a str>,
}

/// `t` against what Flink printed for it.
pub fn check_recorded(t: &DataType, flink: &Recorded<'_>) -> Result<(), String> {
    if t.summary_string() != flink.summary {
        return Err(format!(
            "summary {:?} vs {:?}",
            t.summary_string(),
            flink.summary
        ));
    }
    match (t.serializable_string(), flink.serializable) {
        (Ok(ours), Some(theirs)) if ours == theirs => {}
        (Err(e), None) => {
            let (ours, theirs) = (e.to_string(), flink.serializable_error);
            let same = if flink.error_in_chain {
                theirs.ends_with(&ours)
            } else {
                theirs == ours
            };
            if !same {
                return Err(format!("serializable error {ours} vs {theirs}"));
            }
        }
        (ours, theirs) => return Err(format!("serializable {ours:?} vs {theirs:?}")),
    }
    if t.type_root().as_str() != flink.root {
        return Err(format!("root {}", t.type_root()));
    }
    if t.nullable != flink.nullable {
        return Err("nullable".into());
    }
    if t.java_conversion_class().as_deref() != flink.conversion {
        return Err(format!("conversion {:?}", t.java_conversion_class()));
    }
    Ok(())
}

pub fn read_jsonl(path: &std::path::Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

// ---------------------------------------------------------------------------------------
// A minimal DDL type parser (test scaffolding only).
// ---------------------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word(String),
    Quoted(String),
    Str(String),
    Int(String),
    Punct(char),
}

#[derive(Debug, Clone)]
struct T {
    tok: Tok,
    span: Span,
}

fn sp(a: usize, b: usize) -> Span {
    Span::new(a as u32, b as u32)
}

fn lex(s: &str) -> Result<Vec<T>, String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = s[i..].chars().next().unwrap();
        if c.is_whitespace() {
            i += c.len_utf8();
        } else if s[i..].starts_with("--") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if s[i..].starts_with("/*") {
            let end = s[i + 2..].find("*/").ok_or("unterminated comment")?;
            i += 2 + end + 2;
        } else if c == '`' || c == '\'' {
            let start = i;
            i += 1;
            let mut v = String::new();
            loop {
                let Some(ch) = s[i..].chars().next() else {
                    return Err("unterminated quote".into());
                };
                if ch == c {
                    if s[i + 1..].starts_with(c) {
                        v.push(c);
                        i += 2;
                        continue;
                    }
                    i += 1;
                    break;
                }
                v.push(ch);
                i += ch.len_utf8();
            }
            if c == '`' && v.is_empty() {
                return Err("empty quoted identifier".into());
            }
            let tok = if c == '`' {
                Tok::Quoted(v)
            } else {
                Tok::Str(v)
            };
            out.push(T {
                tok,
                span: sp(start, i),
            });
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(T {
                tok: Tok::Int(s[start..i].to_string()),
                span: sp(start, i),
            });
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let start = i;
            while i < b.len() {
                let ch = s[i..].chars().next().unwrap();
                if ch.is_alphanumeric() || ch == '_' || ch == '$' {
                    i += ch.len_utf8();
                } else {
                    break;
                }
            }
            out.push(T {
                tok: Tok::Word(s[start..i].to_string()),
                span: sp(start, i),
            });
        } else if "<>(),.-".contains(c) {
            out.push(T {
                tok: Tok::Punct(c),
                span: sp(i, i + 1),
            });
            i += 1;
        } else {
            return Err(format!("unexpected character {c:?}"));
        }
    }
    Ok(out)
}

/// Words that cannot be field names or user-defined type names without quotes (a subset of
/// Flink's reserved words, enough for the fixtures).
const RESERVED: &[&str] = &[
    "VALUE",
    "TIME",
    "TIMESTAMP",
    "DATE",
    "INTERVAL",
    "NULL",
    "NOT",
    "ARRAY",
    "MULTISET",
    "MAP",
    "ROW",
    "CHAR",
    "VARCHAR",
    "INT",
    "INTEGER",
    "BOOLEAN",
    "DECIMAL",
    "DOUBLE",
    "FLOAT",
    "BINARY",
    "VARBINARY",
    "SMALLINT",
    "TINYINT",
    "BIGINT",
    "REAL",
    "NUMERIC",
    "DEC",
    "CHARACTER",
    "WITH",
    "WITHOUT",
    "RAW",
    "STRING",
    "BYTES",
];

struct P {
    toks: Vec<T>,
    pos: usize,
    end: usize,
}

impl P {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }
    fn peek_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x.eq_ignore_ascii_case(w))
    }
    fn peek_word_at(&self, off: usize, w: &str) -> bool {
        matches!(self.toks.get(self.pos + off).map(|t| &t.tok), Some(Tok::Word(x)) if x.eq_ignore_ascii_case(w))
    }
    fn peek_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(Tok::Punct(x)) if *x == c)
    }
    /// Steps over the word `w` when it is next.
    fn eat_word(&mut self, w: &str) -> bool {
        let found = self.peek_word(w);
        if found {
            self.pos += 1;
        }
        found
    }
    /// Steps over the punctuation `c` when it is next.
    fn eat_punct(&mut self, c: char) -> bool {
        let found = self.peek_punct(c);
        if found {
            self.pos += 1;
        }
        found
    }
    fn span_here(&self) -> Span {
        self.toks
            .get(self.pos)
            .map(|t| t.span)
            .unwrap_or(sp(self.end, self.end))
    }
    fn prev_end(&self) -> u32 {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end
        }
    }
    fn bump(&mut self) -> Result<T, String> {
        let t = self.toks.get(self.pos).cloned().ok_or("unexpected end")?;
        self.pos += 1;
        Ok(t)
    }
    fn expect_punct(&mut self, c: char) -> Result<(), String> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(format!("expected {c:?} at {:?}", self.span_here()))
        }
    }
    fn expect_word(&mut self, w: &str) -> Result<(), String> {
        if self.eat_word(w) {
            Ok(())
        } else {
            Err(format!("expected {w}"))
        }
    }

    fn nullability(&mut self) -> Result<Option<bool>, String> {
        if self.peek_word("NOT") && self.peek_word_at(1, "NULL") {
            self.pos += 2;
            Ok(Some(true))
        } else if self.eat_word("NULL") {
            Ok(Some(false))
        } else {
            Ok(None)
        }
    }

    fn parse_type(&mut self) -> Result<DdlType, String> {
        let start = self.span_here().start;
        let mut t = self.parse_base()?;
        loop {
            let nn = self.nullability()?;
            let element_end = self.prev_end();
            let coll = if self.peek_word("ARRAY") {
                Some(true)
            } else if self.peek_word("MULTISET") {
                Some(false)
            } else {
                None
            };
            match coll {
                Some(is_array) => {
                    self.pos += 1;
                    t.not_null = nn;
                    t.span = sp(t.span.start as usize, element_end as usize);
                    let element = Box::new(t);
                    let kind = if is_array {
                        DdlTypeKind::Array { element }
                    } else {
                        DdlTypeKind::Multiset { element }
                    };
                    t = DdlType {
                        span: sp(start as usize, self.prev_end() as usize),
                        kind,
                        not_null: None,
                    };
                }
                None => {
                    t.not_null = nn;
                    t.span = sp(start as usize, self.prev_end() as usize);
                    return Ok(t);
                }
            }
        }
    }

    fn params(&mut self, max: usize) -> Result<Vec<DdlParam>, String> {
        let mut out = Vec::new();
        if !self.peek_punct('(') {
            return Ok(out);
        }
        self.pos += 1;
        loop {
            let t = self.bump()?;
            let Tok::Int(text) = t.tok else {
                return Err("expected integer".into());
            };
            out.push(DdlParam {
                value: text.parse::<u64>().ok(),
                text: Some(text.trim_start_matches('0').to_string()).map(|s| {
                    if s.is_empty() {
                        "0".to_string()
                    } else {
                        s
                    }
                }),
                span: t.span,
            });
            if out.len() < max && self.peek_punct(',') {
                self.pos += 1;
                continue;
            }
            break;
        }
        self.expect_punct(')')?;
        Ok(out)
    }

    fn no_params(&self) -> Result<(), String> {
        if self.peek_punct('(') {
            Err("unexpected (".into())
        } else {
            Ok(())
        }
    }

    fn builtin(
        &mut self,
        name: DdlBuiltin,
        start: Span,
        max: usize,
    ) -> Result<DdlTypeKind, String> {
        let params = if max == 0 {
            self.no_params()?;
            Vec::new()
        } else {
            self.params(max)?
        };
        Ok(DdlTypeKind::Builtin {
            name,
            name_span: start,
            params,
        })
    }

    fn time_zone_suffix(&mut self) -> Result<Option<bool>, String> {
        // Some(true) = WITH LOCAL TIME ZONE, Some(false) = WITHOUT TIME ZONE
        if self.eat_word("WITHOUT") {
            self.expect_word("TIME")?;
            self.expect_word("ZONE")?;
            return Ok(Some(false));
        }
        if self.eat_word("WITH") {
            self.expect_word("LOCAL")?;
            self.expect_word("TIME")?;
            self.expect_word("ZONE")?;
            return Ok(Some(true));
        }
        Ok(None)
    }

    fn fields(&mut self, close: char) -> Result<Vec<DdlField>, String> {
        let mut out = Vec::new();
        if self.peek_punct(close) {
            return Ok(out);
        }
        loop {
            let t = self.bump()?;
            let name = match t.tok {
                Tok::Quoted(v) => v,
                Tok::Word(w) if !RESERVED.contains(&w.to_uppercase().as_str()) => w,
                _ => return Err("expected field name".into()),
            };
            let data_type = self.parse_type()?;
            let comment = if let Some(Tok::Str(s)) = self.peek().cloned() {
                self.pos += 1;
                Some(s)
            } else {
                None
            };
            out.push(DdlField {
                span: sp(t.span.start as usize, self.prev_end() as usize),
                name,
                name_span: t.span,
                data_type,
                comment,
            });
            if self.eat_punct(',') {
                continue;
            }
            return Ok(out);
        }
    }

    fn parse_base(&mut self) -> Result<DdlType, String> {
        let t = self.bump()?;
        let s = t.span;
        let kind = match &t.tok {
            Tok::Quoted(q) => {
                let mut parts = vec![q.clone()];
                self.dotted(&mut parts)?;
                DdlTypeKind::UserDefined {
                    parts,
                    span: sp(s.start as usize, self.prev_end() as usize),
                }
            }
            Tok::Word(w) => {
                let u = w.to_uppercase();
                match u.as_str() {
                    "CHAR" | "CHARACTER" | "VARCHAR" => {
                        let varying = u == "VARCHAR" || self.eat_word("VARYING");
                        let name = if varying {
                            DdlBuiltin::Varchar
                        } else {
                            DdlBuiltin::Char
                        };
                        let k = self.builtin(name, s, 1)?;
                        // `CHARACTER SET name` is read and dropped.
                        if self.peek_word("CHARACTER") && self.peek_word_at(1, "SET") {
                            self.pos += 3;
                        }
                        k
                    }
                    "STRING" => self.builtin(DdlBuiltin::String, s, 0)?,
                    "BOOLEAN" => self.builtin(DdlBuiltin::Boolean, s, 0)?,
                    "BINARY" => {
                        if self.eat_word("VARYING") {
                            self.builtin(DdlBuiltin::Varbinary, s, 1)?
                        } else {
                            self.builtin(DdlBuiltin::Binary, s, 1)?
                        }
                    }
                    "VARBINARY" => self.builtin(DdlBuiltin::Varbinary, s, 1)?,
                    "BYTES" => self.builtin(DdlBuiltin::Bytes, s, 0)?,
                    "DECIMAL" | "DEC" | "NUMERIC" => self.builtin(DdlBuiltin::Decimal, s, 2)?,
                    "TINYINT" => self.builtin(DdlBuiltin::Tinyint, s, 0)?,
                    "SMALLINT" => self.builtin(DdlBuiltin::Smallint, s, 0)?,
                    "INT" | "INTEGER" => self.builtin(DdlBuiltin::Integer, s, 0)?,
                    "BIGINT" => self.builtin(DdlBuiltin::Bigint, s, 0)?,
                    "FLOAT" => self.builtin(DdlBuiltin::Float, s, 0)?,
                    "REAL" => self.builtin(DdlBuiltin::Real, s, 0)?,
                    "DOUBLE" => {
                        self.eat_word("PRECISION");
                        self.builtin(DdlBuiltin::Double, s, 0)?
                    }
                    "DATE" => self.builtin(DdlBuiltin::Date, s, 0)?,
                    "VARIANT" => self.builtin(DdlBuiltin::Variant, s, 0)?,
                    "BITMAP" => self.builtin(DdlBuiltin::Bitmap, s, 0)?,
                    "TIME" | "TIMESTAMP" => {
                        let params = self.params(1)?;
                        let local = self.time_zone_suffix()? == Some(true);
                        let name = match (u.as_str(), local) {
                            ("TIME", false) => DdlBuiltin::Time,
                            ("TIME", true) => DdlBuiltin::TimeWithLocalTimeZone,
                            (_, false) => DdlBuiltin::Timestamp,
                            (_, true) => DdlBuiltin::TimestampLtz,
                        };
                        DdlTypeKind::Builtin {
                            name,
                            name_span: s,
                            params,
                        }
                    }
                    "TIMESTAMP_LTZ" => self.builtin(DdlBuiltin::TimestampLtz, s, 1)?,
                    "ARRAY" | "MULTISET" => {
                        self.expect_punct('<')?;
                        let element = Box::new(self.parse_type()?);
                        self.expect_punct('>')?;
                        if u == "ARRAY" {
                            DdlTypeKind::Array { element }
                        } else {
                            DdlTypeKind::Multiset { element }
                        }
                    }
                    "MAP" => {
                        self.expect_punct('<')?;
                        let key = Box::new(self.parse_type()?);
                        self.expect_punct(',')?;
                        let value = Box::new(self.parse_type()?);
                        self.expect_punct('>')?;
                        DdlTypeKind::Map { key, value }
                    }
                    "ROW" => {
                        let close = if self.peek_punct('(') { ')' } else { '>' };
                        self.bump()?;
                        let fields = self.fields(close)?;
                        self.expect_punct(close)?;
                        DdlTypeKind::Row { fields }
                    }
                    "RAW" => {
                        self.expect_punct('(')?;
                        let Tok::Str(class_name) = self.bump()?.tok else {
                            return Err("expected string".into());
                        };
                        self.expect_punct(',')?;
                        let Tok::Str(snapshot) = self.bump()?.tok else {
                            return Err("expected string".into());
                        };
                        self.expect_punct(')')?;
                        DdlTypeKind::Raw {
                            class_name,
                            snapshot: Some(snapshot),
                        }
                    }
                    "STRUCTURED" => {
                        self.expect_punct('<')?;
                        let ct = self.bump()?;
                        let Tok::Str(class_name) = ct.tok else {
                            return Err("expected string".into());
                        };
                        let fields = if self.eat_punct(',') {
                            self.fields('>')?
                        } else {
                            Vec::new()
                        };
                        self.expect_punct('>')?;
                        DdlTypeKind::Structured {
                            class_name,
                            class_span: ct.span,
                            fields,
                        }
                    }
                    "ANY" => self.builtin(DdlBuiltin::Any, s, 0)?,
                    // reserved words of Flink's SQL parser that are not type names
                    "INTERVAL" | "NULL" | "NOT" | "BLOB" | "DATETIME" | "CLOB" | "SELECT" => {
                        return Err(format!("{u} not a type"))
                    }
                    _ => {
                        let mut parts = vec![w.clone()];
                        self.dotted(&mut parts)?;
                        DdlTypeKind::UserDefined {
                            parts,
                            span: sp(s.start as usize, self.prev_end() as usize),
                        }
                    }
                }
            }
            _ => return Err("expected a type".into()),
        };
        Ok(DdlType {
            span: sp(s.start as usize, self.prev_end() as usize),
            kind,
            not_null: None,
        })
    }

    fn dotted(&mut self, parts: &mut Vec<String>) -> Result<(), String> {
        while self.peek_punct('.') {
            self.pos += 1;
            match self.bump()?.tok {
                Tok::Word(w) => parts.push(w),
                Tok::Quoted(q) => parts.push(q),
                _ => return Err("expected name part".into()),
            }
        }
        Ok(())
    }
}

/// Parses a DDL type string (as written in a column definition). `Err` means a parse-stage
/// rejection.
pub fn parse_ddl_type(s: &str) -> Result<DdlType, String> {
    let toks = lex(s)?;
    let mut p = P {
        toks,
        pos: 0,
        end: s.len(),
    };
    let t = p.parse_type()?;
    if p.pos != p.toks.len() {
        return Err(format!("trailing input at {:?}", p.span_here()));
    }
    Ok(t)
}
