//! CREATE TABLE, CTAS, RTAS and CREATE TABLE ... LIKE (Flink's `SqlCreateTable*`).

use super::expressions::expr;
use super::query::query_body;
use super::types::data_type;
use super::*;

/// The clauses after the element list, in the only order Flink accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Clause {
    Comment = 1,
    Distributed = 2,
    PartitionedBy = 3,
    With = 4,
    LikeOrAs = 5,
}

impl Clause {
    fn of(t: &crate::lexer::Token) -> Option<Clause> {
        if t.kind != T::Word {
            return None;
        }
        Some(match t.keyword {
            K::COMMENT => Clause::Comment,
            K::DISTRIBUTED => Clause::Distributed,
            K::PARTITIONED => Clause::PartitionedBy,
            K::WITH => Clause::With,
            K::LIKE | K::AS => Clause::LikeOrAs,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Clause::Comment => "COMMENT",
            Clause::Distributed => "DISTRIBUTED",
            Clause::PartitionedBy => "PARTITIONED BY",
            Clause::With => "WITH",
            Clause::LikeOrAs => "LIKE / AS",
        }
    }
}

pub(crate) struct CreateTableHead {
    pub start: u32,
    pub or_replace: Flag,
    pub replace: Flag,
    pub temporary: Flag,
}

/// After `CREATE [OR REPLACE] [TEMPORARY]` or `REPLACE [TEMPORARY]`, at `TABLE`.
pub(crate) fn create_table<'a>(
    p: &mut Parser<'a>,
    head: CreateTableHead,
) -> PResult<CreateTable<'a>> {
    p.expect_kw(K::TABLE)?;
    let if_not_exists = p.eat_kws(&[K::IF, K::NOT, K::EXISTS]);
    let name = object_name(p)?;
    let elements = if p.at(T::LParen) {
        Some(table_elements(p)?)
    } else {
        None
    };
    let mut table = CreateTable {
        span: Span::default(),
        or_replace: head.or_replace,
        replace: head.replace,
        temporary: head.temporary,
        if_not_exists,
        name,
        elements,
        comment: None,
        distribution: None,
        partitioned_by: None,
        with: None,
        like: None,
        as_query: None,
    };
    clauses(p, &mut table)?;
    check_name_only_columns(p, &table);
    table.span = p.span_from(head.start);
    Ok(table)
}

fn clauses<'a>(p: &mut Parser<'a>, table: &mut CreateTable<'a>) -> PResult<()> {
    let mut last: Option<(Clause, Span)> = None;
    loop {
        let t = p.current();
        let Some(clause) = Clause::of(&t) else {
            // Note what could still come, for the error message of whoever looks next.
            for c in [
                Clause::Comment,
                Clause::Distributed,
                Clause::PartitionedBy,
                Clause::With,
            ] {
                if last.is_none_or(|(l, _)| c > l) {
                    p.expecting(c.name());
                }
            }
            p.note_keywords(&[K::LIKE, K::AS]);
            return Ok(());
        };
        if let Some((prev, prev_span)) = last {
            if clause <= prev {
                let message = if clause == prev {
                    format!("{} is given twice", clause.name())
                } else {
                    format!("{} must come before {}", clause.name(), prev.name())
                };
                return Err(p.report(
                    Diagnostic::new(Code::ClauseOutOfOrder, t.span, message)
                        .with_label(prev_span, "this clause comes earlier in the statement")
                        .with_help("Flink's order is: (columns) COMMENT, DISTRIBUTED, PARTITIONED BY, WITH, then LIKE or AS"),
                ));
            }
        }
        let clause_start = p.start();
        match clause {
            Clause::Comment => {
                p.bump();
                table.comment = Some(single_string(p)?);
            }
            Clause::Distributed => table.distribution = Some(distribution(p)?),
            Clause::PartitionedBy => {
                p.bump();
                p.expect_kw(K::BY)?;
                table.partitioned_by = Some(column_list(p)?);
            }
            Clause::With => {
                p.bump();
                table.with = Some(property_list(p)?);
            }
            Clause::LikeOrAs => {
                if t.keyword == K::LIKE {
                    table.like = Some(like_clause(p)?);
                } else {
                    p.bump();
                    table.as_query = Some(query_body(p)?);
                }
                return Ok(());
            }
        }
        last = Some((clause, p.span_from(clause_start)));
    }
}

