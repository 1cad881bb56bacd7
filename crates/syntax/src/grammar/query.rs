//! Queries, with Calcite's grammar as Flink 2.3 configures it (`docs/decisions/0005-query-grammar.md`):
//! `WITH`, set operations, `SELECT` blocks and their clauses, `VALUES`, `TABLE t`, FROM items
//! (joins, derived tables, `LATERAL`, `UNNEST`, table functions, `FOR SYSTEM_TIME AS OF`,
//! `MATCH_RECOGNIZE`), window specifications and ordering.
//!
//! Recovery: a mistake inside one select item is reported and the list carries on at the next
//! `,`; a mistake in a clause skips to the next clause keyword of the same block. Chains (set
//! operations, joins, select items) are loops, never recursion, so only real nesting counts
//! against the depth budget.

use super::expressions::{expr, expr_list, order_item_list};
use super::*;
use crate::lexer::Token;
use crate::parser::Failed;

/// A statement's query, as a tree.
pub(crate) fn query_body<'a>(p: &mut Parser<'a>) -> PResult<QueryBody<'a>> {
    let start = p.start();
    if !starts_query(p) {
        p.expecting("a query (SELECT, VALUES or WITH)");
        return Err(p.unexpected());
    }
    let outer = p.enter_query();
    let result = query(p);
    p.leave_query(outer);
    let query = result?;
    Ok(QueryBody {
        span: p.span_from(start),
        query: alloc!(p, query),
    })
}

/// query := [WITH ...] set_expr [ORDER BY ...] [LIMIT ...] [OFFSET ...] [FETCH ...]
pub(crate) fn query<'a>(p: &mut Parser<'a>) -> PResult<Query<'a>> {
    p.nested(query_inner)
}

fn query_inner<'a>(p: &mut Parser<'a>) -> PResult<Query<'a>> {
    let start = p.start();
    let with = if p.at_kw(K::WITH) {
        Some(with_clause(p)?)
    } else {
        None
    };
    let body = set_expr(p)?;
    let order_by = order_by_clause(p)?;
    let (limit, offset) = limit_offset_fetch(p)?;
    Ok(Query {
        span: p.span_from(start),
        with,
        body,
        order_by: p.list(order_by),
        limit,
        offset,
    })
}

/// `[LIMIT n|ALL] [OFFSET n [ROW|ROWS]] [FETCH FIRST|NEXT n ROW|ROWS ONLY]`, also OFFSET before
/// LIMIT; LIMIT and FETCH exclude each other.
/// The row count (`LIMIT` or `FETCH`) and the offset of a query.
type LimitOffset<'a> = (Option<&'a Expr<'a>>, Option<&'a Expr<'a>>);

fn limit_offset_fetch<'a>(p: &mut Parser<'a>) -> PResult<LimitOffset<'a>> {
    let mut limit = None;
    let mut offset = None;
    let mut seen_limit = false;
    loop {
        if !seen_limit && p.eat_kw(K::LIMIT).is_some() {
            seen_limit = true;
            if p.eat_kw(K::ALL).is_none() {
                let first = limit_value(p)?;
                if p.at(T::Comma) {
                    let span = p.current().span;
                    return Err(p.report(
                        Diagnostic::new(
                            Code::UnexpectedToken,
                            span,
                            "LIMIT start, count is not allowed under the current SQL conformance level",
                        )
                        .with_help("write LIMIT count OFFSET start"),
                    ));
                }
                limit = Some(alloc!(p, first));
            }
            continue;
        }
        if offset.is_none() && p.eat_kw(K::OFFSET).is_some() {
            offset = Some(alloc!(p, limit_value(p)?));
            if p.eat_kw(K::ROW).is_none() {
                p.eat_kw(K::ROWS);
            }
            continue;
        }
        if !seen_limit && p.nth_is_kw(0, K::FETCH) {
            p.bump();
            if p.eat_kw(K::FIRST).is_none() {
                p.expect_kw(K::NEXT)?;
            }
            let count = if p.at_kw(K::ROW) || p.at_kw(K::ROWS) {
                None
            } else {
                Some(limit_value(p)?)
            };
            if p.eat_kw(K::ROW).is_none() {
                p.expect_kw(K::ROWS)?;
            }
            p.expect_kw(K::ONLY)?;
            seen_limit = true;
            limit = count.map(|v| p.alloc(v));
            continue;
        }
        if !seen_limit {
            p.note_keywords(&[K::LIMIT, K::FETCH]);
        }
        if offset.is_none() {
            p.note_keywords(&[K::OFFSET]);
        }
        return Ok((limit, offset));
    }
}

/// An unsigned numeric literal or `?`, as Calcite's `UnsignedNumericLiteralOrParam`.
fn limit_value<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let t = p.current();
    match t.kind {
        T::Integer | T::Decimal | T::Approximate | T::Question => expr(p),
        _ => {
            p.expecting("an unsigned number");
            Err(p.unexpected())
        }
    }
}

