//! `cargo run -p flinkddl-fmt --example format_stdin < file.sql`: the formatted text and, on
//! stderr, how many statements were laid out, kept and put back.
use std::io::Read;

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        return;
    }
    let mut options = flinkddl_fmt::FormatOptions::default();
    // `alt` as the first argument: the second style of the corpus test.
    if std::env::args().nth(1).as_deref() == Some("alt") {
        options = flinkddl_fmt::FormatOptions {
            line_width: 60,
            indent_width: 2,
            keyword_case: flinkddl_fmt::KeywordCase::Lower,
            identifier_quoting: flinkddl_fmt::IdentifierQuoting::AsNeeded,
        };
    }
    let report = flinkddl_fmt::format_report(&text, &options);
    print!("{}", report.text);
    eprintln!(
        "formatted {}, kept {}, reverted {}",
        report.formatted, report.kept, report.reverted
    );
}
