//! flinkddl-ide: editor features for one Flink SQL script, in editor terms and without LSP.
//!
//! Input is the document text and byte offsets into it; output is plain serde data with byte
//! [`Span`]s: diagnostics (with labels and fixes), hover, completion by context, signature
//! help, inlay hints (the binder's types), goto definition and references, rename, document
//! symbols, semantic tokens, folding ranges, code actions and a call hierarchy of the data flow. [`Analysis`] runs `flinkddl::analyze_with` once per text (syntax, binder, lints,
//! connector checks) and indexes the names ([`index`]); every feature reads that one analysis.
//! [`Analysis::with_config`] applies a `flinkddl.toml` ([`flinkddl_config::Config`]) as
//! `flinkddl check` does: its options for the analysis, its rule levels for the diagnostics
//! (and so for the quick fixes offered), and its connector facts (the `connectors` files)
//! for hover and completion as well as for the diagnostics ([`Analysis::connector_facts`]).
//!
//! What it does not do: speak LSP or JSON-RPC, convert to lines or UTF-16 columns (the caller
//! uses [`flinkddl::LineIndex`]), read files (finding a document's configuration is the
//! caller's), or keep state across versions. Each feature lives
//! in its own module; they share what they say of connectors, functions and types
//! through [`reference`], the editor's reference.

pub mod call_hierarchy;
pub mod code_actions;
pub mod completion;
mod context;
pub mod diagnostics;
pub mod folding;
pub mod hover;
pub mod index;
pub mod inlay_hints;
pub mod navigation;
pub mod reference;
pub mod rename;
mod scope;
pub mod semantic_tokens;
pub mod signature_help;
pub mod symbols;

use flinkddl::binder::semantic::SemanticModel;
use flinkddl::connectors::ConnectorFacts;
use flinkddl::syntax::ast;
pub use flinkddl::{LineIndex, Span};
pub use flinkddl_config::Config;
use std::sync::{Arc, OnceLock};

pub use call_hierarchy::{CallHierarchyItem, HierarchyCall};
pub use code_actions::CodeAction;
pub use completion::{CompletionItem, CompletionKind};
pub use folding::{FoldKind, FoldingRange};
pub use hover::Hover;
pub use inlay_hints::{InlayHint, InlayHintKind};
pub use navigation::NavigationTarget;
pub use rename::RenameError;
pub use semantic_tokens::{SemanticToken, TokenType};
pub use signature_help::{Signature, SignatureHelp};
pub use symbols::{DocumentSymbol, SymbolKind};

/// A replacement of `span` by `text`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TextEdit {
    pub span: Span,
    pub text: String,
}

/// Everything the editor features need to know about one text, computed once.
#[derive(Debug)]
pub struct Analysis {
    text: Arc<str>,
    line_index: LineIndex,
    result: flinkddl::Analysis,
    /// Built on first use: diagnostics (every edit, in the language server) do not need it.
    index: OnceLock<index::Index>,
    /// The connector facts the analysis checked against (a `flinkddl.toml`'s connectors
    /// files on top of the built-in one); `None`: the built-in one. Hover and completion read
    /// the same one, so they describe and offer what the diagnostics accept.
    connectors: Option<Arc<ConnectorFacts>>,
    /// Built on first use (inlay hints): the binder's type of each select item, by position,
    /// read off the semantic model.
    select_item_types: OnceLock<Vec<SelectItemType>>,
    /// Built on first use (hover on a sink column): the script's column lineage.
    lineage: OnceLock<Vec<flinkddl::lineage::SinkLineage>>,
    /// The project's catalog files the text was analyzed after (`catalog = [...]`), for
    /// definitions in those files.
    project: Option<Arc<flinkddl_config::ProjectCatalog>>,
}

/// One select item of a query (of any query block) and the type the binder gave it.
#[derive(Debug, Clone, PartialEq)]
pub struct SelectItemType {
    /// The statement the item is in.
    pub statement: usize,
    /// The item: its expression and alias.
    pub span: Span,
    pub data_type: flinkddl::types::DataType,
}

/// The options the editor analyzes a text with under `config`: `flinkddl check`'s, and the
/// binder's semantic model recorded, which every editor feature reads.
pub fn analysis_options(config: &Config) -> flinkddl::Options<'_> {
    flinkddl::Options {
        semantic_model: true,
        ..config.options()
    }
}

