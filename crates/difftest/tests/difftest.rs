//! Differential execution: each kernel of `../shared/conformance/c`, `../shared/conformance/cxx`,
//! `testdata/codegen`, `testdata/examples` and `testdata/difftest` (kernels written for this test,
//! one instruction family each) has a launch spec (grid, block, seeded inputs). The
//! file is compiled by NVRTC (the reference; `<cstdio>` is stood in by an empty header) and by
//! warpc (in-process), both PTX modules run in the emulator on identical inputs, and:
//! - **warpc vs NVRTC**: all output buffers, the `__device__` variables named in the spec and the
//!   printf output must agree: integers bit-exact; floats bit-exact, except where the spec allows
//!   `ulps` units in the last place (libdevice/approximate math, which the two compilers inline
//!   and contract differently; NaN == NaN);
//! - **NVRTC vs Rust**: NVRTC's results are checked against a plain Rust reference computation,
//!   which validates the emulator itself. Every `conformance` kernel must have one. Where the
//!   result depends on the compiler's choice of FMA contraction (legal under `-fmad=true`), the
//!   reference models NVRTC's choice (e.g. `a*b+c*d` = `fma(c, d, a*b)`, `a*b-c*d` unfused), or
//!   checks against an exact f64 computation within an error bound derived from the magnitudes.
//! - `cxx/` and `testdata/difftest`: warpc does not compile everything yet. Their
//!   `EXPECTED_WARPC_FAILURES` lists name the files warpc is expected to reject; the test fails
//!   when one of them starts compiling (or another one stops), telling to update the list.
//!   NVRTC-vs-Rust runs for every file. Every file of `testdata/codegen` has a launch spec or is
//!   listed in `CODEGEN_SKIPPED` with the reason.
//! - Kernels using `wmma` also run the reference PTX under the emulator's second fragment
//!   layout: PTX leaves the layout unspecified, so results that change with it are a failure.
//! - Every warpc PTX module is assembled by ptxas.
//! - Each suite writes a bundle for `cargo xtask difftest --gpu` (`bundle.rs`): PTX files, launch
//!   specs, inputs and the emulator's outputs, to `$WARPC_DIFFTEST_EXPORT/<suite>` when set, else
//!   under the target directory, and validates it with `python3 xtask/difftest_gpu.py --dry-run`.
//!
//! Prints a results table per suite (`cargo test -p warpc-difftest --test difftest -- --nocapture`
//! or `cargo xtask difftest`).

#[path = "difftest/bundle.rs"]
mod bundle;
#[path = "difftest/specs_c.rs"]
mod specs_c;
#[path = "difftest/specs_cxx.rs"]
mod specs_cxx;
#[path = "difftest/specs_difftest.rs"]
mod specs_difftest;
#[path = "difftest/specs_perf.rs"]
mod specs_perf;
#[path = "difftest/specs_program.rs"]
mod specs_program;
#[path = "difftest/specs_real.rs"]
mod specs_real;
#[path = "difftest/specs_testdata.rs"]
mod specs_testdata;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use bundle::Bundle;
use warpc_ptx_emu::{tex, Arg, DevicePtr, Emulator};
use warpc_testkit::Oracles;

/// Small seeded xorshift64* generator (no `rand` dependency).
pub struct Rng(pub u64);
#[allow(clippy::should_implement_trait)]
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }
    pub fn f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
    pub fn u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Elem {
    U8,
    U16,
    I32,
    U32,
    U64,
    F32,
    F64,
}

impl Elem {
    pub fn size(self) -> usize {
        match self {
            Elem::U8 => 1,
            Elem::U16 => 2,
            Elem::I32 | Elem::U32 | Elem::F32 => 4,
            Elem::U64 | Elem::F64 => 8,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Elem::U8 => "u8",
            Elem::U16 => "u16",
            Elem::I32 => "i32",
            Elem::U32 => "u32",
            Elem::U64 => "u64",
            Elem::F32 => "f32",
            Elem::F64 => "f64",
        }
    }
}

pub enum A {
    Buf(usize),
    S(Arg),
    /// The handle of the spec's texture object `k`.
    Tex(usize),
    /// The handle of the spec's surface object `k`.
    Surf(usize),
}

/// An array the launch's textures read and its surfaces read and write (`cudaArray`): its
/// contents after the launch are compared like a buffer's.
pub struct ArraySpec {
    pub name: &'static str,
    pub desc: tex::ArrayDesc,
    pub data: Vec<u8>,
}

/// What a texture object reads: one of the spec's arrays, or a buffer as linear memory of
/// `channels` x `channel` elements (`cudaResourceTypeLinear`).
pub enum TexRes {
    Array(usize),
    Buf {
        buf: usize,
        channel: tex::Channel,
        channels: u32,
    },
}

pub struct TexSpec {
    pub res: TexRes,
    pub desc: tex::TexDesc,
}

pub struct Buf {
    pub name: &'static str,
    pub elem: Elem,
    pub data: Vec<u8>,
}

