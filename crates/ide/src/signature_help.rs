//! Signature help: inside a function call's parentheses, the function's signatures from the
//! binder's built-in function table (`crates/binder/data/functions.toml`, read through
//! `binder::expr::builtin_function`) or the CREATE FUNCTION that made it, with the parameter
//! the cursor is on. Read from the tokens before the cursor (the call is usually half-typed):
//! the innermost open `(` after a function's name, and the commas, keywords (`FROM`, `AS`) and
//! argument names (`SIZE =>`) before the cursor at that depth. Where the function table has no
//! signature (a windowing table function in `FROM TABLE(...)`, a group window, a function with
//! its own syntax such as `EXTRACT(unit FROM t)`), [`reference::syntax_function`] and
//! [`reference::window_table_function`] give one.

use crate::reference;
use crate::Analysis;
use flinkddl::syntax::ast::{self, StatementKind};
use flinkddl::syntax::{Keyword, TokenKind, TokenView};
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
    if flinkddl::syntax::comment_at(&parse.trivia, offset).is_some() {
        return None;
    }
    let statement = analysis.statement_at(offset);
    let from = statement
        .and_then(|i| analysis.statements().get(i))
        .map_or(0, |s| s.span.start);
    let tokens = TokenView::new(text, parse.tokens()).in_span(Span::new(from, offset));
    let (name, open, argument) = open_call(tokens)?;
    let call = CallSoFar {
        marks: marks(tokens.slice(open + 1..tokens.len()), offset),
        table_function: in_table_function(tokens, open, &name),
        argument,
    };
    let signatures = signatures(analysis, statement.unwrap_or(0), &name.parts, &call)?;
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
    /// How many tokens it takes.
    len: usize,
}

/// What separates a call's arguments, at the call's own depth, before the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Mark {
    Comma,
    /// A word typed whole (upper-case): maybe a keyword that starts a parameter (`FROM`).
    Word(String),
    /// `NAME =>`: a named argument (upper-case).
    Named(String),
}

/// The call the cursor is in, as far as it is typed.
struct CallSoFar {
    marks: Vec<Mark>,
    /// Called as a table function: `TABLE(f(` or `f(TABLE t` / `f(DATA =>`.
    table_function: bool,
    /// Commas before the cursor.
    argument: usize,
}

