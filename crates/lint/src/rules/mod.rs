//! The lint rules, one per file. Each has a code of stage `Lint` in the catalogue
//! (`crates/diagnostics/data/codes/<CODE>-<name>.md`, where its docs live) and a fixture directory
//! `fixtures/lint/<rule-name>/` with an `invalid.sql` and a `valid.sql`.

mod aggregate_in_computed_column;
mod duplicate_option_key;
mod duplicate_partition_key;
mod non_deterministic_computed_column;
mod nullable_primary_key_column;
mod precision_clamped;
mod row_field_comment_dropped;
mod rowtime_shadowed;
mod watermark_never_advances;

use crate::Rule;

/// Every rule, in code order.
pub static RULES: &[Rule] = &[
    precision_clamped::RULE,
    duplicate_option_key::RULE,
    nullable_primary_key_column::RULE,
    row_field_comment_dropped::RULE,
    duplicate_partition_key::RULE,
    aggregate_in_computed_column::RULE,
    watermark_never_advances::RULE,
    non_deterministic_computed_column::RULE,
    rowtime_shadowed::RULE,
];
