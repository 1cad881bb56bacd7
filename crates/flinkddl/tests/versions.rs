//! The ratchet per Flink version: the three shared corpora (`conformance`, `queries`,
//! `realworld`, read from `../shared`) labelled again by the real Flink of each older version
//! (`../shared/versions/<release>/<corpus>/expected.jsonl`; skipped when absent; 2.3's are the
//! corpus's own `expected.jsonl`), judged with
//! `flink_version` set to that version. Every case must match that Flink's verdict, the stage of
//! its first error and, when accepted, the table (fields, DESCRIBE, SHOW CREATE TABLE), except
//! those listed in `fixtures/versions/<version>/<corpus>.txt` with what differs. A listed case
//! that starts to match must leave its list. Regenerate the lists with
//! `FLINKDDL_BLESS=1 cargo test -p flinkddl --test versions` after checking the diff.
//!
//! Beside the corpora, `fixtures/versions/cases/*.sql` hold one fact of `data/versions.txt`
//! each, checked as the version their first line names (`-- flink-version: 1.19`; each checked
//! against that version's real Flink): the diagnostics, and the tables as that version prints
//! them (DESCRIBE, SHOW CREATE TABLE), are snapshotted beside them.
//!
//! `FLINKDDL_JUDGE_AS=2.3` judges every version's labels as 2.3 instead (the figures before
//! versions were modelled); it only prints, it never checks a list. `FLINKDDL_VERSIONS_SHOW=<id>`
//! prints Flink's answer and ours for one case.

use flinkddl::FlinkVersion;
use flinkddl_test_support::fixtures::{self, assert_no_orphan_snapshots};
use flinkddl_test_support::oracle::{
    assert_ratchet, compare_with_flink, oracle_sql, read_jsonl, read_known_failures,
};
use flinkddl_test_support::render;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const CORPORA: [&str; 3] = ["conformance", "queries", "realworld"];

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

fn list_path(version: FlinkVersion, corpus: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/versions")
        .join(version.as_str())
        .join(format!("{corpus}.txt"))
}

/// Judges one corpus under `version`'s labels: the failing cases and the figures.
fn judge(
    version: FlinkVersion,
    corpus: &str,
    judge_as: FlinkVersion,
) -> Option<(BTreeMap<String, String>, String)> {
    let cases = shared().join(corpus).join("cases.jsonl");
    // The newest version's labels are the corpus's own.
    let labels = if version == FlinkVersion::LATEST {
        shared().join(corpus).join("expected.jsonl")
    } else {
        shared()
            .join("versions")
            .join(version.release())
            .join(corpus)
            .join("expected.jsonl")
    };
    if !cases.is_file() || !labels.is_file() {
        return None;
    }
    let (cases, expected) = (read_jsonl(&cases), read_jsonl(&labels));
    assert_eq!(cases.len(), expected.len(), "{corpus} under {version}");
    let options = flinkddl::Options {
        flink_version: judge_as,
        ..flinkddl::Options::default()
    };
    let mut failing = BTreeMap::new();
    let (mut verdict_ok, mut accepted, mut table_ok) = (0usize, 0usize, 0usize);
    // compare.py's metrics on the cases both accept: the table's fields, DESCRIBE, SHOW CREATE.
    let (mut both, mut schema_ok, mut describe_ok, mut show_ok) = (0usize, 0usize, 0usize, 0usize);
    for (case, exp) in cases.iter().zip(&expected) {
        let id = case["id"].as_str().unwrap_or("?").to_string();
        let sql = oracle_sql(case);
        let analysis = flinkddl::analyze_with(&sql, &options);
        // What the comparison reads of the describe contract (its first rejection and last
        // table), built directly: the whole document, printed and read back, tripled the time.
        let first_rejection: Vec<Value> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.is_rejection())
            .take(1)
            .map(|d| {
                serde_json::json!({
                    "severity": d.severity,
                    "stage": d.stage(),
                    "message": d.message.to_string(),
                })
            })
            .collect();
        let last_table: Vec<Value> = analysis
            .tables
            .last()
            .map(|t| flinkddl::contract::table_json_in(t, analysis.flink_version))
            .into_iter()
            .collect();
        let ours = serde_json::json!({ "diagnostics": first_rejection, "tables": last_table });
        let problem = compare_with_flink(exp, &ours);
        if std::env::var("FLINKDDL_VERSIONS_SHOW").is_ok_and(|show| show == id) {
            eprintln!("{id} under {version}:\nFlink: {exp:#}\nours: {ours:#}");
        }
        if !problem.as_deref().is_some_and(|p| p.starts_with("verdict")) {
            verdict_ok += 1;
        }
        if exp["accepted"] == Value::Bool(true) {
            accepted += 1;
            table_ok += usize::from(problem.is_none());
            if !problem.as_deref().is_some_and(|p| p.starts_with("verdict")) {
                both += 1;
                let differs = problem.as_deref().and_then(|p| p.strip_prefix("differs: "));
                let has = |what: &str| differs.is_some_and(|d| d.split(", ").any(|f| f == what));
                let schema = differs
                    .is_some_and(|d| d.split(", ").any(|f| f != "describe" && f != "show_create"));
                schema_ok += usize::from(!schema);
                describe_ok += usize::from(!has("describe"));
                show_ok += usize::from(!has("show_create"));
            }
        }
        if let Some(p) = problem {
            failing.insert(id, p);
        }
    }
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    let figures = format!(
        "{version} {corpus} (judged as {judge_as}): verdict {verdict_ok}/{} ({:.1}%), accepted cases fully equal {table_ok}/{accepted} ({:.1}%); both accept {both}: schema {:.1}%, describe {:.1}%, show_create {:.1}%",
        cases.len(),
        pct(verdict_ok, cases.len()),
        pct(table_ok, accepted),
        pct(schema_ok, both),
        pct(describe_ok, both),
        pct(show_ok, both),
    );
    Some((failing, figures))
}

