//! `flinkddl check --fix`: applying the fixes the diagnostics carry.
//!
//! Each fix is safe or unsafe, as ruff marks them: a safe fix keeps what the script means to
//! Flink (it writes what Flink stores anyway, or the one reading Flink's rule allows); an unsafe
//! fix may change it (a name guessed from similar ones, a deleted comment or key). `--fix`
//! applies the safe ones, `--unsafe-fixes` both. One pass applies every fix that does not
//! overlap an earlier one; the text is analysed again and the next pass runs, until a pass
//! applies nothing ([`MAX_PASSES`] at most). A pass that would add errors is undone.

use flinkddl::{Code, Diagnostic, Span};

/// How far a fix can be trusted (ruff's "applicability").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// Keeps the script's meaning: applied by `--fix`.
    Safe,
    /// May change the meaning: applied only with `--unsafe-fixes`.
    Unsafe,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// Passes of fix-and-reanalyse before giving up on reaching a fixed point.
pub const MAX_PASSES: usize = 10;

/// Whether `d`'s fix is safe; `None` when it has no fix.
pub fn applicability(d: &Diagnostic) -> Option<Applicability> {
    d.fix.as_ref()?;
    // Every fix chosen by similarity ("did you mean ...?") is a guess at the name meant.
    let guessed = d
        .help
        .as_deref()
        .is_some_and(|h| h.starts_with("did you mean"));
    if guessed {
        return Some(Applicability::Unsafe);
    }
    Some(match d.code {
        // Flink already stores the fixed form: NOT NULL key columns, the clamped precision,
        // the last of two values, NOT ENFORCED keys.
        Code::NullablePrimaryKeyColumn
        | Code::PrecisionClamped
        | Code::DuplicateOptionKey
        | Code::PrimaryKeyEnforced
        // The only reading Flink allows: a quoted name, `<>` for `!=`, the lower-case
        // 'connector' key or format identifier, a client setting under its prefix, a format
        // option with its format prefix.
        | Code::ReservedWord
        | Code::UnexpectedToken
        | Code::MissingRequiredOption
        | Code::InvalidOptionValue
        | Code::UnknownConnectorOption
        | Code::FormatOptionMismatch => Applicability::Safe,
        // Deletes text the author wrote (a field comment) or changes the table (Flink keeps
        // both partition keys).
        Code::RowFieldCommentDropped | Code::DuplicatePartitionKey => Applicability::Unsafe,
        // A fix this table does not know yet is trusted only on request.
        _ => Applicability::Unsafe,
    })
}

/// Whether `--fix` (and `--unsafe-fixes` when `unsafe_fixes`) applies `d`'s fix.
pub fn is_applied(d: &Diagnostic, unsafe_fixes: bool) -> bool {
    match applicability(d) {
        Some(Applicability::Safe) => true,
        Some(Applicability::Unsafe) => unsafe_fixes,
        None => false,
    }
}

/// One fix that was applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub code: Code,
    /// The fix's message ("write NOT ENFORCED").
    pub message: String,
    /// Where the diagnostic was, in the text of the pass that fixed it.
    pub span: Span,
    /// The 1-based line in that text.
    pub line: u32,
}

