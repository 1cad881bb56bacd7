//! `flinkddl check`: every planned file is read and analysed in parallel (rayon), with a panic
//! guard per file, and the reports come back in the order of the plan (sorted by path).

use crate::config::Config;
use crate::files::{Planned, Target};
use crate::source::{self, Loaded, Source};
use flinkddl::{Code, Diagnostic, Severity, Span};
use rayon::prelude::*;
use std::cell::{Cell, RefCell};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};

/// What flinkddl found in one file.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The name used in output (`a/b.sql`, `<stdin>`).
    pub name: String,
    pub source: Source,
    /// In source order, with the configuration's severities applied.
    pub diagnostics: Vec<Diagnostic>,
}

/// Counts over a whole run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub errors: usize,
    pub warnings: usize,
    /// Info diagnostics (what flinkddl could not check).
    pub info: usize,
    pub elapsed: Duration,
    /// The Flink versions the files were checked as (`flink-version`, `--flink-version`).
    pub flink_versions: FlinkVersions,
}

/// A set of Flink versions (a bit each, so that the summary stays `Copy`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FlinkVersions(u8);

impl FlinkVersions {
    pub fn of(versions: impl IntoIterator<Item = flinkddl::FlinkVersion>) -> FlinkVersions {
        let mut set = FlinkVersions::default();
        for v in versions {
            if let Some(i) = flinkddl::FlinkVersion::ALL.iter().position(|w| *w == v) {
                set.0 |= 1 << i;
            }
        }
        set
    }

    pub fn iter(self) -> impl Iterator<Item = flinkddl::FlinkVersion> {
        flinkddl::FlinkVersion::ALL
            .into_iter()
            .enumerate()
            .filter(move |(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, v)| v)
    }

    /// The versions a report names: none when every file was checked as the default (2.3),
    /// so that a default run's report is what it was before versions existed.
    pub fn shown(self) -> Vec<&'static str> {
        if self.iter().all(|v| v == flinkddl::FlinkVersion::default()) {
            return Vec::new();
        }
        self.iter().map(flinkddl::FlinkVersion::as_str).collect()
    }
}

impl Summary {
    pub fn of(reports: &[FileReport], elapsed: Duration) -> Summary {
        let mut s = Summary {
            files: reports.len(),
            elapsed,
            ..Summary::default()
        };
        for d in reports.iter().flat_map(|r| &r.diagnostics) {
            match d.severity {
                Severity::Error => s.errors += 1,
                Severity::Warning => s.warnings += 1,
                Severity::Info => s.info += 1,
            }
        }
        s
    }

    /// The exit status: 1 on an error, or on a warning when warnings are denied.
    pub fn exit_code(&self, deny_warnings: bool) -> u8 {
        if self.errors > 0 || (deny_warnings && self.warnings > 0) {
            crate::EXIT_PROBLEMS
        } else {
            crate::EXIT_CLEAN
        }
    }
}

/// Checks every planned file. Standard input is read first, on this thread.
pub fn check_all(plan: Vec<Planned>) -> (Vec<FileReport>, Summary) {
    check_all_given(plan, None)
}

/// [`check_all`], with the text of the standard input target given instead of read (the MCP
/// server's `sql`: its standard input is the protocol).
pub fn check_all_given(
    plan: Vec<Planned>,
    mut stdin: Option<Loaded>,
) -> (Vec<FileReport>, Summary) {
    let started = Instant::now();
    install_panic_hook();
    // A project's catalog is built once, before the files that start from it are checked.
    for planned in &plan {
        planned.config.project();
    }
    let extra = catalog_reports_not_planned(&plan);
    // Without `catalog`, a run of several files notes what each creates and uses, to suggest
    // the setting (F006): (the file, its configuration's directory) per planned file.
    let noting = plan.len() > 1 && plan.iter().any(|p| p.config.catalog.is_empty());
    let places: Vec<(std::path::PathBuf, std::path::PathBuf)> = plan
        .iter()
        .filter(|_| noting)
        .map(|p| match &p.target {
            Target::File(path) => (
                flinkddl_config::normalize(path),
                flinkddl_config::normalize(&p.config.root),
            ),
            _ => Default::default(),
        })
        .collect();
    let loaded: Vec<(Planned, Option<Loaded>)> = plan
        .into_iter()
        .map(|p| {
            let stdin = matches!(p.target, Target::Stdin(_))
                .then(|| stdin.take().unwrap_or_else(source::load_stdin));
            (p, stdin)
        })
        .collect();
    let (mut reports, facts): (Vec<FileReport>, Vec<Option<TableFacts>>) = loaded
        .into_par_iter()
        .map(|(planned, stdin)| {
            if let Target::File(path) = &planned.target {
                if let Some(report) =
                    catalog_report(planned.target.display(), path, &planned.config)
                {
                    return (report, None);
                }
            }
            let loaded = match (stdin, &planned.target) {
                (Some(l), _) => l,
                (None, Target::File(path)) => source::load(path),
                (None, Target::Stdin(_)) => source::unreadable("standard input was read already"),
                (None, Target::Unreadable(_, reason)) => source::unreadable(reason),
            };
            let noting = noting && planned.config.catalog.is_empty();
            check_loaded_noting(planned.target.display(), loaded, &planned.config, noting)
        })
        .unzip();
    if noting {
        suggest_catalog(&mut reports, &facts, &places);
    }
    if !extra.is_empty() {
        // The catalog's reports in path order among the others.
        reports.extend(extra);
        reports.sort_by(|a, b| a.name.cmp(&b.name));
    }
    let summary = Summary::of(&reports, started.elapsed());
    (reports, summary)
}

