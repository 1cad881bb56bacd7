//! `docs/architecture.md` cannot name what does not exist: every path and Rust name it puts in
//! back-ticks (outside code blocks) is looked for in the repository, and the test lists the
//! ones it cannot find.
//!
//! - A path (a code span of path characters that has a `/` or ends in `.rs`, `.toml`, `.json`,
//!   `.md`, `.sql`, `.py` or `.sh`; in a command, each such word) exists from the repository's
//!   root when its first part is a top-level entry (`crates/lint/src/rules/`); otherwise (the
//!   text has named the crate: `check.rs`, `query/mod.rs`) it ends a path of the repository. A
//!   `<placeholder>` stands for one name part, `{a,b}` for either, `*` is a glob, and a path
//!   ending in `/` is a directory. `../shared/...` is looked for where `../shared` is (the
//!   corpora; absent in CI), `target/...` (build output) nowhere.
//! - A Rust name (`Type::item`, `a::b::Type`, `Type::item()`, `CamelCase`, `snake_case()` and
//!   `snake_case` with an underscore) has each of its parts as a word of some `.rs` or `.py` file
//!   under `crates/` (the Python package is documented too).

use flinkddl_test_support::fixtures::repo_dir;
use flinkddl_test_support::markdown::{inline_code, prose};
use globset::{GlobBuilder, GlobMatcher};
use std::collections::HashSet;
use std::path::Path;

const EXTENSIONS: [&str; 7] = [".rs", ".toml", ".json", ".md", ".sql", ".py", ".sh"];

/// Every file and directory under `root`, relative and with `/`, a directory's ending in `/`;
/// build output and `.git` left out.
fn tree(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let Ok(relative) = path.strip_prefix(root) else {
                continue;
            };
            let relative = relative.to_string_lossy().replace('\\', "/");
            if path.is_dir() {
                if matches!(relative.as_str(), "target" | ".git") {
                    continue;
                }
                out.push(format!("{relative}/"));
                dirs.push(path);
            } else {
                out.push(relative);
            }
        }
    }
    out
}

/// Whether a word of a code span is a path.
fn is_path(word: &str) -> bool {
    let path_chars = word
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-./<>{}*,".contains(c));
    // `.sql` is an extension, not a file.
    let extension_only = word.starts_with('.') && !word[1..].contains(['.', '/']);
    path_chars
        && !word.is_empty()
        && !extension_only
        && (word.contains('/') || EXTENSIONS.iter().any(|e| word.ends_with(e)))
}

/// The glob of a path: a `<placeholder>` is `*`.
fn glob(pattern: &str) -> Option<GlobMatcher> {
    let mut glob = String::new();
    let mut placeholder = false;
    for c in pattern.chars() {
        match c {
            '<' => {
                placeholder = true;
                glob.push('*');
            }
            '>' => placeholder = false,
            _ if !placeholder => glob.push(c),
            _ => {}
        }
    }
    let built = GlobBuilder::new(&glob).literal_separator(true).build();
    built.ok().map(|g| g.compile_matcher())
}

/// Whether `path` names something of `tree` (see the module's comment for the rules).
fn exists_in(path: &str, tree: &[String]) -> bool {
    let directory = path.ends_with('/');
    let path = path.trim_end_matches('/');
    let top_level = path.split('/').next().is_some_and(|first| {
        tree.iter()
            .any(|entry| entry.trim_end_matches('/') == first)
    });
    let pattern = if top_level {
        path.to_string()
    } else {
        format!("**/{path}")
    };
    let Some(matcher) = glob(&pattern) else {
        return false;
    };
    tree.iter()
        .filter(|entry| !directory || entry.ends_with('/'))
        .any(|entry| matcher.is_match(entry.trim_end_matches('/')))
}

/// The parts of a Rust name to look for, when `span` is one of the forms checked.
fn rust_name(span: &str) -> Option<Vec<&str>> {
    // `f(...)`: the name before the arguments.
    let (name, call) = match span.split_once('(') {
        Some((name, _)) if span.ends_with(')') => (name, true),
        Some(_) => return None,
        None => (span, false),
    };
    let parts: Vec<&str> = name.split("::").flat_map(|p| p.split('.')).collect();
    let ident = |p: &&str| {
        p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && p.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
    };
    if !parts.iter().all(ident) {
        return None;
    }
    let [one] = parts.as_slice() else {
        // A path (`Type::item`) or a method call (`Parse::script()`, `x.y()`).
        return (name.contains("::") || call).then_some(parts);
    };
    let camel = one.starts_with(|c: char| c.is_ascii_uppercase())
        && one.contains(|c: char| c.is_ascii_lowercase());
    let snake = one.starts_with(|c: char| c.is_ascii_lowercase())
        && !one.contains(|c: char| c.is_ascii_uppercase());
    // SQL (`SUM(x)`, `PROCTIME()`) is upper-case; a plain word without `_` is English.
    let checked = camel || (snake && (call || one.contains('_')));
    checked.then_some(parts)
}

