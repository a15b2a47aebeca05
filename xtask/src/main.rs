//! `cargo xtask`: project automation for warpc (the rust-analyzer "xtask" pattern: plain Rust
//! instead of shell scripts, run through the `xtask` alias in `.cargo/config.toml`).
//!
//! Commands:
//! - `setup`: install what the build and the tests need when missing (LLVM 22 from apt, NVIDIA's
//!   oracles and the CCCL/cuRAND/cuBLAS/cuFFT/cuSPARSE headers from PyPI wheels into
//!   `.cache/nvidia`); idempotent.
//! - `example`: compile `testdata/examples/saxpy.cu` with a release `warpc` and print the PTX.
//! - `test [ARGS]`: `cargo test --workspace [ARGS]`: the project's one test command.
//! - `conformance`: compile the shared conformance corpus with warpc and with NVIDIA's compilers
//!   and print a table of ptxas validity, registers, spills and SASS size.
//! - `bench`: cold compile times of warpc, NVRTC and `nvcc -ptx` on the corpus (and on the
//!   real-header programs warpc compiles).
//! - `difftest`: differential execution of the corpus in the PTX emulator (`crates/difftest`).
//!
//! Every command exports `WARPC_CUDA_DIR=<repo>/.cache/nvidia/cu13` to the processes it starts,
//! so tests and `warpc -v` find the oracles.

mod bench;
mod bench_lsp;
mod bench_nvrtc;
mod conformance;
mod corpus;
mod difftest;
mod editors;
mod setup;
mod table;
mod util;

use std::process::ExitCode;

use util::{Ctx, Result};

const HELP: &str = "\
usage: cargo xtask <command> [args]

commands:
  setup                 install LLVM 22 (apt), the NVIDIA oracles and the CUDA library headers (PyPI wheels) when missing
  example               build warpc (release) and print the PTX of testdata/examples/saxpy.cu
  test [ARGS...]        setup, `cargo test --workspace ARGS...`, then the editor integrations
                        (VS Code extension build/lint/package, Neovim LSP client test)
  conformance [OPTS]    warpc vs NVRTC/nvcc on ../shared/conformance: ptxas, registers, spills, SASS
  bench [OPTS]          warpc vs NVRTC vs nvcc -ptx: cold compile of conformance/c, a 200-kernel
                        file cold and after a one-kernel edit (watch and disk cache), peak
                        memory, registers/spills/SASS per kernel, large kernels (testdata/perf:
                        registers/spills/stack/SASS vs NVRTC and nvcc), the real-header programs
                        vs nvcc, warpc's NVRTC library vs NVRTC (cold, and warm cache in a
                        second process), the language server; `--large-only`, `--real-only`,
                        `--nvrtc-lib-only` and `--lsp-only` run one part
  difftest [--export DIR | --gpu [--bundle DIR] [--dry-run] [--time N]] [ARGS...]
                        run conformance kernels compiled by warpc and NVRTC in the PTX emulator
  corpus [OPTS]         compile CuPy's CUDA headers (PyPI wheel, .cache/corpus) with warpc; report counts

options of conformance and bench:
  --arch sm_XX          target architecture (default sm_90)
  --warpc PATH          use this warpc binary instead of building one
  --runs N              (bench) timed runs per compiler and file, median reported (default 5)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprint!("{HELP}");
        return ExitCode::FAILURE;
    };
    let ctx = Ctx::new();
    ctx.export_env();
    let result: Result<ExitCode> = match command.as_str() {
        "setup" => setup::run(&ctx).map(|()| ExitCode::SUCCESS),
        "example" => example(&ctx),
        "test" => test(&ctx, rest),
        "conformance" => conformance::run(&ctx, rest),
        "bench" => bench::run(&ctx, rest),
        "difftest" => difftest::run(&ctx, rest),
        "corpus" => corpus::run(&ctx, rest),
        "help" | "-h" | "--help" => {
            print!("{HELP}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command `{other}`\n\n{HELP}")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask example`: the first thing to run on a fresh machine.
fn example(ctx: &Ctx) -> Result<ExitCode> {
    setup::run(ctx)?;
    let warpc = util::build_warpc(ctx)?;
    let input = ctx.root.join("testdata/examples/saxpy.cu");
    eprintln!("example: warpc -arch=sm_90 -O3 --ptx {} -o -", util::rel(ctx, &input));
    let status = std::process::Command::new(&warpc)
        .args(["-arch=sm_90", "-O3", "--ptx"])
        .arg(&input)
        .args(["-o", "-"])
        .status()
        .map_err(|e| format!("cannot run {}: {e}", warpc.display()))?;
    Ok(util::exit_code(status))
}

/// `cargo xtask test [ARGS]`: setup, then the whole workspace's tests.
fn test(ctx: &Ctx, args: &[String]) -> Result<ExitCode> {
    setup::run(ctx)?;
    // Formatting first (seconds); its failure is reported with the others at the end.
    eprintln!("test: cargo fmt --all --check");
    let fmt = ctx
        .cargo()
        .args(["fmt", "--all", "--check"])
        .status()
        .map_err(|e| format!("cannot run cargo fmt: {e}"))?;
    let mut command = ctx.cargo();
    // --no-fail-fast: one failing test binary must not hide the results of the others.
    command.args(["test", "--workspace", "--no-fail-fast"]).args(args);
    // Keep test runs hermetic: warpc's persistent cache goes under the target directory, not
    // the user's cache directory.
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| ctx.root.join("target"));
    command.env("WARPC_CACHE_DIR", target_dir.join("warpc-test-cache"));
    eprintln!("test: cargo test --workspace --no-fail-fast {}", args.join(" "));
    let status = command.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    // The editor integrations: the VS Code extension (build, lint, package) and the Neovim
    // real-client test, against the debug `warpc` the tests just built.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| ctx.root.join("target"));
    let debug_warpc = target.join("debug/warpc");
    if std::env::var_os("WARPC").is_none() && debug_warpc.exists() {
        std::env::set_var("WARPC", &debug_warpc);
    }
    let editors = editors::run(ctx);
    if let Err(e) = &editors {
        eprintln!("xtask: editors: {e}");
    }
    eprintln!("test: cargo clippy --workspace --all-targets -- -D warnings");
    let clippy = ctx
        .cargo()
        .args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])
        .status()
        .map_err(|e| format!("cannot run cargo clippy: {e}"))?;
    if !fmt.success() {
        eprintln!("xtask: cargo fmt --check failed: run `cargo fmt --all`");
    }
    if !clippy.success() {
        eprintln!("xtask: cargo clippy reported warnings");
    }
    if !status.success() || editors.is_err() || !fmt.success() || !clippy.success() {
        return Ok(ExitCode::FAILURE);
    }
    Ok(util::exit_code(status))
}
