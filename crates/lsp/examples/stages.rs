//! Where an edit's time goes, stage by stage, on the script of `latency.rs`: the whole
//! analysis, the incremental one (`flinkddl::incremental`), and the editor's analysis on top
//! (its name index and line index). Run with
//!
//! ```sh
//! TABLES=2500 cargo run --release -p flinkddl-lsp --example stages
//! ```

use std::time::{Duration, Instant};

#[path = "shared/script.rs"]
#[allow(dead_code)] // the edit position is latency.rs's
mod script;
use script::script;

fn best(mut f: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let tables = script::table_counts()[0];
    let text = script(tables);
    // The middle table's `price DECIMAL(10, 2)` becomes `DECIMAL(12, 2)`.
    let table = text
        .find(&format!("CREATE TABLE orders_{} (", tables / 2))
        .unwrap_or(0);
    let price = table + text[table..].find("price DECIMAL(10, 2)").unwrap_or(0);
    let edited = format!("{}price DECIMAL(12{}", &text[..price], &text[price + 16..]);
    let options = flinkddl::Options {
        assume_external_objects: true,
        ..Default::default()
    };
    println!("{} lines, {} bytes", text.lines().count(), text.len());
    let parse = best(|| drop(flinkddl::parse(&edited)));
    println!("parse (whole):               {parse:.1?}");
    let full = best(|| drop(flinkddl::analyze_with(&edited, &options)));
    println!("analyze_with (whole):        {full:.1?}");
    let (before, state) = flinkddl::incremental::Incremental::new(&text, &options);
    let incremental = best(|| drop(state.update(&before, &text, &edited, &options)));
    let replayed = state.update(&before, &text, &edited, &options).1.replayed();
    println!("incremental, middle edit:    {incremental:.1?} ({replayed} statements replayed)");
    let reparse = best(|| drop(flinkddl::syntax::reparse(&before.parse, &text, &edited)));
    println!("  of which reparse:          {reparse:.1?}");
    if std::env::var_os("ONLY_INCREMENTAL").is_some() {
        for _ in 0..30 {
            drop(state.update(&before, &text, &edited, &options));
        }
        return;
    }
    let ide = best(|| drop(flinkddl_ide::Analysis::new(edited.as_str())));
    println!("ide::Analysis (whole):       {ide:.1?} (analyze_with, name index, line index)");
}
