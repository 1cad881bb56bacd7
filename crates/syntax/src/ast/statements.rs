//! Statements other than CREATE TABLE, and the statement wrapper.

use super::*;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Statement<'a> {
    /// From the first token to the last token of the statement, without the `;`.
    pub span: Span,
    pub kind: StatementKind<'a>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
/// The large variants are boxed: a statement is as large as its largest variant, and
/// statements are moved while a script is built.
#[serde(tag = "node", rename_all = "snake_case")]
pub enum StatementKind<'a> {
    CreateTable(&'a CreateTable<'a>),
    CreateCatalog(&'a CreateCatalog<'a>),
    CreateDatabase(&'a CreateDatabase<'a>),
    CreateView(&'a CreateView<'a>),
    CreateFunction(&'a CreateFunction<'a>),
    AlterTable(&'a AlterTable<'a>),
    AlterOther(AlterOther<'a>),
    Drop(&'a Drop<'a>),
    Use(Use<'a>),
    Set(&'a SetStatement<'a>),
    Reset(ResetStatement<'a>),
    Show(&'a Show<'a>),
    Describe(Describe<'a>),
    LoadModule(&'a LoadModule<'a>),
    UnloadModule {
        name: Ident<'a>,
    },
    Insert(&'a Insert<'a>),
    /// `BEGIN STATEMENT SET`
    BeginStatementSet,
    /// `END`
    End,
    /// `[EXECUTE] STATEMENT SET BEGIN insert; ... END`
    StatementSet {
        inserts: List<'a, Statement<'a>>,
    },
    /// `EXECUTE insert | query | STATEMENT SET ...`
    Execute {
        statement: &'a Statement<'a>,
    },
    Explain(Explain<'a>),
    Query(&'a QueryBody<'a>),
    /// A statement Flink's parser supports that we only delimit (ANALYZE, CALL, DELETE, UPDATE,
    /// TRUNCATE, ADD/REMOVE JAR, COMPILE PLAN, materialized tables, models, jobs, ...).
    Other(OtherStatement<'a>),
    /// Nothing could be read; a diagnostic was reported.
    Error,
}

/// `CREATE CATALOG [IF NOT EXISTS] c [COMMENT 's'] [WITH (...)]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CreateCatalog<'a> {
    pub if_not_exists: Flag,
    pub name: Ident<'a>,
    pub comment: Option<StringLit<'a>>,
    pub with: Option<PropertyList<'a>>,
}

/// `CREATE DATABASE [IF NOT EXISTS] [c.]db [COMMENT 's'] [WITH (...)]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CreateDatabase<'a> {
    pub if_not_exists: Flag,
    pub name: ObjectName<'a>,
    pub comment: Option<StringLit<'a>>,
    pub with: Option<PropertyList<'a>>,
}

/// `CREATE [OR REPLACE] [TEMPORARY] VIEW [IF NOT EXISTS] v [(cols)] [COMMENT 's'] AS query`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CreateView<'a> {
    pub or_replace: Flag,
    pub temporary: Flag,
    pub if_not_exists: Flag,
    pub name: ObjectName<'a>,
    pub columns: Option<ColumnList<'a>>,
    pub comment: Option<StringLit<'a>>,
    pub query: QueryBody<'a>,
}

/// `CREATE [TEMPORARY [SYSTEM]] FUNCTION [IF NOT EXISTS] f AS 'class' [LANGUAGE l] [USING JAR ...]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CreateFunction<'a> {
    pub or_replace: Flag,
    pub temporary: Flag,
    pub system: Flag,
    pub if_not_exists: Flag,
    pub name: ObjectName<'a>,
    pub class_name: StringLit<'a>,
    pub language: Option<Ident<'a>>,
    pub jars: List<'a, StringLit<'a>>,
    pub with: Option<PropertyList<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AlterTable<'a> {
    pub if_exists: Flag,
    pub name: ObjectName<'a>,
    pub action: AlterTableAction<'a>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum AlterTableAction<'a> {
    RenameTo {
        new_name: ObjectName<'a>,
    },
    RenameColumn {
        old: ObjectName<'a>,
        new: Ident<'a>,
    },
    Set {
        properties: PropertyList<'a>,
    },
    Reset {
        keys: List<'a, StringLit<'a>>,
    },
    /// `ADD ...` / `MODIFY ...` of columns, constraints, a watermark or a distribution.
    AddOrModify {
        modify: bool,
        items: List<'a, AlterItem<'a>>,
    },
    DropColumns {
        columns: List<'a, ObjectName<'a>>,
    },
    DropPrimaryKey,
    DropConstraint {
        name: Ident<'a>,
    },
    DropWatermark,
    DropDistribution,
    /// Partition management, COMPACT, ...: delimited only.
    Other {
        span: Span,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum AlterItem<'a> {
    Element {
        element: &'a TableElement<'a>,
        position: Option<ColumnPosition<'a>>,
    },
    Distribution(Distribution<'a>),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "position", rename_all = "snake_case")]
pub enum ColumnPosition<'a> {
    First { span: Span },
    After { span: Span, column: Ident<'a> },
}

/// ALTER of a catalog, database, view, function, materialized table or model: delimited only.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AlterOther<'a> {
    pub object: ObjectKind,
    pub name: Option<ObjectName<'a>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectKind {
    Catalog,
    Database,
    Table,
    View,
    Function,
    MaterializedTable,
    Model,
    Connection,
}

/// `DROP [TEMPORARY] [SYSTEM] <kind> [IF EXISTS] name [RESTRICT|CASCADE]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drop<'a> {
    pub object: ObjectKind,
    pub temporary: Flag,
    pub if_exists: Flag,
    pub name: ObjectName<'a>,
    pub cascade: bool,
}

/// `USE [CATALOG] name` and `USE MODULES a, b`
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "use", rename_all = "snake_case")]
pub enum Use<'a> {
    Catalog { name: Ident<'a> },
    Database { name: ObjectName<'a> },
    Modules { names: List<'a, Ident<'a>> },
}

/// `SET` or `SET 'k' = 'v'` (also `SET k = v` forms the SQL client accepts are errors in Flink's
/// parser only when unquoted; see the grammar).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetStatement<'a> {
    pub property: Option<Property<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResetStatement<'a> {
    pub key: Option<StringLit<'a>>,
}

/// `SHOW ...`: the words after SHOW, upper-cased, and the span of the rest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Show<'a> {
    pub what: &'a str,
    pub name: Option<ObjectName<'a>>,
}

