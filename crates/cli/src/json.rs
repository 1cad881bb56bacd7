//! JSON outputs. `describe --format json` is the contract in `flinkddl::contract`;
//! `check --format json` is this module's, a stable schema (version 1):
//!
//! ```json
//! {
//!   "version": 1,
//!   "diagnostics": [
//!     {
//!       "file": "sql/orders.sql",
//!       "code": "L002", "name": "duplicate-option-key",
//!       "severity": "warning",            // "error" | "warning" | "info", after flinkddl.toml
//!       "stage": "lint",                  // "syntax" | "bind" | "lint" (file codes: "syntax")
//!       "message": "...",
//!       "line": 3, "column": 3,           // 1-based; columns in UTF-16 code units
//!       "end_line": 3, "end_column": 10,  // the position just after the span
//!       "start": 40, "end": 47,           // byte offsets into the file (a BOM included)
//!       "labels": [{"message": "...", "line": 5, "column": 3, "end_line": 5,
//!                   "end_column": 10, "start": 80, "end": 87}],
//!       "help": "..." | null,
//!       "fix": {"message": "...", "replacement": "", "line": 3, "column": 3, "end_line": 4,
//!               "end_column": 3, "start": 40, "end": 62,
//!               "applicability": "safe"} | null  // "safe" | "unsafe": whether --fix applies it
//!     }
//!   ],
//!   "summary": {"files": 4, "errors": 9, "warnings": 0, "info": 0, "infos": 0,
//!               "elapsed_ms": 1.25}
//! }
//! ```
//!
//! `summary.info` counts the diagnostics of severity `"info"` (the word `flinkddl.toml` and
//! `severity` use); `summary.infos` is the same count under its first name, kept for readers of
//! version 1 and to be dropped in version 2.
//!
//! Diagnostics are ordered by file path, then as `flinkddl::analyze` orders them (by
//! statement). Object keys are printed in alphabetical order. New fields may be added;
//! existing ones keep their meaning.

use crate::check::{FileReport, Summary};
use crate::render::{Located, Locator};
use serde_json::{json, Value};

pub use flinkddl::contract::describe_json;

/// The version of the `check --format json` schema.
pub const CHECK_JSON_VERSION: u32 = 1;

pub fn summary_json(summary: &Summary) -> Value {
    json!({
        "files": summary.files,
        "errors": summary.errors,
        "warnings": summary.warnings,
        "info": summary.info,
        "infos": summary.info,
        "elapsed_ms": elapsed_ms(summary),
    })
}

fn elapsed_ms(summary: &Summary) -> f64 {
    (summary.elapsed.as_secs_f64() * 1e5).round() / 100.0
}

/// The whole `check --format json` document, pretty-printed as `serde_json` prints it (two
/// spaces, `"key": value`, keys in alphabetical order), written straight into one string: no
/// `Value` tree and no record per diagnostic.
pub fn check_json(reports: &[FileReport], summary: &Summary) -> String {
    let count: usize = reports.iter().map(|r| r.diagnostics.len()).sum();
    let mut w = Pretty::new(String::with_capacity(256 + count * 640));
    open_check(&mut w);
    let mut first = true;
    for report in reports {
        let locator = Locator::new(report);
        render_diagnostics(
            &mut w,
            &locator,
            &file_keys(report),
            &report.diagnostics,
            &mut first,
        );
    }
    close_check(&mut w, summary, first);
    w.out
}

/// Diagnostics per lane and turn of [`write_check_json`]: about 80 KB of text each, enough
/// for a turn to outweigh handing work to another core, small enough to stay in cache (a 10 MB
/// file's report is 12 MB, which held whole was a fifth of the memory `check` touched).
const LANE_DIAGNOSTICS: usize = 128;

/// [`check_json`] followed by `end`, written to `out` a piece at a time as it is rendered: each
/// turn renders the next diagnostics on every core (a lane each, with its own locator walking
/// forward through the file), then writes the lanes' texts in order.
pub fn write_check_json(
    out: &mut dyn std::io::Write,
    reports: &[FileReport],
    summary: &Summary,
    end: &str,
) -> std::io::Result<()> {
    let lanes = rayon::current_num_threads().clamp(1, 8);
    write_check_json_in_lanes(out, reports, summary, end, lanes, LANE_DIAGNOSTICS)
}

