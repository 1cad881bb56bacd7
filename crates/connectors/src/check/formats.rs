//! The format slots of a table: a value format written twice, an identifier in the wrong case,
//! a format the connector facts lack, a bulk format for a streaming connector.

use super::messages::{concat, exact, quote, text};
use super::Checker;
use crate::model::{FormatSlot, FormatSpec, Side};
use crate::resolve::{ResolvedFormat, SlotOutcome};
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic, Severity};

impl<'a> Checker<'a> {
    /// The format slots: a value format written twice, a format identifier in the wrong
    /// case, a format the connector facts lack, a bulk format for a streaming connector.
    pub(super) fn check_formats(&self) {
        for outcome in &self.resolved.slots {
            match outcome {
                SlotOutcome::Shadowed {
                    slot,
                    by: first,
                    written: true,
                } => {
                    let d = Diagnostic::new(
                        Code::ConflictingOptions,
                        self.spans.key(&slot.option),
                        text(format_args!(
                            "'{}' is ignored because '{}' is set: the value format comes from '{}'",
                            slot.option, first.option, first.option
                        )),
                    )
                    .with_help(text(format_args!(
                        "keep one of '{}' and '{}'",
                        first.option, slot.option
                    )))
                    .with_severity(Severity::Warning);
                    self.out.borrow_mut().push(d);
                }
                SlotOutcome::Shadowed { .. } => {}
                SlotOutcome::CaseTwin { slot, id, twin } => {
                    let Some(v) = self.verdict(Side::Both) else {
                        continue;
                    };
                    let span = self.spans.value(&slot.option);
                    let twin = &twin.id;
                    let d = Diagnostic::new(
                        Code::InvalidOptionValue,
                        span,
                        v.concat(&[
                            "format identifiers are case-sensitive: '",
                            id,
                            "' is not '",
                            twin,
                            "'",
                        ]),
                    )
                    .with_safe_fix(
                        span,
                        quote(twin),
                        concat(&["write '", twin, "'"]),
                    );
                    self.keep(d, v);
                }
                SlotOutcome::Format(i) => {
                    let f = &self.resolved.formats[*i];
                    if f.written {
                        self.check_format_id(f.slot, &f.id, f.spec);
                    }
                }
            }
        }
    }

    /// A written format identifier: one the connector facts lack, or a bulk format the connector
    /// cannot take.
    fn check_format_id(&self, slot: &FormatSlot, id: &str, spec: Option<&FormatSpec>) {
        let span = self.spans.value(&slot.option);
        match spec {
            None => {
                let best = closest(id, self.facts.formats().map(|f| f.id.as_str()));
                let d = match best {
                    Some(best) => Diagnostic::new(
                        Code::ConnectorTypo,
                        span,
                        text(format_args!(
                            "format '{id}' is not in the catalogue, and '{best}' is: Flink finds no factory for '{id}' when the table is first used"
                        )),
                    )
                    .with_help(text(format_args!(
                        "did you mean '{best}'? (if '{id}' is an in-house format, describe it in a connectors file listed under `connectors` in flinkddl.toml)"
                    )))
                    .with_unsafe_fix(span, quote(best), exact(format_args!("write '{best}'"))),
                    None => Diagnostic::new(
                        Code::UnknownConnector,
                        span,
                        text(format_args!("format '{id}' is not in the catalogue; its options are not checked")),
                    )
                    .with_help("describe in-house formats in a connectors file listed under `connectors` in flinkddl.toml (see docs/connectors.md)"),
                };
                self.out.borrow_mut().push(d);
            }
            Some(f) if f.bulk_only && !self.connector.accepts_bulk_formats => {
                let Some(v) = self.verdict(Side::Both) else {
                    return;
                };
                let d = Diagnostic::new(
                    Code::InvalidOptionValue,
                    span,
                    v.text(format_args!(
                        "format '{id}' is a file (bulk) format; connector '{}' needs a \
                         serialization format such as 'json' or 'avro'",
                        self.connector.id
                    )),
                );
                self.keep(d, v);
            }
            _ => {}
        }
    }

    /// The value format (the first resolved value slot).
    pub(super) fn value_format(&self) -> Option<&ResolvedFormat<'a>> {
        self.resolved.value_format()
    }
}
