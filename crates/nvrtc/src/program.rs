//! One NVRTC program, in safe Rust: its source, headers and name expressions, and what
//! compiling it produced. The C entry points (`lib.rs`) only convert pointers to and from this.

use std::ffi::CString;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use warpc_db::cache::PtxStore;
use warpc_db::{Compilation, Database};
use warpc_driver::args::{self, Args, Emit};

use crate::{result_cache, Status};

/// The functions appended to the source for name expressions are called this, plus the index.
const NAME_EXPR_FN: &str = "__warpc_nvrtc_name_expr_";

/// What `nvrtcCompileProgram` produced.
#[derive(Default)]
pub struct Output {
    /// The PTX with its terminating NUL (empty when compilation failed).
    pub ptx: Vec<u8>,
    /// The target named with `sm_XX` (else there is no CUBIN, as in NVRTC).
    pub real_arch: Option<String>,
    pub max_reg_count: Option<u32>,
    pub rdc: bool,
    pub line_info: bool,
    /// The CUBIN, assembled by ptxas on first request (`Err`: why there is none).
    pub cubin: Option<Result<Vec<u8>, String>>,
}

/// An `nvrtcProgram`.
pub struct Program {
    pub source: String,
    /// The program name used in diagnostics (`default_program` when NULL was given).
    pub name: String,
    /// `(include name, contents)`.
    pub headers: Vec<(String, String)>,
    /// Name expressions in the order added, with their lowered names once compiled.
    pub name_exprs: Vec<(String, Option<CString>)>,
    /// The log of the last compilation, with its terminating NUL.
    pub log: Vec<u8>,
    pub compiled: bool,
    pub output: Output,
}

impl Program {
    pub fn new(source: String, name: Option<String>, headers: Vec<(String, String)>) -> Program {
        Program {
            source,
            name: name.unwrap_or_else(|| "default_program".to_string()),
            headers,
            name_exprs: Vec::new(),
            log: vec![0],
            compiled: false,
            output: Output::default(),
        }
    }

    fn set_log(&mut self, log: &str) {
        self.log = log.as_bytes().to_vec();
        self.log.push(0);
    }

    /// `nvrtcCompileProgram`: compiles with NVRTC's `options`.
    pub fn compile(&mut self, options: &[String]) -> Status {
        self.compiled = true;
        self.output = Output::default();
        for (_, lowered) in &mut self.name_exprs {
            *lowered = None;
        }
        let args = match args::parse_nvrtc(options) {
            Ok(a) => a,
            Err(msg) => {
                self.set_log(&format!("nvrtc: error: {msg}\n"));
                return Status::InvalidOption;
            }
        };
        if let Some(e) = &args.diag_number_error {
            // NVRTC's front end stops at its command line, after every option was read.
            self.set_log(&format!(
                "Command-line error: {e}\n\n1 catastrophic error detected in this compilation.\nCompilation terminated.\n"
            ));
            return Status::Compilation;
        }
        let (status, log) = self.compile_with(&args, options);
        self.set_log(&log);
        status
    }

