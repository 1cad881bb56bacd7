//! Flink's printed forms of a table: the DESCRIBE tableau (`TableResult.print()`), the
//! SHOW CREATE TABLE text (`ShowCreateUtil`) and the summary strings of columns, watermarks,
//! keys and distributions.

use crate::expr::summary_sql;
use crate::schema::*;
use flinkddl_diagnostics::{Feature, FlinkVersion};
use flinkddl_types::DataType;

/// `DataType.toString()` of a column type: the summary string with `NOT NULL` and markers.
pub fn type_summary(t: &DataType) -> String {
    t.summary_string()
}

/// The summary of the type with top-level nullability removed (DESCRIBE's type column).
fn describe_type(t: &DataType) -> String {
    t.clone().nullable().summary_string()
}

/// `Column.explainExtras()`: `AS expr`, `METADATA [FROM 'k'] [VIRTUAL]`, or nothing.
pub fn column_extras(c: &Column) -> Option<String> {
    match &c.kind {
        ColumnKind::Physical => None,
        ColumnKind::Computed(computed) => Some(format!("AS {}", summary_sql(&computed.expr))),
        ColumnKind::Metadata(metadata) => {
            let mut s = String::from("METADATA");
            if let Some(k) = &metadata.key {
                s.push_str(" FROM ");
                s.push_str(&quote_string(k));
            }
            if metadata.is_virtual {
                s.push_str(" VIRTUAL");
            }
            Some(s)
        }
    }
}

/// `Column.asSummaryString()`: `` `name` TYPE [extras] [COMMENT '...'] ``, `comment` the
/// column's ([`TableSchema::column_comment`]).
pub fn column_summary(c: &Column, comment: Option<&str>) -> String {
    let mut s = format!("{} {}", quote_ident(&c.name), type_summary(&c.data_type));
    if let Some(e) = column_extras(c) {
        s.push(' ');
        s.push_str(&e);
    }
    if let Some(comment) = comment {
        s.push_str(" COMMENT ");
        s.push_str(&quote_string(comment));
    }
    s
}

pub fn primary_key_summary(pk: &PrimaryKey) -> String {
    format!(
        "CONSTRAINT {} PRIMARY KEY ({}) NOT ENFORCED",
        quote_ident(&pk.name),
        quote_ident_list(&pk.columns)
    )
}

/// `TableDistribution.toString()`-style summary as SHOW CREATE prints it.
pub fn distribution_summary(d: &Distribution) -> String {
    let keys = || quote_ident_list(&d.bucket_keys);
    let mut s = String::from("DISTRIBUTED");
    match d.kind {
        DistributionKind::Hash => s.push_str(&format!(" BY HASH({})", keys())),
        DistributionKind::Range => s.push_str(&format!(" BY RANGE({})", keys())),
        DistributionKind::Unknown if !d.bucket_keys.is_empty() => {
            s.push_str(&format!(" BY ({})", keys()))
        }
        DistributionKind::Unknown => {}
    }
    if let Some(n) = d.bucket_count {
        s.push_str(&format!(" INTO {n} BUCKETS"));
    }
    s
}

pub fn watermark_summary(w: &WatermarkSpec) -> String {
    let ty = w
        .expr_type
        .as_ref()
        .map(type_summary)
        .unwrap_or_else(|| "?".to_string());
    format!(
        "WATERMARK FOR {}: {} AS {}",
        quote_ident(&w.rowtime),
        ty,
        summary_sql(&w.expr)
    )
}

/// `ResolvedSchema.toString()`.
pub fn schema_summary(t: &TableSchema) -> String {
    let mut parts: Vec<String> = t
        .columns_with_comments()
        .map(|(c, comment)| column_summary(c, comment))
        .collect();
    parts.extend(t.watermarks.iter().map(watermark_summary));
    if let Some(pk) = &t.primary_key {
        parts.push(primary_key_summary(pk));
    }
    if parts.is_empty() {
        return "(\n\n)".to_string();
    }
    format!("(\n  {}\n)", parts.join(",\n  "))
}

