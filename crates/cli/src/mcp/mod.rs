//! `flinkddl mcp`: a Model Context Protocol server (on the official Rust SDK, `rmcp`) over
//! standard input and output, or over streamable HTTP at `--http ADDRESS` (path `/mcp`), for
//! agents that write Flink SQL and want to know, in milliseconds, whether it is valid for
//! their Flink and why not (docs/agents.md, decision 0014).
//!
//! Tools: `check`, `describe`, `explain`, `format` and `lineage`, each the command of that name
//! with its JSON output ([`tools`]); resources: the docs of each diagnostic code
//! (`flinkddl://diagnostics/B110`), those `explain` prints.
//!
//! The tokio runtime lives only in this command: the rest of the command line stays
//! synchronous. A call's work runs on the blocking pool, inside the panic guard of `check`,
//! so that a slow script does not hold the transport and a panic becomes a tool error; the
//! server never exits on bad input.

pub mod tools;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ResourceTemplate, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_router, ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::Value;
use std::sync::Arc;

/// The most one protocol message may hold (a line on stdio, a request body over HTTP): more
/// than [`tools::MAX_SQL_BYTES`] of SQL and its JSON escapes, so that too large a script
/// still arrives and gets a clear tool error rather than a dropped message.
pub const MAX_MESSAGE_BYTES: usize = 128 << 20;

/// The prefix of the diagnostics' resources.
const DIAGNOSTICS_URI: &str = "flinkddl://diagnostics/";

const INSTRUCTIONS: &str = "flinkddl understands Apache Flink SQL as Flink does (parser, \
catalog, type checker, connector options), without a cluster. Call `check` on SQL you wrote \
before submitting it: its diagnostics say what Flink would reject (severity error), with the \
line, column, Flink's message, help and often a fix. Pass `flink_version` for the user's Flink \
(1.18 to 2.3). `explain` (or the resource flinkddl://diagnostics/CODE) says what a code means. \
`describe` shows the tables a script defines, `lineage` where each written column comes from, \
`format` lays the SQL out.";

/// The server: its tools' router (the tools are stateless).
#[derive(Clone)]
pub struct FlinkddlServer {
    tool_router: ToolRouter<FlinkddlServer>,
}

impl Default for FlinkddlServer {
    fn default() -> Self {
        FlinkddlServer {
            tool_router: Self::tool_router(),
        }
    }
}

/// Runs `work` on the blocking pool and in the panic guard: `Err` is a tool error.
async fn off_the_runtime<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, String> {
    match tokio::task::spawn_blocking(move || crate::check::guarded(work)).await {
        Ok(Ok(result)) => result,
        Ok(Err(panic)) => Err(crate::check::internal_error(&panic).message.to_string()),
        Err(e) => Err(format!("internal error: the call did not finish ({e})")),
    }
}

/// A JSON document as the tool's result: structured, and as text for clients that read
/// only text.
fn document(value: Value) -> CallToolResult {
    CallToolResult::structured(value)
}