    fn compile_with(&mut self, args: &Args, options_given: &[String]) -> (Status, String) {
        let mut options = args.options.clone();
        // In-memory headers live at their include names, relative like the program's own name:
        // `"..."` includes find them from the program's folder, `<...>` through `-I.`.
        if !self.headers.is_empty() {
            options.include_dirs.insert(0, ".".to_string());
        }
        // A database of an earlier program, when there is one: this one then goes on from the
        // prelude it computed. Not with `--pre-include` (the prelude then reads user files,
        // which may appear between programs) nor `-time` (which logs every query).
        let poolable = options.pre_includes.is_empty() && args.time_file.is_none();
        let mut pooled = Pooled::take(poolable);
        let db = &mut pooled.db;
        let cache_dir = if args.no_cache {
            None
        } else {
            args.cache_dir
                .as_ref()
                .map(PathBuf::from)
                .or_else(warpc_driver::cache::default_dir)
        };
        // A whole-program result from an earlier process (not with `-time`, which times the
        // compiler's stages).
        let exprs: Vec<String> = self.name_exprs.iter().map(|(e, _)| e.clone()).collect();
        let result_key = cache_dir.as_ref().filter(|_| args.time_file.is_none()).map(|dir| {
            (
                dir.clone(),
                result_cache::key(
                    libdevice_fingerprint(),
                    &self.source,
                    &self.name,
                    &self.headers,
                    options_given,
                    &exprs,
                ),
            )
        });
        if let Some((dir, key)) = &result_key {
            if let Some(hit) = result_cache::load(dir, *key) {
                for ((_, slot), lowered) in self.name_exprs.iter_mut().zip(&hit.lowered) {
                    *slot = (!lowered.is_empty())
                        .then(|| CString::new(lowered.as_str()).ok())
                        .flatten();
                }
                self.output = output_of(hit.ptx, args, &options);
                return (Status::Success, hit.log);
            }
        }
        db.set_ptx_store(cache_dir.as_ref().map(|dir| {
            let store = warpc_driver::cache::DiskCache::with_salt(dir, crate::identity::library_fingerprint());
            Arc::new(store) as Arc<dyn PtxStore>
        }));
        for (name, text) in &self.headers {
            db.set_file_text(name, text);
        }
        let mut text = self.source.clone();
        for (i, (expr, _)) in self.name_exprs.iter().enumerate() {
            // The expression is checked as device code; the function it names (or the variable)
            // is what the function below refers to. It is `static` and unused, so not emitted.
            text.push_str(&format!(
                "\nstatic __device__ void {NAME_EXPR_FN}{i}(void) {{ (void)({expr}); }}"
            ));
        }
        let main = db.set_file_text(&self.name, &text);
        let comp = Compilation::new(&*db, main, options.clone(), libdevice());
        let (mut outcome, stats) = if args.time_file.is_some() {
            let (outcome, stats) = warpc_driver::stats::compile_with_stats(db, comp, Emit::Ptx);
            (outcome, Some(stats))
        } else {
            (warpc_driver::compile_existing(db, comp, Emit::Ptx), None)
        };
        if warpc_driver::apply_warning_options(args, &mut outcome.diagnostics) {
            outcome.output = None;
        }
        let shown = warpc_driver::limit_errors(&outcome.diagnostics, warpc_driver::ERROR_LIMIT);
        let log = warpc_driver::nvrtc_log(db, shown, &self.name);
        let Some(ptx) = outcome.output else {
            return (Status::Compilation, log);
        };
        if !outcome.diagnostics.iter().all(|d| !d.is_error()) {
            return (Status::Compilation, log);
        }
        let lowered = lowered_names(db, comp, self.name_exprs.len());
        for ((_, slot), name) in self.name_exprs.iter_mut().zip(&lowered) {
            *slot = name.as_ref().and_then(|n| CString::new(n.as_str()).ok());
        }
        if let Some((dir, key)) = &result_key {
            // Every file this program read from disk (not a builtin header, not the program or
            // its headers; a pooled database also holds earlier programs' files).
            let in_memory = |p: &std::path::Path| {
                p == warpc_db::normalize(std::path::Path::new(&self.name))
                    || self
                        .headers
                        .iter()
                        .any(|(n, _)| p == warpc_db::normalize(std::path::Path::new(n)))
            };
            let deps: Option<Vec<(String, warpc_db::cache::Fingerprint)>> = warpc_db::preprocess(db, comp)
                .included_files
                .iter()
                .map(|&f| db.path(f))
                .filter(|p| !p.starts_with(warpc_db::BUILTIN_DIR) && !in_memory(p))
                .map(|p| Some((p.display().to_string(), result_cache::content(&std::fs::read(&p).ok()?))))
                .collect();
            if let Some(deps) = deps {
                let lowered = lowered.into_iter().map(Option::unwrap_or_default).collect();
                let stored = result_cache::Stored {
                    log: log.clone(),
                    ptx: ptx.clone(),
                    lowered,
                    deps,
                };
                result_cache::store(dir, *key, &stored);
            }
        }
        self.output = output_of(ptx, args, &options);
        let mut log = log;
        if let (Some(file), Some(stats)) = (&args.time_file, stats) {
            if let Err(e) = write_time_table(file, &self.name, &stats, &mut log) {
                return (Status::TimeFileWriteFailed, e);
            }
        }
        (Status::Success, log)
    }

