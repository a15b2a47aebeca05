//! Uniquely named temporary files that are removed when dropped.
//!
//! The oracles are command-line tools that read and write files; tests run them from many threads
//! (and several test processes run at once), so every file gets a name made of the process id, a
//! per-process counter and the clock.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A path in `std::env::temp_dir()` that nobody else uses; the file (if any) is removed on drop.
pub(crate) struct TempPath {
    path: PathBuf,
}

impl TempPath {
    /// A fresh, not yet existing path ending in `suffix` (e.g. `".ptx"`).
    pub(crate) fn new(suffix: &str) -> TempPath {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let name = format!("warpc-testkit-{}-{n}-{nanos:09}{suffix}", std::process::id());
        TempPath {
            path: std::env::temp_dir().join(name),
        }
    }

    /// A fresh path holding `contents`.
    pub(crate) fn with_contents(suffix: &str, contents: &[u8]) -> Result<TempPath, String> {
        let tmp = TempPath::new(suffix);
        std::fs::write(&tmp.path, contents).map_err(|e| format!("cannot write {}: {e}", tmp.path.display()))?;
        Ok(tmp)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempPath {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_files_are_removed() {
        let a = TempPath::with_contents(".txt", b"a").unwrap();
        let b = TempPath::new(".txt");
        assert_ne!(a.path(), b.path());
        let kept = a.path().to_path_buf();
        assert!(kept.exists());
        drop(a);
        assert!(!kept.exists());
    }
}
