//! Letter counts of words known in advance (the connector facts keep one for each option
//! key), so that the prefilter of [`super::Word::closest_with`] tests a candidate without
//! reading it: a table's unknown key is compared with every key the table could use, and most
//! are ruled out by their letters alone.

/// How often each character occurs in a lower-case ASCII word, in 64 buckets: one for each
/// letter, digit, `.`, `-` and `_` (the characters of option keys), the other characters
/// sharing the rest. A shared bucket can only over-count the letters two words have in
/// common, so a bound computed from it stays a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyBag([u8; 64]);

/// What [`KeyBag::of`] cannot count: an upper-case ASCII letter or a non-ASCII byte.
const NOT_COUNTED: u8 = u8::MAX;

/// The bucket of each byte ([`NOT_COUNTED`] for the bytes a bag does not take): one look-up
/// a byte answers both questions.
const BUCKET: [u8; 256] = {
    let mut table = [NOT_COUNTED; 256];
    let mut b = 0u8;
    while b < 128 {
        table[b as usize] = match b {
            b'a'..=b'z' => b - b'a',
            b'0'..=b'9' => 26 + (b - b'0'),
            b'.' => 36,
            b'-' => 37,
            b'_' => 38,
            b'A'..=b'Z' => NOT_COUNTED,
            _ => 39 + b % 25,
        };
        b += 1;
    }
    table
};

impl KeyBag {
    /// The counts of `word`; `None` unless it is lower-case ASCII of at most 255 bytes (so
    /// that no count, nor that of a sum of two such words under 256 bytes, overflows).
    pub fn of(word: &str) -> Option<KeyBag> {
        if word.len() > 255 {
            return None;
        }
        let mut counts = [0u8; 64];
        for b in word.bytes() {
            let bucket = BUCKET[usize::from(b)];
            if bucket == NOT_COUNTED {
                return None;
            }
            // Every other bucket is below 64: the mask only spares the bounds check.
            counts[usize::from(bucket & 63)] += 1;
        }
        Some(KeyBag(counts))
    }

    /// The counts of `prefix` followed by `key`, from theirs (`None` when the whole is longer
    /// than [`KeyBag::of`] takes).
    pub fn joined(prefix: (&KeyBag, usize), key: (&KeyBag, usize)) -> Option<KeyBag> {
        if prefix.1 + key.1 > 255 {
            return None;
        }
        let mut counts = prefix.0 .0;
        for (c, k) in counts.iter_mut().zip(key.0 .0.iter()) {
            *c += *k;
        }
        Some(KeyBag(counts))
    }

    /// At least the number of characters the two words share (counted with repeats): exactly
    /// that when they use only the characters with a bucket of their own.
    pub fn shared(&self, other: &KeyBag) -> usize {
        let mut sum = 0u32;
        for (a, b) in self.0.iter().zip(other.0.iter()) {
            sum += u32::from(*a.min(b));
        }
        sum as usize
    }
}

#[cfg(test)]
mod tests {
    use super::KeyBag;

    #[test]
    fn counts_shared_letters() {
        let (Some(a), Some(b)) = (
            KeyBag::of("scan.startup.mode"),
            KeyBag::of("scan.stratup.mode"),
        ) else {
            panic!("lower-case ASCII keys have bags");
        };
        assert_eq!(a.shared(&b), "scan.startup.mode".len());
        let Some(c) = KeyBag::of("topic") else {
            panic!("a key");
        };
        // t, o, p and c of "topic" are in "scan.startup.mode"; i is not.
        assert_eq!(a.shared(&c), 4);
        assert!(KeyBag::of("Topic").is_none());
        assert!(KeyBag::of("tópico").is_none());
        let (Some(p), Some(k)) = (KeyBag::of("value.json."), KeyBag::of("ignore-parse-errors"))
        else {
            panic!("keys");
        };
        assert_eq!(
            KeyBag::joined((&p, 11), (&k, 19)),
            KeyBag::of("value.json.ignore-parse-errors")
        );
    }
}