fn with_clause<'a>(p: &mut Parser<'a>) -> PResult<With<'a>> {
    let start = p.start();
    p.expect_kw(K::WITH)?;
    let recursive = p.eat_kw(K::RECURSIVE).is_some();
    let mut ctes = Vec::new();
    loop {
        let cte_start = p.start();
        let name = ident(p)?;
        let columns = if p.at(T::LParen) {
            Some(column_list(p)?)
        } else {
            None
        };
        p.expect_kw(K::AS)?;
        p.expect(T::LParen)?;
        let q = query(p)?;
        p.expect(T::RParen)?;
        ctes.push(Cte {
            span: p.span_from(cte_start),
            name,
            columns,
            query: alloc!(p, q),
        });
        if p.eat(T::Comma).is_none() {
            break;
        }
    }
    Ok(With {
        span: p.span_from(start),
        recursive,
        ctes: p.list(ctes),
    })
}

/// set_expr := intersect_chain { (UNION | EXCEPT) [ALL | DISTINCT] intersect_chain }
fn set_expr<'a>(p: &mut Parser<'a>) -> PResult<SetExpr<'a>> {
    set_chain(p, intersect_chain, union_or_except)
}

fn intersect_chain<'a>(p: &mut Parser<'a>) -> PResult<SetExpr<'a>> {
    set_chain(p, leaf_query, |p| {
        Ok(p.at_kw(K::INTERSECT).then_some(SetOperator::Intersect))
    })
}

/// UNION or EXCEPT at the cursor (not consumed); MINUS is Flink's conformance error.
fn union_or_except<'a>(p: &mut Parser<'a>) -> PResult<Option<SetOperator>> {
    if p.at_kw(K::UNION) {
        return Ok(Some(SetOperator::Union));
    }
    if p.at_kw(K::EXCEPT) {
        return Ok(Some(SetOperator::Except));
    }
    if p.nth_is_kw(0, K::MINUS) {
        let span = p.current().span;
        return Err(p.report(
            Diagnostic::new(
                Code::UnexpectedToken,
                span,
                "MINUS is not allowed under the current SQL conformance level",
            )
            .with_help("write EXCEPT")
            .with_safe_fix(span, "EXCEPT", "replace with EXCEPT"),
        ));
    }
    Ok(None)
}

/// `operand { op [ALL | DISTINCT] operand }`, left-associative, as one flat list.
fn set_chain<'a>(
    p: &mut Parser<'a>,
    operand: fn(&mut Parser<'a>) -> PResult<SetExpr<'a>>,
    operator: fn(&mut Parser<'a>) -> PResult<Option<SetOperator>>,
) -> PResult<SetExpr<'a>> {
    let start = p.start();
    let first = operand(p)?;
    let mut rest = Vec::new();
    while let Some(op) = operator(p)? {
        p.bump();
        let quantifier = set_quantifier(p);
        let operand = operand(p)?;
        rest.push(SetOperand {
            op,
            quantifier,
            operand,
        });
    }
    if rest.is_empty() {
        return Ok(first);
    }
    Ok(SetExpr {
        span: p.span_from(start),
        kind: SetExprKind::SetOperation {
            first: alloc!(p, first),
            rest: p.list(rest),
        },
    })
}

fn set_quantifier<'a>(p: &mut Parser<'a>) -> Option<SetQuantifier> {
    if p.eat_kw(K::ALL).is_some() {
        Some(SetQuantifier::All)
    } else if p.eat_kw(K::DISTINCT).is_some() {
        Some(SetQuantifier::Distinct)
    } else {
        None
    }
}

/// leaf := select | VALUES rows | TABLE name | '(' query ')'
fn leaf_query<'a>(p: &mut Parser<'a>) -> PResult<SetExpr<'a>> {
    let start = p.start();
    let t = p.current();
    let kind = match (t.kind, t.keyword) {
        (T::Word, K::SELECT) => SetExprKind::Select(alloc!(p, select(p)?)),
        (T::Word, K::VALUES) => {
            p.bump();
            SetExprKind::Values {
                rows: list!(p, expr_list(p)?),
            }
        }
        (T::Word, K::TABLE) => {
            p.bump();
            SetExprKind::Table {
                name: object_name(p)?,
            }
        }
        (T::LParen, _) => {
            p.bump();
            let q = query(p)?;
            p.expect(T::RParen)?;
            SetExprKind::Nested(alloc!(p, q))
        }
        _ => {
            p.note_keywords(&[K::SELECT, K::VALUES, K::TABLE]);
            p.expecting("`(`");
            return Err(p.unexpected());
        }
    };
    Ok(SetExpr {
        span: p.span_from(start),
        kind,
    })
}

/// Words that begin a clause of a SELECT block (or end the block): where recovery resumes.
fn is_clause_word(t: &Token) -> bool {
    t.kind == T::Word
        && matches!(
            t.keyword,
            K::FROM
                | K::WHERE
                | K::GROUP
                | K::HAVING
                | K::WINDOW
                | K::QUALIFY
                | K::ORDER
                | K::LIMIT
                | K::OFFSET
                | K::FETCH
                | K::UNION
                | K::INTERSECT
                | K::EXCEPT
        )
}

