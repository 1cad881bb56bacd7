//! Anchor (a), oxc-style: every node in a `bumpalo` arena, names and strings borrowed from the
//! source (`&'a str`; decoded into the arena only when they hold an escape), lists as arena
//! slices, boxes as arena references. Dropping the tree is dropping the arena: no per-node free.

use bumpalo::collections::Vec as BumpVec;
use bumpalo::Bump;
use flinkddl_syntax::ast::{BinaryOp, BuiltinType, ConstraintKind, TimeUnit};
use flinkddl_syntax::{lex, Keyword as K, Span, TokenKind as T};

use super::cursor::{binary_op, builtin, is_ident, time_unit, Census, Cursor, PResult};

#[derive(Debug)]
pub struct Script<'a> {
    pub span: Span,
    pub statements: &'a [Statement<'a>],
}

#[derive(Debug)]
pub enum Statement<'a> {
    CreateTable(&'a CreateTable<'a>),
    Error { span: Span },
}

#[derive(Debug, Clone, Copy)]
pub struct Ident<'a> {
    pub span: Span,
    pub value: &'a str,
    pub quoted: bool,
}

#[derive(Debug, Clone, Copy)]
pub struct StringLit<'a> {
    pub span: Span,
    pub value: &'a str,
}

#[derive(Debug, Clone, Copy)]
pub struct IntLit {
    pub span: Span,
    pub value: Option<u64>,
}

#[derive(Debug)]
pub struct ObjectName<'a> {
    pub span: Span,
    pub parts: &'a [Ident<'a>],
}

#[derive(Debug)]
pub struct CreateTable<'a> {
    pub span: Span,
    pub temporary: Option<Span>,
    pub if_not_exists: Option<Span>,
    pub name: ObjectName<'a>,
    pub elements_span: Span,
    pub elements: &'a [TableElement<'a>],
    pub comment: Option<StringLit<'a>>,
    pub partitioned_by: Option<ColumnList<'a>>,
    pub with: Option<PropertyList<'a>>,
}

#[derive(Debug)]
pub enum TableElement<'a> {
    Column(ColumnDef<'a>),
    Constraint(&'a TableConstraint<'a>),
    Watermark(&'a Watermark<'a>),
}

#[derive(Debug)]
pub struct ColumnDef<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub kind: ColumnKind<'a>,
    pub comment: Option<StringLit<'a>>,
}

#[derive(Debug)]
pub enum ColumnKind<'a> {
    Physical {
        data_type: DataType<'a>,
        constraint: Option<&'a ColumnConstraint<'a>>,
    },
    Metadata(&'a MetadataColumn<'a>),
    Computed(&'a Expr<'a>),
}

#[derive(Debug)]
pub struct MetadataColumn<'a> {
    pub data_type: DataType<'a>,
    pub metadata_span: Span,
    pub from: Option<StringLit<'a>>,
    pub virtual_: Option<Span>,
}

#[derive(Debug)]
pub struct ColumnConstraint<'a> {
    pub span: Span,
    pub name: Option<Ident<'a>>,
    pub kind: ConstraintKind,
    pub enforced: Option<bool>,
}

#[derive(Debug)]
pub struct TableConstraint<'a> {
    pub span: Span,
    pub name: Option<Ident<'a>>,
    pub kind: ConstraintKind,
    pub columns: ColumnList<'a>,
    pub enforced: Option<bool>,
}

#[derive(Debug)]
pub struct Watermark<'a> {
    pub span: Span,
    pub rowtime: ObjectName<'a>,
    pub expr: Expr<'a>,
}

#[derive(Debug)]
pub struct ColumnList<'a> {
    pub span: Span,
    pub columns: &'a [Ident<'a>],
}

#[derive(Debug)]
pub struct Property<'a> {
    pub span: Span,
    pub key: StringLit<'a>,
    pub value: StringLit<'a>,
}

#[derive(Debug)]
pub struct PropertyList<'a> {
    pub span: Span,
    pub properties: &'a [Property<'a>],
}

#[derive(Debug)]
pub struct DataType<'a> {
    pub span: Span,
    pub kind: TypeKind<'a>,
    /// `Some(true)` for `NOT NULL`, `Some(false)` for `NULL`.
    pub not_null: Option<bool>,
}

#[derive(Debug)]
pub enum TypeKind<'a> {
    Builtin {
        name: BuiltinType,
        params: &'a [IntLit],
    },
    Array(&'a DataType<'a>),
    Map(&'a (DataType<'a>, DataType<'a>)),
    Row(&'a [RowField<'a>]),
}

