//! Did-you-mean: the one rule every stage uses to suggest a name (a keyword, a type, a column,
//! a table, a function, an option key or value, a diagnostic code) close to one it does not
//! know.
//!
//! A candidate is close to a word when, ignoring case, its Jaro-Winkler similarity is at least
//! [`JARO_WINKLER_AT_LEAST`], or the two are at most two edits apart (optimal string alignment:
//! insertions, deletions, substitutions and swaps of neighbours) and the edits change fewer than
//! half the letters of the longer, or the two differ only in case. Among the close candidates
//! the one of highest Jaro-Winkler similarity wins (the first of equals); a candidate equal to
//! the word is never suggested. Jaro-Winkler favours a shared beginning (`amount` for
//! `amount_id`), the edit distance catches typos in short words (`FOR` for `FRO`, `_id` for
//! `id`) and in the middle of long ones (`propreties.bootstrap.servers`), and neither suggests
//! `b` for `a` or `name` for `nope`.
//!
//! The rule was chosen by running the fixtures and the corpora with each candidate rule and
//! comparing the suggestions with those of the stages' earlier rules (Damerau-Levenshtein or
//! OSA at most 2, Jaro-Winkler at least 0.8, the connectors' rule: this one with the edit
//! distance for words of four letters or more): it keeps all their likely suggestions but one
//! (`n` for `nn`), drops the unlikely ones (`a` for `z`, `BITMAP_TO_BYTES` for `bigint_to_ts`)
//! and adds likely ones (`BY` for `BYY`, `EXCLUDING` for `EXCLUDE`). A lower Jaro-Winkler
//! threshold (0.88, 0.85) added unlikely suggestions (`jdbc` for `jdbc-sqrl`).
//!
//! [`closest`] is the rule; [`Word`] is the same with the word prepared once, for many lookups
//! or many candidates: a length test and letter counts rule most candidates out before either
//! measure is computed, and the measures run on bytes for ASCII words ([`distance`]). The
//! shortcuts never change an answer (the tests compare them with the plain rule).

mod distance;
mod keybag;

pub use keybag::KeyBag;

/// The Jaro-Winkler similarity (of the lower-cased words) from which a candidate is close.
pub const JARO_WINKLER_AT_LEAST: f64 = 0.9;

/// The candidate closest to `word`, if one is close enough to be what was meant.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    Word::new(word).closest(candidates)
}

/// A word to find did-you-means for, prepared once: a table's unknown keys are looked up
/// against each missing option.
pub struct Word<'w> {
    word: &'w str,
    /// Written words are mostly lower-case ASCII already: no copy then. Set by `new` for a
    /// non-ASCII word, else on first need (most words end at the length test).
    lower: std::cell::OnceCell<std::borrow::Cow<'w, str>>,
    chars: usize,
    /// The lower-cased word's letters, for candidates that come with theirs (kept: a table's
    /// unknown keys are compared with each missing option).
    key_bag: std::cell::OnceCell<Option<KeyBag>>,
}

impl<'w> Word<'w> {
    pub fn new(word: &'w str) -> Self {
        if word.is_ascii() {
            // As many characters as bytes, lower-cased or not.
            Word {
                word,
                chars: word.len(),
                lower: std::cell::OnceCell::new(),
                key_bag: std::cell::OnceCell::new(),
            }
        } else {
            let lower = word.to_lowercase();
            Word {
                word,
                chars: chars_in(&lower),
                lower: std::cell::OnceCell::from(std::borrow::Cow::Owned(lower)),
                key_bag: std::cell::OnceCell::new(),
            }
        }
    }

