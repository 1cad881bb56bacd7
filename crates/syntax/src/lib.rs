//! flinkddl-syntax: the lexer, the resilient parser and the typed AST of Flink SQL scripts.
//!
//! [`parse`] turns any text into a [`Parse`]: a [`ast::Script`] with a byte span on every node,
//! the tokens, and every syntax error found in one pass. It never fails, never panics and bounds
//! its recursion ([`MAX_DEPTH`]). It knows Flink's grammar (parserImpls.ftl on Calcite with
//! `Lex.JAVA`) and its keyword classes, and nothing of Flink's semantics: types are not
//! resolved, names not looked up (queries are trees; what their names denote is the binder's
//! semantic model).
//!
//! The tree borrows the text and lives in a herd of `bumpalo` arenas (decision 0006): the
//! owned [`Parse`] holds a copy of the text, the arenas and the tree, and lends the tree
//! ([`Parse::script`]); [`parse_in`] reads into the caller's [`Herd`] and borrows the text.

mod arena;
pub mod ast;
mod chunks;
mod grammar;
pub mod keywords;
pub mod lexer;
mod names;
mod parser;
pub mod tokens;
pub mod versions;

pub use bumpalo_herd::{Herd, Member};
pub use chunks::{
    common_prefix_len, common_suffix_len, parse_in_chunks, parse_piece_by_piece, reparse,
    reparse_after,
};
pub use flinkddl_diagnostics::{Diagnostic, Span};
pub use keywords::Keyword;
pub use lexer::{lex, Lexed, Token, TokenKind};
pub use names::{last_name_part, quote_ident, rename_fix};
pub use parser::MAX_DEPTH;
pub use tokens::{comment_at, TokenView};

use ast::Script;
use self_cell::self_cell;

/// What one parse read, borrowing the text and the arena it was parsed into ([`parse_in`]).
/// `errors` holds the lexer's and the parser's diagnostics in source order.
#[derive(Debug)]
pub struct ParseRef<'a> {
    pub script: ast::Script<'a>,
    /// Comments, in source order.
    pub trivia: Vec<Token>,
    pub errors: Vec<Diagnostic>,
}

/// The text a [`Parse`] owns and the arenas its tree lives in (one per piece of a chunked
/// parse: a `Herd` is `Sync`, so a `Parse` can be shared between threads).
struct Source {
    text: String,
    herd: Herd,
    /// The earlier version's tree the first statements are taken from ([`reparse`]): they
    /// live in its arenas and borrow its text, the same as this text there.
    base: Option<Base>,
}

/// The tree a parse took its first `statements` from, kept alive with it.
struct Base {
    tree: std::sync::Arc<Tree>,
    statements: usize,
}

impl Source {
    /// How many trees this one keeps alive, itself included.
    fn chain(&self) -> usize {
        let mut n = 1;
        let mut at = self.base.as_ref();
        while let Some(b) = at {
            n += 1;
            at = b.tree.borrow_owner().base.as_ref();
        }
        n
    }
}

self_cell!(
    /// The tree, borrowing the text and the arenas it sits beside.
    struct Tree {
        owner: Source,
        #[covariant]
        dependent: Script,
    }
);

/// The result of parsing one text, owning the text and the tree (`Send`, `Sync`, `'static`):
/// the tree borrows the copy of the text it holds and lives in its arenas, and
/// [`Parse::script`] lends it. `errors` holds the lexer's and the parser's diagnostics in
/// source order.
pub struct Parse {
    /// Shared with later versions that took their first statements from it ([`reparse`]).
    tree: std::sync::Arc<Tree>,
    /// Significant tokens, ending with `Eof`: lexed again when first asked for
    /// ([`Parse::tokens`]). The parse drops its own: kept beside the tree they would be twice
    /// the text in memory, and only the editor, the formatter and suppression comments read
    /// them.
    tokens: std::sync::OnceLock<Vec<Token>>,
    /// Comments, in source order.
    pub trivia: Vec<Token>,
    pub errors: Vec<Diagnostic>,
}

impl std::fmt::Debug for Parse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parse")
            .field("script", self.script())
            .field("tokens", &self.tokens())
            .field("trivia", &self.trivia)
            .field("errors", &self.errors)
            .finish()
    }
}

impl Clone for Parse {
    /// The same text parsed again: a parse is a pure function of its text, and the tree cannot
    /// be copied out of its arenas.
    fn clone(&self) -> Self {
        parse(self.text())
    }
}

