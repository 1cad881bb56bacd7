//! Statement dispatch and every statement family except CREATE TABLE.

use super::create_table::{
    create_table, distribution_body, optional_comment, table_element, CreateTableHead,
};
use super::expressions::expr;
use super::query::{at_query, query_body};
use super::set_reset;
use super::*;

pub(crate) fn statement_kind<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    let t = p.current();
    if t.kind == T::LParen {
        return Ok(StatementKind::Query(alloc!(p, query_body(p)?)));
    }
    if t.kind != T::Word {
        p.expecting("a statement");
        return Err(p.unexpected());
    }
    match t.keyword {
        K::CREATE => create(p),
        K::REPLACE => {
            let start = p.start();
            let replace = Some(p.bump().span);
            let temporary = p.eat_kw(K::TEMPORARY);
            let table = create_table(
                p,
                CreateTableHead {
                    start,
                    or_replace: None,
                    replace,
                    temporary,
                },
            )?;
            Ok(StatementKind::CreateTable(alloc!(p, table)))
        }
        K::ALTER => alter(p),
        K::DROP => drop(p),
        K::USE => use_statement(p),
        K::SET => set_reset::set(p),
        K::RESET => set_reset::reset(p),
        K::SHOW => show(p),
        K::DESCRIBE | K::DESC => describe(p),
        K::LOAD => {
            p.bump();
            p.expect_kw(K::MODULE)?;
            let name = ident(p)?;
            let with = optional_with(p)?;
            Ok(StatementKind::LoadModule(alloc!(
                p,
                LoadModule { name, with }
            )))
        }
        K::UNLOAD => {
            p.bump();
            p.expect_kw(K::MODULE)?;
            Ok(StatementKind::UnloadModule { name: ident(p)? })
        }
        K::INSERT | K::UPSERT => Ok(StatementKind::Insert(alloc!(p, insert(p)?))),
        K::BEGIN => {
            p.bump();
            p.expect_kw(K::STATEMENT)?;
            p.expect_kw(K::SET)?;
            Ok(StatementKind::BeginStatementSet)
        }
        K::END => {
            p.bump();
            Ok(StatementKind::End)
        }
        K::STATEMENT => statement_set(p),
        K::EXECUTE => execute(p),
        K::EXPLAIN => explain(p),
        K::SELECT | K::VALUES | K::WITH | K::TABLE => {
            Ok(StatementKind::Query(alloc!(p, query_body(p)?)))
        }
        K::ANALYZE
        | K::CALL
        | K::DELETE
        | K::UPDATE
        | K::TRUNCATE
        | K::ADD
        | K::REMOVE
        | K::COMPILE
        | K::STOP => Ok(StatementKind::Other(typed_other(p)?)),
        _ => {
            p.expecting("a statement");
            Err(p.unexpected())
        }
    }
}

/// The leading words of the statement at the cursor, upper-cased (at most about 40 bytes).
fn leading_words<'a>(p: &Parser<'a>) -> String {
    let mut words = String::new();
    let mut n = 0;
    while p.nth(n).kind == T::Word && words.len() < 40 {
        if !words.is_empty() {
            words.push(' ');
        }
        words.push_str(&p.text(p.nth(n).span).to_ascii_uppercase());
        n += 1;
    }
    words
}

