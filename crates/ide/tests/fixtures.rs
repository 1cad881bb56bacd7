//! Data-driven editor-feature tests over `fixtures/ide/<feature>/*.sql`. Each case marks the
//! cursor with `$0` (features that read the whole document need none); the feature's result,
//! rendered with line:column positions and the text it points at, is an insta snapshot beside
//! the case. A case named `no_*` must give an empty result, every other case a non-empty one.
//! A snapshot without its `.sql`, or a directory that is not a feature, fails.
//!
//! `rename` cases give the new name on a line `-- new-name: <name>`. Any case can be analyzed
//! under a `flinkddl.toml`: its lines `-- flinkddl.toml: <line>` are the file's lines.
//! Bless snapshots with `INSTA_UPDATE=always` (or `cargo insta review`).

use flinkddl_ide::{Analysis, Config, LineIndex, Span, TextEdit};
use flinkddl_test_support::fixtures::{self, assert_no_orphan_snapshots, snapshot_settings};
use std::path::{Path, PathBuf};

const FEATURES: &[&str] = &[
    "call_hierarchy",
    "code_actions",
    "completion",
    "definition",
    "diagnostics",
    "folding",
    "hover",
    "inlay_hints",
    "references",
    "rename",
    "semantic_tokens",
    "signature_help",
    "symbols",
];

fn root() -> PathBuf {
    fixtures::repo_dir("fixtures/ide")
}

fn cases(feature: &str) -> Vec<PathBuf> {
    fixtures::sql_files(&root().join(feature))
}

struct Case {
    text: String,
    offset: u32,
    analysis: Analysis,
}

fn load(path: &Path) -> Case {
    let marked = std::fs::read_to_string(path).unwrap_or_default();
    let offset = marked.find("$0").unwrap_or(0) as u32;
    let text = marked.replacen("$0", "", 1);
    let toml: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("-- flinkddl.toml: "))
        .collect();
    let analysis = if toml.is_empty() {
        Analysis::new(text.as_str())
    } else {
        // Paths in the configuration (`connectors`) are relative to the case's directory.
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let config = Config::parse(&toml.join("\n"), dir, None)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .read_connectors()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Analysis::with_config(text.as_str(), &config)
    };
    Case {
        analysis,
        text,
        offset,
    }
}

fn pos(text: &str, index: &LineIndex, offset: u32) -> String {
    let lc = index.line_col(text, offset);
    format!("{}:{}", lc.line, lc.column_utf16)
}

fn at(case: &Case, span: Span) -> String {
    let index = case.analysis.line_index();
    let snippet: String = case
        .text
        .get(span.range())
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let snippet: String = if snippet.chars().count() > 60 {
        format!("{}…", snippet.chars().take(60).collect::<String>())
    } else {
        snippet
    };
    format!("{} `{snippet}`", pos(&case.text, index, span.start))
}

fn apply(text: &str, edits: &[TextEdit]) -> String {
    let mut edits = edits.to_vec();
    edits.sort_by_key(|e| std::cmp::Reverse(e.span.start));
    let mut out = text.to_string();
    for e in edits {
        out.replace_range(e.span.range(), &e.text);
    }
    out
}

/// Appends what `render` makes of each item; whether there was none.
fn push_each<T>(
    out: &mut String,
    items: impl IntoIterator<Item = T>,
    render: impl Fn(T) -> String,
) -> bool {
    let mut empty = true;
    for item in items {
        empty = false;
        out.push_str(&render(item));
    }
    empty
}

