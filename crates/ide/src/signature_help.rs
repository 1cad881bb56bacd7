//! Signature help: inside a function call's parentheses, the function's signatures from the
//! binder's function catalogue (`crates/binder/data/functions.toml`, read through
//! `binder::expr::builtin_function`) or the CREATE FUNCTION that made it, with the parameter
//! the cursor is on. Read from the tokens before the cursor (the call is usually half-typed):
//! the innermost open `(` after a function's name, and the commas before the cursor at that
//! depth.

use crate::catalogue;
use crate::context::{ident_value, keyword};
use crate::Analysis;
use flinkddl::syntax::ast::{self, StatementKind};
use flinkddl::syntax::{Keyword, Token, TokenKind};
use flinkddl::Span;
use serde::Serialize;

/// The signatures of the call the cursor is in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SignatureHelp {
    /// The function's name as the call spells it.
    pub name_span: Span,
    pub signatures: Vec<Signature>,
    /// The signature that fits the arguments typed so far (index into `signatures`).
    pub active_signature: usize,
    /// Which argument the cursor is in (0: the first), counting the commas before it.
    pub argument: usize,
}

/// One signature: its label, where each parameter is in it, and what the function returns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Signature {
    /// `LPAD(CHARACTER, INTEGER, CHARACTER)`
    pub label: String,
    /// Each parameter's byte range in `label`.
    pub parameters: Vec<(u32, u32)>,
    /// The parameter the cursor's argument is (a variadic signature's repeated one for every
    /// argument from there on); `None` when the signature has no parameter for it.
    pub active_parameter: Option<usize>,
    /// Markdown.
    pub documentation: String,
}

pub fn signature_help(analysis: &Analysis, offset: u32) -> Option<SignatureHelp> {
    let text = analysis.text();
    let offset = offset.min(text.len() as u32);
    let parse = &analysis.result().parse;
    // A cursor in a comment (or at the end of a line comment) is in no call.
    let trivia = &parse.trivia;
    let in_comment = trivia
        .partition_point(|t| t.span.start < offset)
        .checked_sub(1)
        .and_then(|i| trivia.get(i))
        .is_some_and(|t| {
            offset < t.span.end || (t.kind == TokenKind::LineComment && offset == t.span.end)
        });
    if in_comment {
        return None;
    }
    let statement = analysis.statement_at(offset);
    let from = statement
        .and_then(|i| analysis.statements().get(i))
        .map_or(0, |s| s.span.start);
    let tokens = parse.tokens();
    let first = tokens.partition_point(|t| t.span.start < from);
    let before = tokens.partition_point(|t| t.span.start < offset);
    let tokens = tokens.get(first..before)?;
    let (name, argument) = open_call(text, tokens)?;
    let signatures = signatures(analysis, statement.unwrap_or(0), &name.parts, argument)?;
    let active_signature = signatures
        .iter()
        .position(|s| s.active_parameter.is_some())
        .unwrap_or(0);
    Some(SignatureHelp {
        name_span: name.span,
        signatures,
        active_signature,
        argument,
    })
}

/// A call's name read from tokens: its dotted parts and their span.
struct CallName {
    parts: Vec<String>,
    span: Span,
}

/// The innermost call whose `(` is open at the end of `tokens`, and the argument the end is
/// in. A parenthesis or bracket that opens no call (`(a + b`, `ARRAY[`, `VALUES (`) is stepped
/// out of: its commas are not the call's.
fn open_call(text: &str, tokens: &[Token]) -> Option<(CallName, usize)> {
    let mut depth = 0usize;
    let mut commas = 0usize;
    for i in (0..tokens.len()).rev() {
        match tokens[i].kind {
            TokenKind::Semicolon => return None,
            TokenKind::RParen | TokenKind::RBracket => depth += 1,
            TokenKind::LParen | TokenKind::LBracket if depth > 0 => depth -= 1,
            TokenKind::LBracket => commas = 0,
            TokenKind::LParen => {
                if let Some(name) = call_name(text, &tokens[..i]) {
                    return Some((name, commas));
                }
                commas = 0;
            }
            TokenKind::Comma if depth == 0 => commas += 1,
            _ => {}
        }
    }
    None
}

/// The function name right before a `(` (the end of `before`), when the parenthesis can open
/// a call: not a table's column list (`CREATE TABLE t (`, `INSERT INTO t (`).
fn call_name(text: &str, before: &[Token]) -> Option<CallName> {
    let is_name = |t: &Token| matches!(t.kind, TokenKind::Word | TokenKind::QuotedIdent);
    let last = before.last().filter(|t| is_name(t))?;
    let mut start = before.len() - 1;
    while start >= 2 && before[start - 1].kind == TokenKind::Dot && is_name(&before[start - 2]) {
        start -= 2;
    }
    if let Some(t) = start.checked_sub(1).and_then(|i| before.get(i)) {
        if matches!(
            keyword(text, t),
            Keyword::TABLE | Keyword::VIEW | Keyword::INTO | Keyword::FUNCTION | Keyword::LIKE
        ) {
            return None;
        }
    }
    let parts = before[start..]
        .iter()
        .filter(|t| is_name(t))
        .map(|t| ident_value(text, t))
        .collect();
    Some(CallName {
        parts,
        span: Span::new(before[start].span.start, last.span.end),
    })
}

