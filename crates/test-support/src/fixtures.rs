//! Data-driven fixtures: a directory of `.sql` cases, each with an insta snapshot of the same
//! name beside it. The insta assertion stays in the test file (insta records the file that
//! asserts in each snapshot), inside [`Case::bind`].

use serde_json::Value;
use std::path::{Path, PathBuf};

/// A directory of the repository, from its root (`fixtures/bind/ok`).
pub fn repo_dir(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

/// One `.sql` case: its path, its file stem (the snapshot's name) and its text.
pub struct Case {
    pub path: PathBuf,
    pub name: String,
    pub text: String,
}

impl Case {
    /// Runs `assert` (an insta assertion named [`Case::name`]) with the snapshot beside the case.
    pub fn bind<R>(&self, assert: impl FnOnce() -> R) -> R {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        snapshot_settings(dir).bind(assert)
    }
}

/// The `.sql` files of `dir`, sorted; none when the directory is missing.
pub fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.extension().is_some_and(|e| e == "sql"));
    out.sort();
    out
}

/// The `.sql` files under `dir`, depth first, each directory's entries in name order; none when
/// the directory is missing.
pub fn sql_files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "sql") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out
}

/// The file stem of a case, the name of its snapshot.
pub fn case_name(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("case")
        .to_string()
}

/// The case at `path` (empty text when it cannot be read: the case's assertions then fail).
pub fn case(path: &Path) -> Case {
    Case {
        path: path.to_path_buf(),
        name: case_name(path),
        text: std::fs::read_to_string(path).unwrap_or_default(),
    }
}

/// Every case of `dir`, in file-name order; panics when there is none (a moved directory
/// would otherwise pass silently).
pub fn cases(dir: &Path) -> Vec<Case> {
    let files = sql_files(dir);
    assert!(!files.is_empty(), "no .sql cases in {}", dir.display());
    files.iter().map(|p| case(p)).collect()
}

/// insta settings that keep the snapshot beside its case, named by the case alone.
pub fn snapshot_settings(dir: &Path) -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(dir);
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

/// Fails when a `.snap` file of `dir` has no `.sql` case of the same name (a case was renamed
/// or removed and its snapshot left behind).
pub fn assert_no_orphan_snapshots(dir: &Path) {
    let mut orphans: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "snap"))
        .filter(|p| !p.with_extension("sql").exists())
        .map(|p| p.display().to_string())
        .collect();
    orphans.sort();
    assert!(
        orphans.is_empty(),
        "orphan snapshots without their .sql case: {orphans:#?}"
    );
}

/// Writes every `{start, end}` object as a `"start..end"` string: it keeps AST snapshots short.
pub fn compact_spans(v: Value) -> Value {
    match v {
        Value::Object(map) => {
            if map.len() == 2 && map.contains_key("start") && map.contains_key("end") {
                return Value::String(format!("{}..{}", map["start"], map["end"]));
            }
            Value::Object(
                map.into_iter()
                    .map(|(k, v)| (k, compact_spans(v)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.into_iter().map(compact_spans).collect()),
        other => other,
    }
}