/// The DESCRIBE result rows (name, type, null, key, extras, watermark, comment).
pub fn describe_rows(t: &TableSchema) -> Vec<[Option<String>; 7]> {
    let pk = t
        .primary_key
        .as_ref()
        .map(|pk| format!("PRI({})", pk.columns.join(", ")));
    t.columns_with_comments()
        .map(|(c, comment)| {
            let is_key = t
                .primary_key
                .as_ref()
                .is_some_and(|pk| pk.columns.iter().any(|k| *k == c.name));
            let watermark = t
                .watermarks
                .iter()
                .find(|w| w.rowtime == c.name)
                .map(|w| summary_sql(&w.expr).into_owned());
            [
                Some(c.name.to_string()),
                Some(describe_type(&c.data_type)),
                Some(
                    if c.data_type.nullable {
                        "TRUE"
                    } else {
                        "FALSE"
                    }
                    .to_string(),
                ),
                if is_key { pk.clone() } else { None },
                column_extras(c),
                watermark,
                comment.map(str::to_owned),
            ]
        })
        .collect()
}

/// The DESCRIBE tableau exactly as `TableResult.print()` writes it.
pub fn describe_tableau(t: &TableSchema) -> String {
    let with_comment = !t.column_comments.is_empty();
    let headers: Vec<&str> = if with_comment {
        vec![
            "name",
            "type",
            "null",
            "key",
            "extras",
            "watermark",
            "comment",
        ]
    } else {
        vec!["name", "type", "null", "key", "extras", "watermark"]
    };
    let rows: Vec<Vec<String>> = describe_rows(t)
        .into_iter()
        .map(|r| {
            r.into_iter()
                .take(headers.len())
                .map(Option::unwrap_or_default)
                .collect()
        })
        .collect();
    tableau(&headers, &rows)
}

/// Flink's tableau: right-aligned cells, widths from the content, then "N rows in set".
pub fn tableau(headers: &[&str], rows: &[Vec<String>]) -> String {
    if rows.is_empty() {
        return "Empty set\n".to_string();
    }
    let mut widths: Vec<usize> = headers.iter().map(|h| display_width(h)).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(display_width(cell));
        }
    }
    let border = {
        let mut s = String::from("+");
        for w in &widths {
            s.push_str(&"-".repeat(w + 2));
            s.push('+');
        }
        s.push('\n');
        s
    };
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut s = String::from("|");
        for (w, cell) in widths.iter().zip(cells) {
            s.push(' ');
            s.push_str(&" ".repeat(w - display_width(cell)));
            s.push_str(cell);
            s.push_str(" |");
        }
        s.push('\n');
        s
    };
    let mut out = String::new();
    out.push_str(&border);
    out.push_str(&line(&mut headers.iter().copied()));
    out.push_str(&border);
    for row in rows {
        out.push_str(&line(&mut row.iter().map(String::as_str)));
    }
    out.push_str(&border);
    if rows.len() == 1 {
        out.push_str("1 row in set\n");
    } else {
        out.push_str(&format!("{} rows in set\n", rows.len()));
    }
    out
}

/// Columns a string takes in a terminal, as Flink's `PrintUtils` counts them: East Asian wide
/// and full-width characters take two.
pub fn display_width(s: &str) -> usize {
    s.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6 | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD)
}

/// The bucket of `key` in a `java.util.HashMap` of `capacity` buckets: `String.hashCode`,
/// spread as `HashMap.hash` does. A HashMap iterates by bucket, and within a bucket in the
/// order the entries came (checked on every labelled case).
pub(crate) fn java_bucket(key: &str, capacity: usize) -> usize {
    let h = key.encode_utf16().fold(0u32, |h, unit| {
        h.wrapping_mul(31).wrapping_add(u32::from(unit))
    });
    (h ^ (h >> 16)) as usize & (capacity - 1)
}

/// Puts `options` (in the order they were written) in the order of a `java.util.HashMap`
/// filled in that order, as Flink 1.x's converter fills a table's options: 16 buckets,
/// doubled while more than three quarters are used.
pub(crate) fn java_filled_order<T>(options: &mut [T], key: impl Fn(&T) -> &str) {
    let n = options.len();
    let mut filled: usize = 16;
    while n * 4 > filled * 3 {
        filled *= 2;
    }
    // A stable sort keeps the earlier order within a bucket.
    options.sort_by_key(|o| java_bucket(key(o), filled));
}

