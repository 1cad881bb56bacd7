//! Between the editor's coordinates (lines and UTF-16 columns, as LSP counts them) and the
//! byte offsets and plain data of `flinkddl-ide`.

use flinkddl::{LineIndex, Span};
use lsp_types::{Position, Range};

/// The byte offset of an LSP position. A column past the end of its line means the line's
/// end, and a line past the end of the text means the text's end (clients send such positions
/// while edits are in flight).
pub fn offset(index: &LineIndex, text: &str, position: Position) -> u32 {
    let Some(start) = index.line_start(position.line as usize) else {
        return text.len() as u32;
    };
    let end = index
        .line_start(position.line as usize + 1)
        .unwrap_or(text.len() as u32);
    let line = text.get(start as usize..end as usize).unwrap_or("");
    let line = line.trim_end_matches(['\n', '\r']);
    let mut units = 0u32;
    for (i, c) in line.char_indices() {
        if units >= position.character {
            return start + i as u32;
        }
        units += c.len_utf16() as u32;
    }
    start + line.len() as u32
}

pub fn position(index: &LineIndex, text: &str, offset: u32) -> Position {
    let lc = index.line_col(text, offset);
    Position::new(lc.line - 1, lc.column_utf16 - 1)
}

pub fn range(index: &LineIndex, text: &str, span: Span) -> Range {
    Range::new(
        position(index, text, span.start),
        position(index, text, span.end),
    )
}

pub fn span(index: &LineIndex, text: &str, range: Range) -> Span {
    let start = offset(index, text, range.start);
    let end = offset(index, text, range.end);
    Span::new(start.min(end), end.max(start))
}

/// Applies one incremental change (or a whole-text replacement when `range` is `None`).
pub fn apply_change(text: &mut String, range: Option<Range>, new_text: &str) {
    match range {
        None => *text = new_text.to_string(),
        Some(range) => {
            let index = LineIndex::new(text);
            let span = span(&index, text, range);
            text.replace_range(span.range(), new_text);
        }
    }
}

