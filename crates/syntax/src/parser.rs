//! The parser's cursor: token access, expectations for messages, error reporting, recovery and
//! the nesting budget. The grammar itself lives in `grammar/`.

use crate::arena::Arena;
use crate::ast::{Expr, List, Property, QueryItem, TableElement};
use crate::keywords::Keyword;
use crate::lexer::{Token, TokenKind};
use bumpalo_herd::Herd;
use flinkddl_diagnostics::{Code, Diagnostic, Span};

/// Deepest nesting of expressions, types and parentheses we parse before giving up with
/// `S013` instead of overflowing the stack.
pub const MAX_DEPTH: u32 = 256;

/// Tallest expression tree (nesting plus left-deep operator chains) we build. Flink 2.3 itself
/// fails with a `StackOverflowError` on `a + a + ...` of 500 terms and on `a = 0 OR ...` of
/// 1,000 (it accepts 400 and 500; checked with the oracle), so a taller chain is no valid Flink
/// SQL; the bound keeps every later walk (binding, printing, serializing, dropping) shallow.
pub const MAX_TREE_HEIGHT: u32 = 1000;

/// Nesting levels between two stack checks of [`Parser::nested`]: a level of the grammar's
/// recursion takes a few KiB at most, so four fit the 64 KiB a check leaves.
const STACK_CHECK_EVERY: u32 = 4;

/// A production failed; its diagnostic has been reported already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Failed;

pub(crate) type PResult<T> = Result<T, Failed>;

/// Most expectations noted at one position (more say nothing new in a message).
const MAX_EXPECTED: usize = 64;

/// One thing that would have been accepted, noted on a failed `at`/`eat`: the token kind or
/// keyword itself, four bytes in a fixed array, so that a miss costs a store; it becomes
/// text only when a message lists it ([`Parser::unexpected`]).
#[derive(Debug, Clone, Copy)]
enum Expected {
    Kind(TokenKind),
    Keyword(Keyword),
    /// An index into [`Parser::expected_texts`] (`expecting("a data type")`).
    Text(u16),
    /// "an operator", noted at the end of every expression: without a text to keep.
    AnOperator,
}