/// Puts `options` (in a map's order) in the order of its copy (`new HashMap<>(map)`), as
/// Flink 1.x's catalog stores a table: `tableSizeFor((int) (n / 0.75f + 1))` buckets.
pub(crate) fn java_copied_order<T>(options: &mut [T], key: impl Fn(&T) -> &str) {
    let n = options.len();
    let copied = ((n as f32 / 0.75 + 1.0) as usize).next_power_of_two();
    options.sort_by_key(|o| java_bucket(key(o), copied));
}

/// SHOW CREATE TABLE, or `None` where Flink cannot print one (a type without a serializable
/// string, such as CHAR(0)).
pub fn show_create(t: &TableSchema) -> Option<String> {
    show_create_in(t, FlinkVersion::LATEST)
}

/// [`show_create`] as `version` prints it: before 2.0 the first clause after the columns
/// follows their `)` on the same line, and the options keep their written order.
pub fn show_create_in(t: &TableSchema, version: FlinkVersion) -> Option<String> {
    let clauses_on_own_lines = version.has(Feature::ShowCreateClauseLines);
    let mut lines: Vec<String> = Vec::new();
    for (c, comment) in t.columns_with_comments() {
        let mut s = quote_ident(&c.name);
        match &c.kind {
            ColumnKind::Computed(computed) => {
                s.push_str(" AS ");
                s.push_str(&summary_sql(&computed.expr));
            }
            _ => {
                s.push(' ');
                s.push_str(&c.data_type.try_serializable_string()?);
                if let Some(e) = column_extras(c) {
                    s.push(' ');
                    s.push_str(&e);
                }
            }
        }
        // SHOW CREATE omits an empty comment (DESCRIBE still shows the column).
        if let Some(comment) = comment.filter(|c| !c.is_empty()) {
            s.push_str(" COMMENT ");
            s.push_str(&quote_string(comment));
        }
        lines.push(s);
    }
    for w in &t.watermarks {
        lines.push(format!(
            "WATERMARK FOR {} AS {}",
            quote_ident(&w.rowtime),
            summary_sql(&w.expr)
        ));
    }
    if let Some(pk) = &t.primary_key {
        lines.push(primary_key_summary(pk));
    }
    let mut out = format!(
        "CREATE {}TABLE {} (\n",
        if t.temporary { "TEMPORARY " } else { "" },
        t.identifier()
    );
    out.push_str(
        &lines
            .iter()
            .map(|l| format!("  {l}"))
            .collect::<Vec<_>>()
            .join(",\n"),
    );
    out.push_str("\n)");
    // Where the first clause goes; after it, every clause has its own line.
    let mut first = Some(if clauses_on_own_lines { "\n" } else { " " });
    let mut clause = |out: &mut String| out.push_str(first.take().unwrap_or(""));
    if !t.comment.is_empty() {
        clause(&mut out);
        out.push_str(&format!("COMMENT {}\n", quote_string(&t.comment)));
    }
    if let Some(d) = &t.distribution {
        clause(&mut out);
        out.push_str(&distribution_summary(d));
        out.push('\n');
    }
    if !t.partition_keys.is_empty() {
        clause(&mut out);
        out.push_str(&format!(
            "PARTITIONED BY ({})\n",
            quote_ident_list(&t.partition_keys)
        ));
    }
    if !t.options.is_empty() {
        clause(&mut out);
        out.push_str("WITH (\n");
        // Flink prints the options sorted by key (Java `String.compareTo`: UTF-16 units).
        let mut sorted: Vec<&OptionPair> = t.options.iter().collect();
        if version.has(Feature::ShowCreateSortedOptions) {
            sorted.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
        } else {
            // The stored order is the map's the converter built (`crate::versions`); the
            // catalog holds a copy of it.
            java_copied_order(&mut sorted, |o| o.0.as_str());
        }
        let body: Vec<String> = sorted
            .iter()
            .map(|(k, v)| format!("  {} = {}", quote_string(k), quote_string(v)))
            .collect();
        out.push_str(&body.join(",\n"));
        out.push_str("\n)");
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Some(out)
}
