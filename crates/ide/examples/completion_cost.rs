//! What a completion costs on a version the language server has just analyzed: the first one
//! builds the name index and lexes the text (both kept for the version), the next ones reuse
//! them. On the latency example's script (`crates/lsp/examples/shared/script.rs`, `TABLES=2500`
//! by default: 50,000 lines, 5 MB):
//!
//! ```sh
//! cargo run --release -p flinkddl-ide --example completion_cost
//! valgrind --tool=callgrind --toggle-collect='flinkddl_ide::Analysis::completions' \
//!     target/release/examples/completion_cost
//! ```

use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[allow(dead_code)] // the latency example reads the rest
#[path = "../../lsp/examples/shared/script.rs"]
mod script;

fn main() {
    let tables = script::table_counts().last().copied().unwrap_or(2500);
    let text = script::script(tables);
    let started = Instant::now();
    let analysis = flinkddl_ide::Analysis::new(text.as_str());
    println!(
        "{} bytes, analyzed in {:.1?}",
        text.len(),
        started.elapsed()
    );
    // In the WITH list of the middle table, as the latency example asks.
    let middle = tables / 2;
    let at = text
        .find(&format!("CREATE TABLE orders_{middle} ("))
        .and_then(|t| {
            text[t..]
                .find("WITH (\n")
                .map(|w| t + w + "WITH (\n".len() + 2)
        })
        .unwrap_or(0) as u32;
    for round in ["first", "second"] {
        let started = Instant::now();
        let items = analysis.completions(at);
        println!(
            "{round} completion: {} items in {:.1?}",
            items.len(),
            started.elapsed()
        );
    }
}