fn select<'a>(p: &mut Parser<'a>) -> PResult<Select<'a>> {
    let start = p.start();
    p.expect_kw(K::SELECT)?;
    let mut hints = Vec::new();
    while let Some(span) = p.eat(T::Hint) {
        hints.push(Hint { span });
    }
    if p.nth_is_kw(0, K::STREAM) {
        p.bump();
    }
    let quantifier = set_quantifier(p);
    let (items, mut failed) = select_list(p);
    let mut select = Select {
        span: Span::new(start, start),
        hints: p.list(hints),
        quantifier,
        items,
        from: None,
        where_clause: None,
        group_by: None,
        having: None,
        windows: list!(p, Vec::new()),
        qualify: None,
    };
    if p.at_kw(K::FROM) {
        p.bump();
        // Each clause recovers on its own: a mistake in one is reported, the next is read.
        let mut clause = |p: &mut Parser, r: PResult<()>| {
            if r.is_err() {
                failed = true;
                p.recover_until(is_clause_word);
            }
        };
        let r = from_clause(p).map(|f| select.from = Some(f));
        clause(p, r);
        if p.eat_kw(K::WHERE).is_some() {
            let r = expr(p).map(|e| select.where_clause = Some(e));
            clause(p, r);
        } else {
            p.note_keywords(&[K::WHERE]);
        }
        if p.nth_is_kw(0, K::GROUP) {
            let r = group_by(p).map(|g| select.group_by = Some(g));
            clause(p, r);
        } else {
            p.note_keywords(&[K::GROUP]);
        }
        if p.eat_kw(K::HAVING).is_some() {
            let r = expr(p).map(|e| select.having = Some(e));
            clause(p, r);
        } else {
            p.note_keywords(&[K::HAVING]);
        }
        if p.eat_kw(K::WINDOW).is_some() {
            let r = named_windows(p).map(|w| select.windows = p.list(w));
            clause(p, r);
        } else {
            p.note_keywords(&[K::WINDOW]);
        }
        if p.eat_kw(K::QUALIFY).is_some() {
            let r = expr(p).map(|e| select.qualify = Some(e));
            clause(p, r);
        } else {
            p.note_keywords(&[K::QUALIFY]);
        }
    }
    select.span = p.span_from(start);
    if failed {
        return Err(Failed);
    }
    Ok(select)
}

/// The select list; a failed item is reported and the list goes on at the next `,`. Returns
/// whether any item failed.
fn select_list<'a>(p: &mut Parser<'a>) -> (List<'a, QueryItem<'a>>, bool) {
    let filler = || QueryItem::Wildcard {
        span: Span::default(),
        qualifier: None,
        alias: None,
    };
    p.stacked(
        |p| &mut p.select_items,
        filler,
        |p| {
            let mut failed = false;
            let list_depth = p.paren_depth();
            loop {
                match select_item(p) {
                    Ok(item) => {
                        let has_alias = matches!(
                            &item,
                            QueryItem::Expr { alias: Some(_), .. }
                                | QueryItem::Wildcard { alias: Some(_), .. }
                        );
                        p.select_items.push(item);
                        if has_alias && at_plain_name(p) {
                            alias_followed_by_word(p);
                            failed = true;
                            recover_select_item(p, list_depth);
                        }
                    }
                    Err(_) => {
                        failed = true;
                        recover_select_item(p, list_depth);
                    }
                }
                if p.eat(T::Comma).is_none() {
                    break;
                }
            }
            failed
        },
    )
}

/// Skips to the `,` that separates select items, or to the clause that ends the list.
fn recover_select_item<'a>(p: &mut Parser<'a>, list_depth: i32) {
    loop {
        let t = p.current();
        match t.kind {
            T::Eof | T::Semicolon => return,
            T::Comma if p.paren_depth() == list_depth => return,
            T::RParen if p.paren_depth() <= list_depth => return,
            _ if p.paren_depth() == list_depth && is_clause_word(&t) => return,
            _ => {
                p.bump();
            }
        }
    }
}

/// A plain (non-keyword or quoted) name: after an item's alias it is a mistake Flink reports.
fn at_plain_name<'a>(p: &Parser<'a>) -> bool {
    let t = p.current();
    (t.kind == T::Word && t.keyword == K::NotKeyword) || t.kind == T::QuotedIdent
}

fn alias_followed_by_word<'a>(p: &mut Parser<'a>) {
    let t = p.current();
    let alias = p.token_at(p.position().saturating_sub(1));
    let shown = |p: &Parser, t: &Token| {
        let text = p.text(t.span);
        if t.kind == T::QuotedIdent {
            text.to_string()
        } else {
            format!("`{text}`")
        }
    };
    let message = format!(
        "unexpected {} after the alias {}: a select item ends at its alias",
        shown(p, &t),
        shown(p, &alias)
    );
    p.report(
        Diagnostic::new(Code::UnexpectedToken, t.span, message)
            .with_label(alias.span, "read as this item's alias")
            .with_help("a misspelled keyword (AS, FROM)? Otherwise separate items with `,`"),
    );
}

