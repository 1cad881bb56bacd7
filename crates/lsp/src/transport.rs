//! The stdio transport: LSP's `Content-Length` frames in and out, on two threads.
//!
//! `lsp_server`'s own stdio transport stops reading at the first frame that is not a valid
//! JSON-RPC message, which ends the server. This one answers such a frame with a JSON-RPC error
//! (`-32700` parse error, or `-32600` invalid request with the id when it can read one) and reads
//! on, so a client's bad message never kills the server. After a header block without a usable
//! `Content-Length` it skips the body it cannot measure and resumes at the next frame's header.

use crossbeam_channel::{Receiver, Sender};
use lsp_server::Message;
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread;

/// The transport's threads; join them after the main loop ends.
pub struct IoThreads {
    reader: thread::JoinHandle<()>,
    writer: thread::JoinHandle<()>,
}

impl IoThreads {
    pub fn join(self) {
        // The reader may be blocked on stdin after `exit`; it ends with the process.
        drop(self.reader);
        let _ = self.writer.join();
    }
}

/// Frames read from `input` become messages on the returned receiver; messages sent on the
/// returned sender are written to `output`.
pub fn spawn<R, W>(input: R, output: W) -> (Sender<Message>, Receiver<Message>, IoThreads)
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let output = Arc::new(Mutex::new(output));
    let (to_writer, writer_rx) = crossbeam_channel::unbounded::<Message>();
    let (reader_tx, from_reader) = crossbeam_channel::unbounded::<Message>();
    let writer_out = output.clone();
    let writer = thread::spawn(move || {
        for message in writer_rx {
            let Ok(mut out) = writer_out.lock() else {
                return;
            };
            if message.write(&mut *out).is_err() {
                return;
            }
        }
    });
    let reader = thread::spawn(move || read_loop(input, reader_tx, output));
    (to_writer, from_reader, IoThreads { reader, writer })
}

fn read_loop<R: BufRead, W: Write>(
    mut input: R,
    to_server: Sender<Message>,
    output: Arc<Mutex<W>>,
) {
    loop {
        let body = match read_frame(&mut input) {
            Ok(Some(Ok(body))) => body,
            Ok(Some(Err(header_problem))) => {
                write_error(&output, serde_json::Value::Null, -32700, &header_problem);
                continue;
            }
            Ok(None) | Err(_) => return,
        };
        match decode(&body) {
            Ok(message) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if to_server.send(message).is_err() || exit {
                    return;
                }
            }
            Err((id, code, text)) => write_error(&output, id, code, &text),
        }
    }
}

/// A JSON-RPC message, or the id, code and text of the error to answer with.
fn decode(body: &[u8]) -> Result<Message, (serde_json::Value, i32, String)> {
    let value: serde_json::Value = serde_json::from_slice(body)
        .map_err(|e| (serde_json::Value::Null, -32700, format!("parse error: {e}")))?;
    let id = value
        .get("id")
        .filter(|id| id.is_number() || id.is_string())
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    serde_json::from_value::<Message>(value)
        .map_err(|e| (id, -32600, format!("invalid request: {e}")))
}

fn write_error<W: Write>(output: &Arc<Mutex<W>>, id: serde_json::Value, code: i32, message: &str) {
    let response = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    });
    let text = response.to_string();
    if let Ok(mut out) = output.lock() {
        let _ = write!(out, "Content-Length: {}\r\n\r\n{text}", text.len());
        let _ = out.flush();
    }
}