/// ANALYZE, CALL, DELETE, UPDATE, TRUNCATE, ADD/REMOVE JAR, COMPILE PLAN and STOP JOB, with
/// Flink's grammar for each.
fn typed_other<'a>(p: &mut Parser<'a>) -> PResult<OtherStatement<'a>> {
    let words = leading_words(p);
    let t = p.bump();
    let body = match t.keyword {
        K::ANALYZE => {
            p.expect_kw(K::TABLE)?;
            let table = object_name(p)?;
            let mut partition = Vec::new();
            if p.eat_kw(K::PARTITION).is_some() {
                p.expect(T::LParen)?;
                loop {
                    let key = ident(p)?;
                    let value = if p.eat(T::Eq).is_some() {
                        Some(expr(p)?)
                    } else {
                        None
                    };
                    partition.push((key, value));
                    if p.eat(T::Comma).is_none() {
                        break;
                    }
                }
                p.expect(T::RParen)?;
            }
            p.expect_kw(K::COMPUTE)?;
            p.expect_kw(K::STATISTICS)?;
            let columns = if p.eat_kw(K::FOR).is_some() {
                if p.eat_kw(K::ALL).is_some() {
                    p.expect_kw(K::COLUMNS)?;
                    Some(Vec::new())
                } else {
                    p.expect_kw(K::COLUMNS)?;
                    let mut columns = vec![ident(p)?];
                    while p.eat(T::Comma).is_some() {
                        columns.push(ident(p)?);
                    }
                    Some(columns)
                }
            } else {
                None
            };
            OtherBody::Analyze {
                table,
                partition: p.list(partition),
                columns: columns.map(|c| p.list(c)),
            }
        }
        K::CALL => {
            let call = query_expr(p)?;
            if !matches!(call.kind, ExprKind::Call(_)) {
                let span = call.span;
                return Err(p.report(Diagnostic::new(
                    Code::UnexpectedToken,
                    span,
                    "CALL needs a procedure call: CALL name(arguments)",
                )));
            }
            OtherBody::Call { call }
        }
        K::DELETE => {
            p.expect_kw(K::FROM)?;
            let table = object_name(p)?;
            let alias = dml_alias(p)?;
            let condition = dml_where(p)?;
            OtherBody::Delete {
                table,
                alias,
                condition,
            }
        }
        K::UPDATE => {
            let table = object_name(p)?;
            let alias = if p.at_kw(K::SET) { None } else { dml_alias(p)? };
            p.expect_kw(K::SET)?;
            let mut assignments = Vec::new();
            loop {
                let column = ident(p)?;
                p.expect(T::Eq)?;
                assignments.push((column, query_expr(p)?));
                if p.eat(T::Comma).is_none() {
                    break;
                }
            }
            let condition = dml_where(p)?;
            OtherBody::Update {
                table,
                alias,
                assignments: p.list(assignments),
                condition,
            }
        }
        K::TRUNCATE => {
            p.expect_kw(K::TABLE)?;
            OtherBody::Truncate {
                table: object_name(p)?,
            }
        }
        K::ADD | K::REMOVE => {
            p.expect_kw(K::JAR)?;
            OtherBody::Jar {
                add: t.keyword == K::ADD,
                path: string_lit(p)?,
            }
        }
        K::COMPILE => {
            let execute = p.eat_kws(&[K::AND, K::EXECUTE]).is_some();
            p.expect_kw(K::PLAN)?;
            let path = string_lit(p)?;
            let if_not_exists = !execute && p.eat_kws(&[K::IF, K::NOT, K::EXISTS]).is_some();
            p.expect_kw(K::FOR)?;
            let start = p.start();
            let kind = if p.at_kw(K::STATEMENT) {
                statement_set(p)?
            } else if p.at_kw(K::INSERT) || p.at_kw(K::UPSERT) {
                StatementKind::Insert(alloc!(p, insert(p)?))
            } else {
                p.expecting("STATEMENT SET");
                return Err(p.unexpected());
            };
            OtherBody::CompilePlan {
                path,
                if_not_exists,
                execute,
                statement: alloc!(
                    p,
                    Statement {
                        span: p.span_from(start),
                        kind,
                    }
                ),
            }
        }
        _ => {
            p.expect_kw(K::JOB)?;
            let id = string_lit(p)?;
            let mut savepoint = false;
            let mut drain = false;
            while p.nth_is_kw(0, K::WITH) {
                if !savepoint && p.nth_is_kw(1, K::SAVEPOINT) {
                    savepoint = true;
                } else if !drain && p.nth_is_kw(1, K::DRAIN) {
                    drain = true;
                } else {
                    break;
                }
                p.bump();
                p.bump();
            }
            OtherBody::StopJob {
                id,
                savepoint,
                drain,
            }
        }
    };
    Ok(OtherStatement {
        words: p.str(&words),
        body: Some(alloc!(p, body)),
    })
}

fn dml_alias<'a>(p: &mut Parser<'a>) -> PResult<Option<Ident<'a>>> {
    if p.eat_kw(K::AS).is_some() || at_ident(p) {
        Ok(Some(ident(p)?))
    } else {
        Ok(None)
    }
}

fn dml_where<'a>(p: &mut Parser<'a>) -> PResult<Option<Expr<'a>>> {
    if p.eat_kw(K::WHERE).is_none() {
        return Ok(None);
    }
    Ok(Some(query_expr(p)?))
}

