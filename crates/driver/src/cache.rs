//! The on-disk, content-addressed cache of per-function PTX (`--cache-dir DIR`, `--no-cache`).
//!
//! The database derives each function's key from its checked IR and what it inlines, the def
//! map, the options, libdevice and warpc's version (`warpc_db::cache`); this module stores the
//! values. Layout: `DIR/v<FORMAT_VERSION>/<2 hex>/<30 hex>`, one file per function, where the
//! name is the key mixed with the identity of the running executable (length and modification
//! time), so a rebuilt warpc never reads its predecessor's entries even at the same version.
//!
//! An entry is a 44-byte header then the payload (`warpc_db::cache::encode_fn_ptx`):
//! magic `WARPCFN\0`, format version (u32 LE), the key (16 bytes), payload length (u64 LE),
//! checksum of the payload (u64 LE). A short, garbled, or mismatched entry is a miss: the function
//! is compiled again and the entry rewritten. Writes go to a temporary file in the same directory
//! and are renamed into place, so readers in other processes see either no entry or a whole one,
//! and concurrent writers of one key (which write identical bytes) are harmless. Nothing is ever
//! evicted; deleting the directory is always safe.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use warpc_db::cache::{
    checksum, decode_fn_ptx, encode_fn_ptx, Fingerprint, FnPtx, PtxStore, StableHasher, FORMAT_VERSION,
};
use warpc_db::Database;

use crate::args::Args;

const MAGIC: &[u8; 8] = b"WARPCFN\0";
const HEADER_LEN: usize = 8 + 4 + 16 + 8 + 8;

/// A directory of cached `FnPtx` entries.
pub struct DiskCache {
    dir: PathBuf,
    salt: Fingerprint,
    corrupt: AtomicUsize,
    written: AtomicUsize,
}

/// Temporary-file names unique within the process (the pid makes them unique across processes).
static TMP_COUNTER: AtomicUsize = AtomicUsize::new(0);

impl DiskCache {
    /// A cache in `dir` (created on the first write) for the running executable.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self::with_salt(dir, exe_identity())
    }

    /// A cache whose entry names mix in `salt` instead of the executable's identity.
    pub fn with_salt(dir: impl Into<PathBuf>, salt: Fingerprint) -> Self {
        DiskCache {
            dir: dir.into(),
            salt,
            corrupt: AtomicUsize::new(0),
            written: AtomicUsize::new(0),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Entries found unreadable or corrupt (and recomputed) so far.
    pub fn corrupt_entries(&self) -> usize {
        self.corrupt.load(Ordering::Relaxed)
    }

    /// Entries written so far.
    pub fn written_entries(&self) -> usize {
        self.written.load(Ordering::Relaxed)
    }

    fn file_key(&self, key: Fingerprint) -> Fingerprint {
        StableHasher::new().fingerprint(self.salt).fingerprint(key).finish()
    }

    /// The file of `key`.
    pub fn entry_path(&self, key: Fingerprint) -> PathBuf {
        let hex = self.file_key(key).to_hex();
        self.dir
            .join(format!("v{FORMAT_VERSION}"))
            .join(&hex[..2])
            .join(&hex[2..])
    }

    fn read(&self, key: Fingerprint) -> Option<Result<FnPtx, ()>> {
        let bytes = match std::fs::read(self.entry_path(key)) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(_) => return Some(Err(())),
        };
        Some(parse_entry(&bytes, self.file_key(key)).ok_or(()))
    }
}

/// The payload of an entry, checked: magic, version, key, length and checksum.
fn parse_entry(bytes: &[u8], key: Fingerprint) -> Option<FnPtx> {
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return None;
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap());
    let stored_key = Fingerprint::from_bytes(bytes[12..28].try_into().unwrap());
    let (len, sum) = (u64_at(28), u64_at(36));
    let payload = &bytes[HEADER_LEN..];
    if version != FORMAT_VERSION || stored_key != key || payload.len() as u64 != len || checksum(payload) != sum {
        return None;
    }
    decode_fn_ptx(payload)
}

