//! The common types Calcite derives where query rows meet: the branches of a set operation,
//! and the rows of VALUES. Checked against Flink 2.3 with the oracle.

use crate::expr::sqltypes::{is_datetime, is_null_type, is_numeric, least_restrictive};
use flinkddl_types::{DataType, LogicalTypeRoot as R};

/// The type of one column of a set operation or VALUES, from its branches' types; `None`
/// when Calcite finds no common type ("Type mismatch in column n of UNION").
///
/// Identical types (time attributes included) stay as they are; timestamps of one precision
/// keep the first branch's type, time attribute included, as Flink keeps `*ROWTIME*` through
/// a UNION of a rowtime and any timestamp of precision 3. Other types meet in Calcite's least
/// restrictive type, without the datetime fallback of CASE (a number and a timestamp are
/// rejected at planning, not typed: [`SetColumn::Unknown`]).
pub(super) fn set_column_type(types: &[DataType]) -> SetColumn {
    let Some(first) = types.first() else {
        return SetColumn::Unknown;
    };
    let nullable = types.iter().any(|t| t.nullable);
    let same_timestamps = types.iter().all(|t| {
        matches!(
            t.type_root(),
            R::TimestampWithoutTimeZone | R::TimestampWithLocalTimeZone
        ) && t.precision() == first.precision()
    });
    if types.iter().all(|t| {
        t.without_time_attributes().with_nullability(false)
            == first.without_time_attributes().with_nullability(false)
    }) || same_timestamps
    {
        return SetColumn::Type(first.clone().with_nullability(nullable));
    }
    let datetime = types.iter().any(is_datetime);
    let numeric = types.iter().any(is_numeric);
    if datetime && numeric && types.iter().all(|t| is_datetime(t) || is_numeric(t)) {
        // Validated through coercion; the planner then rejects the cast.
        return SetColumn::Unknown;
    }
    match least_restrictive(types) {
        Some(t) => SetColumn::Type(t.with_nullability(nullable)),
        None if types.iter().any(is_null_type) => SetColumn::Unknown,
        None => SetColumn::Mismatch,
    }
}

/// What the branches of one set-operation column come to.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum SetColumn {
    Type(DataType),
    /// No common type: Calcite's type mismatch.
    Mismatch,
    /// Not derived (a mix we do not model); nothing is reported.
    Unknown,
}

/// `UNNEST(collection, ...) [WITH ORDINALITY]`: each argument an ARRAY, MULTISET or MAP
/// (Calcite's operand check), and the columns it gives: an array's or multiset's element (a
/// ROW element's fields), a map's key and value, then the ordinality. The columns are known
/// only when an alias list names them (or a ROW element does), as wide as they are.
pub(super) fn unnest(
    args: &[Option<DataType>],
    ordinality: bool,
    alias: Option<super::Name>,
    alias_columns: Option<&[super::Name]>,
    span: flinkddl_diagnostics::Span,
) -> Result<super::Relation, Box<flinkddl_diagnostics::Diagnostic>> {
    use flinkddl_types::LogicalType as L;
    let unknown = super::Relation::unknown(alias.clone());
    let Some(args) = args.iter().cloned().collect::<Option<Vec<DataType>>>() else {
        return Ok(unknown);
    };
    let collection = |t: &DataType| matches!(t.type_root(), R::Array | R::Multiset | R::Map);
    if args.iter().any(|t| !collection(t)) {
        let operands = args
            .iter()
            .map(|t| format!("<{}>", crate::expr::sqltypes::calcite_name(t)))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Box::new(
            flinkddl_diagnostics::Diagnostic::new(
                flinkddl_diagnostics::Code::UnnestOperand,
                span,
                format!(
                    "Cannot apply 'UNNEST' to arguments of type 'UNNEST({operands})'. Supported form(s): 'UNNEST(<MULTISET>)'\n'UNNEST(<ARRAY>)'\n'UNNEST(<MAP>)'\nUNNEST(<MULTISET>)\nUNNEST(<ARRAY>)\nUNNEST(<MAP>)"
                ),
            )
            .with_help("UNNEST expands a collection into rows: pass an ARRAY, MAP or MULTISET column"),
        ));
    }
    let mut names: Vec<Option<super::Name>> = Vec::new();
    let mut types: Vec<Option<DataType>> = Vec::new();
    for t in &args {
        match &t.logical {
            L::Array { element } | L::Multiset { element } => match &element.logical {
                L::Row { fields } => {
                    for f in fields {
                        names.push(Some(f.name.as_str().into()));
                        types.push(Some(f.data_type.clone()));
                    }
                }
                _ => {
                    names.push(None);
                    types.push(Some((**element).clone()));
                }
            },
            L::Map { key, value } => {
                names.push(None);
                types.push(Some((**key).clone()));
                names.push(None);
                types.push(Some((**value).clone()));
            }
            _ => return Ok(unknown),
        }
    }
    if ordinality {
        names.push(None);
        types.push(Some(DataType::int().not_null()));
    }
    let columns: Option<Vec<super::Name>> = match alias_columns {
        Some(given) if given.len() == types.len() => Some(given.to_vec()),
        Some(_) => None,
        None => names.into_iter().collect(),
    };
    Ok(match columns {
        Some(columns) => super::Relation {
            name: alias,
            columns: Some(std::rc::Rc::new(super::Columns::new(columns))),
            types: std::rc::Rc::new(types),
            rowtimes: std::rc::Rc::default(),
            origin: None,
            definition: flinkddl_diagnostics::Span::default(),
        },
        None => unknown,
    })
}
