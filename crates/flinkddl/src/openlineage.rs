//! OpenLineage run events (spec 2-0-2) from column lineage: one event per job ([`jobs`]), its
//! input and output datasets, and on each output the `columnLineage` facet (a copied value is
//! `DIRECT`/`IDENTITY`, a computed one `DIRECT`/`TRANSFORMATION`). `docs/lineage.md` gives the
//! naming conventions; `crates/cli/tests/openlineage.rs` validates the events against
//! OpenLineage's published JSON schemas (`fixtures/openlineage/schema/`).
//!
//! No clock and no randomness here: the caller gives the event time, and the run id is derived
//! from it and the job, so that the same input gives the same events.

use crate::lineage::{jobs, table_at, JobLineage, SinkColumn};
use crate::Analysis;
use flinkddl_binder::schema::TableSchema;
use flinkddl_syntax::ast::StatementKind;
use serde::Serialize;
use std::collections::BTreeMap;

const EVENT_SCHEMA: &str = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent";
const COLUMN_LINEAGE_SCHEMA: &str = "https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet";
const SCHEMA_SCHEMA: &str =
    "https://openlineage.io/spec/facets/1-2-0/SchemaDatasetFacet.json#/$defs/SchemaDatasetFacet";
const SYMLINKS_SCHEMA: &str = "https://openlineage.io/spec/facets/1-0-1/SymlinksDatasetFacet.json#/$defs/SymlinksDatasetFacet";
const SQL_SCHEMA: &str =
    "https://openlineage.io/spec/facets/1-1-0/SQLJobFacet.json#/$defs/SQLJobFacet";
const JOB_TYPE_SCHEMA: &str =
    "https://openlineage.io/spec/facets/2-0-4/JobTypeJobFacet.json#/$defs/JobTypeJobFacet";
const ENGINE_SCHEMA: &str = "https://openlineage.io/spec/facets/1-1-1/ProcessingEngineRunFacet.json#/$defs/ProcessingEngineRunFacet";

/// The project has no public URL yet; a URN names the producer and its version without
/// pointing anywhere made up.
pub const PRODUCER: &str = concat!("urn:flinkddl:", env!("CARGO_PKG_VERSION"));

/// The namespace of a table whose connector does not say where its data lives: the session's
/// catalog, as Flink names the table (`catalog.database.table`).
pub const CATALOG_NAMESPACE: &str = "flink";

/// The Flink version flinkddl judges as (its processing-engine facet).
const FLINK_VERSION: &str = "2.3";

/// How to write the events.
#[derive(Debug, Clone, Copy)]
pub struct EventOptions<'a> {
    /// The jobs' namespace (`--job-namespace`).
    pub job_namespace: &'a str,
    /// RFC 3339, e.g. [`rfc3339_now`].
    pub event_time: &'a str,
    /// The script's name (a file): it tells apart the run ids of two scripts' jobs.
    pub source: &'a str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunEvent {
    pub event_time: String,
    pub producer: &'static str,
    #[serde(rename = "schemaURL")]
    pub schema_url: &'static str,
    /// `COMPLETE`: the events describe the job as written; the "run" is flinkddl's reading
    /// of it (consumers such as Marquez draw lineage from complete runs).
    pub event_type: &'static str,
    pub run: Run,
    pub job: Job,
    pub inputs: Vec<Dataset>,
    pub outputs: Vec<Dataset>,
}

/// Every facet's `_producer` and `_schemaURL`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FacetBase {
    #[serde(rename = "_producer")]
    pub producer: &'static str,
    #[serde(rename = "_schemaURL")]
    pub schema_url: &'static str,
}

