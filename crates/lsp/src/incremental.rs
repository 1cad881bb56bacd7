//! Each open document's analyses, one version after another: a version is analyzed from the
//! last one analyzed ([`flinkddl::incremental`]: re-parse from the first statement the edit
//! touches, re-bind from the catalog state before it), on first use and once, by whichever
//! worker needs it first. A configuration change starts the document's history anew.

use flinkddl::incremental::Incremental;
use flinkddl_ide::{Analysis, Config};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The last version of a document analyzed, to analyze the next one from.
struct Last {
    text: Arc<str>,
    analysis: Arc<Analysis>,
    state: Incremental,
}

/// A document's history under one configuration: shared by its versions.
#[derive(Clone, Default)]
pub(crate) struct History(Arc<Mutex<Option<Arc<Last>>>>);

impl History {
    fn last(&self) -> Option<Arc<Last>> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Makes `last` the last version analyzed; gives back the one it replaces.
    fn set(&self, last: Last) -> Option<Arc<Last>> {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        slot.replace(Arc::new(last))
    }
}

std::thread_local! {
    /// Versions this thread replaced as a document's last one, freed once the answer that
    /// needed the new version is sent ([`drop_replaced`]): freeing a 5 MB version (its
    /// tokens, text, catalogs) takes milliseconds the editor need not wait for.
    static REPLACED: std::cell::RefCell<Vec<Arc<Last>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Frees the versions this thread replaced ([`History::set`]); the workers call it after
/// sending each answer.
pub(crate) fn drop_replaced() {
    let replaced = REPLACED.with(|r| r.try_borrow_mut().map(|mut r| std::mem::take(&mut *r)));
    drop(replaced);
}

/// Keeps `old` until [`drop_replaced`]; anything an earlier call kept on a thread that does
/// not call it is freed now.
fn replaced(old: Arc<Last>) {
    let earlier = REPLACED.with(|r| match r.try_borrow_mut() {
        Ok(mut r) => Some(std::mem::replace(&mut *r, vec![old])),
        Err(_) => None,
    });
    drop(earlier);
}

/// One document version under one configuration: its text, and its analysis computed on first
/// use (from the history's last version) and shared by every clone.
#[derive(Clone)]
pub(crate) struct DocumentAnalysis {
    text: Arc<str>,
    config: Arc<Config>,
    /// The document's file, when it is one.
    path: Option<std::path::PathBuf>,
    history: History,
    analysis: Arc<OnceLock<Arc<Analysis>>>,
}

impl DocumentAnalysis {
    pub(crate) fn new(
        text: &str,
        config: Arc<Config>,
        path: Option<std::path::PathBuf>,
        history: History,
    ) -> DocumentAnalysis {
        DocumentAnalysis {
            text: text.into(),
            config,
            path,
            history,
            analysis: Arc::new(OnceLock::new()),
        }
    }

    /// The analysis of this version, computed once.
    pub(crate) fn analysis(&self) -> Arc<Analysis> {
        self.analysis
            .get_or_init(|| {
                let options =
                    flinkddl_ide::analysis_options_for(&self.config, self.path.as_deref());
                // The lock is not held while analyzing: two versions analyze at once, each from
                // the last one done.
                let (result, state) = match self.history.last() {
                    Some(last) => {
                        last.state
                            .update(last.analysis.result(), &last.text, &self.text, &options)
                    }
                    None => Incremental::new(&self.text, &options),
                };
                let analysis = Arc::new(Analysis::from_result(
                    self.text.clone(),
                    result,
                    &self.config,
                ));
                if let Some(old) = self.history.set(Last {
                    text: self.text.clone(),
                    analysis: analysis.clone(),
                    state,
                }) {
                    replaced(old);
                }
                analysis
            })
            .clone()
    }
}
