//! Column types resolved from their syntax, each distinct type allocated once for the script
//! ([`TypeCache`]), with the errors of a type that does not resolve.

use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast;
use flinkddl_types::DataType;
// foldhash: fast and seeded (hostile column names cannot force collisions).
use foldhash::HashMap;
use std::sync::Arc;

/// The types of a script's columns, shared: one allocation per distinct type, handed out as
/// `Arc`s (a script repeats a few types over many columns, and keeps every column to its end).
#[derive(Debug, Default)]
pub(crate) struct TypeCache<'a> {
    /// Column types resolved so far, by their text and whether NOT NULL follows: the same
    /// text always resolves to the same type (a function of the syntax alone). Only successes
    /// are kept (a failure reports).
    by_text: HashMap<(&'a str, bool), Arc<DataType>>,
    /// Built-in types without parameters (`STRING`, `BIGINT NOT NULL`: most columns), by
    /// [`ast::BuiltinType`] and whether NOT NULL follows, looked up before the text: the same
    /// name resolves to the same type however it is spelt, without hashing the text.
    bare: [[Option<Arc<DataType>>; BARE_BUILTINS]; 2],
    /// Built-in types with parameters (`DECIMAL(10, 2)`, `TIMESTAMP(3)`), by
    /// [`ParameterizedKey`]: also a function of the name and the values alone, and a few
    /// integers hash faster than the text.
    parameterized: HashMap<ParameterizedKey, Arc<DataType>>,
    /// Every distinct type handed out, whatever its origin.
    interned: foldhash::HashSet<Arc<DataType>>,
}

/// Room for every [`ast::BuiltinType`] in [`TypeCache::bare`] (a variant past it is not cached).
const BARE_BUILTINS: usize = 24;

/// The slot of a built-in type without parameters in [`TypeCache::bare`], if it has one.
fn bare_builtin(ty: &ast::DataTypeSyntax) -> Option<(usize, usize)> {
    match &ty.kind {
        ast::TypeKind::Builtin { name, params, .. } if params.is_empty() => Some((
            usize::from(ty.nullability.is_some_and(|n| n.not_null)),
            *name as usize,
        )),
        _ => None,
    }
}

/// A built-in type with one or two parameter values: its name, whether NOT NULL follows, and
/// the values (`u64::MAX` for no second one).
type ParameterizedKey = (u8, bool, u64, u64);

/// The [`ParameterizedKey`] of a built-in type whose parameters all have a value.
fn parameterized_builtin(ty: &ast::DataTypeSyntax) -> Option<ParameterizedKey> {
    let ast::TypeKind::Builtin { name, params, .. } = &ty.kind else {
        return None;
    };
    let not_null = ty.nullability.is_some_and(|n| n.not_null);
    match params.as_slice() {
        [a] => Some((*name as u8, not_null, a.value?, u64::MAX)),
        [a, b] => Some((*name as u8, not_null, a.value?, b.value?)),
        _ => None,
    }
}

impl TypeCache<'_> {
    /// The shared allocation of `ty`.
    pub(crate) fn intern(&mut self, ty: DataType) -> Arc<DataType> {
        if let Some(shared) = self.interned.get(&ty) {
            return Arc::clone(shared);
        }
        let shared = Arc::new(ty);
        self.interned.insert(Arc::clone(&shared));
        shared
    }
}

impl Binder<'_> {
    /// `ty` NOT NULL, shared.
    pub(crate) fn not_null(&mut self, ty: Arc<DataType>) -> Arc<DataType> {
        if ty.nullable {
            self.caches
                .type_cache
                .intern(DataType::clone(&ty).not_null())
        } else {
            ty
        }
    }

    /// The type `ty` names, shared; `None` when it does not resolve (reported, unless the
    /// parser reported it already).
    pub(crate) fn resolve_type(&mut self, ty: &ast::DataTypeSyntax) -> Option<Arc<DataType>> {
        let source = self.source;
        let bare = bare_builtin(ty);
        if let Some(Some(t)) = bare.and_then(|(n, i)| self.caches.type_cache.bare[n].get(i)) {
            return Some(Arc::clone(t));
        }
        let parameterized = parameterized_builtin(ty);
        if let Some(t) = parameterized.and_then(|k| self.caches.type_cache.parameterized.get(&k)) {
            return Some(Arc::clone(t));
        }
        // The text is the key of the other types (most columns are built-ins, above).
        let key = source
            .get(ty.span.range())
            .filter(|_| parameterized.is_none())
            .map(|text| (text, ty.nullability.is_some_and(|n| n.not_null)));
        if let Some(t) = key.and_then(|k| self.caches.type_cache.by_text.get(&k)) {
            return Some(Arc::clone(t));
        }
        match flinkddl_types::resolve_ddl_type_in(ty, source) {
            Ok(t) => {
                let t = self.caches.type_cache.intern(self.type_in_version(t));
                match bare.and_then(|(n, i)| self.caches.type_cache.bare[n].get_mut(i)) {
                    Some(slot) => *slot = Some(Arc::clone(&t)),
                    None => {
                        if let Some(k) = parameterized {
                            self.caches
                                .type_cache
                                .parameterized
                                .insert(k, Arc::clone(&t));
                        } else if let Some(k) = key {
                            self.caches.type_cache.by_text.insert(k, Arc::clone(&t));
                        }
                    }
                }
                Some(t)
            }
            Err(e) => {
                if e.stage() == flinkddl_types::DdlStage::Parse {
                    // The parser reported this already.
                    return None;
                }
                use flinkddl_types::TypeError;
                let code = match &e.error {
                    TypeError::UnknownType(_) => Code::UnknownType,
                    TypeError::UnsupportedDdlType(_) | TypeError::RawRestore { .. } => {
                        Code::UnsupportedType
                    }
                    _ => Code::InvalidTypeParameter,
                };
                let is_real = matches!(&e.error, TypeError::UnsupportedDdlType(n) if n == "REAL");
                let mut d = Diagnostic::new(code, e.span, e.error.to_string());
                let unknown_name = match &e.error {
                    TypeError::UnknownType(name) => Some(name.as_str()),
                    _ => None,
                };
                let suggestion = unknown_name.and_then(flinkddl_types::similar_type_name);
                if let (Some(name), Some(suggestion)) = (unknown_name, suggestion) {
                    d = d.with_help(format!("did you mean `{suggestion}`?"));
                    // Replace the name only where the span is exactly the name written.
                    if e.span.text(self.source) == name && !suggestion.contains('<') {
                        d = d.with_unsafe_fix(e.span, suggestion, format!("write {suggestion}"));
                    }
                } else if code == Code::UnknownType {
                    d = d.with_help(
                        "built-in types include STRING, INT, BIGINT, DOUBLE, DECIMAL(p, s), BOOLEAN, DATE, TIMESTAMP(3), TIMESTAMP_LTZ(3), ARRAY<T>, MAP<K, V> and ROW<...>",
                    );
                } else if is_real {
                    d = d.with_help("use FLOAT");
                }
                self.report(d);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl_types::LogicalType;

    #[test]
    fn equal_types_share_one_allocation() {
        let mut types = TypeCache::default();
        let a = types.intern(DataType::new(LogicalType::Int));
        let b = types.intern(DataType::new(LogicalType::Int));
        let not_null = types.intern(DataType::new(LogicalType::Int).not_null());
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &not_null));
    }
}