/// One frame's body; `Some(Err)` for a header block without a usable `Content-Length` (the
/// block is skipped); `None` at the end of input.
fn read_frame<R: BufRead>(input: &mut R) -> io::Result<Option<Result<Vec<u8>, String>>> {
    let mut length: Option<usize> = None;
    let mut problem: Option<String> = None;
    let mut line = String::new();
    let mut saw_header = false;
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let mut header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            if saw_header {
                break;
            }
            continue;
        }
        if header_name(header).is_none() {
            // Not a header: the body of a frame whose length was missing or unreadable (which
            // was answered with an error), running into the next frame's header on the same
            // line since bodies end without a newline. Read on from that header; skip the rest.
            match find_ignore_ascii_case(header, "content-length:") {
                Some(at) => header = &header[at..],
                None => {
                    if problem.is_none() {
                        problem = Some(format!("malformed header: {header:?}"));
                    }
                    continue;
                }
            }
        }
        saw_header = true;
        match header.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                match value.trim().parse::<usize>() {
                    Ok(n) => length = Some(n),
                    Err(_) => problem = Some(format!("bad Content-Length: {:?}", value.trim())),
                }
            }
            _ => {}
        }
    }
    let Some(length) = length else {
        return Ok(Some(Err(
            problem.unwrap_or_else(|| "no Content-Length header".to_string())
        )));
    };
    // A frame larger than this is not an editor's document; refuse it rather than allocate.
    const MAX_FRAME: usize = 512 * 1024 * 1024;
    if length > MAX_FRAME {
        return Ok(Some(Err(format!("frame of {length} bytes is too large"))));
    }
    let mut body = vec![0; length];
    input.read_exact(&mut body)?;
    Ok(Some(Ok(body)))
}

/// The name of a `Name: value` header line, when the line is one (a name is letters, digits
/// and `-`).
fn header_name(line: &str) -> Option<&str> {
    let (name, _) = line.split_once(':')?;
    let name = name.trim_end();
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        .then_some(name)
}

fn find_ignore_ascii_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .as_bytes()
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| io::Error::other("poisoned"))?
                .extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Reads `input` (whose last good frames are `shutdown` and `exit`) through the transport:
    /// those two come through; returns what the transport wrote back.
    fn read_to_shutdown(input: String) -> String {
        let out = Shared::default();
        let (tx, rx, threads) = spawn(io::Cursor::new(input.into_bytes()), out.clone());
        let first = rx.recv().map_err(|e| e.to_string());
        let second = rx.recv().map_err(|e| e.to_string());
        drop(tx);
        threads.join();
        assert!(matches!(first, Ok(Message::Request(r)) if r.method == "shutdown"));
        assert!(matches!(second, Ok(Message::Notification(n)) if n.method == "exit"));
        String::from_utf8(out.0.lock().map(|v| v.clone()).unwrap_or_default()).unwrap_or_default()
    }

    #[test]
    fn malformed_frames_get_errors_and_reading_goes_on() {
        let input = [
            frame("{not json"),
            frame("[1, 2, 3]"),
            "Content-Length: nope\r\n\r\n".to_string(),
            frame(r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#),
            frame(r#"{"jsonrpc":"2.0","method":"exit"}"#),
        ]
        .concat();
        let written = read_to_shutdown(input);
        assert!(written.contains(r#""code":-32700"#), "{written}");
        assert!(written.contains(r#""code":-32600"#), "{written}");
        assert_eq!(written.matches("\r\n\r\n").count(), 3, "{written}");
    }

    /// A header block without a usable `Content-Length` is followed by a body the reader cannot
    /// measure; the next frame's header follows that body on the same line. Each bad frame is
    /// answered with an error and the next good one is read.
    #[test]
    fn reading_resumes_at_the_next_frame_after_a_body_of_unknown_length() {
        let body = r#"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{}}"#;
        let pretty = "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 8\n}";
        let input = [
            format!("Content-Type: application/json\r\n\r\n{body}"),
            format!("Content-Length: abc\r\n\r\n{pretty}"),
            format!("content-length: x\r\n\r\n{body}"),
            frame(r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#),
            frame(r#"{"jsonrpc":"2.0","method":"exit"}"#),
        ]
        .concat();
        let written = read_to_shutdown(input);
        assert_eq!(written.matches(r#""code":-32700"#).count(), 3, "{written}");
    }
}
