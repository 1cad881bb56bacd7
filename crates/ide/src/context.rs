//! Where the cursor is, read from the tokens before it: which list, which clause, which part of
//! a table element. Completion works on half-typed text, where the parser has little to offer,
//! so this reads tokens, not the AST: the statement's tokens from its start (the last `;`) to
//! the cursor, with the open parentheses and what opened each.

use flinkddl::syntax::{Keyword, Token, TokenKind, TokenView};
use flinkddl::Span;

/// What the cursor is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Context {
    /// Where a statement starts.
    StatementStart,
    /// After `CREATE [OR REPLACE] [TEMPORARY]`.
    AfterCreate,
    /// Where a table or view name goes (`LIKE`, `INSERT INTO`, `FROM`, `ALTER TABLE`, ...).
    TableName,
    /// At the start of a CREATE TABLE element.
    ElementStart,
    /// After a column's name: its type (or `AS` for a computed column).
    ColumnType,
    /// After a column's type: `NOT NULL`, `METADATA`, `PRIMARY KEY`, `COMMENT`.
    AfterColumnType,
    /// After `METADATA`: `FROM 'key'`, `VIRTUAL`.
    AfterMetadata,
    /// Inside an expression (computed column, watermark, query).
    Expression,
    /// Where a type name goes inside a type or after `CAST(x AS`.
    TypeName,
    /// Inside `PRIMARY KEY (`, `PARTITIONED BY (`, `DISTRIBUTED BY (`, `INSERT INTO t (`:
    /// column names, without those already listed.
    ColumnList { listed: Vec<String> },
    /// After `WATERMARK FOR`: the rowtime column.
    WatermarkColumn,
    /// After `WATERMARK FOR col`: `AS`.
    WatermarkAs,
    /// After the element list of a CREATE TABLE: its clauses.
    TableClause,
    /// An option key in `WITH (` / `SET (`.
    OptionKey,
    /// An option value after `'key' =`.
    OptionValue { key: String },
    /// The key string of `METADATA FROM '`.
    MetadataKey,
    /// After `ALTER TABLE t`.
    AlterAction,
    /// A column of the ALTER TABLE's table (`DROP`, `RENAME`, `MODIFY`, `AFTER`).
    AlterColumn,
    /// These keywords, and nothing else, fit here (`NOT` wants `NULL` or `ENFORCED`, ...).
    Keywords(&'static [&'static str]),
    /// Nothing to offer (inside a comment, a number, ...).
    Nothing,
}

/// The cursor's context, the span completions replace, and whether that span is the inside of
/// a string literal.
#[derive(Debug, Clone)]
pub struct CursorContext {
    pub context: Context,
    /// What the user has typed of the word or string (replaced by the completion).
    pub replace: Span,
    pub in_string: bool,
    /// The string the cursor is in has no closing quote on the cursor's line (the editor did
    /// not auto-close it): the lexer took the text up to some later quote, or to the end, for
    /// the string. Completion re-reads the text with the string closed at the end of the line.
    pub unclosed: bool,
    /// The index of the statement's first token and of the first token after the cursor.
    pub statement_tokens: std::ops::Range<usize>,
    /// The dotted name before a `.` right before what is typed (`o.` in `o.na`): a table's
    /// name or alias when it qualifies a column; empty when the word is not qualified.
    pub qualifier: Vec<String>,
}

fn is_string(t: &Token) -> bool {
    matches!(t.kind, TokenKind::String | TokenKind::UnicodeString)
}

/// The names already written in a column list (to leave out of completion).
fn listed_names(inside: TokenView<'_>) -> Vec<String> {
    inside
        .iter()
        .filter(|t| TokenView::is_name(t))
        .map(|t| inside.name(t).into_owned())
        .collect()
}

/// An open `(` and the keywords before it (`NotKeyword` for any other token).
struct Open {
    /// Index in the statement's tokens.
    at: usize,
    before: Keyword,
    before2: Keyword,
}

