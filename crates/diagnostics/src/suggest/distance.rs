//! The two measures of [`super::closest`], on bytes for ASCII words (option keys, names):
//! the same numbers as `strsim`'s `jaro_winkler` and `osa_distance` (same steps, same
//! floating-point operations in the same order), without their allocations, and with the edit
//! distance bounded (only "at most `k`?" is asked). Other words go to `strsim`.

/// Longest word the byte versions take (their match flags are one `u64` each).
const MAX_LEN: usize = 64;

/// `strsim::jaro_winkler(a, b)`.
pub(super) fn jaro_winkler(a: &str, b: &str) -> f64 {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    if !a.is_ascii() || !b.is_ascii() || x.len() > MAX_LEN || y.len() > MAX_LEN {
        return strsim::jaro_winkler(a, b);
    }
    let sim = jaro(x, y);
    if sim > 0.7 {
        let prefix_length = x.iter().take(4).zip(y).take_while(|(p, q)| p == q).count();
        sim + 0.1 * prefix_length as f64 * (1.0 - sim)
    } else {
        sim
    }
}

/// `strsim::generic_jaro` over bytes (both at most [`MAX_LEN`] long).
fn jaro(a: &[u8], b: &[u8]) -> f64 {
    let (a_len, b_len) = (a.len(), b.len());
    if a_len == 0 && b_len == 0 {
        return 1.0;
    } else if a_len == 0 || b_len == 0 {
        return 0.0;
    }
    let search_range = (a_len.max(b_len) / 2).saturating_sub(1);
    // Where each byte occurs in `b`, one bit a position: the first unmatched occurrence in
    // the window is the lowest bit left, instead of a walk over the window.
    let mut at = [0u64; 128];
    for (j, &bc) in b.iter().enumerate() {
        if let Some(bits) = at.get_mut(usize::from(bc)) {
            *bits |= 1 << j;
        }
    }
    let mut a_flags = 0u64;
    let mut b_flags = 0u64;
    let mut matches = 0usize;
    for (i, &ac) in a.iter().enumerate() {
        let min_bound = i.saturating_sub(search_range);
        let max_bound = b_len.min(i + search_range + 1);
        if min_bound >= max_bound {
            continue;
        }
        // Bits min_bound..max_bound (max_bound is at least 1 and at most 64).
        let window = (u64::MAX >> (64 - max_bound)) & (u64::MAX << min_bound);
        let free = at.get(usize::from(ac)).copied().unwrap_or(0) & !b_flags & window;
        if free != 0 {
            a_flags |= 1 << i;
            b_flags |= free & free.wrapping_neg();
            matches += 1;
        }
    }
    if matches == 0 {
        return 0.0;
    }
    let mut transpositions = 0usize;
    let mut j = 0usize;
    for (i, &ac) in a.iter().enumerate() {
        if a_flags & (1 << i) == 0 {
            continue;
        }
        while j < b_len && b_flags & (1 << j) == 0 {
            j += 1;
        }
        if b.get(j) != Some(&ac) {
            transpositions += 1;
        }
        j += 1;
    }
    transpositions /= 2;
    ((matches as f64 / a_len as f64)
        + (matches as f64 / b_len as f64)
        + ((matches - transpositions) as f64 / matches as f64))
        / 3.0
}

/// Whether `strsim::osa_distance(a, b) <= K`.
pub(super) fn osa_within<const K: usize>(a: &str, b: &str) -> bool {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    if !a.is_ascii() || !b.is_ascii() || y.len() >= MAX_LEN {
        return strsim::osa_distance(a, b) <= K;
    }
    osa_bounded::<K>(x, y)
}

