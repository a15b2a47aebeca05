//! `cargo xtask difftest`: differential execution of the conformance and testdata kernels.
//!
//! - `cargo xtask difftest [ARGS]`: in the PTX emulator (warpc's PTX vs NVRTC's on identical
//!   inputs, plus Rust reference checks): runs `cargo test -p warpc-difftest --test difftest --
//!   --nocapture ARGS`, which prints the results tables.
//! - `cargo xtask difftest --export DIR`: the same, and writes the GPU bundle (PTX modules,
//!   launch specs, inputs, the emulator's outputs) to `DIR/<suite>/bundle.json`.
//! - `cargo xtask difftest --gpu [--bundle DIR] [--dry-run] [--time N]`: runs the bundle on a real GPU with
//!   `python3 xtask/difftest_gpu.py` (CUDA driver API through ctypes): warpc's PTX against
//!   NVRTC's, and NVRTC's against the emulator. Without `--bundle`, the bundle is exported to
//!   `target/difftest-gpu` first (which needs the NVIDIA oracles, not a GPU); with `--bundle`, a
//!   bundle exported elsewhere (e.g. on a machine without a GPU) is used as is. `--time N` also
//!   times every launch (N launches of each module, CUDA events) and prints warpc/NVRTC ratios.

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use crate::util::{self, Ctx, Result};

pub fn run(ctx: &Ctx, args: &[String]) -> Result<ExitCode> {
    let mut gpu = false;
    let mut dry_run = false;
    let mut time: Option<String> = None;
    let mut export: Option<PathBuf> = None;
    let mut bundle: Option<PathBuf> = None;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--gpu" => gpu = true,
            "--dry-run" => dry_run = true,
            "--time" => {
                let n = it
                    .next()
                    .filter(|n| n.parse::<u32>().is_ok_and(|n| n > 0))
                    .ok_or("difftest: --time needs a number of launches")?;
                time = Some(n.clone());
            }
            "--export" | "--bundle" => {
                let dir = it.next().ok_or_else(|| format!("difftest: {a} needs a directory"))?;
                let dir = std::env::current_dir().map_err(|e| e.to_string())?.join(dir);
                if a == "--export" {
                    export = Some(dir);
                } else {
                    bundle = Some(dir);
                }
            }
            _ => rest.push(a.clone()),
        }
    }
    if dry_run && !gpu {
        return Err("difftest: --dry-run goes with --gpu".into());
    }
    if time.is_some() && !gpu {
        return Err("difftest: --time goes with --gpu".into());
    }
    if bundle.is_some() && !gpu {
        return Err("difftest: --bundle goes with --gpu (use --export to write one)".into());
    }
    if gpu && bundle.is_none() && export.is_none() {
        export = Some(ctx.root.join("target/difftest-gpu"));
    }
    if bundle.is_none() {
        crate::setup::run(ctx)?;
        let mut command = ctx.cargo();
        command
            .args([
                "test",
                "-p",
                "warpc-difftest",
                "--test",
                "difftest",
                "--",
                "--nocapture",
            ])
            .args(&rest);
        if let Some(dir) = &export {
            command.env("WARPC_DIFFTEST_EXPORT", dir);
        }
        eprintln!(
            "difftest: cargo test -p warpc-difftest --test difftest -- --nocapture {}{}",
            rest.join(" "),
            export
                .as_ref()
                .map(|d| format!(" (bundle to {})", d.display()))
                .unwrap_or_default()
        );
        let status = command.status().map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            if gpu {
                eprintln!("difftest: the emulator difftest failed; the GPU run needs its bundle, stopping");
            }
            return Ok(util::exit_code(status));
        }
    }
    if !gpu {
        return Ok(ExitCode::SUCCESS);
    }
    let dir = bundle.or(export).expect("a bundle directory");
    let script = ctx.root.join("xtask/difftest_gpu.py");
    let mut command = Command::new("python3");
    command.arg(&script);
    if dry_run {
        command.arg("--dry-run");
    }
    if let Some(n) = &time {
        command.args(["--time", n]);
    }
    command.arg(&dir);
    eprintln!(
        "difftest: python3 {}{} {}",
        util::rel(ctx, &script),
        if dry_run { " --dry-run" } else { "" },
        dir.display()
    );
    let status = command.status().map_err(|e| format!("cannot run python3: {e}"))?;
    Ok(util::exit_code(status))
}
