//! What the NVRTC library's tests share: the built library and a folder that holds it under
//! NVRTC's soname.
#![allow(dead_code)] // each test file uses a part

use std::path::PathBuf;

/// `libwarpc_nvrtc.so` as this test build produced it.
pub fn built_library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let candidates = [
        deps.join("libwarpc_nvrtc.so"),
        deps.parent().unwrap().join("libwarpc_nvrtc.so"),
    ];
    let newest = candidates
        .iter()
        .filter_map(|p| Some((std::fs::metadata(p).ok()?.modified().ok()?, p.clone())))
        .max()
        .map(|(_, p)| p);
    newest.expect("libwarpc_nvrtc.so next to the test executable (cargo builds the cdylib with the tests)")
}

/// A new folder holding only `libnvrtc.so.13` -> the built library: what users put on
/// `LD_LIBRARY_PATH`. The caller removes it.
pub fn soname_folder() -> PathBuf {
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let lib = std::fs::canonicalize(built_library()).unwrap();
    let dir = lib
        .parent()
        .unwrap()
        .join(format!("nvrtc-soname-test-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("libnvrtc.so.13");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&lib, &link).unwrap();
    dir
}

/// The file the code at `addr` was loaded from (`/proc/self/maps`).
pub fn mapped_file(addr: usize) -> Option<PathBuf> {
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    maps.lines().find_map(|line| {
        let mut f = line.split_whitespace();
        let (lo, hi) = f.next()?.split_once('-')?;
        let (lo, hi) = (usize::from_str_radix(lo, 16).ok()?, usize::from_str_radix(hi, 16).ok()?);
        let path = f.nth(4)?;
        (lo <= addr && addr < hi).then(|| PathBuf::from(path))
    })
}