/// A catalog file's report: it was checked once, as the project was built (`None` when `path`
/// is not one of its configuration's catalog files).
fn catalog_report(name: String, path: &std::path::Path, config: &Config) -> Option<FileReport> {
    let project = config.project()?;
    let file = project.project.file(&flinkddl_config::normalize(path))?;
    Some(catalog_file_report(name, file, config))
}

fn catalog_file_report(
    name: String,
    file: &flinkddl::project::CatalogFile,
    config: &Config,
) -> FileReport {
    match (&file.text, &file.unreadable) {
        (Some(text), _) => {
            let mut diagnostics = file.diagnostics.clone();
            config.apply(&mut diagnostics);
            FileReport {
                name,
                source: Source {
                    text: text.clone(),
                    offset: file.offset,
                },
                diagnostics,
            }
        }
        (None, reason) => check_loaded(
            name,
            source::unreadable(reason.as_deref().unwrap_or("unknown reason")),
            config,
        ),
    }
}

/// What the run must report besides its planned files: the catalog files with errors that
/// are not among them (a session whose init files fail runs no job), and each configuration's
/// catalog entries that name no file (on the `flinkddl.toml`), once per configuration.
fn catalog_reports_not_planned(plan: &[Planned]) -> Vec<FileReport> {
    if plan.iter().all(|p| p.config.catalog.is_empty()) {
        return Vec::new();
    }
    let planned: std::collections::HashSet<std::path::PathBuf> = plan
        .iter()
        .filter_map(|p| match &p.target {
            Target::File(path) => Some(flinkddl_config::normalize(path)),
            _ => None,
        })
        .collect();
    let mut seen: Vec<*const flinkddl_config::ProjectCatalog> = Vec::new();
    let mut out = Vec::new();
    for p in plan {
        let Some(project) = p.config.project() else {
            continue;
        };
        if seen.contains(&std::sync::Arc::as_ptr(project)) {
            continue;
        }
        seen.push(std::sync::Arc::as_ptr(project));
        for file in &project.project.files {
            if file.has_errors() && !planned.contains(&file.path) {
                out.push(catalog_file_report(shown(&file.path), file, &p.config));
            }
        }
        if !project.unmatched.is_empty() {
            let toml = p
                .config
                .file
                .clone()
                .unwrap_or_else(|| p.config.root.join(crate::config::FILE_NAME));
            let text = std::fs::read_to_string(&toml).unwrap_or_default();
            let diagnostics = project
                .unmatched
                .iter()
                .map(|entry| {
                    let at = text
                        .find(&format!("\"{}\"", entry.pattern))
                        .map_or(0, |i| i + 1);
                    Diagnostic::new(
                        Code::CatalogEntryUnmatched,
                        Span::new(at as u32, (at + entry.pattern.len()) as u32),
                        format!("catalog entry `{}` names no file", entry.pattern),
                    )
                    .with_help(format!(
                        "entries are relative to {}; `*` also matches `/`",
                        shown(&entry.base)
                    ))
                })
                .collect();
            out.push(FileReport {
                name: shown(&toml),
                source: Source { text, offset: 0 },
                diagnostics,
            });
        }
    }
    out
}

/// A path as output shows it: relative to the working directory when under it.
fn shown(path: &std::path::Path) -> String {
    let cwd = std::env::current_dir().map(|d| flinkddl_config::normalize(&d));
    let absolute = flinkddl_config::normalize(path);
    match cwd
        .as_ref()
        .ok()
        .and_then(|cwd| absolute.strip_prefix(cwd).ok())
    {
        Some(relative) => crate::files::display_path(relative),
        None => crate::files::display_path(&absolute),
    }
}

