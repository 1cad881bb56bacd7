//! What the tests that keep the documents true read of Markdown: its prose (fenced code blocks
//! left out) and the inline code spans of that prose.

/// The text without its fenced code blocks (the lines between two ```` ``` ```` lines, and those).
pub fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The inline code spans of `prose` (`` `like this` ``), in order; a span does not cross a line.
pub fn inline_code(prose: &str) -> Vec<&str> {
    let mut spans = Vec::new();
    for line in prose.lines() {
        // Between the odd and the even back-ticks of the line.
        let mut parts = line.split('`').skip(1).step_by(2);
        let pieces = line.matches('`').count() / 2;
        spans.extend(parts.by_ref().take(pieces).filter(|s| !s.is_empty()));
    }
    spans
}

#[cfg(test)]
mod tests {
    #[test]
    fn prose_and_its_code_spans() {
        let text = "a `b` c `d e`\n```\n`not` this\n```\n`f` and a stray `\n";
        let prose = super::prose(text);
        assert_eq!(prose, "a `b` c `d e`\n`f` and a stray `\n");
        assert_eq!(super::inline_code(&prose), ["b", "d e", "f"]);
    }
}
