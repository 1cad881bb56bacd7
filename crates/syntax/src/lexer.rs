//! The lexer: Flink's lexical rules (Calcite with `Lex.JAVA`).
//!
//! It never fails: a character that starts no token, or a literal, quoted identifier or comment
//! that is not closed, becomes an `Error` token and a diagnostic pointing at where it starts.
//! Comments are trivia: they go to their own vector, so the parser never sees them. Hints
//! (`/*+ ... */`) are tokens, because Flink allows them only in some places.

use crate::keywords::Keyword;
use flinkddl_diagnostics::{Code, Diagnostic, Span};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TokenKind {
    /// An unquoted word: an identifier or a keyword (see [`Token::keyword`]).
    Word,
    /// `` `name` `` with doubled back-ticks inside.
    QuotedIdent,
    /// `'text'`, also `N'text'` and `_charset'text'`.
    String,
    /// `U&'text'`
    UnicodeString,
    /// `X'0AFF'`
    BinaryString,
    /// `"text"`: not an identifier quote in Flink; the parser rejects it.
    DoubleQuoted,
    Integer,
    Decimal,
    Approximate,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Semicolon,
    Dot,
    Colon,
    DoubleColon,
    Eq,
    /// `<>`
    NotEq,
    /// `!=`
    BangEq,
    Lt,
    LtEq,
    Gt,
    GtEq,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Concat,
    Question,
    /// `|` (row pattern alternation)
    Pipe,
    /// `^` (row pattern start anchor)
    Caret,
    /// `=>`
    Arrow,
    LineComment,
    BlockComment,
    /// `/*+ ... */`
    Hint,
    Error,
    Eof,
}

impl TokenKind {
    pub fn is_trivia(self) -> bool {
        matches!(self, TokenKind::LineComment | TokenKind::BlockComment)
    }

    /// How the token is named in messages.
    pub fn describe(self) -> &'static str {
        match self {
            TokenKind::Word => "identifier",
            TokenKind::QuotedIdent => "quoted identifier",
            TokenKind::String | TokenKind::UnicodeString => "string literal",
            TokenKind::BinaryString => "binary string literal",
            TokenKind::DoubleQuoted => "double-quoted text",
            TokenKind::Integer => "integer",
            TokenKind::Decimal | TokenKind::Approximate => "number",
            TokenKind::LParen => "`(`",
            TokenKind::RParen => "`)`",
            TokenKind::LBracket => "`[`",
            TokenKind::RBracket => "`]`",
            TokenKind::LBrace => "`{`",
            TokenKind::RBrace => "`}`",
            TokenKind::Comma => "`,`",
            TokenKind::Semicolon => "`;`",
            TokenKind::Dot => "`.`",
            TokenKind::Colon => "`:`",
            TokenKind::DoubleColon => "`::`",
            TokenKind::Eq => "`=`",
            TokenKind::NotEq => "`<>`",
            TokenKind::BangEq => "`!=`",
            TokenKind::Lt => "`<`",
            TokenKind::LtEq => "`<=`",
            TokenKind::Gt => "`>`",
            TokenKind::GtEq => "`>=`",
            TokenKind::Plus => "`+`",
            TokenKind::Minus => "`-`",
            TokenKind::Star => "`*`",
            TokenKind::Slash => "`/`",
            TokenKind::Percent => "`%`",
            TokenKind::Concat => "`||`",
            TokenKind::Question => "`?`",
            TokenKind::Pipe => "`|`",
            TokenKind::Caret => "`^`",
            TokenKind::Arrow => "`=>`",
            TokenKind::LineComment | TokenKind::BlockComment => "comment",
            TokenKind::Hint => "hint",
            TokenKind::Error => "invalid token",
            TokenKind::Eof => "end of input",
        }
    }
}

/// One token: its kind, its keyword class (for words) and its byte span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub kind: TokenKind,
    #[serde(skip)]
    pub keyword: Keyword,
    /// A string literal with `''` or a quoted identifier with doubled back-ticks inside: its
    /// value is not its text between the quotes. The grammar takes the others as they are,
    /// without looking at their bytes again.
    #[serde(skip)]
    pub escaped: bool,
    pub span: Span,
}

/// The lexer's output: significant tokens (ending with one `Eof`), trivia and diagnostics.
#[derive(Debug, Clone, Default)]
pub struct Lexed {
    pub tokens: Vec<Token>,
    pub trivia: Vec<Token>,
    pub errors: Vec<Diagnostic>,
}

