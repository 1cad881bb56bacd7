//! The in-process client the server tests drive: `lsp_server::Connection::memory()`, requests
//! with their responses, notifications and server-to-client requests kept until asked for.

#![allow(dead_code)] // each test binary uses part of it
#![allow(clippy::unwrap_used)] // a test harness: a failed send or join is a failed test

use flinkddl_lsp::{run, Config};
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};
use std::time::Duration;

pub const URI: &str = "file:///work/orders.sql";

pub struct Client {
    pub conn: Connection,
    pub next_id: i32,
    pub notifications: Vec<Notification>,
    /// Requests the server sent (registrations, refreshes).
    pub requests: Vec<Request>,
    pub server: Option<std::thread::JoinHandle<Result<bool, String>>>,
}

impl Client {
    /// A server with a short debounce, one worker and the debug requests.
    pub fn test_config() -> Config {
        Config {
            debounce: Duration::from_millis(5),
            workers: 1,
            debug_requests: true,
        }
    }

    /// A server that is not initialized yet.
    pub fn spawn(config: Config) -> Client {
        let (client, server) = Connection::memory();
        let handle = std::thread::spawn(move || run(server, config));
        Client {
            conn: client,
            next_id: 0,
            notifications: Vec::new(),
            requests: Vec::new(),
            server: Some(handle),
        }
    }

    /// An initialized server; `pull` declares pull diagnostics.
    pub fn start(pull: bool) -> Client {
        let mut text_document = json!({
            "completion": {"completionItem": {"snippetSupport": true}},
            "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
            "hover": {"contentFormat": ["markdown"]},
        });
        if pull {
            text_document["diagnostic"] = json!({});
        }
        Client::start_with(json!({"textDocument": text_document}))
    }

    /// An initialized server, with these client capabilities.
    pub fn start_with(capabilities: Value) -> Client {
        let mut c = Client::spawn(Client::test_config());
        let init = c.request("initialize", json!({ "capabilities": capabilities }));
        assert!(init.error.is_none(), "{init:?}");
        c.notify("initialized", json!({}));
        c
    }

    /// An initialized server whose client watches files, and the server's first request to
    /// it (`client/registerCapability`: the watcher of every `flinkddl.toml`).
    pub fn start_watching_files() -> (Client, Request) {
        let mut c = Client::start_with(json!({
            "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}
        }));
        let registration = c.server_request("client/registerCapability");
        (c, registration)
    }

    pub fn send_request(&mut self, method: &str, params: Value) -> RequestId {
        self.next_id += 1;
        let id: RequestId = self.next_id.into();
        let r = Request::new(id.clone(), method.to_string(), params);
        self.conn.sender.send(r.into()).unwrap();
        id
    }

    /// Takes the next message, keeping notifications and requests.
    fn receive(&mut self, waiting_for: &str) -> Option<Response> {
        match self.conn.receiver.recv_timeout(Duration::from_secs(10)) {
            Ok(Message::Response(r)) => Some(r),
            Ok(Message::Notification(n)) => {
                self.notifications.push(n);
                None
            }
            Ok(Message::Request(r)) => {
                self.requests.push(r);
                None
            }
            Err(e) => panic!("no {waiting_for}: {e}"),
        }
    }

    pub fn response(&mut self, id: &RequestId) -> Response {
        loop {
            match self.receive(&format!("response to {id:?}")) {
                Some(r) if &r.id == id => return r,
                Some(r) => panic!("unexpected response {r:?}"),
                None => {}
            }
        }
    }

    pub fn request(&mut self, method: &str, params: Value) -> Response {
        let id = self.send_request(method, params);
        self.response(&id)
    }

    pub fn result(&mut self, method: &str, params: Value) -> Value {
        let r = self.request(method, params);
        assert!(r.error.is_none(), "{method}: {:?}", r.error);
        r.result.unwrap_or(Value::Null)
    }

    pub fn notify(&self, method: &str, params: Value) {
        self.conn
            .sender
            .send(Notification::new(method.to_string(), params).into())
            .unwrap();
    }

    /// The next `publishDiagnostics` for `version` of [`URI`].
    pub fn diagnostics_for(&mut self, version: i64) -> Value {
        self.diagnostics_of(URI, version)
    }

    /// The next `publishDiagnostics` for `version` of `uri`.
    pub fn diagnostics_of(&mut self, uri: &str, version: i64) -> Value {
        loop {
            if let Some(i) = self.notifications.iter().position(|n| {
                n.method == "textDocument/publishDiagnostics"
                    && n.params["uri"] == json!(uri)
                    && n.params["version"] == json!(version)
            }) {
                return self.notifications.remove(i).params;
            }
            if let Some(r) = self.receive(&format!("diagnostics for {uri} version {version}")) {
                panic!("unexpected response {r:?}");
            }
        }
    }

    /// The next request the server sent with this method.
    pub fn server_request(&mut self, method: &str) -> Request {
        loop {
            if let Some(i) = self.requests.iter().position(|r| r.method == method) {
                return self.requests.remove(i);
            }
            if let Some(r) = self.receive(&format!("{method} request")) {
                panic!("unexpected response {r:?}");
            }
        }
    }

    pub fn open(&self, text: &str) {
        self.open_uri(URI, text);
    }

    pub fn open_uri(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "flinksql", "version": 1, "text": text}}),
        );
    }

    pub fn at(line: u32, character: u32) -> Value {
        json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
    }

    pub fn stop(mut self) -> bool {
        let r = self.request("shutdown", Value::Null);
        assert!(r.error.is_none());
        self.notify("exit", Value::Null);
        self.server
            .take()
            .map(|h| h.join().unwrap().unwrap())
            .unwrap_or(false)
    }
}

/// Published (`diagnostics`) or pulled (`items`) diagnostics.
pub fn diagnostic_list(params: &Value) -> &[Value] {
    params
        .get("diagnostics")
        .or_else(|| params.get("items"))
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The codes of published or pulled diagnostics.
pub fn codes(params: &Value) -> Vec<String> {
    diagnostic_list(params)
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect()
}

/// A directory under the system's temporary directory, removed on drop.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("flinkddl-lsp-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir.canonicalize().unwrap())
    }

    /// Writes `text` to `rel` (creating its directories); returns the file's URI.
    pub fn write(&self, rel: &str, text: &str) -> String {
        let path = self.0.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        self.uri(rel)
    }

    pub fn uri(&self, rel: &str) -> String {
        lsp_types::Url::from_file_path(self.0.join(rel))
            .unwrap()
            .to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
