//! flinkddl-syntax: the lexer, the resilient parser and the typed AST of Flink SQL scripts.
//!
//! [`parse`] turns any text into a [`Parse`]: a [`ast::Script`] with a byte span on every node,
//! the tokens, and every syntax error found in one pass. It never fails, never panics and bounds
//! its recursion ([`MAX_DEPTH`]). It knows Flink's grammar (parserImpls.ftl on Calcite with
//! `Lex.JAVA`) and its keyword classes, and nothing of Flink's semantics: types are not
//! resolved, names not looked up, query bodies only delimited. That is the binder's job.

pub mod ast;
mod chunks;
mod grammar;
pub mod keywords;
pub mod lexer;
mod parser;

pub use chunks::{parse_in_chunks, reparse};
pub use flinkddl_diagnostics::{Diagnostic, Span};
pub use keywords::Keyword;
pub use lexer::{lex, Lexed, Token, TokenKind};
pub use parser::MAX_DEPTH;

/// The result of parsing one text. `errors` holds the lexer's and the parser's diagnostics in
/// source order.
#[derive(Debug, Clone)]
pub struct Parse {
    pub script: ast::Script,
    /// Significant tokens, ending with `Eof`.
    pub tokens: Vec<Token>,
    /// Comments, in source order.
    pub trivia: Vec<Token>,
    pub errors: Vec<Diagnostic>,
}

impl Parse {
    /// True when the text has no syntax error.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// The statement `offset` falls in: the last one that starts at or before it (the first
    /// when it is before every statement); `None` in a script of no statement.
    pub fn statement_at(&self, offset: u32) -> Option<usize> {
        let statements = &self.script.statements;
        let after = statements.partition_point(|s| s.span.start <= offset);
        after
            .checked_sub(1)
            .or((!statements.is_empty()).then_some(0))
    }

    /// For each statement, whether a syntax error lies in it: the stages after parsing skip
    /// those statements. One pass over the errors (not one per statement, which is quadratic
    /// on a script of many broken statements).
    pub fn statements_with_errors(&self) -> Vec<bool> {
        let mut broken = vec![false; self.script.statements.len()];
        for d in &self.errors {
            if d.severity == flinkddl_diagnostics::Severity::Error {
                if let Some(slot) = self
                    .statement_at(d.span.start)
                    .and_then(|i| broken.get_mut(i))
                {
                    *slot = true;
                }
            }
        }
        broken
    }

    /// The script, or the errors, for callers that want all-or-nothing.
    pub fn into_result(self) -> Result<ast::Script, Vec<Diagnostic>> {
        if self.errors.is_empty() {
            Ok(self.script)
        } else {
            Err(self.errors)
        }
    }
}

/// Parses a whole script. Never fails: problems are in [`Parse::errors`]. A large text is lexed
/// and parsed in pieces on rayon's threads when there are several ([`parse_in_chunks`]), with
/// the same result.
pub fn parse(text: &str) -> Parse {
    let threads = rayon::current_num_threads();
    if threads > 1 && text.len() >= chunks::PARALLEL_MIN_BYTES {
        // Two pieces per thread: the pieces are not equally hard.
        let pieces = (threads * 2).min(text.len() / chunks::MIN_PIECE_BYTES);
        if let Some(parse) = parse_in_chunks(text, pieces) {
            return parse;
        }
    }
    parse_sequential(text)
}

/// [`parse`] in one piece, on the calling thread.
pub fn parse_sequential(text: &str) -> Parse {
    let lexed = lex(text);
    let mut parser = parser::Parser::new(text, &lexed.tokens);
    let script = grammar::script(&mut parser);
    let raw = std::mem::take(&mut parser.raw_spans);
    let errors = std::mem::take(&mut parser.errors);
    drop(parser);
    assemble(text, script.statements, lexed, errors, &raw)
}

/// The parse of the whole text from its statements, tokens and errors: lexer errors inside a
/// statement Flink reads as raw text are dropped, and all errors sorted by position.
fn assemble(
    text: &str,
    statements: Vec<ast::Statement>,
    lexed: Lexed,
    mut parse_errors: Vec<Diagnostic>,
    raw: &[Span],
) -> Parse {
    let mut errors: Vec<Diagnostic> = lexed
        .errors
        .into_iter()
        .filter(|d| !raw.iter().any(|r| r.contains(d.span)))
        .collect();
    errors.append(&mut parse_errors);
    errors.sort_by_key(|d| (d.span.start, d.span.end));
    Parse {
        script: ast::Script {
            span: Span::new(0, text.len().min(u32::MAX as usize) as u32),
            statements,
        },
        tokens: lexed.tokens,
        trivia: lexed.trivia,
        errors,
    }
}

/// Parses one scalar expression that sits at `span` inside `source` (a select item, say).
/// Spans in the result are offsets into `source`. `None` when no expression could be read or
/// tokens were left over; the diagnostics say why.
pub fn parse_expression_in(source: &str, span: Span) -> (Option<ast::Expr>, Vec<Diagnostic>) {
    let Some(text) = source.get(span.range()) else {
        return (None, Vec::new());
    };
    let mut lexed = lex(text);
    for t in lexed.tokens.iter_mut() {
        t.span = Span::new(t.span.start + span.start, t.span.end + span.start);
    }
    let mut parser = parser::Parser::new(source, &lexed.tokens);
    let expr = grammar::standalone_expression(&mut parser);
    let mut errors = lexed.errors;
    errors.append(&mut parser.errors);
    (expr.filter(|_| errors.is_empty()), errors)
}

/// Decodes the text of one string-literal token (`'it''s'` is `it's`).
pub fn decode_string(token_text: &str) -> String {
    grammar::decode_string_token(token_text).into()
}
