//! Property tests: for any generated type `t` with a serializable string,
//! `parse(t.serializable_string()) == t` (Flink's contract between `asSerializableString` and
//! `LogicalTypeParser`), plus serde round trips and totality of printing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flinkddl_types::{
    DataType, DayTimeResolution, LogicalType, LogicalTypeRoot, RowField, TimestampKind,
    YearMonthResolution, MAX_LENGTH,
};
use proptest::prelude::*;

const RAW_SNAPSHOT: &str = "AE5vcmcuYXBhY2hlLmZsaW5rLmFwaS5jb21tb24udHlwZXV0aWxzLmJhc2UuSW50U2VyaWFsaXplciRJbnRTZXJpYWxpemVyU25hcHNob3QAAAAD";

fn length() -> impl Strategy<Value = u32> {
    prop_oneof![1u32..=10, Just(MAX_LENGTH), 1u32..=MAX_LENGTH]
}

fn leaf() -> impl Strategy<Value = LogicalType> {
    let day_time = {
        use DayTimeResolution as R;
        prop::sample::select(vec![
            R::Day,
            R::DayToHour,
            R::DayToMinute,
            R::DayToSecond,
            R::Hour,
            R::HourToMinute,
            R::HourToSecond,
            R::Minute,
            R::MinuteToSecond,
            R::Second,
        ])
    };
    prop_oneof![
        length().prop_map(|length| LogicalType::Char { length }),
        length().prop_map(|length| LogicalType::VarChar { length }),
        Just(LogicalType::Boolean),
        length().prop_map(|length| LogicalType::Binary { length }),
        length().prop_map(|length| LogicalType::VarBinary { length }),
        (1u32..=38)
            .prop_flat_map(|p| (Just(p), 0..=p))
            .prop_map(|(precision, scale)| LogicalType::Decimal { precision, scale }),
        Just(LogicalType::TinyInt),
        Just(LogicalType::SmallInt),
        Just(LogicalType::Int),
        Just(LogicalType::BigInt),
        Just(LogicalType::Float),
        Just(LogicalType::Double),
        Just(LogicalType::Date),
        (0u32..=9).prop_map(|precision| LogicalType::Time { precision }),
        (0u32..=9).prop_map(|precision| LogicalType::Timestamp {
            precision,
            kind: TimestampKind::Regular
        }),
        (0u32..=9).prop_map(|precision| LogicalType::TimestampTz { precision }),
        (0u32..=9).prop_map(|precision| LogicalType::TimestampLtz {
            precision,
            kind: TimestampKind::Regular
        }),
        prop_oneof![
            (1u32..=4).prop_map(|p| (YearMonthResolution::Year, p)),
            (1u32..=4).prop_map(|p| (YearMonthResolution::YearToMonth, p)),
            Just((YearMonthResolution::Month, 2)),
        ]
        .prop_map(
            |(resolution, year_precision)| LogicalType::IntervalYearMonth {
                resolution,
                year_precision
            }
        ),
        (day_time, 1u32..=6, 0u32..=9).prop_map(|(r, d, f)| {
            use DayTimeResolution as R;
            let d = if matches!(r, R::Day | R::DayToHour | R::DayToMinute | R::DayToSecond) {
                d
            } else {
                2
            };
            let f = if matches!(
                r,
                R::DayToSecond | R::HourToSecond | R::MinuteToSecond | R::Second
            ) {
                f
            } else {
                6
            };
            LogicalType::IntervalDayTime {
                resolution: r,
                day_precision: d,
                fractional_precision: f,
            }
        }),
        "[a-z]{1,6}(\\.[A-Z][a-z0-9$]{0,5}){0,2}".prop_map(|c| LogicalType::Raw {
            class_name: Box::new(format!("x{c}")),
            snapshot: Box::new(RAW_SNAPSHOT.to_string()),
        }),
        (0..LogicalTypeRoot::ALL.len(), ".{0,12}").prop_map(|(i, info)| LogicalType::Legacy {
            type_root: LogicalTypeRoot::ALL[i],
            type_info: info,
        }),
        Just(LogicalType::Descriptor),
        Just(LogicalType::Variant),
        Just(LogicalType::Bitmap),
    ]
}

fn field_name() -> impl Strategy<Value = String> {
    "[a-zA-Z_`' .é日\\-]{1,8}".prop_filter("not blank", |s| !s.trim().is_empty())
}

fn fields(inner: BoxedStrategy<DataType>) -> impl Strategy<Value = Vec<RowField>> {
    prop::collection::vec((field_name(), inner, prop::option::of(".{0,10}")), 0..4).prop_map(|fs| {
        let mut seen = Vec::new();
        fs.into_iter()
            .filter(|(n, _, _)| {
                let fresh = !seen.contains(n);
                seen.push(n.clone());
                fresh
            })
            .map(|(name, data_type, description)| RowField {
                name: name.into(),
                data_type,
                description: description.map(String::into_boxed_str),
            })
            .collect()
    })
}

fn with_nullability(logical: LogicalType, nullable: bool) -> DataType {
    let nullable = nullable || matches!(logical, LogicalType::Null);
    DataType { nullable, logical }
}

fn data_type() -> impl Strategy<Value = DataType> {
    let leaf = prop_oneof![
        9 => (leaf(), any::<bool>()).prop_map(|(l, n)| with_nullability(l, n)),
        1 => Just(DataType::null()),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        let boxed = inner.clone().boxed();
        prop_oneof![
            (inner.clone(), any::<bool>())
                .prop_map(|(e, n)| DataType::array(e).with_nullability(n)),
            (inner.clone(), any::<bool>())
                .prop_map(|(e, n)| DataType::multiset(e).with_nullability(n)),
            (inner.clone(), inner.clone(), any::<bool>())
                .prop_map(|(k, v, n)| DataType::map(k, v).with_nullability(n)),
            (fields(boxed.clone()), any::<bool>())
                .prop_map(|(f, n)| DataType::row(f).with_nullability(n)),
            (
                "[a-z]{1,5}(\\.[A-Z][a-zA-Z0-9]{0,5}){0,2}",
                fields(boxed),
                any::<bool>()
            )
                .prop_map(|(c, attributes, n)| {
                    DataType::new(LogicalType::Structured {
                        class_name: Box::new(format!("q{c}")),
                        attributes: Box::new(attributes),
                    })
                    .with_nullability(n)
                }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn serializable_string_parses_back(t in data_type()) {
        prop_assert!(t.validate().is_ok(), "generated an invalid type: {:?}", t.validate());
        let s = t.serializable_string().expect("generated types are serializable");
        let back: DataType = s.parse().map_err(|e| TestCaseError::fail(format!("{s}: {e}")))?;
        prop_assert_eq!(&back, &t, "{}", s);
        prop_assert_eq!(back.serializable_string().unwrap(), s);
    }

    #[test]
    fn serde_json_round_trip(t in data_type()) {
        let json = serde_json::to_string(&t).unwrap();
        let back: DataType = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, t);
    }

    #[test]
    fn printing_is_total(t in data_type(), rowtime in any::<bool>()) {
        let kind = if rowtime { TimestampKind::Rowtime } else { TimestampKind::Proctime };
        let marked = t.clone().with_timestamp_kind(kind);
        let summary = marked.summary_string();
        prop_assert!(!summary.is_empty());
        // the kind never shows in serializable strings and never affects Flink equality
        prop_assert_eq!(marked.serializable_string(), t.serializable_string());
        prop_assert!(marked.logically_equals(&t));
    }

    #[test]
    fn parser_never_panics(s in "\\PC{0,40}") {
        let _ = s.parse::<DataType>();
    }
}
