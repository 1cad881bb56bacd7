//! Anchor (b), ruff-style: owned nodes, names and strings as `CompactString` (inline up to 24
//! bytes, as ruff's `Name`), lists as `Vec`, small enum variants inline and large or rare ones
//! boxed. The same grammar as `arena.rs`, line for line; only the nodes differ.

use compact_str::CompactString;
use flinkddl_syntax::ast::{BinaryOp, BuiltinType, ConstraintKind, TimeUnit};
use flinkddl_syntax::{lex, Keyword as K, Span, TokenKind as T};

use super::cursor::{binary_op, builtin, is_ident, time_unit, Census, Cursor, PResult};

#[derive(Debug)]
pub struct Script {
    pub span: Span,
    pub statements: Vec<Statement>,
}

#[derive(Debug)]
pub enum Statement {
    CreateTable(Box<CreateTable>),
    Error { span: Span },
}

#[derive(Debug, Clone)]
pub struct Ident {
    pub span: Span,
    pub value: CompactString,
    pub quoted: bool,
}

#[derive(Debug, Clone)]
pub struct StringLit {
    pub span: Span,
    pub value: CompactString,
}

#[derive(Debug, Clone, Copy)]
pub struct IntLit {
    pub span: Span,
    pub value: Option<u64>,
}

#[derive(Debug)]
pub struct ObjectName {
    pub span: Span,
    pub parts: Vec<Ident>,
}

#[derive(Debug)]
pub struct CreateTable {
    pub span: Span,
    pub temporary: Option<Span>,
    pub if_not_exists: Option<Span>,
    pub name: ObjectName,
    pub elements_span: Span,
    pub elements: Vec<TableElement>,
    pub comment: Option<StringLit>,
    pub partitioned_by: Option<ColumnList>,
    pub with: Option<PropertyList>,
}

#[derive(Debug)]
pub enum TableElement {
    Column(ColumnDef),
    Constraint(Box<TableConstraint>),
    Watermark(Box<Watermark>),
}

#[derive(Debug)]
pub struct ColumnDef {
    pub span: Span,
    pub name: Ident,
    pub kind: ColumnKind,
    pub comment: Option<StringLit>,
}

#[derive(Debug)]
pub enum ColumnKind {
    Physical {
        data_type: DataType,
        constraint: Option<Box<ColumnConstraint>>,
    },
    Metadata(Box<MetadataColumn>),
    Computed(Box<Expr>),
}

#[derive(Debug)]
pub struct MetadataColumn {
    pub data_type: DataType,
    pub metadata_span: Span,
    pub from: Option<StringLit>,
    pub virtual_: Option<Span>,
}

#[derive(Debug)]
pub struct ColumnConstraint {
    pub span: Span,
    pub name: Option<Ident>,
    pub kind: ConstraintKind,
    pub enforced: Option<bool>,
}

#[derive(Debug)]
pub struct TableConstraint {
    pub span: Span,
    pub name: Option<Ident>,
    pub kind: ConstraintKind,
    pub columns: ColumnList,
    pub enforced: Option<bool>,
}

#[derive(Debug)]
pub struct Watermark {
    pub span: Span,
    pub rowtime: ObjectName,
    pub expr: Expr,
}

#[derive(Debug)]
pub struct ColumnList {
    pub span: Span,
    pub columns: Vec<Ident>,
}

#[derive(Debug)]
pub struct Property {
    pub span: Span,
    pub key: StringLit,
    pub value: StringLit,
}

#[derive(Debug)]
pub struct PropertyList {
    pub span: Span,
    pub properties: Vec<Property>,
}

#[derive(Debug)]
pub struct DataType {
    pub span: Span,
    pub kind: TypeKind,
    /// `Some(true)` for `NOT NULL`, `Some(false)` for `NULL`.
    pub not_null: Option<bool>,
}

#[derive(Debug)]
pub enum TypeKind {
    Builtin {
        name: BuiltinType,
        params: Vec<IntLit>,
    },
    Array(Box<DataType>),
    Map(Box<(DataType, DataType)>),
    Row(Vec<RowField>),
}

#[derive(Debug)]
pub struct RowField {
    pub span: Span,
    pub name: Ident,
    pub data_type: DataType,
    pub comment: Option<StringLit>,
}