/// The optimal-string-alignment table of `strsim::osa_distance`, computed only in the band
/// `|i - j| <= K` and with every value capped at `K + 1` (a cell outside the band is at least
/// `K + 1`, so the capped table is exact up to `K`); it stops once no later row can come back
/// to `K`. `b` is shorter than [`MAX_LEN`].
fn osa_bounded<const K: usize>(a: &[u8], b: &[u8]) -> bool {
    let (n, m) = (a.len(), b.len());
    if n.abs_diff(m) > K {
        return false;
    }
    let cap = K + 1;
    // Rows i-2, i-1 and i of the table; a position no row has written yet holds `cap` (row 0
    // holds min(j, cap)), which is what every cell outside the band is taken to be.
    let mut two = [cap; MAX_LEN + 1];
    let mut prev = [cap; MAX_LEN + 1];
    let mut curr = [cap; MAX_LEN + 1];
    for (j, cell) in prev.iter_mut().enumerate().take(m + 1) {
        *cell = j.min(cap);
    }
    let mut prev_min = 0usize;
    for i in 1..=n {
        let ac = a[i - 1];
        let lo = i.saturating_sub(K).max(1);
        let hi = (i + K).min(m);
        if i <= K {
            curr[0] = i;
        } else if let Some(cell) = curr.get_mut(lo - 1) {
            // The cell left of the band: outside it, so at least `cap`.
            *cell = cap;
        }
        let mut row_min = if i <= K { i } else { cap };
        for j in lo..=hi {
            let bc = b[j - 1];
            let cost = usize::from(ac != bc);
            let mut d = (curr[j - 1] + 1).min(prev[j] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && ac != bc && ac == b[j - 2] && bc == a[i - 2] {
                d = d.min(two[j - 2] + 1);
            }
            let d = d.min(cap);
            curr[j] = d;
            row_min = row_min.min(d);
        }
        // The cell right of the band, read by the next row: outside it.
        if let Some(cell) = curr.get_mut(hi + 1) {
            *cell = cap;
        }
        // Every later row is at least min(this row's least, the last row's least + 1).
        if row_min.min(prev_min + 1) > K {
            return false;
        }
        prev_min = row_min;
        std::mem::swap(&mut two, &mut prev);
        std::mem::swap(&mut prev, &mut curr);
    }
    prev[m] <= K
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: &[&str] = &[
        "",
        "a",
        "ab",
        "ba",
        "abc",
        "ca",
        "topic",
        "topci",
        "tpoic",
        "topics",
        "topic-pattern",
        "properties.bootstrap.servers",
        "properties.bootstrap.server",
        "propreties.bootstrap.servers",
        "properties.boostrap.servers",
        "scan.startup.mode",
        "scan.startup-mode",
        "scan.statrup.mode",
        "sink.partitioner",
        "sink.partitoner",
        "value.format",
        "key.format",
        "format",
        "fromat",
        "json",
        "jsno",
        "avro-confluent",
        "avro",
        "damerau",
        "aderua",
        "aderuaxyz",
        "abcdefghijkl",
        "bacedfgihjlk",
        "specter",
        "spectre",
        "foobar",
        "ofobar",
        "a cat",
        "an abct",
        "Stewart",
        "Colbert",
        "öঙ香",
        "fields.f0.kind",
        "fields.#.kind",
        "lookup.cache.max-rows",
        "lookup.cache.ttl",
        "sink.buffer-flush.max-rows",
        "sink.buffer-flush.interval",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ];

    #[test]
    fn the_same_numbers_as_strsim() {
        for a in WORDS {
            for b in WORDS {
                assert_eq!(
                    jaro_winkler(a, b).to_bits(),
                    strsim::jaro_winkler(a, b).to_bits(),
                    "{a} / {b}"
                );
                let d = strsim::osa_distance(a, b);
                assert_eq!(osa_within::<2>(a, b), d <= 2, "{a} / {b}: {d}");
                assert_eq!(osa_within::<1>(a, b), d <= 1, "{a} / {b}: {d}");
                assert_eq!(osa_within::<3>(a, b), d <= 3, "{a} / {b}: {d}");
            }
        }
    }

    #[test]
    fn generated_words_agree_with_strsim() {
        // Words over a small alphabet, so that matches, swaps and near misses are common.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let la = next() % 12;
            let lb = next() % 12;
            let mut word = |len: u64| -> String {
                (0..len)
                    .map(|_| char::from(b"abc.-"[(next() % 5) as usize]))
                    .collect()
            };
            let (a, b) = (word(la), word(lb));
            assert_eq!(
                jaro_winkler(&a, &b).to_bits(),
                strsim::jaro_winkler(&a, &b).to_bits(),
                "{a} / {b}"
            );
            let d = strsim::osa_distance(&a, &b);
            assert_eq!(osa_within::<2>(&a, &b), d <= 2, "{a} / {b}: {d}");
        }
    }
}