#[derive(Debug)]
pub struct RowField<'a> {
    pub span: Span,
    pub name: Ident<'a>,
    pub data_type: DataType<'a>,
    pub comment: Option<StringLit<'a>>,
}

#[derive(Debug)]
pub struct Expr<'a> {
    pub span: Span,
    pub kind: ExprKind<'a>,
}

#[derive(Debug)]
pub enum ExprKind<'a> {
    Identifier(ObjectName<'a>),
    Integer(&'a str),
    String(&'a str),
    Interval {
        value: &'a str,
        unit: TimeUnit,
    },
    Binary {
        op: BinaryOp,
        operands: &'a [Expr<'a>; 2],
    },
    Call {
        name: ObjectName<'a>,
        args: &'a [Expr<'a>],
    },
    Case(&'a Case<'a>),
    Nested(&'a Expr<'a>),
}

#[derive(Debug)]
pub struct Case<'a> {
    pub operand: Option<Expr<'a>>,
    pub whens: &'a [(Expr<'a>, Expr<'a>)],
    pub else_result: Option<Expr<'a>>,
}

// ---- parser ---------------------------------------------------------------------------------

struct P<'a, 't> {
    c: Cursor<'a, 't>,
    bump: &'a Bump,
    errors: usize,
}

/// Lexes and parses `src` into `bump`. Returns the script and the number of statements the
/// prototype grammar could not read.
pub fn parse<'a>(src: &'a str, bump: &'a Bump) -> (Script<'a>, usize) {
    let lexed = lex(src);
    let mut p = P {
        c: Cursor::new(src, &lexed.tokens),
        bump,
        errors: 0,
    };
    let mut statements = BumpVec::new_in(bump);
    loop {
        while p.c.eat(T::Semicolon).is_some() {}
        if p.c.at(T::Eof) {
            break;
        }
        let start = p.c.peek().span.start;
        match p.create_table() {
            Ok(t) => statements.push(Statement::CreateTable(bump.alloc(t))),
            Err(_) => {
                p.errors += 1;
                p.c.skip_statement();
                let span = Span::new(start, p.c.prev_end());
                statements.push(Statement::Error { span });
            }
        }
    }
    let span = Span::new(0, src.len() as u32);
    let script = Script {
        span,
        statements: statements.into_bump_slice(),
    };
    (script, p.errors)
}

