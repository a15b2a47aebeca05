//! The `warpc` binary: see the crate library for the driver.

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let status = warpc_driver::run(&argv, &mut std::io::stdout().lock(), &mut std::io::stderr().lock());
    std::process::exit(status);
}
