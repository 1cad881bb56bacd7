//! `flinkddl check --fix`: applying the fixes the diagnostics carry.
//!
//! Each fix is safe or unsafe, as ruff marks them, and says which itself (the code that makes
//! it knows whether it is a guess: [`Applicability`]): a safe fix keeps what the script means
//! to Flink (it writes what Flink stores anyway, or the one reading Flink's rule allows); an
//! unsafe fix may change it (a name guessed from similar ones, a deleted comment or key).
//! `--fix` applies the safe ones, `--unsafe-fixes` both. One pass applies every fix that does not
//! overlap an earlier one; the text is analysed again and the next pass runs, until a pass
//! applies nothing ([`MAX_PASSES`] at most). A fix whose text would have a diagnostic the text
//! before did not have is withheld, so fixed files never get new diagnostics: Flink reports
//! one error per statement, so fixing one can reveal the next. The fixes to withhold are those
//! of the statements where the new diagnostics are, found with a bounded number of analyses.

use flinkddl::diagnostics::Applicability;
use flinkddl::{Code, Diagnostic, Span};
use std::collections::{HashMap, HashSet};

/// Passes of fix-and-reanalyse before giving up on reaching a fixed point.
pub const MAX_PASSES: usize = 10;

/// Whether `--fix` (and `--unsafe-fixes` when `unsafe_fixes`) applies `d`'s fix: the fix says
/// whether it is safe ([`flinkddl::diagnostics::Fix::applicability`]).
pub fn is_applied(d: &Diagnostic, unsafe_fixes: bool) -> bool {
    match d.fix_applicability() {
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
    apply_edits(text, diagnostics, wanted).map(|p| (p.text, p.applied))
}

/// One pass of edits.
struct Pass {
    text: String,
    applied: Vec<Applied>,
    /// Each edit made: the span replaced (in the text before) and the replacement's length.
    edits: Vec<(Span, usize)>,
}

fn apply_edits(
    text: &str,
    diagnostics: &[Diagnostic],
    wanted: impl Fn(&Diagnostic) -> bool,
) -> Option<Pass> {
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
    let mut edits = Vec::new();
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
        edits.push((fix.span, fix.replacement.len()));
        applied.push(record);
    }
    if applied.is_empty() {
        return None;
    }
    out.push_str(&text[copied..]);
    Some(Pass {
        text: out,
        applied,
        edits,
    })
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

/// Analyses one pass may spend on finding which of its fixes add a diagnostic; past it, the
/// fixes left are withheld. Each try withholds the fixes of every statement that got a new
/// diagnostic, so a script with thousands of such fixes needs one or two.
const TRIAL_BUDGET: usize = 32;

/// A fix: its code, the span it replaces and the replacement.
type FixKey = (Code, u32, u32, String);

fn fix_key(d: &Diagnostic) -> FixKey {
    match &d.fix {
        Some(f) => (d.code, f.span.start, f.span.end, f.replacement.clone()),
        None => (d.code, d.span.start, d.span.end, String::new()),
    }
}

/// The withheld fixes where they are after `edits` (disjoint, in order); a fix that an edit
/// touched is dropped (it is judged again).
fn shift(withheld: HashSet<FixKey>, edits: &[(Span, usize)]) -> HashSet<FixKey> {
    let moves = Moves::new(edits);
    withheld
        .into_iter()
        .filter_map(|(code, start, end, replacement)| {
            // The first edit not before the fix must start after the fix's text.
            let touched = edits
                .get(moves.before(start))
                .is_some_and(|(e, _)| e.start < end.max(start + 1));
            if touched {
                return None;
            }
            Some((code, moves.at(start)?, moves.at(end)?, replacement))
        })
        .collect()
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
    let mut withheld: HashSet<FixKey> = HashSet::new();
    let mut converged = false;
    for _ in 0..MAX_PASSES {
        let wanted_now = |d: &Diagnostic| wanted(d) && !withheld.contains(&fix_key(d));
        let Some(pass) = apply_edits(&current, &diagnostics, wanted_now) else {
            converged = true;
            break;
        };
        let next_diagnostics = analyse(&pass.text);
        if !adds_diagnostics(&diagnostics, &next_diagnostics) {
            withheld = shift(withheld, &pass.edits);
            current = pass.text;
            diagnostics = next_diagnostics;
            applied.extend(pass.applied);
            continue;
        }
        // Some fix of the pass reveals or causes a new diagnostic. Flink's errors belong to
        // statements: withhold the fixes in the statements where new diagnostics are (or, for
        // one that a fix in an earlier statement caused, the last fixed statement before it)
        // and try the rest again.
        let mut candidates: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| wanted_now(d))
            .cloned()
            .collect();
        let mut step = None;
        for _ in 0..TRIAL_BUDGET {
            let Some(pass) = apply_edits(&current, &candidates, |_| true) else {
                break;
            };
            let ds = analyse(&pass.text);
            let new = new_diagnostics(&diagnostics, &ds);
            if new.is_empty() {
                step = Some((pass, ds));
                break;
            }
            let culprits = culprits(&pass, &candidates, &new);
            if culprits.is_empty() {
                break;
            }
            candidates.retain(|c| !culprits.contains(&fix_key(c)));
            withheld.extend(culprits);
        }
        match step {
            Some((pass, ds)) => {
                withheld = shift(withheld, &pass.edits);
                current = pass.text;
                diagnostics = ds;
                applied.extend(pass.applied);
            }
            // Out of tries: what is left waits for another run.
            None => {
                withheld.extend(candidates.iter().map(fix_key));
                break;
            }
        }
    }
    if !converged {
        converged = !diagnostics
            .iter()
            .any(|d| wanted(d) && !withheld.contains(&fix_key(d)));
    }
    let withheld = diagnostics
        .iter()
        .filter(|d| wanted(d) && withheld.contains(&fix_key(d)))
        .count();
    Outcome {
        text: current,
        applied,
        diagnostics,
        withheld,
        converged,
    }
}

