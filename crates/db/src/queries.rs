//! The tracked queries, one per stage. Each calls a pure function of a lower crate; results are
//! owned, comparable values so unchanged results cut recomputation off early.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustc_hash::FxHashSet;
use warpc_base::{Diagnostic, FileId, FileRange, Severity, TextRange, TextSize};
use warpc_codegen::{FnInput, FnPtx, GlobalsPtx};
use warpc_hir::body::{Body, BodySourceMap};
use warpc_hir::check::{BodyDiagnostic, DiagAt};
use warpc_hir::item_tree::{ItemSourceMap, ItemTree};
use warpc_hir::thir::TypedBody;
use warpc_hir::ty::{ExecSpace, FnId, FnKind};
use warpc_hir::DefMap;
use warpc_pp::{FileLoader, PpOutput};
use warpc_syntax::{FnSyntax, TuParse};

use crate::{Compilation, Db, BUILTIN_DIR};

/// A function of a compilation: the key of every per-function query.
#[salsa::interned]
pub struct Function<'db> {
    #[returns(copy)]
    pub compilation: Compilation,
    #[returns(copy)]
    pub id: FnId,
}

struct Loader<'a> {
    db: &'a dyn Db,
    options: &'a warpc_base::CompileOptions,
}

impl FileLoader for Loader<'_> {
    fn text(&self, file: FileId) -> Arc<str> {
        self.db.source(file).text(self.db).clone()
    }

    fn display_name(&self, file: FileId) -> String {
        self.db.vfs().path(file).display().to_string()
    }

    fn resolve_include(&self, includer: FileId, spelled: &str, angled: bool, next: bool) -> Option<FileId> {
        self.resolve_from(&self.db.vfs().path(includer), spelled, angled, next)
    }

    fn search_notes(&self) -> Vec<String> {
        self.options.header_search.notes.clone()
    }
}

impl Loader<'_> {
    /// [`FileLoader::resolve_include`] for an includer at `includer_path`.
    fn resolve_from(&self, includer_path: &Path, spelled: &str, angled: bool, next: bool) -> Option<FileId> {
        let spelled_path = Path::new(spelled);
        if spelled_path.is_absolute() {
            return self.db.load_file(spelled_path);
        }
        let dirs = search_dirs(
            self.options,
            spelled,
            (!angled).then(|| includer_path.parent()).flatten(),
        );
        // `#include_next`: continue after the first folder of the list that holds the includer
        // (GCC searches after the folder the includer was found in).
        let start = if next {
            dirs.iter()
                .position(|d| includer_path.starts_with(d))
                .map_or(0, |i| i + 1)
        } else {
            0
        };
        dirs[start..].iter().find_map(|dir| {
            let candidate = dir.join(spelled_path);
            // A folder of the list never yields its own includer for `#include_next`.
            (!(next && candidate == includer_path))
                .then(|| self.db.load_file(&candidate))
                .flatten()
        })
    }
}

/// The folders an `#include` of `spelled` searches, in order (`quoted_from`: the includer's
/// folder of a `"..."` include): the includer's folder, `-I`, `-isystem`, warpc's CUDA runtime
/// headers for the names it supplies itself ([`warpc_pp::is_runtime_header`]), the toolkit's
/// `include/` and `include/cccl`, the host compiler's folders, and last warpc's builtin
/// headers (the standard headers device code needs, for machines without a host compiler).
pub fn search_dirs(options: &warpc_base::CompileOptions, spelled: &str, quoted_from: Option<&Path>) -> Vec<PathBuf> {
    let search = &options.header_search;
    let runtime = warpc_pp::is_runtime_header(spelled);
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(dir) = quoted_from {
        // A toolkit header including a runtime header by quotes gets warpc's, like everyone.
        let in_toolkit = search.toolkit_dirs.iter().any(|t| dir.starts_with(t));
        // NVRTC's `--no-source-include`: not the includer's folder (the builtin headers still
        // find each other).
        let skipped = options.no_source_include && !dir.starts_with(BUILTIN_DIR);
        if !(skipped || runtime && in_toolkit) {
            dirs.push(dir.to_path_buf());
        }
    }
    dirs.extend(options.include_dirs.iter().map(PathBuf::from));
    dirs.extend(options.system_include_dirs.iter().map(PathBuf::from));
    if runtime {
        dirs.push(PathBuf::from(BUILTIN_DIR));
    }
    dirs.extend(search.toolkit_dirs.iter().map(PathBuf::from));
    dirs.extend(search.host_dirs.iter().map(PathBuf::from));
    if !runtime {
        dirs.push(PathBuf::from(BUILTIN_DIR));
    }
    dirs
}

/// Whether `path` is a system header: warpc's builtin headers and files under `-isystem`, the
/// toolkit's or the host compiler's folders. Problems in declarations of system headers that
/// device code does not reach are not diagnostics of the device compile. File paths are
/// normalized (`a/./b/../c` is `a/c`), so the folders are compared normalized too
/// (`-isystem ./inc`, `-isystem sub/../inc`).
pub fn is_system_header(options: &warpc_base::CompileOptions, path: &Path) -> bool {
    let search = &options.header_search;
    path.starts_with(BUILTIN_DIR)
        || options
            .system_include_dirs
            .iter()
            .chain(&search.toolkit_dirs)
            .chain(&search.host_dirs)
            .any(|d| path.starts_with(warpc_base::normalize(Path::new(d))))
}

/// The files of the translation unit that are system headers ([`is_system_header`]), decided
/// once per file. The main file never is (as in GCC), even in an `-isystem` folder: its
/// kernels are the compile's.
#[salsa::tracked(returns(ref))]
pub fn system_files(db: &dyn Db, comp: Compilation) -> FxHashSet<FileId> {
    let options = comp.options(db);
    let main = comp.main(db);
    preprocess(db, comp)
        .included_files
        .iter()
        .copied()
        .filter(|&f| f != main && is_system_header(options, &db.vfs().path(f)))
        .collect()
}

/// The files of the translation unit that are warpc's builtin headers.
#[salsa::tracked(returns(ref))]
pub fn builtin_files(db: &dyn Db, comp: Compilation) -> FxHashSet<FileId> {
    preprocess(db, comp)
        .included_files
        .iter()
        .copied()
        .filter(|&f| db.vfs().path(f).starts_with(BUILTIN_DIR))
        .collect()
}

/// For each item of the item tree, whether it is declared in a user file (not a system header):
/// position-free, so the def map does not depend on where items are.
#[salsa::tracked(returns(ref))]
pub fn user_items(db: &dyn Db, comp: Compilation) -> Vec<bool> {
    let system = system_files(db, comp);
    item_tree_with_source_map(db, comp)
        .source_map
        .items
        .iter()
        .map(|(file, _, _)| !system.contains(file))
        .collect()
}

/// For each item of the item tree, whether device code reaches it (crates/db/src/reach.rs).
#[salsa::tracked(returns(ref))]
pub fn device_reach(db: &dyn Db, comp: Compilation) -> crate::reach::Reach {
    let items = item_tree_with_source_map(db, comp);
    let text = |file: FileId| db.source(file).text(db).clone();
    let system = system_files(db, comp);
    let user_file = |file: FileId| !system.contains(&file);
    let builtin = builtin_files(db, comp);
    let kept: FxHashSet<FileId> = builtin
        .iter()
        .copied()
        .filter(|&f| kept_whole_file(db, builtin, f))
        .collect();
    let kept_whole = |file: FileId| kept.contains(&file);
    let pp = preprocess(db, comp);
    let index = preamble_words(db, comp)
        .as_ref()
        .and_then(|base| crate::reach::WordIndex::after(base.clone(), pp, &text))
        .unwrap_or_else(|| crate::reach::WordIndex::scan(pp, &text));
    crate::reach::reached_items(
        &index,
        &items.tree,
        &items.source_map,
        reach_names(db, comp),
        &user_file,
        &kept_whole,
        host_launch_roots(db, comp),
    )
}

/// The file of each item of the item tree: equal while an edit adds or removes no item.
#[salsa::tracked(returns(ref))]
pub fn item_files(db: &dyn Db, comp: Compilation) -> Vec<FileId> {
    item_tree_with_source_map(db, comp)
        .source_map
        .items
        .iter()
        .map(|&(file, _, _)| file)
        .collect()
}

/// The item tree's declarations by name for [`device_reach`]: from the declarations and their
/// files only, so an edit inside a function body (which moves items' ranges but changes
/// neither) does not rebuild it.
#[salsa::tracked(returns(ref))]
pub fn reach_names(db: &dyn Db, comp: Compilation) -> crate::reach::ReachNames {
    let system = system_files(db, comp);
    let builtin = builtin_files(db, comp);
    let operators_file = |file: FileId| !system.contains(&file) || builtin.contains(&file);
    crate::reach::ReachNames::new(item_tree(db, comp), item_files(db, comp), &operators_file)
}

/// The system-header host functions [`host_launch_bodies`] follows for kernel launches (item
/// indices): reach roots, so that the names their bodies use resolve in the def map. A query of
/// its own so that editing a host body leaves [`device_reach`] alone while these do not change.
#[salsa::tracked(returns(ref))]
pub fn host_launch_roots(db: &dyn Db, comp: Compilation) -> Vec<u32> {
    use warpc_hir::body::Expr;
    let read = host_launch_bodies(db, comp);
    let mut roots = read.system.clone();
    // And the system headers' namespace-scope `constexpr` variables the user's launching host
    // bodies name
    // (`thrust::reduce(thrust::device, ...)`: Thrust's `device` is a `__device__ constexpr`
    // variable in device compilation), so that the calls' argument types resolve.
    let mut named: FxHashSet<&str> = FxHashSet::default();
    for (i, body) in &read.bodies {
        if read.system.binary_search(i).is_ok() {
            continue;
        }
        for e in &body.exprs {
            // (Qualified names only: an unqualified one is most often a local.)
            if let Expr::Name(n) = e {
                if n.contains("::") {
                    named.insert(n.as_str());
                }
            }
        }
    }
    if named.is_empty() {
        return roots;
    }
    let items = item_tree_with_source_map(db, comp);
    let system = system_files(db, comp);
    for (i, item) in items.tree.items.iter().enumerate() {
        let warpc_hir::item_tree::Item::Var(v) = item else {
            continue;
        };
        // (`constexpr` objects only, as CCCL's execution policies are: not `std::cout`.)
        if v.member_of.is_some()
            || !v.is_constexpr
            || !items
                .source_map
                .items
                .get(i)
                .is_some_and(|&(file, _, _)| system.contains(&file))
        {
            continue;
        }
        let last = v.name.rsplit("::").next().unwrap_or(&v.name);
        if named
            .iter()
            .any(|n| n.rsplit("::").next() == Some(last) && warpc_hir::check::same_name(&v.name, n))
        {
            roots.push(i as u32);
        }
    }
    roots.sort_unstable();
    roots.dedup();
    roots
}

/// The words of the preamble's pieces ([`preamble`]) that [`device_reach`] goes on from: once per
/// preamble, so an edit below the `#include`s does not rescan every header. `None` when the
/// unit's pieces do not start with the preamble's.
#[salsa::tracked(returns(ref), no_eq)]
pub fn preamble_words(db: &dyn Db, comp: Compilation) -> Option<std::sync::Arc<crate::reach::WordScan>> {
    let pre = preamble(db, comp);
    if !pre.resumable() {
        return None;
    }
    // The main file through its preamble's text only, so an edit below does not re-run this.
    let main = comp.main(db);
    let text = |file: FileId| {
        if file == main {
            preamble_text(db, comp).clone()
        } else {
            db.source(file).text(db).clone()
        }
    };
    Some(crate::reach::preamble_words(&pre.output.pieces, main, &text))
}

/// Whether the def map resolves all of `file`'s declarations, reached or not: warpc's builtin
/// headers, except [`DEMAND_DRIVEN_BUILTIN`].
fn kept_whole_file(db: &dyn Db, builtin: &FxHashSet<FileId>, file: FileId) -> bool {
    builtin.contains(&file) && !db.vfs().path(file).ends_with(DEMAND_DRIVEN_BUILTIN)
}

