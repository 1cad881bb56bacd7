//! Property tests of the parser's robustness contract: whatever the input, `parse` and `lex`
//! return (no panic, no stack overflow) and every span they hand out is usable on the input.
//!
//! Invariants checked on every case (`check_invariants`):
//! * every token, comment, diagnostic, diagnostic label and fix span satisfies
//!   `start <= end <= len` and both ends fall on UTF-8 char boundaries;
//! * every span in the AST does too, and lies within the span of its nearest ancestor node. The
//!   AST is walked through its `serde_json` form: an object with a `"span"` is a node, and any
//!   `{start, end}` object (a node's span, or a keyword flag such as `temporary`) must lie within
//!   the nearest enclosing node's span; the script's own span must lie within `0..len`.
//!
//! Cases: (a) token soup from a Flink SQL vocabulary, (b) arbitrary strings, (c) mutated real
//! statements, (d) deep nesting, (e) lexer coverage (tokens and comments leave out only ASCII
//! whitespace, in order, without overlap). 256 cases each by default; `PROPTEST_CASES` overrides.
//!
//! The checker itself is `flinkddl_test_support::spans`, which the fuzz targets share.

use flinkddl_test_support::spans;
use proptest::prelude::*;

// ---- the invariants ----------------------------------------------------------------------------

fn check_invariants(text: &str) -> Result<(), String> {
    let lexed = flinkddl_syntax::lex(text);
    spans::check_tokens(text, &lexed.tokens, &lexed.trivia, &lexed.errors)?;

    // The parser runs on the test thread's ordinary stack: it must not need more.
    let p = flinkddl_syntax::parse(text);
    spans::check_tokens(text, p.tokens(), &p.trivia, &p.errors)?;
    // serde_json's serializer and our walk recurse once per AST level, with big frames in debug
    // builds (a 255-deep expression overflows 2 MiB): give them their own large stack.
    let script = &p.script();
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(scope, move || {
                let ast = serde_json::to_value(script)
                    .map_err(|e| format!("AST does not serialize: {e}"))?;
                spans::check_ast(text, &ast)
            })
            .map_err(|e| format!("cannot spawn the checker thread: {e}"))?
            .join()
            .unwrap_or_else(|_| Err("the checker thread panicked".into()))
    })
}

/// The lexer's tokens and comments come in order, do not overlap, and leave out only ASCII
/// whitespace; `parse` returns the same tokens and comments as `lex`, and `lex_span` of a
/// statement the tokens `lex` has inside it (the binder lexes delimited statements alone).
fn check_lex_coverage(text: &str) -> Result<(), String> {
    spans::check_lex(text)?;
    let lexed = flinkddl_syntax::lex(text);
    let p = flinkddl_syntax::parse(text);
    if p.tokens() != lexed.tokens.as_slice() || p.trivia != lexed.trivia {
        return Err("parse() and lex() disagree on the tokens".into());
    }
    for s in p.script().statements.iter() {
        let inside: Vec<_> = lexed
            .tokens
            .iter()
            .filter(|t| s.span.contains(t.span) && t.kind != flinkddl_syntax::TokenKind::Eof)
            .copied()
            .collect();
        if flinkddl_syntax::lex_span(text, s.span) != inside {
            return Err(format!("lex_span of the statement at {:?} differs", s.span));
        }
    }
    Ok(())
}

// ---- strategies --------------------------------------------------------------------------------