    /// The word as given.
    pub fn as_str(&self) -> &'w str {
        self.word
    }

    /// The word lower-cased.
    fn lower(&self) -> &str {
        self.lower.get_or_init(|| {
            if self.word.bytes().any(|b| b.is_ascii_uppercase()) {
                std::borrow::Cow::Owned(self.word.to_lowercase())
            } else {
                std::borrow::Cow::Borrowed(self.word)
            }
        })
    }

    /// Whether a candidate `candidate_len` bytes long can be close at all, judged by its
    /// length alone: it has at most as many characters as bytes and at least a quarter as
    /// many, so this needs no counting (to skip candidates before they are even fetched).
    pub fn may_be_close(&self, candidate_len: usize) -> bool {
        let w = self.chars;
        // The characters a close candidate has at least and at most (see `far`).
        let (fewest, most) = (w.div_ceil(2).min(w.saturating_sub(2)), (2 * w).max(w + 2));
        candidate_len >= fewest && candidate_len.div_ceil(4) <= most
    }

    /// [`closest`] of this word.
    pub fn closest<'a>(&self, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
        self.closest_with(candidates.into_iter().map(|c| (c, None)))
    }

    /// [`Word::closest`] of candidates that may come with their [`KeyBag`] (which says that the
    /// candidate is lower-case ASCII, and counts its letters): those are not read for the
    /// prefilter.
    pub fn closest_with<'a, 'b>(
        &self,
        candidates: impl IntoIterator<Item = (&'a str, Option<&'b KeyBag>)>,
    ) -> Option<&'a str> {
        let word = self.word;
        let word_chars = self.chars;
        let mut best: Option<(&str, f64)> = None;
        let mut lowered = String::new();
        // The word's letter counts, built for the first candidate that passes the length test.
        let bag: std::cell::OnceCell<Option<CharBag>> = std::cell::OnceCell::new();
        for (c, c_bag) in candidates {
            // An ASCII candidate has as many characters lower-cased: the length test comes
            // before any other look at it.
            if far(word_chars, c.len()) && (c_bag.is_some() || c.is_ascii()) {
                continue;
            }
            // (After the length test, which the word itself passes.)
            if c == word {
                continue;
            }
            let word_lower = self.lower();
            // ConnectorFacts keys are lower-case ASCII (one pass tells): lower-case only the
            // others.
            let (candidate, candidate_chars): (&str, usize) =
                if c_bag.is_some() || c.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
                    (c, c.len())
                } else {
                    lowered.clear();
                    lowered.extend(c.chars().flat_map(char::to_lowercase));
                    let chars = chars_in(&lowered);
                    if far(word_chars, chars) {
                        continue;
                    }
                    (&lowered, chars)
                };
            let (shorter, longer) = (
                word_chars.min(candidate_chars),
                word_chars.max(candidate_chars),
            );
            // The letters alone rule most of the rest out, before the costly measures, and say
            // which of the two can still pass.
            let word_key_bag = || self.key_bag.get_or_init(|| KeyBag::of(word_lower)).as_ref();
            let (jw_may, osa_may) = match (c_bag, c_bag.and_then(|_| word_key_bag())) {
                // The same bound from the counts kept with the candidate.
                (Some(c_bag), Some(w)) => may_be_close(
                    w.shared(c_bag),
                    (word_lower, word_chars),
                    (candidate, candidate_chars),
                ),
                _ => match bag.get_or_init(|| CharBag::of(word_lower)) {
                    Some(w) => w.may_be_close(word_lower, candidate, word_chars, candidate_chars),
                    None => (true, true),
                },
            };
            if !jw_may && !osa_may {
                continue;
            }
            let osa_close = || {
                let edits = edits_allowed(longer);
                osa_may
                    && edits > 0
                    && longer - shorter <= edits
                    && if edits == 1 {
                        distance::osa_within::<1>(word_lower, candidate)
                    } else {
                        distance::osa_within::<2>(word_lower, candidate)
                    }
            };
            // Jaro-Winkler is computed when it may decide, or when the candidate is close anyway
            // (it ranks the close ones).
            let (close, jw) = if jw_may {
                let jw = distance::jaro_winkler(word_lower, candidate);
                (
                    jw >= JARO_WINKLER_AT_LEAST || word.eq_ignore_ascii_case(c) || osa_close(),
                    jw,
                )
            } else if word.eq_ignore_ascii_case(c) || osa_close() {
                (true, distance::jaro_winkler(word_lower, candidate))
            } else {
                continue;
            };
            if close && best.is_none_or(|(_, s)| jw > s) {
                best = Some((c, jw));
            }
        }
        best.map(|(c, _)| c)
    }
}

/// The edits (optimal string alignment) that leave a word close to one of `longer`
/// characters: at most 2, and fewer than half the letters (`nope` is not `name`, `FRO` is
/// `FOR`).
fn edits_allowed(longer: usize) -> usize {
    (longer.saturating_sub(1) / 2).min(2)
}

/// Whether words of these many characters are too far apart in length to be close: the edit
/// distance is at least the difference in length, and Jaro-Winkler reaches 0.9 only when the
/// shorter is at least half the longer (Jaro <= (2 + shorter/longer) / 3, and the prefix bonus
/// needs Jaro >= 0.83).
fn far(chars: usize, other_chars: usize) -> bool {
    let (shorter, longer) = (chars.min(other_chars), chars.max(other_chars));
    shorter * 2 < longer && longer - shorter > 2
}

