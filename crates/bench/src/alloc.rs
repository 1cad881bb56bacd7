//! The benches' counting global allocator: it forwards to the allocator underneath and counts
//! live heap bytes while [`peak_bytes`] runs. A bench declares it once:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: Counting<System> = Counting(System);
//! ```

use std::alloc::{GlobalAlloc, Layout};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

/// Counts the bytes `A` holds while [`peak_bytes`] runs.
pub struct Counting<A>(pub A);

static TRACK: AtomicBool = AtomicBool::new(false);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// The only unsafe code of the workspace: a global allocator is an `unsafe impl`. It forwards to
// the allocator underneath and only adds counting.
#[allow(unsafe_code)]
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc(layout) };
        if TRACK.load(Relaxed) && !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if TRACK.load(Relaxed) {
            LIVE.fetch_sub(layout.size(), Relaxed);
        }
        unsafe { self.0.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if TRACK.load(Relaxed) && !p.is_null() {
            if new_size >= layout.size() {
                let now =
                    LIVE.fetch_add(new_size - layout.size(), Relaxed) + new_size - layout.size();
                PEAK.fetch_max(now, Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        p
    }
}

/// Peak live heap bytes allocated during `f` (what `f` returns is dropped after the peak is read,
/// so the result counts). Memory freed during `f` that was allocated before it can make the
/// running count dip below zero; it saturates at the start value. Zero unless the process's
/// global allocator is a [`Counting`].
pub fn peak_bytes<R>(f: impl FnOnce() -> R) -> usize {
    LIVE.store(1 << 40, Relaxed);
    PEAK.store(1 << 40, Relaxed);
    TRACK.store(true, Relaxed);
    let r = f();
    TRACK.store(false, Relaxed);
    drop(black_box(r));
    PEAK.load(Relaxed).saturating_sub(1 << 40)
}
