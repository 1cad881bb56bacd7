//! Generates the `Code` enum and its table from `data/codes/<CODE>-<name>.md`, one file per
//! diagnostic code (front matter, then the explanation in Markdown). A malformed file, or two
//! files with the same code, name or variant, fails the build with a message naming the file.
//! Also generates `Feature` from `data/versions.txt` (the facts that hold in some Flink versions).

#[path = "src/code_files.rs"]
mod code_files;
#[path = "src/version_facts.rs"]
mod version_facts;

use std::path::Path;

const DIR: &str = "data/codes";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/code_files.rs");
    println!("cargo:rerun-if-changed={DIR}");
    let mut errors = Vec::new();
    let mut entries = code_files::read_dir(Path::new(DIR), &mut errors);
    code_files::check_unique(&entries, &mut errors);
    if !errors.is_empty() {
        panic!(
            "\n\ncrates/diagnostics/{DIR}: {} problem(s) with the diagnostic code files \
             (the format is in {DIR}/README.md):\n  {}\n\n",
            errors.len(),
            errors.join("\n  ")
        );
    }
    code_files::sort(&mut entries);
    let out = std::env::var("OUT_DIR").map(std::path::PathBuf::from);
    let Ok(out) = out else {
        panic!("OUT_DIR is not set: build.rs runs under cargo");
    };
    if let Err(e) = std::fs::write(out.join("codes.rs"), code_files::generate(&entries)) {
        panic!("cannot write {}: {e}", out.join("codes.rs").display());
    }
    write_version_facts(&out);
}

/// `data/versions.txt` into `Feature` (`src/version.rs` includes it).
fn write_version_facts(out: &Path) {
    const FILE: &str = "data/versions.txt";
    println!("cargo:rerun-if-changed={FILE}");
    println!("cargo:rerun-if-changed=src/version_facts.rs");
    let text = match std::fs::read_to_string(FILE) {
        Ok(text) => text,
        Err(e) => panic!("cannot read crates/diagnostics/{FILE}: {e}"),
    };
    let facts = match version_facts::parse(&text) {
        Ok(facts) => facts,
        Err(e) => panic!("\n\ncrates/diagnostics/{FILE}: {e}\n\n"),
    };
    let path = out.join("versions.rs");
    if let Err(e) = std::fs::write(&path, version_facts::generate(&facts)) {
        panic!("cannot write {}: {e}", path.display());
    }
}
