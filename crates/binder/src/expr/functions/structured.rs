//! OBJECT_OF, a structured type built from its arguments.

use super::CallCx;
use crate::expr::bound::{BResult, Bound, Lit};
use flinkddl_types::{DataType, LogicalType, RowField};

pub(super) fn object_of(cx: &mut CallCx) -> BResult<Bound> {
    let class = match cx.args.first().map(|a| &a.lit) {
        Some(Lit::Str(c)) => c.to_string(),
        _ => return cx.invalid_input("The first argument must be a STRING/VARCHAR literal."),
    };
    let java_ident = |s: &str| {
        let mut chars = s.chars();
        chars
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
            && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
    };
    if !class.split('.').all(java_ident) {
        return cx.invalid_input(&format!(
            "Invalid class name '{class}'. The class name must comply with JVM identifier rules."
        ));
    }
    if cx.args.len() % 2 != 1 {
        return cx.invalid_input("Invalid input arguments.");
    }
    let mut attributes = Vec::new();
    for pair in cx.args[1..].chunks(2) {
        let (Some(k), Some(v)) = (pair.first(), pair.get(1)) else {
            return cx.invalid_input("Invalid input arguments.");
        };
        let Lit::Str(key) = &k.lit else {
            return cx.invalid_input("Field names must be STRING/VARCHAR literals.");
        };
        attributes.push(RowField::new(key.as_str(), v.ty.without_time_attributes()));
    }
    Ok(cx.bound(DataType::new(LogicalType::Structured {
        class_name: Box::new(class),
        attributes: Box::new(attributes),
    })))
}