fn base(schema_url: &'static str) -> FacetBase {
    FacetBase {
        producer: PRODUCER,
        schema_url,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    pub run_id: String,
    pub facets: RunFacets,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunFacets {
    pub processing_engine: ProcessingEngineFacet,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProcessingEngineFacet {
    #[serde(flatten)]
    pub base: FacetBase,
    pub version: &'static str,
    pub name: &'static str,
    pub openlineage_adapter_version: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Job {
    pub namespace: String,
    pub name: String,
    pub facets: JobFacets,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JobFacets {
    pub job_type: JobTypeFacet,
    pub sql: SqlFacet,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JobTypeFacet {
    #[serde(flatten)]
    pub base: FacetBase,
    /// `STREAMING`, or `BATCH` after `SET 'execution.runtime-mode' = 'batch'`.
    pub processing_type: &'static str,
    pub integration: &'static str,
    pub job_type: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SqlFacet {
    #[serde(flatten)]
    pub base: FacetBase,
    /// The job's statements as written.
    pub query: String,
    pub dialect: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dataset {
    pub namespace: String,
    pub name: String,
    pub facets: DatasetFacets,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DatasetFacets {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema: Option<SchemaFacet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symlinks: Option<SymlinksFacet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column_lineage: Option<ColumnLineageFacet>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SchemaFacet {
    #[serde(flatten)]
    pub base: FacetBase,
    pub fields: Vec<SchemaField>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SchemaField {
    pub name: String,
    /// Flink's type as `DESCRIBE` prints it; absent when the table is not in the script.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub data_type: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SymlinksFacet {
    #[serde(flatten)]
    pub base: FacetBase,
    pub identifiers: Vec<Symlink>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Symlink {
    pub namespace: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ColumnLineageFacet {
    #[serde(flatten)]
    pub base: FacetBase,
    /// Sink column -> the input columns its value comes from. A column with no source column
    /// (a literal, a column an INSERT leaves out) or one flinkddl does not follow is absent.
    pub fields: BTreeMap<String, FieldLineage>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldLineage {
    pub input_fields: Vec<InputField>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InputField {
    pub namespace: String,
    pub name: String,
    pub field: String,
    pub transformations: Vec<Transformation>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Transformation {
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// `IDENTITY` (copied as it is) or `TRANSFORMATION` (computed from the column).
    pub subtype: &'static str,
    pub masking: bool,
}

/// The run events of every job of `analysis` (which must have recorded the semantic model).
pub fn events(analysis: &Analysis, options: &EventOptions) -> Vec<RunEvent> {
    jobs(analysis)
        .iter()
        .enumerate()
        .map(|(i, job)| event(analysis, options, i, job))
        .collect()
}

fn event(
    analysis: &Analysis,
    options: &EventOptions,
    ordinal: usize,
    job: &JobLineage,
) -> RunEvent {
    let session = Session::before(analysis, job.last);
    let name = session
        .pipeline_name
        .clone()
        .unwrap_or_else(|| default_job_name(job));
    let mut inputs: Vec<Dataset> = Vec::new();
    let mut read: Vec<&str> = Vec::new();
    let mut outputs: Vec<Dataset> = Vec::new();
    for sink in &job.sinks {
        for path in &sink.reads {
            if !read.contains(&path.as_str()) {
                read.push(path);
                let table = table_at(analysis, job.last, path);
                inputs.push(dataset(path, table.map(|t| &**t), None));
            }
        }
        let table = table_at(analysis, job.last, &sink.sink);
        let mut fields = BTreeMap::new();
        for column in &sink.columns {
            if let Some(f) = field_lineage(analysis, job.last, column) {
                fields.insert(column.name.clone(), f);
            }
        }
        let schema_columns: Vec<&str> = sink.columns.iter().map(|c| c.name.as_str()).collect();
        match outputs.iter_mut().find(|d| d.name_of(&sink.sink)) {
            // A statement set writing one table twice: one dataset, both INSERTs' lineage.
            Some(existing) => {
                if let Some(lineage) = &mut existing.facets.column_lineage {
                    for (column, f) in fields {
                        let entry = lineage.fields.entry(column).or_insert(FieldLineage {
                            input_fields: Vec::new(),
                        });
                        for input in f.input_fields {
                            if !entry.input_fields.contains(&input) {
                                entry.input_fields.push(input);
                            }
                        }
                    }
                }
            }
            None => {
                let mut d = dataset(&sink.sink, table.map(|t| &**t), Some(&schema_columns));
                d.facets.column_lineage = Some(ColumnLineageFacet {
                    base: base(COLUMN_LINEAGE_SCHEMA),
                    fields,
                });
                outputs.push(d);
            }
        }
    }
    let query = analysis
        .parse
        .text()
        .get(job.span.start as usize..job.span.end as usize)
        .unwrap_or_default()
        .to_string();
    let run_id = run_id(&[
        options.event_time,
        options.job_namespace,
        &name,
        options.source,
        &ordinal.to_string(),
    ]);
    RunEvent {
        event_time: options.event_time.to_string(),
        producer: PRODUCER,
        schema_url: EVENT_SCHEMA,
        event_type: "COMPLETE",
        run: Run {
            run_id,
            facets: RunFacets {
                processing_engine: ProcessingEngineFacet {
                    base: base(ENGINE_SCHEMA),
                    version: FLINK_VERSION,
                    name: "flink",
                    openlineage_adapter_version: env!("CARGO_PKG_VERSION"),
                },
            },
        },
        job: Job {
            namespace: options.job_namespace.to_string(),
            name,
            facets: JobFacets {
                job_type: JobTypeFacet {
                    base: base(JOB_TYPE_SCHEMA),
                    processing_type: if session.batch { "BATCH" } else { "STREAMING" },
                    integration: "FLINK",
                    job_type: "JOB",
                },
                sql: SqlFacet {
                    base: base(SQL_SCHEMA),
                    query,
                    dialect: "flink",
                },
            },
        },
        inputs,
        outputs,
    }
}

/// Flink's name for a job without `pipeline.name` (`TableEnvironmentImpl`): `insert-into_` and
/// its sinks, a sink written more than once numbered `_1`, `_2`, ...
fn default_job_name(job: &JobLineage) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    let names: Vec<String> = job
        .sinks
        .iter()
        .map(|s| {
            let sink = s.sink.as_str();
            if job.sinks.iter().filter(|o| o.sink == sink).count() == 1 {
                return sink.to_string();
            }
            let index = match seen.iter_mut().find(|(n, _)| *n == sink) {
                Some((_, i)) => {
                    *i += 1;
                    *i
                }
                None => {
                    seen.push((sink, 1));
                    1
                }
            };
            format!("{sink}_{index}")
        })
        .collect();
    format!("insert-into_{}", names.join(","))
}

impl Dataset {
    /// Whether this dataset is the table `path` (its name, or its symlink's).
    fn name_of(&self, path: &str) -> bool {
        match self
            .facets
            .symlinks
            .as_ref()
            .and_then(|s| s.identifiers.first())
        {
            Some(link) => link.name == path,
            None => self.namespace == CATALOG_NAMESPACE && self.name == path,
        }
    }
}

fn field_lineage(analysis: &Analysis, at: usize, column: &SinkColumn) -> Option<FieldLineage> {
    let origins = column.origins.as_ref().filter(|o| !o.is_empty())?;
    let input_fields = origins
        .iter()
        .map(|o| {
            let (namespace, name) =
                identify(&o.table, table_at(analysis, at, &o.table).map(|t| &**t));
            InputField {
                namespace,
                name,
                field: o.column.clone(),
                transformations: vec![Transformation {
                    kind: "DIRECT",
                    subtype: if o.derived {
                        "TRANSFORMATION"
                    } else {
                        "IDENTITY"
                    },
                    masking: false,
                }],
            }
        })
        .collect();
    Some(FieldLineage { input_fields })
}

/// A table as a dataset: where its connector says the data lives, with the catalog path as a
/// symlink; the catalog path itself otherwise. `columns`: the sink's columns, for a table the
/// script does not create.
fn dataset(path: &str, table: Option<&TableSchema>, columns: Option<&[&str]>) -> Dataset {
    let (namespace, name) = identify(path, table);
    let symlinks = (namespace != CATALOG_NAMESPACE).then(|| SymlinksFacet {
        base: base(SYMLINKS_SCHEMA),
        identifiers: vec![Symlink {
            namespace: CATALOG_NAMESPACE.to_string(),
            name: path.to_string(),
            kind: "TABLE",
        }],
    });
    let fields: Option<Vec<SchemaField>> = match (table, columns) {
        (Some(t), _) if !t.columns.is_empty() => Some(
            t.columns
                .iter()
                .map(|c| SchemaField {
                    name: c.name.to_string(),
                    data_type: Some(c.data_type.to_string()),
                })
                .collect(),
        ),
        (_, Some(columns)) => Some(
            columns
                .iter()
                .map(|c| SchemaField {
                    name: c.to_string(),
                    data_type: None,
                })
                .collect(),
        ),
        _ => None,
    };
    Dataset {
        namespace,
        name,
        facets: DatasetFacets {
            schema: fields.map(|fields| SchemaFacet {
                base: base(SCHEMA_SCHEMA),
                fields,
            }),
            symlinks,
            column_lineage: None,
        },
    }
}

/// `(namespace, name)` of a table, by OpenLineage's naming conventions where its connector's
/// options say where the data is (those of OpenLineage's own Flink integration for Kafka and
/// JDBC): see `docs/lineage.md`. Otherwise ([`CATALOG_NAMESPACE`], `catalog.database.table`).
pub fn identify(path: &str, table: Option<&TableSchema>) -> (String, String) {
    let fallback = || (CATALOG_NAMESPACE.to_string(), path.to_string());
    let Some(table) = table else {
        return fallback();
    };
    let option = |k: &str| table.option(k).map(str::trim).filter(|v| !v.is_empty());
    let found = match option("connector") {
        Some("kafka" | "upsert-kafka") => {
            kafka(option("properties.bootstrap.servers"), option("topic"))
        }
        Some("jdbc") => jdbc(option("url"), option("table-name")),
        Some("filesystem") => option("path").and_then(filesystem),
        Some("mysql-cdc" | "postgres-cdc" | "oceanbase-cdc" | "tidb-cdc") => {
            let scheme = match option("connector") {
                Some("postgres-cdc") => "postgres",
                Some("tidb-cdc") => "tidb",
                Some("oceanbase-cdc") => "oceanbase",
                _ => "mysql",
            };
            cdc(
                scheme,
                option("hostname"),
                option("port"),
                option("database-name"),
                option("schema-name"),
                option("table-name"),
            )
        }
        _ => None,
    };
    found.unwrap_or_else(fallback)
}

/// `kafka://{first bootstrap server}` and the topic (one topic only: a list or a pattern is
/// not one dataset).
fn kafka(servers: Option<&str>, topic: Option<&str>) -> Option<(String, String)> {
    let first = servers?
        .split([',', ';'])
        .map(str::trim)
        .find(|s| !s.is_empty())?;
    let topic = topic.filter(|t| !t.contains(';'))?;
    Some((format!("kafka://{first}"), topic.to_string()))
}

/// `jdbc:{scheme}://{host}:{port}/{database}?...` gives `{scheme}://{host}:{port}` and
/// `{database}.{table-name}`; credentials and parameters are dropped.
fn jdbc(url: Option<&str>, table: Option<&str>) -> Option<(String, String)> {
    let rest = url?.strip_prefix("jdbc:")?;
    let (scheme, rest) = rest.split_once("://")?;
    let end = rest.find(['/', '?', ';']).unwrap_or(rest.len());
    let authority = rest.get(..end)?;
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if host.is_empty() || scheme.is_empty() {
        return None;
    }
    // OpenLineage names PostgreSQL `postgres` (its JDBC URLs say `postgresql`).
    let scheme = if scheme == "postgresql" {
        "postgres"
    } else {
        scheme
    };
    let database = rest
        .get(end..)
        .and_then(|r| r.strip_prefix('/'))
        .map(|r| &r[..r.find(['?', ';', '/']).unwrap_or(r.len())])
        .filter(|d| !d.is_empty());
    let table = table?;
    let name = match database {
        Some(db) => format!("{db}.{table}"),
        None => table.to_string(),
    };
    Some((format!("{scheme}://{host}"), name))
}

/// A CDC source's database: `{scheme}://{hostname}:{port}` and `{database}[.{schema}].{table}`.
fn cdc(
    scheme: &str,
    host: Option<&str>,
    port: Option<&str>,
    database: Option<&str>,
    schema: Option<&str>,
    table: Option<&str>,
) -> Option<(String, String)> {
    let host = host?;
    let authority = match port {
        Some(p) => format!("{host}:{p}"),
        None => host.to_string(),
    };
    let mut name: Vec<&str> = vec![database?];
    name.extend(schema);
    name.push(table?);
    Some((format!("{scheme}://{authority}"), name.join(".")))
}

/// A path: `file` and the path for a local one; `{scheme}://{authority}` and the path for
/// HDFS and other file systems; `s3://{bucket}` (s3a, s3n too), `gs://{bucket}` ... and the
/// object key for object stores.
fn filesystem(path: &str) -> Option<(String, String)> {
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    let Some((scheme, rest)) = path.split_once("://") else {
        return path
            .starts_with('/')
            .then(|| ("file".to_string(), path.to_string()));
    };
    let scheme = scheme.to_ascii_lowercase();
    let (authority, rest) = rest.split_once('/').unwrap_or((rest, ""));
    match scheme.as_str() {
        "file" => Some(("file".to_string(), format!("/{rest}"))),
        "s3" | "s3a" | "s3n" | "gs" | "oss" | "wasb" | "wasbs" | "abfs" | "abfss" => {
            let scheme = if scheme.starts_with("s3") {
                "s3"
            } else {
                &scheme
            };
            (!authority.is_empty()).then(|| (format!("{scheme}://{authority}"), rest.to_string()))
        }
        _ => {
            (!authority.is_empty()).then(|| (format!("{scheme}://{authority}"), format!("/{rest}")))
        }
    }
}

/// What the `SET`s before a job left that the events name.
#[derive(Default)]
struct Session {
    pipeline_name: Option<String>,
    batch: bool,
}

impl Session {
    fn before(analysis: &Analysis, last: usize) -> Session {
        let mut s = Session::default();
        for statement in analysis.parse.script().statements.iter().take(last + 1) {
            match &statement.kind {
                StatementKind::Set(set) => {
                    let Some(p) = &set.property else { continue };
                    match p.key.value {
                        "pipeline.name" => s.pipeline_name = Some(p.value.value.to_string()),
                        "execution.runtime-mode" => {
                            s.batch = p.value.value.eq_ignore_ascii_case("batch")
                        }
                        _ => {}
                    }
                }
                StatementKind::Reset(r) => match r.key.as_ref().map(|k| k.value) {
                    None => s = Session::default(),
                    Some("pipeline.name") => s.pipeline_name = None,
                    Some("execution.runtime-mode") => s.batch = false,
                    Some(_) => {}
                },
                _ => {}
            }
        }
        s
    }
}

/// A UUID (version 8: made by us, not random) from the run's description, so that the same
/// input gives the same id and another time, job or file another one.
fn run_id(parts: &[&str]) -> String {
    let hash = |seed: u64| {
        let mut h = seed;
        for p in parts {
            for &b in p.as_bytes().iter().chain([0u8].iter()) {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        h
    };
    let (a, b) = (hash(0xcbf2_9ce4_8422_2325), hash(0x8422_2325_cbf2_9ce4));
    let a = (a & 0xffff_ffff_ffff_0fff) | 0x0000_0000_0000_8000;
    let b = (b & 0x3fff_ffff_ffff_ffff) | 0x8000_0000_0000_0000;
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    )
}

/// Now, in RFC 3339 with milliseconds, UTC (`2026-12-07T15:20:51.123Z`).
pub fn rfc3339_now() -> String {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    rfc3339(since.as_secs(), since.subsec_millis())
}

/// Seconds since 1970 in RFC 3339, UTC (the days-to-date step is Howard Hinnant's
/// `civil_from_days`).
pub fn rfc3339(secs: u64, millis: u32) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rem / 3_600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_ids() {
        assert_eq!(rfc3339(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(951_782_400, 5), "2000-02-29T00:00:00.005Z");
        assert_eq!(rfc3339(1_796_656_851, 0), "2026-12-07T15:20:51.000Z");
        let id = run_id(&["a", "b"]);
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "8");
        assert_ne!(id, run_id(&["ab", ""]));
    }
}
