//! IDE analyses for warpc, as plain data computed from the same salsa queries the compiler runs
//! (`warpc-db`) and from the lossless rowan trees (`warpc-syntax`). Nothing here knows LSP, JSON
//! or the file system; `warpc-lsp` converts these results to the protocol.
//!
//! - [`AnalysisHost`] owns the [`Database`] and applies changes (file texts, options); it is the
//!   only writer and lives on the server's main thread.
//! - [`Analysis`] is a snapshot (a clone of the database plus the compilation map) that worker
//!   threads query. Every query returns [`Cancellable`]: a write on the host cancels running
//!   snapshots, which unwind with [`salsa::Cancelled`], caught here and returned as `Err`.
//!
//! Each open `.cu` file is the main file of its own [`Compilation`]; a header is analysed in the
//! compilation of an open file that includes it (or its own when none does).

mod builtins;
mod completion;
mod diagnostics;
mod folding;
mod hover;
mod inlay;
mod line_index;
mod macros;
mod nav;
mod ptx;
mod resolve;
mod symbols;
mod tokens;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustc_hash::FxHashMap;
use warpc_base::{CompileOptions, FileId, FileRange, TextRange, TextSize};
use warpc_db::{Compilation, Database, Db};

pub use completion::{CompletionItem, CompletionKind, ParamInfo, SignatureHelp, SignatureInfo};
pub use folding::{Fold, FoldKind};
pub use hover::HoverResult;
pub use inlay::{InlayHint, InlayKind};
pub use line_index::{LineCol, LineIndex};
pub use macros::MacroDef;
pub use nav::{NavTarget, SourceChange};
pub use ptx::{KernelInfo, PtxResult};
pub use symbols::{Symbol, SymbolKind};
pub use tokens::{SemanticToken, TokenModifier, TokenType};
pub use warpc_base::Diagnostic;
pub use warpc_db::BUILTIN_DIR;

/// A query result that may have been cancelled by a newer edit.
pub type Cancellable<T> = Result<T, salsa::Cancelled>;

/// A position in a file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FilePosition {
    pub file: FileId,
    pub offset: TextSize,
}

/// Owns the database and the compilations; applies changes. Single writer.
pub struct AnalysisHost {
    db: Database,
    comps: Arc<FxHashMap<FileId, Compilation>>,
    options: CompileOptions,
    libdevice: Option<Arc<[u8]>>,
}

impl AnalysisHost {
    pub fn new(options: CompileOptions, libdevice: Option<Arc<[u8]>>) -> Self {
        AnalysisHost {
            db: Database::new(),
            comps: Arc::default(),
            options,
            libdevice,
        }
    }

    pub fn db(&self) -> &Database {
        &self.db
    }

    pub fn options(&self) -> &CompileOptions {
        &self.options
    }

    /// Sets a file's text (an editor overlay or a re-read from disk). Identical text is no change.
    pub fn set_file_text(&mut self, path: impl AsRef<Path>, text: &str) -> FileId {
        self.db.set_file_text(path, text)
    }

    /// The id of a file already known to the database.
    pub fn file_id(&self, path: &Path) -> Option<FileId> {
        let path = warpc_db::normalize(path);
        self.db
            .vfs()
            .files()
            .into_iter()
            .find(|(p, _)| *p == path)
            .map(|(_, f)| f)
    }

    pub fn path(&self, file: FileId) -> PathBuf {
        self.db.path(file)
    }

    /// Makes `file` the main file of a compilation (idempotent).
    pub fn add_main_file(&mut self, file: FileId) -> Compilation {
        if let Some(&c) = self.comps.get(&file) {
            return c;
        }
        let comp = Compilation::new(&self.db, file, self.options.clone(), self.libdevice.clone());
        Arc::make_mut(&mut self.comps).insert(file, comp);
        comp
    }

    /// Sets the options of the compilation whose main file is `file` (no change when equal).
    pub fn set_main_options(&mut self, file: FileId, options: CompileOptions) {
        use salsa::Setter;
        let comp = self.add_main_file(file);
        if comp.options(&self.db) != &options {
            comp.set_options(&mut self.db).to(options);
        }
    }

    /// Drops the compilation whose main file is `file` (its memoized results stay until salsa
    /// collects them; the interned input itself is cheap).
    pub fn remove_main_file(&mut self, file: FileId) {
        Arc::make_mut(&mut self.comps).remove(&file);
    }

