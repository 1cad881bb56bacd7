//! Issue 35: a project is many files and a catalog. `fixtures/projects/shop` has its DDL in
//! `ddl/` (`catalog = ["ddl/*.sql"]` in its `flinkddl.toml`) and three jobs; `jobs/broken.sql`
//! has three mistakes only the catalog reveals. `oracle.jsonl` beside it holds real Flink's
//! verdict on every job statement, run after the DDL (`--plan-dml`, connectors swapped for the
//! oracle's). Bad catalogs (a glob that matches nothing, a catalog file with a syntax error, two
//! catalog files that create the same table) are built in a temporary directory.

mod common;

use common::flinkddl_in;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn shop() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/projects/shop")
}

/// `flinkddl check ARGS --format json` run in `dir`: the exit status and the JSON report.
fn check_json(dir: &Path, args: &[&str]) -> (Option<i32>, Value) {
    let args: Vec<&str> = [&["check"], args, &["--format", "json"]].concat();
    let out = flinkddl_in(dir, &args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let json = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{e}: {stdout} {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), json)
}

/// (file name, line, code, severity) of every diagnostic, in report order.
fn found(json: &Value) -> Vec<(String, u64, String, String)> {
    json["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            let file = d["file"].as_str().unwrap_or("");
            let name = Path::new(file)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (
                name,
                d["line"].as_u64().unwrap_or(0),
                d["code"].as_str().unwrap_or("").to_string(),
                d["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn errors(json: &Value) -> Vec<(String, u64, String)> {
    found(json)
        .into_iter()
        .filter(|(_, _, _, severity)| severity == "error")
        .map(|(file, line, code, _)| (file, line, code))
        .collect()
}

#[test]
fn the_jobs_get_exactly_the_three_mistakes_the_catalog_reveals_from_any_directory() {
    let shop = shop();
    let expected = vec![
        ("broken.sql".to_string(), 5, "B114".to_string()),
        ("broken.sql".to_string(), 9, "B110".to_string()),
        ("broken.sql".to_string(), 15, "B063".to_string()),
    ];
    let absolute = shop.join("jobs");
    let absolute = absolute.to_string_lossy();
    for (dir, arg) in [
        (shop.clone(), "jobs"),
        (shop.join("jobs"), "."),
        (shop.join(".."), "shop/jobs"),
        (std::env::temp_dir(), absolute.as_ref()),
    ] {
        let (status, json) = check_json(&dir, &[arg]);
        assert_eq!(errors(&json), expected, "from {}", dir.display());
        assert_eq!(status, Some(1));
        assert_eq!(json["summary"]["files"], 3, "{json}");
    }
}

#[test]
fn every_job_statement_gets_real_flinks_verdict() {
    let shop = shop();
    let labels = std::fs::read_to_string(shop.join("oracle.jsonl"))
        .unwrap_or_else(|e| panic!("oracle.jsonl: {e}"));
    let (_, json) = check_json(&shop, &["jobs"]);
    let diagnostics = json["diagnostics"].as_array().cloned().unwrap_or_default();
    let mut checked = 0;
    for line in labels.lines() {
        let label: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        let job = label["job"].as_str().unwrap_or_default();
        let text = std::fs::read_to_string(shop.join(job)).unwrap_or_else(|e| panic!("{e}"));
        let parse = flinkddl::parse(&text);
        let statement =
            &parse.script().statements[label["statement"].as_u64().unwrap_or(0) as usize];
        let ours: Vec<&Value> = diagnostics
            .iter()
            .filter(|d| {
                d["file"].as_str().is_some_and(|f| f.ends_with(job))
                    && d["severity"] == "error"
                    && d["start"].as_u64().is_some_and(|s| {
                        statement.span.start as u64 <= s && s < statement.span.end as u64
                    })
            })
            .collect();
        if label["accepted"] == true {
            assert!(ours.is_empty(), "{job}: Flink accepts, we report {ours:?}");
        } else {
            let flink = label["message"].as_str().unwrap_or_default();
            let first = ours
                .first()
                .unwrap_or_else(|| panic!("{job}: Flink rejects ({flink}), we accept"));
            let message = first["message"].as_str().unwrap_or_default();
            let head = message.lines().next().unwrap_or_default();
            assert!(
                flink.contains(head),
                "{job}: Flink says {flink:?}, we say {message:?}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
}

#[test]
fn without_catalog_the_jobs_are_judged_alone_as_before() {
    // The same directory under a configuration without `catalog`: the tables are assumed to
    // exist, as for any single file of a deployment.
    let shop = shop();
    let dir = tempdir("no-catalog");
    std::fs::write(dir.join("flinkddl.toml"), "").unwrap_or_else(|e| panic!("{e}"));
    let config = dir.join("flinkddl.toml");
    let (status, json) = check_json(&shop, &["jobs", "--config", &config.to_string_lossy()]);
    assert_eq!(errors(&json), vec![], "{json}");
    assert_eq!(status, Some(0));
}

#[test]
fn a_broken_catalog_is_reported_and_the_jobs_are_still_checked() {
    let dir = tempdir("broken-catalog");
    write(
        &dir,
        "flinkddl.toml",
        "catalog = [\"ddl/*.sql\", \"nowhere/*.sql\", \"missing.sql\"]\n",
    );
    write(
        &dir,
        "ddl/a.sql",
        "CREATE TABLE src (id BIGINT, name STRING) WITH ('connector' = 'datagen');\n\
         CREATE TABLE snk (id BIGINT) WITH ('connector' = 'blackhole');\n",
    );
    // A second definition of `snk`, and a statement that does not parse.
    write(
        &dir,
        "ddl/b.sql",
        "CREATE TABLE snk (id BIGINT, extra INT) WITH ('connector' = 'blackhole');\n\
         CREATE TABLE oops (id BIGINT,) WITH ('connector' = 'datagen');\n",
    );
    write(&dir, "jobs/ok.sql", "INSERT INTO snk SELECT id FROM src;\n");
    write(
        &dir,
        "jobs/bad.sql",
        "INSERT INTO snk SELECT nme FROM src;\n",
    );
    let (status, json) = check_json(&dir, &["jobs"]);
    let found = found(&json);
    let codes_of = |file: &str| -> Vec<String> {
        found
            .iter()
            .filter(|(f, _, _, _)| f == file)
            .map(|(_, _, code, _)| code.clone())
            .collect()
    };
    // The catalog's problems, each once, though only `jobs` was named.
    assert_eq!(codes_of("flinkddl.toml"), vec!["F004"], "{found:?}");
    assert_eq!(codes_of("missing.sql"), vec!["F002"], "{found:?}");
    // `snk` again (Flink's "already exists"), and a statement that does not parse.
    assert_eq!(codes_of("b.sql"), vec!["B060", "S005"], "{found:?}");
    assert!(codes_of("a.sql").is_empty(), "{found:?}");
    // The jobs, from what the catalog did create.
    assert!(codes_of("ok.sql").is_empty(), "{found:?}");
    assert_eq!(codes_of("bad.sql"), vec!["B110"], "{found:?}");
    assert_eq!(status, Some(1));
}

fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("flinkddl-project-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

fn write(dir: &Path, file: &str, text: &str) {
    let path = dir.join(file);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_snapshot_of_the_catalog_checks_the_jobs_as_the_catalog_files_do() {
    let shop = shop();
    let dir = tempdir("snapshot");
    let mut args = vec!["snapshot".to_string()];
    let mut ddl: Vec<PathBuf> = std::fs::read_dir(shop.join("ddl"))
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    ddl.sort();
    args.extend(ddl.iter().map(|p| p.to_string_lossy().into_owned()));
    args.extend(["-o".to_string(), "catalog.json".to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = flinkddl_in(&dir, &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("catalog.json")).unwrap_or_else(|e| panic!("{e}")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = json["objects"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "orders",
            "customers",
            "revenue_per_minute",
            "big_order_alerts",
            "big_orders"
        ]
    );
    // The jobs over the snapshot: the same three mistakes as over the DDL files.
    for job in ["alerts.sql", "broken.sql", "revenue.sql"] {
        let text =
            std::fs::read_to_string(shop.join("jobs").join(job)).unwrap_or_else(|e| panic!("{e}"));
        write(&dir, &format!("jobs/{job}"), &text);
    }
    write(&dir, "flinkddl.toml", "catalog = [\"catalog.json\"]\n");
    let (status, report) = check_json(&dir, &["jobs"]);
    assert_eq!(
        errors(&report),
        vec![
            ("broken.sql".to_string(), 5, "B114".to_string()),
            ("broken.sql".to_string(), 9, "B110".to_string()),
            ("broken.sql".to_string(), 15, "B063".to_string()),
        ]
    );
    assert_eq!(status, Some(1));
    // A snapshot of the snapshot is the snapshot.
    let again = flinkddl_in(&dir, &["snapshot", "catalog.json", "-o", "again.json"]);
    assert!(again.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.join("catalog.json")).ok(),
        std::fs::read_to_string(dir.join("again.json")).ok()
    );
}

#[test]
fn a_broken_or_stale_snapshot_is_reported_and_the_jobs_are_still_checked() {
    let dir = tempdir("bad-snapshot");
    write(
        &dir,
        "flinkddl.toml",
        "catalog = [\"broken.json\", \"stale.json\"]\n",
    );
    write(&dir, "broken.json", "{\"format\": \"flinkddl-catalog-snapshot\", \"version\": 1, \"objects\": [{\"kind\": \"table\"}]}");
    write(
        &dir,
        "stale.json",
        r#"{"format": "flinkddl-catalog-snapshot", "version": 1, "objects": [
  {"kind": "table", "catalog": "hive", "database": "sales", "name": "odd",
   "ddl": "CREATE TABLE `hive`.`sales`.`odd` (`a` NO_SUCH_TYPE) WITH ('connector' = 'datagen')"},
  {"kind": "table", "catalog": "hive", "database": "sales", "name": "src",
   "ddl": "CREATE TABLE `hive`.`sales`.`src` (`id` BIGINT) WITH ('connector' = 'datagen')"}
]}"#,
    );
    write(&dir, "jobs/ok.sql", "SELECT id FROM hive.sales.src;\n");
    write(&dir, "jobs/bad.sql", "SELECT a FROM hive.sales.odd;\n");
    let (status, json) = check_json(&dir, &["jobs"]);
    let diagnostics = json["diagnostics"].as_array().cloned().unwrap_or_default();
    let of = |file: &str| -> Vec<(String, String)> {
        diagnostics
            .iter()
            .filter(|d| d["file"].as_str().is_some_and(|f| f.ends_with(file)))
            .map(|d| {
                (
                    d["code"].as_str().unwrap_or_default().to_string(),
                    d["message"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    let broken = of("broken.json");
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert_eq!(broken[0].0, "F005");
    assert!(broken[0].1.contains("missing field"), "{broken:?}");
    let stale = of("stale.json");
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert!(
        stale[0].1.starts_with("entry 1 (`hive.sales.odd`): "),
        "{stale:?}"
    );
    // The usable entry is in the catalog; the unusable one is not (and its use says so once).
    assert_eq!(of("ok.sql"), vec![]);
    assert_eq!(
        of("bad.sql").len(),
        0,
        "a table whose CREATE failed is not reported again"
    );
    assert_eq!(status, Some(1));
}

/// `oracle-lineage.jsonl`: Flink's planner's column origins (`--lineage`) of the jobs, run
/// after the DDL. Ours, from the job file alone in the project, traced through the catalog's
/// view in `ddl/02_views.sql`, are the same wherever Flink gives them.
#[test]
fn lineage_of_a_job_goes_through_the_catalog_files_views_as_flinks_planner_does() {
    let shop = shop();
    let labels = std::fs::read_to_string(shop.join("oracle-lineage.jsonl"))
        .unwrap_or_else(|e| panic!("oracle-lineage.jsonl: {e}"));
    let mut compared = 0;
    for line in labels.lines() {
        let label: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        let job = label["job"].as_str().unwrap_or_default();
        let out = flinkddl_in(&shop, &["lineage", job, "--format", "json"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ours: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
        let sink = &ours["lineage"][label["statement"].as_u64().unwrap_or(0) as usize];
        assert_eq!(sink["sink"], label["sink"], "{job}");
        for flink in label["columns"].as_array().into_iter().flatten() {
            let column = sink["columns"]
                .as_array()
                .and_then(|cs| cs.iter().find(|c| c["name"] == flink["name"]))
                .unwrap_or_else(|| panic!("{job}: no column {}", flink["name"]));
            assert_eq!(
                column["origins"], flink["origins"],
                "{job}: {}",
                flink["name"]
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 4);
}

/// Without `catalog`, a run over the whole tree says which files use tables another file
/// creates, and what to add (F006, an info): never an error, and the exit status stays 0.
#[test]
fn without_catalog_a_run_over_the_tree_suggests_it() {
    let shop = shop();
    let dir = tempdir("suggest");
    for file in [
        "ddl/01_sources.sql",
        "ddl/02_views.sql",
        "ddl/03_sinks.sql",
        "jobs/alerts.sql",
        "jobs/broken.sql",
        "jobs/revenue.sql",
    ] {
        let text = std::fs::read_to_string(shop.join(file)).unwrap_or_else(|e| panic!("{e}"));
        write(&dir, file, &text);
    }
    let (status, json) = check_json(&dir, &["."]);
    let infos: Vec<(String, String)> = found(&json)
        .into_iter()
        .filter(|(_, _, _, severity)| severity == "info")
        .map(|(file, _, code, _)| (file, code))
        .collect();
    let expected: Vec<(String, String)> =
        ["02_views.sql", "alerts.sql", "broken.sql", "revenue.sql"]
            .iter()
            .map(|f| (f.to_string(), "F006".to_string()))
            .collect();
    assert_eq!(infos, expected);
    let message = json["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| {
            d["file"]
                .as_str()
                .is_some_and(|f| f.ends_with("revenue.sql"))
        })
        .and_then(|d| d["message"].as_str())
        .unwrap_or_default()
        .to_string();
    assert!(message.contains("catalog = [\"ddl/*.sql\"]"), "{message}");
    assert_eq!(errors(&json), vec![]);
    assert_eq!(status, Some(0));
    // With the suggested setting, the suggestion is gone and the mistakes are found.
    write(&dir, "flinkddl.toml", "catalog = [\"ddl/*.sql\"]\n");
    let (_, json) = check_json(&dir, &["."]);
    assert!(found(&json).iter().all(|(_, _, code, _)| code != "F006"));
    assert_eq!(errors(&json).len(), 3);
}
