//! `cargo xtask bench`: cold compile time of warpc against NVRTC and `nvcc -ptx`.
//!
//! For each file of `conformance/c`, every compiler runs once to warm the page cache and then
//! `--runs` times (default 5); the table shows the medians and the ratios warpc/NVRTC and
//! warpc/nvcc, with their geometric means at the bottom (the cold-compile bar of DESIGN.md
//! section 4 is warpc/NVRTC < 1).
//!
//! What is timed: warpc and nvcc as whole processes (wall clock, start-up included, as a build
//! system sees them); NVRTC in this process, `nvrtcCompileProgram` alone (library loading and
//! program creation excluded), which is how JIT users see it and the harder bar for warpc.
//! This is a measurement, not a test: its exit status only reports whether it ran.

use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use warpc_testkit::{conformance_files, Oracles};

use crate::setup;
use crate::table::{geomean, Align, Table};
use crate::util::{first_error_line, Ctx, Opts, Result};

pub fn run(ctx: &Ctx, args: &[String]) -> Result<ExitCode> {
    let opts = Opts::parse(args)?;
    setup::run(ctx)?;
    let oracles = ctx.oracles()?;
    let warpc = opts
        .warpc(ctx)
        .map_err(|e| eprintln!("bench: warpc unavailable ({e})"))
        .ok();
    let files = conformance_files("c");
    if files.is_empty() {
        return Err("no conformance/c files found (set WARPC_SHARED_DIR)".to_string());
    }
    let out = std::env::temp_dir().join(format!("xtask-bench-{}.ptx", std::process::id()));
    let arch_flag = format!("-arch={}", opts.arch);
    eprintln!(
        "bench: {} files, arch {}, median of {} runs",
        files.len(),
        opts.arch,
        opts.runs
    );

    let mut table = Table::new(&[
        ("file", Align::Left),
        ("warpc ms", Align::Right),
        ("nvrtc ms", Align::Right),
        ("nvcc ms", Align::Right),
        ("warpc/nvrtc", Align::Right),
        ("warpc/nvcc", Align::Right),
        ("note", Align::Left),
    ]);
    let (mut vs_nvrtc, mut vs_nvcc) = (Vec::new(), Vec::new());
    for path in &files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        eprintln!("bench: {name}");
        let mut notes = Vec::new();
        let ours = match &warpc {
            None => None,
            Some(warpc) => {
                let mut command = Command::new(warpc);
                command
                    .arg(&arch_flag)
                    .args(["-O3", "--ptx"])
                    .arg(path)
                    .arg("-o")
                    .arg(&out);
                time_process(&mut command, opts.runs)
                    .map_err(|e| notes.push(format!("warpc: {e}")))
                    .ok()
            }
        };
        let nvrtc = time_nvrtc(&oracles, path, &arch_flag, opts.runs)
            .map_err(|e| notes.push(format!("nvrtc: {e}")))
            .ok();
        let mut command = oracles.command(&oracles.nvcc);
        command
            .args(["-ptx", &arch_flag])
            .arg(path)
            .arg("-o")
            .arg(&out);
        let nvcc = time_process(&mut command, opts.runs)
            .map_err(|e| notes.push(format!("nvcc: {e}")))
            .ok();

        let ratio = |a: Option<Duration>, b: Option<Duration>, all: &mut Vec<f64>| match (a, b) {
            (Some(a), Some(b)) if !b.is_zero() => {
                let r = a.as_secs_f64() / b.as_secs_f64();
                all.push(r);
                format!("{r:.2}")
            }
            _ => "-".to_string(),
        };
        table.row(vec![
            name,
            ms(ours),
            ms(nvrtc),
            ms(nvcc),
            ratio(ours, nvrtc, &mut vs_nvrtc),
            ratio(ours, nvcc, &mut vs_nvcc),
            notes.join("; "),
        ]);
    }
    let _ = std::fs::remove_file(&out);
    table.footer();
    let mean = |v: &[f64]| geomean(v).map_or("-".to_string(), |g| format!("{g:.2}"));
    table.row(vec![
        "geomean".into(),
        String::new(),
        String::new(),
        String::new(),
        mean(&vs_nvrtc),
        mean(&vs_nvcc),
        format!("over {} / {} files", vs_nvrtc.len(), vs_nvcc.len()),
    ]);
    print!("{}", table.render());
    Ok(ExitCode::SUCCESS)
}

fn ms(d: Option<Duration>) -> String {
    d.map_or("-".to_string(), |d| format!("{:.1}", d.as_secs_f64() * 1e3))
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Median wall time of `runs` runs of `command` after one warm-up run; the first failure is an
/// error with the command's first error line.
fn time_process(command: &mut Command, runs: usize) -> std::result::Result<Duration, String> {
    command.stdout(Stdio::null()).stderr(Stdio::piped());
    let mut samples = Vec::with_capacity(runs);
    for i in 0..=runs {
        let start = Instant::now();
        let output = command.output().map_err(|e| format!("cannot run: {e}"))?;
        let elapsed = start.elapsed();
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            return Err(if stderr.trim().is_empty() {
                output.status.to_string()
            } else {
                first_error_line(&stderr)
            });
        }
        if i > 0 {
            samples.push(elapsed);
        }
    }
    Ok(median(samples))
}

/// Median `nvrtcCompileProgram` time. NVRTC has no `<cstdio>`; an empty stand-in is enough
/// because device `printf` is built in.
fn time_nvrtc(
    oracles: &Oracles,
    path: &Path,
    arch_flag: &str,
    runs: usize,
) -> std::result::Result<Duration, String> {
    let source = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let headers: &[(&str, &str)] = if source.contains("<cstdio>") {
        &[("cstdio", "")]
    } else {
        &[]
    };
    let mut samples = Vec::with_capacity(runs);
    for i in 0..=runs {
        let output = oracles
            .nvrtc_compile(&source, &name, &[arch_flag], headers)
            .map_err(|e| first_error_line(&e))?;
        if i > 0 {
            samples.push(output.compile_time);
        }
    }
    Ok(median(samples))
}
