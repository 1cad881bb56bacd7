//! How long an editor waits on a 5,000-line script: from an edit to its diagnostics, and for a
//! completion. Run with
//!
//! ```sh
//! cargo run --release -p flinkddl-lsp --example latency
//! ```
//!
//! It drives the real server in-process (`Connection::memory()`, JSON values, worker threads),
//! with the debounce set to zero so that the figure is the work, and prints the median and worst
//! of several edits. Targets: diagnostics within 50 ms of an edit, completion within 20 ms.

use flinkddl_lsp::{run, Config};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const URI: &str = "file:///bench/script.sql";

#[path = "shared/script.rs"]
mod script;
use script::script;

fn median(mut v: Vec<Duration>) -> (Duration, Duration) {
    v.sort();
    (v[v.len() / 2], v[v.len() - 1])
}

fn main() {
    let tables = script::tables();
    let text = script(tables);
    let lines = text.lines().count();
    let (client, server) = Connection::memory();
    let config = Config {
        debounce: Duration::ZERO,
        ..Config::default()
    };
    let server = std::thread::spawn(move || run(server, config));
    let send = |m: Message| {
        if client.sender.send(m).is_err() {
            eprintln!("the server hung up");
            std::process::exit(1);
        }
    };
    // Notifications that arrive while waiting for a response, for `wait_diagnostics`.
    let early = std::cell::RefCell::new(Vec::<Notification>::new());
    let mut next_id = 0;
    let mut request = |method: &str, params: Value| -> Duration {
        next_id += 1;
        let id: RequestId = next_id.into();
        let start = Instant::now();
        send(Request::new(id.clone(), method.to_string(), params).into());
        loop {
            match client.receiver.recv() {
                Ok(Message::Response(r)) if r.id == id => return start.elapsed(),
                Ok(Message::Notification(n)) => early.borrow_mut().push(n),
                Ok(_) => {}
                Err(_) => std::process::exit(1),
            }
        }
    };
    request(
        "initialize",
        json!({"capabilities": {"textDocument": {"completion": {"completionItem": {"snippetSupport": true}}}}}),
    );
    let notify =
        |method: &str, params: Value| send(Notification::new(method.to_string(), params).into());
    notify("initialized", json!({}));
    notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "flinksql", "version": 1, "text": text}}),
    );
    let is_diagnostics = |n: &Notification, version: i32| {
        n.method == "textDocument/publishDiagnostics" && n.params["version"] == json!(version)
    };
    let wait_diagnostics = |version: i32| loop {
        let found = early.borrow().iter().any(|n| is_diagnostics(n, version));
        if found {
            early.borrow_mut().clear();
            return;
        }
        match client.receiver.recv() {
            Ok(Message::Notification(n)) if is_diagnostics(&n, version) => return,
            Ok(_) => {}
            Err(_) => std::process::exit(1),
        }
    };
    let opened = Instant::now();
    wait_diagnostics(1);
    println!(
        "script: {lines} lines, {} bytes; first analysis on open: {:.1?}",
        text.len(),
        opened.elapsed()
    );

    // Edits in the middle of the script: a column type changes back and forth.
    let middle_table = tables / 2;
    let line = (middle_table * 20 + 3) as u32; // `  price DECIMAL(10, 2),`
    let mut diagnostics = Vec::new();
    let mut completion_after_edit = Vec::new();
    let mut completion_warm = Vec::new();
    for round in 1..=20 {
        let version = round * 2;
        let new_text = if round % 2 == 0 {
            "DECIMAL(12, 2)"
        } else {
            "DECIMAL(10, 2)"
        };
        let start = Instant::now();
        notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [
                {"range": {"start": {"line": line, "character": 8}, "end": {"line": line, "character": 22}}, "text": new_text}
            ]}),
        );
        wait_diagnostics(version);
        diagnostics.push(start.elapsed());
        // Completion of option keys in the table's WITH list, on the version just analyzed.
        let at =
            json!({"textDocument": {"uri": URI}, "position": {"line": line + 14, "character": 2}});
        completion_warm.push(request("textDocument/completion", at.clone()));
        // Completion right after an edit, before diagnostics: it analyzes the version itself.
        let version = version + 1;
        notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [
                {"range": {"start": {"line": line, "character": 8}, "end": {"line": line, "character": 22}}, "text": new_text}
            ]}),
        );
        completion_after_edit.push(request("textDocument/completion", at));
        wait_diagnostics(version);
    }
    let (d_med, d_max) = median(diagnostics);
    let (c_med, c_max) = median(completion_warm);
    let (a_med, a_max) = median(completion_after_edit);
    println!("edit -> diagnostics published:        median {d_med:.1?}, worst {d_max:.1?} (target 50 ms; plus the 25 ms debounce in the editor)");
    println!("completion (version analyzed):        median {c_med:.1?}, worst {c_max:.1?} (target 20 ms)");
    println!("completion right after an edit:       median {a_med:.1?}, worst {a_max:.1?} (includes analyzing the new version)");

    request("shutdown", Value::Null);
    notify("exit", Value::Null);
    let _ = server.join();
}