/// The item tree the def map resolves: only what device code reaches (demand-driven checking;
/// equal, so the def map is not rebuilt, while the reached set does not change).
#[salsa::tracked(returns(ref))]
pub fn device_item_tree(db: &dyn Db, comp: Compilation) -> ItemTree {
    let builtin_set = builtin_files(db, comp);
    let builtin = |file: FileId| builtin_set.contains(&file);
    let files = system_files(db, comp);
    let system = |file: FileId| files.contains(&file);
    let kept_whole = |file: FileId| kept_whole_file(db, builtin_set, file);
    crate::reach::device_item_tree(
        item_tree(db, comp),
        &device_reach(db, comp).keep,
        item_files(db, comp),
        &builtin,
        &system,
        &kept_whole,
    )
}

/// warpc's builtin header that, unlike the rest of the prelude, the def map resolves only as far
/// as device code reaches it: the texture and surface templates, which most programs never
/// call. Kept whole, their templates would make every def map run the template fixed point,
/// which reads every device body, so that any body edit re-ran the def map.
const DEMAND_DRIVEN_BUILTIN: &str = "__warpc_texture.h";

/// What every main file compiled with the same options starts with: the predefined macros, the
/// prelude and the `--pre-include` files (found from the main file's folder, which is then part
/// of the key). Its
/// preprocessing, parse and item tree ([`prelude_pp`], [`prelude_parse`], [`prelude_item_tree`])
/// are made once per key, over an empty stand-in main file ([`PRELUDE_MAIN`]), and each main
/// file's [`preamble`] goes on from them: a second file, or a second NVRTC program in the same
/// process, does not redo the prelude.
#[salsa::interned]
pub struct PreludeKey<'db> {
    #[returns(ref)]
    pub options: warpc_base::CompileOptions,
    #[returns(ref)]
    pub dir: PathBuf,
}

/// The name, in [`BUILTIN_DIR`], of the empty stand-in main file the prelude is read over.
pub const PRELUDE_MAIN: &str = "<prelude-main>";

/// The key of `comp`'s prelude: its options, and its main file's folder where a quoted
/// `--pre-include` is searched from there (else every folder shares one prelude).
fn prelude_key(db: &dyn Db, comp: Compilation) -> PreludeKey<'_> {
    let options = comp.options(db);
    let dir = if options.pre_includes.is_empty() {
        PathBuf::new()
    } else {
        let path = db.vfs().path(comp.main(db));
        path.parent().map(Path::to_path_buf).unwrap_or_default()
    };
    PreludeKey::new(db, options.clone(), dir)
}

/// `comp`'s prelude key and the prelude's parse, when a preamble can go on from the prelude (its
/// preprocessing and its parse both ended where they can be resumed); `None` means the preamble
/// is preprocessed, parsed and lowered from its own start.
fn resumable_prelude(db: &dyn Db, comp: Compilation) -> Option<(PreludeKey<'_>, &warpc_syntax::PreambleParse)> {
    let key = prelude_key(db, comp);
    let parse = prelude_parse(db, key);
    (prelude_pp(db, key).1.resumable() && parse.resumable()).then_some((key, parse))
}

/// A loader that reads the stand-in main file as if it were in the key's folder.
struct PreludeLoader<'a> {
    inner: Loader<'a>,
    placeholder: FileId,
    dir: &'a Path,
}

impl FileLoader for PreludeLoader<'_> {
    fn text(&self, file: FileId) -> Arc<str> {
        self.inner.text(file)
    }
    fn display_name(&self, file: FileId) -> String {
        self.inner.display_name(file)
    }
    fn resolve_include(&self, includer: FileId, spelled: &str, angled: bool, next: bool) -> Option<FileId> {
        if includer == self.placeholder {
            self.inner
                .resolve_from(&self.dir.join(PRELUDE_MAIN), spelled, angled, next)
        } else {
            self.inner.resolve_include(includer, spelled, angled, next)
        }
    }
    fn search_notes(&self) -> Vec<String> {
        self.inner.search_notes()
    }
}

/// Preprocesses the prelude of `key` over the stand-in main file (returned with the result).
#[salsa::tracked(returns(ref))]
pub fn prelude_pp<'db>(db: &'db dyn Db, key: PreludeKey<'db>) -> (FileId, warpc_pp::Preamble) {
    let options = key.options(db);
    let placeholder = db
        .load_file(&Path::new(BUILTIN_DIR).join(PRELUDE_MAIN))
        .expect("the stand-in main file is built in");
    let loader = PreludeLoader {
        inner: Loader { db, options },
        placeholder,
        dir: key.dir(db),
    };
    (
        placeholder,
        warpc_pp::preprocess_preamble(placeholder, &loader, options, 0),
    )
}

/// Parses the prelude of `key` ([`prelude_pp`]).
#[salsa::tracked(returns(ref))]
pub fn prelude_parse<'db>(db: &'db dyn Db, key: PreludeKey<'db>) -> warpc_syntax::PreambleParse {
    let (placeholder, pre) = prelude_pp(db, key);
    let text = |file: FileId| db.source(file).text(db).clone();
    warpc_syntax::parse_preamble(&pre.output.pieces.contiguous(), *placeholder, &text)
}

/// Lowers the prelude's items ([`prelude_parse`]).
#[salsa::tracked(returns(ref))]
pub fn prelude_item_tree<'db>(db: &'db dyn Db, key: PreludeKey<'db>) -> Option<warpc_hir::lower::ItemTreePrefix> {
    let pre = prelude_parse(db, key);
    if !pre.resumable() {
        return None;
    }
    warpc_hir::lower::lower_item_tree_prefix(&pre.tu)
}

/// The main file's preamble text ([`warpc_pp::preamble_end`]): equal, so [`preamble`] does not
/// re-run, after edits below it.
#[salsa::tracked(returns(ref))]
pub fn preamble_text(db: &dyn Db, comp: Compilation) -> Arc<str> {
    let text = db.source(comp.main(db)).text(db);
    let end = warpc_pp::preamble_end(text) as usize;
    Arc::from(&text[..end])
}

/// A loader that shows the main file as its preamble only.
struct PreambleLoader<'a> {
    inner: Loader<'a>,
    main: FileId,
    text: Arc<str>,
}

impl FileLoader for PreambleLoader<'_> {
    fn text(&self, file: FileId) -> Arc<str> {
        if file == self.main {
            self.text.clone()
        } else {
            self.inner.text(file)
        }
    }
    fn display_name(&self, file: FileId) -> String {
        self.inner.display_name(file)
    }
    fn resolve_include(&self, includer: FileId, spelled: &str, angled: bool, next: bool) -> Option<FileId> {
        self.inner.resolve_include(includer, spelled, angled, next)
    }
    fn search_notes(&self) -> Vec<String> {
        self.inner.search_notes()
    }
}

/// Preprocesses the main file's preamble, with every header it includes, going on from the
/// prelude's state ([`prelude_pp`]): once per preamble text (header memoization, clangd's
/// preamble). Depends on the main file only through [`preamble_text`].
#[salsa::tracked(returns(ref))]
pub fn preamble(db: &dyn Db, comp: Compilation) -> warpc_pp::Preamble {
    let options = comp.options(db);
    let text = preamble_text(db, comp).clone();
    let end = text.len() as u32;
    let loader = PreambleLoader {
        inner: Loader { db, options },
        main: comp.main(db),
        text,
    };
    let (placeholder, prelude) = prelude_pp(db, prelude_key(db, comp));
    warpc_pp::preprocess_preamble_from(prelude, *placeholder, comp.main(db), &loader, options, end)
}

/// Preprocesses the main file: the piece stream, with diagnostics. The preamble's part comes from
/// [`preamble`]; only the rest of the main file is preprocessed here.
#[salsa::tracked(returns(ref))]
pub fn preprocess(db: &dyn Db, comp: Compilation) -> PpOutput {
    let options = comp.options(db);
    let loader = Loader { db, options };
    warpc_pp::preprocess_after(preamble(db, comp), comp.main(db), &loader, options)
}

/// Preprocesses the whole translation unit in one run, without [`preamble`]: what [`preprocess`]
/// must equal (tests).
pub fn preprocess_without_preamble(db: &dyn Db, comp: Compilation) -> PpOutput {
    let options = comp.options(db);
    warpc_pp::preprocess(comp.main(db), &Loader { db, options }, options)
}

/// Parses the preamble ([`preamble`]): the headers' trees and the parser's state after them,
/// once per preamble text.
#[salsa::tracked(returns(ref))]
pub fn preamble_parse(db: &dyn Db, comp: Compilation) -> warpc_syntax::PreambleParse {
    let pre = preamble(db, comp);
    let main = comp.main(db);
    let pre_text = preamble_text(db, comp).clone();
    let text = |file: FileId| {
        if file == main {
            pre_text.clone()
        } else {
            db.source(file).text(db).clone()
        }
    };
    if let Some((key, prelude_parse)) = resumable_prelude(db, comp) {
        let prelude = &prelude_pp(db, key).1;
        return warpc_syntax::parse_preamble_after(
            prelude_parse,
            &prelude.output.pieces,
            &pre.output.pieces.suffix(prelude.output.pieces.len()).contiguous(),
            main,
            &text,
        );
    }
    warpc_syntax::parse_preamble(&pre.output.pieces.contiguous(), main, &text)
}

/// Parses the preprocessed translation unit into lossless per-file trees: the preamble's trees
/// come from [`preamble_parse`]; only the main file after the preamble is parsed here.
#[salsa::tracked(returns(ref))]
pub fn parse(db: &dyn Db, comp: Compilation) -> TuParse {
    let pp = preprocess(db, comp);
    let text = |file: FileId| db.source(file).text(db).clone();
    if resumed_preamble(db, comp).is_some() {
        let pre = &preamble(db, comp).output.pieces;
        return warpc_syntax::parse_after(
            preamble_parse(db, comp),
            pre,
            &pp.pieces.suffix(pre.len()).contiguous(),
            comp.main(db),
            &text,
        );
    }
    warpc_syntax::parse_tu(&pp.pieces.contiguous(), comp.main(db), &text)
}

