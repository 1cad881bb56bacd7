//! The lint rules, one per file. Each file declares its rule in one constant,
//! `pub(crate) const RULE: Rule = Rule { code: Code::…, check: … };`, and `build.rs` writes the
//! `mod` line of every file here and [`RULES`] in code order: adding a rule is adding its file
//! (`cargo xtask new-rule` writes one). Each has a code of stage `Lint` in the code table
//! (`crates/diagnostics/data/codes/<CODE>-<name>.md`, where its docs live) and a fixture
//! directory `fixtures/lint/<rule-name>/` with an `invalid.sql` and a `valid.sql`.

use crate::Rule;

// Generated: `mod <file>;` for each rule file, and `RULES`.
include!(concat!(env!("OUT_DIR"), "/rules.rs"));
