//! Names as a script writes them, for the edits that write one: a did-you-mean's fix, a
//! completion, a rename.

use crate::lexer::lex_range;
use crate::Keyword;
use flinkddl_diagnostics::{Applicability, Fix, Span};

/// `name` as a script writes it: bare when it is a plain identifier that is not a reserved
/// word, otherwise between back-ticks (a back-tick in it doubled).
pub fn quote_ident(name: &str) -> String {
    let plain = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if plain && !Keyword::lookup(name).is_reserved() {
        name.to_string()
    } else {
        format!("`{}`", name.replace('`', "``"))
    }
}

/// The fix of a did-you-mean on the name written at `span`: `suggestion` there, quoted where
/// needed. Unsafe: the suggestion is a guess at the name meant.
pub fn rename_fix(span: Span, suggestion: &str) -> Fix {
    Fix::new(
        Applicability::Unsafe,
        span,
        quote_ident(suggestion),
        format!("replace with `{suggestion}`"),
    )
}

/// The span of the last part of the name written at `span` of `text` (`orders` of
/// `db.orders`, or all of `orders`); `None` when the text there is not a name, dotted or not.
pub fn last_name_part(text: &str, span: Span) -> Option<Span> {
    let (start, end) = (span.start as usize, span.end as usize);
    if start >= end || end > text.len() || !text.is_char_boundary(start) {
        return None;
    }
    if !text.is_char_boundary(end) {
        return None;
    }
    let lexed = lex_range(text, start, end);
    if !lexed.errors.is_empty() || !lexed.trivia.is_empty() {
        return None;
    }
    let tokens = crate::TokenView::new(text, &lexed.tokens);
    let end = tokens.len().saturating_sub(1); // (before `Eof`)
    let (_, after) = tokens.dotted_name(0, end);
    let last = tokens.get(..after)?.last()?;
    (after == end && crate::TokenView::is_name(last)).then_some(last.span)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_where_needed() {
        assert_eq!(quote_ident("amount"), "amount");
        assert_eq!(quote_ident("_a$1"), "_a$1");
        assert_eq!(quote_ident("from"), "`from`");
        assert_eq!(quote_ident("my col"), "`my col`");
        assert_eq!(quote_ident("1st"), "`1st`");
        assert_eq!(quote_ident("a`b"), "`a``b`");
    }

    #[test]
    fn the_last_part_of_a_name() {
        let text = "SELECT * FROM cat.db.`my orders` x";
        let at = |s: &str| {
            let start = text.find(s).unwrap_or(0) as u32;
            Span::new(start, start + s.len() as u32)
        };
        assert_eq!(
            last_name_part(text, at("cat.db.`my orders`")),
            Some(at("`my orders`"))
        );
        assert_eq!(last_name_part(text, at("cat")), Some(at("cat")));
        assert_eq!(last_name_part(text, at("FROM cat")), None);
        assert_eq!(last_name_part(text, at("* FROM")), None);
        assert_eq!(last_name_part(text, Span::new(40, 50)), None);
    }
}