/// The rendered result and whether it was empty.
fn render(feature: &str, case: &Case) -> (String, bool) {
    let a = &case.analysis;
    let mut out = String::new();
    let empty;
    match feature {
        "hover" => {
            let h = a.hover(case.offset);
            empty = h.is_none();
            if let Some(h) = h {
                out.push_str(&format!("over {}\n\n{}\n", at(case, h.span), h.markdown));
            }
        }
        "completion" => {
            empty = push_each(&mut out, a.completions(case.offset), |i| {
                format!(
                    "{:?} {} | {}{} | replaces {}\n",
                    i.kind,
                    i.label,
                    i.insert_text.replace('\n', "\\n"),
                    i.detail
                        .as_ref()
                        .map(|d| format!(" | {d}"))
                        .unwrap_or_default(),
                    at(case, i.replace)
                )
            });
        }
        "signature_help" => {
            let help = a.signature_help(case.offset);
            empty = help.is_none();
            if let Some(h) = help {
                out.push_str(&format!(
                    "call {}, argument {}\n",
                    at(case, h.name_span),
                    h.argument
                ));
                for (i, s) in h.signatures.iter().enumerate() {
                    let marker = if i == h.active_signature { "*" } else { " " };
                    // The active parameter in brackets: `LPAD(CHARACTER, [INTEGER], ...)`.
                    let mut label = s.label.clone();
                    if let Some(&(start, end)) =
                        s.active_parameter.and_then(|p| s.parameters.get(p))
                    {
                        label.insert(end as usize, ']');
                        label.insert(start as usize, '[');
                    }
                    out.push_str(&format!(
                        "{marker} {label}\n    {}\n",
                        s.documentation.replace('\n', "\n    ")
                    ));
                }
            }
        }
        "inlay_hints" => {
            let hints = a.inlay_hints(Span::new(0, case.text.len() as u32));
            empty = hints.is_empty();
            // The text as an editor shows it, hints in place, then each hint.
            let mut shown = case.text.clone();
            for h in hints.iter().rev() {
                shown.insert_str(h.offset as usize, &format!("«{}»", h.label));
            }
            out.push_str(&shown);
            out.push_str("---\n");
            for h in &hints {
                out.push_str(&format!(
                    "{:?} {} {}\n",
                    h.kind,
                    pos(&case.text, a.line_index(), h.offset),
                    h.label
                ));
            }
        }
        "call_hierarchy" => {
            // The item at the cursor, then what it is made from and what is made from it.
            let item = a.prepare_call_hierarchy(case.offset);
            empty = item.is_none();
            if let Some(item) = item {
                let show = |i: &flinkddl_ide::CallHierarchyItem| {
                    format!(
                        "{:?} {}.{}.{}{} {}",
                        i.kind,
                        i.path.0,
                        i.path.1,
                        i.path.2,
                        if i.defined { "" } else { " (not created here)" },
                        at(case, i.span)
                    )
                };
                out.push_str(&format!(
                    "item {}
",
                    show(&item)
                ));
                for (title, calls) in [
                    ("incoming", a.incoming_calls(&item.path)),
                    ("outgoing", a.outgoing_calls(&item.path)),
                ] {
                    out.push_str(&format!("{title}:\n"));
                    for c in calls {
                        out.push_str(&format!("  {}\n", show(&c.item)));
                        for s in c.spans {
                            out.push_str(&format!("    at {}\n", at(case, s)));
                        }
                    }
                }
            }
        }
        "definition" => {
            let d = a.goto_definition(case.offset);
            empty = d.is_none();
            if let Some(d) = d {
                out.push_str(&format!("{:?} {}\n", d.kind, at(case, d.span)));
            }
        }
        "references" => {
            empty = push_each(&mut out, a.references(case.offset, true), |r| {
                format!(
                    "{:?} {}{}\n",
                    r.kind,
                    at(case, r.span),
                    if r.is_definition { " (definition)" } else { "" }
                )
            });
        }
        "rename" => {
            let new_name = case
                .text
                .lines()
                .find_map(|l| l.strip_prefix("-- new-name: "))
                .unwrap_or("renamed")
                .trim()
                .to_string();
            match a.rename(case.offset, &new_name) {
                Ok(edits) => {
                    empty = edits.is_empty();
                    out.push_str(&apply(&case.text, &edits));
                }
                Err(e) => {
                    empty = true;
                    out.push_str(&format!("error: {e}\n"));
                }
            }
        }
        "symbols" => {
            fn walk(
                case: &Case,
                symbols: &[flinkddl_ide::DocumentSymbol],
                depth: usize,
                out: &mut String,
            ) {
                for s in symbols {
                    out.push_str(&format!(
                        "{}{:?} {} {}{}\n",
                        "  ".repeat(depth),
                        s.kind,
                        s.name,
                        at(case, s.focus_span),
                        s.detail
                            .as_ref()
                            .map(|d| format!(" | {d}"))
                            .unwrap_or_default()
                    ));
                    walk(case, &s.children, depth + 1, out);
                }
            }
            let symbols = a.document_symbols();
            empty = symbols.is_empty();
            walk(case, &symbols, 0, &mut out);
        }
        "semantic_tokens" => {
            empty = push_each(&mut out, a.semantic_tokens(), |t| {
                format!(
                    "{:?}{} {}\n",
                    t.token_type,
                    if t.definition { " (definition)" } else { "" },
                    at(case, t.span)
                )
            });
        }
        "folding" => {
            let index = a.line_index();
            empty = push_each(&mut out, a.folding_ranges(), |f| {
                format!(
                    "{:?} lines {}-{}\n",
                    f.kind,
                    index.line_of(f.span.start) + 1,
                    index.line_of(f.span.end) + 1
                )
            });
        }
        "code_actions" => {
            empty = push_each(
                &mut out,
                a.code_actions(Span::new(case.offset, case.offset)),
                |action| {
                    format!(
                        "{} {}{}\n---\n{}\n---\n",
                        action.code,
                        action.title,
                        if action.is_preferred {
                            " (preferred)"
                        } else {
                            ""
                        },
                        apply(&case.text, &action.edits).trim_end()
                    )
                },
            );
        }
        "diagnostics" => {
            let diagnostics = flinkddl_ide::diagnostics::diagnostics(a);
            empty = push_each(&mut out, diagnostics, |d| {
                let mut block = format!(
                    "{:?} {} {} {}: {}\n",
                    d.severity,
                    d.code,
                    d.name,
                    at(case, d.span),
                    d.message
                );
                for r in d.related {
                    block.push_str(&format!("  related {}: {}\n", at(case, r.span), r.message));
                }
                if let Some(fix) = d.fix {
                    block.push_str(&format!("  fix: {fix}\n"));
                }
                block
            });
        }
        other => panic!("unknown feature {other}"),
    }
    (out, empty)
}

