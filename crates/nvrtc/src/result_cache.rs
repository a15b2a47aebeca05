//! Whole-program results in the persistent cache folder (`DIR/nvrtc-v1/xx/...`): a JIT process
//! that compiles a program another process already compiled gets its PTX, log and lowered names
//! without running the compiler (the per-function cache spares only LLVM; this spares the
//! front end too, which dominates small programs).
//!
//! Key: the library's identity (which covers warpc's builtin headers), libdevice's content,
//! the program's source, name and in-memory headers, the option words in order and the name
//! expressions. An entry also lists every file the compilation read from disk (`-I` headers)
//! with the fingerprint of its content; a hit re-reads and compares them, so an edited header
//! is a miss. Not noticed (as in `warpc --watch`): a header newly created earlier on the search
//! path than the one that was found. Only successful compilations are stored; entries are
//! written to a temporary file and renamed, with a checksum, so a damaged or partial entry is a
//! miss.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use warpc_db::cache::{checksum, Fingerprint, StableHasher};

const MAGIC: &[u8; 8] = b"WNVRTC1\0";

/// What a hit restores.
#[derive(Debug, PartialEq, Eq)]
pub struct Stored {
    pub log: String,
    pub ptx: String,
    /// One per name expression, in order (empty: not valid).
    pub lowered: Vec<String>,
    /// Files read from disk, with the fingerprint of their content.
    pub deps: Vec<(String, Fingerprint)>,
}

/// The key of a compilation.
pub fn key(
    libdevice: Option<Fingerprint>,
    source: &str,
    name: &str,
    headers: &[(String, String)],
    options: &[String],
    exprs: &[String],
) -> Fingerprint {
    let mut h = StableHasher::new();
    h.fingerprint(crate::identity::library_fingerprint());
    match libdevice {
        Some(f) => h.str("libdevice").fingerprint(f),
        None => h.str("no libdevice"),
    };
    h.str(source).str(name).u64(headers.len() as u64);
    for (n, t) in headers {
        h.str(n).str(t);
    }
    h.u64(options.len() as u64);
    for o in options {
        h.str(o);
    }
    h.u64(exprs.len() as u64);
    for e in exprs {
        h.str(e);
    }
    h.finish()
}

/// The fingerprint of a file's content.
pub fn content(bytes: &[u8]) -> Fingerprint {
    StableHasher::new().bytes(bytes).finish()
}

fn path(dir: &Path, key: Fingerprint) -> PathBuf {
    let hex = key.to_hex();
    dir.join("nvrtc-v1").join(&hex[..2]).join(&hex[2..])
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(&(b.len() as u64).to_le_bytes());
    out.extend_from_slice(b);
}

fn encode(s: &Stored) -> Vec<u8> {
    let mut p = Vec::new();
    put_bytes(&mut p, s.log.as_bytes());
    put_bytes(&mut p, s.ptx.as_bytes());
    p.extend_from_slice(&(s.lowered.len() as u64).to_le_bytes());
    for l in &s.lowered {
        put_bytes(&mut p, l.as_bytes());
    }
    p.extend_from_slice(&(s.deps.len() as u64).to_le_bytes());
    for (d, f) in &s.deps {
        put_bytes(&mut p, d.as_bytes());
        p.extend_from_slice(&f.0.to_le_bytes());
        p.extend_from_slice(&f.1.to_le_bytes());
    }
    p
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn u64(&mut self) -> Option<u64> {
        let (head, rest) = self.0.split_first_chunk::<8>()?;
        self.0 = rest;
        Some(u64::from_le_bytes(*head))
    }
    fn string(&mut self) -> Option<String> {
        let n = usize::try_from(self.u64()?).ok()?;
        if n > self.0.len() {
            return None;
        }
        let (s, rest) = self.0.split_at(n);
        self.0 = rest;
        String::from_utf8(s.to_vec()).ok()
    }
}

fn decode(p: &[u8]) -> Option<Stored> {
    let mut r = Reader(p);
    let log = r.string()?;
    let ptx = r.string()?;
    let n = r.u64()?;
    let lowered = (0..n).map(|_| r.string()).collect::<Option<Vec<_>>>()?;
    let n = r.u64()?;
    let deps = (0..n)
        .map(|_| Some((r.string()?, Fingerprint(r.u64()?, r.u64()?))))
        .collect::<Option<Vec<_>>>()?;
    r.0.is_empty().then_some(Stored {
        log,
        ptx,
        lowered,
        deps,
    })
}

/// The entry of `key` when it is whole and every file it read still has the same content.
pub fn load(dir: &Path, key: Fingerprint) -> Option<Stored> {
    let bytes = std::fs::read(path(dir, key)).ok()?;
    let rest = bytes.strip_prefix(MAGIC)?;
    let (sum, payload) = rest.split_first_chunk::<8>()?;
    if u64::from_le_bytes(*sum) != checksum(payload) {
        return None;
    }
    let stored = decode(payload)?;
    let fresh = stored
        .deps
        .iter()
        .all(|(p, f)| std::fs::read(p).is_ok_and(|b| content(&b) == *f));
    fresh.then_some(stored)
}

/// Stores `stored` under `key` (best effort: a cache that cannot be written is no cache).
pub fn store(dir: &Path, key: Fingerprint, stored: &Stored) {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let target = path(dir, key);
    let Some(parent) = target.parent() else {
        return;
    };
    if std::fs::create_dir_all(parent).is_err() {
        return;
    }
    let payload = encode(stored);
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&checksum(&payload).to_le_bytes());
    bytes.extend_from_slice(&payload);
    let tmp = parent.join(format!(
        ".tmp-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    if std::fs::write(&tmp, &bytes).is_ok() && std::fs::rename(&tmp, &target).is_ok() {
        return;
    }
    let _ = std::fs::remove_file(&tmp);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_staleness_and_damage() {
        let dir = std::env::temp_dir().join(format!("warpc-nvrtc-result-cache-{}", std::process::id()));
        let header = dir.join("h.h");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&header, "#define X 1\n").unwrap();
        let k = key(None, "src", "p.cu", &[], &["-arch=sm_80".into()], &[]);
        assert_ne!(k, key(None, "src", "p.cu", &[], &["-arch=sm_90".into()], &[]));
        assert_ne!(
            k,
            key(
                None,
                "src",
                "p.cu",
                &[("a.h".into(), "".into())],
                &["-arch=sm_80".into()],
                &[]
            )
        );
        let stored = Stored {
            log: "warning\n".into(),
            ptx: ".version 8.0\n".into(),
            lowered: vec!["_Z1kIiEvv".into(), String::new()],
            deps: vec![(header.display().to_string(), content(b"#define X 1\n"))],
        };
        assert_eq!(load(&dir, k), None);
        store(&dir, k, &stored);
        assert_eq!(load(&dir, k), Some(stored));
        // An edited dependency is a miss.
        std::fs::write(&header, "#define X 2\n").unwrap();
        assert_eq!(load(&dir, k), None);
        std::fs::write(&header, "#define X 1\n").unwrap();
        assert!(load(&dir, k).is_some());
        // A damaged entry is a miss.
        let file = path(&dir, k);
        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        assert_eq!(load(&dir, k), None);
        std::fs::write(&file, &bytes[..10]).unwrap();
        assert_eq!(load(&dir, k), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
