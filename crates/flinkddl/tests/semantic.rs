//! Data-driven tests of the semantic model over `fixtures/semantic/*.sql`: the model the binder
//! records while it binds each script, rendered with line:column positions and the text each
//! entry points at (names and what they resolve to; output columns with their type, whether
//! copied or derived, their sources and the catalog columns they come from), as an insta
//! snapshot beside the case. A snapshot without its `.sql` fails.

use flinkddl::binder::semantic::{ColumnSource, Resolution, SemanticModel};
use flinkddl::{LineIndex, Options, Span};
use flinkddl_test_support::fixtures::{self, assert_no_orphan_snapshots};
use std::fmt::Write;

fn at(text: &str, index: &LineIndex, span: Span) -> String {
    let lc = index.line_col(text, span.start);
    let (line, column) = (lc.line, lc.column);
    let quoted = text
        .get(span.start as usize..span.end as usize)
        .unwrap_or("");
    format!("{line}:{column} `{}`", quoted.replace('\n', " "))
}

fn path((c, d, n): &(String, String, String)) -> String {
    format!("{c}.{d}.{n}")
}

fn source(text: &str, index: &LineIndex, model: &SemanticModel, s: &ColumnSource) -> String {
    match s {
        ColumnSource::Table { path: p, column } => format!("table {}.{column}", path(p)),
        ColumnSource::View {
            path: p,
            column,
            statement,
            ..
        } => format!("view {}.{column} (statement {statement})", path(p)),
        ColumnSource::Output { output } => match model.output(*output) {
            Some(o) => format!("output #{output} at {}", at(text, index, o.span)),
            None => format!("output #{output} (missing)"),
        },
        ColumnSource::Window {
            column,
            function,
            time,
        } => {
            let time = match time {
                Some(t) => format!(" over {}", source(text, index, model, t)),
                None => String::new(),
            };
            format!(
                "window column {column} of {}{time}",
                at(text, index, *function)
            )
        }
        ColumnSource::Unknown => "unknown".to_string(),
    }
}

fn render(text: &str, model: &SemanticModel) -> String {
    let index = LineIndex::new(text);
    let mut out = String::from("names:\n");
    for n in &model.names {
        let what = match &n.resolution {
            Resolution::Table { path: p } => format!("table {}", path(p)),
            Resolution::View { path: p, .. } => format!("view {}", path(p)),
            Resolution::Cte { definition } => format!("CTE at {}", at(text, &index, *definition)),
            Resolution::FromItem { definition } => {
                format!("FROM item at {}", at(text, &index, *definition))
            }
            Resolution::Column {
                source: s,
                data_type,
            } => format!(
                "column: {} : {}",
                source(text, &index, model, s),
                data_type
                    .as_ref()
                    .map_or("?".to_string(), |t| t.summary_string())
            ),
            Resolution::Field { name } => format!("field {name}"),
            Resolution::Function { name, builtin } => {
                format!(
                    "function {name}{}",
                    if *builtin { " (built in)" } else { "" }
                )
            }
        };
        let _ = writeln!(
            out,
            "  [{}] {} -> {what}",
            n.statement,
            at(text, &index, n.span)
        );
    }
    out.push_str("outputs:\n");
    for (i, o) in model.outputs.iter().enumerate() {
        let _ = writeln!(
            out,
            "  #{i} [{} depth {}] {}: {} {} at {}{}",
            o.statement,
            o.depth,
            o.index,
            o.name,
            o.data_type
                .as_ref()
                .map_or("?".to_string(), |t| t.summary_string()),
            at(text, &index, o.span),
            if o.copied { " copied" } else { " derived" },
        );
        for s in &o.sources {
            let _ = writeln!(out, "      reads {}", source(text, &index, model, s));
        }
        for (s, copied) in model.origins(i) {
            let _ = writeln!(
                out,
                "      from {}{}",
                source(text, &index, model, &s),
                if copied { " (copied)" } else { "" }
            );
        }
    }
    out.push_str("scopes:\n");
    for s in &model.scopes {
        let _ = writeln!(
            out,
            "  [{} depth {}] {}",
            s.statement,
            s.depth,
            at(text, &index, Span::new(s.span.start, s.span.start + 6))
        );
        for item in &s.items {
            let columns = item.columns.as_ref().map_or("?".to_string(), |c| {
                c.iter()
                    .map(|c| c.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            });
            let _ = writeln!(
                out,
                "      {} ({columns})",
                item.name.as_deref().unwrap_or("(unnamed)")
            );
        }
    }
    out
}

#[test]
fn the_model_records_what_the_binder_resolves() {
    let dir = fixtures::repo_dir("fixtures/semantic");
    for case in fixtures::cases(&dir) {
        let options = Options {
            semantic_model: true,
            ..Options::default()
        };
        let analysis = flinkddl::analyze_with(&case.text, &options);
        let model = analysis.model.unwrap_or_default();
        assert!(
            !model.names.is_empty(),
            "{}: the model is empty",
            case.path.display()
        );
        let rendered = render(&case.text, &model);
        case.bind(|| insta::assert_snapshot!(case.name.clone(), rendered));
    }
    assert_no_orphan_snapshots(&dir);
}

#[test]
fn check_records_no_model() {
    let analysis = flinkddl::analyze(
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nSELECT a FROM t;",
    );
    assert!(analysis.model.is_none());
}
