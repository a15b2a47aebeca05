//! The warpc driver: turns a command line into a compilation on the salsa database, renders
//! diagnostics (codespan-reporting, nvcc's `file(line): error: msg` lines, or JSON lines) and
//! writes PTX or LLVM IR. The only layer that touches the process environment and writes output files.

pub use warpc_flags::{args, compdb, repo_toolkit_cache};
pub mod cache;
pub mod deps;
mod render;
pub mod stats;
pub mod watch;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use args::{Args, ColorChoice, Emit};
use warpc_base::{Diagnostic, Severity};
use warpc_db::{Compilation, Database};

pub use render::{json_line, nvrtc_log, render_diagnostics, render_diagnostics_styled};

const USAGE: &str = "\
usage: warpc [options] file.cu
  -arch=sm_XX | --gpu-architecture=sm_XX   target SM (default sm_75)
  -O0..-O3                                 optimization level (default -O3)
  --ptx                                    emit PTX (default)
  --emit=llvm|ptx                          emit LLVM IR or PTX
  -o FILE                                  output file ('-' for stdout)
  -I DIR, -isystem DIR, -D NAME[=V], -U NAME
  -std=c++NN, --expt-relaxed-constexpr, --extended-lambda, -G, -rdc=true   (as nvcc; set macros)
  -E                                       write the preprocessed source (to -o or stdout)
  -M, -MM, -MD, -MMD, -MF FILE, -MT T, -MP  make-format dependencies, as nvcc writes them
  --options-file FILE[,FILE]               read more options from response files
  --compdb DIR | -p DIR                    take the file's flags from DIR/compile_commands.json
  --nvrtc                                  compile as NVRTC does (__CUDACC_RTC__, its builtin
                                           headers, only -I searched; NVRTC's options accepted)
  -ftz=, -prec-div=, -prec-sqrt=, -fmad=, --use_fast_math, -maxrregcount=N
  --diag-format=human|nvcc|json            diagnostic style (json: one object per line)
  --color=auto|always|never                colour in human diagnostics (auto: stderr is a terminal)
  --libdevice=PATH                         libdevice.10.bc (else $WARPC_LIBDEVICE, $CUDA_HOME, ...)
  -w                                       suppress warnings
  -Werror                                  treat warnings as errors
  -v                                       print ptxas register/spill figures
  --stats                                  print per-stage times and functions compiled/reused
  --watch                                  recompile when the input or its includes change
  --cache-dir DIR                          persistent per-function PTX cache (default
                                           $WARPC_CACHE_DIR, $XDG_CACHE_HOME/warpc, ~/.cache/warpc)
  --no-cache                               no persistent cache
  -time FILE                               append per-stage times as CSV to FILE ('-': stdout)";

/// Finds libdevice.10.bc: `--libdevice`, `$WARPC_LIBDEVICE`, `$WARPC_CUDA_DIR`, `$CUDA_HOME`,
/// `$CUDA_PATH`, the project's oracle cache next to the executable, `/usr/local/cuda`.
pub fn find_libdevice(explicit: Option<&str>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(PathBuf::from(p));
    }
    if let Ok(p) = std::env::var("WARPC_LIBDEVICE") {
        return Some(PathBuf::from(p));
    }
    let rel = "nvvm/libdevice/libdevice.10.bc";
    let mut roots: Vec<PathBuf> = ["WARPC_CUDA_DIR", "CUDA_HOME", "CUDA_PATH"]
        .iter()
        .filter_map(|v| std::env::var_os(v).map(PathBuf::from))
        .collect();
    roots.extend(repo_toolkit_cache());
    roots.push(PathBuf::from("/usr/local/cuda"));
    roots.into_iter().map(|r| r.join(rel)).find(|p| p.is_file())
}

