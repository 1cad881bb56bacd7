//! `lineage --format openlineage` validates against OpenLineage's published JSON schemas
//! (vendored in `fixtures/openlineage/schema/`): every event of every lineage fixture against
//! `OpenLineage.json` (a run event), and every facet it carries against the facet's own
//! schema, formats (`uuid`, `date-time`, `uri`) checked.

use jsonschema::{Registry, Validator};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The facets each part of an event may carry: (facet key, schema file).
const RUN_FACETS: &[(&str, &str)] = &[("processing_engine", "ProcessingEngineRunFacet.json")];
const JOB_FACETS: &[(&str, &str)] = &[
    ("jobType", "JobTypeJobFacet.json"),
    ("sql", "SQLJobFacet.json"),
];
const DATASET_FACETS: &[(&str, &str)] = &[
    ("schema", "SchemaDatasetFacet.json"),
    ("symlinks", "SymlinksDatasetFacet.json"),
    ("columnLineage", "ColumnLineageDatasetFacet.json"),
];

struct Schemas {
    event: Validator,
    /// Facet key -> the validator of its schema (which checks the facet under that key).
    facets: Vec<(&'static str, Validator)>,
}

fn schemas() -> Schemas {
    let dir = repo().join("fixtures/openlineage/schema");
    let all: Vec<&(&str, &str)> = RUN_FACETS
        .iter()
        .chain(JOB_FACETS)
        .chain(DATASET_FACETS)
        .collect();
    let core = read_json(&dir.join("OpenLineage.json"));
    let mut resources = vec![(id_of(&core), core.clone())];
    for (_, file) in &all {
        let schema = read_json(&dir.join(file));
        resources.push((id_of(&schema), schema));
    }
    // Offline: every `$ref` must be one of these files, never fetched.
    let registry = Registry::new()
        .extend(resources)
        .and_then(|r| r.prepare())
        .unwrap_or_else(|e| panic!("registry: {e}"));
    let build = |schema: &Value| {
        jsonschema::options()
            .should_validate_formats(true)
            .with_registry(&registry)
            .build(schema)
            .unwrap_or_else(|e| panic!("schema does not compile: {e}"))
    };
    Schemas {
        event: build(&core),
        facets: all
            .iter()
            .map(|(key, file)| (*key, build(&read_json(&dir.join(file)))))
            .collect(),
    }
}

fn id_of(schema: &Value) -> String {
    schema["$id"].as_str().unwrap_or_default().to_string()
}

impl Schemas {
    /// Every schema error of `event`, with where it is.
    fn errors(&self, event: &Value) -> Vec<String> {
        let mut out: Vec<String> = self
            .event
            .iter_errors(event)
            .map(|e| format!("event: {e} at {}", e.instance_path()))
            .collect();
        let mut facets = |at: &str, value: &Value, allowed: &[(&str, &str)]| {
            let Some(map) = value.as_object() else {
                return;
            };
            for key in map.keys() {
                if !allowed.iter().any(|(k, _)| k == key) {
                    out.push(format!("{at}: facet `{key}` has no schema here"));
                }
            }
            for (key, validator) in &self.facets {
                if map.contains_key(*key) {
                    out.extend(
                        validator
                            .iter_errors(value)
                            .map(|e| format!("{at}.{key}: {e} at {}", e.instance_path())),
                    );
                }
            }
        };
        facets("run.facets", &event["run"]["facets"], RUN_FACETS);
        facets("job.facets", &event["job"]["facets"], JOB_FACETS);
        for side in ["inputs", "outputs"] {
            for (i, d) in event[side].as_array().into_iter().flatten().enumerate() {
                facets(&format!("{side}[{i}].facets"), &d["facets"], DATASET_FACETS);
            }
        }
        out
    }
}

/// The events `flinkddl lineage --format openlineage FILE` prints, a JSON object a line.
fn events_of(file: &Path) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .args(["lineage", "--format", "openlineage"])
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run flinkddl: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {e}: {l}")))
        .collect()
}

fn fixture_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["fixtures/lineage", "fixtures/openlineage"] {
        files.extend(flinkddl_test_support::fixtures::sql_files(
            &repo().join(dir),
        ));
    }
    files
}

#[test]
fn every_fixture_gives_valid_run_events() {
    let schemas = schemas();
    let mut subtypes = std::collections::BTreeSet::new();
    for file in fixture_files() {
        let events = events_of(&file);
        assert!(!events.is_empty(), "{}: no event", file.display());
        for event in &events {
            let errors = schemas.errors(event);
            assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
            for output in event["outputs"].as_array().into_iter().flatten() {
                let fields = &output["facets"]["columnLineage"]["fields"];
                for field in fields.as_object().into_iter().flat_map(|m| m.values()) {
                    for input in field["inputFields"].as_array().into_iter().flatten() {
                        for t in input["transformations"].as_array().into_iter().flatten() {
                            subtypes.insert(format!("{}/{}", t["type"], t["subtype"]));
                        }
                    }
                }
            }
        }
    }
    // Both kinds of value the facet tells apart occur, and nothing else.
    assert_eq!(
        subtypes.into_iter().collect::<Vec<_>>(),
        ["\"DIRECT\"/\"IDENTITY\"", "\"DIRECT\"/\"TRANSFORMATION\""]
    );
}

/// A change that makes an event invalid.
type Breaks = fn(&mut Value);

#[test]
fn the_schemas_reject_broken_events() {
    let schemas = schemas();
    let file = repo().join("fixtures/openlineage/connectors.sql");
    let event = events_of(&file).into_iter().next().unwrap_or_default();
    assert!(schemas.errors(&event).is_empty());
    let broken: [(&str, Breaks); 4] = [
        ("run id not a UUID", |e| e["run"]["runId"] = "run-1".into()),
        ("event time not a date-time", |e| {
            e["eventTime"] = "yesterday".into()
        }),
        ("an input field without its field", |e| {
            let fields = &mut e["outputs"][0]["facets"]["columnLineage"]["fields"];
            if let Some(first) = fields.as_object_mut().and_then(|m| m.values_mut().next()) {
                if let Some(input) = first["inputFields"][0].as_object_mut() {
                    input.remove("field");
                }
            }
        }),
        ("a facet without its producer", |e| {
            if let Some(f) = e["job"]["facets"]["sql"].as_object_mut() {
                f.remove("_producer");
            }
        }),
    ];
    for (what, breaks) in broken {
        let mut e = event.clone();
        breaks(&mut e);
        assert!(!schemas.errors(&e).is_empty(), "accepted: {what}");
    }
}
