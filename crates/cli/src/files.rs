//! Which files `flinkddl check` reads: the paths on the command line, expanded.
//!
//! - `-` is standard input.
//! - A directory is walked recursively; hidden entries (`.git`, `.venv`, ...) and what
//!   `.gitignore`, `.ignore` and `.git/info/exclude` files ignore are skipped (as ruff does;
//!   `--no-respect-gitignore` walks them too), and a file is taken when its configuration
//!   `include`s it (by default `*.sql`) and does not `exclude` it.
//! - A path with `*`, `?`, `[` or `{` that does not exist as written is a glob (for shells that
//!   do not expand it, or quoted `'**/*.sql'`); a glob that matches nothing is a usage error.
//! - A file named on the command line is checked whatever its extension, unless its
//!   configuration excludes it (or, with `--force-exclude`, a `.gitignore` ignores it: for
//!   pre-commit and editors, which name files one by one); a path that does not exist becomes
//!   an `F002` for that path.
//!
//! The result is sorted by path and has no duplicates.

use crate::config::{Config, Finder};
use globset::GlobBuilder;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// How paths are found: the flags `check` and `format` share.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct Discovery {
    /// Walk directories without reading `.gitignore`, `.ignore` and `.git/info/exclude`.
    #[arg(long)]
    pub no_respect_gitignore: bool,
    /// Apply the exclusions to files named on the command line too: those a `.gitignore`
    /// ignores are skipped (a configuration's `exclude` always applies to them).
    #[arg(long)]
    pub force_exclude: bool,
}

/// One thing to check.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    /// A file path (it may not exist: reading it then reports why).
    File(PathBuf),
    /// Standard input, shown under this name.
    Stdin(String),
    /// A path found while walking a directory that could not be read (permission denied, a
    /// broken link), with the reason.
    Unreadable(PathBuf, String),
}

impl Target {
    /// The name used in output: the path as given, `/`-separated, without a leading `./`.
    pub fn display(&self) -> String {
        match self {
            Target::File(p) | Target::Unreadable(p, _) => display_path(p),
            Target::Stdin(name) => name.clone(),
        }
    }
}

/// `a/b.sql` for `./a/b.sql` (and `a\b.sql` on Windows).
pub fn display_path(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.is_empty() {
        return ".".to_string();
    }
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 && !out.ends_with('/') {
            out.push('/');
        }
        out.push_str(part);
    }
    out
}

/// The configurations of a run: `--config FILE` for every file, else each file's nearest
/// `flinkddl.toml`. `Err` is a usage error (the named file cannot be read).
pub fn finder(config: Option<&Path>) -> Result<Finder, String> {
    let fixed = match config {
        Some(file) => Some(Config::load(file).map_err(|e| e.to_string())?),
        None => None,
    };
    Ok(Finder::new(fixed))
}

/// The paths a command runs on, as in ruff: standard input under `--stdin-filename` (not the
/// current directory; the paths given besides `-` are ignored, each with a warning `doing`
/// says why), else the paths given, else the current directory.
pub fn inputs(
    stdin_filename: Option<&str>,
    given: &[PathBuf],
    doing: &str,
) -> (Vec<PathBuf>, Vec<String>) {
    let stdin = PathBuf::from("-");
    match (stdin_filename, given) {
        (Some(_), given) => {
            let warnings = given
                .iter()
                .filter(|p| **p != stdin)
                .map(|p| {
                    format!(
                        "warning: ignoring `{}`: --stdin-filename {doing} standard input",
                        display_path(p)
                    )
                })
                .collect();
            (vec![stdin], warnings)
        }
        (None, []) => (vec![PathBuf::from(".")], Vec::new()),
        (None, given) => (given.to_vec(), Vec::new()),
    }
}