/// [`analysis_options`] for the file at `path`: a project's catalog file starts from the
/// catalog files before it (`Config::options_for`).
pub fn analysis_options_for<'c>(
    config: &'c Config,
    path: Option<&std::path::Path>,
) -> flinkddl::Options<'c> {
    flinkddl::Options {
        semantic_model: true,
        ..match path {
            Some(path) => config.options_for(path),
            None => config.options(),
        }
    }
}

impl Analysis {
    /// Analyzes `text` as `flinkddl check` does without a `flinkddl.toml`: a file of a
    /// deployment, so catalogs and databases it does not create are assumed to exist.
    pub fn new(text: impl Into<Arc<str>>) -> Analysis {
        Analysis::with_config(text, &Config::defaults(".".into()))
    }

    /// Analyzes `text` as `flinkddl check` does under `config`: with its options
    /// (fresh-session, connector-findings), then its rule levels (codes turned off are
    /// dropped, others take the configured severity).
    pub fn with_config(text: impl Into<Arc<str>>, config: &Config) -> Analysis {
        let text: Arc<str> = text.into();
        let result = flinkddl::analyze_with(&text, &analysis_options(config));
        Analysis::from_result(text, result, config)
    }

    /// [`Analysis::with_config`] of the file at `path`: a project's catalog file from the
    /// catalog files before it (`Config::options_for`).
    pub fn for_file(
        text: impl Into<Arc<str>>,
        config: &Config,
        path: &std::path::Path,
    ) -> Analysis {
        let text: Arc<str> = text.into();
        let result = flinkddl::analyze_with(&text, &analysis_options_for(config, Some(path)));
        Analysis::from_result(text, result, config)
    }

    /// [`Analysis::with_config`] from the pipeline's result computed elsewhere (the language
    /// server's incremental analysis): `result` is what `flinkddl::analyze_with(&text,
    /// &analysis_options(config))` gives, before `config`'s rule levels.
    pub fn from_result(
        text: impl Into<Arc<str>>,
        mut result: flinkddl::Analysis,
        config: &Config,
    ) -> Analysis {
        let text: Arc<str> = text.into();
        config.apply(&mut result.diagnostics);
        Analysis {
            line_index: LineIndex::new(&text),
            text,
            result,
            index: OnceLock::new(),
            connectors: config.shared_connector_facts(),
            select_item_types: OnceLock::new(),
            lineage: OnceLock::new(),
            project: config.project().cloned(),
        }
    }

    /// The project's catalog files this text was analyzed after, when its configuration has
    /// `catalog = [...]`.
    pub fn project(&self) -> Option<&flinkddl::project::Project> {
        self.project.as_deref().map(|p| &p.project)
    }