/// Applies every fix of `diagnostics` that `wanted` accepts and that does not overlap one
/// applied before it (in source order). `None` when nothing applies.
pub fn apply_once(
    text: &str,
    diagnostics: &[Diagnostic],
    wanted: impl Fn(&Diagnostic) -> bool,
) -> Option<(String, Vec<Applied>)> {
    let mut fixes: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| wanted(d))
        .filter(|d| {
            d.fix.as_ref().is_some_and(|f| {
                let (s, e) = (f.span.start as usize, f.span.end as usize);
                s <= e && e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e)
            })
        })
        .collect();
    fixes.sort_by_key(|d| d.fix.as_ref().map(|f| (f.span.start, f.span.end)));
    let index = flinkddl::LineIndex::new(text);
    let mut out = String::with_capacity(text.len());
    let mut copied = 0usize;
    let mut last: Option<(Span, &str)> = None;
    let mut applied = Vec::new();
    for d in fixes {
        let Some(fix) = &d.fix else { continue };
        let (start, end) = (fix.span.start as usize, fix.span.end as usize);
        let record = Applied {
            code: d.code,
            message: fix.message.clone(),
            span: d.span,
            line: index.line_col(text, d.span.start).line,
        };
        if let Some((span, replacement)) = last {
            // The same edit from two diagnostics is made once and fixes both.
            if span == fix.span && replacement == fix.replacement {
                applied.push(record);
                continue;
            }
            let overlaps = start < span.end as usize
                || (start == span.start as usize && span.start == span.end);
            if overlaps {
                continue;
            }
        }
        out.push_str(&text[copied..start]);
        out.push_str(&fix.replacement);
        copied = end;
        last = Some((fix.span, fix.replacement.as_str()));
        applied.push(record);
    }
    if applied.is_empty() {
        return None;
    }
    out.push_str(&text[copied..]);
    Some((out, applied))
}

/// What fixing one text gave.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The fixed text (the input when nothing applied).
    pub text: String,
    /// Every fix applied, pass by pass.
    pub applied: Vec<Applied>,
    /// The diagnostics of the fixed text.
    pub diagnostics: Vec<Diagnostic>,
    /// Fixes left unapplied because the text they give has a diagnostic the text before did
    /// not (fixing one error can reveal the next one Flink would raise): they are in
    /// `diagnostics` still.
    pub withheld: usize,
    /// False when [`MAX_PASSES`] passes still left fixes to apply.
    pub converged: bool,
}

/// Fixes `text` until no wanted fix is left. `analyse` gives the diagnostics of a text (with
/// the configuration's levels and the selection applied). A fix is kept only when the text it
/// gives has no diagnostic (no code, or no more of a code) that the text before it did not
/// have; the others are withheld.
pub fn fix_text(
    text: &str,
    mut analyse: impl FnMut(&str) -> Vec<Diagnostic>,
    wanted: impl Fn(&Diagnostic) -> bool,
) -> Outcome {
    let mut current = text.to_string();
    let mut diagnostics = analyse(&current);
    let mut applied = Vec::new();
    let mut withheld: Vec<Diagnostic> = Vec::new();
    let mut converged = false;
    for _ in 0..MAX_PASSES {
        // Fixes withheld once are not tried again on the same text.
        let wanted_now = |d: &Diagnostic| wanted(d) && !withheld.contains(d);
        let Some((next, done)) = apply_once(&current, &diagnostics, wanted_now) else {
            converged = true;
            break;
        };
        let next_diagnostics = analyse(&next);
        if !adds_diagnostics(&diagnostics, &next_diagnostics) {
            current = next;
            diagnostics = next_diagnostics;
            applied.extend(done);
            withheld.clear();
            continue;
        }
        // Some fix of the pass reveals or causes a new diagnostic: keep those that alone do
        // not, then check them together.
        let candidates: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| wanted_now(d))
            .cloned()
            .collect();
        let mut accepted: Vec<Diagnostic> = Vec::new();
        for d in &candidates {
            let alone = apply_once(&current, std::slice::from_ref(d), |_| true);
            match alone {
                Some((t, _)) if !adds_diagnostics(&diagnostics, &analyse(&t)) => {
                    accepted.push(d.clone())
                }
                _ => withheld.push(d.clone()),
            }
        }
        let together = apply_once(&current, &accepted, |_| true)
            .map(|(t, done)| {
                let ds = analyse(&t);
                (t, done, ds)
            })
            .filter(|(_, _, ds)| !adds_diagnostics(&diagnostics, ds));
        let step = together.or_else(|| {
            // Together they still add something: the first one alone is safe.
            let first = accepted.first()?;
            let (t, done) = apply_once(&current, std::slice::from_ref(first), |_| true)?;
            let ds = analyse(&t);
            Some((t, done, ds))
        });
        match step {
            Some((t, done, ds)) => {
                // The text changed: withheld fixes' spans moved, so they are found again by
                // content on the next pass.
                let kept: Vec<Diagnostic> = withheld
                    .iter()
                    .filter_map(|w| ds.iter().find(|d| same_fix(d, w)).cloned())
                    .collect();
                current = t;
                diagnostics = ds;
                applied.extend(done);
                withheld = kept;
            }
            None => {
                converged = true;
                break;
            }
        }
    }
    if !converged {
        converged = !diagnostics
            .iter()
            .any(|d| wanted(d) && !withheld.contains(d));
    }
    let withheld = diagnostics
        .iter()
        .filter(|d| wanted(d) && withheld.iter().any(|w| same_fix(d, w)))
        .count();
    Outcome {
        text: current,
        applied,
        diagnostics,
        withheld,
        converged,
    }
}