fn ratchet(version: FlinkVersion) {
    let judge_as = match std::env::var("FLINKDDL_JUDGE_AS") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|e| panic!("FLINKDDL_JUDGE_AS: {e}")),
        Err(_) => version,
    };
    for corpus in CORPORA {
        let Some((failing, figures)) = judge(version, corpus, judge_as) else {
            eprintln!(
                "skipped: ../shared/versions/{}/{corpus} is absent",
                version.release()
            );
            continue;
        };
        eprintln!("{figures}");
        if judge_as != version {
            continue;
        }
        let path = list_path(version, corpus);
        if std::env::var_os("FLINKDDL_BLESS").is_some() {
            let mut text = format!(
                "# {corpus} cases where flinkddl, checking as Flink {version}, does not match Flink {} yet.\n\
                 # Written by FLINKDDL_BLESS=1 cargo test -p flinkddl --test versions.\n",
                version.release()
            );
            for (id, p) in &failing {
                text.push_str(&format!("{id}\t{p}\n"));
            }
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = std::fs::write(&path, text);
            continue;
        }
        let known = read_known_failures(&path);
        let name = format!("fixtures/versions/{version}/{corpus}.txt (FLINKDDL_BLESS=1)");
        assert_ratchet(&failing, &known, &name);
    }
}

