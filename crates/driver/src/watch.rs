//! `warpc --watch file.cu -o file.ptx`: keeps one salsa database alive, polls the main file and
//! every file it included (modification times, every 200 ms, std only) and on a change updates
//! the changed inputs' text and recompiles, which re-runs LLVM only for the functions the edit
//! touched. [`Watcher`] is the in-process API the loop drives (and tests drive directly).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use warpc_base::Diagnostic;
use warpc_db::{Compilation, Database, Db, BUILTIN_DIR};

use crate::args::Args;
use crate::stats::{compile_with_stats, CompileStats};

/// What one rebuild did.
#[derive(Clone, Debug)]
pub struct RebuildStats {
    /// Input files whose text changed since the previous rebuild (all loaded files, first time).
    pub changed_files: usize,
    pub stats: CompileStats,
    pub elapsed: Duration,
    /// Whether output was produced (no errors).
    pub ok: bool,
}

impl RebuildStats {
    /// The one-line status printed after each rebuild.
    pub fn status_line(&self) -> String {
        let plural = if self.stats.functions_compiled == 1 { "" } else { "s" };
        format!(
            "warpc: {} function{plural} recompiled, {} reused, {:.1} ms{}",
            self.stats.functions_compiled,
            self.stats.functions_reused,
            self.elapsed.as_secs_f64() * 1e3,
            if self.ok { "" } else { " (errors)" }
        )
    }
}

/// A live compilation of one file whose inputs are re-read from disk on [`Watcher::rebuild`].
pub struct Watcher {
    db: Database,
    comp: Compilation,
    args: Args,
    main_path: PathBuf,
    /// Modification time and length of each watched file at the last rebuild.
    mtimes: Vec<(PathBuf, Option<(SystemTime, u64)>)>,
    diagnostics: Vec<Diagnostic>,
    output: Option<String>,
}

/// Modification time and length (the length catches a write within the file system's timestamp
/// granularity of the previous one).
fn mtime(path: &std::path::Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

impl Watcher {
    /// Loads `input` (nothing is compiled until the first [`Watcher::rebuild`]).
    pub fn new(input: impl Into<PathBuf>, args: Args, libdevice: Option<Arc<[u8]>>) -> Result<Self, String> {
        let main_path: PathBuf = input.into();
        let mut db = Database::new();
        let bytes = std::fs::read(&main_path)
            .map_err(|e| format!("cannot open source file \"{}\": {e}", main_path.display()))?;
        let main = db.set_file_text(&main_path, &String::from_utf8_lossy(&bytes));
        crate::cache::configure(&mut db, &args);
        let comp = Compilation::new(&db, main, args.options.clone(), libdevice);
        Ok(Watcher {
            db,
            comp,
            args,
            main_path,
            mtimes: Vec::new(),
            diagnostics: Vec::new(),
            output: None,
        })
    }

    pub fn db(&self) -> &Database {
        &self.db
    }

    /// The files on disk the compilation read (main file and includes; not builtin headers).
    fn watched_files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = self
            .db
            .vfs()
            .files()
            .into_iter()
            .map(|(p, _)| p)
            .filter(|p| !p.starts_with(BUILTIN_DIR))
            .collect();
        if !files.contains(&warpc_db::normalize(&self.main_path)) {
            files.push(self.main_path.clone());
        }
        files
    }

    /// Whether any watched file's modification time (or length) changed since the last rebuild.
    pub fn poll(&self) -> bool {
        self.mtimes.iter().any(|(path, time)| mtime(path) != *time)
    }

    /// Re-reads every watched file, sets the text of those that changed (unchanged text is no
    /// change for salsa) and recompiles.
    pub fn rebuild(&mut self) -> RebuildStats {
        let start = Instant::now();
        let mut changed_files = 0;
        let mut mtimes = Vec::new();
        for path in self.watched_files() {
            let time = mtime(&path);
            // A file that disappeared keeps its last text (the compile reports nothing new).
            if let Ok(bytes) = std::fs::read(&path) {
                let text = String::from_utf8_lossy(&bytes);
                let old = self
                    .db
                    .vfs()
                    .files()
                    .into_iter()
                    .find(|(p, _)| *p == warpc_db::normalize(&path));
                let differs = old.is_none_or(|(_, id)| *self.db.file_text(id) != *text);
                if differs {
                    changed_files += 1;
                    self.db.set_file_text(&path, &text);
                }
            }
            mtimes.push((path, time));
        }
        let (outcome, stats) = compile_with_stats(&self.db, self.comp, self.args.emit);
        // Includes may have changed: watch every file the compilation now reads.
        for path in self.watched_files() {
            if !mtimes.iter().any(|(p, _)| *p == path) {
                let time = mtime(&path);
                mtimes.push((path, time));
            }
        }
        self.mtimes = mtimes;
        self.diagnostics = outcome.diagnostics;
        self.output = outcome.output;
        RebuildStats {
            changed_files,
            stats,
            elapsed: start.elapsed(),
            ok: self.output.is_some(),
        }
    }

    /// The diagnostics of the last rebuild.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The PTX (or LLVM IR) of the last rebuild; `None` when it had errors.
    pub fn output(&self) -> Option<&str> {
        self.output.as_deref()
    }
}

/// The `--watch` loop: rebuild, render diagnostics, write the output, print a status line, then
/// poll every 200 ms. Runs until the process is interrupted (Ctrl-C).
pub fn run_watch(mut watcher: Watcher, out_path: &str, stdout: &mut dyn Write, stderr: &mut dyn Write) -> i32 {
    loop {
        let rebuild = watcher.rebuild();
        let mut diagnostics = watcher.diagnostics().to_vec();
        crate::apply_warning_options(&watcher.args, &mut diagnostics);
        crate::render_diagnostics_styled(watcher.db(), &diagnostics, watcher.args.diag_format, false, stderr);
        if let Some(text) = watcher.output() {
            if let Err(e) = crate::write_output(text, out_path, stdout) {
                let _ = writeln!(stderr, "warpc: error: {e}");
            }
        }
        let _ = writeln!(stderr, "{}", rebuild.status_line());
        if watcher.args.stats {
            rebuild.stats.render(stderr);
        }
        let _ = stderr.flush();
        while !watcher.poll() {
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}
