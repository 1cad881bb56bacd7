//! Did-you-mean for option keys, connector identifiers, values and column names, through
//! `flinkddl_diagnostics::suggest` (the one rule every suggestion follows); a format's option
//! keys come with their letter counts from its index.

use crate::model::FormatSpec;
use flinkddl_diagnostics::suggest::Word;

/// `suggest::closest` among a format's option keys, with their letters from its index.
pub(super) fn closest_format_option<'a>(word: &str, spec: &'a FormatSpec) -> Option<&'a str> {
    let bags = &spec.option_index().bags;
    Word::new(word).closest_with(
        spec.options
            .iter()
            .zip(bags)
            .map(|(o, bag)| (o.key.as_str(), bag.as_ref())),
    )
}

pub(super) fn did_you_mean_value<'v>(value: &str, values: &'v [String]) -> Option<&'v str> {
    // `normalized` is lower-case already: comparing ignoring case is comparing lower-cased.
    let normalized = value.to_ascii_lowercase().replace('_', "-");
    if let Some(v) = values.iter().find(|v| v.eq_ignore_ascii_case(&normalized)) {
        return Some(v);
    }
    if let Some(v) = values.iter().find(|v| {
        v.as_bytes()
            .get(..normalized.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(normalized.as_bytes()))
    }) {
        return Some(v);
    }
    flinkddl_diagnostics::suggest::closest(value, values.iter().map(String::as_str))
}
