//! Focused tests of the public API: printing, parsing errors, DDL rules and spans, relations,
//! mappings and serde shapes. Every expected string here was observed on Flink 2.3.0.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arrow_schema::{DataType as Arrow, TimeUnit};
use flinkddl_diagnostics::Span;
use flinkddl_types::ddl::{DdlParam, DdlStage, DdlType, DdlTypeKind};
use flinkddl_types::merging::{
    find_division_decimal_type, find_multiplication_decimal_type, propagate_nullability,
};
use flinkddl_types::{
    arithmetic_result_type, find_common_type, resolve_builtin, resolve_ddl, supports_explicit_cast,
    supports_implicit_cast, ArithmeticOp, DataType, DdlBuiltin, LogicalTypeRoot, ParseTypeError,
    RowField, TimestampKind, TypeError,
};

fn t(s: &str) -> DataType {
    s.parse().unwrap()
}

#[test]
fn summary_and_serializable_strings() {
    let cases = [
        ("STRING", "STRING", "VARCHAR(2147483647)"),
        (
            "BYTES NOT NULL",
            "BYTES NOT NULL",
            "VARBINARY(2147483647) NOT NULL",
        ),
        (
            "TIMESTAMP(3) WITH LOCAL TIME ZONE",
            "TIMESTAMP_LTZ(3)",
            "TIMESTAMP(3) WITH LOCAL TIME ZONE",
        ),
        ("DEC(10,2)", "DECIMAL(10, 2)", "DECIMAL(10, 2)"),
        (
            "ROW<f0 INT NOT NULL 'it''s', `f``1` STRING>",
            "ROW<`f0` INT NOT NULL '...', `f``1` STRING>",
            "ROW<`f0` INT NOT NULL 'it''s', `f``1` VARCHAR(2147483647)>",
        ),
        (
            "INTERVAL DAY TO SECOND(3)",
            "INTERVAL DAY(2) TO SECOND(3)",
            "INTERVAL DAY(2) TO SECOND(3)",
        ),
        (
            "INT ARRAY NOT NULL",
            "ARRAY<INT> NOT NULL",
            "ARRAY<INT> NOT NULL",
        ),
    ];
    for (input, summary, serializable) in cases {
        let ty = t(input);
        assert_eq!(ty.summary_string(), summary, "{input}");
        assert_eq!(ty.to_string(), summary, "{input}");
        assert_eq!(ty.serializable_string().unwrap(), serializable, "{input}");
    }
}

#[test]
fn time_attributes_print_after_not_null_and_only_in_summaries() {
    let rowtime = DataType::timestamp(3)
        .not_null()
        .with_timestamp_kind(TimestampKind::Rowtime);
    assert_eq!(rowtime.summary_string(), "TIMESTAMP(3) NOT NULL *ROWTIME*");
    assert_eq!(
        rowtime.serializable_string().unwrap(),
        "TIMESTAMP(3) NOT NULL"
    );
    let proctime = DataType::timestamp_ltz(3)
        .not_null()
        .with_timestamp_kind(TimestampKind::Proctime);
    assert_eq!(
        proctime.summary_string(),
        "TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*"
    );
    assert!(proctime.logically_equals(&DataType::timestamp_ltz(3).not_null()));
    assert_ne!(proctime, DataType::timestamp_ltz(3).not_null());
    // Flink's TimestampType refuses PROCTIME
    assert_eq!(
        DataType::timestamp(3)
            .with_timestamp_kind(TimestampKind::Proctime)
            .validate(),
        Err(TypeError::ProctimeTimestamp)
    );
}

#[test]
fn zero_length_strings_have_no_serializable_string() {
    let c = DataType::char(0);
    assert_eq!(c.summary_string(), "CHAR(0)");
    assert_eq!(
        c.serializable_string().unwrap_err().to_string(),
        "Zero-length character strings have no serializable string representation."
    );
    assert_eq!(
        DataType::varbinary(0).serializable_string().unwrap_err(),
        TypeError::ZeroLengthBinaryNotSerializable
    );
    assert_eq!(
        DataType::array(DataType::binary(0)).try_serializable_string(),
        None
    );
}