/// Splits `text` into tokens. Inputs over 4 GiB are cut at 4 GiB (spans are `u32`).
pub fn lex(text: &str) -> Lexed {
    let mut len = text.len().min(u32::MAX as usize - 1);
    while !text.is_char_boundary(len) {
        len -= 1;
    }
    lex_range(text, 0, len)
}

/// Lexes `text[from..to]` as if it were all of the text, with spans that are offsets into
/// `text` (the `Eof` token is at `to`). `from` and `to` are char boundaries, `to` at most
/// `u32::MAX - 1`. The same tokens as [`lex`] of the whole text when a token of the whole text
/// starts at `from` and none crosses `to` (see `crate::chunks`).
pub(crate) fn lex_range(text: &str, from: usize, to: usize) -> Lexed {
    let text = text.get(..to).unwrap_or(text);
    let bytes = text.as_bytes();
    let mut lx = Lexer {
        text,
        bytes,
        pos: from,
        out: Lexed {
            // Generated and real scripts run 6.5-7 bytes per token (hand-written snippets ~4.6:
            // they are small, and the vector grows once).
            tokens: Vec::with_capacity(to.saturating_sub(from) / 6 + 1),
            trivia: Vec::new(),
            errors: Vec::new(),
        },
        invalid_reports: 0,
        unreported_invalid: 0,
        first_unreported: None,
    };
    lx.run();
    lx.out
}

/// Invalid-character diagnostics reported one by one; the rest are summed up in one.
pub(crate) const MAX_INVALID_CHARACTER_REPORTS: usize = 1_000;

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    out: Lexed,
    invalid_reports: usize,
    unreported_invalid: usize,
    first_unreported: Option<Span>,
}

