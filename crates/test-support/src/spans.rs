//! The span invariants of the robustness contract, checked by the parser's property tests
//! (`crates/syntax/tests/proptest_parse.rs`) and the fuzz targets (`fuzz/`): every span a stage
//! hands out satisfies `start <= end <= len`, falls on UTF-8 char boundaries, and an AST node's
//! spans lie within its nearest ancestor node's span.

use flinkddl_diagnostics::Diagnostic;
use flinkddl_syntax::{Token, TokenKind};
use serde_json::Value;

/// `start..end` is in bounds of `text` and on char boundaries; `what` names it in the error.
pub fn check_span(text: &str, what: &str, start: u64, end: u64) -> Result<(), String> {
    let len = text.len() as u64;
    if start > end || end > len {
        return Err(format!(
            "{what}: span {start}..{end} out of bounds (len {len})"
        ));
    }
    if !text.is_char_boundary(start as usize) || !text.is_char_boundary(end as usize) {
        return Err(format!(
            "{what}: span {start}..{end} not on char boundaries"
        ));
    }
    Ok(())
}

fn as_span(v: &Value) -> Option<(u64, u64)> {
    let o = v.as_object()?;
    if o.len() != 2 {
        return None;
    }
    Some((o.get("start")?.as_u64()?, o.get("end")?.as_u64()?))
}

/// Checks the AST in its `serde_json` form (`ast`, of a script over `text`). An object with a
/// `"span"` is a node; every `{start, end}` object below it (its own span, its keyword flags
/// such as `temporary`, child nodes' spans) must lie within the nearest enclosing node's span,
/// and the script's within `0..len`.
pub fn check_ast(text: &str, ast: &Value) -> Result<(), String> {
    let mut path = String::from("script");
    walk(text, ast, &mut path, (0, text.len() as u64))
}

fn walk(text: &str, v: &Value, path: &mut String, parent: (u64, u64)) -> Result<(), String> {
    match v {
        Value::Object(o) => {
            let mut here = parent;
            if let Some(s) = o.get("span") {
                let (start, end) =
                    as_span(s).ok_or_else(|| format!("{path}.span is not a span: {s}"))?;
                check_span(text, &format!("{path}.span"), start, end)?;
                if start < parent.0 || end > parent.1 {
                    return Err(format!(
                        "{path}.span {start}..{end} is outside its parent's span {}..{}",
                        parent.0, parent.1
                    ));
                }
                here = (start, end);
            }
            for (k, child) in o {
                if k == "span" {
                    continue;
                }
                let len = path.len();
                path.push('.');
                path.push_str(k);
                if let Some((start, end)) = as_span(child) {
                    check_span(text, path, start, end)?;
                    if start < here.0 || end > here.1 {
                        return Err(format!(
                            "{path} {start}..{end} is outside its node's span {}..{}",
                            here.0, here.1
                        ));
                    }
                } else {
                    walk(text, child, path, here)?;
                }
                path.truncate(len);
            }
            Ok(())
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                walk(text, child, path, parent)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The tokens end with `Eof`; every token, comment and diagnostic span is usable on `text`.
pub fn check_tokens(
    text: &str,
    tokens: &[Token],
    trivia: &[Token],
    errors: &[Diagnostic],
) -> Result<(), String> {
    match tokens.last() {
        Some(t) if t.kind == TokenKind::Eof => {}
        _ => return Err("tokens do not end with Eof".into()),
    }
    for (i, t) in tokens.iter().chain(trivia).enumerate() {
        check_span(
            text,
            &format!("token {i} {:?}", t.kind),
            t.span.start.into(),
            t.span.end.into(),
        )?;
    }
    check_diagnostics(text, errors)
}

/// Every diagnostic's span, label spans and fix span are in bounds and on char boundaries.
pub fn check_diagnostics(text: &str, diagnostics: &[Diagnostic]) -> Result<(), String> {
    for (i, d) in diagnostics.iter().enumerate() {
        let what = format!("diagnostic {i} ({:?} {})", d.code, d.message);
        let labels = d.labels.iter().map(|l| (" label", l.span));
        let fix = d.fix.iter().map(|f| (" fix", f.span));
        for (part, span) in std::iter::once(("", d.span)).chain(labels).chain(fix) {
            let what = format!("{what}{part}");
            check_span(text, &what, span.start.into(), span.end.into())?;
        }
    }
    Ok(())
}

/// `parse` of `text`: its tokens and diagnostics, and its AST (walked on this thread's stack;
/// the property tests give it a large one).
pub fn check_parse(text: &str) -> Result<(), String> {
    let p = flinkddl_syntax::parse(text);
    check_tokens(text, p.tokens(), &p.trivia, &p.errors)?;
    let ast =
        serde_json::to_value(p.script()).map_err(|e| format!("AST does not serialize: {e}"))?;
    check_ast(text, &ast)
}

/// `lex` of `text`: its spans, and its tokens and comments come in order, do not overlap and
/// leave out only ASCII white space.
pub fn check_lex(text: &str) -> Result<(), String> {
    let lexed = flinkddl_syntax::lex(text);
    check_tokens(text, &lexed.tokens, &lexed.trivia, &lexed.errors)?;
    let mut all: Vec<Token> = lexed.tokens.iter().chain(&lexed.trivia).copied().collect();
    all.sort_by_key(|t| (t.span.start, t.span.end));
    let mut pos = 0usize;
    for t in &all {
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        if start < pos {
            return Err(format!(
                "token {:?} {start}..{end} overlaps the previous one (ends {pos})",
                t.kind
            ));
        }
        let gap = text.get(pos..start).ok_or("gap not on char boundaries")?;
        if !gap
            .bytes()
            .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c'))
        {
            return Err(format!("bytes {pos}..{start} ({gap:?}) are in no token"));
        }
        pos = end;
    }
    if pos != text.len() {
        return Err(format!("tokens end at {pos}, the text at {}", text.len()));
    }
    Ok(())
}