/// The diagnostics of `after` that `before` did not have: those of a code that has more
/// instances now, less those whose message `before` had (when that leaves none, all of them).
fn new_diagnostics<'a>(before: &[Diagnostic], after: &'a [Diagnostic]) -> Vec<&'a Diagnostic> {
    let mut counts: HashMap<Code, (usize, usize)> = HashMap::new();
    for d in before {
        counts.entry(d.code).or_default().0 += 1;
    }
    for d in after {
        counts.entry(d.code).or_default().1 += 1;
    }
    let grown: HashSet<Code> = counts
        .into_iter()
        .filter(|(_, (old, new))| new > old)
        .map(|(code, _)| code)
        .collect();
    let old_messages: HashSet<(Code, &str)> = before
        .iter()
        .filter(|d| grown.contains(&d.code))
        .map(|d| (d.code, d.message.as_str()))
        .collect();
    let mut new = Vec::new();
    for code in &grown {
        let of_code: Vec<&Diagnostic> = after.iter().filter(|d| d.code == *code).collect();
        let unseen: Vec<&Diagnostic> = of_code
            .iter()
            .copied()
            .filter(|d| !old_messages.contains(&(d.code, d.message.as_str())))
            .collect();
        new.extend(if unseen.is_empty() { of_code } else { unseen });
    }
    new
}

/// The fixes of `pass` to withhold for the `new` diagnostics of its text: those in the
/// statement of each new diagnostic, or else the ones in the last statement before it that
/// has fixes.
fn culprits(pass: &Pass, candidates: &[Diagnostic], new: &[&Diagnostic]) -> HashSet<FixKey> {
    let parse = flinkddl::parse(&pass.text);
    let statement = |offset: u32| flinkddl::binder::statement_index(&parse, offset);
    let moves = Moves::new(&pass.edits);
    // Each candidate's statement in the new text (its edit moved by those before it).
    let mut placed: Vec<(usize, FixKey)> = candidates
        .iter()
        .filter_map(|c| {
            let start = moves.at(c.fix.as_ref()?.span.start)?;
            Some((statement(start)?, fix_key(c)))
        })
        .collect();
    placed.sort();
    let mut out = HashSet::new();
    for d in new {
        let Some(at) = statement(d.span.start) else {
            continue;
        };
        let upto = placed.partition_point(|(s, _)| *s <= at);
        let Some(last) = upto.checked_sub(1).and_then(|i| placed.get(i)) else {
            continue;
        };
        let culprit_statement = last.0;
        out.extend(
            placed
                .iter()
                .filter(|(s, _)| *s == culprit_statement)
                .map(|(_, k)| k.clone()),
        );
    }
    out
}

