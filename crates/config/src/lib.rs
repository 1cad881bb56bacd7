//! flinkddl-config: `flinkddl.toml`, the one configuration `flinkddl check` and the language
//! server (`flinkddl lsp`) both read.
//!
//! What it does: the model ([`Config`]: include and exclude globs, rule levels, fresh-session,
//! connector-findings, connectors files), parsing it from TOML with an error that names the file and the problem
//! ([`ConfigError`], [`Problem`]), discovery of the nearest `flinkddl.toml` upward from a file
//! ([`find_upward`]), a finder for one command-line run ([`Finder`], which loads each file
//! once) and a cache for a long-running process ([`Cache`], which notices a changed, new or
//! deleted `flinkddl.toml`). [`Config::options`] and [`Config::apply`] are the two places a
//! configuration changes an analysis: the options it runs with, and the levels of the codes it
//! reports.
//!
//! What it does not do: analyze, print, walk directories for files to check (that is the CLI's
//! `files`), or handle `-- flinkddl: ignore[...]` comments (that is `flinkddl-lint`: a
//! suppression is part of the analysis, whatever the configuration).
//!
//! ```toml
//! # Globs are matched against paths relative to this file's directory (wherever flinkddl
//! # runs from); `*` also matches `/`.
//! include = ["*.sql"]             # files taken from directories (default: *.sql)
//! exclude = ["generated/**"]      # never checked, even when named on the command line
//! extend = "../flinkddl.toml"     # start from another configuration (see below)
//!
//! [rules]                         # by code or by name: "off", "info", "warning" or "error"
//! L004 = "off"
//! duplicate-option-key = "error"
//! B062 = "warning"                # e.g. catalogs registered outside the scripts
//! ```
//!
//! Top-level keys also include `flink-version = "1.20"` (judge as that Flink version does: 1.18
//! to 2.3, a patch release such as "1.20.3" allowed; the default is 2.3),
//! `fresh-session = true` (bind as a fresh Flink session),
//! `connector-findings = "error"` (connector and format findings are errors even for tables
//! the file only declares; the default `"at-use"` makes them errors only when the file reads
//! or writes the table: decision 0004) and `connectors = ["connectors/acme.toml"]` (user
//! connectors files, relative to this file's directory, read in order on top of the built-in
//! connector facts: docs/connectors.md, "User connectors"). [`Config::load`] reads them once, into
//! one set of connector facts shared by every clone of the configuration; a file that cannot be
//! read or is not a valid connectors file makes the configuration unusable
//! ([`ConfigError::Connectors`]).
//!
//! Syntax and file codes (`S…`, `F…`) cannot be configured: a file that does not parse is
//! never passed silently.
//!
//! The nearest `flinkddl.toml` wins. It can `extend` another one (a path relative to its
//! directory, usually `"../flinkddl.toml"`): the other file's settings apply, each glob still
//! relative to the directory of the file that declares it, and this file's settings on top:
//! its `include` (when given) replaces the other's, its `exclude` adds to the other's, its
//! `[rules]` override the other's code by code, `flink-version`, `fresh-session` and
//! `connector-findings` (when given) replace the other's, and its `connectors` files are read after the other's.

mod project_catalog;

use flinkddl::connectors::{ConnectorFacts, FileError};
use flinkddl::{Code, ConnectorFindings, Diagnostic, FlinkVersion, Severity, Stage};
use globset::{Glob, GlobSet, GlobSetBuilder};
pub use project_catalog::{CatalogEntry, ProjectCatalog};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

pub const FILE_NAME: &str = "flinkddl.toml";

/// What a rule is set to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Off,
    Is(Severity),
}

/// A `flinkddl.toml` that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("{}: {reason}", .file.display())]
    Read { file: PathBuf, reason: String },
    /// The file is read but is not a valid configuration.
    #[error("{}: {problem}", .file.display())]
    Invalid { file: PathBuf, problem: Problem },
    /// A connectors file the configuration lists (`connectors = [...]`) cannot be read or is
    /// not a valid connectors file.
    #[error("{}: connectors file `{}`: {problem}", .file.display(), .connectors.display())]
    Connectors {
        /// The configuration file.
        file: PathBuf,
        /// The connectors file, as the configuration's directory joined with the listed path.
        connectors: PathBuf,
        problem: ConnectorsProblem,
    },
}

/// What is wrong with a connectors file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConnectorsProblem {
    /// The file cannot be read (the operating system's reason).
    #[error("{0}")]
    Read(String),
    /// Not JSON or TOML of the connector facts' shape, or an entry that is not valid (with the
    /// position where the format gives one).
    #[error("{0}")]
    Invalid(FileError),
}

impl ConfigError {
    /// The configuration file.
    pub fn file(&self) -> &Path {
        match self {
            ConfigError::Read { file, .. }
            | ConfigError::Invalid { file, .. }
            | ConfigError::Connectors { file, .. } => file,
        }
    }

    /// The file the problem is in: the configuration file, or the connectors file it lists.
    pub fn problem_file(&self) -> &Path {
        match self {
            ConfigError::Connectors { connectors, .. } => connectors,
            other => other.file(),
        }
    }

    /// Where in [`ConfigError::problem_file`] the problem is, when known.
    pub fn position(&self) -> Option<Position> {
        match self {
            ConfigError::Invalid {
                problem: Problem::Toml { position, .. },
                ..
            } => *position,
            ConfigError::Connectors {
                problem: ConnectorsProblem::Invalid(e),
                ..
            } => e.position,
            _ => None,
        }
    }
}

/// A zero-based line and UTF-16 column in a configuration file (as LSP counts): the connectors
/// files' position, so that a problem in either kind of file is placed the same way.
pub use flinkddl::connectors::FilePosition as Position;