/// The characters in `s` (its length when it is ASCII, as option keys are).
fn chars_in(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// How often each ASCII character occurs in a word: a cheap test of whether two words can be
/// close at all in [`closest`]'s measures.
struct CharBag([u8; 128]);

impl CharBag {
    /// `None` for a word with a non-ASCII character (or a character 255 times).
    fn of(word: &str) -> Option<CharBag> {
        let mut counts = [0u8; 128];
        for b in word.bytes() {
            let slot = counts.get_mut(usize::from(b))?;
            *slot = slot.checked_add(1)?;
        }
        Some(CharBag(counts))
    }

    /// Whether each test of [`closest`] can pass, as (Jaro-Winkler >= 0.9, edit distance
    /// <= 2). Jaro is at most J = (m/|a| + m/|b| + 1) / 3 with m the letters the words share,
    /// and the prefix bonus adds 0.1 * p of what is left, p the common prefix (at most 4), so
    /// Jaro-Winkler is at most J + 0.1 * p * (1 - J); an edit distance of 2 changes at most 4
    /// letter counts. Equal words (ignoring case) share all. `(true, true)` (no verdict) for
    /// an `other` with a non-ASCII character. `word` is the word this bag counts.
    fn may_be_close(
        &self,
        word: &str,
        other: &str,
        chars: usize,
        other_chars: usize,
    ) -> (bool, bool) {
        // The letters shared, counted off a copy of this bag: one pass over `other` instead
        // of one over all 128 counts (the sum of |a - b| is |a| + |b| - 2 * shared).
        let mut left = self.0;
        let mut shared = 0usize;
        for b in other.bytes() {
            let Some(slot) = left.get_mut(usize::from(b)) else {
                return (true, true);
            };
            if *slot > 0 {
                *slot -= 1;
                shared += 1;
            }
        }
        may_be_close(shared, (word, chars), (other, other_chars))
    }
}

/// [`CharBag::may_be_close`] from the number of letters the words share (or more: a larger
/// number only lets more candidates through to the measures), each word with its characters.
fn may_be_close(
    shared: usize,
    (word, chars): (&str, usize),
    (other, other_chars): (&str, usize),
) -> (bool, bool) {
    let differ = (chars + other_chars).saturating_sub(2 * shared);
    let osa_may = differ <= 4;
    if shared == 0 || chars == 0 || other_chars == 0 {
        return (false, osa_may);
    }
    let jaro_bound =
        (shared as f64 / chars as f64 + shared as f64 / other_chars as f64 + 1.0) / 3.0;
    let prefix = word
        .bytes()
        .zip(other.bytes())
        .take(4)
        .take_while(|(a, b)| a == b)
        .count();
    let bound = jaro_bound + 0.1 * prefix as f64 * (1.0 - jaro_bound);
    // a margin below the threshold for rounding
    (bound >= JARO_WINKLER_AT_LEAST - 0.01, osa_may)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule without its shortcuts: the shortcuts must never change an answer.
    fn closest_plain<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
        let mut best: Option<(&str, f64)> = None;
        let word_lower = word.to_lowercase();
        for c in candidates {
            if c == word {
                continue;
            }
            let candidate = c.to_lowercase();
            let (a, b) = (word_lower.chars().count(), candidate.chars().count());
            let longer = a.max(b);
            let jw = strsim::jaro_winkler(&word_lower, &candidate);
            let edits = strsim::osa_distance(&word_lower, &candidate);
            let close = jw >= JARO_WINKLER_AT_LEAST
                || word.eq_ignore_ascii_case(c)
                || (edits <= 2 && 2 * edits < longer);
            if close && best.is_none_or(|(_, s)| jw > s) {
                best = Some((c, jw));
            }
        }
        best.map(|(c, _)| c)
    }

    /// Option keys, names and keywords of every shape the stages look up.
    const KEYS: &[&str] = &[
        "connector",
        "topic",
        "topic-pattern",
        "properties.bootstrap.servers",
        "properties.group.id",
        "scan.startup.mode",
        "scan.startup.timestamp-millis",
        "scan.startup.specific-offsets",
        "sink.partitioner",
        "sink.buffer-flush.max-rows",
        "sink.buffer-flush.interval",
        "lookup.cache.max-rows",
        "lookup.cache.ttl",
        "value.format",
        "key.format",
        "key.fields",
        "format",
        "json.fail-on-missing-field",
        "json.ignore-parse-errors",
        "json.timestamp-format.standard",
        "csv.field-delimiter",
        "csv.ignore-parse-errors",
        "avro-confluent.url",
        "fields.#.kind",
        "rows-per-second",
        "number-of-rows",
        "earliest-offset",
        "latest-offset",
        "group-offsets",
        "kafka",
        "upsert-kafka",
        "jdbc",
        "filesystem",
        "datagen",
        "mongodb",
        "id",
        "user_id",
        "order_id",
        "amount",
        "price",
        "ts",
        "event_time",
        "Name",
        "CamelCase",
        "örders",
        "SELECT",
        "FROM",
        "TABLE",
        "WITH",
        "AS",
        "BY",
        "TIMESTAMP_LTZ",
        "VARCHAR",
        "DATE_FORMAT",
        "TO_TIMESTAMP",
    ];

    #[test]
    fn shortcuts_never_change_a_suggestion() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n.max(1)
        };
        let letters: Vec<char> = "abcdeiklmnoprstuvx.-_KÖ".chars().collect();
        let mut words: Vec<String> = Vec::new();
        for key in KEYS {
            let chars: Vec<char> = key.chars().collect();
            for _ in 0..12 {
                let mut w = chars.clone();
                for _ in 0..=next(3) {
                    let i = next(w.len() + 1);
                    match next(5) {
                        0 if i < w.len() => {
                            w.remove(i);
                        }
                        1 => w.insert(i.min(w.len()), letters[next(letters.len())]),
                        2 if i < w.len() => w[i] = letters[next(letters.len())],
                        3 if i + 1 < w.len() => w.swap(i, i + 1),
                        _ => w.truncate(i.max(1)),
                    }
                }
                words.push(w.into_iter().collect());
            }
            words.push(key.to_uppercase());
            words.push(key.to_lowercase());
        }
        let bags: Vec<Option<KeyBag>> = KEYS.iter().map(|k| KeyBag::of(k)).collect();
        let (mut differ, mut suggested) = (Vec::new(), 0);
        for word in &words {
            let candidates = || KEYS.iter().copied();
            let fast = closest(word, candidates());
            let plain = closest_plain(word, candidates());
            let with_bags =
                Word::new(word).closest_with(candidates().zip(&bags).map(|(c, b)| (c, b.as_ref())));
            suggested += usize::from(plain.is_some());
            if fast != plain || with_bags != plain {
                differ.push(format!("{word}: {fast:?} / {with_bags:?} vs {plain:?}"));
            }
            // No close candidate is ruled out by its length before it is looked at.
            if let Some(found) = plain {
                assert!(Word::new(word).may_be_close(found.len()), "{word}: {found}");
            }
        }
        assert!(
            differ.is_empty(),
            "{} of {}: {differ:?}",
            differ.len(),
            words.len()
        );
        // the words are near misses and far ones both
        assert!(
            suggested > words.len() / 4 && suggested < words.len(),
            "{suggested} of {}",
            words.len()
        );
    }

    /// A typo is found whatever the characters' widths; names too long or too short are not
    /// (and are ruled out by their length before their characters are counted).
    #[test]
    fn names_by_characters_not_bytes() {
        let candidates = ["orders", "örders", "😀😀😀", "o", "orders_archive_2024"];
        assert_eq!(closest("ordrs", candidates), Some("orders"));
        assert_eq!(closest("ÖRDERS", ["örders"]), Some("örders"));
        assert_eq!(closest("😀😀", candidates), Some("😀😀😀"));
        assert_eq!(closest("😀😀😀😀😀", candidates), Some("😀😀😀"));
        assert_eq!(closest("missing12345", ["t12345", "u12345"]), None);
        assert_eq!(closest("orders", ["orders"]), None);
        let word = Word::new("orders");
        assert!(word.may_be_close("ordrs".len()) && word.may_be_close("😀😀😀".len()));
        assert!(!word.may_be_close("o".len()) && !word.may_be_close(200));
    }

    #[test]
    fn likely_typos_and_nothing_else() {
        for (word, candidates, expected) in [
            ("amout", &["amount", "account"][..], Some("amount")),
            ("user", &["user_id", "id"][..], Some("user_id")),
            ("FORM", &["FROM", "WHERE"][..], Some("FROM")),
            ("TABEL", &["TABLE", "VIEW"][..], Some("TABLE")),
            (
                "propreties.bootstrap.servers",
                KEYS,
                Some("properties.bootstrap.servers"),
            ),
            ("Topic", KEYS, Some("topic")),
            ("FRO", &["FOR", "WHERE"][..], Some("FOR")),
            ("id", &["_id", "name"][..], Some("_id")),
            ("BYY", &["BY", "AS"][..], Some("BY")),
            ("nope", &["name", "norm"][..], None),
            ("bigint_to_ts", &["BITMAP_TO_BYTES"][..], None),
            ("a", &["b", "c"][..], None),
            ("id", &["ts", "dt"][..], None),
            ("zzz", KEYS, None),
        ] {
            assert_eq!(
                closest(word, candidates.iter().copied()),
                expected,
                "{word}"
            );
        }
    }
}