impl Expected {
    fn text(self, texts: &[&'static str]) -> &'static str {
        match self {
            Expected::Kind(kind) => kind.describe(),
            Expected::Keyword(kw) => kw.as_str(),
            Expected::Text(i) => texts.get(usize::from(i)).copied().unwrap_or(""),
            Expected::AnOperator => "an operator",
        }
    }
}

/// Tokens [`Parser::list_size_hint`] looks ahead at most.
pub(crate) const LIST_LOOKAHEAD: usize = 4096;

/// Evaluates `$value` (which may advance the parser), then moves it into the arena: the
/// arena's `&'a T` in place of a `Box<T>`.
macro_rules! alloc {
    ($p:ident, $value:expr) => {{
        let value = $value;
        $p.alloc(value)
    }};
}

/// Evaluates `$list` (a `Vec`), then copies it into the arena as a `&'a [T]`.
macro_rules! list {
    ($p:ident, $list:expr) => {{
        let list = $list;
        $p.list(list)
    }};
}

pub(crate) use {alloc, list};

pub(crate) struct Parser<'a> {
    pub src: &'a str,
    /// The tokens, owned while parsing ([`Parser::into_tokens`] gives them back).
    tokens: Vec<Token>,
    /// `tokens[pos]`, kept beside them: the grammar looks at the current token more than at
    /// anything else, and a field read is cheaper than an index, a clamp and a bounds check.
    cur: Token,
    /// The end of the token before `pos` (0 at the start): [`Parser::prev_end`], kept up by
    /// [`Parser::bump`], since every node asks for it.
    prev_end: u32,
    /// Where the tree is allocated: one member of the parse's herd of arenas (one per thread
    /// of a chunked parse), whose allocations live as long as the herd.
    arena: Arena<'a>,
    pos: usize,
    pub errors: Vec<Diagnostic>,
    /// What would have been accepted at `pos`, for the next "expected one of" message: the
    /// first `expected_len` entries.
    expected: [Expected; MAX_EXPECTED],
    expected_len: u8,
    /// The texts noted by [`Parser::expecting`] at `pos`.
    expected_texts: Vec<&'static str>,
    depth: u32,
    /// Open parentheses and brackets consumed so far, for list recovery.
    paren_depth: i32,
    /// Statement texts read as raw text (SET / RESET); lexer errors inside them do not count.
    pub raw_spans: Vec<Span>,
    /// Inside a query, where subqueries are expressions; outside (computed columns,
    /// watermarks, options) a query is Flink's "illegal context" error.
    in_query: bool,
    /// The elements of the table being parsed: one vector for all CREATE TABLE statements of
    /// the parse (taken while in use), so that no list allocates, grows or looks ahead to size
    /// itself once the first table has been read.
    pub table_elements: Vec<TableElement<'a>>,
    /// The select lists being parsed, as a stack: a list pushes its items above those of the
    /// lists it is nested in and takes them off when done, so select lists neither allocate
    /// nor grow once the deepest has been read.
    pub select_items: Vec<QueryItem<'a>>,
    /// The positional arguments of the calls being parsed, a stack like `select_items`.
    pub call_args: Vec<Expr<'a>>,
    /// The properties of the list being parsed (`WITH (...)`), a stack like `select_items`.
    pub properties: Vec<Property<'a>>,
    /// Operator nodes stacked on the left of the expressions being parsed: a left-deep chain
    /// (`a + b + c ...`) is as deep a tree as nesting is, so it counts against the budget.
    links: u32,
}

impl<'a> Parser<'a> {
    /// A parser over `tokens` (lexed from `src`, ending with `Eof`) that allocates the tree in
    /// `herd`.
    pub fn new(src: &'a str, tokens: Vec<Token>, herd: &'a Herd) -> Self {
        let cur = tokens.first().copied().unwrap_or(Token {
            kind: TokenKind::Eof,
            keyword: Keyword::NotKeyword,
            escaped: false,
            span: Span::new(0, 0),
        });
        Parser {
            src,
            tokens,
            cur,
            prev_end: 0,
            arena: Arena::new(herd),
            pos: 0,
            errors: Vec::new(),
            expected: [Expected::Kind(TokenKind::Eof); MAX_EXPECTED],
            expected_len: 0,
            expected_texts: Vec::new(),
            depth: 0,
            paren_depth: 0,
            raw_spans: Vec::new(),
            in_query: false,
            // Sized for a usual table and WITH list up front: a parse of a piece of a script
            // starts with fresh vectors, and growing them one statement at a time cost more
            // than these two allocations.
            table_elements: Vec::with_capacity(64),
            select_items: Vec::new(),
            call_args: Vec::new(),
            properties: Vec::with_capacity(16),
            links: 0,
        }
    }

    /// How many tokens the parser reads (the final `Eof` included).
    pub fn token_count(&self) -> usize {
        self.tokens.len()
    }

    // ---- looking -------------------------------------------------------------------------

    #[inline]
    pub fn nth(&self, n: usize) -> Token {
        if n == 0 {
            return self.cur;
        }
        let last = self.tokens.len() - 1;
        self.tokens[(self.pos + n).min(last)]
    }

    #[inline]
    pub fn current(&self) -> Token {
        self.cur
    }

    /// The token at absolute index `index` (clamped to the final `Eof`).
    pub fn token_at(&self, index: usize) -> Token {
        self.tokens[index.min(self.tokens.len() - 1)]
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    #[inline]
    pub fn at_eof(&self) -> bool {
        self.current().kind == TokenKind::Eof
    }

    /// The end of the previous token: where a node that ends here ends.
    #[inline]
    pub fn prev_end(&self) -> u32 {
        self.prev_end
    }

    pub fn start(&self) -> u32 {
        self.current().span.start
    }

    /// The span from `start` to the end of the previous token.
    pub fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.prev_end().max(start))
    }