    /// Changes the options of every compilation (and of those created later).
    pub fn set_options(&mut self, options: CompileOptions) {
        use salsa::Setter;
        if options == self.options {
            return;
        }
        self.options = options.clone();
        for comp in self.comps.values() {
            comp.set_options(&mut self.db).to(options.clone());
        }
    }

    /// Cancels every query running on a snapshot and waits until all snapshots are dropped (a
    /// server calls this before it joins its workers at exit).
    pub fn cancel_queries(&mut self) {
        use salsa::Database as _;
        self.db.synthetic_write(salsa::Durability::LOW);
    }

    /// A snapshot for queries on another thread. Drop it promptly: the next write waits for it.
    pub fn analysis(&self) -> Analysis {
        Analysis {
            db: self.db.clone(),
            comps: self.comps.clone(),
        }
    }
}

/// A read-only snapshot of the database. Every query can be cancelled by a write on the host.
#[derive(Clone)]
pub struct Analysis {
    db: Database,
    comps: Arc<FxHashMap<FileId, Compilation>>,
}

impl Analysis {
    fn with_db<T>(&self, f: impl FnOnce(&Database) -> T) -> Cancellable<T> {
        let db = &self.db;
        salsa::Cancelled::catch(std::panic::AssertUnwindSafe(|| f(db)))
    }

    pub fn db(&self) -> &Database {
        &self.db
    }

    pub fn path(&self, file: FileId) -> PathBuf {
        self.db.path(file)
    }

    /// The id of a file the database knows.
    pub fn file_id(&self, path: &Path) -> Option<FileId> {
        let path = warpc_db::normalize(path);
        self.db
            .vfs()
            .files()
            .into_iter()
            .find(|(p, _)| *p == path)
            .map(|(_, f)| f)
    }

    pub fn file_text(&self, file: FileId) -> Arc<str> {
        self.db.file_text(file)
    }

    pub fn line_index(&self, file: FileId) -> LineIndex {
        LineIndex::new(&self.db.file_text(file))
    }

    /// The compilations this snapshot knows, by main file.
    pub fn compilations(&self) -> Vec<(FileId, Compilation)> {
        let mut v: Vec<_> = self.comps.iter().map(|(&f, &c)| (f, c)).collect();
        v.sort_by_key(|(f, _)| *f);
        v
    }

    /// The compilation that analyses `file`: its own when it is a main file, else the first
    /// (by main file id) that includes it.
    pub fn compilation_for(&self, file: FileId) -> Cancellable<Option<Compilation>> {
        self.with_db(|db| compilation_for(db, &self.comps, file))
    }

    /// Diagnostics of every file of the compilation whose main file is `main`, grouped by file
    /// (files without diagnostics are listed with an empty list, so stale ones can be cleared):
    /// the front end's and, when it reports no error, code generation's.
    pub fn diagnostics(&self, main: FileId) -> Cancellable<Vec<(FileId, Vec<Diagnostic>)>> {
        let Some(&comp) = self.comps.get(&main) else {
            return Ok(Vec::new());
        };
        self.with_db(|db| diagnostics::diagnostics(db, comp, true))
    }

    /// [`Analysis::diagnostics`] without code generation (no LLVM runs): what to publish first
    /// while typing.
    pub fn frontend_diagnostics(&self, main: FileId) -> Cancellable<Vec<(FileId, Vec<Diagnostic>)>> {
        let Some(&comp) = self.comps.get(&main) else {
            return Ok(Vec::new());
        };
        self.with_db(|db| diagnostics::diagnostics(db, comp, false))
    }

    pub fn hover(&self, pos: FilePosition) -> Cancellable<Option<HoverResult>> {
        self.with_comp(pos.file, None, |db, comp| hover::hover(db, comp, pos))
    }

    pub fn goto_definition(&self, pos: FilePosition) -> Cancellable<Vec<NavTarget>> {
        self.with_comp(pos.file, Vec::new(), |db, comp| {
            nav::goto_definition(db, comp, pos, false)
        })
    }

    pub fn goto_declaration(&self, pos: FilePosition) -> Cancellable<Vec<NavTarget>> {
        self.with_comp(pos.file, Vec::new(), |db, comp| {
            nav::goto_definition(db, comp, pos, true)
        })
    }

    pub fn references(&self, pos: FilePosition, include_declaration: bool) -> Cancellable<Vec<FileRange>> {
        self.with_comp(pos.file, Vec::new(), |db, comp| {
            nav::references(db, comp, pos, include_declaration)
        })
    }

