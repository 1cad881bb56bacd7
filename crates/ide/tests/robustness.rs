//! Half-typed text in every state: each fixture script (ide, examples, lint, bind, grammar
//! errors) cut at many points, and every feature (signature help and inlay hints included)
//! asked at many offsets of each cut, never panics and answers with spans inside the text on
//! char boundaries.

use flinkddl_ide::{Analysis, Span};
use std::path::Path;

fn scripts() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    let mut dirs = vec![
        root.join("fixtures/ide"),
        root.join("fixtures/examples"),
        root.join("fixtures/lint"),
        root.join("fixtures/bind"),
        root.join("grammar-tests/err"),
    ];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "sql") {
                if let Ok(text) = std::fs::read_to_string(&p) {
                    out.push(text.replace("$0", ""));
                }
            }
        }
    }
    out.sort();
    out
}

fn boundaries(text: &str, step: usize) -> Vec<u32> {
    let mut out: Vec<u32> = (0..=text.len())
        .step_by(step)
        .filter(|i| text.is_char_boundary(*i))
        .map(|i| i as u32)
        .collect();
    out.push(text.len() as u32);
    out
}

fn check_span(text: &str, span: Span, what: &str) {
    assert!(
        span.start <= span.end
            && (span.end as usize) <= text.len()
            && text.is_char_boundary(span.start as usize)
            && text.is_char_boundary(span.end as usize),
        "{what}: bad span {span:?} in {text:?}"
    );
}

#[test]
fn every_feature_on_every_prefix() {
    let scripts = scripts();
    assert!(scripts.len() > 20, "too few scripts: {}", scripts.len());
    let mut requests = 0usize;
    for script in &scripts {
        // About 40 cuts and 60 offsets per cut, whatever the script's size.
        for cut in boundaries(script, (script.len() / 40).max(11)) {
            let text = &script[..cut as usize];
            let a = Analysis::new(text);
            for s in a.document_symbols() {
                check_span(text, s.full_span, "symbol");
            }
            let tokens = a.semantic_tokens();
            for t in &tokens {
                check_span(text, t.span, "token");
            }
            assert!(
                tokens.windows(2).all(|w| w[0].span.end <= w[1].span.start),
                "semantic tokens out of order or overlapping in {text:?}"
            );
            for f in a.folding_ranges() {
                check_span(text, f.span, "fold");
            }
            let hints = a.inlay_hints(Span::new(0, text.len() as u32));
            for h in &hints {
                check_span(text, Span::new(h.offset, h.offset), "inlay hint");
            }
            assert!(
                hints.windows(2).all(|w| w[0].offset <= w[1].offset),
                "inlay hints out of order in {text:?}"
            );
            for offset in boundaries(text, (text.len() / 60).max(7)) {
                requests += 1;
                if let Some(h) = a.hover(offset) {
                    check_span(text, h.span, "hover");
                }
                if let Some(h) = a.signature_help(offset) {
                    check_span(text, h.name_span, "signature help");
                    assert!(
                        h.name_span.end <= offset,
                        "a call after the cursor in {text:?}"
                    );
                    for s in &h.signatures {
                        for &(start, end) in &s.parameters {
                            check_span(&s.label, Span::new(start, end), "parameter");
                        }
                    }
                }
                // Past the end and reversed ranges answer too.
                let _ = a.inlay_hints(Span::new(offset, offset.saturating_sub(5)));
                for c in a.completions(offset) {
                    check_span(text, c.replace, "completion");
                }
                if let Some(d) = a.goto_definition(offset) {
                    check_span(text, d.span, "definition");
                }
                for r in a.references(offset, true) {
                    check_span(text, r.span, "reference");
                }
                for c in a.code_actions(Span::new(offset, offset)) {
                    for e in c.edits {
                        check_span(text, e.span, "code action");
                    }
                }
                if let Ok(edits) = a.rename(offset, "renamed") {
                    for e in edits {
                        check_span(text, e.span, "rename");
                    }
                }
                if let Some(item) = a.prepare_call_hierarchy(offset) {
                    check_span(text, item.span, "call hierarchy item");
                    check_span(text, item.full_span, "call hierarchy item");
                    for c in a
                        .incoming_calls(&item.path)
                        .into_iter()
                        .chain(a.outgoing_calls(&item.path))
                    {
                        check_span(text, c.item.span, "call");
                        for s in c.spans {
                            check_span(text, s, "call site");
                        }
                    }
                }
            }
        }
    }
    assert!(requests > 1000, "{requests}");
}
