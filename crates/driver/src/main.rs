//! The `warpc` binary: see the crate library for the driver. `warpc emu ...` runs a PTX kernel
//! in the CPU emulator instead (see `emu.rs`); `warpc lsp` runs the language server over stdio
//! (crates/lsp).

mod emu;

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let status = if argv.first().map(String::as_str) == Some("lsp") {
        lsp()
    } else if argv.first().map(String::as_str) == Some("emu") {
        emu::run(&argv[1..], &mut std::io::stdout().lock(), &mut std::io::stderr().lock())
    } else {
        warpc_driver::run(&argv, &mut std::io::stdout().lock(), &mut std::io::stderr().lock())
    };
    std::process::exit(status);
}

/// `warpc lsp`: the language server, with libdevice and ptxas as the CLI finds them.
fn lsp() -> i32 {
    let libdevice = warpc_driver::find_libdevice(None)
        .and_then(|p| std::fs::read(p).ok())
        .map(std::sync::Arc::from);
    warpc_lsp::run_stdio(warpc_lsp::Config {
        libdevice,
        ptxas: warpc_driver::find_ptxas(),
        builtin_dir: None,
    })
}
