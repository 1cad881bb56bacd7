//! Array and map functions: ELEMENT, ARRAY_*, MAP_*.

use super::CallCx;
use crate::expr::bound::{BResult, Bound};
use crate::expr::sqltypes::{is_char, is_null_type, root, string_type};
use flinkddl_types::{
    find_common_type, supports_implicit_cast, DataType, LogicalType, LogicalTypeRoot as R, RowField,
};

pub(super) fn element(cx: &mut CallCx) -> BResult<Bound> {
    let a = &cx.args[0].ty;
    let e = a
        .children()
        .first()
        .map(|c| (*c).clone())
        .unwrap_or_else(DataType::null);
    Ok(cx.bound(e))
}

pub(super) fn array_elem(cx: &mut CallCx) -> BResult<Bound> {
    let arr = cx.args[0].ty.clone();
    let LogicalType::Array { element } = &arr.logical else {
        return cx.invalid_input("Invalid input arguments.");
    };
    let element = element.as_ref().clone();
    let needle = cx.args[1].ty.clone();
    let castable = is_null_type(&needle)
        || super::same_sans_null(&needle, &element)
        || supports_implicit_cast(&needle.clone().nullable(), &element.clone().nullable());
    if !castable {
        return cx.invalid_input("Invalid input arguments.");
    }
    let target = element.clone().nullable();
    cx.cast_arg(1, &target)?;
    let needle_nullable = needle.nullable || is_null_type(&needle);
    let t = match cx.def.name {
        "ARRAY_CONTAINS" => DataType::boolean().with_nullability(arr.nullable),
        "ARRAY_POSITION" => DataType::int().with_nullability(arr.nullable || needle_nullable),
        "ARRAY_REMOVE" => arr.clone(),
        _ => {
            let e = element
                .clone()
                .with_nullability(element.nullable || needle_nullable);
            DataType::array(e).with_nullability(arr.nullable || needle_nullable)
        }
    };
    Ok(cx.bound(t))
}

pub(super) fn array_slice(cx: &mut CallCx) -> BResult<Bound> {
    if cx.def.name == "ARRAY_SLICE" && cx.args[1..].iter().any(|a| root(&a.ty) == R::Bigint) {
        return cx.invalid_input("Invalid input arguments.");
    }
    let t = cx.args[0].ty.clone();
    let n = cx.any_nullable();
    Ok(cx.bound(t.with_nullability(n)))
}

pub(super) fn array_union(cx: &mut CallCx) -> BResult<Bound> {
    if cx.args.iter().any(|a| root(&a.ty) != R::Array) {
        return cx.invalid_input("All arguments requires to be a ARRAY type");
    }
    let common = common_collection(cx)?;
    Ok(cx.bound(common))
}

/// The common type of ARRAY_UNION / MAP_UNION operands (Flink's `CommonArrayInputTypeStrategy`
/// / `CommonMapInputTypeStrategy`), with the operands cast to it.
fn common_collection(cx: &mut CallCx) -> BResult<DataType> {
    let types: Vec<DataType> = cx.args.iter().map(|a| a.ty.clone()).collect();
    let Some(common) = find_common_type(&types) else {
        return cx.invalid_input(&format!(
            "Could not find a common type for arguments: [{}]",
            types
                .iter()
                .map(|t| t.summary_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    };
    // Maps of different types meet in a map of nullable keys and values.
    let same = types
        .iter()
        .all(|t| t.clone().nullable() == types[0].clone().nullable());
    let common = match (&common.logical, same) {
        (LogicalType::Map { key, value }, false) => DataType::map(
            key.as_ref().clone().nullable(),
            value.as_ref().clone().nullable(),
        )
        .with_nullability(common.nullable),
        _ => common,
    };
    for (i, t) in types.iter().enumerate() {
        if !supports_implicit_cast(t, &common.clone().nullable()) {
            return cx.invalid_input(&format!(
                "Invalid argument type at position {i}. Data type {} expected but {} passed.",
                common.clone().not_null().summary_string(),
                t.summary_string()
            ));
        }
    }
    let target = common.clone().nullable();
    for i in 0..cx.args.len() {
        cx.cast_arg(i, &target)?;
    }
    Ok(common)
}

pub(super) fn array_max(cx: &mut CallCx) -> BResult<Bound> {
    let a = &cx.args[0];
    let LogicalType::Array { element } = &a.ty.logical else {
        return cx.invalid_input("The argument requires to be an ARRAY type");
    };
    let t = element.as_ref().clone().nullable();
    Ok(cx.bound(t))
}

pub(super) fn array_join(cx: &mut CallCx) -> BResult<Bound> {
    let ok = match &cx.args[0].ty.logical {
        LogicalType::Array { element } => is_char(element),
        _ => false,
    } && cx.args[1..].iter().all(|a| is_char(&a.ty));
    if !ok {
        return cx.invalid_input("Invalid input arguments.");
    }
    let n = cx.any_nullable();
    Ok(cx.bound(string_type(n)))
}

pub(super) fn map_parts(cx: &mut CallCx) -> BResult<Bound> {
    let a = cx.args[0].ty.clone();
    let t = match cx.def.name {
        "MAP_FROM_ARRAYS" => {
            let k = a.children().first().map(|c| (*c).clone());
            let v = cx.args[1].ty.children().first().map(|c| (*c).clone());
            let (Some(k), Some(v)) = (k, v) else {
                return cx.invalid_input("Invalid input arguments.");
            };
            let n = cx.any_nullable();
            DataType::map(k, v).with_nullability(n)
        }
        _ => {
            let LogicalType::Map { key, value } = &a.logical else {
                return cx.invalid_input("Invalid input arguments.");
            };
            let (k, v) = (key.as_ref().clone(), value.as_ref().clone());
            let inner = match cx.def.name {
                "MAP_KEYS" => k,
                "MAP_VALUES" => v,
                _ => DataType::row(vec![RowField::new("key", k), RowField::new("value", v)]),
            };
            DataType::array(inner).with_nullability(a.nullable)
        }
    };
    Ok(cx.bound(t))
}

pub(super) fn map_union(cx: &mut CallCx) -> BResult<Bound> {
    if cx.args.iter().any(|a| root(&a.ty) != R::Map) {
        return cx.invalid_input("All arguments requires to be a MAP type");
    }
    let common = common_collection(cx)?;
    Ok(cx.bound(common))
}
