//! `docs/diagnostics/` is generated from the code table and must not be stale.
//!
//! Regenerate with `FLINKDDL_BLESS=1 cargo test -p flinkddl-cli --test docs`.

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn diagnostics_docs_are_fresh() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/diagnostics");
    let pages = flinkddl_cli::docs::pages();
    if std::env::var_os("FLINKDDL_BLESS").is_some() {
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if entry.path().extension().is_some_and(|e| e == "md") {
                std::fs::remove_file(entry.path()).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        for (name, text) in &pages {
            std::fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let mut stale = Vec::new();
    for (name, text) in &pages {
        let on_disk = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        if &on_disk != text {
            stale.push(name.clone());
        }
    }
    let expected: BTreeSet<String> = pages.iter().map(|(n, _)| n.clone()).collect();
    let orphans: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md") && !expected.contains(n))
        .collect();
    assert!(
        stale.is_empty() && orphans.is_empty(),
        "docs/diagnostics is stale: {stale:?} differ, {orphans:?} have no code. \
         Regenerate with FLINKDDL_BLESS=1 cargo test -p flinkddl-cli --test docs"
    );
}
