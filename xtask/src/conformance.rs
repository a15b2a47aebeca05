//! `cargo xtask conformance`: warpc against NVIDIA's compilers on the shared conformance corpus.
//!
//! For every `.cu` in `<shared>/conformance/{c,cxx,program}` this compiles the file with the
//! release `warpc` and with the reference (NVRTC in process; `nvcc -ptx` for `program/` and for
//! files that include `<cstdio>`, which NVRTC lacks, or when NVRTC fails), assembles both with
//! `ptxas -v`, disassembles both with `nvdisasm`, and prints one row per kernel: whether ptxas
//! accepted our PTX, registers, spill bytes and SASS instructions (ours/ref), then totals and
//! geometric means of the ours/ref ratios (the code-quality bar of DESIGN.md section 4).
//!
//! warpc failing on a file is a row with its error, never a crash of this command. The exit
//! status is 0 only when warpc compiled every file and ptxas accepted every result.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use warpc_testkit::{conformance_files, ptx_entries, shared_dir, Oracles, PtxasReport, Sass};

use crate::setup;
use crate::table::{geomean_cell, Align, Table};
use crate::util::{first_error_line, shorten, Ctx, Opts, Result};

/// The corpus directories compiled to PTX (`errors/` holds files that must fail).
const SUBDIRS: [&str; 3] = ["c", "cxx", "program"];

/// ptxas and nvdisasm figures of one PTX module.
struct Stats {
    /// Kernel names in the order the PTX defines them (ptxas reports them in reverse).
    kernels: Vec<String>,
    report: PtxasReport,
    sass: Option<Sass>,
}

impl Stats {
    fn of(oracles: &Oracles, ptx: &str, arch: &str) -> std::result::Result<Stats, String> {
        let report = oracles.ptxas(ptx, arch)?;
        let sass = oracles.sass(ptx, arch).ok();
        let mut kernels: Vec<String> = ptx_entries(ptx).into_iter().map(|e| e.name).collect();
        for f in report.entries() {
            if !kernels.contains(&f.name) {
                kernels.push(f.name.clone());
            }
        }
        Ok(Stats { kernels, report, sass })
    }

    fn sass_of(&self, kernel: &str) -> Option<u32> {
        self.sass.as_ref()?.function(kernel).map(|f| f.instructions)
    }
}

/// What became of warpc's side of one file.
enum Ours {
    NotBuilt,
    CompileFailed(String),
    PtxasRejected(String),
    Ok(Stats),
}

/// Both sides of one file.
pub(crate) struct FileResult {
    file: String,
    ours: Ours,
    reference: std::result::Result<Stats, String>,
    /// How the reference was produced ("nvrtc" or "nvcc").
    reference_tool: &'static str,
}