/// Whether a parse keeps the tokens it read (see [`Parse::tokens`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tokens {
    Drop,
    Keep,
}

/// What a read gives: the parse, and its tokens when asked to keep them.
pub(crate) type Read<'a> = (ParseRef<'a>, Option<Vec<Token>>);

impl Parse {
    /// Parses `text` (taken over) with `read`.
    fn build(text: String, read: impl for<'a> FnOnce(&'a str, &'a Herd) -> Read<'a>) -> Parse {
        match Parse::try_build(text, |text, herd| {
            Ok::<_, std::convert::Infallible>(read(text, herd))
        }) {
            Ok(parse) => parse,
            Err(never) => match never {},
        }
    }

    /// Parses `text` (taken over) with `read`, which may give up with an error.
    fn try_build<E>(
        text: String,
        read: impl for<'a> FnOnce(&'a str, &'a Herd) -> Result<Read<'a>, E>,
    ) -> Result<Parse, E> {
        Parse::try_build_on(text, None, |text, herd, _| read(text, herd))
    }

    /// [`Parse::try_build`] on `base`: `read` gets the statements of its tree.
    fn try_build_on<E>(
        text: String,
        base: Option<Base>,
        read: impl for<'a> FnOnce(&'a str, &'a Herd, &'a [ast::Statement<'a>]) -> Result<Read<'a>, E>,
    ) -> Result<Parse, E> {
        let mut rest = None;
        let tree = Tree::try_new(
            Source {
                text,
                herd: Herd::new(),
                base,
            },
            |source| {
                let base = match &source.base {
                    Some(b) => b.tree.borrow_dependent().statements.as_slice(),
                    None => &[],
                };
                let (read, tokens) = read(&source.text, &source.herd, base)?;
                rest = Some((tokens, read.trivia, read.errors));
                Ok(read.script)
            },
        )?;
        // `rest` is set whenever `try_new` succeeded.
        let (tokens, trivia, errors) = rest.unwrap_or_default();
        let kept = std::sync::OnceLock::new();
        if let Some(tokens) = tokens {
            let _ = kept.set(tokens);
        }
        Ok(Parse {
            tree: std::sync::Arc::new(tree),
            tokens: kept,
            trivia,
            errors,
        })
    }

    /// The tree.
    pub fn script(&self) -> &ast::Script<'_> {
        self.tree.borrow_dependent()
    }

    /// The text that was parsed (the parse's own copy).
    pub fn text(&self) -> &str {
        &self.tree.borrow_owner().text
    }

    /// The text back, the tree dropped (copied when a later version shares the tree).
    pub fn into_text(self) -> String {
        match std::sync::Arc::try_unwrap(self.tree) {
            Ok(tree) => tree.into_owner().text,
            Err(shared) => shared.borrow_owner().text.clone(),
        }
    }

    /// The parse of `text`, whose statements before `keep` are this parse's (same text at the
    /// same offsets, the parser back at the top level after them) and whose text from `from`
    /// (the end of the `;` after them) is read again: [`reparse`]. The kept statements are
    /// not read again: the new parse keeps the tree they live in alive (at most
    /// [`MAX_CHAIN`] trees in all; past that, `None`). `None` also when reading the rest alone
    /// would not give what reading the whole text does.
    pub(crate) fn splice(&self, keep: usize, from: usize, text: &str) -> Option<Parse> {
        // The oldest tree that holds the kept statements: a version typed in at one place
        // keeps only the tree before the typing began.
        let mut tree = &self.tree;
        while let Some(b) = tree
            .borrow_owner()
            .base
            .as_ref()
            .filter(|b| keep <= b.statements)
        {
            tree = &b.tree;
        }
        if tree.borrow_owner().chain() >= MAX_CHAIN
            || keep > tree.borrow_dependent().statements.as_slice().len()
            || from > text.len()
            || !text.is_char_boundary(from)
        {
            return None;
        }
        let old_tokens = self.tokens();
        let from32 = u32::try_from(from).ok()?;
        let tokens_kept = old_tokens.partition_point(|t| t.span.start < from32);
        let trivia_kept = self.trivia.partition_point(|t| t.span.start < from32);
        let errors_kept = self.errors.partition_point(|e| e.span.start < from32);
        let invalid_characters = |errors: &[Diagnostic]| {
            errors
                .iter()
                .filter(|d| d.code == flinkddl_diagnostics::Code::InvalidCharacter)
                .count()
        };
        let invalid_kept = invalid_characters(&self.errors[..errors_kept]);
        let base = Base {
            tree: tree.clone(),
            statements: keep,
        };
        let mut parse = Parse::try_build_on(text.to_owned(), Some(base), |text, herd, base| {
            let rest = chunks::read_rest(text, from, herd).ok_or(())?;
            if invalid_kept + invalid_characters(&rest.lexed.errors)
                >= lexer::MAX_INVALID_CHARACTER_REPORTS
            {
                return Err(());
            }
            let kept = base.get(..keep).ok_or(())?;
            let all: Vec<ast::Statement<'_>> =
                kept.iter().cloned().chain(rest.statements).collect();
            let statements = ast::List::new(arena::Arena::new(herd).alloc_slice(all.into_iter()));
            let mut tokens = Vec::with_capacity(tokens_kept + rest.lexed.tokens.len());
            tokens.extend_from_slice(&old_tokens[..tokens_kept]);
            let mut lexed = rest.lexed;
            tokens.append(&mut lexed.tokens);
            let read = assemble(text, statements, lexed, rest.errors, &rest.raw_spans);
            Ok((read, Some(tokens)))
        })
        .ok()?;
        let mut trivia = self.trivia[..trivia_kept].to_vec();
        trivia.append(&mut parse.trivia);
        parse.trivia = trivia;
        let mut errors = self.errors[..errors_kept].to_vec();
        errors.append(&mut parse.errors);
        parse.errors = errors;
        Some(parse)
    }