#[derive(Debug)]
pub struct Expr {
    pub span: Span,
    pub kind: ExprKind,
}

#[derive(Debug)]
pub enum ExprKind {
    Identifier(ObjectName),
    Integer(CompactString),
    String(CompactString),
    Interval {
        value: CompactString,
        unit: TimeUnit,
    },
    Binary {
        op: BinaryOp,
        operands: Box<[Expr; 2]>,
    },
    Call {
        name: ObjectName,
        args: Vec<Expr>,
    },
    Case(Box<Case>),
    Nested(Box<Expr>),
}

#[derive(Debug)]
pub struct Case {
    pub operand: Option<Expr>,
    pub whens: Vec<(Expr, Expr)>,
    pub else_result: Option<Expr>,
}

// ---- parser ---------------------------------------------------------------------------------

struct P<'s, 't> {
    c: Cursor<'s, 't>,
    errors: usize,
}

/// Lexes and parses `src`. Returns the script and the number of statements the prototype
/// grammar could not read.
pub fn parse(src: &str) -> (Script, usize) {
    let lexed = lex(src);
    let mut p = P {
        c: Cursor::new(src, &lexed.tokens),
        errors: 0,
    };
    let mut statements = Vec::new();
    loop {
        while p.c.eat(T::Semicolon).is_some() {}
        if p.c.at(T::Eof) {
            break;
        }
        let start = p.c.peek().span.start;
        match p.create_table() {
            Ok(t) => statements.push(Statement::CreateTable(Box::new(t))),
            Err(_) => {
                p.errors += 1;
                p.c.skip_statement();
                let span = Span::new(start, p.c.prev_end());
                statements.push(Statement::Error { span });
            }
        }
    }
    let span = Span::new(0, src.len() as u32);
    let script = Script { span, statements };
    (script, p.errors)
}