/// COMMENT takes exactly one string token: Flink does not continue `'a' 'b'` here.
pub(crate) fn single_string<'a>(p: &mut Parser<'a>) -> PResult<StringLit<'a>> {
    let t = p.current();
    if !matches!(t.kind, T::String | T::UnicodeString | T::BinaryString) {
        p.expecting("string literal");
        return Err(p.unexpected());
    }
    let lit = string_lit(p)?;
    if lit.span != t.span && t.kind == T::String {
        // A continuation was joined: Flink rejects the second literal.
        let second = Span::new(t.span.end, lit.span.end);
        let text = p.text(second).trim_start();
        let offset = second.end - text.len() as u32;
        return Err(p.report(
            Diagnostic::new(
                Code::UnexpectedToken,
                Span::new(offset, lit.span.end),
                "a comment is a single string literal",
            )
            .with_help("join the two literals into one"),
        ));
    }
    Ok(lit)
}

fn table_elements<'a>(p: &mut Parser<'a>) -> PResult<TableElements<'a>> {
    let start = p.start();
    p.expect(T::LParen)?;
    let list_depth = p.paren_depth();
    // The parse's vector for table elements (see `Parser::table_elements`), given back below.
    let mut items = std::mem::take(&mut p.table_elements);
    items.clear();
    let mut watermark: Option<Span> = None;
    loop {
        let item_start = p.start();
        // The element goes straight into the list (a column is 150 bytes: each move of it was
        // a `memcpy`); a failed one is an `Error` element after recovery.
        let before = items.len();
        if element_into(p, &mut items).is_err() {
            let ok = p.recover_in_list(list_depth);
            items.push(TableElement::Error {
                span: p.span_from(item_start),
            });
            if !ok {
                return Err(crate::parser::Failed);
            }
        } else if let Some(TableElement::Watermark(w)) = items.get(before) {
            let span = w.span;
            if let Some(first) = watermark {
                p.report(
                    Diagnostic::new(
                        Code::MultipleWatermarks,
                        Span::new(span.start, span.start + 9),
                        "Multiple WATERMARK declarations are not supported yet.",
                    )
                    .with_label(first, "the first WATERMARK is declared here")
                    .with_help("keep one WATERMARK declaration"),
                );
            } else {
                watermark = Some(span);
            }
        }
        if p.eat(T::Comma).is_some() {
            continue;
        }
        if p.eat(T::RParen).is_some() {
            break;
        }
        p.unexpected();
        if !p.recover_in_list(list_depth) {
            return Err(crate::parser::Failed);
        }
        if p.eat(T::RParen).is_some() {
            break;
        }
        p.bump();
    }
    let elements = TableElements {
        span: p.span_from(start),
        items: p.list_swapped(&mut items, 0, || TableElement::Error {
            span: Span::default(),
        }),
    };
    p.table_elements = items;
    Ok(elements)
}

/// One table element (ALTER TABLE ... ADD reads one alone).
pub(crate) fn table_element<'a>(p: &mut Parser<'a>) -> PResult<TableElement<'a>> {
    element(p, false)
}

/// A table element of the list, pushed on `items` as it is made (no move of the element
/// through a `Result` on the way).
#[inline]
fn element_into<'a>(p: &mut Parser<'a>, items: &mut Vec<TableElement<'a>>) -> PResult<()> {
    match element_start(p) {
        ElementStart::Constraint => {
            let constraint = table_constraint(p)?;
            items.push(TableElement::Constraint(constraint));
        }
        ElementStart::Watermark => {
            let watermark = watermark(p)?;
            items.push(TableElement::Watermark(watermark));
        }
        ElementStart::Column => {
            column_to(p, true, |column| items.push(TableElement::Column(column)))?;
        }
    }
    Ok(())
}