#[test]
fn parser_defaults_differ_from_ddl() {
    assert_eq!(t("VARCHAR").summary_string(), "VARCHAR(1)");
    assert_eq!(t("VARBINARY").summary_string(), "VARBINARY(1)");
    assert_eq!(t("TIMESTAMP").summary_string(), "TIMESTAMP(6)");
    assert_eq!(t("TIME(9)").summary_string(), "TIME(9)");
    let span = Span::new(0, 7);
    assert_eq!(
        resolve_builtin(DdlBuiltin::Varchar, span, &[])
            .unwrap()
            .summary_string(),
        "STRING"
    );
    assert_eq!(
        resolve_builtin(DdlBuiltin::Time, span, &[DdlParam::new(9, span)])
            .unwrap()
            .summary_string(),
        "TIME(3)"
    );
}

#[test]
fn parse_errors_have_flinks_shape_and_position() {
    let e = "ROW<a INT,>".parse::<DataType>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "Could not parse type at position 10: <IDENTIFIER> expected but was <END_SUBTYPE>.\n Input type string: ROW<a INT,>"
    );
    assert_eq!(e.position(), 10);
    let e = "DECIMAL(5, 6)".parse::<DataType>().unwrap_err();
    assert!(matches!(
        e,
        ParseTypeError::Invalid {
            error: TypeError::DecimalScale { precision: 5 },
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "Decimal scale must be between 0 and the precision 5 (both inclusive)."
    );
    // positions count UTF-16 code units, as Java does
    let e = "ROW<`𝄞` INT,>".parse::<DataType>().unwrap_err();
    assert_eq!(e.position(), 13);
}

fn builtin(name: DdlBuiltin, params: &[(u64, u32, u32)]) -> DdlType {
    DdlType {
        span: Span::new(0, 20),
        kind: DdlTypeKind::Builtin {
            name,
            name_span: Span::new(0, 7),
            params: params
                .iter()
                .map(|(v, a, b)| DdlParam::new(*v, Span::new(*a, *b)))
                .collect(),
        },
        not_null: None,
    }
}

#[test]
fn ddl_decimal_clamps_then_checks_on_the_parameter_span() {
    let ok = resolve_ddl(&builtin(DdlBuiltin::Decimal, &[(39, 8, 10), (2, 12, 13)])).unwrap();
    assert_eq!(ok.summary_string(), "DECIMAL(38, 2)");
    let e = resolve_ddl(&builtin(DdlBuiltin::Decimal, &[(3, 8, 9), (5, 11, 12)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Decimal scale must be between 0 and the precision 3 (both inclusive)."
    );
    assert_eq!(e.span, Span::new(11, 12));
    assert_eq!(e.stage(), DdlStage::Validate);
    let e = resolve_ddl(&builtin(DdlBuiltin::Decimal, &[(0, 8, 9)])).unwrap_err();
    assert_eq!(e.error, TypeError::DecimalPrecision);
    assert_eq!(e.span, Span::new(8, 9));
    let e = resolve_ddl(&builtin(DdlBuiltin::Varchar, &[(2147483648, 8, 18)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Literal '2147483648' can not be parsed to type 'java.lang.Integer'"
    );
    assert_eq!(e.stage(), DdlStage::Parse);
}

#[test]
fn ddl_rows_drop_comments_and_reject_duplicates_at_the_second_name() {
    let field = |name: &str, at: u32| flinkddl_types::ddl::DdlField {
        span: Span::new(at, at + 5),
        name: name.into(),
        name_span: Span::new(at, at + 1),
        data_type: builtin(DdlBuiltin::Integer, &[]),
        comment: Some("c".into()),
    };
    let row = |fields| DdlType {
        span: Span::new(0, 30),
        kind: DdlTypeKind::Row { fields },
        not_null: Some(true),
    };
    let ok = resolve_ddl(&row(vec![field("a", 4), field("A", 12)])).unwrap();
    assert_eq!(ok.summary_string(), "ROW<`a` INT, `A` INT> NOT NULL");
    let e = resolve_ddl(&row(vec![field("a", 4), field("a", 12)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Field names must be unique. Found duplicates: [a]"
    );
    assert_eq!(e.span, Span::new(12, 13));
}

#[test]
fn ddl_unknown_and_unsupported_types() {
    let udt = DdlType {
        span: Span::new(0, 9),
        kind: DdlTypeKind::UserDefined {
            parts: vec!["db".into(), "MyType".into()],
            span: Span::new(0, 9),
        },
        not_null: None,
    };
    let e = resolve_ddl(&udt).unwrap_err();
    assert_eq!(e.to_string(), "Unknown identifier 'db.MyType'");
    assert!(e.flink_reports_position());
    let e = resolve_ddl(&builtin(DdlBuiltin::Real, &[])).unwrap_err();
    assert_eq!(e.to_string(), "Type is not supported: REAL");
}

#[test]
fn ddl_through_the_syntax_crate() {
    let sql = "CREATE TABLE t (c DECIMAL(3, 5))";
    let parse = flinkddl_syntax::parse(sql);
    assert!(parse.is_ok());
    let flinkddl_syntax::ast::StatementKind::CreateTable(ct) = &parse.script().statements[0].kind
    else {
        panic!("not a CREATE TABLE");
    };
    let flinkddl_syntax::ast::TableElement::Column(col) = &ct.elements.as_ref().unwrap().items[0]
    else {
        panic!("not a column");
    };
    let flinkddl_syntax::ast::ColumnKind::Physical { data_type, .. } = &col.kind else {
        panic!("not physical");
    };
    let e = flinkddl_types::resolve_ddl_type(data_type).unwrap_err();
    assert_eq!(&sql[e.span.start as usize..e.span.end as usize], "5");
}

#[test]
fn casts_and_common_types() {
    assert!(supports_implicit_cast(&t("INT"), &t("BIGINT")));
    assert!(!supports_implicit_cast(&t("BIGINT"), &t("INT")));
    assert!(supports_explicit_cast(&t("BIGINT"), &t("INT")));
    // nullable into NOT NULL: only explicitly
    assert!(!supports_implicit_cast(&t("INT"), &t("INT NOT NULL")));
    assert!(supports_explicit_cast(&t("INT"), &t("INT NOT NULL")));
    assert!(supports_explicit_cast(&t("ARRAY<INT>"), &t("STRING")));
    assert!(supports_explicit_cast(&t("BITMAP"), &t("BYTES")));
    assert!(!supports_explicit_cast(&t("BITMAP"), &t("VARBINARY(10)")));
    let common = find_common_type(&[t("INT"), t("BIGINT"), t("DECIMAL(2, 2)")]).unwrap();
    assert_eq!(common.summary_string(), "DECIMAL(21, 2)");
    let common = find_common_type(&[t("CHAR(3)"), t("CHAR(5) NOT NULL")]).unwrap();
    assert_eq!(common.summary_string(), "VARCHAR(5)");
    assert_eq!(find_common_type(&[t("INT"), t("STRING")]), None);
    assert_eq!(find_common_type(&[t("NULL")]), None);
}

#[test]
fn arithmetic_follows_flink_sql() {
    let lit_1_5 = DataType::decimal(2, 1).not_null();
    let r = arithmetic_result_type(ArithmeticOp::Multiply, &t("INT"), &lit_1_5).unwrap();
    assert_eq!(r.summary_string(), "DECIMAL(13, 1)");
    let r = arithmetic_result_type(ArithmeticOp::Divide, &t("DECIMAL(10, 2)"), &t("INT")).unwrap();
    assert_eq!(r.summary_string(), "DECIMAL(21, 13)");
    let r = arithmetic_result_type(ArithmeticOp::Plus, &t("TINYINT"), &t("INT NOT NULL")).unwrap();
    assert_eq!(r.summary_string(), "INT");
    assert_eq!(
        arithmetic_result_type(ArithmeticOp::Mod, &t("INT"), &t("DOUBLE")),
        None
    );
    assert_eq!(
        find_division_decimal_type(38, 0, 3, 0).summary_string(),
        "DECIMAL(38, 6) NOT NULL"
    );
    assert_eq!(
        find_multiplication_decimal_type(20, 18, 20, 18).summary_string(),
        "DECIMAL(38, 33) NOT NULL"
    );
    let r = propagate_nullability(
        DataType::boolean(),
        [&t("INT NOT NULL"), &t("STRING NOT NULL")],
    );
    assert!(!r.nullable);
}

#[test]
fn mappings() {
    let cases = [
        ("INT NOT NULL", "java.lang.Integer", "i32"),
        ("INT", "java.lang.Integer", "Option<i32>"),
        ("BOOLEAN NOT NULL", "java.lang.Boolean", "bool"),
        ("STRING", "java.lang.String", "Option<String>"),
        ("BYTES NOT NULL", "[B", "Vec<u8>"),
        (
            "DECIMAL(10, 2) NOT NULL",
            "java.math.BigDecimal",
            "rust_decimal::Decimal",
        ),
        (
            "TIMESTAMP(3)",
            "java.time.LocalDateTime",
            "Option<chrono::NaiveDateTime>",
        ),
        (
            "TIMESTAMP_LTZ(3) NOT NULL",
            "java.time.Instant",
            "chrono::DateTime<chrono::Utc>",
        ),
        (
            "ARRAY<INT NOT NULL> NOT NULL",
            "[Ljava.lang.Integer;",
            "Vec<i32>",
        ),
        ("ARRAY<BYTES>", "[[B", "Option<Vec<Option<Vec<u8>>>>"),
        (
            "MAP<STRING NOT NULL, BIGINT> NOT NULL",
            "java.util.Map",
            "std::collections::HashMap<String, Option<i64>>",
        ),
        (
            "ROW<a INT NOT NULL, b STRING> NOT NULL",
            "org.apache.flink.types.Row",
            "(i32, Option<String>)",
        ),
    ];
    for (input, java, rust) in cases {
        let ty = t(input);
        assert_eq!(ty.java_conversion_class().as_deref(), Some(java), "{input}");
        assert_eq!(ty.rust_type_name().as_deref(), Some(rust), "{input}");
    }
    assert_eq!(
        t("DECIMAL(10, 2)").to_arrow(),
        Some(Arrow::Decimal128(10, 2))
    );
    assert_eq!(
        t("TIMESTAMP(9)").to_arrow(),
        Some(Arrow::Timestamp(TimeUnit::Nanosecond, None))
    );
    let f = t("ARRAY<INT NOT NULL>").to_arrow_field("xs").unwrap();
    assert!(f.is_nullable());
    let Arrow::List(inner) = f.data_type() else {
        panic!("not a list");
    };
    assert!(!inner.is_nullable());
    assert_eq!(t("TIMESTAMP(3) WITH TIME ZONE").to_arrow(), None);
}

#[test]
fn roots_and_serde_shape() {
    assert_eq!(t("INT").type_root(), LogicalTypeRoot::Integer);
    assert_eq!(t("INT").type_root().as_str(), "INTEGER");
    assert_eq!(
        t("TIMESTAMP_LTZ").type_root().to_string(),
        "TIMESTAMP_WITH_LOCAL_TIME_ZONE"
    );
    assert_eq!(t("INTERVAL DAY").type_root().as_str(), "INTERVAL_DAY_TIME");
    let json = serde_json::to_value(t("ROW<a DECIMAL(10, 2) NOT NULL>")).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "nullable": true,
            "root": "ROW",
            "fields": [{
                "name": "a",
                "data_type": {"nullable": false, "root": "DECIMAL", "precision": 10, "scale": 2}
            }]
        })
    );
    let rowtime = DataType::timestamp(3).with_timestamp_kind(TimestampKind::Rowtime);
    let json = serde_json::to_value(&rowtime).unwrap();
    assert_eq!(json["kind"], "ROWTIME");
    let field = RowField::with_description("x", DataType::int(), "d");
    assert_eq!(serde_json::to_value(&field).unwrap()["description"], "d");
    // A field's name is held inline up to 24 bytes, on the heap past that: a string either way.
    let long = t("ROW<a_field_name_longer_than_24_bytes INT>");
    let json = serde_json::to_value(&long).unwrap();
    assert_eq!(
        json["fields"][0]["name"],
        "a_field_name_longer_than_24_bytes"
    );
    assert_eq!(serde_json::from_value::<DataType>(json).unwrap(), long);
}

#[test]
fn interval_cast_targets_take_the_planner_representation() {
    // Observed: CAST(INTERVAL '2' DAY AS INTERVAL HOUR) is INTERVAL SECOND(3) NOT NULL and
    // CAST(INTERVAL '1' YEAR AS INTERVAL YEAR TO MONTH) is INTERVAL MONTH NOT NULL.
    let interval = |year_month| DdlType {
        span: Span::new(0, 8),
        kind: DdlTypeKind::Interval { year_month },
        not_null: None,
    };
    assert_eq!(
        resolve_ddl(&interval(false)).unwrap().summary_string(),
        "INTERVAL SECOND(3)"
    );
    assert_eq!(
        resolve_ddl(&interval(true)).unwrap().summary_string(),
        "INTERVAL MONTH"
    );
}
