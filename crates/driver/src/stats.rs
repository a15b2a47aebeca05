//! `--stats`: per-stage wall times of one (re)compilation and how many functions went through
//! LLVM (`fn_ptx` executed, counted from the database's query log) versus were reused from
//! memoized results, and of those `fn_ptx` executions how many ran LLVM and how many the
//! persistent cache (`--cache-dir`) answered (the database's codegen counters). Also writes
//! nvcc's `-time` CSV table.

use std::io::Write;
use std::time::{Duration, Instant};

use warpc_base::Diagnostic;
use warpc_db::{Compilation, Database};

use crate::args::Emit;
use crate::Outcome;

/// The stages `--stats` reports, in order.
pub const STAGES: [&str; 6] = [
    "preprocess",
    "parse",
    "item tree/def map",
    "check",
    "codegen",
    "assemble",
];

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompileStats {
    /// Wall time of each stage of [`STAGES`] (a stage that did not run is zero).
    pub stages: [Duration; 6],
    pub total: Duration,
    /// Functions whose `fn_ptx` executed (ran LLVM) during this compilation.
    pub functions_compiled: usize,
    /// Emitted functions whose PTX was memoized from an earlier compilation.
    pub functions_reused: usize,
    /// LLVM code generations of one function (a `fn_ptx` execution that missed the persistent
    /// cache, or ran without one).
    pub llvm_runs: usize,
    /// `fn_ptx` executions answered by the persistent cache (`--cache-dir`), and lookups there
    /// that found nothing.
    pub cache_hits: usize,
    pub cache_misses: usize,
}

impl CompileStats {
    /// The `--stats` report: one line per stage, then the function counts.
    pub fn render(&self, out: &mut dyn Write) {
        let _ = writeln!(out, "warpc: stats:");
        for (name, time) in STAGES.iter().zip(self.stages) {
            let _ = writeln!(out, "  {name:<18} {:>9.2} ms", time.as_secs_f64() * 1e3);
        }
        let _ = writeln!(out, "  {:<18} {:>9.2} ms", "total", self.total.as_secs_f64() * 1e3);
        let _ = writeln!(
            out,
            "  functions compiled {}, reused {}",
            self.functions_compiled, self.functions_reused
        );
        let _ = writeln!(
            out,
            "  llvm codegens {}, cache hits {}, misses {}",
            self.llvm_runs, self.cache_hits, self.cache_misses
        );
    }

    /// NVRTC's `-time` table for `program`: the header `File name, phase name, metric, unit`, then
    /// one `program, phase, milliseconds, ms` row per stage of [`STAGES`], in whole milliseconds as
    /// NVRTC 13.5 prints them (so scripts parsing NVRTC's table parse warpc's).
    pub fn nvrtc_time_rows(&self, program: &str) -> String {
        STAGES
            .iter()
            .zip(self.stages)
            .map(|(name, time)| format!("{program}, {name}, {}, ms\n", time.as_millis()))
            .collect()
    }

    /// `-time FILE`: appends nvcc's CSV timing table to `file` (`-`: `stdout`), with the column
    /// headings first when the file is new or empty. One row per stage, then the total as nvcc's
    /// driver row.
    pub fn write_time_csv(
        &self,
        file: &str,
        input: &str,
        output: &str,
        arch: &str,
        stdout: &mut dyn Write,
    ) -> std::io::Result<()> {
        let arch = arch.replace("sm_", "compute_");
        let mut text = String::new();
        let empty = file == "-" || std::fs::metadata(file).map_or(true, |m| m.len() == 0);
        if empty {
            text +=
                "source file name , phase name , phase input files , phase output file , arch , tool, metric , unit\n";
        }
        for (name, time) in STAGES.iter().zip(self.stages) {
            text += &format!(
                "{input} , {name} , {input} , {output} , {arch} , warpc , {:.4} , ms\n",
                time.as_secs_f64() * 1e3
            );
        }
        text += &format!(
            " , warpc (driver) ,  , {output} ,  , warpc , {:.4} , ms\n",
            self.total.as_secs_f64() * 1e3
        );
        if file == "-" {
            stdout.write_all(text.as_bytes())
        } else {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(file)?
                .write_all(text.as_bytes())
        }
    }
}

/// How many entries of a query log (see [`Database::take_query_log`]) are executions of `query`.
pub fn executions(log: &[String], query: &str) -> usize {
    log.iter()
        .filter(|e| e.strip_prefix(query).is_some_and(|rest| rest.starts_with('(')))
        .count()
}

/// [`crate::compile_existing`], timing each stage and counting `fn_ptx` executions. Enables the
/// database's query log (and drains whatever it held before).
pub fn compile_with_stats(db: &Database, comp: Compilation, emit: Emit) -> (Outcome, CompileStats) {
    db.enable_query_log();
    let _ = db.take_query_log();
    let counts_before = db.codegen_counts();
    let mut stats = CompileStats::default();
    let start = Instant::now();
    let mut stage = |i: usize, f: &mut dyn FnMut()| {
        let t = Instant::now();
        f();
        stats.stages[i] += t.elapsed();
    };
    stage(0, &mut || {
        warpc_db::preprocess(db, comp);
    });
    stage(1, &mut || {
        warpc_db::parse(db, comp);
    });
    stage(2, &mut || {
        warpc_db::item_tree_with_source_map(db, comp);
        warpc_db::def_map(db, comp);
    });
    let mut diagnostics = Vec::new();
    stage(3, &mut || {
        diagnostics = warpc_db::diagnostics(db, comp).clone();
    });
    let mut output = None;
    if !diagnostics.iter().any(Diagnostic::is_error) {
        match emit {
            Emit::Llvm => stage(4, &mut || output = Some(warpc_db::module_llvm_ir(db, comp).clone())),
            Emit::Ptx => {
                let mut failed = false;
                stage(4, &mut || {
                    warpc_db::prefetch_ptx(db, comp);
                    let cg = warpc_db::codegen_diagnostics(db, comp);
                    failed = cg.iter().any(Diagnostic::is_error);
                    diagnostics.extend(cg);
                });
                if !failed {
                    stage(5, &mut || output = Some(warpc_db::module_ptx(db, comp).ptx.clone()));
                }
            }
        }
    }
    stats.total = start.elapsed();
    let log = db.take_query_log();
    stats.functions_compiled = executions(&log, "fn_ptx");
    let counts = db.codegen_counts() - counts_before;
    (stats.llvm_runs, stats.cache_hits, stats.cache_misses) =
        (counts.llvm_runs, counts.cache_hits, counts.cache_misses);
    if emit == Emit::Ptx && output.is_some() {
        stats.functions_reused = warpc_db::emitted_functions(db, comp)
            .len()
            .saturating_sub(stats.functions_compiled);
    }
    (Outcome { diagnostics, output }, stats)
}
