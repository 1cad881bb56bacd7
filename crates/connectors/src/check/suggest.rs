//! Did-you-mean for option keys, connector identifiers, values and column names: the closest
//! candidate by Jaro-Winkler or edit distance ([`distance`](super::distance)), with the bounds
//! (length, letters) that rule most candidates out before either measure.

use super::distance;
use crate::keybag::KeyBag;
use crate::model::FormatSpec;

/// [`did_you_mean`] among a format's option keys, with their letters from its index.
pub(super) fn closest_format_option<'a>(word: &str, spec: &'a FormatSpec) -> Option<&'a str> {
    let bags = &spec.option_index().bags;
    Word::new(word).closest_with(
        spec.options
            .iter()
            .zip(bags)
            .map(|(o, bag)| (o.key.as_str(), bag.as_ref())),
    )
}

/// The closest candidate, if close enough to be a likely typo.
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Option<&'a str> {
    Word::new(word).closest(candidates)
}

/// A word to find did-you-means for, prepared once: a table's unknown keys are looked up
/// against each missing option.
pub(super) struct Word<'w> {
    pub(super) word: &'w str,
    /// Written keys are mostly lower-case ASCII already: no copy then. Set by `new` for a
    /// non-ASCII word, else on first need (most words end at the length test).
    lower: std::cell::OnceCell<std::borrow::Cow<'w, str>>,
    chars: usize,
    /// The lower-cased word's letters, for candidates that come with theirs (kept: a table's
    /// unknown keys are compared with each missing option).
    key_bag: std::cell::OnceCell<Option<KeyBag>>,
}

impl<'w> Word<'w> {
    pub(super) fn new(word: &'w str) -> Self {
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

    /// [`did_you_mean`] of this word.
    fn closest<'a>(&self, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
        self.closest_with(candidates.map(|c| (c, None)))
    }