/// What a launch produced.
pub struct RunOut {
    pub bufs: Vec<Vec<u8>>,
    /// The arrays' contents after the launch.
    pub arrays: Vec<Vec<u8>>,
    pub symbols: Vec<Vec<u8>>,
    pub printed: String,
    pub steps: u64,
}

/// Reference check of NVRTC's outputs: (input buffers, outputs) -> Err(message).
pub type Reference = fn(&[Buf], &RunOut) -> Result<(), String>;

pub struct Spec {
    /// The source file, relative to its suite directory.
    pub file: &'static str,
    /// The `.entry` name (mangled for C++ kernels, as in the PTX).
    pub kernel: &'static str,
    pub grid: (u32, u32, u32),
    pub block: (u32, u32, u32),
    pub shared: u32,
    pub bufs: Vec<Buf>,
    pub args: Vec<A>,
    /// Arrays, texture objects (over arrays or buffers) and surface objects (over arrays).
    pub arrays: Vec<ArraySpec>,
    pub textures: Vec<TexSpec>,
    pub surfaces: Vec<usize>,
    /// `__device__` variables to compare after the launch.
    pub symbols: Vec<&'static str>,
    /// Float tolerance in ULPs between warpc and NVRTC (0 = bit-exact).
    pub ulps: u64,
    pub reference: Option<Reference>,
    /// Why the results may legitimately differ between two runs on a GPU (atomic winners,
    /// which thread prints): the GPU script reports differences as warnings then.
    pub racy: Option<&'static str>,
}

