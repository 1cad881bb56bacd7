//! Did-you-mean for names: the closest name within a typo's distance ([`similar`]), with the
//! length bounds that let a caller skip candidates before any distance ([`Typo`]), and the
//! tables a missing one may be a typo of.

use crate::Binder;

/// The closest name, if it is close enough to be a typo.
pub(crate) fn similar<'a>(
    name: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Option<&'a str> {
    Typo::new(name).closest(candidates)
}

/// A name looked for as a typo of others: lower-cased and counted once for all candidates.
struct Typo<'n> {
    name: &'n str,
    lower: String,
    chars: usize,
}

impl<'n> Typo<'n> {
    fn new(name: &'n str) -> Self {
        let lower = name.to_lowercase();
        let chars = lower.chars().count();
        Typo { name, lower, chars }
    }

    /// Whether `candidate` may be within [`Typo::closest`]'s distance, judged by its length in
    /// bytes: it has at most as many characters as bytes and at least a quarter as many, so
    /// this needs no counting.
    fn may_be_close(&self, candidate: &str) -> bool {
        candidate.len() + 2 >= self.chars && candidate.len() / 4 <= self.chars + 2
    }

    /// [`similar`]'s answer.
    fn closest<'a>(&self, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
        candidates
            .filter(|c| *c != self.name)
            // The distance is at least the difference in length: most candidates end here,
            // before the (allocating) distance.
            .filter(|c| self.may_be_close(c))
            .filter(|c| c.chars().count().abs_diff(self.chars) <= 2)
            .map(|c| {
                (
                    strsim::damerau_levenshtein(&self.lower, &c.to_lowercase()),
                    c,
                )
            })
            .filter(|(d, c)| *d <= 2 && *d < c.len().max(2))
            .min_by_key(|(d, _)| *d)
            .map(|(_, c)| c)
    }
}

impl Binder<'_> {
    /// A table name close to `name`, among the most recently created tables (ties go to the
    /// latest).
    pub(crate) fn similar_table(&self, name: &str) -> Option<String> {
        // The most recent tables, those of a length a typo could give looked up only (a script
        // of 50,000 missing LIKE sources spent 15 G instructions looking up every candidate).
        let typo = Typo::new(name);
        let recent = self
            .catalog
            .recent_tables_named(crate::MAX_SUGGESTION_CANDIDATES, |c| typo.may_be_close(c))
            .map(|t| t.name.as_str());
        typo.closest(recent).map(str::to_string)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A typo is found whatever the characters' widths; names too long or too short by more
    /// than two characters are not (and are rejected before their characters are counted).
    #[test]
    fn similar_names_by_characters_not_bytes() {
        let candidates = [
            "orders",
            "ordres",
            "örders",
            "😀😀😀",
            "o",
            "orders_archive_2024",
        ];
        assert_eq!(similar("ordrs", candidates.iter().copied()), Some("orders"));
        assert_eq!(similar("ÖRDERS", ["örders"].into_iter()), Some("örders"));
        assert_eq!(similar("😀😀", candidates.iter().copied()), Some("😀😀😀"));
        assert_eq!(
            similar("😀😀😀😀😀", candidates.iter().copied()),
            Some("😀😀😀")
        );
        assert_eq!(
            similar("missing12345", ["t12345", "u12345"].into_iter()),
            None
        );
        assert_eq!(similar("orders", ["orders"].into_iter()), None);
    }
}