/// What a run that found no file says (a warning for `check`, an error for the MCP tool).
pub fn no_file_message(paths: &[PathBuf]) -> String {
    format!(
        "no file to check in {}: directories give the files their flinkddl.toml `include`s \
         (default: *.sql)",
        paths
            .iter()
            .map(|p| format!("`{}`", display_path(p)))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// A file and the configuration that applies to it.
pub struct Planned {
    pub target: Target,
    pub config: Config,
}

/// Expands the command line's paths. `Err` is a usage error (a bad configuration file, a glob
/// that matches nothing).
pub fn expand(
    paths: &[PathBuf],
    stdin_name: Option<&str>,
    finder: &mut Finder,
) -> Result<Vec<Planned>, String> {
    expand_with(paths, stdin_name, finder, Discovery::default())
}

/// [`expand`], with the discovery flags.
pub fn expand_with(
    paths: &[PathBuf],
    stdin_name: Option<&str>,
    finder: &mut Finder,
    discovery: Discovery,
) -> Result<Vec<Planned>, String> {
    let mut out: Vec<Planned> = Vec::new();
    let mut ignores = Ignores::default();
    for path in paths {
        if path.as_os_str() == "-" {
            let name = stdin_name.unwrap_or("<stdin>").to_string();
            let config = match stdin_name {
                Some(n) => finder.for_path(Path::new(n)).map_err(|e| e.to_string())?,
                None => finder
                    .for_path(Path::new("<stdin>"))
                    .map_err(|e| e.to_string())?,
            };
            out.push(Planned {
                target: Target::Stdin(name),
                config,
            });
        } else if path.is_dir() {
            walk(path, finder, &mut out, None, discovery)?;
        } else if !path.exists() && is_glob(path) {
            let before = out.len();
            glob(path, finder, &mut out, discovery)?;
            if out.len() == before {
                return Err(format!("no file matches `{}`", path.display()));
            }
        } else {
            let config = finder.for_path(path).map_err(|e| e.to_string())?;
            let ignored =
                discovery.force_exclude && !discovery.no_respect_gitignore && ignores.ignores(path);
            if !config.excludes(path) && !ignored {
                out.push(Planned {
                    target: Target::File(path.clone()),
                    config,
                });
            }
        }
    }
    out.sort_by_key(|p| p.target.display());
    out.dedup_by_key(|p| p.target.display());
    Ok(out)
}

fn is_glob(path: &Path) -> bool {
    path.to_string_lossy().contains(['*', '?', '[', '{'])
}

/// The `.gitignore` files above named files, read once per directory.
#[derive(Default)]
struct Ignores {
    by_directory: HashMap<PathBuf, Option<Gitignore>>,
}

impl Ignores {
    /// Whether a `.gitignore` (or `.ignore`) in the file's directory or above, up to the
    /// repository's root, ignores it. The nearest file that says anything decides, as in git.
    fn ignores(&mut self, path: &Path) -> bool {
        let Ok(absolute) = std::path::absolute(path) else {
            return false;
        };
        let mut directory = absolute.parent();
        while let Some(dir) = directory {
            let rules = self
                .by_directory
                .entry(dir.to_path_buf())
                .or_insert_with(|| {
                    let mut builder = GitignoreBuilder::new(dir);
                    let mut any = false;
                    for name in [".gitignore", ".ignore"] {
                        let file = dir.join(name);
                        // A file that cannot be read or parsed ignores nothing, as in git.
                        any |= file.is_file() && builder.add(file).is_none();
                    }
                    any.then(|| builder.build().ok()).flatten()
                });
            if let Some(rules) = rules {
                let matched = rules.matched_path_or_any_parents(&absolute, false);
                if matched.is_ignore() {
                    return true;
                }
                if matched.is_whitelist() {
                    return false;
                }
            }
            if dir.join(".git").exists() {
                break;
            }
            directory = dir.parent();
        }
        false
    }
}

/// Walks `root`, taking the files their configuration includes (and, for a glob, that match
/// `pattern`).
fn walk(
    root: &Path,
    finder: &mut Finder,
    out: &mut Vec<Planned>,
    pattern: Option<&globset::GlobMatcher>,
    discovery: Discovery,
) -> Result<(), String> {
    let respect = !discovery.no_respect_gitignore;
    let walker = ignore::WalkBuilder::new(root)
        .sort_by_file_name(std::ffi::OsStr::cmp)
        .hidden(true)
        .parents(respect)
        .ignore(respect)
        .git_ignore(respect)
        .git_exclude(respect)
        // A user's global ignores are theirs, not the project's: CI would not see them.
        .git_global(false)
        // A `.gitignore` says what is not source, in a git checkout or not (an unpacked
        // archive, a container's copy).
        .require_git(false)
        .build();
    for entry in walker {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                // An unreadable directory: report it, so that it is not silently skipped.
                if let Some(p) = error_path(&e) {
                    let reason = e
                        .io_error()
                        .map_or_else(|| e.to_string(), crate::source::io_reason);
                    out.push(Planned {
                        target: Target::Unreadable(p.to_path_buf(), reason),
                        config: finder.for_path(p).map_err(|e| e.to_string())?,
                    });
                }
                continue;
            }
        };
        let path = entry.path();
        // Links are not followed into directories; a link to a file counts as that file.
        let is_dir = entry.file_type().is_none_or(|t| t.is_dir());
        if is_dir || (entry.path_is_symlink() && path.is_dir()) {
            continue;
        }
        if let Some(m) = pattern {
            if !m.is_match(path.strip_prefix(".").unwrap_or(path)) {
                continue;
            }
        }
        let config = finder.for_path(path).map_err(|e| e.to_string())?;
        let taken = match pattern {
            // A glob says which files it wants; only `exclude` still applies.
            Some(_) => !config.excludes(path),
            None => config.includes(path),
        };
        if taken {
            out.push(Planned {
                target: Target::File(path.to_path_buf()),
                config,
            });
        }
    }
    Ok(())
}

/// The path an error of the walk is about (an unreadable directory, a broken link).
fn error_path(error: &ignore::Error) -> Option<&Path> {
    match error {
        ignore::Error::WithPath { path, .. } => Some(path),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        _ => None,
    }
}

fn glob(
    pattern: &Path,
    finder: &mut Finder,
    out: &mut Vec<Planned>,
    discovery: Discovery,
) -> Result<(), String> {
    let text = pattern.to_string_lossy();
    let text = text.strip_prefix("./").unwrap_or(&text);
    let matcher = GlobBuilder::new(text)
        .literal_separator(true)
        .build()
        .map_err(|e| format!("bad glob `{text}`: {e}"))?
        .compile_matcher();
    // Walk from the longest leading part without a wildcard.
    let mut base = PathBuf::new();
    for component in Path::new(text).components() {
        if is_glob(Path::new(component.as_os_str())) {
            break;
        }
        base.push(component);
    }
    if base.as_os_str().is_empty() || base == Path::new(text) {
        base = PathBuf::from(".");
    }
    if !base.is_dir() {
        return Ok(());
    }
    walk(&base, finder, out, Some(&matcher), discovery)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_drops_the_leading_dot() {
        assert_eq!(display_path(Path::new("./a/b.sql")), "a/b.sql");
        assert_eq!(display_path(Path::new("a/./b.sql")), "a/b.sql");
        assert_eq!(display_path(Path::new("/x/y.sql")), "/x/y.sql");
        assert_eq!(display_path(Path::new(".")), ".");
    }
}