pub fn cursor_context(
    text: &str,
    tokens: &[Token],
    trivia: &[Token],
    offset: u32,
) -> CursorContext {
    let replace_empty = Span::new(offset, offset);
    let nothing = |range| CursorContext {
        context: Context::Nothing,
        replace: replace_empty,
        in_string: false,
        unclosed: false,
        statement_tokens: range,
        qualifier: Vec::new(),
    };
    if flinkddl::syntax::comment_at(trivia, offset).is_some() {
        return nothing(0..0);
    }
    let view = TokenView::new(text, tokens);
    // The token the cursor is in or just after (a word being typed, a string being filled).
    let after = tokens.partition_point(|t| t.span.start < offset);
    let mut current: Option<usize> = None;
    if let Some(i) = after.checked_sub(1) {
        let t = &tokens[i];
        let touching = offset <= t.span.end;
        if touching && (TokenView::is_name(t) || is_string(t) || t.kind == TokenKind::Error) {
            current = Some(i);
        }
        if touching && current.is_none() && t.kind != TokenKind::Eof {
            // Inside a number or operator: keep going, the prefix is empty.
            if matches!(
                t.kind,
                TokenKind::Integer | TokenKind::Decimal | TokenKind::Approximate
            ) {
                return nothing(0..0);
            }
        }
    }
    let end = current.unwrap_or(after);
    let start = tokens[..end]
        .iter()
        .rposition(|t| t.kind == TokenKind::Semicolon)
        .map_or(0, |i| i + 1);
    // The statement ends at its `;`, or, while it is being typed without one, where the next
    // statement starts (so that the next table's options are not taken for this one's).
    let statement_end = tokens[end..]
        .iter()
        .enumerate()
        .position(|(i, t)| {
            matches!(t.kind, TokenKind::Semicolon | TokenKind::Eof)
                || ((i > 0 || current.is_none())
                    && matches!(
                        view.keyword(t),
                        Keyword::CREATE
                            | Keyword::ALTER
                            | Keyword::DROP
                            | Keyword::USE
                            | Keyword::INSERT
                            | Keyword::UPSERT
                    ))
        })
        .map_or(tokens.len(), |i| end + i);
    let prev = view.slice(start..end);

    let mut in_string = false;
    let mut unclosed = false;
    let mut replace = replace_empty;
    if let Some(i) = current {
        let t = &tokens[i];
        let raw = view.raw(t);
        if is_string(t) || (t.kind == TokenKind::Error && raw.starts_with('\'')) {
            in_string = true;
            let inner_start = t.span.start + 1;
            let mut closed = is_string(t) && raw.len() >= 2;
            let inner_end = if closed { t.span.end - 1 } else { offset };
            if offset < inner_start || (closed && offset > inner_end) {
                return nothing(start..statement_end);
            }
            let between = |from: u32, to: u32| text.get(from as usize..to as usize).unwrap_or("");
            // A string that started on an earlier line: no item could replace it without
            // spanning lines.
            if between(t.span.start, offset).contains('\n') {
                return nothing(start..statement_end);
            }
            // The quote that closes the string is on a later line: it is some other string's
            // opening quote, so the string is really unclosed.
            if closed && between(offset, inner_end).contains('\n') {
                closed = false;
            }
            replace = if closed {
                Span::new(inner_start, inner_end.max(inner_start))
            } else {
                unclosed = true;
                Span::new(inner_start, unclosed_fragment_end(text, offset))
            };
        } else if TokenView::is_name(t) {
            replace = t.span;
        } else {
            return nothing(start..statement_end);
        }
    }
    let mut context = classify(prev, in_string);
    // `INTERVAL '5' ^`: the unit.
    if context == Context::Expression {
        if let [.., interval, value] = &*prev {
            if prev.keyword(interval) == Keyword::INTERVAL && is_string(value) {
                context = Context::Keywords(&[
                    "SECOND",
                    "MINUTE",
                    "HOUR",
                    "DAY",
                    "MONTH",
                    "YEAR",
                    "MILLISECOND",
                ]);
            }
        }
    }
    let qualifier = if in_string {
        Vec::new()
    } else {
        qualifier_before(prev)
    };
    CursorContext {
        context,
        replace,
        in_string,
        unclosed,
        statement_tokens: start..statement_end,
        qualifier,
    }
}