impl Lexer<'_> {
    fn run(&mut self) {
        // The hot loop keeps its position and the tokens in locals (not in `self`, which the
        // compiler reloads around every call) and handles white space, plain ASCII words,
        // one-byte punctuation, integers, closed strings and quoted names itself; everything
        // else (errors included) goes through `other`.
        let bytes = self.bytes;
        let mut tokens = std::mem::take(&mut self.out.tokens);
        let mut pos = self.pos;
        // Tokens go to a small array first and to the vector a batch at a time: a push is then
        // a store at a counter kept in a register, not a length loaded and stored in memory.
        let mut batch = [EMPTY_TOKEN; BATCH];
        let mut batched = 0usize;
        macro_rules! push {
            ($token:expr) => {{
                let token = $token;
                if let Some(slot) = batch.get_mut(batched) {
                    *slot = token;
                    batched += 1;
                } else {
                    tokens.extend_from_slice(&batch);
                    batch[0] = token;
                    batched = 1;
                }
            }};
        }
        // A token of `kind` from `pos` to `end` that is no keyword; the loop goes on after it.
        macro_rules! token_to {
            ($kind:expr, $end:expr, $escaped:expr) => {{
                let end = $end;
                push!(Token {
                    kind: $kind,
                    keyword: Keyword::NotKeyword,
                    escaped: $escaped,
                    span: Span::new(pos as u32, end as u32),
                });
                pos = end;
                continue;
            }};
        }
        // A one-byte token at `pos`.
        macro_rules! one_byte {
            ($kind:expr) => {
                token_to!($kind, pos + 1, false)
            };
        }
        'tokens: loop {
            let b = loop {
                match bytes.get(pos) {
                    Some(&c) if is_space(c) => pos += 1,
                    Some(&c) => break c,
                    None => break 'tokens,
                }
            };
            match CLASS[usize::from(b)] {
                Class::Word => {
                    if let Some((end, keyword)) = plain_word(bytes, pos) {
                        push!(Token {
                            kind: TokenKind::Word,
                            keyword,
                            escaped: false,
                            span: Span::new(pos as u32, end as u32),
                        });
                        pos = end;
                        continue;
                    }
                }
                Class::Punct(kind) => one_byte!(kind),
                Class::Eq if bytes.get(pos + 1) != Some(&b'>') => one_byte!(TokenKind::Eq),
                // `<` and `>` alone (the brackets of `ARRAY<...>`, `MAP<...>`, `ROW<...>`);
                // `<>`, `<=` and `>=` go through `other`.
                Class::Lt if !matches!(bytes.get(pos + 1), Some(b'>' | b'=')) => {
                    one_byte!(TokenKind::Lt)
                }
                Class::Gt if bytes.get(pos + 1) != Some(&b'=') => one_byte!(TokenKind::Gt),
                Class::Dot if !bytes.get(pos + 1).is_some_and(u8::is_ascii_digit) => {
                    one_byte!(TokenKind::Dot)
                }
                // Closed literals and non-empty quoted names; the errors go through `other`.
                Class::Quote => {
                    if let Some((end, escaped)) = closing_quote(bytes, pos + 1, b'\'') {
                        token_to!(TokenKind::String, end, escaped)
                    }
                }
                Class::Backtick => match closing_quote(bytes, pos + 1, b'`') {
                    Some((end, escaped)) if end > pos + 2 => {
                        token_to!(TokenKind::QuotedIdent, end, escaped)
                    }
                    _ => {}
                },
                // Integers; a number with a fraction or an exponent goes through `other`.
                Class::Digit => {
                    let mut end = pos + 1;
                    while bytes.get(end).is_some_and(u8::is_ascii_digit) {
                        end += 1;
                    }
                    if !matches!(bytes.get(end), Some(b'.' | b'e' | b'E')) {
                        token_to!(TokenKind::Integer, end, false)
                    }
                }
                Class::Eq | Class::Dot | Class::Lt | Class::Gt => {}
                Class::Other => {}
            }
            tokens.extend_from_slice(batch.get(..batched).unwrap_or_default());
            batched = 0;
            self.pos = pos;
            self.other(&mut tokens, b);
            pos = self.pos;
        }
        tokens.extend_from_slice(batch.get(..batched).unwrap_or_default());
        self.pos = pos;
        self.out.tokens = tokens;
        if let Some(span) = self.first_unreported {
            self.out.errors.push(
                Diagnostic::new(
                    Code::InvalidCharacter,
                    span,
                    format!(
                        "{} more characters that are not allowed are not reported (from here on)",
                        self.unreported_invalid
                    ),
                )
                .with_help("this does not look like SQL text: is it a binary file?"),
            );
        }
        let end = self.bytes.len() as u32;
        self.out.tokens.push(Token {
            kind: TokenKind::Eof,
            keyword: Keyword::NotKeyword,
            escaped: false,
            span: Span::new(end, end),
        });
    }

    /// One token at `self.pos` (not white space) that the hot loop does not handle itself: a
    /// word next to a quote, `&` or a non-ASCII character or near the end of the text,
    /// numbers, literals, quoted names, comments, operators and invalid characters.
    #[inline(never)]
    fn other(&mut self, tokens: &mut Vec<Token>, b: u8) {
        let start = self.pos;
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => self.word_or_prefixed_string(tokens, start),
            b'0'..=b'9' => self.number(tokens, start),
            b'.' => {
                if self.peek(1).is_some_and(|c| c.is_ascii_digit()) {
                    self.number(tokens, start)
                } else {
                    self.punct(tokens, start, 1, TokenKind::Dot)
                }
            }
            b'\'' => self.string(tokens, start, start, TokenKind::String),
            b'`' => self.quoted_ident(tokens, start),
            b'"' => self.double_quoted(tokens, start),
            b'-' if self.peek(1) == Some(b'-') => self.line_comment(start),
            b'/' if self.peek(1) == Some(b'/') => self.line_comment(start),
            b'/' if self.peek(1) == Some(b'*') => self.block_comment(tokens, start),
            b'(' => self.punct(tokens, start, 1, TokenKind::LParen),
            b')' => self.punct(tokens, start, 1, TokenKind::RParen),
            b'[' => self.punct(tokens, start, 1, TokenKind::LBracket),
            b']' => self.punct(tokens, start, 1, TokenKind::RBracket),
            b'{' => self.punct(tokens, start, 1, TokenKind::LBrace),
            b'}' => self.punct(tokens, start, 1, TokenKind::RBrace),
            b',' => self.punct(tokens, start, 1, TokenKind::Comma),
            b';' => self.punct(tokens, start, 1, TokenKind::Semicolon),
            b':' if self.peek(1) == Some(b':') => {
                self.punct(tokens, start, 2, TokenKind::DoubleColon)
            }
            b':' => self.punct(tokens, start, 1, TokenKind::Colon),
            b'=' if self.peek(1) == Some(b'>') => self.punct(tokens, start, 2, TokenKind::Arrow),
            b'=' => self.punct(tokens, start, 1, TokenKind::Eq),
            b'<' => match self.peek(1) {
                Some(b'>') => self.punct(tokens, start, 2, TokenKind::NotEq),
                Some(b'=') => self.punct(tokens, start, 2, TokenKind::LtEq),
                _ => self.punct(tokens, start, 1, TokenKind::Lt),
            },
            b'>' if self.peek(1) == Some(b'=') => self.punct(tokens, start, 2, TokenKind::GtEq),
            b'>' => self.punct(tokens, start, 1, TokenKind::Gt),
            b'!' if self.peek(1) == Some(b'=') => self.punct(tokens, start, 2, TokenKind::BangEq),
            b'+' => self.punct(tokens, start, 1, TokenKind::Plus),
            b'-' => self.punct(tokens, start, 1, TokenKind::Minus),
            b'*' => self.punct(tokens, start, 1, TokenKind::Star),
            b'/' => self.punct(tokens, start, 1, TokenKind::Slash),
            b'%' => self.punct(tokens, start, 1, TokenKind::Percent),
            b'|' if self.peek(1) == Some(b'|') => self.punct(tokens, start, 2, TokenKind::Concat),
            b'?' => self.punct(tokens, start, 1, TokenKind::Question),
            b'|' => self.punct(tokens, start, 1, TokenKind::Pipe),
            b'^' => self.punct(tokens, start, 1, TokenKind::Caret),
            0x80.. => {
                let ch = self.text[start..].chars().next().unwrap_or('\u{fffd}');
                if ch.is_alphabetic() {
                    self.word_or_prefixed_string(tokens, start)
                } else {
                    self.pos += ch.len_utf8();
                    self.invalid_char(tokens, start, ch);
                }
            }
            _ => {
                self.pos += 1;
                self.invalid_char(tokens, start, b as char);
            }
        }
    }

    #[inline]
    fn peek(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    #[inline]
    fn push(&self, tokens: &mut Vec<Token>, kind: TokenKind, start: usize) {
        tokens.push(Token {
            kind,
            keyword: Keyword::NotKeyword,
            escaped: false,
            span: Span::new(start as u32, self.pos as u32),
        });
    }

    /// Marks the token just pushed as [`Token::escaped`].
    #[inline]
    fn mark_escaped(tokens: &mut [Token], escaped: bool) {
        if escaped {
            if let Some(last) = tokens.last_mut() {
                last.escaped = true;
            }
        }
    }

    #[inline]
    fn punct(&mut self, tokens: &mut Vec<Token>, start: usize, len: usize, kind: TokenKind) {
        self.pos += len;
        self.push(tokens, kind, start);
    }

    /// One error token and one diagnostic for a run of the same character (a megabyte of NUL
    /// bytes is one problem, not a million); after [`MAX_INVALID_CHARACTER_REPORTS`] reports
    /// the rest are only counted, and summed up in one last diagnostic.
    fn invalid_char(&mut self, tokens: &mut Vec<Token>, start: usize, ch: char) {
        let mut repeats = 1usize;
        let width = ch.len_utf8();
        while self.text[self.pos..].starts_with(ch) {
            self.pos += width;
            repeats += 1;
        }
        self.push(tokens, TokenKind::Error, start);
        self.invalid_reports += 1;
        if self.invalid_reports > MAX_INVALID_CHARACTER_REPORTS {
            self.unreported_invalid += repeats;
            self.first_unreported
                .get_or_insert(Span::new(start as u32, self.pos as u32));
            return;
        }
        let shown = if ch.is_control() {
            format!("U+{:04X}", ch as u32)
        } else {
            format!("`{ch}`")
        };
        let message = if repeats == 1 {
            format!("character {shown} is not allowed here")
        } else {
            format!("character {shown} is not allowed here ({repeats} in a row)")
        };
        self.out.errors.push(
            Diagnostic::new(
                Code::InvalidCharacter,
                Span::new(start as u32, self.pos as u32),
                message,
            )
            .with_help("remove it, or put it inside a string literal or a back-tick quoted name"),
        );
    }

    fn word_or_prefixed_string(&mut self, tokens: &mut Vec<Token>, start: usize) {
        // Literal prefixes: X'..', N'..', U&'..', _charset'..'
        let b = self.bytes[start];
        // Most words start with another letter: look ahead only after these.
        if matches!(b, b'x' | b'X' | b'n' | b'N' | b'u' | b'U') {
            match (b, self.peek(1), self.peek(2)) {
                (b'x' | b'X', Some(b'\''), _) => {
                    self.pos += 1;
                    return self.string(tokens, start, self.pos, TokenKind::BinaryString);
                }
                (b'n' | b'N', Some(b'\''), _) => {
                    self.pos += 1;
                    return self.string(tokens, start, self.pos, TokenKind::String);
                }
                (b'u' | b'U', Some(b'&'), Some(b'\'')) => {
                    self.pos += 2;
                    return self.string(tokens, start, self.pos, TokenKind::UnicodeString);
                }
                _ => {}
            }
        }
        // The keyword hash is folded into the scan, so each word is read once; a word with a
        // non-ASCII character is never a keyword.
        let mut ascii = b < 0x80;
        self.pos = if ascii {
            start + 1
        } else {
            start + self.text[start..].chars().next().map_or(1, char::len_utf8)
        };
        loop {
            // ASCII word bytes in a tight loop on a local index; other characters one by one.
            let mut i = self.pos;
            while let Some(&c) = self.bytes.get(i) {
                if !ASCII_WORD[c as usize] {
                    break;
                }
                i += 1;
            }
            self.pos = i;
            match self.bytes.get(i) {
                Some(&c) if c >= 0x80 => {
                    let ch = self.text[i..].chars().next().unwrap_or(' ');
                    if ch.is_alphanumeric() {
                        self.pos += ch.len_utf8();
                        ascii = false;
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        if b == b'_' && self.peek(0) == Some(b'\'') && self.pos > start + 1 {
            // `_UTF8'text'`: a character set name before a string.
            return self.string(tokens, start, self.pos, TokenKind::String);
        }
        let keyword = if ascii {
            Keyword::lookup_in(self.bytes, start, self.pos)
        } else {
            Keyword::NotKeyword
        };
        tokens.push(Token {
            kind: TokenKind::Word,
            keyword,
            escaped: false,
            span: Span::new(start as u32, self.pos as u32),
        });
    }

    fn number(&mut self, tokens: &mut Vec<Token>, start: usize) {
        let mut kind = TokenKind::Integer;
        self.digits();
        if self.peek(0) == Some(b'.') {
            kind = TokenKind::Decimal;
            self.pos += 1;
            self.digits();
        }
        if matches!(self.peek(0), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(self.peek(1), Some(b'+' | b'-')));
            if self.peek(1 + sign).is_some_and(|c| c.is_ascii_digit()) {
                kind = TokenKind::Approximate;
                self.pos += 1 + sign;
                self.digits();
            }
        }
        self.push(tokens, kind, start);
    }

    fn digits(&mut self) {
        while self.peek(0).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
    }

    /// A quoted string from `quote` (the opening `'`); the token starts at `start` (the prefix).
    fn string(&mut self, tokens: &mut Vec<Token>, start: usize, quote: usize, kind: TokenKind) {
        match closing_quote(self.bytes, quote + 1, b'\'') {
            Some((end, escaped)) => self.push_quoted(tokens, kind, start, end, escaped),
            None => self.unterminated(
                tokens,
                start,
                Diagnostic::new(
                    Code::UnterminatedString,
                    Span::new(start as u32, (quote + 1) as u32),
                    "string literal is not closed",
                )
                .with_help("add the closing `'`; write `''` for a quote inside the string"),
            ),
        }
    }

    /// A quoted token from `start` to `end`, marked when its text has a doubled quote.
    fn push_quoted(
        &mut self,
        tokens: &mut Vec<Token>,
        kind: TokenKind,
        start: usize,
        end: usize,
        escaped: bool,
    ) {
        self.pos = end;
        self.push(tokens, kind, start);
        Self::mark_escaped(tokens, escaped);
    }

    /// A token the input ends inside (a quoted one or a block comment): an error token from
    /// `start` to the end, and its diagnostic.
    #[cold]
    fn unterminated(&mut self, tokens: &mut Vec<Token>, start: usize, diagnostic: Diagnostic) {
        self.pos = self.bytes.len();
        self.push(tokens, TokenKind::Error, start);
        self.out.errors.push(diagnostic);
    }

    fn quoted_ident(&mut self, tokens: &mut Vec<Token>, start: usize) {
        match closing_quote(self.bytes, start + 1, b'`') {
            Some((end, escaped)) => {
                if end == start + 2 {
                    self.pos = end;
                    // An empty quoted name is a lexical error in Flink.
                    self.push(tokens, TokenKind::Error, start);
                    self.out.errors.push(
                        Diagnostic::new(
                            Code::InvalidCharacter,
                            Span::new(start as u32, self.pos as u32),
                            "a quoted identifier cannot be empty",
                        )
                        .with_help("write a name between the back-ticks"),
                    );
                    return;
                }
                self.push_quoted(tokens, TokenKind::QuotedIdent, start, end, escaped);
            }
            None => self.unterminated(
                tokens,
                start,
                Diagnostic::new(
                    Code::UnterminatedIdentifier,
                    Span::new(start as u32, start as u32 + 1),
                    "quoted identifier is not closed",
                )
                .with_help(
                    "add the closing back-tick; write two back-ticks for one inside the name",
                ),
            ),
        }
    }

    fn double_quoted(&mut self, tokens: &mut Vec<Token>, start: usize) {
        self.pos = start + 1;
        match memchr_quote(self.bytes, self.pos, b'"') {
            Some(i) => {
                self.pos = i + 1;
                self.push(tokens, TokenKind::DoubleQuoted, start);
            }
            None => {
                self.pos = start + 1;
                self.invalid_char(tokens, start, '"');
            }
        }
    }

    fn line_comment(&mut self, start: usize) {
        let end = line_end(self.bytes, start);
        self.pos = end;
        self.out.trivia.push(Token {
            kind: TokenKind::LineComment,
            keyword: Keyword::NotKeyword,
            escaped: false,
            span: Span::new(start as u32, end as u32),
        });
    }

    fn block_comment(&mut self, tokens: &mut Vec<Token>, start: usize) {
        let hint = self.peek(2) == Some(b'+');
        let body = start + 2;
        let close = find_subslice(&self.bytes[body..], b"*/").map(|i| body + i + 2);
        match close {
            Some(end) => {
                self.pos = end;
                let token = Token {
                    kind: if hint {
                        TokenKind::Hint
                    } else {
                        TokenKind::BlockComment
                    },
                    keyword: Keyword::NotKeyword,
                    escaped: false,
                    span: Span::new(start as u32, end as u32),
                };
                // Hints are tokens of Flink's grammar, allowed only in queries and after an
                // INSERT target; comments are trivia.
                if hint {
                    tokens.push(token);
                } else {
                    self.out.trivia.push(token);
                }
            }
            None => {
                // Flink reports the end of the input; the label shows where the comment began.
                let end = self.bytes.len() as u32;
                self.unterminated(
                    tokens,
                    start,
                    Diagnostic::new(
                        Code::UnterminatedComment,
                        Span::new(end, end),
                        "block comment is not closed before the end of the input",
                    )
                    .with_label(
                        Span::new(start as u32, start as u32 + 2),
                        "the comment starts here",
                    )
                    .with_help("add `*/` where the comment should end"),
                );
            }
        }
    }
}

/// The ASCII bytes that continue an unquoted word: letters, digits, `_` and `$`.
const ASCII_WORD: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
        b += 1;
    }
    t
};

/// Tokens the hot loop collects before it copies them to the vector.
const BATCH: usize = 64;

const EMPTY_TOKEN: Token = Token {
    kind: TokenKind::Eof,
    keyword: Keyword::NotKeyword,
    escaped: false,
    span: Span::new(0, 0),
};

/// White space between tokens: space, tab, LF, CR, FF.
#[inline(always)]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
}

