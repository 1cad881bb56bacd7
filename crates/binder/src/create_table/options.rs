//! The table's clauses besides its columns: PARTITIONED BY, DISTRIBUTED BY and the WITH
//! options, each merged with the LIKE source's as its strategy says, and checked against the
//! columns.

use super::columns::Col;
use crate::like::{LikeStrategies, Strategy};
use crate::schema::*;
use crate::Binder;
use flinkddl_diagnostics::suggest::closest;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast;

impl Binder<'_> {
    /// LIKE's partition clash: Flink merges the partition keys before the schema.
    pub(super) fn like_partition_conflict(
        &mut self,
        ct: &ast::CreateTable,
        base: Option<&TableSchema>,
        strategies: &LikeStrategies,
    ) -> bool {
        let (Some(base), Some(list)) = (base, &ct.partitioned_by) else {
            return false;
        };
        if base.partition_keys.is_empty() || strategies.partitions == Strategy::Excluding {
            return false;
        }
        self.report(
            Diagnostic::new(
                Code::LikeConflict,
                list.span,
                "The base table already has partitions defined. You might want to specify EXCLUDING PARTITIONS.",
            )
            .with_help("add EXCLUDING PARTITIONS to the LIKE options"),
        );
        true
    }

    pub(super) fn bind_partitions(
        &mut self,
        ct: &ast::CreateTable,
        base: Option<&TableSchema>,
        strategies: &LikeStrategies,
        columns: &[Col],
    ) -> Result<Vec<String>, ()> {
        let base_keys = base.map(|b| b.partition_keys.clone()).unwrap_or_default();
        let Some(list) = &ct.partitioned_by else {
            // EXCLUDING PARTITIONS keeps the base's keys when the new table declares none
            // (observed in Flink 2.3.0).
            return Ok(base_keys);
        };
        if !base_keys.is_empty() && strategies.partitions != Strategy::Excluding {
            // Reported by `like_partition_conflict`, before the columns.
            return Err(());
        }
        for key in &list.columns {
            if !columns.iter().any(|c| c.name == key.value) {
                let mut d = unknown_partition_column(key, columns);
                if let Some(s) = closest(key.value, columns.iter().map(|c| c.name.as_str())) {
                    d = d
                        .with_help(format!("did you mean `{s}`?"))
                        .with_fix(flinkddl_syntax::rename_fix(key.span, s));
                }
                self.report(d);
                return Err(());
            }
        }
        Ok(list.columns.iter().map(|k| k.value.to_owned()).collect())
    }

    /// The schema resolver's check of the partition keys (after the watermark's): each is a
    /// physical column.
    pub(super) fn check_partition_keys_physical(
        &mut self,
        ct: &ast::CreateTable,
        columns: &[Col],
    ) -> Result<(), ()> {
        let Some(list) = &ct.partitioned_by else {
            return Ok(());
        };
        for key in &list.columns {
            if let Some(c) = columns.iter().find(|c| c.name == key.value) {
                if !matches!(c.kind, ColumnKind::Physical) {
                    self.report(
                        Diagnostic::new(
                            Code::PartitionColumnNotPhysical,
                            key.span,
                            format!(
                                "Invalid partition key '{}'. A partition key must reference a physical column in the schema. Available columns are: [{}]",
                                key.value,
                                physical_names(columns)
                            ),
                        )
                        .with_label(c.span, "not a physical column"),
                    );
                    return Err(());
                }
            }
        }
        Ok(())
    }

    pub(super) fn bind_distribution(
        &mut self,
        ct: &ast::CreateTable,
        base: Option<&TableSchema>,
        strategies: &LikeStrategies,
        columns: &[Col],
    ) -> Result<Option<Distribution>, ()> {
        let base_distribution = base.and_then(|b| b.distribution.clone());
        let Some(d) = &ct.distribution else {
            return Ok(base_distribution);
        };
        if base_distribution.is_some() && strategies.distribution != Strategy::Excluding {
            self.report(
                Diagnostic::new(
                    Code::LikeConflict,
                    d.span,
                    "The base table already has a distribution defined. You might want to specify EXCLUDING DISTRIBUTION.",
                )
                .with_help("add EXCLUDING DISTRIBUTION to the LIKE options"),
            );
            return Err(());
        }
        let keys: Vec<&ast::Ident> = d.columns.iter().flat_map(|c| c.columns.iter()).collect();
        for key in &keys {
            let physical = columns
                .iter()
                .any(|c| c.name == key.value && matches!(c.kind, ColumnKind::Physical));
            if !physical {
                self.report(Diagnostic::new(
                    Code::InvalidDistribution,
                    key.span,
                    format!(
                        "Invalid bucket key '{}'. A bucket key for a distribution must reference a physical column in the schema. Available columns are: [{}]",
                        key.value,
                        physical_names(columns)
                    ),
                ));
                return Err(());
            }
        }
        let bucket_count = d.buckets.and_then(|b| java_int_value(&b, self.source));
        if let Some(count) = bucket_count.filter(|&c| c < 1) {
            self.report(
                Diagnostic::new(
                    Code::InvalidDistribution,
                    d.buckets.map_or(d.span, |b| b.span),
                    format!("Invalid bucket count '{count}'. The number of buckets for a distributed table must be at least 1."),
                )
                .with_help("use at least 1 bucket"),
            );
            return Err(());
        }
        Ok(Some(distribution_from_ast(d, self.source)))
    }

    pub(crate) fn property_pairs(
        &mut self,
        list: &ast::PropertyList,
    ) -> Result<Vec<OptionPair>, ()> {
        let mut out: Vec<OptionPair> = Vec::with_capacity(list.properties.len());
        // The lengths of the keys so far (bit `len % 64`): most keys differ in length from all
        // before them, and then no earlier key can be the same.
        let mut key_lengths = 0u64;
        for p in &list.properties {
            for lit in [&p.key, &p.value] {
                // The first byte decides (no slice of the text per literal).
                let first = self.source.as_bytes().get(lit.span.start as usize);
                if matches!(first, Some(b'x' | b'X')) && lit.span.end > lit.span.start {
                    let text = lit.span.text(self.source);
                    self.report(
                        Diagnostic::new(
                            Code::InvalidOption,
                            lit.span,
                            format!("not a literal: {text}"),
                        )
                        .with_help(
                            "options are character strings: write '...' without the X prefix",
                        ),
                    );
                    return Err(());
                }
            }
            let length_bit = 1u64 << (p.key.value.len() % 64);
            let seen = if key_lengths & length_bit == 0 {
                None
            } else {
                out.iter_mut().find(|(k, _)| *k == p.key.value)
            };
            key_lengths |= length_bit;
            match seen {
                Some(existing) => existing.1 = p.value.value.into(),
                None => out.push(option_pair(p.key.value, p.value.value)),
            }
        }
        Ok(out)
    }

    pub(super) fn bind_options(
        &mut self,
        ct: &ast::CreateTable,
        base: Option<&TableSchema>,
        strategies: &LikeStrategies,
    ) -> Result<Vec<OptionPair>, ()> {
        let derived = match &ct.with {
            Some(list) => self.property_pairs(list)?,
            None => Vec::new(),
        };
        // (The table's own options are a map of their own before they are merged.)
        let derived = self.options_in_version(derived);
        let mut out: Vec<OptionPair> = match (base, strategies.options) {
            (Some(b), Strategy::Including | Strategy::Overwriting) => b.options.clone(),
            (Some(_), Strategy::Excluding) => return Ok(self.like_options_in_version(0, derived)),
            // No LIKE: the table's own, whose keys are distinct already.
            _ => return Ok(derived),
        };
        // The source's options as its catalog map iterates them.
        self.catalog_options_order(&mut out);
        let source_len = out.len();
        for (k, v) in derived {
            match out.iter_mut().find(|(ek, _)| *ek == k) {
                Some(existing) => {
                    if strategies.options == Strategy::Including {
                        let span = ct.with.as_ref().map_or(ct.span, |w| w.span);
                        self.report(
                            Diagnostic::new(
                                Code::LikeConflict,
                                span,
                                format!(
                                    "There already exists an option ['{}' -> '{}']  in the base table. You might want to specify EXCLUDING OPTIONS or OVERWRITING OPTIONS.",
                                    existing.0, existing.1
                                ),
                            )
                            .with_help("add OVERWRITING OPTIONS to the LIKE options"),
                        );
                        return Err(());
                    }
                    existing.1 = v;
                }
                None => out.push((k, v)),
            }
        }
        Ok(self.like_options_in_version(source_len, out))
    }
}

