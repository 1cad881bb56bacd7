//! What a query sees at the cursor in half-typed text, read from its tokens (as `context` does):
//! where the statement parses whole, completion reads the binder's semantic model instead
//! (`QueryScope`s). From the tokens: the FROM items of the query block around the cursor (tables,
//! views and CTEs by name, subqueries, windowing table functions over any of the first three
//! (`TABLE t`, `TABLE cte`, `(SELECT ...)`, positional or `DATA =>`), through commas and
//! JOINs, each with the name the query refers to it by), then those of the blocks around that one (a
//! correlated subquery sees them too); the statement's CTEs; and the select list of a subquery
//! or CTE body (what its columns are called). `completion` turns these into columns.
//!
//! Read from tokens, positions are indices into the statement's tokens, and everything is a
//! best effort over tokens that may not parse: an unclosed parenthesis runs to the statement's
//! end, a clause the scan does not know ends the FROM list, and nothing panics. Read from the
//! tree, names are the AST's identifier values.

use flinkddl::syntax::{Keyword, TokenKind, TokenView};
use std::ops::Range;

/// A subquery's or CTE's body: its tokens (inside its parentheses).
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Tokens(Range<usize>),
}

/// The CTEs in scope, by name.
pub type Ctes = Vec<(String, Body)>;

/// What a FROM item reads.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// A table or view by its dotted name as written.
    Table(Vec<String>),
    /// A subquery or a CTE's body.
    Query(Body),
    /// A windowing table function (`TABLE(TUMBLE(TABLE t, ...))`) over its input (a table or
    /// view, a CTE, a subquery): the input's columns, then `window_start`, `window_end` and
    /// `window_time`.
    Window(Box<FromItem>),
}

/// One item of a FROM clause.
#[derive(Debug, Clone, PartialEq)]
pub struct FromItem {
    /// The name the query refers to it by: its alias, or a table's (or CTE's) own last name
    /// part; `None` for a subquery or table function without an alias.
    pub name: Option<String>,
    pub source: Source,
    /// A CTE's name when the item reads one (a `Source::Query` of its body).
    pub cte: Option<String>,
}

/// One item of a select list, as far as its name goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SelectItem {
    /// `*`, or `q.*` (the qualifier's parts).
    Star(Vec<String>),
    /// A named output column; `reads` is the column reference it is, if it is one
    /// (`o.id AS oid` reads `["o", "id"]`); `span` is the item's (its expression and alias),
    /// by which the binder's type of it is found.
    Named {
        name: String,
        reads: Vec<String>,
        span: flinkddl::Span,
    },
}

/// Words after a FROM item that are not its alias: those that end the FROM list, and these.
const JOIN_WORDS: &[&str] = &[
    "JOIN",
    "INNER",
    "LEFT",
    "RIGHT",
    "FULL",
    "CROSS",
    "NATURAL",
    "OUTER",
    "ON",
    "USING",
    "FOR",
    "TABLESAMPLE",
    "AS",
];

fn is_not_alias(word: &str) -> bool {
    FROM_END.contains(&word) || JOIN_WORDS.contains(&word)
}

/// Words that end a FROM list.
const FROM_END: &[&str] = &[
    "WHERE",
    "GROUP",
    "HAVING",
    "ORDER",
    "LIMIT",
    "OFFSET",
    "FETCH",
    "WINDOW",
    "QUALIFY",
    "UNION",
    "INTERSECT",
    "EXCEPT",
    "MINUS",
    "MATCH_RECOGNIZE",
];

const SET_OPERATORS: &[&str] = &["UNION", "INTERSECT", "EXCEPT", "MINUS"];

const WINDOW_FUNCTIONS: &[&str] = &["TUMBLE", "HOP", "CUMULATE", "SESSION"];

/// The indices of `range`'s tokens at its own depth (outside any parenthesis inside it).
fn top_level(tokens: TokenView<'_>, range: Range<usize>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    for i in range {
        let Some(t) = tokens.get(i) else { break };
        match t.kind {
            TokenKind::LParen => {
                if depth == 0 {
                    out.push(i);
                }
                depth += 1;
            }
            TokenKind::RParen => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(i),
            _ => {}
        }
    }
    out
}