/// What is wrong with the text of a configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// Not TOML, or a key or value of the wrong shape (`toml`'s message, with its snippet).
    #[error("{message}")]
    Toml {
        message: String,
        position: Option<Position>,
    },
    #[error("bad glob `{glob}`: {reason}")]
    BadGlob { glob: String, reason: String },
    #[error("{0}")]
    Globs(String),
    #[error("`connector-findings` must be \"at-use\" or \"error\", not \"{0}\"")]
    ConnectorFindings(String),
    #[error("`flink-version`: {0}")]
    FlinkVersion(#[from] flinkddl::diagnostics::UnknownFlinkVersion),
    #[error("`connectors`: a connectors file path is empty")]
    EmptyConnectorsPath,
    #[error("`catalog`: a catalog file path is empty")]
    EmptyCatalogPath,
    #[error("[rules]: `{0}` is not a flinkddl code or name (see `flinkddl explain`)")]
    UnknownRule(String),
    #[error("[rules]: `{0}` is a syntax or file code, which cannot be configured")]
    SyntaxRule(String),
    #[error("[rules]: `{key}` must be \"off\", \"info\", \"warning\" or \"error\", not {value}")]
    BadLevel { key: String, value: String },
    #[error("`extend`: the path is empty")]
    EmptyExtendPath,
    #[error("`extend`: `{0}` extends this file again (a cycle)")]
    ExtendCycle(String),
}

/// Globs and the directory they are relative to.
#[derive(Debug, Clone)]
struct Globs {
    /// Absolute, without `.` or `..`.
    base: PathBuf,
    set: GlobSet,
}

impl Globs {
    /// `path` (as given) matches, relative to the globs' directory; `absolute` is the path made
    /// absolute. A path outside the directory is matched as given.
    fn is_match(&self, path: &Path, absolute: &Path) -> bool {
        match absolute.strip_prefix(&self.base) {
            Ok(relative) => self.set.is_match(relative),
            Err(_) => self.set.is_match(path.strip_prefix(".").unwrap_or(path)),
        }
    }
}

