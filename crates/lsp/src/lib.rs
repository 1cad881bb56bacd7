//! flinkddl-lsp: the flinkddl language server, on `lsp-server` and `lsp-types`, over stdio.
//!
//! It keeps the open documents (incremental sync), pushes diagnostics a short debounce after
//! each change and answers pull diagnostics, and serves hover, completion, definition,
//! references, document highlights, document symbols, semantic tokens, folding ranges, code
//! actions and rename from `flinkddl-ide`. Positions are UTF-16, as LSP requires. Requests run
//! on worker threads; `$/cancelRequest` works; a change older than the document is ignored; a
//! malformed message is answered with a JSON-RPC error; a panic in a handler becomes an error
//! response. The server never dies of what a client sends.
//!
//! Each `file://` document is analyzed under the nearest `flinkddl.toml` above it, exactly as
//! `flinkddl check` analyzes that file (rule levels, excludes, fresh-session,
//! connector-findings); a broken `flinkddl.toml` is a diagnostic, and the defaults apply
//! meanwhile (module `configs`).
//!
//! What it does not do: know Flink (that is `flinkddl-ide` and below), read files from disk
//! other than `flinkddl.toml`, look at other documents (each document is analyzed alone, as
//! `flinkddl check` does), or print anything but the protocol on stdout.

mod client;
mod configs;
mod convert;
mod handlers;
mod incremental;
mod server;
pub mod transport;

pub use server::{run, Config};

/// Runs the server on stdin and stdout until the client sends `exit`. Returns whether the
/// client asked for `shutdown` first (the exit status should be 0 then, 1 otherwise).
pub fn run_stdio() -> Result<bool, String> {
    let input = std::io::BufReader::new(std::io::stdin());
    let (sender, receiver, threads) = transport::spawn(input, std::io::stdout());
    let connection = lsp_server::Connection { sender, receiver };
    let result = run(connection, Config::default());
    threads.join();
    result
}