/// Parses the whole translation unit in one run, without [`preamble_parse`]: what [`parse`] must
/// equal (tests).
pub fn parse_without_preamble(db: &dyn Db, comp: Compilation) -> TuParse {
    let text = |file: FileId| db.source(file).text(db).clone();
    warpc_syntax::parse_tu(&preprocess(db, comp).pieces.contiguous(), comp.main(db), &text)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemTreeWithSourceMap {
    pub tree: ItemTree,
    pub source_map: ItemSourceMap,
    pub diagnostics: Vec<Diagnostic>,
}

/// The item-tree lowering of the preamble's headers ([`preamble_parse`]), once per preamble.
#[salsa::tracked(returns(ref))]
pub fn preamble_item_tree(db: &dyn Db, comp: Compilation) -> Option<warpc_hir::lower::ItemTreePrefix> {
    let pre = preamble_parse(db, comp);
    if !pre.resumable() {
        return None;
    }
    if let Some((key, prelude_parse)) = resumable_prelude(db, comp) {
        if let Some(prefix) = prelude_item_tree(db, key) {
            return warpc_hir::lower::lower_item_tree_prefix_after(prefix, &pre.tu, prelude_parse.tu.trees.len());
        }
    }
    warpc_hir::lower::lower_item_tree_prefix(&pre.tu)
}

/// The item tree of the unit: the preamble's items from [`preamble_item_tree`], then the rest's,
/// lowered here.
#[salsa::tracked(returns(ref))]
pub fn item_tree_with_source_map(db: &dyn Db, comp: Compilation) -> ItemTreeWithSourceMap {
    let parsed = parse(db, comp);
    let (tree, source_map, diagnostics) = match resumed_preamble(db, comp) {
        Some(pre_trees) => match preamble_item_tree(db, comp) {
            Some(prefix) => warpc_hir::lower::lower_item_tree_after(prefix, parsed, pre_trees),
            None => warpc_hir::lower::lower_item_tree(parsed),
        },
        None => warpc_hir::lower::lower_item_tree(parsed),
    };
    ItemTreeWithSourceMap {
        tree,
        source_map,
        diagnostics,
    }
}

/// When [`parse`] went on from the preamble's parse: the number of trees that parse has.
fn resumed_preamble(db: &dyn Db, comp: Compilation) -> Option<usize> {
    let pre = preamble(db, comp);
    let pre_parse = preamble_parse(db, comp);
    (pre.resumable() && pre_parse.resumable()).then_some(pre_parse.tu.trees.len())
}

/// The item tree lowered from the whole parse in one run, without [`preamble_item_tree`]: what
/// [`item_tree_with_source_map`] must equal (tests).
pub fn item_tree_without_preamble(db: &dyn Db, comp: Compilation) -> ItemTreeWithSourceMap {
    let (tree, source_map, diagnostics) = warpc_hir::lower::lower_item_tree(parse(db, comp));
    ItemTreeWithSourceMap {
        tree,
        source_map,
        diagnostics,
    }
}

/// Declarations only: equal after edits inside function bodies (the firewall).
#[salsa::tracked(returns(ref))]
pub fn item_tree(db: &dyn Db, comp: Compilation) -> ItemTree {
    item_tree_with_source_map(db, comp).tree.clone()
}

/// The `index`-th function definition of a compilation (by position, not by function): lets the
/// def map's template fixed point read bodies without going through `def_map` itself.
#[salsa::interned]
pub struct BodyRef<'db> {
    #[returns(copy)]
    pub compilation: Compilation,
    #[returns(copy)]
    pub index: u32,
}

#[salsa::tracked(returns(ref))]
fn body_syntax_at<'db>(db: &'db dyn Db, b: BodyRef<'db>) -> FnSyntax {
    parse(db, b.compilation(db)).fn_syntax(b.index(db) as usize).0
}

/// The HIR of a definition by position (firewalled by `body_syntax_at`).
#[salsa::tracked(returns(ref))]
fn body_at<'db>(db: &'db dyn Db, b: BodyRef<'db>) -> Body {
    warpc_hir::lower::lower_body(body_syntax_at(db, b), FileId(0)).0
}

/// Whether any definition of the translation unit contains a lambda expression or defines a
/// class (bodies are lowered only then; the parser notes both per tree as it builds it). A
/// query of its own so that `def_map` does not depend on the parse directly (the answer rarely
/// changes).
#[salsa::tracked]
fn body_has_lambdas(db: &dyn Db, comp: Compilation) -> bool {
    parse(db, comp)
        .trees
        .iter()
        .any(|t| t.has_lambdas || t.has_local_classes)
}

/// Rounds of template instantiation before giving up (instances that request instances...).
const MAX_INSTANTIATION_ROUNDS: usize = 64;

/// Rounds of resolving the host code's launches before the device fixed point.
const MAX_HOST_LAUNCH_ROUNDS: usize = 32;

/// Whether the user's code defines a `constexpr` function: a constant expression in a body
/// (`if constexpr (sq(3) == 9)`, `case sq(3):`) may call it, and only the fixed point of
/// [`def_map`] evaluates such calls (`DefMap::known_calls`).
fn user_constexpr_fns(db: &dyn Db, comp: Compilation, dm: &DefMap) -> bool {
    let user = user_items(db, comp);
    dm.functions
        .iter()
        .any(|f| f.is_constexpr && f.body_index.is_some() && user.get(f.item as usize).copied().unwrap_or(true))
}

/// Resolved declarations, types and layouts, with every function template instance device code
/// uses. Without templates this is the item tree resolved. With templates it is a fixed point:
/// check the device bodies against the def map, add the instances they request
/// (`TypedBody::instance_requests`), rebuild, and check again the bodies that requested
/// something and the new instances, until nothing new is requested. Instances get the
/// `FnId`s after the ordinary functions, in the order first requested (deterministic).
#[salsa::tracked(returns(ref))]
pub fn def_map(db: &dyn Db, comp: Compilation) -> DefMap {
    let items = device_item_tree(db, comp);
    let options = comp.options(db);
    let mut dm = warpc_hir::check::build_def_map(items, options);
    if dm.templates.is_empty()
        && dm.record_templates.is_empty()
        && !body_has_lambdas(db, comp)
        && !dm.functions.iter().any(|f| f.deduce_ret)
        && dm.call_requests.is_empty()
        && !user_constexpr_fns(db, comp, &dm)
    {
        resolve_deferred_inits(db, comp, &mut dm);
        dm.record_ids = Default::default();
        return dm;
    }
    let user = user_items(db, comp);
    let user_item = |item: u32| user.get(item as usize).copied().unwrap_or(true);
    let base_len = dm.functions.len() as u32;
    let mut requests: Vec<warpc_hir::ty::InstanceKey> = Vec::new();
    // Kernel template instances the host code launches (host bodies are read for launches only).
    let mut record_requests: Vec<warpc_hir::ty::InstanceKey> = Vec::new();
    if !dm.templates.is_empty() {
        // A launch whose template arguments are deduced may first need the instances and
        // specializations its argument types come from: a few rounds.
        // Each round lists the launched kernels in source order (those found late, after the
        // specializations their arguments' types needed, included), so instances keep nvcc's
        // order; an instance the def map has without being asked (an explicit instantiation) is
        // not asked for.
        for _ in 0..MAX_HOST_LAUNCH_ROUNDS {
            let host = host_launches(db, comp, &dm);
            // And the instances namespace-scope initializers call (`constexpr auto k = f<4>();`).
            let inits = dm.init_requests.clone();
            let mut next: Vec<warpc_hir::ty::InstanceKey> = Vec::new();
            for k in host.instances.into_iter().chain(inits).chain(requests.iter().cloned()) {
                if !next.contains(&k) && (requests.contains(&k) || dm.instance(k.0, &k.1).is_none()) {
                    next.push(k);
                }
            }
            let new_records: Vec<_> = host
                .records
                .into_iter()
                .filter(|k| !record_requests.contains(k))
                .collect();
            if next == requests && new_records.is_empty() {
                break;
            }
            requests = next;
            record_requests.extend(new_records);
            dm = warpc_hir::check::build_def_map_with_instances(
                items,
                options,
                &requests,
                &record_requests,
                &[],
                &dm.record_ids,
            );
        }
    }
    // The host rounds' requests: kernel instances the host launches among them are checked
    // again against the def map the instantiation rounds end with.
    let host_len = requests.len();
    let mut host_fixups = 0;
    let mut closures: Vec<(warpc_hir::ty::ClosureKey, Option<warpc_hir::ty::Ty>)> = Vec::new();
    let mut local_records: Vec<warpc_hir::ty::LocalRecordKey> = Vec::new();
    // The builder's steps in the order first asked for (`BuildStep`): what the host rounds
    // built (class instances, then function instances), then each round's new ones. Keys
    // name classes by id; replaying the steps in this order keeps each class's id.
    let mut order: Vec<warpc_hir::ty::BuildStep> = (0..record_requests.len() as u32)
        .map(warpc_hir::ty::BuildStep::Record)
        .chain((0..requests.len() as u32).map(warpc_hir::ty::BuildStep::Instance))
        .collect();
    // Values of deferred initializers the interpreter evaluated, by variable name.
    let mut known_inits: rustc_hash::FxHashMap<smol_str::SmolStr, warpc_hir::ty::ConstValue> = Default::default();
    // Values of `constexpr` calls constant expressions need (`DefMap::known_calls`), and the
    // calls found not to evaluate (not asked again).
    let mut known_calls: rustc_hash::FxHashMap<warpc_hir::def_map::CallKey, warpc_hir::ty::ConstValue> =
        Default::default();
    let mut failed_calls: std::collections::HashSet<warpc_hir::def_map::CallKey> = Default::default();
    let mut call_requests: Vec<warpc_hir::def_map::CallKey> = Vec::new();
    // Return types of `auto f(...)` functions learned from their bodies, by link name.
    let mut fn_rets: rustc_hash::FxHashMap<smol_str::SmolStr, warpc_hir::ty::Ty> = Default::default();
    // Templated functions (instances, members of class template specializations) are checked
    // only once used ([temp.inst]): named by a checked body (`TypedBody::callees`), a kernel
    // (launched by the host), an explicit instantiation, or called by a constant expression.
    // By link name: ids of instances shift when a round adds a specialization.
    let mut used: FxHashSet<smol_str::SmolStr> = FxHashSet::default();
    let is_used = |dm: &DefMap, used: &FxHashSet<smol_str::SmolStr>, f: FnId| {
        let d = dm.function(f);
        // (A function template instance whose return type is deduced exists because a body
        // named it, maybe in an unevaluated operand such as `decltype(f<N>())`, which needs
        // the return type its body gives.)
        used.contains(&d.link_name)
            || d.space == ExecSpace::Global
            || (user_item(d.item) && is_explicit_specialization(items, d))
            || (d.deduce_ret && d.instance.is_some())
            || dm.explicit_instances.contains(&f)
    };
    // Functions to (re)check this round: every user device function at first.
    let mut todo: Vec<FnId> = (0..dm.functions.len() as u32)
        .map(FnId)
        .filter(|&f| {
            let d = dm.function(f);
            d.body_index.is_some()
                && d.space.runs_on_device()
                && d.kind == FnKind::Normal
                && if d.is_templated() {
                    is_used(&dm, &used, f)
                } else {
                    user_item(d.item)
                }
        })
        .collect();
    let all_candidates = |dm: &DefMap, used: &FxHashSet<smol_str::SmolStr>| -> Vec<FnId> {
        (0..dm.functions.len() as u32)
            .map(FnId)
            .filter(|&f| {
                let d = dm.function(f);
                d.body_index.is_some()
                    && d.space.runs_on_device()
                    && d.kind == FnKind::Normal
                    && if d.is_templated() {
                        is_used(dm, used, f)
                    } else {
                        f.0 >= base_len || user_item(d.item)
                    }
            })
            .collect()
    };
    // Ordinary functions of system headers are checked when a checked body calls them (a
    // toolkit header's `skipahead` calls the template `_skipahead_inplace<T, 5>`): they are not
    // in the first `todo`, and the final check would find their instances missing.
    let mut reached: std::collections::HashSet<FnId> = todo.iter().copied().collect();
    // The items the rounds' builds declared, while what declaring them reads stays the same.
    let mut items_phase = None;
    for _ in 0..MAX_INSTANTIATION_ROUNDS {
        // Variable template values this round's bodies share (the def map is the same for all).
        let shared = std::rc::Rc::new(warpc_hir::check::SharedVarValues::default());
        let mut new = Vec::new();
        let mut new_records = Vec::new();
        let mut new_closures = Vec::new();
        let mut new_locals = Vec::new();
        let mut rets_learned = false;
        let mut again = Vec::new();
        let mut i = 0;
        while i < todo.len() {
            let f = todo[i];
            i += 1;
            let Some(bi) = dm.function(f).body_index else { continue };
            let body = body_at(db, BodyRef::new(db, comp, bi));
            let (tb, _) = warpc_hir::check::check_body_sharing(&dm, f, body, options, &shared);
            for c in &tb.call_requests {
                if !call_requests.contains(c) {
                    call_requests.push(c.clone());
                }
            }
            if !tb.instance_requests.is_empty()
                || !tb.call_requests.is_empty()
                || !tb.record_requests.is_empty()
                || !tb.closure_requests.is_empty()
                || !tb.local_record_requests.is_empty()
            {
                again.push(f);
            }
            for &c in &tb.callees {
                let d = dm.function(c);
                if d.is_templated() {
                    if d.body_index.is_some()
                        && (d.space.runs_on_device() || d.is_constexpr)
                        && used.insert(d.link_name.clone())
                    {
                        todo.push(c);
                    }
                    continue;
                }
                if c.0 < base_len
                    && d.body_index.is_some()
                    && d.space.runs_on_device()
                    && d.kind == FnKind::Normal
                    && reached.insert(c)
                {
                    todo.push(c);
                }
            }
            if dm.function(f).deduce_ret && dm.function(f).instance.is_some() {
                // Checked again in later rounds, once its return type is known.
                used.insert(dm.function(f).link_name.clone());
            }
            if dm.function(f).deduce_ret && dm.function(f).lambda.is_none() {
                if let Some(t) = tb.deduced_ret.as_ref().filter(|t| !t.is_error()) {
                    let name = dm.function(f).link_name.clone();
                    if let std::collections::hash_map::Entry::Vacant(v) = fn_rets.entry(name) {
                        v.insert(t.clone());
                        rets_learned = true;
                    }
                }
            } else if dm.function(f).deduce_ret {
                if let (Some(t), Some((key, _))) = (&tb.deduced_ret, dm.closures.iter().find(|(_, v)| v.1 == f)) {
                    if let Some(entry) = closures.iter_mut().find(|(k, _)| k == key) {
                        if entry.1.is_none() && !t.is_error() {
                            entry.1 = Some(t.clone());
                            rets_learned = true;
                        }
                    }
                }
            }
            for r in tb.local_record_requests {
                if !local_records.contains(&r) && !new_locals.contains(&r) {
                    new_locals.push(r);
                }
            }
            for r in tb.closure_requests {
                if !closures.iter().any(|(k, _)| *k == r) && !new_closures.contains(&r) {
                    new_closures.push(r);
                }
            }
            for r in tb.instance_requests {
                if !requests.contains(&r) && !new.contains(&r) {
                    new.push(r);
                }
            }
            for r in tb.record_requests {
                if !record_requests.contains(&r) && !new_records.contains(&r) {
                    new_records.push(r);
                }
            }
        }
        // Host-only `auto` function template instances (CUB's `make_num_items_dispatch_arg`,
        // asked for by host code typing a launcher call's arguments): their return types come
        // from their bodies' returns alone (`host_return_type`; host bodies are not checked).
        for fi in 0..dm.functions.len() as u32 {
            let d = dm.function(FnId(fi));
            let Some(bi) = d.body_index else { continue };
            if !d.deduce_ret
                || d.lambda.is_some()
                || !d.is_templated()
                || d.space.runs_on_device()
                || d.is_constexpr
                || fn_rets.contains_key(&d.link_name)
            {
                continue;
            }
            let link = d.link_name.clone();
            let body = body_at(db, BodyRef::new(db, comp, bi));
            let (ret, fns, records) = warpc_hir::check::host_return_type(&dm, FnId(fi), body, options);
            match ret {
                Some(t) => {
                    fn_rets.insert(link, t);
                    rets_learned = true;
                }
                None => {
                    for r in fns {
                        if !requests.contains(&r) && !new.contains(&r) {
                            new.push(r);
                        }
                    }
                    for r in records {
                        if !record_requests.contains(&r) && !new_records.contains(&r) {
                            new_records.push(r);
                        }
                    }
                }
            }
        }
        for r in &dm.init_requests {
            if !requests.contains(r) && !new.contains(r) {
                new.push(r.clone());
            }
        }
        // Initializers the interpreter evaluates now (their callees exist): later declarations
        // of the next build use the values.
        rets_learned |= learn_deferred_inits(db, comp, &dm, &mut known_inits);
        // The `constexpr` calls this round's constant expressions needed (their callees exist
        // unless they are instances requested this round: asked again next round).
        call_requests.extend(
            dm.call_requests
                .iter()
                .filter(|c| !call_requests.contains(c))
                .cloned()
                .collect::<Vec<_>>(),
        );
        rets_learned |= learn_calls(
            db,
            comp,
            &dm,
            CallState {
                requests: &mut call_requests,
                known: &mut known_calls,
                failed: &mut failed_calls,
            },
            (&requests, &record_requests),
            (&mut new, &mut new_records),
        );
        // Functions constant expressions call are used: their bodies may need instances.
        let mut newly_used = false;
        for name in call_requests.iter().chain(known_calls.keys()).map(|c| &c.0) {
            newly_used |= used.insert(name.clone());
        }
        // A function whose deduced return type a declaration needs (`decltype(f())` in a
        // class): its request (no arguments) evaluates to nothing.
        for f in &dm.functions {
            if f.deduce_ret && failed_calls.contains(&(f.link_name.clone(), Vec::new())) {
                newly_used |= used.insert(f.link_name.clone());
            }
        }
        for k in requests.iter().chain(&new).filter(|k| dm.init_requests.contains(k)) {
            if let Some(f) = dm.instance(k.0, &k.1) {
                newly_used |= used.insert(dm.function(f).link_name.clone());
            }
        }
        let mut patched = false;
        if new.is_empty()
            && new_records.is_empty()
            && new_closures.is_empty()
            && new_locals.is_empty()
            && !rets_learned
            && !newly_used
            && host_len > 0
            && host_fixups < MAX_HOST_LAUNCH_FIXUPS
        {
            host_fixups += 1;
            patched = refresh_host_launches(
                db,
                comp,
                &dm,
                &mut requests[..host_len],
                &record_requests,
                (&mut new, &mut new_records),
            );
        }
        if new.is_empty()
            && new_records.is_empty()
            && new_closures.is_empty()
            && new_locals.is_empty()
            && !rets_learned
            && !newly_used
            && !patched
        {
            break;
        }
        {
            use warpc_hir::ty::BuildStep;
            let steps =
                |from: usize, n: usize, step: fn(u32) -> BuildStep| (from..from + n).map(move |i| step(i as u32));
            order.extend(steps(record_requests.len(), new_records.len(), BuildStep::Record));
            order.extend(steps(local_records.len(), new_locals.len(), BuildStep::Local));
            order.extend(steps(closures.len(), new_closures.len(), BuildStep::Closure));
            order.extend(steps(requests.len(), new.len(), BuildStep::Instance));
        }
        local_records.extend(new_locals);
        requests.extend(new);
        record_requests.extend(new_records);
        closures.extend(new_closures.into_iter().map(|k| (k, None)));
        dm = warpc_hir::check::build_def_map_resuming(
            items,
            options,
            &requests,
            &record_requests,
            &closures,
            &local_records,
            &order,
            &fn_rets,
            &known_inits,
            &known_calls,
            &dm.record_ids,
            &mut items_phase,
        );
        if rets_learned {
            // Calls of those lambdas and functions were typed before their return types were
            // known (system-header functions reached so far included).
            todo = all_candidates(&dm, &used);
            let mut extra: Vec<FnId> = reached.iter().copied().filter(|f| !todo.contains(f)).collect();
            extra.sort_by_key(|f| f.0);
            todo.extend(extra);
            continue;
        }
        // Recheck the ordinary functions that asked (their next call may need more) and every
        // instance and specialization member (their ids follow the ordinary functions and may
        // shift when a round adds a specialization).
        again.retain(|&f| f.0 < base_len && !dm.function(f).is_templated());
        // (Host `constexpr` instances too: the constexpr interpreter runs them.)
        again.extend((0..dm.functions.len() as u32).map(FnId).filter(|&f| {
            let d = dm.function(f);
            (d.space.runs_on_device() || d.is_constexpr)
                && d.body_index.is_some()
                && if d.is_templated() {
                    is_used(&dm, &used, f)
                } else {
                    f.0 >= base_len
                }
        }));
        todo = again;
    }
    resolve_deferred_inits(db, comp, &mut dm);
    dm.record_ids = Default::default();
    dm
}