/// Finds ptxas for `-v`: `$WARPC_CUDA_DIR`, `$CUDA_HOME`, `$CUDA_PATH` (each `/bin/ptxas`), the
/// repository's oracle cache next to the executable, then `PATH`.
pub fn find_ptxas() -> Option<PathBuf> {
    let mut roots: Vec<PathBuf> = ["WARPC_CUDA_DIR", "CUDA_HOME", "CUDA_PATH"]
        .iter()
        .filter_map(|v| std::env::var_os(v).map(PathBuf::from))
        .collect();
    roots.extend(repo_toolkit_cache());
    if let Some(path) = std::env::var_os("PATH") {
        roots.extend(std::env::split_paths(&path).filter_map(|p| p.parent().map(Path::to_path_buf)));
    }
    roots.into_iter().map(|r| r.join("bin/ptxas")).find(|p| p.is_file())
}

/// `-v`: assembles the PTX with `ptxas -v` (as nvcc does, passing `-maxrregcount`) and prints
/// its per-function register, spill and memory figures.
fn report_ptxas(ptx: &str, args: &Args, stderr: &mut dyn Write) {
    let Some(ptxas) = find_ptxas() else {
        let _ = writeln!(
            stderr,
            "warpc: note: -v: ptxas not found (set WARPC_CUDA_DIR or CUDA_HOME); no statistics"
        );
        return;
    };
    let tmp = std::env::temp_dir().join(format!("warpc-{}-v.ptx", std::process::id()));
    if std::fs::write(&tmp, ptx).is_err() {
        return;
    }
    let mut cmd = std::process::Command::new(&ptxas);
    cmd.arg("-v")
        .arg(format!("-arch={}", args.options.arch.name()))
        .arg("-o")
        .arg("/dev/null");
    if let Some(n) = args.options.max_reg_count {
        cmd.arg(format!("-maxrregcount={n}"));
    }
    match cmd.arg(&tmp).output() {
        Ok(out) => {
            let _ = stderr.write_all(&out.stderr);
            let _ = stderr.write_all(&out.stdout);
        }
        Err(e) => {
            let _ = writeln!(stderr, "warpc: note: -v: cannot run {}: {e}", ptxas.display());
        }
    }
    let _ = std::fs::remove_file(&tmp);
}

/// The CLI prints at most this many errors, as nvcc does; the data stays complete for other
/// consumers (tests, the language server).
pub const ERROR_LIMIT: usize = 100;

/// Applies the command line's warning options to `diags`: `--diag-suppress`, `--diag-error` and
/// `--diag-warn` (by nvcc number or warpc code; a later option about a warning wins; `--diag-warn`
/// undoes an earlier `--diag-error`), then `-Werror` (every remaining warning becomes an error,
/// keeping its number, as NVRTC shows `error #177-D`), then `-w` (the remaining warnings are
/// dropped). Only warnings are
/// affected. Returns whether a warning became an error.
pub fn apply_warning_options(args: &Args, diags: &mut Vec<Diagnostic>) -> bool {
    use args::{DiagAction, DiagName};
    let mut promoted = false;
    diags.retain_mut(|d| {
        if d.severity != Severity::Warning {
            return true;
        }
        // A `#pragma nv_diag_warning|error` in force there wins over the command line.
        let named = args
            .diag_controls
            .iter()
            .rev()
            .filter(|_| !d.by_pragma)
            .find(|(_, name)| match name {
                DiagName::Number(n) => d.number == Some(*n),
                DiagName::Code(c) => d.code == c,
            });
        match named.map(|(action, _)| *action) {
            Some(DiagAction::Suppress) => return false,
            Some(DiagAction::Error) => {
                // nvcc shows such a warning as a plain `error:`, without its number.
                d.severity = Severity::Error;
                d.number = None;
                promoted = true;
            }
            // `-Werror` wins over `--diag-warn`, as in NVRTC.
            Some(DiagAction::Warn) | None if args.werror => {
                d.severity = Severity::Error;
                promoted = true;
            }
            Some(DiagAction::Warn) | None => {}
        }
        !(args.no_warnings && d.severity == Severity::Warning)
    });
    promoted
}

/// The diagnostics up to and including the `limit`-th error.
pub fn limit_errors(diags: &[Diagnostic], limit: usize) -> &[Diagnostic] {
    let mut errors = 0;
    for (i, d) in diags.iter().enumerate() {
        if d.is_error() {
            errors += 1;
            if errors == limit {
                return &diags[..=i];
            }
        }
    }
    diags
}

