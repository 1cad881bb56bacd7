//! `flinkddl explain` works for every code of the code table, by code and by name.

use flinkddl::Code;
use std::process::Command;

fn explain(arg: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .args(["explain", arg])
        .output()
        .unwrap_or_else(|e| panic!("cannot run flinkddl: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn every_code_is_explained() {
    for code in Code::ALL {
        let info = code.info();
        for arg in [info.code, info.name] {
            let (status, stdout) = explain(arg);
            assert_eq!(status, 0, "explain {arg}");
            assert!(
                stdout.starts_with(&format!("{} {}: {}", info.code, info.name, info.title)),
                "explain {arg}: {stdout}"
            );
            assert!(
                stdout.contains(info.explanation.trim_end()),
                "explain {arg}"
            );
        }
    }
}

#[test]
fn explain_without_a_code_lists_them_all() {
    let out = Command::new(env!("CARGO_BIN_EXE_flinkddl"))
        .arg("explain")
        .output()
        .unwrap_or_else(|e| panic!("cannot run flinkddl: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), Code::ALL.len());
}
