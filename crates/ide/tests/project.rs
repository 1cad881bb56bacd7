//! Issue 35 in the editor, at the feature level: `fixtures/projects/shop`, whose `ddl/` is its
//! catalog (`catalog = ["ddl/*.sql"]`). A job file's names resolve to the CREATEs in `ddl/`, and
//! a rename of a catalog table or column reaches every file of the project that uses it.

use flinkddl_ide::{Analysis, Config};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn shop() -> PathBuf {
    flinkddl_config::normalize(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/projects/shop"),
    )
}

fn config() -> Config {
    Config::load(&shop().join("flinkddl.toml")).unwrap_or_else(|e| panic!("{e}"))
}

fn open(config: &Config, file: &str) -> (PathBuf, Arc<str>, Analysis) {
    let path = shop().join(file);
    let text: Arc<str> = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .into();
    let analysis = Analysis::for_file(text.clone(), config, &path);
    (path, text, analysis)
}

/// The offset of `word` in the first `context` of `text` that is not in a comment, one byte in.
fn offset_of(text: &str, context: &str, word: &str) -> u32 {
    let mut from = 0;
    for line in text.split_inclusive('\n') {
        if !line.trim_start().starts_with("--") {
            if let Some(i) = line.find(context) {
                let w = line[i..]
                    .find(word)
                    .unwrap_or_else(|| panic!("no {word} in {context}"));
                return (from + i + w) as u32 + 1;
            }
        }
        from += line.len();
    }
    panic!("no {context}")
}

#[test]
fn a_job_names_resolve_to_the_catalog_files() {
    let config = config();
    let (_, text, alerts) = open(&config, "jobs/alerts.sql");
    for (context, word, file, line_starts) in [
        (
            "FROM big_orders",
            "big_orders",
            "ddl/02_views.sql",
            "CREATE VIEW big_orders",
        ),
        (
            "JOIN customers",
            "customers",
            "ddl/01_sources.sql",
            "CREATE TABLE customers",
        ),
        ("c.name", "name", "ddl/01_sources.sql", "  name "),
    ] {
        let target = alerts
            .goto_definition_in_project(offset_of(&text, context, word))
            .unwrap_or_else(|| panic!("no definition of {word}"));
        assert_eq!(target.path, shop().join(file), "{word}");
        let at = &target.text[target.span.start as usize..];
        assert!(at.starts_with(word), "{word}: {at:.20}");
        let line_start = target.text[..target.span.start as usize]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        assert!(target.text[line_start..].starts_with(line_starts), "{word}");
    }
}

#[test]
fn a_rename_of_a_catalog_column_reaches_every_file_that_uses_it() {
    let config = config();
    let (path, text, revenue) = open(&config, "jobs/revenue.sql");
    let read = |p: &Path| std::fs::read_to_string(p).ok().map(Arc::<str>::from);
    let files = flinkddl_ide::rename::rename_in_project(
        &revenue,
        &path,
        &config,
        offset_of(&text, "SUM(amount)", "amount"),
        "total",
        &read,
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .unwrap_or_else(|| panic!("not a catalog name"));
    let mut edited: Vec<(String, usize)> = files
        .iter()
        .map(|f| {
            let name = f
                .path
                .strip_prefix(shop())
                .unwrap_or(&f.path)
                .to_string_lossy()
                .into_owned();
            (name, f.edits.len())
        })
        .collect();
    edited.sort();
    assert_eq!(
        edited,
        vec![
            ("ddl/01_sources.sql".to_string(), 1),
            ("ddl/02_views.sql".to_string(), 2),
            ("jobs/broken.sql".to_string(), 1),
            ("jobs/revenue.sql".to_string(), 1),
        ]
    );
    // The view that passes `amount` through keeps its column's name for its readers.
    let mut texts: Vec<&str> = Vec::new();
    for f in &files {
        for e in &f.edits {
            assert_eq!(
                &f.text[e.span.start as usize..e.span.end as usize],
                "amount"
            );
            texts.push(&e.text);
        }
    }
    texts.sort();
    assert_eq!(
        texts,
        ["total", "total", "total", "total", "total AS amount"]
    );
}

#[test]
fn completion_after_from_offers_the_catalog_files_tables_and_views() {
    let config = config();
    let path = shop().join("jobs/new.sql");
    let text = "INSERT INTO big_order_alerts SELECT * FROM ";
    let analysis = Analysis::for_file(text, &config, &path);
    let offered: Vec<(String, Option<String>)> = analysis
        .completions(text.len() as u32)
        .into_iter()
        .map(|c| (c.label, c.detail))
        .collect();
    for (name, detail) in [
        (
            "orders",
            "table default_catalog.default_database.orders (01_sources.sql)",
        ),
        (
            "big_orders",
            "view default_catalog.default_database.big_orders (02_views.sql)",
        ),
        (
            "customers",
            "table default_catalog.default_database.customers (01_sources.sql)",
        ),
    ] {
        assert!(
            offered
                .iter()
                .any(|(l, d)| l == name && d.as_deref() == Some(detail)),
            "{name}: {offered:?}"
        );
    }
}
