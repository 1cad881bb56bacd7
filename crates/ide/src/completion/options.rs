//! Option keys and values: the keys of the table's connector and formats not written yet (with
//! a snippet for the value), and the values an option takes; the statement's written options
//! decide which connector and formats those are.

use super::{Collector, CompletionKind};
use crate::reference;
use flinkddl::syntax::TokenKind;

impl Collector<'_> {
    /// The `'key' = 'value'` pairs written anywhere in the statement (before or after the
    /// cursor), as the table will have them.
    pub(super) fn statement_options(&self) -> Vec<(String, String)> {
        self.options_besides(None)
    }

    /// [`Collector::statement_options`] without the pair whose key string holds `offset`.
    fn options_besides(&self, offset: Option<u32>) -> Vec<(String, String)> {
        let tokens = self.tokens();
        let mut out = Vec::new();
        for w in tokens.windows(3) {
            let holds = offset.is_some_and(|o| w[0].span.start < o && o <= w[0].span.end);
            if matches!(w[0].kind, TokenKind::String)
                && w[1].kind == TokenKind::Eq
                && matches!(w[2].kind, TokenKind::String)
                && !holds
            {
                out.push((
                    tokens.value(&w[0]).into_owned(),
                    tokens.value(&w[2]).into_owned(),
                ));
            }
        }
        // A LIKE source's options are the table's too (unless excluded; close enough here).
        if let Some(source) = self.like_source() {
            if let Some(table) = self.analysis.bound_table(&source, self.statement) {
                for (k, v) in &table.options {
                    if !out.iter().any(|(key, _)| key == k) {
                        out.push((k.to_string(), v.to_string()));
                    }
                }
            }
        }
        out
    }

    pub(super) fn option_keys(&mut self) {
        let options = self.statement_options();
        // The keys set besides the one the cursor is in: a closed string (`''` the editor
        // closed, or a key being retyped) is no key set yet, but the list's others are.
        let besides = if self.cx.in_string {
            self.options_besides(Some(self.cx.replace.start))
        } else {
            options.clone()
        };
        let written: Vec<&str> = besides.iter().map(|(k, _)| k.as_str()).collect();
        let columns: Vec<String> = self.columns().into_iter().map(|c| c.name).collect();
        let mut candidates: Vec<(String, Option<reference::TableOption>)> = Vec::new();
        if !written.contains(&"connector") {
            candidates.push(("connector".to_string(), None));
        }
        for option in reference::table_options(self.analysis.connector_facts(), &options) {
            if option.key.contains('#') {
                for col in &columns {
                    let key = option.key.replace('#', col);
                    candidates.push((key, Some(option.clone())));
                }
            } else {
                candidates.push((option.key.clone(), Some(option)));
            }
        }
        for (key, option) in candidates {
            if written.contains(&key.as_str()) {
                continue;
            }
            let (value, doc, detail, required) = match &option {
                Some(o) => {
                    let values = reference::option_values(o.spec);
                    // Options that list columns (`key.fields`) offer the table's columns.
                    let names_columns = o.spec.ty == flinkddl::connectors::model::OptionType::List
                        && o.key.ends_with("fields")
                        && !columns.is_empty();
                    let value = if !values.is_empty() {
                        format!("${{1|{}|}}", values.join(","))
                    } else if names_columns {
                        let choices: Vec<String> = columns
                            .iter()
                            .map(|c| escape_snippet(c).replace(',', "\\,").replace('|', "\\|"))
                            .collect();
                        format!("${{1|{}|}}", choices.join(","))
                    } else {
                        let example = o
                            .spec
                            .default
                            .clone()
                            .unwrap_or_else(|| value_example(o.spec.ty).to_string());
                        format!("${{1:{}}}", escape_snippet(&example))
                    };
                    let mut detail = reference::option_type_name(o.spec.ty).to_string();
                    if let Some(d) = &o.spec.default {
                        detail.push_str(&format!(" = {d}"));
                    }
                    (
                        value,
                        Some(reference::describe_option(o)),
                        detail,
                        o.spec.required,
                    )
                }
                None => (
                    format!(
                        "${{1|{}|}}",
                        self.analysis
                            .connector_facts()
                            .connectors()
                            .map(|c| c.id.as_str())
                            .collect::<Vec<_>>()
                            .join(",")
                    ),
                    Some("**`connector`** · the connector's factory identifier".to_string()),
                    "String (required)".to_string(),
                    true,
                ),
            };
            let escaped = key.replace('\'', "''");
            let (insert, snippet) = if self.cx.unclosed {
                // `'scan.st`: close the key and go on to its value.
                (format!("{}' = '{value}'", escape_snippet(&escaped)), true)
            } else if self.cx.in_string {
                (escaped, false)
            } else {
                (format!("'{}' = '{value}'", escape_snippet(&escaped)), true)
            };
            let item = self.push(key, CompletionKind::Option, insert, snippet);
            item.detail = Some(detail);
            item.documentation = doc;
            if required {
                item.sort_text = format!("0{}", item.label);
            }
        }
    }

    pub(super) fn option_values(&mut self, key: &str) {
        let options = self.statement_options();
        let wrap = |v: &str| {
            if self.cx.in_string {
                v.replace('\'', "''")
            } else {
                format!("'{}'", v.replace('\'', "''"))
            }
        };
        if key == "connector" {
            let list: Vec<(String, String, String)> = self
                .analysis
                .connector_facts()
                .connectors()
                .map(|c| {
                    let roles: Vec<String> = c
                        .roles
                        .iter()
                        .map(|r| format!("{r:?}").to_lowercase())
                        .collect();
                    (c.id.clone(), roles.join(", "), c.version.clone())
                })
                .collect();
            for (id, roles, version) in list {
                let insert = wrap(&id);
                let item = self.push(id, CompletionKind::Connector, insert, false);
                item.detail = Some(roles);
                item.documentation = Some(version);
            }
            return;
        }
        if let Some(connector) = reference::connector_of(self.analysis.connector_facts(), &options)
        {
            if connector.format_slots.iter().any(|s| s.option == key) {
                let list: Vec<(String, String)> = self
                    .analysis
                    .connector_facts()
                    .formats()
                    .filter(|f| !f.bulk_only || connector.accepts_bulk_formats)
                    .map(|f| (f.id.clone(), f.version.clone()))
                    .collect();
                for (id, version) in list {
                    let insert = wrap(&id);
                    let item = self.push(id, CompletionKind::Format, insert, false);
                    item.documentation = Some(version);
                }
                return;
            }
        }
        if let Some(option) =
            reference::option_for_key(self.analysis.connector_facts(), &options, key)
        {
            let doc = reference::describe_option(&option);
            for value in reference::option_values(option.spec) {
                let insert = wrap(&value);
                let is_default = option.spec.default.as_deref() == Some(value.as_str());
                let item = self.push(value, CompletionKind::Value, insert, false);
                item.documentation = Some(doc.clone());
                if is_default {
                    item.detail = Some("default".to_string());
                }
            }
        }
    }
}

/// A placeholder in the syntax an option type takes, for options without a default.
fn value_example(ty: flinkddl::connectors::model::OptionType) -> &'static str {
    use flinkddl::connectors::model::OptionType as T;
    match ty {
        T::Duration => "10 s",
        T::Memory => "64 mb",
        T::Int | T::Long => "1",
        T::Float | T::Double => "1.0",
        T::List => "a;b",
        T::Map => "k1:v1,k2:v2",
        T::String | T::Enum | T::Boolean | T::Char | T::EscapedChar => "",
    }
}

/// `$`, `}` and `\` are special in snippets.
fn escape_snippet(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('$', "\\$")
        .replace('}', "\\}")
}