    /// The CUBIN of the last successful compilation: `Ok(None)` when the target was virtual
    /// (`compute_XX`), as NVRTC gives none; assembled by ptxas on the first call (a failure is
    /// also written to the log).
    pub fn cubin(&mut self) -> Result<Option<&[u8]>, String> {
        let Some(arch) = self.output.real_arch.clone() else {
            return Ok(None);
        };
        if self.output.cubin.is_none() {
            let result = assemble(&self.output, &arch);
            if let Err(why) = &result {
                // Once: nvrtcGetCUBINSize and nvrtcGetCUBIN both ask.
                self.append_log(why);
            }
            self.output.cubin = Some(result);
        }
        match &self.output.cubin {
            Some(Ok(bytes)) => Ok(Some(bytes)),
            Some(Err(e)) => Err(e.clone()),
            None => unreachable!(),
        }
    }

    /// Appends `line` (and a newline) to the log.
    pub fn append_log(&mut self, line: &str) {
        self.log.pop();
        self.log.extend_from_slice(line.as_bytes());
        self.log.push(b'\n');
        self.log.push(0);
    }
}

/// NVRTC's `-time=FILE` after a successful compilation: the table
/// ([`warpc_driver::stats::CompileStats::nvrtc_time_rows`]) appended to FILE, with the header
/// when FILE did not exist; `-time=-` appends a blank line, the header and the rows to the log.
/// `Err`: the log NVRTC answers when FILE cannot be opened.
fn write_time_table(
    file: &str,
    program: &str,
    stats: &warpc_driver::stats::CompileStats,
    log: &mut String,
) -> Result<(), String> {
    const HEADER: &str = "File name, phase name, metric, unit\n";
    let rows = stats.nvrtc_time_rows(program);
    if file == "-" {
        log.push('\n');
        log.push_str(HEADER);
        log.push_str(&rows);
        return Ok(());
    }
    use std::io::Write;
    let fail = || format!("nvrtc: error: failed to open file {file} for writing!");
    let exists = std::path::Path::new(file).exists();
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .map_err(|_| fail())?;
    let text = if exists { rows } else { format!("{HEADER}{rows}") };
    f.write_all(text.as_bytes()).map_err(|_| fail())
}

/// The output of a successful compilation of `ptx`.
fn output_of(ptx: String, args: &Args, options: &warpc_base::CompileOptions) -> Output {
    let mut bytes = ptx.into_bytes();
    bytes.push(0);
    Output {
        ptx: bytes,
        real_arch: (!args.virtual_arch).then(|| options.arch.name()),
        max_reg_count: options.max_reg_count,
        rdc: options.rdc,
        line_info: options.line_info,
        cubin: None,
    }
}

/// The fingerprint of libdevice's content, computed once per process.
fn libdevice_fingerprint() -> Option<warpc_db::cache::Fingerprint> {
    static FINGERPRINT: OnceLock<Option<warpc_db::cache::Fingerprint>> = OnceLock::new();
    *FINGERPRINT.get_or_init(|| libdevice().map(|b| result_cache::content(&b)))
}

/// How many programs one pooled database compiles before it is freed (it keeps every earlier
/// program's results, so it grows with each).
const POOL_USES: u32 = 32;
/// How many idle databases the pool keeps (one per thread compiling at the same time).
const POOL_SIZE: usize = 4;

/// Idle databases of earlier compilations (see [`Pooled`]).
static POOL: std::sync::Mutex<Vec<(Database, u32)>> = std::sync::Mutex::new(Vec::new());

/// A database for one compilation, taken from the pool of earlier ones where there is one, and
/// given back when dropped. A later program reuses what the earlier ones computed that does
/// not depend on their files: the prelude's preprocessing, parse and item tree
/// (`warpc_db::PreludeKey`), as NVRTC keeps its builtin declarations. Its files are brought up
/// to date first (`Database::refresh_files`: disk files read again, earlier programs' in-memory
/// files forgotten), and each program is a new `Compilation`, so nothing else is shared.
struct Pooled {
    db: Database,
    uses: u32,
    poolable: bool,
}

impl Pooled {
    fn take(poolable: bool) -> Pooled {
        let idle = if poolable { POOL.lock().unwrap().pop() } else { None };
        match idle {
            Some((mut db, uses)) => {
                db.refresh_files(&|_| false);
                Pooled { db, uses, poolable }
            }
            None => Pooled {
                db: Database::new(),
                uses: 0,
                poolable,
            },
        }
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        let db = std::mem::take(&mut self.db);
        let uses = self.uses + 1;
        if self.poolable && uses < POOL_USES {
            let mut pool = POOL.lock().unwrap();
            if pool.len() < POOL_SIZE {
                pool.push((db, uses));
                return;
            }
        }
        drop_in_background(db);
    }
}

