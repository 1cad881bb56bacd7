//! The `check` flags that work on the results, as ruff has them: rule selection (`--select`,
//! `--ignore`, `--extend-select`), fixing (`--fix`, `--unsafe-fixes`, `--diff`),
//! `--statistics`, `--output-file` and `--quiet`. `app.rs` flattens [`CheckFlags`] into
//! `check`'s arguments and hands the reports to [`finish`].

use crate::check::{check_loaded, FileReport, Summary};
use crate::config::Config;
use crate::files::{Planned, Target};
use crate::fix::{self, Applied};
use crate::render::plural;
use crate::source::{Loaded, Source};
use flinkddl::diagnostics::Applicability;
use flinkddl::{Code, Diagnostic, Severity, Stage};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug, Default, Clone)]
pub struct CheckFlags {
    /// Report only these rules: codes (`L002`), names (`duplicate-option-key`), prefixes (`L`,
    /// `C0`) or `ALL`, comma-separated. Syntax and file errors are always reported.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub select: Option<Vec<String>>,
    /// Report these rules too, on top of `--select` (or of every rule).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub extend_select: Vec<String>,
    /// Do not report these rules (the more specific of `--select` and `--ignore` wins; on a tie,
    /// `--ignore`).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub ignore: Vec<String>,
    /// Apply the safe fixes to the files, re-check until nothing changes, and report what was
    /// fixed and what remains.
    #[arg(long)]
    pub fix: bool,
    /// Apply the unsafe fixes too (those that may change what the script means).
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print the fixes as a unified diff instead of writing them (exit status 1 when there is
    /// something to fix).
    #[arg(long)]
    pub diff: bool,
    /// Print how many diagnostics each code has instead of the diagnostics.
    #[arg(long)]
    pub statistics: bool,
    /// Write the output to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub output_file: Option<PathBuf>,
    /// Print the diagnostics only: no summary line and no notes about fixes.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl CheckFlags {
    /// Whether fixes are computed at all.
    pub fn fixing(&self) -> bool {
        self.fix || self.diff
    }
}

/// One `--select`/`--ignore` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Selector {
    All,
    Prefix(String),
    Code(Code),
}

impl Selector {
    fn parse(text: &str) -> Result<Selector, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("ALL") {
            return Ok(Selector::All);
        }
        if let Some(code) = Code::parse(text) {
            return Ok(Selector::Code(code));
        }
        let prefix = text.to_ascii_uppercase();
        let looks_like_prefix = prefix
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_uppercase())
            && prefix.chars().skip(1).all(|c| c.is_ascii_digit());
        if looks_like_prefix && Code::ALL.iter().any(|c| c.as_str().starts_with(&prefix)) {
            return Ok(Selector::Prefix(prefix));
        }
        Err(format!(
            "unknown rule `{text}`: give a code (L002), a name (duplicate-option-key), a prefix \
             (L) or ALL; `flinkddl explain` lists them"
        ))
    }

    /// How specific the selector is when it matches `code` (`None` when it does not).
    fn specificity(&self, code: Code) -> Option<usize> {
        match self {
            Selector::All => Some(0),
            Selector::Prefix(p) => code.as_str().starts_with(p.as_str()).then_some(p.len()),
            Selector::Code(c) => (*c == code).then_some(usize::MAX),
        }
    }
}

/// Which codes are reported.
#[derive(Debug, Clone)]
pub struct Selection {
    select: Vec<Selector>,
    ignore: Vec<Selector>,
}

impl Default for Selection {
    fn default() -> Self {
        Selection {
            select: vec![Selector::All],
            ignore: Vec::new(),
        }
    }
}

impl Selection {
    /// The selection the flags give; `Err` names an unknown rule.
    pub fn from_flags(flags: &CheckFlags) -> Result<Selection, String> {
        let parse = |list: &[String]| -> Result<Vec<Selector>, String> {
            list.iter()
                .filter(|s| !s.trim().is_empty())
                .map(|s| Selector::parse(s))
                .collect()
        };
        let mut select = match &flags.select {
            Some(list) => parse(list)?,
            None => vec![Selector::All],
        };
        select.extend(parse(&flags.extend_select)?);
        Ok(Selection {
            select,
            ignore: parse(&flags.ignore)?,
        })
    }

