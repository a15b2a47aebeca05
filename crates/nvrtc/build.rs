//! The cdylib's soname is NVRTC's (`libnvrtc.so.13`), and only the `nvrtc*` entry points are
//! exported, under NVRTC's symbol version `libnvrtc.so.13` (what programs linked against the real
//! library ask for).
//!
//! It also lays out `target/<profile>/nvrtc/` with `libnvrtc.so.13` and `libnvrtc.so` linking to
//! `../libwarpc_nvrtc.so` (which exists once the library is linked): the folder users put first
//! on `LD_LIBRARY_PATH` (see the README).
use std::path::{Path, PathBuf};

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let script = out.join("libnvrtc.map");
    std::fs::write(&script, "libnvrtc.so.13 {\n  global: nvrtc*;\n  local: *;\n};\n").expect("write version script");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libnvrtc.so.13");
        println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={}", script.display());
        // OUT_DIR is <target>/<profile>/build/<pkg>-<hash>/out.
        if let Some(profile_dir) = out.ancestors().nth(3) {
            lay_out_folder(profile_dir);
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}

#[cfg(unix)]
fn lay_out_folder(profile_dir: &Path) {
    let dir = profile_dir.join("nvrtc");
    let _ = std::fs::create_dir_all(&dir);
    for name in ["libnvrtc.so.13", "libnvrtc.so"] {
        let link = dir.join(name);
        if std::fs::symlink_metadata(&link).is_err() {
            let _ = std::os::unix::fs::symlink("../libwarpc_nvrtc.so", &link);
        }
    }
}

#[cfg(not(unix))]
fn lay_out_folder(_: &Path) {}