/// Where the part of an unclosed string after the cursor that belongs to what is being typed
/// ends: at the first blank, quote, comma or parenthesis (so never on another line).
fn unclosed_fragment_end(text: &str, offset: u32) -> u32 {
    let rest = text.get(offset as usize..).unwrap_or("");
    let len = rest
        .find(|c: char| c.is_whitespace() || matches!(c, '\'' | ',' | '(' | ')' | ';'))
        .unwrap_or(rest.len());
    offset + len as u32
}

/// The text with the unclosed string the cursor is in closed at the end of the cursor's line
/// (before a `\r\n`), so that the tokens after it are read as written. Offsets up to the end
/// of the cursor's line are unchanged.
pub fn close_string_at_line_end(text: &str, offset: u32) -> String {
    let from = (offset as usize).min(text.len());
    let rest = text.get(from..).unwrap_or("");
    let mut eol = from + rest.find('\n').unwrap_or(rest.len());
    if eol > from && text.as_bytes().get(eol - 1) == Some(&b'\r') {
        eol -= 1;
    }
    let mut out = String::with_capacity(text.len() + 1);
    out.push_str(text.get(..eol).unwrap_or(text));
    out.push('\'');
    out.push_str(text.get(eol..).unwrap_or(""));
    out
}

/// The dotted name that ends in the `.` at the end of `prev` (`o.`, `db.t.`); empty when
/// `prev` does not end in a name and a dot.
fn qualifier_before(prev: TokenView<'_>) -> Vec<String> {
    let end = prev.len();
    let start = prev.dotted_name_start(end, true);
    let (parts, _) = prev.dotted_name(start, end.saturating_sub(1));
    parts
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

/// Whether the cursor, after `prev`, is in a query's FROM list: the last clause word at the
/// cursor's own depth is FROM (or JOIN).
fn in_from_list(prev: TokenView<'_>) -> bool {
    let mut depth = 0usize;
    for t in prev.iter().rev() {
        match t.kind {
            TokenKind::RParen => depth += 1,
            TokenKind::LParen if depth == 0 => return false,
            TokenKind::LParen => depth -= 1,
            TokenKind::Word if depth == 0 => {
                use Keyword as K;
                match prev.keyword(t) {
                    K::FROM | K::JOIN => return true,
                    K::SELECT
                    | K::WHERE
                    | K::GROUP
                    | K::HAVING
                    | K::ORDER
                    | K::ON
                    | K::USING
                    | K::SET
                    | K::VALUES
                    | K::WINDOW
                    | K::LIMIT
                    | K::UNION
                    | K::INTERSECT
                    | K::EXCEPT
                    | K::MINUS
                    | K::WITH => return false,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    false
}

fn classify(prev: TokenView<'_>, in_string: bool) -> Context {
    use Keyword as K;
    let words: Vec<Keyword> = prev.iter().map(|t| prev.keyword(t)).collect();
    let last_word = words.last().copied().unwrap_or_default();
    if prev.is_empty() {
        return if in_string {
            Context::Nothing
        } else {
            Context::StatementStart
        };
    }

    // Open parentheses, innermost last.
    let mut opens: Vec<Open> = Vec::new();
    for (i, t) in prev.iter().enumerate() {
        match t.kind {
            TokenKind::LParen => opens.push(Open {
                at: i,
                before: i.checked_sub(1).map(|j| words[j]).unwrap_or_default(),
                before2: i.checked_sub(2).map(|j| words[j]).unwrap_or_default(),
            }),
            TokenKind::RParen => {
                opens.pop();
            }
            _ => {}
        }
    }
    let first = words.first().copied().unwrap_or_default();
    let is_create_table = first == K::CREATE && words.iter().take(6).any(|w| *w == K::TABLE);
    let is_alter_table = first == K::ALTER && words.get(1) == Some(&K::TABLE);

    if in_string {
        return string_context(prev, &words, &opens);
    }

    if let Some(open) = opens.last() {
        let inside = prev.slice(open.at + 1..prev.len());
        let since_comma = inside
            .iter()
            .rposition(|t| t.kind == TokenKind::Comma)
            .map_or(&*inside, |i| &inside[i + 1..]);
        match (open.before2, open.before) {
            (_, K::WITH) | (K::TABLE | K::RESET, K::SET) | (_, K::OPTIONS) => {
                return match since_comma {
                    [] => Context::OptionKey,
                    [k, eq] if is_string(k) && eq.kind == TokenKind::Eq => Context::OptionValue {
                        key: prev.value(k).into_owned(),
                    },
                    _ => Context::Nothing,
                };
            }
            (K::PRIMARY, K::KEY)
            | (K::PARTITIONED, K::BY)
            | (K::DISTRIBUTED, K::BY)
            | (_, K::HASH)
            | (_, K::RANGE)
            | (K::UNIQUE, _) => {
                return Context::ColumnList {
                    listed: listed_names(inside),
                };
            }
            (_, K::CAST | K::TRY_CAST) if last_word == K::AS => return Context::TypeName,
            _ => {}
        }
        // The element list of CREATE TABLE (the first parenthesis after the name) or of
        // ALTER TABLE ... ADD / MODIFY.
        let outermost = &opens[0];
        let elements_list = (is_create_table
            && !words[..outermost.at]
                .iter()
                .any(|w| matches!(w, K::WITH | K::LIKE | K::AS)))
            || (is_alter_table && matches!(outermost.before, K::ADD | K::MODIFY));
        if elements_list {
            return element_context(prev.slice(outermost.at + 1..prev.len()), opens.len() > 1);
        }
        let insert_columns = matches!(first, K::INSERT | K::UPSERT)
            && opens.len() == 1
            && !words[..outermost.at]
                .iter()
                .any(|w| matches!(w, K::SELECT | K::VALUES));
        if insert_columns {
            return Context::ColumnList {
                listed: listed_names(inside),
            };
        }
    }

    // Keywords that take a table name.
    match last_word {
        K::LIKE if is_create_table => return Context::TableName,
        K::INTO | K::OVERWRITE | K::FROM | K::JOIN | K::DESCRIBE | K::DESC => {
            return Context::TableName
        }
        K::TABLE | K::VIEW
            if matches!(first, K::ALTER | K::DROP | K::DESCRIBE | K::DESC | K::SHOW) =>
        {
            return Context::TableName
        }
        K::EXISTS if matches!(first, K::ALTER | K::DROP) => return Context::TableName,
        _ => {}
    }
    if first == K::CREATE
        && words
            .iter()
            .all(|w| matches!(w, K::CREATE | K::OR | K::REPLACE | K::TEMPORARY))
    {
        return Context::AfterCreate;
    }
    if is_create_table && opens.is_empty() && prev.iter().any(|t| t.kind == TokenKind::RParen) {
        return Context::TableClause;
    }
    if is_alter_table {
        let name_end = prev.dotted_name(2, prev.len()).1;
        if prev.len() == name_end {
            return Context::AlterAction;
        }
        if matches!(
            last_word,
            K::DROP | K::RENAME | K::MODIFY | K::AFTER | K::COLUMN
        ) {
            return Context::AlterColumn;
        }
        if last_word == K::ADD {
            return Context::ElementStart;
        }
    }
    // `FROM a, ^`: another table.
    if prev.last().is_some_and(|t| t.kind == TokenKind::Comma) && in_from_list(prev) {
        return Context::TableName;
    }
    if words.iter().any(|w| matches!(w, K::SELECT | K::WHERE)) {
        return Context::Expression;
    }
    Context::Nothing
}

/// Inside a string literal.
fn string_context(prev: TokenView<'_>, words: &[Keyword], opens: &[Open]) -> Context {
    let n = prev.len();
    if n >= 2 && words[n - 1] == Keyword::FROM && words[n - 2] == Keyword::METADATA {
        return Context::MetadataKey;
    }
    if let Some(open) = opens.last() {
        if matches!(open.before, Keyword::WITH | Keyword::SET | Keyword::OPTIONS) {
            let inside = &prev[open.at + 1..];
            let since_comma = inside
                .iter()
                .rposition(|t| t.kind == TokenKind::Comma)
                .map_or(inside, |i| &inside[i + 1..]);
            return match since_comma {
                [] => Context::OptionKey,
                [k, eq] if is_string(k) && eq.kind == TokenKind::Eq => Context::OptionValue {
                    key: prev.value(k).into_owned(),
                },
                _ => Context::Nothing,
            };
        }
    }
    Context::Nothing
}

/// Inside the element list: `tokens` are those after its `(`; `nested` when the cursor is in a
/// deeper parenthesis (a call, a type's parameters).
fn element_context(tokens: TokenView<'_>, nested: bool) -> Context {
    // The current element: after the last comma at the list's own depth.
    let mut depth = 0i32;
    let mut angle = 0i32;
    let mut element_start = 0;
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth -= 1,
            TokenKind::Lt if depth == 0 => angle += 1,
            TokenKind::Gt if depth == 0 => angle = (angle - 1).max(0),
            TokenKind::Comma if depth == 0 && angle == 0 => element_start = i + 1,
            _ => {}
        }
    }
    use Keyword as K;
    let element = &tokens[element_start..];
    let words: Vec<Keyword> = element.iter().map(|t| tokens.keyword(t)).collect();
    let Some(&first) = words.first() else {
        return Context::ElementStart;
    };
    let last = element.last();
    let last_word = words.last().copied().unwrap_or_default();
    let has_as = words.contains(&K::AS);
    match first {
        K::WATERMARK => {
            return match element.len() {
                1 => Context::Nothing,
                2 => Context::WatermarkColumn,
                _ if has_as => Context::Expression,
                _ => Context::WatermarkAs,
            }
        }
        K::PRIMARY | K::CONSTRAINT | K::UNIQUE => {
            return match (last_word, last.map(|t| t.kind)) {
                (K::NOT, _) => Context::Keywords(&["ENFORCED"]),
                (K::PRIMARY, _) => Context::Keywords(&["KEY"]),
                (_, Some(TokenKind::RParen)) if !nested => Context::Keywords(&["NOT ENFORCED"]),
                _ if element.len() == 2 && first == K::CONSTRAINT => {
                    Context::Keywords(&["PRIMARY KEY", "UNIQUE"])
                }
                _ => Context::Nothing,
            }
        }
        K::PERIOD => return Context::Nothing,
        _ => {}
    }
    if has_as {
        return if last_word == K::AS
            && nested
            && words
                .iter()
                .rev()
                .skip(1)
                .any(|w| matches!(w, K::CAST | K::TRY_CAST))
        {
            Context::TypeName
        } else {
            Context::Expression
        };
    }
    if nested {
        return Context::Nothing;
    }
    if element.len() == 1 {
        return Context::ColumnType;
    }
    if last.is_some_and(|t| matches!(t.kind, TokenKind::Lt | TokenKind::Comma)) {
        return Context::TypeName;
    }
    if last_word == K::METADATA {
        return Context::AfterMetadata;
    }
    if words.contains(&K::METADATA) {
        return Context::Nothing;
    }
    if last.is_some_and(|t| {
        t.kind == TokenKind::Gt || t.kind == TokenKind::RParen || TokenView::is_name(t)
    }) {
        // `a INT ^`, `a DECIMAL(10, 2) ^`, `a ARRAY<INT> ^`; not after `NOT` or `COMMENT`.
        match last_word {
            K::NOT if words.contains(&K::KEY) => return Context::Keywords(&["ENFORCED"]),
            K::NOT => return Context::Keywords(&["NULL"]),
            K::PRIMARY => return Context::Keywords(&["KEY NOT ENFORCED"]),
            K::KEY => return Context::Keywords(&["NOT ENFORCED"]),
            K::COMMENT => return Context::Nothing,
            _ => {}
        }
        return Context::AfterColumnType;
    }
    Context::Nothing
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl::syntax::ast;

    fn context_at(marked: &str) -> Context {
        let offset = marked.find("$0").unwrap_or(marked.len());
        let text = marked.replace("$0", "");
        let lexed = flinkddl::syntax::lex(&text);
        cursor_context(&text, &lexed.tokens, &lexed.trivia, offset as u32).context
    }

    #[test]
    fn token_names_are_the_parsers_identifier_values() {
        for name in [
            "plain",
            "`a``b`",
            "```a`",
            "`a```",
            "`with space`",
            "`ü`",
            "Mixed_Case1",
        ] {
            let text = format!("CREATE TABLE {name} (x INT);");
            let parse = flinkddl::syntax::parse(&text);
            let Some(ast::Statement {
                kind: ast::StatementKind::CreateTable(ct),
                ..
            }) = parse.script().statements.first()
            else {
                panic!("{text} does not parse");
            };
            let token = &parse.tokens()[2];
            let view = TokenView::new(&text, parse.tokens());
            assert_eq!(view.name(token), ct.name.parts[0].value, "{name}");
        }
    }

    #[test]
    fn contexts_from_tokens() {
        assert_eq!(context_at("$0"), Context::StatementStart);
        assert_eq!(context_at("CREATE TABLE t (a $0"), Context::ColumnType);
        assert_eq!(
            context_at("CREATE TABLE t (a INT, $0"),
            Context::ElementStart
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT $0"),
            Context::AfterColumnType
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT, b AS a + $0"),
            Context::Expression
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT, b AS CAST(a AS $0"),
            Context::TypeName
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT, PRIMARY KEY (a, $0"),
            Context::ColumnList {
                listed: vec!["a".into()]
            }
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT, WATERMARK FOR $0"),
            Context::WatermarkColumn
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT) $0"),
            Context::TableClause
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT) WITH ($0"),
            Context::OptionKey
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT) WITH ('$0')"),
            Context::OptionKey
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT) WITH ('connector' = '$0')"),
            Context::OptionValue {
                key: "connector".into()
            }
        );
        assert_eq!(
            context_at("CREATE TABLE t (a INT METADATA FROM '$0"),
            Context::MetadataKey
        );
        assert_eq!(context_at("INSERT INTO $0"), Context::TableName);
        assert_eq!(
            context_at("CREATE TABLE t (a INT) LIKE $0"),
            Context::TableName
        );
        assert_eq!(context_at("-- CREATE $0"), Context::Nothing);
        assert_eq!(context_at("SELECT * FROM a, $0"), Context::TableName);
        assert_eq!(context_at("SELECT * FROM a AS x, $0"), Context::TableName);
        assert_eq!(
            context_at("SELECT * FROM a JOIN b ON f(a.x, $0"),
            Context::Expression
        );
        assert_eq!(context_at("SELECT a, $0 FROM t"), Context::Expression);
    }

    #[test]
    fn qualifiers() {
        let qualifier = |marked: &str| {
            let offset = marked.find("$0").unwrap_or(marked.len());
            let text = marked.replace("$0", "");
            let lexed = flinkddl::syntax::lex(&text);
            cursor_context(&text, &lexed.tokens, &lexed.trivia, offset as u32).qualifier
        };
        assert_eq!(qualifier("SELECT o.$0 FROM orders o"), ["o"]);
        assert_eq!(qualifier("SELECT o.na$0 FROM orders o"), ["o"]);
        assert_eq!(qualifier("SELECT db.`t`.$0"), ["db", "t"]);
        assert!(qualifier("SELECT na$0").is_empty());
        assert!(qualifier("SELECT 1.$0").is_empty());
    }
}
