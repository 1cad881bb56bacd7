//! The layout of one statement: its tokens printed in order with only the whitespace between
//! them chosen, in the manner of Prettier's groups. A group is a run of items printed on one
//! line when it fits (and holds nothing that must break), or broken at each of its breaks
//! otherwise. Comments are printed where they were, between the same two tokens.

use crate::structure::Structure;
use crate::{FormatOptions, IdentifierQuoting, KeywordCase};
use flinkddl::syntax::{Keyword, Token, TokenKind};
use flinkddl::Span;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Break {
    None,
    Hard,
    Soft(usize),
}

struct Comment<'a> {
    text: &'a str,
    newline_before: bool,
    /// A line comment, or a block comment with a newline after it in the source.
    newline_after: bool,
}

struct Item<'a> {
    text: String,
    width: usize,
    multiline: bool,
    kind: TokenKind,
    /// The keyword, for words that are not identifiers.
    keyword: Option<&'static str>,
    /// A space before it when the line is not broken there.
    space: bool,
    comments: Vec<Comment<'a>>,
    brk: Break,
    indent_after: i32,
    groups: Vec<usize>,
}

struct Group {
    start: usize,
    end: usize,
    forced: bool,
}

/// Opens a group over `items[start..=end]` at its first item; returns its index.
fn open_group(
    groups: &mut Vec<Group>,
    items: &mut [Item],
    start: usize,
    end: usize,
    forced: bool,
) -> usize {
    let g = groups.len();
    groups.push(Group { start, end, forced });
    items[start].groups.push(g);
    g
}

fn starts_at(spans: &[Span], at: u32) -> bool {
    spans.binary_search_by_key(&at, |s| s.start).is_ok()
}

/// For each item, whether some span of `spans` (sorted by start) covers it.
fn covered(spans: &[Span], item_spans: &[Span]) -> Vec<bool> {
    let mut marks = vec![false; item_spans.len()];
    for s in spans {
        let from = item_spans.partition_point(|i| i.start < s.start);
        for k in from..item_spans.len() {
            if item_spans[k].end > s.end {
                break;
            }
            marks[k] = true;
        }
    }
    marks
}