/// What the hot loop does with a token's first byte.
#[derive(Clone, Copy)]
enum Class {
    /// An ASCII letter, `_` or `$`: a word, unless a literal prefix (see [`plain_word`]).
    Word,
    /// A one-byte token that never begins a longer one.
    Punct(TokenKind),
    /// `'`: a string literal.
    Quote,
    /// A back-tick: a quoted name.
    Backtick,
    /// An ASCII digit: a number.
    Digit,
    /// `=`, unless `=>`.
    Eq,
    /// `.`, unless a number such as `.5`.
    Dot,
    /// `<`, unless `<>` or `<=`.
    Lt,
    /// `>`, unless `>=`.
    Gt,
    /// Anything else: [`Lexer::other`].
    Other,
}

const CLASS: [Class; 256] = {
    let mut t = [Class::Other; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => Class::Word,
            b'(' => Class::Punct(TokenKind::LParen),
            b')' => Class::Punct(TokenKind::RParen),
            b'[' => Class::Punct(TokenKind::LBracket),
            b']' => Class::Punct(TokenKind::RBracket),
            b'{' => Class::Punct(TokenKind::LBrace),
            b'}' => Class::Punct(TokenKind::RBrace),
            b',' => Class::Punct(TokenKind::Comma),
            b';' => Class::Punct(TokenKind::Semicolon),
            b'+' => Class::Punct(TokenKind::Plus),
            b'*' => Class::Punct(TokenKind::Star),
            b'%' => Class::Punct(TokenKind::Percent),
            b'?' => Class::Punct(TokenKind::Question),
            b'^' => Class::Punct(TokenKind::Caret),
            b'0'..=b'9' => Class::Digit,
            b'\'' => Class::Quote,
            b'`' => Class::Backtick,
            b'=' => Class::Eq,
            b'.' => Class::Dot,
            b'<' => Class::Lt,
            b'>' => Class::Gt,
            _ => Class::Other,
        };
        b += 1;
    }
    t
};