    /// Whether `code` is reported.
    pub fn includes(&self, code: Code) -> bool {
        let best = |list: &[Selector]| list.iter().filter_map(|s| s.specificity(code)).max();
        match (best(&self.select), best(&self.ignore)) {
            (Some(selected), Some(ignored)) => selected > ignored,
            (Some(_), None) => true,
            (None, _) => false,
        }
    }

    /// Whether `d` is reported: selected, or an error that kept the file from being analysed
    /// (syntax and file errors are never hidden, as in ruff).
    pub fn keeps(&self, d: &Diagnostic) -> bool {
        (d.severity == Severity::Error && d.stage() == Stage::Syntax) || self.includes(d.code)
    }

    pub fn retain(&self, diagnostics: &mut Vec<Diagnostic>) {
        // Every code selected and none ignored (no flag given): every diagnostic stays, and a
        // 10 MB file's 20,000 need not be asked one by one.
        if self.ignore.is_empty() && self.select.contains(&Selector::All) {
            return;
        }
        diagnostics.retain(|d| self.keeps(d));
    }
}

/// What `check` needs to remember of each planned file to fix it later.
#[derive(Debug, Clone)]
pub struct FileOrigin {
    /// The file to write fixes to (`None` for standard input and unreadable paths).
    pub path: Option<PathBuf>,
    pub config: Config,
}

/// The origins of the plan's files, in plan order (the order of `check_all`'s reports).
pub fn origins(plan: &[Planned]) -> Vec<FileOrigin> {
    plan.iter()
        .map(|p| FileOrigin {
            path: match &p.target {
                Target::File(path) => Some(path.clone()),
                _ => None,
            },
            config: p.config.clone(),
        })
        .collect()
}

/// The fixes of one file.
#[derive(Debug, Clone)]
pub struct FileFixes {
    pub name: String,
    pub applied: Vec<Applied>,
    /// The unified diff of the fixes (empty when nothing applied).
    pub diff: String,
    pub converged: bool,
    /// Fixes left because they would add diagnostics.
    pub withheld: usize,
    /// Why the fixed text could not be written.
    pub write_error: Option<String>,
}

/// The results after selection and fixing.
#[derive(Debug, Clone)]
pub struct Finished {
    pub reports: Vec<FileReport>,
    pub summary: Summary,
    /// One entry per file a fix applied to (or would apply to, with `--diff`).
    pub fixes: Vec<FileFixes>,
    /// Whether fixes were asked for.
    pub fixing: bool,
    pub unsafe_fixes: bool,
    /// `--diff`: the fixes are shown, not written.
    pub diff_only: bool,
    /// Files read from standard input, whose fixes are not written.
    pub stdin_not_written: bool,
}