/// Outcome of one compilation, for the CLI and for tests.
pub struct Outcome {
    pub diagnostics: Vec<Diagnostic>,
    /// PTX or LLVM IR; `None` when there were errors.
    pub output: Option<String>,
}

/// Compiles `path` (already loaded into `db`) with `options`.
pub fn compile(
    db: &mut Database,
    main: warpc_base::FileId,
    args: &Args,
    libdevice: Option<Arc<[u8]>>,
) -> (Compilation, Outcome) {
    let comp = Compilation::new(&*db, main, args.options.clone(), libdevice);
    let outcome = compile_existing(db, comp, args.emit);
    (comp, outcome)
}

/// Runs (or re-runs, after input changes) an existing compilation.
pub fn compile_existing(db: &Database, comp: Compilation, emit: Emit) -> Outcome {
    let mut diagnostics = warpc_db::diagnostics(db, comp).clone();
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Outcome {
            diagnostics,
            output: None,
        };
    }
    let output = match emit {
        Emit::Llvm => warpc_db::module_llvm_ir(db, comp).clone(),
        Emit::Ptx => {
            warpc_db::prefetch_ptx(db, comp);
            let cg = warpc_db::codegen_diagnostics(db, comp);
            let failed = cg.iter().any(Diagnostic::is_error);
            diagnostics.extend(cg);
            warpc_base::dedup_diagnostics(&mut diagnostics);
            if failed {
                return Outcome {
                    diagnostics,
                    output: None,
                };
            }
            warpc_db::module_ptx(db, comp).ptx.clone()
        }
    };
    Outcome {
        diagnostics,
        output: Some(output),
    }
}

/// `--color=auto`: the process's stderr is a terminal, `NO_COLOR` is unset and `TERM` is not
/// `dumb`.
fn stderr_wants_color() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

/// The CLI entry point. Returns the process exit status.
pub fn run(argv: &[String], stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let args = match args::parse(argv).and_then(|a| with_compdb_flags(a, argv)) {
        Ok(a) => a,
        Err(msg) => {
            let _ = writeln!(stderr, "warpc: error: {msg}");
            return 1;
        }
    };
    if args.help {
        let _ = writeln!(stdout, "{USAGE}");
        return 0;
    }
    if args.version {
        let _ = writeln!(stdout, "warpc {}", env!("CARGO_PKG_VERSION"));
        return 0;
    }
    if let Some(e) = &args.diag_number_error {
        // nvcc's front end stops at its command line.
        let _ = writeln!(
            stderr,
            "Command-line error: {e}\n\n1 catastrophic error detected in this compilation.\nCompilation terminated."
        );
        return 1;
    }
    let input = match args.inputs.as_slice() {
        [one] => one.clone(),
        [] => {
            let _ = writeln!(stderr, "warpc: error: no input file\n{USAGE}");
            return 1;
        }
        _ => {
            let _ = writeln!(stderr, "warpc: error: exactly one input file is supported");
            return 1;
        }
    };
    let mut db = Database::new();
    let status = run_with(&mut db, &args, &input, stdout, stderr);
    // Freeing a database that holds the real headers' trees takes a tenth of a short run; the
    // process is about to exit, so let a thread do it while `main` returns.
    std::thread::spawn(move || drop(db));
    status
}

