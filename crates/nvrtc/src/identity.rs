//! Where this library lives: its file (found in `/proc/self/maps` by the address of one of its
//! functions), which salts the persistent cache's entry names as the executable's identity does
//! for the CLI (a rebuilt library never reads its predecessor's entries), and the repository's
//! oracle toolkit next to it (`<repo>/target/<profile>/` -> `<repo>/.cache/nvidia/cu13`).

use std::path::PathBuf;
use std::sync::OnceLock;

use warpc_db::cache::{Fingerprint, StableHasher};

/// The file this code was loaded from (the `.so`, or the test executable for the rlib).
pub fn library_path() -> Option<PathBuf> {
    static PATH: OnceLock<Option<PathBuf>> = OnceLock::new();
    PATH.get_or_init(|| {
        let here = library_path as fn() -> Option<PathBuf> as usize;
        let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
        maps.lines().find_map(|line| {
            let mut fields = line.split_whitespace();
            let (lo, hi) = fields.next()?.split_once('-')?;
            let (lo, hi) = (usize::from_str_radix(lo, 16).ok()?, usize::from_str_radix(hi, 16).ok()?);
            let path = fields.nth(4)?;
            (lo <= here && here < hi && path.starts_with('/')).then(|| PathBuf::from(path))
        })
    })
    .clone()
    .or_else(|| std::env::current_exe().ok())
}

/// Length and modification time of [`library_path`], with warpc's version.
pub fn library_fingerprint() -> Fingerprint {
    let mut h = StableHasher::new();
    h.str(env!("CARGO_PKG_VERSION"));
    if let Some(meta) = library_path().and_then(|p| std::fs::metadata(p).ok()) {
        h.u64(meta.len());
        if let Some(t) = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        {
            h.u64(t.as_secs()).u64(u64::from(t.subsec_nanos()));
        }
    }
    h.finish()
}

/// `<repo>/.cache/nvidia/cu13` when this library was built in a warpc checkout (the folder
/// `cargo xtask setup` fills), looked up from the library's own folder and its parents.
pub fn repo_toolkit() -> Option<PathBuf> {
    let lib = std::fs::canonicalize(library_path()?).ok()?;
    lib.ancestors()
        .skip(1)
        .take(5)
        .map(|d| d.join(".cache/nvidia/cu13"))
        .find(|p| p.is_dir())
}