/// The words of every `.rs` and `.py` file under `crates/`.
fn source_words(root: &Path, tree: &[String]) -> HashSet<String> {
    let mut words = HashSet::new();
    let sources = tree
        .iter()
        .filter(|f| f.starts_with("crates/") && (f.ends_with(".rs") || f.ends_with(".py")));
    for file in sources {
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        let split = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        words.extend(split.filter(|w| !w.is_empty()).map(str::to_string));
    }
    words
}

#[test]
fn every_path_and_name_in_the_architecture_exists() {
    let root = repo_dir("");
    let shared = root.join("../shared");
    let shared_tree = shared.is_dir().then(|| tree(&shared));
    let tree = tree(&root);
    let words = source_words(&root, &tree);
    let doc = std::fs::read_to_string(repo_dir("docs/architecture.md")).unwrap_or_default();
    let prose = prose(&doc);
    let spans = inline_code(&prose);
    assert!(spans.len() > 500, "docs/architecture.md has few code spans");
    let mut missing = Vec::new();
    for span in spans {
        for word in span.split_whitespace().map(|w| w.trim_matches(['"', '\''])) {
            if !is_path(word) || word.starts_with("target/") {
                continue;
            }
            let found = match (word.strip_prefix("../shared"), &shared_tree) {
                (Some(""), _) | (Some(_), None) => true,
                (Some(rest), Some(shared_tree)) => {
                    exists_in(rest.trim_start_matches('/'), shared_tree)
                }
                (None, _) => exists_in(word, &tree),
            };
            if !found {
                missing.push(format!("path `{word}` (in `{span}`)"));
            }
        }
        if let Some(parts) = rust_name(span) {
            let absent: Vec<&str> = parts.into_iter().filter(|p| !words.contains(*p)).collect();
            if !absent.is_empty() {
                missing.push(format!(
                    "name `{span}` ({} in no source)",
                    absent.join(", ")
                ));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "docs/architecture.md names what the repository does not have (fix the document):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_forms_checked() {
    for path in [
        "crates/lint/src/rules/",
        "check.rs",
        "fixtures/lint/<rule>/{invalid,valid}.sql",
        "**/flinkddl.toml",
        ".ci/run",
    ] {
        assert!(is_path(path), "{path}");
    }
    for not_path in [
        "$/cancelRequest",
        "/*+",
        ".sql",
        "flinkddl.lineage",
        "ROW<a",
    ] {
        assert!(!is_path(not_path), "{not_path}");
    }
    let tree: Vec<String> = [
        "crates/",
        "crates/a/",
        "crates/a/src/",
        "crates/a/src/check.rs",
    ]
    .map(String::from)
    .to_vec();
    for found in [
        "crates/a/src/",
        "check.rs",
        "src/check.rs",
        "crates/<crate>/src/*.rs",
    ] {
        assert!(exists_in(found, &tree), "{found}");
    }
    for absent in [
        "crates/check.rs",
        "check.rs/",
        "other.rs",
        "crates/a/lib.rs",
    ] {
        assert!(!exists_in(absent, &tree), "{absent}");
    }
    assert_eq!(
        rust_name("Config::options"),
        Some(vec!["Config", "options"])
    );
    assert_eq!(
        rust_name("flinkddl::analyze_with(text, &Options)"),
        Some(vec!["flinkddl", "analyze_with"])
    );
    assert_eq!(
        rust_name("Code::UnknownQueryColumn.info()"),
        Some(vec!["Code", "UnknownQueryColumn", "info"])
    );
    assert_eq!(rust_name("TableSchema"), Some(vec!["TableSchema"]));
    assert_eq!(rust_name("walk_query"), Some(vec!["walk_query"]));
    assert_eq!(rust_name("lookup()"), Some(vec!["lookup"]));
    for not_name in [
        "SUM(x)",
        "PROCTIME()",
        "describe",
        "MAX_DEPTH",
        "Arc<DataType>",
        "a b",
    ] {
        assert_eq!(rust_name(not_name), None, "{not_name}");
    }
}
