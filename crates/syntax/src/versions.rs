//! Where a statement uses what only some Flink versions have (`data/versions.txt` of the
//! diagnostics crate): the clauses, statements, types, functions and hints of the grammar that
//! came with a later version. The grammar reads the newest Flink's language; [`newer_features`]
//! lists what a statement uses of it that is version-dependent, and [`version_gate`] finds the
//! first one an older version rejects: its parser's error (`S050`), or one the binder reports
//! as the converter's or planner's (`B150`).

use crate::ast::BuiltinType;
use crate::ast::{
    visit, AlterItem, AlterTableAction, ColumnKind, DataTypeSyntax, Expr, ExprKind, LikeFeature,
    ObjectKind, Query, Statement, StatementKind, TableElement, TableRef, TableRefKind, TypeKind,
};
use flinkddl_diagnostics::{Code, Diagnostic, FactStage, Feature, FlinkVersion, Span};

/// The functions that came with a later version, by upper-case name.
const FUNCTIONS: [(&str, Feature); 2] = [
    ("ARRAY_AGG", Feature::FnArrayAgg),
    ("SPLIT", Feature::FnSplit),
];

/// What `version` rejects of `statement` before converting it, found in one walk: the first
/// feature its parser does not know (`S050`), else the first its converter rejects, else (when
/// `planned`: an INSERT, query, CTAS, ... that is planned) the first its planner rejects; the
/// last two are the binder's to report (`B150`). `None` for the newest version.
pub fn version_gate(
    statement: &Statement<'_>,
    source: &str,
    version: FlinkVersion,
    planned: bool,
) -> Option<Gate> {
    if version == FlinkVersion::LATEST {
        return None;
    }
    let found = newer_features(statement, source);
    let first = |stage: FactStage| {
        found
            .iter()
            .filter(|(f, _)| f.info().stage == stage && !version.has(*f))
            .min_by_key(|(_, span)| span.start)
            .copied()
    };
    if let Some((feature, span)) = first(FactStage::Parse) {
        return Some(Gate::Syntax(
            Diagnostic::new(
                Code::SyntaxNeedsNewerFlink,
                span,
                feature.info().missing_in(version),
            )
            .with_help(checked_as(version)),
        ));
    }
    first(FactStage::Convert)
        .or_else(|| planned.then(|| first(FactStage::Plan)).flatten())
        .map(|(feature, span)| Gate::Later(feature, span))
}

/// What [`version_gate`] found.
#[derive(Debug)]
pub enum Gate {
    /// The version's parser rejects the statement: its diagnostic.
    Syntax(Diagnostic),
    /// The version rejects the statement when converting or planning it: the feature, where.
    Later(Feature, Span),
}

/// The help of a diagnostic that exists because of the version.
pub fn checked_as(version: FlinkVersion) -> String {
    format!(
        "the script is checked as Flink {version} (`flink-version`): do without it, or check the \
         script as the Flink version it runs on"
    )
}

/// Every version-dependent feature `statement` uses, with the span that shows it (unordered).
/// Only the features the syntax shows; the binder finds the others (managed tables, types as
/// resolved).
pub fn newer_features(statement: &Statement<'_>, source: &str) -> Vec<(Feature, Span)> {
    let mut found = Found {
        source,
        out: Vec::new(),
    };
    found.statement(statement);
    found.out
}

struct Found<'s> {
    source: &'s str,
    out: Vec<(Feature, Span)>,
}

