//! The NVRTC-library table of `cargo xtask bench` (alone: `cargo xtask bench --nvrtc-lib-only`):
//! warpc's `libwarpc_nvrtc.so` against the real `libnvrtc.so.13`, both loaded in this process
//! and driven through the same C calls (`warpc_testkit`'s NVRTC binding), per `conformance/c`
//! file. Timed is `nvrtcCompileProgram` alone, median of `--runs` after one warm-up:
//!
//! - cold: warpc's library with `--no-cache` (a fresh database per program, no persistent
//!   cache), against NVRTC; the bar is warpc/NVRTC <= 0.5;
//! - warm, second process: a fresh persistent cache is filled by one compile here, then each
//!   timed sample is the first `nvrtcCompileProgram` of a new process (`bench --nvrtc-lib-warm`)
//!   with that cache, so nothing of this process's memory helps; the bar is NVRTC/warm >= 20.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use warpc_testkit::{conformance_files, Oracles};

use crate::table::{geomean_cell, ratio_cell, Align, Table};
use crate::util::{first_error_line, Ctx, Result};

/// Builds `libwarpc_nvrtc.so` (release) and returns its path.
pub fn build_library(ctx: &Ctx) -> Result<PathBuf> {
    eprintln!("build: cargo build --release -p warpc-nvrtc");
    let output = ctx
        .cargo()
        .args([
            "build",
            "--release",
            "-p",
            "warpc-nvrtc",
            "--message-format=json-render-diagnostics",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        return Err(format!("building warpc-nvrtc failed ({})", output.status));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    stdout
        .lines()
        .filter(|l| l.contains("\"reason\":\"compiler-artifact\""))
        .find_map(|l| {
            let end = l.find("libwarpc_nvrtc.so\"")? + "libwarpc_nvrtc.so".len();
            let start = l[..end].rfind('"')? + 1;
            Some(PathBuf::from(&l[start..end]))
        })
        .ok_or_else(|| "cargo built no libwarpc_nvrtc.so".to_string())
}

/// NVRTC has no `<cstdio>`: an empty stand-in (device `printf` is built in), for both.
fn headers(source: &str) -> &'static [(&'static str, &'static str)] {
    if source.contains("<cstdio>") {
        &[("cstdio", "")]
    } else {
        &[]
    }
}

fn with_library(oracles: &Oracles, lib: &Path) -> Oracles {
    Oracles {
        nvrtc_lib: lib.to_path_buf(),
        ..oracles.clone()
    }
}

/// Median `nvrtcCompileProgram` time of `runs` compiles after a warm-up.
fn median_compile(
    oracles: &Oracles,
    source: &str,
    name: &str,
    options: &[&str],
    runs: usize,
) -> std::result::Result<Duration, String> {
    let mut samples = Vec::new();
    for i in 0..=runs {
        let out = oracles
            .nvrtc_compile(source, name, options, headers(source))
            .map_err(|e| first_error_line(&e))?;
        if i > 0 {
            samples.push(out.compile_time);
        }
    }
    samples.sort();
    Ok(samples[samples.len() / 2])
}

/// The child of the warm measurement: one compile with the cache `dir`, its time on stdout.
pub fn warm_child(ctx: &Ctx, args: &[String]) -> Result<()> {
    let [lib, path, arch_flag, dir] = args else {
        return Err("usage: bench --nvrtc-lib-warm LIB FILE -arch=X DIR".into());
    };
    let oracles = with_library(&ctx.oracles()?, Path::new(lib));
    let source = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let cache = format!("--cache-dir={dir}");
    let out = oracles.nvrtc_compile(&source, "bench.cu", &[arch_flag, &cache], headers(&source))?;
    println!("compile_us={}", out.compile_time.as_micros());
    Ok(())
}

fn warm_sample(lib: &Path, path: &Path, arch_flag: &str, dir: &Path) -> std::result::Result<Duration, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new(exe)
        .args(["bench", "--nvrtc-lib-warm"])
        .arg(lib)
        .arg(path)
        .arg(arch_flag)
        .arg(dir)
        .output()
        .map_err(|e| format!("cannot run the child: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let us: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("compile_us="))
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| first_error_line(&format!("{text}{}", String::from_utf8_lossy(&out.stderr))))?;
    Ok(Duration::from_micros(us))
}

/// The table (see the module comment).
pub fn library_table(oracles: &Oracles, lib: &Path, arch: &str, runs: usize) {
    let ours = with_library(oracles, lib);
    let arch_flag = format!("-arch={arch}");
    let mut table = Table::new(&[
        ("file", Align::Left),
        ("nvrtc ms", Align::Right),
        ("lib cold ms", Align::Right),
        ("cold/nvrtc", Align::Right),
        ("lib warm ms", Align::Right),
        ("nvrtc/warm", Align::Right),
        ("note", Align::Left),
    ]);
    let (mut colds, mut warms) = (Vec::new(), Vec::new());
    let cache_root = std::env::temp_dir().join(format!("xtask-bench-nvrtc-{}", std::process::id()));
    for path in conformance_files("c") {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        eprintln!("bench (nvrtc library): {name}");
        let mut notes = Vec::new();
        let Ok(source) = std::fs::read_to_string(&path) else {
            continue;
        };
        let nvrtc = median_compile(oracles, &source, &name, &[&arch_flag], runs)
            .map_err(|e| notes.push(format!("nvrtc: {e}")))
            .ok();
        let cold = median_compile(&ours, &source, &name, &[&arch_flag, "--no-cache"], runs)
            .map_err(|e| notes.push(format!("warpc: {e}")))
            .ok();
        let dir = cache_root.join(&name);
        let cache = format!("--cache-dir={}", dir.display());
        let warm = ours
            .nvrtc_compile(&source, &name, &[&arch_flag, &cache], headers(&source))
            .map_err(|e| first_error_line(&e))
            .and_then(|_| {
                let mut samples = (0..runs.max(1))
                    .map(|_| warm_sample(lib, &path, &arch_flag, &dir))
                    .collect::<std::result::Result<Vec<_>, _>>()?;
                samples.sort();
                Ok(samples[samples.len() / 2])
            })
            .map_err(|e| notes.push(format!("warm: {e}")))
            .ok();
        let ms = |d: Option<Duration>| d.map_or("-".to_string(), |d| format!("{:.2}", d.as_secs_f64() * 1e3));
        table.row(vec![
            name,
            ms(nvrtc),
            ms(cold),
            ratio_cell(cold, nvrtc, &mut colds),
            ms(warm),
            ratio_cell(nvrtc, warm, &mut warms),
            notes.join("; "),
        ]);
    }
    let _ = std::fs::remove_dir_all(&cache_root);
    table.footer();
    let mean = |v: &[f64]| geomean_cell(v, 2);
    table.row(vec![
        "geomean".into(),
        String::new(),
        String::new(),
        mean(&colds),
        String::new(),
        mean(&warms),
        "bars: cold/nvrtc <= 0.5, nvrtc/warm >= 20".into(),
    ]);
    println!("warpc's NVRTC library (libwarpc_nvrtc.so) vs NVRTC, nvrtcCompileProgram in process, {arch}:");
    print!("{}", table.render());
}
