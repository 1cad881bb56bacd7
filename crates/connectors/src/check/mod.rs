//! Checking one resolved table against the connector facts, the way the connector and format
//! factories check it when a query first uses the table.
//!
//! Here: the entry points and the [`Checker`] of one table, with the verdict of a finding under
//! the table's usage. Each concern has its module: [`connector_id`] (a table whose connector
//! is missing, legacy or unknown), [`formats`] (the format slots), [`options`] (each written
//! option and the required ones), [`rules`] (the connector facts' rules on options, one step per
//! kind), [`schema_rules`] (its rules on the table's schema), [`metadata`] (metadata columns),
//! [`suggest`] (did-you-mean), [`messages`] (findings' texts built once); connector-specific
//! checks in [`datagen`].

use crate::facts::ConnectorFacts;
use crate::model::{ConnectorSpec, Role, Side};
use crate::resolve::TableOptions;
use crate::spans::TableSpans;

mod connector_id;
mod datagen;
mod formats;
mod messages;
mod metadata;
mod options;
mod rules;
mod schema_rules;
mod suggest;
use connector_id::{legacy_connector_keys, unknown_connector};
use flinkddl_diagnostics::suggest::{KeyBag, Word};
use flinkddl_diagnostics::{Diagnostic, Severity};
use flinkddl_schema::TableSchema;
use messages::{concat, Verdict, FAILS_AT_READ, FAILS_AT_READ_OR_WRITE, FAILS_AT_WRITE};

/// How a table is used, which decides whether a finding is an error (decision 0004).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Usage {
    /// Judge the table against every use its connector has: an error when a finding breaks
    /// all of them, a warning when the table could still be used the other way. This is
    /// Flink's verdict on the table itself (the oracle's `--plan` read and write).
    #[default]
    EveryUse,
    /// Judge it against what the script does with it: an error when a finding breaks a read
    /// or write the script performs, otherwise a warning whose message says that Flink fails
    /// when a query first reads or writes the table.
    Script { reads: bool, writes: bool },
}

thread_local! {
    /// Where a table's findings are gathered (reused, so it grows only for the largest).
    static FINDINGS_SCRATCH: std::cell::Cell<Vec<Diagnostic>> = const { std::cell::Cell::new(Vec::new()) };
}

/// [`check_table`] for a table used as `usage` says.
pub fn check_table_for(
    facts: &ConnectorFacts,
    table: &TableSchema,
    spans: &TableSpans,
    usage: Usage,
) -> Vec<Diagnostic> {
    let Some(id) = table.option("connector") else {
        return legacy_connector_keys(table, spans, usage);
    };
    let Some(connector) = facts.connector(id) else {
        return vec![unknown_connector(facts, id, spans)];
    };
    let mut checker = Checker::new(facts, table, spans, connector);
    checker.usage = usage;
    checker.run();
    // The findings live until the report: moved into a vector of their number (not the
    // doubling's spare room), the growing one kept for the next table.
    let mut scratch = checker.out.into_inner();
    // (`drain(..).collect()` would start at four.)
    let mut found = Vec::with_capacity(scratch.len());
    found.append(&mut scratch);
    FINDINGS_SCRATCH.set(scratch);
    found
}

/// Lints one resolved table: its connector and format options, its metadata columns and the
/// connector's schema rules. A table without `'connector'` gets nothing (unless it holds
/// pre-1.11 `connector.*` keys); a connector not in the connector facts gets one C011 info.
pub fn check_table(
    facts: &ConnectorFacts,
    table: &TableSchema,
    spans: &TableSpans,
) -> Vec<Diagnostic> {
    check_table_for(facts, table, spans, Usage::EveryUse)
}

/// A key length's bit in [`Checker::key_lengths`].
fn length_bit(len: usize) -> u64 {
    1 << (len % 64)
}

struct Checker<'a> {
    facts: &'a ConnectorFacts,
    table: &'a TableSchema,
    spans: &'a TableSpans<'a>,
    connector: &'a ConnectorSpec,
    read: bool,
    write: bool,
    usage: Usage,
    /// The options resolved: the formats in effect, what each key is.
    resolved: TableOptions<'a>,
    /// The table's options as `str`s: looked up by key tens of times a table, and a
    /// `CompactString` decodes its length and address at each look.
    options: Vec<(&'a str, &'a str)>,
    /// Bit `n % 64` for each length `n` of a written key: most keys a rule asks about are not
    /// written, and their length alone tells.
    key_lengths: u64,
    /// The written keys that are no known key, found once per table and only when a missing
    /// option looks for a misspelling of itself.
    unknown_written: std::cell::OnceCell<Vec<Word<'a>>>,
    /// Bit `i`: whether the table's `i`-th option is a known key ([`Checker::is_known_key`]),
    /// where its check found out on the way (bit `i` of `decided_written`).
    known_written: u128,
    decided_written: u128,
    /// [`Checker::known_keys`], built on the first unknown key that needs a did-you-mean.
    known_keys: std::cell::OnceCell<Vec<(std::borrow::Cow<'a, str>, Option<KeyBag>)>>,
    /// The findings kept; in a cell so that every check reads the checker while adding to it.
    out: std::cell::RefCell<Vec<Diagnostic>>,
}