/// The path made absolute (against the working directory) and without `.` and `..` parts
/// (lexically: a `..` after a symbolic link goes up from the link).
pub fn normalize(path: &Path) -> PathBuf {
    // `Path::new("a.toml").parent()` is the empty path: the working directory.
    let path = if path.as_os_str().is_empty() {
        Path::new(".")
    } else {
        path
    };
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for part in absolute.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Which settings a file gives itself (the others come from the file it extends, or are the
/// defaults).
#[derive(Debug, Clone, Copy, Default)]
struct Given {
    include: bool,
    fresh_session: bool,
    connector_findings: bool,
    flink_version: bool,
}

/// A loaded configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The directory globs are relative to.
    pub root: PathBuf,
    /// The file it came from (`None` for the defaults).
    pub file: Option<PathBuf>,
    include: Globs,
    /// This file's and those of the files it extends, each relative to its own directory.
    exclude: Vec<Globs>,
    rules: HashMap<Code, Level>,
    /// Bind as a fresh Flink session (`fresh-session = true`, or `--fresh-session`): catalogs
    /// and databases the file does not create are errors instead of assumed to exist.
    pub fresh_session: bool,
    /// When connector and format findings are errors (`connector-findings = "at-use"` or
    /// `"error"`, or `--connector-findings`; decision 0004).
    pub connector_findings: ConnectorFindings,
    /// The Flink version to judge the files as (`flink-version = "1.20"`, or
    /// `--flink-version`); the newest by default.
    pub flink_version: FlinkVersion,
    /// `flinkddl check --upgrade-to`: also report what changes for the files moving from
    /// `flink_version` to this version (not read from the file).
    pub upgrade_to: Option<FlinkVersion>,
    /// The user connectors files (`connectors = [...]`), joined to the configuration's
    /// directory, in the order they are read.
    pub connector_files: Vec<PathBuf>,
    /// The built-in connector facts plus the connectors files, once [`Config::load`] (or
    /// [`Config::read_connectors`]) has read them; `None`: the built-in connector facts.
    facts: Option<Arc<ConnectorFacts>>,
    /// The file `extend` names, joined to the configuration's directory, until
    /// [`Config::load`] has read it.
    pub extend: Option<PathBuf>,
    /// The files this configuration was extended from, nearest first (read by
    /// [`Config::load`]).
    pub extended: Vec<PathBuf>,
    given: Given,
    /// `[format]`: the options of `flinkddl format`; each key unset is the formatter's default.
    pub format: FormatSettings,
    /// `catalog = [...]`: the project's catalog files (the extended file's first).
    pub catalog: Vec<CatalogEntry>,
    /// The project those files make, built on first use ([`Config::project`]), shared by
    /// every clone of this configuration.
    project: Arc<project_catalog::Lazy>,
}

/// The `[format]` table. The formatter (flinkddl-fmt) reads it; a key not given is `None`,
/// and a key given in a file overrides the file it extends.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatSettings {
    #[serde(default, rename = "line-width")]
    pub line_width: Option<usize>,
    #[serde(default, rename = "indent-width")]
    pub indent_width: Option<usize>,
    #[serde(default, rename = "keyword-case")]
    pub keyword_case: Option<KeywordCaseSetting>,
    #[serde(default, rename = "identifier-quoting")]
    pub identifier_quoting: Option<QuotingSetting>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeywordCaseSetting {
    Upper,
    Lower,
    Preserve,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuotingSetting {
    Preserve,
    AsNeeded,
}

impl FormatSettings {
    /// `child`'s keys over `self`'s.
    fn under(self, child: FormatSettings) -> FormatSettings {
        FormatSettings {
            line_width: child.line_width.or(self.line_width),
            indent_width: child.indent_width.or(self.indent_width),
            keyword_case: child.keyword_case.or(self.keyword_case),
            identifier_quoting: child.identifier_quoting.or(self.identifier_quoting),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[serde(default)]
    format: FormatSettings,
    include: Option<Vec<String>>,
    #[serde(default)]
    exclude: Vec<String>,
    #[serde(default)]
    rules: toml::Table,
    #[serde(default, rename = "fresh-session")]
    fresh_session: Option<bool>,
    #[serde(default, rename = "connector-findings")]
    connector_findings: Option<String>,
    #[serde(default, rename = "flink-version")]
    flink_version: Option<String>,
    #[serde(default)]
    connectors: Vec<String>,
    #[serde(default)]
    catalog: Vec<String>,
    extend: Option<String>,
}

impl Config {
    /// The defaults: `*.sql`, nothing excluded, every code at its default severity.
    pub fn defaults(root: PathBuf) -> Config {
        Config {
            include: Globs {
                base: normalize(&root),
                set: globs(&["*.sql".to_string()]).unwrap_or_else(|_| GlobSet::empty()),
            },
            root,
            file: None,
            exclude: Vec::new(),
            rules: HashMap::new(),
            fresh_session: false,
            connector_findings: ConnectorFindings::AtUse,
            flink_version: FlinkVersion::default(),
            upgrade_to: None,
            connector_files: Vec::new(),
            facts: None,
            extend: None,
            extended: Vec::new(),
            given: Given::default(),
            format: FormatSettings::default(),
            catalog: Vec::new(),
            project: Arc::default(),
        }
    }

    /// Reads a `flinkddl.toml`, the files it extends and the connectors files they list. The
    /// error names the file as given.
    pub fn load(file: &Path) -> Result<Config, ConfigError> {
        Config::load_toml(file)?.read_connectors()
    }

    /// Reads a `flinkddl.toml` and the files it extends, without the connectors files.
    fn load_toml(file: &Path) -> Result<Config, ConfigError> {
        Config::load_extending(file, &mut Vec::new())
    }

    /// Reads `file`, then (when it extends another) that one, and puts `file`'s settings over
    /// it; `seen` holds the files of the chain so far (normalized), to refuse a cycle.
    fn load_extending(file: &Path, seen: &mut Vec<PathBuf>) -> Result<Config, ConfigError> {
        seen.push(normalize(file));
        let mut config = Config::load_one(file)?;
        let Some(parent) = config.extend.take() else {
            return Ok(config);
        };
        if seen.contains(&normalize(&parent)) {
            return Err(ConfigError::Invalid {
                file: file.to_path_buf(),
                problem: Problem::ExtendCycle(parent.display().to_string()),
            });
        }
        let base = Config::load_extending(&parent, seen)?;
        Ok(base.extended_by(config))
    }

    /// `self` (the file another extends) with `child`'s settings on top.
    fn extended_by(self, child: Config) -> Config {
        let mut rules = self.rules;
        rules.extend(child.rules);
        let mut exclude = self.exclude;
        exclude.extend(child.exclude);
        let mut connector_files = self.connector_files;
        for f in child.connector_files {
            if !connector_files.contains(&f) {
                connector_files.push(f);
            }
        }
        let mut catalog = self.catalog;
        for entry in child.catalog {
            if !catalog.contains(&entry) {
                catalog.push(entry);
            }
        }
        let mut extended: Vec<PathBuf> = self.file.into_iter().collect();
        extended.extend(self.extended);
        Config {
            root: child.root,
            file: child.file,
            include: if child.given.include {
                child.include
            } else {
                self.include
            },
            exclude,
            rules,
            fresh_session: if child.given.fresh_session {
                child.fresh_session
            } else {
                self.fresh_session
            },
            connector_findings: if child.given.connector_findings {
                child.connector_findings
            } else {
                self.connector_findings
            },
            flink_version: if child.given.flink_version {
                child.flink_version
            } else {
                self.flink_version
            },
            upgrade_to: child.upgrade_to.or(self.upgrade_to),
            connector_files,
            facts: None,
            extend: None,
            extended,
            given: Given {
                include: child.given.include || self.given.include,
                fresh_session: child.given.fresh_session || self.given.fresh_session,
                connector_findings: child.given.connector_findings || self.given.connector_findings,
                flink_version: child.given.flink_version || self.given.flink_version,
            },
            format: self.format.under(child.format),
            catalog,
            project: Arc::default(),
        }
    }

    /// Reads one `flinkddl.toml` (not the file it extends).
    fn load_one(file: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(file).map_err(|e| ConfigError::Read {
            file: file.to_path_buf(),
            reason: io_reason(&e),
        })?;
        let root = file
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        Config::parse(&text, root, Some(file.to_path_buf())).map_err(|problem| {
            ConfigError::Invalid {
                file: file.to_path_buf(),
                problem,
            }
        })
    }

    /// Parses the text of a configuration file.
    pub fn parse(text: &str, root: PathBuf, file: Option<PathBuf>) -> Result<Config, Problem> {
        let raw: Raw = toml::from_str(text).map_err(|e| Problem::Toml {
            message: e.to_string().trim_end().to_string(),
            position: e.span().map(|s| Position::of_offset(text, s.start)),
        })?;
        let base = normalize(&root);
        let include = Globs {
            base: base.clone(),
            set: match &raw.include {
                Some(list) => globs(list)?,
                None => globs(&["*.sql".to_string()])?,
            },
        };
        let exclude = if raw.exclude.is_empty() {
            Vec::new()
        } else {
            vec![Globs {
                base,
                set: globs(&raw.exclude)?,
            }]
        };
        let extend = match raw.extend.as_deref() {
            Some(path) if path.trim().is_empty() => return Err(Problem::EmptyExtendPath),
            Some(path) => Some(root.join(path)),
            None => None,
        };
        let connector_findings = match raw.connector_findings.as_deref() {
            None | Some("at-use") => ConnectorFindings::AtUse,
            Some("error") => ConnectorFindings::Error,
            Some(other) => return Err(Problem::ConnectorFindings(other.to_string())),
        };
        let flink_version = match raw.flink_version.as_deref() {
            None => FlinkVersion::default(),
            Some(text) => text.parse()?,
        };
        let mut connector_files = Vec::with_capacity(raw.connectors.len());
        for listed in &raw.connectors {
            if listed.trim().is_empty() {
                return Err(Problem::EmptyConnectorsPath);
            }
            connector_files.push(root.join(listed));
        }
        let catalog = raw
            .catalog
            .iter()
            .map(|pattern| project_catalog::entry(&root, pattern))
            .collect::<Result<Vec<_>, _>>()?;
        let mut rules = HashMap::new();
        for (key, value) in &raw.rules {
            let code = Code::parse(key).ok_or_else(|| Problem::UnknownRule(key.clone()))?;
            if code.info().stage == Stage::Syntax {
                return Err(Problem::SyntaxRule(key.clone()));
            }
            let level = match value.as_str() {
                Some("off") => Level::Off,
                Some("info") => Level::Is(Severity::Info),
                Some("warning") => Level::Is(Severity::Warning),
                Some("error") => Level::Is(Severity::Error),
                _ => {
                    return Err(Problem::BadLevel {
                        key: key.clone(),
                        value: value.to_string(),
                    })
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
            fresh_session: raw.fresh_session.unwrap_or(false),
            connector_findings,
            flink_version,
            upgrade_to: None,
            connector_files,
            facts: None,
            extend,
            extended: Vec::new(),
            given: Given {
                include: raw.include.is_some(),
                fresh_session: raw.fresh_session.is_some(),
                connector_findings: raw.connector_findings.is_some(),
                flink_version: raw.flink_version.is_some(),
            },
            format: raw.format,
            catalog,
            project: Arc::default(),
        })
    }

    /// Reads the connectors files ([`Config::connector_files`], in order) into one set of connector
    /// facts on top of the built-in ones, which every clone of the result shares. [`Config::parse`]
    /// reads no file; [`Config::load`] calls this.
    pub fn read_connectors(mut self) -> Result<Config, ConfigError> {
        if self.connector_files.is_empty() {
            self.facts = None;
            return Ok(self);
        }
        let mut facts = ConnectorFacts::builtin();
        for path in &self.connector_files {
            let error = |problem| ConfigError::Connectors {
                file: self
                    .file
                    .clone()
                    .unwrap_or_else(|| self.root.join(FILE_NAME)),
                connectors: path.clone(),
                problem,
            };
            let text = std::fs::read_to_string(path)
                .map_err(|e| error(ConnectorsProblem::Read(io_reason(&e))))?;
            facts = facts
                .with_user_file(&text)
                .map_err(|e| error(ConnectorsProblem::Invalid(e)))?;
        }
        self.facts = Some(Arc::new(facts));
        Ok(self)
    }

    /// The connector and format facts files are checked against: the built-in ones, plus
    /// the connectors files once read.
    pub fn connector_facts(&self) -> &ConnectorFacts {
        match &self.facts {
            Some(c) => c,
            None => flinkddl::connector_facts(),
        }
    }

    /// The connector facts of the connectors files, shared (every clone of the configuration holds
    /// the same ones), for a caller that keeps it beyond the configuration's lifetime; `None`
    /// when the configuration has none: the built-in connector facts apply.
    pub fn shared_connector_facts(&self) -> Option<Arc<ConnectorFacts>> {
        self.facts.clone()
    }

    /// The options to analyze a file with: `flinkddl check`'s (external catalogs assumed to
    /// exist unless `fresh-session`), with this configuration's connector-findings and
    /// connector facts.
    pub fn options(&self) -> flinkddl::Options<'_> {
        flinkddl::Options {
            prelude: self.project().map(|p| &p.project.prelude),
            ..self.options_alone()
        }
    }

    /// [`Config::options`] for the file at `path`: a project's catalog file starts from the
    /// session the catalog files before it leave, every other file from the whole prelude.
    pub fn options_for(&self, path: &Path) -> flinkddl::Options<'_> {
        let Some(project) = self.project() else {
            return self.options_alone();
        };
        let prelude = match project.project.file(&normalize(path)) {
            Some(file) => &file.before,
            None => &project.project.prelude,
        };
        flinkddl::Options {
            prelude: Some(prelude),
            ..self.options_alone()
        }
    }

    /// [`Config::options`] for a file judged without the project's catalog (a catalog file
    /// itself, as the project is built). With a catalog, the session is the one its files
    /// make: what they do not create is missing, as in a fresh session, unless
    /// `fresh-session = false` is given.
    pub fn options_alone(&self) -> flinkddl::Options<'_> {
        let fresh = if self.catalog.is_empty() || self.given.fresh_session {
            self.fresh_session
        } else {
            true
        };
        flinkddl::Options {
            assume_external_objects: !fresh,
            connector_findings: self.connector_findings,
            connectors: self.facts.as_deref(),
            semantic_model: false,
            prelude: None,
            flink_version: self.flink_version,
        }
    }

    /// The project's catalog files, read and checked (once per configuration, on first use,
    /// shared by its clones); `None` without `catalog`.
    pub fn project(&self) -> Option<&Arc<ProjectCatalog>> {
        if self.catalog.is_empty() {
            return None;
        }
        Some(self.project.get_or_build(|| {
            let (files, unmatched) = project_catalog::expand(&self.catalog);
            ProjectCatalog {
                project: flinkddl::project::Project::build(&files, &self.options_alone()),
                unmatched,
            }
        }))
    }

    /// True when a file found in a directory should be checked. Globs match the path relative
    /// to the directory of the file that declares them, whatever the working directory.
    pub fn includes(&self, path: &Path) -> bool {
        let absolute = normalize(path);
        self.include.is_match(path, &absolute) && !self.excluded(path, &absolute)
    }

    /// The files of the project: under the configuration's directory, included and not
    /// excluded (what `flinkddl check` of that directory checks), and the catalog files.
    pub fn project_files(&self) -> Vec<PathBuf> {
        let mut files = project_catalog::files_under(&self.root, &|p| self.includes(p));
        if let Some(project) = self.project() {
            files.extend(project.project.files.iter().map(|f| f.path.clone()));
            files.sort();
            files.dedup();
        }
        files
    }

    /// True when a file is excluded (named on the command line or not).
    pub fn excludes(&self, path: &Path) -> bool {
        self.excluded(path, &normalize(path))
    }

    fn excluded(&self, path: &Path, absolute: &Path) -> bool {
        self.exclude.iter().any(|g| g.is_match(path, absolute))
    }

    /// The level a code is configured to, if any.
    pub fn level(&self, code: Code) -> Option<Level> {
        self.rules.get(&code).copied()
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

fn globs(patterns: &[String]) -> Result<GlobSet, Problem> {
    let mut builder = GlobSetBuilder::new();
    for p in patterns {
        let glob = Glob::new(p).map_err(|e| Problem::BadGlob {
            glob: p.clone(),
            reason: e.to_string(),
        })?;
        builder.add(glob);
    }
    builder.build().map_err(|e| Problem::Globs(e.to_string()))
}

/// The operating system's reason, without Rust's "(os error 2)" suffix.
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    }
}

/// The nearest `flinkddl.toml` in `dir` or a directory above it (no cache).
pub fn find_upward(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// Finds the configuration of each directory, upward, once per directory: for one run of
/// `flinkddl check`, during which files do not change.
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
    pub fn for_path(&mut self, path: &Path) -> Result<Config, ConfigError> {
        if let Some(c) = &self.fixed {
            return Ok(c.clone());
        }
        // `Path::new("a.toml").parent()` is the empty path: the working directory.
        let path = if path.as_os_str().is_empty() {
            Path::new(".")
        } else {
            path
        };
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let dir = absolute.parent().map(Path::to_path_buf).unwrap_or_default();
        match self.find(&dir) {
            Some(file) => {
                if let Some(c) = self.loaded.get(&file) {
                    return Ok(c.clone());
                }
                // Globs are matched against the path as given, so keep the root in the same
                // form: relative to the working directory when the path is (errors then name
                // the files as the user would).
                let shown = match std::env::current_dir() {
                    Ok(cwd) if path.is_relative() => file.strip_prefix(&cwd).ok(),
                    _ => None,
                };
                let config = Config::load(shown.unwrap_or(&file))?;
                self.loaded.insert(file, config.clone());
                Ok(config)
            }
            None => Ok(Config::defaults(PathBuf::from("."))),
        }
    }

    fn find(&mut self, dir: &Path) -> Option<PathBuf> {
        nearest_config(&mut self.cache, dir)
    }
}

/// The `flinkddl.toml` nearest above `dir` (in it or an ancestor), remembered per directory
/// in `seen` so that a tree of files asks the file system once per directory.
fn nearest_config(seen: &mut HashMap<PathBuf, Option<PathBuf>>, dir: &Path) -> Option<PathBuf> {
    if let Some(found) = seen.get(dir) {
        return found.clone();
    }
    let candidate = dir.join(FILE_NAME);
    let found = if candidate.is_file() {
        Some(candidate)
    } else {
        dir.parent().and_then(|p| nearest_config(seen, p))
    };
    seen.insert(dir.to_path_buf(), found.clone());
    found
}

/// The configuration of one file, as a long-running process holds it.
#[derive(Debug)]
pub struct Resolved {
    /// What applies: the file's configuration, or the defaults when there is none or it is
    /// broken.
    pub config: Arc<Config>,
    /// Why the defaults apply although there is a `flinkddl.toml`.
    pub error: Option<ConfigError>,
    /// Different for every load (0 for the defaults): a result computed under one id is stale
    /// under another.
    pub id: u64,
}

impl Resolved {
    fn defaults() -> Arc<Resolved> {
        Arc::new(Resolved {
            config: Arc::new(Config::defaults(PathBuf::from("."))),
            error: None,
            id: 0,
        })
    }
}

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// What identifies a version of a file on disk: modification time and length.
type Stamp = Option<(Option<SystemTime>, u64)>;

/// A `flinkddl.toml` as the cache read it.
#[derive(Debug)]
struct Loaded {
    stamp: Stamp,
    /// The files it extends and the connectors files it lists, each with its stamp when it
    /// was read.
    connectors: Vec<(PathBuf, Stamp)>,
    resolved: Arc<Resolved>,
}

impl Loaded {
    /// Nothing it was read from has changed since.
    fn fresh(&self, now: Stamp) -> bool {
        self.stamp == now && self.connectors.iter().all(|(p, s)| stamp(p) == *s)
    }
}

fn stamp(file: &Path) -> Stamp {
    std::fs::metadata(file)
        .ok()
        .map(|m| (m.modified().ok(), m.len()))
}

/// Configurations for a long-running process (the language server), in which a
/// `flinkddl.toml` can change, appear or disappear.
///
/// The nearest file is cached per directory; a loaded file is re-read when its modification
/// time or length changes, or those of a file it extends or a connectors file it lists (one
/// `stat` per file per lookup). [`Cache::forget`] drops everything (a
/// watcher saw a `flinkddl.toml` change); [`Cache::rediscover`] looks for new files above one
/// path again. Lookups are by absolute path; the result is shared, so two lookups that give
/// the same [`Arc`] mean nothing changed.
#[derive(Debug, Default)]
pub struct Cache {
    nearest: HashMap<PathBuf, Option<PathBuf>>,
    /// Each loaded file: its stamp, its connectors files' stamps, and what it resolved to.
    loaded: HashMap<PathBuf, Loaded>,
    defaults: Option<Arc<Resolved>>,
}

impl Cache {
    pub fn new() -> Cache {
        Cache::default()
    }

    /// The configuration that applies to the file at `path` (absolute).
    pub fn for_file(&mut self, path: &Path) -> Arc<Resolved> {
        let dir = path.parent().unwrap_or(path).to_path_buf();
        let Some(file) = self.find(&dir) else {
            return self.defaults();
        };
        let now = stamp(&file);
        if now.is_none() {
            // Deleted since it was found: look again.
            self.loaded.remove(&file);
            self.nearest
                .retain(|_, found| found.as_ref() != Some(&file));
            return match self.find(&dir) {
                Some(other) => self.load(other),
                None => self.defaults(),
            };
        }
        match self.loaded.get(&file) {
            Some(loaded) if loaded.fresh(now) => loaded.resolved.clone(),
            _ => self.load(file),
        }
    }

    /// The defaults, shared (so that they compare equal by pointer).
    pub fn defaults(&mut self) -> Arc<Resolved> {
        self.defaults.get_or_insert_with(Resolved::defaults).clone()
    }

    /// Forgets every directory and file: the next lookups read the disk again.
    pub fn forget(&mut self) {
        self.nearest.clear();
        self.loaded.clear();
    }

    /// Forgets which file applies to the directories above `path`, so that a `flinkddl.toml`
    /// created there since is found.
    pub fn rediscover(&mut self, path: &Path) {
        self.nearest.retain(|dir, _| !path.starts_with(dir));
    }

    fn load(&mut self, file: PathBuf) -> Arc<Resolved> {
        let before = stamp(&file);
        let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // Each connectors file is stamped before it is read, as the configuration is: a change
        // while reading is seen at the next lookup.
        let (result, connectors) = match Config::load_toml(&file) {
            Ok(config) => {
                // A catalog file changed on disk makes a new project, for the open files too.
                let (catalog_files, _) = project_catalog::expand(&config.catalog);
                let connectors = config
                    .extended
                    .iter()
                    .chain(&config.connector_files)
                    .chain(&catalog_files)
                    .map(|p| (p.clone(), stamp(p)))
                    .collect();
                (config.read_connectors(), connectors)
            }
            // A broken file this one extends: read again once it changes.
            Err(e) if e.file() != file => {
                let other = e.file().to_path_buf();
                let other_stamp = stamp(&other);
                (Err(e), vec![(other, other_stamp)])
            }
            Err(e) => (Err(e), Vec::new()),
        };
        let resolved = Arc::new(match result {
            Ok(config) => Resolved {
                config: Arc::new(config),
                error: None,
                id,
            },
            Err(error) => Resolved {
                config: Arc::new(Config::defaults(PathBuf::from("."))),
                error: Some(error),
                id,
            },
        });
        self.loaded.insert(
            file,
            Loaded {
                stamp: before,
                connectors,
                resolved: resolved.clone(),
            },
        );
        resolved
    }

    fn find(&mut self, dir: &Path) -> Option<PathBuf> {
        nearest_config(&mut self.nearest, dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flinkddl::Span;

    /// `text` is rejected with a message that contains `needle`.
    fn assert_explained(text: &str, needle: &str) {
        let err = Config::parse(text, PathBuf::from("."), None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains(needle), "{text}: {err}");
    }

    /// `text` parsed as the configuration file `file` of directory `dir`; panics on an error.
    fn parsed(text: &str, dir: &str, file: Option<&str>) -> Config {
        Config::parse(text, PathBuf::from(dir), file.map(PathBuf::from))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn rules_by_code_and_name() {
        let c = parsed(
            "[rules]\nL001 = \"off\"\nduplicate-option-key = \"error\"\n",
            ".",
            None,
        );
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
    fn format_table_and_extend() {
        let parent = parsed(
            "[format]\nline-width = 80\nkeyword-case = \"lower\"\n",
            ".",
            None,
        );
        let child = parsed(
            "[format]\nkeyword-case = \"preserve\"\nidentifier-quoting = \"as-needed\"\n",
            ".",
            None,
        );
        assert_eq!(
            parent.extended_by(child).format,
            FormatSettings {
                line_width: Some(80),
                indent_width: None,
                keyword_case: Some(KeywordCaseSetting::Preserve),
                identifier_quoting: Some(QuotingSetting::AsNeeded),
            }
        );
        for (text, needle) in [
            ("[format]\nkeyword-case = \"title\"", "unknown variant"),
            ("[format]\nwidth = 80", "unknown field"),
            ("[format]\nline-width = -1", "invalid value"),
        ] {
            assert_explained(text, needle);
        }
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
            assert_explained(text, needle);
        }
    }

    /// Where the TOML error of `text` is (it must have one).
    fn toml_error_at(text: &str) -> Option<Position> {
        match Config::parse(text, PathBuf::from("."), None).err() {
            Some(Problem::Toml { position, .. }) => position,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn toml_errors_have_a_position() {
        assert_eq!(
            toml_error_at("\n\nfresh-session = 3\n"),
            Some(Position {
                line: 2,
                utf16_column: 16
            })
        );
    }

    #[test]
    fn errors_name_the_file() {
        let missing = Path::new("no/such/dir/flinkddl.toml");
        let err = Config::load(missing).err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("no/such/dir/flinkddl.toml: no such file or directory")
        );
    }

    #[test]
    fn flink_version() {
        let parse = |text: &str| Config::parse(text, PathBuf::from("."), None);
        assert_eq!(parse("").map(|c| c.flink_version), Ok(FlinkVersion::V2_3));
        for (text, version) in [
            ("1.20", FlinkVersion::V1_20),
            ("1.18.1", FlinkVersion::V1_18),
        ] {
            let toml = format!("flink-version = \"{text}\"");
            assert_eq!(parse(&toml).map(|c| c.flink_version), Ok(version));
            assert_eq!(parse(&toml).map(|c| c.options().flink_version), Ok(version));
        }
        let err = parse("flink-version = \"1.17\"")
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "`flink-version`: unknown Flink version `1.17`: flinkddl knows 1.18, 1.19, 1.20, 2.0, 2.1, 2.2, 2.3"
        );
    }

    #[test]
    fn connector_findings() {
        let parse = |text: &str| Config::parse(text, PathBuf::from("."), None);
        assert_eq!(
            parse("").map(|c| c.connector_findings),
            Ok(ConnectorFindings::AtUse)
        );
        assert_eq!(
            parse("connector-findings = \"at-use\"").map(|c| c.connector_findings),
            Ok(ConnectorFindings::AtUse)
        );
        assert_eq!(
            parse("connector-findings = \"error\"").map(|c| c.connector_findings),
            Ok(ConnectorFindings::Error)
        );
    }

    #[test]
    fn options_follow_the_configuration() {
        let parse = |text: &str| Config::parse(text, PathBuf::from("."), None);
        let defaults = Config::defaults(PathBuf::from("."));
        let defaults = defaults.options();
        assert!(defaults.assume_external_objects);
        assert_eq!(defaults.connector_findings, ConnectorFindings::AtUse);
        assert!(
            defaults.connectors.is_none(),
            "the built-in connector facts"
        );
        let strict = parse("fresh-session = true\nconnector-findings = \"error\"")
            .unwrap_or_else(|e| panic!("{e}"));
        let strict = strict.options();
        assert!(!strict.assume_external_objects);
        assert_eq!(strict.connector_findings, ConnectorFindings::Error);
    }

    #[test]
    fn globs_are_relative_to_the_config() {
        let c = parsed("exclude = [\"gen/**\"]", "proj", Some("proj/flinkddl.toml"));
        assert!(c.includes(Path::new("proj/a/b.sql")));
        assert!(!c.includes(Path::new("proj/gen/b.sql")));
        assert!(!c.includes(Path::new("proj/a/b.txt")));
        assert!(c.excludes(Path::new("./proj/gen/x.sql")));
    }

    #[test]
    fn connectors_files_are_relative_to_the_config() {
        let c = parsed(
            "connectors = [\"connectors/acme.toml\", \"/abs/b.json\"]",
            "proj",
            None,
        );
        assert_eq!(
            c.connector_files,
            vec![
                PathBuf::from("proj/connectors/acme.toml"),
                PathBuf::from("/abs/b.json")
            ]
        );
        // Parsing reads no file: the built-in connector facts until they are read.
        assert!(c.options().connectors.is_none());
        let parse = |text: &str| Config::parse(text, PathBuf::from("."), None).err();
        assert_eq!(
            parse("connectors = [\" \"]"),
            Some(Problem::EmptyConnectorsPath)
        );
        assert_eq!(
            toml_error_at("\nconnectors = \"acme.toml\"\n"),
            Some(Position {
                line: 1,
                utf16_column: 13
            })
        );
    }

    /// A directory under the system's temporary directory, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir =
                std::env::temp_dir().join(format!("flinkddl-config-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("a/b")).unwrap_or_else(|e| panic!("{e}"));
            TempDir(dir)
        }

        fn write(&self, rel: &str, text: &str) {
            std::fs::write(self.0.join(rel), text).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn the_cache_sees_changed_new_and_deleted_files() {
        let tmp = TempDir::new("cache");
        let sql = tmp.0.join("a/b/x.sql");
        let level = |r: &Resolved| r.config.level(Code::PrecisionClamped);
        let mut cache = Cache::new();
        // Nothing above: the defaults, shared.
        let first = cache.for_file(&sql);
        assert!(first.error.is_none() && level(&first).is_none());
        assert!(Arc::ptr_eq(&first, &cache.for_file(&sql)));

        // A new file is found once the directories above are looked at again.
        tmp.write("flinkddl.toml", "[rules]\nL001 = \"off\"\n");
        cache.rediscover(&sql);
        let top = cache.for_file(&sql);
        assert_eq!(level(&top), Some(Level::Off));
        assert!(Arc::ptr_eq(&top, &cache.for_file(&sql)), "cached");

        // A changed file (another length) is read again; a broken one gives the defaults and
        // the error.
        tmp.write("flinkddl.toml", "[rules]\nL001 = \"loud\"\n");
        let broken = cache.for_file(&sql);
        assert!(level(&broken).is_none());
        let message = broken
            .error
            .as_ref()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.contains("must be \"off\""), "{message}");

        // The nearest wins; after `forget` a deeper file is found.
        tmp.write("a/flinkddl.toml", "[rules]\nL001 = \"error\"\n");
        cache.forget();
        let nearer = cache.for_file(&sql);
        assert_eq!(level(&nearer), Some(Level::Is(Severity::Error)));

        // Deleted: the next one up applies again, without being told.
        std::fs::remove_file(tmp.0.join("a/flinkddl.toml")).unwrap_or_else(|e| panic!("{e}"));
        let again = cache.for_file(&sql);
        assert!(again.error.is_some(), "the broken top-level file");
        assert_eq!(find_upward(&tmp.0.join("a/b")), Some(tmp.0.join(FILE_NAME)));
    }

    #[test]
    fn a_file_extends_another() {
        let tmp = TempDir::new("extend");
        tmp.write(
            "flinkddl.toml",
            "exclude = [\"a/gen/**\"]\nfresh-session = true\n[rules]\nL001 = \"off\"\nL002 = \"error\"\n",
        );
        tmp.write(
            "a/flinkddl.toml",
            "extend = \"../flinkddl.toml\"\nexclude = [\"b/scratch.sql\"]\n[rules]\nL002 = \"warning\"\n",
        );
        let config = Config::load(&tmp.0.join("a/flinkddl.toml")).unwrap_or_else(|e| panic!("{e}"));
        // Each file's globs are relative to its own directory.
        assert!(config.excludes(&tmp.0.join("a/gen/x.sql")));
        assert!(config.excludes(&tmp.0.join("a/b/scratch.sql")));
        assert!(config.includes(&tmp.0.join("a/b/x.sql")));
        // This file's rules over the other's; the other's settings where this one is silent.
        assert_eq!(config.level(Code::PrecisionClamped), Some(Level::Off));
        assert_eq!(
            config.level(Code::DuplicateOptionKey),
            Some(Level::Is(Severity::Warning))
        );
        assert!(config.fresh_session);
        assert_eq!(config.extended, vec![tmp.0.join("a/../flinkddl.toml")]);

        // A cycle is an error, not a hang.
        tmp.write("flinkddl.toml", "extend = \"a/flinkddl.toml\"\n");
        let err = Config::load(&tmp.0.join("a/flinkddl.toml")).err();
        let message = err.map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains("a cycle"), "{message}");
        // A missing file names it.
        tmp.write("a/flinkddl.toml", "extend = \"nope.toml\"\n");
        let err = Config::load(&tmp.0.join("a/flinkddl.toml")).err();
        let message = err.map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains("nope.toml: no such file"), "{message}");
    }

    #[test]
    fn the_cache_sees_a_changed_extended_file() {
        let tmp = TempDir::new("cache-extend");
        let sql = tmp.0.join("a/b/x.sql");
        tmp.write("flinkddl.toml", "[rules]\nL001 = \"off\"\n");
        tmp.write("a/flinkddl.toml", "extend = \"../flinkddl.toml\"\n");
        let mut cache = Cache::new();
        let first = cache.for_file(&sql);
        assert_eq!(first.config.level(Code::PrecisionClamped), Some(Level::Off));
        tmp.write("flinkddl.toml", "[rules]\nL001 = \"error\"\n");
        let changed = cache.for_file(&sql);
        assert_eq!(
            changed.config.level(Code::PrecisionClamped),
            Some(Level::Is(Severity::Error))
        );
        tmp.write("flinkddl.toml", "[rules]\nL001 = \"loud\"\n");
        assert!(cache.for_file(&sql).error.is_some());
        tmp.write("flinkddl.toml", "[rules]\nL001 = \"warning\"\n");
        let fixed = cache.for_file(&sql);
        assert!(fixed.error.is_none());
        assert_eq!(
            fixed.config.level(Code::PrecisionClamped),
            Some(Level::Is(Severity::Warning))
        );
    }

    const ACME: &str = "[[connectors]]\nid = \"acme-queue\"\nversion = \"1\"\nroles = [\"source\", \"sink\"]\noptions = [{ key = \"queue\", type = \"string\", required = true }]\n";

    const ACME_TABLE: &str =
        "CREATE TABLE t (a INT) WITH ('connector' = 'acme-queue', 'qeue' = 'x');\n";

    fn codes_under(config: &Config) -> Vec<&'static str> {
        flinkddl::analyze_with(ACME_TABLE, &config.options())
            .diagnostics
            .iter()
            .map(|d| d.code.info().code)
            .collect()
    }

    #[test]
    fn load_reads_the_connectors_files_once() {
        let tmp = TempDir::new("connectors");
        std::fs::create_dir_all(tmp.0.join("connectors")).unwrap_or_else(|e| panic!("{e}"));
        tmp.write("connectors/acme.toml", ACME);
        tmp.write("flinkddl.toml", "connectors = [\"connectors/acme.toml\"]\n");
        let config = Config::load(&tmp.0.join(FILE_NAME)).unwrap_or_else(|e| panic!("{e}"));
        assert!(config.connector_facts().connector("acme-queue").is_some());
        assert!(
            config.connector_facts().connector("kafka").is_some(),
            "built-ins kept"
        );
        // A clone shares the connector facts.
        let clone = config.clone();
        assert!(matches!(
            (config.options().connectors, clone.options().connectors),
            (Some(a), Some(b)) if std::ptr::eq(a, b)
        ));
        assert_eq!(codes_under(&config), ["C002", "C001"]);
        // Without the file, the connector is unknown: one info.
        assert_eq!(codes_under(&Config::defaults(".".into())), ["C011"]);
    }

    #[test]
    fn broken_connectors_files_name_the_file_and_the_position() {
        let tmp = TempDir::new("broken-connectors");
        let config = tmp.0.join(FILE_NAME);
        tmp.write("flinkddl.toml", "connectors = [\"acme.json\"]\n");
        // The error of loading the configuration, and its message.
        let load_error = || {
            let err = Config::load(&config).err();
            let message = err.as_ref().map(|e| e.to_string()).unwrap_or_default();
            (err, message)
        };
        // Missing.
        let (err, message) = load_error();
        assert!(
            message.contains("acme.json`: no such file or directory"),
            "{message}"
        );
        assert_eq!(err.as_ref().map(|e| e.file()), Some(config.as_path()));
        assert_eq!(
            err.as_ref().map(|e| e.problem_file()),
            Some(tmp.0.join("acme.json").as_path())
        );
        // Not the connector facts' shape: the position of the value serde_json stopped at.
        tmp.write(
            "acme.json",
            "{\n  \"connectors\": [\n    {\"id\": 5}\n  ]\n}\n",
        );
        let (err, message) = load_error();
        assert!(message.contains("not a valid connectors file"), "{message}");
        assert!(message.contains("line 3"), "{message}");
        assert_eq!(
            err.and_then(|e| e.position()),
            Some(Position {
                line: 2,
                utf16_column: 11
            })
        );
        // Valid shape, invalid entry: no position, the reason.
        tmp.write(
            "acme.json",
            "{\"connectors\": [{\"id\": \"x\", \"version\": \"1\", \"roles\": []}]}",
        );
        let (err, message) = load_error();
        assert!(message.contains("'roles' must name"), "{message}");
        assert_eq!(err.and_then(|e| e.position()), None);
    }

    #[test]
    fn the_cache_sees_a_changed_connectors_file() {
        let tmp = TempDir::new("cache-connectors");
        let sql = tmp.0.join("a/b/x.sql");
        tmp.write("flinkddl.toml", "connectors = [\"acme.toml\"]\n");
        tmp.write("acme.toml", ACME);
        let mut cache = Cache::new();
        let first = cache.for_file(&sql);
        assert!(first.error.is_none());
        assert_eq!(codes_under(&first.config), ["C002", "C001"]);
        assert!(Arc::ptr_eq(&first, &cache.for_file(&sql)), "cached");
        // Broken (another length): the error, then fixed again.
        tmp.write("acme.toml", "roles = 5\n");
        let broken = cache.for_file(&sql);
        assert!(broken.error.is_some());
        assert_eq!(
            broken.error.as_ref().map(|e| e.problem_file()),
            Some(tmp.0.join("acme.toml").as_path())
        );
        tmp.write("acme.toml", ACME);
        let fixed = cache.for_file(&sql);
        assert!(fixed.error.is_none());
        assert_eq!(codes_under(&fixed.config), ["C002", "C001"]);
    }
}