/// [`write_check_json`] with `lanes` lanes of `per_lane` diagnostics a turn.
fn write_check_json_in_lanes(
    out: &mut dyn std::io::Write,
    reports: &[FileReport],
    summary: &Summary,
    end: &str,
    lanes: usize,
    per_lane: usize,
) -> std::io::Result<()> {
    use rayon::prelude::*;
    let (lanes, per_lane) = (lanes.max(1), per_lane.max(1));
    let mut w = Pretty::new(String::with_capacity(4096));
    open_check(&mut w);
    out.write_all(w.out.as_bytes())?;
    let mut texts: Vec<Pretty> = (0..lanes)
        .map(|_| Pretty::new(String::with_capacity(per_lane * 640)))
        .collect();
    let mut first = true;
    for report in reports {
        let file = file_keys(report);
        let first_lane = Locator::new(report);
        let mut locators: Vec<Locator<'_>> = (1..lanes).map(|_| first_lane.fork()).collect();
        locators.insert(0, first_lane);
        for turn in report.diagnostics.chunks(per_lane * lanes) {
            let parts: Vec<&[flinkddl::Diagnostic]> = turn.chunks(per_lane).collect();
            texts
                .par_iter_mut()
                .zip(locators.par_iter_mut())
                .zip(parts.par_iter())
                .enumerate()
                .for_each(|(n, ((text, locator), part))| {
                    text.out.clear();
                    let mut lane_first = first && n == 0;
                    render_diagnostics(text, locator, &file, part, &mut lane_first);
                });
            for text in texts.iter().take(parts.len()) {
                out.write_all(text.out.as_bytes())?;
            }
            // The next turn's parts follow this turn's last: every lane starts where that one
            // stopped instead of walking the parts of the lanes after it again.
            if let Some((last, others)) = locators.split_last() {
                for lane in others {
                    lane.catch_up(last);
                }
            }
            first = false;
        }
    }
    w.out.clear();
    close_check(&mut w, summary, first);
    w.out.push_str(end);
    out.write_all(w.out.as_bytes())?;
    out.flush()
}

/// The keys of a location and of what follows it in a fix or a label, each with the comma,
/// line break and indentation before it: one literal per key (most of the document is keys).
struct Keys {
    /// `{` and the first key of a label.
    open_column: &'static str,
    /// `{` and the first key of a fix, with the quote that opens its value.
    open_applicability: &'static str,
    /// The key after a fix's applicability, with the quote that closes that value.
    column: &'static str,
    end: &'static str,
    end_column: &'static str,
    end_line: &'static str,
    line: &'static str,
    message: &'static str,
    replacement: &'static str,
    start: &'static str,
}

macro_rules! keys {
    ($indent:literal) => {
        Keys {
            open_column: concat!("{\n", $indent, "\"column\": "),
            open_applicability: concat!("{\n", $indent, "\"applicability\": \""),
            column: concat!("\",\n", $indent, "\"column\": "),
            end: concat!(",\n", $indent, "\"end\": "),
            end_column: concat!(",\n", $indent, "\"end_column\": "),
            end_line: concat!(",\n", $indent, "\"end_line\": "),
            line: concat!(",\n", $indent, "\"line\": "),
            message: concat!(",\n", $indent, "\"message\": "),
            replacement: concat!(",\n", $indent, "\"replacement\": "),
            start: concat!(",\n", $indent, "\"start\": "),
        }
    };
}

/// A diagnostic's own keys (at six spaces), a fix's (eight) and a label's (ten).
const DIAGNOSTIC_KEYS: Keys = keys!("      ");
const FIX_KEYS: Keys = keys!("        ");
const LABEL_KEYS: Keys = keys!("          ");

/// The document's opening, up to its first diagnostic.
fn open_check(w: &mut Pretty) {
    w.out.push_str("{\n  \"diagnostics\": [");
}

