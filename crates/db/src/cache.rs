//! The persistent per-function codegen cache, database side: cache keys, the byte format of a
//! cached [`FnPtx`], the [`PtxStore`] a front end plugs into the [`crate::Database`], and counters
//! of what `fn_ptx` did (LLVM runs, cache hits and misses).
//!
//! `fn_ptx` goes through [`cached_fn_ptx`]: with a store, it derives the function's key from
//! checked results alone (no LLVM), returns a stored `FnPtx` on a hit, and otherwise runs LLVM
//! and stores the result. The key ([`fn_ptx_key`]) covers:
//! - warpc's version and [`FORMAT_VERSION`];
//! - the compilation ([`compilation_fingerprint`]): every option (target, optimization level,
//!   math flags, macros, include dirs, ...) and the libdevice bytes;
//! - the THIR (`fn_check`) of the function and of every function in its `inline_closure`;
//! - the declarations those reach, transitively (callees' signatures and symbols, record
//!   layouts, globals and their initializers): [`decl_fingerprints`].
//!
//! Nothing positional enters a key: declaration ids are replaced by tokens naming the
//! declaration ([`debug_without_ids`]), so inserting a function or editing a struct that a
//! function does not use leaves its key, and its cached PTX, valid. THIR and declarations are
//! hashed through their `Debug` form with a 128-bit [`StableHasher`], so any change to those
//! types changes keys (a miss, never a wrong hit). The store itself (disk
//! layout, atomic writes, checksums) is the driver's (`crates/driver/src/cache.rs`).

use std::fmt;
use std::hash::{DefaultHasher, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

pub use warpc_codegen::{FnPtx, PtxSymbol};
use warpc_hir::ty::FnId;

use crate::{def_map, fn_check, Compilation, Db, Function};

/// Bumped whenever the key derivation or the [`encode_fn_ptx`] format changes.
pub const FORMAT_VERSION: u32 = 1;

/// A 128-bit content hash.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(pub u64, pub u64);

impl Fingerprint {
    /// 32 lowercase hex digits.
    pub fn to_hex(self) -> String {
        format!("{:016x}{:016x}", self.0, self.1)
    }

    pub fn to_bytes(self) -> [u8; 16] {
        let mut out = [0; 16];
        out[..8].copy_from_slice(&self.0.to_le_bytes());
        out[8..].copy_from_slice(&self.1.to_le_bytes());
        out
    }

    pub fn from_bytes(bytes: [u8; 16]) -> Self {
        let (a, b) = bytes.split_at(8);
        Fingerprint(
            u64::from_le_bytes(a.try_into().unwrap()),
            u64::from_le_bytes(b.try_into().unwrap()),
        )
    }
}

/// Two SipHash lanes (std's `DefaultHasher`, fixed keys, so deterministic across processes)
/// seeded differently: 128 bits. Implements `fmt::Write`, so `Debug` output streams into it.
/// Should std change its algorithm, keys change: a miss, never a wrong hit.
pub struct StableHasher {
    a: DefaultHasher,
    b: DefaultHasher,
}

impl Default for StableHasher {
    fn default() -> Self {
        let (mut a, mut b) = (DefaultHasher::new(), DefaultHasher::new());
        a.write(b"warpc-a");
        b.write(b"warpc-b\x5a");
        StableHasher { a, b }
    }
}

impl StableHasher {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        self.a.write(bytes);
        self.b.write(bytes);
        self
    }

    /// A length-delimited string.
    pub fn str(&mut self, s: &str) -> &mut Self {
        self.bytes(&(s.len() as u64).to_le_bytes()).bytes(s.as_bytes())
    }

    pub fn u64(&mut self, v: u64) -> &mut Self {
        self.bytes(&v.to_le_bytes())
    }

    /// `value`'s `Debug` form, followed by a separator.
    pub fn debug(&mut self, value: &dyn fmt::Debug) -> &mut Self {
        let _ = fmt::write(self, format_args!("{value:?}"));
        self.bytes(b"\x00\x1f")
    }

    pub fn fingerprint(&mut self, f: Fingerprint) -> &mut Self {
        self.u64(f.0).u64(f.1)
    }

    pub fn finish(&self) -> Fingerprint {
        Fingerprint(self.a.finish(), self.b.finish())
    }
}

