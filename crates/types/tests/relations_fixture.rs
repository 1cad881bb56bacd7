//! Casts, common types, decimal arithmetic and SQL arithmetic result types against real
//! Flink 2.3.0 (fixtures labelled by `tools/probe.sh` and, for SQL arithmetic, by the
//! oracle's expression mode).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flinkddl_types::merging::{
    find_addition_decimal_type, find_avg_agg_type, find_division_decimal_type,
    find_modulo_decimal_type, find_multiplication_decimal_type, find_round_decimal_type,
    find_sum_agg_type,
};
use flinkddl_types::{
    arithmetic_result_type, find_common_type, supports_avoiding_cast, supports_explicit_cast,
    supports_implicit_cast, ArithmeticOp, DataType,
};
use serde_json::Value;

fn ty(s: &str) -> DataType {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Every case of `fixtures/types/<file>` through `check` (`Err` says how we differ from Flink):
/// the tally printed, and every difference listed on failure.
fn assert_every_case(file: &str, check: impl Fn(&Value) -> Result<(), String>) {
    let cases = common::read_jsonl(&common::fixture(file));
    let failures: Vec<String> = cases.iter().filter_map(|c| check(c).err()).collect();
    eprintln!(
        "{file}: {}/{} match Flink",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn casts_match_flink() {
    assert_every_case("casts.jsonl", |c| {
        let (f, t) = (c["from"].as_str().unwrap(), c["to"].as_str().unwrap());
        let (a, b) = (ty(f), ty(t));
        let got = (
            supports_implicit_cast(&a, &b),
            supports_explicit_cast(&a, &b),
            supports_avoiding_cast(&a, &b),
        );
        let want = (
            c["implicit"].as_bool().unwrap(),
            c["explicit"].as_bool().unwrap(),
            c["avoid"].as_bool().unwrap(),
        );
        if got != want {
            return Err(format!(
                "{f} -> {t}: (implicit, explicit, avoid) {got:?} vs {want:?}"
            ));
        }
        Ok(())
    });
}

#[test]
fn common_types_match_flink() {
    assert_every_case("common_types.jsonl", |c| {
        let types: Vec<DataType> = c["types"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| ty(t.as_str().unwrap()))
            .collect();
        let got = find_common_type(&types).map(|t| t.summary_string());
        let want = c["result"].as_str().map(str::to_string);
        if got != want {
            return Err(format!("{}: {got:?} vs {want:?}", c["types"]));
        }
        Ok(())
    });
}

#[test]
fn decimal_rules_match_flink() {
    let u = |v: &Value| v.as_u64().unwrap() as u32;
    assert_every_case("decimal_ops.jsonl", |c| {
        match c["op"].as_str().unwrap() {
            "dec" => {
                let (p1, s1, p2, s2) = (u(&c["p1"]), u(&c["s1"]), u(&c["p2"]), u(&c["s2"]));
                let got = match c["kind"].as_str().unwrap() {
                    "add" => find_addition_decimal_type(p1, s1, p2, s2),
                    "mul" => find_multiplication_decimal_type(p1, s1, p2, s2),
                    "div" => find_division_decimal_type(p1, s1, p2, s2),
                    _ => find_modulo_decimal_type(p1, s1, p2, s2),
                };
                if got.summary_string() != c["result"].as_str().unwrap() {
                    return Err(format!("{c}: {got}"));
                }
            }
            "round" => {
                let r = c["r"].as_i64().unwrap() as i32;
                let got = find_round_decimal_type(u(&c["p"]), u(&c["s"]), r);
                if got.summary_string() != c["result"].as_str().unwrap() {
                    return Err(format!("{c}: {got}"));
                }
            }
            _ => {
                let t = ty(c["s"].as_str().unwrap());
                let (sum, avg) = (find_sum_agg_type(&t), find_avg_agg_type(&t));
                if sum.summary_string() != c["sum"].as_str().unwrap()
                    || avg.summary_string() != c["avg"].as_str().unwrap()
                {
                    return Err(format!("{c}: {sum} / {avg}"));
                }
            }
        }
        Ok(())
    });
}

#[test]
fn sql_arithmetic_matches_flink() {
    assert_every_case("arithmetic.jsonl", |c| {
        let (l, r) = (
            ty(c["left"].as_str().unwrap()),
            ty(c["right"].as_str().unwrap()),
        );
        let op = match c["op"].as_str().unwrap() {
            "+" => ArithmeticOp::Plus,
            "-" => ArithmeticOp::Minus,
            "*" => ArithmeticOp::Multiply,
            "/" => ArithmeticOp::Divide,
            _ => ArithmeticOp::Mod,
        };
        let got = arithmetic_result_type(op, &l, &r).map(|t| t.summary_string());
        let want = c["result"].as_str().map(str::to_string);
        if got != want {
            return Err(format!(
                "{} {} {}: {got:?} vs {want:?}",
                c["left"], c["op"], c["right"]
            ));
        }
        Ok(())
    });
}
