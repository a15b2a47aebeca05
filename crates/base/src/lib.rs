//! Leaf types shared by every warpc layer: file identities, diagnostics as plain data, and the
//! compile options that select a target. Nothing here knows about syntax, salsa or LLVM.

pub use rowan::{TextRange, TextSize};
pub use smol_str::SmolStr;

mod diagnostic;
mod options;
pub mod sm_gate;
pub mod toolchain;

pub use diagnostic::{dedup_diagnostics, nvcc_diag_tag, nvcc_number, Diagnostic, Fix, Label, Severity};
pub use options::{CompileOptions, OptLevel, SmVersion};

use std::path::{Path, PathBuf};

/// Normalises `a/./b/../c` without touching the disk (so virtual paths work too).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for comp in path.components() {
        match comp {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Identity of one source file inside a compilation (the main file, a header, a builtin header).
/// Assigned by whoever loads files (the database); stable for the life of a database.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A range inside a particular file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileRange {
    pub file: FileId,
    pub range: TextRange,
}