impl fmt::Write for StableHasher {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

/// 64-bit checksum of `bytes` (for entry headers).
pub fn checksum(bytes: &[u8]) -> u64 {
    StableHasher::new().bytes(bytes).finish().0
}

/// What every function's code depends on, whatever it declares or calls: warpc's version, the
/// options and libdevice. Memoized.
#[salsa::tracked]
pub fn compilation_fingerprint(db: &dyn Db, comp: Compilation) -> Fingerprint {
    let mut h = StableHasher::new();
    h.str(env!("CARGO_PKG_VERSION")).u64(u64::from(FORMAT_VERSION));
    h.debug(comp.options(db));
    h.str(warpc_codegen::llvm_args());
    match comp.libdevice(db) {
        Some(bytes) => h
            .str("libdevice")
            .bytes(&(bytes.len() as u64).to_le_bytes())
            .bytes(bytes),
        None => h.str("no libdevice"),
    };
    h.finish()
}

/// A declaration of the def map that code can refer to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Decl {
    Fn(u32),
    Record(u32),
    Global(u32),
}

/// Each declaration of the def map without its position: a token naming it, the fingerprint of
/// its content, and the declarations that content refers to.
///
/// Ids (`FnId(n)`, `RecordId(n)`, `GlobalId(n)`) are positions in the def map: inserting a
/// function shifts every later one. Keys therefore never hash an id; they hash the declaration's
/// token instead: its kind, its symbol (functions, globals) or name (records), and its ordinal
/// among the declarations of that kind with the same symbol or name (so that tokens are unique,
/// and a key determines exactly which content each reference denotes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeclFingerprints {
    tokens: Vec<Vec<String>>,
    fingerprints: Vec<Vec<Fingerprint>>,
    refs: Vec<Vec<Vec<Decl>>>,
    /// Where the classes local to function bodies (ids with `LOCAL_RECORD_BIT`) start among
    /// the record tokens.
    local_base: usize,
}

impl DeclFingerprints {
    fn slot(&self, decl: Decl) -> (usize, usize) {
        match decl {
            Decl::Fn(i) => (0, i as usize),
            Decl::Record(i) if i & warpc_hir::ty::LOCAL_RECORD_BIT != 0 => {
                (1, self.local_base + (i & !warpc_hir::ty::LOCAL_RECORD_BIT) as usize)
            }
            Decl::Record(i) => (1, i as usize),
            Decl::Global(i) => (2, i as usize),
        }
    }

    pub fn token(&self, decl: Decl) -> &str {
        let (k, i) = self.slot(decl);
        self.tokens[k].get(i).map_or("?", String::as_str)
    }

    pub fn fingerprint(&self, decl: Decl) -> Fingerprint {
        let (k, i) = self.slot(decl);
        self.fingerprints[k].get(i).copied().unwrap_or_default()
    }

    pub fn refs(&self, decl: Decl) -> &[Decl] {
        let (k, i) = self.slot(decl);
        self.refs[k].get(i).map_or(&[], Vec::as_slice)
    }
}

/// Tokens for `names` (one per declaration of a kind): `kind:name#ordinal`.
fn tokens(kind: &str, names: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen: rustc_hash::FxHashMap<String, u32> = rustc_hash::FxHashMap::default();
    names
        .map(|name| {
            let n = seen.entry(name.clone()).or_default();
            let token = format!("{kind}:{name}#{n}");
            *n += 1;
            token
        })
        .collect()
}

