//! The main loop: owns the analysis host, applies notifications (edits, configuration) on this
//! thread, sends requests and diagnostics runs to worker threads with a snapshot each, and
//! publishes what comes back. See the crate docs for the cancellation rules.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{select, Receiver, Sender};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use salsa::Database as _;
use std::collections::{HashMap, HashSet};
use warpc_base::{CompileOptions, FileId};
use warpc_ide::{Analysis, AnalysisHost, LineIndex};

use crate::config::{self, Config, Settings};
use crate::convert::{self, Paths};
use crate::dispatch;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Debounce between an edit and the diagnostics run it triggers.
const DIAGNOSTICS_DELAY: Duration = Duration::from_millis(150);
const WORKERS: usize = 4;

/// Shared, read-only context of request handlers.
pub(crate) struct Ctx {
    pub paths: Paths,
    pub ptxas: Option<PathBuf>,
    pub ptxas_cache: crate::ptxas::Cache,
}

enum Task {
    Response(Response),
    Retry(Request),
    Diagnostics {
        revision: u64,
        files: Vec<(FileId, lsp::Uri, Vec<lsp::Diagnostic>)>,
    },
    DiagnosticsCancelled,
}

/// Worker threads fed by a channel. Dropping the pool closes the channel and joins every worker,
/// so no worker is still inside LLVM or salsa while the process runs its exit-time destructors.
struct Pool {
    tx: Option<Sender<Box<dyn FnOnce() + Send>>>,
    workers: Vec<std::thread::JoinHandle<()>>,
}

impl Pool {
    fn new(n: usize) -> Pool {
        let (tx, rx) = crossbeam_channel::unbounded::<Box<dyn FnOnce() + Send>>();
        let mut workers = Vec::with_capacity(n);
        for i in 0..n {
            let rx = rx.clone();
            let worker = std::thread::Builder::new()
                .name(format!("warpc-lsp-worker-{i}"))
                .stack_size(64 << 20)
                .spawn(move || {
                    for job in rx {
                        job();
                    }
                })
                .expect("spawn worker thread");
            workers.push(worker);
        }
        Pool { tx: Some(tx), workers }
    }

    fn spawn(&self, f: impl FnOnce() + Send + 'static) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Box::new(f));
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.tx = None;
        for worker in self.workers.drain(..) {
            // A job that panicked has already reported itself; nothing more to do here.
            let _ = worker.join();
        }
    }
}

struct Doc {
    version: i32,
}

struct Server {
    sender: Sender<Message>,
    host: AnalysisHost,
    settings: Settings,
    root: Option<PathBuf>,
    ctx: Arc<Ctx>,
    docs: HashMap<FileId, Doc>,
    pending: HashMap<RequestId, salsa::CancellationToken>,
    pool: Pool,
    task_tx: Sender<Task>,
    task_rx: Receiver<Task>,
    revision: u64,
    diag_due: Option<Instant>,
    /// Files whose last published diagnostics were not empty.
    published: HashSet<FileId>,
    /// `shutdown` was answered; only `exit` matters now.
    shutting_down: bool,
}

fn is_header(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("cuh" | "h" | "hpp" | "hh" | "hxx" | "inl")
    )
}

/// Writes the builtin headers under `dir` so editors can open them (go to definition).
fn materialize_builtins(dir: &Path) {
    for name in warpc_pp::builtin_header_names() {
        if let Some(text) = warpc_pp::builtin_header(name) {
            let p = dir.join(name);
            if let Some(parent) = p.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            if std::fs::read_to_string(&p).ok().as_deref() != Some(text) {
                let _ = std::fs::write(&p, text);
            }
        }
    }
}

pub(crate) fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        position_encoding: Some(lsp::PositionEncodingKind::UTF16),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(lsp::TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(lsp::TextDocumentSyncKind::INCREMENTAL),
            save: Some(lsp::TextDocumentSyncSaveOptions::Supported(true)),
            ..Default::default()
        })),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        declaration_provider: Some(lsp::DeclarationCapability::Simple(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        document_highlight_provider: Some(lsp::OneOf::Left(true)),
        rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        workspace_symbol_provider: Some(lsp::OneOf::Left(true)),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec![".".into(), ">".into(), ":".into()]),
            ..Default::default()
        }),
        signature_help_provider: Some(lsp::SignatureHelpOptions {
            trigger_characters: Some(vec!["(".into(), ",".into()]),
            retrigger_characters: None,
            work_done_progress_options: Default::default(),
        }),
        semantic_tokens_provider: Some(lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
            lsp::SemanticTokensOptions {
                legend: convert::semantic_legend(),
                full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                range: None,
                work_done_progress_options: Default::default(),
            },
        )),
        folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
        selection_range_provider: Some(lsp::SelectionRangeProviderCapability::Simple(true)),
        inlay_hint_provider: Some(lsp::OneOf::Left(true)),
        code_lens_provider: Some(lsp::CodeLensOptions {
            resolve_provider: Some(false),
        }),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(lsp::CodeActionOptions {
            code_action_kinds: Some(vec![lsp::CodeActionKind::QUICKFIX]),
            ..Default::default()
        })),
        experimental: Some(serde_json::json!({ "warpcPtx": true })),
        ..Default::default()
    }
}

