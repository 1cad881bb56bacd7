//! `check --format sarif` validates against the SARIF 2.1.0 JSON schema (the OASIS schema,
//! vendored in `fixtures/cli/sarif-schema-2.1.0.json`), and says what code scanning needs.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn fixtures() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/cli")
}

/// `flinkddl check --format sarif ARGS` in `fixtures/cli`.
fn run_sarif(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .current_dir(fixtures())
        .args(["check", "--format", "sarif"])
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run flinkddl: {e}"))
}

fn sarif_of(args: &[&str]) -> Value {
    let out = run_sarif(args);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON: {e}"))
}

/// The OASIS schema's `language` pattern, `^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`, has a
/// stray `]`: a literal for most regex engines, an error for ECMA-262 with the `u` flag, which
/// `jsonschema` follows. The same pattern with that `]` escaped means the same thing.
const STRAY: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";
const ESCAPED: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\]?$";

fn fix_patterns(v: &mut Value) -> usize {
    match v {
        Value::String(s) if s == STRAY => {
            *s = ESCAPED.to_string();
            1
        }
        Value::Array(items) => items.iter_mut().map(fix_patterns).sum(),
        Value::Object(map) => map.values_mut().map(fix_patterns).sum(),
        _ => 0,
    }
}

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(fixtures().join("sarif-schema-2.1.0.json"))
        .unwrap_or_else(|e| panic!("schema: {e}"));
    let mut schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("schema: {e}"));
    assert_eq!(fix_patterns(&mut schema), 2);
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap_or_else(|e| panic!("schema does not compile: {e}"))
}

fn assert_valid(doc: &Value) {
    let errors: Vec<String> = validator()
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn project_output_is_valid_sarif() {
    let doc = sarif_of(&["project", "configured"]);
    assert_valid(&doc);
    let run = &doc["runs"][0];
    let results = run["results"].as_array().cloned().unwrap_or_default();
    // 9 errors in project/, 4 findings in configured/.
    assert_eq!(results.len(), 13, "{results:#?}");
    let rules = run["tool"]["driver"]["rules"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for r in &results {
        let index = r["ruleIndex"].as_u64().unwrap_or(u64::MAX) as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
        let region = &r["locations"][0]["physicalLocation"]["region"];
        assert!(region["startLine"].as_u64().unwrap_or(0) >= 1);
    }
    assert_eq!(run["columnKind"], "utf16CodeUnits");
}

#[test]
fn clean_and_odd_inputs_are_valid_sarif() {
    assert_valid(&sarif_of(&["project/bom_crlf.sql"]));
    assert_valid(&sarif_of(&["no such file.sql"]));
}

#[test]
fn the_validator_rejects_broken_sarif() {
    let mut doc = sarif_of(&["project"]);
    doc["runs"][0]["results"][0]["level"] = Value::from("fatal");
    assert!(!validator().is_valid(&doc));
}

/// A run that cannot start (a broken `flinkddl.toml`, a glob that matches nothing) still
/// writes a valid log, whose invocation failed with the error, so that a CI upload step does
/// not get an empty file; the exit status stays 2.
#[test]
fn usage_errors_are_valid_sarif_that_say_what_went_wrong() {
    for (args, needle) in [
        (
            &["project", "--config", "bad-config.toml"][..],
            "cannot be configured",
        ),
        (&["no-such-dir/*.sql"][..], "no file matches"),
    ] {
        let out = run_sarif(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let doc: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: stdout is not JSON: {e}"));
        assert_valid(&doc);
        let invocation = &doc["runs"][0]["invocations"][0];
        assert_eq!(invocation["executionSuccessful"], false);
        let notification = &invocation["toolExecutionNotifications"][0];
        assert_eq!(notification["level"], "error");
        let text = notification["message"]["text"].as_str().unwrap_or("");
        assert!(text.contains(needle), "{args:?}: {text}");
        assert_eq!(doc["runs"][0]["results"], Value::Array(Vec::new()));
    }
}

/// A run checked as another Flink version than the default says which in its invocation's
/// properties (from `flink-version` in flinkddl.toml or `--flink-version`); a default run does
/// not.
#[test]
fn the_flink_version_is_in_the_invocation() {
    let configured = sarif_of(&["versions/configured/managed.sql"]);
    assert_valid(&configured);
    let invocation = &configured["runs"][0]["invocations"][0];
    assert_eq!(
        invocation["properties"]["flinkVersions"],
        serde_json::json!(["1.20"])
    );
    assert_eq!(configured["runs"][0]["results"][0]["ruleId"], "B151");
    let flag = sarif_of(&["versions/old.sql", "--flink-version", "1.19.3"]);
    assert_eq!(
        flag["runs"][0]["invocations"][0]["properties"]["flinkVersions"],
        serde_json::json!(["1.19"])
    );
    let newest = sarif_of(&["versions/old.sql", "--flink-version", "2.3"]);
    assert!(newest["runs"][0]["invocations"][0]
        .get("properties")
        .is_none());
}