const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The bytes of `x` (eight text bytes, little-endian) that do not continue an ASCII word: the
/// high bit of each such byte set, the rest clear. Eight bytes at once: words were a byte loop
/// of seven instructions a byte.
#[inline(always)]
fn non_word_bytes(x: u64) -> u64 {
    // On bytes below 0x80, `y + (0x80 - lo)` has its high bit set when `y >= lo`, and no byte
    // carries into the next.
    let at_least = |y: u64, lo: u8| y.wrapping_add(ONES * u64::from(0x80 - lo)) & HIGHS;
    let zero = |y: u64| !y.wrapping_add(ONES * 0x7f) & HIGHS;
    let y = x & !HIGHS;
    let digit = at_least(y, b'0') & !at_least(y, b'9' + 1);
    let folded = y | (ONES * 0x20);
    let letter = at_least(folded, b'a') & !at_least(folded, b'z' + 1);
    let underscore = zero(y ^ (ONES * u64::from(b'_')));
    let dollar = zero(y ^ (ONES * u64::from(b'$')));
    // A byte with its high bit set (non-ASCII) is never an ASCII word byte.
    !((digit | letter | underscore | dollar) & !x) & HIGHS
}

/// The plain ASCII word at `start` (whose first byte is an ASCII letter, `_` or `$`): its end
/// and keyword. `None` (the general path, [`Lexer::word_or_prefixed_string`]) when it is
/// followed by a quote or `&` (a literal prefix such as `X'..'`, `U&'..'`, `_utf8'..'`) or a
/// non-ASCII byte (which may continue it), or when fewer than eight bytes are left.
#[inline(always)]
fn plain_word(bytes: &[u8], start: usize) -> Option<(usize, Keyword)> {
    let x = load8(bytes, start)?;
    let stop = non_word_bytes(x);
    if stop != 0 {
        // The word ends inside `x` (its first byte is a word byte), and so does the byte after
        // it: a quote or `&` there (a literal prefix) or a non-ASCII character (which may
        // continue the word) takes the general path.
        let bit = stop.trailing_zeros() & !7;
        if SLOW_AFTER_WORD[usize::from((x >> bit) as u8)] {
            return None;
        }
        let head = (x | FOLD) & (u64::MAX >> (64 - bit));
        return Some((start + (bit / 8) as usize, Keyword::lookup_short(head)));
    }
    let mut end = start + 8;
    loop {
        match load8(bytes, end) {
            Some(y) => {
                let stop = non_word_bytes(y);
                if stop != 0 {
                    end += (stop.trailing_zeros() / 8) as usize;
                    break;
                }
                end += 8;
            }
            None => {
                let rest = bytes.get(end..).unwrap_or_default();
                end += rest
                    .iter()
                    .position(|&c| !ASCII_WORD[usize::from(c)])
                    .unwrap_or(rest.len());
                break;
            }
        }
    }
    if bytes
        .get(end)
        .is_some_and(|&c| SLOW_AFTER_WORD[usize::from(c)])
    {
        return None;
    }
    Some((end, Keyword::lookup_folded(x | FOLD, bytes, start, end)))
}