/// An integer literal as Flink reads a bucket count: the exact number cut to a Java int
/// (`BigDecimal.intValue()`: its low 32 bits), so 4294967296 is 0 and 4294967297 is 1.
pub(crate) fn java_int_value(lit: &ast::IntLit, source: &str) -> Option<i32> {
    let text = lit.span.text(source);
    if !text.bytes().all(|b| b.is_ascii_digit()) || text.is_empty() {
        return lit.value.map(|v| v as u32 as i32);
    }
    let low = text.bytes().fold(0u32, |acc, b| {
        acc.wrapping_mul(10).wrapping_add(u32::from(b - b'0'))
    });
    Some(low as i32)
}

/// Flink's error for a partition key that names no column of the table (CREATE TABLE and
/// CTAS alike).
pub(crate) fn unknown_partition_column(key: &ast::Ident, columns: &[Col]) -> Diagnostic {
    Diagnostic::new(
        Code::PartitionColumnUnknown,
        key.span,
        format!(
            "Partition column '{}' not defined in the table schema. Available columns: [{}]",
            key.value,
            columns
                .iter()
                .map(|c| format!("'{}'", c.name))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
}

/// A distribution as written, in the output model.
pub(crate) fn distribution_from_ast(d: &ast::Distribution, source: &str) -> Distribution {
    Distribution {
        kind: match d.algorithm {
            Some(ast::DistributionAlgorithm::Hash) => DistributionKind::Hash,
            Some(ast::DistributionAlgorithm::Range) => DistributionKind::Range,
            None => DistributionKind::Unknown,
        },
        bucket_keys: d
            .columns
            .iter()
            .flat_map(|c| c.columns.iter().map(|i| i.value.to_owned()))
            .collect(),
        bucket_count: d
            .buckets
            .and_then(|b| java_int_value(&b, source))
            .and_then(|c| u32::try_from(c).ok()),
    }
}

fn physical_names(columns: &[Col]) -> String {
    columns
        .iter()
        .filter(|c| matches!(c.kind, ColumnKind::Physical))
        .map(|c| c.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl_diagnostics::Span;

    /// Bucket counts as Flink 2.3 read them (each checked with the oracle: 4294967296 is
    /// "Invalid bucket count '0'", 4294967297 makes 1 bucket).
    #[test]
    fn bucket_counts_are_cut_to_a_java_int() {
        for (text, expected) in [
            ("4", 4),
            ("2147483647", i32::MAX),
            ("2147483648", i32::MIN),
            ("4294967295", -1),
            ("4294967296", 0),
            ("4294967297", 1),
            ("4294967300", 4),
            ("9223372036854775807", -1),
            ("9223372036854775808", 0),
            ("99999999999999999999", 1_661_992_959),
        ] {
            let lit = ast::IntLit {
                span: Span::new(0, text.len() as u32),
                value: text.parse().ok(),
            };
            assert_eq!(java_int_value(&lit, text), Some(expected), "{text}");
        }
    }
}
