//! The main loop: the documents, the worker threads, debounced diagnostics, cancellation.
//!
//! The main thread owns the open documents and applies every notification in order. Requests
//! run on worker threads against a `DocumentAnalysis` (`incremental.rs`: the document version
//! they were asked on), so a slow request never holds up typing; each version is analyzed once, by whichever
//! job needs it first. A request cancelled before its answer is ready is answered with
//! `RequestCanceled` and its late result dropped. A panic in a handler becomes an
//! `InternalError` response; the worker and the server live on.
//!
//! Each document is analyzed under its `flinkddl.toml` ([`crate::configs`]): found on open,
//! checked for changes on every change and request, and read again for every open document
//! when the client reports a watched `flinkddl.toml` changed (the server asks to watch
//! `**/flinkddl.toml` when the client can register watchers dynamically).

use crate::configs::{Configs, DocumentConfig};
use crate::handlers::{self, ClientSupport, LastTokens};
use crate::incremental::{DocumentAnalysis, History};
use crossbeam_channel::{select, Receiver, Sender};
use flinkddl_ide::Analysis;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::Url;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the server runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// How long after the last change diagnostics are computed and pushed.
    pub debounce: Duration,
    /// Worker threads for requests and diagnostics.
    pub workers: usize,
    /// Accept `flinkddl/debugPanic` (its handler panics) and `flinkddl/debugSleep` (its
    /// handler takes 300 ms): for tests of the panic guard and of cancellation.
    pub debug_requests: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            debounce: Duration::from_millis(25),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 4)),
            debug_requests: false,
        }
    }
}

struct Document {
    version: i32,
    text: String,
    host: DocumentAnalysis,
    config: DocumentConfig,
    /// The versions analyzed so far under `config`: the next one is analyzed from the last
    /// ([`crate::incremental`]).
    history: History,
    /// The semantic tokens last sent, for `semanticTokens/full/delta`.
    tokens: Arc<LastTokens>,
}

impl Document {
    fn new(version: i32, text: String, config: DocumentConfig) -> Document {
        let history = History::default();
        Document {
            version,
            host: host(&text, &config, &history),
            text,
            config,
            history,
            tokens: Arc::default(),
        }
    }
}

fn host(text: &str, config: &DocumentConfig, history: &History) -> DocumentAnalysis {
    DocumentAnalysis::new(
        text,
        config.resolved.config.clone(),
        config.path.clone(),
        history.clone(),
    )
}

/// What a document's diagnostics are: its configuration's problem, then (unless the
/// configuration excludes it) the analysis's.
fn document_diagnostics(a: &Analysis, uri: &Url, config: &DocumentConfig) -> Vec<lsp::Diagnostic> {
    let mut out: Vec<lsp::Diagnostic> = config.problem().into_iter().collect();
    if !config.excluded {
        out.extend(handlers::diagnostics(a, uri));
    }
    out
}

/// What a worker hands back.
enum Outcome {
    Response(Response),
    Diagnostics {
        uri: Url,
        version: i32,
        diagnostics: Option<Vec<lsp::Diagnostic>>,
    },
}

struct Pending {
    uri: Url,
    version: i32,
    /// The answer edits the document: it is void when the document changed meanwhile.
    edits: bool,
}

type Job = Box<dyn FnOnce() -> Outcome + Send>;

struct Server {
    sender: Sender<Message>,
    documents: HashMap<Url, Document>,
    jobs: Sender<Job>,
    pending: HashMap<RequestId, Pending>,
    due: HashMap<Url, Instant>,
    config: Config,
    support: ClientSupport,
    push_diagnostics: bool,
    /// The client can register file watchers (for `flinkddl.toml`).
    watch_files: bool,
    /// The client takes `workspace/diagnostic/refresh` (pulled diagnostics changed without an
    /// edit: a `flinkddl.toml` changed).
    refresh_diagnostics: bool,
    configs: Configs,
    /// Requests this server sent to the client.
    sent_requests: i32,
    /// Diagnostics jobs started and not yet delivered.
    diagnostics_in_flight: usize,
    shutdown: bool,
}

fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        position_encoding: Some(lsp::PositionEncodingKind::UTF16),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
            lsp::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lsp::TextDocumentSyncKind::INCREMENTAL),
                // A saved catalog file re-checks the open files of its project.
                save: Some(lsp::TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            },
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp::CompletionOptions {
            // Not space: a list after every space is more noise than help.
            trigger_characters: Some(vec!["'".into(), ".".into(), "(".into()]),
            ..Default::default()
        }),
        signature_help_provider: Some(lsp::SignatureHelpOptions {
            trigger_characters: Some(vec!["(".into(), ",".into()]),
            retrigger_characters: Some(vec![")".into()]),
            work_done_progress_options: Default::default(),
        }),
        inlay_hint_provider: Some(lsp::OneOf::Left(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        workspace_symbol_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        document_highlight_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        call_hierarchy_provider: Some(lsp::CallHierarchyServerCapability::Simple(true)),
        semantic_tokens_provider: Some(
            lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp::SemanticTokensOptions {
                    legend: lsp::SemanticTokensLegend {
                        token_types: handlers::TOKEN_TYPES.to_vec(),
                        token_modifiers: handlers::TOKEN_MODIFIERS.to_vec(),
                    },
                    full: Some(lsp::SemanticTokensFullOptions::Delta { delta: Some(true) }),
                    range: Some(true),
                    ..Default::default()
                },
            ),
        ),
        folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        document_range_formatting_provider: Some(lsp::OneOf::Left(true)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
            lsp::CodeActionOptions {
                code_action_kinds: Some(vec![lsp::CodeActionKind::QUICKFIX]),
                ..Default::default()
            },
        )),
        rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        diagnostic_provider: Some(lsp::DiagnosticServerCapabilities::Options(
            lsp::DiagnosticOptions {
                identifier: Some("flinkddl".to_string()),
                inter_file_dependencies: false,
                workspace_diagnostics: false,
                work_done_progress_options: Default::default(),
            },
        )),
        ..Default::default()
    }
}