/// Whether what a check builds besides its diagnostics is left to the process's exit
/// ([`leave_to_exit`]) instead of being freed.
static LEAVE_TO_EXIT: AtomicBool = AtomicBool::new(false);

/// The bytes of text whose checks have left their tables to the exit so far.
static LEFT_TEXT: AtomicUsize = AtomicUsize::new(0);

/// At most this much text leaves its tables to the exit (they take a few times the text): a
/// run over many files frees the rest file by file, so its memory stays bounded.
const LEAVE_TEXT_MAX: usize = 64 << 20;

/// Leaves what each later check builds besides its diagnostics (its tables, the script's uses)
/// to the process's exit instead of freeing it, for up to [`LEAVE_TEXT_MAX`] bytes of text in
/// all: for a process that exits after its report (`flinkddl check`), not for one that goes
/// on (the Python package, the language server).
pub fn leave_to_exit() {
    LEAVE_TO_EXIT.store(true, Ordering::Relaxed);
}

/// Whether a check of `text_len` bytes leaves what it built to the exit (and counts it).
fn leaves_to_exit(text_len: usize) -> bool {
    LEAVE_TO_EXIT.load(Ordering::Relaxed)
        && LEFT_TEXT.fetch_add(text_len, Ordering::Relaxed) + text_len <= LEAVE_TEXT_MAX
}

/// Analyses one loaded file.
pub fn check_loaded(name: String, loaded: Loaded, config: &Config) -> FileReport {
    check_loaded_noting(name, loaded, config, false).0
}

/// What a file creates and uses, for [`suggest_catalog`].
#[derive(Debug, Default)]
pub struct TableFacts {
    created: Vec<flinkddl::binder::session_catalog::ObjectPath>,
    /// Each table it names and did not create, where it first names it.
    used: Vec<(flinkddl::binder::session_catalog::ObjectPath, Span)>,
}

/// [`check_loaded`]; with `noting`, also what the file creates and uses.
fn check_loaded_noting(
    name: String,
    loaded: Loaded,
    config: &Config,
    noting: bool,
) -> (FileReport, Option<TableFacts>) {
    let mut facts = None;
    let report = match loaded {
        Loaded::Failed { source, diagnostic } => FileReport {
            name,
            source,
            diagnostics: vec![diagnostic],
        },
        Loaded::Text(mut source) => {
            let options = config.options_for(std::path::Path::new(&name));
            // The analysis takes the text over and gives it back (no second copy of a large
            // file). After a panic it is gone; the F003 it leaves is about the whole file.
            let text = std::mem::take(&mut source.text);
            let analyzed = guarded(move || flinkddl::diagnose_owned_leaving(text, &options));
            let diagnostics = match analyzed {
                Ok((mut ds, text, leftovers)) => {
                    if noting {
                        let created: Vec<_> = leftovers
                            .created_paths()
                            .map(|(c, d, n)| (c.to_string(), d.to_string(), n.to_string()))
                            .collect();
                        let used = leftovers
                            .used_paths()
                            .into_iter()
                            .filter(|(p, _)| !created.contains(p))
                            .map(|(p, span)| (p.clone(), span))
                            .collect();
                        facts = Some(TableFacts { created, used });
                    }
                    if leaves_to_exit(text.len()) {
                        // The process ends after its report: the OS takes the memory back
                        // at once, where freeing the tables one by one costs instructions.
                        std::mem::forget(leftovers);
                    }
                    if let Some(target) = config.upgrade_to {
                        upgrade(&mut ds, &text, &options, target);
                    }
                    source.text = text;
                    config.apply(&mut ds);
                    ds
                }
                Err(panic) => vec![internal_error(&panic)],
            };
            FileReport {
                name,
                source,
                diagnostics,
            }
        }
    };
    (report, facts)
}

/// `--upgrade-to`: the findings of moving the file to `target`, among its diagnostics in
/// source order. A panic in them leaves the check's own diagnostics as they are.
fn upgrade(
    diagnostics: &mut Vec<Diagnostic>,
    text: &str,
    options: &flinkddl::Options,
    target: flinkddl::FlinkVersion,
) {
    let found = guarded(|| flinkddl::upgrade::upgrade_findings(text, options, target));
    match found {
        Ok(found) => {
            for d in found {
                let at = diagnostics.partition_point(|o| o.span.start <= d.span.start);
                diagnostics.insert(at, d);
            }
        }
        Err(panic) => diagnostics.push(internal_error(&panic)),
    }
}

