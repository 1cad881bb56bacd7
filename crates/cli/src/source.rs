//! Reading a file into the text flinkddl checks.
//!
//! - A UTF-8 byte order mark is removed (and remembered: byte offsets in machine output count
//!   it, so they stay offsets into the file). CRLF and lone CR line ends are kept as they are;
//!   the lexer and the line index handle them.
//! - A file that is not UTF-8 gets one `F001 not-utf8` diagnostic at its first bad byte and is
//!   not analysed; a file that cannot be read gets `F002 unreadable`.

use flinkddl::{Code, Diagnostic, Span};
use std::path::Path;

const BOM: &str = "\u{feff}";

/// A file's text as flinkddl sees it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Source {
    /// The text without its byte order mark (lossily decoded when the file is not UTF-8).
    pub text: String,
    /// Bytes before `text` in the file: 3 for a byte order mark, else 0.
    pub offset: u32,
}

/// What reading one file gave.
#[derive(Debug)]
pub enum Loaded {
    /// UTF-8 text, ready to analyse.
    Text(Source),
    /// Not analysed: the diagnostic says why; `source` is what can be shown of it.
    Failed {
        source: Source,
        diagnostic: Diagnostic,
    },
}

/// Reads and decodes a file.
pub fn load(path: &Path) -> Loaded {
    let read = match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return unreadable("is a directory"),
        Ok(m) if m.len() >= u64::from(u32::MAX) => {
            return unreadable("is larger than 4 GiB, the most flinkddl reads")
        }
        Ok(m) if m.len() >= PARALLEL_READ_BYTES as u64 => read_in_parts(path, m.len()),
        _ => std::fs::read(path),
    };
    match read {
        Ok(bytes) => decode(bytes),
        Err(e) => unreadable(&io_reason(&e)),
    }
}

/// From this size on, a file is read in parts on every core: copying the bytes and the first
/// touch of their pages were a tenth of a 10 MB file's `check` on one core (`clear_page` and
/// `copy_to_user` in the kernel), in the part of the run nothing else can share.
const PARALLEL_READ_BYTES: usize = 4 * 1024 * 1024;

/// The file's `len` bytes, a part per core, each read at its own offset. A file that shrank
/// meanwhile fails a part; one that grew is read again whole (what `std::fs::read` gives).
#[cfg(unix)]
fn read_in_parts(path: &Path, len: u64) -> std::io::Result<Vec<u8>> {
    use rayon::prelude::*;
    use std::os::unix::fs::FileExt;
    let file = std::fs::File::open(path)?;
    let len = usize::try_from(len).map_err(|_| std::io::ErrorKind::OutOfMemory)?;
    let mut bytes = vec![0u8; len];
    let part = len.div_ceil(rayon::current_num_threads().max(1)).max(1);
    bytes
        .par_chunks_mut(part)
        .enumerate()
        .try_for_each(|(n, chunk)| file.read_exact_at(chunk, (n * part) as u64))?;
    if file.read_at(&mut [0u8; 1], len as u64)? != 0 {
        return std::fs::read(path);
    }
    Ok(bytes)
}

/// Elsewhere a file is read at once.
#[cfg(not(unix))]
fn read_in_parts(path: &Path, _len: u64) -> std::io::Result<Vec<u8>> {
    std::fs::read(path)
}

/// Reads standard input.
pub fn load_stdin() -> Loaded {
    let mut bytes = Vec::new();
    match std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes) {
        Ok(_) => decode(bytes),
        Err(e) => unreadable(&io_reason(&e)),
    }
}

/// An `F002` for a path that cannot be read, with the reason.
pub fn unreadable(reason: &str) -> Loaded {
    Loaded::Failed {
        source: Source::default(),
        diagnostic: Diagnostic::new(
            Code::Unreadable,
            Span::empty(0),
            format!("cannot read the file: {reason}"),
        ),
    }
}

/// The operating system's reason, without Rust's "(os error 2)" suffix.
pub fn io_reason(e: &std::io::Error) -> String {
    flinkddl_config::io_reason(e)
}