fn text(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[tool_router]
impl FlinkddlServer {
    /// Is this Flink SQL valid for my Flink, and if not, why? Checks a script (`sql`) or
    /// files (`paths`) as Flink's SQL client would run them: syntax, names, types, catalogs,
    /// connector options, and lints. Returns the `flinkddl check --format json` document:
    /// `diagnostics` (each with `code`, `severity` error|warning|info, `message`, 1-based
    /// `line`/`column`, `end_line`/`end_column`, `help`, and `fix` with a replacement when one
    /// is known, and its `applicability`: `safe` keeps the script's meaning, `unsafe` is a
    /// guess such as a did-you-mean's) and a `summary` with counts. Errors are what Flink would reject; info
    /// diagnostics say what could not be checked. `explain` says what a code means.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn check(
        &self,
        Parameters(params): Parameters<tools::CheckParams>,
    ) -> Result<CallToolResult, String> {
        off_the_runtime(move || tools::check(params))
            .await
            .map(document)
    }

    /// The tables and views a script defines, resolved as Flink resolves them: each column's
    /// name, type, nullability, computed or metadata expression, the watermark, primary key,
    /// partition keys and options (the `flinkddl describe --format json` document, with the
    /// script's diagnostics).
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn describe(
        &self,
        Parameters(params): Parameters<tools::DescribeParams>,
    ) -> Result<CallToolResult, String> {
        off_the_runtime(move || tools::describe(params))
            .await
            .map(document)
    }

    /// What a diagnostic code (`B110`) or name means: when it is reported, why Flink rejects
    /// it, and how to fix it (what `flinkddl explain CODE` prints). Without a code, the list
    /// of every code.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn explain(
        &self,
        Parameters(params): Parameters<tools::ExplainParams>,
    ) -> Result<CallToolResult, String> {
        tools::explain(params).map(text)
    }

    /// The SQL laid out as `flinkddl format` lays it out (keywords, indentation, line width,
    /// from the `[format]` table of flinkddl.toml); returns the formatted text, never writes
    /// a file. SQL that does not parse is an error listing its syntax errors.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn format(
        &self,
        Parameters(params): Parameters<tools::FormatParams>,
    ) -> Result<CallToolResult, String> {
        off_the_runtime(move || tools::format(params))
            .await
            .map(text)
    }

    /// Column lineage: for each INSERT, CTAS and RTAS, where each written column comes from
    /// (source table and column, copied or computed), through views, CTEs, subqueries, joins
    /// and window functions (the `flinkddl lineage --format json` document).
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn lineage(
        &self,
        Parameters(params): Parameters<tools::LineageParams>,
    ) -> Result<CallToolResult, String> {
        off_the_runtime(move || tools::lineage(params))
            .await
            .map(document)
    }
}

