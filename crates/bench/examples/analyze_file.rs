//! Analyses one file as `flinkddl check` does, with the system allocator, for profilers
//! (heaptrack, perf, valgrind) that do not see the binary's mimalloc:
//!
//!     cargo build --release -p flinkddl-bench --example analyze_file
//!     heaptrack target/release/examples/analyze_file FILE.sql

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: analyze_file FILE.sql");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let options = flinkddl::Options {
        assume_external_objects: true,
        ..flinkddl::Options::default()
    };
    let analysis = flinkddl::analyze_with(&text, &options);
    println!(
        "{} statements, {} tables, {} diagnostics",
        analysis.parse.script().statements.len(),
        analysis.tables.len(),
        analysis.diagnostics.len()
    );
}