/// An expression read as in a query (subqueries allowed): DML conditions and values, CALL.
fn query_expr<'a>(p: &mut Parser<'a>) -> PResult<Expr<'a>> {
    let outer = p.enter_query();
    let e = expr(p);
    p.leave_query(outer);
    e
}

/// Consumes the rest of a statement we only delimit, returning its leading words.
fn other<'a>(p: &mut Parser<'a>) -> OtherStatement<'a> {
    let mut words = String::new();
    // Up to `AS`: `CREATE MATERIALIZED TABLE t AS SELECT ...` has its query parsed too.
    while p.current().kind == T::Word && p.current().keyword != K::AS && words.len() < 40 {
        let t = p.bump();
        if !words.is_empty() {
            words.push(' ');
        }
        words.push_str(&p.text(t.span).to_ascii_uppercase());
    }
    // The head is delimited; a query after `AS` (materialized tables) is parsed.
    p.recover_until(|t| t.kind == T::Word && t.keyword == K::AS);
    while p.at_kw(K::AS) {
        p.bump();
        let t = p.current();
        if t.kind == T::Word && matches!(t.keyword, K::SELECT | K::WITH | K::VALUES) {
            let body = query_body(p)
                .ok()
                .map(|query| alloc!(p, OtherBody::AsQuery { query }));
            if body.is_none() {
                p.recover_until(|_| false);
            }
            return OtherStatement {
                words: p.str(&words),
                body,
            };
        }
        p.recover_until(|t| t.kind == T::Word && t.keyword == K::AS);
    }
    OtherStatement {
        words: p.str(&words),
        body: None,
    }
}

fn create<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    let start = p.start();
    p.bump();
    let mut or_replace = None;
    if p.nth_is_kw(0, K::OR) && p.nth_is_kw(1, K::ALTER) {
        // CREATE OR ALTER MATERIALIZED TABLE
        return Ok(StatementKind::Other(other(p)));
    }
    if let Some(span) = p.eat_kws(&[K::OR, K::REPLACE]) {
        or_replace = Some(span);
    }
    let temporary = p.eat_kw(K::TEMPORARY);
    let system = if temporary.is_some() {
        p.eat_kw(K::SYSTEM)
    } else {
        None
    };
    let t = p.current();
    match t.keyword {
        K::TABLE => Ok(StatementKind::CreateTable(alloc!(
            p,
            create_table(
                p,
                CreateTableHead {
                    start,
                    or_replace,
                    replace: None,
                    temporary,
                },
            )?
        ))),
        K::VIEW => {
            p.bump();
            let if_not_exists = p.eat_kws(&[K::IF, K::NOT, K::EXISTS]);
            let name = object_name(p)?;
            let columns = if p.at(T::LParen) {
                Some(column_list(p)?)
            } else {
                None
            };
            let comment = optional_comment(p)?;
            p.expect_kw(K::AS)?;
            let query = query_body(p)?;
            Ok(StatementKind::CreateView(alloc!(
                p,
                CreateView {
                    or_replace,
                    temporary,
                    if_not_exists,
                    name,
                    columns,
                    comment,
                    query,
                }
            )))
        }
        K::FUNCTION => {
            p.bump();
            let if_not_exists = p.eat_kws(&[K::IF, K::NOT, K::EXISTS]);
            let name = object_name(p)?;
            p.expect_kw(K::AS)?;
            let class_name = string_lit(p)?;
            let language = if p.eat_kw(K::LANGUAGE).is_some() {
                let t = p.current();
                if t.kind != T::Word {
                    p.expecting("JAVA, SCALA, SQL or PYTHON");
                    return Err(p.unexpected());
                }
                p.bump();
                Some(upper_ident(p, t.span))
            } else {
                None
            };
            let mut jars = Vec::new();
            if p.eat_kw(K::USING).is_some() {
                loop {
                    // `USING JAR '..'` or `USING ARTIFACT '..'` (any mix).
                    if p.eat_kw(K::ARTIFACT).is_none() {
                        p.expect_kw(K::JAR)?;
                    }
                    jars.push(string_lit(p)?);
                    if p.eat(T::Comma).is_none() {
                        break;
                    }
                }
            }
            let with = optional_with(p)?;
            Ok(StatementKind::CreateFunction(alloc!(
                p,
                CreateFunction {
                    or_replace,
                    temporary,
                    system,
                    if_not_exists,
                    name,
                    class_name,
                    language,
                    jars: p.list(jars),
                    with,
                }
            )))
        }
        K::CATALOG => {
            p.bump();
            let if_not_exists = p.eat_kws(&[K::IF, K::NOT, K::EXISTS]);
            let name = ident(p)?;
            let comment = optional_comment(p)?;
            let with = optional_with(p)?;
            Ok(StatementKind::CreateCatalog(alloc!(
                p,
                CreateCatalog {
                    if_not_exists,
                    name,
                    comment,
                    with,
                }
            )))
        }
        K::DATABASE => {
            p.bump();
            let if_not_exists = p.eat_kws(&[K::IF, K::NOT, K::EXISTS]);
            let name = object_name(p)?;
            let comment = optional_comment(p)?;
            let with = optional_with(p)?;
            Ok(StatementKind::CreateDatabase(alloc!(
                p,
                CreateDatabase {
                    if_not_exists,
                    name,
                    comment,
                    with,
                }
            )))
        }
        K::MATERIALIZED | K::MODEL | K::CONNECTION => Ok(StatementKind::Other(other(p))),
        _ => {
            for w in ["TABLE", "VIEW", "FUNCTION", "CATALOG", "DATABASE"] {
                p.expecting(w);
            }
            if or_replace.is_none() && temporary.is_none() {
                p.expecting("OR REPLACE");
                p.note_keywords(&[K::TEMPORARY]);
            }
            Err(p.unexpected())
        }
    }
}

