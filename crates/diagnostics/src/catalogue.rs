//! The catalogue of diagnostic codes: every code is registered here once, with its stage,
//! default severity, title and explanation. Docs and `flinkddl explain` are generated from it.

use crate::{Severity, Stage};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What the catalogue knows about one code.
#[derive(Debug, Clone, Copy)]
pub struct CodeInfo {
    /// The stable code, e.g. `S005`.
    pub code: &'static str,
    /// A kebab-case name that says what is wrong, e.g. `unexpected-token`.
    pub name: &'static str,
    pub stage: Stage,
    pub severity: Severity,
    /// One line, used as the primary label.
    pub title: &'static str,
    /// What the rule means and how to fix it (Markdown).
    pub explanation: &'static str,
}

macro_rules! catalogue {
    ($( $variant:ident = $code:literal, $name:literal, $stage:ident, $sev:ident, $title:literal, $expl:literal; )*) => {
        /// A stable diagnostic code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $( $variant, )* }

        impl Code {
            pub const ALL: &'static [Code] = &[ $( Code::$variant, )* ];

            pub fn info(self) -> &'static CodeInfo {
                match self {
                    $( Code::$variant => &CodeInfo {
                        code: $code, name: $name, stage: Stage::$stage, severity: Severity::$sev,
                        title: $title, explanation: $expl,
                    }, )*
                }
            }
        }
    };
}

