//! The texts of findings, built once at their final size (the tail a usage adds included, in a
//! reused buffer): findings repeat a few hundred texts over a script's tables.

use flinkddl_diagnostics::{Message, Severity};

/// `'<p><option>'<after>` for each of `options`, joined by `sep`: one string, where a list of
/// quoted names and a join built several.
pub(super) fn quoted_keys<'o, I>(p: &str, options: I, after: &str, sep: &str) -> String
where
    I: IntoIterator<Item = &'o String>,
    I::IntoIter: Clone,
{
    let options = options.into_iter();
    let len = options
        .clone()
        .map(|o| sep.len() + p.len() + o.len() + 2 + after.len())
        .sum();
    let mut out = String::with_capacity(len);
    for (i, o) in options.enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push('\'');
        out.push_str(p);
        out.push_str(o);
        out.push('\'');
        out.push_str(after);
    }
    out
}

pub(super) fn quote(s: &str) -> String {
    if s.contains('\'') {
        exact(format_args!("'{}'", s.replace('\'', "''")))
    } else {
        concat(&["'", s, "'"])
    }
}

/// The pieces as one string, allocated once (what `format!` of plain `{}`s gives).
pub(super) fn concat(pieces: &[&str]) -> String {
    let mut out = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for p in pieces {
        out.push_str(p);
    }
    out
}

/// The words a finding's message ends with when the script does not run into it.
pub(super) const FAILS_AT_READ: &str =
    " (Flink accepts the CREATE TABLE and fails when a query first reads the table)";

pub(super) const FAILS_AT_WRITE: &str =
    " (Flink accepts the CREATE TABLE and fails when a query first writes the table)";

pub(super) const FAILS_AT_READ_OR_WRITE: &str =
    " (Flink accepts the CREATE TABLE and fails when a query first reads or writes the table)";

/// What a finding becomes under the table's usage, known before its message is built so that
/// the message is built once at its final size.
#[derive(Debug, Clone, Copy)]
pub(super) struct Verdict {
    pub(super) severity: Severity,
    /// Appended to the message (one of the `FAILS_AT_*` texts, or nothing).
    pub(super) tail: &'static str,
}

impl Verdict {
    /// The message `args` formats, with the tail.
    pub(super) fn text(&self, args: std::fmt::Arguments<'_>) -> Message {
        shared_with(args, self.tail)
    }

    /// A rule's own message when it has one, else `default`: with the tail either way.
    pub(super) fn message_or(
        &self,
        message: &Option<String>,
        default: impl FnOnce(&Self) -> Message,
    ) -> Message {
        match message {
            Some(m) => self.concat(&[m]),
            None => default(self),
        }
    }

    /// `pieces` and the tail as one text.
    pub(super) fn concat(&self, pieces: &[&str]) -> Message {
        with_scratch(|out| {
            for p in pieces {
                out.push_str(p);
            }
            out.push_str(self.tail);
        })
    }
}

/// What `format!` gives, in a string of exactly its length: `format!`'s estimate over-reserves
/// (up to twice the text).
pub(super) fn exact(args: std::fmt::Arguments<'_>) -> String {
    use std::fmt::Write;
    match args.as_str() {
        Some(plain) => plain.to_string(),
        None => in_scratch(
            |out| {
                let _ = out.write_fmt(args);
            },
            str::to_string,
        ),
    }
}

/// The text `args` formats, as a [`Message`].
pub(super) fn text(args: std::fmt::Arguments<'_>) -> Message {
    shared_with(args, "")
}

/// The text `args` formats followed by `tail`, as a [`Message`].
fn shared_with(args: std::fmt::Arguments<'_>, tail: &str) -> Message {
    use std::fmt::Write;
    in_scratch(
        |out| {
            let _ = out.write_fmt(args);
            out.push_str(tail);
        },
        Message::shared,
    )
}

/// The text `write` builds, as a [`Message`]: built in a reused buffer, so that a text an
/// earlier finding already has costs no allocation (findings repeat a few hundred texts).
fn with_scratch(write: impl FnOnce(&mut String)) -> Message {
    in_scratch(write, Message::shared)
}

/// `finish` of the text `write` builds in a reused buffer (which allocates rarely).
fn in_scratch<T>(write: impl FnOnce(&mut String), finish: impl FnOnce(&str) -> T) -> T {
    thread_local! {
        static SCRATCH: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    SCRATCH.with(|scratch| {
        let Ok(mut scratch) = scratch.try_borrow_mut() else {
            // Only when building the text builds another: not the fast path.
            let mut out = String::new();
            write(&mut out);
            return finish(&out);
        };
        scratch.clear();
        write(&mut scratch);
        finish(&scratch)
    })
}