/// Where offsets of the text before a pass's edits are after them.
struct Moves<'a> {
    edits: &'a [(Span, usize)],
    /// `shifts[k]`: how far the first `k` edits move what follows them.
    shifts: Vec<i64>,
}

impl<'a> Moves<'a> {
    fn new(edits: &'a [(Span, usize)]) -> Moves<'a> {
        let mut shifts = Vec::with_capacity(edits.len() + 1);
        let mut total = 0i64;
        shifts.push(0);
        for (span, len) in edits {
            total += *len as i64 - i64::from(span.end - span.start);
            shifts.push(total);
        }
        Moves { edits, shifts }
    }

    /// How many edits end at or before `offset` (edits are disjoint and in order, so their
    /// ends are too).
    fn before(&self, offset: u32) -> usize {
        self.edits.partition_point(|(e, _)| e.end <= offset)
    }

    fn at(&self, offset: u32) -> Option<u32> {
        let shift = self.shifts.get(self.before(offset)).copied().unwrap_or(0);
        u32::try_from(i64::from(offset) + shift).ok()
    }
}

/// Whether `after` has a code that `before` has not, or more of one.
fn adds_diagnostics(before: &[Diagnostic], after: &[Diagnostic]) -> bool {
    let count = |ds: &[Diagnostic]| {
        let mut m: HashMap<Code, usize> = HashMap::new();
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
            Diagnostic::new(Code::ReservedWord, Span::new(start, end), "m").with_safe_fix(
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
    fn withheld_fixes_follow_the_edits() {
        let key = |start, end| (Code::ReservedWord, start, end, String::from("x"));
        let withheld: HashSet<FixKey> = [key(0, 2), key(5, 7), key(10, 10), key(20, 22)].into();
        // Replace 3..4 with 3 bytes (+2), 9..12 with nothing (-3; touches 10..10).
        let edits = [(Span::new(3, 4), 3), (Span::new(9, 12), 0)];
        let moved = shift(withheld, &edits);
        let expected: HashSet<FixKey> = [key(0, 2), key(7, 9), key(19, 21)].into();
        assert_eq!(moved, expected);
    }

    #[test]
    fn a_bad_fix_does_not_withhold_its_twins() {
        // The same fix (NOT ENFORCED) on two tables: only the one that reveals an unknown key
        // column is withheld.
        let text = "CREATE TABLE a (id INT, PRIMARY KEY (idx));\n\
                    CREATE TABLE b (id INT, PRIMARY KEY (id));\n";
        let out = fix_text(text, analyse, |d| is_applied(d, false));
        assert_eq!(out.applied.len(), 1, "{:?}", out.applied);
        assert_eq!(out.withheld, 1);
        assert!(
            out.text.contains("PRIMARY KEY (id) NOT ENFORCED"),
            "{}",
            out.text
        );
        assert!(out.text.contains("PRIMARY KEY (idx));"), "{}", out.text);
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
            guess.and_then(Diagnostic::fix_applicability),
            Some(Applicability::Unsafe),
            "{ds:?}"
        );
        assert!(fix_text(text, analyse, |d| is_applied(d, false))
            .applied
            .is_empty());
        let fixed = fix_text(text, analyse, |d| is_applied(d, true));
        assert_eq!(fixed.applied.len(), 1);
        assert!(fixed.text.contains("FOR ts AS"), "{}", fixed.text);
    }
}