/// `DESCRIBE | DESC [EXTENDED] [CATALOG|DATABASE|FUNCTION|MODEL|JOB] name`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Describe<'a> {
    pub object: Option<ObjectKind>,
    pub extended: bool,
    pub name: Option<ObjectName<'a>>,
}

/// `LOAD MODULE m [WITH (...)]`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoadModule<'a> {
    pub name: Ident<'a>,
    pub with: Option<PropertyList<'a>>,
}

/// `INSERT INTO|OVERWRITE t [PARTITION (k = v, ...)] [(cols)] query`, also `UPSERT INTO`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Insert<'a> {
    pub overwrite: bool,
    pub target: ObjectName<'a>,
    pub partition: Option<List<'a, (Ident<'a>, Expr<'a>)>>,
    pub columns: Option<ColumnList<'a>>,
    pub query: QueryBody<'a>,
    /// `ON CONFLICT DO NOTHING | ERROR | DEDUPLICATE` (Flink 2.3): what an upsert sink does
    /// when two upsert keys of the query meet at one primary key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_conflict: Option<OnConflict>,
}

/// `ON CONFLICT DO <action>` of an INSERT.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct OnConflict {
    pub span: Span,
    pub action: ConflictAction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConflictAction {
    Nothing,
    Error,
    Deduplicate,
}

/// `EXPLAIN [PLAN FOR | details] statement`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explain<'a> {
    pub details: List<'a, Ident<'a>>,
    pub statement: &'a Statement<'a>,
}

/// A statement outside the DDL the binder models: its leading words, upper-cased, and its
/// typed body where we parse one (`None` for the statements we only delimit: materialized
/// tables, models, connections, jobs).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OtherStatement<'a> {
    pub words: &'a str,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<&'a OtherBody<'a>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum OtherBody<'a> {
    /// `ANALYZE TABLE t [PARTITION (k [= v], ...)] COMPUTE STATISTICS [FOR COLUMNS c, ... |
    /// FOR ALL COLUMNS]`
    Analyze {
        table: ObjectName<'a>,
        partition: List<'a, (Ident<'a>, Option<Expr<'a>>)>,
        /// `None`: no FOR clause; `Some(empty)`: FOR ALL COLUMNS.
        columns: Option<List<'a, Ident<'a>>>,
    },
    /// `CALL procedure(args)`
    Call { call: Expr<'a> },
    /// `DELETE FROM t [[AS] alias] [WHERE condition]`
    Delete {
        table: ObjectName<'a>,
        alias: Option<Ident<'a>>,
        condition: Option<Expr<'a>>,
    },
    /// `UPDATE t [[AS] alias] SET c = e, ... [WHERE condition]`
    Update {
        table: ObjectName<'a>,
        alias: Option<Ident<'a>>,
        assignments: List<'a, (Ident<'a>, Expr<'a>)>,
        condition: Option<Expr<'a>>,
    },
    /// `TRUNCATE TABLE t`
    Truncate { table: ObjectName<'a> },
    /// `ADD JAR 'path'` / `REMOVE JAR 'path'`
    Jar { add: bool, path: StringLit<'a> },
    /// `COMPILE PLAN 'file' [IF NOT EXISTS] FOR statement` / `COMPILE AND EXECUTE PLAN ...`
    CompilePlan {
        path: StringLit<'a>,
        if_not_exists: bool,
        execute: bool,
        statement: &'a Statement<'a>,
    },
    /// `EXECUTE PLAN 'file'`
    ExecutePlan { path: StringLit<'a> },
    /// A statement delimited up to `AS query` (materialized tables), with its query.
    AsQuery { query: QueryBody<'a> },
    /// `STOP JOB 'id' [WITH SAVEPOINT] [WITH DRAIN]`
    StopJob {
        id: StringLit<'a>,
        savepoint: bool,
        drain: bool,
    },
}
