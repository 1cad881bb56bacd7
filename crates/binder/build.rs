//! Generates the function table from `data/functions.toml` (see `build/functions.rs`), plus a
//! copy with the throwaway row of `tests/fixtures/throwaway-function.toml` that the binder's own
//! unit tests use to prove a new function needs only a data row.

#[path = "build/functions.rs"]
mod functions;

use std::path::PathBuf;

fn main() {
    let main = "data/functions.toml";
    let fixture = "tests/fixtures/throwaway-function.toml";
    println!("cargo::rerun-if-changed={main}");
    println!("cargo::rerun-if-changed={fixture}");
    println!("cargo::rerun-if-changed=build/functions.rs");
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p}: {e}"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    let main_text = read(main);
    for (file, extra) in [
        ("functions.rs", None),
        ("functions_with_fixture.rs", Some(read(fixture))),
    ] {
        let code = functions::generate(&main_text, extra.as_deref())
            .unwrap_or_else(|e| panic!("{main}: {e}"));
        std::fs::write(out.join(file), code).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}