/// The same fix of the same diagnostic, wherever it now is.
fn same_fix(a: &Diagnostic, b: &Diagnostic) -> bool {
    a.code == b.code
        && a.message == b.message
        && a.fix.as_ref().map(|f| (&f.message, &f.replacement))
            == b.fix.as_ref().map(|f| (&f.message, &f.replacement))
}

/// Whether `after` has a code that `before` has not, or more of one.
fn adds_diagnostics(before: &[Diagnostic], after: &[Diagnostic]) -> bool {
    let count = |ds: &[Diagnostic]| {
        let mut m: std::collections::HashMap<Code, usize> = std::collections::HashMap::new();
        for d in ds {
            *m.entry(d.code).or_insert(0) += 1;
        }
        m
    };
    let (old, new) = (count(before), count(after));
    new.iter()
        .any(|(code, n)| *n > old.get(code).copied().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyse(text: &str) -> Vec<Diagnostic> {
        flinkddl::analyze(text).diagnostics
    }

    #[test]
    fn overlapping_fixes_wait_for_the_next_pass() {
        let d = |start, end, with: &str| {
            Diagnostic::new(Code::ReservedWord, Span::new(start, end), "m").with_fix(
                Span::new(start, end),
                with,
                "f",
            )
        };
        let text = "abcdef";
        let ds = [
            d(0, 3, "X"),
            d(2, 4, "Y"),
            d(4, 4, "Z"),
            d(4, 4, "W"),
            d(5, 6, "V"),
        ];
        let (fixed, applied) = apply_once(text, &ds, |_| true).unwrap_or_default();
        assert_eq!(fixed, "XdZeV");
        assert_eq!(applied.len(), 3);
    }

    #[test]
    fn fixes_reach_a_fixed_point() {
        let text = "CREATE TABLE t (id INT NULL, ts TIMESTAMP(12), PRIMARY KEY (id))\n\
                    WITH ('connector' = 'datagen', 'connector' = 'datagen');\n";
        let before = analyse(text);
        assert!(before.iter().any(|d| d.code == Code::PrimaryKeyEnforced));
        let out = fix_text(text, analyse, |d| is_applied(d, false));
        assert!(out.converged);
        assert!(
            out.diagnostics.is_empty(),
            "{:?}\n{}",
            out.diagnostics,
            out.text
        );
        let codes: Vec<Code> = out.applied.iter().map(|a| a.code).collect();
        assert!(codes.contains(&Code::PrimaryKeyEnforced), "{codes:?}");
        assert!(codes.contains(&Code::PrecisionClamped), "{codes:?}");
        assert!(codes.contains(&Code::DuplicateOptionKey), "{codes:?}");
    }

    #[test]
    fn guesses_are_unsafe() {
        let text = "CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR tss AS ts);\n";
        let ds = analyse(text);
        let guess = ds.iter().find(|d| d.code == Code::WatermarkColumnUnknown);
        assert_eq!(
            guess.and_then(applicability),
            Some(Applicability::Unsafe),
            "{ds:?}"
        );
        assert!(fix_text(text, analyse, |d| is_applied(d, false))
            .applied
            .is_empty());
        let fixed = fix_text(text, analyse, |d| is_applied(d, true));
        assert_eq!(fixed.applied.len(), 1);
        assert!(fixed.text.contains("FOR `ts`"), "{}", fixed.text);
    }
}