/// The function a call names.
pub(crate) enum Callee<'a> {
    Builtin(flinkddl::binder::expr::FunctionInfo),
    /// A function the script creates, and its name as the CREATE FUNCTION wrote it.
    User(&'a ast::CreateFunction<'a>, String),
}

/// The function `parts` names, as the statement at `statement` sees it: a temporary system
/// function the script created shadows a built-in of its name, a built-in any other function;
/// a qualified name is a catalog function.
pub(crate) fn callee<'a>(
    analysis: &'a Analysis,
    statement: usize,
    parts: &[String],
) -> Option<Callee<'a>> {
    let name = parts.last()?;
    let user = user_function(analysis, statement, parts);
    let shadows = user.as_ref().is_some_and(|(f, _)| f.system.is_some());
    if parts.len() == 1 && !shadows {
        if let Some(info) = flinkddl::binder::expr::builtin_function(name) {
            return Some(Callee::Builtin(info));
        }
    }
    user.map(|(f, written)| Callee::User(f, written))
}

/// What the script says of a function it creates (its parameters are its class's).
pub(crate) fn describe_user_function(f: &ast::CreateFunction) -> String {
    let language = f.language.as_ref().map_or("JAVA".to_string(), |l| {
        l.value.to_ascii_uppercase().to_string()
    });
    format!(
        "user-defined function `{}` · class `{}` · LANGUAGE {language}\n\nits parameters are the class's: Flink reads them when it loads it",
        f.name.display(),
        f.class_name.value
    )
}

/// The signatures of the function `parts` names ([`callee`]).
fn signatures(
    analysis: &Analysis,
    statement: usize,
    parts: &[String],
    argument: usize,
) -> Option<Vec<Signature>> {
    Some(match callee(analysis, statement, parts)? {
        Callee::Builtin(info) => builtin_signatures(&info, argument),
        Callee::User(f, written) => vec![Signature {
            label: format!("{written}(...)"),
            parameters: Vec::new(),
            active_parameter: None,
            documentation: describe_user_function(f),
        }],
    })
}

/// The last CREATE FUNCTION before `statement` that names `parts` (its last part, ignoring
/// case, as Flink's function lookup does), with the name as it wrote it.
fn user_function<'a>(
    analysis: &'a Analysis,
    statement: usize,
    parts: &[String],
) -> Option<(&'a ast::CreateFunction<'a>, String)> {
    let name = parts.last()?;
    analysis
        .statements()
        .get(..statement)?
        .iter()
        .rev()
        .find_map(|s| match &s.kind {
            StatementKind::CreateFunction(f)
                if f.name
                    .parts
                    .last()
                    .is_some_and(|p| p.value.eq_ignore_ascii_case(name)) =>
            {
                let written = f.name.parts.last().map(|p| p.value.to_string())?;
                Some((&**f, written))
            }
            _ => None,
        })
}

fn builtin_signatures(
    info: &flinkddl::binder::expr::FunctionInfo,
    argument: usize,
) -> Vec<Signature> {
    let documentation = catalogue::function_facts(info);
    if info.parameters.is_empty() {
        // Any operands (or a function flinkddl knows but does not describe): the arity only.
        let arity = match info.max_args {
            _ if !info.typed => None,
            Some(max) if max == info.min_args => Some(format!("{max} argument(s)")),
            Some(max) => Some(format!("{} to {max} arguments", info.min_args)),
            None => Some(format!("{} or more arguments", info.min_args)),
        };
        return vec![Signature {
            label: format!("{}(...)", info.name),
            parameters: Vec::new(),
            active_parameter: None,
            documentation: match arity {
                Some(arity) => format!("{arity} of any type\n\n{documentation}"),
                None => documentation,
            },
        }];
    }
    info.parameters
        .iter()
        .map(|params| {
            let mut label = format!("{}(", info.name);
            let mut ranges = Vec::new();
            for (i, p) in params.iter().enumerate() {
                if i > 0 {
                    label.push_str(", ");
                }
                let start = label.len() as u32;
                label.push_str(p);
                ranges.push((start, label.len() as u32));
            }
            label.push(')');
            let variadic = params.last() == Some(&"...");
            let active_parameter = if variadic {
                // `F(A, B, B, ...)`: every argument from the repeated one on is that one.
                Some(argument.min(params.len().saturating_sub(2)))
            } else {
                (argument < params.len()).then_some(argument)
            };
            Signature {
                label,
                parameters: ranges,
                active_parameter,
                documentation: documentation.clone(),
            }
        })
        .collect()
}
