//! Diagnostics as the text the snapshots hold: one line per diagnostic (`line:column` in UTF-16
//! units, then what the [`Style`] shows), its labels and help indented below it.

use flinkddl_diagnostics::{Diagnostic, LineIndex};

/// What a diagnostic's first line shows after its position, and whether a fix is shown.
#[derive(Clone, Copy)]
pub struct Style {
    pub head: fn(&Diagnostic) -> String,
    /// Show a fix as the line it produces: `  fix (message): fixed line`.
    pub fixes: bool,
}

/// The grammar tests: `1:31 S005 Error unexpected ...`.
pub const SYNTAX: Style = Style {
    head: |d| format!("{} {:?} {}", d.code, d.severity, d.message),
    fixes: false,
};

/// The binder tests: `3:5 B010 Bind Error: duplicate ...`.
pub const BIND: Style = Style {
    head: |d| format!("{} {:?} {:?}: {}", d.code, d.stage(), d.severity, d.message),
    fixes: false,
};

/// The lint tests: `3:3 L002 duplicate-option-key Warning: option ...`, with fixes.
pub const LINT: Style = Style {
    head: |d| {
        format!(
            "{} {} {:?}: {}",
            d.code,
            d.code.info().name,
            d.severity,
            d.message
        )
    },
    fixes: true,
};

/// `diagnostics` of `text` in `style`, one block per diagnostic, each line ending in `\n`.
pub fn diagnostics(text: &str, diagnostics: &[Diagnostic], style: Style) -> String {
    let index = LineIndex::new(text);
    let pos = |offset: u32| {
        let lc = index.line_col(text, offset);
        format!("{}:{}", lc.line, lc.column_utf16)
    };
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&format!("{} {}\n", pos(d.span.start), (style.head)(d)));
        for l in &d.labels {
            out.push_str(&format!("  label {} {}\n", pos(l.span.start), l.message));
        }
        if let Some(h) = &d.help {
            out.push_str(&format!("  help: {h}\n"));
        }
        if let Some(f) = d.fix.as_ref().filter(|_| style.fixes) {
            let mut fixed = text.to_string();
            if fixed.get(f.span.range()).is_some() {
                fixed.replace_range(f.span.range(), &f.replacement);
            }
            let line = index.line_of(f.span.start);
            let start = index.line_start(line).unwrap_or(0) as usize;
            let rest = fixed.get(start..).unwrap_or("");
            let fixed_line = rest.split('\n').next().unwrap_or("");
            out.push_str(&format!("  fix ({}): {}\n", f.message, fixed_line.trim()));
        }
    }
    out
}