pub fn run(ctx: &Ctx, args: &[String]) -> Result<ExitCode> {
    let opts = Opts::parse(args)?;
    setup::run(ctx)?;
    let oracles = ctx.oracles()?;
    let warpc = match opts.warpc(ctx) {
        Ok(path) => Some(path),
        Err(e) => {
            eprintln!("conformance: warpc unavailable ({e}); showing the reference side only");
            None
        }
    };

    let files: Vec<(&str, PathBuf)> = SUBDIRS
        .iter()
        .flat_map(|sub| conformance_files(sub).into_iter().map(move |p| (*sub, p)))
        .collect();
    if files.is_empty() {
        return Err(format!(
            "no conformance files under {}/conformance (set WARPC_SHARED_DIR)",
            shared_dir().display()
        ));
    }
    eprintln!("conformance: {} files, arch {}", files.len(), opts.arch);

    let results = parallel_map(&files, |(sub, path)| {
        check_file(&oracles, warpc.as_deref(), sub, path, &opts.arch)
    });
    let (table, summary, all_ok) = report(&results);
    print!("{}", table.render());
    println!("{summary}");
    Ok(if all_ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

pub(crate) fn check_file(oracles: &Oracles, warpc: Option<&Path>, sub: &str, path: &Path, arch: &str) -> FileResult {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = format!("{sub}/{name}");
    let (reference, reference_tool) = match reference_ptx(oracles, sub, path, arch) {
        Ok((ptx, tool)) => (Stats::of(oracles, &ptx, arch).map_err(|e| format!("ptxas: {e}")), tool),
        Err(e) => (Err(e), "-"),
    };
    let ours = match warpc {
        None => Ours::NotBuilt,
        Some(warpc) => match compile_ours(warpc, path, arch) {
            Err(e) => Ours::CompileFailed(e),
            Ok(ptx) => match Stats::of(oracles, &ptx, arch) {
                Ok(stats) => Ours::Ok(stats),
                Err(e) => Ours::PtxasRejected(e),
            },
        },
    };
    FileResult {
        file,
        ours,
        reference,
        reference_tool,
    }
}

/// `warpc -arch=<arch> -O3 --ptx <path> -o -`: the PTX, or the first error line.
fn compile_ours(warpc: &Path, path: &Path, arch: &str) -> std::result::Result<String, String> {
    let output = Command::new(warpc)
        .arg(format!("-arch={arch}"))
        .args(["-O3", "--ptx"])
        .arg(path)
        .args(["-o", "-"])
        .output()
        .map_err(|e| format!("cannot run warpc: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        let detail = if stderr.trim().is_empty() {
            output.status.to_string()
        } else {
            first_error_line(&stderr)
        };
        return Err(detail);
    }
    let ptx = String::from_utf8_lossy(&output.stdout).into_owned();
    if ptx.trim().is_empty() {
        return Err("warpc printed no PTX".to_string());
    }
    Ok(ptx)
}

/// The reference PTX and the tool that made it.
fn reference_ptx(
    oracles: &Oracles,
    sub: &str,
    path: &Path,
    arch: &str,
) -> std::result::Result<(String, &'static str), String> {
    let arch_flag = format!("-arch={arch}");
    let nvcc = || {
        oracles
            .nvcc_ptx(path, &[&arch_flag])
            .map(|ptx| (ptx, "nvcc"))
            .map_err(|e| format!("nvcc: {}", first_error_line(&e)))
    };
    let source = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    if sub == "program" || source.contains("<cstdio>") {
        return nvcc();
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match oracles.nvrtc_ptx(&source, &name, &[&arch_flag]) {
        Ok(ptx) => Ok((ptx, "nvrtc")),
        Err(nvrtc_error) => nvcc().map_err(|e| format!("nvrtc: {}; {e}", first_error_line(&nvrtc_error))),
    }
}

/// Renders the results: the table, a one-paragraph summary, and whether everything passed.
pub(crate) fn report(results: &[FileResult]) -> (Table, String, bool) {
    let mut table = Table::new(&[
        ("file", Align::Left),
        ("kernel", Align::Left),
        ("ptxas", Align::Left),
        ("regs ours/ref", Align::Right),
        ("spills ours/ref", Align::Right),
        ("sass ours/ref", Align::Right),
        ("ref", Align::Left),
        ("note", Align::Left),
    ]);
    let (mut compiled, mut accepted, mut spill_regressions, mut missing) = (0, 0, 0, 0);
    let (mut regs, mut spills, mut sass) = ((0u64, 0u64), (0u64, 0u64), (0u64, 0u64));
    let (mut reg_ratios, mut sass_ratios) = (Vec::new(), Vec::new());
    let mut kernels = 0;

    for result in results {
        let ours_stats = match &result.ours {
            Ours::Ok(stats) => Some(stats),
            _ => None,
        };
        if matches!(result.ours, Ours::Ok(_) | Ours::PtxasRejected(_)) {
            compiled += 1;
        }
        if ours_stats.is_some() {
            accepted += 1;
        }
        let ref_stats = result.reference.as_ref().ok();
        let mut names: Vec<String> = Vec::new();
        for stats in [ref_stats, ours_stats].into_iter().flatten() {
            for name in &stats.kernels {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
        let mut file_note = match (&result.ours, &result.reference) {
            (Ours::NotBuilt, _) => "warpc not built".to_string(),
            (Ours::CompileFailed(e), _) => format!("warpc: {e}"),
            (Ours::PtxasRejected(e), _) => format!("ptxas: {}", first_error_line(e)),
            (Ours::Ok(_), Err(e)) => format!("ref: {e}"),
            (Ours::Ok(_), Ok(_)) => String::new(),
        };
        if let (Err(e), false) = (&result.reference, matches!(result.ours, Ours::Ok(_))) {
            file_note = format!("{file_note}; ref: {e}");
        }
        let ptxas_cell = match result.ours {
            Ours::Ok(_) => "ok",
            Ours::PtxasRejected(_) => "FAIL",
            _ => "-",
        };
        if names.is_empty() {
            table.row(vec![
                result.file.clone(),
                "-".into(),
                ptxas_cell.into(),
                "-".into(),
                "-".into(),
                "-".into(),
                result.reference_tool.into(),
                shorten(&file_note, 100),
            ]);
            continue;
        }
        for (i, name) in names.iter().enumerate() {
            kernels += 1;
            let ours = ours_stats.and_then(|s| s.report.function(name));
            let reference = ref_stats.and_then(|s| s.report.function(name));
            let ours_sass = ours_stats.and_then(|s| s.sass_of(name));
            let ref_sass = ref_stats.and_then(|s| s.sass_of(name));
            let mut note = if i == 0 { file_note.clone() } else { String::new() };
            if ours_stats.is_some() && ref_stats.is_some() {
                match (ours, reference) {
                    (None, Some(_)) => {
                        missing += 1;
                        note = join_note(note, "missing in ours");
                    }
                    (Some(_), None) => note = join_note(note, "not in ref"),
                    _ => {}
                }
            }
            if let (Some(o), Some(r)) = (ours, reference) {
                regs = (regs.0 + u64::from(o.registers), regs.1 + u64::from(r.registers));
                spills = (spills.0 + u64::from(o.spills()), spills.1 + u64::from(r.spills()));
                if o.registers > 0 && r.registers > 0 {
                    reg_ratios.push(f64::from(o.registers) / f64::from(r.registers));
                }
                if o.spills() > 0 && r.spills() == 0 {
                    spill_regressions += 1;
                    note = join_note(note, "spills where ref does not");
                }
                if let (Some(os), Some(rs)) = (ours_sass, ref_sass) {
                    sass = (sass.0 + u64::from(os), sass.1 + u64::from(rs));
                    if os > 0 && rs > 0 {
                        sass_ratios.push(f64::from(os) / f64::from(rs));
                    }
                }
            }
            let pair = |a: Option<u32>, b: Option<u32>| format!("{}/{}", opt(a), opt(b));
            table.row(vec![
                if i == 0 { result.file.clone() } else { String::new() },
                name.clone(),
                ptxas_cell.into(),
                pair(ours.map(|f| f.registers), reference.map(|f| f.registers)),
                pair(ours.map(|f| f.spills()), reference.map(|f| f.spills())),
                pair(ours_sass, ref_sass),
                if i == 0 {
                    result.reference_tool.into()
                } else {
                    String::new()
                },
                shorten(&note, 100),
            ]);
        }
    }

    let files = results.len();
    table.footer();
    table.row(vec![
        format!("total ({files} files)"),
        format!("{kernels} kernels"),
        format!("{accepted}/{files}"),
        format!("{}/{}", regs.0, regs.1),
        format!("{}/{}", spills.0, spills.1),
        format!("{}/{}", sass.0, sass.1),
        String::new(),
        "sums over kernels both sides compiled".into(),
    ]);
    let ratio = |values: &[f64]| geomean_cell(values, 3);
    table.row(vec![
        "geomean ours/ref".into(),
        String::new(),
        String::new(),
        ratio(&reg_ratios),
        String::new(),
        ratio(&sass_ratios),
        String::new(),
        format!("over {} kernels", reg_ratios.len()),
    ]);

    let summary = format!(
        "\nwarpc compiled {compiled}/{files} files; ptxas accepted {accepted}/{files}; \
         kernels missing: {missing}; kernels spilling where the reference does not: {spill_regressions}"
    );
    let all_ok = files > 0 && accepted == files && missing == 0;
    (table, summary, all_ok)
}

fn opt(value: Option<u32>) -> String {
    value.map_or("-".to_string(), |v| v.to_string())
}

fn join_note(note: String, more: &str) -> String {
    if note.is_empty() {
        more.to_string()
    } else {
        format!("{note}; {more}")
    }
}

/// `f` over `items` on all cores, results in input order.
pub(crate) fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let result = f(item);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every item was processed"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_map_keeps_order() {
        let items: Vec<u32> = (0..50).collect();
        assert_eq!(
            parallel_map(&items, |x| x * 2),
            items.iter().map(|x| x * 2).collect::<Vec<_>>()
        );
    }
}
