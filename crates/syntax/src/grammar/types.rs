//! The DDL type grammar (Flink's `ExtendedDataType`):
//! `TypeName { [NULL | NOT NULL] (ARRAY | MULTISET) } [NULL | NOT NULL]`.

use super::*;

pub(crate) fn data_type<'a>(p: &mut Parser<'a>) -> PResult<DataTypeSyntax<'a>> {
    p.nested(data_type_inner)
}

fn data_type_inner<'a>(p: &mut Parser<'a>) -> PResult<DataTypeSyntax<'a>> {
    let start = p.start();
    let mut ty = base_type(p)?;
    if p.current().kind != T::Word {
        // Most types end at `,` or `)`: note what the checks below would note, without them.
        p.note_keywords(&[K::NOT, K::NULL, K::ARRAY, K::MULTISET]);
        ty.span = p.span_from(start);
        return Ok(ty);
    }
    loop {
        let nullability = nullability(p);
        if p.at_kw(K::ARRAY) || p.at_kw(K::MULTISET) {
            let multiset = p.current().keyword == K::MULTISET;
            // The element's span covers its own nullability.
            ty.nullability = nullability;
            ty.span = p.span_from(start);
            p.bump();
            let element = alloc!(p, ty);
            let kind = if multiset {
                TypeKind::Multiset {
                    element,
                    postfix: true,
                }
            } else {
                TypeKind::Array {
                    element,
                    postfix: true,
                }
            };
            ty = DataTypeSyntax {
                span: p.span_from(start),
                kind,
                nullability: None,
            };
            continue;
        }
        ty.nullability = nullability;
        ty.span = p.span_from(start);
        return Ok(ty);
    }
}

/// `TypeName [NULL | NOT NULL]`: the element of `ARRAY<...>` and `MULTISET<...>`.
fn collection_element<'a>(p: &mut Parser<'a>) -> PResult<DataTypeSyntax<'a>> {
    let start = p.start();
    p.nested(|p| {
        base_type(p).map(|mut ty| {
            ty.nullability = nullability(p);
            ty.span = p.span_from(start);
            ty
        })
    })
}

/// `NOT NULL` or `NULL`, if present.
#[inline]
fn nullability<'a>(p: &mut Parser<'a>) -> Option<Nullability> {
    p.eat_kw_or_not_kw(K::NULL)
        .map(|(span, not_null)| Nullability { span, not_null })
}

fn builtin<'a>(p: &Parser<'a>, name: BuiltinType, start: u32) -> TypeKind<'a> {
    TypeKind::Builtin {
        name,
        name_span: p.span_from(start),
        params: List::empty(),
    }
}