/// The marks among `tokens` (those after the call's `(`, up to the cursor) at their own depth;
/// the word the cursor is typing is no keyword yet.
fn marks(tokens: TokenView<'_>, offset: u32) -> Vec<Mark> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            TokenKind::LParen | TokenKind::LBracket => depth += 1,
            TokenKind::RParen | TokenKind::RBracket => depth = depth.saturating_sub(1),
            TokenKind::Comma if depth == 0 => out.push(Mark::Comma),
            TokenKind::Word | TokenKind::QuotedIdent if depth == 0 => {
                // A reserved word names an argument back-quoted: `` `OFFSET` => ``.
                let word = tokens.name(t).to_ascii_uppercase();
                if tokens
                    .get(i + 1)
                    .is_some_and(|n| n.kind == TokenKind::Arrow)
                {
                    out.push(Mark::Named(word));
                } else if t.kind == TokenKind::Word && t.span.end < offset {
                    out.push(Mark::Word(word));
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether the call whose `(` is `tokens[open]` is a table function's: the argument of
/// `TABLE(`, or a call whose first argument is a table (`TABLE t`, `DATA => ...`).
fn in_table_function(tokens: TokenView<'_>, open: usize, name: &CallName) -> bool {
    let before = open.checked_sub(name.len + 1).and_then(|i| tokens.get(i));
    let table_before = before.is_some_and(|t| t.kind == TokenKind::LParen)
        && open
            .checked_sub(name.len + 2)
            .and_then(|i| tokens.get(i))
            .is_some_and(|t| tokens.keyword(t) == Keyword::TABLE);
    let first = tokens.get(open + 1);
    let named_data = first
        .is_some_and(|t| t.kind == TokenKind::Word && tokens.raw(t).eq_ignore_ascii_case("DATA"))
        && tokens
            .get(open + 2)
            .is_some_and(|t| t.kind == TokenKind::Arrow);
    let table_first = first.is_some_and(|t| tokens.keyword(t) == Keyword::TABLE) || named_data;
    table_before || table_first
}

/// The innermost call whose `(` is open at the end of `tokens`, the index of that `(`, and
/// the argument the end is in. A parenthesis or bracket that opens no call (`(a + b`,
/// `ARRAY[`, `VALUES (`) is stepped out of: its commas are not the call's.
fn open_call(tokens: TokenView<'_>) -> Option<(CallName, usize, usize)> {
    let mut depth = 0usize;
    let mut commas = 0usize;
    for i in (0..tokens.len()).rev() {
        match tokens[i].kind {
            TokenKind::Semicolon => return None,
            TokenKind::RParen | TokenKind::RBracket => depth += 1,
            TokenKind::LParen | TokenKind::LBracket if depth > 0 => depth -= 1,
            TokenKind::LBracket => commas = 0,
            TokenKind::LParen => {
                if let Some(name) = call_name(tokens.slice(0..i)) {
                    return Some((name, i, commas));
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
fn call_name(before: TokenView<'_>) -> Option<CallName> {
    let end = before.len();
    let start = before.dotted_name_start(end, false);
    let last = before.get(start..)?.last()?;
    if let Some(t) = start.checked_sub(1).and_then(|i| before.get(i)) {
        if matches!(
            before.keyword(t),
            Keyword::TABLE | Keyword::VIEW | Keyword::INTO | Keyword::FUNCTION | Keyword::LIKE
        ) {
            return None;
        }
    }
    let (parts, _) = before.dotted_name(start, end);
    Some(CallName {
        parts: parts
            .into_iter()
            .map(std::borrow::Cow::into_owned)
            .collect(),
        span: Span::new(before[start].span.start, last.span.end),
        len: before.len() - start,
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
    call: &CallSoFar,
) -> Option<Vec<Signature>> {
    Some(match callee(analysis, statement, parts)? {
        Callee::Builtin(info) => {
            // CUMULATE is only a table function; TUMBLE, HOP and SESSION are group windows
            // too, in GROUP BY.
            let window = reference::window_table_function(info.name)
                .filter(|_| call.table_function || reference::syntax_function(info.name).is_none());
            if let Some(window) = window {
                return Some(syntax_signatures(window, &call.marks, window.documentation));
            }
            let syntax = reference::syntax_function(info.name);
            // The function table's own signatures first, where it has them (SUBSTRING's commas).
            let mut out = match syntax {
                Some(_) if info.parameters.is_empty() => Vec::new(),
                _ => builtin_signatures(&info, call.argument),
            };
            if let Some(syntax) = syntax {
                // A keyword of the function's own syntax (`SUBSTRING(s FROM`): the comma
                // signatures do not fit.
                let keyworded = call
                    .marks
                    .iter()
                    .any(|m| matches!(m, Mark::Word(w) if syntax.keywords().any(|k| k == w)));
                if keyworded {
                    for s in &mut out {
                        s.active_parameter = None;
                    }
                }
                let documentation = format!(
                    "{}\n\n{}",
                    syntax.documentation,
                    reference::function_facts(&info)
                );
                out.extend(syntax_signatures(syntax, &call.marks, &documentation));
            }
            out
        }
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
    let documentation = reference::function_facts(info);
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

/// The signatures of a function the function table does not describe
/// ([`reference::SyntaxFunction`]): parameters after the first are separated by a comma, or by the
/// keyword that starts them.
fn syntax_signatures(
    function: &reference::SyntaxFunction,
    marks: &[Mark],
    documentation: &str,
) -> Vec<Signature> {
    function
        .signatures
        .iter()
        .map(|params| {
            let mut label = format!("{}(", function.name);
            let mut ranges = Vec::new();
            for (i, p) in params.iter().enumerate() {
                if i > 0 {
                    label.push_str(if p.keywords.is_empty() { ", " } else { " " });
                }
                let start = label.len() as u32;
                label.push_str(p.label);
                ranges.push((start, label.len() as u32));
            }
            label.push(')');
            Signature {
                label,
                parameters: ranges,
                active_parameter: syntax_parameter(function, params, marks),
                documentation: documentation.to_string(),
            }
        })
        .collect()
}

/// The parameter of `params` the cursor is in after `marks`: a comma moves to the next
/// parameter a comma starts, a keyword to the parameter it starts; among named arguments,
/// `NAME =>` is the parameter of that name. `None` when the signature does not fit them (too many commas, an unknown
/// name, a keyword of another of the function's signatures).
fn syntax_parameter(
    function: &reference::SyntaxFunction,
    params: &[reference::SyntaxParameter],
    marks: &[Mark],
) -> Option<usize> {
    // Named arguments (Calcite takes all named or none): the argument's name says which, else
    // the first parameter not named yet.
    if marks.iter().any(|m| matches!(m, Mark::Named(_))) {
        let current = marks
            .rsplit(|m| *m == Mark::Comma)
            .next()
            .unwrap_or_default();
        if let Some(Mark::Named(name)) = current.iter().find(|m| matches!(m, Mark::Named(_))) {
            return params.iter().position(|p| p.named == Some(name));
        }
        let named = |n: &str| marks.iter().any(|m| matches!(m, Mark::Named(x) if x == n));
        return params
            .iter()
            .position(|p| p.named.is_some_and(|n| !named(n)));
    }
    let mut at = 0;
    for mark in marks {
        match mark {
            Mark::Comma => at = (at + 1..params.len()).find(|&i| params[i].keywords.is_empty())?,
            Mark::Word(w) => {
                let starts = |i: &usize| params[*i].keywords.iter().any(|k| k == w);
                if let Some(i) = (at + 1..params.len()).find(starts) {
                    at = i;
                } else if !(0..params.len()).any(|i| starts(&i))
                    && function.keywords().any(|k| k == w)
                {
                    return None;
                }
                // Else a word of an argument's expression.
            }
            Mark::Named(_) => {}
        }
    }
    Some(at)
}