/// Applies the selection, then (with `--fix` or `--diff`) the fixes: with `--fix` the fixed
/// files are written and their reports are those of the fixed text.
pub fn finish(
    mut reports: Vec<FileReport>,
    origins: &[FileOrigin],
    flags: &CheckFlags,
    elapsed: Duration,
) -> Result<Finished, String> {
    let selection = Selection::from_flags(flags)?;
    let mut fixes = Vec::new();
    let mut stdin_not_written = false;
    for (i, report) in reports.iter_mut().enumerate() {
        selection.retain(&mut report.diagnostics);
        let Some(origin) = origins.get(i) else {
            continue;
        };
        if !flags.fixing() || !report.diagnostics.iter().any(|d| d.fix.is_some()) {
            continue;
        }
        let wanted = |d: &Diagnostic| fix::is_applied(d, flags.unsafe_fixes);
        if !report.diagnostics.iter().any(wanted) {
            continue;
        }
        let source = report.source.clone();
        let analyse = |text: &str| {
            let loaded = Loaded::Text(Source {
                text: text.to_string(),
                offset: source.offset,
            });
            let mut ds = check_loaded(report.name.clone(), loaded, &origin.config).diagnostics;
            selection.retain(&mut ds);
            ds
        };
        let outcome = fix::fix_text(&source.text, analyse, wanted);
        if outcome.applied.is_empty() && outcome.withheld == 0 {
            continue;
        }
        let diff = unified_diff(&report.name, &source.text, &outcome.text);
        let mut write_error = None;
        if flags.fix && !flags.diff && !outcome.applied.is_empty() {
            match &origin.path {
                Some(path) => {
                    let bom = if source.offset == 3 { "\u{feff}" } else { "" };
                    if let Err(e) = std::fs::write(path, format!("{bom}{}", outcome.text)) {
                        write_error = Some(crate::source::io_reason(&e));
                    }
                }
                None => stdin_not_written = true,
            }
            if write_error.is_none() && origin.path.is_some() {
                report.source.text = outcome.text.clone();
                report.diagnostics = outcome.diagnostics.clone();
            }
        }
        fixes.push(FileFixes {
            name: report.name.clone(),
            applied: outcome.applied,
            diff,
            converged: outcome.converged,
            withheld: outcome.withheld,
            write_error,
        });
    }
    let summary = Summary::of(&reports, elapsed);
    Ok(Finished {
        reports,
        summary,
        fixes,
        fixing: flags.fixing(),
        unsafe_fixes: flags.unsafe_fixes,
        diff_only: flags.diff,
        stdin_not_written,
    })
}

impl Finished {
    /// The exit status: with `--diff`, 1 when something would be fixed; otherwise as `check`.
    pub fn exit_code(&self, flags: &CheckFlags, deny_warnings: bool) -> u8 {
        if flags.diff {
            let pending = self.fixes.iter().any(|f| !f.applied.is_empty());
            if pending {
                return crate::EXIT_PROBLEMS;
            }
            return crate::EXIT_CLEAN;
        }
        self.summary.exit_code(deny_warnings)
    }

    /// The unified diff of every file's fixes (`--diff`).
    pub fn diff(&self) -> String {
        self.fixes.iter().map(|f| f.diff.as_str()).collect()
    }

    /// What was fixed and what remains, for people ("Fixed 2 diagnostics in 1 file: ...").
    pub fn fix_notes(&self) -> String {
        let mut out = String::new();
        let count: usize = self.fixes.iter().map(|f| f.applied.len()).sum();
        if self.fixing && count > 0 {
            let verb = if self.diff_only {
                "Would fix"
            } else if self.fixes.iter().all(|f| f.write_error.is_none()) {
                "Fixed"
            } else {
                "Found"
            };
            out.push_str(&format!(
                "{verb} {} in {}.\n",
                plural(count, "diagnostic"),
                plural(
                    self.fixes.iter().filter(|f| !f.applied.is_empty()).count(),
                    "file"
                )
            ));
            for file in &self.fixes {
                for a in &file.applied {
                    out.push_str(&format!(
                        "  {}:{}: {} {}: {}\n",
                        file.name,
                        a.line,
                        a.code,
                        a.code.info().name,
                        a.message
                    ));
                }
                if let Some(e) = &file.write_error {
                    out.push_str(&format!("  {}: not written: {e}\n", file.name));
                }
                if !file.converged {
                    out.push_str(&format!(
                        "  {}: fixes were still left after {} passes\n",
                        file.name,
                        fix::MAX_PASSES
                    ));
                }
            }
        }
        if self.fixing {
            let withheld: usize = self.fixes.iter().map(|f| f.withheld).sum();
            if withheld > 0 {
                out.push_str(&format!(
                    "Left {}: each would give the file a diagnostic it does not have now \
                     (fixing one error can reveal the next one Flink raises).\n",
                    plural(withheld, "fix").replace("fixs", "fixes")
                ));
            }
            if self.stdin_not_written {
                out.push_str("Standard input is not rewritten; use --diff to see its fixes.\n");
            }
        }
        let (mut safe, unsafe_only) = self.remaining_fixable();
        if self.fixing {
            // What --fix left is what it withheld, not something a second run would fix.
            safe = safe.saturating_sub(self.fixes.iter().map(|f| f.withheld).sum());
        }
        // As ruff ends its report: what a run with --fix (or --unsafe-fixes) would fix.
        if !self.diff_only && (safe > 0 || unsafe_only > 0) {
            let mut line = String::new();
            if safe > 0 {
                line.push_str(&format!(
                    "{} fixable with --fix",
                    plural(safe, "diagnostic")
                ));
            }
            if unsafe_only > 0 {
                if !line.is_empty() {
                    line.push_str("; ");
                }
                let what = if safe > 0 {
                    format!("{unsafe_only} more")
                } else {
                    plural(unsafe_only, "diagnostic")
                };
                line.push_str(&format!("{what} fixable with --unsafe-fixes"));
            }
            out.push_str(&line);
            out.push_str(".\n");
        }
        out
    }

