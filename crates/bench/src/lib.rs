//! Benchmarks only: `benches/throughput.rs` measures flinkddl against sqlparser-rs in one
//! process on the same bytes (see `docs/performance.md`). This library is empty on purpose; it
//! exists so that the bench has a crate of its own, with its own lint settings.