    /// The connector and format facts this text was analyzed with: the built-in one, plus
    /// the connectors files of its `flinkddl.toml`.
    pub fn connector_facts(&self) -> &ConnectorFacts {
        match &self.connectors {
            Some(c) => c,
            None => flinkddl::connector_facts(),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn line_index(&self) -> &LineIndex {
        &self.line_index
    }

    /// The pipeline's result: parse, tables, diagnostics.
    pub fn result(&self) -> &flinkddl::Analysis {
        &self.result
    }

    pub fn index(&self) -> &index::Index {
        self.index.get_or_init(|| index::Index::build(&self.result))
    }

    pub(crate) fn statements(&self) -> &[ast::Statement<'_>] {
        &self.result.parse.script().statements
    }

    /// The index of the statement that owns `offset`.
    pub(crate) fn statement_at(&self, offset: u32) -> Option<usize> {
        flinkddl::binder::statement_index(&self.result.parse, offset)
    }

    /// The table a statement created, as that statement left it.
    pub(crate) fn created_by(
        &self,
        statement: usize,
    ) -> Option<&flinkddl::binder::schema::TableSchema> {
        self.result
            .created
            .iter()
            .find(|(i, _)| *i == statement)
            .map(|(_, t)| t.as_ref())
    }

    /// A table as the script leaves it, or as the statement defining it created it.
    pub(crate) fn bound_table(
        &self,
        path: &index::TablePath,
        statement: usize,
    ) -> Option<&flinkddl::binder::schema::TableSchema> {
        let same = |t: &&flinkddl::binder::schema::TableSchema| {
            t.catalog == path.0 && t.database == path.1 && t.name == path.2
        };
        self.index()
            .table_def(path, statement)
            .and_then(|def| self.created_by(def.statement))
            .filter(same)
            .or_else(|| self.result.tables.iter().map(|t| t.as_ref()).find(same))
            .or_else(|| self.prelude_table(path))
    }

    /// The table at `path` that the project's catalog files create (issue 35).
    fn prelude_table(
        &self,
        path: &index::TablePath,
    ) -> Option<&flinkddl::binder::schema::TableSchema> {
        use flinkddl::binder::session_catalog::{CatalogObject, Lookup};
        match self.project()?.prelude.catalog().lookup(path) {
            Lookup::Found(CatalogObject::Table(t)) => Some(t.as_ref()),
            _ => None,
        }
    }

    /// Where each column the script's INSERTs, CTAS and RTAS write comes from.
    pub fn lineage(&self) -> &[flinkddl::lineage::SinkLineage] {
        self.lineage
            .get_or_init(|| flinkddl::lineage::lineage_in(&self.result, self.project()))
    }

    /// What the binder resolved (empty for an analysis made without it).
    pub fn model(&self) -> &SemanticModel {
        static EMPTY: OnceLock<SemanticModel> = OnceLock::new();
        match &self.result.model {
            Some(model) => model,
            None => EMPTY.get_or_init(SemanticModel::default),
        }
    }

    /// The type the binder gives each select item of the script's queries, in text order
    /// (the semantic model's typed output columns, less those a `*` expands to).
    pub fn select_item_types(&self) -> &[SelectItemType] {
        self.select_item_types.get_or_init(|| {
            let mut items: Vec<SelectItemType> = self
                .model()
                .outputs
                .iter()
                .filter(|o| !o.wildcard)
                .filter_map(|o| {
                    Some(SelectItemType {
                        statement: o.statement,
                        span: o.span,
                        data_type: o.data_type.clone()?,
                    })
                })
                .collect();
            items.sort_by_key(|i| (i.span.start, i.span.end));
            items.dedup_by_key(|i| i.span);
            items
        })
    }

    /// The binder's type of the select item at `span` (its expression and alias).
    pub(crate) fn item_type(&self, span: Span) -> Option<&flinkddl::types::DataType> {
        let items = self.select_item_types();
        let at = items.partition_point(|i| (i.span.start, i.span.end) < (span.start, span.end));
        items
            .get(at)
            .filter(|i| i.span == span)
            .map(|i| &i.data_type)
    }

    /// The binder's type of the select item of `statement` that `alias` ends.
    pub(crate) fn item_type_at_alias(
        &self,
        statement: usize,
        alias: Span,
    ) -> Option<&flinkddl::types::DataType> {
        self.select_item_types()
            .iter()
            .find(|i| i.statement == statement && i.span.end == alias.end)
            .map(|i| &i.data_type)
    }

    /// Every diagnostic of the script.
    pub fn diagnostics(&self) -> &[flinkddl::Diagnostic] {
        &self.result.diagnostics
    }

    pub fn hover(&self, offset: u32) -> Option<Hover> {
        hover::hover(self, offset)
    }

    pub fn completions(&self, offset: u32) -> Vec<CompletionItem> {
        completion::completions(self, offset)
    }

    pub fn signature_help(&self, offset: u32) -> Option<SignatureHelp> {
        signature_help::signature_help(self, offset)
    }

    /// The type hints whose place is inside `range`.
    pub fn inlay_hints(&self, range: Span) -> Vec<InlayHint> {
        inlay_hints::inlay_hints(self, range)
    }

    pub fn goto_definition(&self, offset: u32) -> Option<NavigationTarget> {
        navigation::goto_definition(self, offset)
    }

    /// The definition of the name at `offset` in another file of the project (a catalog
    /// file), when this text does not define it.
    pub fn goto_definition_in_project(&self, offset: u32) -> Option<navigation::ProjectTarget<'_>> {
        navigation::goto_definition_in_project(self, offset)
    }

    pub fn references(&self, offset: u32, include_declaration: bool) -> Vec<NavigationTarget> {
        navigation::references(self, offset, include_declaration)
    }

    pub fn document_symbols(&self) -> Vec<DocumentSymbol> {
        symbols::document_symbols(self)
    }

    pub fn semantic_tokens(&self) -> Vec<SemanticToken> {
        semantic_tokens::semantic_tokens(self)
    }

    pub fn folding_ranges(&self) -> Vec<FoldingRange> {
        folding::folding_ranges(self)
    }

    pub fn code_actions(&self, range: Span) -> Vec<CodeAction> {
        code_actions::code_actions(self, range)
    }

    /// The table or view whose name is at `offset`, as a call-hierarchy item.
    pub fn prepare_call_hierarchy(&self, offset: u32) -> Option<CallHierarchyItem> {
        call_hierarchy::prepare(self, offset)
    }

    /// What the table or view `path` is made from (source → it).
    pub fn incoming_calls(&self, path: &(String, String, String)) -> Vec<HierarchyCall> {
        call_hierarchy::incoming(self, path)
    }

    /// What is made from the table or view `path` (it → views and sinks).
    pub fn outgoing_calls(&self, path: &(String, String, String)) -> Vec<HierarchyCall> {
        call_hierarchy::outgoing(self, path)
    }

    pub fn prepare_rename(&self, offset: u32) -> Result<Span, RenameError> {
        rename::prepare_rename(self, offset)
    }

    pub fn rename(&self, offset: u32, new_name: &str) -> Result<Vec<TextEdit>, RenameError> {
        rename::rename(self, offset, new_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_and_hover_survive_every_offset_of_half_typed_queries() {
        let texts = [
            "CREATE TABLE o (id INT, ts TIMESTAMP(3)) WITH ('connector' = 'datagen');\n\
             SELECT o.id, u. FROM o JOIN u ON o.id = u. WHERE EXISTS (SELECT x. FROM (SELECT * FROM o) s",
            "WITH a AS (SELECT * FROM a), b AS ( SELECT a. FROM a UNION SELECT",
            "SELECT w. FROM TABLE(TUMBLE(TABLE , DESCRIPTOR(ts))) w, LATERAL TABLE(f(x)) AS T(a) JOIN",
            "SELECT `q`.`x`.y. FROM `q` /*+ OPTIONS() */ FOR SYSTEM_TIME AS OF . AS",
            "SELECT ( FROM ((a JOIN b ON (c , d) AS",
        ];
        for text in texts {
            let analysis = Analysis::new(text);
            for offset in 0..=text.len() as u32 {
                if text.is_char_boundary(offset as usize) {
                    let _ = analysis.completions(offset);
                    let _ = analysis.hover(offset);
                }
            }
        }
    }

    #[test]
    fn every_feature_survives_every_offset_of_whole_queries() {
        // These parse: completion reads their trees, and the index resolves their names.
        let text = "CREATE TABLE o (id INT, ts TIMESTAMP(3), p INT, WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen');\n\
             CREATE VIEW v (a, b) AS SELECT id, p FROM o;\n\
             WITH c AS (SELECT id, p AS q FROM o), d AS (SELECT * FROM c) \
             SELECT d.q, o.p, w.window_start FROM d JOIN o ON d.id = o.id, \
             TABLE(TUMBLE(TABLE o, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) w \
             WHERE EXISTS (SELECT 1 FROM v WHERE v.a = o.id) GROUP BY d.q, o.p, w.window_start ORDER BY q;\n\
             SELECT * FROM o MATCH_RECOGNIZE (PARTITION BY id ORDER BY ts MEASURES A.p AS ap \
             ONE ROW PER MATCH PATTERN (A B+) DEFINE A AS A.p > 0, B AS B.p < A.p) AS m;\n\
             SELECT x FROM o NATURAL JOIN v, UNNEST(ARRAY[1]) AS u(x) WHERE id IN (VALUES 1, 2);";
        let analysis = Analysis::new(text);
        for offset in 0..=text.len() as u32 {
            let _ = analysis.completions(offset);
            let _ = analysis.hover(offset);
            let _ = analysis.references(offset, true);
            let _ = analysis.rename(offset, "renamed");
        }
    }
}
