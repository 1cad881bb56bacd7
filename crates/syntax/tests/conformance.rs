//! The syntax ratchet over the labelled conformance corpus (`fixtures/conformance`, labelled by
//! real Flink 2.3.0): a case Flink's parser accepts must get no syntax error; a case it rejects
//! must get a syntax error on the line Flink names. Cases we knowingly miss are listed, with a
//! reason, in `fixtures/conformance/known-failures-syntax.txt`; a listed case that starts
//! passing fails this test until it leaves the list.

use flinkddl_diagnostics::{LineIndex, Severity, Stage};
use flinkddl_test_support::oracle::{
    assert_ratchet, conformance_cases, conformance_dir, oracle_sql, read_known_failures,
};
use serde_json::Value;
use std::collections::BTreeMap;

#[test]
fn syntax_verdicts_match_flink() {
    let cases = conformance_cases();
    let known = read_known_failures(&conformance_dir().join("known-failures-syntax.txt"));
    for (id, reason) in &known {
        assert!(!reason.is_empty(), "known failure {id} has no reason");
    }
    let mut failing = BTreeMap::new();
    let (mut parse_rejected, mut caught, mut on_line, mut parser_ok, mut clean) = (0, 0, 0, 0, 0);
    let (mut accepted, mut accepted_clean) = (0, 0);
    for (case, exp) in &cases {
        let id = case["id"].as_str().unwrap_or("?").to_string();
        let sql = oracle_sql(case);
        let parse = flinkddl_syntax::parse(&sql);
        let first = parse
            .errors
            .iter()
            .find(|d| d.severity == Severity::Error && d.stage() == Stage::Syntax);
        if exp["accepted"] == Value::Bool(true) {
            accepted += 1;
            if first.is_none() {
                accepted_clean += 1;
            }
        }
        let oracle_parse_error =
            exp["accepted"] == Value::Bool(false) && exp["stage"].as_str() == Some("parse");
        let problem = if oracle_parse_error {
            parse_rejected += 1;
            match first {
                None => Some("Flink's parser rejects it; we report no syntax error".to_string()),
                Some(d) => {
                    caught += 1;
                    let flink_line = exp["error"]["case_line"].as_u64();
                    let index = LineIndex::new(&sql);
                    let ours = index.line_col(&sql, d.span.start).line as u64;
                    match flink_line {
                        Some(line) if line != ours => Some(format!(
                            "syntax error on line {ours}, Flink says line {line}"
                        )),
                        _ => {
                            on_line += 1;
                            None
                        }
                    }
                }
            }
        } else {
            parser_ok += 1;
            match first {
                Some(d) => Some(format!("false syntax error: {}", d.message)),
                None => {
                    clean += 1;
                    None
                }
            }
        };
        if let Some(problem) = problem {
            failing.insert(id, problem);
        }
    }
    eprintln!(
        "syntax conformance: {accepted_clean}/{accepted} accepted cases clean, \
         {clean}/{parser_ok} parser-accepted cases clean, \
         {caught}/{parse_rejected} parser rejections caught, {on_line} on Flink's line"
    );
    assert_ratchet(&failing, &known, "known-failures-syntax.txt");
    // The bar: no false error, and at least 98% of parser rejections caught.
    assert_eq!(accepted_clean, accepted);
    assert!(caught * 100 >= parse_rejected * 98);
}