/// A snippet as plain text, for clients without snippet support: `${1:x}` is `x`, `${1|a,b|}`
/// is `a`, `$1` and `$0` are nothing.
pub fn snippet_to_plain(snippet: &str) -> String {
    let mut out = String::new();
    let mut chars = snippet.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            }
            '$' if chars.peek() == Some(&'{') => {
                chars.next();
                let mut inner = String::new();
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                    inner.push(c);
                }
                let body = inner.trim_start_matches(|c: char| c.is_ascii_digit());
                if let Some(default) = body.strip_prefix(':') {
                    out.push_str(default);
                } else if let Some(choices) = body.strip_prefix('|') {
                    out.push_str(
                        choices
                            .trim_end_matches('|')
                            .split(',')
                            .next()
                            .unwrap_or(""),
                    );
                }
            }
            '$' if chars.peek().is_some_and(char::is_ascii_digit) => {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Markdown as plain text, for clients that ask for `plaintext` (eglot without markdown-mode):
/// code fences and inline code keep their text without the backticks; `**`, `__`, heading
/// marks and backslash escapes go; a link `[text](url)` is `text (url)`.
pub fn markdown_to_plain(markdown: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut in_fence = false;
    for line in markdown.split('\n') {
        if line.trim_start().starts_with("```") {
            // The fence line goes; what it encloses stays as written.
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            lines.push(line.to_string());
            continue;
        }
        let hashes = line.len() - line.trim_start_matches('#').len();
        let line = match line[hashes..].strip_prefix(' ') {
            Some(heading) if hashes > 0 => heading,
            _ => line,
        };
        let mut plain = String::with_capacity(line.len());
        inline_to_plain(line, &mut plain);
        lines.push(plain);
    }
    lines.join("\n")
}

/// One line of markdown outside code fences.
fn inline_to_plain(line: &str, out: &mut String) {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if chars.get(i + 1).is_some_and(|n| n.is_ascii_punctuation()) => {
                out.push(chars[i + 1]);
                i += 2;
            }
            '`' => {
                // A code span: a run of n backticks up to the next run of n.
                let n = chars[i..].iter().take_while(|&&c| c == '`').count();
                let start = i + n;
                let mut j = start;
                let mut end = None;
                while j < chars.len() {
                    if chars[j] == '`' {
                        let m = chars[j..].iter().take_while(|&&c| c == '`').count();
                        if m == n {
                            end = Some(j);
                            break;
                        }
                        j += m;
                    } else {
                        j += 1;
                    }
                }
                match end {
                    Some(end) => {
                        let code: String = chars[start..end].iter().collect();
                        let trimmed =
                            if code.len() > 1 && code.starts_with(' ') && code.ends_with(' ') {
                                &code[1..code.len() - 1]
                            } else {
                                code.as_str()
                            };
                        out.push_str(trimmed);
                        i = end + n;
                    }
                    None => {
                        out.extend(&chars[i..start]);
                        i = start;
                    }
                }
            }
            '*' | '_' if chars.get(i + 1) == Some(&c) => i += 2,
            '[' => {
                // `[text](url)`: both, readable.
                let close = chars[i..].iter().position(|&c| c == ']').map(|p| i + p);
                match close {
                    Some(close) if chars.get(close + 1) == Some(&'(') => {
                        let paren = chars[close..]
                            .iter()
                            .position(|&c| c == ')')
                            .map(|p| close + p);
                        match paren {
                            Some(paren) => {
                                let text: String = chars[i + 1..close].iter().collect();
                                let url: String = chars[close + 2..paren].iter().collect();
                                inline_to_plain(&text, out);
                                out.push_str(&format!(" ({url})"));
                                i = paren + 1;
                            }
                            None => {
                                out.push(c);
                                i += 1;
                            }
                        }
                    }
                    _ => {
                        out.push(c);
                        i += 1;
                    }
                }
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_round_trip() {
        let text = "ab\nä😀x\r\ny";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap_or(0) as u32;
        assert_eq!(position(&index, text, x), Position::new(1, 3));
        assert_eq!(offset(&index, text, Position::new(1, 3)), x);
        // Past the end of a line, and past the last line.
        assert_eq!(offset(&index, text, Position::new(0, 99)), 2);
        assert_eq!(offset(&index, text, Position::new(9, 0)), text.len() as u32);
    }

    #[test]
    fn incremental_changes() {
        let mut text = "SELECT 1;\nSELECT 2;".to_string();
        apply_change(
            &mut text,
            Some(Range::new(Position::new(1, 7), Position::new(1, 8))),
            "42",
        );
        assert_eq!(text, "SELECT 1;\nSELECT 42;");
        apply_change(&mut text, None, "x");
        assert_eq!(text, "x");
    }

    #[test]
    fn snippets_become_plain_text() {
        assert_eq!(snippet_to_plain("'k' = '${1|a,b|}'"), "'k' = 'a'");
        assert_eq!(
            snippet_to_plain("DECIMAL(${1:10}, ${2:0})$0"),
            "DECIMAL(10, 0)"
        );
        assert_eq!(snippet_to_plain("a\\$b"), "a$b");
    }

    #[test]
    fn markdown_becomes_plain_text() {
        let hover = "```flinksql\n`cost` DECIMAL(21, 2)\n```\n**computed column** of `orders` · nullable\n\nAS `` `price` * `quantity` ``";
        assert_eq!(
            markdown_to_plain(hover),
            "`cost` DECIMAL(21, 2)\ncomputed column of orders · nullable\n\nAS `price` * `quantity`"
        );
        assert_eq!(
            markdown_to_plain("## Fix\n\nsee [the docs](https://x.invalid/a) \\| `a|b`"),
            "Fix\n\nsee the docs (https://x.invalid/a) | a|b"
        );
        assert_eq!(
            markdown_to_plain("a * b, snake_case, `unclosed"),
            "a * b, snake_case, `unclosed"
        );
    }
}