const KEYWORDS: &[&str] = &[
    "CREATE",
    "TABLE",
    "WITH",
    "AS",
    "WATERMARK",
    "FOR",
    "PRIMARY",
    "KEY",
    "NOT",
    "ENFORCED",
    "TEMPORARY",
    "IF",
    "EXISTS",
    "COMMENT",
    "PARTITIONED",
    "BY",
    "METADATA",
    "FROM",
    "VIRTUAL",
    "CONSTRAINT",
    "INTERVAL",
    "SECOND",
    "MINUTE",
    "DAY",
    "TO",
    "SELECT",
    "WHERE",
    "GROUP",
    "HAVING",
    "ORDER",
    "LIMIT",
    "UNION",
    "JOIN",
    "LEFT",
    "ON",
    "LATERAL",
    "UNNEST",
    "OVER",
    "PARTITION",
    "MATCH_RECOGNIZE",
    "PATTERN",
    "DEFINE",
    "EXISTS",
    "DISTINCT",
    "|",
    "^",
    "INSERT",
    "INTO",
    "OVERWRITE",
    "VALUES",
    "SET",
    "RESET",
    "DROP",
    "ALTER",
    "RENAME",
    "ADD",
    "MODIFY",
    "VIEW",
    "FUNCTION",
    "CATALOG",
    "DATABASE",
    "USE",
    "SHOW",
    "DESCRIBE",
    "EXECUTE",
    "STATEMENT",
    "BEGIN",
    "END",
    "EXPLAIN",
    "LIKE",
    "INCLUDING",
    "EXCLUDING",
    "OPTIONS",
    "ALL",
    "ROW",
    "MAP",
    "ARRAY",
    "MULTISET",
    "INT",
    "BIGINT",
    "STRING",
    "VARCHAR",
    "CHAR",
    "DECIMAL",
    "DOUBLE",
    "PRECISION",
    "TIMESTAMP",
    "TIMESTAMP_LTZ",
    "TIME",
    "DATE",
    "LOCAL",
    "ZONE",
    "RAW",
    "NULL",
    "TRUE",
    "FALSE",
    "CAST",
    "TRY_CAST",
    "CASE",
    "WHEN",
    "THEN",
    "ELSE",
    "AND",
    "OR",
    "IS",
    "IN",
    "BETWEEN",
    "PROCTIME",
    "CURRENT_TIMESTAMP",
    "LANGUAGE",
    "JAVA",
    "PYTHON",
    "USING",
    "JAR",
    "DISTRIBUTED",
    "INTO",
    "BUCKETS",
    "HASH",
    "WHERE",
    "GROUP",
    "ORDER",
    "UNION",
    "LOAD",
    "MODULE",
    "CALL",
    "value",
    "user",
    "create",
    "table",
];

const PUNCT: &[&str] = &[
    "(", ")", "(", ")", ",", ",", ";", ";", ".", "=", "<", ">", "<>", "<=", ">=", "!=", "+", "-",
    "*", "/", "%", "||", ":", "::", "[", "]", "{", "}", "?", "=>", "&", "|", "!", "^", "~", "#",
    "@", "\\", "\"", "\"x\"", "$",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(KEYWORDS).prop_map(str::to_string),
        "[a-zA-Z_][a-zA-Z0-9_$]{0,8}",
        "[a-z]{1,4}\\.[a-z]{1,4}(\\.[a-z]{1,4})?",
        proptest::sample::select(&["日本", "ä", "Ωmega", "straße", "ǅ", "x\u{301}", "名前_1"][..])
            .prop_map(str::to_string),
    ]
}

fn string_lit() -> impl Strategy<Value = String> {
    prop_oneof![
        "'[a-z0-9 .,:=/_-]{0,10}'",
        "'[a-z]{0,3}''[a-z]{0,3}'",
        "'[^']{0,8}",
        "[NnXx]'[0-9a-fA-F]{0,4}'",
        Just("U&'\\0041\\+01F600'".to_string()),
        Just("_UTF8'x'".to_string()),
        Just("'a'\n'b'".to_string()),
        Just("'".to_string()),
    ]
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,4}",
        "[0-9]{1,3}\\.[0-9]{0,3}",
        "\\.[0-9]{1,3}",
        "[0-9]{1,2}[eE][+-]?[0-9]{0,2}",
        Just("99999999999999999999999999".to_string()),
        Just("1..2".to_string()),
    ]
}

fn quoted_ident() -> impl Strategy<Value = String> {
    prop_oneof![
        "`[a-z ;(]{0,6}`",
        "`[a-z]{0,3}``[a-z]{0,3}`",
        "`[a-z]{0,4}",
        Just("``".to_string()),
    ]
}

fn comment() -> impl Strategy<Value = String> {
    prop_oneof![
        "--[ a-z;']{0,10}\n",
        "//[ a-z]{0,6}\n",
        "/\\*[ a-z;'*]{0,10}\\*/",
        "/\\*\\+ [a-z]{0,6}\\([a-z]{0,3}\\) \\*/",
        "/\\*[ a-z]{0,6}",
        Just("--".to_string()),
        Just("/*/".to_string()),
    ]
}

fn odd() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(
            &[
                "\u{0}",
                "\u{7f}",
                "\u{feff}",
                "\u{200b}",
                "😀",
                "\u{301}",
                "\u{10ffff}",
                "\r",
                "\t",
                "\x0c",
                "\u{a0}",
                "\u{2028}",
                "€",
                "ß",
            ][..]
        )
        .prop_map(str::to_string),
        any::<char>().prop_map(|c| c.to_string()),
        ".{1,3}",
    ]
}

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => word(),
        5 => proptest::sample::select(PUNCT).prop_map(str::to_string),
        2 => string_lit(),
        2 => number(),
        1 => quoted_ident(),
        1 => comment(),
        1 => odd(),
    ]
}