impl Found<'_> {
    fn statement(&mut self, statement: &Statement<'_>) {
        // A hint comment is a token: one look at the statement's text finds STATE_TTL.
        let text = self.source.get(statement.span.range()).unwrap_or("");
        self.hints(statement.span.start, text);
        match &statement.kind {
            StatementKind::CreateTable(ct) => {
                if let Some(d) = &ct.distribution {
                    self.out.push((Feature::DistributedBy, d.span));
                }
                if let Some(like) = &ct.like {
                    for option in like.options.iter() {
                        if option.feature == LikeFeature::Distribution {
                            self.out.push((Feature::LikeDistribution, option.span));
                        }
                    }
                }
                if ct.as_query.is_some() {
                    self.ctas_columns(ct.elements.as_ref().map(|e| e.items.as_slice()));
                }
                for element in ct.elements.iter().flat_map(|e| e.items.iter()) {
                    self.element(element);
                }
                if let Some(q) = &ct.as_query {
                    visit::walk_query(self, q.query);
                }
            }
            StatementKind::AlterTable(alter) => {
                if let AlterTableAction::AddOrModify { items, .. } = &alter.action {
                    for item in items.iter() {
                        if let AlterItem::Distribution(d) = item {
                            self.out.push((Feature::DistributedBy, d.span));
                        }
                    }
                }
                visit::walk_statement(self, statement);
            }
            StatementKind::Other(other) if other.words.contains("MATERIALIZED") => {
                self.word(
                    statement.span.start,
                    text,
                    "MATERIALIZED",
                    Feature::MaterializedTable,
                );
            }
            StatementKind::Show(show) if show.what == "CREATE CATALOG" => {
                self.word(
                    statement.span.start,
                    text,
                    "CATALOG",
                    Feature::CatalogStatements,
                );
            }
            // Before 1.20, DESCRIBE reads CATALOG as a table's name and fails to convert.
            StatementKind::Describe(d) if d.object == Some(ObjectKind::Catalog) => {
                self.word(
                    statement.span.start,
                    text,
                    "CATALOG",
                    Feature::DescribeCatalog,
                );
            }
            StatementKind::AlterOther(alter) if alter.object == ObjectKind::Catalog => {
                self.word(
                    statement.span.start,
                    text,
                    "CATALOG",
                    Feature::CatalogStatements,
                );
            }
            StatementKind::CreateView(v) => visit::walk_query(self, v.query.query),
            StatementKind::Query(q) => visit::walk_query(self, q.query),
            StatementKind::Insert(insert) => {
                if let (Some(_), Some(with)) = (&insert.columns, &insert.query.query.with) {
                    self.out.push((Feature::InsertColumnListWith, with.span));
                }
                visit::walk_query(self, insert.query.query);
            }
            StatementKind::Explain(e) => self.statement(e.statement),
            StatementKind::Execute { statement } => self.statement(statement),
            StatementKind::StatementSet { inserts } => {
                for s in inserts.iter() {
                    self.statement(s);
                }
            }
            _ => {}
        }
    }

    /// `feature`, shown by the first `word` of the statement's `text` (at `offset`).
    fn word(&mut self, offset: u32, text: &str, word: &str, feature: Feature) {
        let start = offset + find_word(text, word).unwrap_or(0) as u32;
        let span = Span {
            start,
            end: start + word.len() as u32,
        };
        self.out.push((feature, span));
    }

    /// The types and expressions of a table element (as `visit::walk_elements`, without
    /// listing the elements first).
    fn element<'a>(&mut self, element: &'a TableElement<'a>) {
        match element {
            TableElement::Column(column) => match &column.kind {
                ColumnKind::Physical { data_type, .. } | ColumnKind::Metadata { data_type, .. } => {
                    visit::walk_type(self, data_type)
                }
                ColumnKind::Computed { expr } => visit::walk_expr(self, expr),
                ColumnKind::NameOnly => {}
            },
            TableElement::Watermark(w) => visit::walk_expr(self, &w.expr),
            TableElement::Constraint(_) | TableElement::Error { .. } => {}
        }
    }

    /// A CTAS's column list: names only is a parse error before 2.0, columns with types or a
    /// primary key a conversion error.
    fn ctas_columns(&mut self, elements: Option<&[TableElement<'_>]>) {
        for element in elements.unwrap_or_default() {
            match element {
                TableElement::Column(c) if matches!(c.kind, ColumnKind::NameOnly) => {
                    self.out.push((Feature::CtasColumnNames, c.span));
                }
                TableElement::Column(c) => self.out.push((Feature::CtasColumnList, c.span)),
                TableElement::Constraint(c) => self.out.push((Feature::CtasColumnList, c.span)),
                TableElement::Watermark(_) | TableElement::Error { .. } => {}
            }
        }
    }

    fn hints(&mut self, offset: u32, text: &str) {
        let mut rest = 0;
        // One searcher for every statement (building one is dearer than most searches).
        static HINT: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
            std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"/*+"));
        while let Some(at) = text.get(rest..).and_then(|t| HINT.find(t.as_bytes())) {
            let start = rest + at;
            let end = text[start..]
                .find("*/")
                .map_or(text.len(), |e| start + e + 2);
            if let Some(name) = find_word(&text[start..end], "STATE_TTL") {
                let s = offset + (start + name) as u32;
                let span = Span {
                    start: s,
                    end: s + "STATE_TTL".len() as u32,
                };
                self.out.push((Feature::HintStateTtl, span));
            }
            rest = end;
        }
    }
}

/// The offset of `word` in `text` as a whole word, ASCII case-insensitive.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let upper = text.to_ascii_uppercase();
    let bytes = upper.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut from = 0;
    while let Some(at) = upper.get(from..).and_then(|t| t.find(word)) {
        let start = from + at;
        let end = start + word.len();
        let before = start == 0 || !is_word(bytes[start - 1]);
        let after = end >= bytes.len() || !is_word(bytes[end]);
        if before && after {
            return Some(start);
        }
        from = end;
    }
    None
}

impl<'a> visit::Visitor<'a> for Found<'_> {
    // Called for every column type: most are built-ins the match passes over.
    #[inline]
    fn data_type(&mut self, ty: &'a DataTypeSyntax<'a>) {
        match &ty.kind {
            TypeKind::Structured { .. } => self.out.push((Feature::TypeStructured, ty.span)),
            TypeKind::Builtin {
                name: BuiltinType::Variant,
                name_span,
                ..
            } => self.out.push((Feature::TypeVariant, *name_span)),
            TypeKind::Builtin {
                name: BuiltinType::Bitmap,
                name_span,
                ..
            } => self.out.push((Feature::TypeBitmap, *name_span)),
            _ => {}
        }
    }

    fn expr(&mut self, expr: &'a Expr<'a>) {
        if let ExprKind::Call(call) = &expr.kind {
            if let [name] = call.name.parts.as_slice() {
                let known = FUNCTIONS
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(name.value));
                if let Some((_, feature)) = known {
                    self.out.push((*feature, name.span));
                }
            }
        }
    }

    fn subquery(&mut self, query: &'a Query<'a>) {
        visit::walk_query(self, query);
    }

    fn table_ref(&mut self, table: &'a TableRef<'a>) {
        if let TableRefKind::Unnest {
            ordinality: true, ..
        } = &table.kind
        {
            self.out
                .push((Feature::UnnestOrdinalityPlanned, table.span));
        }
        if let TableRefKind::Function { call, .. } = &table.kind {
            if let ExprKind::Call(c) = &call.kind {
                if let [name] = c.name.parts.as_slice() {
                    if name.value.eq_ignore_ascii_case("SESSION") {
                        self.out.push((Feature::SessionWindowTvf, name.span));
                    }
                }
            }
        }
    }
}
