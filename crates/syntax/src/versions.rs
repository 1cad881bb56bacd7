//! What Flink's parser of an older version rejects: the statements and clauses of the grammar
//! that came with a later version (`data/versions.txt` of the diagnostics crate). The grammar
//! reads the newest Flink's language; a statement that uses a newer clause is then rejected
//! here as that version's parser would reject it (`S050`, on the clause).

use crate::ast::{
    visit, AlterItem, AlterTableAction, DataTypeSyntax, LikeFeature, Statement, StatementKind,
    TypeKind,
};
use flinkddl_diagnostics::{Code, Diagnostic, Feature, FlinkVersion, Span};

/// The first clause of `statement` (in the order Flink's parser meets them) that `version`'s
/// parser does not know, as its syntax diagnostic. `None` for the newest version.
pub fn syntax_gate(statement: &Statement<'_>, version: FlinkVersion) -> Option<Diagnostic> {
    if version == FlinkVersion::LATEST {
        return None;
    }
    let mut found: Vec<(Span, Feature)> = Vec::new();
    let mut want = |span: Span, feature: Feature| {
        if !version.has(feature) {
            found.push((span, feature));
        }
    };
    match &statement.kind {
        StatementKind::CreateTable(ct) => {
            if let Some(d) = &ct.distribution {
                want(d.span, Feature::DistributedBy);
            }
            if let Some(like) = &ct.like {
                for option in like.options.iter() {
                    if option.feature == LikeFeature::Distribution {
                        want(option.span, Feature::LikeDistribution);
                    }
                }
            }
        }
        StatementKind::AlterTable(alter) => {
            if let AlterTableAction::AddOrModify { items, .. } = &alter.action {
                for item in items.iter() {
                    if let AlterItem::Distribution(d) = item {
                        want(d.span, Feature::DistributedBy);
                    }
                }
            }
        }
        _ => {}
    }
    let mut types = Structured(Vec::new());
    visit::walk_statement(&mut types, statement);
    for span in types.0 {
        want(span, Feature::TypeStructured);
    }
    let (span, feature) = found.into_iter().min_by_key(|(span, _)| span.start)?;
    let info = feature.info();
    Some(
        Diagnostic::new(Code::SyntaxNeedsNewerFlink, span, info.missing_in(version)).with_help(
            format!(
                "the script is checked as Flink {version} (`flink-version`): remove the clause, \
                 or check the script as the version it runs on"
            ),
        ),
    )
}

/// The spans of the STRUCTURED types in a statement's column types.
struct Structured(Vec<Span>);

impl<'a> visit::Visitor<'a> for Structured {
    fn data_type(&mut self, ty: &'a DataTypeSyntax<'a>) {
        if matches!(ty.kind, TypeKind::Structured { .. }) {
            self.0.push(ty.span);
        }
    }
}
