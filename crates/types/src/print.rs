//! Printing types exactly as Flink does: `asSummaryString()` (what `DataType.toString()`,
//! DESCRIBE and `ResolvedSchema.toString()` show) and `asSerializableString()` (what
//! SHOW CREATE TABLE and the catalog store).

use crate::error::TypeError;
use crate::model::{
    DataType, DayTimeResolution, LogicalType, ObjectIdentifier, RowField, TimestampKind,
    YearMonthResolution, MAX_LENGTH,
};
use std::fmt::Write;

/// Quotes an identifier with back-ticks, doubling back-ticks inside (Flink's
/// `EncodingUtils.escapeIdentifier`).
pub fn escape_identifier(name: &str) -> String {
    // One allocation of the final size; names rarely hold a back-tick.
    let mut out = String::with_capacity(name.len() + 2);
    out.push('`');
    if name.contains('`') {
        out.push_str(&name.replace('`', "``"));
    } else {
        out.push_str(name);
    }
    out.push('`');
    out
}

/// Doubles single quotes (Flink's `EncodingUtils.escapeSingleQuotes`).
pub fn escape_single_quotes(s: &str) -> String {
    s.replace('\'', "''")
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Summary,
    Serializable,
}

impl ObjectIdentifier {
    /// `` `cat`.`db`.`name` `` (Flink's `ObjectIdentifier.asSerializableString`).
    pub fn as_serializable_string(&self) -> String {
        format!(
            "{}.{}.{}",
            escape_identifier(&self.catalog),
            escape_identifier(&self.database),
            escape_identifier(&self.object)
        )
    }
}

impl DataType {
    /// Flink's `LogicalType.asSummaryString()` / `DataType.toString()`: `STRING` and `BYTES` for
    /// maximum lengths, `TIMESTAMP_LTZ(p)`, ` *ROWTIME*` / ` *PROCTIME*` markers after
    /// ` NOT NULL`, `'...'` in place of field descriptions and RAW snapshots.
    pub fn summary_string(&self) -> String {
        let mut out = String::new();
        // Summary printing never fails.
        let _ = self.write(&mut out, Mode::Summary);
        out
    }

    /// Flink's `LogicalType.asSerializableString()`: the string `LogicalTypeParser` reads back.
    /// Fails like Flink for zero-length strings, SYMBOL and unresolved types.
    pub fn serializable_string(&self) -> Result<String, TypeError> {
        let mut out = String::new();
        self.write(&mut out, Mode::Serializable)?;
        Ok(out)
    }

    /// [`DataType::serializable_string`] as an `Option`.
    pub fn try_serializable_string(&self) -> Option<String> {
        self.serializable_string().ok()
    }

