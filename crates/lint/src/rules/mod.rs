//! The lint rules, one per file, each a `check` function with its row in [`RULES`]. Each has a
//! code of stage `Lint` in the catalogue (`crates/diagnostics/data/codes/<CODE>-<name>.md`, where
//! its docs live) and a fixture directory `fixtures/lint/<rule-name>/` with an `invalid.sql` and
//! a `valid.sql`.

mod aggregate_in_computed_column;
mod duplicate_option_key;
mod duplicate_partition_key;
mod non_deterministic_computed_column;
mod nullable_primary_key_column;
mod precision_clamped;
mod row_field_comment_dropped;
mod rowtime_shadowed;
mod watermark_never_advances;

use crate::{Check, Rule, TypeFilter};
use flinkddl_diagnostics::Code;

/// Every rule, in code order: its code and the check in its file.
pub static RULES: &[Rule] = &[
    Rule {
        code: Code::PrecisionClamped,
        check: Check::DataType(precision_clamped::TYPES, precision_clamped::check),
    },
    Rule {
        code: Code::DuplicateOptionKey,
        check: Check::Statement(duplicate_option_key::check),
    },
    Rule {
        code: Code::NullablePrimaryKeyColumn,
        check: Check::Statement(nullable_primary_key_column::check),
    },
    Rule {
        code: Code::RowFieldCommentDropped,
        check: Check::DataType(TypeFilter::WithFields, row_field_comment_dropped::check),
    },
    Rule {
        code: Code::DuplicatePartitionKey,
        check: Check::Statement(duplicate_partition_key::check),
    },
    Rule {
        code: Code::AggregateInComputedColumn,
        check: Check::Statement(aggregate_in_computed_column::check),
    },
    Rule {
        code: Code::WatermarkNeverAdvances,
        check: Check::Statement(watermark_never_advances::check),
    },
    Rule {
        code: Code::NonDeterministicComputedColumn,
        check: Check::Statement(non_deterministic_computed_column::check),
    },
    Rule {
        code: Code::RowtimeShadowed,
        check: Check::Statement(rowtime_shadowed::check),
    },
];