/// A quoted identifier that reads the same unquoted: a plain word that is no keyword at all.
fn unquoted(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('`')?.strip_suffix('`')?;
    let mut chars = inner.chars();
    let first = chars.next()?;
    let plain = (first.is_ascii_alphabetic() || first == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    (plain && Keyword::lookup(inner) == Keyword::NotKeyword).then_some(inner)
}

/// Keywords after which `(` takes a space (`AS (`, `IN (`, `KEY (`); after any other word it
/// is a call or a type's parameters.
const SPACE_BEFORE_PAREN: &[&str] = &[
    "AS",
    "IN",
    "VALUES",
    "KEY",
    "WITH",
    "ON",
    "AND",
    "OR",
    "NOT",
    "EXISTS",
    "BY",
    "FROM",
    "JOIN",
    "SELECT",
    "WHERE",
    "WHEN",
    "THEN",
    "ELSE",
    "OVER",
    "USING",
    "PATTERN",
    "HAVING",
    "SET",
    "RESET",
    "UNION",
    "ALL",
    "INTERSECT",
    "EXCEPT",
    "MINUS",
    "DISTINCT",
    "LIKE",
    "INTO",
    "SUBSET",
    "PARTITION",
    "ANY",
    "SOME",
    "LATERAL",
    "RETURN",
    "DEFINE",
    "MEASURES",
    "MATCH_RECOGNIZE",
];

/// Words that end an operand, so that a `-` or `+` after them is binary.
const OPERAND_WORDS: &[&str] = &["END", "NULL", "TRUE", "FALSE", "UNKNOWN"];

pub fn layout(
    source: &str,
    tokens: &[Token],
    trivia: &[Token],
    structure: &Structure,
    options: &FormatOptions,
    newline: &str,
) -> String {
    let (mut items, spans) = build_items(source, tokens, trivia, structure, options);
    let groups = plan(&mut items, &spans, structure);
    print(&items, &groups, options, newline)
}

fn build_items<'a>(
    source: &'a str,
    tokens: &[Token],
    trivia: &[Token],
    structure: &Structure,
    options: &FormatOptions,
) -> (Vec<Item<'a>>, Vec<Span>) {
    let mut items: Vec<Item> = Vec::with_capacity(tokens.len());
    let mut spans: Vec<Span> = Vec::with_capacity(tokens.len());
    let mut comment_at =
        trivia.partition_point(|c| tokens.first().is_some_and(|t| c.span.start < t.span.start));
    let mut i = 0;
    let mut prev_end: Option<u32> = None;
    while i < tokens.len() {
        let token = tokens[i];
        // A row pattern is printed as written, comments and all.
        let verbatim = structure
            .verbatim
            .binary_search_by_key(&token.span.start, |v| v.start)
            .ok()
            .map(|at| structure.verbatim[at]);
        let (span, next) = match verbatim {
            Some(v) => {
                let mut j = i;
                while j < tokens.len() && tokens[j].span.end <= v.end {
                    j += 1;
                }
                (
                    Span::new(token.span.start, tokens[j.max(i + 1) - 1].span.end),
                    j.max(i + 1),
                )
            }
            None => (token.span, i + 1),
        };
        let mut comments = Vec::new();
        while comment_at < trivia.len() && trivia[comment_at].span.start < span.start {
            let c = trivia[comment_at];
            let before = &source[prev_end.unwrap_or(c.span.start) as usize..c.span.start as usize];
            let next_start = trivia
                .get(comment_at + 1)
                .map_or(span.start, |n| n.span.start.min(span.start));
            let after = source
                .get(c.span.end as usize..next_start as usize)
                .unwrap_or("");
            let text = c.span.text(source).trim_end_matches('\r');
            comments.push(Comment {
                text,
                newline_before: prev_end.is_some() && before.contains('\n'),
                newline_after: c.kind == TokenKind::LineComment || after.contains('\n'),
            });
            prev_end = Some(c.span.end);
            comment_at += 1;
        }
        // Comments inside a verbatim span are part of its text.
        while comment_at < trivia.len() && trivia[comment_at].span.end <= span.end {
            comment_at += 1;
        }
        let raw = span.text(source);
        let is_ident = structure
            .idents
            .binary_search_by_key(&token.span.start, |s| s.start)
            .is_ok();
        let keyword = (verbatim.is_none()
            && token.kind == TokenKind::Word
            && !is_ident
            && token.keyword != Keyword::NotKeyword)
            .then(|| token.keyword.as_str());
        let text = if verbatim.is_some() {
            raw.to_string()
        } else if keyword.is_some() {
            match options.keyword_case {
                KeywordCase::Upper => raw.to_ascii_uppercase(),
                KeywordCase::Lower => raw.to_ascii_lowercase(),
                KeywordCase::Preserve => raw.to_string(),
            }
        } else if token.kind == TokenKind::QuotedIdent
            && options.identifier_quoting == IdentifierQuoting::AsNeeded
            && is_ident
        {
            unquoted(raw).unwrap_or(raw).to_string()
        } else {
            raw.to_string()
        };
        let multiline = text.contains('\n');
        items.push(Item {
            width: text.chars().count(),
            text,
            multiline,
            kind: token.kind,
            keyword,
            space: true,
            comments,
            brk: Break::None,
            indent_after: 0,
            groups: Vec::new(),
        });
        spans.push(span);
        prev_end = Some(span.end);
        i = next;
    }
    // Spacing between neighbours, read from the items and the source.
    let in_types = covered(&structure.types, &spans);
    for k in 1..items.len() {
        let space = {
            let (prev, cur) = (&items[k - 1], &items[k]);
            let gap_in_source = spans[k - 1].end < spans[k].start;
            let in_type = in_types[k] && in_types[k - 1];
            use TokenKind::*;
            match (prev.kind, cur.kind) {
                (_, Comma | RParen | RBracket | Semicolon | Dot) => false,
                (LParen | LBracket | Dot, _) => false,
                (Lt, _) if in_type => false,
                (_, Lt | Gt) if in_type => false,
                (_, LParen) => match prev.kind {
                    Word if prev.keyword.is_some() => prev
                        .keyword
                        .is_some_and(|kw| SPACE_BEFORE_PAREN.contains(&kw)),
                    Word | QuotedIdent => gap_in_source,
                    _ => true,
                },
                (Word | QuotedIdent | RParen | RBracket, LBracket) => false,
                (Minus | Plus, _) if k >= 2 && is_unary(&items[k - 2], prev) => false,
                _ => true,
            }
        };
        items[k].space = space;
    }
    (items, spans)
}

