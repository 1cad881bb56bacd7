//! `cargo run -p flinkddl-fmt --example format_stdin < file.sql`: the formatted text and, on
//! stderr, how many statements were laid out, kept and put back.
use std::io::Read;

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        return;
    }
    let report = flinkddl_fmt::format_report(&text, &flinkddl_fmt::FormatOptions::default());
    print!("{}", report.text);
    eprintln!(
        "formatted {}, kept {}, reverted {}",
        report.formatted, report.kept, report.reverted
    );
}
