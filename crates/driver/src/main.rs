//! The `warpc` binary: see the crate library for the driver. `warpc emu ...` runs a PTX kernel
//! in the CPU emulator instead (see `emu.rs`).

mod emu;

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let status = if argv.first().map(String::as_str) == Some("emu") {
        emu::run(
            &argv[1..],
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        )
    } else {
        warpc_driver::run(
            &argv,
            &mut std::io::stdout().lock(),
            &mut std::io::stderr().lock(),
        )
    };
    std::process::exit(status);
}