/// A table element; `in_list` when the element list's `,` or `)` comes next.
#[inline]
fn element<'a>(p: &mut Parser<'a>, in_list: bool) -> PResult<TableElement<'a>> {
    Ok(match element_start(p) {
        ElementStart::Constraint => TableElement::Constraint(table_constraint(p)?),
        ElementStart::Watermark => TableElement::Watermark(watermark(p)?),
        ElementStart::Column => TableElement::Column(column(p, in_list)?),
    })
}

/// What the table element at the current token is.
enum ElementStart {
    Constraint,
    Watermark,
    Column,
}

/// The kind of table element the current token starts; for a column, the keywords that would
/// have started another are noted when the token is no name either.
#[inline(always)]
fn element_start(p: &mut Parser<'_>) -> ElementStart {
    let t = p.current();
    if t.kind == T::Word {
        match t.keyword {
            K::CONSTRAINT | K::PRIMARY | K::UNIQUE => return ElementStart::Constraint,
            K::WATERMARK => return ElementStart::Watermark,
            _ => {}
        }
    }
    if !at_ident(p) {
        p.note_keywords(&[K::CONSTRAINT, K::PRIMARY, K::UNIQUE, K::WATERMARK]);
    }
    ElementStart::Column
}

#[inline]
fn column<'a>(p: &mut Parser<'a>, in_list: bool) -> PResult<ColumnDef<'a>> {
    column_to(p, in_list, |column| column)
}

/// A column handed to `finish` where it is made: the list's push builds it in place, not out
/// of a returned `Result` (a column is 150 bytes: that was two `memcpy` calls per column).
#[inline]
fn column_to<'a, R>(
    p: &mut Parser<'a>,
    in_list: bool,
    finish: impl FnOnce(ColumnDef<'a>) -> R,
) -> PResult<R> {
    let start = p.start();
    let name = ident(p)?;
    if p.eat_kw(K::AS).is_some() {
        let e = expr(p)?;
        let comment = optional_comment(p)?;
        return Ok(finish(ColumnDef {
            span: p.span_from(start),
            name,
            kind: ColumnKind::Computed { expr: alloc!(p, e) },
            comment,
        }));
    }
    if p.nth_is(0, T::Comma) || p.nth_is(0, T::RParen) {
        return Ok(finish(ColumnDef {
            span: p.span_from(start),
            name,
            kind: ColumnKind::NameOnly,
            comment: None,
        }));
    }
    let ty = data_type(p)?;
    if in_list && matches!(p.current().kind, T::Comma | T::RParen) {
        // Most columns end at their type. The list takes its `,` or `)` at once, so what the
        // checks below would note as expected here is never reported: skip them.
        return Ok(finish(ColumnDef {
            span: p.span_from(start),
            name,
            kind: ColumnKind::Physical {
                data_type: ty,
                constraint: None,
            },
            comment: None,
        }));
    }
    if let Some(metadata_span) = p.eat_kw(K::METADATA) {
        let from = if p.eat_kw(K::FROM).is_some() {
            Some(single_string(p)?)
        } else {
            None
        };
        let virtual_ = p.eat_kw(K::VIRTUAL);
        let comment = optional_comment(p)?;
        return Ok(finish(ColumnDef {
            span: p.span_from(start),
            name,
            kind: ColumnKind::Metadata {
                data_type: ty,
                metadata_span,
                from: from.map(|v| p.alloc(v)),
                virtual_,
            },
            comment,
        }));
    }
    let constraint = column_constraint(p)?;
    let comment = optional_comment(p)?;
    Ok(finish(ColumnDef {
        span: p.span_from(start),
        name,
        kind: ColumnKind::Physical {
            data_type: ty,
            constraint: constraint.map(|v| p.alloc(v)),
        },
        comment,
    }))
}

