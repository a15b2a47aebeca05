//! Shared helpers for the driver's integration tests: compile a file in-process exactly as the
//! CLI does, with libdevice from the oracle cache.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use warpc_driver::args::{self, Args};
use warpc_driver::{compile, render_diagnostics, Outcome};
use warpc_testkit::Oracles;

pub fn oracles() -> &'static Oracles {
    static O: OnceLock<Oracles> = OnceLock::new();
    O.get_or_init(Oracles::require)
}

pub fn libdevice() -> Arc<[u8]> {
    static L: OnceLock<Arc<[u8]>> = OnceLock::new();
    L.get_or_init(|| std::fs::read(&oracles().libdevice).expect("read libdevice").into())
        .clone()
}

#[allow(dead_code)] // each test binary uses a different subset
pub struct Compiled {
    pub outcome: Outcome,
    /// Diagnostics rendered in nvcc's format.
    pub nvcc_diags: String,
    /// Diagnostics rendered by codespan-reporting.
    pub human_diags: String,
}

pub fn compile_file(path: &Path, flags: &str) -> Compiled {
    let mut argv: Vec<String> = flags.split_whitespace().map(String::from).collect();
    argv.push(path.display().to_string());
    let args: Args = args::parse(&argv).expect("flags parse");
    let mut db = warpc_db::Database::new();
    let text = std::fs::read_to_string(path).expect("read source");
    let main = db.set_file_text(path, &text);
    let (_, outcome) = compile(&mut db, main, &args, Some(libdevice()));
    let mut nvcc = Vec::new();
    render_diagnostics(&db, &outcome.diagnostics, args::DiagFormat::Nvcc, &mut nvcc);
    let mut human = Vec::new();
    render_diagnostics(&db, &outcome.diagnostics, args::DiagFormat::Human, &mut human);
    Compiled {
        outcome,
        nvcc_diags: String::from_utf8(nvcc).unwrap(),
        human_diags: String::from_utf8(human).unwrap(),
    }
}
