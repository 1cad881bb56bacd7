use serde::{Deserialize, Serialize};

/// Maps byte offsets to lines and columns. Built once per text in one pass.
#[derive(Debug, Clone)]
pub struct LineIndex {
    /// Byte offset of the start of each line; `line_starts[0] == 0`.
    line_starts: Vec<u32>,
    /// Whether each line is ASCII only: there a column is a byte difference, so that many
    /// diagnostics on one long line cost O(1) each, not O(line length). Empty when the whole
    /// text is ASCII (the usual case: one check of the text instead of one per line).
    line_is_ascii: Vec<bool>,
    len: u32,
}

/// A 1-based position. `column` counts Unicode scalar values (as Flink and most humans do);
/// `column_utf16` counts UTF-16 code units (as LSP does); `column_byte` counts bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineCol {
    pub line: u32,
    pub column: u32,
    pub column_utf16: u32,
    pub column_byte: u32,
}

impl LineIndex {
    /// Lines end at `\n`; a `\r` before it belongs to the line that ends. A lone `\r` also ends a
    /// line, as in Calcite's position counting.
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0u32];
        if memchr::memchr(b'\r', bytes).is_none() {
            // Only `\n` ends a line: one search for one byte (memchr reads words, not bytes).
            line_starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i as u32 + 1));
        } else {
            for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
                if bytes.get(i) == Some(&b'\r') && bytes.get(i + 1) == Some(&b'\n') {
                    continue;
                }
                line_starts.push(i as u32 + 1);
            }
        }
        let line_is_ascii = if bytes.is_ascii() {
            Vec::new()
        } else {
            let ends = line_starts.iter().skip(1).map(|&s| s as usize);
            let starts = line_starts.iter().map(|&s| s as usize);
            starts
                .zip(ends.chain(std::iter::once(bytes.len())))
                .map(|(start, end)| bytes.get(start..end).is_some_and(<[u8]>::is_ascii))
                .collect()
        };
        LineIndex {
            line_starts,
            line_is_ascii,
            len: bytes.len() as u32,
        }
    }

    /// Whether the 0-based `line` holds only ASCII characters.
    fn line_is_ascii(&self, line: usize) -> bool {
        self.line_is_ascii.is_empty() || self.line_is_ascii.get(line).copied().unwrap_or(false)
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The 0-based line that holds `offset` (clamped to the text).
    pub fn line_of(&self, offset: u32) -> usize {
        let offset = offset.min(self.len);
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    /// The byte offset where 0-based `line` starts, if there is such a line.
    pub fn line_start(&self, line: usize) -> Option<u32> {
        self.line_starts.get(line).copied()
    }

    /// The 1-based line and columns of `offset` in `text` (the text this index was built from).
    /// An offset inside a multi-byte character counts as that character.
    pub fn line_col(&self, text: &str, offset: u32) -> LineCol {
        let offset = offset.min(self.len);
        let line = self.line_of(offset);
        let start = self.line_starts[line];
        let mut end = offset as usize;
        while end > start as usize && !text.is_char_boundary(end) {
            end -= 1;
        }
        let prefix = text.get(start as usize..end).unwrap_or("");
        let (chars, utf16) = if self.line_is_ascii(line) {
            (prefix.len() as u32, prefix.len() as u32)
        } else {
            // Count on bytes (no decoding): a character starts at every byte that is not a
            // continuation byte, and takes two UTF-16 units when it has four bytes.
            let (mut chars, mut astral) = (0u32, 0u32);
            for &b in prefix.as_bytes() {
                chars += u32::from(b & 0xC0 != 0x80);
                astral += u32::from(b >= 0xF0);
            }
            (chars, chars + astral)
        };
        LineCol {
            line: line as u32 + 1,
            column: chars + 1,
            column_utf16: utf16 + 1,
            column_byte: offset - start + 1,
        }
    }

    /// The byte offset of a 1-based line and character column, if it lies inside the text.
    pub fn offset(&self, text: &str, line: u32, column: u32) -> Option<u32> {
        let start = *self.line_starts.get(line.checked_sub(1)? as usize)?;
        let rest = text.get(start as usize..)?;
        let mut chars = rest.char_indices();
        let mut col = 1;
        loop {
            match chars.next() {
                Some((i, _)) if col == column => return Some(start + i as u32),
                Some(_) => col += 1,
                None if col == column => return Some(self.len),
                None => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-counting columns agree with decoding, on ASCII and non-ASCII lines and at
    /// every offset, including offsets inside a multi-byte character.
    #[test]
    fn fast_columns_agree_with_decoding() {
        let text = "plain ascii line\r\nä😀x\u{10FFFF}é\rlone cr\n\n€€ end";
        let idx = LineIndex::new(text);
        for offset in 0..=text.len() as u32 {
            let lc = idx.line_col(text, offset);
            let line_start = idx.line_start(lc.line as usize - 1).unwrap_or(0) as usize;
            let mut end = offset as usize;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let prefix = &text[line_start..end];
            assert_eq!(lc.column, prefix.chars().count() as u32 + 1, "at {offset}");
            assert_eq!(
                lc.column_utf16,
                prefix.chars().map(char::len_utf16).sum::<usize>() as u32 + 1,
                "at {offset}"
            );
        }
    }

    #[test]
    fn columns_in_all_three_units() {
        let text = "ab\nä😀x\r\ny";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 3);
        let x = text.find('x').unwrap_or(0) as u32;
        let lc = idx.line_col(text, x);
        assert_eq!(
            (lc.line, lc.column, lc.column_utf16, lc.column_byte),
            (2, 3, 4, 7)
        );
        let y = text.find('y').unwrap_or(0) as u32;
        assert_eq!(idx.line_col(text, y).line, 3);
        assert_eq!(idx.offset(text, 2, 3), Some(x));
    }

    #[test]
    fn lone_carriage_return_ends_a_line() {
        let text = "a\rb";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 2).line, 2);
    }

    /// The word-at-a-time scan finds the same lines as a byte-by-byte one, on texts mixing
    /// `\n`, `\r\n`, lone `\r` and multi-byte characters.
    #[test]
    fn line_starts_match_a_byte_scan() {
        fn byte_scan(text: &str) -> (Vec<u32>, Vec<bool>) {
            let bytes = text.as_bytes();
            let (mut starts, mut ascii_lines, mut ascii) = (vec![0u32], Vec::new(), true);
            for (i, &b) in bytes.iter().enumerate() {
                let ends = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
                ascii &= b.is_ascii();
                if ends {
                    starts.push(i as u32 + 1);
                    ascii_lines.push(ascii);
                    ascii = true;
                }
            }
            ascii_lines.push(ascii);
            (starts, ascii_lines)
        }
        let pieces = ["a", "\n", "\r", "\r\n", "ä", "😀", " ", "\n\n", "bc"];
        let mut seed = 7u64;
        for _ in 0..2000 {
            let mut text = String::new();
            for _ in 0..(seed % 24) {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            let idx = LineIndex::new(&text);
            let (starts, ascii) = byte_scan(&text);
            assert_eq!(idx.line_starts, starts, "{text:?}");
            let got: Vec<bool> = (0..idx.line_count())
                .map(|l| idx.line_is_ascii(l))
                .collect();
            assert_eq!(got, ascii, "{text:?}");
        }
    }
}