    fn write(&self, out: &mut String, mode: Mode) -> Result<(), TypeError> {
        use LogicalType as L;
        let summary = mode == Mode::Summary;
        match &self.logical {
            L::Boolean => out.push_str("BOOLEAN"),
            L::Char { length }
            | L::VarChar { length }
            | L::Binary { length }
            | L::VarBinary { length } => {
                let (name, longest, zero_length) = match &self.logical {
                    L::Char { .. } => ("CHAR", None, TypeError::ZeroLengthCharNotSerializable),
                    L::VarChar { .. } => (
                        "VARCHAR",
                        Some("STRING"),
                        TypeError::ZeroLengthCharNotSerializable,
                    ),
                    L::Binary { .. } => {
                        ("BINARY", None, TypeError::ZeroLengthBinaryNotSerializable)
                    }
                    _ => (
                        "VARBINARY",
                        Some("BYTES"),
                        TypeError::ZeroLengthBinaryNotSerializable,
                    ),
                };
                // Flink's empty literal types (length 0) have no serializable form.
                if *length == 0 && !summary {
                    return Err(zero_length);
                }
                match longest {
                    Some(longest) if summary && *length == MAX_LENGTH => out.push_str(longest),
                    _ => {
                        let _ = write!(out, "{name}({length})");
                    }
                }
            }
            L::Decimal { precision, scale } => {
                let _ = write!(out, "DECIMAL({precision}, {scale})");
            }
            L::TinyInt => out.push_str("TINYINT"),
            L::SmallInt => out.push_str("SMALLINT"),
            L::Int => out.push_str("INT"),
            L::BigInt => out.push_str("BIGINT"),
            L::Float => out.push_str("FLOAT"),
            L::Double => out.push_str("DOUBLE"),
            L::Date => out.push_str("DATE"),
            L::Time { precision } => {
                let _ = write!(out, "TIME({precision})");
            }
            L::Timestamp { precision, kind } => {
                let _ = write!(out, "TIMESTAMP({precision})");
                self.push_not_null(out);
                if summary {
                    push_kind(out, *kind);
                }
                return Ok(());
            }
            L::TimestampTz { precision } => {
                let _ = write!(out, "TIMESTAMP({precision}) WITH TIME ZONE");
            }
            L::TimestampLtz { precision, kind } => {
                if summary {
                    let _ = write!(out, "TIMESTAMP_LTZ({precision})");
                } else {
                    let _ = write!(out, "TIMESTAMP({precision}) WITH LOCAL TIME ZONE");
                }
                self.push_not_null(out);
                if summary {
                    push_kind(out, *kind);
                }
                return Ok(());
            }
            L::IntervalYearMonth {
                resolution,
                year_precision,
            } => {
                let p = year_precision;
                let _ = match resolution {
                    YearMonthResolution::Year => write!(out, "INTERVAL YEAR({p})"),
                    YearMonthResolution::YearToMonth => write!(out, "INTERVAL YEAR({p}) TO MONTH"),
                    YearMonthResolution::Month => write!(out, "INTERVAL MONTH"),
                };
            }
            L::IntervalDayTime {
                resolution,
                day_precision: d,
                fractional_precision: f,
            } => {
                use DayTimeResolution as R;
                let _ = match resolution {
                    R::Day => write!(out, "INTERVAL DAY({d})"),
                    R::DayToHour => write!(out, "INTERVAL DAY({d}) TO HOUR"),
                    R::DayToMinute => write!(out, "INTERVAL DAY({d}) TO MINUTE"),
                    R::DayToSecond => write!(out, "INTERVAL DAY({d}) TO SECOND({f})"),
                    R::Hour => write!(out, "INTERVAL HOUR"),
                    R::HourToMinute => write!(out, "INTERVAL HOUR TO MINUTE"),
                    R::HourToSecond => write!(out, "INTERVAL HOUR TO SECOND({f})"),
                    R::Minute => write!(out, "INTERVAL MINUTE"),
                    R::MinuteToSecond => write!(out, "INTERVAL MINUTE TO SECOND({f})"),
                    R::Second => write!(out, "INTERVAL SECOND({f})"),
                };
            }
            L::Array { element } => {
                out.push_str("ARRAY<");
                element.write(out, mode)?;
                out.push('>');
            }
            L::Multiset { element } => {
                out.push_str("MULTISET<");
                element.write(out, mode)?;
                out.push('>');
            }
            L::Map { key, value } => {
                out.push_str("MAP<");
                key.write(out, mode)?;
                out.push_str(", ");
                value.write(out, mode)?;
                out.push('>');
            }
            L::Row { fields } => {
                out.push_str("ROW<");
                write_fields(out, fields, mode)?;
                out.push('>');
            }
            L::Distinct { identifier, .. } => {
                out.push_str(&identifier.as_serializable_string());
            }
            L::Structured {
                class_name,
                attributes,
            } => {
                let _ = write!(out, "STRUCTURED<'{}', ", escape_single_quotes(class_name));
                write_fields(out, attributes, mode)?;
                out.push('>');
            }
            L::Raw {
                class_name,
                snapshot,
            } => {
                if summary {
                    let _ = write!(out, "RAW('{}', '...')", escape_single_quotes(class_name));
                } else {
                    let _ = write!(
                        out,
                        "RAW('{}', '{}')",
                        escape_single_quotes(class_name),
                        escape_single_quotes(snapshot)
                    );
                }
            }
            L::Legacy {
                type_root,
                type_info,
            } => {
                let _ = write!(
                    out,
                    "LEGACY('{}', '{}')",
                    type_root.as_str(),
                    escape_single_quotes(type_info)
                );
            }
            L::Null => out.push_str("NULL"),
            L::Symbol => {
                if !summary {
                    return Err(TypeError::SymbolNotSerializable);
                }
                out.push_str("SYMBOL");
            }
            L::Descriptor => out.push_str("DESCRIPTOR"),
            L::Variant => out.push_str("VARIANT"),
            L::Bitmap => out.push_str("BITMAP"),
            L::Unresolved { parts } => {
                if !summary {
                    return Err(TypeError::UnresolvedNotSerializable);
                }
                let quoted: Vec<String> = parts.iter().map(|p| escape_identifier(p)).collect();
                out.push_str(&quoted.join("."));
            }
        }
        self.push_not_null(out);
        Ok(())
    }

    fn push_not_null(&self, out: &mut String) {
        if !self.nullable {
            out.push_str(" NOT NULL");
        }
    }
}

fn push_kind(out: &mut String, kind: TimestampKind) {
    match kind {
        TimestampKind::Regular => {}
        TimestampKind::Rowtime => out.push_str(" *ROWTIME*"),
        TimestampKind::Proctime => out.push_str(" *PROCTIME*"),
    }
}

fn write_fields(out: &mut String, fields: &[RowField], mode: Mode) -> Result<(), TypeError> {
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&escape_identifier(&f.name));
        out.push(' ');
        f.data_type.write(out, mode)?;
        if let Some(d) = &f.description {
            if mode == Mode::Summary {
                out.push_str(" '...'");
            } else {
                let _ = write!(out, " '{}'", escape_single_quotes(d));
            }
        }
    }
    Ok(())
}
