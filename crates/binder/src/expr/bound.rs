//! The typed tree node the binder builds bottom-up ([`Bound`]), the way a binding step fails
//! ([`Fail`]), and Calcite's unparse rules (operator precedences and parentheses).

use flinkddl_diagnostics::{Code, Diagnostic, Message, Span};
use flinkddl_types::DataType;

/// What a literal operand was, for the checks that need the value (precisions, units, NULL).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Lit {
    /// Not a literal.
    No,
    /// The untyped `NULL`.
    Null,
    /// `CAST(NULL AS T)`: typed NULL.
    CastNull,
    /// An exact integer literal, with its value (sign applied) when it fits (a literal out of
    /// BIGINT's range is rejected).
    Int(Option<i64>),
    /// A decimal literal (`1.5`).
    Decimal,
    /// An approximate literal (`1E3`).
    Approx,
    /// A character string literal, with its value (inline when short, as most are: no
    /// allocation per literal).
    Str(compact_str::CompactString),
    /// A binary string literal.
    Bin,
    /// `TRUE` / `FALSE`.
    Bool(bool),
    /// `UNKNOWN`.
    Unknown,
    /// A datetime or interval literal.
    Other,
}

/// A bound (validated and typed) expression.
#[derive(Debug, Clone)]
pub(crate) struct Bound {
    /// Flink's type of the expression.
    pub ty: DataType,
    /// The expression as Flink stores it, without outer parentheses.
    pub sql: String,
    /// Calcite's (left, right) precedence of the top operator, for calls printed with operator
    /// syntax; `None` for atoms and function-call syntax, which never need parentheses.
    pub prec: Option<(u32, u32)>,
    pub lit: Lit,
    pub span: Span,
    /// Calcite's name of the type when it differs from what the Flink type prints as (interval
    /// literals are `INTERVAL DAY` for Calcite, `INTERVAL SECOND(3)` for Flink).
    pub calcite_type: Option<Box<str>>,
    /// The expression holds an aggregate that is NULL over an empty input: NOT NULL as
    /// validated, but nullable for the functions whose type Flink re-infers from the plan.
    pub plan_nullable: bool,
}

impl Bound {
    pub fn new(ty: DataType, sql: String, span: Span) -> Self {
        Bound {
            ty,
            sql,
            prec: None,
            lit: Lit::No,
            span,
            calcite_type: None,
            plan_nullable: false,
        }
    }

    pub fn with_prec(mut self, left: u32, right: u32) -> Self {
        self.prec = Some((left, right));
        self
    }

    pub fn with_lit(mut self, lit: Lit) -> Self {
        self.lit = lit;
        self
    }

    /// True for the untyped `NULL` literal.
    pub fn is_null_lit(&self) -> bool {
        self.lit == Lit::Null
    }

    /// True for any literal, including `CAST(NULL AS T)`.
    pub fn is_literal(&self) -> bool {
        !matches!(self.lit, Lit::No)
    }

    /// The integer value of an exact integer literal.
    pub fn int_value(&self) -> Option<i128> {
        match self.lit {
            Lit::Int(v) => v.map(i128::from),
            _ => None,
        }
    }

    /// The text of this operand inside a call of precedences `(left, right)`, with the
    /// parentheses Calcite's `SqlCall.unparse` adds.
    pub fn unparse(&self, left: u32, right: u32) -> String {
        if !text_wanted() {
            return String::new();
        }
        match self.prec {
            Some((l, r)) if left > l || (r <= right && right != 0) => format!("({})", self.sql),
            _ => self.sql.clone(),
        }
    }
}

/// Calcite's operator precedences (`SqlStdOperatorTable`), as (left, right) pairs.
pub(crate) mod prec {
    pub const OR: (u32, u32) = (22, 23);
    pub const AND: (u32, u32) = (24, 25);
    pub const NOT: (u32, u32) = (26, 27);
    pub const POSTFIX_IS: (u32, u32) = (28, 29);
    pub const COMPARISON: (u32, u32) = (30, 31);
    pub const BETWEEN: (u32, u32) = (33, 32);
    pub const LIKE: (u32, u32) = (33, 32);
    pub const IN: (u32, u32) = (32, 33);
    pub const PLUS: (u32, u32) = (40, 41);
    pub const TIMES: (u32, u32) = (60, 61);
    pub const CONCAT: (u32, u32) = (60, 61);
    pub const PREFIX: (u32, u32) = (80, 81);
    pub const DOT: (u32, u32) = (100, 101);
    pub const ITEM: (u32, u32) = (100, 101);
}

/// Why binding stopped.
#[derive(Debug, Clone)]
pub(crate) enum Fail {
    /// Flink rejects the expression.
    Reject(Vec<Diagnostic>),
    /// We cannot tell.
    NotTyped(String),
}

pub(crate) type BResult<T> = Result<T, Fail>;

/// A rejection with one diagnostic.
pub(crate) fn reject<T>(code: Code, span: Span, message: impl Into<Message>) -> BResult<T> {
    Err(Fail::Reject(vec![Diagnostic::new(code, span, message)]))
}

/// Not typed: an expression we do not model (never an error).
pub(crate) fn not_typed<T>(reason: impl Into<String>) -> BResult<T> {
    Err(Fail::NotTyped(reason.into()))
}

thread_local! {
    /// False while an expression is typed for its type alone ([`without_text`]).
    static TEXT_WANTED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Whether the stored texts are wanted. A query's expressions are typed for their type only
/// (their text is stored nowhere): the builders of the common nodes (operators, calls,
/// column references, casts, CASE) then leave it empty. Literals keep theirs (a check reads
/// a literal's text), and messages are built from a second binding with the texts.
pub(crate) fn text_wanted() -> bool {
    TEXT_WANTED.with(std::cell::Cell::get)
}

/// Runs `f` with the stored texts left out ([`text_wanted`] false), restoring the setting
/// after it.
pub(crate) fn without_text<T>(f: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            TEXT_WANTED.with(|t| t.set(self.0));
        }
    }
    let _restore = Restore(TEXT_WANTED.with(|t| t.replace(false)));
    f()
}

/// The stored text `build` makes when texts are wanted; else empty, and nothing is formatted.
pub(crate) fn stored(build: impl FnOnce() -> String) -> String {
    if text_wanted() {
        build()
    } else {
        String::new()
    }
}

/// `CAST(<operand> AS <type>)` text.
pub(crate) fn cast_text(operand: &Bound, type_text: &str) -> String {
    if !text_wanted() {
        return String::new();
    }
    format!("CAST({} AS {})", operand.unparse(0, 0), type_text)
}

/// Comma-separated operand texts inside a function call.
pub(crate) fn join_args(args: &[Bound]) -> String {
    if !text_wanted() {
        return String::new();
    }
    args.iter()
        .map(|a| a.unparse(0, 0))
        .collect::<Vec<_>>()
        .join(", ")
}
