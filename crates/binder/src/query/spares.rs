//! The lists the resolver reuses from block to block and statement to statement: memory kept,
//! not resolution, so apart from it.

use super::{Frame, Name};
use flinkddl_types::DataType;

/// The resolver's buffers, kept by the binder (emptied, with their capacity) from statement
/// to statement: most statements then allocate none of their blocks' and outputs' lists.
#[derive(Debug, Default)]
pub(crate) struct Spares {
    /// The resolver's stack of blocks (empty).
    pub(super) stack: Vec<Frame>,
    pub(super) frames: Vec<Frame>,
    pub(super) names: Vec<Vec<Name>>,
    pub(super) types: Vec<Vec<Option<DataType>>>,
    pub(super) rowtimes: Vec<Vec<bool>>,
}

/// How many lists of a kind are kept, and the longest kept: a statement of huge lists does
/// not leave its memory to the rest of the script.
const SPARES_KEPT: usize = 8;

const SPARE_CAPACITY: usize = 256;

pub(super) fn keep<T>(spares: &mut Vec<Vec<T>>, mut list: Vec<T>) {
    if spares.len() < SPARES_KEPT && list.capacity() <= SPARE_CAPACITY && list.capacity() > 0 {
        list.clear();
        spares.push(list);
    }
}

/// [`keep`] for a block: emptied for another, its lists' capacity kept.
pub(super) fn keep_frame(spares: &mut Vec<Frame>, mut frame: Frame) {
    if spares.len() < SPARES_KEPT
        && frame.relations.capacity() <= SPARE_CAPACITY
        && frame.aliases.capacity() <= SPARE_CAPACITY
        && frame.unnameable_aliases.capacity() <= SPARE_CAPACITY
    {
        frame.relations.clear();
        frame.merged = false;
        frame.aliases.clear();
        frame.unnameable_aliases.clear();
        frame.grouped = false;
        frame.rowtimes_cleared = 0;
        spares.push(frame);
    }
}

pub(super) fn spare<T>(spares: &mut Vec<Vec<T>>, capacity: usize) -> Vec<T> {
    match spares.pop() {
        Some(mut list) => {
            list.reserve(capacity);
            list
        }
        None => Vec::with_capacity(capacity),
    }
}