pub fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn f64s(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn u32s(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn u64s(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn as_f32(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
pub fn as_f64(b: &[u8]) -> Vec<f64> {
    b.chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
pub fn as_u32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
pub fn as_i32(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
pub fn as_u64(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
pub fn as_u16(b: &[u8]) -> Vec<u16> {
    b.chunks_exact(2)
        .map(|c| u16::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub fn buf(name: &'static str, elem: Elem, data: Vec<u8>) -> Buf {
    Buf { name, elem, data }
}

pub fn spec(file: &'static str, kernel: &'static str, grid: (u32, u32, u32), block: (u32, u32, u32)) -> Spec {
    Spec {
        file,
        kernel,
        grid,
        block,
        shared: 0,
        bufs: vec![],
        args: vec![],
        arrays: vec![],
        textures: vec![],
        surfaces: vec![],
        symbols: vec![],
        ulps: 0,
        reference: None,
        racy: None,
    }
}

/// `|a - b| <= rel * (1 + max(|a|, |b|))`.
pub fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * (1.0 + a.abs().max(b.abs()))
}

/// Checks `got` against an exact value within `eps * mag` (`mag`: the sum of the magnitudes of
/// the terms that produced it, which bounds the rounding error of any evaluation order).
pub fn within(what: &str, got: f64, exact: f64, mag: f64, eps: f64) -> Result<(), String> {
    if (got - exact).abs() <= eps * mag.max(f64::MIN_POSITIVE) || got == exact {
        Ok(())
    } else {
        Err(format!(
            "{what} = {got:e}, expected {exact:e} (error {:e} > {eps:e} * {mag:e})",
            (got - exact).abs()
        ))
    }
}

/// Bit-exact f32 comparison with a readable message.
pub fn same32(what: &str, got: f32, want: f32) -> Result<(), String> {
    if got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()) {
        Ok(())
    } else {
        Err(format!(
            "{what} = {got:e} ({:#010x}), expected {want:e} ({:#010x})",
            got.to_bits(),
            want.to_bits()
        ))
    }
}

pub fn run(ptx: &str, s: &Spec) -> Result<RunOut, String> {
    run_layout(ptx, s, 0)
}

/// [`run`] with the emulator's `wmma` fragment layout `layout` (0 or 1).
pub fn run_layout(ptx: &str, s: &Spec, layout: u32) -> Result<RunOut, String> {
    let mut emu = Emulator::new(ptx).map_err(|e| e.to_string())?;
    emu.wmma_layout = layout;
    let ptrs: Vec<DevicePtr> = s
        .bufs
        .iter()
        .map(|b| {
            let p = emu.alloc(b.data.len() as u64);
            emu.write(p, &b.data).unwrap();
            p
        })
        .collect();
    let e = |e: warpc_ptx_emu::EmuError| e.to_string();
    let arrays = s
        .arrays
        .iter()
        .map(|a| emu.create_array(a.desc.clone(), &a.data))
        .collect::<Result<Vec<usize>, _>>()
        .map_err(e)?;
    let mut texs = Vec::new();
    for t in &s.textures {
        let res = match t.res {
            TexRes::Array(k) => tex::Resource::Array(arrays[k]),
            TexRes::Buf { buf, channel, channels } => tex::Resource::Linear {
                ptr: ptrs[buf].0,
                bytes: s.bufs[buf].data.len() as u64,
                channel,
                channels,
            },
        };
        texs.push(emu.create_texture(res, t.desc.clone()).map_err(e)?);
    }
    let surfs = s
        .surfaces
        .iter()
        .map(|&k| emu.create_surface(arrays[k]))
        .collect::<Result<Vec<u64>, _>>()
        .map_err(e)?;
    let args: Vec<Arg> = s
        .args
        .iter()
        .map(|a| match a {
            A::Buf(k) => Arg::Ptr(ptrs[*k]),
            A::S(a) => a.clone(),
            A::Tex(k) => Arg::U64(texs[*k]),
            A::Surf(k) => Arg::U64(surfs[*k]),
        })
        .collect();
    let printed = emu
        .launch(s.kernel, s.grid, s.block, s.shared, &args)
        .map_err(|e| e.to_string())?;
    let bufs = s
        .bufs
        .iter()
        .zip(&ptrs)
        .map(|(b, p)| emu.read(*p, b.data.len()).unwrap())
        .collect();
    let symbols = s
        .symbols
        .iter()
        .map(|n| emu.read_symbol(n).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let arrays = arrays
        .iter()
        .map(|&k| emu.read_array(k))
        .collect::<Result<_, _>>()
        .map_err(e)?;
    Ok(RunOut {
        bufs,
        arrays,
        symbols,
        printed,
        steps: emu.last_steps,
    })
}

/// How an array's contents are compared: by channel.
pub fn array_elem(d: &tex::ArrayDesc) -> Elem {
    match d.channel {
        tex::Channel::F32 => Elem::F32,
        tex::Channel::U8 | tex::Channel::S8 => Elem::U8,
        tex::Channel::U16 | tex::Channel::S16 | tex::Channel::F16 => Elem::U16,
        tex::Channel::U32 | tex::Channel::S32 => Elem::U32,
    }
}

fn ulp_diff64(a: f64, b: f64) -> u64 {
    if a.is_nan() && b.is_nan() {
        return 0;
    }
    let key = |x: f64| {
        let i = x.to_bits() as i64;
        if i < 0 {
            i64::MIN - i
        } else {
            i
        }
    };
    key(a).abs_diff(key(b))
}
fn ulp_diff32(a: f32, b: f32) -> u64 {
    if a.is_nan() && b.is_nan() {
        return 0;
    }
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        if i < 0 {
            i32::MIN as i64 - i as i64
        } else {
            i as i64
        }
    };
    key(a).abs_diff(key(b))
}

/// Compares two output buffers; returns (max ulp difference, worst mismatch description).
fn compare(elem: Elem, a: &[u8], b: &[u8]) -> (u64, Option<String>) {
    if a == b {
        return (0, None);
    }
    let mut max = 0;
    let mut first = None;
    match elem {
        Elem::F32 => {
            for (k, (x, y)) in as_f32(a).into_iter().zip(as_f32(b)).enumerate() {
                let d = ulp_diff32(x, y);
                if d > max {
                    max = d;
                    first = Some(format!("[{k}] warpc {x:e} nvrtc {y:e}"));
                }
            }
        }
        Elem::F64 => {
            for (k, (x, y)) in as_f64(a).into_iter().zip(as_f64(b)).enumerate() {
                let d = ulp_diff64(x, y);
                if d > max {
                    max = d;
                    first = Some(format!("[{k}] warpc {x:e} nvrtc {y:e}"));
                }
            }
        }
        _ => {
            let sz = elem.size();
            let k = a.chunks(sz).zip(b.chunks(sz)).position(|(x, y)| x != y).unwrap();
            return (
                u64::MAX,
                Some(format!(
                    "element {k}: warpc {:02x?} nvrtc {:02x?}",
                    &a[k * sz..(k + 1) * sz],
                    &b[k * sz..(k + 1) * sz]
                )),
            );
        }
    }
    (max, first)
}

/// warpc's PTX for `path` (in-process): `Err` holds the rendered diagnostics.
pub fn warpc_ptx(path: &Path, args: &[String], libdevice: Arc<[u8]>) -> Result<String, String> {
    let mut argv: Vec<String> = args.to_vec();
    argv.push(path.display().to_string());
    let args = warpc_driver::args::parse(&argv).map_err(|e| format!("{e:?}"))?;
    let mut db = warpc_db::Database::new();
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let main = db.set_file_text(path, &text);
    let (_, outcome) = warpc_driver::compile(&mut db, main, &args, Some(libdevice));
    outcome.output.ok_or_else(|| {
        let msgs: Vec<String> = outcome
            .diagnostics
            .iter()
            .take(3)
            .map(|d| format!("{d:?}").chars().take(300).collect())
            .collect();
        format!(
            "{} diagnostic(s), first: {}",
            outcome.diagnostics.len(),
            msgs.join(" | ")
        )
    })
}

/// One source file of a suite: how both compilers are invoked.
pub struct Source {
    /// Path relative to the suite directory.
    pub file: String,
    /// warpc's options (the architecture included).
    pub warpc_args: Vec<String>,
    pub arch: String,
    /// The reference is `nvcc -ptx` (whole programs with host code), not NVRTC.
    pub nvcc: bool,
}

/// NVRTC's PTX (`<cstdio>` stood in by an empty header: NVRTC declares `printf` itself; the
/// toolkit's `include/cccl` on the search path), in
/// the language standard warpc is given (`-std=c++20` in a file's `// ARGS:`), else C++17, and
/// with separate compilation (`-rdc=true`: device-side launches) when warpc has it.
fn reference_ptx(oracles: &Oracles, path: &Path, arch: &str, warpc_args: &[String]) -> Result<String, String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let arch_opt = format!("-arch={arch}");
    let std_opt = warpc_args
        .iter()
        .rev()
        .find(|a| a.starts_with("-std="))
        .map_or("-std=c++17", |a| a.as_str());
    // nvcc puts the toolkit's CCCL (`include/cccl`: CUB, Thrust, libcu++) on the search path;
    // NVRTC needs it named (warpc finds it by itself).
    let cccl_opt = format!("--include-path={}", oracles.include_dir.join("cccl").display());
    let mut options = vec![arch_opt.as_str(), std_opt, cccl_opt.as_str()];
    if separate_compilation(warpc_args) {
        options.push("-rdc=true");
    }
    oracles
        .nvrtc_compile(&src, &name, &options, &[("cstdio", ""), ("stdio.h", "")])
        .map(|o| o.ptx)
}

/// Whether warpc's options ask for separate compilation (`-rdc=true`: device-side launches).
fn separate_compilation(warpc_args: &[String]) -> bool {
    warpc_args
        .iter()
        .any(|a| a == "-rdc=true" || a == "--relocatable-device-code=true")
}

/// What a suite run found (for the caller's extra assertions).
pub struct SuiteOutcome {
    pub failures: Vec<String>,
    /// Files warpc failed to compile, with the reason.
    pub warpc_failed: Vec<(String, String)>,
}

fn entries(ptx: &str) -> Vec<String> {
    warpc_testkit::ptx_entries(ptx).into_iter().map(|e| e.name).collect()
}

/// Runs a suite: `dir` holds the sources; `specs` the launches (each naming a file of `sources`).
/// warpc failures are recorded (not failures by themselves: the caller decides).
pub fn run_suite(suite: &str, dir: &Path, sources: &[Source], specs: &[Spec]) -> SuiteOutcome {
    let oracles = Oracles::require();
    let libdevice: Arc<[u8]> = std::fs::read(&oracles.libdevice).expect("libdevice").into();
    let mut failures = Vec::new();
    let mut warpc_failed = Vec::new();
    let mut rows = Vec::new();
    let mut bundle = Bundle::new(suite);
    // (file, warpc PTX or error, NVRTC PTX, bundle module index)
    let mut modules: Vec<(String, Result<String, String>, String, usize)> = Vec::new();
    let total = Instant::now();
    let mut equal = 0;
    let mut launches = 0;
    let mut refs = 0;
    let mut max_ulps_all = 0;
    for s in specs {
        assert!(
            sources.iter().any(|src| src.file == s.file),
            "{suite}: spec for unknown file {}",
            s.file
        );
    }
    // Both compilers' PTX for every file first, on every core (the real programs' front ends
    // and `nvcc -ptx` take seconds each); the comparisons below stay in file order.
    let compiled: Vec<_> = sources
        .par_iter()
        .map(|src| {
            let path = dir.join(&src.file);
            let t0 = Instant::now();
            let reference = if src.nvcc {
                let arch = format!("-arch={}", src.arch);
                let mut options = vec![arch.as_str()];
                if separate_compilation(&src.warpc_args) {
                    options.push("-rdc=true");
                }
                oracles.nvcc_ptx(&path, &options)
            } else {
                reference_ptx(&oracles, &path, &src.arch, &src.warpc_args)
            };
            let w = reference
                .is_ok()
                .then(|| warpc_ptx(&path, &src.warpc_args, libdevice.clone()));
            (reference, w, t0.elapsed())
        })
        .collect();
    for (src, (reference, w, elapsed)) in sources.iter().zip(compiled) {
        let n = match reference {
            Ok(n) => n,
            Err(e) => {
                failures.push(format!("{suite}/{}: NVRTC failed: {e}", src.file));
                continue;
            }
        };
        let w = w.expect("warpc runs where the reference compiled");
        match &w {
            Ok(ptx) => {
                let assembled = if separate_compilation(&src.warpc_args) {
                    oracles.ptxas_relocatable(ptx, &src.arch)
                } else {
                    oracles.ptxas(ptx, &src.arch)
                };
                if let Err(e) = assembled {
                    failures.push(format!("{suite}/{}: ptxas rejects warpc's PTX: {e}", src.file));
                }
                let (we, ne) = (entries(ptx), entries(&n));
                for e in &ne {
                    if !we.contains(e) {
                        failures.push(format!(
                            "{suite}/{}: warpc's PTX lacks NVRTC's entry `{e}` (has {we:?})",
                            src.file
                        ));
                    }
                }
            }
            Err(e) => warpc_failed.push((src.file.clone(), e.clone())),
        }
        let m = bundle.module(&src.file, &src.arch, &n, w.as_ref().ok().map(|s| s.as_str()));
        rows.push(format!(
            "{:<22} compiled in {:.0?}{}",
            src.file,
            elapsed,
            match &w {
                Ok(_) => String::new(),
                Err(_) => " (warpc: does not compile)".to_string(),
            }
        ));
        modules.push((src.file.clone(), w, n, m));
    }
    for s in specs {
        let Some((_, w, n, m)) = modules.iter().find(|c| c.0 == s.file) else {
            continue;
        };
        let ne = entries(n);
        if !ne.iter().any(|e| e == s.kernel) {
            failures.push(format!(
                "{suite}/{}: no kernel `{}` in NVRTC's PTX (entries: {ne:?})",
                s.file, s.kernel
            ));
            continue;
        }
        let t1 = Instant::now();
        let nr = match run(n, s) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!(
                    "{suite}/{}::{}: NVRTC PTX in the emulator: {e}",
                    s.file, s.kernel
                ));
                rows.push(format!("{:<22} {:<24} ERROR", s.file, short(s.kernel)));
                continue;
            }
        };
        launches += 1;
        // PTX leaves the distribution of wmma fragments over the lanes unspecified: the results
        // must not depend on it (a kernel reading `frag.x[i]` non-uniformly would).
        if n.contains("wmma.") {
            match run_layout(n, s, 1) {
                Ok(alt) if alt.bufs == nr.bufs && alt.symbols == nr.symbols && alt.printed == nr.printed => {}
                Ok(_) => failures.push(format!(
                    "{suite}/{}::{}: the results depend on the wmma fragment layout, which PTX leaves unspecified (emulator layouts 0 and 1 differ)",
                    s.file, s.kernel
                )),
                Err(e) => failures.push(format!(
                    "{suite}/{}::{}: NVRTC PTX in the emulator (wmma layout 1): {e}",
                    s.file, s.kernel
                )),
            }
        }
        bundle.launch(*m, s, &nr);
        let refv = match s.reference {
            None => "-",
            Some(f) => {
                refs += 1;
                match f(&s.bufs, &nr) {
                    Ok(()) => "ok",
                    Err(e) => {
                        failures.push(format!(
                            "{suite}/{}::{}: NVRTC's result vs the Rust reference: {e}",
                            s.file, s.kernel
                        ));
                        "FAIL"
                    }
                }
            }
        };
        let mut verdict = "equal";
        let mut max_ulps = 0;
        let mut wsteps = String::from("-");
        match w {
            Err(_) => verdict = "(warpc n/a)",
            Ok(w) => match run(w, s) {
                Err(e) => {
                    verdict = "ERROR";
                    failures.push(format!(
                        "{suite}/{}::{}: warpc PTX in the emulator: {e}",
                        s.file, s.kernel
                    ));
                }
                Ok(wr) => {
                    wsteps = wr.steps.to_string();
                    for (k, b) in s.bufs.iter().enumerate() {
                        let (d, what) = compare(b.elem, &wr.bufs[k], &nr.bufs[k]);
                        max_ulps = max_ulps.max(d);
                        if d > s.ulps {
                            verdict = "MISMATCH";
                            failures.push(format!(
                                "{suite}/{}::{}: buffer `{}` differs by {} ulp(s) (allowed {}): {}",
                                s.file,
                                s.kernel,
                                b.name,
                                if d == u64::MAX { "-".to_string() } else { d.to_string() },
                                s.ulps,
                                what.unwrap_or_default()
                            ));
                        } else if d > 0 && verdict == "equal" {
                            verdict = "within tolerance";
                        }
                    }
                    for (k, a) in s.arrays.iter().enumerate() {
                        let (d, what) = compare(array_elem(&a.desc), &wr.arrays[k], &nr.arrays[k]);
                        max_ulps = max_ulps.max(d);
                        if d > s.ulps {
                            verdict = "MISMATCH";
                            failures.push(format!(
                                "{suite}/{}::{}: array `{}` differs: {}",
                                s.file,
                                s.kernel,
                                a.name,
                                what.unwrap_or_default()
                            ));
                        } else if d > 0 && verdict == "equal" {
                            verdict = "within tolerance";
                        }
                    }
                    for (k, sym) in s.symbols.iter().enumerate() {
                        if wr.symbols[k] != nr.symbols[k] {
                            verdict = "MISMATCH";
                            failures.push(format!("{suite}/{}::{}: variable `{sym}` differs", s.file, s.kernel));
                        }
                    }
                    if wr.printed != nr.printed {
                        verdict = "MISMATCH";
                        failures.push(format!(
                            "{suite}/{}::{}: printf output differs:\nwarpc: {:?}\nnvrtc: {:?}",
                            s.file, s.kernel, wr.printed, nr.printed
                        ));
                    }
                    if verdict == "equal" {
                        equal += 1;
                    }
                    if max_ulps != u64::MAX {
                        max_ulps_all = max_ulps_all.max(max_ulps);
                    }
                }
            },
        }
        rows.push(format!(
            "{:<22} {:<24} {:<17} {:>5} {:>9} {:>9} {:>4} {:>7.0?}",
            s.file,
            short(s.kernel),
            verdict,
            if max_ulps == u64::MAX {
                "-".to_string()
            } else {
                max_ulps.to_string()
            },
            wsteps,
            nr.steps,
            refv,
            t1.elapsed()
        ));
        if !nr.printed.is_empty() {
            let p: String = nr.printed.chars().take(100).collect();
            rows.push(format!("{:<22}   printf: {p:?}", ""));
        }
    }
    println!(
        "== difftest {suite}\n{:<22} {:<24} {:<17} {:>5} {:>9} {:>9} {:>4} {:>7}",
        "file", "kernel", "warpc vs nvrtc", "ulps", "warpc ins", "nvrtc ins", "ref", "emulate"
    );
    for r in &rows {
        println!("{r}");
    }
    let compiled = launches
        - specs
            .iter()
            .filter(|s| warpc_failed.iter().any(|f| f.0 == s.file))
            .count();
    println!(
        "{suite}: {launches} launches, warpc compiled {compiled}: {equal} bit-identical, max {max_ulps_all} ulps; {refs} Rust references; total {:.1?}",
        total.elapsed()
    );
    if let Err(e) = bundle.finish() {
        failures.push(format!("{suite}: GPU bundle: {e}"));
    }
    SuiteOutcome { failures, warpc_failed }
}

fn short(k: &str) -> String {
    if k.len() > 24 {
        format!("{}...", &k[..21])
    } else {
        k.to_string()
    }
}

/// The repository root, from this crate's manifest directory.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn suite_dir(rel: &str) -> PathBuf {
    if let Some(r) = rel.strip_prefix("shared/") {
        match std::env::var_os(warpc_testkit::SHARED_DIR_ENV) {
            Some(d) if !d.is_empty() => PathBuf::from(d).join(r),
            _ => repo_root().join("../shared").join(r),
        }
    } else {
        repo_root().join(rel)
    }
}

fn assert_no_failures(suite: &str, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "difftest {suite}: {} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every file of `dir` has a launch spec, or is listed (with its reason) in `skipped`.
fn sources_for(
    dir: &Path,
    specs: &[Spec],
    skipped: &[(&str, &str)],
    warpc_args: &dyn Fn(&Path) -> (Vec<String>, String),
) -> Vec<Source> {
    let files = warpc_testkit::cu_files_in(dir);
    assert!(!files.is_empty(), "no .cu files in {}", dir.display());
    let mut out = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_str().unwrap().to_string();
        let has = specs.iter().any(|s| s.file == name);
        let skip = skipped.iter().any(|s| s.0 == name);
        assert!(
            has || skip,
            "{}: no launch spec for {name} (add one, or list it with a reason among the skipped files)",
            dir.display()
        );
        assert!(!(has && skip), "{name} has a launch spec and is listed as skipped");
        if has {
            let (warpc_args, arch) = warpc_args(f);
            // `// REFERENCE: nvcc`: the file includes a header NVRTC does not have
            // (`<type_traits>`); `nvcc -ptx` gives the reference PTX instead.
            let nvcc = std::fs::read_to_string(f).is_ok_and(|t| t.lines().any(|l| l.trim() == "// REFERENCE: nvcc"));
            out.push(Source {
                file: name,
                warpc_args,
                arch,
                nvcc,
            });
        }
    }
    for (i, (s, _)) in skipped.iter().enumerate() {
        assert!(
            !skipped[..i].iter().any(|(t, _)| t == s),
            "{s} is listed twice among the skipped files"
        );
    }
    for (s, _) in skipped {
        assert!(
            files.iter().any(|f| f.file_name().unwrap() == *s),
            "skipped file {s} does not exist in {}",
            dir.display()
        );
    }
    out
}

fn sm90(_: &Path) -> (Vec<String>, String) {
    (vec!["-arch=sm_90".to_string()], "sm_90".to_string())
}

#[test]
fn difftest_conformance_c() {
    let dir = suite_dir("shared/conformance/c");
    let specs = specs_c::specs();
    let sources = sources_for(&dir, &specs, &[], &sm90);
    let mut out = run_suite("c", &dir, &sources, &specs);
    for (f, e) in &out.warpc_failed {
        out.failures.push(format!("c/{f}: warpc failed: {e}"));
    }
    for s in &specs {
        if s.reference.is_none() {
            out.failures
                .push(format!("c/{}::{}: no Rust reference", s.file, s.kernel));
        }
    }
    assert_no_failures("c", &out.failures);
}

/// Files warpc is expected not to compile yet must be exactly `expected`.
fn check_expected_failures(suite: &str, list: &str, sources: &[Source], out: &mut SuiteOutcome, expected: &[&str]) {
    for src in sources {
        let failed = out.warpc_failed.iter().find(|f| f.0 == src.file);
        let listed = expected.contains(&src.file.as_str());
        match (failed, listed) {
            (Some((f, e)), false) => out.failures.push(format!(
                "{suite}/{f}: warpc failed ({e}); it is not in EXPECTED_WARPC_FAILURES \
                 ({list}): a regression, or add it to the list"
            )),
            (None, true) => out.failures.push(format!(
                "{suite}/{}: warpc compiles it now: remove it from EXPECTED_WARPC_FAILURES \
                 ({list}) so that the difftest keeps it",
                src.file
            )),
            _ => {}
        }
    }
    for e in expected {
        assert!(
            sources.iter().any(|s| s.file == *e),
            "EXPECTED_WARPC_FAILURES ({list}) names {e}, which is not a {suite}/ file"
        );
    }
    println!(
        "{suite}: warpc compiles {} of {} files; expected not to compile yet: {expected:?}",
        sources.len() - out.warpc_failed.len(),
        sources.len()
    );
}

/// `testdata/difftest`: kernels written for the difftest, one instruction family each.
#[test]
fn difftest_kernels() {
    let dir = suite_dir("testdata/difftest");
    let specs = specs_difftest::specs();
    let sources = sources_for(&dir, &specs, &[], &sm90);
    let mut out = run_suite("difftest", &dir, &sources, &specs);
    check_expected_failures(
        "difftest",
        "crates/difftest/tests/difftest/specs_difftest.rs",
        &sources,
        &mut out,
        specs_difftest::EXPECTED_WARPC_FAILURES,
    );
    for s in &specs {
        if s.reference.is_none() {
            out.failures
                .push(format!("difftest/{}::{}: no Rust reference", s.file, s.kernel));
        }
    }
    assert_no_failures("difftest", &out.failures);
}

/// `testdata/perf`: the large kernels of the register-pressure benchmark. warpc must compile
/// every one, ptxas must accept it, and it must give NVRTC's results (within each spec's ULPs).
#[test]
fn difftest_perf() {
    let dir = suite_dir("testdata/perf");
    let specs = specs_perf::specs();
    let sources = sources_for(&dir, &specs, &[], &sm90);
    let mut out = run_suite("perf", &dir, &sources, &specs);
    for (f, e) in &out.warpc_failed {
        out.failures.push(format!("perf/{f}: warpc failed: {e}"));
    }
    assert_no_failures("perf", &out.failures);
}

/// `conformance/real`: programs that include the real system and CUDA headers, compiled with
/// their first-line flags; the reference is `nvcc -ptx`.
#[test]
fn difftest_conformance_real() {
    let dir = suite_dir("shared/conformance/real");
    let specs = specs_real::specs();
    let mut sources = sources_for(&dir, &specs, specs_real::SKIPPED, &specs_real::flags);
    for s in &mut sources {
        s.nvcc = true;
    }
    let mut out = run_suite("real", &dir, &sources, &specs);
    for (f, e) in &out.warpc_failed {
        out.failures.push(format!("real/{f}: warpc failed: {e}"));
    }
    assert_no_failures("real", &out.failures);
}

/// `conformance/program`: whole programs with host code; the reference is `nvcc -ptx`.
#[test]
fn difftest_conformance_program() {
    let dir = suite_dir("shared/conformance/program");
    let specs = specs_program::specs();
    let mut sources = sources_for(&dir, &specs, &[], &sm90);
    for s in &mut sources {
        s.nvcc = true;
    }
    let mut out = run_suite("program", &dir, &sources, &specs);
    check_expected_failures(
        "program",
        "crates/difftest/tests/difftest/specs_program.rs",
        &sources,
        &mut out,
        specs_program::EXPECTED_WARPC_FAILURES,
    );
    for s in &specs {
        if s.reference.is_none() {
            out.failures
                .push(format!("program/{}::{}: no Rust reference", s.file, s.kernel));
        }
    }
    assert_no_failures("program", &out.failures);
}

#[test]
fn difftest_conformance_cxx() {
    let dir = suite_dir("shared/conformance/cxx");
    let specs = specs_cxx::specs();
    let sources = sources_for(&dir, &specs, &[], &sm90);
    let mut out = run_suite("cxx", &dir, &sources, &specs);
    check_expected_failures(
        "cxx",
        "crates/difftest/tests/difftest/specs_cxx.rs",
        &sources,
        &mut out,
        specs_cxx::EXPECTED_WARPC_FAILURES,
    );
    for s in &specs {
        if s.reference.is_none() {
            out.failures
                .push(format!("cxx/{}::{}: no Rust reference", s.file, s.kernel));
        }
    }
    assert_no_failures("cxx", &out.failures);
}

/// The `// ARGS:` line of a testdata file (without `--emit=...`), default `-arch=sm_90 -O3`.
fn testdata_args(path: &Path) -> (Vec<String>, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut args: Vec<String> = text
        .lines()
        .find_map(|l| l.strip_prefix("// ARGS:"))
        .map(|a| a.split_whitespace().map(String::from).collect())
        .unwrap_or_else(|| vec!["-arch=sm_90".to_string(), "-O3".to_string()]);
    args.retain(|a| !a.starts_with("--emit"));
    let arch = args
        .iter()
        .find_map(|a| a.strip_prefix("-arch="))
        .unwrap_or("sm_75")
        .to_string();
    if !args.iter().any(|a| a.starts_with("-arch")) {
        args.push(format!("-arch={arch}"));
    }
    (args, arch)
}

#[test]
fn difftest_testdata() {
    let mut failures = Vec::new();
    type Suite = (
        &'static str,
        &'static str,
        Vec<Spec>,
        &'static [(&'static str, &'static str)],
    );
    let suites: Vec<Suite> = vec![
        (
            "codegen",
            "testdata/codegen",
            specs_testdata::codegen_specs(),
            specs_testdata::CODEGEN_SKIPPED,
        ),
        ("examples", "testdata/examples", specs_testdata::example_specs(), &[]),
    ];
    for (suite, rel, specs, skipped) in suites {
        let dir = suite_dir(rel);
        let sources = sources_for(&dir, &specs, skipped, &testdata_args);
        let out = run_suite(suite, &dir, &sources, &specs);
        failures.extend(out.failures);
        for (f, e) in &out.warpc_failed {
            failures.push(format!("{rel}/{f}: warpc failed: {e}"));
        }
    }
    assert_no_failures("testdata", &failures);
}

/// The emulator runs approximate instructions to their documented error, not exactly
/// (`warpc_ptx_emu::float::Approx`): NVRTC's precise `sinf`/`cosf`/`expf`/`x / y` and the
/// intrinsics that are single approximate instructions (`__sinf` = `sin.approx`, `__cosf`,
/// `__expf` = `ex2.approx` of `x * log2(e)`, `__fdividef` = `div.approx`) then differ by more
/// ulps than the specs of precise code allow (0 to 4), so a compiler that lowered the precise
/// functions to the approximate instructions would fail the warpc-vs-NVRTC comparison.
#[test]
fn approximate_lowering_is_caught() {
    let oracles = Oracles::require();
    let src = r#"extern "C" __global__ void k(const float *x, float *p, float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  p[4 * i] = sinf(v); p[4 * i + 1] = cosf(v); p[4 * i + 2] = expf(v); p[4 * i + 3] = 1.0f / (v + 4.0f);
  a[4 * i] = __sinf(v); a[4 * i + 1] = __cosf(v); a[4 * i + 2] = __expf(v); a[4 * i + 3] = __fdividef(1.0f, v + 4.0f);
}"#;
    let ptx = oracles
        .nvrtc_compile(src, "approx.cu", &["-arch=sm_80"], &[])
        .expect("NVRTC")
        .ptx;
    for ins in ["sin.approx", "cos.approx", "ex2.approx", "div.approx"] {
        assert!(ptx.contains(ins), "NVRTC's PTX has no {ins}");
    }
    let n = 256;
    let mut r = Rng(0x5eed_1234);
    let x: Vec<f32> = (0..n).map(|_| r.f32(-3.0, 3.0)).collect();
    let mut s = spec("approx.cu", "k", (2, 1, 1), (128, 1, 1));
    s.bufs = vec![
        buf("x", Elem::F32, f32s(&x)),
        buf("p", Elem::F32, vec![0; 16 * n]),
        buf("a", Elem::F32, vec![0; 16 * n]),
    ];
    s.args = vec![A::Buf(0), A::Buf(1), A::Buf(2), A::S(Arg::I32(n as i32))];
    let out = run(&ptx, &s).expect("emulator");
    let (p, a) = (as_f32(&out.bufs[1]), as_f32(&out.bufs[2]));
    let again = run(&ptx, &s).expect("emulator");
    assert_eq!(again.bufs, out.bufs, "the emulated error is deterministic");
    let mut worst = [0u64; 4];
    for i in 0..4 * n {
        worst[i % 4] = worst[i % 4].max(ulp_diff32(p[i], a[i]));
    }
    println!(
        "precise vs approximate, max ulps: sin {}, cos {}, exp {}, 1/x {}",
        worst[0], worst[1], worst[2], worst[3]
    );
    for (f, w) in ["sinf", "cosf", "expf"].iter().zip(worst) {
        assert!(w > 4, "{f} vs its approximate instruction: only {w} ulps apart");
    }
    assert!(worst[3] >= 1, "1/x vs div.approx: equal");
}
