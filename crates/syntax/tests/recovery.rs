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

/// Every recursive production nested to just under the depth limit parses, and just over it
/// is `S013`, on a 2 MiB thread (test threads' default; debug builds have the largest frames):
/// the parser checks the stack only every few levels (`Parser::nested`), so this is what
/// shows the levels between two checks fit the room a check leaves.
#[test]
fn every_recursive_production_nests_to_the_limit_on_a_small_stack() {
    let shapes = [
        // The statement's head, its innermost text, what nests around it and the nesting
        // levels each repetition takes.
        ("CREATE TABLE t (a ", "INT);", "ROW<f ", ">", 1),
        ("CREATE TABLE t (a ", "INT);", "MAP<", ", INT>", 1),
        ("CREATE TABLE t (a ", "INT);", "ARRAY<ROW<f ", ">>", 2),
        ("CREATE TABLE t (a AS ", "1);", "(", ")", 1),
        ("CREATE TABLE t (a AS ", "1);", "ABS(", ")", 1),
        ("CREATE TABLE t (a AS ", "1);", "CAST(", " AS INT)", 1),
        ("", "SELECT 1;", "SELECT * FROM (", ")", 2),
        ("SELECT * FROM ", "t;", "(", ")", 1),
    ];
    let handle = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            for (head, inner, open, close, levels) in shapes {
                let limit = flinkddl_syntax::MAX_DEPTH as usize / levels;
                for (depth, too_deep) in [(limit - 4, false), (limit + 4, true)] {
                    let text =
                        format!("{head}{}{inner}{}", open.repeat(depth), close.repeat(depth));
                    // The innermost text sits inside the nesting: put the statement's end back.
                    let text = text.replacen(';', "", 1) + ";";
                    let parse = flinkddl_syntax::parse(&text);
                    let deep = parse
                        .errors
                        .iter()
                        .any(|d| d.code == flinkddl_diagnostics::Code::NestingTooDeep);
                    assert_eq!(deep, too_deep, "{open}...{close} at depth {depth}");
                }
            }
        })
        .expect("spawn");
    assert!(handle.join().is_ok(), "parsing deep nesting overflowed");
}