fn object_kind<'a>(p: &mut Parser<'a>) -> Option<ObjectKind> {
    let kind = match p.current().keyword {
        K::TABLE => ObjectKind::Table,
        K::VIEW => ObjectKind::View,
        K::FUNCTION => ObjectKind::Function,
        K::CATALOG => ObjectKind::Catalog,
        K::DATABASE => ObjectKind::Database,
        K::MODEL => ObjectKind::Model,
        K::CONNECTION => ObjectKind::Connection,
        K::MATERIALIZED => {
            p.bump();
            if !p.at_kw(K::TABLE) {
                return None;
            }
            ObjectKind::MaterializedTable
        }
        _ => {
            for w in ["TABLE", "VIEW", "FUNCTION", "CATALOG", "DATABASE"] {
                p.expecting(w);
            }
            return None;
        }
    };
    p.bump();
    Some(kind)
}

fn drop<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    let temporary = p.eat_kw(K::TEMPORARY);
    if temporary.is_some() {
        p.eat_kw(K::SYSTEM);
    }
    let Some(object) = object_kind(p) else {
        return Err(p.unexpected());
    };
    let if_exists = p.eat_kws(&[K::IF, K::EXISTS]);
    let name = object_name(p)?;
    let cascade = if p.eat_kw(K::CASCADE).is_some() {
        true
    } else {
        p.eat_kw(K::RESTRICT);
        false
    };
    Ok(StatementKind::Drop(alloc!(
        p,
        Drop {
            object,
            temporary,
            if_exists,
            name,
            cascade,
        }
    )))
}

fn alter<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    if p.nth_is_kw(0, K::TEMPORARY) {
        p.bump();
        p.eat_kw(K::SYSTEM);
    }
    let Some(object) = object_kind(p) else {
        return Err(p.unexpected());
    };
    if object != ObjectKind::Table {
        let if_exists = p.eat_kws(&[K::IF, K::EXISTS]);
        let _ = if_exists;
        let name = object_name(p).ok();
        p.recover_until(|_| false);
        return Ok(StatementKind::AlterOther(AlterOther { object, name }));
    }
    let if_exists = p.eat_kws(&[K::IF, K::EXISTS]);
    let name = object_name(p)?;
    let action = alter_table_action(p)?;
    Ok(StatementKind::AlterTable(alloc!(
        p,
        AlterTable {
            if_exists,
            name,
            action,
        }
    )))
}