    /// [`Word::closest`] of candidates that may come with their [`KeyBag`] (which says that the
    /// candidate is lower-case ASCII, and counts its letters): those are not read for the
    /// prefilter.
    pub(super) fn closest_with<'a, 'b>(
        &self,
        candidates: impl Iterator<Item = (&'a str, Option<&'b KeyBag>)>,
    ) -> Option<&'a str> {
        let word = self.word;
        let word_chars = self.chars;
        let mut best: Option<(&str, f64)> = None;
        let mut lowered = String::new();
        // The word's letter counts, built for the first candidate that passes the length test.
        let bag: std::cell::OnceCell<Option<CharBag>> = std::cell::OnceCell::new();
        for (c, c_bag) in candidates {
            // Jaro-Winkler reaches 0.9 only when the shorter string is at least half the longer
            // (Jaro <= (2 + shorter/longer) / 3, and the prefix bonus needs Jaro >= 0.83); the
            // edit distance is at least the difference in length. Most candidates end here.
            let far = |candidate_chars: usize| {
                let (shorter, longer) = (
                    word_chars.min(candidate_chars),
                    word_chars.max(candidate_chars),
                );
                shorter * 2 < longer && longer - shorter > 2
            };
            // An ASCII candidate has as many characters lower-cased: the length test comes
            // before any other look at it.
            if far(c.len()) && (c_bag.is_some() || c.is_ascii()) {
                continue;
            }
            // (After the length test, which the word itself passes.)
            if c == word {
                continue;
            }
            let word_lower = self.lower();
            // Catalogue keys are lower-case ASCII (one pass tells): lower-case only the others.
            let (candidate, candidate_chars): (&str, usize) =
                if c_bag.is_some() || c.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
                    (c, c.len())
                } else {
                    lowered.clear();
                    lowered.extend(c.chars().flat_map(char::to_lowercase));
                    let chars = chars_in(&lowered);
                    if far(chars) {
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
                osa_may
                    && word.len() > 3
                    && longer - shorter <= 2
                    && distance::osa_within::<2>(word_lower, candidate)
            };
            // Jaro-Winkler is computed when it may decide, or when the candidate is close anyway
            // (it ranks the close ones).
            let (close, jw) = if jw_may {
                let jw = distance::jaro_winkler(word_lower, candidate);
                (jw >= 0.9 || word.eq_ignore_ascii_case(c) || osa_close(), jw)
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

/// The characters in `s` (its length when it is ASCII, as option keys are).
fn chars_in(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// How often each ASCII character occurs in a word: a cheap test of whether two words can be
/// close at all in [`did_you_mean`]'s measures.
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

    /// Whether each test of [`did_you_mean`] can pass, as (Jaro-Winkler >= 0.9, edit distance
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
    // a margin below 0.9 for rounding
    (bound >= 0.89, osa_may)
}

pub(super) fn did_you_mean_value<'v>(value: &str, values: &'v [String]) -> Option<&'v str> {
    // `normalized` is lower-case already: comparing ignoring case is comparing lower-cased.
    let normalized = value.to_ascii_lowercase().replace('_', "-");
    if let Some(v) = values.iter().find(|v| v.eq_ignore_ascii_case(&normalized)) {
        return Some(v);
    }
    if let Some(v) = values.iter().find(|v| {
        v.as_bytes()
            .get(..normalized.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(normalized.as_bytes()))
    }) {
        return Some(v);
    }
    did_you_mean(value, values.iter().map(String::as_str))
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;
    use crate::Catalogue;

    /// `did_you_mean` without its shortcuts (as it was before them): the shortcuts must never
    /// change an answer.
    fn did_you_mean_plain<'a>(
        word: &str,
        candidates: impl Iterator<Item = &'a str>,
    ) -> Option<&'a str> {
        let mut best: Option<(&str, f64)> = None;
        let word_lower = word.to_lowercase();
        for c in candidates {
            if c == word {
                continue;
            }
            let candidate = c.to_lowercase();
            let (a, b) = (word_lower.chars().count(), candidate.chars().count());
            let (shorter, longer) = (a.min(b), a.max(b));
            let jw = strsim::jaro_winkler(&word_lower, &candidate);
            let close = jw >= 0.9
                || word.eq_ignore_ascii_case(c)
                || (word.len() > 3
                    && longer - shorter <= 2
                    && strsim::osa_distance(&word_lower, &candidate) <= 2);
            if close && best.is_none_or(|(_, s)| jw > s) {
                best = Some((c, jw));
            }
        }
        best.map(|(c, _)| c)
    }

    #[test]
    fn shortcuts_never_change_a_suggestion() {
        let catalogue = Catalogue::builtin();
        let keys: Vec<String> = catalogue
            .connectors()
            .flat_map(|c| c.options.iter().map(|o| o.key.clone()))
            .chain(
                catalogue
                    .formats()
                    .flat_map(|f| f.options.iter().map(|o| format!("{}.{}", f.id, o.key))),
            )
            .collect();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n.max(1)
        };
        let letters: Vec<char> = "abcdeiklmnoprstuvx.-_K".chars().collect();
        let mut words: Vec<String> = Vec::new();
        for key in keys.iter().step_by(3) {
            let chars: Vec<char> = key.chars().collect();
            for _ in 0..4 {
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
        }
        let bags: Vec<Option<crate::keybag::KeyBag>> =
            keys.iter().map(|k| crate::keybag::KeyBag::of(k)).collect();
        let (mut differ, mut suggested) = (Vec::new(), 0);
        for word in &words {
            let candidates = || keys.iter().map(String::as_str);
            let fast = did_you_mean(word, candidates());
            let plain = did_you_mean_plain(word, candidates());
            let with_bags = super::Word::new(word)
                .closest_with(candidates().zip(&bags).map(|(c, b)| (c, b.as_ref())));
            suggested += usize::from(plain.is_some());
            if fast != plain || with_bags != plain {
                differ.push(format!("{word}: {fast:?} / {with_bags:?} vs {plain:?}"));
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
            "{suggested}"
        );
    }
}