impl ServerHandler for FlinkddlServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(
            Implementation::new("flinkddl", env!("CARGO_PKG_VERSION"))
                .with_title("flinkddl: Flink SQL, checked as Flink does"),
        )
        .with_instructions(INSTRUCTIONS)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.tool_router.get(&request.name).is_none() {
            let names: Vec<String> = self
                .tool_router
                .list_all()
                .into_iter()
                .map(|t| format!("`{}`", t.name))
                .collect();
            return Err(ErrorData::invalid_params(
                format!(
                    "unknown tool `{}`: flinkddl's tools are {}",
                    request.name,
                    names.join(", ")
                ),
                None,
            ));
        }
        self.tool_router
            .call(ToolCallContext::new(self, request, context))
            .await
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tool_router.list_all()))
    }

    fn get_tool(&self, name: &str) -> Option<rmcp::model::Tool> {
        self.tool_router.get(name).cloned()
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let resources = tools::codes()
            .map(|(code, name, title)| {
                Resource::new(format!("{DIAGNOSTICS_URI}{code}"), format!("{code} {name}"))
                    .with_title(format!("{code} {name}: {title}"))
                    .with_description(title)
                    .with_mime_type("text/markdown")
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let template =
            ResourceTemplate::new(format!("{DIAGNOSTICS_URI}{{code}}"), "flinkddl diagnostic")
                .with_description("What a flinkddl diagnostic code (B110) or name means")
                .with_mime_type("text/markdown");
        Ok(ListResourceTemplatesResult::with_all_items(vec![template]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let Some(code) = request.uri.strip_prefix(DIAGNOSTICS_URI) else {
            return Err(ErrorData::resource_not_found(
                format!(
                    "no resource `{}`: flinkddl's resources are {DIAGNOSTICS_URI}CODE",
                    request.uri
                ),
                None,
            ));
        };
        match tools::code_doc(code) {
            Ok(doc) => {
                let contents = match ResourceContents::text(doc, request.uri) {
                    ResourceContents::TextResourceContents {
                        uri, text, meta, ..
                    } => ResourceContents::TextResourceContents {
                        uri,
                        mime_type: Some("text/markdown".to_string()),
                        text,
                        meta,
                    },
                    other => other,
                };
                Ok(ReadResourceResult::new(vec![contents]).into())
            }
            Err(e) => Err(ErrorData::resource_not_found(e, None)),
        }
    }
}

/// `flinkddl mcp [--http ADDRESS]`: serves until the client closes standard input (stdio) or
/// the process is stopped (HTTP). Returns the exit status.
pub fn run(http: Option<&str>) -> u8 {
    // One thread serves the transport; the calls' work runs on the blocking pool.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("flinkddl mcp: cannot start: {e}");
            return crate::EXIT_PROBLEMS;
        }
    };
    let served = match http {
        None => runtime.block_on(serve_stdio()),
        Some(address) => runtime.block_on(serve_http(address)),
    };
    match served {
        Ok(()) => crate::EXIT_CLEAN,
        Err(e) => {
            eprintln!("flinkddl mcp: {e}");
            crate::EXIT_PROBLEMS
        }
    }
}

async fn serve_stdio() -> Result<(), String> {
    let (stdin, stdout) = rmcp::transport::stdio();
    let transport = UntilLifecycle {
        inner: rmcp::transport::async_rw::AsyncRwTransport::new_server(stdin, stdout)
            .with_max_line_length(MAX_MESSAGE_BYTES),
        begun: false,
    };
    let running = match FlinkddlServer::default().serve(transport).await {
        Ok(running) => running,
        // The client left before its session began (a probe, a health check): not an error.
        Err(rmcp::service::ServerInitializeError::ConnectionClosed(_)) => return Ok(()),
        Err(e) => return Err(format!("the client's session could not begin: {e}")),
    };
    running
        .waiting()
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// A transport that drops the notifications and responses a client sends before its session
/// has begun (before `initialize`, or before the first request of a 2026-07-28 client): rmcp
/// would end the session on them, and the server must not end on bad input.
struct UntilLifecycle<T> {
    inner: T,
    begun: bool,
}

impl<T: rmcp::transport::Transport<RoleServer>> rmcp::transport::Transport<RoleServer>
    for UntilLifecycle<T>
{
    type Error = T::Error;

    fn send(
        &mut self,
        item: rmcp::service::TxJsonRpcMessage<RoleServer>,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<rmcp::service::RxJsonRpcMessage<RoleServer>> {
        use rmcp::model::{ClientRequest, GetMeta, JsonRpcMessage};
        loop {
            let message = self.inner.receive().await?;
            if self.begun {
                return Some(message);
            }
            if let JsonRpcMessage::Request(request) = &message {
                self.begun = match &request.request {
                    ClientRequest::InitializeRequest(_) => true,
                    ClientRequest::PingRequest(_) | ClientRequest::DiscoverRequest(_) => false,
                    other => other.get_meta().protocol_version().is_some(),
                };
                return Some(message);
            }
        }
    }

    fn close(&mut self) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

async fn serve_http(address: &str) -> Result<(), String> {
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService,
    };
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let mut config = StreamableHttpServerConfig::default();
    config.max_request_body_bytes = MAX_MESSAGE_BYTES;
    let service: StreamableHttpService<FlinkddlServer, LocalSessionManager> =
        StreamableHttpService::new(
            || Ok(FlinkddlServer::default()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
    // Where it listens, for the client that asked for port 0.
    eprintln!("flinkddl mcp: listening on http://{local}/mcp");
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // A failed accept (too many open files) must not end the server.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = service.clone();
        tokio::spawn(async move {
            let io = hyper_util::rt::TokioIo::new(stream);
            let handler = hyper::service::service_fn(
                move |request: hyper::Request<hyper::body::Incoming>| {
                    let mut service = service.clone();
                    async move {
                        if request.uri().path() != "/mcp" {
                            return Ok(not_found());
                        }
                        tower_service::Service::call(&mut service, request).await
                    }
                },
            );
            // A connection's failure (a client gone mid-request) ends only that connection.
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, handler)
                .await;
        });
    }
}

/// The answer to a path other than `/mcp`.
fn not_found(
) -> hyper::Response<http_body_util::combinators::BoxBody<bytes::Bytes, std::convert::Infallible>> {
    use http_body_util::BodyExt;
    let body = http_body_util::Full::new(bytes::Bytes::from_static(
        b"flinkddl mcp serves the Model Context Protocol at /mcp\n",
    ))
    .boxed();
    let mut response = hyper::Response::new(body);
    *response.status_mut() = hyper::StatusCode::NOT_FOUND;
    response
}