/// The bytes after a word that send it to the general path (see [`plain_word`]).
const SLOW_AFTER_WORD: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0x80;
    while b < 256 {
        t[b] = true;
        b += 1;
    }
    t[b'\'' as usize] = true;
    t[b'&' as usize] = true;
    t
};

/// The eight bytes at `at` as a little-endian word; `None` past the end.
#[inline(always)]
fn load8(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk: [u8; 8] = bytes.get(at..at.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// Setting bit 0x20 of every byte (see `keywords.rs`): the keyword table's case fold.
const FOLD: u64 = ONES * 0x20;

/// The first `quote` at or after `from`. String bodies and quoted names are mostly runs without
/// one, so it tests eight bytes at a time (a word has a `quote` byte when `word ^ pattern` has a
/// zero byte; the lowest flag of the test is exact) and takes the byte's place from the flag.
#[inline]
pub(crate) fn memchr_quote(bytes: &[u8], from: usize, quote: u8) -> Option<usize> {
    let hay = bytes.get(from..)?;
    let pattern = ONES * u64::from(quote);
    let mut offset = 0;
    for chunk in hay.chunks_exact(8) {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let x = u64::from_le_bytes(word) ^ pattern;
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            return Some(from + offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    hay.get(offset..)?
        .iter()
        .position(|&c| c == quote)
        .map(|i| from + offset + i)
}

/// The first LF or CR at or after `from`, or the end of `bytes`.
fn line_end(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|hay| memchr::memchr2(b'\n', b'\r', hay))
        .map_or(bytes.len(), |i| from + i)
}

/// The end of the quoted text whose opening `quote` is just before `from` (a doubled quote
/// stands for one), and whether it has a doubled quote; `None` when it is not closed.
#[inline(always)]
fn closing_quote(bytes: &[u8], mut from: usize, quote: u8) -> Option<(usize, bool)> {
    let mut escaped = false;
    loop {
        let i = memchr_quote(bytes, from, quote)?;
        if bytes.get(i + 1) == Some(&quote) {
            from = i + 2;
            escaped = true;
            continue;
        }
        return Some((i + 1, escaped));
    }
}

fn find_subslice(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::{line_end, memchr_quote, non_word_bytes, ASCII_WORD};

    /// The word-at-a-time test of word bytes agrees with the byte table on every byte at every
    /// place of a word.
    #[test]
    fn non_word_bytes_agrees_with_the_table() {
        for b in 0..=255u8 {
            for at in 0..8 {
                let mut bytes = *b"aZ_$09xQ";
                bytes[at] = b;
                let flags = non_word_bytes(u64::from_le_bytes(bytes));
                for (i, &c) in bytes.iter().enumerate() {
                    let flagged = flags >> (8 * i) & 0xff;
                    assert_eq!(
                        flagged == 0x80,
                        !ASCII_WORD[usize::from(c)],
                        "{bytes:?} {i}"
                    );
                    assert!(flagged == 0 || flagged == 0x80);
                }
            }
        }
    }

    /// The word-at-a-time line end agrees with a byte search.
    #[test]
    fn line_end_agrees_with_a_byte_search() {
        for len in 0..30 {
            for at in (0..len).map(Some).chain([None]) {
                for end in [b'\n', b'\r'] {
                    let mut hay: Vec<u8> =
                        (0..len).map(|i| b"ab\x0b\x0e\x8a\x8d-\t"[i % 8]).collect();
                    if let Some(at) = at {
                        hay[at] = end;
                    }
                    for from in 0..=len {
                        let expected = hay[from..]
                            .iter()
                            .position(|&c| c == b'\n' || c == b'\r')
                            .map_or(len, |i| from + i);
                        assert_eq!(line_end(&hay, from), expected, "{hay:?} {from}");
                    }
                }
            }
        }
    }

    /// The word-at-a-time search finds what a byte-by-byte one finds, from every start, with the
    /// quote at every position of a word and in the tail, and next to bytes one bit away from it.
    #[test]
    fn memchr_quote_agrees_with_a_byte_search() {
        for quote in [b'\'', b'`', b'"'] {
            for len in 0..40 {
                for at in (0..len).map(Some).chain([None]) {
                    let mut hay: Vec<u8> = (0..len).map(|i| b"a\xe9&'`\"\x00\x7f"[i % 8]).collect();
                    hay.retain(|&b| b != quote);
                    hay.resize(len, b'x');
                    if let Some(at) = at {
                        hay[at] = quote;
                    }
                    for from in 0..=len + 1 {
                        let expected = hay
                            .get(from..)
                            .and_then(|h| h.iter().position(|&c| c == quote))
                            .map(|i| from + i);
                        assert_eq!(memchr_quote(&hay, from, quote), expected, "{hay:?} {from}");
                    }
                }
            }
        }
    }
}