fn base_type<'a>(p: &mut Parser<'a>) -> PResult<DataTypeSyntax<'a>> {
    let start = p.start();
    let t = p.current();
    use BuiltinType as B;
    let kind = match (t.kind, t.keyword) {
        (T::Word, K::CHAR | K::CHARACTER) => {
            p.bump();
            let name = if p.eat_kw(K::VARYING).is_some() {
                B::Varchar
            } else {
                B::Char
            };
            let name_end = p.prev_end();
            let params = params(p, 1)?;
            character_set(p)?;
            with_name_span(name, start, name_end, params)
        }
        (T::Word, K::BINARY) => {
            p.bump();
            let name = if p.eat_kw(K::VARYING).is_some() {
                B::Varbinary
            } else {
                B::Binary
            };
            let name_end = p.prev_end();
            let params = params(p, 1)?;
            with_name_span(name, start, name_end, params)
        }
        (T::Word, K::VARCHAR) => {
            let kind = simple_with_params(p, B::Varchar, 1)?;
            character_set(p)?;
            kind
        }
        (T::Word, K::VARBINARY) => simple_with_params(p, B::Varbinary, 1)?,
        (T::Word, K::DECIMAL | K::DEC | K::NUMERIC) => simple_with_params(p, B::Decimal, 2)?,
        (T::Word, K::STRING) => simple(p, B::String),
        (T::Word, K::BYTES) => simple(p, B::Bytes),
        (T::Word, K::BOOLEAN) => simple(p, B::Boolean),
        (T::Word, K::TINYINT) => simple(p, B::Tinyint),
        (T::Word, K::SMALLINT) => simple(p, B::Smallint),
        (T::Word, K::INT | K::INTEGER) => simple(p, B::Integer),
        (T::Word, K::BIGINT) => simple(p, B::Bigint),
        (T::Word, K::FLOAT) => simple(p, B::Float),
        (T::Word, K::REAL) => simple(p, B::Real),
        (T::Word, K::DOUBLE) => {
            p.bump();
            p.eat_kw(K::PRECISION);
            builtin(p, B::Double, start)
        }
        (T::Word, K::DATE) => simple(p, B::Date),
        (T::Word, K::VARIANT) => simple(p, B::Variant),
        (T::Word, K::BITMAP) => simple(p, B::Bitmap),
        (T::Word, K::TIMESTAMP_LTZ) => simple_with_params(p, B::TimestampLtz, 1)?,
        (T::Word, K::TIME | K::TIMESTAMP) => {
            let is_time = t.keyword == K::TIME;
            p.bump();
            let name_end = p.prev_end();
            let params = params(p, 1)?;
            let local = time_zone_suffix(p)?;
            let name = match (is_time, local) {
                (true, false) => B::Time,
                (true, true) => B::TimeWithLocalTimeZone,
                (false, false) => B::Timestamp,
                (false, true) => B::TimestampLtz,
            };
            with_name_span(name, start, name_end, params)
        }
        (T::Word, K::ARRAY | K::MULTISET) => {
            let multiset = t.keyword == K::MULTISET;
            if !p.nth_is(1, T::Lt) {
                // `ARRAY(INT)`: Flink reports the keyword itself.
                p.expecting("a data type");
                return Err(p.unexpected());
            }
            p.bump();
            p.bump();
            // Inside `<...>` Flink takes a type name and its nullability, without postfix
            // ARRAY/MULTISET (unlike MAP keys and values and ROW fields).
            let element = alloc!(p, collection_element(p)?);
            p.expect(T::Gt)?;
            if multiset {
                TypeKind::Multiset {
                    element,
                    postfix: false,
                }
            } else {
                TypeKind::Array {
                    element,
                    postfix: false,
                }
            }
        }
        (T::Word, K::MAP) if p.nth_is(1, T::Lt) => {
            p.bump();
            p.bump();
            let key = alloc!(p, data_type(p)?);
            p.expect(T::Comma)?;
            let value = alloc!(p, data_type(p)?);
            p.expect(T::Gt)?;
            TypeKind::Map { key, value }
        }
        (T::Word, K::ROW) => {
            p.bump();
            row_type(p)?
        }
        (T::Word, K::RAW) => {
            p.bump();
            p.expect(T::LParen)?;
            let class = alloc!(p, string_lit(p)?);
            p.expect(T::Comma)?;
            let snapshot = Some(alloc!(p, string_lit(p)?));
            p.expect(T::RParen)?;
            TypeKind::Raw { class, snapshot }
        }
        (T::Word, K::STRUCTURED) if p.nth_is(1, T::Lt) => {
            p.bump();
            p.bump();
            let class = alloc!(p, string_lit(p)?);
            let mut fields = Vec::new();
            while p.eat(T::Comma).is_some() {
                fields.push(row_field(p)?);
            }
            p.expect(T::Gt)?;
            TypeKind::Structured {
                class,
                fields: p.list(fields),
            }
        }
        // Calcite's `ANY` type parses; Flink rejects it later ("Type is not supported: ANY").
        (T::Word, K::ANY) => {
            let t = p.bump();
            TypeKind::UserDefined {
                name: ObjectName {
                    span: t.span,
                    parts: list!(
                        p,
                        vec![Ident {
                            span: t.span,
                            value: p.text(t.span),
                            quoted: false,
                        }]
                    ),
                },
            }
        }
        _ if at_ident(p) => {
            let name = object_name(p)?;
            if p.nth_is(0, T::LParen) {
                if let Some(failed) = misspelt_parameterized_type(p, &name) {
                    return Err(failed);
                }
            }
            TypeKind::UserDefined { name }
        }
        _ => {
            p.expecting("a data type");
            return Err(p.unexpected());
        }
    };
    Ok(DataTypeSyntax {
        span: p.span_from(start),
        kind,
        nullability: None,
    })
}

/// The built-in types that take parameters, for a did-you-mean on `VARHCAR(20)`.
const PARAMETERIZED_TYPES: &[&str] = &[
    "CHAR",
    "VARCHAR",
    "BINARY",
    "VARBINARY",
    "DECIMAL",
    "NUMERIC",
    "TIME",
    "TIMESTAMP",
    "TIMESTAMP_LTZ",
    "FLOAT",
];

/// A type name that is no keyword, followed by `(`: Flink's parser fails at the `(` (a
/// user-defined type takes no parameters). When the name is close to a built-in type that
/// does, this reports the error saying which; otherwise the caller fails at the `(` as usual.
fn misspelt_parameterized_type<'a>(
    p: &mut Parser<'a>,
    name: &ObjectName<'a>,
) -> Option<crate::parser::Failed> {
    let suggestion = match name.parts.as_slice() {
        [single] if !single.quoted => {
            crate::parser::did_you_mean(single.value, PARAMETERIZED_TYPES)
        }
        _ => None,
    };
    let best = suggestion?;
    let paren = p.current().span;
    Some(p.report(
        Diagnostic::new(
            Code::UnexpectedToken,
            paren,
            format!(
                "unexpected `(`: `{}` is not a built-in type, and a user-defined type takes no parameters",
                name.display()
            ),
        )
        .with_label(name.span, format!("did you mean `{best}`?"))
        .with_help(format!("did you mean `{best}`?"))
        .with_unsafe_fix(name.span, best, format!("replace with `{best}`")),
    ))
}

