//! A project's catalog (issue 35, decision 0012): the `.sql` files whose statements run, in
//! path order, before every other file of the project, as a SQL client's `-i` init file does.
//! Each catalog file is checked from the session the ones before it leave; the session the last
//! one leaves (the [`Prelude`]) is what every other file starts from
//! ([`crate::Options::prelude`]).
//!
//! The project is built once and shared: a job file starts from the prelude without copying it
//! (the binder shares the prelude's objects until a file changes one), so a check of many job
//! files costs what the job files cost.

use crate::binder::prelude::{Definition, Prelude};
use crate::binder::session_catalog::ObjectPath;
use crate::{Diagnostic, Options};
use std::path::{Path, PathBuf};

/// One catalog file, checked as part of building the project.
#[derive(Debug, Clone)]
pub struct CatalogFile {
    /// As the configuration lists it (absolute, without `.` and `..`).
    pub path: PathBuf,
    /// The text checked (without a byte order mark), or `None` when the file could not be read.
    pub text: Option<String>,
    /// Why it could not be read (`text` is `None`).
    pub unreadable: Option<String>,
    /// Bytes before `text` in the file: 3 for a byte order mark, else 0.
    pub offset: u32,
    /// Its diagnostics, as `check` reports them (no configuration levels applied).
    pub diagnostics: Vec<Diagnostic>,
    /// For a catalog snapshot: each statement of the script it ran as, and the place in
    /// `text` (the JSON) of the entry it comes from; what the binder noted in the script is
    /// shown there.
    pub places: Vec<(crate::Span, crate::Span)>,
    /// For a catalog snapshot: the script it ran as (what the prelude's spans are offsets
    /// into, where `text` is the JSON).
    pub script: Option<String>,
    /// The session the catalog files before it leave: what the file itself starts from (an
    /// editor analyzing it again starts there, not from the whole project's prelude, which
    /// holds what the file itself creates).
    pub before: Prelude,
}

impl CatalogFile {
    /// A definition where the file shows it: a snapshot's at its entry in the JSON.
    fn placed(&self, mut definition: Definition) -> Definition {
        let within = |statement: &crate::Span| {
            statement.start <= definition.name.start && definition.name.start <= statement.end
        };
        if let Some((_, place)) = self.places.iter().find(|(statement, _)| within(statement)) {
            definition.name = *place;
            definition.statement = *place;
        }
        definition
    }

    /// Whether the file has an error (or could not be read): then a session that runs it as
    /// an init file fails, and every job with it.
    pub fn has_errors(&self) -> bool {
        self.unreadable.is_some()
            || self
                .diagnostics
                .iter()
                .any(|d| d.severity == crate::Severity::Error)
    }
}

/// A project's catalog files, checked in order, and the session they leave.
#[derive(Debug, Default)]
pub struct Project {
    pub prelude: Prelude,
    /// In the order they ran.
    pub files: Vec<CatalogFile>,
    /// Each file's semantic model, recorded on first use (lineage through a catalog file's
    /// views): a check never needs one.
    models: Vec<std::sync::OnceLock<Option<crate::binder::semantic::SemanticModel>>>,
    /// What the files were analyzed under, to record a model as they were checked.
    assume_external_objects: bool,
    flink_version: crate::FlinkVersion,
}

impl Project {
    /// Reads and checks `paths` in order (the caller sorts and de-duplicates them), each from
    /// the session the ones before it left, under `options` (its `prelude` is ignored: a
    /// project starts from a fresh session). A file that cannot be read is skipped, noted in
    /// its [`CatalogFile::unreadable`].
    pub fn build(paths: &[PathBuf], options: &Options) -> Project {
        let mut prelude = Prelude::fresh();
        let mut files = Vec::with_capacity(paths.len());
        for path in paths {
            if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"))
            {
                let (file, next) = read_snapshot(path, &prelude, options);
                prelude = next;
                files.push(file);
                continue;
            }
            let (text, offset) = match read_text(path) {
                Ok(read) => read,
                Err(reason) => {
                    let (file, next) = unreadable(path, reason, &prelude, options);
                    prelude = next;
                    files.push(file);
                    continue;
                }
            };
            let options = Options {
                prelude: Some(&prelude),
                ..*options
            };
            let (diagnostics, text, next) = crate::diagnose_continuing(text, &options);
            let before = std::mem::replace(&mut prelude, next);
            files.push(CatalogFile {
                path: path.clone(),
                text: Some(text),
                unreadable: None,
                offset,
                diagnostics,
                places: Vec::new(),
                script: None,
                before,
            });
        }
        Project {
            prelude,
            models: files.iter().map(|_| std::sync::OnceLock::new()).collect(),
            files,
            assume_external_objects: options.assume_external_objects,
            flink_version: options.flink_version,
        }
    }

