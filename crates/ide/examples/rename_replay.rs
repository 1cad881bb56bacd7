//! Replays renames through real Flink: for every case Flink accepted, renames up to three
//! columns that later statements use, or aliases a query reads (to `zz_<name>`), and writes
//! each renamed script as an oracle case. A rename that missed a use, or changed a use of another column, makes Flink
//! reject the script.
//!
//! ```sh
//! cargo run -p flinkddl-ide --example rename_replay -- \
//!   ../shared/queries/cases.jsonl ../shared/queries/expected.jsonl /tmp/renamed.jsonl
//! ../shared/flink-oracle/run.sh /tmp/renamed.jsonl /tmp/renamed.out.jsonl
//! # every line of renamed.out.jsonl must have "accepted": true
//! ```

use flinkddl_ide::index::Symbol;
use flinkddl_ide::{Analysis, RenameError};
use serde_json::Value;
use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, cases, expected, out] = args.as_slice() else {
        return Err("usage: rename_replay CASES.jsonl EXPECTED.jsonl OUT.jsonl".into());
    };
    let cases = std::fs::read_to_string(cases)?;
    let expected = std::fs::read_to_string(expected)?;
    let mut out = std::io::BufWriter::new(std::fs::File::create(out)?);
    let (mut renamed, mut refused, mut failed) = (0, 0, 0);
    for (case, label) in cases.lines().zip(expected.lines()) {
        let case: Value = serde_json::from_str(case)?;
        let label: Value = serde_json::from_str(label)?;
        let (Some(id), Some(sql)) = (case["id"].as_str(), case["sql"].as_str()) else {
            continue;
        };
        if label["accepted"] != Value::Bool(true) {
            continue;
        }
        let analysis = Analysis::new(sql);
        let index = analysis.index();
        let mut picked: Vec<(&str, u32)> = Vec::new();
        for o in index.occurrences.iter().filter(|o| o.is_definition) {
            // A table's column used by a later statement, or a query's alias used anywhere
            // (a column's through a CTE, a derived table, ORDER BY; a FROM item's or CTE's by
            // qualifiers and FROM).
            let (name, later) = match &o.symbol {
                Symbol::Column(_, name) => (name, 1),
                Symbol::Alias { name, .. } | Symbol::RelationAlias { name, .. } => (name, 0),
                Symbol::Table(_) => continue,
            };
            let used_later = index.occurrences.iter().any(|r| {
                !r.is_definition && r.statement >= o.statement + later && r.symbol == o.symbol
            }) || index
                .unresolved
                .iter()
                .any(|u| u.name == *name && u.statement >= o.statement + later);
            if used_later && !picked.iter().any(|(n, _)| n == name) {
                picked.push((name, o.span.start));
            }
        }
        for (name, at) in picked.into_iter().take(3) {
            match analysis.rename(at, &format!("zz_{name}")) {
                Ok(edits) => {
                    renamed += 1;
                    let mut text = sql.to_string();
                    for e in edits.iter().rev() {
                        text.replace_range(e.span.start as usize..e.span.end as usize, &e.text);
                    }
                    let case = serde_json::json!({"id": format!("{id}#{name}"), "sql": text});
                    writeln!(out, "{case}")?;
                }
                Err(RenameError::UnresolvedUse) => refused += 1,
                Err(_) => failed += 1,
            }
        }
    }
    eprintln!("renamed {renamed}, refused (unresolved use) {refused}, other refusals {failed}");
    Ok(())
}