/// `CHARACTER SET name` after a character type (Calcite accepts it; Flink keeps UTF-16).
fn character_set<'a>(p: &mut Parser<'a>) -> PResult<()> {
    if p.nth_is_kw(0, K::CHARACTER) && p.nth_is_kw(1, K::SET) {
        p.bump();
        p.bump();
        ident(p)?;
    }
    Ok(())
}

fn with_name_span<'a>(
    name: BuiltinType,
    start: u32,
    name_end: u32,
    params: List<'a, IntLit>,
) -> TypeKind<'a> {
    TypeKind::Builtin {
        name,
        name_span: Span::new(start, name_end),
        params,
    }
}

fn simple<'a>(p: &mut Parser<'a>, name: BuiltinType) -> TypeKind<'a> {
    let start = p.start();
    p.bump();
    builtin(p, name, start)
}

fn simple_with_params<'a>(
    p: &mut Parser<'a>,
    name: BuiltinType,
    max: usize,
) -> PResult<TypeKind<'a>> {
    let start = p.start();
    p.bump();
    let name_end = p.prev_end();
    let params = params(p, max)?;
    Ok(with_name_span(name, start, name_end, params))
}

/// `( n [, m] )` with at most `max` (1 or 2) integers, if present; no `Vec` on the way.
fn params<'a>(p: &mut Parser<'a>, max: usize) -> PResult<List<'a, IntLit>> {
    if p.eat(T::LParen).is_none() {
        return Ok(List::empty());
    }
    let first = int_lit(p)?;
    let second = if max > 1 && p.eat(T::Comma).is_some() {
        Some(int_lit(p)?)
    } else {
        None
    };
    p.expect(T::RParen)?;
    Ok(match second {
        Some(second) => p.pair(first, second),
        None => p.one(first),
    })
}

/// `[WITHOUT TIME ZONE | WITH LOCAL TIME ZONE]`; true for the local form.
fn time_zone_suffix<'a>(p: &mut Parser<'a>) -> PResult<bool> {
    if p.nth_is_kw(0, K::WITHOUT) && p.nth_is_kw(1, K::TIME) {
        p.bump();
        p.bump();
        p.expect_kw(K::ZONE)?;
        return Ok(false);
    }
    // `WITH` also starts the table's WITH clause: only `WITH LOCAL|TIME` belongs to the type.
    if p.nth_is_kw(0, K::WITH) && (p.nth_is_kw(1, K::LOCAL) || p.nth_is_kw(1, K::TIME)) {
        p.bump();
        p.expect_kw(K::LOCAL)?;
        p.expect_kw(K::TIME)?;
        p.expect_kw(K::ZONE)?;
        return Ok(true);
    }
    Ok(false)
}

/// After `ROW`: `<fields>`, `<>`, or `(fields)`.
fn row_type<'a>(p: &mut Parser<'a>) -> PResult<TypeKind<'a>> {
    if p.eat(T::NotEq).is_some() {
        return Ok(TypeKind::Row {
            fields: list!(p, Vec::new()),
            angle: true,
        });
    }
    let angle = if p.eat(T::Lt).is_some() {
        true
    } else {
        p.expect(T::LParen)?;
        false
    };
    let close = if angle { T::Gt } else { T::RParen };
    let mut fields = Vec::new();
    if p.eat(close).is_none() {
        loop {
            fields.push(row_field(p)?);
            if p.eat(T::Comma).is_some() {
                continue;
            }
            p.expect(close)?;
            break;
        }
    }
    Ok(TypeKind::Row {
        fields: p.list(fields),
        angle,
    })
}

fn row_field<'a>(p: &mut Parser<'a>) -> PResult<RowField<'a>> {
    let start = p.start();
    let name = ident(p)?;
    let data_type = data_type(p)?;
    // A field comment is one plain quoted string: no continuation, no prefix.
    let comment = if p.current().kind == T::String && p.text(p.current().span).starts_with('\'') {
        let t = p.bump();
        Some(StringLit {
            span: t.span,
            value: in_tree(p, decode_string_token(p.text(t.span))),
        })
    } else {
        p.expecting("string literal");
        None
    };
    Ok(RowField {
        span: p.span_from(start),
        name,
        data_type,
        comment,
    })
}