/// A `-` or `+` is unary when what precedes it cannot end an operand.
fn is_unary(before: &Item, _op: &Item) -> bool {
    use TokenKind::*;
    match before.kind {
        RParen | RBracket | Integer | Decimal | Approximate | String | UnicodeString
        | BinaryString | QuotedIdent | Question => false,
        Word => before
            .keyword
            .is_some_and(|kw| !OPERAND_WORDS.contains(&kw)),
        _ => true,
    }
}

fn kw(items: &[Item], i: usize) -> Option<&'static str> {
    items.get(i).and_then(|item| item.keyword)
}

/// Plans the groups and breaks of a statement.
fn plan(items: &mut [Item], spans: &[Span], structure: &Structure) -> Vec<Group> {
    let n = items.len();
    let mut groups: Vec<Group> = Vec::new();
    if n == 0 {
        return groups;
    }
    let item_at = |offset: u32| spans.binary_search_by_key(&offset, |s| s.start).ok();
    // Commas inside `MAP<K, V>` and `ROW<...>` never break.
    let in_types = covered(&structure.types, spans);
    let last_item = |end: u32| spans.partition_point(|s| s.start < end).checked_sub(1);

    // Paren depth of each item, the matching parens, and the innermost open paren.
    let mut depth = vec![0usize; n];
    let mut matching = vec![usize::MAX; n];
    let mut enclosing = vec![usize::MAX; n];
    let mut stack: Vec<usize> = Vec::new();
    for i in 0..n {
        if items[i].kind == TokenKind::RParen {
            if let Some(open) = stack.pop() {
                matching[open] = i;
                matching[i] = open;
            }
        }
        depth[i] = stack.len();
        enclosing[i] = stack.last().copied().unwrap_or(usize::MAX);
        if items[i].kind == TokenKind::LParen {
            stack.push(i);
        }
    }

    // The innermost query of each item.
    let queries: Vec<(usize, usize)> = structure
        .queries
        .iter()
        .filter_map(|q| Some((item_at(q.start)?, last_item(q.end)?)))
        .filter(|(first, last)| first <= last)
        .collect();
    let mut owner = vec![usize::MAX; n];
    {
        let mut open: Vec<usize> = Vec::new();
        let mut next = 0;
        for (k, slot) in owner.iter_mut().enumerate() {
            while next < queries.len() && queries[next].0 == k {
                open.push(next);
                next += 1;
            }
            while open.last().is_some_and(|&q| queries[q].1 < k) {
                open.pop();
            }
            *slot = open.last().copied().unwrap_or(usize::MAX);
        }
    }
    let in_query = |k: usize| owner[k] != usize::MAX;

    // Parenthesised lists: a group each, broken after `(`, at its commas and before `)`.
    // Element and option lists always break; a query in parentheses breaks at its clauses.
    let mut paren_break = vec![Break::None; n];
    let mut query_group: Vec<Option<usize>> = vec![None; queries.len()];
    for open in 0..n {
        if items[open].kind != TokenKind::LParen {
            continue;
        }
        let close = matching[open];
        // `()` and `(x)` never break.
        if close == usize::MAX || close <= open + 2 {
            continue;
        }
        let match_recognize = open > 0 && kw(items, open - 1) == Some("MATCH_RECOGNIZE");
        let block = match_recognize
            || starts_at(&structure.blocks, spans[open].start)
            || starts_at(&structure.blocks, spans[open + 1].start);
        let g = open_group(&mut groups, items, open, close, block);
        let brk = if block { Break::Hard } else { Break::Soft(g) };
        items[open].indent_after += 1;
        items[close - 1].indent_after -= 1;
        items[open + 1].brk = brk;
        items[close].brk = brk;
        let q = owner[open + 1];
        if match_recognize {
            lay_out_match_recognize(items, &mut groups, &depth, open, close);
        } else if q != usize::MAX && queries[q].0 == open + 1 {
            query_group[q] = Some(g);
        } else if open > 0 && kw(items, open - 1) == Some("OVER") {
            // A window specification that does not fit: PARTITION BY, ORDER BY and the frame
            // each on a line.
            for k in open + 2..close {
                let starts = depth[k] == depth[open] + 1
                    && match items[k].keyword {
                        Some("ORDER" | "PARTITION") => kw(items, k + 1) == Some("BY"),
                        Some("ROWS" | "RANGE") => true,
                        _ => false,
                    };
                if starts && items[k].brk == Break::None {
                    items[k].brk = brk;
                }
            }
        } else {
            paren_break[open] = brk;
        }
    }
    let mut between = vec![false; n];
    for k in 0..n {
        let p = enclosing[k];
        if p == usize::MAX || paren_break[p] == Break::None {
            continue;
        }
        let brk = paren_break[p];
        match (items[k].kind, items[k].keyword) {
            (TokenKind::Comma, _) if k + 1 < matching[p] && !in_types[k] => items[k + 1].brk = brk,
            (_, Some("BETWEEN")) => between[p] = true,
            (_, Some("AND")) if between[p] => between[p] = false,
            (_, Some("AND" | "OR")) if brk != Break::Hard => items[k].brk = brk,
            _ => {}
        }
    }

    // Queries: each clause starts a line; a statement's own query always breaks.
    let mut starters: Vec<Vec<usize>> = vec![Vec::new(); queries.len()];
    for k in 0..n {
        let q = owner[k];
        if q == usize::MAX || depth[k] != depth[queries[q].0] {
            continue;
        }
        let first = queries[q].0;
        let is_join = starts_at(&structure.joins, spans[k].start);
        let starter = is_join
            || match items[k].keyword {
                Some(
                    "SELECT" | "WHERE" | "HAVING" | "WINDOW" | "QUALIFY" | "LIMIT" | "OFFSET"
                    | "FETCH" | "UNION" | "INTERSECT" | "EXCEPT" | "MINUS" | "VALUES",
                ) => true,
                Some("FROM") => k == 0 || kw(items, k - 1) != Some("DISTINCT"),
                Some("GROUP") => k == 0 || kw(items, k - 1) != Some("WITHIN"),
                Some("ORDER") => kw(items, k + 1) == Some("BY"),
                Some("WITH") => k == first,
                _ => false,
            };
        if starter {
            starters[q].push(k);
        }
    }
    for (q, &(first, last)) in queries.iter().enumerate() {
        let d = depth[first];
        let g = match query_group[q] {
            Some(g) => g,
            None => {
                let g = open_group(&mut groups, items, first, last, d == 0);
                if d == 0 && first > 0 && items[first].brk == Break::None {
                    items[first].brk = Break::Hard;
                }
                g
            }
        };
        let brk = if groups[g].forced {
            Break::Hard
        } else {
            Break::Soft(g)
        };
        let list = &starters[q];
        for (s, &start) in list.iter().enumerate() {
            let end = list.get(s + 1).map_or(last, |next| next - 1);
            if start > first && items[start].brk == Break::None {
                items[start].brk = brk;
            }
            let word = items[start].keyword;
            if matches!(word, Some("UNION" | "INTERSECT" | "EXCEPT" | "MINUS")) {
                continue;
            }
            let is_join = starts_at(&structure.joins, spans[start].start);
            let mut head = start;
            if !is_join {
                match word {
                    Some("GROUP" | "ORDER") => head += 1,
                    Some("SELECT" | "WITH") => {
                        while matches!(
                            kw(items, head + 1),
                            Some("DISTINCT" | "ALL" | "STREAM" | "RECURSIVE")
                        ) || items
                            .get(head + 1)
                            .is_some_and(|i| i.kind == TokenKind::Hint)
                        {
                            head += 1;
                        }
                    }
                    _ => {}
                }
            }
            if head >= end {
                continue;
            }
            let cg = open_group(&mut groups, items, start, end, false);
            let breaks_after_head = !is_join
                && matches!(
                    word,
                    Some(
                        "SELECT"
                            | "WHERE"
                            | "HAVING"
                            | "QUALIFY"
                            | "GROUP"
                            | "ORDER"
                            | "WITH"
                            | "VALUES"
                            | "WINDOW"
                    )
                );
            if breaks_after_head && items[head + 1].brk == Break::None {
                items[head + 1].brk = Break::Soft(cg);
            }
            // Continuation lines are indented: a list's items, a join's ON condition. A FROM
            // clause's items stay at its level, so that a derived table is indented once.
            let indent_from = if breaks_after_head {
                Some(head)
            } else if is_join {
                (head + 1..=end)
                    .find(|&k| depth[k] == d && matches!(items[k].keyword, Some("ON")))
                    .map(|on| on - 1)
            } else {
                None
            };
            if let Some(from) = indent_from {
                items[from].indent_after += 1;
                items[end].indent_after -= 1;
            }
            let mut in_between = false;
            for k in head + 1..=end {
                if depth[k] != d || owner[k] != q {
                    continue;
                }
                match (items[k].kind, items[k].keyword) {
                    (TokenKind::Comma, _)
                        if k < end && !in_types[k] && items[k + 1].brk == Break::None =>
                    {
                        items[k + 1].brk = Break::Soft(cg);
                    }
                    (_, Some("BETWEEN")) => in_between = true,
                    (_, Some("AND")) if in_between => in_between = false,
                    (_, Some("AND" | "OR" | "ON")) if items[k].brk == Break::None => {
                        items[k].brk = Break::Soft(cg)
                    }
                    _ => {}
                }
            }
        }
    }

    // CASE ... END: each WHEN and ELSE on its own line when it does not fit.
    let mut open_cases: Vec<usize> = Vec::new();
    let mut cases: Vec<(usize, usize)> = Vec::new();
    for k in 0..n {
        match items[k].keyword {
            Some("CASE") => open_cases.push(k),
            Some("END") => {
                if let Some(start) = open_cases.pop() {
                    cases.push((start, k));
                }
            }
            Some("WHEN" | "ELSE") => {
                if let Some(&start) = open_cases.last() {
                    if depth[k] == depth[start] && items[k].brk == Break::None {
                        items[k].brk = Break::Soft(usize::MAX - start);
                    }
                }
            }
            _ => {}
        }
    }
    for (start, end) in cases {
        let g = open_group(&mut groups, items, start, end, false);
        items[start].indent_after += 1;
        items[end - 1].indent_after -= 1;
        for item in items[start + 1..end].iter_mut() {
            if item.brk == Break::Soft(usize::MAX - start) {
                item.brk = Break::Soft(g);
            }
        }
        if items[end].brk == Break::None {
            items[end].brk = Break::Soft(g);
        }
    }
    // A CASE never closed (cannot happen in a statement that parsed) breaks nowhere.
    for item in items.iter_mut() {
        if let Break::Soft(g) = item.brk {
            if g >= groups.len() {
                item.brk = Break::None;
            }
        }
    }

    // The clauses of a CREATE statement after its name and element list.
    if matches!(kw(items, 0), Some("CREATE" | "REPLACE")) {
        for k in 1..n {
            if depth[k] != 0 || in_query(k) {
                continue;
            }
            let starts_clause = match items[k].keyword {
                Some("COMMENT" | "PARTITIONED" | "DISTRIBUTED" | "LIKE") => true,
                Some("WITH") => items
                    .get(k + 1)
                    .is_some_and(|i| i.kind == TokenKind::LParen),
                _ => false,
            };
            if starts_clause && items[k].brk == Break::None {
                items[k].brk = Break::Hard;
            }
        }
    }

    // Decide outer groups before inner ones.
    for item in items.iter_mut() {
        item.groups
            .sort_by_key(|&g| std::cmp::Reverse(groups[g].end));
    }
    groups
}

