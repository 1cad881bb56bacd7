//! Statements other than CREATE TABLE, and the statement wrapper.

use super::*;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Statement {
    /// From the first token to the last token of the statement, without the `;`.
    pub span: Span,
    pub kind: StatementKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
/// The large variants are boxed: a statement is as large as its largest variant, and
/// statements are moved while a script is built.
#[serde(tag = "node", rename_all = "snake_case")]
pub enum StatementKind {
    CreateTable(Box<CreateTable>),
    CreateCatalog(Box<CreateCatalog>),
    CreateDatabase(Box<CreateDatabase>),
    CreateView(Box<CreateView>),
    CreateFunction(Box<CreateFunction>),
    AlterTable(Box<AlterTable>),
    AlterOther(AlterOther),
    Drop(Box<Drop>),
    Use(Use),
    Set(Box<SetStatement>),
    Reset(ResetStatement),
    Show(Box<Show>),
    Describe(Describe),
    LoadModule(Box<LoadModule>),
    UnloadModule {
        name: Ident,
    },
    Insert(Box<Insert>),
    /// `BEGIN STATEMENT SET`
    BeginStatementSet,
    /// `END`
    End,
    /// `[EXECUTE] STATEMENT SET BEGIN insert; ... END`
    StatementSet {
        inserts: Vec<Statement>,
    },
    /// `EXECUTE insert | query | STATEMENT SET ...`
    Execute {
        statement: Box<Statement>,
    },
    Explain(Explain),
    Query(Box<QueryBody>),
    /// A statement Flink's parser supports that we only delimit (ANALYZE, CALL, DELETE, UPDATE,
    /// TRUNCATE, ADD/REMOVE JAR, COMPILE PLAN, materialized tables, models, jobs, ...).
    Other(OtherStatement),
    /// Nothing could be read; a diagnostic was reported.
    Error,
}

/// `CREATE CATALOG [IF NOT EXISTS] c [COMMENT 's'] [WITH (...)]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CreateCatalog {
    pub if_not_exists: Flag,
    pub name: Ident,
    pub comment: Option<StringLit>,
    pub with: Option<PropertyList>,
}

/// `CREATE DATABASE [IF NOT EXISTS] [c.]db [COMMENT 's'] [WITH (...)]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CreateDatabase {
    pub if_not_exists: Flag,
    pub name: ObjectName,
    pub comment: Option<StringLit>,
    pub with: Option<PropertyList>,
}

/// `CREATE [OR REPLACE] [TEMPORARY] VIEW [IF NOT EXISTS] v [(cols)] [COMMENT 's'] AS query`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CreateView {
    pub or_replace: Flag,
    pub temporary: Flag,
    pub if_not_exists: Flag,
    pub name: ObjectName,
    pub columns: Option<ColumnList>,
    pub comment: Option<StringLit>,
    pub query: QueryBody,
}