fn separator() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(&[" ", " ", " ", "", "\n", "\t", "  ", "\r\n"][..])
}

fn soup() -> impl Strategy<Value = String> {
    proptest::collection::vec((token(), separator()), 0..80).prop_map(|parts| {
        let mut s = String::new();
        for (t, sep) in parts {
            s.push_str(&t);
            s.push_str(sep);
        }
        s
    })
}

/// Real statements, cut into whitespace-separated pieces for mutation.
const TEMPLATES: &[&str] = &[
    "CREATE TEMPORARY TABLE IF NOT EXISTS cat.db.`orders` ( id BIGINT NOT NULL COMMENT 'the id' , \
     price DECIMAL ( 10 , 2 ) , tags ARRAY < STRING > , attrs MAP < STRING , ROW < a INT , b STRING > > , \
     ts TIMESTAMP ( 3 ) WITH LOCAL TIME ZONE , amount AS price * 2 , pt AS PROCTIME ( ) , \
     `offset` BIGINT METADATA FROM 'offset' VIRTUAL , \
     WATERMARK FOR ts AS ts - INTERVAL '5' SECOND , \
     CONSTRAINT pk PRIMARY KEY ( id ) NOT ENFORCED ) COMMENT 'tbl' PARTITIONED BY ( dt ) \
     WITH ( 'connector' = 'kafka' , 'topic' = 'it''s' ) ;",
    "CREATE TABLE t2 WITH ( 'connector' = 'print' ) LIKE t ( EXCLUDING ALL INCLUDING OPTIONS ) ;",
    "CREATE TABLE t3 AS SELECT a , b AS c FROM t WHERE a > 1 ;",
    "INSERT INTO t SELECT CAST ( a AS INT ) , CASE WHEN b THEN 1 ELSE 2 END FROM s ;",
    "SET 'table.exec.mini-batch.enabled' = 'true' ; RESET ; USE CATALOG c ;",
    "ALTER TABLE t ADD ( c INT FIRST , d AS c + 1 AFTER c ) ;",
    "EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT * FROM b ; INSERT INTO c VALUES ( 1 , 'x' ) ; END ;",
    "CREATE FUNCTION IF NOT EXISTS f AS 'com.example.F' LANGUAGE JAVA USING JAR 'x.jar' ;",
    "CREATE VIEW v ( a , b ) COMMENT 'c' AS SELECT 1 , 2 ; DROP TEMPORARY VIEW IF EXISTS v ;",
    "WITH x ( a ) AS ( SELECT a FROM t ) SELECT DISTINCT x.a , COUNT ( * ) FILTER ( WHERE a > 1 ) \
     FROM x LEFT JOIN u AS y ON x.a = y.a WHERE a IN ( SELECT b FROM v ) GROUP BY ROLLUP ( a ) \
     HAVING SUM ( a ) > 0 ORDER BY a DESC NULLS LAST LIMIT 10 ;",
    "SELECT * FROM TABLE ( TUMBLE ( TABLE t PARTITION BY k , DESCRIPTOR ( ts ) , INTERVAL '1' MINUTE ) ) \
     UNION ALL SELECT * FROM t /*+ OPTIONS ( 'a' = 'b' ) */ FOR SYSTEM_TIME AS OF t.ts AS d ;",
    "SELECT * FROM t CROSS JOIN UNNEST ( t.arr ) WITH ORDINALITY AS e ( x , n ) , LATERAL TABLE ( f ( x ) ) ;",
    "SELECT SUM ( a ) OVER ( PARTITION BY b ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW ) , \
     ROW_NUMBER ( ) OVER w FROM t WINDOW w AS ( ORDER BY ts ) QUALIFY ROW_NUMBER ( ) OVER w = 1 ;",
    "SELECT * FROM t MATCH_RECOGNIZE ( PARTITION BY k ORDER BY ts MEASURES LAST ( A.v ) AS v \
     ONE ROW PER MATCH AFTER MATCH SKIP PAST LAST ROW PATTERN ( ^ A B+ ( C | D ) { 1 , 3 } ? ) \
     DEFINE A AS A.v > PREV ( A.v ) ) AS m ;",
    "SELECT JSON_OBJECT ( KEY 'a' VALUE a NULL ON NULL ) , JSON_ARRAYAGG ( a ORDER BY a ) , \
     LISTAGG ( s ) WITHIN GROUP ( ORDER BY s ) , a > ALL ( SELECT b FROM u ) FROM t ;",
    "ANALYZE TABLE t COMPUTE STATISTICS FOR COLUMNS a ; CALL sys.f ( x => 1 ) ; DELETE FROM t WHERE a = 1 ;",
];

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize),
    Insert(usize, String),
    Replace(usize, String),
    Swap(usize, usize),
}

