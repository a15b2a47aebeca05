//! The warpc language server (`warpc lsp`): LSP over stdio (or any `lsp_server::Connection`)
//! on the same incremental engine as the compiler.
//!
//! - The main thread owns the [`AnalysisHost`] and applies every edit as a salsa input change.
//! - Requests run on a small pool of worker threads, each over an [`Analysis`] snapshot (a clone
//!   of the database). A pending write cancels running snapshots: the worker catches
//!   `salsa::Cancelled` and the request is re-dispatched on a fresh snapshot. `$/cancelRequest`
//!   cancels the request's snapshot (its salsa cancellation token) and answers
//!   `RequestCanceled`. A panic inside a request is caught and answered as an internal error;
//!   the server keeps running.
//! - Diagnostics are pushed per file, debounced after edits, computed on a worker (front-end
//!   diagnostics, then code generation diagnostics when there are no errors).
//! - warpc-specific: `warpc/ptx` (PTX of the function at the cursor, or of the file) and a code
//!   lens over each kernel with ptxas' registers/spills when ptxas is available.
//!
//! Configuration: `initializationOptions` / `workspace/didChangeConfiguration` settings
//! `{ "arch": "sm_80", "includeDirs": [...], "defines": ["N=4"], "flags": ["-O3", ...] }`,
//! and `compile_commands.json` (workspace root or `build/`) flags for a file when present.

mod config;
mod convert;
mod dispatch;
mod ptxas;
mod server;

pub use config::Config;
pub use server::run;

/// Runs the server on stdin/stdout until `exit`. Returns the process exit status.
pub fn run_stdio(config: Config) -> i32 {
    let (connection, io_threads) = lsp_server::Connection::stdio();
    let status = match run(connection, config) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("warpc lsp: {e}");
            1
        }
    };
    match io_threads.join() {
        Ok(()) => status,
        Err(e) => {
            eprintln!("warpc lsp: {e}");
            1
        }
    }
}
