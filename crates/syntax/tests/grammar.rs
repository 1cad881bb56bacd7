//! Data-driven grammar tests: every `grammar-tests/ok/*.sql` parses without a diagnostic and
//! every `grammar-tests/err/*.sql` gets at least one. Each case has an insta snapshot beside it:
//! the AST for ok cases, the diagnostics for err cases. A snapshot without its `.sql` fails.

use flinkddl_test_support::fixtures::{self, assert_no_orphan_snapshots, compact_spans};
use flinkddl_test_support::render;
use serde_json::Value;
use std::path::PathBuf;

fn root() -> PathBuf {
    fixtures::repo_dir("grammar-tests")
}

#[test]
fn ok_cases_parse_cleanly() {
    for case in fixtures::cases(&root().join("ok")) {
        let parse = flinkddl_syntax::parse(&case.text);
        assert!(
            parse.errors.is_empty(),
            "{} should parse without errors:\n{}",
            case.path.display(),
            render::diagnostics(&case.text, &parse.errors, render::SYNTAX)
        );
        let ast = compact_spans(serde_json::to_value(parse.script()).unwrap_or(Value::Null));
        case.bind(|| insta::assert_yaml_snapshot!(case.name.clone(), ast));
    }
}

#[test]
fn err_cases_report_diagnostics() {
    for case in fixtures::cases(&root().join("err")) {
        let parse = flinkddl_syntax::parse(&case.text);
        assert!(
            !parse.errors.is_empty(),
            "{} should report at least one diagnostic",
            case.path.display()
        );
        let rendered = render::diagnostics(&case.text, &parse.errors, render::SYNTAX);
        case.bind(|| insta::assert_snapshot!(case.name.clone(), rendered));
    }
}

#[test]
fn no_orphan_snapshots() {
    for sub in ["ok", "err"] {
        assert_no_orphan_snapshots(&root().join(sub));
    }
}
