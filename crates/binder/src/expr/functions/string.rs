//! String functions with their own typing: TRANSLATE, ELT.

use super::CallCx;
use crate::expr::bound::{BResult, Bound};
use crate::expr::sqltypes::{is_binary, is_char, is_integer, is_null_type};
use flinkddl_types::{find_common_type, DataType};

pub(super) fn translate(cx: &mut CallCx) -> BResult<Bound> {
    // nullable only through the string operand
    let n = cx.args[0].ty.nullable || is_null_type(&cx.args[0].ty);
    Ok(cx.bound(DataType::string().with_nullability(n)))
}

pub(super) fn elt(cx: &mut CallCx) -> BResult<Bound> {
    if !is_integer(&cx.args[0].ty) {
        return cx.invalid_input("Index can only be an INTEGER NUMERIC type.");
    }
    let rest = &cx.args[1..];
    let strings = rest.iter().all(|a| is_null_type(&a.ty) || is_char(&a.ty))
        || rest.iter().all(|a| is_null_type(&a.ty) || is_binary(&a.ty));
    if !strings {
        return cx.invalid_input("Could not infer arguments in range: [1, null].");
    }
    if rest.iter().all(|a| is_null_type(&a.ty)) {
        for i in 1..cx.args.len() {
            cx.cast_arg(i, &DataType::varchar(1))?;
        }
    }
    let types: Vec<DataType> = cx.args[1..].iter().map(|a| a.ty.clone()).collect();
    let Some(common) = find_common_type(&types) else {
        return cx.invalid_input("Could not infer arguments in range: [1, null].");
    };
    let target = common.clone().nullable();
    for i in 1..cx.args.len() {
        cx.cast_arg(i, &target)?;
    }
    Ok(cx.bound(common.nullable()))
}