    /// The significant tokens, ending with `Eof`: the text lexed again on the first call (the
    /// tokens the parser read, as the lexer is a function of the text).
    pub fn tokens(&self) -> &[Token] {
        self.tokens.get_or_init(|| lex(self.text()).tokens)
    }

    /// True when the text has no syntax error.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// The statement `offset` falls in: the last one that starts at or before it (the first
    /// when it is before every statement); `None` in a script of no statement.
    pub fn statement_at(&self, offset: u32) -> Option<usize> {
        statement_at(&self.script().statements, offset)
    }

    /// For each statement, whether a syntax error lies in it: the stages after parsing skip
    /// those statements. One pass over the errors (not one per statement, which is quadratic
    /// on a script of many broken statements).
    pub fn statements_with_errors(&self) -> Vec<bool> {
        statements_with_errors(&self.script().statements, &self.errors)
    }
}

/// [`Parse::statements_with_errors`] of some statements and their syntax diagnostics (a
/// streaming check's piece).
pub fn statements_with_errors(
    statements: &[ast::Statement<'_>],
    errors: &[Diagnostic],
) -> Vec<bool> {
    let mut broken = vec![false; statements.len()];
    for d in errors {
        if d.severity == flinkddl_diagnostics::Severity::Error {
            if let Some(slot) =
                statement_at(statements, d.span.start).and_then(|i| broken.get_mut(i))
            {
                *slot = true;
            }
        }
    }
    broken
}

/// The most trees a parse keeps alive ([`Parse::splice`]): itself and two earlier versions.
const MAX_CHAIN: usize = 3;

fn statement_at(statements: &[ast::Statement<'_>], offset: u32) -> Option<usize> {
    let after = statements.partition_point(|s| s.span.start <= offset);
    after
        .checked_sub(1)
        .or((!statements.is_empty()).then_some(0))
}

/// Parses a whole script. Never fails: problems are in [`Parse::errors`]. The text is copied
/// into the result (0.25% of a parse, decision 0006; [`parse_owned`] takes it over instead). A large text is lexed and parsed in
/// pieces on rayon's threads when there are several ([`parse_in_chunks`]), with the same
/// result.
pub fn parse(text: &str) -> Parse {
    Parse::build(text.to_owned(), |text, herd| read(text, herd, Tokens::Drop))
}

/// [`parse`], keeping the tokens the parser read: for the language server, whose editor
/// features read every version's tokens, so that lexing it again would only add to each edit.
pub fn parse_keeping_tokens(text: &str) -> Parse {
    Parse::build(text.to_owned(), |text, herd| read(text, herd, Tokens::Keep))
}

/// The significant tokens of `text[span]` (no `Eof`), with offsets into `text`: the ones [`lex`]
/// of the whole text has there when `span` starts and ends at token boundaries, as a
/// statement's span does. For a stage that reads one statement's tokens without the
/// whole text's ([`Parse::tokens`]).
pub fn lex_span(text: &str, span: Span) -> Vec<Token> {
    let (from, to) = (span.start as usize, span.end as usize);
    if from > to || !text.is_char_boundary(from) || !text.is_char_boundary(to) {
        return Vec::new();
    }
    let mut tokens = lexer::lex_range(text, from, to).tokens;
    tokens.retain(|t| t.kind != TokenKind::Eof);
    tokens
}

/// What a token of `text` stands for, as a name or a value: a quoted identifier without its
/// back-ticks (doubled ones undone, [`ident_name`]), a string literal decoded (`''` undone,
/// prefixes dropped), a `"..."` without its quotes, any other token its text.
pub fn token_value<'t>(text: &'t str, token: &Token) -> std::borrow::Cow<'t, str> {
    let raw = token.span.text(text);
    let inner = || raw.get(1..raw.len().saturating_sub(1)).unwrap_or("");
    match token.kind {
        TokenKind::QuotedIdent => ident_name(raw),
        TokenKind::String | TokenKind::UnicodeString | TokenKind::BinaryString => {
            grammar::decode_string_token(raw)
        }
        TokenKind::DoubleQuoted => std::borrow::Cow::Borrowed(inner()),
        _ => std::borrow::Cow::Borrowed(raw),
    }
}