/// MATCH_RECOGNIZE's clauses, one a line; MEASURES, DEFINE and SUBSET list one item a line.
fn lay_out_match_recognize(
    items: &mut [Item],
    groups: &mut Vec<Group>,
    depth: &[usize],
    open: usize,
    close: usize,
) {
    let d = depth[open] + 1;
    let mut starters: Vec<usize> = Vec::new();
    for k in open + 1..close {
        if depth[k] != d {
            continue;
        }
        let next = kw(items, k + 1);
        let starter = match items[k].keyword {
            Some("PARTITION" | "ORDER") => next == Some("BY"),
            Some("ALL") => next == Some("ROWS"),
            Some("ONE") => next == Some("ROW"),
            Some("AFTER") => next == Some("MATCH"),
            Some("MEASURES" | "PATTERN" | "WITHIN" | "SUBSET" | "DEFINE") => true,
            _ => false,
        };
        if starter {
            starters.push(k);
        }
    }
    for (s, &start) in starters.iter().enumerate() {
        let end = starters.get(s + 1).map_or(close - 1, |next| next - 1);
        items[start].brk = Break::Hard;
        if !matches!(items[start].keyword, Some("MEASURES" | "DEFINE" | "SUBSET")) || end <= start {
            continue;
        }
        items[start].indent_after += 1;
        items[end].indent_after -= 1;
        items[start + 1].brk = Break::Hard;
        let mut item_start = start + 1;
        for k in start + 1..=end {
            if k == end || (depth[k] == d && items[k].kind == TokenKind::Comma) {
                if k < end {
                    items[k + 1].brk = Break::Hard;
                }
                condition(items, groups, depth, item_start, k);
                item_start = k + 1;
            }
        }
    }
}

