//! The diagnostic code files, `data/codes/<CODE>-<name>.md`: reading one, checking a set, and
//! the Rust that `build.rs` generates from them. Compiled into the build script, into the
//! library's tests (`code_files_tests.rs`), into `crates/lint/build.rs` (which reads the lint
//! codes) and into `crates/xtask` (whose scaffolds check a new code as the build would).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The code families by first letter, in the order `Code` (and its `Ord`) keeps them: syntax,
/// binder, connector, file, lint. A new family is added here.
pub const FAMILIES: &str = "SBCFL";
/// The front matter keys, all required.
const KEYS: [&str; 6] = ["code", "name", "variant", "stage", "severity", "title"];

pub struct Entry {
    pub file: String,
    pub code: String,
    pub name: String,
    pub variant: String,
    pub stage: &'static str,
    pub severity: &'static str,
    pub title: String,
    pub explanation: String,
}

/// The code files of `dir` (its README aside), in file-name order; what is wrong with a file,
/// or with the directory, goes to `errors` and the file is left out.
pub fn read_dir(dir: &Path, errors: &mut Vec<String>) -> Vec<Entry> {
    let listing = match std::fs::read_dir(dir) {
        Ok(listing) => listing,
        Err(e) => {
            errors.push(format!("cannot list the directory: {e}"));
            return Vec::new();
        }
    };
    let mut paths = Vec::new();
    for item in listing {
        match item {
            Ok(item) => paths.push(item.path()),
            Err(e) => errors.push(format!("cannot list the directory: {e}")),
        }
    }
    // In file-name order, so that the messages name the same file first on every machine.
    paths.sort();
    let mut entries = Vec::new();
    for path in paths {
        let file = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        if file == "README.md" {
            continue;
        }
        if !file.ends_with(".md") || !path.is_file() {
            errors.push(format!("{file}: not a code file (want <CODE>-<name>.md)"));
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(text) => match parse(&file, &text) {
                Ok(entry) => entries.push(entry),
                Err(e) => errors.push(format!("{file}: {e}")),
            },
            Err(e) => errors.push(format!("{file}: cannot read: {e}")),
        }
    }
    entries
}

/// Parses one file: `---`, `key: value` lines, `---`, then the explanation.
pub fn parse(file: &str, text: &str) -> Result<Entry, String> {
    let text = text.replace("\r\n", "\n");
    let Some(rest) = text.strip_prefix("---\n") else {
        return Err("does not start with a `---` line (the front matter)".into());
    };
    let Some((front, body)) = rest.split_once("\n---\n") else {
        return Err("the front matter is not closed by a `---` line".into());
    };
    let mut fields: BTreeMap<&str, String> = BTreeMap::new();
    for (n, line) in front.lines().enumerate() {
        let Some((key, value)) = line.split_once(':') else {
            return Err(format!("front matter line {}: want `key: value`", n + 2));
        };
        let key = key.trim();
        let Some(key) = KEYS.iter().copied().find(|k| *k == key) else {
            return Err(format!(
                "front matter line {}: unknown key `{key}` (keys: {})",
                n + 2,
                KEYS.join(", ")
            ));
        };
        if fields.insert(key, value.trim().to_string()).is_some() {
            return Err(format!("front matter line {}: `{key}` given twice", n + 2));
        }
    }
    let mut field = |key: &str| -> Result<String, String> {
        match fields.remove(key) {
            Some(value) if !value.is_empty() => Ok(value),
            _ => Err(format!("front matter has no `{key}`")),
        }
    };
    let (code, name, variant) = (field("code")?, field("name")?, field("variant")?);
    let (stage, severity, title) = (field("stage")?, field("severity")?, field("title")?);
    let code_ok = code.len() == 4
        && code.starts_with(|c: char| FAMILIES.contains(c))
        && code[1..].bytes().all(|b| b.is_ascii_digit());
    if !code_ok {
        return Err(format!(
            "code `{code}` is not one of the letters {FAMILIES} and three digits (B110)"
        ));
    }
    let kebab = name.split('-').all(|part| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    });
    if !kebab {
        return Err(format!("name `{name}` is not kebab-case (unknown-column)"));
    }
    let camel = variant.starts_with(|c: char| c.is_ascii_uppercase())
        && variant.bytes().all(|b| b.is_ascii_alphanumeric());
    if !camel {
        return Err(format!(
            "variant `{variant}` is not a CamelCase Rust name (UnknownColumn)"
        ));
    }
    if file != format!("{code}-{name}.md") {
        return Err(format!(
            "the file name does not match the front matter: want {code}-{name}.md"
        ));
    }
    let stage = match stage.as_str() {
        "syntax" => "Syntax",
        "bind" => "Bind",
        "lint" => "Lint",
        _ => return Err(format!("stage `{stage}` is not syntax, bind or lint")),
    };
    let severity = match severity.as_str() {
        "error" => "Error",
        "warning" => "Warning",
        "info" => "Info",
        _ => {
            return Err(format!(
                "severity `{severity}` is not error, warning or info"
            ))
        }
    };
    let explanation = body.trim_start_matches('\n').trim_end().to_string();
    for heading in ["## Example", "## Fix"] {
        if !explanation.lines().any(|line| line == heading) {
            return Err(format!("the explanation has no `{heading}` section"));
        }
    }
    Ok(Entry {
        file: file.to_string(),
        code,
        name,
        variant,
        stage,
        severity,
        title,
        explanation,
    })
}