fn alter_table_action<'a>(p: &mut Parser<'a>) -> PResult<AlterTableAction<'a>> {
    let start = p.start();
    let t = p.current();
    match t.keyword {
        K::RENAME => {
            p.bump();
            if p.eat_kw(K::TO).is_some() {
                return Ok(AlterTableAction::RenameTo {
                    new_name: object_name(p)?,
                });
            }
            let old = object_name(p)?;
            p.expect_kw(K::TO)?;
            let new = ident(p)?;
            Ok(AlterTableAction::RenameColumn { old, new })
        }
        K::SET => {
            p.bump();
            Ok(AlterTableAction::Set {
                properties: property_list(p)?,
            })
        }
        K::RESET => {
            p.bump();
            p.expect(T::LParen)?;
            let mut keys = Vec::new();
            if p.eat(T::RParen).is_none() {
                loop {
                    keys.push(string_lit(p)?);
                    if p.eat(T::Comma).is_none() {
                        break;
                    }
                }
                p.expect(T::RParen)?;
            }
            Ok(AlterTableAction::Reset { keys: p.list(keys) })
        }
        K::ADD | K::MODIFY => {
            let modify = t.keyword == K::MODIFY;
            p.bump();
            if p.at_kw(K::PARTITION) || p.nth_is_kw(0, K::IF) {
                p.recover_until(|_| false);
                return Ok(AlterTableAction::Other {
                    span: p.span_from(start),
                });
            }
            if p.at_kw(K::DISTRIBUTION) {
                let d_start = p.start();
                p.bump();
                let d = distribution_body(p, d_start)?;
                return Ok(AlterTableAction::AddOrModify {
                    modify,
                    items: list!(p, vec![AlterItem::Distribution(d)]),
                });
            }
            let mut items = Vec::new();
            if p.eat(T::LParen).is_some() {
                loop {
                    items.push(alter_item(p)?);
                    if p.eat(T::Comma).is_none() {
                        break;
                    }
                }
                p.expect(T::RParen)?;
            } else {
                items.push(alter_item(p)?);
            }
            Ok(AlterTableAction::AddOrModify {
                modify,
                items: p.list(items),
            })
        }
        K::DROP => {
            p.bump();
            if p.eat_kws(&[K::PRIMARY, K::KEY]).is_some() {
                return Ok(AlterTableAction::DropPrimaryKey);
            }
            if p.eat_kw(K::CONSTRAINT).is_some() {
                return Ok(AlterTableAction::DropConstraint { name: ident(p)? });
            }
            if p.eat_kw(K::WATERMARK).is_some() {
                return Ok(AlterTableAction::DropWatermark);
            }
            if p.eat_kw(K::DISTRIBUTION).is_some() {
                return Ok(AlterTableAction::DropDistribution);
            }
            if p.at_kw(K::PARTITION) || p.nth_is_kw(0, K::IF) {
                p.recover_until(|_| false);
                return Ok(AlterTableAction::Other {
                    span: p.span_from(start),
                });
            }
            let mut columns = Vec::new();
            if p.eat(T::LParen).is_some() {
                loop {
                    columns.push(object_name(p)?);
                    if p.eat(T::Comma).is_none() {
                        break;
                    }
                }
                p.expect(T::RParen)?;
            } else {
                columns.push(object_name(p)?);
            }
            Ok(AlterTableAction::DropColumns {
                columns: p.list(columns),
            })
        }
        K::PARTITION | K::COMPACT => {
            p.recover_until(|_| false);
            Ok(AlterTableAction::Other {
                span: p.span_from(start),
            })
        }
        _ => {
            for w in ["RENAME", "SET", "RESET", "ADD", "MODIFY", "DROP", "COMPACT"] {
                p.expecting(w);
            }
            Err(p.unexpected())
        }
    }
}

fn alter_item<'a>(p: &mut Parser<'a>) -> PResult<AlterItem<'a>> {
    let element = table_element(p)?;
    let position = if let Some(span) = p.eat_kw(K::FIRST) {
        Some(ColumnPosition::First { span })
    } else if let Some(span) = p.eat_kw(K::AFTER) {
        let column = ident(p)?;
        Some(ColumnPosition::After {
            span: p.span_from(span.start),
            column,
        })
    } else {
        None
    };
    Ok(AlterItem::Element {
        element: alloc!(p, element),
        position,
    })
}

fn use_statement<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    if p.nth_is_kw(0, K::CATALOG)
        && !p.nth_is(1, T::Dot)
        && !p.nth_is(1, T::Semicolon)
        && !p.nth_is(1, T::Eof)
    {
        p.bump();
        return Ok(StatementKind::Use(Use::Catalog { name: ident(p)? }));
    }
    if p.nth_is_kw(0, K::MODULES)
        && !p.nth_is(1, T::Dot)
        && !p.nth_is(1, T::Semicolon)
        && !p.nth_is(1, T::Eof)
    {
        p.bump();
        let mut names = vec![ident(p)?];
        while p.eat(T::Comma).is_some() {
            names.push(ident(p)?);
        }
        return Ok(StatementKind::Use(Use::Modules {
            names: p.list(names),
        }));
    }
    Ok(StatementKind::Use(Use::Database {
        name: object_name(p)?,
    }))
}

