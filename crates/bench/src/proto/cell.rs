//! What an arena AST needs to leave `flinkddl::analyze_with` as an owned, `'static` value: the
//! source and the arena in one heap cell, the tree borrowing from both (`self_cell`).

use bumpalo::Bump;
use self_cell::self_cell;

use super::arena::{self, Script};
use super::Census;

/// The text and the arena its tree lives in.
pub struct SourceArena {
    pub text: String,
    pub bump: Bump,
}

/// The tree and how many statements the prototype could not read.
pub struct Parsed<'a> {
    pub script: Script<'a>,
    pub errors: usize,
}

self_cell!(
    /// An arena parse that owns its text: `Send`, `'static`, movable.
    pub struct OwnedParse {
        owner: SourceArena,
        #[covariant]
        dependent: Parsed,
    }
);

impl OwnedParse {
    /// Parses `text`, taking it over (no copy). The arena grows as `arena::parse`'s does, so
    /// that the two differ only by the holder.
    pub fn parse(text: String) -> Self {
        OwnedParse::new(
            SourceArena {
                text,
                bump: Bump::new(),
            },
            |owner| {
                let (script, errors) = arena::parse(&owner.text, &owner.bump);
                Parsed { script, errors }
            },
        )
    }

    pub fn census(&self) -> Census {
        self.with_dependent(|_, parsed| arena::census(&parsed.script, parsed.errors))
    }

    /// Bytes the arena holds (allocated chunks).
    pub fn arena_bytes(&self) -> usize {
        self.borrow_owner().bump.allocated_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_static<T: Send + 'static>() {}

    #[test]
    fn owned_parse_is_send_and_static() {
        assert_send_static::<OwnedParse>();
    }
}
