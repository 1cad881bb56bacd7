//! `catalog = [...]`: a project's catalog files (issue 35, decision 0012). Each entry is a path
//! or a glob relative to the directory of the `flinkddl.toml` that lists it (like `include`;
//! `*` also matches `/`). The files they name run, in path order, before every other file of
//! the project; the project they make is built once per configuration, on first use, and
//! shared by every clone of it.

use crate::{globs, normalize, Problem};
use flinkddl::project::Project;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// One entry of `catalog`, and the directory it is relative to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogEntry {
    /// Absolute, without `.` or `..`.
    pub base: PathBuf,
    /// As written.
    pub pattern: String,
}

/// The project a configuration's catalog files make, built on first use.
#[derive(Debug, Default)]
pub(crate) struct Lazy(OnceLock<Arc<ProjectCatalog>>);

/// A configuration's catalog: its files, checked, and what the entries did not find.
#[derive(Debug, Default)]
pub struct ProjectCatalog {
    pub project: Project,
    /// The entries that name no file (a glob that matches nothing, a path that does not
    /// exist is read and reported unreadable instead).
    pub unmatched: Vec<CatalogEntry>,
}

impl Lazy {
    pub(crate) fn get_or_build(
        &self,
        build: impl FnOnce() -> ProjectCatalog,
    ) -> &Arc<ProjectCatalog> {
        self.0.get_or_init(|| Arc::new(build()))
    }
}

/// Whether a pattern is a glob (else a plain path).
fn is_glob(pattern: &str) -> bool {
    pattern.contains(['*', '?', '[', '{'])
}

/// The most directories deep a glob is matched under its fixed prefix (a symbolic link to a
/// parent is not followed, and this bounds any other loop).
const MAX_DEPTH: usize = 64;

/// The files the entries name, sorted by path, each once; and the entries that name none.
pub fn expand(entries: &[CatalogEntry]) -> (Vec<PathBuf>, Vec<CatalogEntry>) {
    let mut files = Vec::new();
    let mut unmatched = Vec::new();
    for entry in entries {
        let before = files.len();
        if is_glob(&entry.pattern) {
            // Walk only the part of the tree the glob can match: its fixed leading directories.
            let set = match globs(std::slice::from_ref(&entry.pattern)) {
                Ok(set) => set,
                Err(_) => {
                    unmatched.push(entry.clone());
                    continue;
                }
            };
            let fixed: PathBuf = Path::new(&entry.pattern)
                .components()
                .take_while(|c| !is_glob(&c.as_os_str().to_string_lossy()))
                .collect();
            let start = normalize(&entry.base.join(&fixed));
            walk(&start, 0, &mut |path| {
                if let Ok(relative) = path.strip_prefix(&entry.base) {
                    if set.is_match(relative) {
                        files.push(path.to_path_buf());
                    }
                }
            });
        } else {
            files.push(normalize(&entry.base.join(&entry.pattern)));
        }
        if files.len() == before {
            unmatched.push(entry.clone());
        }
    }
    files.sort();
    files.dedup();
    (files, unmatched)
}

/// Every regular file under `dir`, hidden entries (`.git`, ...) skipped.
fn walk(dir: &Path, depth: usize, found: &mut dyn FnMut(&Path)) {
    if depth > MAX_DEPTH {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => walk(&path, depth + 1, found),
            Ok(t) if t.is_file() => found(&path),
            // A link: followed to a file, never to a directory.
            Ok(t) if t.is_symlink() && path.is_file() => found(&path),
            _ => {}
        }
    }
}

/// Every file under `root` (hidden entries skipped) that `keep` accepts, sorted by path.
pub fn files_under(root: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(&normalize(root), 0, &mut |path| {
        if keep(path) {
            out.push(path.to_path_buf());
        }
    });
    out.sort();
    out
}

/// Checks an entry's pattern when the configuration is read.
pub(crate) fn entry(base: &Path, pattern: &str) -> Result<CatalogEntry, Problem> {
    if pattern.trim().is_empty() {
        return Err(Problem::EmptyCatalogPath);
    }
    if is_glob(pattern) {
        globs(&[pattern.to_string()])?;
    }
    Ok(CatalogEntry {
        base: normalize(base),
        pattern: pattern.to_string(),
    })
}