fn select_item<'a>(p: &mut Parser<'a>) -> PResult<QueryItem<'a>> {
    let start = p.start();
    if p.eat(T::Star).is_some() {
        let alias = item_alias(p)?;
        return Ok(QueryItem::Wildcard {
            span: p.span_from(start),
            qualifier: None,
            alias,
        });
    }
    // `t.*` / `db.t.*`
    if at_ident(p) {
        let mut n = 1;
        while p.nth_is(n, T::Dot) && is_name_token(&p.nth(n + 1)) {
            n += 2;
        }
        if p.nth_is(n, T::Dot) && p.nth_is(n + 1, T::Star) {
            let qualifier = object_name(p)?;
            p.expect(T::Dot)?;
            p.expect(T::Star)?;
            let alias = item_alias(p)?;
            return Ok(QueryItem::Wildcard {
                span: p.span_from(start),
                qualifier: Some(qualifier),
                alias,
            });
        }
    }
    let e = expr(p)?;
    let alias = item_alias(p)?;
    Ok(QueryItem::Expr {
        span: p.span_from(start),
        expr: e,
        alias,
    })
}

/// `[AS] alias` after a select item.
fn item_alias<'a>(p: &mut Parser<'a>) -> PResult<Option<Ident<'a>>> {
    if p.eat_kw(K::AS).is_some() {
        Ok(Some(alias_ident(p)?))
    } else if at_ident(p) {
        Ok(Some(ident(p)?))
    } else {
        p.note_keywords(&[K::AS]);
        Ok(None)
    }
}

/// The name after `AS`: a reserved word is Flink's parse error, with a quoting fix.
fn alias_ident<'a>(p: &mut Parser<'a>) -> PResult<Ident<'a>> {
    let t = p.current();
    if t.kind == T::Word && t.keyword.is_reserved() {
        let word = p.text(t.span).to_string();
        return Err(p.report(
            Diagnostic::new(
                Code::UnexpectedToken,
                t.span,
                format!("`{word}` is a reserved word: it cannot be an alias unless quoted"),
            )
            .with_help(format!("quote it (`{word}`) or choose another alias"))
            .with_safe_fix(t.span, format!("`{word}`"), "quote the alias"),
        ));
    }
    ident(p)
}

fn is_name_token(t: &Token) -> bool {
    (t.kind == T::Word && !t.keyword.is_reserved()) || t.kind == T::QuotedIdent
}

// ---- FROM ------------------------------------------------------------------------------

/// from := table_ref { ',' table_ref | join }
fn from_clause<'a>(p: &mut Parser<'a>) -> PResult<FromClause<'a>> {
    let start = p.start();
    let first = table_ref(p)?;
    let mut joins = Vec::new();
    loop {
        let join_start = p.start();
        let natural = p.eat_kw(K::NATURAL).is_some();
        let kind = if !natural && p.eat(T::Comma).is_some() {
            JoinKind::Comma
        } else if let Some(kind) = join_kind(p)? {
            kind
        } else {
            if natural {
                p.note_keywords(&[K::JOIN]);
                return Err(p.unexpected());
            }
            break;
        };
        let right = table_ref(p)?;
        let condition = if matches!(
            kind,
            JoinKind::Comma | JoinKind::CrossApply | JoinKind::OuterApply
        ) {
            None
        } else if p.eat_kw(K::ON).is_some() {
            Some(JoinCondition::On { expr: expr(p)? })
        } else if p.at_kw(K::USING) {
            p.bump();
            Some(JoinCondition::Using {
                columns: column_list(p)?,
            })
        } else {
            None
        };
        joins.push(Join {
            span: p.span_from(join_start),
            natural,
            kind,
            right,
            condition,
        });
    }
    Ok(FromClause {
        span: p.span_from(start),
        first,
        joins: p.list(joins),
    })
}

fn join_kind<'a>(p: &mut Parser<'a>) -> PResult<Option<JoinKind>> {
    let t = p.current();
    if t.kind != T::Word {
        p.note_keywords(&[K::JOIN]);
        return Ok(None);
    }
    let kind = match t.keyword {
        K::JOIN => {
            p.bump();
            return Ok(Some(JoinKind::Inner));
        }
        K::INNER => JoinKind::Inner,
        K::LEFT => JoinKind::Left,
        K::RIGHT => JoinKind::Right,
        K::FULL => JoinKind::Full,
        K::CROSS => {
            if p.nth_is_kw(1, K::APPLY) {
                return Err(apply_not_allowed(p));
            }
            JoinKind::Cross
        }
        K::OUTER if p.nth_is_kw(1, K::APPLY) => return Err(apply_not_allowed(p)),
        _ => {
            p.note_keywords(&[K::JOIN]);
            return Ok(None);
        }
    };
    p.bump();
    if matches!(kind, JoinKind::Left | JoinKind::Right | JoinKind::Full) {
        p.eat_kw(K::OUTER);
    }
    p.expect_kw(K::JOIN)?;
    Ok(Some(kind))
}

