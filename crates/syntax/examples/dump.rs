//! `cargo run -p warpc-syntax --example dump FILE`: prints the syntax tree of one file (parsed
//! without preprocessing) and its syntax errors. A development aid.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dump FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let parse = warpc_syntax::parse_text(&text);
    print!("{}", parse.debug_dump());
}