impl P<'_, '_> {
    fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.c.prev_end())
    }

    fn ident(&mut self) -> PResult<Ident> {
        let t = self.c.peek();
        if !is_ident(t) {
            return self.c.fail();
        }
        self.c.bump();
        let text = self.c.text(t.span);
        if t.kind == T::QuotedIdent {
            let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
            let value = if inner.contains("``") {
                CompactString::from(inner.replace("``", "`"))
            } else {
                CompactString::new(inner)
            };
            Ok(Ident {
                span: t.span,
                value,
                quoted: true,
            })
        } else {
            Ok(Ident {
                span: t.span,
                value: CompactString::new(text),
                quoted: false,
            })
        }
    }

    fn string(&mut self) -> PResult<StringLit> {
        let t = self.c.peek();
        if t.kind != T::String {
            return self.c.fail();
        }
        self.c.bump();
        let text = self.c.text(t.span);
        let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        let value = if inner.contains('\'') {
            CompactString::from(inner.replace("''", "'"))
        } else {
            CompactString::new(inner)
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

    fn object_name(&mut self) -> PResult<ObjectName> {
        let start = self.c.peek().span.start;
        let mut parts = Vec::with_capacity(3);
        parts.push(self.ident()?);
        while self.c.at(T::Dot) && is_ident(self.c.peek_at(1)) {
            self.c.bump();
            parts.push(self.ident()?);
        }
        Ok(ObjectName {
            span: self.span_from(start),
            parts,
        })
    }

    fn create_table(&mut self) -> PResult<CreateTable> {
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
        let mut elements = Vec::with_capacity(self.c.list_size_hint());
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
            elements,
            comment,
            partitioned_by,
            with,
        })
    }

    fn properties(&mut self, start: u32) -> PResult<PropertyList> {
        self.c.expect(T::LParen)?;
        let mut properties = Vec::with_capacity(self.c.list_size_hint());
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
            properties,
        })
    }

    fn column_list(&mut self) -> PResult<ColumnList> {
        let start = self.c.expect(T::LParen)?.start;
        let mut columns = Vec::new();
        loop {
            columns.push(self.ident()?);
            if self.c.eat(T::Comma).is_none() {
                break;
            }
        }
        self.c.expect(T::RParen)?;
        Ok(ColumnList {
            span: self.span_from(start),
            columns,
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

    fn constraint_head(&mut self) -> PResult<(Option<Ident>, ConstraintKind)> {
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

    fn element(&mut self) -> PResult<TableElement> {
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
            return Ok(TableElement::Watermark(Box::new(w)));
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
            return Ok(TableElement::Constraint(Box::new(c)));
        }
        let name = self.ident()?;
        let kind = if self.c.eat_kw(K::AS).is_some() {
            let e = self.expr(0)?;
            ColumnKind::Computed(Box::new(e))
        } else {
            let data_type = self.data_type()?;
            if let Some(metadata_span) = self.c.eat_kw(K::METADATA) {
                let from = match self.c.eat_kw(K::FROM) {
                    Some(_) => Some(self.string()?),
                    None => None,
                };
                let virtual_ = self.c.eat_kw(K::VIRTUAL);
                ColumnKind::Metadata(Box::new(MetadataColumn {
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
                    constraint: Some(Box::new(c)),
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

    fn data_type(&mut self) -> PResult<DataType> {
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
            TypeKind::Array(Box::new(element))
        } else if t.keyword == K::MAP {
            self.c.bump();
            self.c.expect(T::Lt)?;
            let key = self.data_type()?;
            self.c.expect(T::Comma)?;
            let value = self.data_type()?;
            self.c.expect(T::Gt)?;
            TypeKind::Map(Box::new((key, value)))
        } else if t.keyword == K::ROW {
            self.c.bump();
            self.c.expect(T::Lt)?;
            let mut fields = Vec::new();
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
            TypeKind::Row(fields)
        } else {
            let Some(mut name) = builtin(self.c.text(t.span)) else {
                return self.c.fail();
            };
            self.c.bump();
            let mut params = Vec::new();
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
            TypeKind::Builtin { name, params }
        };
        let mut ty = DataType {
            span: self.span_from(start),
            kind,
            not_null: None,
        };
        while self.c.at_kw(K::ARRAY) {
            self.c.bump();
            let element = Box::new(ty);
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

    fn expr(&mut self, min_bp: u8) -> PResult<Expr> {
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
                    operands: Box::new([left, right]),
                },
            };
        }
        Ok(left)
    }

    fn primary(&mut self) -> PResult<Expr> {
        let t = self.c.peek();
        let start = t.span.start;
        let kind = match t.kind {
            T::Integer => {
                self.c.bump();
                ExprKind::Integer(CompactString::new(self.c.text(t.span)))
            }
            T::String => ExprKind::String(self.string()?.value),
            T::LParen => {
                self.c.bump();
                let inner = self.expr(0)?;
                self.c.expect(T::RParen)?;
                ExprKind::Nested(Box::new(inner))
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
                let mut whens = Vec::new();
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
                ExprKind::Case(Box::new(Case {
                    operand,
                    whens,
                    else_result,
                }))
            }
            T::Word | T::QuotedIdent => {
                let callable = t.kind == T::Word && t.keyword.is_function();
                let name = if callable {
                    self.c.bump();
                    let part = Ident {
                        span: t.span,
                        value: CompactString::new(self.c.text(t.span)),
                        quoted: false,
                    };
                    ObjectName {
                        span: t.span,
                        parts: vec![part],
                    }
                } else {
                    self.object_name()?
                };
                if self.c.eat(T::LParen).is_some() {
                    let mut args = Vec::new();
                    if !self.c.at(T::RParen) {
                        loop {
                            args.push(self.expr(0)?);
                            if self.c.eat(T::Comma).is_none() {
                                break;
                            }
                        }
                    }
                    self.c.expect(T::RParen)?;
                    ExprKind::Call { name, args }
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
pub fn census(script: &Script, errors: usize) -> Census {
    let mut c = Census {
        statements: script.statements.len(),
        errors,
        ..Census::default()
    };
    for s in &script.statements {
        let Statement::CreateTable(t) = s else {
            continue;
        };
        for e in &t.elements {
            match e {
                TableElement::Column(col) => {
                    c.columns += 1;
                    c.text_bytes += col.name.value.len();
                    match &col.kind {
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
            for p in &with.properties {
                c.text_bytes += p.key.value.len() + p.value.value.len();
            }
        }
    }
    c
}
