//! The arena the parser builds in: one member of a [`Herd`] whose chunks grow by a bounded
//! fraction of what it holds instead of doubling.
//!
//! `bumpalo` makes each new chunk twice the last one, so a tree that just outgrew a chunk sits
//! in almost twice the memory it uses (the 10 MB `both` corpus: 4.4x the input in 8.4x of
//! chunks, decision 0006). Before an allocation that will open a new chunk, [`Arena`] sets the
//! bump's allocation limit so that the chunk bumpalo picks (twice the last, halved until it
//! fits under the limit) is at most [`GROWTH_DIVISOR`]th of what is held, and never smaller
//! than the allocation needs. The limit is lifted when the arena is dropped, so that a later
//! member of the same herd starts unlimited.

use bumpalo_herd::{Herd, Member};

/// A new chunk holds at most this fraction of the chunks before it (or [`MIN_CHUNK`]): the
/// last chunk, the only one that can be partly empty, wastes at most 1/16 of the arena.
const GROWTH_DIVISOR: usize = 16;

/// Chunks of this size may always be opened: below it the doubling is cheap and bounded. Small:
/// a streamed check's piece holds about 100 KB of tree, whose last chunk may be mostly empty.
const MIN_CHUNK: usize = 32 * 1024;

/// What bumpalo may add to a requested chunk size: its footer, rounding to pages and to the
/// allocation's alignment (the tree's alignment is at most 16).
const CHUNK_SLACK: usize = 16 * 1024;

/// One member of the parse's herd, with bounded chunk growth.
pub(crate) struct Arena<'h> {
    member: Member<'h>,
}

impl<'h> Arena<'h> {
    pub(crate) fn new(herd: &'h Herd) -> Self {
        Arena { member: herd.get() }
    }

    /// Makes room for `bytes` more: when the current chunk cannot hold them, caps the size of
    /// the chunk bumpalo is about to open. Bumpalo tries twice the last chunk, then halves it
    /// until it fits under the limit, and stops at the size the allocation needs: a limit of
    /// at least twice that size (plus slack) leaves one of those sizes under it, so the
    /// allocation cannot fail on the limit.
    #[inline]
    fn reserve(&self, bytes: usize) {
        let bump = self.member.as_bump();
        // 16: the largest alignment of a tree node, which may cost that much padding.
        if bump.chunk_capacity() >= bytes.saturating_add(16) {
            return;
        }
        let held = bump.allocated_bytes();
        let needed = bytes
            .saturating_add(CHUNK_SLACK)
            .saturating_mul(2)
            .saturating_add(CHUNK_SLACK);
        let growth = (held / GROWTH_DIVISOR).max(MIN_CHUNK).max(needed);
        bump.set_allocation_limit(Some(held.saturating_add(growth)));
    }

    #[inline]
    pub(crate) fn alloc<T>(&self, value: T) -> &'h T {
        self.reserve(std::mem::size_of::<T>());
        self.member.alloc(value)
    }

    #[inline]
    pub(crate) fn alloc_slice<T>(&self, items: impl ExactSizeIterator<Item = T>) -> &'h [T] {
        self.reserve(std::mem::size_of::<T>().saturating_mul(items.len()));
        self.member.alloc_slice_fill_iter(items)
    }

    /// `len` items made by `make`, writable: for a list moved in by swapping
    /// ([`crate::parser::Parser::list_swapped`]).
    #[inline]
    pub(crate) fn alloc_slice_with<T>(
        &self,
        len: usize,
        make: impl FnMut(usize) -> T,
    ) -> &'h mut [T] {
        self.reserve(std::mem::size_of::<T>().saturating_mul(len));
        self.member.alloc_slice_fill_with(len, make)
    }

    #[inline]
    pub(crate) fn alloc_str(&self, text: &str) -> &'h str {
        self.reserve(text.len());
        self.member.alloc_str(text)
    }
}

impl Drop for Arena<'_> {
    fn drop(&mut self) {
        self.member.as_bump().set_allocation_limit(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Many small allocations, then ones larger than any chunk so far: none fails on the limit,
    /// and the chunks hold little more than what was allocated.
    #[test]
    fn growth_is_bounded_and_large_allocations_fit() {
        let herd = Herd::new();
        let arena = Arena::new(&herd);
        let mut used = 0usize;
        for i in 0..200_000u64 {
            let v = arena.alloc([i; 4]);
            assert_eq!(v[3], i);
            used += 32;
        }
        let held = arena.member.as_bump().allocated_bytes();
        assert!(
            held <= used + used / 8 + MIN_CHUNK,
            "held {held} for {used} allocated"
        );
        for len in [1usize, 1000, 100_000, 3_000_000, 10] {
            let s = arena.alloc_slice((0..len).map(|i| i as u32));
            assert_eq!(s.len(), len);
            assert_eq!(s.last().copied(), len.checked_sub(1).map(|i| i as u32));
        }
        let big = "x".repeat(5_000_000);
        assert_eq!(arena.alloc_str(&big).len(), big.len());
        drop(arena);
        // The limit is lifted for the next member.
        assert_eq!(herd.get().as_bump().allocation_limit(), None);
    }
}