/// `CREATE [TEMPORARY [SYSTEM]] FUNCTION [IF NOT EXISTS] f AS 'class' [LANGUAGE l] [USING JAR ...]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CreateFunction {
    pub or_replace: Flag,
    pub temporary: Flag,
    pub system: Flag,
    pub if_not_exists: Flag,
    pub name: ObjectName,
    pub class_name: StringLit,
    pub language: Option<Ident>,
    pub jars: Vec<StringLit>,
    pub with: Option<PropertyList>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AlterTable {
    pub if_exists: Flag,
    pub name: ObjectName,
    pub action: AlterTableAction,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum AlterTableAction {
    RenameTo {
        new_name: ObjectName,
    },
    RenameColumn {
        old: ObjectName,
        new: Ident,
    },
    Set {
        properties: PropertyList,
    },
    Reset {
        keys: Vec<StringLit>,
    },
    /// `ADD ...` / `MODIFY ...` of columns, constraints, a watermark or a distribution.
    AddOrModify {
        modify: bool,
        items: Vec<AlterItem>,
    },
    DropColumns {
        columns: Vec<ObjectName>,
    },
    DropPrimaryKey,
    DropConstraint {
        name: Ident,
    },
    DropWatermark,
    DropDistribution,
    /// Partition management, COMPACT, ...: delimited only.
    Other {
        span: Span,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum AlterItem {
    Element {
        element: Box<TableElement>,
        position: Option<ColumnPosition>,
    },
    Distribution(Distribution),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "position", rename_all = "snake_case")]
pub enum ColumnPosition {
    First { span: Span },
    After { span: Span, column: Ident },
}

/// ALTER of a catalog, database, view, function, materialized table or model: delimited only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AlterOther {
    pub object: ObjectKind,
    pub name: Option<ObjectName>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Drop {
    pub object: ObjectKind,
    pub temporary: Flag,
    pub if_exists: Flag,
    pub name: ObjectName,
    pub cascade: bool,
}

/// `USE [CATALOG] name` and `USE MODULES a, b`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "use", rename_all = "snake_case")]
pub enum Use {
    Catalog { name: Ident },
    Database { name: ObjectName },
    Modules { names: Vec<Ident> },
}

/// `SET` or `SET 'k' = 'v'` (also `SET k = v` forms the SQL client accepts are errors in Flink's
/// parser only when unquoted; see the grammar).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetStatement {
    pub property: Option<Property>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResetStatement {
    pub key: Option<StringLit>,
}

/// `SHOW ...`: the words after SHOW, upper-cased, and the span of the rest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Show {
    pub what: String,
    pub name: Option<ObjectName>,
}

/// `DESCRIBE | DESC [EXTENDED] [CATALOG|DATABASE|FUNCTION|MODEL|JOB] name`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Describe {
    pub object: Option<ObjectKind>,
    pub extended: bool,
    pub name: Option<ObjectName>,
}

/// `LOAD MODULE m [WITH (...)]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoadModule {
    pub name: Ident,
    pub with: Option<PropertyList>,
}

/// `INSERT INTO|OVERWRITE t [PARTITION (k = v, ...)] [(cols)] query`, also `UPSERT INTO`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Insert {
    pub overwrite: bool,
    pub target: ObjectName,
    pub partition: Option<Vec<(Ident, Expr)>>,
    pub columns: Option<ColumnList>,
    pub query: QueryBody,
}

/// `EXPLAIN [PLAN FOR | details] statement`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Explain {
    pub details: Vec<Ident>,
    pub statement: Box<Statement>,
}

/// A statement outside the DDL the binder models: its leading words, upper-cased, and its
/// typed body where we parse one (`None` for the statements we only delimit: materialized
/// tables, models, connections, jobs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OtherStatement {
    pub words: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<Box<OtherBody>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum OtherBody {
    /// `ANALYZE TABLE t [PARTITION (k [= v], ...)] COMPUTE STATISTICS [FOR COLUMNS c, ... |
    /// FOR ALL COLUMNS]`
    Analyze {
        table: ObjectName,
        partition: Vec<(Ident, Option<Expr>)>,
        /// `None`: no FOR clause; `Some(empty)`: FOR ALL COLUMNS.
        columns: Option<Vec<Ident>>,
    },
    /// `CALL procedure(args)`
    Call { call: Expr },
    /// `DELETE FROM t [[AS] alias] [WHERE condition]`
    Delete {
        table: ObjectName,
        alias: Option<Ident>,
        condition: Option<Expr>,
    },
    /// `UPDATE t [[AS] alias] SET c = e, ... [WHERE condition]`
    Update {
        table: ObjectName,
        alias: Option<Ident>,
        assignments: Vec<(Ident, Expr)>,
        condition: Option<Expr>,
    },
    /// `TRUNCATE TABLE t`
    Truncate { table: ObjectName },
    /// `ADD JAR 'path'` / `REMOVE JAR 'path'`
    Jar { add: bool, path: StringLit },
    /// `COMPILE PLAN 'file' [IF NOT EXISTS] FOR statement` / `COMPILE AND EXECUTE PLAN ...`
    CompilePlan {
        path: StringLit,
        if_not_exists: bool,
        execute: bool,
        statement: Box<Statement>,
    },
    /// `EXECUTE PLAN 'file'`
    ExecutePlan { path: StringLit },
    /// A statement delimited up to `AS query` (materialized tables), with its query.
    AsQuery { query: QueryBody },
    /// `STOP JOB 'id' [WITH SAVEPOINT] [WITH DRAIN]`
    StopJob {
        id: StringLit,
        savepoint: bool,
        drain: bool,
    },
}