fn apply_not_allowed<'a>(p: &mut Parser<'a>) -> Failed {
    let span = p.current().span;
    p.report(
        Diagnostic::new(
            Code::UnexpectedToken,
            span,
            "APPLY operator is not allowed under the current SQL conformance level",
        )
        .with_help("write CROSS JOIN LATERAL TABLE(...) or LEFT JOIN LATERAL TABLE(...) ON TRUE"),
    )
}

fn table_ref<'a>(p: &mut Parser<'a>) -> PResult<TableRef<'a>> {
    p.nested(table_ref_inner)
}

fn table_ref_inner<'a>(p: &mut Parser<'a>) -> PResult<TableRef<'a>> {
    let start = p.start();
    let t = p.current();
    let lateral = t.kind == T::Word && t.keyword == K::LATERAL;
    if lateral {
        p.bump();
    }
    let t = p.current();
    let kind = match (t.kind, t.keyword) {
        (T::Word, K::TABLE) if p.nth_is(1, T::LParen) => {
            p.bump();
            p.bump();
            let call = expr(p)?;
            if !matches!(call.kind, ExprKind::Call(_)) {
                let span = call.span;
                return Err(p.report(Diagnostic::new(
                    Code::UnexpectedToken,
                    span,
                    "a table function call is expected inside TABLE(...)",
                )));
            }
            p.expect(T::RParen)?;
            TableRefKind::Function {
                lateral,
                call: alloc!(p, call),
            }
        }
        (T::Word, K::UNNEST) if !lateral => {
            p.bump();
            p.expect(T::LParen)?;
            let mut args = vec![expr(p)?];
            while p.eat(T::Comma).is_some() {
                args.push(expr(p)?);
            }
            p.expect(T::RParen)?;
            let ordinality = p.eat_kws(&[K::WITH, K::ORDINALITY]).is_some();
            TableRefKind::Unnest {
                args: p.list(args),
                ordinality,
            }
        }
        (T::LParen, _) => {
            if parenthesised_query_ahead(p) {
                p.bump();
                let q = query(p)?;
                p.expect(T::RParen)?;
                TableRefKind::Derived {
                    lateral,
                    query: alloc!(p, q),
                }
            } else if lateral {
                p.note_keywords(&[K::TABLE]);
                return Err(p.unexpected());
            } else {
                p.bump();
                let inner = from_clause(p)?;
                p.expect(T::RParen)?;
                TableRefKind::Nested(alloc!(p, inner))
            }
        }
        _ if lateral => {
            p.note_keywords(&[K::TABLE]);
            p.expecting("`(`");
            return Err(p.unexpected());
        }
        _ => {
            let name = object_name(p)?;
            let mut hints = Vec::new();
            while let Some(span) = p.eat(T::Hint) {
                hints.push(Hint { span });
            }
            let system_time = if p.nth_is_kw(0, K::FOR) {
                p.bump();
                p.expect_kw(K::SYSTEM_TIME)?;
                p.expect_kw(K::AS)?;
                p.expect_kw(K::OF)?;
                Some(alloc!(p, expr(p)?))
            } else {
                None
            };
            TableRefKind::Named {
                name,
                hints: p.list(hints),
                system_time,
            }
        }
    };
    let match_recognize = if p.nth_is_kw(0, K::MATCH_RECOGNIZE) {
        Some(alloc!(p, match_recognize(p)?))
    } else {
        None
    };
    let alias = table_alias(p)?;
    Ok(TableRef {
        span: p.span_from(start),
        kind,
        match_recognize,
        alias,
    })
}

/// At `(`: whether a query follows (after any further `(`), rather than a parenthesised join.
fn parenthesised_query_ahead<'a>(p: &Parser<'a>) -> bool {
    let mut n = 0;
    while p.nth_is(n, T::LParen) {
        n += 1;
    }
    let t = p.nth(n);
    t.kind == T::Word && matches!(t.keyword, K::SELECT | K::VALUES | K::WITH)
        || (t.kind == T::Word && t.keyword == K::TABLE && !p.nth_is(n + 1, T::LParen))
}

fn table_alias<'a>(p: &mut Parser<'a>) -> PResult<Option<TableAlias<'a>>> {
    let start = p.start();
    let name = if p.eat_kw(K::AS).is_some() || at_ident(p) {
        ident(p)?
    } else {
        p.note_keywords(&[K::AS]);
        return Ok(None);
    };
    let columns = if p.at(T::LParen) {
        Some(column_list(p)?)
    } else {
        None
    };
    Ok(Some(TableAlias {
        span: p.span_from(start),
        name,
        columns,
    }))
}

// ---- GROUP BY, WINDOW ----------------------------------------------------------------------

fn group_by<'a>(p: &mut Parser<'a>) -> PResult<GroupBy<'a>> {
    let start = p.start();
    p.expect_kw(K::GROUP)?;
    p.expect_kw(K::BY)?;
    let quantifier = set_quantifier(p);
    let mut items = vec![grouping_element(p)?];
    while p.eat(T::Comma).is_some() {
        items.push(grouping_element(p)?);
    }
    Ok(GroupBy {
        span: p.span_from(start),
        quantifier,
        items: p.list(items),
    })
}