/// The `Debug` form of `value` with every declaration id outside string and character literals
/// replaced by its token; the declarations it names are added to `refs`.
pub fn debug_without_ids(value: &dyn fmt::Debug, tokens: &DeclFingerprints, refs: &mut Vec<Decl>) -> String {
    let text = format!("{value:?}");
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        match bytes[i] {
            // `Debug` escapes `"` and `\` inside strings and `'` and `\` inside chars.
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'F' | b'R' | b'G' if i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') => {
                let rest = &text[i..];
                let found = [
                    ("FnId(", Decl::Fn as fn(u32) -> Decl),
                    ("RecordId(", Decl::Record),
                    ("GlobalId(", Decl::Global),
                ]
                .into_iter()
                .find_map(|(prefix, make)| {
                    let digits = rest.strip_prefix(prefix)?;
                    let end = digits.find(')')?;
                    let n: u32 = digits[..end].parse().ok()?;
                    Some((make(n), prefix.len() + end + 1))
                });
                match found {
                    Some((decl, len)) => {
                        out.push_str(&text[copied..i]);
                        out.push('<');
                        out.push_str(tokens.token(decl));
                        out.push('>');
                        refs.push(decl);
                        i += len;
                        copied = i;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[copied.min(text.len())..]);
    out
}

/// Tokens, content fingerprints and references of every declaration of the def map. Positions
/// (the item a declaration comes from, where its body is, which template it instantiates) are
/// left out: they change when something is inserted above, and codegen does not read them.
#[salsa::tracked(returns(ref))]
pub fn decl_fingerprints(db: &dyn Db, comp: Compilation) -> DeclFingerprints {
    let defs = def_map(db, comp);
    let mut out = DeclFingerprints {
        tokens: vec![
            tokens("fn", defs.functions.iter().map(|f| f.link_name.to_string())),
            tokens("record", defs.records.iter().map(|(_, r)| format!("{:?}", r.name))),
            tokens("global", defs.globals.iter().map(|g| g.link_name.to_string())),
        ],
        local_base: defs
            .records
            .iter()
            .take_while(|(id, _)| id.0 & warpc_hir::ty::LOCAL_RECORD_BIT == 0)
            .count(),
        ..DeclFingerprints::default()
    };
    let mut fps = vec![Vec::new(), Vec::new(), Vec::new()];
    let mut all_refs = vec![Vec::new(), Vec::new(), Vec::new()];
    let mut add = |kind: usize, value: &dyn fmt::Debug, out: &DeclFingerprints| {
        let mut refs = Vec::new();
        let text = debug_without_ids(value, out, &mut refs);
        refs.sort();
        refs.dedup();
        fps[kind].push(StableHasher::new().str(&text).finish());
        all_refs[kind].push(refs);
    };
    for f in &defs.functions {
        let mut f = f.clone();
        f.item = 0;
        f.body_index = f.body_index.map(|_| 0);
        if let Some((template, _)) = &mut f.instance {
            *template = 0;
        }
        add(0, &f, &out);
    }
    for (_, r) in defs.records.iter() {
        add(1, r, &out);
    }
    for g in &defs.globals {
        let mut g = g.clone();
        g.item = 0;
        add(2, &g, &out);
    }
    out.fingerprints = fps;
    out.refs = all_refs;
    out
}

/// One function's THIR (`fn_check`'s typed body) without ids, and the declarations it refers to.
/// Memoized, so a callee inlined by many functions is hashed once.
#[salsa::tracked(returns(ref))]
pub fn thir_fingerprint<'db>(db: &'db dyn Db, func: Function<'db>) -> (Fingerprint, Vec<Decl>) {
    let decls = decl_fingerprints(db, func.compilation(db));
    let mut refs = vec![Decl::Fn(func.id(db).0)];
    let text = debug_without_ids(&fn_check(db, func).body, decls, &mut refs);
    refs.sort();
    refs.dedup();
    (StableHasher::new().str(&text).finish(), refs)
}

/// The cache key of `func`'s `fn_ptx`, from checked results only (no LLVM), free of positions:
/// - the compilation fingerprint (version, options, libdevice);
/// - the function's token, and the THIR of the function and of each function of `closure` (its
///   `inline_closure`), ids replaced by tokens, in token order;
/// - every declaration those refer to, transitively through declarations (a record's fields'
///   types, a callee's signature...): its token and content fingerprint, in token order.
///
/// An edit to a declaration that the function does not reach, or an insertion above it, leaves
/// the key unchanged; any change to what it reaches changes it (a miss, never a wrong hit).
pub fn fn_ptx_key(db: &dyn Db, func: Function<'_>, closure: &[FnId]) -> Fingerprint {
    let comp = func.compilation(db);
    let decls = decl_fingerprints(db, comp);
    let mut h = StableHasher::new();
    h.fingerprint(*compilation_fingerprint(db, comp));
    h.str(decls.token(Decl::Fn(func.id(db).0)));
    let mut reached: std::collections::BTreeSet<Decl> = std::collections::BTreeSet::new();
    let mut stack: Vec<Decl> = Vec::new();
    let mut bodies: Vec<(&str, Fingerprint)> = Vec::new();
    for f in std::iter::once(func.id(db)).chain(closure.iter().copied()) {
        let (fp, refs) = thir_fingerprint(db, Function::new(db, comp, f));
        bodies.push((decls.token(Decl::Fn(f.0)), *fp));
        stack.extend(refs.iter().copied());
    }
    bodies[1..].sort();
    h.u64(bodies.len() as u64);
    for (token, fp) in bodies {
        h.str(token).fingerprint(fp);
    }
    while let Some(d) = stack.pop() {
        if reached.insert(d) {
            stack.extend(decls.refs(d).iter().copied());
        }
    }
    let mut reached: Vec<(&str, Fingerprint)> = reached
        .into_iter()
        .map(|d| (decls.token(d), decls.fingerprint(d)))
        .collect();
    reached.sort();
    h.u64(reached.len() as u64);
    for (token, fp) in reached {
        h.str(token).fingerprint(fp);
    }
    h.finish()
}

/// Where cached `FnPtx` values live (the driver's on-disk store; tests use memory).
/// Implementations must be safe to call from several threads and processes at once.
pub trait PtxStore: Send + Sync {
    /// The value stored under `key`, or `None` (absent, unreadable or corrupt: recomputed).
    fn get(&self, key: Fingerprint) -> Option<FnPtx>;
    /// Stores `value` (only values without diagnostics are offered). Errors are ignored.
    fn put(&self, key: Fingerprint, value: &FnPtx);
}

/// What `fn_ptx` did, counted across all clones of a database (parallel codegen included).
#[derive(Debug, Default)]
pub struct CodegenCounters {
    llvm_runs: AtomicUsize,
    hits: AtomicUsize,
    misses: AtomicUsize,
}

/// A snapshot of [`CodegenCounters`]; differences of two snapshots count one compilation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CodegenCounts {
    /// `compile_function` calls (LLVM code generation of one function).
    pub llvm_runs: usize,
    /// `fn_ptx` values read from the store.
    pub cache_hits: usize,
    /// `fn_ptx` keys looked up and not found (or corrupt).
    pub cache_misses: usize,
}

