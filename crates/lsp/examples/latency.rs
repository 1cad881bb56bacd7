//! How long an editor waits: from an edit in the middle of a script to its diagnostics, and for
//! a completion, on a 5,000-line script and a 50,000-line one of 5 MB (issue 16's). Run with
//!
//! ```sh
//! cargo run --release -p flinkddl-lsp --example latency
//! ```
//!
//! `TABLES=250,2500` (the default) says which scripts (20 lines a table); `SHAPE=compact`
//! measures the earlier examples' 28-byte lines instead of the ~100 of `shared/script.rs`;
//! `EDIT_AT=0.1` edits a table a tenth of the way down instead of the middle one.
//!
//! It drives the real server in-process (`Connection::memory()`, JSON values, worker threads),
//! with the debounce set to zero so that the figure is the work, and prints the median and worst
//! of several edits. Targets: diagnostics within 10 ms of an edit at 5,000 lines and 50 ms at
//! 50,000, completion within 20 ms, and document highlight on a name that recurs in every
//! table within 10 ms (references and prepareRename are measured beside it).

use flinkddl_lsp::{run, Config};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The allocator of the `flinkddl` binary, whose `flinkddl lsp` is the server editors run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The open script's URI: `CATALOG=2000` puts it in a project whose `flinkddl.toml` names a
/// catalog of that many tables (issue 35: the latency with a catalog behind the open file).
fn uri() -> &'static str {
    static URI: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    URI.get_or_init(|| {
        let tables: usize = std::env::var("CATALOG")
            .ok()
            .and_then(|t| t.parse().ok())
            .unwrap_or(0);
        if tables == 0 {
            return "file:///bench/script.sql".to_string();
        }
        let dir = std::env::temp_dir().join(format!("flinkddl-latency-catalog-{tables}"));
        let ddl = dir.join("ddl");
        if std::fs::create_dir_all(&ddl).is_err() {
            eprintln!("cannot write {}", ddl.display());
            std::process::exit(1);
        }
        let mut text = String::new();
        for t in 0..tables {
            text.push_str(&format!(
                "CREATE TABLE catalog_{t} (id BIGINT, name STRING, amount DECIMAL(10, 2), ts TIMESTAMP(3),\n  \
                 WATERMARK FOR ts AS ts - INTERVAL '5' SECOND\n) WITH ('connector' = 'datagen');\n"
            ));
        }
        let written = std::fs::write(ddl.join("catalog.sql"), text)
            .and_then(|_| std::fs::write(dir.join("flinkddl.toml"), "catalog = [\"ddl/*.sql\"]\n"));
        if written.is_err() {
            eprintln!("cannot write the catalog in {}", dir.display());
            std::process::exit(1);
        }
        println!("with a catalog of {tables} tables behind the script");
        format!("file://{}/script.sql", dir.display())
    })
}

#[path = "shared/script.rs"]
mod script;

fn median(mut v: Vec<Duration>) -> (Duration, Duration) {
    v.sort();
    (v[v.len() / 2], v[v.len() - 1])
}

fn main() {
    for tables in script::table_counts() {
        measure(tables);
    }
}

