//! `flinkddl lsp` as a process: frames on stdin, frames on stdout. A frame that is not JSON is
//! answered with a parse error and the server reads on; `shutdown` then `exit` ends it with 0.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn frame(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

#[test]
fn survives_garbage_and_exits_cleanly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("flinkddl lsp starts");
    let input = [
        frame("{this is not json"),
        frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#),
        frame(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#),
        frame(r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.sql","languageId":"sql","version":1,"text":"CREATE TABLE t (a INT, a INT);"}}}"#),
        frame(r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.sql"},"position":{"line":0,"character":16}}}"#),
        frame(r#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#),
        frame(r#"{"jsonrpc":"2.0","method":"exit"}"#),
    ]
    .concat();
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write");
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("read");
    let status = child.wait().expect("exit status");
    assert!(status.success(), "{status:?}\n{out}");
    assert!(out.contains(r#""code":-32700"#), "{out}");
    assert!(out.contains(r#""serverInfo":{"name":"flinkddl""#), "{out}");
    assert!(
        out.contains("textDocument/publishDiagnostics") && out.contains("B010"),
        "{out}"
    );
    assert!(
        out.contains(r#""id":2"#) && out.contains("physical column"),
        "{out}"
    );
    assert!(out.contains(r#""id":3,"result":null"#), "{out}");
}
