//! The virtual file system: every file the compiler reads is a salsa input, created on first
//! use. The first use of a path reads the disk (`Db::load_file`, reached from the
//! preprocessor's `#include` inside the `preprocess` query); afterwards the file's text is an
//! input that only `set_file_text` changes. Builtin headers come from `warpc-pp`, and
//! editors/tests can overlay text that is not on disk.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
pub use warpc_base::normalize;

use rustc_hash::FxHashMap;
use warpc_base::FileId;

use crate::SourceFile;

/// Prefix of the virtual paths of warpc's builtin headers.
pub const BUILTIN_DIR: &str = "<warpc>";

#[derive(Default)]
pub(crate) struct VfsState {
    pub(crate) by_path: FxHashMap<PathBuf, FileId>,
    pub(crate) files: Vec<(PathBuf, SourceFile)>,
    /// The files whose text was set in memory (`Database::set_file_text`), not read from disk.
    pub(crate) in_memory: rustc_hash::FxHashSet<FileId>,
}

/// Shared between database clones (snapshots): the table only grows.
#[derive(Clone, Default)]
pub struct Vfs {
    pub(crate) state: Arc<Mutex<VfsState>>,
}

impl Vfs {
    pub(crate) fn lookup(&self, path: &Path) -> Option<FileId> {
        self.state.lock().unwrap().by_path.get(path).copied()
    }

    pub(crate) fn get(&self, file: FileId) -> (PathBuf, SourceFile) {
        self.state.lock().unwrap().files[file.0 as usize].clone()
    }

    pub(crate) fn insert(&self, path: PathBuf, input: SourceFile) -> FileId {
        let mut state = self.state.lock().unwrap();
        let id = FileId(state.files.len() as u32);
        state.files.push((path.clone(), input));
        state.by_path.insert(path, id);
        id
    }

    /// Forgets `path`: a later lookup reads it again (as a new file).
    pub(crate) fn forget(&self, path: &Path) {
        let mut state = self.state.lock().unwrap();
        if let Some(id) = state.by_path.remove(path) {
            state.in_memory.remove(&id);
        }
    }

    pub(crate) fn mark_in_memory(&self, file: FileId) {
        self.state.lock().unwrap().in_memory.insert(file);
    }

    /// The files that lookups find now, each with whether it was set in memory.
    pub(crate) fn live_files(&self) -> Vec<(PathBuf, FileId, bool)> {
        let state = self.state.lock().unwrap();
        let mut v: Vec<(PathBuf, FileId, bool)> = state
            .by_path
            .iter()
            .map(|(p, &id)| (p.clone(), id, state.in_memory.contains(&id)))
            .collect();
        v.sort_by_key(|(_, id, _)| id.0);
        v
    }

    pub fn path(&self, file: FileId) -> PathBuf {
        self.get(file).0
    }

    /// Every file loaded so far (main file, includes, builtin headers), in load order.
    pub fn files(&self) -> Vec<(PathBuf, FileId)> {
        let state = self.state.lock().unwrap();
        state
            .files
            .iter()
            .enumerate()
            .map(|(i, (path, _))| (path.clone(), FileId(i as u32)))
            .collect()
    }
}