/// The query blocks around `cursor` (a token index), innermost first: each enclosing
/// parenthesis whose inside is a query (has a SELECT of its own), then the statement; each
/// narrowed to the part of a UNION / INTERSECT / EXCEPT the cursor is in.
pub fn blocks_around(tokens: TokenView<'_>, cursor: usize) -> Vec<Range<usize>> {
    let cursor = cursor.min(tokens.len());
    let mut opens = Vec::new();
    for (i, t) in tokens[..cursor].iter().enumerate() {
        match t.kind {
            TokenKind::LParen => opens.push(i),
            TokenKind::RParen => {
                opens.pop();
            }
            _ => {}
        }
    }
    let mut ranges: Vec<Range<usize>> = opens
        .iter()
        .rev()
        .map(|&open| {
            let end = tokens
                .matching_close(open, tokens.len())
                .unwrap_or(tokens.len());
            open + 1..end
        })
        .collect();
    ranges.push(0..tokens.len());
    ranges
        .into_iter()
        .filter_map(|range| {
            let part = part_at(tokens, range, cursor);
            has_select(tokens, part.clone()).then_some(part)
        })
        .collect()
}

/// The part of `range` between set operators that holds `at` (or the first part, for
/// `at` outside the range).
fn part_at(tokens: TokenView<'_>, range: Range<usize>, at: usize) -> Range<usize> {
    let mut start = range.start;
    for i in top_level(tokens, range.clone()) {
        let is_operator = tokens
            .get(i)
            .is_some_and(|t| SET_OPERATORS.contains(&tokens.word(t).as_str()));
        if is_operator {
            if at <= i {
                return start..i;
            }
            start = i + 1;
        }
    }
    start..range.end
}

fn has_select(tokens: TokenView<'_>, range: Range<usize>) -> bool {
    top_level(tokens, range).into_iter().any(|i| {
        tokens
            .get(i)
            .is_some_and(|t| tokens.keyword(t) == Keyword::SELECT)
    })
}

/// The first query part of a subquery or CTE body.
pub fn first_part(tokens: TokenView<'_>, range: Range<usize>) -> Range<usize> {
    part_at(tokens, range.clone(), range.start)
}

/// The statement's CTEs (`WITH name [(columns)] AS (query), ...`), by name and body.
pub fn ctes(tokens: TokenView<'_>) -> Ctes {
    let top = top_level(tokens, 0..tokens.len());
    let Some(with) = top.iter().position(|&i| {
        tokens.keyword(&tokens[i]) == Keyword::WITH
            && tokens.get(i + 1).is_some_and(TokenView::is_name)
    }) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut rest = top[with + 1..].iter().copied().peekable();
    while let Some(name_at) = rest.next() {
        let Some(name) = tokens.get(name_at).filter(|t| TokenView::is_name(t)) else {
            break;
        };
        let name = tokens.name(name).into_owned();
        // An optional column list, then AS, then the body.
        let mut next = rest.next();
        if next.is_some_and(|i| tokens[i].kind == TokenKind::LParen) {
            next = rest.next();
        }
        if next.is_none_or(|i| tokens.word(&tokens[i]) != "AS") {
            break;
        }
        let Some(open) = rest.next().filter(|&i| tokens[i].kind == TokenKind::LParen) else {
            break;
        };
        let close = tokens
            .matching_close(open, tokens.len())
            .unwrap_or(tokens.len());
        out.push((name, Body::Tokens(open + 1..close)));
        if !rest
            .next()
            .is_some_and(|i| tokens[i].kind == TokenKind::Comma)
        {
            break;
        }
    }
    out
}

/// A dotted name starting at `at`: its parts and the index after it.
fn dotted(tokens: TokenView<'_>, at: usize, end: usize) -> (Vec<String>, usize) {
    let (parts, after) = tokens.dotted_name(at, end);
    (
        parts
            .into_iter()
            .map(std::borrow::Cow::into_owned)
            .collect(),
        after,
    )
}

/// An alias at `*i` (`[AS] name`, then an optional column list), moving `*i` past it.
fn alias(tokens: TokenView<'_>, i: &mut usize, end: usize) -> Option<String> {
    while *i < end && tokens.get(*i).is_some_and(|t| t.kind == TokenKind::Hint) {
        *i += 1;
    }
    let mut j = *i;
    let explicit = tokens
        .get(j)
        .is_some_and(|t| tokens.keyword(t) == Keyword::AS);
    if explicit {
        j += 1;
    }
    let t = tokens.get(j).filter(|_| j < end)?;
    let ok = match t.kind {
        TokenKind::QuotedIdent => true,
        TokenKind::Word => {
            let w = tokens.word(t);
            explicit || (!is_not_alias(&w) && !Keyword::lookup(&w).is_reserved())
        }
        _ => false,
    };
    if !ok {
        return None;
    }
    *i = j + 1;
    if tokens.get(*i).is_some_and(|t| t.kind == TokenKind::LParen) && *i < end {
        *i = tokens.matching_close(*i, end).map_or(end, |c| c + 1);
    }
    Some(tokens.name(t).into_owned())
}