/// Serves one client over `connection` until `exit`. Returns whether `shutdown` came first
/// (the process should exit with 0 then, 1 otherwise).
pub fn run(connection: Connection, config: Config) -> Result<bool, String> {
    let Some((id, params)) = wait_for_initialize(&connection)? else {
        return Ok(false);
    };
    let crate::client::ClientInfo {
        support,
        push_diagnostics,
        watch_files,
        refresh_diagnostics,
    } = crate::client::ClientInfo::read(&params);
    let result = lsp::InitializeResult {
        capabilities: capabilities(),
        server_info: Some(lsp::ServerInfo {
            name: "flinkddl".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    };
    send(&connection.sender, Response::new_ok(id, result));

    let (jobs, job_rx) = crossbeam_channel::unbounded::<Job>();
    let (outcome_tx, outcomes) = crossbeam_channel::unbounded::<Outcome>();
    let mut workers = Vec::new();
    for _ in 0..config.workers.max(1) {
        let job_rx = job_rx.clone();
        let outcome_tx = outcome_tx.clone();
        workers.push(std::thread::spawn(move || {
            for job in job_rx {
                // Jobs catch their own panics; this is the backstop that keeps the worker.
                if let Ok(outcome) = catch_unwind(AssertUnwindSafe(job)) {
                    if outcome_tx.send(outcome).is_err() {
                        return;
                    }
                }
                // The version the job replaced is freed after its answer is on its way.
                let _ = catch_unwind(crate::incremental::drop_replaced);
            }
        }));
    }
    drop(outcome_tx);
    let mut server = Server {
        sender: connection.sender.clone(),
        documents: HashMap::new(),
        jobs,
        pending: HashMap::new(),
        due: HashMap::new(),
        config,
        support,
        push_diagnostics,
        watch_files,
        refresh_diagnostics,
        configs: Configs::default(),
        sent_requests: 0,
        diagnostics_in_flight: 0,
        shutdown: false,
    };
    let exited_cleanly = server.main_loop(&connection.receiver, &outcomes);
    drop(server);
    for w in workers {
        let _ = w.join();
    }
    Ok(exited_cleanly)
}

fn send(sender: &Sender<Message>, message: impl Into<Message>) {
    // The client went away: nothing to do, the loop ends when the receiver closes.
    let _ = sender.send(message.into());
}

/// Waits for `initialize`, answering other requests with `ServerNotInitialized`. `None` when
/// the client exits or disconnects first. The params are kept as JSON: [`crate::client`] reads
/// what it needs from them leniently, so no capability the client sends can refuse it.
fn wait_for_initialize(
    connection: &Connection,
) -> Result<Option<(RequestId, serde_json::Value)>, String> {
    for message in &connection.receiver {
        match message {
            Message::Request(r) if r.method == req::Initialize::METHOD => {
                return Ok(Some((r.id, r.params)))
            }
            Message::Request(r) => send(
                &connection.sender,
                Response::new_err(
                    r.id,
                    ErrorCode::ServerNotInitialized as i32,
                    "the server is not initialized".to_string(),
                ),
            ),
            Message::Notification(n) if n.method == note::Exit::METHOD => return Ok(None),
            Message::Notification(_) | Message::Response(_) => {}
        }
    }
    Ok(None)
}

impl Server {
    /// Returns whether `exit` came after `shutdown`.
    fn main_loop(&mut self, messages: &Receiver<Message>, outcomes: &Receiver<Outcome>) -> bool {
        loop {
            let wait = self
                .due
                .values()
                .min()
                .map_or(Duration::from_secs(3600), |due| {
                    due.saturating_duration_since(Instant::now())
                });
            select! {
                recv(messages) -> message => match message {
                    Ok(Message::Notification(n)) if n.method == note::Exit::METHOD => return self.shutdown,
                    Ok(Message::Request(r)) if r.method == req::Shutdown::METHOD && !self.shutdown => {
                        // Answer what was asked before shutdown, then shutdown.
                        self.finish_in_flight(outcomes);
                        self.shutdown = true;
                        send(&self.sender, Response::new_ok(r.id, ()));
                    }
                    Ok(message) => self.handle(message),
                    Err(_) => return self.shutdown,
                },
                recv(outcomes) -> outcome => {
                    if let Ok(outcome) = outcome {
                        self.deliver(outcome);
                    }
                }
                default(wait) => {}
            }
            self.start_due_diagnostics();
        }
    }

    /// Waits (a bounded time) for the requests and diagnostics already started.
    fn finish_in_flight(&mut self, outcomes: &Receiver<Outcome>) {
        let deadline = Instant::now() + Duration::from_secs(10);
        self.start_due_diagnostics();
        while !self.pending.is_empty() || self.diagnostics_in_flight > 0 {
            match outcomes.recv_deadline(deadline) {
                Ok(outcome) => self.deliver(outcome),
                Err(_) => break,
            }
        }
    }

    fn handle(&mut self, message: Message) {
        match message {
            Message::Request(r) => self.request(r),
            Message::Notification(n) => self.notification(n),
            Message::Response(_) => {}
        }
    }

    fn respond_err(&self, id: RequestId, code: ErrorCode, message: impl Into<String>) {
        send(
            &self.sender,
            Response::new_err(id, code as i32, message.into()),
        );
    }

    fn request(&mut self, r: Request) {
        if self.shutdown {
            return self.respond_err(
                r.id,
                ErrorCode::InvalidRequest,
                "the server is shutting down",
            );
        }
        let support = self.support;
        match r.method.as_str() {
            req::Shutdown::METHOD => {
                self.shutdown = true;
                send(&self.sender, Response::new_ok(r.id, ()));
            }
            req::Initialize::METHOD => self.respond_err(
                r.id,
                ErrorCode::InvalidRequest,
                "initialize was already received",
            ),
            req::HoverRequest::METHOD => self.spawn(
                r,
                |p: &lsp::HoverParams| &p.text_document_position_params.text_document.uri,
                false,
                move |a, _, p| Ok(handlers::hover(a, p, support)),
            ),
            req::Completion::METHOD => self.spawn(
                r,
                |p: &lsp::CompletionParams| &p.text_document_position.text_document.uri,
                false,
                move |a, _, p| Ok(handlers::completion(a, p, support)),
            ),
            req::SignatureHelpRequest::METHOD => self.spawn(
                r,
                |p: &lsp::SignatureHelpParams| &p.text_document_position_params.text_document.uri,
                false,
                move |a, _, p| Ok(handlers::signature_help(a, p, support)),
            ),
            req::InlayHintRequest::METHOD => self.spawn(
                r,
                |p: &lsp::InlayHintParams| &p.text_document.uri,
                false,
                |a, _, p| Ok(handlers::inlay_hints(a, p)),
            ),
            req::GotoDefinition::METHOD => self.spawn(
                r,
                |p: &lsp::GotoDefinitionParams| &p.text_document_position_params.text_document.uri,
                false,
                |a, uri, p| Ok(handlers::definition(a, uri, p)),
            ),
            req::References::METHOD => {
                let (open, config) = self.project_context(&r.params, |p: lsp::ReferenceParams| {
                    p.text_document_position.text_document.uri
                });
                self.spawn(
                    r,
                    |p: &lsp::ReferenceParams| &p.text_document_position.text_document.uri,
                    false,
                    move |a, uri, p| {
                        Ok(match &config {
                            Some(config) => {
                                handlers::references_in_project(a, uri, p, config, &open)
                            }
                            None => handlers::references(a, uri, p),
                        })
                    },
                )
            }
            req::DocumentHighlightRequest::METHOD => self.spawn(
                r,
                |p: &lsp::DocumentHighlightParams| {
                    &p.text_document_position_params.text_document.uri
                },
                false,
                |a, _, p| Ok(handlers::document_highlight(a, p)),
            ),
            req::CallHierarchyPrepare::METHOD => self.spawn(
                r,
                |p: &lsp::CallHierarchyPrepareParams| {
                    &p.text_document_position_params.text_document.uri
                },
                false,
                |a, uri, p| Ok(handlers::prepare_call_hierarchy(a, uri, p)),
            ),
            req::CallHierarchyIncomingCalls::METHOD => self.spawn(
                r,
                |p: &lsp::CallHierarchyIncomingCallsParams| &p.item.uri,
                false,
                |a, uri, p| Ok(handlers::incoming_calls(a, uri, p)),
            ),
            req::CallHierarchyOutgoingCalls::METHOD => self.spawn(
                r,
                |p: &lsp::CallHierarchyOutgoingCallsParams| &p.item.uri,
                false,
                |a, uri, p| Ok(handlers::outgoing_calls(a, uri, p)),
            ),
            req::DocumentSymbolRequest::METHOD => self.spawn(
                r,
                |p: &lsp::DocumentSymbolParams| &p.text_document.uri,
                false,
                move |a, uri, _| Ok(handlers::document_symbols(a, uri, support)),
            ),
            req::SemanticTokensFullRequest::METHOD => {
                let last = self.last_tokens(&r.params);
                self.spawn(
                    r,
                    |p: &lsp::SemanticTokensParams| &p.text_document.uri,
                    false,
                    move |a, _, _| Ok(handlers::semantic_tokens(a, &last)),
                )
            }
            req::SemanticTokensFullDeltaRequest::METHOD => {
                let last = self.last_tokens(&r.params);
                self.spawn(
                    r,
                    |p: &lsp::SemanticTokensDeltaParams| &p.text_document.uri,
                    false,
                    move |a, _, p| Ok(handlers::semantic_tokens_delta(a, p, &last)),
                )
            }
            req::SemanticTokensRangeRequest::METHOD => self.spawn(
                r,
                |p: &lsp::SemanticTokensRangeParams| &p.text_document.uri,
                false,
                |a, _, p| Ok(handlers::semantic_tokens_range(a, p)),
            ),
            req::FoldingRangeRequest::METHOD => self.spawn(
                r,
                |p: &lsp::FoldingRangeParams| &p.text_document.uri,
                false,
                |a, _, _| Ok(handlers::folding_ranges(a)),
            ),
            req::Formatting::METHOD => {
                let settings = self.format_settings(&r.params);
                self.spawn(
                    r,
                    |p: &lsp::DocumentFormattingParams| &p.text_document.uri,
                    true,
                    move |a, _, _| Ok(handlers::formatting(a, &settings)),
                )
            }
            req::RangeFormatting::METHOD => {
                let settings = self.format_settings(&r.params);
                self.spawn(
                    r,
                    |p: &lsp::DocumentRangeFormattingParams| &p.text_document.uri,
                    true,
                    move |a, _, p| Ok(handlers::range_formatting(a, &p, &settings)),
                )
            }
            req::CodeActionRequest::METHOD => self.spawn(
                r,
                |p: &lsp::CodeActionParams| &p.text_document.uri,
                true,
                |a, uri, p| Ok(handlers::code_actions(a, uri, p)),
            ),
            req::PrepareRenameRequest::METHOD => self.spawn(
                r,
                |p: &lsp::TextDocumentPositionParams| &p.text_document.uri,
                true,
                |a, _, p| handlers::prepare_rename(a, p),
            ),
            req::Rename::METHOD => {
                // Across the project's files when the name is a catalog file's.
                let (open, config) = self.project_context(&r.params, |p: lsp::RenameParams| {
                    p.text_document_position.text_document.uri
                });
                self.spawn(
                    r,
                    |p: &lsp::RenameParams| &p.text_document_position.text_document.uri,
                    true,
                    move |a, uri, p| match &config {
                        Some(config) => handlers::rename_in_project(a, uri, p, config, &open),
                        None => handlers::rename(a, uri, p),
                    },
                )
            }
            req::DocumentDiagnosticRequest::METHOD => self.spawn_pull_diagnostics(r),
            req::WorkspaceSymbolRequest::METHOD => {
                // The projects of the open documents (built when one was analyzed).
                let query = serde_json::from_value::<lsp::WorkspaceSymbolParams>(r.params)
                    .map(|p| p.query)
                    .unwrap_or_default();
                let configs: Vec<_> = self
                    .documents
                    .values()
                    .map(|d| d.config.resolved.config.clone())
                    .collect();
                let symbols = handlers::workspace_symbols(&configs, &query);
                send(&self.sender, Response::new_ok(r.id, symbols));
            }
            "flinkddl/debugSleep" if self.config.debug_requests => self.spawn(
                r,
                |p: &lsp::TextDocumentIdentifier| &p.uri,
                false,
                |_, _, _| {
                    std::thread::sleep(Duration::from_millis(300));
                    Ok(serde_json::Value::Null)
                },
            ),
            "flinkddl/debugPanic" if self.config.debug_requests => self.spawn(
                r,
                |p: &lsp::TextDocumentIdentifier| &p.uri,
                false,
                |_, uri, _| -> Result<(), String> { panic!("debugPanic on {uri}") },
            ),
            _ => self.respond_err(
                r.id,
                ErrorCode::MethodNotFound,
                format!("unknown request {}", r.method),
            ),
        }
    }

    /// Runs `handler` on a worker against the document the params name, as it is now.
    fn spawn<P, R, F>(&mut self, r: Request, uri_of: fn(&P) -> &Url, edits: bool, handler: F)
    where
        P: DeserializeOwned + Send + 'static,
        R: Serialize,
        F: FnOnce(&Analysis, &Url, P) -> Result<R, String> + Send + 'static,
    {
        let params: P = match serde_json::from_value(r.params) {
            Ok(p) => p,
            Err(e) => {
                return self.respond_err(
                    r.id,
                    ErrorCode::InvalidParams,
                    format!("invalid params for {}: {e}", r.method),
                )
            }
        };
        let uri = uri_of(&params).clone();
        self.refresh_config(&uri);
        let Some(document) = self.documents.get(&uri) else {
            return self.respond_err(
                r.id,
                ErrorCode::InvalidParams,
                format!("document not open: {uri}"),
            );
        };
        let host = document.host.clone();
        let id = r.id.clone();
        self.pending.insert(
            r.id.clone(),
            Pending {
                uri: uri.clone(),
                version: document.version,
                edits,
            },
        );
        let method = r.method;
        let job: Job = Box::new(move || {
            let result = catch_unwind(AssertUnwindSafe(|| {
                let analysis = host.analysis();
                handler(&analysis, &uri, params).map(serde_json::to_value)
            }));
            Outcome::Response(match result {
                Ok(Ok(Ok(value))) => Response::new_ok(id, value),
                Ok(Ok(Err(e))) => Response::new_err(
                    id,
                    ErrorCode::InternalError as i32,
                    format!("{method}: {e}"),
                ),
                Ok(Err(message)) => Response::new_err(id, ErrorCode::RequestFailed as i32, message),
                Err(panic) => Response::new_err(
                    id,
                    ErrorCode::InternalError as i32,
                    format!("{method} failed: {}", panic_message(&panic)),
                ),
            })
        });
        let _ = self.jobs.send(job);
    }

    /// The `[format]` table of the configuration of the document a formatting request names,
    /// as it will be when the job runs (`spawn` refreshes the configuration first).
    fn format_settings(&mut self, params: &serde_json::Value) -> flinkddl_config::FormatSettings {
        let uri = params
            .get("textDocument")
            .cloned()
            .and_then(|t| serde_json::from_value::<lsp::TextDocumentIdentifier>(t).ok())
            .map(|t| t.uri);
        uri.and_then(|uri| {
            self.refresh_config(&uri);
            self.documents
                .get(&uri)
                .map(|d| d.config.resolved.config.format)
        })
        .unwrap_or_default()
    }

    /// The last semantic tokens sent for the document a request names (a fresh, unshared
    /// record when it is not open: `spawn` answers that request with an error).
    fn last_tokens(&self, params: &serde_json::Value) -> Arc<LastTokens> {
        params
            .get("textDocument")
            .cloned()
            .and_then(|t| serde_json::from_value::<lsp::TextDocumentIdentifier>(t).ok())
            .and_then(|t| self.documents.get(&t.uri))
            .map(|d| d.tokens.clone())
            .unwrap_or_default()
    }

    fn spawn_pull_diagnostics(&mut self, r: Request) {
        // The configuration as it will be when the job runs (`spawn` refreshes it first).
        let config = serde_json::from_value::<lsp::DocumentDiagnosticParams>(r.params.clone())
            .ok()
            .and_then(|p| {
                self.refresh_config(&p.text_document.uri);
                self.documents.get(&p.text_document.uri)
            })
            .map(|d| d.config.clone());
        self.spawn(
            r,
            |p: &lsp::DocumentDiagnosticParams| &p.text_document.uri,
            false,
            move |a, uri, p| {
                let Some(config) = config else {
                    return Err("document not open".to_string());
                };
                let result_id = a_version_id(a, &config);
                let report = if p.previous_result_id.as_deref() == Some(result_id.as_str()) {
                    lsp::DocumentDiagnosticReport::Unchanged(
                        lsp::RelatedUnchangedDocumentDiagnosticReport {
                            related_documents: None,
                            unchanged_document_diagnostic_report:
                                lsp::UnchangedDocumentDiagnosticReport { result_id },
                        },
                    )
                } else {
                    lsp::DocumentDiagnosticReport::Full(lsp::RelatedFullDocumentDiagnosticReport {
                        related_documents: None,
                        full_document_diagnostic_report: lsp::FullDocumentDiagnosticReport {
                            result_id: Some(result_id),
                            items: document_diagnostics(a, uri, &config),
                        },
                    })
                };
                Ok(lsp::DocumentDiagnosticReportResult::Report(report))
            },
        );
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params) {
                    let doc = p.text_document;
                    let config = self.configs.for_uri(&doc.uri, true);
                    self.documents.insert(
                        doc.uri.clone(),
                        Document::new(doc.version, doc.text, config),
                    );
                    self.due.insert(doc.uri, Instant::now());
                }
            }
            note::DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params)
                {
                    let uri = p.text_document.uri;
                    let config = self.configs.for_uri(&uri, false);
                    let Some(document) = self.documents.get_mut(&uri) else {
                        return;
                    };
                    // A change older than what we have is stale: ignore it.
                    if p.text_document.version <= document.version {
                        return;
                    }
                    for change in p.content_changes {
                        crate::convert::apply_change(
                            &mut document.text,
                            change.range,
                            &change.text,
                        );
                    }
                    document.version = p.text_document.version;
                    if !config.same(&document.config) {
                        document.history = History::default();
                    }
                    document.config = config;
                    document.host = host(&document.text, &document.config, &document.history);
                    self.due.insert(uri, Instant::now() + self.config.debounce);
                }
            }
            note::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params) {
                    let uri = p.text_document.uri;
                    self.documents.remove(&uri);
                    self.due.remove(&uri);
                    if self.push_diagnostics {
                        self.publish(uri, Vec::new(), None);
                    }
                }
            }
            note::Initialized::METHOD => self.watch_config_files(),
            // A project's catalog file saved, or changed on disk: the configurations that list
            // it are read again (their stamps changed), and their open files re-checked.
            note::DidSaveTextDocument::METHOD => self.refresh_every_config(),
            note::DidChangeWatchedFiles::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidChangeWatchedFilesParams>(n.params)
                {
                    // A `flinkddl.toml` changed, or a file appeared or went (a catalog glob
                    // may name it): every configuration is read again.
                    if p.changes.iter().any(|c| {
                        crate::configs::is_config_file(&c.uri)
                            || c.typ != lsp::FileChangeType::CHANGED
                    }) {
                        self.configs.forget();
                    }
                    self.refresh_every_config();
                }
            }
            note::Cancel::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::CancelParams>(n.params) {
                    let id: RequestId = match p.id {
                        lsp::NumberOrString::Number(n) => n.into(),
                        lsp::NumberOrString::String(s) => s.into(),
                    };
                    if self.pending.remove(&id).is_some() {
                        self.respond_err(id, ErrorCode::RequestCanceled, "cancelled");
                    }
                }
            }
            _ => {}
        }
    }

    fn start_due_diagnostics(&mut self) {
        let now = Instant::now();
        let ready: Vec<Url> = self
            .due
            .iter()
            .filter(|(_, due)| **due <= now)
            .map(|(uri, _)| uri.clone())
            .collect();
        for uri in ready {
            self.due.remove(&uri);
            if !self.push_diagnostics {
                continue;
            }
            let Some(document) = self.documents.get(&uri) else {
                continue;
            };
            let host = document.host.clone();
            let version = document.version;
            let config = document.config.clone();
            let job: Job = Box::new(move || {
                let diagnostics = catch_unwind(AssertUnwindSafe(|| {
                    if config.excluded {
                        // Not checked: no analysis needed for the diagnostics.
                        return config.problem().into_iter().collect();
                    }
                    document_diagnostics(&host.analysis(), &uri, &config)
                }))
                .ok();
                Outcome::Diagnostics {
                    uri,
                    version,
                    diagnostics,
                }
            });
            if self.jobs.send(job).is_ok() {
                self.diagnostics_in_flight += 1;
            }
        }
    }

    fn deliver(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Response(response) => {
                let Some(pending) = self.pending.remove(&response.id) else {
                    return; // cancelled: the client already has its answer
                };
                let current = self.documents.get(&pending.uri).map(|d| d.version);
                if pending.edits && current != Some(pending.version) {
                    return self.respond_err(
                        response.id,
                        ErrorCode::ContentModified,
                        "the document changed",
                    );
                }
                send(&self.sender, response);
            }
            Outcome::Diagnostics {
                uri,
                version,
                diagnostics,
            } => {
                self.diagnostics_in_flight = self.diagnostics_in_flight.saturating_sub(1);
                // Diagnostics of an older version are stale; the newer version's are coming.
                if self.documents.get(&uri).map(|d| d.version) != Some(version) {
                    return;
                }
                match diagnostics {
                    Some(d) => self.publish(uri, d, Some(version)),
                    None => self.log(format!("computing diagnostics for {uri} failed")),
                }
            }
        }
    }

    /// Looks at the document's configuration again; when it changed, the document is analyzed
    /// anew and its diagnostics pushed again. Returns whether it changed.
    fn refresh_config(&mut self, uri: &Url) -> bool {
        let Some(document) = self.documents.get(uri) else {
            return false;
        };
        let config = self.configs.for_uri(uri, false);
        if config.same(&document.config) {
            return false;
        }
        if let Some(document) = self.documents.get_mut(uri) {
            document.history = History::default();
            document.host = host(&document.text, &config, &document.history);
            document.config = config;
            self.due.insert(uri.clone(), Instant::now());
        }
        true
    }

    /// What a request across a project's files needs (rename, references): the open
    /// documents' texts as they are now, and the configuration of the document the params
    /// name (refreshed first, as `spawn` would).
    fn project_context<P: DeserializeOwned>(
        &mut self,
        params: &serde_json::Value,
        uri_of: fn(P) -> Url,
    ) -> (handlers::OpenTexts, Option<Arc<flinkddl_config::Config>>) {
        // Only a document of a project with a catalog is renamed across files: the texts are
        // copied for those alone.
        let config = serde_json::from_value::<P>(params.clone())
            .ok()
            .map(uri_of)
            .and_then(|uri| {
                self.refresh_config(&uri);
                self.documents
                    .get(&uri)
                    .map(|d| d.config.resolved.config.clone())
            })
            .filter(|config| !config.catalog.is_empty());
        let open: handlers::OpenTexts = match config {
            Some(_) => self
                .documents
                .iter()
                .filter_map(|(uri, d)| Some((uri.to_file_path().ok()?, d.text.as_str().into())))
                .collect(),
            None => handlers::OpenTexts::new(),
        };
        (open, config)
    }

    /// Looks up every open document's configuration again (a `stat` of each file it was read
    /// from: itself, what it extends, its connectors and catalog files); the documents whose
    /// configuration changed are analyzed again.
    fn refresh_every_config(&mut self) {
        let uris: Vec<Url> = self.documents.keys().cloned().collect();
        let mut changed = false;
        for uri in uris {
            changed |= self.refresh_config(&uri);
        }
        if changed && !self.push_diagnostics && self.refresh_diagnostics {
            self.send_request(req::WorkspaceDiagnosticRefresh::METHOD, ());
        }
    }

    /// Asks the client to report changes of `flinkddl.toml` files, if it can.
    fn watch_config_files(&mut self) {
        if !self.watch_files {
            return;
        }
        let options = lsp::DidChangeWatchedFilesRegistrationOptions {
            // `.sql` files too: a project's catalog files, open or not.
            watchers: vec![
                lsp::FileSystemWatcher {
                    glob_pattern: lsp::GlobPattern::String(format!(
                        "**/{}",
                        flinkddl_config::FILE_NAME
                    )),
                    kind: None,
                },
                lsp::FileSystemWatcher {
                    glob_pattern: lsp::GlobPattern::String("**/*.sql".to_string()),
                    kind: None,
                },
            ],
        };
        let params = lsp::RegistrationParams {
            registrations: vec![lsp::Registration {
                id: "flinkddl-config-watcher".to_string(),
                method: note::DidChangeWatchedFiles::METHOD.to_string(),
                register_options: serde_json::to_value(options).ok(),
            }],
        };
        self.send_request(req::RegisterCapability::METHOD, params);
    }

    /// A request to the client; its answer is not needed (responses are ignored).
    fn send_request(&mut self, method: &str, params: impl serde::Serialize) {
        self.sent_requests += 1;
        let id = RequestId::from(format!("flinkddl-{}", self.sent_requests));
        send(&self.sender, Request::new(id, method.to_string(), params));
    }

    fn publish(&self, uri: Url, diagnostics: Vec<lsp::Diagnostic>, version: Option<i32>) {
        let params = lsp::PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        send(
            &self.sender,
            Notification::new(note::PublishDiagnostics::METHOD.to_string(), params),
        );
    }

    fn log(&self, message: String) {
        let params = lsp::LogMessageParams {
            typ: lsp::MessageType::ERROR,
            message,
        };
        send(
            &self.sender,
            Notification::new(note::LogMessage::METHOD.to_string(), params),
        );
    }
}

fn a_version_id(a: &Analysis, config: &DocumentConfig) -> String {
    // A hash of the text and the configuration stands for the version: equal texts under one
    // configuration give equal ids.
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    a.text().hash(&mut h);
    config.id().hash(&mut h);
    format!("{:x}", h.finish())
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a handler panicked".to_string())
}