pub fn check_unique(entries: &[Entry], errors: &mut Vec<String>) {
    type Key = fn(&Entry) -> &str;
    let keys: [(&str, Key); 3] = [
        ("code", |e| &e.code),
        ("name", |e| &e.name),
        ("variant", |e| &e.variant),
    ];
    for (what, key) in keys {
        let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
        for e in entries {
            if let Some(first) = seen.insert(key(e), &e.file) {
                errors.push(format!(
                    "{}: duplicate {what} `{}` (also in {first})",
                    e.file,
                    key(e)
                ));
            }
        }
    }
}

pub fn generate(entries: &[Entry]) -> String {
    let mut out = String::from(
        "// Generated by crates/diagnostics/build.rs from data/codes: do not edit.\n\n\
         /// A stable diagnostic code; one file in `crates/diagnostics/data/codes` each.\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub enum Code {\n",
    );
    for e in entries {
        let _ = writeln!(out, "    /// `{}` {}: {}", e.code, e.name, e.title);
        let _ = writeln!(out, "    {},", e.variant);
    }
    out.push_str("}\n\nimpl Code {\n    /// Every code: by family (syntax, binder, connector, file, lint), then by number.\n");
    out.push_str("    pub const ALL: &'static [Code] = &[\n");
    for e in entries {
        let _ = writeln!(out, "        Code::{},", e.variant);
    }
    out.push_str("    ];\n\n    pub fn info(self) -> &'static CodeInfo {\n");
    out.push_str("        &CODE_INFOS[self as usize]\n    }\n}\n\n");
    let _ = writeln!(out, "static CODE_INFOS: [CodeInfo; {}] = [", entries.len());
    for e in entries {
        let _ = writeln!(
            out,
            "    CodeInfo {{\n        code: {:?},\n        name: {:?},\n        \
             stage: Stage::{},\n        severity: Severity::{},\n        title: {:?},\n        \
             explanation: {:?},\n    }},",
            e.code, e.name, e.stage, e.severity, e.title, e.explanation
        );
    }
    out.push_str("];\n");
    out
}

/// Orders entries as `Code` keeps them: by family, then by code.
pub fn sort(entries: &mut [Entry]) {
    entries.sort_by_key(|e| (FAMILIES.find(&e.code[..1]), e.code.clone()));
}