/// How many times [`def_map`] reads the host launches again once the instantiation rounds settle.
const MAX_HOST_LAUNCH_FIXUPS: usize = 4;

/// The host launches read again against `dm`, the def map the instantiation rounds settled on: a
/// class's id may differ from the host rounds' (a declaration read a value learned since and
/// instantiated a specialization before it), so a kernel instance asked for then
/// (`k<thrust::cuda_cub::par_t>`) may name another class now. Each such stale kernel instance
/// among `host` (the host rounds' requests) is replaced in place by the instance of the same
/// template the launches ask for now (keeping the build steps' indices); instances and classes
/// still missing go to `new`. Returns whether `host` changed.
fn refresh_host_launches(
    db: &dyn Db,
    comp: Compilation,
    dm: &DefMap,
    host: &mut [warpc_hir::ty::InstanceKey],
    record_requests: &[warpc_hir::ty::InstanceKey],
    (new, new_records): (
        &mut Vec<warpc_hir::ty::InstanceKey>,
        &mut Vec<warpc_hir::ty::InstanceKey>,
    ),
) -> bool {
    let now = host_launches(db, comp, dm);
    let global = |k: &warpc_hir::ty::InstanceKey| dm.templates.get(k.0 as usize).is_some_and(|t| t.decl.attrs.global);
    let mut stale: Vec<usize> = (0..host.len())
        .filter(|&i| global(&host[i]) && !now.instances.contains(&host[i]))
        .collect();
    let mut patched = false;
    for k in now.instances {
        if dm.instance(k.0, &k.1).is_some() || host.contains(&k) || new.contains(&k) {
            continue;
        }
        match stale.iter().position(|&i| host[i].0 == k.0) {
            Some(p) => {
                host[stale.remove(p)] = k;
                patched = true;
            }
            None => new.push(k),
        }
    }
    for r in now.records {
        if !record_requests.contains(&r) && !new_records.contains(&r) {
            new_records.push(r);
        }
    }
    patched
}

/// Sets the `init` of the variables whose initializers call `constexpr` functions
/// (`DefMap::deferred_inits`), in declaration order (one may read another), with the constexpr
/// interpreter over the callees' checked bodies. One that does not evaluate stays without a
/// value: a host variable is then initialized at run time (not device code's business), a
/// device variable gets nvcc's error.
fn resolve_deferred_inits(db: &dyn Db, comp: Compilation, dm: &mut DefMap) {
    use warpc_hir::check::constexpr::NotConstant;
    // In passes while some evaluate (an initializer may read a variable initialized later).
    let mut pending: Vec<usize> = (0..dm.deferred_inits.len()).collect();
    let mut last_pass = false;
    while !pending.is_empty() {
        let mut left = Vec::new();
        for &k in &pending {
            let value = eval_deferred_init(db, comp, dm, &dm.deferred_inits[k]);
            let (item, global, is_constexpr, implicit) = {
                let di = &dm.deferred_inits[k];
                (di.item, di.global, di.is_constexpr, di.implicit)
            };
            let g = &mut dm.globals[global.0 as usize];
            match value {
                Ok(v) => g.init = Some(v),
                Err(_) if !last_pass => left.push(k),
                Err(why) if is_constexpr || g.space != warpc_hir::ty::VarSpace::Host => {
                    let message = match &why {
                        NotConstant::Limit => {
                            "expression must have a constant value: constexpr evaluation exceeded its step or recursion limit".to_string()
                        }
                        _ if is_constexpr => "expression must have a constant value".to_string(),
                        _ if implicit => warpc_hir::def_map::dynamic_init_of_variable(g.space),
                        _ => "dynamic initialization is not supported for __device__, __constant__, __shared__, and __managed__ variables"
                            .to_string(),
                    };
                    dm.diagnostics.push(warpc_hir::def_map::ItemDiagnostic {
                        item,
                        severity: Severity::Error,
                        code: "not-constant",
                        message,
                        notes: why.reason().map(str::to_string).into_iter().collect(),
                    });
                }
                Err(_) => {}
            }
        }
        if last_pass {
            break;
        }
        // No progress: one more pass reports what is left.
        last_pass = left.len() == pending.len();
        pending = left;
    }
}