fn show<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    let mut what = String::new();
    while p.current().kind == T::Word
        && !matches!(
            p.current().keyword,
            K::FROM | K::IN | K::LIKE | K::ILIKE | K::NOT
        )
    {
        let t = p.current();
        if !t.keyword.is_reserved() && !what.is_empty() && !is_show_word(t.keyword) {
            break;
        }
        p.bump();
        if !what.is_empty() {
            what.push(' ');
        }
        what.push_str(&p.text(t.span).to_ascii_uppercase());
    }
    if what.is_empty() {
        p.expecting("what to show (TABLES, DATABASES, CREATE TABLE ...)");
        return Err(p.unexpected());
    }
    let name = if at_ident(p) {
        object_name(p).ok()
    } else {
        None
    };
    p.recover_until(|_| false);
    Ok(StatementKind::Show(alloc!(
        p,
        Show {
            what: p.str(&what),
            name
        }
    )))
}

fn is_show_word(kw: K) -> bool {
    matches!(
        kw,
        K::CATALOGS
            | K::DATABASES
            | K::TABLES
            | K::VIEWS
            | K::FUNCTIONS
            | K::MODULES
            | K::JARS
            | K::JOBS
            | K::MODELS
            | K::COLUMNS
            | K::PARTITIONS
            | K::CONNECTIONS
            | K::CATALOG
            | K::DATABASE
            | K::TABLE
            | K::VIEW
            | K::MODEL
            | K::CONNECTION
            | K::MATERIALIZED
            | K::FULL
            | K::CURRENT
            | K::USER
            | K::CREATE
    )
}

fn describe<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    let extended = p.eat_kw(K::EXTENDED).is_some();
    let object = match p.current().keyword {
        K::CATALOG
            if !p.nth_is(1, T::Eof) && !p.nth_is(1, T::Semicolon) && !p.nth_is(1, T::Dot) =>
        {
            p.bump();
            Some(ObjectKind::Catalog)
        }
        K::DATABASE
            if !p.nth_is(1, T::Eof) && !p.nth_is(1, T::Semicolon) && !p.nth_is(1, T::Dot) =>
        {
            p.bump();
            Some(ObjectKind::Database)
        }
        K::FUNCTION | K::MODEL | K::JOB | K::CONNECTION
            if !p.nth_is(1, T::Eof) && !p.nth_is(1, T::Semicolon) && !p.nth_is(1, T::Dot) =>
        {
            let kw = p.bump().keyword;
            Some(match kw {
                K::FUNCTION => ObjectKind::Function,
                K::MODEL => ObjectKind::Model,
                K::CONNECTION => ObjectKind::Connection,
                _ => ObjectKind::Table,
            })
        }
        _ => None,
    };
    let extended = extended || p.eat_kw(K::EXTENDED).is_some();
    let name = if at_ident(p) {
        Some(object_name(p)?)
    } else {
        p.recover_until(|_| false);
        None
    };
    Ok(StatementKind::Describe(Describe {
        object,
        extended,
        name,
    }))
}