impl<'a> Checker<'a> {
    fn new(
        facts: &'a ConnectorFacts,
        table: &'a TableSchema,
        spans: &'a TableSpans,
        connector: &'a ConnectorSpec,
    ) -> Self {
        let roles = &connector.roles;
        Checker {
            facts,
            table,
            spans,
            connector,
            read: roles.contains(&Role::Source) || roles.contains(&Role::Lookup),
            write: roles.contains(&Role::Sink),
            usage: Usage::EveryUse,
            resolved: TableOptions::for_connector(facts, connector, &table.options),
            options: table
                .options
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect(),
            key_lengths: table
                .options
                .iter()
                .fold(0, |bits, (k, _)| bits | length_bit(k.len())),
            unknown_written: std::cell::OnceCell::new(),
            known_written: 0,
            decided_written: 0,
            known_keys: std::cell::OnceCell::new(),
            out: std::cell::RefCell::new(FINDINGS_SCRATCH.take()),
        }
    }

    /// The severity of a problem that breaks the given side: an error when it breaks every use
    /// the connector has, a warning when the table could still be used the other way, nothing
    /// when the connector has no such use. With [`Usage::Script`]: an error when it breaks a
    /// use the script makes of the table, otherwise a warning (decision 0004).
    fn severity_of(&self, breaks_read: bool, breaks_write: bool) -> Option<Severity> {
        let r = breaks_read && self.read;
        let w = breaks_write && self.write;
        if !r && !w {
            return None;
        }
        let error = match self.usage {
            Usage::EveryUse => (r || !self.read) && (w || !self.write),
            Usage::Script { reads, writes } => (r && reads) || (w && writes),
        };
        Some(if error {
            Severity::Error
        } else {
            Severity::Warning
        })
    }

    /// What a finding that breaks `fails` becomes: `None` when the connector has no such use
    /// (the finding is not built at all).
    fn verdict(&self, fails: Side) -> Option<Verdict> {
        self.verdict_of(
            matches!(fails, Side::Read | Side::Both),
            matches!(fails, Side::Write | Side::Both),
        )
    }

    /// The severity of a finding that breaks reading and/or writing the table, and the words its
    /// message ends with: under [`Usage::Script`], a finding that the script's own statements
    /// do not run into says when Flink fails instead.
    fn verdict_of(&self, breaks_read: bool, breaks_write: bool) -> Option<Verdict> {
        let severity = self.severity_of(breaks_read, breaks_write)?;
        let tail = match (self.usage, severity) {
            (Usage::Script { .. }, Severity::Warning) => {
                match (breaks_read && self.read, breaks_write && self.write) {
                    (true, true) => FAILS_AT_READ_OR_WRITE,
                    (true, false) => FAILS_AT_READ,
                    _ => FAILS_AT_WRITE,
                }
            }
            _ => "",
        };
        Some(Verdict { severity, tail })
    }

    /// Keeps a finding whose message was built by `verdict` (its tail included).
    fn keep(&self, d: Diagnostic, verdict: Verdict) {
        self.out
            .borrow_mut()
            .push(d.with_severity(verdict.severity));
    }

    fn option(&self, key: &str) -> Option<&'a str> {
        if self.key_lengths & length_bit(key.len()) == 0 {
            return None;
        }
        self.options
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, v)| v)
    }

    /// The value of `<prefix><key>`, without building the joined key.
    fn prefixed_option(&self, prefix: &str, key: &str) -> Option<&'a str> {
        // The length first: most keys differ in it, and it costs no byte comparison.
        if prefix.is_empty() {
            return self.option(key);
        }
        let len = prefix.len() + key.len();
        if self.key_lengths & length_bit(len) == 0 {
            return None;
        }
        self.options
            .iter()
            .find(|(k, _)| k.len() == len && k.starts_with(prefix) && k.ends_with(key))
            .map(|&(_, v)| v)
    }

    fn run(&mut self) {
        self.check_formats();
        let table: &'a TableSchema = self.table;
        for (i, (key, value)) in table.options.iter().enumerate() {
            if key == "connector" {
                continue;
            }
            if let Some(known) = self.check_option(key, value).filter(|_| i < 128) {
                self.decided_written |= 1 << i;
                self.known_written |= u128::from(known) << i;
            }
        }
        self.check_required();
        let connector: &'a ConnectorSpec = self.connector;
        for rule in &connector.rules {
            self.check_rule(rule, "", None);
        }
        for (i, f) in self.resolved.formats.iter().enumerate() {
            if let Some(spec) = f.spec {
                for rule in &spec.rules {
                    self.check_rule(rule, &f.options_prefix, Some(i));
                }
            }
        }
        self.check_metadata();
    }
}