/// Evaluates the deferred initializers of `dm` not evaluated yet (`known`, by variable name) and
/// records those that have a value; true when some were learned. One that reads another deferred
/// variable gets its value in a later round, once the builder has the other's.
fn learn_deferred_inits(
    db: &dyn Db,
    comp: Compilation,
    dm: &DefMap,
    known: &mut rustc_hash::FxHashMap<smol_str::SmolStr, warpc_hir::ty::ConstValue>,
) -> bool {
    let mut learned = false;
    // The callees' checked bodies, shared by the initializers (many call the same functions).
    let mut checked = std::collections::HashMap::new();
    for di in &dm.deferred_inits {
        let name = &dm.globals[di.global.0 as usize].name;
        if known.contains_key(name) {
            continue;
        }
        if let Ok(v) = eval_deferred_init_with(db, comp, dm, di, &mut checked) {
            known.insert(name.clone(), v);
            learned = true;
        }
    }
    learned
}

/// The `constexpr` calls the def map's fixed point evaluates: those asked for, the values
/// learned, and those found not to evaluate.
struct CallState<'a> {
    requests: &'a mut Vec<warpc_hir::def_map::CallKey>,
    known: &'a mut rustc_hash::FxHashMap<warpc_hir::def_map::CallKey, warpc_hir::ty::ConstValue>,
    failed: &'a mut std::collections::HashSet<warpc_hir::def_map::CallKey>,
}

/// Evaluates the `constexpr` calls in `calls.requests` with the constexpr interpreter and
/// records their values in `calls.known`; true when some were learned. A call whose callee is
/// not in `dm` yet (an instance requested this round) stays asked for. So does one that does
/// not evaluate while the bodies it runs ask for instances or class specializations the def
/// map lacks and has not been asked for before (`asked`; this round's go to `new`): a constexpr function
/// template whose body names `v<typename R<T>::type>` evaluates once `R<T>` exists. Any other
/// that does not evaluate goes to `calls.failed` (its constant expression keeps its error).
fn learn_calls(
    db: &dyn Db,
    comp: Compilation,
    dm: &DefMap,
    calls: CallState<'_>,
    asked: (&[warpc_hir::ty::InstanceKey], &[warpc_hir::ty::InstanceKey]),
    new: (
        &mut Vec<warpc_hir::ty::InstanceKey>,
        &mut Vec<warpc_hir::ty::InstanceKey>,
    ),
) -> bool {
    let CallState {
        requests,
        known,
        failed,
    } = calls;
    if requests.is_empty() {
        return false;
    }
    let by_link: rustc_hash::FxHashMap<&str, FnId> = dm
        .functions
        .iter()
        .enumerate()
        .map(|(i, d)| (d.link_name.as_str(), FnId(i as u32)))
        .collect();
    let mut checked: std::collections::HashMap<FnId, TypedBody> = std::collections::HashMap::new();
    let mut learned = false;
    let mut left = Vec::new();
    for key in std::mem::take(requests) {
        if known.contains_key(&key) || failed.contains(&key) {
            continue;
        }
        let Some(&f) = by_link.get(key.0.as_str()) else {
            left.push(key);
            continue;
        };
        check_constexpr_callees(db, comp, dm, vec![f], &mut checked);
        let bodies = |g: FnId| checked.get(&g);
        let globals = |g: warpc_hir::ty::GlobalId| dm.globals.get(g.0 as usize).and_then(|d| d.init.as_ref());
        let env = warpc_hir::check::constexpr::Env {
            bodies: &bodies,
            globals: &globals,
            records: &dm.records,
            global_decls: &dm.globals,
            constant_evaluated: dm.constant_evaluated_fn(),
        };
        match warpc_hir::check::constexpr::eval_constexpr_call(f, &dm.function(f).sig, &key.1, env) {
            Ok(v) => {
                known.insert(key, v);
                learned = true;
            }
            Err(_) => {
                // The instances, specializations and calls the bodies it runs ask for.
                let mut wants_more = false;
                let mut seen = std::collections::HashSet::new();
                let mut stack = vec![f];
                while let Some(g) = stack.pop() {
                    let Some(tb) = checked.get(&g).filter(|_| seen.insert(g)) else {
                        continue;
                    };
                    stack.extend(tb.callees.iter().copied());
                    for r in &tb.instance_requests {
                        if !asked.0.contains(r) {
                            if !new.0.contains(r) {
                                new.0.push(r.clone());
                            }
                            wants_more = true;
                        }
                    }
                    for r in &tb.record_requests {
                        if !asked.1.contains(r) {
                            if !new.1.contains(r) {
                                new.1.push(r.clone());
                            }
                            wants_more = true;
                        }
                    }
                    for c in &tb.call_requests {
                        if *c != key && !known.contains_key(c) && !failed.contains(c) {
                            if !left.contains(c) {
                                left.push(c.clone());
                            }
                            wants_more = true;
                        }
                    }
                }
                // A call an item-level constant expression still waits for (a class template's
                // default argument `K = mk<T>()` that a specialization the bodies name depends
                // on): the bodies may see that class differently once it is known.
                wants_more |= dm
                    .call_requests
                    .iter()
                    .any(|c| *c != key && !known.contains_key(c) && !failed.contains(c));
                if wants_more {
                    left.push(key);
                } else {
                    failed.insert(key);
                }
            }
        }
    }
    *requests = left;
    learned
}

/// Checks against `dm` the bodies of the constexpr functions in `roots` and of every constexpr
/// function they call, adding each to `checked` once: what the constexpr interpreter runs.
fn check_constexpr_callees(
    db: &dyn Db,
    comp: Compilation,
    dm: &DefMap,
    roots: Vec<FnId>,
    checked: &mut std::collections::HashMap<FnId, TypedBody>,
) {
    let options = comp.options(db);
    let mut stack = roots;
    while let Some(f) = stack.pop() {
        let Some(d) = dm.functions.get(f.0 as usize) else {
            continue;
        };
        if checked.contains_key(&f) || !d.is_constexpr {
            continue;
        }
        let Some(bi) = d.body_index else { continue };
        let (tb, _) = warpc_hir::check::check_body(dm, f, body_at(db, BodyRef::new(db, comp, bi)), options);
        stack.extend(tb.callees.iter().copied());
        checked.insert(f, tb);
    }
}

/// The value of one deferred initializer, by the constexpr interpreter over the checked bodies
/// of the constexpr functions it may reach.
fn eval_deferred_init(
    db: &dyn Db,
    comp: Compilation,
    dm: &DefMap,
    di: &warpc_hir::def_map::DeferredInit,
) -> Result<warpc_hir::ty::ConstValue, warpc_hir::check::constexpr::NotConstant> {
    eval_deferred_init_with(db, comp, dm, di, &mut std::collections::HashMap::new())
}

/// [`eval_deferred_init`] with the callees checked so far against `dm` (`checked`, extended).
fn eval_deferred_init_with(
    db: &dyn Db,
    comp: Compilation,
    dm: &DefMap,
    di: &warpc_hir::def_map::DeferredInit,
    checked: &mut std::collections::HashMap<FnId, TypedBody>,
) -> Result<warpc_hir::ty::ConstValue, warpc_hir::check::constexpr::NotConstant> {
    check_constexpr_callees(db, comp, dm, di.body.callees.clone(), checked);
    let bodies = |f: FnId| checked.get(&f);
    let globals = |g: warpc_hir::ty::GlobalId| dm.globals.get(g.0 as usize).and_then(|d| d.init.as_ref());
    let ty = dm.globals[di.global.0 as usize].ty.clone();
    let env = warpc_hir::check::constexpr::Env {
        bodies: &bodies,
        globals: &globals,
        records: &dm.records,
        global_decls: &dm.globals,
        constant_evaluated: dm.constant_evaluated_fn(),
    };
    warpc_hir::check::constexpr::eval_constexpr_value(&di.body, di.root, env, &ty)
}

/// What `host_launches` reads: see [`host_launch_bodies`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostLaunchBodies {
    /// The bodies, with their item indices, in declaration order.
    pub bodies: Vec<(u32, Body)>,
    /// The full names of the system-header host functions the user's host code calls that may
    /// launch kernel templates (`reach::LaunchingFiles`): their calls are followed.
    pub launchers: Vec<smol_str::SmolStr>,
    /// The item indices of the system-header host functions among `bodies`: the launchers and
    /// the functions in launching files their bodies call by name, transitively (at most
    /// [`MAX_SYSTEM_HOST_BODIES`]).
    pub system: Vec<u32>,
    /// The system bodies among `system` that did not parse whole (sorted item indices).
    pub broken: Vec<u32>,
    /// The full names of the host functions defined in system headers that may launch kernel
    /// templates (`reach::LaunchingFiles`), sorted: a call of one that is not followed fails.
    pub may_launch: Vec<smol_str::SmolStr>,
    /// Whether `system` stopped at [`MAX_SYSTEM_HOST_BODIES`] (a launcher's call then cannot be
    /// followed to the end).
    pub truncated: bool,
}

/// At most this many system-header host bodies are read for launches.
const MAX_SYSTEM_HOST_BODIES: usize = 1024;