fn grouping_element<'a>(p: &mut Parser<'a>) -> PResult<GroupingElement<'a>> {
    let start = p.start();
    if p.nth_is(0, T::LParen) && p.nth_is(1, T::RParen) {
        p.bump();
        p.bump();
        return Ok(GroupingElement::Empty {
            span: p.span_from(start),
        });
    }
    if p.nth_is_kw(0, K::GROUPING) && p.nth_is_kw(1, K::SETS) {
        p.bump();
        p.bump();
        p.expect(T::LParen)?;
        p.enter()?;
        let mut items = Vec::new();
        let r = (|| {
            items.push(grouping_element(p)?);
            while p.eat(T::Comma).is_some() {
                items.push(grouping_element(p)?);
            }
            Ok(())
        })();
        p.leave();
        r?;
        p.expect(T::RParen)?;
        return Ok(GroupingElement::GroupingSets {
            span: p.span_from(start),
            items: p.list(items),
        });
    }
    if (p.nth_is_kw(0, K::ROLLUP) || p.nth_is_kw(0, K::CUBE)) && p.nth_is(1, T::LParen) {
        let cube = p.bump().keyword == K::CUBE;
        p.bump();
        let mut items = vec![expr(p)?];
        while p.eat(T::Comma).is_some() {
            items.push(expr(p)?);
        }
        p.expect(T::RParen)?;
        let span = p.span_from(start);
        return Ok(if cube {
            GroupingElement::Cube {
                span,
                items: p.list(items),
            }
        } else {
            GroupingElement::Rollup {
                span,
                items: p.list(items),
            }
        });
    }
    Ok(GroupingElement::Expr { expr: expr(p)? })
}

fn named_windows<'a>(p: &mut Parser<'a>) -> PResult<Vec<NamedWindow<'a>>> {
    let mut windows = Vec::new();
    loop {
        let start = p.start();
        let name = ident(p)?;
        p.expect_kw(K::AS)?;
        let spec = window_spec(p)?;
        windows.push(NamedWindow {
            span: p.span_from(start),
            name,
            spec,
        });
        if p.eat(T::Comma).is_none() {
            return Ok(windows);
        }
    }
}

/// `[PARTITION BY expr, ...]` (window specifications and MATCH_RECOGNIZE).
fn partition_by_clause<'a>(p: &mut Parser<'a>) -> PResult<Vec<Expr<'a>>> {
    if !p.nth_is_kw(0, K::PARTITION) {
        p.note_keywords(&[K::PARTITION]);
        return Ok(Vec::new());
    }
    p.bump();
    p.expect_kw(K::BY)?;
    expr_list(p)
}

/// `[ORDER BY item, ...]`
fn order_by_clause<'a>(p: &mut Parser<'a>) -> PResult<Vec<OrderItem<'a>>> {
    if !p.nth_is_kw(0, K::ORDER) {
        p.note_keywords(&[K::ORDER]);
        return Ok(Vec::new());
    }
    p.bump();
    p.expect_kw(K::BY)?;
    order_item_list(p)
}

/// `( [base] [PARTITION BY ...] [ORDER BY ...] [ROWS|RANGE frame] [ALLOW|DISALLOW PARTIAL] )`
pub(crate) fn window_spec<'a>(p: &mut Parser<'a>) -> PResult<WindowSpec<'a>> {
    let start = p.start();
    p.expect(T::LParen)?;
    let base = if at_ident(p) { Some(ident(p)?) } else { None };
    let partition_by = partition_by_clause(p)?;
    let order_by = order_by_clause(p)?;
    let frame = if p.at_kw(K::ROWS) || p.at_kw(K::RANGE) {
        let frame_start = p.start();
        let rows = p.bump().keyword == K::ROWS;
        let (start_bound, end) = if p.eat_kw(K::BETWEEN).is_some() {
            let s = frame_bound(p)?;
            p.expect_kw(K::AND)?;
            (s, Some(frame_bound(p)?))
        } else {
            (frame_bound(p)?, None)
        };
        Some(WindowFrame {
            span: p.span_from(frame_start),
            rows,
            start: start_bound,
            end,
        })
    } else {
        None
    };
    if p.nth_is_kw(0, K::ALLOW) || p.nth_is_kw(0, K::DISALLOW) {
        p.bump();
        p.expect_kw(K::PARTIAL)?;
    }
    p.expect(T::RParen)?;
    Ok(WindowSpec {
        span: p.span_from(start),
        base,
        partition_by: p.list(partition_by),
        order_by: p.list(order_by),
        frame,
    })
}

fn frame_bound<'a>(p: &mut Parser<'a>) -> PResult<FrameBound<'a>> {
    let start = p.start();
    if p.eat_kw(K::UNBOUNDED).is_some() {
        if p.eat_kw(K::PRECEDING).is_some() {
            return Ok(FrameBound::UnboundedPreceding {
                span: p.span_from(start),
            });
        }
        p.expect_kw(K::FOLLOWING)?;
        return Ok(FrameBound::UnboundedFollowing {
            span: p.span_from(start),
        });
    }
    if p.nth_is_kw(0, K::CURRENT) && p.nth_is_kw(1, K::ROW) {
        p.bump();
        p.bump();
        return Ok(FrameBound::CurrentRow {
            span: p.span_from(start),
        });
    }
    let offset = alloc!(p, expr(p)?);
    if p.eat_kw(K::PRECEDING).is_some() {
        return Ok(FrameBound::Preceding {
            span: p.span_from(start),
            offset,
        });
    }
    p.expect_kw(K::FOLLOWING)?;
    Ok(FrameBound::Following {
        span: p.span_from(start),
        offset,
    })
}

