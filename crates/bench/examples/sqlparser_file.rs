//! sqlparser-rs's side of the whole-process comparison (`throughput`'s "processes" section):
//! reads a file and parses each statement with `Parser::parse_sql(&GenericDialect, ..)`, as
//! the in-process bench does (sqlparser stops at a script's first error; the corpora end every
//! statement with `;\n`). Same allocator as the `flinkddl` binary (mimalloc).
//!
//!     cargo build --release -p flinkddl-bench --example sqlparser_file
//!     target/release/examples/sqlparser_file FILE.sql

use sqlparser::dialect::GenericDialect;
use sqlparser::parser::Parser;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let text = flinkddl_bench::read_file_argument("sqlparser_file");
    let dialect = GenericDialect {};
    let statements: Vec<&str> = text
        .split_inclusive(";\n")
        .filter(|s| !s.trim().is_empty())
        .collect();
    let accepted = statements
        .iter()
        .filter(|s| Parser::parse_sql(&dialect, s).is_ok())
        .count();
    println!("{accepted}/{} statements parsed", statements.len());
}
