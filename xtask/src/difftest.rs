//! `cargo xtask difftest`: differential execution of the conformance kernels in the PTX emulator
//! (warpc's PTX vs NVRTC's PTX on identical inputs, plus Rust reference checks); runs
//! `cargo test -p warpc-ptx-emu --test difftest -- --nocapture`, which prints the results table.
//! Extra arguments are passed to the test binary.

use std::process::ExitCode;

use crate::util::{self, Ctx, Result};

pub fn run(ctx: &Ctx, args: &[String]) -> Result<ExitCode> {
    crate::setup::run(ctx)?;
    if args.iter().any(|a| a == "--gpu") {
        return Err(
            "difftest --gpu (running on a real GPU through the CUDA driver) is not implemented yet"
                .into(),
        );
    }
    let mut command = ctx.cargo();
    command
        .args([
            "test",
            "-p",
            "warpc-ptx-emu",
            "--test",
            "difftest",
            "--",
            "--nocapture",
        ])
        .args(args);
    eprintln!(
        "difftest: cargo test -p warpc-ptx-emu --test difftest -- --nocapture {}",
        args.join(" ")
    );
    let status = command
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    Ok(util::exit_code(status))
}