catalogue! {
    InvalidCharacter = "S001", "invalid-character", Syntax, Error,
        "character not allowed here",
        "Flink's lexer accepts only the characters of SQL tokens, white space and comments outside \
         string literals and quoted identifiers. Remove the character or put it inside a string.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, b INT) WITH ('connector' = 'datagen') §\n```\n\n\
         ## Fix\n\n\
         Remove the character, or put it inside a string literal or a quoted identifier.";
    UnterminatedString = "S002", "unterminated-string", Syntax, Error,
        "string literal is not closed",
        "A string literal starts with `'` and ends at the next `'` that is not doubled. Write `''` \
         for a quote inside the string and close the literal.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'datagen);\n```\n\n\
         ## Fix\n\n\
         Close the literal with `'`, and double quotes inside it: `'it''s'`.";
    UnterminatedIdentifier = "S003", "unterminated-identifier", Syntax, Error,
        "quoted identifier is not closed",
        "A quoted identifier starts with a back-tick and ends at the next back-tick that is not \
         doubled. Write ``` `` ``` for a back-tick inside the name and close the identifier.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE `orders (a INT);\n```\n\n\
         ## Fix\n\n\
         Close the identifier with a back-tick: `` `orders` ``.";
    UnterminatedComment = "S004", "unterminated-comment", Syntax, Error,
        "block comment is not closed",
        "A `/*` comment runs to the next `*/`; comments do not nest. Close the comment.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) /* the table's options follow\n```\n\n\
         ## Fix\n\n\
         Close the comment with `*/`, or use `--` for a comment that ends at the line end.";
    UnexpectedToken = "S005", "unexpected-token", Syntax, Error,
        "unexpected token",
        "The parser met a token that Flink's grammar does not allow at this point. The message \
         lists what would be allowed.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT,, b INT);\n```\n\n\
         ## Fix\n\n\
         Remove or replace the token; the message lists what Flink's grammar allows there.";
    UnexpectedEnd = "S006", "unexpected-end", Syntax, Error,
        "statement ends too early",
        "The statement stops before it is complete: a closing parenthesis, a type or a clause is \
         missing.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, b\n```\n\n\
         ## Fix\n\n\
         Complete the statement: the missing type, closing parenthesis or clause.";
    ClauseOutOfOrder = "S007", "clause-out-of-order", Syntax, Error,
        "clause out of order",
        "Flink takes the clauses of CREATE TABLE in a fixed order: the column list, COMMENT, \
         DISTRIBUTED BY/INTO, PARTITIONED BY, WITH, then LIKE or AS. Move the clause to its place.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'datagen') COMMENT 'orders';\n```\n\n\
         ## Fix\n\n\
         Move the clause to its place: `CREATE TABLE t (a INT) COMMENT 'orders' WITH (...)`.";
    MultipleWatermarks = "S008", "multiple-watermarks", Syntax, Error,
        "second WATERMARK declaration",
        "Flink allows one WATERMARK declaration per table (\"Multiple WATERMARK declarations are not \
         supported yet.\"). Keep one.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (ts TIMESTAMP(3),\n  WATERMARK FOR ts AS ts,\n  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);\n```\n\n\
         ## Fix\n\n\
         Keep one WATERMARK clause.";
    SubqueryInExpression = "S009", "subquery-in-expression", Syntax, Error,
        "query in an expression",
        "Computed columns and watermarks take scalar expressions only; Flink rejects a sub-query \
         there (\"Query expression encountered in illegal context\").\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, b AS (SELECT 1));\n```\n\n\
         ## Fix\n\n\
         Compute the value in the query that reads the table, or use a scalar expression.";
    ColumnsWithoutTypes = "S010", "columns-without-types", Syntax, Error,
        "column without a type",
        "A column list of bare names is allowed only in CREATE TABLE ... AS and REPLACE TABLE ... AS \
         (\"Columns identifiers without types in the schema are supported on CTAS/RTAS statements \
         only.\"). Give every column a type.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a, b) WITH ('connector' = 'datagen');\n```\n\n\
         ## Fix\n\n\
         Give every column a type (`a INT, b STRING`), or add `AS SELECT ...` to derive them.";
    NumberOutOfRange = "S011", "number-out-of-range", Syntax, Error,
        "number out of range",
        "Flink reads this number as a Java `int` and it does not fit (at most 2147483647).\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a VARCHAR(2147483648));\n```\n\n\
         ## Fix\n\n\
         Use a number up to 2147483647; `STRING` is `VARCHAR(2147483647)`.";
    BucketCountNotPositive = "S012", "bucket-count-not-positive", Syntax, Error,
        "bucket count must be a positive integer",
        "`INTO n BUCKETS` takes a positive whole number (\"Bucket count must be a positive \
         integer.\").\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) DISTRIBUTED BY HASH(a) INTO 2.5 BUCKETS;\n```\n\n\
         ## Fix\n\n\
         Write a whole number: `INTO 4 BUCKETS`. (`INTO 0 BUCKETS` parses and is rejected later: B042.)";
    NestingTooDeep = "S013", "nesting-too-deep", Syntax, Error,
        "nesting too deep",
        "Expressions, types and parentheses may nest at most 256 levels deep in flinkddl; deeper \
         input is rejected instead of exhausting the stack.\n\n\
         ## Example\n\n\
         ```text\nSELECT ((((((((((... 300 levels ...))))))))))\n```\n\n\
         ## Fix\n\n\
         Flatten the expression, or split it across views or computed columns.";
    ReservedWord = "S014", "reserved-word", Syntax, Error,
        "reserved word used as a name",
        "This word is reserved in Flink SQL and cannot be a name unless it is quoted with \
         back-ticks, e.g. `` `value` ``.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (value INT, `time` TIMESTAMP(3));\n```\n\n\
         ## Fix\n\n\
         Quote the name with back-ticks (`` `value` ``), as `time` is here, or choose another name (the quick fix quotes it).";
    InvalidLiteral = "S015", "invalid-literal", Syntax, Error,
        "invalid literal",
        "The literal is malformed: a binary string must hold an even number of hexadecimal digits, \
         a Unicode string must use valid escapes.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, b AS U&'\\zzzz');\n```\n\n\
         ## Fix\n\n\
         Write a valid literal: an even number of hex digits in `X'...'`, `\\` followed by four hex digits in `U&'...'`.";
    IdentifierTooLong = "S016", "identifier-too-long", Syntax, Error,
        "identifier too long",
        "Flink limits identifiers to 256 characters.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa INT);\n```\n\n\
         ## Fix\n\n\
         Use a name of at most 256 characters.";
    CommentBeforeCommand = "S019", "comment-before-command", Syntax, Error,
        "unquoted SET or RESET that Flink's SQL grammar reads",
        "Flink reads SET, RESET, QUIT, HELP and CLEAR with a regular expression over the whole \
         statement text, and only an unquoted key matches it. Through `TableEnvironment.executeSql` \
         a comment before the command is part of that text, the expression does not match, and \
         Flink's SQL grammar reads the statement instead: it needs `SET 'key' = 'value'` and fails \
         at the unquoted key (\"Encountered ...\"). The SQL client strips comments first and \
         accepts it. Quote the key and value, or move the comment.\n\n\
         ## Example\n\n\
         ```sql\n-- session settings\nSET table.local-time-zone = UTC;\n```\n\n\
         ## Fix\n\n\
         Quote the key and value (`SET 'table.local-time-zone' = 'UTC';`), which Flink's SQL grammar reads whatever comments surround it, or move the comment after the `;`.";
    OverwriteWithoutInsert = "S018", "overwrite-not-insert", Syntax, Error,
        "OVERWRITE outside INSERT",
        "\"OVERWRITE expression is only used with INSERT statement.\"\n\n\
         ## Example\n\n\
         ```sql\nUPSERT OVERWRITE t SELECT 1;\n```\n\n\
         ## Fix\n\n\
         Write `INSERT OVERWRITE t ...` to replace the table's data, or `UPSERT INTO t ...`.";

    // ---- binder: types, columns, constraints, catalog (crates/binder) ----
    UnknownType = "B001", "unknown-type", Bind, Error,
        "unknown data type",
        "The type name is neither a built-in Flink type nor a type known to the catalog (Flink: \
         \"Unknown identifier\"). Check the spelling; built-in names include STRING, INT, BIGINT, \
         DECIMAL(p, s), TIMESTAMP(p), TIMESTAMP_LTZ(p), ARRAY<T>, MAP<K, V> and ROW<...>.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a FOOBAR);\n```\n\n\
         ## Fix\n\n\
         Use a built-in type name (STRING, INT, BIGINT, DECIMAL(p, s), TIMESTAMP(3), ...) or a type the catalog knows.";
    InvalidTypeParameter = "B002", "invalid-type-parameter", Bind, Error,
        "type parameter out of range",
        "A length, precision or scale is outside what Flink allows for this type, e.g. \
         DECIMAL(3, 5) (scale above precision) or DECIMAL(0).\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (amount DECIMAL(3, 5));\n```\n\n\
         ## Fix\n\n\
         Keep parameters in range: `DECIMAL(p, s)` needs 1 <= p <= 38 and 0 <= s <= p.";
    UnsupportedType = "B003", "unsupported-type", Bind, Error,
        "type not supported in a table",
        "Flink parses this type but cannot store it in a table (REAL, TIME WITH LOCAL TIME ZONE, \
         RAW with an unreadable snapshot). Use a supported type: FLOAT for REAL.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a REAL);\n```\n\n\
         ## Fix\n\n\
         Use a type Flink can store: `FLOAT` for `REAL`.";
    DuplicateColumn = "B010", "duplicate-column", Bind, Error,
        "duplicate column",
        "Two columns have the same name (names are case-sensitive). Rename one of them.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, a STRING);\n```\n\n\
         ## Fix\n\n\
         Rename one of the columns.";
    WatermarkColumnUnknown = "B020", "watermark-column-unknown", Bind, Error,
        "rowtime column not defined",
        "`WATERMARK FOR col` names a column the table does not have. Use one of its columns.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR event_time AS event_time);\n```\n\n\
         ## Fix\n\n\
         Name one of the table's columns in `WATERMARK FOR`.";
    WatermarkNestedRowtime = "B021", "watermark-nested-rowtime", Bind, Error,
        "rowtime must be a top-level column",
        "Flink takes a rowtime only from a top-level column. Add a computed column for the \
         nested field (`ts AS r.ts`) and declare the watermark on it.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (r ROW<ts TIMESTAMP(3)>, WATERMARK FOR r.ts AS r.ts);\n```\n\n\
         ## Fix\n\n\
         Add a computed column for the field and declare the watermark on it: `ts AS r.ts, WATERMARK FOR ts AS ts`.";
    WatermarkColumnType = "B022", "watermark-column-type", Bind, Error,
        "rowtime column has the wrong type",
        "A rowtime column must be TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p from 0 to 3. Note that \
         plain TIMESTAMP is TIMESTAMP(6); write TIMESTAMP(3).\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (ts TIMESTAMP, WATERMARK FOR ts AS ts);\n```\n\n\
         ## Fix\n\n\
         Declare the rowtime as `TIMESTAMP(3)` or `TIMESTAMP_LTZ(3)` (or a precision up to 3).";
    WatermarkExpressionType = "B023", "watermark-expression-type", Bind, Error,
        "watermark expression has the wrong type",
        "The watermark expression must return TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p from 0 to 3, \
         of the same kind (TIMESTAMP or TIMESTAMP_LTZ) as the rowtime column.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS CAST(ts AS TIMESTAMP_LTZ(3)));\n```\n\n\
         ## Fix\n\n\
         Return the rowtime's kind of timestamp, e.g. `ts - INTERVAL '5' SECOND`.";
    WatermarkOnProctime = "B024", "watermark-on-proctime", Bind, Error,
        "watermark on a processing-time column",
        "A watermark cannot be declared on a PROCTIME() column. Declare it on an event-time \
         column.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (pt AS PROCTIME(), WATERMARK FOR pt AS pt);\n```\n\n\
         ## Fix\n\n\
         Declare the watermark on an event-time column; a processing-time column needs none.";
    PrimaryKeyEnforced = "B030", "primary-key-enforced", Bind, Error,
        "PRIMARY KEY must be NOT ENFORCED",
        "Flink does not own the data, so it supports only `PRIMARY KEY (...) NOT ENFORCED`; a key \
         without NOT ENFORCED counts as ENFORCED. Add NOT ENFORCED.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (id BIGINT PRIMARY KEY);\n```\n\n\
         ## Fix\n\n\
         Write `PRIMARY KEY NOT ENFORCED` (the quick fix adds it).";
    DuplicatePrimaryKey = "B031", "duplicate-primary-key", Bind, Error,
        "second primary key",
        "A table has at most one PRIMARY KEY, declared on a column or as a table constraint. Keep \
         one.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (id BIGINT PRIMARY KEY NOT ENFORCED,\n  PRIMARY KEY (id) NOT ENFORCED);\n```\n\n\
         ## Fix\n\n\
         Keep one of the two declarations.";
    UniqueNotSupported = "B032", "unique-not-supported", Bind, Error,
        "UNIQUE is not supported",
        "Flink does not support UNIQUE constraints (\"UNIQUE constraint is not supported yet\"). \
         Remove it.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (id BIGINT, UNIQUE (id));\n```\n\n\
         ## Fix\n\n\
         Remove the UNIQUE constraint; declare a `PRIMARY KEY (...) NOT ENFORCED` if the column is the key.";
    PrimaryKeyColumnUnknown = "B033", "primary-key-column-unknown", Bind, Error,
        "primary key column not defined",
        "A PRIMARY KEY names a column the table does not have.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (id BIGINT, PRIMARY KEY (user_id) NOT ENFORCED);\n```\n\n\
         ## Fix\n\n\
         Name the table's own columns in the key.";
    PrimaryKeyNotPhysical = "B034", "primary-key-not-physical", Bind, Error,
        "primary key on a computed or metadata column",
        "A PRIMARY KEY may name physical columns only.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, b AS a + 1, PRIMARY KEY (b) NOT ENFORCED);\n```\n\n\
         ## Fix\n\n\
         Put physical columns in the key.";
    PrimaryKeyDuplicateColumn = "B035", "primary-key-duplicate-column", Bind, Error,
        "primary key names a column twice",
        "Each column may appear once in a PRIMARY KEY.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (id BIGINT, PRIMARY KEY (id, id) NOT ENFORCED);\n```\n\n\
         ## Fix\n\n\
         Name each column once.";
    PrimaryKeyNullable = "B036", "primary-key-nullable", Bind, Error,
        "primary key column is nullable",
        "A PRIMARY KEY column must be NOT NULL. Flink makes the table's own key columns NOT NULL, \
         but not columns that come from a LIKE source; declare them NOT NULL there.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE base (id BIGINT) WITH ('connector' = 'datagen');\nCREATE TABLE t (PRIMARY KEY (id) NOT ENFORCED) LIKE base;\n```\n\n\
         ## Fix\n\n\
         Declare the column `NOT NULL` in the LIKE source (`id BIGINT NOT NULL`).";
    PartitionColumnUnknown = "B040", "partition-column-unknown", Bind, Error,
        "partition column not defined",
        "PARTITIONED BY names a column the table does not have.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) PARTITIONED BY (dt);\n```\n\n\
         ## Fix\n\n\
         Partition by columns the table has.";
    PartitionColumnNotPhysical = "B041", "partition-column-not-physical", Bind, Error,
        "partition on a computed column",
        "Flink rejects partitioning by a computed column.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (ts TIMESTAMP(3), dt AS CAST(ts AS DATE)) PARTITIONED BY (dt);\n```\n\n\
         ## Fix\n\n\
         Partition by a physical column (store `dt` as a column of its own).";
    InvalidDistribution = "B042", "invalid-distribution", Bind, Error,
        "invalid distribution",
        "DISTRIBUTED BY needs columns the table has and a positive bucket count.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) DISTRIBUTED BY HASH(b) INTO 4 BUCKETS;\n```\n\n\
         ## Fix\n\n\
         Distribute by columns the table has, into a positive number of buckets.";
    LikeSourceNotFound = "B050", "like-source-not-found", Bind, Error,
        "LIKE source table not found",
        "The table named in LIKE does not exist in the catalog at this point of the script.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) LIKE missing;\n```\n\n\
         ## Fix\n\n\
         Create the source table first, or name an existing one.";
    LikeSourceIsView = "B051", "like-source-is-view", Bind, Error,
        "LIKE source is a view",
        "LIKE copies a table's definition; a view has none. Name a table.\n\n\
         ## Example\n\n\
         ```sql\nCREATE VIEW v AS SELECT 1 AS a;\nCREATE TABLE t (b INT) LIKE v;\n```\n\n\
         ## Fix\n\n\
         Name a table in LIKE, not a view.";
    LikeOptionInvalid = "B052", "like-option-invalid", Bind, Error,
        "invalid LIKE option",
        "Each LIKE feature may be given once, and OVERWRITING applies only to GENERATED, METADATA, \
         OPTIONS and WATERMARKS.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE base (a INT) WITH ('connector' = 'datagen');\nCREATE TABLE t (b INT) LIKE base (OVERWRITING CONSTRAINTS);\n```\n\n\
         ## Fix\n\n\
         Give each feature once, with a strategy it allows (`INCLUDING`/`EXCLUDING` for CONSTRAINTS, PARTITIONS and DISTRIBUTION).";
    LikeConflict = "B053", "like-conflict", Bind, Error,
        "conflict with the LIKE source",
        "The new table redefines something the LIKE source already has. Say what to do with the \
         source's definition: EXCLUDING or OVERWRITING the feature.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE base (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');\nCREATE TABLE t (WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) LIKE base;\n```\n\n\
         ## Fix\n\n\
         Say what to do with the source's definition: `LIKE base (OVERWRITING WATERMARKS)` or `(EXCLUDING WATERMARKS)`.";
    TableAlreadyExists = "B060", "table-already-exists", Bind, Error,
        "table already exists",
        "A table or view with this name exists already. Use CREATE TABLE IF NOT EXISTS, CREATE OR \
         REPLACE, or another name.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT);\nCREATE TABLE t (a INT);\n```\n\n\
         ## Fix\n\n\
         Use `CREATE TABLE IF NOT EXISTS`, `CREATE OR REPLACE TABLE`, or another name.";
    DatabaseNotFound = "B061", "database-not-found", Bind, Error,
        "database not created in this script",
        "The database is not in the catalog. Create it first with CREATE DATABASE.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE sales.orders (id BIGINT);\n```\n\n\
         ## Fix\n\n\
         Create the database first (`CREATE DATABASE sales`); `flinkddl check` assumes databases it does not see created exist (a warning) unless `--fresh-session` is given.";
    CatalogNotFound = "B062", "catalog-not-found", Bind, Error,
        "catalog not created in this script",
        "The catalog is not registered. Create it first with CREATE CATALOG.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE lake.sales.orders (id BIGINT);\n```\n\n\
         ## Fix\n\n\
         Create the catalog first (`CREATE CATALOG lake WITH (...)`), or lower this code's severity in `flinkddl.toml` when catalogs are registered outside the scripts.";
    ObjectNotFound = "B063", "object-not-found", Bind, Error,
        "table or view does not exist",
        "The statement names a table or view that does not exist at this point of the script.\n\n\
         ## Example\n\n\
         ```sql\nDROP TABLE missing;\n```\n\n\
         ## Fix\n\n\
         Name an existing table or view, or use `IF EXISTS` where the statement allows it.";
    ObjectAlreadyExists = "B064", "object-already-exists", Bind, Error,
        "object already exists",
        "A catalog, database, view or function with this name exists already.\n\n\
         ## Example\n\n\
         ```sql\nCREATE DATABASE sales;\nCREATE DATABASE sales;\n```\n\n\
         ## Fix\n\n\
         Use `IF NOT EXISTS`, or another name.";
    InvalidIdentifier = "B065", "invalid-identifier", Bind, Error,
        "invalid object name",
        "An object name has 1 to 3 parts: `table`, `database.table` or `catalog.database.table`.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE a.b.c.d (x INT);\n```\n\n\
         ## Fix\n\n\
         Use at most three parts: `catalog.database.table`.";
    ProceduresNotSupported = "B066", "procedures-not-supported", Bind, Error,
        "CALL in a catalog without procedures",
        "`CALL` runs a procedure of a catalog. Flink's default catalog (and every \
         `generic_in_memory` catalog) has no procedures, so Flink fails the statement with \
         \"getProcedure is not implemented for class ...GenericInMemoryCatalog\". Procedures come \
         with catalogs such as Paimon's or Fluss's (`sys.compact`, `sys.add_acl`, ...). When \
         external objects are assumed (`flinkddl check` on one file of a repository) this is a \
         warning: another file may have switched the session's catalog.\n\n\
         ## Example\n\n\
         ```sql\nCALL sys.compact('default.T');\n```\n\n\
         ## Fix\n\n\
         Switch to the catalog that has the procedure first (`USE CATALOG paimon;`), or qualify the \
         procedure with it (`CALL paimon.sys.compact(...)`).";
    DropShadowedByTemporary = "B067", "drop-shadowed-by-temporary", Bind, Error,
        "a temporary object hides the one to drop",
        "`DROP TABLE` and `DROP VIEW` remove a permanent object. While a temporary table (or \
         view) of the same name exists, that name means the temporary one, and Flink refuses to \
         drop the permanent one behind it, even with `IF EXISTS` and even when there is no \
         permanent one.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TEMPORARY TABLE t (a INT) WITH ('connector' = 'datagen');\nDROP TABLE t;\n```\n\n\
         ## Fix\n\n\
         Drop the temporary object with `DROP TEMPORARY TABLE t` (or `DROP TEMPORARY VIEW`), then \
         drop the permanent one if there is one.";
    WrongObjectKind = "B069", "wrong-object-kind", Bind, Error,
        "the statement does not apply to this object",
        "The object exists, but the statement cannot act on it: `SHOW CREATE TABLE` of a view (or \
         `SHOW CREATE VIEW` of a table), `SHOW PARTITIONS` of a table without `PARTITIONED BY`, \
         `DROP DATABASE` of the current database or of one that still holds tables (without \
         `CASCADE`), `DROP CATALOG` of the current catalog. The messages are Flink's.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nSHOW PARTITIONS t;\n```\n\n\
         ## Fix\n\n\
         Use the statement for the object's kind (`SHOW CREATE VIEW`), partition the table, switch \
         to another database or catalog first (`USE ...`), or drop with `CASCADE`.";
    VariantNotReadable = "B068", "variant-not-readable", Bind, Error,
        "a query reads a datagen table with a VARIANT column",
        "Flink 2.3 accepts a `VARIANT` column in a `datagen` table, but its datagen source cannot \
         generate VARIANT values: a query that reads the table (a `CREATE TABLE ... AS SELECT`, a \
         view, an `INSERT ... SELECT` or a `SELECT`) fails with \"Unsupported type: VARIANT\" \
         when it creates the source, even when it does not select the column. Other connectors \
         (filesystem) read VARIANT columns, and a VARIANT made in the query (`PARSE_JSON`) or in a \
         computed column is fine.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE src (id INT, v VARIANT) WITH ('connector' = 'datagen');\nCREATE TABLE t WITH ('connector' = 'blackhole') AS SELECT id FROM src;\n```\n\n\
         ## Fix\n\n\
         Generate text and make the VARIANT from it in a computed column: \
         `s STRING, v AS PARSE_JSON(s)`.";
    InvalidOption = "B070", "invalid-option", Bind, Error,
        "invalid option",
        "WITH options are pairs of character string literals.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = X'6461746167656e');\n```\n\n\
         ## Fix\n\n\
         Write the key and value as character string literals: `'connector' = 'datagen'`.";
    DuplicateMetadataKey = "B071", "duplicate-metadata-key", Bind, Error,
        "metadata key read twice",
        "Two metadata columns read the same metadata key. Keep one.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a STRING METADATA FROM 'topic' VIRTUAL,\n  b STRING METADATA FROM 'topic' VIRTUAL) WITH ('connector' = 'kafka');\n```\n\n\
         ## Fix\n\n\
         Keep one column per metadata key; compute copies (`b AS a`).";
    SourceNotCreatable = "B091", "source-not-creatable", Bind, Error,
        "query reads a table Flink cannot read",
        "A query reads a table Flink cannot build a source for. A view or CREATE TABLE ... AS: \
         the read table's connector options are rejected (no 'connector', a missing required \
         option, an unsupported option, or a sink-only connector); Flink builds the source while \
         it converts the query, so the statement fails at CREATE time. INSERT ... SELECT, a bare \
         SELECT or EXPLAIN: the read table has no 'connector' option at all (other option \
         problems are the connector codes, errors at the statement that uses the table). Fix \
         the read table's WITH options.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE src (a INT) WITH ('connector' = 'blackhole');\nCREATE VIEW v AS SELECT a FROM src;\n```\n\n\
         ## Fix\n\n\
         Fix the WITH options of the table the query reads (here: a connector that can be read, such as `datagen` or `kafka`).";
    SchemaNotDerived = "B090", "schema-not-derived", Bind, Info,
        "schema not derived",
        "flinkddl could not derive this table's schema (for example a CTAS that calls a \
         user-defined function, or reads a table function or MATCH_RECOGNIZE); it is not checked \
         further. This is not an error in your SQL.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE a (x INT) WITH ('connector' = 'datagen');\nCREATE FUNCTION score AS 'com.example.Score';\nCREATE TABLE c WITH ('connector' = 'blackhole') AS SELECT score(x) AS s FROM a;\n```\n\n\
         ## Fix\n\n\
         Nothing to fix: flinkddl does not read this query. Declare the columns (`CREATE TABLE c (x INT) WITH (...) AS SELECT ...`) to have them checked.";
    // ---- expression codes (crates/binder/src/expr) ----
    UnknownQueryColumn = "B110", "query-column-not-found", Bind, Error,
        "column not found in a query",
        "A query names a column that no table, view, CTE or subquery in its FROM clause has \
         (Calcite: \"Column 'x' not found in any table\"), a qualified column that its table \
         lacks (\"Column 'x' not found in table 't'\"), or a window table function's time \
         column that its table lacks (\"Unknown identifier 'x'\"). Names are case-sensitive; \
         Flink adds \"did you mean\" when only the case differs.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE src (id INT, name STRING) WITH ('connector' = 'datagen');\nSELECT idd, name FROM src;\n```\n\n\
         ## Fix\n\n\
         Use a column the FROM items have (here `id`), with the exact case.";
    AmbiguousColumn = "B111", "ambiguous-column", Bind, Error,
        "ambiguous column",
        "An unqualified column name belongs to more than one FROM item of the same query block \
         (Calcite: \"Column 'x' is ambiguous\").\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE a (id INT, v STRING) WITH ('connector' = 'datagen');\nCREATE TABLE b (id INT, w STRING) WITH ('connector' = 'datagen');\nSELECT id FROM a JOIN b ON a.id = b.id;\n```\n\n\
         ## Fix\n\n\
         Qualify the column with its table or alias (`a.id`), or join with `USING (id)`.";
    UnknownQueryTable = "B112", "query-table-not-found", Bind, Error,
        "qualifier names no FROM item",
        "A qualified name `t.c` in a query uses a qualifier that is neither a FROM item's alias \
         nor its table name (Calcite: \"Table 't' not found\"). Once a table has an alias, only \
         the alias qualifies its columns.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE orders (id INT) WITH ('connector' = 'datagen');\nSELECT orders.id FROM orders AS o;\n```\n\n\
         ## Fix\n\n\
         Qualify with the alias (`o.id`) or with a FROM item in scope.";
    SetOperationColumnCount = "B113", "set-operation-column-count", Bind, Error,
        "set operation branches differ in width",
        "The branches of UNION, INTERSECT or EXCEPT select different numbers of columns \
         (Calcite: \"Column count mismatch in UNION ALL\").\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE a (x INT, y INT) WITH ('connector' = 'datagen');\nSELECT x, y FROM a UNION ALL SELECT x FROM a;\n```\n\n\
         ## Fix\n\n\
         Select the same number of columns in every branch (add `CAST(NULL AS type)` for a missing one).";
    InsertColumnCount = "B114", "insert-column-count", Bind, Error,
        "INSERT query and target differ in width",
        "An INSERT's query selects more or fewer columns than its target takes: with a column \
         list, Calcite's \"Number of columns must match number of query columns\"; without \
         one, the planner's \"Column types of query result and sink for '...' do not match. \
         Cause: Different number of columns.\" The sink takes its physical and persisted \
         metadata columns, in order; computed and VIRTUAL metadata columns are not written.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE src (id INT, name STRING) WITH ('connector' = 'datagen');\nCREATE TABLE snk (id INT, n STRING) WITH ('connector' = 'blackhole');\nINSERT INTO snk SELECT id FROM src;\n```\n\n\
         ## Fix\n\n\
         Select one value per sink column, or name the target columns (`INSERT INTO snk (id) SELECT ...`).";
    UnknownTargetColumn = "B115", "unknown-target-column", Bind, Error,
        "INSERT names a column it cannot write",
        "A column in an INSERT's target list is not a writable column of the table (Calcite: \
         \"Unknown target column 'c'\"): it does not exist, or it is a computed column or a \
         VIRTUAL metadata column, which are read-only.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE src (id INT) WITH ('connector' = 'datagen');\nCREATE TABLE snk (id INT, c AS id + 1) WITH ('connector' = 'blackhole');\nINSERT INTO snk (id, c) SELECT id, id FROM src;\n```\n\n\
         ## Fix\n\n\
         Name only physical and persisted metadata columns.";
    NotGrouped = "B116", "not-grouped", Bind, Error,
        "column neither grouped nor aggregated",
        "In a query with GROUP BY (or an aggregate in its select list, or HAVING), every column \
         outside an aggregate call must be one of the grouped expressions (Calcite: \"Expression \
         'x' is not being grouped\"). Flink checks the select list after HAVING.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE s (k STRING, v INT, w INT) WITH ('connector' = 'datagen');\nSELECT k, w, SUM(v) FROM s GROUP BY k;\n```\n\n\
         ## Fix\n\n\
         Add the column to GROUP BY, or aggregate it (`MAX(w)`).";
    AggregateInWhere = "B117", "aggregate-in-where", Bind, Error,
        "aggregate in WHERE",
        "WHERE filters rows before they are grouped, so it cannot use an aggregate (Calcite: \
         \"Aggregate expression is illegal in WHERE clause\").\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE s (k STRING, v INT) WITH ('connector' = 'datagen');\nSELECT k FROM s WHERE COUNT(v) > 1 GROUP BY k;\n```\n\n\
         ## Fix\n\n\
         Move the condition to HAVING (`GROUP BY k HAVING COUNT(v) > 1`).";
    ViewColumnCount = "B118", "view-column-count", Bind, Error,
        "view column list does not match its query",
        "A view's column list renames the query's columns one by one, so it must name exactly as \
         many columns as the query gives (Flink: \"VIEW definition and input fields not match\").\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE s (a INT, b INT) WITH ('connector' = 'datagen');\nCREATE VIEW v (x) AS SELECT a, b FROM s;\n```\n\n\
         ## Fix\n\n\
         Name one column per query column (`CREATE VIEW v (x, y) AS ...`), or select fewer columns.";
    ValuesIncompatible = "B119", "values-incompatible", Bind, Error,
        "VALUES rows do not match",
        "Every row of VALUES must have as many values as the first, and each column must have one \
         common type (Calcite: \"Values passed to VALUES operator must have compatible types\").\n\n\
         ## Example\n\n\
         ```sql\nSELECT * FROM (VALUES (1, 'a'), (2)) AS v(n, s);\n```\n\n\
         ## Fix\n\n\
         Give every row the same number of values (`(2, 'b')`), and CAST values whose types do not mix.";
    SetOperationTypeMismatch = "B120", "set-operation-type-mismatch", Bind, Error,
        "set operation branches of different types",
        "The branches of UNION, INTERSECT and EXCEPT must have one common type per column: numbers \
         mix with numbers and strings with strings, but a number does not meet a BOOLEAN or a \
         string a TIMESTAMP (Calcite: \"Type mismatch in column n of UNION\").\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE s (a INT, b BOOLEAN) WITH ('connector' = 'datagen');\nSELECT a FROM s UNION ALL SELECT b FROM s;\n```\n\n\
         ## Fix\n\n\
         CAST the column of one branch to the other's type (`CAST(b AS INT)`), or select a column of the same type.";
    IllegalNull = "B121", "illegal-null", Bind, Error,
        "untyped NULL",
        "A bare `NULL` has no type, so it cannot stand where a query row gets its type from its \
         values: in VALUES and in the branches of a set operation (Calcite: \"Illegal use of 'NULL'\").\n\n\
         ## Example\n\n\
         ```sql\nVALUES (1, NULL), (2, 'x');\n```\n\n\
         ## Fix\n\n\
         Give it a type: `CAST(NULL AS STRING)`.";
    InOperandsIncompatible = "B122", "in-operands-incompatible", Bind, Error,
        "IN compares values that do not compare",
        "The value left of IN must compare with the values on its right: as many values as the \
         subquery selects, and types that compare (a string compares with any scalar; a number \
         does not compare with a BOOLEAN or a TIMESTAMP). Calcite: \"Values passed to IN operator \
         must have compatible types\".\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE s (a INT, b STRING) WITH ('connector' = 'datagen');\nSELECT a FROM s WHERE a IN (SELECT a, b FROM s);\n```\n\n\
         ## Fix\n\n\
         Select one column in the subquery (or as many as the row on the left has), of a type that compares.";
    ColumnAliasCount = "B123", "column-alias-count", Bind, Error,
        "column aliases do not match the table",
        "A FROM item's alias list (`AS t(a, b)`) renames its columns one by one, so it must name \
         exactly as many as the item has (Calcite: \"List of column aliases must have same degree \
         as table\").\n\n\
         ## Example\n\n\
         ```sql\nSELECT * FROM (VALUES (1, 2)) AS v(x);\n```\n\n\
         ## Fix\n\n\
         Name one alias per column (`AS v(x, y)`).";
    UnknownColumn = "B100", "unknown-column", Bind, Error,
        "unknown column",
        "The expression names a column that is not in scope. Computed columns may use physical and \
         metadata columns only, not other computed columns; names are case-sensitive.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (price INT, total AS price * qty);\n```\n\n\
         ## Fix\n\n\
         Name a physical or metadata column of the table (names are case-sensitive); computed columns cannot use other computed columns.";
    UnknownFunction = "B101", "unknown-function", Bind, Error,
        "unknown function",
        "No built-in or catalog function has this name.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a STRING, b AS TO_UPPER(a));\n```\n\n\
         ## Fix\n\n\
         Use a built-in function (`UPPER(a)`) or create the function first (`CREATE FUNCTION`).";
    NoMatchingSignature = "B102", "no-matching-signature", Bind, Error,
        "no function signature matches",
        "The function exists but not for these argument types or this number of arguments.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a STRING, b AS UPPER(a, a));\n```\n\n\
         ## Fix\n\n\
         Call the function with arguments it takes; `flinkddl explain` lists none, Flink's documentation lists the signatures.";
    InvalidCast = "B103", "invalid-cast", Bind, Error,
        "cast not supported",
        "Flink cannot cast between these types.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a BOOLEAN, b AS CAST(a AS DATE));\n```\n\n\
         ## Fix\n\n\
         Cast between types Flink can convert, or convert in steps (`CAST(CAST(a AS STRING) AS ...)`).";
    IncompatibleTypes = "B104", "incompatible-types", Bind, Error,
        "incompatible operand types",
        "The operator cannot be applied to operands of these types.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, b AS a || 'x');\n```\n\n\
         ## Fix\n\n\
         Convert an operand first: `CAST(a AS STRING) || 'x'`.";
    InvalidExpressionLiteral = "B105", "invalid-expression-literal", Bind, Error,
        "invalid literal",
        "The literal is not valid here: out of range, an odd number of hex digits, or a string \
         continued on the same line.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, b AS X'ABC');\n```\n\n\
         ## Fix\n\n\
         Write a valid literal: an even number of hex digits, a number in range.";
    InvalidExpression = "B106", "invalid-expression", Bind, Error,
        "invalid expression",
        "Flink rejects this expression in a computed column or watermark.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, b AS SUM(MAX(a)));\n```\n\n\
         ## Fix\n\n\
         Rewrite the expression in a form Flink accepts; aggregates belong in queries, not in computed columns.";
    ExpressionNotTyped = "B107", "expression-not-typed", Bind, Info,
        "expression type not derived",
        "flinkddl does not know the type of this expression yet; the column is not checked \
         further. This is not an error in your SQL.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a TIMESTAMP(3), b TIMESTAMP(3), d AS (a - b) SECOND);\n```\n\n\
         ## Fix\n\n\
         Nothing to fix: this is what flinkddl cannot check yet. Flink decides at CREATE TABLE.";
    // ---- end expression codes ----
    // ---- connector codes (crates/connectors) ----
    UnknownConnectorOption = "C001", "unknown-connector-option", Lint, Error,
        "option not known to the connector",
        "The connector and its format do not define this option; Flink fails with \"Unsupported \
         options found\" when the table is first used. Check the spelling; Kafka client settings \
         go under `properties.`.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'kafka', 'topic' = 't',\n  'bootstrap.servers' = 'broker:9092', 'format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Correct the key (the did-you-mean help and quick fix name the closest one); Kafka client settings go under `properties.` (`'properties.bootstrap.servers'`).";
    MissingRequiredOption = "C002", "missing-required-option", Lint, Error,
        "required option missing",
        "The connector needs this option; Flink fails with \"One or more required options are \
         missing\" when the table is first used.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'kafka',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Add the missing option (here `'topic' = '...'` or `'topic-pattern' = '...'`).";
    InvalidOptionValue = "C003", "invalid-option-value", Lint, Error,
        "option value not valid",
        "The value does not parse as the option's type (an integer, a boolean, one of the allowed \
         values, a duration such as '5 s' or '1 min', a memory size such as '64 mb').\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'kafka', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'json',\n  'scan.startup.mode' = 'earliest');\n```\n\n\
         ## Fix\n\n\
         Write a value of the option's type; the message lists the allowed values (`'earliest-offset'`).";
    ConflictingOptions = "C004", "conflicting-options", Lint, Error,
        "options that exclude each other",
        "These options cannot be used together (for example `topic` and `topic-pattern`).\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'kafka', 'topic' = 't', 'topic-pattern' = 't.*',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Keep one of the options.";
    MissingDependentOption = "C005", "missing-dependent-option", Lint, Error,
        "option needs another option",
        "This option only works together with another one that is missing.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'kafka', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'json',\n  'scan.startup.mode' = 'timestamp');\n```\n\n\
         ## Fix\n\n\
         Add the option it needs (here `'scan.startup.timestamp-millis'`), or remove it.";
    FormatOptionMismatch = "C006", "format-option-mismatch", Lint, Warning,
        "format option without its format",
        "A format option is prefixed with a format the table does not use, or lacks its format \
         prefix.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'filesystem', 'path' = '/data/t',\n  'format' = 'json', 'ignore-parse-errors' = 'true');\n```\n\n\
         ## Fix\n\n\
         Prefix the option with its format (`'json.ignore-parse-errors'`; the quick fix does), or remove options of formats the table does not use.";
    ConnectorNeedsPrimaryKey = "C007", "connector-needs-primary-key", Lint, Error,
        "connector needs a primary key",
        "This connector (for example upsert-kafka) requires a PRIMARY KEY ... NOT ENFORCED.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (id BIGINT, v STRING) WITH ('connector' = 'upsert-kafka', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'key.format' = 'json', 'value.format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Declare the key: `PRIMARY KEY (id) NOT ENFORCED`.";
    UnknownMetadataKey = "C008", "unknown-metadata-key", Lint, Error,
        "metadata key not offered",
        "Neither the connector nor its format offers this metadata key.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, h STRING METADATA FROM 'host') WITH ('connector' = 'kafka', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Use a key the connector or its format offers (`flinkddl` lists them in the help), e.g. `'topic'`, `'partition'`, `'offset'`, `'timestamp'`, `'headers'` for Kafka.";
    MetadataTypeMismatch = "C009", "metadata-type-mismatch", Lint, Error,
        "metadata column type does not fit",
        "The metadata key's type cannot be cast to the column's declared type.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, ts BOOLEAN METADATA FROM 'timestamp') WITH ('connector' = 'kafka', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Declare the metadata key's type, or one it can be cast to (`ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'`).";
    ReadOnlyMetadataNotVirtual = "C010", "read-only-metadata-not-virtual", Lint, Warning,
        "read-only metadata column is not VIRTUAL",
        "The connector can read this metadata key but not write it; declare the column VIRTUAL or \
         the table cannot be used as a sink.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT, off BIGINT METADATA FROM 'offset') WITH ('connector' = 'kafka', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Add `VIRTUAL` after the metadata clause.";
    UnknownConnector = "C011", "unknown-connector", Lint, Info,
        "connector not in the catalogue",
        "flinkddl does not know this connector, so its options are not checked. Describe in-house \
         connectors in a connectors file and list it under `connectors` in `flinkddl.toml`.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'acme-queue', 'queue' = 'orders');\n```\n\n\
         ## Fix\n\n\
         Nothing, if the connector is yours: describe it in a connectors file (`docs/connectors.md`, \"User connectors\") and list it in `flinkddl.toml` (`connectors = [\"connectors/acme.toml\"]`) to have its options checked. Otherwise correct the identifier (the help suggests the closest one).";
    ConnectorSchemaMismatch = "C012", "connector-schema-mismatch", Lint, Error,
        "options do not fit the schema",
        "An option names columns the table does not have, or the connector needs a schema shape \
         the table lacks (for example `raw` needs exactly one physical column).\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (id BIGINT, v STRING) WITH ('connector' = 'kafka', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'key.format' = 'json', 'key.fields' = 'user_id',\n  'value.format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Name physical columns the table has (`'key.fields' = 'id'`), or give the table the shape the connector needs.";
    ConnectorCannotWrite = "C013", "connector-cannot-write", Lint, Error,
        "the script writes a table whose connector can only be read",
        "An INSERT (or CREATE TABLE ... AS) in the script writes a table whose connector is a \
         source only, such as `datagen`. Flink accepts the CREATE TABLE and fails when it plans \
         the write: \"Connector 'datagen' can only be used as a source. It cannot be used as a \
         sink.\" (checked with real Flink 2.3).\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE gen (a INT) WITH ('connector' = 'datagen');\n\
         INSERT INTO gen SELECT 1;\n\
         ```\n\n\
         ## Fix\n\n\
         Write into a table whose connector can be written (`kafka`, `filesystem`, `jdbc`, \
         `print`, `blackhole`, ...), or read from the source-only table instead.";
    ConnectorCannotRead = "C014", "connector-cannot-read", Lint, Error,
        "the script reads a table whose connector can only be written",
        "A query, INSERT ... SELECT or EXPLAIN in the script reads a table whose connector is a \
         sink only, such as `print` or `blackhole`. Flink accepts the CREATE TABLE and fails \
         when it builds the statement's source: \"Connector 'print' can only be used as a sink. \
         It cannot be used as a source.\" (checked with real Flink 2.3). That failure is the \
         statement's verdict, `B091`; this finding marks the read when the statement already \
         fails for another reason first (Flink would report that one, and the unreadable table \
         next), so that every mistake is shown at once.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE console (a INT) WITH ('connector' = 'print');\n\
         SELECT b FROM console;\n\
         ```\n\n\
         ## Fix\n\n\
         Read from a table whose connector can be read (`kafka`, `filesystem`, `jdbc`, \
         `datagen`, ...); a sink-only table can only be the target of an INSERT.";
    ConnectorTypo = "C015", "connector-typo", Lint, Warning,
        "unknown connector or format close to a known one",
        "The connector (or format) identifier is not in the catalogue but is a small edit away \
         from one that is: most likely a typo. Flink fails with \"Could not find any factory for \
         identifier\" when the table is first used. A connector or format declared in a \
         connectors file (`connectors` in `flinkddl.toml`) is known, and gets no warning.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'kafka', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'jsn');\n```\n\n\
         ## Fix\n\n\
         Write the identifier the help names (the quick fix does): `'format' = 'json'`. If it is \
         an in-house connector or format, describe it in a connectors file.";
    LegacyConnector = "C016", "legacy-connector", Lint, Warning,
        "connector identifier or option style Flink 2.x no longer has",
        "The identifier is one of an older Flink (`kafka-0.11`, `elasticsearch-6`, ...), or the \
         table uses the Flink 1.10 property style (`'connector.type' = 'kafka'`, \
         `'connector.topic'`, `'format.type'`), which Flink 2.x does not read: it finds no \
         connector and fails when the table is first used. The message names the Flink 2.x \
         replacement; it is an error when the script reads or writes the table.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (a INT) WITH ('connector' = 'kafka-0.11', 'topic' = 't',\n  'properties.bootstrap.servers' = 'broker:9092', 'format' = 'json');\n```\n\n\
         ## Fix\n\n\
         Use the Flink 2.x identifier (`'connector' = 'kafka'`) and the new-style keys \
         (`'topic'`, `'properties.bootstrap.servers'`, `'format'`).";
    // ---- end connector codes ----
    // ---- file and lint codes (crates/cli, crates/lint) ----
    NotUtf8 = "F001", "not-utf8", Syntax, Error,
        "file is not UTF-8",
        "flinkddl reads SQL files as UTF-8, as Flink's SQL client does, and this file holds a byte \
         sequence that is not UTF-8 (the diagnostic points at the first one). The file is not \
         checked further.\n\n\
         ## Fix\n\n\
         Convert the file to UTF-8, e.g. `iconv -f latin1 -t utf-8 in.sql > out.sql`. A UTF-8 \
         byte order mark and CRLF line ends are fine.\n\n\
         ## Example\n\n\
         ```text\n$ printf 'CREATE TABLE caf\\xe9 (a INT);' > latin1.sql && flinkddl check latin1.sql\n```";
    Unreadable = "F002", "unreadable", Syntax, Error,
        "file cannot be read",
        "The path was named on the command line (or found in a directory) but could not be read: \
         it does not exist, permission is denied, or it is not a regular file. The message gives \
         the operating system's reason. The other files are still checked.\n\n\
         ## Example\n\n\
         ```text\n$ flinkddl check missing.sql\n```\n\n\
         ## Fix\n\n\
         Correct the path, the permissions, or what the path names (a regular file).";
    InternalError = "F003", "internal-error", Syntax, Error,
        "flinkddl failed on this file",
        "flinkddl hit an internal error (a bug) while checking this file, so the file was not \
         checked; the other files were. Please report it with the file, or a smaller text that \
         shows the same message.\n\n\
         ## Example\n\n\
         ```text\n(any file that makes flinkddl fail)\n```\n\n\
         ## Fix\n\n\
         Report it; the other files' results are complete.";
    PrecisionClamped = "L001", "precision-clamped", Lint, Warning,
        "precision silently reduced",
        "Flink accepts some out-of-range precisions and silently stores a smaller one: \
         `TIME(p)` with p > 3 becomes `TIME(3)`, `TIMESTAMP(p)` and `TIMESTAMP_LTZ(p)` with \
         p > 9 become precision 9, and `DECIMAL(p, s)` with p > 38 becomes `DECIMAL(38, s)`. \
         The column then holds less than the DDL says.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE t (t9 TIME(9), amount DECIMAL(40, 2));\n\
         ```\n\n\
         ## Fix\n\n\
         Write the precision Flink stores (`TIME(3)`, `DECIMAL(38, 2)`), or use a type that \
         holds what you need (`TIMESTAMP(9)` for nanoseconds of a time of day, `STRING` for \
         numbers beyond 38 digits).";
    DuplicateOptionKey = "L002", "duplicate-option-key", Lint, Warning,
        "option given twice",
        "The same key appears twice in a `WITH (...)` or `SET (...)` list. Flink keeps the last \
         value and says nothing, so the first one is dead and often the one the author meant. Keys \
         are case-sensitive: `'Connector'` and `'connector'` are two different keys.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE t (a INT) WITH ('connector' = 'kafka', 'topic' = 'a', 'topic' = 'b');\n\
         ```\n\n\
         ## Fix\n\n\
         Remove the entry you do not want; the quick fix removes the earlier one, which is the one \
         Flink ignores.";
    NullablePrimaryKeyColumn = "L003", "nullable-primary-key-column", Lint, Warning,
        "primary key column declared NULL",
        "A column written `NULL` (nullable) is part of the PRIMARY KEY. Flink silently makes every \
         primary key column NOT NULL, so the table does not have the type the DDL says.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE t (id INT NULL, PRIMARY KEY (id) NOT ENFORCED);\n\
         ```\n\n\
         ## Fix\n\n\
         Write `NOT NULL` (or nothing) after the key column's type.";
    RowFieldCommentDropped = "L004", "row-field-comment-dropped", Lint, Warning,
        "ROW field comment is dropped",
        "A field of a `ROW<...>` (or `STRUCTURED<...>`) type has a comment, \
         `ROW<a INT 'the a'>`. Flink parses it and then drops it: it is not stored in the \
         catalog, not shown by DESCRIBE and not printed by SHOW CREATE TABLE.\n\n\
         ## Fix\n\n\
         Describe the fields in the column's `COMMENT` instead, or remove the field comment.\n\n\
         ## Example\n\n\
         ```sql\nCREATE TABLE t (r ROW<a INT 'the a', b STRING>);\n```";
    DuplicatePartitionKey = "L005", "duplicate-partition-key", Lint, Warning,
        "column partitioned on twice",
        "`PARTITIONED BY` names the same column twice. Flink accepts it and stores the duplicate \
         key, which connectors then see twice.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE t (a INT, dt STRING) PARTITIONED BY (dt, dt);\n\
         ```\n\n\
         ## Fix\n\n\
         Remove the repeated name (the quick fix does).";
    AggregateInComputedColumn = "L006", "aggregate-in-computed-column", Lint, Warning,
        "aggregate function in a computed column",
        "A computed column (or watermark) calls an aggregate function such as `SUM`, `COUNT` or \
         `MAX`. Flink accepts this at CREATE TABLE, but every query that reads the table fails \
         when it is planned (\"Unsupported call: SUM(INT)\"): a computed column is evaluated row \
         by row.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE t (price INT, total AS SUM(price));\n\
         ```\n\n\
         ## Fix\n\n\
         Compute the aggregate in the query that reads the table (`SELECT SUM(price) FROM t`), \
         or in a view.";
    WatermarkNeverAdvances = "L007", "watermark-never-advances", Lint, Warning,
        "watermark expression is constant",
        "The watermark expression uses no column and no time function, so it has the same value \
         for every row and event time never advances: windows and temporal joins on this table \
         never fire.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE t (ts TIMESTAMP(3),\n  WATERMARK FOR ts AS TIMESTAMP '2024-01-01 00:00:00');\n\
         ```\n\n\
         ## Fix\n\n\
         Derive the watermark from the rowtime column, e.g. \
         `WATERMARK FOR ts AS ts - INTERVAL '5' SECOND`.";
    NonDeterministicComputedColumn = "L008", "non-deterministic-computed-column", Lint, Warning,
        "non-deterministic function in a computed column of a changelog table",
        "A computed column calls a function that gives another value each time it is evaluated \
         (`RAND()`, `RAND_INTEGER(n)`, `UUID()`, `NOW()`, `CURRENT_TIMESTAMP`, `LOCALTIMESTAMP`, \
         `CURRENT_DATE`, `UNIX_TIMESTAMP()`, ...) on a table that reads a changelog: a CDC \
         format (`debezium-json`, `canal-json`, `maxwell-json`, `ogg-json`, \
         `debezium-avro-confluent`) or a changelog connector (`upsert-kafka`, `mysql-cdc`, \
         `postgres-cdc`, ...).\n\n\
         Flink 2.3 accepts the table and plans queries over it (checked with real Flink: the \
         default `table.optimizer.non-deterministic-update.strategy` is `IGNORE`). But the column \
         is computed anew for every change row, so an update's retraction (`-U`, `-D`) carries \
         another value than the row it retracts. Aggregations, joins, deduplication and upsert \
         sinks downstream then cannot retract what they stored, and results drift. On an \
         insert-only source (`ingested_at AS NOW()` on Kafka with `json`) the column is fine and \
         is not reported; neither is `PROCTIME()`.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE orders (id BIGINT, amount INT, tag AS UUID())\n\
         WITH ('connector' = 'filesystem', 'path' = '/data/orders', 'format' = 'debezium-json');\n\
         ```\n\n\
         ## Fix\n\n\
         Take the value from the change itself: a column of the source database, or a metadata \
         column such as the change's timestamp (`ts TIMESTAMP_LTZ(3) METADATA FROM \
         'value.source.timestamp' VIRTUAL` on Kafka with `debezium-json`). Or compute it in a \
         query over an insert-only stream.";
    RowtimeShadowed = "L009", "rowtime-shadowed", Lint, Warning,
        "computed column shadows the rowtime",
        "A computed column stands where queries will look for the event time, but it is not the \
         rowtime the watermark is declared on. Flink 2.3 accepts the table (checked with real \
         Flink), and then:\n\n\
         - a computed copy of the rowtime (`ts_local AS ts + INTERVAL '8' HOUR`, `CAST(ts AS \
         TIMESTAMP(3))`) is a plain TIMESTAMP, not a time attribute, so a window on it fails: \
         \"The window function requires the timecol is a time attribute type, but is \
         TIMESTAMP(3)\" (window TVFs), \"Window aggregate can only be defined over a time \
         attribute column\" (group windows), \"Non-time attribute sort is not supported for \
         bounded OVER window\" (OVER);\n\
         - names are case-sensitive, so `TS AS ...` beside the rowtime `ts` is another column, \
         with the same failures;\n\
         - `CREATE TABLE t2 (ts AS ...) LIKE base (OVERWRITING GENERATED)` (or EXCLUDING \
         GENERATED and a new `ts`), where `base` declares `WATERMARK FOR ts`: the inherited \
         watermark silently applies to the new definition of `ts`, an expression written for \
         another column.\n\n\
         ## Example\n\n\
         ```sql\n\
         CREATE TABLE clicks (\n  url STRING,\n  ts TIMESTAMP(3),\n  ts_local AS ts + INTERVAL '8' HOUR,\n  \
         WATERMARK FOR ts AS ts - INTERVAL '5' SECOND\n) WITH ('connector' = 'datagen');\n\
         ```\n\n\
         ## Fix\n\n\
         Window on the rowtime (`ts`) and shift the result, or declare the watermark on the \
         column queries use (`WATERMARK FOR ts_local AS ts_local - INTERVAL '5' SECOND`). After \
         LIKE, restate the watermark with OVERWRITING WATERMARKS when the new column is meant to \
         be the event time, or give the column another name.";
    InvalidSuppression = "L090", "invalid-suppression", Lint, Warning,
        "suppression comment not understood",
        "A `-- flinkddl: ignore[...]` comment names a code that does not exist, names no code, or \
         names a syntax or file code (those cannot be silenced: a file that does not parse is \
         never passed silently). The comment silences nothing else.\n\n\
         ## Syntax\n\n\
         ```sql\n\
         -- flinkddl: ignore[L002]              (on its own line: the next statement or line)\n\
         CREATE TABLE t (a INT NULL PRIMARY KEY NOT ENFORCED) -- flinkddl: ignore[nullable-primary-key-column]\n\
         ```\n\n\
         Codes or names are separated by commas. On its own line before a statement the comment \
         silences that whole statement; on its own line inside a statement, the next line; after \
         code, its own line. `-- flinkddl: ignore-file[L004]`, anywhere in the file, silences the \
         code in the whole file.\n\n\
         ## Example\n\n\
         ```sql\n-- flinkddl: ignore[L999]\nCREATE TABLE t (a INT);\n```\n\n\
         ## Fix\n\n\
         Name codes (`L002`) or names (`duplicate-option-key`) that `flinkddl explain` lists, and not syntax or file codes.";
    UnusedSuppression = "L091", "unused-suppression", Lint, Warning,
        "suppression comment silences nothing",
        "A `-- flinkddl: ignore[...]` (or `ignore-file[...]`) comment names a code that is not \
         reported where the comment applies, so the comment silences nothing (as ruff's unused \
         `noqa`). It is left over from a mistake fixed since, or it is in the wrong place and the \
         diagnostic it was meant for is still reported. A comment is not judged where an error \
         stopped the checks that could report its codes: in a statement with a syntax or bind \
         error, or anywhere in a file with a syntax error.\n\n\
         ## Example\n\n\
         ```sql\n-- flinkddl: ignore[L002]\nCREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n```\n\n\
         ## Fix\n\n\
         Remove the comment (the quick fix does), or the codes that are not reported from its \
         list; move it to the line or statement of the diagnostic it is meant for.";
}

impl Code {
    pub fn as_str(self) -> &'static str {
        self.info().code
    }

    /// Looks a code up by its code (`S005`) or its name (`unexpected-token`).
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.info().code.eq_ignore_ascii_case(text) || c.info().name == text)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Code::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown code {text}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            assert!(
                seen.insert(c.info().code),
                "duplicate code {}",
                c.info().code
            );
            assert!(
                seen.insert(c.info().name),
                "duplicate name {}",
                c.info().name
            );
            assert_eq!(Code::parse(c.info().name), Some(*c));
        }
    }
}