// ---- MATCH_RECOGNIZE -------------------------------------------------------------------------

fn match_recognize<'a>(p: &mut Parser<'a>) -> PResult<MatchRecognize<'a>> {
    let start = p.start();
    p.bump();
    p.expect(T::LParen)?;
    let partition_by = partition_by_clause(p)?;
    let order_by = order_by_clause(p)?;
    let mut measures = Vec::new();
    if p.eat_kw(K::MEASURES).is_some() {
        loop {
            let m_start = p.start();
            let e = expr(p)?;
            p.expect_kw(K::AS)?;
            let name = ident(p)?;
            measures.push(Measure {
                span: p.span_from(m_start),
                name,
                expr: e,
            });
            if p.eat(T::Comma).is_none() {
                break;
            }
        }
    } else {
        p.note_keywords(&[K::MEASURES]);
    }
    let mut all_rows = None;
    if p.eat_kws(&[K::ONE, K::ROW, K::PER, K::MATCH]).is_some() {
        all_rows = Some(false);
    } else if p.eat_kws(&[K::ALL, K::ROWS, K::PER, K::MATCH]).is_some() {
        all_rows = Some(true);
        if p.eat_kws(&[K::SHOW, K::EMPTY, K::MATCHES]).is_none()
            && p.eat_kws(&[K::OMIT, K::EMPTY, K::MATCHES]).is_none()
        {
            p.eat_kws(&[K::WITH, K::UNMATCHED, K::ROWS]);
        }
    } else {
        p.note_keywords(&[K::ONE, K::ALL]);
    }
    let after_match = if p.eat_kws(&[K::AFTER, K::MATCH, K::SKIP]).is_some() {
        Some(after_match_skip(p)?)
    } else {
        p.note_keywords(&[K::AFTER]);
        None
    };
    p.expect_kw(K::PATTERN)?;
    p.expect(T::LParen)?;
    let anchored_start = p.eat(T::Caret).is_some();
    let pattern = if p.at(T::RParen) {
        let s = p.current().span;
        Pattern {
            span: Span::new(s.start, s.start),
            kind: PatternKind::Group { pattern: None },
        }
    } else {
        pattern_alternation(p)?
    };
    let anchored_end = if p.current().kind == T::Word && p.text(p.current().span) == "$" {
        p.bump();
        true
    } else {
        false
    };
    p.expect(T::RParen)?;
    let within = if p.eat_kw(K::WITHIN).is_some() {
        Some(alloc!(p, expr(p)?))
    } else {
        None
    };
    let mut subsets = Vec::new();
    if p.eat_kw(K::SUBSET).is_some() {
        loop {
            let s_start = p.start();
            let name = ident(p)?;
            p.expect(T::Eq)?;
            p.expect(T::LParen)?;
            let mut variables = vec![ident(p)?];
            while p.eat(T::Comma).is_some() {
                variables.push(ident(p)?);
            }
            p.expect(T::RParen)?;
            subsets.push(Subset {
                span: p.span_from(s_start),
                name,
                variables: p.list(variables),
            });
            if p.eat(T::Comma).is_none() {
                break;
            }
        }
    }
    p.expect_kw(K::DEFINE)?;
    let mut define = Vec::new();
    loop {
        let d_start = p.start();
        let name = ident(p)?;
        p.expect_kw(K::AS)?;
        let e = expr(p)?;
        define.push(Measure {
            span: p.span_from(d_start),
            name,
            expr: e,
        });
        if p.eat(T::Comma).is_none() {
            break;
        }
    }
    p.expect(T::RParen)?;
    Ok(MatchRecognize {
        span: p.span_from(start),
        partition_by: p.list(partition_by),
        order_by: p.list(order_by),
        measures: p.list(measures),
        all_rows,
        after_match,
        pattern,
        anchored_start,
        anchored_end,
        within,
        subsets: p.list(subsets),
        define: p.list(define),
    })
}

fn after_match_skip<'a>(p: &mut Parser<'a>) -> PResult<AfterMatch<'a>> {
    let start = p.start();
    if p.eat_kws(&[K::TO, K::NEXT, K::ROW]).is_some() {
        return Ok(AfterMatch::ToNextRow {
            span: p.span_from(start),
        });
    }
    if p.eat_kws(&[K::PAST, K::LAST, K::ROW]).is_some() {
        return Ok(AfterMatch::PastLastRow {
            span: p.span_from(start),
        });
    }
    p.expect_kw(K::TO)?;
    if p.nth_is_kw(0, K::FIRST) && is_name_token(&p.nth(1)) {
        p.bump();
        let variable = ident(p)?;
        return Ok(AfterMatch::ToFirst {
            span: p.span_from(start),
            variable,
        });
    }
    if p.nth_is_kw(0, K::LAST) && is_name_token(&p.nth(1)) {
        p.bump();
        let variable = ident(p)?;
        return Ok(AfterMatch::ToLast {
            span: p.span_from(start),
            variable,
        });
    }
    let variable = ident(p)?;
    Ok(AfterMatch::To {
        span: p.span_from(start),
        variable,
    })
}

