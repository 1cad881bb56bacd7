//! Small re-statements of JDK behaviour that Flink's messages and parsing depend on.

/// `java.lang.Character.isWhitespace` for one UTF-16 unit / BMP char. Non-breaking spaces
/// (U+00A0, U+2007, U+202F) are *not* whitespace in Java.
pub fn is_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n'
            | '\u{0B}'
            | '\u{0C}'
            | '\r'
            | '\u{1C}'..='\u{1F}'
            | ' '
            | '\u{1680}'
            | '\u{2000}'..='\u{2006}'
            | '\u{2008}'..='\u{200A}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{205F}'
            | '\u{3000}'
    )
}

/// `java.lang.String.hashCode`.
pub fn string_hash(s: &str) -> i32 {
    let mut h: i32 = 0;
    for unit in s.encode_utf16() {
        h = h.wrapping_mul(31).wrapping_add(i32::from(unit));
    }
    h
}

/// The iteration order of a `java.util.HashSet<String>` built by adding `items` in order
/// (default capacity 16, load factor 0.75; tree bins are not modelled).
pub fn hash_set_order(items: &[&str]) -> Vec<String> {
    let mut unique: Vec<&str> = Vec::new();
    for i in items {
        if !unique.contains(i) {
            unique.push(i);
        }
    }
    let mut capacity: usize = 16;
    while unique.len() * 4 > capacity * 3 {
        capacity *= 2;
    }
    let mut keyed: Vec<(usize, usize, &str)> = unique
        .iter()
        .enumerate()
        .map(|(order, s)| {
            let h = string_hash(s) as u32;
            let spread = h ^ (h >> 16);
            ((spread as usize) & (capacity - 1), order, *s)
        })
        .collect();
    keyed.sort();
    keyed.into_iter().map(|(_, _, s)| s.to_string()).collect()
}

const JAVA_KEYWORDS: &[&str] = &[
    "abstract",
    "assert",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extends",
    "final",
    "finally",
    "float",
    "for",
    "goto",
    "if",
    "implements",
    "import",
    "instanceof",
    "int",
    "interface",
    "long",
    "native",
    "new",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "static",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "try",
    "void",
    "volatile",
    "while",
    "true",
    "false",
    "null",
    "_",
];

fn is_identifier_start(c: char) -> bool {
    c.is_alphabetic()
        || c == '_'
        || c == '$'
        || matches!(c, '\u{A2}'..='\u{A5}' | '\u{20A0}'..='\u{20CF}' | '\u{203F}' | '\u{2040}')
}

fn is_identifier_part(c: char) -> bool {
    is_identifier_start(c)
        || c.is_numeric()
        || matches!(c, '\u{0}'..='\u{8}' | '\u{E}'..='\u{1B}' | '\u{7F}'..='\u{9F}')
        || matches!(c, '\u{300}'..='\u{36F}' | '\u{200C}' | '\u{200D}')
}

/// `javax.lang.model.SourceVersion.isName`: dot-separated Java identifiers, none a keyword.
/// Exact for ASCII; other characters follow Unicode letter/number classes approximately.
pub fn is_jvm_name(name: &str) -> bool {
    name.split('.').all(|part| {
        let mut chars = part.chars();
        match chars.next() {
            Some(first) => {
                is_identifier_start(first)
                    && chars.all(is_identifier_part)
                    && !JAVA_KEYWORDS.contains(&part)
            }
            None => false,
        }
    })
}

/// `java.util.Base64.getDecoder().decode` (basic alphabet, optional padding); `None` where Java
/// throws.
pub fn base64_decode(s: &str) -> Option<Vec<u8>> {
    fn val(c: u8) -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    let bytes = s.as_bytes();
    let data_len = bytes.iter().position(|b| *b == b'=').unwrap_or(bytes.len());
    let padding = &bytes[data_len..];
    if padding.iter().any(|b| *b != b'=') || padding.len() > 2 {
        return None;
    }
    if !padding.is_empty() && (data_len + padding.len()) & 3 != 0 {
        return None;
    }
    let data = &bytes[..data_len];
    if data.len() & 3 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(data.len() * 3 / 4);
    for chunk in data.chunks(4) {
        let mut acc: u32 = 0;
        for c in chunk {
            acc = (acc << 6) | val(*c)?;
        }
        match chunk.len() {
            4 => out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]),
            3 => {
                acc <<= 6;
                out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8]);
            }
            2 => {
                acc <<= 12;
                out.push((acc >> 16) as u8);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// The number of UTF-16 code units in `s` (Java's `String.length()`).
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_hash_matches_java() {
        assert_eq!(string_hash(""), 0);
        assert_eq!(string_hash("a"), 97);
        assert_eq!(string_hash("hello"), 99162322);
        assert_eq!(string_hash("polygenelubricants"), i32::MIN);
    }

    #[test]
    fn hash_set_order_matches_java() {
        // Observed from Flink: "Found duplicates: [a, b, c]" and "[a, b]".
        assert_eq!(hash_set_order(&["a", "b", "c"]), vec!["a", "b", "c"]);
        assert_eq!(hash_set_order(&["b", "a"]), vec!["a", "b"]);
        // "Aa" and "BB" collide in Java; insertion order is kept within the bucket.
        assert_eq!(hash_set_order(&["BB", "Aa"]), vec!["BB", "Aa"]);
    }

    #[test]
    fn jvm_names() {
        assert!(is_jvm_name("com.x.Y"));
        assert!(is_jvm_name("a.b$C"));
        assert!(!is_jvm_name("it's"));
        assert!(!is_jvm_name("1abc"));
        assert!(!is_jvm_name("a..b"));
        assert!(!is_jvm_name("a.int"));
        assert!(!is_jvm_name(""));
    }

    #[test]
    fn base64() {
        assert_eq!(base64_decode("aGk=").as_deref(), Some(&b"hi"[..]));
        assert_eq!(base64_decode("aGk").as_deref(), Some(&b"hi"[..]));
        assert_eq!(base64_decode("a"), None);
        assert_eq!(base64_decode("a b="), None);
    }
}