/// A report's file key and name (escaped once per file, not once per diagnostic) with the key
/// after it, as one piece.
fn file_keys(report: &FileReport) -> String {
    let mut name = Pretty::new(String::from(",\n      \"file\": "));
    name.string(&report.name);
    name.out.push_str(",\n      \"fix\": ");
    name.out
}

/// `diagnostics` of one report into `w.out`, each after a comma unless `first` (cleared by the
/// first one written).
fn render_diagnostics(
    w: &mut Pretty,
    locator: &Locator<'_>,
    file: &str,
    diagnostics: &[flinkddl::Diagnostic],
    first: &mut bool,
) {
    for d in diagnostics {
        // Each key with its separator and indentation is one literal, joined to the
        // quotes and keys around it where they are fixed.
        w.out.push_str(if *first {
            "\n    {\n      \"code\": \""
        } else {
            ",\n    {\n      \"code\": \""
        });
        *first = false;
        let at = locator.locate(d.span);
        let info = d.code.info();
        // Codes, names, severities and stages are identifiers: nothing to escape.
        w.plain_unquoted(d.code.as_str());
        w.out.push_str("\",\n      \"column\": ");
        w.located_tail(&DIAGNOSTIC_KEYS, &at);
        w.out.push_str(file);
        match &d.fix {
            Some(f) => {
                w.located_message(
                    &FIX_KEYS,
                    "\n      }",
                    &locator.locate(f.span),
                    &f.message,
                    Some((&f.replacement, f.applicability.as_str())),
                );
                w.out.push_str(",\n      \"help\": ");
            }
            None => w.out.push_str("null,\n      \"help\": "),
        }
        match &d.help {
            Some(h) => {
                w.string(h);
                w.out.push_str(",\n      \"labels\": ");
            }
            None => w.out.push_str("null,\n      \"labels\": "),
        }
        if d.labels.is_empty() {
            w.out.push_str("[]");
        } else {
            for (n, l) in d.labels.iter().enumerate() {
                w.out
                    .push_str(if n == 0 { "[\n        " } else { ",\n        " });
                w.located_message(
                    &LABEL_KEYS,
                    "\n        }",
                    &locator.locate(l.span),
                    &l.message,
                    None,
                );
            }
            w.out.push_str("\n      ]");
        }
        w.out.push_str(DIAGNOSTIC_KEYS.line);
        w.number(at.line);
        w.out.push_str(DIAGNOSTIC_KEYS.message);
        w.string(&d.message);
        w.out.push_str(",\n      \"name\": \"");
        w.plain_unquoted(info.name);
        w.out.push_str("\",\n      \"severity\": \"");
        w.plain_unquoted(d.severity.as_str());
        w.out.push_str("\",\n      \"stage\": \"");
        w.plain_unquoted(info.stage.as_str());
        w.out.push_str("\",\n      \"start\": ");
        w.number(at.start);
        w.out.push_str("\n    }");
    }
}

/// The document's end after its diagnostics (`first`: there were none): the summary and the
/// version.
fn close_check(w: &mut Pretty, summary: &Summary, first: bool) {
    if first {
        w.out.push_str("],\n");
    } else {
        w.out.push_str("\n  ],\n");
    }
    // The Flink versions, only when not the default (`Summary::flink_versions`).
    let versions = summary.flink_versions.shown();
    if !versions.is_empty() {
        w.out.push_str("  \"flink_versions\": [");
        for (i, v) in versions.iter().enumerate() {
            w.out.push_str(if i == 0 { "\"" } else { ", \"" });
            w.plain_unquoted(v);
            w.out.push('"');
        }
        w.out.push_str("],\n");
    }
    w.out.push_str("  \"summary\": {");
    w.key(4, "elapsed_ms", true);
    // serde_json prints a finite f64 with ryu (and a non-finite one as null), as `Value` does.
    w.out
        .push_str(&serde_json::to_string(&elapsed_ms(summary)).unwrap_or_default());
    for (name, value) in [
        ("errors", summary.errors),
        ("files", summary.files),
        ("info", summary.info),
        ("infos", summary.info),
        ("warnings", summary.warnings),
    ] {
        w.key(4, name, false);
        w.out.push_str(itoa::Buffer::new().format(value));
    }
    w.close(2, '}');
    w.key(2, "version", false);
    w.number(CHECK_JSON_VERSION);
    w.out.push_str("\n}");
}

