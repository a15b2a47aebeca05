//! The cdylib's soname is NVRTC's (`libnvrtc.so.13`), and only the `nvrtc*` entry points are
//! exported, under NVRTC's symbol version `libnvrtc.so.13` (what programs linked against the real
//! library ask for).
fn main() {
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    let script = std::path::Path::new(&out).join("libnvrtc.map");
    std::fs::write(&script, "libnvrtc.so.13 {\n  global: nvrtc*;\n  local: *;\n};\n").expect("write version script");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libnvrtc.so.13");
        println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={}", script.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
}