/// Issue 35: a file that uses a table another file of the run creates, under a configuration
/// without `catalog`, gets an `F006` (info) that names the file and the entry to add. One a
/// file, at its first such use; `reports` and `facts` are in plan order, with the plan.
fn suggest_catalog(
    reports: &mut [FileReport],
    facts: &[Option<TableFacts>],
    plan: &[(std::path::PathBuf, std::path::PathBuf)],
) {
    let mut creators: std::collections::HashMap<
        &flinkddl::binder::session_catalog::ObjectPath,
        usize,
    > = std::collections::HashMap::new();
    for (i, f) in facts.iter().enumerate() {
        for path in f.iter().flat_map(|f| &f.created) {
            creators.entry(path).or_insert(i);
        }
    }
    if creators.is_empty() {
        return;
    }
    for (i, f) in facts.iter().enumerate() {
        let Some(f) = f else { continue };
        let Some((path, span, creator)) = f
            .used
            .iter()
            .find_map(|(p, span)| creators.get(p).filter(|&&c| c != i).map(|&c| (p, *span, c)))
        else {
            continue;
        };
        let (Some((file, _)), Some((_, root))) = (plan.get(creator), plan.get(i)) else {
            continue;
        };
        let entry = match file.parent().and_then(|dir| dir.strip_prefix(root).ok()) {
            Some(dir) if !dir.as_os_str().is_empty() => {
                format!("{}/*.sql", crate::files::display_path(dir))
            }
            _ => file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        };
        let others = f
            .used
            .iter()
            .filter(|(p, _)| creators.get(p).is_some_and(|&c| c != i))
            .count()
            - 1;
        let more = match others {
            0 => String::new(),
            1 => " (and 1 more of its tables)".to_string(),
            n => format!(" (and {n} more of its tables)"),
        };
        let Some(report) = reports.get_mut(i) else {
            continue;
        };
        let creator_name = shown(file);
        let suggestion = Diagnostic::new(
                Code::CatalogSuggested,
                span,
                format!(
                    "`{}` is created in {creator_name}{more}: with catalog = [\"{entry}\"] in flinkddl.toml, this file is checked against it",
                    path.2
                ),
            )
            .with_help(format!(
                "add `catalog = [\"{entry}\"]` to flinkddl.toml (decision 0012): its files run first, and this file's queries, sinks and columns are checked against their tables"
            ));
        // In source order among the file's diagnostics.
        let at = report
            .diagnostics
            .partition_point(|d| d.span.start <= span.start);
        report.diagnostics.insert(at, suggestion);
    }
}

/// The `F003` for a panic while checking a file.
pub fn internal_error(panic: &str) -> Diagnostic {
    let first = panic.lines().collect::<Vec<_>>().join(" ");
    Diagnostic::new(
        Code::InternalError,
        Span::empty(0),
        format!("flinkddl failed on this file and did not check it ({first})"),
    )
    .with_help("this is a bug in flinkddl; please report it with this file")
}

thread_local! {
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// Panics inside [`guarded`] are recorded instead of printed; others print as usual.
fn install_panic_hook() {
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARDED.with(Cell::get) {
                let payload = info.payload();
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".to_string());
                let text = match info.location() {
                    Some(l) => format!("{message}, at {}:{}", l.file(), l.line()),
                    None => message,
                };
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(text));
            } else {
                default(info);
            }
        }));
    });
}

/// Runs `f`; a panic becomes `Err` with its message and location.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_panic_hook();
    let was = GUARDED.with(|g| g.replace(true));
    let result = std::panic::catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(was));
    result.map_err(|payload| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_internal_error() {
        let result: Result<(), String> = guarded(|| panic!("boom in the binder"));
        let message = result.err().unwrap_or_default();
        assert!(message.contains("boom in the binder"), "{message}");
        let d = internal_error(&message);
        assert_eq!(d.code, Code::InternalError);
        assert_eq!(d.severity, Severity::Error);
        // The guard is released: the next call works.
        assert_eq!(guarded(|| 7), Ok(7));
    }

    #[test]
    fn reports_come_back_in_plan_order() {
        let config = Config::defaults(".".into());
        let plan: Vec<Planned> = (0..20)
            .map(|i| Planned {
                target: Target::File(format!("/no/such/{i:02}.sql").into()),
                config: config.clone(),
            })
            .collect();
        let (reports, summary) = check_all(plan);
        let names: Vec<String> = reports.iter().map(|r| r.name.clone()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        assert_eq!(summary.files, 20);
        assert_eq!(summary.errors, 20);
        assert_eq!(summary.exit_code(false), crate::EXIT_PROBLEMS);
    }
}