fn run_with(db: &mut Database, args: &Args, input: &str, stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    let input = input.to_string();
    let main = match std::fs::read(&input) {
        Ok(bytes) => db.set_file_text(&input, &String::from_utf8_lossy(&bytes)),
        Err(e) => {
            let _ = writeln!(stderr, "warpc: error: cannot open source file \"{input}\": {e}");
            return 1;
        }
    };
    let libdevice = find_libdevice(args.libdevice.as_deref())
        .and_then(|p| std::fs::read(p).ok())
        .map(Arc::from);
    cache::configure(db, args);
    if args.preprocess_only || args.deps.is_some_and(|d| d.only) {
        return preprocess_only(&*db, main, args, &input, libdevice, stdout, stderr);
    }
    if let Some(edits) = args.bench_edit {
        return bench_edit(
            std::mem::replace(db, Database::new()),
            main,
            args,
            libdevice,
            edits,
            stdout,
            stderr,
        );
    }
    if args.watch {
        let out_path = output_path(args, &input);
        return match watch::Watcher::new(&input, args.clone(), libdevice) {
            Ok(watcher) => watch::run_watch(watcher, &out_path, stdout, stderr),
            Err(e) => {
                let _ = writeln!(stderr, "warpc: error: {e}");
                1
            }
        };
    }
    let (comp, mut outcome) = if args.stats || args.time_file.is_some() {
        let comp = Compilation::new(&*db, main, args.options.clone(), libdevice);
        let (outcome, stats) = stats::compile_with_stats(&*db, comp, args.emit);
        if args.stats {
            stats.render(stderr);
        }
        if let Some(file) = &args.time_file {
            let out_path = output_path(args, &input);
            if let Err(e) = stats.write_time_csv(file, &input, &out_path, &args.options.arch.name(), stdout) {
                let _ = writeln!(stderr, "warpc: error: cannot write timing file \"{file}\": {e}");
                return 1;
            }
        }
        (comp, outcome)
    } else {
        compile(db, main, args, libdevice)
    };
    if apply_warning_options(args, &mut outcome.diagnostics) {
        outcome.output = None;
    }
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => stderr_wants_color(),
    };
    let total_errors = outcome.diagnostics.iter().filter(|d| d.is_error()).count();
    let shown = limit_errors(&outcome.diagnostics, ERROR_LIMIT);
    render_diagnostics_styled(&*db, shown, args.diag_format, color, stderr);
    if args.diag_format != args::DiagFormat::Json && total_errors > 0 {
        // nvcc's closing lines, which scripts and users look for.
        if total_errors > ERROR_LIMIT {
            let _ = writeln!(stderr, "Error limit reached.");
        }
        let plural = if total_errors == 1 { "error" } else { "errors" };
        let _ = writeln!(
            stderr,
            "{total_errors} {plural} detected in the compilation of \"{input}\"."
        );
        if total_errors > ERROR_LIMIT {
            let _ = writeln!(stderr, "Compilation terminated.");
        }
    }
    let Some(text) = outcome.output else { return 1 };
    if args.verbose && args.emit == Emit::Ptx {
        report_ptxas(&text, args, stderr);
    }
    let out_path = output_path(args, &input);
    if let Err(e) = write_output(&text, &out_path, stdout) {
        let _ = writeln!(stderr, "warpc: error: {e}");
        return 1;
    }
    // `-MD`/`-MMD`: the dependencies of what was just compiled.
    if let Err(e) = deps::write_dependencies(&*db, comp, args, &input, &out_path, stdout) {
        let _ = writeln!(stderr, "warpc: error: {e}");
        return 1;
    }
    0
}

/// `--compdb DIR` / `-p DIR`: the input's flags from `DIR/compile_commands.json`, followed by
/// the command line's own (which win where they conflict, e.g. `-o` or `-arch`).
fn with_compdb_flags(args: Args, argv: &[String]) -> Result<Args, String> {
    let Some(dir) = &args.compdb else { return Ok(args) };
    let [input] = args.inputs.as_slice() else {
        return Ok(args);
    };
    let db = compdb::load(Path::new(dir))?;
    let entry = db
        .entry_for(Path::new(input))
        .ok_or_else(|| format!("no entry for \"{input}\" in the compilation database \"{dir}\""))?;
    let mut full = compdb::device_argv(entry)?;
    full.extend(argv.iter().cloned());
    args::parse(&full)
}

