//! Rename a column or a table with every reference to it. The new name is written bare when it
//! is a plain identifier and not a reserved word, and back-quoted otherwise.

use crate::completion::quote_ident;
use crate::index::Symbol;
use crate::{Analysis, TextEdit};
use flinkddl::syntax::TokenView;
use flinkddl::Span;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum RenameError {
    /// The cursor is not on a table or column name.
    NothingToRename,
    /// The name is defined outside this file (only its uses here would change).
    DefinedElsewhere,
    EmptyName,
    /// The table already has a column of that name.
    NameTaken,
    /// A query names it where the index cannot tell what the name means (ambiguous, a table
    /// of unknown columns, a statement that does not parse): renaming could leave a use behind.
    UnresolvedUse,
}

impl std::fmt::Display for RenameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RenameError::NothingToRename => "no table or column name here",
            RenameError::DefinedElsewhere => "this name is not defined in this file",
            RenameError::EmptyName => "the new name is empty",
            RenameError::NameTaken => "the table already has a column of that name",
            RenameError::UnresolvedUse => {
                "a use of this name could not be resolved (ambiguous, a table of unknown columns, or a statement that does not parse): renaming could leave it unchanged"
            }
        })
    }
}

/// The span of the name under the cursor, when it can be renamed.
pub fn prepare_rename(analysis: &Analysis, offset: u32) -> Result<Span, RenameError> {
    let occurrence = analysis
        .index()
        .occurrence_at(offset)
        .ok_or(RenameError::NothingToRename)?;
    analysis
        .index()
        .definition(&occurrence.symbol, occurrence.statement)
        .ok_or(RenameError::DefinedElsewhere)?;
    // Refuse before the editor asks for a new name when the rename would leave a use.
    let uses: Vec<TextEdit> = analysis
        .index()
        .occurrences_of(occurrence)
        .into_iter()
        .map(|o| TextEdit {
            span: o.span,
            text: String::new(),
        })
        .collect();
    if leaves_a_use(analysis, occurrence, &uses) {
        return Err(RenameError::UnresolvedUse);
    }
    Ok(occurrence.span)
}

pub fn rename(
    analysis: &Analysis,
    offset: u32,
    new_name: &str,
) -> Result<Vec<TextEdit>, RenameError> {
    let new_name = new_name.trim();
    if new_name.is_empty() {
        return Err(RenameError::EmptyName);
    }
    prepare_rename(analysis, offset)?;
    let occurrence = analysis
        .index()
        .occurrence_at(offset)
        .ok_or(RenameError::NothingToRename)?;
    if let Symbol::Column(table, old) = &occurrence.symbol {
        let unquoted = typed_name(new_name);
        let taken = unquoted != *old
            && analysis
                .index()
                .columns_named(table, &unquoted)
                .next()
                .is_some();
        if taken {
            return Err(RenameError::NameTaken);
        }
    }
    // A name typed with its back-quotes is taken as written.
    let text = if new_name.starts_with('`') && new_name.ends_with('`') && new_name.len() > 1 {
        new_name.to_string()
    } else {
        quote_ident(new_name)
    };
    let mut edits: Vec<TextEdit> = analysis
        .index()
        .occurrences_of(occurrence)
        .into_iter()
        .map(|o| TextEdit {
            span: o.span,
            text: text.clone(),
        })
        .collect();
    // Renaming a column also renames it in datagen's `fields.<column>.*` keys and in
    // `key.fields` lists of the table's own WITH clause.
    if let Symbol::Column(_, old) = &occurrence.symbol {
        edits.extend(option_key_edits(
            analysis,
            occurrence,
            old,
            &typed_name(new_name),
        ));
    }
    edits.sort_by_key(|e| e.span.start);
    edits.dedup_by_key(|e| e.span);
    Ok(edits)
}

/// The name a user typed, as an identifier's value: a back-quoted one unescaped as the lexer
/// reads it, anything else as typed.
fn typed_name(typed: &str) -> String {
    let lexed = flinkddl::syntax::lex(typed);
    match lexed.tokens.as_slice() {
        [one, eof] if eof.kind == flinkddl::syntax::TokenKind::Eof => {
            TokenView::new(typed, &lexed.tokens).name(one).into_owned()
        }
        _ => typed.to_string(),
    }
}

