//! JSON outputs: the describe contract lives in `flinkddl::contract`.

pub use flinkddl::contract::describe_json;