/// A condition that breaks before its AND and OR (not BETWEEN's) when it does not fit, with
/// the continuation lines indented.
fn condition(
    items: &mut [Item],
    groups: &mut Vec<Group>,
    depth: &[usize],
    start: usize,
    end: usize,
) {
    if end <= start + 1 {
        return;
    }
    let d = depth[start];
    let g = groups.len();
    let mut any = false;
    let mut between = false;
    for k in start + 1..end {
        if depth[k] != d {
            continue;
        }
        match items[k].keyword {
            Some("BETWEEN") => between = true,
            Some("AND") if between => between = false,
            Some("AND" | "OR") if items[k].brk == Break::None => {
                items[k].brk = Break::Soft(g);
                any = true;
            }
            _ => {}
        }
    }
    if any {
        open_group(groups, items, start, end, false);
        items[start].indent_after += 1;
        items[end].indent_after -= 1;
    }
}

fn print(items: &[Item], groups: &[Group], options: &FormatOptions, newline: &str) -> String {
    let n = items.len();
    // Prefix sums of flat widths and of what forces a break.
    let mut width = vec![0usize; n + 1];
    let mut forcing = vec![0usize; n + 1];
    for (k, item) in items.iter().enumerate() {
        let comments: usize = item
            .comments
            .iter()
            .map(|c| c.text.chars().count() + 1)
            .sum();
        let forces = item.brk == Break::Hard
            || item.multiline
            || item
                .comments
                .iter()
                .any(|c| c.newline_before || c.newline_after || c.text.contains('\n'));
        width[k + 1] = width[k] + item.width + usize::from(item.space) + comments;
        forcing[k + 1] = forcing[k] + usize::from(forces);
    }
    let mut broken = vec![false; groups.len()];
    let mut open: Vec<usize> = Vec::new(); // groups containing the current item
    let mut flat_open = 0usize;
    let mut out = String::new();
    let mut col = 0usize;
    let mut indent: i32 = 0;
    let mut indent_before_last: i32 = 0;
    let mut pending_newline = false;
    let newline_at = |out: &mut String, col: &mut usize, indent: i32| {
        while out.ends_with(' ') {
            out.pop();
        }
        out.push_str(newline);
        let spaces = indent.max(0) as usize * options.indent_width;
        out.push_str(&" ".repeat(spaces));
        *col = spaces;
    };
    let advance = |col: &mut usize, text: &str| match text.rfind('\n') {
        Some(at) => *col = text[at + 1..].chars().count(),
        None => *col += text.chars().count(),
    };
    for (k, item) in items.iter().enumerate() {
        while let Some(&g) = open.last() {
            if groups[g].end < k {
                open.pop();
                if !broken[g] {
                    flat_open -= 1;
                }
            } else {
                break;
            }
        }
        // An own-line comment before a closing `)` or `END` belongs to the block it closes.
        let closes = item.kind == TokenKind::RParen || item.keyword == Some("END");
        let comment_indent = if closes {
            indent.max(indent_before_last)
        } else {
            indent
        };
        for c in &item.comments {
            if k > 0 || !out.is_empty() {
                if c.newline_before || pending_newline {
                    newline_at(&mut out, &mut col, comment_indent);
                } else {
                    out.push(' ');
                    col += 1;
                }
            }
            out.push_str(c.text);
            advance(&mut col, c.text);
            pending_newline = c.newline_after;
        }
        let wants_break = pending_newline
            || match item.brk {
                Break::None => false,
                Break::Hard => true,
                Break::Soft(g) => broken[g],
            };
        if k > 0 || !out.is_empty() {
            if wants_break {
                newline_at(&mut out, &mut col, indent);
            } else if item.space {
                out.push(' ');
                col += 1;
            }
        }
        pending_newline = false;
        for &g in &item.groups {
            let group = &groups[g];
            let flat_width = width[group.end + 1] - width[group.start] - usize::from(item.space);
            let forced = group.forced || forcing[group.end + 1] - forcing[group.start + 1] > 0;
            broken[g] = flat_open == 0 && (forced || col + flat_width > options.line_width);
            open.push(g);
            if !broken[g] {
                flat_open += 1;
            }
        }
        out.push_str(&item.text);
        advance(&mut col, &item.text);
        indent_before_last = indent;
        indent += item.indent_after;
    }
    out
}