/// `[COMMENT 'text']`.
pub(crate) fn optional_comment<'a>(p: &mut Parser<'a>) -> PResult<Option<StringLit<'a>>> {
    if p.eat_kw(K::COMMENT).is_some() {
        Ok(Some(single_string(p)?))
    } else {
        Ok(None)
    }
}

/// `[CONSTRAINT name]` then `PRIMARY KEY` or `UNIQUE`; returns (name, kind, kind span).
fn constraint_head<'a>(p: &mut Parser<'a>) -> PResult<(Option<Ident<'a>>, ConstraintKind, Span)> {
    let name = if p.eat_kw(K::CONSTRAINT).is_some() {
        Some(ident(p)?)
    } else {
        None
    };
    if let Some(span) = p.eat_kws(&[K::PRIMARY, K::KEY]) {
        return Ok((name, ConstraintKind::PrimaryKey, span));
    }
    if p.nth_is_kw(0, K::PRIMARY) {
        p.bump();
        p.expect_kw(K::KEY)?;
    }
    let span = p.expect_kw(K::UNIQUE)?;
    Ok((name, ConstraintKind::Unique, span))
}

fn enforcement<'a>(p: &mut Parser<'a>) -> Option<Enforcement> {
    p.eat_kw_or_not_kw(K::ENFORCED)
        .map(|(span, not)| Enforcement {
            span,
            enforced: !not,
        })
}

fn column_constraint<'a>(p: &mut Parser<'a>) -> PResult<Option<ColumnConstraint<'a>>> {
    let start = p.start();
    if !(p.at_kw(K::CONSTRAINT) || p.at_kw(K::PRIMARY) || p.at_kw(K::UNIQUE)) {
        return Ok(None);
    }
    let (name, kind, kind_span) = constraint_head(p)?;
    let enforcement = enforcement(p);
    Ok(Some(ColumnConstraint {
        span: p.span_from(start),
        name,
        kind,
        kind_span,
        enforcement,
    }))
}

fn table_constraint<'a>(p: &mut Parser<'a>) -> PResult<TableConstraint<'a>> {
    let start = p.start();
    let (name, kind, kind_span) = constraint_head(p)?;
    let columns = column_list(p)?;
    let enforcement = enforcement(p);
    Ok(TableConstraint {
        span: p.span_from(start),
        name,
        kind,
        kind_span,
        columns,
        enforcement,
    })
}

fn watermark<'a>(p: &mut Parser<'a>) -> PResult<Watermark<'a>> {
    let start = p.start();
    p.expect_kw(K::WATERMARK)?;
    p.expect_kw(K::FOR)?;
    let rowtime = object_name(p)?;
    p.expect_kw(K::AS)?;
    let e = expr(p)?;
    Ok(Watermark {
        span: p.span_from(start),
        rowtime,
        expr: e,
    })
}

/// `DISTRIBUTED BY [HASH|RANGE] (cols) [INTO n BUCKETS]` | `DISTRIBUTED INTO n BUCKETS`
pub(crate) fn distribution<'a>(p: &mut Parser<'a>) -> PResult<Distribution<'a>> {
    let start = p.start();
    p.expect_kw(K::DISTRIBUTED)?;
    distribution_body(p, start)
}

