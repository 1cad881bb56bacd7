//! JSON functions: JSON_STRING, JSON_ARRAY, JSON_OBJECT, JSON_ARRAYAGG.

use super::CallCx;
use crate::expr::bound::{reject, BResult, Bound};
use crate::expr::sqltypes::{is_interval, root, string_type};
use flinkddl_diagnostics::Code;
use flinkddl_types::{DataType, LogicalTypeRoot as R};

pub(super) fn json_string(cx: &mut CallCx) -> BResult<Bound> {
    let a = &cx.args[0];
    if matches!(root(&a.ty), R::Date | R::TimeWithoutTimeZone) {
        return cx.invalid_input("Invalid input arguments.");
    }
    if is_interval(&a.ty) {
        return crate::expr::cast::cannot_cast(a, &DataType::tinyint(), cx.span);
    }
    if a.is_null_lit() {
        cx.cast_arg(0, &DataType::varchar(1))?;
    }
    let n = cx.any_nullable();
    Ok(cx.bound(string_type(n)))
}

pub(super) fn json_array(cx: &mut CallCx) -> BResult<Bound> {
    let mut b = cx.bound(string_type(false));
    if !cx.args.is_empty() {
        b.sql = format!(
            "JSON_ARRAY({} ABSENT ON NULL)",
            crate::expr::bound::join_args(&cx.args)
        );
    }
    Ok(b)
}

pub(super) fn json_object(cx: &mut CallCx) -> BResult<Bound> {
    // `JSON_OBJECT(KEY k VALUE v ...)` is syntax our parser does not read; a plain
    // argument list is a parse error in Flink.
    if let Some(a) = cx.args.first() {
        return reject(
            Code::InvalidExpression,
            a.span,
            format!(
                "Encountered \"{} ,\": JSON_OBJECT expects `KEY <key> VALUE <value>` \
                     pairs (or `<key> VALUE <value>`)",
                a.sql
            ),
        );
    }
    let mut b = cx.bound(string_type(false));
    b.sql = "JSON_OBJECT(NULL ON NULL)".into();
    Ok(b)
}

pub(super) fn json_arrayagg(cx: &mut CallCx) -> BResult<Bound> {
    let mut b = cx.bound(DataType::varchar(2000).not_null());
    b.sql = format!(
        "JSON_ARRAYAGG({} ABSENT ON NULL)",
        crate::expr::bound::join_args(&cx.args)
    );
    Ok(b)
}
