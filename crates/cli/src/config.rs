//! `flinkddl.toml`: found upward from each checked file (the nearest one wins, with the file it
//! `extend`s), or given with `--config`. The model, its parsing and its discovery live in
//! `flinkddl-config` (shared with the language server); this module re-exports them.

pub use flinkddl_config::{
    find_upward, Config, ConfigError, Finder, FormatSettings, Level, Position, Problem, FILE_NAME,
};