/// The bodies of the user's host functions that may launch kernel templates (a `<<<...>>>`, a
/// name with written template arguments, a call of a host function template read here, or a
/// call of a system-header function that may launch kernels), in declaration order, and the
/// system-header host functions those calls reach (`HostLaunchBodies::system`): what
/// `host_launches` reads. Other host bodies are left out, so editing them does not rebuild the
/// def map.
#[salsa::tracked(returns(ref))]
pub fn host_launch_bodies(db: &dyn Db, comp: Compilation) -> HostLaunchBodies {
    use warpc_hir::body::Expr;
    let items = item_tree_with_source_map(db, comp);
    let system = system_files(db, comp);
    let mut out = Vec::new();
    let mut rest = Vec::new();
    // The last name components of the functions host bodies call by name.
    let mut called: FxHashSet<smol_str::SmolStr> = FxHashSet::default();
    let callee_name = |body: &Body, e: &Expr| -> Option<smol_str::SmolStr> {
        match e {
            Expr::Call { callee, .. } => match body.exprs.get(callee.0 as usize) {
                Some(Expr::Name(n) | Expr::TemplateId { name: n, .. }) => Some(n.clone()),
                _ => None,
            },
            _ => None,
        }
    };
    let last = |n: &str| smol_str::SmolStr::new(n.rsplit("::").next().unwrap_or(n));
    for (i, item) in items.tree.items.iter().enumerate() {
        let warpc_hir::item_tree::Item::Function(f) = item else {
            continue;
        };
        let Some(bi) = f.body_index else { continue };
        if f.attrs.device
            || f.attrs.global
            || items
                .source_map
                .items
                .get(i)
                .is_none_or(|&(file, _, _)| system.contains(&file))
        {
            continue;
        }
        let body = body_at(db, BodyRef::new(db, comp, bi));
        for e in &body.exprs {
            if let Some(n) = callee_name(body, e) {
                called.insert(last(&n));
            }
        }
        let launches = body
            .exprs
            .iter()
            .any(|e| matches!(e, Expr::KernelLaunch { .. } | Expr::TemplateId { .. }));
        if launches {
            out.push((i as u32, body.clone()));
        } else {
            rest.push((i as u32, body));
        }
    }
    let mut launchers = Vec::new();
    let mut system_bodies: Vec<(u32, Body)> = Vec::new();
    let mut truncated = false;
    let mut may_launch = Vec::new();
    let mut broken: Vec<u32> = Vec::new();
    if !called.is_empty() {
        let text = |file: FileId| db.source(file).text(db).clone();
        let builtin = builtin_files(db, comp);
        let followed = |file: FileId| system.contains(&file) && !builtin.contains(&file);
        let path = |file: FileId| db.vfs().path(file);
        let pp = preprocess(db, comp);
        if !crate::reach::called_system_functions(&items.tree, &items.source_map, &followed, &called).is_empty() {
            let files = crate::reach::LaunchingFiles::find(pp, &items.tree, &items.source_map, &text, &path, &followed);
            launchers = files.functions(&items.tree, &items.source_map, &followed, &called, &path);
            for (i, item) in items.tree.items.iter().enumerate() {
                if let warpc_hir::item_tree::Item::Function(f) = item {
                    let host = f.attrs.host || !f.attrs.device;
                    if f.has_body
                        && host
                        && !f.attrs.global
                        && items
                            .source_map
                            .items
                            .get(i)
                            .is_some_and(|&(file, _, _)| files.contains(file))
                    {
                        may_launch.push(f.name.clone());
                    }
                }
            }
            may_launch.sort_unstable();
            may_launch.dedup();
            // The launchers' bodies and, transitively, those of the functions of launching files
            // they call by name (`thrust::sequence` -> `thrust::cuda_cub::sequence` -> ...).
            let mut names: FxHashSet<smol_str::SmolStr> = launchers.iter().cloned().collect();
            let mut seen_called: FxHashSet<smol_str::SmolStr> = called.clone();
            let mut taken: FxHashSet<usize> = FxHashSet::default();
            loop {
                let mut new_called: FxHashSet<smol_str::SmolStr> = FxHashSet::default();
                for (i, item) in items.tree.items.iter().enumerate() {
                    let warpc_hir::item_tree::Item::Function(f) = item else {
                        continue;
                    };
                    let Some(bi) = f.body_index else { continue };
                    if taken.contains(&i)
                        || !names.contains(&f.name)
                        || f.attrs.global
                        || (f.attrs.device && !f.attrs.host)
                        || items
                            .source_map
                            .items
                            .get(i)
                            .is_none_or(|&(file, _, _)| !files.contains(file))
                    {
                        continue;
                    }
                    if system_bodies.len() >= MAX_SYSTEM_HOST_BODIES {
                        truncated = true;
                        break;
                    }
                    taken.insert(i);
                    let body = body_at(db, BodyRef::new(db, comp, bi));
                    if body_syntax_at(db, BodyRef::new(db, comp, bi))
                        .syntax()
                        .descendants()
                        .any(|n| n.kind() == warpc_syntax::SyntaxKind::ERROR)
                    {
                        broken.push(i as u32);
                    }
                    // Followed system code also calls member functions (`f(g, b).doit(k, ...)`,
                    // `source.Kernel()`) and function objects (`f(g, b)`: `operator()`).
                    let locals: Vec<&smol_str::SmolStr> = f
                        .params
                        .iter()
                        .filter_map(|p| p.name.as_ref())
                        .chain(body.stmts.iter().flat_map(|st| match st {
                            warpc_hir::body::Stmt::Decl(ds) => ds.iter().map(|d| &d.name).collect::<Vec<_>>(),
                            _ => Vec::new(),
                        }))
                        .collect();
                    for e in &body.exprs {
                        let n = match e {
                            Expr::Call { callee, .. } => match body.exprs.get(callee.0 as usize) {
                                Some(Expr::Name(n)) if locals.contains(&n) => Some("operator()".into()),
                                Some(Expr::Name(n) | Expr::TemplateId { name: n, .. }) => Some(last(n)),
                                Some(Expr::Member { field, .. } | Expr::MemberTemplate { field, .. }) => {
                                    Some(field.clone())
                                }
                                Some(Expr::ScopedName { .. } | Expr::ScopedTemplateId { .. }) => None,
                                Some(_) => Some("operator()".into()),
                                None => None,
                            },
                            _ => None,
                        };
                        if let Some(n) = n {
                            if seen_called.insert(n.clone()) {
                                new_called.insert(n);
                            }
                        }
                    }
                    system_bodies.push((i as u32, body.clone()));
                }
                if new_called.is_empty() || truncated {
                    break;
                }
                names.extend(files.functions(&items.tree, &items.source_map, &followed, &new_called, &path));
            }
        }
    }
    // Bodies calling one of the launchers: the call is followed.
    let (found, left): (Vec<_>, Vec<_>) = rest.into_iter().partition(|(_, body)| {
        body.exprs
            .iter()
            .any(|e| callee_name(body, e).is_some_and(|n| launchers.iter().any(|l| warpc_hir::check::same_name(l, &n))))
    });
    rest = left;
    out.extend(found.into_iter().map(|(i, body)| (i, body.clone())));
    // And the bodies that call (by name, deducing the template arguments) a host function
    // template read so far: `run(p)` reaches the `kern<<<...>>>(p)` inside `run`.
    loop {
        let templates: std::collections::HashSet<&str> = out
            .iter()
            .filter_map(|(i, _)| match items.tree.items.get(*i as usize) {
                Some(warpc_hir::item_tree::Item::Function(f)) if f.template.is_some() => {
                    Some(f.name.rsplit("::").next().unwrap_or(&f.name))
                }
                _ => None,
            })
            .collect();
        let calls = |body: &warpc_hir::body::Body| {
            body.exprs.iter().any(|e| match e {
                Expr::Call { callee, .. } => match body.exprs.get(callee.0 as usize) {
                    Some(Expr::Name(n)) => templates.contains(n.rsplit("::").next().unwrap_or(n)),
                    _ => false,
                },
                _ => false,
            })
        };
        let (found, left): (Vec<_>, Vec<_>) = rest.into_iter().partition(|(_, body)| calls(body));
        rest = left;
        if found.is_empty() {
            break;
        }
        out.extend(found.into_iter().map(|(i, body)| (i, body.clone())));
    }
    let mut system: Vec<u32> = system_bodies.iter().map(|(i, _)| *i).collect();
    system.sort_unstable();
    broken.sort_unstable();
    out.extend(system_bodies);
    out.sort_by_key(|(i, _)| *i);
    HostLaunchBodies {
        bodies: out,
        launchers,
        system,
        broken,
        may_launch,
        truncated,
    }
}

/// The kernel template instances the user's host functions launch
/// (`warpc_hir::check::host_launch_requests`).
fn host_launches(db: &dyn Db, comp: Compilation, dm: &DefMap) -> warpc_hir::check::HostLaunches {
    let items = item_tree(db, comp);
    let read = host_launch_bodies(db, comp);
    let hosts: Vec<warpc_hir::check::HostFunction> = read
        .bodies
        .iter()
        .filter_map(|(i, body)| match items.items.get(*i as usize) {
            Some(warpc_hir::item_tree::Item::Function(item)) => Some(warpc_hir::check::HostFunction {
                index: *i,
                item,
                body,
                system: read.system.binary_search(i).is_ok(),
                broken: read.broken.binary_search(i).is_ok(),
            }),
            _ => None,
        })
        .collect();
    let system = warpc_hir::check::SystemLaunchers {
        launchers: &read.launchers,
        may_launch: &read.may_launch,
        truncated: read.truncated,
    };
    warpc_hir::check::host_launch_requests(dm, comp.options(db), &hosts, system)
}

/// Where a function definition sits: file and absolute start offset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FnLocation {
    pub file: FileId,
    pub start: TextSize,
}

/// The position-free syntax of one definition, and separately where it is.
#[salsa::tracked(returns(ref))]
pub fn fn_syntax_with_location<'db>(db: &'db dyn Db, func: Function<'db>) -> Option<(FnSyntax, FnLocation)> {
    let comp = func.compilation(db);
    let index = def_map(db, comp).function(func.id(db)).body_index?;
    let (syntax, file, start) = parse(db, comp).fn_syntax(index as usize);
    Some((syntax, FnLocation { file, start }))
}

/// The firewall query: equal for a function whose text did not change, wherever it moved.
#[salsa::tracked(returns(ref))]
pub fn fn_syntax<'db>(db: &'db dyn Db, func: Function<'db>) -> Option<FnSyntax> {
    fn_syntax_with_location(db, func)
        .as_ref()
        .map(|(syntax, _)| syntax.clone())
}

/// The file holding a definition (stable when the function merely moves).
#[salsa::tracked]
pub fn fn_file<'db>(db: &'db dyn Db, func: Function<'db>) -> Option<FileId> {
    fn_syntax_with_location(db, func).as_ref().map(|(_, loc)| loc.file)
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BodyWithSourceMap {
    pub body: Body,
    /// Ranges relative to the function start.
    pub source_map: BodySourceMap,
    /// Lowering diagnostics, ranges relative to the function start.
    pub diagnostics: Vec<Diagnostic>,
}

#[salsa::tracked(returns(ref))]
pub fn fn_body_with_source_map<'db>(db: &'db dyn Db, func: Function<'db>) -> BodyWithSourceMap {
    let Some(syntax) = fn_syntax(db, func) else {
        return BodyWithSourceMap::default();
    };
    let file = fn_file(db, func).unwrap_or(FileId(0));
    let (body, source_map, diagnostics) = warpc_hir::lower::lower_body(syntax, file);
    BodyWithSourceMap {
        body,
        source_map,
        diagnostics,
    }
}

/// The HIR body (position-free).
#[salsa::tracked(returns(ref))]
pub fn fn_body<'db>(db: &'db dyn Db, func: Function<'db>) -> Body {
    fn_body_with_source_map(db, func).body.clone()
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckResult {
    pub body: TypedBody,
    pub diagnostics: Vec<BodyDiagnostic>,
}

/// Type checking: the typed body (THIR) and position-free diagnostics.
#[salsa::tracked(returns(ref))]
pub fn fn_check<'db>(db: &'db dyn Db, func: Function<'db>) -> CheckResult {
    let comp = func.compilation(db);
    let (body, diagnostics) =
        warpc_hir::check::check_body(def_map(db, comp), func.id(db), fn_body(db, func), comp.options(db));
    CheckResult { body, diagnostics }
}

/// Every function whose body `func` may inline: the transitive callees with bodies, in a
/// deterministic order.
#[salsa::tracked(returns(ref))]
pub fn inline_closure<'db>(db: &'db dyn Db, func: Function<'db>) -> Vec<FnId> {
    let comp = func.compilation(db);
    let defs = def_map(db, comp);
    let mut seen: FxHashSet<FnId> = FxHashSet::default();
    let mut order = Vec::new();
    let mut stack = vec![func.id(db)];
    while let Some(f) = stack.pop() {
        let callees = &fn_check(db, Function::new(db, comp, f)).body.callees;
        for &callee in callees.iter().rev() {
            let decl = defs.function(callee);
            if decl.body_index.is_some() && decl.space.runs_on_device() && callee != func.id(db) && seen.insert(callee)
            {
                order.push(callee);
                stack.push(callee);
            }
        }
    }
    order.sort();
    order
}

/// PTX of one function, compiled in its own LLVM context with its callees available for inlining.
#[salsa::tracked(returns(ref))]
pub fn fn_ptx<'db>(db: &'db dyn Db, func: Function<'db>) -> FnPtx {
    let comp = func.compilation(db);
    let defs = def_map(db, comp);
    let closure = inline_closure(db, func);
    let callee_bodies: Vec<&TypedBody> = closure
        .iter()
        .map(|&f| &fn_check(db, Function::new(db, comp, f)).body)
        .collect();
    let callees: Vec<FnInput> = closure
        .iter()
        .zip(&callee_bodies)
        .map(|(&id, body)| FnInput { id, body })
        .collect();
    let main = FnInput {
        id: func.id(db),
        body: &fn_check(db, func).body,
    };
    let libdevice = comp.libdevice(db).as_deref();
    // [cache] persistent per-function cache + LLVM-run counter (crates/db/src/cache.rs). Its key
    // (`cache::fn_ptx_key`) must cover every input given to compile_function here.
    crate::cache::cached_fn_ptx(db, func, closure, || {
        warpc_codegen::compile_function(defs, main, &callees, comp.options(db), libdevice)
    })
}

#[salsa::tracked(returns(ref))]
pub fn globals_ptx(db: &dyn Db, comp: Compilation) -> GlobalsPtx {
    warpc_codegen::compile_globals(def_map(db, comp), comp.options(db))
}

/// Kernels of the translation unit (device entry points), in declaration order.
#[salsa::tracked(returns(ref))]
pub fn kernels(db: &dyn Db, comp: Compilation) -> Vec<FnId> {
    let defs = def_map(db, comp);
    (0..defs.functions.len() as u32)
        .map(FnId)
        .filter(|&f| {
            let decl = defs.function(f);
            decl.space == ExecSpace::Global && decl.body_index.is_some()
        })
        .collect()
}