    /// Diagnostics still carrying a fix that `--fix` would apply, and those only
    /// `--unsafe-fixes` would.
    fn remaining_fixable(&self) -> (usize, usize) {
        let mut safe = 0;
        let mut unsafe_only = 0;
        for d in self.reports.iter().flat_map(|r| &r.diagnostics) {
            match d.fix_applicability() {
                Some(Applicability::Safe) => safe += 1,
                Some(Applicability::Unsafe) if !(self.fixing && self.unsafe_fixes) => {
                    unsafe_only += 1
                }
                _ => {}
            }
        }
        (safe, unsafe_only)
    }
}

/// What `check` prints: (standard output or `--output-file`, standard error). `render` draws
/// the reports in the chosen format; `human` says whether that format is for people (the notes
/// about fixes then follow it; otherwise they go to standard error, so that the output stays
/// one document).
pub fn compose(
    done: &Finished,
    flags: &CheckFlags,
    json: bool,
    human: bool,
    render: impl FnOnce(&[FileReport], &Summary) -> String,
) -> (String, String) {
    let notes = notes(done, flags);
    if flags.diff {
        return (done.diff(), notes);
    }
    if flags.statistics {
        return (statistics(&done.reports, json), notes);
    }
    let text = render(&done.reports, &done.summary);
    if human {
        (text + &notes, String::new())
    } else {
        (text, notes)
    }
}

/// Whether the flags leave the format's report as the output (not `--diff` nor
/// `--statistics`), so that it can be written as it is rendered ([`write_streamed`]); the notes
/// then go to stderr as [`compose`] sends them for a format other than human.
pub fn report_is_output(flags: &CheckFlags) -> bool {
    !flags.diff && !flags.statistics
}

/// The notes [`compose`] gives with a report that is not human-readable.
pub fn notes(done: &Finished, flags: &CheckFlags) -> String {
    if flags.quiet {
        String::new()
    } else {
        done.fix_notes()
    }
}

/// What `write` writes, written where `--output-file` says (standard output otherwise) as it is
/// written, not held whole: [`write_output`]'s errors for a file; on standard output a failed
/// write (a closed pipe: `| head`) ends the output quietly, as `main` prints.
pub fn write_streamed(
    flags: &CheckFlags,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), String> {
    let Some(path) = &flags.output_file else {
        let _ = write(&mut std::io::stdout().lock());
        return Ok(());
    };
    let cannot = |e: std::io::Error| format!("cannot write {}: {}", path.display(), e);
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(cannot)?;
    }
    let mut file = std::fs::File::create(path).map_err(cannot)?;
    write(&mut file).map_err(cannot)
}

/// A unified diff of one file's fixes.
pub fn unified_diff(name: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    // git's `a/` and `b/` for relative names; an absolute one stays as it is.
    let (old, new) = if name.starts_with('/') {
        (name.to_string(), name.to_string())
    } else {
        (format!("a/{name}"), format!("b/{name}"))
    };
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&old, &new)
        .to_string()
}

