//! The `flinkddl` binary: the command line of [`flinkddl_cli::app`].

use std::process::ExitCode;

/// mimalloc: the AST and the schemas are many small allocations; analysing the 10 MB benchmark
/// corpus takes about a quarter less time than with the system allocator (docs/performance.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ExitCode::from(flinkddl_cli::app::run(std::env::args_os()))
}