/// The functions whose PTX the module contains: every kernel (with `-rdc`, also every
/// non-inline, non-static device function the user defined: other translation units may call
/// it, as nvcc emits them), then every function still called after inlining (transitively), in
/// a deterministic order (declaration order).
#[salsa::tracked(returns(ref))]
pub fn emitted_functions(db: &dyn Db, comp: Compilation) -> Vec<FnId> {
    let defs = def_map(db, comp);
    let by_link_name: rustc_hash::FxHashMap<&str, FnId> = (0..defs.functions.len() as u32)
        .map(FnId)
        .filter(|&f| defs.function(f).body_index.is_some())
        .map(|f| (defs.function(f).link_name.as_str(), f))
        .collect();
    let mut roots: Vec<FnId> = kernels(db, comp).clone();
    if comp.options(db).rdc {
        roots.extend(device_functions(db, comp).iter().copied().filter(|&f| {
            let d = defs.function(f);
            matches!(d.space, ExecSpace::Device | ExecSpace::HostDevice)
                && !d.is_static
                && matches!(
                    d.inline,
                    warpc_hir::ty::InlineHint::None | warpc_hir::ty::InlineHint::Never
                )
                && !d.declared_inline
                && d.instance.is_none()
                && d.lambda.is_none()
                && d.kind == FnKind::Normal
        }));
        // Explicit instantiation definitions (`.weak`, as nvcc emits them).
        roots.extend(defs.explicit_instances.iter().copied().filter(|&f| {
            let d = defs.function(f);
            d.body_index.is_some() && matches!(d.space, ExecSpace::Device | ExecSpace::HostDevice)
        }));
    }
    let mut emitted: FxHashSet<FnId> = roots.iter().copied().collect();
    let mut work: Vec<FnId> = roots;
    while let Some(f) = work.pop() {
        for name in &fn_ptx(db, Function::new(db, comp, f)).calls {
            if let Some(&callee) = by_link_name.get(name.as_str()) {
                if emitted.insert(callee) {
                    work.push(callee);
                }
            }
        }
    }
    let mut list: Vec<FnId> = emitted.into_iter().collect();
    list.sort();
    list
}

/// Whether `d` is an explicit specialization (`template <> R f<A>(...) { ... }`): an ordinary
/// function definition, checked like one whether used or not (nvcc reports its errors).
fn is_explicit_specialization(items: &ItemTree, d: &warpc_hir::ty::FnDecl) -> bool {
    matches!(items.items.get(d.item as usize),
        Some(warpc_hir::item_tree::Item::Function(fi))
            if matches!(fi.template, Some(warpc_hir::item_tree::TemplateHead::Specialization(_))))
}

/// Functions that must be checked: every device-side function with a body written by the user
/// (not in warpc's builtin headers), then every function a kernel may inline, in `FnId` order.
/// Builtin-header functions that nothing uses are never checked or compiled.
#[salsa::tracked(returns(ref))]
pub fn device_functions(db: &dyn Db, comp: Compilation) -> Vec<FnId> {
    let defs = def_map(db, comp);
    let items = item_tree_with_source_map(db, comp);
    let system = system_files(db, comp);
    let mut set: FxHashSet<FnId> = (0..defs.functions.len() as u32)
        .map(FnId)
        .filter(|&f| {
            let decl = defs.function(f);
            // System headers' functions (warpc's, the toolkit's) are checked when used.
            let in_system_header = items
                .source_map
                .items
                .get(decl.item as usize)
                .is_some_and(|&(file, _, _)| system.contains(&file));
            decl.body_index.is_some()
                && decl.space.runs_on_device()
                && decl.kind == FnKind::Normal
                && !in_system_header
                && (!decl.is_templated()
                    || decl.space == ExecSpace::Global
                    || (decl.deduce_ret && decl.instance.is_some())
                    || defs.explicit_instances.contains(&f)
                    || is_explicit_specialization(&items.tree, decl))
        })
        .collect();
    for &k in kernels(db, comp) {
        set.extend(inline_closure(db, Function::new(db, comp, k)).iter().copied());
    }
    // Templated functions (instances, members of class template specializations) as far as the
    // checked bodies use them ([temp.inst]: an unused member's definition is not instantiated,
    // and errors in it are not reported).
    let mut work: Vec<FnId> = set.iter().copied().collect();
    while let Some(f) = work.pop() {
        for &c in &fn_check(db, Function::new(db, comp, f)).body.callees {
            let d = defs.function(c);
            if d.is_templated()
                && d.body_index.is_some()
                && d.space.runs_on_device()
                && d.kind == FnKind::Normal
                && set.insert(c)
            {
                work.push(c);
            }
        }
    }
    let mut list: Vec<FnId> = set.into_iter().collect();
    list.sort();
    list
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModulePtx {
    pub ptx: String,
    pub functions_compiled: usize,
}

/// The whole PTX module. Callers check [`diagnostics`] first: with errors there is no PTX.
#[salsa::tracked(returns(ref))]
pub fn module_ptx(db: &dyn Db, comp: Compilation) -> ModulePtx {
    let funcs = emitted_functions(db, comp);
    let ptxs: Vec<&FnPtx> = funcs.iter().map(|&f| fn_ptx(db, Function::new(db, comp, f))).collect();
    let ptx = warpc_codegen::assemble_module(comp.options(db), globals_ptx(db, comp), &ptxs);
    ModulePtx {
        ptx,
        functions_compiled: funcs.len(),
    }
}

/// Textual LLVM IR of the device code (`--emit=llvm`).
#[salsa::tracked(returns(ref))]
pub fn module_llvm_ir(db: &dyn Db, comp: Compilation) -> String {
    let defs = def_map(db, comp);
    // Kernels and everything they may call: the device code nvcc's IR would contain.
    let mut reachable: FxHashSet<FnId> = kernels(db, comp).iter().copied().collect();
    for &k in kernels(db, comp) {
        reachable.extend(inline_closure(db, Function::new(db, comp, k)).iter().copied());
    }
    let funcs: Vec<FnId> = device_functions(db, comp)
        .iter()
        .copied()
        .filter(|f| reachable.contains(f))
        .collect();
    let bodies: Vec<&TypedBody> = funcs
        .iter()
        .map(|&f| &fn_check(db, Function::new(db, comp, f)).body)
        .collect();
    let inputs: Vec<FnInput> = funcs
        .iter()
        .zip(&bodies)
        .map(|(&id, body)| FnInput { id, body })
        .collect();
    let optimize = comp.options(db).opt != warpc_base::OptLevel::O0;
    warpc_codegen::emit_llvm_module(defs, &inputs, comp.options(db), comp.libdevice(db).as_deref(), optimize)
}

fn shift(range: TextRange, by: TextSize) -> TextRange {
    range + by
}

fn body_range(map: &BodySourceMap, at: &DiagAt) -> Option<TextRange> {
    match *at {
        DiagAt::Expr(e) => map.exprs.get(e.0 as usize).copied(),
        DiagAt::Stmt(s) => map.stmts.get(s.0 as usize).copied(),
        DiagAt::Decl(s, i) => map
            .decl_names
            .iter()
            .find(|(stmt, idx, _)| *stmt == s && *idx == i)
            .map(|(_, _, r)| *r)
            .or_else(|| map.stmts.get(s.0 as usize).copied()),
        DiagAt::Function => None,
    }
}

/// Every diagnostic of the compilation, sorted by position: preprocessing, parsing, declarations,
/// each device function's lowering and checking. Code generation diagnostics come with
/// [`codegen_diagnostics`] (they need LLVM to run).
#[salsa::tracked(returns(ref))]
pub fn diagnostics(db: &dyn Db, comp: Compilation) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    let system_set = system_files(db, comp);
    let system_file = |file: FileId| system_set.contains(&file);
    out.extend(preprocess(db, comp).diagnostics.iter().cloned());
    let parse_errors = parse(db, comp).errors.clone();
    let items = item_tree_with_source_map(db, comp);
    let defs = def_map(db, comp);
    let reached = device_reach(db, comp);
    // Deferred diagnostics (see reach.rs): a problem inside a system-header declaration device
    // code does not reach is not a diagnostic of the device compile. User files keep nvcc's
    // rules (everything is checked; host function bodies, which warpc does not check, give
    // warnings).
    // The items' ranges per file, so that finding a diagnostic's item reads only its file's.
    let mut items_of_file: rustc_hash::FxHashMap<FileId, Vec<(TextRange, usize)>> = Default::default();
    for (i, &(file, range, _)) in items.source_map.items.iter().enumerate() {
        items_of_file.entry(file).or_default().push((range, i));
    }
    let innermost = |at: FileRange| -> Option<usize> {
        items_of_file
            .get(&at.file)?
            .iter()
            .filter(|(range, _)| range.contains_range(at.range))
            .min_by_key(|(range, i)| (range.len(), *i))
            .map(|&(_, i)| i)
    };
    // In a system header, only the problems of declarations the user's device code names itself
    // are shown: what those pull in further is the library's business, and warpc does not
    // understand all of libstdc++ (a construct device code really depends on fails at its use).
    let is_reached = |i: Option<usize>| i.is_some_and(|i| reached.direct.get(i).copied().unwrap_or(true));
    // Host code is not compiled for the device: problems inside a host-only function (whose
    // body parsed to its closing brace, so nothing after it was swallowed) are warnings.
    let host_fn = |i: usize| {
        matches!(items.tree.items.get(i), Some(warpc_hir::item_tree::Item::Function(f))
            if !f.attrs.device && !f.attrs.global && f.has_body)
    };
    // The host function definitions of the file of a diagnostic: computed per file on demand.
    let host_ranges_of = |file: FileId| -> Vec<TextRange> {
        let text = db.source(file).text(db);
        items_of_file.get(&file).map_or_else(Vec::new, |v| {
            v.iter()
                .filter(|&&(range, i)| {
                    host_fn(i) && text.get(..usize::from(range.end())).is_some_and(|t| t.ends_with('}'))
                })
                .map(|&(range, _)| range)
                .collect()
        })
    };
    let mut host_ranges: rustc_hash::FxHashMap<FileId, Vec<TextRange>> = Default::default();
    let mut in_host = |d: &Diagnostic| {
        d.primary.is_some_and(|p| {
            host_ranges
                .entry(p.file)
                .or_insert_with(|| host_ranges_of(p.file))
                .iter()
                .any(|h| h.contains_range(p.range))
        })
    };
    for mut d in parse_errors.into_iter().chain(items.diagnostics.iter().cloned()) {
        let item = d.primary.and_then(innermost);
        if d.primary.is_some_and(|p| system_file(p.file)) && !is_reached(item) {
            continue;
        }
        if d.severity == Severity::Error && in_host(&d) {
            d.severity = Severity::Warning;
            d.notes
                .push("in host code, which warpc does not compile for the device".to_string());
        }
        out.push(d);
    }
    for d in &defs.diagnostics {
        let item = d.item as usize;
        let primary = items
            .source_map
            .items
            .get(item)
            .map(|&(file, range, _)| FileRange { file, range });
        if primary.is_some_and(|p| system_file(p.file)) && !is_reached(Some(item)) {
            continue;
        }
        let mut diag = Diagnostic::new(d.severity, d.code, d.message.clone(), primary);
        diag.notes.extend(d.notes.iter().cloned());
        if diag.severity == Severity::Error && host_fn(item) {
            diag.severity = Severity::Warning;
            diag.notes
                .push("in the declaration of a host function, which warpc does not compile for the device".to_string());
        }
        out.push(diag);
    }
    // NVRTC's JIT mode has no host side: host declarations in the user's files are errors.
    let options = comp.options(db);
    if options.nvrtc {
        out.extend(warpc_hir::check::jit_mode_diagnostics(
            &items.tree,
            &items.source_map,
            options.default_device,
            // The prelude's files too (they may not be among the main file's includes).
            |f| f != comp.main(db) && (system_file(f) || is_system_header(options, &db.vfs().path(f))),
        ));
    }
    // `static_assert`s that call (constexpr) functions: the interpreter runs over the callees'
    // checked bodies.
    let bodies = |f: FnId| -> Option<&TypedBody> {
        let d = defs.functions.get(f.0 as usize)?;
        (d.body_index.is_some() && d.is_constexpr).then(|| &fn_check(db, Function::new(db, comp, f)).body)
    };
    for a in &defs.deferred_asserts {
        let primary = items
            .source_map
            .items
            .get(a.item as usize)
            .map(|&(file, range, _)| FileRange { file, range });
        if let Some(d) = static_assert_diagnostic(defs, &a.body, a.root, &a.message, &bodies, primary) {
            out.push(d);
        }
    }
    // Host launches whose kernel could not be resolved, and calls of system host functions
    // that launch kernels (a kernel would be missing otherwise).
    if !defs.templates.is_empty() || !host_launch_bodies(db, comp).launchers.is_empty() {
        for (i, d) in host_launches(db, comp, defs).diagnostics {
            let Some(warpc_hir::item_tree::Item::Function(item)) = items.tree.items.get(i as usize) else {
                continue;
            };
            let Some(bi) = item.body_index else { continue };
            let (syntax, file, start) = parse(db, comp).fn_syntax(bi as usize);
            let (_, source_map, _) = warpc_hir::lower::lower_body(&syntax, file);
            let primary = body_range(&source_map, &d.at)
                .map(|r| FileRange {
                    file,
                    range: shift(r, start),
                })
                .or_else(|| {
                    items
                        .source_map
                        .items
                        .get(i as usize)
                        .map(|&(file, _, name)| FileRange { file, range: name })
                });
            let mut diag = Diagnostic::new(d.severity, d.code, d.message.clone(), primary);
            diag.notes = d.notes.clone();
            out.push(diag);
        }
    }
    for &f in device_functions(db, comp) {
        let func = Function::new(db, comp, f);
        let Some((_, loc)) = fn_syntax_with_location(db, func) else {
            continue;
        };
        let lowered = fn_body_with_source_map(db, func);
        for d in &lowered.diagnostics {
            let mut d = d.clone();
            if let Some(p) = &mut d.primary {
                p.range = shift(p.range, loc.start);
            }
            out.push(d);
        }
        let decl_range = items
            .source_map
            .items
            .get(defs.function(f).item as usize)
            .map(|&(file, _, name)| FileRange { file, range: name });
        for (cond, message, stmt) in &fn_check(db, func).body.deferred_asserts {
            let primary = body_range(&lowered.source_map, &DiagAt::Stmt(*stmt))
                .map(|r| FileRange {
                    file: loc.file,
                    range: shift(r, loc.start),
                })
                .or(decl_range);
            if let Some(d) = static_assert_diagnostic(defs, &fn_check(db, func).body, *cond, message, &bodies, primary)
            {
                out.push(d);
            }
        }
        for d in &fn_check(db, func).diagnostics {
            let primary = body_range(&lowered.source_map, &d.at)
                .map(|r| FileRange {
                    file: loc.file,
                    range: shift(r, loc.start),
                })
                .or(decl_range);
            let mut diag = Diagnostic::new(d.severity, d.code, d.message.clone(), primary);
            diag.notes = d.notes.clone();
            if let (Some((written, suggestion)), Some(at)) = (&d.replace, primary) {
                // Only where the file shows the name itself: not a macro expansion (zero-width or
                // the whole invocation) nor a redirected location.
                let text = db.source(at.file).text(db);
                if text.get(std::ops::Range::<usize>::from(at.range)) == Some(written.as_str()) {
                    diag = diag.with_fix(format!("replace with \"{suggestion}\""), at, suggestion.as_str());
                }
            }
            out.push(diag);
        }
    }
    if out
        .iter()
        .any(|d| d.severity == Severity::Error && d.code != warpc_hir::check::UNTYPED_CODE)
    {
        out.retain(|d| d.code != warpc_hir::check::UNTYPED_CODE);
    }
    // Warnings inside system headers are not shown (gcc's rule for -isystem, and nvcc's front
    // end's for the toolkit's headers: a `__device__` declaration the runtime header redeclares
    // `__host__`); errors are.
    out.retain(|d| d.severity == Severity::Error || !d.primary.is_some_and(|p| system_file(p.file)));
    annotate_macro_expansions(&preprocess(db, comp).macro_calls, &mut out);
    out.sort_by_key(|d| d.primary.map(|p| (p.file, p.range.start())));
    // Only numbered warnings can be under a pragma: most compilations have none, and then
    // the translation unit's pieces are not walked for pragmas.
    if out
        .iter()
        .any(|d| d.severity == Severity::Warning && d.number.is_some())
    {
        apply_diag_pragmas(diag_pragmas(db, comp), &mut out);
    }
    warpc_base::dedup_diagnostics(&mut out);
    out
}