/// Whether some name spelled as the renamed one, at or after its definition, might be a use of
/// it that the edits miss: a query's unresolved name, or a name in a statement the index could
/// only read as tokens.
fn leaves_a_use(
    analysis: &Analysis,
    occurrence: &crate::index::Occurrence,
    edits: &[TextEdit],
) -> bool {
    let index = analysis.index();
    let name = occurrence.symbol.name();
    let from = index
        .definition(&occurrence.symbol, occurrence.statement)
        .map_or(0, |(_, statement)| statement);
    // (A table's name too: an unresolved `db.t.c` may qualify a column with it.)
    if index.unresolved_named(name).any(|u| u.statement >= from) {
        return true;
    }
    let tokens = TokenView::new(analysis.text(), analysis.result().parse.tokens());
    index
        .opaque
        .iter()
        .filter(|&&s| s >= from)
        .filter_map(|&s| analysis.statements().get(s))
        .any(|statement| {
            let start = tokens.index_at(statement.span.start);
            tokens[start..]
                .iter()
                .take_while(|t| t.span.end <= statement.span.end)
                .filter(|t| TokenView::is_name(t))
                .any(|t| tokens.name(t) == name && !edits.iter().any(|e| e.span == t.span))
        })
}

fn option_key_edits(
    analysis: &Analysis,
    occurrence: &crate::index::Occurrence,
    old: &str,
    new: &str,
) -> Vec<TextEdit> {
    let index = analysis.index();
    let Some(definition) = index.definition(&occurrence.symbol, occurrence.statement) else {
        return Vec::new();
    };
    let Some(st) = analysis.statements().get(definition.1) else {
        return Vec::new();
    };
    let mut edits = Vec::new();
    if let Some(list) = flinkddl::syntax::ast::visit::property_list(st) {
        for p in &list.properties {
            edits.extend(property_edit(&p.key, &p.value, old, new));
        }
    }
    // `/*+ OPTIONS('fields.price.min' = '1') */` on a FROM item that reads the table.
    let text = analysis.text();
    for hint in &index.hints {
        let same = index
            .column_def(&hint.table, old, hint.statement)
            .is_some_and(|c| (c.name_span, c.statement) == definition);
        if same {
            for ((key_span, key), (value_span, value)) in hint_options(text, hint.span) {
                let key = flinkddl::syntax::ast::StringLit {
                    span: key_span,
                    value: &key,
                };
                let value = flinkddl::syntax::ast::StringLit {
                    span: value_span,
                    value: &value,
                };
                edits.extend(property_edit(&key, &value, old, new));
            }
        }
    }
    edits
}

/// The `'key' = 'value'` pairs written in a hint, decoded, with their spans in the text.
fn hint_options(text: &str, span: Span) -> Vec<((Span, String), (Span, String))> {
    use flinkddl::syntax::{TokenKind, TokenView};
    let Some(inside) = text.get(span.range()) else {
        return Vec::new();
    };
    // The hint's inside, lexed as SQL: `OPTIONS('k' = 'v', ...)`.
    let inner = inside
        .strip_prefix("/*+")
        .and_then(|s| s.strip_suffix("*/"))
        .unwrap_or("");
    let base = span.start + 3;
    let lexed = flinkddl::syntax::lex(inner).tokens;
    let tokens = TokenView::new(inner, &lexed);
    let literal = |t: &flinkddl::syntax::Token| {
        (
            Span::new(t.span.start + base, t.span.end + base),
            tokens.value(t).into_owned(),
        )
    };
    tokens
        .windows(3)
        .filter(|w| {
            w[0].kind == TokenKind::String
                && w[1].kind == TokenKind::Eq
                && w[2].kind == TokenKind::String
        })
        .map(|w| (literal(&w[0]), literal(&w[2])))
        .collect()
}