impl<'a> P<'a, '_> {
    fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.c.prev_end())
    }

    fn ident(&mut self) -> PResult<Ident<'a>> {
        let t = self.c.peek();
        if !is_ident(t) {
            return self.c.fail();
        }
        self.c.bump();
        let text = self.c.text(t.span);
        if t.kind == T::QuotedIdent {
            let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
            let value = if inner.contains("``") {
                &*self.bump.alloc_str(&inner.replace("``", "`"))
            } else {
                inner
            };
            Ok(Ident {
                span: t.span,
                value,
                quoted: true,
            })
        } else {
            Ok(Ident {
                span: t.span,
                value: text,
                quoted: false,
            })
        }
    }

    fn string(&mut self) -> PResult<StringLit<'a>> {
        let t = self.c.peek();
        if t.kind != T::String {
            return self.c.fail();
        }
        self.c.bump();
        let text = self.c.text(t.span);
        let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        let value = if inner.contains('\'') {
            &*self.bump.alloc_str(&inner.replace("''", "'"))
        } else {
            inner
        };
        Ok(StringLit {
            span: t.span,
            value,
        })
    }

    fn int(&mut self) -> PResult<IntLit> {
        let span = self.c.expect(T::Integer)?;
        Ok(IntLit {
            span,
            value: self.c.text(span).parse().ok(),
        })
    }

    fn object_name(&mut self) -> PResult<ObjectName<'a>> {
        let start = self.c.peek().span.start;
        let mut parts = BumpVec::with_capacity_in(3, self.bump);
        parts.push(self.ident()?);
        while self.c.at(T::Dot) && is_ident(self.c.peek_at(1)) {
            self.c.bump();
            parts.push(self.ident()?);
        }
        Ok(ObjectName {
            span: self.span_from(start),
            parts: parts.into_bump_slice(),
        })
    }

    fn create_table(&mut self) -> PResult<CreateTable<'a>> {
        let start = self.c.expect_kw(K::CREATE)?.start;
        let temporary = self.c.eat_kw(K::TEMPORARY);
        self.c.expect_kw(K::TABLE)?;
        let if_not_exists = if self.c.at_kw(K::IF) {
            let s = self.c.bump().span.start;
            self.c.expect_kw(K::NOT)?;
            self.c.expect_kw(K::EXISTS)?;
            Some(self.span_from(s))
        } else {
            None
        };
        let name = self.object_name()?;
        let open = self.c.expect(T::LParen)?.start;
        let mut elements = BumpVec::with_capacity_in(self.c.list_size_hint(), self.bump);
        loop {
            elements.push(self.element()?);
            if self.c.eat(T::Comma).is_none() {
                break;
            }
        }
        self.c.expect(T::RParen)?;
        let elements_span = self.span_from(open);
        let comment = match self.c.eat_kw(K::COMMENT) {
            Some(_) => Some(self.string()?),
            None => None,
        };
        let partitioned_by = match self.c.eat_kw(K::PARTITIONED) {
            Some(_) => {
                self.c.expect_kw(K::BY)?;
                Some(self.column_list()?)
            }
            None => None,
        };
        let with = match self.c.eat_kw(K::WITH) {
            Some(s) => Some(self.properties(s.start)?),
            None => None,
        };
        if !self.c.at(T::Semicolon) && !self.c.at(T::Eof) {
            return self.c.fail();
        }
        Ok(CreateTable {
            span: self.span_from(start),
            temporary,
            if_not_exists,
            name,
            elements_span,
            elements: elements.into_bump_slice(),
            comment,
            partitioned_by,
            with,
        })
    }

    fn properties(&mut self, start: u32) -> PResult<PropertyList<'a>> {
        self.c.expect(T::LParen)?;
        let mut properties = BumpVec::with_capacity_in(self.c.list_size_hint(), self.bump);
        loop {
            let key = self.string()?;
            self.c.expect(T::Eq)?;
            let value = self.string()?;
            properties.push(Property {
                span: Span::new(key.span.start, value.span.end),
                key,
                value,
            });
            if self.c.eat(T::Comma).is_none() {
                break;
            }
        }
        self.c.expect(T::RParen)?;
        Ok(PropertyList {
            span: self.span_from(start),
            properties: properties.into_bump_slice(),
        })
    }

    fn column_list(&mut self) -> PResult<ColumnList<'a>> {
        let start = self.c.expect(T::LParen)?.start;
        let mut columns = BumpVec::new_in(self.bump);
        loop {
            columns.push(self.ident()?);
            if self.c.eat(T::Comma).is_none() {
                break;
            }
        }
        self.c.expect(T::RParen)?;
        Ok(ColumnList {
            span: self.span_from(start),
            columns: columns.into_bump_slice(),
        })
    }

    fn enforcement(&mut self) -> PResult<Option<bool>> {
        if self.c.at_kw(K::NOT) && self.c.peek_at(1).keyword == K::ENFORCED {
            self.c.bump();
            self.c.bump();
            return Ok(Some(false));
        }
        Ok(self.c.eat_kw(K::ENFORCED).map(|_| true))
    }

    fn constraint_head(&mut self) -> PResult<(Option<Ident<'a>>, ConstraintKind)> {
        let name = match self.c.eat_kw(K::CONSTRAINT) {
            Some(_) => Some(self.ident()?),
            None => None,
        };
        let kind = if self.c.eat_kw(K::PRIMARY).is_some() {
            self.c.expect_kw(K::KEY)?;
            ConstraintKind::PrimaryKey
        } else {
            self.c.expect_kw(K::UNIQUE)?;
            ConstraintKind::Unique
        };
        Ok((name, kind))
    }

    fn element(&mut self) -> PResult<TableElement<'a>> {
        let start = self.c.peek().span.start;
        if self.c.eat_kw(K::WATERMARK).is_some() {
            self.c.expect_kw(K::FOR)?;
            let rowtime = self.object_name()?;
            self.c.expect_kw(K::AS)?;
            let expr = self.expr(0)?;
            let w = Watermark {
                span: self.span_from(start),
                rowtime,
                expr,
            };
            return Ok(TableElement::Watermark(self.bump.alloc(w)));
        }
        if self.c.at_kw(K::CONSTRAINT) || self.c.at_kw(K::PRIMARY) || self.c.at_kw(K::UNIQUE) {
            let (name, kind) = self.constraint_head()?;
            let columns = self.column_list()?;
            let enforced = self.enforcement()?;
            let c = TableConstraint {
                span: self.span_from(start),
                name,
                kind,
                columns,
                enforced,
            };
            return Ok(TableElement::Constraint(self.bump.alloc(c)));
        }
        let name = self.ident()?;
        let kind = if self.c.eat_kw(K::AS).is_some() {
            let e = self.expr(0)?;
            ColumnKind::Computed(self.bump.alloc(e))
        } else {
            let data_type = self.data_type()?;
            if let Some(metadata_span) = self.c.eat_kw(K::METADATA) {
                let from = match self.c.eat_kw(K::FROM) {
                    Some(_) => Some(self.string()?),
                    None => None,
                };
                let virtual_ = self.c.eat_kw(K::VIRTUAL);
                ColumnKind::Metadata(self.bump.alloc(MetadataColumn {
                    data_type,
                    metadata_span,
                    from,
                    virtual_,
                }))
            } else if self.c.at_kw(K::CONSTRAINT)
                || self.c.at_kw(K::PRIMARY)
                || self.c.at_kw(K::UNIQUE)
            {
                let s = self.c.peek().span.start;
                let (name, kind) = self.constraint_head()?;
                let enforced = self.enforcement()?;
                let c = ColumnConstraint {
                    span: self.span_from(s),
                    name,
                    kind,
                    enforced,
                };
                ColumnKind::Physical {
                    data_type,
                    constraint: Some(self.bump.alloc(c)),
                }
            } else {
                ColumnKind::Physical {
                    data_type,
                    constraint: None,
                }
            }
        };
        let comment = match self.c.eat_kw(K::COMMENT) {
            Some(_) => Some(self.string()?),
            None => None,
        };
        Ok(TableElement::Column(ColumnDef {
            span: self.span_from(start),
            name,
            kind,
            comment,
        }))
    }

    fn data_type(&mut self) -> PResult<DataType<'a>> {
        let start = self.c.peek().span.start;
        let t = self.c.peek();
        if t.kind != T::Word {
            return self.c.fail();
        }
        let kind = if t.keyword == K::ARRAY {
            self.c.bump();
            self.c.expect(T::Lt)?;
            let element = self.data_type()?;
            self.c.expect(T::Gt)?;
            TypeKind::Array(self.bump.alloc(element))
        } else if t.keyword == K::MAP {
            self.c.bump();
            self.c.expect(T::Lt)?;
            let key = self.data_type()?;
            self.c.expect(T::Comma)?;
            let value = self.data_type()?;
            self.c.expect(T::Gt)?;
            TypeKind::Map(self.bump.alloc((key, value)))
        } else if t.keyword == K::ROW {
            self.c.bump();
            self.c.expect(T::Lt)?;
            let mut fields = BumpVec::new_in(self.bump);
            loop {
                let fs = self.c.peek().span.start;
                let name = self.ident()?;
                let data_type = self.data_type()?;
                let comment = if self.c.at(T::String) {
                    Some(self.string()?)
                } else {
                    None
                };
                fields.push(RowField {
                    span: self.span_from(fs),
                    name,
                    data_type,
                    comment,
                });
                if self.c.eat(T::Comma).is_none() {
                    break;
                }
            }
            self.c.expect(T::Gt)?;
            TypeKind::Row(fields.into_bump_slice())
        } else {
            let Some(mut name) = builtin(self.c.text(t.span)) else {
                return self.c.fail();
            };
            self.c.bump();
            let mut params = BumpVec::new_in(self.bump);
            if self.c.eat(T::LParen).is_some() {
                loop {
                    params.push(self.int()?);
                    if self.c.eat(T::Comma).is_none() {
                        break;
                    }
                }
                self.c.expect(T::RParen)?;
            }
            if self.c.at_kw(K::WITH) && self.c.peek_at(1).keyword == K::LOCAL {
                for kw in [K::WITH, K::LOCAL, K::TIME, K::ZONE] {
                    self.c.expect_kw(kw)?;
                }
                name = BuiltinType::TimestampLtz;
            }
            TypeKind::Builtin {
                name,
                params: params.into_bump_slice(),
            }
        };
        let mut ty = DataType {
            span: self.span_from(start),
            kind,
            not_null: None,
        };
        while self.c.at_kw(K::ARRAY) {
            self.c.bump();
            let element = self.bump.alloc(ty);
            ty = DataType {
                span: self.span_from(start),
                kind: TypeKind::Array(element),
                not_null: None,
            };
        }
        if self.c.at_kw(K::NOT) && self.c.peek_at(1).keyword == K::NULL {
            self.c.bump();
            self.c.bump();
            ty.not_null = Some(true);
        } else if self.c.eat_kw(K::NULL).is_some() {
            ty.not_null = Some(false);
        }
        ty.span = self.span_from(start);
        Ok(ty)
    }

    fn expr(&mut self, min_bp: u8) -> PResult<Expr<'a>> {
        let start = self.c.peek().span.start;
        let mut left = self.primary()?;
        loop {
            let t = self.c.peek();
            let Some((op, bp)) = binary_op(t.kind, t.keyword) else {
                break;
            };
            if bp <= min_bp {
                break;
            }
            self.c.bump();
            let right = self.expr(bp)?;
            left = Expr {
                span: self.span_from(start),
                kind: ExprKind::Binary {
                    op,
                    operands: self.bump.alloc([left, right]),
                },
            };
        }
        Ok(left)
    }

    fn primary(&mut self) -> PResult<Expr<'a>> {
        let t = self.c.peek();
        let start = t.span.start;
        let kind = match t.kind {
            T::Integer => {
                self.c.bump();
                ExprKind::Integer(self.c.text(t.span))
            }
            T::String => ExprKind::String(self.string()?.value),
            T::LParen => {
                self.c.bump();
                let inner = self.expr(0)?;
                self.c.expect(T::RParen)?;
                ExprKind::Nested(self.bump.alloc(inner))
            }
            T::Word if t.keyword == K::INTERVAL => {
                self.c.bump();
                let value = self.string()?.value;
                let Some(unit) = time_unit(self.c.peek().keyword) else {
                    return self.c.fail();
                };
                self.c.bump();
                ExprKind::Interval { value, unit }
            }
            T::Word if t.keyword == K::CASE => {
                self.c.bump();
                let operand = if self.c.at_kw(K::WHEN) {
                    None
                } else {
                    Some(self.expr(0)?)
                };
                let mut whens = BumpVec::new_in(self.bump);
                while self.c.eat_kw(K::WHEN).is_some() {
                    let condition = self.expr(0)?;
                    self.c.expect_kw(K::THEN)?;
                    whens.push((condition, self.expr(0)?));
                }
                let else_result = match self.c.eat_kw(K::ELSE) {
                    Some(_) => Some(self.expr(0)?),
                    None => None,
                };
                self.c.expect_kw(K::END)?;
                ExprKind::Case(self.bump.alloc(Case {
                    operand,
                    whens: whens.into_bump_slice(),
                    else_result,
                }))
            }
            T::Word | T::QuotedIdent => {
                let callable = t.kind == T::Word && t.keyword.is_function();
                let name = if callable {
                    self.c.bump();
                    let part = Ident {
                        span: t.span,
                        value: self.c.text(t.span),
                        quoted: false,
                    };
                    ObjectName {
                        span: t.span,
                        parts: std::slice::from_ref(self.bump.alloc(part)),
                    }
                } else {
                    self.object_name()?
                };
                if self.c.eat(T::LParen).is_some() {
                    let mut args = BumpVec::new_in(self.bump);
                    if !self.c.at(T::RParen) {
                        loop {
                            args.push(self.expr(0)?);
                            if self.c.eat(T::Comma).is_none() {
                                break;
                            }
                        }
                    }
                    self.c.expect(T::RParen)?;
                    ExprKind::Call {
                        name,
                        args: args.into_bump_slice(),
                    }
                } else {
                    ExprKind::Identifier(name)
                }
            }
            _ => return self.c.fail(),
        };
        Ok(Expr {
            span: self.span_from(start),
            kind,
        })
    }
}

/// Counts what the tree holds (see [`Census`]).
pub fn census(script: &Script<'_>, errors: usize) -> Census {
    let mut c = Census {
        statements: script.statements.len(),
        errors,
        ..Census::default()
    };
    for s in script.statements {
        let Statement::CreateTable(t) = s else {
            continue;
        };
        for e in t.elements {
            match e {
                TableElement::Column(col) => {
                    c.columns += 1;
                    c.text_bytes += col.name.value.len();
                    match col.kind {
                        ColumnKind::Computed(_) => c.computed += 1,
                        ColumnKind::Metadata(_) => c.metadata += 1,
                        ColumnKind::Physical { constraint, .. } => {
                            c.constraints += usize::from(constraint.is_some())
                        }
                    }
                }
                TableElement::Constraint(_) => c.constraints += 1,
                TableElement::Watermark(_) => c.watermarks += 1,
            }
        }
        if let Some(with) = &t.with {
            c.options += with.properties.len();
            for p in with.properties {
                c.text_bytes += p.key.value.len() + p.value.value.len();
            }
        }
    }
    c
}
