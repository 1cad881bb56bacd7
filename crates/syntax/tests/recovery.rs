//! Recovery: separate mistakes give separate diagnostics and valid statements after them are
//! still in the AST.

use flinkddl_syntax::ast::StatementKind;

#[test]
fn three_mistakes_three_diagnostics_and_the_rest_is_parsed() {
    let text = "CREATE TABLE a (x INT,, y INT) WITH ('connector' = 'datagen');\n\
                CREATE TABLE b (value INT) WITH ('connector' = 'datagen');\n\
                CREATE TABLE c (z INT) WIHT ('connector' = 'datagen');\n\
                CREATE TABLE ok_after (w INT) WITH ('connector' = 'datagen');\n";
    let parse = flinkddl_syntax::parse(text);
    let index = flinkddl_diagnostics::LineIndex::new(text);
    let lines: Vec<u32> = parse
        .errors
        .iter()
        .map(|d| index.line_col(text, d.span.start).line)
        .collect();
    assert_eq!(lines, vec![1, 2, 3]);
    assert_eq!(parse.script().statements.len(), 4);
    match &parse.script().statements[3].kind {
        StatementKind::CreateTable(t) => {
            assert_eq!(t.name.display(), "ok_after");
            assert_eq!(t.elements.as_ref().map(|e| e.items.len()), Some(1));
        }
        other => panic!("expected CREATE TABLE, got {other:?}"),
    }
    // The first statement keeps its good columns around the broken one.
    match &parse.script().statements[0].kind {
        StatementKind::CreateTable(t) => {
            assert_eq!(t.elements.as_ref().map(|e| e.items.len()), Some(3));
            assert!(t.with.is_some());
        }
        other => panic!("expected CREATE TABLE, got {other:?}"),
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!(
        "CREATE TABLE t (a AS {}1{});",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let parse = flinkddl_syntax::parse(&deep);
    assert!(parse
        .errors
        .iter()
        .any(|d| d.code == flinkddl_diagnostics::Code::NestingTooDeep));
}
