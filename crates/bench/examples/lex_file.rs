//! Lexes one file (`FLINKDDL_LEX_ITERS` times, default 1), for callgrind's instruction counts
//! of the lexer alone:
//!
//!     cargo build --release -p flinkddl-bench --example lex_file
//!     valgrind --tool=callgrind target/release/examples/lex_file FILE.sql

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: lex_file FILE.sql");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
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
