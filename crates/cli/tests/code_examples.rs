//! Every code of the code table is documented completely: its explanation has an `## Example`
//! and a `## Fix` section, and an SQL example really produces the code when checked (through
//! the same pipeline as `flinkddl check`). The file codes (`F…`) and `S013` have `text`
//! examples: a byte sequence, a path and a 300-level nesting are not worth pasting. An example
//! that starts with `-- flink-version: 1.19` is checked as that Flink version; one whose
//! second line is `-- upgrade-to: 2.3` gets `check --upgrade-to 2.3`'s findings too.

use flinkddl::{Code, ConnectorFindings, FlinkVersion, Options};

fn example(explanation: &str) -> Option<(&str, &str)> {
    let after = explanation.split_once("## Example")?.1;
    let fence = after.split_once("```")?.1;
    let (lang, rest) = fence.split_once('\n')?;
    let body = rest.split_once("```")?.0;
    Some((lang.trim(), body))
}

#[test]
fn every_code_has_an_example_that_produces_it_and_a_fix() {
    let mut failures = Vec::new();
    for code in Code::ALL {
        let info = code.info();
        if !info.explanation.contains("## Fix") {
            failures.push(format!("{}: no ## Fix section", info.code));
        }
        let Some((lang, sql)) = example(info.explanation) else {
            failures.push(format!("{}: no ## Example with a fenced block", info.code));
            continue;
        };
        match lang {
            "sql" => {}
            "text" if info.code.starts_with('F') || info.code == "S013" => continue,
            other => {
                failures.push(format!("{}: example in `{other}`", info.code));
                continue;
            }
        }
        // A code that exists only in older versions says which in its example's first line.
        let flink_version = sql
            .lines()
            .next()
            .and_then(|l| l.trim().strip_prefix("-- flink-version:"))
            .map(|v| v.trim().parse::<FlinkVersion>())
            .transpose();
        let Ok(flink_version) = flink_version else {
            failures.push(format!(
                "{}: its example names an unknown Flink version",
                info.code
            ));
            continue;
        };
        let options = Options {
            assume_external_objects: true,
            connector_findings: ConnectorFindings::Error,
            flink_version: flink_version.unwrap_or_default(),
            ..Options::default()
        };
        let mut analysis = flinkddl::analyze_with(sql, &options);
        // A code of `check --upgrade-to` names the target on its example's second line.
        let upgrade_to = sql
            .lines()
            .nth(1)
            .and_then(|l| l.trim().strip_prefix("-- upgrade-to:"))
            .and_then(|v| v.trim().parse::<FlinkVersion>().ok());
        if let Some(target) = upgrade_to {
            let found = flinkddl::upgrade::upgrade_findings(sql, &options, target);
            analysis.diagnostics.extend(found);
        }
        if !analysis.diagnostics.iter().any(|d| d.code == *code) {
            failures.push(format!(
                "{}: its example gives {:?}",
                info.code,
                analysis
                    .diagnostics
                    .iter()
                    .map(|d| format!("{} {}", d.code, d.message))
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