    #[inline]
    pub fn text(&self, span: Span) -> &'a str {
        span.text(self.src)
    }

    /// The tokens back, once the parse is done.
    pub fn into_tokens(self) -> Vec<Token> {
        self.tokens
    }

    // ---- the arena -----------------------------------------------------------------------

    /// `value` in the arena (a box). Use [`alloc!`] when computing it advances the parser.
    #[inline]
    pub fn alloc<T>(&self, value: T) -> &'a T {
        self.arena.alloc(value)
    }

    /// `list` copied into the arena. Use [`list!`] when computing it advances the parser.
    /// Always inlined: most lists of a call (named arguments, WITHIN GROUP) are empty, and
    /// their check then costs no call.
    #[inline(always)]
    pub fn list<T>(&self, list: Vec<T>) -> List<'a, T> {
        if list.is_empty() {
            return List::empty();
        }
        self.list_of(list)
    }

    /// [`Parser::list`] of a list with items.
    #[inline]
    fn list_of<T>(&self, list: Vec<T>) -> List<'a, T> {
        List::new(self.arena.alloc_slice(list.into_iter()))
    }

    /// The items of `items` from `base` on moved into the arena by one swap with a slice of
    /// `filler`s (a few stores each), leaving `base` items: for large items, whose moves one
    /// at a time through an iterator are a `memcpy` call or three each.
    #[inline]
    pub fn list_swapped<T>(
        &self,
        items: &mut Vec<T>,
        base: usize,
        filler: impl Fn() -> T,
    ) -> List<'a, T> {
        let Some(tail) = items.get_mut(base..).filter(|tail| !tail.is_empty()) else {
            return List::empty();
        };
        let slice = self.arena.alloc_slice_with(tail.len(), |_| filler());
        slice.swap_with_slice(tail);
        items.truncate(base);
        List::new(slice)
    }

    /// A list read by `read` onto one of the parse's stacks (`stack` picks it:
    /// [`Parser::select_items`], [`Parser::call_args`], [`Parser::properties`]) above the items
    /// of the lists it is nested in, then moved into the arena by [`Parser::list_swapped`]
    /// whether or not `read` succeeded: the stack is left as it was found.
    #[inline]
    pub fn stacked<T, R>(
        &mut self,
        stack: fn(&mut Self) -> &mut Vec<T>,
        filler: impl Fn() -> T,
        read: impl FnOnce(&mut Self) -> R,
    ) -> (List<'a, T>, R) {
        let base = stack(self).len();
        let read = read(self);
        let mut items = std::mem::take(stack(self));
        let list = self.list_swapped(&mut items, base, filler);
        *stack(self) = items;
        (list, read)
    }

    /// One element as a list, without a `Vec`.
    #[inline]
    pub fn one<T>(&self, item: T) -> List<'a, T> {
        List::new(self.arena.alloc_slice(std::iter::once(item)))
    }

    /// Two elements as a list, without a `Vec`.
    #[inline]
    pub fn pair<T>(&self, first: T, second: T) -> List<'a, T> {
        List::new(self.arena.alloc_slice([first, second].into_iter()))
    }

    /// A string the source does not hold as it is (a decoded literal, an upper-cased word).
    #[inline]
    pub fn str(&self, text: &str) -> &'a str {
        if text.is_empty() {
            return "";
        }
        self.arena.alloc_str(text)
    }

    #[inline]
    pub fn at(&mut self, kind: TokenKind) -> bool {
        if self.current().kind == kind {
            true
        } else {
            self.expect_note(Expected::Kind(kind));
            false
        }
    }

    #[inline]
    pub fn at_kw(&mut self, kw: Keyword) -> bool {
        let t = self.current();
        if t.kind == TokenKind::Word && t.keyword == kw {
            true
        } else {
            self.expect_note(Expected::Keyword(kw));
            false
        }
    }

    /// Looks ahead without noting an expectation.
    #[inline]
    pub fn nth_is_kw(&self, n: usize, kw: Keyword) -> bool {
        let t = self.nth(n);
        t.kind == TokenKind::Word && t.keyword == kw
    }

    #[inline]
    pub fn nth_is(&self, n: usize, kind: TokenKind) -> bool {
        self.nth(n).kind == kind
    }

    #[inline]
    fn expect_note(&mut self, what: Expected) {
        if let Some(slot) = self.expected.get_mut(usize::from(self.expected_len)) {
            *slot = what;
            self.expected_len += 1;
        }
    }

    /// Notes what failed `at_kw` checks of `kws`, in order, would note: for a fast path that
    /// knows they fail (the current token is no word).
    #[inline]
    pub fn note_keywords(&mut self, kws: &[Keyword]) {
        for &kw in kws {
            self.expect_note(Expected::Keyword(kw));
        }
    }

    /// `expecting("an operator")`, without keeping the text.
    #[inline]
    pub fn expecting_an_operator(&mut self) {
        self.expect_note(Expected::AnOperator);
    }

    /// Notes an expectation that no single token check expresses ("a data type").
    pub fn expecting(&mut self, what: &'static str) {
        if usize::from(self.expected_len) < MAX_EXPECTED {
            let index = self.expected_texts.len() as u16;
            self.expected_texts.push(what);
            self.expect_note(Expected::Text(index));
        }
    }

    /// Forgets what was expected (the cursor moved, or a message listed it).
    #[inline]
    fn clear_expected(&mut self) {
        self.expected_len = 0;
        // A store of the length (the texts need no drop): no load and test first.
        self.expected_texts.clear();
    }

    // ---- consuming -----------------------------------------------------------------------

    #[inline]
    pub fn bump(&mut self) -> Token {
        let t = self.cur;
        match t.kind {
            TokenKind::Eof => return t,
            TokenKind::LParen | TokenKind::LBracket => self.paren_depth += 1,
            TokenKind::RParen | TokenKind::RBracket => self.paren_depth -= 1,
            _ => {}
        }
        self.pos += 1;
        self.prev_end = t.span.end;
        // The tokens end with `Eof`, which is never passed: there is always a next one.
        if let Some(&next) = self.tokens.get(self.pos) {
            self.cur = next;
        }
        self.clear_expected();
        t
    }

    /// Records a statement Flink reads as raw text rather than tokens.
    pub fn mark_raw(&mut self, span: Span) {
        self.raw_spans.push(span);
    }

    pub fn paren_depth(&self) -> i32 {
        self.paren_depth
    }

    /// How many items the comma-separated list starting at the current token (just after its
    /// opening parenthesis) seems to hold: commas outside nested brackets, up to the closing
    /// parenthesis. Looks at most [`LIST_LOOKAHEAD`] tokens (so each list costs O(1) more),
    /// and may count a few too many (commas inside `ROW<...>`): a capacity hint, not a count.
    pub fn list_size_hint(&self) -> usize {
        let ahead = self.tokens.get(self.pos..).unwrap_or_default();
        let mut depth = 0u32;
        let mut items = 1usize;
        for t in ahead.iter().take(LIST_LOOKAHEAD) {
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

    /// After a failed list item: skips to the `,` or `)` that belongs to the list whose items
    /// sit at parenthesis depth `list_depth`, or to `;` / the end. Returns true at `,` or `)`.
    pub fn recover_in_list(&mut self, list_depth: i32) -> bool {
        loop {
            let t = self.current();
            match t.kind {
                TokenKind::Eof | TokenKind::Semicolon => return false,
                TokenKind::Comma | TokenKind::RParen if self.paren_depth == list_depth => {
                    return true
                }
                TokenKind::RParen if self.paren_depth < list_depth => return false,
                _ => {
                    self.bump();
                }
            }
        }
    }

    #[inline]
    pub fn eat(&mut self, kind: TokenKind) -> Option<Span> {
        if self.at(kind) {
            Some(self.bump().span)
        } else {
            None
        }
    }

    #[inline]
    pub fn eat_kw(&mut self, kw: Keyword) -> Option<Span> {
        if self.at_kw(kw) {
            Some(self.bump().span)
        } else {
            None
        }
    }

    /// Eats a sequence of keywords, all or nothing; returns the span of all of them.
    #[inline]
    pub fn eat_kws(&mut self, kws: &[Keyword]) -> Option<Span> {
        // Mostly the first keyword is not there: that answer without a loop.
        if let Some(&first) = kws.first() {
            if !(self.cur.kind == TokenKind::Word && self.cur.keyword == first) {
                self.expect_note(Expected::Keyword(first));
                return None;
            }
        }
        self.eat_kws_at_first(kws)
    }

    /// `NOT kw` or `kw`, if present: its span and whether `NOT` was written.
    #[inline]
    pub fn eat_kw_or_not_kw(&mut self, kw: Keyword) -> Option<(Span, bool)> {
        if let Some(span) = self.eat_kws(&[Keyword::NOT, kw]) {
            return Some((span, true));
        }
        self.eat_kw(kw).map(|span| (span, false))
    }

    /// [`Parser::eat_kws`] once the first keyword is there (or there is none).
    fn eat_kws_at_first(&mut self, kws: &[Keyword]) -> Option<Span> {
        for (i, kw) in kws.iter().enumerate() {
            if !self.nth_is_kw(i, *kw) {
                if i == 0 {
                    self.expect_note(Expected::Keyword(*kw));
                }
                return None;
            }
        }
        let start = self.start();
        for _ in kws {
            self.bump();
        }
        Some(self.span_from(start))
    }

    pub fn expect(&mut self, kind: TokenKind) -> PResult<Span> {
        match self.eat(kind) {
            Some(span) => Ok(span),
            None => Err(self.unexpected()),
        }
    }

    pub fn expect_kw(&mut self, kw: Keyword) -> PResult<Span> {
        match self.eat_kw(kw) {
            Some(span) => Ok(span),
            None => Err(self.unexpected()),
        }
    }

    // ---- errors --------------------------------------------------------------------------

    pub fn report(&mut self, diagnostic: Diagnostic) -> Failed {
        self.errors.push(diagnostic);
        Failed
    }

    /// Reports the current token as unexpected, listing what was expected here.
    pub fn unexpected(&mut self) -> Failed {
        let t = self.current();
        if t.kind == TokenKind::Error {
            // The lexer has reported this token already.
            self.clear_expected();
            return Failed;
        }
        let noted = self
            .expected
            .get(..usize::from(self.expected_len))
            .unwrap_or_default();
        let mut expected: Vec<&'static str> =
            noted.iter().map(|e| e.text(&self.expected_texts)).collect();
        self.clear_expected();
        expected.sort_unstable();
        expected.dedup();
        let list = match expected.len() {
            0 => String::new(),
            1 => format!("; expected {}", expected[0]),
            _ => format!("; expected one of {}", expected.join(", ")),
        };
        let (code, found) = if t.kind == TokenKind::Eof {
            (Code::UnexpectedEnd, "end of input".to_string())
        } else {
            (
                Code::UnexpectedToken,
                format!("`{}`", truncate(self.text(t.span), 40)),
            )
        };
        let mut d = Diagnostic::new(code, t.span, format!("unexpected {found}{list}"));
        if t.kind == TokenKind::Word {
            if let Some(suggestion) = did_you_mean(self.text(t.span), &expected) {
                d = d
                    .with_help(format!("did you mean `{suggestion}`?"))
                    .with_unsafe_fix(t.span, suggestion, format!("replace with `{suggestion}`"));
            } else if t.keyword.is_reserved() && expected.contains(&"identifier") {
                d = d.with_help(format!(
                    "`{}` is a reserved word; quote it with back-ticks to use it as a name",
                    self.text(t.span)
                ));
            }
        } else if t.kind == TokenKind::BangEq {
            d = d
                .with_help("Flink does not allow `!=` (\"Bang equal '!=' is not allowed under the current SQL conformance level\"); use `<>`")
                .with_safe_fix(t.span, "<>", "replace with `<>`");
        } else if t.kind == TokenKind::Hint {
            d = d.with_help(
                "hints (`/*+ ... */`) are allowed only in queries; write `/* ... */` for a comment",
            );
        } else if t.kind == TokenKind::DoubleQuoted {
            d = d.with_help("Flink quotes names with back-ticks (`name`) and strings with single quotes ('text')");
        }
        self.report(d)
    }

    // ---- recovery ------------------------------------------------------------------------

    /// Skips tokens until `stop` holds for a token at nesting depth 0 (parentheses, brackets
    /// and braces are skipped whole), or until `;` or the end. Does not consume the stop token.
    pub fn recover_until(&mut self, stop: impl Fn(&Token) -> bool) {
        let mut depth = 0usize;
        loop {
            let t = self.current();
            match t.kind {
                TokenKind::Eof => return,
                TokenKind::Semicolon if depth == 0 => return,
                _ if depth == 0 && stop(&t) => return,
                TokenKind::LParen | TokenKind::LBracket | TokenKind::LBrace => depth += 1,
                TokenKind::RParen | TokenKind::RBracket | TokenKind::RBrace => {
                    if depth == 0 {
                        // An unbalanced closer ends the enclosing construct.
                        if stop(&t) {
                            return;
                        }
                    } else {
                        depth -= 1;
                    }
                }
                _ => {}
            }
            self.bump();
        }
    }

    // ---- nesting -------------------------------------------------------------------------

    /// Enters one level of nesting; fails with `S013` past [`MAX_DEPTH`].
    #[inline]
    pub fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.too_deep());
        }
        Ok(())
    }

    #[cold]
    fn too_deep(&mut self) -> Failed {
        self.depth -= 1;
        let span = self.current().span;
        // Skip everything up to the end of the statement so we do not report once per level.
        self.recover_until(|_| false);
        self.report(
            Diagnostic::new(
                Code::NestingTooDeep,
                span,
                format!("nesting deeper than {MAX_DEPTH} levels"),
            )
            .with_help("split the expression or type into smaller parts"),
        )
    }

    /// Runs `f` one nesting level deeper ([`Parser::enter`], [`Parser::leave`]), making sure of
    /// the stack on the way: every [`STACK_CHECK_EVERY`] levels at least 64 KiB are left or
    /// `stacker` moves on to a fresh segment, so that the depth bound, not the caller's stack,
    /// is the limit. The first levels go unchecked, as the statement-level productions above
    /// them do (a column's type is level 1); checking every level cost as much as parsing a
    /// keyword.
    #[inline]
    pub fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.enter()?;
        let result = if self.depth.is_multiple_of(STACK_CHECK_EVERY) {
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || f(self))
        } else {
            f(self)
        };
        self.leave();
        result
    }

    #[inline]
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Wraps one more operator node around a left operand; fails with `S013` when nesting plus
    /// the chains being built exceed [`MAX_TREE_HEIGHT`]. The caller gives the links back with
    /// [`Parser::unlink`] when its chain is done.
    pub fn link(&mut self) -> PResult<()> {
        self.links += 1;
        if self.depth + self.links > MAX_TREE_HEIGHT {
            let span = self.current().span;
            self.recover_until(|_| false);
            return Err(self.report(
                Diagnostic::new(
                    Code::NestingTooDeep,
                    span,
                    format!(
                        "expression deeper than {MAX_TREE_HEIGHT} levels (a chain of operators counts one level per operator)"
                    ),
                )
                .with_help("Flink's own planner overflows its stack on chains this long; split the expression, or use IN (...) for long OR chains of equalities"),
            ));
        }
        Ok(())
    }

    pub fn unlink(&mut self, links: u32) {
        self.links = self.links.saturating_sub(links);
    }

    pub fn in_query(&self) -> bool {
        self.in_query
    }

    /// Enters a query; returns what [`Parser::leave_query`] restores.
    pub fn enter_query(&mut self) -> bool {
        std::mem::replace(&mut self.in_query, true)
    }

    /// Leaves a query: back to what [`Parser::enter_query`] returned.
    pub fn leave_query(&mut self, outer: bool) {
        self.in_query = outer;
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max).collect();
        t.push('…');
        t
    }
}

/// The expected keyword closest to `word`, if it is close enough to be a typo.
pub(crate) fn did_you_mean(word: &str, expected: &[&'static str]) -> Option<&'static str> {
    // A word joined with `_` is a name (`order_id`), not a misspelt keyword without one.
    let joined = word.contains('_');
    let keywords = expected.iter().copied().filter(|e| {
        e.bytes().all(|b| b.is_ascii_uppercase() || b == b'_') && (!joined || e.contains('_'))
    });
    flinkddl_diagnostics::suggest::closest(word, keywords)
}