/// The name an identifier written as `raw` stands for: a back-quoted one without its quotes,
/// ``` `` ``` read as one back-tick (an unclosed one, at the end of half-typed text, without
/// its opening quote); any other word as it is. The one identifier unescaper: the parser's
/// `Ident::value`, [`token_value`] and every crate that reads names off tokens use it.
#[inline]
pub fn ident_name(raw: &str) -> std::borrow::Cow<'_, str> {
    match raw.strip_prefix('`') {
        Some(inner) => grammar::unescape_backticks(inner.strip_suffix('`').unwrap_or(inner)),
        None => std::borrow::Cow::Borrowed(raw),
    }
}

/// Whether `raw`, a name or literal between two `quote`s (`` ` `` or `'`) with each `quote`
/// inside doubled, stands for `name`: [`ident_name`]'s (or a string literal's) undoubling,
/// compared without building the value (connector checks compare every key of every table:
/// inlined there, as it was when it lived in that crate).
#[inline]
pub fn quoted_equals(raw: &str, quote: u8, name: &str) -> bool {
    let raw = raw.as_bytes();
    let (Some(&first), Some(&last)) = (raw.first(), raw.last()) else {
        return false;
    };
    if raw.len() < 2 || first != quote || last != quote {
        return false;
    }
    let inner = &raw[1..raw.len() - 1];
    let name = name.as_bytes();
    // Each doubled quote makes the text one byte longer than the name: a text of the name's
    // length has none, and a shorter one is another name (most keys differ here).
    if inner.len() <= name.len() {
        return inner == name && !name.contains(&quote);
    }
    let (mut i, mut j) = (0, 0);
    while i < inner.len() {
        if name.get(j) != Some(&inner[i]) {
            return false;
        }
        if inner[i] == quote {
            if inner.get(i + 1) != Some(&quote) {
                return false;
            }
            i += 1;
        }
        i += 1;
        j += 1;
    }
    j == name.len()
}

/// [`parse`] of a text the parse takes over, without copying it.
pub fn parse_owned(text: String) -> Parse {
    Parse::build(text, |text, herd| read(text, herd, Tokens::Drop))
}

/// [`parse`] into `herd`, borrowing `text`: the tree lives as long as both.
pub fn parse_in<'a>(text: &'a str, herd: &'a Herd) -> ParseRef<'a> {
    read(text, herd, Tokens::Drop).0
}

/// [`parse_in`], in pieces on rayon's threads when the text is large.
fn read<'a>(text: &'a str, herd: &'a Herd, tokens: Tokens) -> Read<'a> {
    let threads = rayon::current_num_threads();
    if threads > 1 && text.len() >= chunks::PARALLEL_MIN_BYTES {
        // Two pieces per thread: the pieces are not equally hard.
        let pieces = (threads * 2).min(text.len() / chunks::MIN_PIECE_BYTES);
        if let Some(parse) = chunks::parse_in_chunks_in(text, pieces, herd, tokens) {
            return parse;
        }
    }
    read_sequential(text, herd, tokens)
}

/// [`parse`] in one piece, on the calling thread.
pub fn parse_sequential(text: &str) -> Parse {
    Parse::build(text.to_owned(), |text, herd| {
        read_sequential(text, herd, Tokens::Drop)
    })
}

