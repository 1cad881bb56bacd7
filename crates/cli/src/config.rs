//! `flinkddl.toml`: found upward from each checked file (the nearest one wins; there is no
//! merging), or given with `--config`.
//!
//! ```toml
//! # Globs are matched against paths relative to this file's directory; `*` also matches `/`.
//! include = ["*.sql"]             # files taken from directories (default: *.sql)
//! exclude = ["generated/**"]      # never checked, even when named on the command line
//!
//! [rules]                         # by code or by name: "off", "info", "warning" or "error"
//! L004 = "off"
//! duplicate-option-key = "error"
//! B062 = "warning"                # e.g. catalogs registered outside the scripts
//! ```
//!
//! Top-level keys also include `fresh-session = true` (bind as a fresh Flink session) and
//! `connector-findings = "error"` (connector and format findings are errors even for tables
//! the file only declares; the default `"at-use"` makes them errors only when the file reads
//! or writes the table: decision 0004).
//!
//! Syntax and file codes (`S…`, `F…`) cannot be configured: a file that does not parse is
//! never passed silently.

use flinkddl::{Code, Diagnostic, Severity, Stage};
use globset::{Glob, GlobSet, GlobSetBuilder};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "flinkddl.toml";

/// What a rule is set to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Off,
    Is(Severity),
}

/// A loaded configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The directory globs are relative to.
    pub root: PathBuf,
    /// The file it came from (`None` for the defaults).
    pub file: Option<PathBuf>,
    include: GlobSet,
    exclude: GlobSet,
    rules: HashMap<Code, Level>,
    /// Bind as a fresh Flink session (`fresh-session = true`, or `--fresh-session`): catalogs
    /// and databases the file does not create are errors instead of assumed to exist.
    pub fresh_session: bool,
    /// When connector and format findings are errors (`connector-findings = "at-use"` or
    /// `"error"`, or `--connector-findings`; decision 0004).
    pub connector_findings: flinkddl::ConnectorFindings,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    include: Option<Vec<String>>,
    #[serde(default)]
    exclude: Vec<String>,
    #[serde(default)]
    rules: toml::Table,
    #[serde(default, rename = "fresh-session")]
    fresh_session: bool,
    #[serde(default, rename = "connector-findings")]
    connector_findings: Option<String>,
}

impl Config {
    /// The defaults: `*.sql`, nothing excluded, every code at its default severity.
    pub fn defaults(root: PathBuf) -> Config {
        Config {
            root,
            file: None,
            include: globs(&["*.sql".to_string()]).unwrap_or_else(|_| GlobSet::empty()),
            exclude: GlobSet::empty(),
            rules: HashMap::new(),
            fresh_session: false,
            connector_findings: flinkddl::ConnectorFindings::AtUse,
        }
    }

    /// Reads a `flinkddl.toml`. The error is a message for the user, naming the file.
    pub fn load(file: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("{}: {}", file.display(), crate::source::io_reason(&e)))?;
        let root = file
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        Config::parse(&text, root, Some(file.to_path_buf()))
            .map_err(|e| format!("{}: {e}", file.display()))
    }

    /// Parses the text of a configuration file.
    pub fn parse(text: &str, root: PathBuf, file: Option<PathBuf>) -> Result<Config, String> {
        let raw: Raw = toml::from_str(text).map_err(|e| e.to_string().trim_end().to_string())?;
        let include = match &raw.include {
            Some(list) => globs(list)?,
            None => globs(&["*.sql".to_string()])?,
        };
        let exclude = globs(&raw.exclude)?;
        let connector_findings = match raw.connector_findings.as_deref() {
            None | Some("at-use") => flinkddl::ConnectorFindings::AtUse,
            Some("error") => flinkddl::ConnectorFindings::Error,
            Some(other) => {
                return Err(format!(
                    "`connector-findings` must be \"at-use\" or \"error\", not \"{other}\""
                ))
            }
        };
        let mut rules = HashMap::new();
        for (key, value) in &raw.rules {
            let code = Code::parse(key).ok_or_else(|| {
                format!("[rules]: `{key}` is not a flinkddl code or name (see `flinkddl explain`)")
            })?;
            if code.info().stage == Stage::Syntax {
                return Err(format!(
                    "[rules]: `{key}` is a syntax or file code, which cannot be configured"
                ));
            }
            let level = match value.as_str() {
                Some("off") => Level::Off,
                Some("info") => Level::Is(Severity::Info),
                Some("warning") => Level::Is(Severity::Warning),
                Some("error") => Level::Is(Severity::Error),
                _ => {
                    return Err(format!(
                        "[rules]: `{key}` must be \"off\", \"info\", \"warning\" or \"error\", \
                         not {value}"
                    ))
                }
            };
            rules.insert(code, level);
        }
        Ok(Config {
            root,
            file,
            include,
            exclude,
            rules,
            fresh_session: raw.fresh_session,
            connector_findings,
        })
    }

    /// The path relative to the configuration's directory, for glob matching.
    fn relative<'p>(&self, path: &'p Path) -> &'p Path {
        let path = path.strip_prefix(".").unwrap_or(path);
        let root = self.root.strip_prefix(".").unwrap_or(&self.root);
        path.strip_prefix(root).unwrap_or(path)
    }

    /// True when a file found in a directory should be checked.
    pub fn includes(&self, path: &Path) -> bool {
        let rel = self.relative(path);
        self.include.is_match(rel) && !self.exclude.is_match(rel)
    }

    /// True when a file is excluded (named on the command line or not).
    pub fn excludes(&self, path: &Path) -> bool {
        self.exclude.is_match(self.relative(path))
    }

    /// Applies the rule levels: drops what is off, sets the severity of the rest.
    pub fn apply(&self, diagnostics: &mut Vec<Diagnostic>) {
        if self.rules.is_empty() {
            return;
        }
        diagnostics.retain_mut(|d| match self.rules.get(&d.code) {
            Some(Level::Off) => false,
            Some(Level::Is(severity)) => {
                d.severity = *severity;
                true
            }
            None => true,
        });
    }
}

