//! The diagnostic code files, `data/codes/<CODE>-<name>.md`: reading one, checking a set, and
//! the Rust that `build.rs` generates from them. Compiled into the build script and, for its
//! tests, into the library's tests; nothing else uses it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Code, Severity, Stage};

    const GOOD: &str = "---\ncode: B999\nname: some-mistake\nvariant: SomeMistake\nstage: bind\n\
        severity: warning\ntitle: a mistake: of some kind\n---\n\nWhy.\n\n## Example\n\n\
        ```sql\nSELECT 1;\n```\n\n## Fix\n\nFix it.\n";

    /// Every file of `data/codes` reads back as the generated table has it.
    #[test]
    fn the_table_is_the_files() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/codes");
        let mut entries = Vec::new();
        for item in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let file = item.file_name().to_string_lossy().into_owned();
            if file == "README.md" {
                continue;
            }
            let text = std::fs::read_to_string(item.path()).unwrap_or_default();
            match parse(&file, &text) {
                Ok(entry) => entries.push(entry),
                Err(e) => panic!("{file}: {e}"),
            }
        }
        sort(&mut entries);
        assert_eq!(entries.len(), Code::ALL.len());
        for (entry, code) in entries.iter().zip(Code::ALL) {
            let info = code.info();
            let stage = format!("{:?}", info.stage);
            let severity = format!("{:?}", info.severity);
            let got = (
                entry.code.as_str(),
                entry.name.as_str(),
                entry.variant.clone(),
                entry.stage,
                entry.severity,
                entry.title.as_str(),
                entry.explanation.as_str(),
            );
            let want = (
                info.code,
                info.name,
                format!("{code:?}"),
                stage.as_str(),
                severity.as_str(),
                info.title,
                info.explanation,
            );
            assert_eq!(got, want);
        }
    }

    #[test]
    fn a_file_reads_as_written() {
        let entry = parse("B999-some-mistake.md", &GOOD.replace('\n', "\r\n"));
        let Ok(entry) = entry else {
            panic!("{:?}", entry.err());
        };
        assert_eq!(entry.title, "a mistake: of some kind");
        assert_eq!((entry.stage, entry.severity), ("Bind", "Warning"));
        assert!(entry.explanation.starts_with("Why.\n\n## Example"));
        assert!(entry.explanation.ends_with("Fix it."));
        let generated = generate(&[entry]);
        assert!(generated.contains("    SomeMistake,\n"), "{generated}");
        assert!(generated.contains("stage: Stage::Bind,"), "{generated}");
        let _ = (Stage::Bind, Severity::Warning);
    }

    /// Each malformed file is rejected with a message that says what is wrong.
    #[test]
    fn malformed_files_say_what_is_wrong() {
        let cases = [
            (
                "B999-some-mistake.md",
                "code: B999\n",
                "does not start with a `---` line",
            ),
            (
                "B999-some-mistake.md",
                "---\ncode: B999\n",
                "is not closed by a `---` line",
            ),
            (
                "B999-some-mistake.md",
                "---\ncode B999\n---\n",
                "line 2: want `key: value`",
            ),
            (
                "B999-some-mistake.md",
                "---\ncolour: red\n---\n",
                "unknown key `colour`",
            ),
            (
                "B999-some-mistake.md",
                "---\ncode: B999\ncode: B998\n---\n",
                "`code` given twice",
            ),
            (
                "B999-some-mistake.md",
                "---\ncode: B999\n---\n",
                "no `name`",
            ),
        ];
        for (file, text, want) in cases {
            let got = parse(file, text).err().unwrap_or_default();
            assert!(got.contains(want), "{text:?}: {got:?} lacks {want:?}");
        }
        let edits = [
            ("code: B999", "code: X999", "is not one of the letters"),
            (
                "name: some-mistake",
                "name: Some_Mistake",
                "is not kebab-case",
            ),
            (
                "variant: SomeMistake",
                "variant: some_mistake",
                "is not a CamelCase",
            ),
            ("stage: bind", "stage: parse", "stage `parse` is not"),
            (
                "severity: warning",
                "severity: fatal",
                "severity `fatal` is not",
            ),
            ("## Fix", "## Remedy", "no `## Fix` section"),
            ("## Example", "## Sample", "no `## Example` section"),
        ];
        for (from, to, want) in edits {
            let text = GOOD.replace(from, to);
            let got = parse("B999-some-mistake.md", &text)
                .err()
                .unwrap_or_default();
            assert!(got.contains(want), "{to}: {got:?} lacks {want:?}");
        }
        let got = parse("B998-some-mistake.md", GOOD)
            .err()
            .unwrap_or_default();
        assert!(got.contains("want B999-some-mistake.md"), "{got}");
    }

    #[test]
    fn a_code_name_or_variant_given_twice_fails() {
        let parsed = |file: &str, text: &str| parse(file, text).ok();
        let other = GOOD
            .replace("B999", "B998")
            .replace("some-mistake", "other-mistake");
        let entries: Vec<Entry> = [
            parsed("B999-some-mistake.md", GOOD),
            parsed(
                "B999-other-mistake.md",
                &GOOD.replace("some-mistake", "other-mistake"),
            ),
            parsed("B998-other-mistake.md", &other),
        ]
        .into_iter()
        .flatten()
        .collect();
        assert_eq!(entries.len(), 3);
        let mut errors = Vec::new();
        check_unique(&entries, &mut errors);
        let want = [
            "B999-other-mistake.md: duplicate code `B999` (also in B999-some-mistake.md)",
            "B998-other-mistake.md: duplicate name `other-mistake` (also in B999-other-mistake.md)",
            "B999-other-mistake.md: duplicate variant `SomeMistake` (also in B999-some-mistake.md)",
            "B998-other-mistake.md: duplicate variant `SomeMistake` (also in B999-other-mistake.md)",
        ];
        assert_eq!(errors, want);
    }
}