/// Counts per code (`--statistics`), most frequent first: text, or JSON with `--format json`.
pub fn statistics(reports: &[FileReport], json: bool) -> String {
    let mut counts: BTreeMap<Code, (usize, usize, usize)> = BTreeMap::new();
    for d in reports.iter().flat_map(|r| &r.diagnostics) {
        let entry = counts.entry(d.code).or_default();
        entry.0 += 1;
        match d.fix_applicability() {
            Some(Applicability::Safe) => entry.1 += 1,
            Some(Applicability::Unsafe) => entry.2 += 1,
            None => {}
        }
    }
    let mut rows: Vec<(Code, (usize, usize, usize))> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(&b.0)));
    if json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(|(code, (count, safe, unsafe_))| {
                serde_json::json!({
                    "code": code.as_str(),
                    "name": code.info().name,
                    "count": count,
                    "fixable": safe,
                    "unsafe_fixable": unsafe_,
                })
            })
            .collect();
        return serde_json::Value::Array(list).to_string() + "\n";
    }
    let width = rows
        .iter()
        .map(|(_, (n, _, _))| n.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    let mut by_severity = [0usize; 3];
    for (code, (count, safe, unsafe_)) in &rows {
        // ruff's marks: `[*]` fixable with --fix, `[-]` only with --unsafe-fixes.
        let mark = if *safe > 0 {
            "[*]"
        } else if *unsafe_ > 0 {
            "[-]"
        } else {
            "[ ]"
        };
        out.push_str(&format!(
            "{count:>width$}\t{}\t{mark} {}\n",
            code.as_str(),
            code.info().name
        ));
    }
    for d in reports.iter().flat_map(|r| &r.diagnostics) {
        by_severity[match d.severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Info => 2,
        }] += 1;
    }
    let [errors, warnings, infos] = by_severity;
    out.push_str(&format!(
        "Found {} in {}: {}, {}, {infos} info.\n",
        plural(errors + warnings + infos, "diagnostic"),
        plural(reports.len(), "file"),
        plural(errors, "error"),
        plural(warnings, "warning"),
    ));
    out
}

/// Writes the output where `--output-file` says (standard output otherwise: `Ok(false)`).
pub fn write_output(flags: &CheckFlags, text: &str) -> Result<bool, String> {
    if flags.output_file.is_none() {
        return Ok(false);
    }
    write_streamed(flags, |out| out.write_all(text.as_bytes()))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn selection(select: Option<&str>, extend: &str, ignore: &str) -> Result<Selection, String> {
        let list = |s: &str| {
            s.split(',')
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect()
        };
        Selection::from_flags(&CheckFlags {
            select: select.map(list),
            extend_select: list(extend),
            ignore: list(ignore),
            ..CheckFlags::default()
        })
    }

    #[test]
    fn selectors_match_codes_names_prefixes_and_all() -> Result<(), String> {
        let s = selection(Some("L"), "", "duplicate-option-key")?;
        assert!(s.includes(Code::PrecisionClamped));
        assert!(!s.includes(Code::DuplicateOptionKey));
        assert!(!s.includes(Code::UnknownConnectorOption));
        let s = selection(Some("C0,l002"), "B", "")?;
        assert!(s.includes(Code::UnknownConnectorOption));
        assert!(s.includes(Code::DuplicateOptionKey));
        assert!(s.includes(Code::PrimaryKeyEnforced));
        assert!(!s.includes(Code::PrecisionClamped));
        // The more specific selector wins; a tie goes to --ignore.
        let s = selection(None, "", "L")?;
        assert!(!s.includes(Code::PrecisionClamped));
        let s = selection(Some("L002"), "", "L")?;
        assert!(s.includes(Code::DuplicateOptionKey));
        let s = selection(Some("ALL"), "", "L002")?;
        assert!(!s.includes(Code::DuplicateOptionKey));
        assert!(selection(Some("X9"), "", "").is_err());
        assert!(selection(Some("no-such-rule"), "", "").is_err());
        Ok(())
    }

    #[test]
    fn syntax_errors_are_never_hidden() -> Result<(), String> {
        let s = selection(Some("L"), "", "S")?;
        let ds = flinkddl::analyze("CREATE TABLE t (a INT,,);").diagnostics;
        assert!(!ds.is_empty());
        assert!(ds.iter().all(|d| s.keeps(d)));
        Ok(())
    }
}