/// Where in `top` (indices of top-level tokens) the first `kw` is.
fn position_of(tokens: TokenView<'_>, top: &[usize], kw: Keyword) -> Option<usize> {
    top.iter().position(|&i| tokens.keyword(&tokens[i]) == kw)
}

/// The FROM items of a query block (a range from [`blocks_around`] or [`first_part`]).
pub fn from_items(
    tokens: TokenView<'_>,
    block: Range<usize>,
    ctes: &[(String, Body)],
) -> Vec<FromItem> {
    let top = top_level(tokens, block.clone());
    let Some(select) = position_of(tokens, &top, Keyword::SELECT) else {
        return Vec::new();
    };
    let Some(from) = top[select..]
        .iter()
        .copied()
        .find(|&i| tokens.keyword(&tokens[i]) == Keyword::FROM)
    else {
        return Vec::new();
    };
    let end = block.end.min(tokens.len());
    let mut out = Vec::new();
    let mut expect_item = true;
    let mut i = from + 1;
    while i < end {
        let t = &tokens[i];
        match t.kind {
            TokenKind::LParen => {
                let close = tokens.matching_close(i, end);
                let after = close.map_or(end, |c| c + 1);
                if expect_item {
                    let inside = i + 1..close.unwrap_or(end);
                    let mut j = after;
                    let name = alias(tokens, &mut j, end);
                    if has_select(tokens, inside.clone()) {
                        out.push(FromItem {
                            name,
                            source: Source::Query(Body::Tokens(inside)),
                            cte: None,
                        });
                    } else {
                        // A parenthesized join: its items are this block's too.
                        out.extend(from_items_of_join(tokens, inside, ctes));
                    }
                    expect_item = false;
                    i = j;
                } else {
                    i = after;
                }
                continue;
            }
            TokenKind::Comma => expect_item = true,
            TokenKind::Word | TokenKind::QuotedIdent => {
                let w = tokens.word(t);
                if t.kind == TokenKind::Word && FROM_END.contains(&w.as_str()) {
                    break;
                }
                match w.as_str() {
                    "JOIN" => expect_item = true,
                    "ON" | "USING" => expect_item = false,
                    "INNER" | "LEFT" | "RIGHT" | "FULL" | "CROSS" | "NATURAL" | "OUTER"
                    | "LATERAL" => {}
                    _ if expect_item => {
                        expect_item = false;
                        let (item, next) = item_at(tokens, i, end, ctes);
                        out.extend(item);
                        i = next.max(i + 1);
                        continue;
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The items of a parenthesized join (`FROM (a JOIN b ON ...)`).
fn from_items_of_join(
    tokens: TokenView<'_>,
    inside: Range<usize>,
    ctes: &[(String, Body)],
) -> Vec<FromItem> {
    // Read it as the FROM list of a block: the same scan, starting at its first token.
    let mut out = Vec::new();
    let mut expect_item = true;
    let mut i = inside.start;
    while i < inside.end {
        let t = &tokens[i];
        match (t.kind, tokens.word(t).as_str()) {
            (TokenKind::Comma, _) | (_, "JOIN") => expect_item = true,
            (_, "ON" | "USING") => expect_item = false,
            (TokenKind::LParen, _) => {
                i = tokens
                    .matching_close(i, inside.end)
                    .map_or(inside.end, |c| c + 1);
                continue;
            }
            (TokenKind::Word | TokenKind::QuotedIdent, w)
                if expect_item
                    && !matches!(
                        w,
                        "INNER" | "LEFT" | "RIGHT" | "FULL" | "CROSS" | "NATURAL" | "OUTER"
                    ) =>
            {
                expect_item = false;
                let (item, next) = item_at(tokens, i, inside.end, ctes);
                out.extend(item);
                i = next.max(i + 1);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The FROM item whose first word is at `at` (a name, `TABLE(...)`, `UNNEST(...)`), and the
/// index after it (and its alias).
fn item_at(
    tokens: TokenView<'_>,
    at: usize,
    end: usize,
    ctes: &[(String, Body)],
) -> (Option<FromItem>, usize) {
    let head = tokens.word(&tokens[at]);
    let call = tokens
        .get(at + 1)
        .is_some_and(|t| t.kind == TokenKind::LParen);
    if call && matches!(head.as_str(), "TABLE" | "UNNEST") {
        let close = tokens.matching_close(at + 1, end);
        let mut i = close.map_or(end, |c| c + 1);
        let name = alias(tokens, &mut i, end);
        let inside = at + 2..close.unwrap_or(end);
        // `TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), ...))`: the window function over `t`.
        let window = (head == "TABLE")
            .then(|| {
                let f = tokens.get(inside.start)?;
                if !WINDOW_FUNCTIONS.contains(&tokens.word(f).as_str()) {
                    return None;
                }
                // Its arguments: inside the `(` after its name.
                let open = inside.start + 1;
                let close = tokens
                    .matching_close(open, inside.end)
                    .unwrap_or(inside.end);
                window_input(tokens, open + 1..close, ctes)
            })
            .flatten();
        let item = window.map(|input| FromItem {
            name,
            source: Source::Window(Box::new(input)),
            cte: None,
        });
        return (item, i);
    }
    let (parts, mut i) = dotted(tokens, at, end);
    if parts.is_empty() {
        return (None, at + 1);
    }
    while i < end && tokens.get(i).is_some_and(|t| t.kind == TokenKind::Hint) {
        i += 1;
    }
    // `FOR SYSTEM_TIME AS OF o.proc_time`: a temporal join; the alias comes after.
    if tokens
        .get(i)
        .is_some_and(|t| tokens.keyword(t) == Keyword::FOR)
    {
        let of = (i..end.min(i + 4)).find(|&j| tokens.keyword(&tokens[j]) == Keyword::OF);
        if let Some(of) = of {
            let (_, after) = dotted(tokens, of + 1, end);
            i = after;
        }
    }
    let name = alias(tokens, &mut i, end);
    (named_item(parts, name, ctes), i)
}

/// The table argument of a window function's call (`range`: its arguments' tokens), as a
/// FROM item: `TABLE name` (a table, view or CTE) or a subquery `(SELECT ...)` (Flink's
/// parser rejects `TABLE (SELECT ...)`, ours reads it: taken too); positional or named
/// (`DATA => TABLE t`).
fn window_input(
    tokens: TokenView<'_>,
    range: Range<usize>,
    ctes: &[(String, Body)],
) -> Option<FromItem> {
    let end = range.end.min(tokens.len());
    let top = top_level(tokens, range.clone());
    let subquery = |open: usize| {
        let close = tokens.matching_close(open, end).unwrap_or(end);
        let inside = open + 1..close;
        has_select(tokens, inside.clone()).then_some(FromItem {
            name: None,
            source: Source::Query(Body::Tokens(inside)),
            cte: None,
        })
    };
    let Some(table) = top
        .iter()
        .copied()
        .find(|&j| tokens.keyword(&tokens[j]) == Keyword::TABLE)
    else {
        // Flink's subquery input: `(SELECT ...)` first, or after `DATA =>`.
        let mut first = range.start;
        if tokens
            .get(first + 1)
            .is_some_and(|t| t.kind == TokenKind::Arrow)
        {
            first += 2;
        }
        return tokens
            .get(first)
            .filter(|t| t.kind == TokenKind::LParen && first < end)
            .and_then(|_| subquery(first));
    };
    let next = tokens.get(table + 1).filter(|_| table + 1 < end)?;
    if next.kind == TokenKind::LParen {
        return subquery(table + 1);
    }
    let (parts, _) = dotted(tokens, table + 1, end);
    named_item(parts, None, ctes)
}

/// The FROM item a name reads: the CTE of that name (a one-part name), else the table or view;
/// referred to by `alias`, or by its own name.
fn named_item(
    parts: Vec<String>,
    alias: Option<String>,
    ctes: &[(String, Body)],
) -> Option<FromItem> {
    let last = parts.last().cloned()?;
    let cte = match parts.as_slice() {
        [one] => ctes.iter().find(|(n, _)| n.eq_ignore_ascii_case(one)),
        _ => None,
    };
    Some(match cte {
        Some((cte_name, body)) => FromItem {
            name: alias.or(Some(last)),
            source: Source::Query(body.clone()),
            cte: Some(cte_name.clone()),
        },
        None => FromItem {
            name: alias.or(Some(last)),
            source: Source::Table(parts),
            cte: None,
        },
    })
}

/// The select list of a query block: `*`, `q.*`, and the named items.
pub fn select_items(tokens: TokenView<'_>, block: Range<usize>) -> Vec<SelectItem> {
    let top = top_level(tokens, block.clone());
    let Some(select) = position_of(tokens, &top, Keyword::SELECT) else {
        return Vec::new();
    };
    let mut start = top[select] + 1;
    if tokens
        .get(start)
        .is_some_and(|t| matches!(tokens.word(t).as_str(), "DISTINCT" | "ALL"))
    {
        start += 1;
    }
    let end = top[select..]
        .iter()
        .copied()
        .find(|&i| tokens.keyword(&tokens[i]) == Keyword::FROM)
        .unwrap_or(block.end)
        .min(tokens.len());
    let mut out = Vec::new();
    let mut item_start = start;
    let commas = top
        .iter()
        .copied()
        .filter(|&i| i >= start && i < end && tokens[i].kind == TokenKind::Comma);
    for boundary in commas.chain(std::iter::once(end)) {
        if let Some(item) = select_item(tokens.slice(item_start.min(boundary)..boundary)) {
            out.push(item);
        }
        item_start = boundary + 1;
    }
    out
}

fn select_item(item: TokenView<'_>) -> Option<SelectItem> {
    let span = flinkddl::Span::new(item.first()?.span.start, item.last()?.span.end);
    let kinds: Vec<TokenKind> = item.iter().map(|t| t.kind).collect();
    // `*`, `q.*`
    if kinds.last() == Some(&TokenKind::Star)
        && (item.len() == 1 || kinds.get(item.len() - 2) == Some(&TokenKind::Dot))
    {
        let (parts, _) = dotted(item, 0, item.len().saturating_sub(2));
        return Some(SelectItem::Star(parts));
    }
    // A column reference alone: `id`, `o.id`.
    let (parts, after) = dotted(item, 0, item.len());
    if !parts.is_empty() && after == item.len() {
        let name = parts.last().cloned()?;
        return Some(SelectItem::Named {
            name,
            reads: parts,
            span,
        });
    }
    // `expr AS name`, `expr name`.
    let n = item.len();
    let last = item.last().filter(|t| TokenView::is_name(t))?;
    let before = item.get(n.checked_sub(2)?)?;
    let explicit = item.keyword(before) == Keyword::AS;
    let bare_alias = !explicit
        && !Keyword::lookup(&item.word(last)).is_reserved()
        && matches!(
            before.kind,
            TokenKind::Word
                | TokenKind::QuotedIdent
                | TokenKind::RParen
                | TokenKind::String
                | TokenKind::Integer
                | TokenKind::Decimal
                | TokenKind::Approximate
        );
    if !explicit && !bare_alias {
        return None;
    }
    let name = item.name(last).into_owned();
    let expr = item.slice(0..n - if explicit { 2 } else { 1 });
    let (parts, after) = dotted(expr, 0, expr.len());
    let reads = if !parts.is_empty() && after == expr.len() {
        parts
    } else {
        Vec::new()
    };
    Some(SelectItem::Named { name, reads, span })
}

/// The FROM items and the select list of the first block of a subquery's or CTE's body.
pub fn body_block(
    tokens: TokenView<'_>,
    body: &Body,
    ctes: &[(String, Body)],
) -> (Vec<FromItem>, Vec<SelectItem>) {
    match body {
        Body::Tokens(range) => {
            let part = first_part(tokens, range.clone());
            (
                from_items(tokens, part.clone(), ctes),
                select_items(tokens, part),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl::syntax::Token;

    fn scope(marked: &str) -> Vec<FromItem> {
        let offset = marked.find("$0").unwrap_or(marked.len()) as u32;
        let text = marked.replace("$0", "");
        let lexed = flinkddl::syntax::lex(&text);
        let tokens: Vec<Token> = lexed
            .tokens
            .into_iter()
            .filter(|t| t.kind != TokenKind::Eof)
            .collect();
        let cursor = tokens.partition_point(|t| t.span.start < offset);
        let tokens = TokenView::new(&text, &tokens);
        let ctes = ctes(tokens);
        blocks_around(tokens, cursor)
            .into_iter()
            .flat_map(|b| from_items(tokens, b, &ctes))
            .collect()
    }

    fn names(items: &[FromItem]) -> Vec<String> {
        items
            .iter()
            .map(|i| {
                let source = match &i.source {
                    Source::Table(p) => p.join("."),
                    Source::Query(_) => format!("query {}", i.cte.as_deref().unwrap_or("")),
                    Source::Window(input) => match &input.source {
                        Source::Table(p) => format!("window {}", p.join(".")),
                        _ => format!("window query {}", input.cte.as_deref().unwrap_or("")),
                    },
                };
                format!("{}={source}", i.name.as_deref().unwrap_or("?"))
            })
            .collect()
    }

    #[test]
    fn from_items_through_joins_aliases_and_blocks() {
        let n = |s| names(&scope(s));
        assert_eq!(n("SELECT $0 FROM orders"), ["orders=orders"]);
        assert_eq!(
            n("SELECT o.$0 FROM orders o JOIN users AS u ON o.uid = u.id WHERE o.x > 1"),
            ["o=orders", "u=users"]
        );
        assert_eq!(
            n("SELECT o.$0 FROM orders o JOIN users u ON"),
            ["o=orders", "u=users"]
        );
        assert_eq!(
            n("SELECT $0 FROM db.orders, cat.db.users u, `my t` LEFT OUTER JOIN x USING (id)"),
            ["orders=db.orders", "u=cat.db.users", "my t=my t", "x=x"]
        );
        assert_eq!(
            n("SELECT $0 FROM orders /*+ OPTIONS('a'='b') */ o JOIN rates FOR SYSTEM_TIME AS OF o.ts AS r ON r.c = o.c"),
            ["o=orders", "r=rates"]
        );
        assert_eq!(
            n("SELECT $0 FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '5' MINUTES)) w"),
            ["w=window orders"]
        );
        assert_eq!(
            n("WITH big AS (SELECT * FROM orders) SELECT $0 FROM TABLE(TUMBLE(DATA => TABLE big, TIMECOL => DESCRIPTOR(ts), SIZE => INTERVAL '5' MINUTES)) w"),
            ["w=window query big"]
        );
        assert_eq!(
            n("SELECT $0 FROM TABLE(HOP((SELECT * FROM orders), DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '5' MINUTES))"),
            ["?=window query "]
        );
        assert_eq!(
            n("SELECT $0 FROM TABLE(HOP(DATA => (SELECT * FROM orders), TIMECOL => DESCRIPTOR(ts), SLIDE => INTERVAL '1' MINUTE, SIZE => INTERVAL '5' MINUTES))"),
            ["?=window query "]
        );
        assert_eq!(
            n("SELECT $0 FROM TABLE(HOP(TABLE (SELECT * FROM orders), DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '5' MINUTES))"),
            ["?=window query "]
        );
        assert_eq!(
            n("WITH big AS (SELECT * FROM orders) SELECT $0 FROM big b, (SELECT 1 AS one) s"),
            ["b=query big", "s=query "]
        );
        // The inner block first, then the outer one; the other side of a UNION is not seen.
        assert_eq!(
            n("SELECT * FROM a WHERE x IN (SELECT $0 FROM b) UNION SELECT * FROM c"),
            ["b=b", "a=a"]
        );
        assert_eq!(n("SELECT upper($0) FROM a"), ["a=a"]);
        assert_eq!(n("SELECT $0"), Vec::<String>::new());
        assert_eq!(n("SELECT a FROM"), Vec::<String>::new());
    }

    #[test]
    fn select_items_name_their_columns() {
        let text = "SELECT *, o.*, id, o.price AS p, CAST(x AS INT) c, count(*) FROM o";
        let lexed = flinkddl::syntax::lex(text);
        let items = select_items(TokenView::new(text, &lexed.tokens), 0..lexed.tokens.len());
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            items,
            [
                SelectItem::Star(vec![]),
                SelectItem::Star(s(&["o"])),
                SelectItem::Named {
                    name: "id".into(),
                    reads: s(&["id"]),
                    span: flinkddl::Span::new(15, 17),
                },
                SelectItem::Named {
                    name: "p".into(),
                    reads: s(&["o", "price"]),
                    span: flinkddl::Span::new(19, 31),
                },
                SelectItem::Named {
                    name: "c".into(),
                    reads: vec![],
                    span: flinkddl::Span::new(33, 49),
                },
            ]
        );
    }
}
