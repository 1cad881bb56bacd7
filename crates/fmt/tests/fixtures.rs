//! `fixtures/format/*.sql`: each file formatted, the result an insta snapshot beside it
//! (`INSTA_UPDATE=always cargo test -p flinkddl-fmt --test fixtures` to bless). A first line
//! `-- format: key = value, ...` sets the options (the keys of `[format]` in flinkddl.toml).
//! Every case must also: lay out at least one statement, be idempotent, keep its comments and
//! its analysis, and keep byte for byte every statement with a syntax error and every SET,
//! RESET and statement set. A snapshot without its `.sql` fails.

use flinkddl::parse;
use flinkddl::syntax::ast::StatementKind;
use flinkddl_fmt::format_report;
use flinkddl_test_support::fixtures;
use std::path::PathBuf;
use support::options_of;

mod support;

fn root() -> PathBuf {
    fixtures::repo_dir("fixtures/format")
}

#[test]
fn fixtures() {
    for fixtures::Case { name, text, .. } in fixtures::cases(&root()) {
        let options = options_of(&text);
        let report = format_report(&text, &options);
        assert!(report.formatted > 0, "{name}: nothing laid out");
        assert_eq!(
            report.reverted, 0,
            "{name}: the self-check put a statement back"
        );
        let again = format_report(&report.text, &options).text;
        assert_eq!(again, report.text, "{name}: not idempotent");
        assert_eq!(
            support::comments(&text),
            support::comments(&report.text),
            "{name}: comments"
        );
        assert_eq!(
            support::meaning(&text),
            support::meaning(&report.text),
            "{name}: analysis"
        );
        let original = parse(&text);
        for s in &original.script().statements {
            let broken = original
                .errors
                .iter()
                .any(|e| s.span.contains(e.span) || e.span.start == s.span.end);
            let kept_kind = matches!(
                s.kind,
                StatementKind::Set(_)
                    | StatementKind::Reset(_)
                    | StatementKind::StatementSet { .. }
                    | StatementKind::Execute { .. }
            );
            if broken || kept_kind {
                let written = s.span.text(&text);
                assert!(
                    report.text.contains(written),
                    "{name}: `{written}` was not kept as written"
                );
            }
        }
        fixtures::snapshot_settings(&root()).bind(|| insta::assert_snapshot!(name, report.text));
    }
}

#[test]
fn no_orphan_snapshots() {
    support::assert_only_cases_and_snapshots(&root());
}