fn measure(tables: usize) {
    let text = script::script(tables);
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
    // The last response's result (to say how many highlights there were).
    let last_result = std::cell::RefCell::new(Value::Null);
    let mut next_id = 0;
    let mut request = |method: &str, params: Value| -> Duration {
        next_id += 1;
        let id: RequestId = next_id.into();
        let start = Instant::now();
        send(Request::new(id.clone(), method.to_string(), params).into());
        loop {
            match client.receiver.recv() {
                Ok(Message::Response(r)) if r.id == id => {
                    let elapsed = start.elapsed();
                    last_result.replace(r.result.unwrap_or(Value::Null));
                    return elapsed;
                }
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
        json!({"textDocument": {"uri": uri(), "languageId": "flinksql", "version": 1, "text": text}}),
    );
    let is_diagnostics = |n: &Notification, version: i32| {
        n.method == "textDocument/publishDiagnostics" && n.params["version"] == json!(version)
    };
    // Waits for the version's diagnostics; returns how many there are.
    let wait_diagnostics = |version: i32| loop {
        let count = |n: &Notification| n.params["diagnostics"].as_array().map_or(0, Vec::len);
        let found = early
            .borrow()
            .iter()
            .find(|n| is_diagnostics(n, version))
            .map(count);
        if let Some(found) = found {
            early.borrow_mut().clear();
            return found;
        }
        match client.receiver.recv() {
            Ok(Message::Notification(n)) if is_diagnostics(&n, version) => return count(&n),
            Ok(_) => {}
            Err(_) => std::process::exit(1),
        }
    };
    let opened = Instant::now();
    let found = wait_diagnostics(1);
    println!(
        "script: {lines} lines, {} bytes, {found} diagnostics; first analysis on open: {:.1?}",
        text.len(),
        opened.elapsed()
    );

    // Edits in the middle of the script (`EDIT_AT=0.1`: a tenth of the way down): a column type
    // changes back and forth.
    let at: f64 = std::env::var("EDIT_AT")
        .ok()
        .and_then(|a| a.parse().ok())
        .filter(|a| (0.0..=1.0).contains(a))
        .unwrap_or(0.5);
    let edited_table = ((tables as f64 * at) as usize).min(tables.saturating_sub(1));
    let line = text
        .lines()
        .position(|l| l.starts_with(&format!("CREATE TABLE orders_{edited_table} (")))
        .unwrap_or(0)
        + script::PRICE_LINE;
    let line = line as u32;
    let (from, to) = script::PRICE_TYPE;
    // `COMPLETION=0` leaves completion out (to profile the edits alone).
    let with_completion = std::env::var("COMPLETION").map_or(true, |c| c != "0");
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
        let change = json!([
            {"range": {"start": {"line": line, "character": from}, "end": {"line": line, "character": to}}, "text": new_text}
        ]);
        let start = Instant::now();
        notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(), "version": version}, "contentChanges": change}),
        );
        wait_diagnostics(version);
        diagnostics.push(start.elapsed());
        if !with_completion {
            continue;
        }
        // Completion of option keys in the table's WITH list, on the version just analyzed.
        let at = json!({"textDocument": {"uri": uri()}, "position": {"line": line + 14, "character": 2}});
        completion_warm.push(request("textDocument/completion", at.clone()));
        // Completion right after an edit, before diagnostics: it analyzes the version itself.
        let version = version + 1;
        notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(), "version": version}, "contentChanges": change}),
        );
        completion_after_edit.push(request("textDocument/completion", at));
        wait_diagnostics(version);
    }
    let (d_med, d_max) = median(diagnostics);
    let target = if lines > 10_000 { 50 } else { 10 };
    println!("edit -> diagnostics published:        median {d_med:.1?}, worst {d_max:.1?} (target {target} ms; plus the 25 ms debounce in the editor)");
    if with_completion {
        let (c_med, c_max) = median(completion_warm);
        let (a_med, a_max) = median(completion_after_edit);
        println!("completion (version analyzed):        median {c_med:.1?}, worst {c_max:.1?} (target 20 ms)");
        println!("completion right after an edit:       median {a_med:.1?}, worst {a_max:.1?} (includes analyzing the new version)");
    }

    // Highlight, references and prepareRename on `price` in `cost AS price * quantity` of the
    // table a quarter of the way down (not the edited one): a name every table has, so the
    // script has thousands of uses of it and 2 of this one; then on that table's name, which
    // is unique, for comparison.
    let table = tables / 4;
    let create = format!("CREATE TABLE orders_{table} (");
    let find = |needle: &str| -> (u32, u32) {
        let from = text
            .lines()
            .position(|l| l.starts_with(&create))
            .unwrap_or(0);
        text.lines()
            .enumerate()
            .skip(from)
            .find_map(|(n, l)| l.find(needle).map(|c| (n as u32, c as u32)))
            .unwrap_or((0, 0))
    };
    let (cost_line, cost_at) = find("cost AS price");
    let (table_line, table_at) = find(&create);
    let names = [
        ("`price`, in every table", cost_line, cost_at + 8),
        ("a unique table name", table_line, table_at + 13),
    ];
    for (i, (what, line, character)) in names.into_iter().enumerate() {
        let at = json!({"textDocument": {"uri": uri()}, "position": {"line": line, "character": character}});
        let first = request("textDocument/documentHighlight", at.clone());
        let found = last_result.borrow().as_array().map_or(0, Vec::len);
        if i == 0 {
            println!("first highlight on the version (builds the name index): {first:.1?}");
        }
        println!("{what}: {found} highlights");
        let mut references_at = at.clone();
        references_at["context"] = json!({"includeDeclaration": true});
        for (method, params) in [
            ("textDocument/documentHighlight", &at),
            ("textDocument/references", &references_at),
            ("textDocument/prepareRename", &at),
        ] {
            let times: Vec<Duration> = (0..7).map(|_| request(method, params.clone())).collect();
            let (med, max) = median(times);
            println!(
                "{method} on {what}: median {med:.1?}, worst {max:.1?}{}",
                if i == 0 && method.ends_with("Highlight") {
                    " (target 10 ms)"
                } else {
                    ""
                }
            );
        }
    }

    // Semantic tokens: the whole file, the change after an edit (`full/delta`), and the
    // 60 lines a window shows (`range`), each with the size of its answer.
    let size = || serde_json::to_string(&*last_result.borrow()).map_or(0, |s| s.len());
    let doc = json!({ "uri": uri() });
    let full = request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": doc }),
    );
    println!(
        "semanticTokens/full:                  {full:.1?}, {} KB",
        size() / 1000
    );
    let mut result_id = last_result.borrow()["resultId"].clone();
    let mut deltas = Vec::new();
    let mut delta_size = 0;
    for round in 0..7 {
        let version = 100 + round;
        // A column added before `cost`, then taken away again.
        let (to, text) = if round % 2 == 0 {
            (0, "x INT, ")
        } else {
            (7, "")
        };
        let change = json!([{"range": {"start": {"line": cost_line, "character": 0}, "end": {"line": cost_line, "character": to}}, "text": text}]);
        notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(), "version": version}, "contentChanges": change}),
        );
        deltas.push(request(
            "textDocument/semanticTokens/full/delta",
            json!({"textDocument": doc, "previousResultId": result_id}),
        ));
        delta_size = size();
        result_id = last_result.borrow()["resultId"].clone();
    }
    let (med, max) = median(deltas);
    println!("semanticTokens/full/delta after an edit: median {med:.1?}, worst {max:.1?} (includes analyzing the new version), {delta_size} bytes");
    let window = json!({"textDocument": doc, "range": {"start": {"line": cost_line.saturating_sub(30), "character": 0}, "end": {"line": cost_line + 30, "character": 0}}});
    let ranges: Vec<Duration> = (0..7)
        .map(|_| request("textDocument/semanticTokens/range", window.clone()))
        .collect();
    let (med, max) = median(ranges);
    println!(
        "semanticTokens/range of 60 lines:     median {med:.1?}, worst {max:.1?}, {} bytes",
        size()
    );

    request("shutdown", Value::Null);
    notify("exit", Value::Null);
    let _ = server.join();
}