/// `-E` (the preprocessed translation unit, to `-o` or stdout) and `-M`/`-MM` (the dependency
/// rule): preprocessing only, no compilation.
fn preprocess_only(
    db: &Database,
    main: warpc_base::FileId,
    args: &Args,
    input: &str,
    libdevice: Option<Arc<[u8]>>,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let comp = Compilation::new(db, main, args.options.clone(), libdevice);
    let pp = warpc_db::preprocess(db, comp);
    let mut diagnostics = pp.diagnostics.clone();
    apply_warning_options(args, &mut diagnostics);
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => stderr_wants_color(),
    };
    render_diagnostics_styled(db, &diagnostics, args.diag_format, color, stderr);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return 1;
    }
    if args.deps.is_some_and(|d| d.only) {
        return match deps::write_dependencies(db, comp, args, input, "-", stdout) {
            Ok(()) => 0,
            Err(e) => {
                let _ = writeln!(stderr, "warpc: error: {e}");
                1
            }
        };
    }
    let text_of = |f: warpc_base::FileId| db.file_text(f);
    let name_of = |f: warpc_base::FileId| db.path(f).display().to_string();
    let text = warpc_db::preprocessed_text(&pp.pieces.contiguous(), main, &text_of, &name_of);
    match &args.output {
        Some(o) if o != "-" => match std::fs::write(o, text) {
            Ok(()) => 0,
            Err(e) => {
                let _ = writeln!(stderr, "warpc: error: cannot write \"{o}\": {e}");
                1
            }
        },
        _ => {
            let _ = stdout.write_all(text.as_bytes());
            0
        }
    }
}

/// `-o`, else nvcc's default name: `<stem>.ptx` (or `.ll`) in the working directory.
fn output_path(args: &Args, input: &str) -> String {
    match &args.output {
        Some(o) => o.clone(),
        None => {
            let stem = Path::new(input)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or("out".into());
            format!("{stem}.{}", if args.emit == Emit::Llvm { "ll" } else { "ptx" })
        }
    }
}

/// Writes the output to `out_path`, or to `stdout` for `-`.
fn write_output(text: &str, out_path: &str, stdout: &mut dyn Write) -> Result<(), String> {
    if out_path == "-" {
        let _ = stdout.write_all(text.as_bytes());
        Ok(())
    } else {
        std::fs::write(out_path, text).map_err(|e| format!("cannot write \"{out_path}\": {e}"))
    }
}

/// The marker `--bench-edit` rewrites: the benchmark's generated file puts it inside one kernel.
pub const BENCH_EDIT_MARKER: &str = "/*@edit*/";

/// `--bench-edit=N` (hidden, for `cargo xtask bench`): a cold compile, then `N` edits of the
/// input in the same database, each replacing [`BENCH_EDIT_MARKER`] with `+ i` and recompiling.
/// Prints one line to stdout: `cold_ms=.. edit_ms=.. (median) compiled_per_edit=..`.
fn bench_edit(
    db: Database,
    main: warpc_base::FileId,
    args: &Args,
    libdevice: Option<Arc<[u8]>>,
    edits: usize,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let mut db = db;
    let original = db.file_text(main);
    if !original.contains(BENCH_EDIT_MARKER) {
        let _ = writeln!(
            stderr,
            "warpc: error: --bench-edit: the input has no {BENCH_EDIT_MARKER} marker"
        );
        return 1;
    }
    let path = db.path(main);
    let comp = Compilation::new(&db, main, args.options.clone(), libdevice);
    let start = std::time::Instant::now();
    let (outcome, _) = stats::compile_with_stats(&db, comp, args.emit);
    let cold = start.elapsed();
    if outcome.output.is_none() {
        let _ = writeln!(stderr, "warpc: error: --bench-edit: the input does not compile");
        return 1;
    }
    let mut samples = Vec::new();
    let mut compiled = Vec::new();
    for i in 1..=edits {
        let text = original.replacen(BENCH_EDIT_MARKER, &format!("+ {i}"), 1);
        let start = std::time::Instant::now();
        db.set_file_text(&path, &text);
        let (outcome, stats) = stats::compile_with_stats(&db, comp, args.emit);
        samples.push(start.elapsed());
        compiled.push(stats.functions_compiled);
        if outcome.output.is_none() {
            let _ = writeln!(stderr, "warpc: error: --bench-edit: edit {i} does not compile");
            return 1;
        }
    }
    samples.sort();
    let median = samples.get(samples.len() / 2).copied().unwrap_or_default();
    let max_compiled = compiled.iter().copied().max().unwrap_or(0);
    let _ = writeln!(
        stdout,
        "cold_ms={:.3} edit_ms={:.3} compiled_per_edit={max_compiled}",
        cold.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e3
    );
    0
}