/// The edits a column's rename makes to one option: datagen's `fields.<column>.*` keys and
/// the `key.fields`-style lists of column names.
fn property_edit(
    key: &flinkddl::syntax::ast::StringLit,
    value: &flinkddl::syntax::ast::StringLit,
    old: &str,
    new: &str,
) -> Vec<TextEdit> {
    let mut edits = Vec::new();
    let name = &key.value;
    if let Some(rest) = name.strip_prefix("fields.") {
        if rest.strip_prefix(old).is_some_and(|r| r.starts_with('.')) {
            let replaced = format!("fields.{new}{}", &rest[old.len()..]);
            edits.push(TextEdit {
                span: key.span,
                text: format!("'{}'", replaced.replace('\'', "''")),
            });
        }
    }
    if *name == "key.fields" || name.ends_with(".fields") && *name != "key.fields-prefix" {
        let parts: Vec<&str> = value.value.split(';').collect();
        if parts.iter().any(|x| x.trim() == old) {
            let joined: Vec<&str> = parts
                .iter()
                .map(|x| if x.trim() == old { new } else { x })
                .collect();
            edits.push(TextEdit {
                span: value.span,
                text: format!("'{}'", joined.join(";").replace('\'', "''")),
            });
        }
    }
    edits
}

/// One file's edits of a rename across a project.
#[derive(Debug, Clone)]
pub struct FileEdits {
    /// The file (absolute).
    pub path: std::path::PathBuf,
    /// The text the edits apply to (the open document's, else the file's on disk).
    pub text: std::sync::Arc<str>,
    pub edits: Vec<TextEdit>,
}

/// Renames a table or column that one of the project's catalog files defines, in every file of
/// the project (issue 35): the catalog file that defines it (as a rename there does), and every
/// use in the project's other files, each analyzed as `flinkddl check` analyzes it. `this` is
/// the file of `analysis`; `read` gives a file's text (the editor's, for an open document).
/// `Ok(None)`: the name is not a catalog file's, so only the file itself is concerned.
pub fn rename_in_project(
    analysis: &Analysis,
    this: &std::path::Path,
    config: &crate::Config,
    offset: u32,
    new_name: &str,
    read: &dyn Fn(&std::path::Path) -> Option<std::sync::Arc<str>>,
) -> Result<Option<Vec<FileEdits>>, RenameError> {
    let Some(uses) = project_uses(analysis, this, config, offset, read)? else {
        return Ok(None);
    };
    let edits = rename(&uses.defining.analysis, uses.at, new_name)?;
    let edits = keeping_view_columns(&uses.defining.analysis, &uses.symbol, edits);
    let text = if new_name.trim().starts_with('`') {
        new_name.trim().to_string()
    } else {
        quote_ident(new_name.trim())
    };
    let mut out = vec![FileEdits {
        path: uses.defining.path,
        text: uses.defining.text,
        edits,
    }];
    for file in uses.others {
        let edits: Vec<TextEdit> = file
            .spans
            .iter()
            .map(|&span| TextEdit {
                span,
                text: text.clone(),
            })
            .collect();
        let edits = keeping_view_columns(&file.analysis, &uses.symbol, edits);
        if !edits.is_empty() {
            out.push(FileEdits {
                path: file.path,
                text: file.text,
                edits,
            });
        }
    }
    Ok(Some(out))
}

/// One file of a project and its uses of a catalog file's table or column.
pub struct FileUses {
    pub path: std::path::PathBuf,
    pub text: std::sync::Arc<str>,
    pub analysis: Analysis,
    /// In order; in the defining file, every occurrence (the definition included).
    pub spans: Vec<Span>,
}

/// A table or column a project's catalog file defines, and its uses in every file.
pub struct ProjectUses {
    pub symbol: Symbol,
    /// The catalog file that defines it, and `at`, the definition's offset there.
    pub defining: FileUses,
    pub at: u32,
    /// The other files that use it.
    pub others: Vec<FileUses>,
}