/// Decodes a file's bytes.
pub fn decode(bytes: Vec<u8>) -> Loaded {
    match String::from_utf8(bytes) {
        Ok(text) => Loaded::Text(match text.strip_prefix(BOM) {
            Some(rest) => Source {
                text: rest.to_string(),
                offset: BOM.len() as u32,
            },
            None => Source { text, offset: 0 },
        }),
        Err(e) => {
            let bytes = e.into_bytes();
            let valid = match std::str::from_utf8(&bytes) {
                Ok(_) => bytes.len(),
                Err(err) => err.valid_up_to(),
            };
            let bad_len = match std::str::from_utf8(&bytes[valid..]) {
                Err(err) => err.error_len().unwrap_or(bytes.len() - valid),
                Ok(_) => 0,
            };
            let bad: Vec<String> = bytes[valid..valid + bad_len]
                .iter()
                .map(|b| format!("0x{b:02X}"))
                .collect();
            let lossy = String::from_utf8_lossy(&bytes).into_owned();
            let (text, offset) = match lossy.strip_prefix(BOM) {
                Some(rest) => (rest.to_string(), BOM.len() as u32),
                None => (lossy, 0),
            };
            // Up to `valid` the lossy text is the file, so the first bad byte is at the same
            // offset there (less the BOM), as one U+FFFD.
            let at = (valid as u32).saturating_sub(offset);
            let end = text
                .get(at as usize..)
                .and_then(|t| t.chars().next())
                .map_or(at, |c| at + c.len_utf8() as u32);
            Loaded::Failed {
                diagnostic: Diagnostic::new(
                    Code::NotUtf8,
                    Span::new(at, end),
                    format!(
                        "the file is not UTF-8: invalid byte sequence {} at byte {valid}",
                        bad.join(" ")
                    ),
                )
                .with_help("convert the file to UTF-8 (e.g. `iconv -f latin1 -t utf-8`)"),
                source: Source { text, offset },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_is_removed_and_counted() {
        let Loaded::Text(s) = decode(b"\xEF\xBB\xBFSELECT 1;\r\n".to_vec()) else {
            panic!("not text");
        };
        assert_eq!(s.text, "SELECT 1;\r\n");
        assert_eq!(s.offset, 3);
    }

    #[test]
    fn first_bad_byte_is_reported() {
        let Loaded::Failed { source, diagnostic } = decode(b"SELECT\n'caf\xE9';".to_vec()) else {
            panic!("decoded");
        };
        assert_eq!(diagnostic.code, Code::NotUtf8);
        assert_eq!(diagnostic.span.start, 11);
        assert_eq!(diagnostic.span.text(&source.text), "\u{fffd}");
        assert!(
            diagnostic.message.contains("0xE9 at byte 11"),
            "{}",
            diagnostic.message
        );
    }

    /// A big file is read in parts, whole and in order, and decoded as any other.
    #[test]
    fn a_big_file_is_read_whole_in_parts() {
        let line = "CREATE TABLE caf\u{e9} (a INT);\n";
        let text = "\u{feff}".to_string() + &line.repeat(PARALLEL_READ_BYTES / line.len() + 7);
        let path = std::env::temp_dir().join(format!("flinkddl-big-{}.sql", std::process::id()));
        std::fs::write(&path, &text).unwrap();
        let loaded = load(&path);
        let read = read_in_parts(&path, text.len() as u64);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(read.unwrap(), text.as_bytes());
        let Loaded::Text(s) = loaded else {
            panic!("not text");
        };
        assert_eq!(s.offset, 3);
        assert_eq!(s.text, text[3..]);
    }

    #[test]
    fn missing_file_is_unreadable() {
        let Loaded::Failed { diagnostic, .. } = load(Path::new("/no/such/file.sql")) else {
            panic!("read");
        };
        assert_eq!(diagnostic.code, Code::Unreadable);
        assert_eq!(
            diagnostic.message,
            "cannot read the file: no such file or directory"
        );
    }
}