#[test]
fn feature_fixtures() {
    let mut failures = Vec::new();
    let mut count = 0;
    for feature in FEATURES {
        let dir = root().join(feature);
        for path in cases(feature) {
            count += 1;
            let case = load(&path);
            let (rendered, empty) = render(feature, &case);
            let name = fixtures::case_name(&path);
            if name.starts_with("no_") != empty {
                failures.push(format!(
                    "{}: expected {} result, got:\n{rendered}",
                    path.display(),
                    if name.starts_with("no_") {
                        "an empty"
                    } else {
                        "a"
                    }
                ));
            }
            snapshot_settings(&dir).bind(|| insta::assert_snapshot!(name, rendered));
        }
    }
    assert!(count > 0, "no fixtures under {}", root().display());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Accepting a completion replaces only what the cursor is in: its range holds the cursor and
/// stays on the cursor's line, inside one word or string.
#[test]
fn completion_ranges_stay_in_the_cursor_token() {
    let mut failures = Vec::new();
    for path in cases("completion") {
        let case = load(&path);
        for item in case.analysis.completions(case.offset) {
            let replaced = case.text.get(item.replace.range()).unwrap_or("\n");
            if !(item.replace.start <= case.offset && case.offset <= item.replace.end)
                || replaced.contains(['\n', '\''])
            {
                failures.push(format!(
                    "{}: {} replaces {:?}",
                    path.display(),
                    item.label,
                    replaced
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_orphan_snapshots_or_unknown_features() {
    let Ok(rd) = std::fs::read_dir(root()) else {
        panic!("{} is missing", root().display());
    };
    for entry in rd.flatten() {
        let dir = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if !dir.is_dir() {
            continue;
        }
        assert!(
            FEATURES.contains(&name.as_str()),
            "{} is not a feature",
            dir.display()
        );
        assert_no_orphan_snapshots(&dir);
    }
    for feature in FEATURES {
        assert!(!cases(feature).is_empty(), "no cases for {feature}");
    }
}