fn globs(patterns: &[String]) -> Result<GlobSet, String> {
    let mut builder = GlobSetBuilder::new();
    for p in patterns {
        let glob = Glob::new(p).map_err(|e| format!("bad glob `{p}`: {e}"))?;
        builder.add(glob);
    }
    builder.build().map_err(|e| e.to_string())
}

/// Finds the configuration of each directory, upward, once per directory.
#[derive(Default)]
pub struct Finder {
    /// Set by `--config`: used for every file.
    fixed: Option<Config>,
    cache: HashMap<PathBuf, Option<PathBuf>>,
    loaded: HashMap<PathBuf, Config>,
}

impl Finder {
    pub fn new(fixed: Option<Config>) -> Finder {
        Finder {
            fixed,
            ..Finder::default()
        }
    }

    /// The configuration that applies to `path`.
    pub fn for_path(&mut self, path: &Path) -> Result<Config, String> {
        if let Some(c) = &self.fixed {
            return Ok(c.clone());
        }
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let dir = absolute.parent().map(Path::to_path_buf).unwrap_or_default();
        match self.find(&dir) {
            Some(file) => {
                if let Some(c) = self.loaded.get(&file) {
                    return Ok(c.clone());
                }
                let mut config = Config::load(&file)?;
                // Globs are matched against the path as given, so keep the root in the same
                // form: relative to the working directory when the path is.
                if path.is_relative() {
                    if let Ok(cwd) = std::env::current_dir() {
                        if let Ok(rel) = config.root.strip_prefix(&cwd) {
                            config.root = rel.to_path_buf();
                        }
                    }
                }
                self.loaded.insert(file, config.clone());
                Ok(config)
            }
            None => Ok(Config::defaults(PathBuf::from("."))),
        }
    }

    fn find(&mut self, dir: &Path) -> Option<PathBuf> {
        if let Some(found) = self.cache.get(dir) {
            return found.clone();
        }
        let candidate = dir.join(FILE_NAME);
        let found = if candidate.is_file() {
            Some(candidate)
        } else {
            dir.parent().and_then(|p| self.find(p))
        };
        self.cache.insert(dir.to_path_buf(), found.clone());
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl::Span;

    #[test]
    fn rules_by_code_and_name() {
        let c = Config::parse(
            "[rules]\nL001 = \"off\"\nduplicate-option-key = \"error\"\n",
            PathBuf::from("."),
            None,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut ds = vec![
            Diagnostic::new(Code::PrecisionClamped, Span::empty(0), "a"),
            Diagnostic::new(Code::DuplicateOptionKey, Span::empty(0), "b"),
            Diagnostic::new(Code::RowFieldCommentDropped, Span::empty(0), "c"),
        ];
        c.apply(&mut ds);
        let got: Vec<_> = ds.iter().map(|d| (d.code, d.severity)).collect();
        assert_eq!(
            got,
            vec![
                (Code::DuplicateOptionKey, Severity::Error),
                (Code::RowFieldCommentDropped, Severity::Warning)
            ]
        );
    }

    #[test]
    fn bad_configurations_are_explained() {
        for (text, needle) in [
            ("[rules]\nS005 = \"off\"", "cannot be configured"),
            ("[rules]\nL999 = \"off\"", "not a flinkddl code"),
            ("[rules]\nL001 = \"loud\"", "must be \"off\""),
            ("includes = []", "unknown field"),
            ("exclude = [\"a[\"]", "bad glob"),
            (
                "connector-findings = \"always\"",
                "must be \"at-use\" or \"error\"",
            ),
        ] {
            let err = Config::parse(text, PathBuf::from("."), None)
                .err()
                .unwrap_or_default();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }

    #[test]
    fn connector_findings() {
        let parse = |text: &str| Config::parse(text, PathBuf::from("."), None);
        assert_eq!(
            parse("").map(|c| c.connector_findings),
            Ok(flinkddl::ConnectorFindings::AtUse)
        );
        assert_eq!(
            parse("connector-findings = \"at-use\"").map(|c| c.connector_findings),
            Ok(flinkddl::ConnectorFindings::AtUse)
        );
        assert_eq!(
            parse("connector-findings = \"error\"").map(|c| c.connector_findings),
            Ok(flinkddl::ConnectorFindings::Error)
        );
    }

    #[test]
    fn globs_are_relative_to_the_config() {
        let c = Config::parse(
            "exclude = [\"gen/**\"]",
            PathBuf::from("proj"),
            Some(PathBuf::from("proj/flinkddl.toml")),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(c.includes(Path::new("proj/a/b.sql")));
        assert!(!c.includes(Path::new("proj/gen/b.sql")));
        assert!(!c.includes(Path::new("proj/a/b.txt")));
        assert!(c.excludes(Path::new("./proj/gen/x.sql")));
    }
}