fn entry_bytes(key: Fingerprint, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&key.to_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

impl PtxStore for DiskCache {
    fn get(&self, key: Fingerprint) -> Option<FnPtx> {
        match self.read(key)? {
            Ok(value) => Some(value),
            Err(()) => {
                self.corrupt.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }

    fn put(&self, key: Fingerprint, value: &FnPtx) {
        let Some(payload) = encode_fn_ptx(value) else { return };
        let path = self.entry_path(key);
        let Some(parent) = path.parent() else { return };
        if std::fs::create_dir_all(parent).is_err() {
            return;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let n = TMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = parent.join(format!(".tmp-{}-{n}-{name}", std::process::id()));
        let bytes = entry_bytes(self.file_key(key), &payload);
        let written = std::fs::File::create(&tmp).and_then(|mut f| f.write_all(&bytes));
        if written.is_ok() && std::fs::rename(&tmp, &path).is_ok() {
            self.written.fetch_add(1, Ordering::Relaxed);
        } else {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}

/// The running executable's length and modification time (zero when unknown).
fn exe_identity() -> Fingerprint {
    let mut h = StableHasher::new();
    if let Some(meta) = std::env::current_exe().ok().and_then(|p| std::fs::metadata(p).ok()) {
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

/// The default cache directory: `$WARPC_CACHE_DIR`, else `$XDG_CACHE_HOME/warpc`, else
/// `$HOME/.cache/warpc` (`%LOCALAPPDATA%\warpc` on Windows); `None` when none is set.
pub fn default_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var("WARPC_CACHE_DIR") {
        return Some(dir);
    }
    if let Some(dir) = var("XDG_CACHE_HOME") {
        return Some(dir.join("warpc"));
    }
    if cfg!(windows) {
        if let Some(dir) = var("LOCALAPPDATA") {
            return Some(dir.join("warpc"));
        }
    }
    var("HOME").map(|home| home.join(".cache").join("warpc"))
}

/// The cache `args` ask for: none with `--no-cache`, else `--cache-dir` or [`default_dir`].
pub fn from_args(args: &Args) -> Option<Arc<DiskCache>> {
    if args.no_cache {
        return None;
    }
    let dir = args.cache_dir.as_ref().map(PathBuf::from).or_else(default_dir)?;
    Some(Arc::new(DiskCache::new(dir)))
}

/// Plugs the cache `args` ask for into `db`.
pub fn configure(db: &mut Database, args: &Args) {
    db.set_ptx_store(from_args(args).map(|c| c as Arc<dyn PtxStore>));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value() -> FnPtx {
        FnPtx {
            link_name: "k".into(),
            is_kernel: true,
            ptx: ".entry k() { ret; }".into(),
            ..FnPtx::default()
        }
    }

    #[test]
    fn round_trip_and_corruption() {
        let dir = std::env::temp_dir().join(format!("warpc-cache-unit-{}", std::process::id()));
        let cache = DiskCache::with_salt(&dir, Fingerprint(1, 2));
        let key = Fingerprint(3, 4);
        assert_eq!(cache.get(key), None);
        cache.put(key, &value());
        assert_eq!(cache.get(key), Some(value()));
        assert_eq!(cache.corrupt_entries(), 0);
        // Another salt (another executable) does not see the entry.
        assert_eq!(DiskCache::with_salt(&dir, Fingerprint(1, 3)).get(key), None);
        // Truncated, garbled, or empty: a miss, counted, never a panic.
        let path = cache.entry_path(key);
        let bytes = std::fs::read(&path).unwrap();
        for bad in [bytes[..bytes.len() - 1].to_vec(), bytes[..10].to_vec(), Vec::new(), {
            let mut b = bytes.clone();
            let last = b.len() - 3;
            b[last] ^= 0x40;
            b
        }] {
            std::fs::write(&path, bad).unwrap();
            assert_eq!(cache.get(key), None);
        }
        assert_eq!(cache.corrupt_entries(), 4);
        cache.put(key, &value());
        assert_eq!(cache.get(key), Some(value()));
        // No temporary files are left behind.
        let leftovers = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1);
        std::fs::remove_dir_all(&dir).ok();
    }
}
