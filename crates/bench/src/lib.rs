//! Benchmarks only: `benches/throughput.rs` measures flinkddl against sqlparser-rs in one
//! process on the same bytes (see `docs/performance.md`); `benches/ast_repr.rs` measures the AST
//! representation prototypes of `proto` against the current parser (decision 0006). The bench
//! has a crate of its own, with its own lint settings.

pub mod proto;