fn insert<'a>(p: &mut Parser<'a>) -> PResult<Insert<'a>> {
    let upsert = p.at_kw(K::UPSERT);
    p.bump();
    if upsert && p.at_kw(K::OVERWRITE) {
        let span = p.current().span;
        return Err(p.report(
            Diagnostic::new(
                Code::OverwriteWithoutInsert,
                span,
                "OVERWRITE expression is only used with INSERT statement.",
            )
            .with_help("write INSERT OVERWRITE t ..., or UPSERT INTO t ..."),
        ));
    }
    let overwrite = if p.eat_kw(K::OVERWRITE).is_some() {
        true
    } else {
        p.expect_kw(K::INTO)?;
        false
    };
    let target = object_name(p)?;
    while p.eat(T::Hint).is_some() {}
    let partition = if p.eat_kw(K::PARTITION).is_some() {
        p.expect(T::LParen)?;
        let mut pairs = Vec::new();
        loop {
            let key = ident(p)?;
            p.expect(T::Eq)?;
            let value = expr(p)?;
            pairs.push((key, value));
            if p.eat(T::Comma).is_none() {
                break;
            }
        }
        p.expect(T::RParen)?;
        Some(pairs)
    } else {
        None
    };
    let columns = if p.at(T::LParen)
        && !(p.nth_is_kw(1, K::SELECT)
            || p.nth_is_kw(1, K::VALUES)
            || p.nth_is_kw(1, K::WITH)
            || p.nth_is(1, T::LParen))
    {
        Some(column_list(p)?)
    } else {
        None
    };
    if !at_query(p) {
        return Err(p.unexpected());
    }
    let query = query_body(p)?;
    let on_conflict = if p.at_kw(K::ON) && p.nth_is_kw(1, K::CONFLICT) {
        let start = p.current().span.start;
        p.bump();
        p.bump();
        p.expect_kw(K::DO)?;
        let action = if p.eat_kw(K::NOTHING).is_some() {
            ConflictAction::Nothing
        } else if p.eat_kw(K::ERROR).is_some() {
            ConflictAction::Error
        } else {
            p.expect_kw(K::DEDUPLICATE)?;
            ConflictAction::Deduplicate
        };
        Some(OnConflict {
            span: p.span_from(start),
            action,
        })
    } else {
        None
    };
    Ok(Insert {
        overwrite,
        target,
        partition: partition.map(|pairs| p.list(pairs)),
        columns,
        query,
        on_conflict,
    })
}

/// `STATEMENT SET BEGIN insert; ... END` (also after EXECUTE).
fn statement_set<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.expect_kw(K::STATEMENT)?;
    p.expect_kw(K::SET)?;
    p.expect_kw(K::BEGIN)?;
    let mut inserts = Vec::new();
    loop {
        if !inserts.is_empty() && p.eat_kw(K::END).is_some() {
            break;
        }
        if !(p.at_kw(K::INSERT) || p.at_kw(K::UPSERT)) {
            p.note_keywords(&[K::END]);
            return Err(p.unexpected());
        }
        let start = p.start();
        let insert = insert(p)?;
        inserts.push(Statement {
            span: p.span_from(start),
            kind: StatementKind::Insert(alloc!(p, insert)),
        });
        // Every INSERT of the set ends with `;`, the last one too.
        p.expect(T::Semicolon)?;
    }
    Ok(StatementKind::StatementSet {
        inserts: p.list(inserts),
    })
}

fn execute<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    if p.at_kw(K::PLAN) {
        let words = format!("EXECUTE {}", leading_words(p));
        p.bump();
        let path = string_lit(p)?;
        return Ok(StatementKind::Other(OtherStatement {
            words: p.str(&words),
            body: Some(alloc!(p, OtherBody::ExecutePlan { path })),
        }));
    }
    let start = p.start();
    let inner = if p.at_kw(K::STATEMENT) {
        statement_set(p)?
    } else if p.at_kw(K::INSERT) || p.at_kw(K::UPSERT) {
        StatementKind::Insert(alloc!(p, insert(p)?))
    } else if at_query(p) {
        StatementKind::Query(alloc!(p, query_body(p)?))
    } else {
        p.expecting("STATEMENT SET");
        p.note_keywords(&[K::INSERT, K::PLAN]);
        return Err(p.unexpected());
    };
    Ok(StatementKind::Execute {
        statement: alloc!(
            p,
            Statement {
                span: p.span_from(start),
                kind: inner,
            }
        ),
    })
}

fn explain<'a>(p: &mut Parser<'a>) -> PResult<StatementKind<'a>> {
    p.bump();
    let mut details = Vec::new();
    if p.eat_kws(&[K::PLAN, K::FOR]).is_none() {
        while matches!(
            p.current().keyword,
            K::ESTIMATED_COST | K::CHANGELOG_MODE | K::JSON_EXECUTION_PLAN | K::PLAN_ADVICE
        ) {
            let t = p.bump();
            details.push(upper_ident(p, t.span));
            if p.eat(T::Comma).is_none() {
                break;
            }
        }
    }
    let start = p.start();
    let kind = statement_kind(p)?;
    Ok(StatementKind::Explain(Explain {
        details: p.list(details),
        statement: alloc!(
            p,
            Statement {
                span: p.span_from(start),
                kind,
            }
        ),
    }))
}
