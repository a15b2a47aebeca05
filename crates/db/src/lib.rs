//! The warpc database: salsa inputs and every compilation stage as a tracked query.
//!
//! ```text
//! Compilation (input: main file, options, libdevice)
//!   preprocess  -> parse -> item_tree -> def_map
//!   fn_syntax(f)  [firewall: position-free extract of one definition]
//!     -> fn_body(f) -> fn_check(f) -> fn_ptx(f)
//!   globals_ptx, module_ptx, diagnostics
//! ```
//!
//! Per-function queries are keyed by [`Function`], an interned (compilation, FnId) pair. An edit
//! inside one function body re-runs preprocess/parse/item_tree (cut off: equal result), every
//! `fn_syntax` (cheap; equal for untouched functions), then `fn_body`/`fn_check`/`fn_ptx` of the
//! edited function and of functions that inline it, and `module_ptx`. See
//! docs/architecture.md for the invariants; `tests/incremental.rs` asserts them.

pub mod cache;
mod queries;
mod reach;
mod vfs;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use salsa::Setter;
use warpc_base::{CompileOptions, FileId};

pub use queries::*;
pub use vfs::{normalize, Vfs, BUILTIN_DIR};
/// For `warpc -E` and `-dM`-style listings.
pub use warpc_pp::{initial_macro_table, preprocessed_text};

/// One source file's text. Created by the VFS on first use.
#[salsa::input]
pub struct SourceFile {
    #[returns(ref)]
    pub text: Arc<str>,
}

/// One translation unit to compile: a main file, the options, and the libdevice bitcode.
#[salsa::input]
pub struct Compilation {
    #[returns(copy)]
    pub main: FileId,
    #[returns(ref)]
    pub options: CompileOptions,
    #[returns(ref)]
    pub libdevice: Option<Arc<[u8]>>,
}

#[salsa::db]
pub trait Db: salsa::Database {
    fn vfs(&self) -> &Vfs;
    /// The file at `path`, loading it from disk on first use; `None` if it does not exist.
    fn load_file(&self, path: &Path) -> Option<FileId>;
    /// The input holding `file`'s text.
    fn source(&self, file: FileId) -> SourceFile;
    /// The persistent codegen cache and LLVM-run counters (`cache.rs`); `None`: neither.
    fn codegen_cache(&self) -> Option<&cache::CodegenCache> {
        None
    }
}

/// A record of which queries executed, for incrementality tests.
pub type QueryLog = Arc<Mutex<Option<Vec<String>>>>;

#[salsa::db]
#[derive(Clone)]
pub struct Database {
    storage: salsa::Storage<Self>,
    vfs: Vfs,
    log: QueryLog,
    codegen: cache::CodegenCache,
}

impl Default for Database {
    fn default() -> Self {
        let log: QueryLog = Arc::new(Mutex::new(None));
        let storage = salsa::Storage::new(Some(Box::new({
            let log = log.clone();
            move |event: salsa::Event| {
                if let salsa::EventKind::WillExecute { database_key } = event.kind {
                    if let Some(entries) = &mut *log.lock().unwrap() {
                        entries.push(format!("{database_key:?}"));
                    }
                }
            }
        })));
        Database {
            storage,
            vfs: Vfs::default(),
            log,
            codegen: cache::CodegenCache::default(),
        }
    }
}

#[salsa::db]
impl salsa::Database for Database {}

#[salsa::db]
impl Db for Database {
    fn vfs(&self) -> &Vfs {
        &self.vfs
    }

    fn load_file(&self, path: &Path) -> Option<FileId> {
        let path = normalize(path);
        if let Some(id) = self.vfs.lookup(&path) {
            return Some(id);
        }
        let text: Arc<str> = if let Ok(rest) = path.strip_prefix(BUILTIN_DIR) {
            let name = rest.to_str()?;
            if name == queries::PRELUDE_MAIN {
                "".into()
            } else {
                warpc_pp::builtin_header(name)?.into()
            }
        } else {
            let bytes = std::fs::read(&path).ok()?;
            String::from_utf8_lossy(&bytes).into()
        };
        let input = SourceFile::new(self, text);
        Some(self.vfs.insert(path, input))
    }

    fn source(&self, file: FileId) -> SourceFile {
        self.vfs.get(file).1
    }

    fn codegen_cache(&self) -> Option<&cache::CodegenCache> {
        Some(&self.codegen)
    }
}

impl Database {
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets (or creates) the text of `path` without reading the disk: for editors and tests.
    /// Setting identical text is not a change (salsa setters always are, so compare first).
    pub fn set_file_text(&mut self, path: impl AsRef<Path>, text: &str) -> FileId {
        let path = normalize(path.as_ref());
        match self.vfs.lookup(&path) {
            Some(id) => {
                let input = self.vfs.get(id).1;
                if &**input.text(self) != text {
                    input.set_text(self).to(text.into());
                }
                self.vfs.mark_in_memory(id);
                id
            }
            None => {
                let input = SourceFile::new(&*self, text.into());
                let id = self.vfs.insert(path, input);
                self.vfs.mark_in_memory(id);
                id
            }
        }
    }

    /// Brings the files up to date for another compilation in this database (the NVRTC
    /// library's pool, which keeps what earlier programs computed, the prelude above all): each
    /// file read from disk is read again (set when it changed, forgotten when it is gone), and
    /// each file set in memory whose path `keep` does not accept is forgotten, so that later
    /// lookups see the disk as it is now and no earlier program's in-memory headers. A forgotten
    /// file's text is also changed, so every result that read it is computed again. Builtin
    /// headers never change.
    pub fn refresh_files(&mut self, keep: &dyn Fn(&Path) -> bool) {
        for (path, id, in_memory) in self.vfs.live_files() {
            if path.starts_with(BUILTIN_DIR) {
                continue;
            }
            let now: Option<Arc<str>> = if in_memory {
                if keep(&path) {
                    continue;
                }
                None
            } else {
                std::fs::read(&path)
                    .ok()
                    .map(|bytes| String::from_utf8_lossy(&bytes).into())
            };
            let input = self.source(id);
            match now {
                Some(text) => {
                    if *input.text(self) != text {
                        input.set_text(self).to(text);
                    }
                }
                None => {
                    self.vfs.forget(&path);
                    let gone: Arc<str> = if input.text(self).is_empty() {
                        "\0".into()
                    } else {
                        "".into()
                    };
                    input.set_text(self).to(gone);
                }
            }
        }
    }

    pub fn path(&self, file: FileId) -> PathBuf {
        self.vfs.path(file)
    }

    pub fn file_text(&self, file: FileId) -> Arc<str> {
        self.source(file).text(self).clone()
    }

    /// Starts recording executed queries (see [`Database::take_query_log`]).
    pub fn enable_query_log(&self) {
        let mut log = self.log.lock().unwrap();
        if log.is_none() {
            *log = Some(Vec::new());
        }
    }

    /// Plugs in a persistent store of `fn_ptx` results (see [`cache`]): later `fn_ptx`
    /// executions look their key up there before running LLVM.
    pub fn set_ptx_store(&mut self, store: Option<Arc<dyn cache::PtxStore>>) {
        self.codegen.store = store;
    }

    /// LLVM runs, cache hits and misses of `fn_ptx` so far (all clones of this database).
    pub fn codegen_counts(&self) -> cache::CodegenCounts {
        self.codegen.counters.snapshot()
    }

    /// The queries executed since the last call, as `query_name(key)` strings.
    pub fn take_query_log(&self) -> Vec<String> {
        self.log
            .lock()
            .unwrap()
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }
}