/// The name at `offset` of `analysis` (the file `this`), when it is a table or column one of
/// the project's catalog files defines (or this file, when it is one): its definition and its
/// uses in every file of the project, each analyzed as `flinkddl check` analyzes it (`read`
/// gives a file's text: the editor's, for an open document). `Ok(None)`: not a catalog file's.
pub fn project_uses(
    analysis: &Analysis,
    this: &std::path::Path,
    config: &crate::Config,
    offset: u32,
    read: &dyn Fn(&std::path::Path) -> Option<std::sync::Arc<str>>,
) -> Result<Option<ProjectUses>, RenameError> {
    let Some(project) = analysis.project() else {
        return Ok(None);
    };
    let this = flinkddl_config::normalize(this);
    // Where the name is defined: a catalog file, through this file's resolution of it, or
    // this file itself when it is a catalog file.
    let (defined_in, at) = match analysis.goto_definition_in_project(offset) {
        Some(target) => (target.path.to_path_buf(), target.span.start),
        None if project.file(&this).is_some() => (this.clone(), offset),
        None => return Ok(None),
    };
    let Some(defining_text) = read(&defined_in) else {
        return Err(RenameError::NothingToRename);
    };
    let defining = Analysis::for_file(defining_text.clone(), config, &defined_in);
    let Some(occurrence) = defining
        .index()
        .occurrence_at(at)
        .filter(|o| matches!(o.symbol, Symbol::Table(_) | Symbol::Column(..)))
    else {
        return Err(RenameError::NothingToRename);
    };
    let symbol = occurrence.symbol.clone();
    let spans = defining
        .index()
        .occurrences_of(occurrence)
        .into_iter()
        .map(|o| o.span)
        .collect();
    let old = match &symbol {
        Symbol::Table(path) => path.2.to_lowercase(),
        Symbol::Column(_, column) => column.to_lowercase(),
        _ => String::new(),
    };
    let mut files = config.project_files();
    if !files.contains(&this) {
        files.push(this.clone());
    }
    let mut others = Vec::new();
    for path in files {
        if path == defined_in {
            continue;
        }
        let Some(text) = read(&path) else {
            continue;
        };
        // Most files never spell the name: they are not analyzed.
        if !text.to_lowercase().contains(&old) {
            continue;
        }
        let file = Analysis::for_file(text.clone(), config, &path);
        let mut spans: Vec<Span> = file
            .index()
            .occurrences_of_symbol(&symbol)
            .into_iter()
            .map(|o| o.span)
            .collect();
        if spans.is_empty() {
            continue;
        }
        spans.sort_by_key(|s| s.start);
        spans.dedup();
        others.push(FileUses {
            path,
            text,
            analysis: file,
            spans,
        });
    }
    Ok(Some(ProjectUses {
        symbol,
        defining: FileUses {
            path: defined_in,
            text: defining_text,
            analysis: defining,
            spans,
        },
        at,
        others,
    }))
}

/// The span of the name at `offset` when it names a table or column a catalog file of the
/// project defines (a rename of it reaches every file: [`rename_in_project`]).
pub fn prepare_rename_in_project(analysis: &Analysis, offset: u32) -> Option<Span> {
    analysis.goto_definition_in_project(offset)?;
    analysis.index().occurrence_at(offset).map(|o| o.span)
}

/// A rename of a table's column across files keeps every view's columns as they are: other
/// files (jobs) read a view by its column names, and may not be among the files edited. A view
/// that passes the column through by name gets an alias (`total AS amount`), and the names
/// that read a view's column are left alone.
fn keeping_view_columns(
    analysis: &Analysis,
    symbol: &Symbol,
    edits: Vec<TextEdit>,
) -> Vec<TextEdit> {
    use flinkddl::binder::semantic::{ColumnSource, Resolution};
    use flinkddl::syntax::ast::StatementKind;
    let Symbol::Column(_, old) = symbol else {
        return edits;
    };
    let model = analysis.model();
    let statements = analysis.statements();
    edits
        .into_iter()
        .filter_map(|mut edit| {
            let statement = analysis.statement_at(edit.span.start)?;
            let reads_a_view = model.name_at(statement, edit.span.start).is_some_and(|n| {
                matches!(
                    n.resolution,
                    Resolution::Column {
                        source: ColumnSource::View { .. },
                        ..
                    }
                )
            });
            if reads_a_view {
                return None;
            }
            let view_names_it = matches!(
                statements.get(statement).map(|s| &s.kind),
                Some(StatementKind::CreateView(v)) if v.columns.is_none()
            ) && {
                // The model's outputs are in statement order: this statement's only.
                let from = model.outputs.partition_point(|o| o.statement < statement);
                model.outputs[from..]
                    .iter()
                    .take_while(|o| o.statement == statement)
            }
            .any(|o| {
                o.depth == 0
                    && o.alias.is_none()
                    && !o.wildcard
                    && o.span.end == edit.span.end
                    && o.name == *old
            });
            if view_names_it {
                edit.text = format!("{} AS {}", edit.text, quote_ident(old));
            }
            Some(edit)
        })
        .collect()
}
