//! Analyses one file as `flinkddl check` does, with the system allocator, for profilers
//! (heaptrack, perf, valgrind) that do not see the binary's mimalloc:
//!
//!     cargo build --release -p flinkddl-bench --example analyze_file
//!     heaptrack target/release/examples/analyze_file FILE.sql

fn main() {
    let text = flinkddl_bench::read_file_argument("analyze_file");
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
