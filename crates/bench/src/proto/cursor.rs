//! The token cursor both prototypes share, so that they differ only in the nodes they build.
//! No recovery and no "expected one of" bookkeeping: a statement that does not fit the corpus
//! grammar is skipped to its `;` and counted (the prototypes must read the corpora with none).

use flinkddl_syntax::{Keyword, Span, Token, TokenKind};

/// Where a prototype gave up: the token it did not expect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fail(pub Span);

pub type PResult<T> = Result<T, Fail>;

pub struct Cursor<'s, 't> {
    pub src: &'s str,
    tokens: &'t [Token],
    pos: usize,
}

impl<'s, 't> Cursor<'s, 't> {
    pub fn new(src: &'s str, tokens: &'t [Token]) -> Self {
        Cursor {
            src,
            tokens,
            pos: 0,
        }
    }

    #[inline]
    pub fn peek(&self) -> Token {
        // The lexer ends every token list with one `Eof`; the cursor never moves past it.
        self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    #[inline]
    pub fn peek_at(&self, ahead: usize) -> Token {
        self.tokens[(self.pos + ahead).min(self.tokens.len() - 1)]
    }

    #[inline]
    pub fn bump(&mut self) -> Token {
        let t = self.peek();
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }

    #[inline]
    pub fn at(&self, kind: TokenKind) -> bool {
        self.peek().kind == kind
    }

    #[inline]
    pub fn at_kw(&self, kw: Keyword) -> bool {
        let t = self.peek();
        t.kind == TokenKind::Word && t.keyword == kw
    }

    #[inline]
    pub fn eat(&mut self, kind: TokenKind) -> Option<Span> {
        self.at(kind).then(|| self.bump().span)
    }

    #[inline]
    pub fn eat_kw(&mut self, kw: Keyword) -> Option<Span> {
        self.at_kw(kw).then(|| self.bump().span)
    }

    #[inline]
    pub fn expect(&mut self, kind: TokenKind) -> PResult<Span> {
        self.eat(kind).ok_or(Fail(self.peek().span))
    }

    #[inline]
    pub fn expect_kw(&mut self, kw: Keyword) -> PResult<Span> {
        self.eat_kw(kw).ok_or(Fail(self.peek().span))
    }

    pub fn fail<T>(&self) -> PResult<T> {
        Err(Fail(self.peek().span))
    }

    #[inline]
    pub fn text(&self, span: Span) -> &'s str {
        self.src.get(span.range()).unwrap_or("")
    }

    /// The end of the last token consumed.
    #[inline]
    pub fn prev_end(&self) -> u32 {
        match self.pos.checked_sub(1) {
            Some(i) => self.tokens[i].span.end,
            None => 0,
        }
    }

    /// Items of the list that starts here, counted from the commas before its closing
    /// parenthesis (at most 4,096 tokens ahead; commas inside `<...>` count too, so it can
    /// over-estimate): the same hint the real parser sizes its lists with.
    pub fn list_size_hint(&self) -> usize {
        let ahead = self.tokens.get(self.pos..).unwrap_or_default();
        let mut depth = 0u32;
        let mut items = 1usize;
        for t in ahead.iter().take(4096) {
            match t.kind {
                TokenKind::LParen | TokenKind::LBracket => depth += 1,
                TokenKind::RParen | TokenKind::RBracket if depth == 0 => return items,
                TokenKind::RParen | TokenKind::RBracket => depth -= 1,
                TokenKind::Comma if depth == 0 => items += 1,
                TokenKind::Semicolon | TokenKind::Eof => return items,
                _ => {}
            }
        }
        items
    }

    /// Skips to just past the next `;` (or to the end).
    pub fn skip_statement(&mut self) {
        while !self.at(TokenKind::Eof) {
            if self.bump().kind == TokenKind::Semicolon {
                break;
            }
        }
    }
}

/// A word that can name something: not reserved, or back-quoted.
#[inline]
pub fn is_ident(t: Token) -> bool {
    (t.kind == TokenKind::Word && !t.keyword.is_reserved()) || t.kind == TokenKind::QuotedIdent
}

/// The built-in type a word names, if any (the corpus' spellings).
pub fn builtin(word: &str) -> Option<flinkddl_syntax::ast::BuiltinType> {
    use flinkddl_syntax::ast::BuiltinType as B;
    const NAMES: [(&str, B); 18] = [
        ("INT", B::Integer),
        ("INTEGER", B::Integer),
        ("BIGINT", B::Bigint),
        ("STRING", B::String),
        ("VARCHAR", B::Varchar),
        ("DECIMAL", B::Decimal),
        ("DOUBLE", B::Double),
        ("BOOLEAN", B::Boolean),
        ("TIMESTAMP", B::Timestamp),
        ("TIMESTAMP_LTZ", B::TimestampLtz),
        ("DATE", B::Date),
        ("FLOAT", B::Float),
        ("SMALLINT", B::Smallint),
        ("TINYINT", B::Tinyint),
        ("BYTES", B::Bytes),
        ("CHAR", B::Char),
        ("TIME", B::Time),
        ("BINARY", B::Binary),
    ];
    NAMES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(word))
        .map(|(_, b)| *b)
}

/// Binary operators of the corpus' expressions with Calcite's binding powers.
pub fn binary_op(kind: TokenKind, kw: Keyword) -> Option<(flinkddl_syntax::ast::BinaryOp, u8)> {
    use flinkddl_syntax::ast::BinaryOp as B;
    Some(match kind {
        TokenKind::Star => (B::Multiply, 7),
        TokenKind::Slash => (B::Divide, 7),
        TokenKind::Percent => (B::Modulo, 7),
        TokenKind::Plus => (B::Plus, 6),
        TokenKind::Minus => (B::Minus, 6),
        TokenKind::Concat => (B::Concat, 6),
        TokenKind::Eq => (B::Eq, 4),
        TokenKind::NotEq | TokenKind::BangEq => (B::NotEq, 4),
        TokenKind::Lt => (B::Lt, 4),
        TokenKind::LtEq => (B::LtEq, 4),
        TokenKind::Gt => (B::Gt, 4),
        TokenKind::GtEq => (B::GtEq, 4),
        TokenKind::Word if kw == Keyword::AND => (B::And, 2),
        TokenKind::Word if kw == Keyword::OR => (B::Or, 1),
        _ => return None,
    })
}

/// The time unit a keyword names.
pub fn time_unit(kw: Keyword) -> Option<flinkddl_syntax::ast::TimeUnit> {
    use flinkddl_syntax::ast::TimeUnit as U;
    Some(match kw {
        Keyword::YEAR => U::Year,
        Keyword::MONTH => U::Month,
        Keyword::DAY => U::Day,
        Keyword::HOUR => U::Hour,
        Keyword::MINUTE => U::Minute,
        Keyword::SECOND => U::Second,
        _ => return None,
    })
}

/// What a parsed corpus holds, counted the same way over every representation, so that the
/// prototypes can be checked against the real parser (same statements, columns, names).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Census {
    pub statements: usize,
    pub errors: usize,
    pub columns: usize,
    pub computed: usize,
    pub metadata: usize,
    pub watermarks: usize,
    pub constraints: usize,
    pub options: usize,
    /// Bytes of every column name, option key and option value (decoded).
    pub text_bytes: usize,
}