pub(crate) fn distribution_body<'a>(p: &mut Parser<'a>, start: u32) -> PResult<Distribution<'a>> {
    let mut algorithm = None;
    let mut columns = None;
    if p.eat_kw(K::BY).is_some() {
        if p.eat_kw(K::HASH).is_some() {
            algorithm = Some(DistributionAlgorithm::Hash);
        } else if p.eat_kw(K::RANGE).is_some() {
            algorithm = Some(DistributionAlgorithm::Range);
        }
        columns = Some(column_list(p)?);
        if !p.at_kw(K::INTO) {
            return Ok(Distribution {
                span: p.span_from(start),
                algorithm,
                columns,
                buckets: None,
            });
        }
    }
    p.expect_kw(K::INTO)?;
    let t = p.current();
    if matches!(t.kind, T::Decimal | T::Approximate) {
        return Err(p.report(
            Diagnostic::new(
                Code::BucketCountNotPositive,
                t.span,
                "Bucket count must be a positive integer.",
            )
            .with_help("write a whole number of buckets, e.g. INTO 4 BUCKETS"),
        ));
    }
    // Any unsigned integer: Flink reads the count as a numeric literal and cuts it to a Java
    // int when it converts the statement (4294967296 is "Invalid bucket count '0'"), so the
    // binder judges it, not the parser.
    let t = p.current();
    if t.kind != T::Integer {
        p.expecting("integer");
        return Err(p.unexpected());
    }
    p.bump();
    let buckets = IntLit {
        span: t.span,
        value: p.text(t.span).parse::<u64>().ok(),
    };
    p.expect_kw(K::BUCKETS)?;
    Ok(Distribution {
        span: p.span_from(start),
        algorithm,
        columns,
        buckets: Some(buckets),
    })
}

fn like_clause<'a>(p: &mut Parser<'a>) -> PResult<LikeClause<'a>> {
    let start = p.start();
    p.expect_kw(K::LIKE)?;
    let source = object_name(p)?;
    let mut options = Vec::new();
    if p.eat(T::LParen).is_some() {
        loop {
            let opt_start = p.start();
            let strategy = match p.current().keyword {
                K::INCLUDING => LikeStrategy::Including,
                K::EXCLUDING => LikeStrategy::Excluding,
                K::OVERWRITING => LikeStrategy::Overwriting,
                _ => {
                    p.note_keywords(&[K::INCLUDING, K::EXCLUDING, K::OVERWRITING]);
                    if !options.is_empty() {
                        p.expecting("`)`");
                    }
                    if p.current().kind == T::RParen && !options.is_empty() {
                        p.bump();
                        break;
                    }
                    return Err(p.unexpected());
                }
            };
            if p.current().kind != T::Word {
                return Err(p.unexpected());
            }
            p.bump();
            let feature = match p.current().keyword {
                K::ALL => LikeFeature::All,
                K::CONSTRAINTS => LikeFeature::Constraints,
                K::DISTRIBUTION => LikeFeature::Distribution,
                K::GENERATED => LikeFeature::Generated,
                K::METADATA => LikeFeature::Metadata,
                K::OPTIONS => LikeFeature::Options,
                K::PARTITIONS => LikeFeature::Partitions,
                K::WATERMARKS => LikeFeature::Watermarks,
                _ => {
                    for f in [
                        "ALL",
                        "CONSTRAINTS",
                        "DISTRIBUTION",
                        "GENERATED",
                        "METADATA",
                        "OPTIONS",
                        "PARTITIONS",
                        "WATERMARKS",
                    ] {
                        p.expecting(f);
                    }
                    return Err(p.unexpected());
                }
            };
            if p.current().kind != T::Word {
                return Err(p.unexpected());
            }
            p.bump();
            options.push(LikeOption {
                span: p.span_from(opt_start),
                strategy,
                feature,
            });
        }
    }
    Ok(LikeClause {
        span: p.span_from(start),
        source,
        options: p.list(options),
    })
}

/// A column list of bare names is only for CTAS / RTAS (a parse-stage error in Flink).
fn check_name_only_columns<'a>(p: &mut Parser<'a>, table: &CreateTable<'a>) {
    if table.as_query.is_some() {
        return;
    }
    let Some(elements) = &table.elements else {
        return;
    };
    let bare = elements.items.iter().find_map(|e| match e {
        TableElement::Column(ColumnDef {
            kind: ColumnKind::NameOnly,
            name,
            ..
        }) => Some(name.span),
        _ => None,
    });
    if let Some(span) = bare {
        p.report(
            Diagnostic::new(
                Code::ColumnsWithoutTypes,
                span,
                "Columns identifiers without types in the schema are supported on CTAS/RTAS statements only.",
            )
            .with_help("give the column a data type, e.g. `a INT`"),
        );
    }
}