fn pattern_alternation<'a>(p: &mut Parser<'a>) -> PResult<Pattern<'a>> {
    p.enter()?;
    let result = stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        let start = p.start();
        let first = pattern_sequence(p)?;
        if !p.at(T::Pipe) {
            return Ok(first);
        }
        let mut items = vec![first];
        while p.eat(T::Pipe).is_some() {
            items.push(pattern_sequence(p)?);
        }
        Ok(Pattern {
            span: p.span_from(start),
            kind: PatternKind::Alternation {
                items: p.list(items),
            },
        })
    });
    p.leave();
    result
}

fn at_pattern_primary<'a>(p: &Parser<'a>) -> bool {
    let t = p.current();
    match t.kind {
        T::LParen | T::LBrace | T::QuotedIdent => true,
        T::Word => p.text(t.span) != "$" && (!t.keyword.is_reserved() || t.keyword == K::PERMUTE),
        _ => false,
    }
}

fn pattern_sequence<'a>(p: &mut Parser<'a>) -> PResult<Pattern<'a>> {
    let start = p.start();
    let mut items = vec![pattern_factor(p)?];
    while at_pattern_primary(p) {
        items.push(pattern_factor(p)?);
    }
    if items.len() == 1 {
        return Ok(items.remove(0));
    }
    Ok(Pattern {
        span: p.span_from(start),
        kind: PatternKind::Sequence {
            items: p.list(items),
        },
    })
}

fn pattern_factor<'a>(p: &mut Parser<'a>) -> PResult<Pattern<'a>> {
    let start = p.start();
    let primary = pattern_primary(p)?;
    let (min, max) = match p.current().kind {
        T::Star => {
            p.bump();
            (Some(0), None)
        }
        T::Plus => {
            p.bump();
            (Some(1), None)
        }
        T::Question => {
            p.bump();
            (Some(0), Some(1))
        }
        T::LBrace if !p.nth_is(1, T::Minus) => {
            p.bump();
            let min = if p.at(T::Integer) {
                Some(int_lit(p)?.value.unwrap_or(0))
            } else {
                None
            };
            let max = if p.eat(T::Comma).is_some() {
                if p.at(T::Integer) {
                    Some(int_lit(p)?.value.unwrap_or(0))
                } else {
                    None
                }
            } else {
                if min.is_none() {
                    p.expecting("integer");
                    return Err(p.unexpected());
                }
                min
            };
            p.expect(T::RBrace)?;
            (min.or(Some(0)), max)
        }
        _ => return Ok(primary),
    };
    let reluctant = p.eat(T::Question).is_some();
    Ok(Pattern {
        span: p.span_from(start),
        kind: PatternKind::Quantified {
            pattern: alloc!(p, primary),
            min,
            max,
            reluctant,
        },
    })
}

fn pattern_primary<'a>(p: &mut Parser<'a>) -> PResult<Pattern<'a>> {
    let start = p.start();
    let t = p.current();
    let kind = match t.kind {
        T::LParen => {
            p.bump();
            let inner = if p.at(T::RParen) {
                None
            } else {
                Some(alloc!(p, pattern_alternation(p)?))
            };
            p.expect(T::RParen)?;
            PatternKind::Group { pattern: inner }
        }
        T::LBrace => {
            p.bump();
            p.expect(T::Minus)?;
            let inner = pattern_alternation(p)?;
            p.expect(T::Minus)?;
            p.expect(T::RBrace)?;
            PatternKind::Exclusion {
                pattern: alloc!(p, inner),
            }
        }
        T::Word if t.keyword == K::PERMUTE => {
            p.bump();
            p.expect(T::LParen)?;
            let mut items = vec![pattern_alternation(p)?];
            while p.eat(T::Comma).is_some() {
                items.push(pattern_alternation(p)?);
            }
            p.expect(T::RParen)?;
            PatternKind::Permute {
                items: p.list(items),
            }
        }
        _ => PatternKind::Variable { name: ident(p)? },
    };
    Ok(Pattern {
        span: p.span_from(start),
        kind,
    })
}

// ---- helpers for the rest of the grammar ------------------------------------------------------

fn starts_query<'a>(p: &mut Parser<'a>) -> bool {
    let t = p.current();
    match t.kind {
        T::Word => matches!(t.keyword, K::SELECT | K::VALUES | K::WITH | K::TABLE),
        T::LParen => true,
        _ => false,
    }
}

pub(crate) fn at_query<'a>(p: &mut Parser<'a>) -> bool {
    starts_query(p) || {
        p.note_keywords(&[K::SELECT]);
        false
    }
}
