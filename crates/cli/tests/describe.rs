//! The `describe --format json` contract on real files: JSON shape, positions, exit status.

use serde_json::Value;
use std::process::Command;

fn flinkddl(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run flinkddl: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// `flinkddl describe FILE --format json`: the exit status and the JSON (null if it is not).
fn describe_json(file: &str) -> (i32, Value) {
    let (code, stdout) = flinkddl(&["describe", &example(file), "--format", "json"]);
    let json = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (code, json)
}

fn example(name: &str) -> String {
    format!("{}/../../fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn valid_example_exits_zero_with_no_diagnostics() {
    let (code, json) = describe_json("examples/orders.sql");
    assert_eq!(code, 0, "{json}");
    let errors: Vec<&Value> = json["diagnostics"]
        .as_array()
        .map(|d| d.iter().filter(|d| d["severity"] == "error").collect())
        .unwrap_or_default();
    assert!(errors.is_empty(), "{errors:?}");
    let tables = json["tables"].as_array().cloned().unwrap_or_default();
    let names: Vec<&str> = tables.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names, vec!["orders", "big_orders"]);
    let describe = tables[0]["describe"].as_str().unwrap_or("");
    assert!(describe.contains("TIMESTAMP(3) *ROWTIME*"), "{describe}");
    assert!(describe.contains("PRI(order_id)"), "{describe}");
}

#[test]
fn syntax_errors_are_reported_with_positions_and_exit_one() {
    let (code, json) = describe_json("../grammar-tests/err/three_mistakes.sql");
    assert_eq!(code, 1);
    let diags = json["diagnostics"].as_array().cloned().unwrap_or_default();
    let lines: Vec<u64> = diags.iter().filter_map(|d| d["line"].as_u64()).collect();
    assert_eq!(lines, vec![1, 2, 3]);
    let first = &diags[0];
    assert_eq!(first["stage"], "syntax");
    assert_eq!(first["severity"], "error");
    assert_eq!(first["column"], 23);
    assert_eq!(first["start"], 22);
    assert!(first["code"].as_str().is_some_and(|c| c.starts_with('S')));
}

#[test]
fn missing_file_is_exit_two() {
    let (code, _) = flinkddl(&["describe", "/nonexistent/x.sql", "--format", "json"]);
    assert_eq!(code, 2);
}

#[test]
fn usage_error_is_exit_two() {
    let (code, _) = flinkddl(&["describe"]);
    assert_eq!(code, 2);
}

#[test]
fn table_format_prints_the_describe_tableau_of_each_table() {
    let (code, stdout) = flinkddl(&["describe", &example("examples/orders.sql")]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("`default_catalog`.`default_database`.`orders`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("|  order_time | TIMESTAMP(3) *ROWTIME* |  TRUE |"),
        "{stdout}"
    );
    assert!(stdout.contains("7 rows in set"), "{stdout}");
    let (code, stdout) = flinkddl(&[
        "describe",
        &example("examples/orders.sql"),
        "--table",
        "big_orders",
    ]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("2 rows in set") && !stdout.contains("7 rows in set"),
        "{stdout}"
    );
}
