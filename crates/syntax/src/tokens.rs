//! The one view of tokens for every reader outside the parser (the editor's half-typed text,
//! the formatter's layout, suppression comments, names the tree does not keep): a text's
//! significant tokens with the text they are offsets into, and what is read off them, a name's
//! unescaped value ([`ident_name`], the parser's own unescaper), a keyword, a dotted name, the
//! tokens of a range, the token at an offset. It dereferences to the token slice, so a reader
//! matches on [`TokenKind`]s as the parser does.

use crate::lexer::{Token, TokenKind};
use crate::{ident_name, Keyword, Span};
use std::borrow::Cow;
use std::ops::Range;

/// Significant tokens (those of [`crate::lex`], [`crate::lex_span`] or
/// [`crate::Parse::tokens`], or a run of them) and the text their spans are offsets into.
#[derive(Debug, Clone, Copy)]
pub struct TokenView<'t> {
    text: &'t str,
    tokens: &'t [Token],
}

impl std::ops::Deref for TokenView<'_> {
    type Target = [Token];
    fn deref(&self) -> &[Token] {
        self.tokens
    }
}

impl<'t> TokenView<'t> {
    pub fn new(text: &'t str, tokens: &'t [Token]) -> Self {
        TokenView { text, tokens }
    }

    /// The text the spans are offsets into.
    pub fn text(&self) -> &'t str {
        self.text
    }

    pub fn tokens(&self) -> &'t [Token] {
        self.tokens
    }

    /// The tokens `range` indexes, in a view of the same text.
    pub fn slice(&self, range: Range<usize>) -> TokenView<'t> {
        let end = range.end.min(self.tokens.len());
        TokenView {
            text: self.text,
            tokens: self
                .tokens
                .get(range.start.min(end)..end)
                .unwrap_or_default(),
        }
    }

    /// The index of the first token that starts at or after `offset` (the number before it).
    pub fn index_at(&self, offset: u32) -> usize {
        self.tokens.partition_point(|t| t.span.start < offset)
    }

    /// The indices of the tokens that start inside `span`.
    pub fn range_of(&self, span: Span) -> Range<usize> {
        let start = self.index_at(span.start);
        start..start.max(self.index_at(span.end))
    }

    /// The tokens that start inside `span`.
    pub fn in_span(&self, span: Span) -> TokenView<'t> {
        self.slice(self.range_of(span))
    }

    /// The token an offset is in or right after (a word being typed ends there): its index.
    pub fn touching(&self, offset: u32) -> Option<usize> {
        let i = self.index_at(offset).checked_sub(1)?;
        (offset <= self.tokens[i].span.end).then_some(i)
    }

    /// The last token before index `i` that is not of `skipped` kinds (a hint, say).
    pub fn previous(&self, i: usize, skipped: &[TokenKind]) -> Option<usize> {
        self.tokens
            .get(..i)?
            .iter()
            .rposition(|t| !skipped.contains(&t.kind))
    }

    /// A token's text.
    pub fn raw(&self, t: &Token) -> &'t str {
        self.text.get(t.span.range()).unwrap_or("")
    }

    /// The keyword a word is (`NotKeyword` for any other token).
    pub fn keyword(&self, t: &Token) -> Keyword {
        if t.kind == TokenKind::Word {
            Keyword::lookup(self.raw(t))
        } else {
            Keyword::NotKeyword
        }
    }

    /// A word's text in upper case (empty for any other token).
    pub fn word(&self, t: &Token) -> String {
        if t.kind == TokenKind::Word {
            self.raw(t).to_ascii_uppercase()
        } else {
            String::new()
        }
    }

    /// Whether a token can be a name: a word or a quoted identifier.
    pub fn is_name(t: &Token) -> bool {
        matches!(t.kind, TokenKind::Word | TokenKind::QuotedIdent)
    }

    /// The name a name token stands for ([`ident_name`], the one unescaper); any other
    /// token's text.
    pub fn name(&self, t: &Token) -> Cow<'t, str> {
        if t.kind == TokenKind::QuotedIdent {
            ident_name(self.raw(t))
        } else {
            Cow::Borrowed(self.raw(t))
        }
    }

    /// What a token stands for as a name or value ([`crate::token_value`]).
    pub fn value(&self, t: &Token) -> Cow<'t, str> {
        crate::token_value(self.text, t)
    }

    /// The dotted name (`t`, `db.t`, `` cat.`my db`.t ``) whose first token is at `from`,
    /// before `end`: its parts and the index after it (`from` itself when none starts there).
    pub fn dotted_name(&self, from: usize, end: usize) -> (Vec<Cow<'t, str>>, usize) {
        let end = end.min(self.tokens.len());
        let mut parts = Vec::new();
        let mut i = from;
        while i < end {
            let t = &self.tokens[i];
            if !Self::is_name(t) {
                break;
            }
            parts.push(self.name(t));
            i += 1;
            if i < end && self.tokens[i].kind == TokenKind::Dot {
                i += 1;
            } else {
                break;
            }
        }
        (parts, i)
    }

    /// Where the dotted name that ends right before index `end` starts (`end` when none does);
    /// with `trailing_dot`, the name must be followed by a `.` at `end - 1` (`o.` of `o.na`),
    /// which is not part of it.
    pub fn dotted_name_start(&self, end: usize, trailing_dot: bool) -> usize {
        let end = end.min(self.tokens.len());
        let dot = |i: usize| self.tokens[i].kind == TokenKind::Dot;
        let last = end.saturating_sub(1 + usize::from(trailing_dot));
        let ends_in_name = end > usize::from(trailing_dot)
            && Self::is_name(&self.tokens[last])
            && (!trailing_dot || dot(end - 1));
        if !ends_in_name {
            return end;
        }
        let mut start = last;
        while start >= 2 && dot(start - 1) && Self::is_name(&self.tokens[start - 2]) {
            start -= 2;
        }
        start
    }

    /// The index of the `)` that closes the `(` at `open`, before `end`.
    pub fn matching_close(&self, open: usize, end: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (i, t) in self.tokens.iter().enumerate().take(end).skip(open) {
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(i);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

/// The comment (of `trivia`, a parse's comments in order) that `offset` is inside, or at the
/// end of when it is a line comment (the rest of its line is still the comment).
pub fn comment_at(trivia: &[Token], offset: u32) -> Option<&Token> {
    let i = trivia
        .partition_point(|t| t.span.start < offset)
        .checked_sub(1)?;
    trivia.get(i).filter(|t| {
        offset < t.span.end || (t.kind == TokenKind::LineComment && offset == t.span.end)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(text: &str) -> (Vec<Token>, &str) {
        let mut tokens = crate::lex(text).tokens;
        tokens.retain(|t| t.kind != TokenKind::Eof);
        (tokens, text)
    }

    #[test]
    fn names_ranges_and_offsets() {
        let (tokens, text) = view("SELECT o.`a``b` FROM cat.`my db`.t AS o");
        let v = TokenView::new(text, &tokens);
        let names = |(parts, at): (Vec<Cow<str>>, usize)| {
            (parts.iter().map(|p| p.to_string()).collect::<Vec<_>>(), at)
        };
        assert_eq!(
            names(v.dotted_name(1, v.len())),
            (vec!["o".into(), "a`b".into()], 4)
        );
        assert_eq!(
            names(v.dotted_name(5, v.len())),
            (vec!["cat".into(), "my db".into(), "t".into()], 10)
        );
        assert_eq!(names(v.dotted_name(0, 1)), (vec!["SELECT".into()], 1));
        assert_eq!(names(v.dotted_name(2, v.len())), (vec![], 2));
        assert_eq!(v.dotted_name_start(10, false), 5);
        assert_eq!(v.dotted_name_start(3, true), 1);
        assert_eq!(v.dotted_name_start(4, true), 4);
        assert_eq!(v.keyword(&v[4]), Keyword::FROM);
        assert_eq!(v.keyword(&v[3]), Keyword::NotKeyword);
        assert_eq!(v.range_of(Span::new(7, 15)), 1..4);
        assert_eq!(v.in_span(Span::new(16, 20)).len(), 1);
        assert_eq!(v.touching(8), Some(1));
        assert_eq!(v.touching(6), Some(0));
        assert_eq!(v.touching(0), None);
        assert_eq!(v.previous(4, &[TokenKind::QuotedIdent]), Some(2));
    }

    #[test]
    fn parentheses_and_comments() {
        let (tokens, text) = view("f(a, (b), c) -- x\n/* y */");
        let v = TokenView::new(text, &tokens);
        assert_eq!(v.matching_close(1, v.len()), Some(9));
        assert_eq!(v.matching_close(4, v.len()), Some(6));
        let trivia = crate::lex(text).trivia;
        assert!(comment_at(&trivia, 13).is_none());
        assert!(comment_at(&trivia, 15).is_some());
        assert!(comment_at(&trivia, 17).is_some());
        assert!(comment_at(&trivia, 19).is_some());
        assert!(comment_at(&trivia, 25).is_none());
    }
}