/// Runs the server over `connection`: the initialize handshake, then the main loop until
/// `shutdown`/`exit`.
pub fn run(connection: Connection, config: Config) -> Result<(), BoxError> {
    let (id, params) = connection.initialize_start()?;
    let init: lsp::InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let settings = init
        .initialization_options
        .as_ref()
        .map(Settings::from_json)
        .unwrap_or_default();
    let builtin_dir = config
        .builtin_dir
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("warpc-include-{}", env!("CARGO_PKG_VERSION"))));
    materialize_builtins(&builtin_dir);
    let paths = Paths { builtin_dir };
    #[allow(deprecated)]
    let root = init
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .and_then(|f| paths.path(&f.uri))
        .or_else(|| init.root_uri.as_ref().and_then(|u| paths.path(u)));
    let result = lsp::InitializeResult {
        capabilities: capabilities(),
        server_info: Some(lsp::ServerInfo {
            name: "warpc".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    };
    connection.initialize_finish(id, serde_json::to_value(result)?)?;

    let (task_tx, task_rx) = crossbeam_channel::unbounded();
    let ctx = Arc::new(Ctx {
        paths,
        ptxas: config.ptxas.clone(),
        ptxas_cache: Default::default(),
    });
    let options = CompileOptions::default();
    let mut server = Server {
        sender: connection.sender.clone(),
        host: AnalysisHost::new(options, config.libdevice.clone()),
        settings,
        root,
        ctx,
        docs: HashMap::default(),
        pending: HashMap::default(),
        pool: Pool::new(WORKERS),
        task_tx,
        task_rx,
        revision: 0,
        diag_due: None,
        published: HashSet::default(),
        shutting_down: false,
    };
    let result = server.main_loop(&connection);
    server.stop_workers();
    result
}

impl Server {
    /// Cancels what the workers are running, then joins them: nothing may still run inside
    /// LLVM or salsa once `run` returns (the process may be about to exit).
    fn stop_workers(&mut self) {
        for (_, token) in self.pending.drain() {
            token.cancel();
        }
        // Close the queue first so that workers exit once the queued jobs (each cancelled at
        // its first query) are done; the write waits until every snapshot is dropped.
        self.pool.tx = None;
        self.host.cancel_queries();
        drop(std::mem::replace(
            &mut self.pool,
            Pool {
                tx: None,
                workers: Vec::new(),
            },
        ));
    }

    fn main_loop(&mut self, connection: &Connection) -> Result<(), BoxError> {
        // The receiver closing (client gone) also ends the loop.
        loop {
            let timer = match self.diag_due {
                Some(due) => crossbeam_channel::after(due.saturating_duration_since(Instant::now())),
                None => crossbeam_channel::never(),
            };
            select! {
                recv(connection.receiver) -> msg => {
                    let Ok(msg) = msg else { return Ok(()) };
                    match msg {
                        Message::Request(req) => {
                            if req.method == "shutdown" {
                                // Answer, then wait for `exit` (other messages are ignored).
                                self.shutting_down = true;
                                self.send(Response::new_ok(req.id, ()));
                            } else if self.shutting_down {
                                self.send(Response::new_err(req.id, ErrorCode::InvalidRequest as i32, "shutting down".into()));
                            } else {
                                self.on_request(req);
                            }
                        }
                        Message::Notification(n) => {
                            if n.method == "exit" {
                                return Ok(());
                            }
                            if !self.shutting_down {
                                self.on_notification(n);
                            }
                        }
                        Message::Response(_) => {}
                    }
                }
                recv(self.task_rx) -> task => {
                    if let Ok(task) = task {
                        self.on_task(task);
                    }
                }
                recv(timer) -> _ => {
                    self.diag_due = None;
                    self.run_diagnostics();
                }
            }
        }
    }

    fn send(&self, msg: impl Into<Message>) {
        let _ = self.sender.send(msg.into());
    }

    fn on_request(&mut self, req: Request) {
        let snap = self.host.analysis();
        self.pending.insert(req.id.clone(), snap.db().cancellation_token());
        let ctx = self.ctx.clone();
        let tx = self.task_tx.clone();
        self.pool.spawn(move || {
            let id = req.id.clone();
            let result = std::panic::catch_unwind(AssertUnwindSafe(|| dispatch::handle(&snap, &ctx, &req)));
            drop(snap);
            let task = match result {
                Ok(Ok(value)) => Task::Response(Response::new_ok(id, value)),
                Ok(Err(dispatch::Error::Cancelled(salsa::Cancelled::Local))) => Task::Response(Response::new_err(
                    id,
                    ErrorCode::RequestCanceled as i32,
                    "canceled".into(),
                )),
                Ok(Err(dispatch::Error::Cancelled(_))) => Task::Retry(req),
                Ok(Err(dispatch::Error::Failed(code, msg))) => Task::Response(Response::new_err(id, code as i32, msg)),
                Err(payload) => match payload.downcast::<salsa::Cancelled>() {
                    Ok(c) if matches!(*c, salsa::Cancelled::Local) => Task::Response(Response::new_err(
                        id,
                        ErrorCode::RequestCanceled as i32,
                        "canceled".into(),
                    )),
                    Ok(_) => Task::Retry(req),
                    Err(payload) => {
                        let msg = payload
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| payload.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "unknown panic".into());
                        eprintln!("warpc lsp: request {} panicked: {msg}", req.method);
                        Task::Response(Response::new_err(
                            id,
                            ErrorCode::InternalError as i32,
                            format!("warpc: {} panicked: {msg}", req.method),
                        ))
                    }
                },
            };
            let _ = tx.send(task);
        });
    }

    fn on_task(&mut self, task: Task) {
        match task {
            Task::Response(resp) => {
                if self.pending.remove(&resp.id).is_some() {
                    self.send(resp);
                }
            }
            Task::Retry(req) => {
                if self.pending.contains_key(&req.id) {
                    self.on_request(req);
                }
            }
            Task::Diagnostics { revision, files } => {
                if revision != self.revision {
                    return; // a newer run is scheduled
                }
                for (file, uri, diagnostics) in files {
                    if diagnostics.is_empty() && !self.published.contains(&file) && !self.docs.contains_key(&file) {
                        continue;
                    }
                    if diagnostics.is_empty() {
                        self.published.remove(&file);
                    } else {
                        self.published.insert(file);
                    }
                    let version = self.docs.get(&file).map(|d| d.version);
                    let params = lsp::PublishDiagnosticsParams {
                        uri,
                        diagnostics,
                        version,
                    };
                    self.send(Notification::new("textDocument/publishDiagnostics".into(), params));
                }
            }
            Task::DiagnosticsCancelled => {
                if self.diag_due.is_none() {
                    self.diag_due = Some(Instant::now() + DIAGNOSTICS_DELAY);
                }
            }
        }
    }

    fn changed(&mut self, delay: Duration) {
        self.revision += 1;
        let due = Instant::now() + delay;
        self.diag_due = Some(self.diag_due.map_or(due, |d| d.max(due)));
    }

    fn options_for(&self, path: &Path) -> CompileOptions {
        let base = self
            .root
            .as_ref()
            .and_then(|r| config::compdb_flags(r, path))
            .unwrap_or_default();
        let flags = self.settings.to_flags(&base);
        config::parse_flags(&flags).unwrap_or_else(|e| {
            eprintln!("warpc lsp: bad flags {flags:?}: {e}");
            CompileOptions::default()
        })
    }

    fn on_notification(&mut self, n: Notification) {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params) else {
                    return;
                };
                let Some(path) = self.ctx.paths.path(&p.text_document.uri) else {
                    return;
                };
                let file = self.host.set_file_text(&path, &p.text_document.text);
                self.docs.insert(
                    file,
                    Doc {
                        version: p.text_document.version,
                    },
                );
                if !is_header(&path) || self.host.analysis().compilation_for(file).ok().flatten().is_none() {
                    let options = self.options_for(&path);
                    self.host.set_main_options(file, options);
                }
                self.changed(Duration::ZERO);
            }
            "textDocument/didChange" => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params) else {
                    return;
                };
                let Some(path) = self.ctx.paths.path(&p.text_document.uri) else {
                    return;
                };
                let Some(file) = self.host.file_id(&path) else { return };
                let mut text = self.host.db().file_text(file).to_string();
                for change in p.content_changes {
                    match change.range {
                        Some(r) => {
                            let index = LineIndex::new(&text);
                            let range = convert::text_range(&index, r);
                            text.replace_range(std::ops::Range::<usize>::from(range), &change.text);
                        }
                        None => text = change.text,
                    }
                }
                self.host.set_file_text(&path, &text);
                if let Some(d) = self.docs.get_mut(&file) {
                    d.version = p.text_document.version;
                }
                self.changed(DIAGNOSTICS_DELAY);
            }
            "textDocument/didClose" => {
                let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params) else {
                    return;
                };
                let Some(path) = self.ctx.paths.path(&p.text_document.uri) else {
                    return;
                };
                let Some(file) = self.host.file_id(&path) else { return };
                self.docs.remove(&file);
                self.host.remove_main_file(file);
                if let Ok(text) = std::fs::read_to_string(&path) {
                    self.host.set_file_text(&path, &text);
                }
                self.published.remove(&file);
                // An open header that was analysed through the closed file becomes a main file.
                let orphans: Vec<FileId> = {
                    let snap = self.host.analysis();
                    self.docs
                        .keys()
                        .copied()
                        .filter(|&f| snap.compilation_for(f).ok().flatten().is_none())
                        .collect()
                };
                for f in orphans {
                    let options = self.options_for(&self.host.path(f));
                    self.host.set_main_options(f, options);
                }
                let params = lsp::PublishDiagnosticsParams {
                    uri: p.text_document.uri,
                    diagnostics: Vec::new(),
                    version: None,
                };
                self.send(Notification::new("textDocument/publishDiagnostics".into(), params));
                self.changed(DIAGNOSTICS_DELAY);
            }
            "workspace/didChangeConfiguration" => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeConfigurationParams>(n.params) else {
                    return;
                };
                let s = Settings::from_json(&p.settings);
                if s != Settings::default() && s != self.settings {
                    self.settings = s;
                    let mains: Vec<FileId> = self
                        .host
                        .analysis()
                        .compilations()
                        .into_iter()
                        .map(|(f, _)| f)
                        .collect();
                    for f in mains {
                        let options = self.options_for(&self.host.path(f));
                        self.host.set_main_options(f, options);
                    }
                    self.changed(Duration::ZERO);
                }
            }
            "workspace/didChangeWatchedFiles" => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeWatchedFilesParams>(n.params) else {
                    return;
                };
                for change in p.changes {
                    let Some(path) = self.ctx.paths.path(&change.uri) else {
                        continue;
                    };
                    let Some(file) = self.host.file_id(&path) else { continue };
                    if self.docs.contains_key(&file) {
                        continue;
                    }
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    self.host.set_file_text(&path, &text);
                }
                self.changed(DIAGNOSTICS_DELAY);
            }
            "$/cancelRequest" => {
                let Ok(p) = serde_json::from_value::<lsp::CancelParams>(n.params) else {
                    return;
                };
                let id: RequestId = match p.id {
                    lsp::NumberOrString::Number(n) => n.into(),
                    lsp::NumberOrString::String(s) => s.into(),
                };
                if let Some(token) = self.pending.remove(&id) {
                    token.cancel();
                    self.send(Response::new_err(
                        id,
                        ErrorCode::RequestCanceled as i32,
                        "canceled".into(),
                    ));
                }
            }
            _ => {}
        }
    }

    fn run_diagnostics(&mut self) {
        let snap: Analysis = self.host.analysis();
        let revision = self.revision;
        for (main, _) in snap.compilations() {
            let snap = snap.clone();
            let tx = self.task_tx.clone();
            let paths = self.ctx.paths.clone();
            self.pool.spawn(move || {
                let convert = |groups: Vec<(FileId, Vec<warpc_base::Diagnostic>)>| {
                    let mut files = Vec::new();
                    for (file, diags) in groups {
                        let index = snap.line_index(file);
                        let locate = |f: FileId| (paths.uri(&snap.path(f)), snap.line_index(f));
                        let lsp_diags: Vec<lsp::Diagnostic> = diags
                            .iter()
                            .map(|d| convert::diagnostic_with_labels(&index, d, &locate))
                            .collect();
                        files.push((file, paths.uri(&snap.path(file)), lsp_diags));
                    }
                    files
                };
                let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    // Front end first (no LLVM), published at once; then code generation's
                    // diagnostics when the front end found no error.
                    let front = snap.frontend_diagnostics(main)?;
                    let has_errors = front.iter().any(|(_, ds)| ds.iter().any(|d| d.is_error()));
                    let front = convert(front);
                    if has_errors {
                        return Ok::<_, salsa::Cancelled>(front);
                    }
                    let _ = tx.send(Task::Diagnostics {
                        revision,
                        files: front.clone(),
                    });
                    let full = convert(snap.diagnostics(main)?);
                    Ok(if full == front { Vec::new() } else { full })
                }));
                drop(snap);
                let task = match result {
                    Ok(Ok(files)) => Task::Diagnostics { revision, files },
                    Ok(Err(_)) => Task::DiagnosticsCancelled,
                    Err(payload) => {
                        if payload.downcast_ref::<salsa::Cancelled>().is_none() {
                            eprintln!("warpc lsp: diagnostics panicked");
                        }
                        Task::DiagnosticsCancelled
                    }
                };
                let _ = tx.send(task);
            });
        }
    }
}
