//! `flinkddl check` in-process on arbitrary bytes (not necessarily UTF-8, so the file decoding
//! runs too): analysis, the describe JSON contract and every output format (human with and
//! without colour, JSON, SARIF, GitHub) never panic, and the JSON outputs parse.
//!
//!     RUSTC_BOOTSTRAP=1 cargo fuzz run check -- -max_total_time=600 -dict=flink.dict
#![no_main]

use flinkddl_cli::check::{check_loaded, Summary};
use flinkddl_cli::config::Config;
use flinkddl_cli::render::{github, human, sarif};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let config = Config::defaults(".".into());
    let loaded = flinkddl_cli::source::decode(data.to_vec());
    let report = check_loaded("fuzz.sql".into(), loaded, &config);
    let reports = vec![report];
    let summary = Summary::of(&reports, Duration::ZERO);
    for color in [false, true] {
        let style = human::Style {
            color,
            width: 80,
            show_info: true,
        };
        let _ = human::render(&reports, &summary, style);
    }
    let json = flinkddl_cli::json::check_json(&reports, &summary);
    if let Err(e) = serde_json::from_str::<serde_json::Value>(&json) {
        panic!("check JSON does not parse: {e}");
    }
    // SARIF carries the whole rule catalogue and costs about 20x the rest of the pipeline on a
    // small input: it is rendered for one input in eight, so the fuzzer keeps its pace.
    if data.len() % 8 == 0 {
        let sarif = sarif::render(&reports, &summary);
        if let Err(e) = serde_json::from_str::<serde_json::Value>(&sarif) {
            panic!("SARIF does not parse: {e}");
        }
    }
    let _ = github::render(&reports);
    let text = String::from_utf8_lossy(data);
    let analysis = flinkddl::analyze(&text);
    let _ = flinkddl::contract::describe_json(&text, &analysis);
});