/// One test per version (they run in parallel): `name => version`.
macro_rules! ratchet_tests {
    ($($(#[$doc:meta])* $name:ident => $version:ident;)*) => {
        $(
            $(#[$doc])*
            #[test]
            fn $name() {
                ratchet(FlinkVersion::$version);
            }
        )*
    };
}

ratchet_tests! {
    flink_1_18 => V1_18;
    flink_1_19 => V1_19;
    flink_1_20 => V1_20;
    flink_2_0 => V2_0;
    flink_2_1 => V2_1;
    flink_2_2 => V2_2;
    /// The newest version on its own labels, by the same comparison: the figures every older
    /// version is measured against, and proof that the setting's default changes none of them.
    flink_2_3 => V2_3;
}

fn cases_dir() -> PathBuf {
    fixtures::repo_dir("fixtures/versions/cases")
}

/// The version a case names on its first line.
fn case_version(text: &str) -> Option<FlinkVersion> {
    let first = text.lines().next()?.trim();
    first.strip_prefix("-- flink-version:")?.trim().parse().ok()
}

/// The tables (DESCRIBE, SHOW CREATE TABLE) and diagnostics of `text` checked as `version`.
fn rendered(text: &str, version: FlinkVersion) -> String {
    let options = flinkddl::Options {
        flink_version: version,
        ..flinkddl::Options::default()
    };
    let analysis = flinkddl::analyze_with(text, &options);
    let mut out = format!("as Flink {version}\n\n");
    for t in &analysis.tables {
        out.push_str(&format!("{}\n", t.identifier()));
        out.push_str(&flinkddl::binder::print::describe_tableau(t));
        out.push_str(
            &flinkddl::binder::print::show_create_in(t, version)
                .unwrap_or_else(|| "(no SHOW CREATE TABLE)\n".to_string()),
        );
        out.push('\n');
    }
    out.push_str(&render::diagnostics(
        text,
        &analysis.diagnostics,
        render::BIND,
    ));
    out
}

#[test]
fn each_fact_as_its_version_gives_it() {
    let cases = fixtures::cases(&cases_dir());
    assert!(!cases.is_empty(), "no cases in fixtures/versions/cases");
    for case in cases {
        let Some(version) = case_version(&case.text) else {
            panic!(
                "{}: the first line must be `-- flink-version: <version>`",
                case.path.display()
            );
        };
        let out = rendered(&case.text, version);
        // Each case shows a fact: the newest version says something else of it.
        let newest = rendered(&case.text, FlinkVersion::LATEST);
        assert_ne!(
            out.lines().skip(1).collect::<Vec<_>>(),
            newest.lines().skip(1).collect::<Vec<_>>(),
            "{}: Flink {} and {version} agree on it",
            case.path.display(),
            FlinkVersion::LATEST
        );
        case.bind(|| insta::assert_snapshot!(case.name.clone(), out));
    }
}

#[test]
fn no_orphan_snapshots() {
    assert_no_orphan_snapshots(&cases_dir());
}

/// `docs/versions.md`, from `data/versions.txt`.
fn versions_doc() -> String {
    use flinkddl::diagnostics::{FactStage, Feature};
    let stage = |s: FactStage| match s {
        FactStage::Parse => "the parser",
        FactStage::Convert => "conversion",
        FactStage::Plan => "planner",
        FactStage::Schema => "resolved schema",
        FactStage::Print => "printing",
    };
    let latest = FlinkVersion::LATEST;
    let mut out = String::from(
        "# Flink versions\n\n\
         <!-- Generated from crates/diagnostics/data/versions.txt by \
         `FLINKDDL_BLESS=1 cargo test -p flinkddl --test versions`: do not edit. -->\n\n\
         flinkddl judges a script as one Flink version: 1.18, 1.19, 1.20, 2.0, 2.1, 2.2 or 2.3 \
         (the default). Set it with `flink-version = \"1.20\"` in `flinkddl.toml` (the language \
         server reads it there too), `--flink-version 1.20` on `check`, `describe` and `lineage`, \
         or `flink_version=\"1.20\"` in the Python API; a patch release (`1.20.3`) is read as its \
         minor version, and an unknown version is a usage error that lists the known ones.\n\n\
         Every fact below holds in some versions only; each was checked against that version's \
         real Flink, and `cargo test -p flinkddl --test versions` checks every version against \
         the shared corpora labelled by it (decision 0011). Where a fact shows: `the parser` \
         (the version's parser rejects the statement: `S050`), `conversion` (it rejects the \
         statement when converting or executing it: `B150`, or `B151` for managed tables), \
         `planner`, `resolved schema` or `printing` (DESCRIBE, SHOW CREATE TABLE).\n\n\
         ## Moving to another version: `check --upgrade-to`\n\n\
         `flinkddl check --upgrade-to 2.3` (any known version, newer or older) also reports what \
         changes for each file moving from its configured version to the target: the file is \
         checked as both (only when the flag is given: a plain check judges it once) and the two \
         compared.\n\n\
         - `B160` upgrade-breaks (warning): an error the target gives and the configured version \
         does not, in the target's words (`DISTRIBUTED BY` moving to 1.19, a table without \
         `'connector'` moving to 1.20).\n\
         - `B161` upgrade-changes-schema (warning): a column of a table (CREATE TABLE, CTAS) or \
         view both versions create that resolves to another type (`TIME(3)` and `TIME(0)`, a \
         ROW field's `NOT NULL`), or a primary key named otherwise; one finding a column, at its \
         definition.\n\
         - `B162` upgrade-no-longer-fails (info): an error of the configured version the target \
         no longer gives (a feature the target adds, or a behaviour it removed, such as managed \
         tables before 2.0).\n\n\
         The Python API gives the same findings with `flinkddl.check(paths, flink_version=\"1.20\", \
         upgrade_to=\"2.3\")`. The facts below are what can differ.\n\n\
         ## What differs from the newest version\n\n",
    );
    for version in FlinkVersion::ALL.into_iter().filter(|v| *v != latest) {
        out.push_str(&format!(
            "### Flink {version} (checked against {})\n\n",
            version.release()
        ));
        for f in Feature::ALL {
            let info = f.info();
            if version.has(*f) == latest.has(*f) {
                continue;
            }
            // A fact the version lacks came later; one it has went before the newest.
            let when = match (version.has(*f), info.since, info.until) {
                (false, Some(since), _) => format!("from {since}"),
                (true, _, Some(until)) => format!("before {until}"),
                _ => String::new(),
            };
            out.push_str(&format!(
                "- **{when}**: {} ({}).\n",
                info.what,
                stage(info.stage)
            ));
        }
        out.push('\n');
    }
    out.push_str(
        "## Every fact\n\n\
         | fact | holds from | no longer from | where it shows | family |\n\
         | --- | --- | --- | --- | --- |\n",
    );
    for f in Feature::ALL {
        let info = f.info();
        let v = |v: Option<FlinkVersion>, open: &str| v.map_or(open.to_string(), |v| v.to_string());
        out.push_str(&format!(
            "| {} (`{}`) | {} | {} | {} | `{}` |\n",
            info.what,
            info.name,
            v(info.since, "1.18"),
            v(info.until, "(open)"),
            stage(info.stage),
            info.family
        ));
    }
    out
}

#[test]
fn versions_doc_is_fresh() {
    let path = fixtures::repo_dir("docs/versions.md");
    let want = versions_doc();
    if std::env::var_os("FLINKDDL_BLESS").is_some() {
        let _ = std::fs::write(&path, &want);
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/versions.md is stale: FLINKDDL_BLESS=1 cargo test -p flinkddl --test versions"
    );
}

/// The describe contract names the version it judged as, unless it is the default (whose
/// reports stay as they were).
#[test]
fn describe_json_names_a_version_other_than_the_default() {
    let sql = "CREATE TABLE t (a TIME(3)) WITH ('connector' = 'datagen');";
    let json_as = |version: FlinkVersion| -> Value {
        let options = flinkddl::Options {
            flink_version: version,
            ..flinkddl::Options::default()
        };
        let analysis = flinkddl::analyze_with(sql, &options);
        serde_json::from_str(&flinkddl::contract::describe_json(sql, &analysis))
            .unwrap_or(Value::Null)
    };
    let old = json_as(FlinkVersion::V2_2);
    assert_eq!(old["flink_version"], "2.2");
    assert_eq!(old["tables"][0]["columns"][0]["type"], "TIME(0)");
    let newest = json_as(FlinkVersion::V2_3);
    assert!(newest.get("flink_version").is_none());
    assert_eq!(newest["tables"][0]["columns"][0]["type"], "TIME(3)");
}

fn upgrade_dir() -> PathBuf {
    fixtures::repo_dir("fixtures/versions/upgrade")
}

/// `flinkddl check --upgrade-to`: each `fixtures/versions/upgrade/*.sql` names its configured
/// version on its first line and the target on its second (`-- upgrade-to: 2.3`); what the
/// move changes (B160, B161, B162) is snapshotted beside it.
#[test]
fn upgrade_findings_of_each_case() {
    let cases = fixtures::cases(&upgrade_dir());
    assert!(!cases.is_empty(), "no cases in fixtures/versions/upgrade");
    for case in cases {
        let (Some(version), Some(target)) = (
            case_version(&case.text),
            case.text
                .lines()
                .nth(1)
                .and_then(|l| l.trim().strip_prefix("-- upgrade-to:"))
                .and_then(|v| v.trim().parse::<FlinkVersion>().ok()),
        ) else {
            panic!(
                "{}: the first lines must be `-- flink-version: <v>` and `-- upgrade-to: <v>`",
                case.path.display()
            );
        };
        let options = flinkddl::Options {
            flink_version: version,
            ..flinkddl::Options::default()
        };
        let found = flinkddl::upgrade::upgrade_findings(&case.text, &options, target);
        let upgrade_codes = [
            flinkddl::Code::UpgradeBreaks,
            flinkddl::Code::UpgradeChangesSchema,
            flinkddl::Code::UpgradeNoLongerFails,
        ];
        assert!(
            found.iter().all(|d| upgrade_codes.contains(&d.code)),
            "{}: a finding of another code",
            case.path.display()
        );
        if version == target {
            assert!(found.is_empty(), "{}", case.path.display());
        }
        let out = format!(
            "from Flink {version} to {target}\n\n{}",
            render::diagnostics(&case.text, &found, render::BIND)
        );
        case.bind(|| insta::assert_snapshot!(case.name.clone(), out));
    }
}

#[test]
fn no_orphan_upgrade_snapshots() {
    assert_no_orphan_snapshots(&upgrade_dir());
}
