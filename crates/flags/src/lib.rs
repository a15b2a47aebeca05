//! warpc's flags: the one parser of nvcc's command line and NVRTC's options ([`args`]), and the
//! reader of `compile_commands.json` ([`compdb`]). The CLI (`crates/driver`), the language server
//! (`crates/lsp`) and the NVRTC library (`crates/nvrtc`) all go through it.

use std::path::{Path, PathBuf};

pub mod args;
pub mod compdb;

/// The setup's oracle cache (`<repo>/.cache/nvidia/cu13`) as seen from the running executable in
/// `<repo>/target/<profile>/`: a toolkit fallback for a development build.
pub fn repo_toolkit_cache() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let repo = exe.parent().and_then(Path::parent).and_then(Path::parent)?;
    Some(repo.join(".cache/nvidia/cu13"))
}