impl std::ops::Sub for CodegenCounts {
    type Output = CodegenCounts;
    fn sub(self, rhs: Self) -> Self {
        CodegenCounts {
            llvm_runs: self.llvm_runs - rhs.llvm_runs,
            cache_hits: self.cache_hits - rhs.cache_hits,
            cache_misses: self.cache_misses - rhs.cache_misses,
        }
    }
}

impl CodegenCounters {
    pub fn snapshot(&self) -> CodegenCounts {
        CodegenCounts {
            llvm_runs: self.llvm_runs.load(Ordering::Relaxed),
            cache_hits: self.hits.load(Ordering::Relaxed),
            cache_misses: self.misses.load(Ordering::Relaxed),
        }
    }
}

/// The database's codegen side state: an optional store and the counters. Cloned databases share
/// both.
#[derive(Clone, Default)]
pub struct CodegenCache {
    pub store: Option<Arc<dyn PtxStore>>,
    pub counters: Arc<CodegenCounters>,
}

/// `fn_ptx`'s body around LLVM: look `func` up in the store, else `compute` (counted as an LLVM
/// run) and store the result when it has no diagnostics. A hit whose link name does not match the
/// function is ignored.
pub fn cached_fn_ptx(db: &dyn Db, func: Function<'_>, closure: &[FnId], compute: impl FnOnce() -> FnPtx) -> FnPtx {
    let Some(cache) = db.codegen_cache() else {
        return compute();
    };
    let key = cache.store.as_ref().map(|store| (store, fn_ptx_key(db, func, closure)));
    if let Some((store, key)) = &key {
        let link_name = &def_map(db, func.compilation(db)).function(func.id(db)).link_name;
        match store.get(*key) {
            Some(hit) if hit.link_name == link_name.as_str() => {
                cache.counters.hits.fetch_add(1, Ordering::Relaxed);
                return hit;
            }
            _ => {
                cache.counters.misses.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    let value = compute();
    cache.counters.llvm_runs.fetch_add(1, Ordering::Relaxed);
    if let Some((store, key)) = key {
        if value.diagnostics.is_empty() {
            store.put(key, &value);
        }
    }
    value
}

/// A store in memory (tests, and a model of the on-disk one).
#[derive(Default)]
pub struct MemoryStore {
    entries: std::sync::Mutex<rustc_hash::FxHashMap<Fingerprint, Vec<u8>>>,
}

impl MemoryStore {
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl PtxStore for MemoryStore {
    fn get(&self, key: Fingerprint) -> Option<FnPtx> {
        decode_fn_ptx(self.entries.lock().unwrap().get(&key)?)
    }

    fn put(&self, key: Fingerprint, value: &FnPtx) {
        if let Some(bytes) = encode_fn_ptx(value) {
            self.entries.lock().unwrap().insert(key, bytes);
        }
    }
}

// ---- the byte format of a cached FnPtx -------------------------------------------------------
//
// Little-endian; a string is a u32 byte length and UTF-8 bytes; a list is a u32 count and its
// items; a bool is one byte 0/1; `Option<String>` is a byte 0/1 then the string. Fields in the
// order of `FnPtx`. Diagnostics are never stored (values with diagnostics are not cached).

struct Writer(Vec<u8>);

impl Writer {
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bool(&mut self, v: bool) {
        self.0.push(u8::from(v));
    }
    fn str(&mut self, s: &str) {
        self.u32(s.len() as u32);
        self.0.extend_from_slice(s.as_bytes());
    }
    fn strs(&mut self, v: &[String]) {
        self.u32(v.len() as u32);
        v.iter().for_each(|s| self.str(s));
    }
    fn symbols(&mut self, v: &[PtxSymbol]) {
        self.u32(v.len() as u32);
        for PtxSymbol { name, text, prototype } in v {
            self.str(name);
            self.str(text);
            self.bool(prototype.is_some());
            if let Some(p) = prototype {
                self.str(p);
            }
        }
    }
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn bool(&mut self) -> Option<bool> {
        match self.take(1)?[0] {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
    fn str(&mut self) -> Option<String> {
        let n = self.u32()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }
    fn count(&mut self) -> Option<usize> {
        let n = self.u32()? as usize;
        // Every item takes at least 4 bytes: a count beyond that is corrupt (no huge allocation).
        (n <= self.0.len() / 4).then_some(n)
    }
    fn strs(&mut self) -> Option<Vec<String>> {
        (0..self.count()?).map(|_| self.str()).collect()
    }
    fn symbols(&mut self) -> Option<Vec<PtxSymbol>> {
        (0..self.count()?)
            .map(|_| {
                let name = self.str()?;
                let text = self.str()?;
                let prototype = if self.bool()? { Some(self.str()?) } else { None };
                Some(PtxSymbol { name, text, prototype })
            })
            .collect()
    }
}

/// The bytes of `value`, or `None` when it has diagnostics (never cached).
pub fn encode_fn_ptx(value: &FnPtx) -> Option<Vec<u8>> {
    // Exhaustive: a new FnPtx field is a compile error here (store it, bump FORMAT_VERSION).
    let FnPtx {
        link_name,
        is_kernel,
        header,
        ptx,
        prototype,
        externs,
        defs,
        calls,
        uses_vprintf,
        diagnostics,
    } = value;
    if !diagnostics.is_empty() {
        return None;
    }
    let mut w = Writer(Vec::with_capacity(ptx.len() + 256));
    w.str(link_name);
    w.bool(*is_kernel);
    w.str(header);
    w.str(ptx);
    w.str(prototype);
    w.symbols(externs);
    w.symbols(defs);
    w.strs(calls);
    w.bool(*uses_vprintf);
    Some(w.0)
}

/// The `FnPtx` of [`encode_fn_ptx`]'s bytes; `None` if they are not exactly one well-formed value.
pub fn decode_fn_ptx(bytes: &[u8]) -> Option<FnPtx> {
    let mut r = Reader(bytes);
    let value = FnPtx {
        link_name: r.str()?,
        is_kernel: r.bool()?,
        header: r.str()?,
        ptx: r.str()?,
        prototype: r.str()?,
        externs: r.symbols()?,
        defs: r.symbols()?,
        calls: r.strs()?,
        uses_vprintf: r.bool()?,
        diagnostics: Vec::new(),
    };
    r.0.is_empty().then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> FnPtx {
        FnPtx {
            link_name: "_Z1kPf".into(),
            is_kernel: true,
            header: ".version 8.7\n.target sm_75\n".into(),
            ptx: ".visible .entry _Z1kPf(\n)\n{\n\tret;\n}\n".into(),
            prototype: String::new(),
            externs: vec![PtxSymbol {
                name: "vprintf".into(),
                text: ".extern .func vprintf;".into(),
                prototype: None,
            }],
            defs: vec![PtxSymbol {
                name: "h".into(),
                text: ".func h() {}".into(),
                prototype: Some(".func h();".into()),
            }],
            calls: vec!["a".into(), "b".into()],
            uses_vprintf: true,
            diagnostics: Vec::new(),
        }
    }

    #[test]
    fn fn_ptx_round_trips() {
        let value = sample();
        let bytes = encode_fn_ptx(&value).unwrap();
        assert_eq!(decode_fn_ptx(&bytes), Some(value));
        // Every truncation and a trailing byte are rejected, never a panic.
        for n in 0..bytes.len() {
            assert_eq!(decode_fn_ptx(&bytes[..n]), None, "truncated to {n}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(decode_fn_ptx(&longer), None);
        // Garbage never panics.
        let mut garbled = bytes;
        for i in (0..garbled.len()).step_by(7) {
            garbled[i] ^= 0xa5;
            let _ = decode_fn_ptx(&garbled);
        }
    }

    #[test]
    fn values_with_diagnostics_are_not_encoded() {
        let mut value = sample();
        value.diagnostics.push(warpc_base::Diagnostic::new(
            warpc_base::Severity::Error,
            "internal",
            "x",
            None,
        ));
        assert_eq!(encode_fn_ptx(&value), None);
    }

    /// Ids become tokens everywhere but inside string and character literals of the value.
    #[test]
    fn ids_are_replaced_by_tokens_outside_literals() {
        #[derive(Debug)]
        #[allow(dead_code)]
        struct Call {
            callee: warpc_hir::ty::FnId,
            text: &'static str,
            quote: char,
            arg: warpc_hir::ty::RecordId,
        }
        let decls = DeclFingerprints {
            tokens: vec![
                vec!["fn:f#0".into(), "fn:f#1".into()],
                vec!["record:S#0".into()],
                vec![],
            ],
            fingerprints: vec![
                vec![Fingerprint(1, 1), Fingerprint(2, 2)],
                vec![Fingerprint(3, 3)],
                vec![],
            ],
            refs: vec![vec![vec![], vec![]], vec![vec![]], vec![]],
            local_base: 1,
        };
        let value = Call {
            callee: warpc_hir::ty::FnId(1),
            text: "FnId(0) \" RecordId(0)",
            quote: '"',
            arg: warpc_hir::ty::RecordId(0),
        };
        let mut refs = Vec::new();
        let text = debug_without_ids(&value, &decls, &mut refs);
        assert_eq!(
            text,
            r#"Call { callee: <fn:f#1>, text: "FnId(0) \" RecordId(0)", quote: '"', arg: <record:S#0> }"#
        );
        assert_eq!(refs, vec![Decl::Fn(1), Decl::Record(0)]);
    }

    /// Two fresh databases sharing a store: the second runs no LLVM and gives identical PTX; a
    /// body edit misses for that function only.
    #[test]
    fn shared_store_across_databases() {
        use crate::{Compilation, Database};
        let store = Arc::new(MemoryStore::default());
        let source = |c: &str| {
            format!("__device__ int twice(int x) {{ return 2 * x; }}\n__global__ void a(int *p) {{ p[0] = twice(p[1]){c}; }}\n__global__ void b(int *p) {{ p[0] = p[1] + 1; }}\n")
        };
        let compile = |text: &str| {
            let mut db = Database::new();
            db.set_ptx_store(Some(store.clone()));
            let main = db.set_file_text("/cache-test/k.cu", text);
            let comp = Compilation::new(&db, main, warpc_base::CompileOptions::default(), None);
            assert!(
                crate::diagnostics(&db, comp).is_empty(),
                "{:?}",
                crate::diagnostics(&db, comp)
            );
            crate::prefetch_ptx(&db, comp);
            let ptx = crate::module_ptx(&db, comp).ptx.clone();
            (db.codegen_counts(), ptx)
        };
        let (cold, cold_ptx) = compile(&source(""));
        assert_eq!((cold.llvm_runs, cold.cache_hits, cold.cache_misses), (2, 0, 2));
        assert_eq!(store.len(), 2);
        let (warm, warm_ptx) = compile(&source(""));
        assert_eq!((warm.llvm_runs, warm.cache_hits), (0, 2));
        assert_eq!(warm_ptx, cold_ptx);
        let (edit, edit_ptx) = compile(&source(" + 5"));
        assert_eq!((edit.llvm_runs, edit.cache_hits, edit.cache_misses), (1, 1, 1));
        assert_ne!(edit_ptx, cold_ptx);
    }

    #[test]
    fn hasher_is_stable_and_chunking_free() {
        let mut a = StableHasher::new();
        a.bytes(b"hello world");
        let mut b = StableHasher::new();
        b.bytes(b"hello ").bytes(b"world");
        assert_eq!(a.finish(), b.finish());
        assert_ne!(a.finish(), StableHasher::new().bytes(b"hello worle").finish());
        assert_eq!(Fingerprint::from_bytes(a.finish().to_bytes()), a.finish());
        assert_eq!(a.finish().to_hex().len(), 32);
    }
}
