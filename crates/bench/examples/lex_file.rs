//! Lexes one file (`FLINKDDL_LEX_ITERS` times, default 1), for callgrind's instruction counts
//! of the lexer alone:
//!
//!     cargo build --release -p flinkddl-bench --example lex_file
//!     valgrind --tool=callgrind target/release/examples/lex_file FILE.sql

fn main() {
    let text = flinkddl_bench::read_file_argument("lex_file");
    let iters: usize = std::env::var("FLINKDDL_LEX_ITERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut tokens = 0;
    let start = std::time::Instant::now();
    for _ in 0..iters {
        tokens = flinkddl_syntax::lex(&text).tokens.len();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{tokens} tokens; {:.1} MB/s",
        (text.len() * iters) as f64 / secs / 1e6
    );
}