fn mutated() -> impl Strategy<Value = String> {
    let edit = prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), token()).prop_map(|(i, t)| Edit::Insert(i, t)),
        (any::<usize>(), token()).prop_map(|(i, t)| Edit::Replace(i, t)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
    ];
    (
        proptest::sample::select(TEMPLATES),
        proptest::collection::vec(edit, 1..6),
        any::<bool>(),
    )
        .prop_map(|(template, edits, tight)| {
            let mut parts: Vec<String> = template.split(' ').map(str::to_string).collect();
            for e in edits {
                let n = parts.len().max(1);
                match e {
                    Edit::Delete(i) if !parts.is_empty() => {
                        parts.remove(i % n);
                    }
                    Edit::Insert(i, t) => parts.insert(i % (parts.len() + 1), t),
                    Edit::Replace(i, t) if !parts.is_empty() => parts[i % n] = t,
                    Edit::Swap(i, j) if !parts.is_empty() => parts.swap(i % n, j % n),
                    _ => {}
                }
            }
            parts.join(if tight { "" } else { " " })
        })
}

// ---- properties --------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig {
        // Default 256 cases (PROPTEST_CASES overrides); no regression files outside the tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// (a) Token soup from Flink SQL's vocabulary.
    #[test]
    fn token_soup_keeps_span_invariants(text in soup()) {
        if let Err(e) = check_invariants(&text) {
            prop_assert!(false, "{e}\ninput: {text:?}");
        }
    }

    /// (b) Arbitrary strings.
    #[test]
    fn arbitrary_strings_keep_span_invariants(text in any::<String>()) {
        if let Err(e) = check_invariants(&text) {
            prop_assert!(false, "{e}\ninput: {text:?}");
        }
    }

    /// (c) Real statements with a few tokens deleted, inserted, replaced or swapped.
    #[test]
    fn mutated_statements_keep_span_invariants(text in mutated()) {
        if let Err(e) = check_invariants(&text) {
            prop_assert!(false, "{e}\ninput: {text:?}");
        }
    }

    /// (e) The lexer covers the text exactly, on soup and on arbitrary strings.
    #[test]
    fn lexer_covers_the_text(text in prop_oneof![soup(), any::<String>()]) {
        if let Err(e) = check_lex_coverage(&text) {
            prop_assert!(false, "{e}\ninput: {text:?}");
        }
    }

    /// (d) Deep nesting: bounded recursion, no stack overflow.
    #[test]
    fn deep_nesting_keeps_span_invariants(
        depth in 1usize..600,
        shape in 0usize..6,
    ) {
        let (open, inner, close) = [
            ("(", "1", ")"),
            ("ARRAY<", "INT", ">"),
            ("ROW<a ", "INT", ">"),
            ("CAST(", "x", " AS INT)"),
            ("MAP<INT, ", "INT", ">"),
            ("- ", "1", ""),
        ][shape];
        let body = format!("{}{}{}", open.repeat(depth), inner, close.repeat(depth));
        let text = if matches!(shape, 1 | 2 | 4) {
            format!("CREATE TABLE t (c {body}) WITH ('connector'='x');")
        } else {
            format!("CREATE TABLE t (c AS {body}) WITH ('connector'='x');")
        };
        if let Err(e) = check_invariants(&text) {
            prop_assert!(false, "{e}\ninput: {text:?}");
        }
    }
}

/// The templates themselves are valid and parse without a diagnostic (so the mutations start
/// from real statements).
#[test]
fn templates_parse_cleanly() {
    for t in TEMPLATES {
        let p = flinkddl_syntax::parse(t);
        assert!(p.errors.is_empty(), "{t}\n{:#?}", p.errors);
        if let Err(e) = check_invariants(t) {
            panic!("{e}\ninput: {t:?}");
        }
    }
}

/// The element of a postfix collection type covers its own nullability (a bug the fuzzer found
/// from a conformance seed).
#[test]
fn postfix_element_span_covers_its_nullability() {
    for text in [
        "CREATE TABLE t(c INT NULL ARRAY)",
        "CREATE TABLE t (c INT NOT NULL ARRAY NOT NULL) WITH ('connector'='datagen')",
        "CREATE TABLE t (c STRING NOT NULL MULTISET)",
    ] {
        let p = flinkddl_syntax::parse(text);
        let ast = serde_json::to_value(p.script()).expect("serializes");
        let r = spans::check_ast(text, &ast);
        assert!(r.is_ok(), "{}\ninput: {text:?}", r.unwrap_err());
    }
}
