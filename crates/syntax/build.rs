//! Generates the `Keyword` enum and its tables from `data/keywords.tsv` (Flink's keyword classes,
//! dumped from Flink's own parser) and `data/grammar_words.txt` (words our grammar matches on).

use std::collections::BTreeMap;
use std::fmt::Write as _;

#[derive(Default, Clone, Copy)]
struct Class {
    reserved: bool,
    function: bool,
    context_var: bool,
}

fn main() {
    println!("cargo:rerun-if-changed=data/keywords.tsv");
    println!("cargo:rerun-if-changed=data/grammar_words.txt");
    let tsv = std::fs::read_to_string("data/keywords.tsv").unwrap_or_default();
    let words = std::fs::read_to_string("data/grammar_words.txt").unwrap_or_default();
    let mut all: BTreeMap<String, Class> = BTreeMap::new();
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 4 || !is_word(cols[0]) {
            continue;
        }
        all.insert(
            cols[0].to_ascii_uppercase(),
            Class {
                reserved: cols[1] == "1",
                function: cols[2] == "1",
                context_var: cols[3] == "1",
            },
        );
    }
    for line in words.lines().filter(|l| !l.starts_with('#')) {
        for w in line.split_whitespace().filter(|w| is_word(w)) {
            all.entry(w.to_ascii_uppercase()).or_default();
        }
    }
    let mut out = String::new();
    out.push_str("/// A keyword of Flink SQL, or `NotKeyword` for a plain identifier.\n");
    out.push_str("#[allow(non_camel_case_types, clippy::upper_case_acronyms)]\n");
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]\n#[repr(u16)]\npub enum Keyword {\n    #[default]\n    NotKeyword,\n");
    for w in all.keys() {
        let _ = writeln!(out, "    {w},");
    }
    out.push_str("}\n\n");
    let table = |f: &dyn Fn(&Class) -> bool| {
        let mut s = String::from("[false");
        for c in all.values() {
            s.push_str(if f(c) { ", true" } else { ", false" });
        }
        s.push(']');
        s
    };
    let n = all.len() + 1;
    type IsInClass = fn(&Class) -> bool;
    let classes: [(&str, IsInClass); 3] = [
        ("RESERVED", |c| c.reserved),
        ("FUNCTION", |c| c.function),
        ("CONTEXT_VAR", |c| c.context_var),
    ];
    for (name, class) in classes {
        let _ = writeln!(out, "const {name}: [bool; {n}] = {};", table(&class));
    }
    let _ = writeln!(
        out,
        "const NAMES: [&str; {n}] = [\"\"{}];",
        all.keys().map(|k| format!(", \"{k}\"")).collect::<String>()
    );
    let _ = writeln!(
        out,
        "/// The longest keyword, in bytes.\npub(crate) const MAX_KEYWORD_LEN: usize = {};",
        all.keys().map(|k| k.len()).max().unwrap_or(0)
    );
    // An open-addressing hash table over the upper-cased words, probed linearly: the lexer
    // classifies a word with one hash of two 8-byte loads and one or two comparisons of them,
    // without copying it (`keywords.rs` computes the same fold and hash).
    let size = (all.len() * 3).next_power_of_two();
    let mut slots: Vec<Option<&str>> = vec![None; size];
    for w in all.keys() {
        let (head, tail) = head_and_tail(w.as_bytes());
        let mut i = keyword_hash(head, tail, w.len()) & (size - 1);
        while slots[i].is_some() {
            i = (i + 1) & (size - 1);
        }
        slots[i] = Some(w);
    }
    let _ = writeln!(out, "pub(crate) const KEYWORD_SLOTS: usize = {size};");
    out.push_str("pub(crate) static KEYWORD_TABLE: [Slot; KEYWORD_SLOTS] = [\n");
    for slot in &slots {
        match slot {
            Some(w) => {
                let (head, tail) = head_and_tail(w.as_bytes());
                let _ = writeln!(
                    out,
                    "    Slot {{ head: {head:#018x}, tail: {tail:#018x}, len: {}, keyword: Keyword::{w}, name: b\"{w}\" }},",
                    w.len()
                );
            }
            None => out.push_str(
                "    Slot { head: 0, tail: 0, len: 0, keyword: Keyword::NotKeyword, name: b\"\" },\n",
            ),
        }
    }
    out.push_str("];\n");
    // Words of at most eight bytes (most of them) are looked up in a second table of their
    // folded heads alone: a head has one non-zero byte per letter, so it gives the length
    // too, and a probe is one compare.
    let short: Vec<&String> = all.keys().filter(|w| w.len() <= 8).collect();
    let short_size = (short.len() * 4).next_power_of_two();
    let mut short_slots: Vec<Option<&str>> = vec![None; short_size];
    for w in &short {
        let (head, _) = head_and_tail(w.as_bytes());
        let mut i = short_hash(head, short_size);
        while short_slots[i].is_some() {
            i = (i + 1) & (short_size - 1);
        }
        short_slots[i] = Some(w);
    }
    let _ = writeln!(out, "pub(crate) const SHORT_SLOTS: usize = {short_size};");
    let _ = writeln!(
        out,
        "pub(crate) const SHORT_SHIFT: u32 = {};",
        64 - short_size.trailing_zeros()
    );
    out.push_str("pub(crate) static SHORT_HEADS: [u64; SHORT_SLOTS] = [\n");
    for slot in &short_slots {
        let head = slot.map_or(0, |w| head_and_tail(w.as_bytes()).0);
        let _ = writeln!(out, "    {head:#018x},");
    }
    out.push_str("];\n");
    out.push_str("pub(crate) static SHORT_KEYWORDS: [Keyword; SHORT_SLOTS] = [\n");
    for slot in &short_slots {
        let _ = writeln!(out, "    Keyword::{},", slot.unwrap_or("NotKeyword"));
    }
    out.push_str("];\n");
    let dest =
        std::path::Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("keywords.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        panic!("cannot write {}: {e}", dest.display());
    }
}

/// The first eight bytes of a word (zero-padded) and, for a word over eight bytes, its last
/// eight, each byte case-folded (`| 0x20`), read as little-endian words. `keywords.rs`
/// computes the same from the text.
fn head_and_tail(word: &[u8]) -> (u64, u64) {
    let folded = |bytes: &[u8]| {
        bytes
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &b)| acc | u64::from(b | 0x20) << (8 * i))
    };
    let n = word.len();
    let head = folded(&word[..n.min(8)]);
    let tail = if n > 8 { folded(&word[n - 8..]) } else { 0 };
    (head, tail)
}

/// The table's hash of a word's head, tail and length; `keywords.rs` computes the same.
fn keyword_hash(head: u64, tail: u64, len: usize) -> usize {
    let h = (head ^ tail.rotate_left(29) ^ len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> 32) as usize
}

/// The short table's hash of a folded head: its top bits after a multiply.
fn short_hash(head: u64, size: usize) -> usize {
    (head.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - size.trailing_zeros())) as usize
}

fn is_word(w: &str) -> bool {
    !w.is_empty()
        && w.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !w.as_bytes()[0].is_ascii_digit()
}