/// [`parse_in`] in one piece, on the calling thread.
pub fn parse_sequential_in<'a>(text: &'a str, herd: &'a Herd) -> ParseRef<'a> {
    read_sequential(text, herd, Tokens::Drop).0
}

fn read_sequential<'a>(text: &'a str, herd: &'a Herd, tokens: Tokens) -> Read<'a> {
    let mut lexed = lex(text);
    let mut parser = parser::Parser::new(text, std::mem::take(&mut lexed.tokens), herd);
    let statements = grammar::statements(&mut parser, 0);
    let raw = std::mem::take(&mut parser.raw_spans);
    let errors = std::mem::take(&mut parser.errors);
    let statements = parser.list(statements);
    // Unless kept, the tokens go with the parser: see `Parse::tokens`.
    let kept = (tokens == Tokens::Keep).then(|| parser.into_tokens());
    (assemble(text, statements, lexed, errors, &raw), kept)
}

/// The parse of the whole text from its statements, tokens and errors: lexer errors inside a
/// statement Flink reads as raw text are dropped, and all errors sorted by position.
fn assemble<'a>(
    text: &str,
    statements: ast::List<'a, ast::Statement<'a>>,
    lexed: Lexed,
    mut parse_errors: Vec<Diagnostic>,
    raw: &[Span],
) -> ParseRef<'a> {
    let mut errors: Vec<Diagnostic> = lexed
        .errors
        .into_iter()
        .filter(|d| !raw.iter().any(|r| r.contains(d.span)))
        .collect();
    errors.append(&mut parse_errors);
    errors.sort_by_key(|d| (d.span.start, d.span.end));
    ParseRef {
        script: ast::Script {
            span: Span::new(0, text.len().min(u32::MAX as usize) as u32),
            statements,
        },
        trivia: lexed.trivia,
        errors,
    }
}

/// Parses one scalar expression that sits at `span` inside `source` (a select item, say).
/// Spans in the result are offsets into `source`. `None` when no expression could be read or
/// tokens were left over; the diagnostics say why.
/// The tree lives in `herd`.
pub fn parse_expression_in<'a>(
    source: &'a str,
    span: Span,
    herd: &'a Herd,
) -> (Option<ast::Expr<'a>>, Vec<Diagnostic>) {
    let Some(text) = source.get(span.range()) else {
        return (None, Vec::new());
    };
    let mut lexed = lex(text);
    for t in lexed.tokens.iter_mut() {
        t.span = Span::new(t.span.start + span.start, t.span.end + span.start);
    }
    let mut parser = parser::Parser::new(source, std::mem::take(&mut lexed.tokens), herd);
    let expr = grammar::standalone_expression(&mut parser);
    let mut errors = lexed.errors;
    errors.append(&mut parser.errors);
    (expr.filter(|_| errors.is_empty()), errors)
}

/// Decodes the text of one string-literal token (`'it''s'` is `it's`).
pub fn decode_string(token_text: &str) -> String {
    grammar::decode_string_token(token_text).into_owned()
}

#[cfg(test)]
mod tests {
    /// One unescaper: a written name's value, and the comparison that does not build it.
    #[test]
    fn ident_names_and_quoted_comparison() {
        use super::{ident_name, quoted_equals};
        assert_eq!(ident_name("a"), "a");
        assert_eq!(ident_name("`a``b`"), "a`b");
        assert_eq!(ident_name("```c`"), "`c");
        // Half-typed: an unclosed one at the end of the text.
        assert_eq!(ident_name("`ab"), "ab");
        assert!(quoted_equals("'connector'", b'\'', "connector"));
        assert!(quoted_equals("'it''s'", b'\'', "it's"));
        assert!(!quoted_equals("'it's'", b'\'', "it's"));
        assert!(!quoted_equals("'ab'", b'\'', "abc"));
        assert!(!quoted_equals("'abc'", b'\'', "ab"));
        assert!(!quoted_equals("'", b'\'', ""));
        assert!(quoted_equals("''", b'\'', ""));
        assert!(quoted_equals("`a``b`", b'`', "a`b"));
    }

    /// Each token's value: quotes off, doubled quotes undone (a name may begin with one).
    #[test]
    fn token_values() {
        let text = "a `b` ```c` 'd''e' N'f' \"g\"";
        let values: Vec<String> = super::lex(text)
            .tokens
            .iter()
            .filter(|t| t.kind != super::TokenKind::Eof)
            .map(|t| super::token_value(text, t).into_owned())
            .collect();
        assert_eq!(values, ["a", "b", "`c", "d'e", "f", "g"]);
    }
}