/// Frees a database on another thread (freeing the trees of a compilation takes a while).
fn drop_in_background(db: Database) {
    let _ = std::thread::Builder::new()
        .name("warpc-nvrtc-free".into())
        .spawn(move || drop(db));
}

/// The symbol each name expression denotes: the first function or variable its
/// `__warpc_nvrtc_name_expr_N` body refers to.
fn lowered_names(db: &Database, comp: Compilation, count: usize) -> Vec<Option<String>> {
    use warpc_hir::thir::ExprKind;
    if count == 0 {
        return Vec::new();
    }
    let dm = warpc_db::def_map(db, comp);
    (0..count)
        .map(|i| {
            let name = format!("{NAME_EXPR_FN}{i}");
            let f = dm.functions.iter().position(|d| d.name == name.as_str())?;
            let func = warpc_db::Function::new(db, comp, warpc_hir::ty::FnId(f as u32));
            let checked = warpc_db::fn_check(db, func);
            checked.body.exprs.iter().find_map(|e| match &e.kind {
                ExprKind::Function(g) => Some(dm.function(*g).link_name.to_string()),
                ExprKind::Global(g) => Some(dm.globals[g.0 as usize].link_name.to_string()),
                _ => None,
            })
        })
        .collect()
}

/// libdevice, read once per process: where the CLI looks, then beside this library's
/// repository (`<repo>/target/<profile>/libwarpc_nvrtc.so` -> `<repo>/.cache/nvidia/cu13`).
fn libdevice() -> Option<Arc<[u8]>> {
    static LIBDEVICE: OnceLock<Option<Arc<[u8]>>> = OnceLock::new();
    LIBDEVICE
        .get_or_init(|| {
            let path = warpc_driver::find_libdevice(None)
                .filter(|p| p.is_file())
                .or_else(|| crate::identity::repo_toolkit().map(|t| t.join("nvvm/libdevice/libdevice.10.bc")));
            path.and_then(|p| std::fs::read(p).ok()).map(Arc::from)
        })
        .clone()
}

/// ptxas: where the CLI looks, then beside this library's repository.
fn find_ptxas() -> Option<PathBuf> {
    warpc_driver::find_ptxas().or_else(|| {
        crate::identity::repo_toolkit()
            .map(|t| t.join("bin/ptxas"))
            .filter(|p| p.is_file())
    })
}

/// Assembles the PTX for `arch` with the toolkit's ptxas.
fn assemble(output: &Output, arch: &str) -> Result<Vec<u8>, String> {
    let Some(ptxas) = find_ptxas() else {
        return Err(format!(
            "nvrtc: error: CUBIN for {arch} needs ptxas, which was not found: install the CUDA toolkit's ptxas \
             (`pip install nvidia-cuda-nvcc`, or a CUDA toolkit) and set CUDA_HOME or WARPC_CUDA_DIR to it, or put \
             ptxas on PATH; the PTX is available"
        ));
    };
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let stem = std::env::temp_dir().join(format!(
        "warpc-nvrtc-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let ptx_path = stem.with_extension("ptx");
    let cubin_path = stem.with_extension("cubin");
    let ptx = output.ptx.strip_suffix(&[0]).unwrap_or(&output.ptx);
    std::fs::write(&ptx_path, ptx).map_err(|e| format!("nvrtc: error: cannot write {}: {e}", ptx_path.display()))?;
    let mut cmd = std::process::Command::new(&ptxas);
    cmd.arg(format!("-arch={arch}")).arg("-o").arg(&cubin_path);
    if let Some(n) = output.max_reg_count {
        cmd.arg(format!("-maxrregcount={n}"));
    }
    if output.rdc {
        cmd.arg("-c");
    }
    if output.line_info {
        cmd.arg("-lineinfo");
    }
    let result = cmd.arg(&ptx_path).output();
    let _ = std::fs::remove_file(&ptx_path);
    let out = result.map_err(|e| format!("nvrtc: error: cannot run {}: {e}", ptxas.display()))?;
    let cubin = std::fs::read(&cubin_path);
    let _ = std::fs::remove_file(&cubin_path);
    if !out.status.success() {
        return Err(format!(
            "nvrtc: error: ptxas ({}) failed to assemble the PTX for {arch}:\n{}",
            ptxas.display(),
            String::from_utf8_lossy(&out.stderr).trim_end()
        ));
    }
    cubin.map_err(|e| format!("nvrtc: error: ptxas wrote no CUBIN: {e}"))
}