/// Whether one of the eight bytes of `word` is `"`, `\\` or a control character (below
/// 0x20): the exact word tests of "Bit Twiddling Hacks" (`haszero`, `hasless`).
fn needs_escape(word: u64) -> bool {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    let has_zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH != 0;
    let has_control = word.wrapping_sub(ONES * 0x20) & !word & HIGH != 0;
    has_control
        || has_zero(word ^ (ONES * u64::from(b'"')))
        || has_zero(word ^ (ONES * u64::from(b'\\')))
}

/// serde_json's pretty printer, by hand for the one document shape `check` writes.
struct Pretty {
    out: String,
    /// Texts seen to need no escape, by address and length, in slots by address: messages and
    /// helps are shared texts (`flinkddl::Message`), most written many times, and a text
    /// borrowed for the whole rendering keeps its address and its bytes.
    clean: Box<[(usize, usize); CLEAN_SLOTS]>,
}

/// Slots of [`Pretty::clean`].
const CLEAN_SLOTS: usize = 256;

impl Pretty {
    fn new(out: String) -> Pretty {
        Pretty {
            out,
            clean: Box::new([(0, 0); CLEAN_SLOTS]),
        }
    }

    /// Whether `s` needs no escape: looked up by address, else scanned (one branch-free pass,
    /// which the compiler reads a vector at a time) and remembered when clean.
    fn is_clean(&mut self, s: &str) -> bool {
        let key = (s.as_ptr() as usize, s.len());
        // Texts are at least 8-byte aligned (their `Arc`'s counts precede them).
        let slot = (key.0 >> 3) % CLEAN_SLOTS;
        if self.clean.get(slot) == Some(&key) {
            return true;
        }
        let clean = s.bytes().fold(true, |clean, b| {
            clean & (b >= 0x20 && b != b'"' && b != b'\\')
        });
        if clean {
            if let Some(entry) = self.clean.get_mut(slot) {
                *entry = key;
            }
        }
        clean
    }

    fn indent(&mut self, n: usize) {
        const SPACES: &str = "                                ";
        self.out.push_str(SPACES.get(..n).unwrap_or(SPACES));
    }

    /// `"name": ` on its own line at indentation `n`, after a comma unless it is the first.
    fn key(&mut self, n: usize, name: &str, first: bool) {
        self.out.push_str(if first { "\n" } else { ",\n" });
        self.indent(n);
        self.out.push('"');
        self.out.push_str(name);
        self.out.push_str("\": ");
    }

    /// Closes an object or array whose members were at indentation `n + 2`.
    fn close(&mut self, n: usize, bracket: char) {
        self.out.push('\n');
        self.indent(n);
        self.out.push(bracket);
    }

    fn number(&mut self, n: u32) {
        self.out.push_str(itoa::Buffer::new().format(n));
    }

