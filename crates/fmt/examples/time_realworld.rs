//! `cargo run --release -p flinkddl-fmt --example time_realworld`: formats every script of
//! `../shared/realworld` (one thread, self-check included) and prints the time it took.
use std::time::Instant;

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/realworld/cases.jsonl"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("../shared/realworld is absent");
        return;
    };
    let scripts: Vec<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| Some(v.get("sql")?.as_str()?.to_string()))
        .collect();
    let bytes: usize = scripts.iter().map(String::len).sum();
    let options = flinkddl_fmt::FormatOptions::default();
    let start = Instant::now();
    let mut changed = 0;
    for s in &scripts {
        changed += usize::from(flinkddl_fmt::format(s, &options) != *s);
    }
    let elapsed = start.elapsed();
    println!(
        "{} scripts ({} bytes), {} changed, in {:.3} s on one thread",
        scripts.len(),
        bytes,
        changed,
        elapsed.as_secs_f64()
    );
}