    /// Where the catalog files define the table or view at `path`: the file, and the
    /// definition (spans in that file's text).
    pub fn definition(&self, path: &ObjectPath) -> Option<(&CatalogFile, Definition)> {
        let definition = self.prelude.definition(path)?;
        let file = self
            .files
            .get((definition.script as usize).checked_sub(1)?)?;
        Some((file, file.placed(*definition)))
    }

    /// Every table and view the catalog files define: its path, file and definition, sorted
    /// by path.
    pub fn symbols(&self) -> Vec<(&ObjectPath, &CatalogFile, Definition)> {
        let mut out: Vec<_> = self
            .prelude
            .definitions()
            .filter_map(|(path, d)| {
                let file = self.files.get((d.script as usize).checked_sub(1)?)?;
                Some((path, file, file.placed(*d)))
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(b.0));
        out
    }

    /// The semantic model of catalog file `script` (1 for the first), analyzed as it was
    /// checked, recorded on first use.
    pub fn model(
        &self,
        script: crate::binder::prelude::ScriptId,
    ) -> Option<&crate::binder::semantic::SemanticModel> {
        let at = (script as usize).checked_sub(1)?;
        let file = self.files.get(at)?;
        self.models
            .get(at)?
            .get_or_init(|| {
                let text = file.script.as_deref().or(file.text.as_deref())?;
                let options = Options {
                    prelude: Some(&file.before),
                    semantic_model: true,
                    assume_external_objects: self.assume_external_objects,
                    flink_version: self.flink_version,
                    ..Options::default()
                };
                crate::analyze_with(text, &options).model
            })
            .as_ref()
    }

    /// The catalog file at `path` (compared as given: the caller normalizes both).
    pub fn file(&self, path: &Path) -> Option<&CatalogFile> {
        self.files.iter().find(|f| f.path == path)
    }
}

/// A catalog file that cannot be read: noted, and bound as an empty script so that the files'
/// numbers in the prelude (`Definition::script`) stay their places in `files`.
fn unreadable(
    path: &Path,
    reason: String,
    prelude: &Prelude,
    options: &Options,
) -> (CatalogFile, Prelude) {
    let options = Options {
        prelude: Some(prelude),
        ..*options
    };
    let (_, _, next) = crate::diagnose_continuing(String::new(), &options);
    let file = CatalogFile {
        path: path.to_path_buf(),
        text: None,
        unreadable: Some(reason),
        offset: 0,
        diagnostics: Vec::new(),
        places: Vec::new(),
        script: None,
        before: prelude.clone(),
    };
    (file, next)
}

/// A catalog snapshot (`snapshot`), run from `prelude`: the file as checked, and the prelude it
/// leaves (`prelude`'s next, also when the file is unusable: the files' numbers stay their
/// places).
fn read_snapshot(path: &Path, prelude: &Prelude, options: &Options) -> (CatalogFile, Prelude) {
    let options = Options {
        prelude: Some(prelude),
        ..*options
    };
    let (json, offset) = match read_text(path) {
        Ok(read) => read,
        Err(reason) => return unreadable(path, reason, prelude, &options),
    };
    let mut places = Vec::new();
    let mut ran = None;
    let (diagnostics, next) = match crate::snapshot::parse(&json) {
        Ok(snapshot) => {
            let known = |catalog: &str| prelude.catalog().catalog(catalog).is_some();
            let script = crate::snapshot::to_script(&snapshot, &known);
            let (found, _, next) = crate::diagnose_continuing(script.text.clone(), &options);
            // Lints and connector findings of a snapshot are about the deployment's catalog,
            // not this repository's text: only what makes an entry unusable is reported.
            let errors = found
                .into_iter()
                .filter(|d| d.severity == crate::Severity::Error)
                .collect();
            let keys = crate::snapshot::ddl_keys(&json);
            places = crate::snapshot::places(&keys, &script);
            ran = Some(script.text.clone());
            (
                crate::snapshot::place(&keys, &snapshot, &script, errors),
                next,
            )
        }
        Err(invalid) => {
            let (_, _, next) = crate::diagnose_continuing(String::new(), &options);
            (vec![invalid], next)
        }
    };
    let file = CatalogFile {
        path: path.to_path_buf(),
        text: Some(json),
        unreadable: None,
        offset,
        diagnostics,
        places,
        script: ran,
        before: prelude.clone(),
    };
    (file, next)
}

/// A file's text without its byte order mark (lossily decoded when not UTF-8), and the bytes
/// the mark took.
fn read_text(path: &Path) -> Result<(String, u32), String> {
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    })?;
    let (bytes, offset) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest.to_vec(), 3),
        None => (bytes, 0),
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    Ok((text, offset))
}