    /// A string known to need no escape (an identifier of ours), without its quotes (the
    /// literals around it hold them).
    fn plain_unquoted(&mut self, s: &str) {
        debug_assert!(!s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20));
        self.out.push_str(s);
    }

    /// A fix or a label: `{` (a fix's `applicability`), its location, `message`, the fix's
    /// `replacement` and `start`, then `close` (the line break, indentation and `}`).
    fn located_message(
        &mut self,
        keys: &Keys,
        close: &str,
        at: &Located,
        message: &str,
        fix: Option<(&str, &str)>,
    ) {
        match fix {
            Some((_, applicability)) => {
                self.out.push_str(keys.open_applicability);
                self.plain_unquoted(applicability);
                self.out.push_str(keys.column);
            }
            None => self.out.push_str(keys.open_column),
        }
        self.located_tail(keys, at);
        self.out.push_str(keys.line);
        self.number(at.line);
        self.out.push_str(keys.message);
        self.string(message);
        if let Some((replacement, _)) = fix {
            self.out.push_str(keys.replacement);
            self.string(replacement);
        }
        self.out.push_str(keys.start);
        self.number(at.start);
        self.out.push_str(close);
    }

    /// The fields of a location that sort before `line`, after the `column` key: column, end,
    /// end_column, end_line.
    fn located_tail(&mut self, keys: &Keys, at: &Located) {
        self.number(at.column);
        self.out.push_str(keys.end);
        self.number(at.end);
        self.out.push_str(keys.end_column);
        self.number(at.end_column);
        self.out.push_str(keys.end_line);
        self.number(at.end_line);
    }

    /// A JSON string as serde_json escapes it: `"` and `\\`, control characters as `\\n`-style
    /// escapes or `\\u00xx` (lower-case hex); everything else as is.
    fn string(&mut self, s: &str) {
        self.out.reserve(s.len() + 2);
        self.out.push('"');
        let bytes = s.as_bytes();
        // Most texts need no escape: one copy.
        if self.is_clean(s) {
            self.out.push_str(s);
            self.out.push('"');
            return;
        }
        let mut start = 0;
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            // Eight bytes at a time while none needs an escape (most of every message).
            if let Some(word) = bytes
                .get(i..i + 8)
                .and_then(|w| <[u8; 8]>::try_from(w).ok())
            {
                if !needs_escape(u64::from_le_bytes(word)) {
                    i += 8;
                    continue;
                }
            }
            i += 1;
            let escape: &str = match b {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0x08 => "\\b",
                0x0c => "\\f",
                0x00..=0x1f => "",
                _ => continue,
            };
            self.out.push_str(s.get(start..i - 1).unwrap_or_default());
            if escape.is_empty() {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                self.out.push_str("\\u00");
                self.out.push(char::from(HEX[usize::from(b >> 4)]));
                self.out.push(char::from(HEX[usize::from(b & 0xf)]));
            } else {
                self.out.push_str(escape);
            }
            start = i;
        }
        self.out.push_str(s.get(start..).unwrap_or_default());
        self.out.push('"');
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    /// serde_json's rendering of the same document (what `check_json` printed before it wrote
    /// the text itself): the reference the hand-written printer must match byte for byte.
    fn reference(reports: &[FileReport], summary: &Summary) -> String {
        let location = |at: &Located, fields: &mut serde_json::Map<String, Value>| {
            for (k, v) in [
                ("column", at.column),
                ("end", at.end),
                ("end_column", at.end_column),
                ("end_line", at.end_line),
                ("line", at.line),
                ("start", at.start),
            ] {
                fields.insert(k.into(), json!(v));
            }
        };
        let mut diagnostics = Vec::new();
        for report in reports {
            let locator = Locator::new(report);
            for d in &report.diagnostics {
                let mut o = serde_json::Map::new();
                location(&locator.locate(d.span), &mut o);
                o.insert("code".into(), json!(d.code.as_str()));
                o.insert("file".into(), json!(report.name));
                o.insert("help".into(), json!(d.help));
                o.insert("message".into(), json!(d.message));
                o.insert("name".into(), json!(d.code.info().name));
                o.insert("severity".into(), json!(d.severity));
                o.insert("stage".into(), json!(d.stage()));
                let fix = d.fix.as_ref().map(|f| {
                    let mut o = serde_json::Map::new();
                    location(&locator.locate(f.span), &mut o);
                    o.insert("message".into(), json!(f.message));
                    o.insert("replacement".into(), json!(f.replacement));
                    o.insert("applicability".into(), json!(f.applicability));
                    Value::Object(o)
                });
                o.insert("fix".into(), json!(fix));
                let labels: Vec<Value> = d
                    .labels
                    .iter()
                    .map(|l| {
                        let mut o = serde_json::Map::new();
                        location(&locator.locate(l.span), &mut o);
                        o.insert("message".into(), json!(l.message));
                        Value::Object(o)
                    })
                    .collect();
                o.insert("labels".into(), json!(labels));
                diagnostics.push(Value::Object(o));
            }
        }
        let doc = json!({
            "diagnostics": diagnostics,
            "summary": summary_json(summary),
            "version": CHECK_JSON_VERSION,
        });
        serde_json::to_string_pretty(&doc).unwrap()
    }

    fn sql_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sql_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "sql") {
                out.push(path);
            }
        }
    }

    /// Every fixture's report (syntax, bind, lint and connector findings, labels, fixes, helps,
    /// non-ASCII text), one file at a time and all together, prints as serde_json prints it.
    #[test]
    fn the_check_report_prints_as_serde_json_would() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut files = Vec::new();
        sql_files(&root, &mut files);
        files.sort();
        assert!(files.len() > 100, "{} fixtures", files.len());
        let config = crate::config::Config::defaults(root.clone());
        let mut reports = Vec::new();
        for file in &files {
            let loaded = crate::source::decode(std::fs::read(file).unwrap());
            let name = file.strip_prefix(&root).unwrap().display().to_string();
            let report = crate::check::check_loaded(name, loaded, &config);
            let one = [report];
            for elapsed in [Duration::ZERO, Duration::from_micros(1_234_567)] {
                let summary = Summary::of(&one, elapsed);
                assert_eq!(
                    check_json(&one, &summary),
                    reference(&one, &summary),
                    "{}",
                    file.display()
                );
            }
            let [report] = one;
            reports.push(report);
        }
        assert!(reports.iter().map(|r| r.diagnostics.len()).sum::<usize>() > 500);
        let summary = Summary::of(&reports, Duration::from_millis(20));
        assert_eq!(
            check_json(&reports, &summary),
            reference(&reports, &summary)
        );
        assert_eq!(check_json(&[], &summary), reference(&[], &summary));
        // Written as it is rendered, in lanes of any number and size, it is the same text.
        let whole = check_json(&reports, &summary) + "\n";
        let mut written = Vec::new();
        write_check_json(&mut written, &reports, &summary, "\n").unwrap();
        assert_eq!(String::from_utf8(written).unwrap(), whole);
        let one_file: Vec<FileReport> = reports
            .iter()
            .max_by_key(|r| r.diagnostics.len())
            .into_iter()
            .cloned()
            .collect();
        assert!(one_file[0].diagnostics.len() > 20);
        let one_file_whole = check_json(&one_file, &summary) + "\n";
        let (none, none_whole) = (Vec::new(), check_json(&[], &summary) + "\n");
        for (lanes, per_lane) in [(1, 1), (2, 1), (3, 2), (2, 7), (4, 1000)] {
            for (these, want) in [
                (&reports, &whole),
                (&one_file, &one_file_whole),
                (&none, &none_whole),
            ] {
                let mut written = Vec::new();
                write_check_json_in_lanes(&mut written, these, &summary, "\n", lanes, per_lane)
                    .unwrap();
                assert_eq!(
                    &String::from_utf8(written).unwrap(),
                    want,
                    "{lanes} x {per_lane}"
                );
            }
        }
    }

    /// Strings are escaped as serde_json escapes them: every ASCII byte, and beyond.
    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut texts: Vec<String> = (0u8..128).map(|b| format!("a{}b", char::from(b))).collect();
        texts.push("\u{7f}\u{80}é—😀\u{2028}\u{feff}\"\\\u{0}".to_string());
        texts.push(String::new());
        for at in 0..20 {
            for special in ["\"", "\\", "\n", "\u{1f}", "\u{0}", "é", "\u{7f}"] {
                let mut t = "abcdefghijklmnopqrst".to_string();
                t.insert_str(at, special);
                texts.push(t.repeat(3));
            }
        }
        // One printer for all, each text twice: what it remembers of the clean ones is right.
        let mut all = Pretty::new(String::new());
        let mut want = String::new();
        for text in &texts {
            let mut w = Pretty::new(String::new());
            w.string(text);
            let escaped = serde_json::to_string(text).unwrap();
            assert_eq!(w.out, escaped, "{text:?}");
            for _ in 0..2 {
                all.string(text);
                want.push_str(&escaped);
            }
        }
        assert_eq!(all.out, want);
    }
}