    /// The range of the renameable name at `pos`, for `prepareRename`.
    pub fn prepare_rename(&self, pos: FilePosition) -> Cancellable<Result<FileRange, String>> {
        self.with_comp(pos.file, Err("no compilation".into()), |db, comp| {
            nav::prepare_rename(db, comp, pos)
        })
    }

    pub fn rename(&self, pos: FilePosition, new_name: &str) -> Cancellable<Result<SourceChange, String>> {
        self.with_comp(pos.file, Err("no compilation".into()), |db, comp| {
            nav::rename(db, comp, pos, new_name)
        })
    }

    pub fn document_symbols(&self, file: FileId) -> Cancellable<Vec<Symbol>> {
        self.with_comp(file, Vec::new(), |db, comp| symbols::document_symbols(db, comp, file))
    }

    /// Symbols of every compilation matching `query` (case-insensitive subsequence), builtin
    /// headers excluded.
    pub fn workspace_symbols(&self, query: &str) -> Cancellable<Vec<Symbol>> {
        self.with_db(|db| {
            let mut out: Vec<Symbol> = Vec::new();
            for (_, comp) in self.compilations() {
                for s in symbols::workspace_symbols(db, comp, query) {
                    if !out
                        .iter()
                        .any(|o| o.name == s.name && o.file == s.file && o.full_range == s.full_range)
                    {
                        out.push(s);
                    }
                }
            }
            out
        })
    }

    pub fn completions(&self, pos: FilePosition) -> Cancellable<Vec<CompletionItem>> {
        self.with_comp(pos.file, Vec::new(), |db, comp| completion::completions(db, comp, pos))
    }

    pub fn signature_help(&self, pos: FilePosition) -> Cancellable<Option<SignatureHelp>> {
        self.with_comp(pos.file, None, |db, comp| completion::signature_help(db, comp, pos))
    }

    pub fn semantic_tokens(&self, file: FileId) -> Cancellable<Vec<SemanticToken>> {
        self.with_comp(file, Vec::new(), |db, comp| tokens::semantic_tokens(db, comp, file))
    }

    pub fn folding_ranges(&self, file: FileId) -> Cancellable<Vec<Fold>> {
        self.with_comp(file, Vec::new(), |db, comp| folding::folding_ranges(db, comp, file))
    }

    pub fn selection_ranges(&self, file: FileId, offset: TextSize) -> Cancellable<Vec<TextRange>> {
        self.with_comp(file, Vec::new(), |db, comp| {
            folding::selection_ranges(db, comp, file, offset)
        })
    }

    pub fn inlay_hints(&self, file: FileId, range: Option<TextRange>) -> Cancellable<Vec<InlayHint>> {
        self.with_comp(file, Vec::new(), |db, comp| inlay::inlay_hints(db, comp, file, range))
    }

    /// PTX of the function whose definition contains `pos`, or of the whole module when `pos` is
    /// outside any device function (or `None`).
    pub fn ptx(&self, file: FileId, offset: Option<TextSize>) -> Cancellable<PtxResult> {
        self.with_comp(file, PtxResult::default(), |db, comp| ptx::ptx(db, comp, file, offset))
    }

    /// The kernels defined in `file` with their ranges and PTX (for the code lens).
    pub fn kernels(&self, file: FileId) -> Cancellable<Vec<KernelInfo>> {
        self.with_comp(file, Vec::new(), |db, comp| ptx::kernels(db, comp, file))
    }

    /// The compile options of the compilation analysing `file`.
    pub fn options(&self, file: FileId) -> Cancellable<Option<CompileOptions>> {
        self.with_db(|db| compilation_for(db, &self.comps, file).map(|c| c.options(db).clone()))
    }

    fn with_comp<T>(&self, file: FileId, none: T, f: impl FnOnce(&Database, Compilation) -> T) -> Cancellable<T> {
        self.with_db(|db| match compilation_for(db, &self.comps, file) {
            Some(comp) => f(db, comp),
            None => none,
        })
    }
}

fn compilation_for(db: &Database, comps: &FxHashMap<FileId, Compilation>, file: FileId) -> Option<Compilation> {
    if let Some(&c) = comps.get(&file) {
        return Some(c);
    }
    let mut mains: Vec<&FileId> = comps.keys().collect();
    mains.sort();
    mains
        .into_iter()
        .map(|m| comps[m])
        .find(|&c| warpc_db::preprocess(db, c).included_files.contains(&file))
}

/// Whether a file is one of warpc's builtin headers.
pub fn is_builtin(db: &dyn Db, file: FileId) -> bool {
    db.vfs().path(file).starts_with(BUILTIN_DIR)
}