/// The translation unit's `#pragma nv_diag_*` (see `warpc_pp::diag_pragmas`).
#[salsa::tracked(returns(ref))]
pub fn diag_pragmas(db: &dyn Db, comp: Compilation) -> warpc_pp::DiagPragmas {
    warpc_pp::diag_pragmas(comp.main(db), &preprocess(db, comp).pieces, &|f| {
        db.source(f).text(db).clone()
    })
}

/// Gives each numbered warning the severity the diagnostic pragmas before it set: suppressed
/// ones go, `nv_diag_error` makes an error (without its number, as nvcc shows it), and either
/// severity from a pragma is kept from the command line's `--diag-*` options
/// ([`Diagnostic::by_pragma`]). Under `nv_diag_once` only the first of a number stays.
pub fn apply_diag_pragmas(pragmas: &warpc_pp::DiagPragmas, diagnostics: &mut Vec<Diagnostic>) {
    use warpc_pp::PragmaSeverity;
    if pragmas.is_empty() {
        return;
    }
    let mut seen_once: rustc_hash::FxHashSet<u32> = Default::default();
    diagnostics.retain_mut(|d| {
        let (Severity::Warning, Some(number), Some(at)) = (d.severity, d.number, d.primary) else {
            return true;
        };
        let state = pragmas.state(number, at);
        match state.severity {
            Some(PragmaSeverity::Suppress) => return false,
            Some(PragmaSeverity::Error) => {
                d.severity = Severity::Error;
                d.number = None;
                d.by_pragma = true;
            }
            Some(PragmaSeverity::Warning) => d.by_pragma = true,
            None => {}
        }
        !(state.once && d.severity == Severity::Warning && !seen_once.insert(number))
    });
}

/// Adds `in expansion of macro "NAME"`, and a label at the macro's `#define`, to every
/// diagnostic whose primary range lies inside a macro invocation written in a file. (Expanded
/// tokens are zero-width in the tree at their outermost invocation, so a diagnostic about one
/// lies inside the invocation's range.)
pub fn annotate_macro_expansions(calls: &[warpc_pp::MacroCall], diagnostics: &mut [Diagnostic]) {
    if diagnostics.is_empty() {
        return;
    }
    let mut sorted: Vec<&warpc_pp::MacroCall> = calls.iter().collect();
    sorted.sort_by_key(|c| (c.call.file, c.call.range.start()));
    for d in diagnostics {
        let Some(p) = d.primary else { continue };
        // Outermost calls do not overlap within a file: the last one starting at or before the
        // diagnostic is the only candidate.
        let i = sorted.partition_point(|c| (c.call.file, c.call.range.start()) <= (p.file, p.range.start()));
        let Some(c) = i.checked_sub(1).map(|i| sorted[i]) else {
            continue;
        };
        if c.call.file != p.file || c.call.range.is_empty() || !c.call.range.contains_range(p.range) {
            continue;
        }
        let note = format!("in expansion of macro \"{}\"", c.name);
        if !d.notes.contains(&note) {
            d.notes.push(note);
        }
        if let Some(def) = c.definition {
            if !d.labels.iter().any(|l| l.range == def) {
                d.labels.push(warpc_base::Label {
                    range: def,
                    message: format!("macro \"{}\" defined here", c.name),
                });
            }
        }
    }
}

/// The diagnostic of a `static_assert` evaluated by the constexpr interpreter, if it fails or
/// is not constant.
fn static_assert_diagnostic<'f>(
    defs: &DefMap,
    body: &'f TypedBody,
    root: warpc_hir::thir::TExprId,
    message: &Option<String>,
    bodies: &'f dyn Fn(FnId) -> Option<&'f TypedBody>,
    primary: Option<FileRange>,
) -> Option<Diagnostic> {
    use warpc_hir::check::constexpr::{eval_constexpr_int, Env, NotConstant};
    let globals = |g: warpc_hir::ty::GlobalId| defs.globals.get(g.0 as usize).and_then(|d| d.init.as_ref());
    let env = Env {
        bodies,
        globals: &globals,
        records: &defs.records,
        global_decls: &defs.globals,
        constant_evaluated: defs.constant_evaluated_fn(),
    };
    match eval_constexpr_int(body, root, env) {
        Ok(0) => Some(Diagnostic::new(
            Severity::Error,
            "static-assert",
            warpc_hir::def_map::static_assert_failed(message),
            primary,
        )),
        Ok(_) => None,
        Err(NotConstant::Unsupported(why)) => {
            let mut d = Diagnostic::new(
                Severity::Error,
                "not-constant",
                "expression must have a constant value".to_string(),
                primary,
            );
            d.notes.extend(why);
            Some(d)
        }
        Err(NotConstant::Call(f)) => {
            let mut d = Diagnostic::new(
                Severity::Error,
                "not-constant",
                "expression must have a constant value".to_string(),
                primary,
            );
            let name = defs
                .functions
                .get(f.0 as usize)
                .map(|d| d.name.clone())
                .unwrap_or_default();
            d.notes.push(format!("cannot call non-constexpr function \"{name}\""));
            Some(d)
        }
        Err(NotConstant::Limit) => Some(Diagnostic::new(
            Severity::Error,
            "not-constant",
            "expression must have a constant value: constexpr evaluation exceeded its step or recursion limit"
                .to_string(),
            primary,
        )),
    }
}

/// Code generation diagnostics (LLVM failures, unsupported builtins) of the emitted functions.
pub fn codegen_diagnostics(db: &dyn Db, comp: Compilation) -> Vec<Diagnostic> {
    let defs = def_map(db, comp);
    let items = item_tree_with_source_map(db, comp);
    let mut out = Vec::new();
    for &f in emitted_functions(db, comp) {
        let decl = defs.function(f);
        let at = items
            .source_map
            .items
            .get(decl.item as usize)
            .map(|&(file, _, name)| FileRange { file, range: name });
        for d in &fn_ptx(db, Function::new(db, comp, f)).diagnostics {
            out.push(Diagnostic::new(Severity::Error, d.code, d.message.clone(), at));
        }
    }
    out
}

/// Compiles every function the module needs in parallel (each thread with its own database
/// snapshot, each `fn_ptx` with its own LLVM context), so a following [`module_ptx`] only
/// assembles memoized results: first the kernels, then the non-kernel functions still called
/// after inlining ([`emitted_functions`], cheap once the kernels are compiled). Output does not
/// depend on the thread count: results are memoized per function and assembled in declaration
/// order.
pub fn prefetch_ptx(db: &crate::Database, comp: Compilation) {
    use rayon::prelude::*;
    let kernels = kernels(db, comp).clone();
    kernels.par_iter().for_each_with(db.clone(), |db, &f| {
        let _ = fn_ptx(db, Function::new(db, comp, f));
    });
    let rest: Vec<FnId> = emitted_functions(db, comp)
        .iter()
        .copied()
        .filter(|f| !kernels.contains(f))
        .collect();
    rest.par_iter().for_each_with(db.clone(), |db, &f| {
        let _ = fn_ptx(db, Function::new(db, comp, f));
    });
}
