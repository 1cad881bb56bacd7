//! LIKE options: Flink's defaults, the ALL expansion and `SqlTableLike.validate()`.

use crate::Binder;
use flinkddl_diagnostics::{Code, Diagnostic};
use flinkddl_syntax::ast::{LikeFeature, LikeOption, LikeStrategy};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Strategy {
    Including,
    Excluding,
    Overwriting,
}

impl From<LikeStrategy> for Strategy {
    fn from(s: LikeStrategy) -> Self {
        match s {
            LikeStrategy::Including => Strategy::Including,
            LikeStrategy::Excluding => Strategy::Excluding,
            LikeStrategy::Overwriting => Strategy::Overwriting,
        }
    }
}

/// The merging strategy of every feature.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LikeStrategies {
    pub constraints: Strategy,
    pub distribution: Strategy,
    pub generated: Strategy,
    pub metadata: Strategy,
    pub options: Strategy,
    pub partitions: Strategy,
    pub watermarks: Strategy,
}

impl Default for LikeStrategies {
    /// Flink's defaults: OVERWRITING for options, INCLUDING for everything else.
    fn default() -> Self {
        LikeStrategies {
            constraints: Strategy::Including,
            distribution: Strategy::Including,
            generated: Strategy::Including,
            metadata: Strategy::Including,
            options: Strategy::Overwriting,
            partitions: Strategy::Including,
            watermarks: Strategy::Including,
        }
    }
}

fn feature_name(f: LikeFeature) -> &'static str {
    match f {
        LikeFeature::All => "ALL",
        LikeFeature::Constraints => "CONSTRAINTS",
        LikeFeature::Distribution => "DISTRIBUTION",
        LikeFeature::Generated => "GENERATED",
        LikeFeature::Metadata => "METADATA",
        LikeFeature::Options => "OPTIONS",
        LikeFeature::Partitions => "PARTITIONS",
        LikeFeature::Watermarks => "WATERMARKS",
    }
}

impl LikeStrategies {
    pub(crate) fn from_options(binder: &mut Binder, options: &[LikeOption]) -> Result<Self, ()> {
        let mut seen: Vec<(LikeFeature, flinkddl_diagnostics::Span)> = Vec::new();
        for o in options {
            if let Some((_, first)) = seen.iter().find(|(f, _)| *f == o.feature) {
                binder.report(
                    Diagnostic::new(
                        Code::LikeOptionInvalid,
                        o.span,
                        "Each like option feature can be declared only once.",
                    )
                    .with_label(*first, "first declared here"),
                );
                return Err(());
            }
            seen.push((o.feature, o.span));
            if o.strategy == LikeStrategy::Overwriting
                && matches!(
                    o.feature,
                    LikeFeature::All | LikeFeature::Constraints | LikeFeature::Partitions
                )
            {
                binder.report(
                    Diagnostic::new(
                        Code::LikeOptionInvalid,
                        o.span,
                        format!(
                            "Illegal merging strategy 'OVERWRITING' for '{}' option.",
                            feature_name(o.feature)
                        ),
                    )
                    .with_help("OVERWRITING applies to GENERATED, METADATA, OPTIONS, WATERMARKS and DISTRIBUTION; use INCLUDING or EXCLUDING"),
                );
                return Err(());
            }
        }
        let mut s = LikeStrategies::default();
        if let Some(all) = options.iter().find(|o| o.feature == LikeFeature::All) {
            let v = Strategy::from(all.strategy);
            s = LikeStrategies {
                constraints: v,
                distribution: v,
                generated: v,
                metadata: v,
                options: v,
                partitions: v,
                watermarks: v,
            };
        }
        for o in options {
            let v = Strategy::from(o.strategy);
            match o.feature {
                LikeFeature::All => {}
                LikeFeature::Constraints => s.constraints = v,
                LikeFeature::Distribution => s.distribution = v,
                LikeFeature::Generated => s.generated = v,
                LikeFeature::Metadata => s.metadata = v,
                LikeFeature::Options => s.options = v,
                LikeFeature::Partitions => s.partitions = v,
                LikeFeature::Watermarks => s.watermarks = v,
            }
        }
        Ok(s)
    }
}
