//! The Flink version a script is judged for, and the facts that hold in some versions only.
//!
//! [`FlinkVersion`] is one of the minor versions flinkddl knows (1.18 to 2.3, ordered);
//! [`Feature`] is one fact of `data/versions.txt` with the versions it holds in. Every
//! version-dependent rule asks [`FlinkVersion::has`] (one mechanism, never a comparison of
//! versions in the rule itself), so `data/versions.txt` is the whole list of what differs.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A minor version of Apache Flink, oldest first. The default is the newest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum FlinkVersion {
    V1_18,
    V1_19,
    V1_20,
    V2_0,
    V2_1,
    V2_2,
    #[default]
    V2_3,
}

impl FlinkVersion {
    /// Every version flinkddl knows, oldest first.
    pub const ALL: [FlinkVersion; 7] = [
        FlinkVersion::V1_18,
        FlinkVersion::V1_19,
        FlinkVersion::V1_20,
        FlinkVersion::V2_0,
        FlinkVersion::V2_1,
        FlinkVersion::V2_2,
        FlinkVersion::V2_3,
    ];
    /// The version flinkddl judges by default.
    pub const LATEST: FlinkVersion = FlinkVersion::V2_3;

    /// `"1.20"`.
    pub fn as_str(self) -> &'static str {
        match self {
            FlinkVersion::V1_18 => "1.18",
            FlinkVersion::V1_19 => "1.19",
            FlinkVersion::V1_20 => "1.20",
            FlinkVersion::V2_0 => "2.0",
            FlinkVersion::V2_1 => "2.1",
            FlinkVersion::V2_2 => "2.2",
            FlinkVersion::V2_3 => "2.3",
        }
    }

    /// The release whose behaviour flinkddl reproduces (the oracle's labels): `"1.20.3"`.
    pub fn release(self) -> &'static str {
        match self {
            FlinkVersion::V1_18 => "1.18.1",
            FlinkVersion::V1_19 => "1.19.3",
            FlinkVersion::V1_20 => "1.20.3",
            FlinkVersion::V2_0 => "2.0.1",
            FlinkVersion::V2_1 => "2.1.1",
            FlinkVersion::V2_2 => "2.2.1",
            FlinkVersion::V2_3 => "2.3.0",
        }
    }

    /// Whether `feature` holds in this version.
    pub fn has(self, feature: Feature) -> bool {
        feature.info().holds_in(self)
    }

    /// The known versions as a list for messages: `1.18, 1.19, ..., 2.3`.
    pub fn known_list() -> String {
        FlinkVersion::ALL
            .iter()
            .map(|v| v.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for FlinkVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A version flinkddl does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown Flink version `{given}`: flinkddl knows {}",
    FlinkVersion::known_list()
)]
pub struct UnknownFlinkVersion {
    pub given: String,
}

impl FromStr for FlinkVersion {
    type Err = UnknownFlinkVersion;

    /// `"1.20"`, `"1.20.3"` (any patch release of a known minor version), `"2"` is not enough.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let mut parts = text.split('.');
        let minor = match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(major), Some(minor), patch, None)
                if patch.is_none_or(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) =>
            {
                format!("{major}.{minor}")
            }
            _ => String::new(),
        };
        FlinkVersion::ALL
            .into_iter()
            .find(|v| v.as_str() == minor)
            .ok_or_else(|| UnknownFlinkVersion {
                given: s.to_string(),
            })
    }
}

impl Serialize for FlinkVersion {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for FlinkVersion {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Where a version that lacks a fact differs from one that has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FactStage {
    /// Its parser rejects the statement (`S050`).
    Parse,
    /// It rejects the statement when converting or executing it (`B150`, `B151`).
    Convert,
    /// Its planner decides differently.
    Plan,
    /// It resolves the table differently.
    Schema,
    /// It prints the table differently.
    Print,
}

/// One line of `data/versions.txt`.
#[derive(Debug)]
pub struct FeatureInfo {
    /// The fact's name in the file (snake_case).
    pub name: &'static str,
    /// The first version it holds in (`None`: every version before `until`).
    pub since: Option<FlinkVersion>,
    /// The first version it no longer holds in (`None`: every version from `since`).
    pub until: Option<FlinkVersion>,
    /// Where an older version differs.
    pub stage: FactStage,
    /// The family of `../shared/versions/README.md` it belongs to.
    pub family: &'static str,
    /// The feature in words, as diagnostics name it.
    pub what: &'static str,
}

impl FeatureInfo {
    pub fn holds_in(&self, version: FlinkVersion) -> bool {
        self.since.is_none_or(|s| version >= s) && self.until.is_none_or(|u| version < u)
    }

    /// What a diagnostic says of a feature the version lacks: "DISTRIBUTED BY needs Flink 1.20
    /// or later" (or "... is not in Flink 2.0 and later" for one that was removed).
    pub fn missing_in(&self, version: FlinkVersion) -> String {
        match (self.since, self.until) {
            (Some(since), _) if version < since => {
                format!("{} needs Flink {since} or later", self.what)
            }
            (_, Some(until)) => format!("{} only until Flink {}", self.what, previous(until)),
            _ => format!("{} is not in Flink {version}", self.what),
        }
    }
}

fn previous(v: FlinkVersion) -> FlinkVersion {
    FlinkVersion::ALL
        .into_iter()
        .rev()
        .find(|w| *w < v)
        .unwrap_or(v)
}

include!(concat!(env!("OUT_DIR"), "/versions.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_in_every_known_form_and_print_as_the_minor() {
        for v in FlinkVersion::ALL {
            assert_eq!(v.as_str().parse::<FlinkVersion>(), Ok(v));
            assert_eq!(v.release().parse::<FlinkVersion>(), Ok(v));
            assert_eq!(v.to_string(), v.as_str());
        }
        for bad in [
            "", "1", "1.17", "2.4", "1.20.", "1.20.x", "v1.20", "1.20.3.1",
        ] {
            let err = bad.parse::<FlinkVersion>();
            assert!(err.is_err(), "{bad:?} parsed");
        }
        let message = "3.0"
            .parse::<FlinkVersion>()
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("1.18, 1.19, 1.20, 2.0, 2.1, 2.2, 2.3"),
            "{message}"
        );
    }

    #[test]
    fn the_versions_are_ordered_and_the_default_is_the_newest() {
        assert!(FlinkVersion::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(FlinkVersion::default(), FlinkVersion::LATEST);
        assert_eq!(FlinkVersion::ALL.last(), Some(&FlinkVersion::LATEST));
    }

    #[test]
    fn every_fact_differs_between_some_versions() {
        for f in Feature::ALL {
            let holds: Vec<bool> = FlinkVersion::ALL.iter().map(|v| v.has(*f)).collect();
            assert!(
                holds.contains(&true) && holds.contains(&false),
                "{f:?} holds in all or none"
            );
            for v in FlinkVersion::ALL {
                if !v.has(*f) {
                    assert!(!f.info().missing_in(v).is_empty());
                }
            }
        }
    }
}
