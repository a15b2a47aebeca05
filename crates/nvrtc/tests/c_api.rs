//! The NVRTC C API of `libwarpc_nvrtc.so`, driven through `dlopen` exactly as NVRTC's users do,
//! side by side with the real `libnvrtc.so.13` (the oracle for lowered names, status codes and
//! log lines):
//!
//! - loaded by its soname from a folder on `LD_LIBRARY_PATH` (in a child process, so the
//!   loader's search is the real one), it is warpc's library that is found, and it compiles every
//!   `conformance/c` and `conformance/cxx` file: PTX that ptxas accepts, NVRTC's kernel names, a
//!   CUBIN for `sm_XX` and none for `compute_XX`;
//! - lowered names of templated name expressions equal real NVRTC's;
//! - status codes, error strings and log lines of bad calls equal real NVRTC's;
//! - many programs compile concurrently from many threads, with identical PTX.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::PathBuf;

use libloading::Library;

mod common;
use common::{built_library, mapped_file, soname_folder};
use warpc_testkit::{conformance_files, ptx_entries, Oracles};

type Prog = *mut c_void;

/// The entry points the tests call, bound from one library.
struct Api {
    lib: Library,
}

macro_rules! sym {
    ($api:expr, $name:literal, $ty:ty) => {{
        // SAFETY: each symbol is given its signature from nvrtc.h.
        let f: libloading::Symbol<$ty> = unsafe { $api.lib.get(concat!($name, "\0").as_bytes()) }.expect($name);
        *f
    }};
}

type CreateFn = unsafe extern "C" fn(
    *mut Prog,
    *const c_char,
    *const c_char,
    c_int,
    *const *const c_char,
    *const *const c_char,
) -> c_int;
type CompileFn = unsafe extern "C" fn(Prog, c_int, *const *const c_char) -> c_int;
type SizeFn = unsafe extern "C" fn(Prog, *mut usize) -> c_int;
type BufFn = unsafe extern "C" fn(Prog, *mut c_char) -> c_int;
type DestroyFn = unsafe extern "C" fn(*mut Prog) -> c_int;
type AddNameFn = unsafe extern "C" fn(Prog, *const c_char) -> c_int;
type LoweredFn = unsafe extern "C" fn(Prog, *const c_char, *mut *const c_char) -> c_int;
type ErrStrFn = unsafe extern "C" fn(c_int) -> *const c_char;
type VersionFn = unsafe extern "C" fn(*mut c_int, *mut c_int) -> c_int;
type NumArchsFn = unsafe extern "C" fn(*mut c_int) -> c_int;
type ArchsFn = unsafe extern "C" fn(*mut c_int) -> c_int;

/// The result of one program's compilation.
#[derive(Debug)]
struct Compiled {
    status: i32,
    log: String,
    ptx: String,
    /// `Err`: nvrtcGetCUBINSize failed (its status).
    cubin: Result<Vec<u8>, i32>,
    lowered: Vec<(String, Result<String, i32>)>,
}

impl Api {
    fn open(path: impl AsRef<std::ffi::OsStr>) -> Api {
        // SAFETY: an NVRTC library: plain C, no unusual initialisers.
        let lib = unsafe { Library::new(path.as_ref()) }.unwrap_or_else(|e| panic!("dlopen {:?}: {e}", path.as_ref()));
        Api { lib }
    }

    fn read(&self, prog: Prog, size: SizeFn, buf: BufFn) -> Result<Vec<u8>, i32> {
        let mut n = 0usize;
        // SAFETY: live program, valid out-pointer.
        let s = unsafe { size(prog, &mut n) };
        if s != 0 {
            return Err(s);
        }
        let mut v = vec![0u8; n.max(1)];
        // SAFETY: a buffer of the size asked for.
        let s = unsafe { buf(prog, v.as_mut_ptr().cast()) };
        if s != 0 {
            return Err(s);
        }
        v.truncate(n);
        Ok(v)
    }

    fn text(bytes: Vec<u8>) -> String {
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        String::from_utf8_lossy(&bytes[..end]).into_owned()
    }

    /// Creates, compiles, reads everything back and destroys a program.
    fn compile(
        &self,
        source: &str,
        name: &str,
        options: &[&str],
        headers: &[(&str, &str)],
        exprs: &[&str],
    ) -> Compiled {
        let create = sym!(self, "nvrtcCreateProgram", CreateFn);
        let compile = sym!(self, "nvrtcCompileProgram", CompileFn);
        let destroy = sym!(self, "nvrtcDestroyProgram", DestroyFn);
        let add = sym!(self, "nvrtcAddNameExpression", AddNameFn);
        let lowered_fn = sym!(self, "nvrtcGetLoweredName", LoweredFn);
        let c = |s: &str| CString::new(s).unwrap();
        let (src, cname) = (c(source), c(name));
        let hs: Vec<CString> = headers.iter().map(|h| c(h.1)).collect();
        let hn: Vec<CString> = headers.iter().map(|h| c(h.0)).collect();
        let hs_p: Vec<*const c_char> = hs.iter().map(|s| s.as_ptr()).collect();
        let hn_p: Vec<*const c_char> = hn.iter().map(|s| s.as_ptr()).collect();
        let mut prog: Prog = std::ptr::null_mut();
        // SAFETY: valid strings and arrays of the given length.
        let s = unsafe {
            create(
                &mut prog,
                src.as_ptr(),
                cname.as_ptr(),
                headers.len() as c_int,
                hs_p.as_ptr(),
                hn_p.as_ptr(),
            )
        };
        assert_eq!(s, 0, "nvrtcCreateProgram");
        let ex: Vec<CString> = exprs.iter().map(|e| c(e)).collect();
        for e in &ex {
            // SAFETY: live program, valid string.
            assert_eq!(unsafe { add(prog, e.as_ptr()) }, 0, "nvrtcAddNameExpression");
        }
        let opts: Vec<CString> = options.iter().map(|o| c(o)).collect();
        let opts_p: Vec<*const c_char> = opts.iter().map(|s| s.as_ptr()).collect();
        // SAFETY: live program, option array of the given length.
        let status = unsafe { compile(prog, opts_p.len() as c_int, opts_p.as_ptr()) };
        let log = Self::text(
            self.read(
                prog,
                sym!(self, "nvrtcGetProgramLogSize", SizeFn),
                sym!(self, "nvrtcGetProgramLog", BufFn),
            )
            .unwrap(),
        );
        let mut out = Compiled {
            status,
            log,
            ptx: String::new(),
            cubin: Err(-1),
            lowered: Vec::new(),
        };
        if status == 0 {
            out.ptx = Self::text(
                self.read(
                    prog,
                    sym!(self, "nvrtcGetPTXSize", SizeFn),
                    sym!(self, "nvrtcGetPTX", BufFn),
                )
                .unwrap(),
            );
            out.cubin = self.read(
                prog,
                sym!(self, "nvrtcGetCUBINSize", SizeFn),
                sym!(self, "nvrtcGetCUBIN", BufFn),
            );
            for e in &ex {
                let mut p: *const c_char = std::ptr::null();
                // SAFETY: live program, valid string and out-pointer.
                let s = unsafe { lowered_fn(prog, e.as_ptr(), &mut p) };
                // SAFETY: on success a NUL-terminated string owned by the program.
                let v = if s == 0 {
                    Ok(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
                } else {
                    Err(s)
                };
                out.lowered.push((e.to_string_lossy().into_owned(), v));
            }
        }
        // SAFETY: the program is destroyed once.
        assert_eq!(unsafe { destroy(&mut prog) }, 0);
        assert!(prog.is_null(), "nvrtcDestroyProgram sets the handle to NULL");
        out
    }
}

fn ours() -> Api {
    let dir = soname_folder();
    let api = Api::open(dir.join("libnvrtc.so.13"));
    let _ = std::fs::remove_dir_all(&dir);
    api
}

fn real() -> Api {
    Api::open(Oracles::require().nvrtc_lib)
}

const CHILD_ENV: &str = "WARPC_NVRTC_SONAME_CHILD";

/// Runs [`soname_child`] in a child process whose `LD_LIBRARY_PATH` starts with the folder.
#[test]
fn loads_by_soname_and_compiles_the_conformance_corpus() {
    let dir = soname_folder();
    let mut path = dir.as_os_str().to_owned();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        path.push(":");
        path.push(old);
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "soname_child",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("LD_LIBRARY_PATH", &path)
        .env(CHILD_ENV, std::fs::canonicalize(built_library()).unwrap())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{text}");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "child failed");
    assert!(text.contains("1 passed"), "the child ran no test:\n{text}");
}

#[test]
#[ignore = "run by loads_by_soname_and_compiles_the_conformance_corpus in a child process"]
fn soname_child() {
    let Some(expected) = std::env::var_os(CHILD_ENV) else {
        panic!("run through its parent test")
    };
    let api = Api::open("libnvrtc.so.13");
    // SAFETY: only the address is taken.
    let version: VersionFn = sym!(api, "nvrtcVersion", VersionFn);
    let loaded = mapped_file(version as usize).expect("nvrtcVersion is mapped from a file");
    assert_eq!(
        std::fs::canonicalize(&loaded).unwrap(),
        PathBuf::from(&expected),
        "dlopen(\"libnvrtc.so.13\") found another library"
    );
    let (mut major, mut minor) = (0, 0);
    // SAFETY: valid out-pointers.
    assert_eq!(unsafe { version(&mut major, &mut minor) }, 0);
    assert_eq!((major, minor), (13, 5));

    let oracles = Oracles::require();
    let reference = real();
    let mut failures = Vec::new();
    let mut files = conformance_files("c");
    files.extend(conformance_files("cxx"));
    assert_eq!(files.len(), 20, "conformance c/ and cxx/ (is ../shared present?)");
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(path).unwrap();
        let got = api.compile(&src, &name, &["-arch=sm_80", "--std=c++17", "--no-cache"], &[], &[]);
        if got.status != 0 {
            failures.push(format!("{name}: status {} log:\n{}", got.status, got.log));
            continue;
        }
        if let Err(e) = oracles.ptxas(&got.ptx, "sm_80") {
            failures.push(format!("{name}: ptxas rejected the PTX: {e}"));
        }
        match &got.cubin {
            Ok(c) if c.starts_with(b"\x7fELF") => {}
            other => failures.push(format!(
                "{name}: no CUBIN for sm_80: {:?}",
                other.as_ref().map(Vec::len)
            )),
        }
        // The kernels users look up by name: those of real NVRTC (where it compiles the file:
        // it has no <cstdio>).
        let theirs = reference.compile(&src, &name, &["-arch=sm_80", "--std=c++17"], &[], &[]);
        if theirs.status == 0 {
            let names = |p: &str| ptx_entries(p).into_iter().map(|e| e.name).collect::<Vec<_>>();
            if names(&got.ptx) != names(&theirs.ptx) {
                failures.push(format!(
                    "{name}: kernels {:?} != NVRTC's {:?}",
                    names(&got.ptx),
                    names(&theirs.ptx)
                ));
            }
        }
        // A virtual architecture gives PTX and no CUBIN, as in NVRTC.
        let virt = api.compile(&src, &name, &["-arch=compute_80", "--no-cache"], &[], &[]);
        if virt.status != 0 || virt.cubin.as_ref().map(Vec::len) != Ok(0) {
            failures.push(format!(
                "{name}: compute_80: status {} cubin {:?}",
                virt.status,
                virt.cubin.map(|c| c.len())
            ));
        }
        println!(
            "{name}: {} bytes of PTX, {} of CUBIN",
            got.ptx.len(),
            got.cubin.map_or(0, |c| c.len())
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

const TEMPLATES: &str = r#"
namespace ns {
struct Pair { float a; int b; };
__device__ int counter;
namespace inner {
template <typename T, int N> __global__ void fill(T *p, T v) { if (threadIdx.x < N) p[threadIdx.x] = v; }
}
}
template <typename A, typename B> __global__ void mix(const A *a, B *b) { b[0] = (B)a[0]; }
template <unsigned N> __global__ void unroll(float *p) { for (unsigned i = 0; i < N; ++i) p[i] += 1.f; }
template <typename T> __global__ void from_pair(ns::Pair p, T *out) { out[0] = (T)p.a + (T)p.b; }
template <typename T, typename U = int> __global__ void defaulted(T *t, U u) { t[0] = (T)u; }
__global__ void plain(int *p) { p[0] = ns::counter; }
"#;

const EXPRESSIONS: &[&str] = &[
    "ns::inner::fill<float, 32>",
    "&ns::inner::fill<int, 1>",
    "ns::inner::fill<ns::Pair, 2>",
    "mix<double, unsigned long long>",
    "mix<char, short>",
    "(mix<float, float>)",
    "unroll<8u>",
    "unroll<16>",
    "from_pair<float>",
    "defaulted<long>",
    "defaulted<double, char>",
    "plain",
    "&ns::counter",
];

#[test]
fn lowered_names_equal_real_nvrtcs() {
    let (ours, theirs) = (ours(), real());
    let opts = ["-arch=sm_80"];
    let a = ours.compile(
        TEMPLATES,
        "templates.cu",
        &["-arch=sm_80", "--no-cache"],
        &[],
        EXPRESSIONS,
    );
    let b = theirs.compile(TEMPLATES, "templates.cu", &opts, &[], EXPRESSIONS);
    assert_eq!((a.status, b.status), (0, 0), "logs:\n{}\n{}", a.log, b.log);
    assert_eq!(a.lowered, b.lowered);
    assert!(a.lowered.iter().all(|(_, l)| l.is_ok()));
    // Every instantiated kernel is in the PTX, under the lowered name.
    let names: Vec<String> = ptx_entries(&a.ptx).into_iter().map(|e| e.name).collect();
    for (expr, lowered) in &a.lowered {
        let lowered = lowered.as_ref().unwrap();
        if !expr.contains("counter") {
            assert!(
                names.contains(lowered),
                "{expr}: {lowered} not among the PTX's kernels {names:?}"
            );
        }
    }
    Oracles::require()
        .ptxas(&a.ptx, "sm_80")
        .expect("ptxas accepts the PTX");

    // The conformance file's explicit instantiations, as name expressions.
    let path = conformance_files("cxx")
        .into_iter()
        .find(|p| p.ends_with("01_templates.cu"))
        .unwrap();
    let src = std::fs::read_to_string(path).unwrap();
    let exprs = [
        "scale_clamp<float, 4>",
        "scale_clamp<int, 2>",
        "&scale_clamp<double, 1>",
    ];
    let a = ours.compile(&src, "01_templates.cu", &opts, &[], &exprs);
    let b = theirs.compile(&src, "01_templates.cu", &opts, &[], &exprs);
    assert_eq!((a.status, b.status), (0, 0), "logs:\n{}\n{}", a.log, b.log);
    assert_eq!(a.lowered, b.lowered);
}

/// Status codes and log text of failing calls, ours against NVRTC's.
#[test]
fn errors_match_real_nvrtc() {
    let (ours, theirs) = (ours(), real());
    let cases: &[(&str, &[&str])] = &[
        ("__global__ void k(){ x = 1; }\n", &["-arch=sm_80"]),
        ("__global__ void k(){}\n", &["--frobnicate"]),
        ("__global__ void k(){}\n", &["-arch=sm_1"]),
        ("__global__ void k(){}\n", &["-O3"]),
        ("__global__ void k(){}\n", &["kernel.cu"]),
        ("__global__ void k(){}\n", &["-rdc"]),
        ("__global__ void k(){}\n", &["-rdc=maybe"]),
        ("__global__ void k(){}\n", &["--ftz"]),
        ("__global__ void k(){}\n", &["-prec-div=1"]),
        ("__global__ void k(){}\n", &["--maxrregcount=abc"]),
        ("__global__ void k(){}\n", &["-std=gnu++17"]),
        (
            "__global__ void k(){}\n",
            &["-arch=compute_90a", "-rdc=true", "--std=c++20"],
        ),
        (
            "__global__ void k(){}\n",
            &["-arch", "sm_80", "-default-device", "--std=c++17", "-lineinfo", "-G"],
        ),
        (
            "__device__ float f(float x){ return x; }\n__global__ void k(float *p){ p[0] = f(p[1]); }\n",
            &[
                "-arch=sm_80",
                "--use_fast_math",
                "-ftz=true",
                "-prec-div=false",
                "-prec-sqrt=false",
                "-fmad=true",
                "--maxrregcount=32",
                "-dopt=on",
                "--extra-device-vectorization",
                "--diag-suppress=177",
                "-w",
                "--minimal",
            ],
        ),
        (
            "float g(float x){ return x; }\n__global__ void k(float *p){ p[0] = g(p[1]); }\n",
            &["-default-device"],
        ),
        (
            "__global__ void k(float *p){ p[0] = A + B; }\n",
            &["-DA=1", "--define-macro=B=2"],
        ),
        ("__global__ void k(float *p){ p[0] = A; }\n", &["-DA=1", "-UA"]),
        ("__global__ void k(int *p){ p[0] = __CUDACC_RTC__; }\n", &[]),
        // `-builtin-move-forward` (on by default): std::move and std::forward without a header;
        // a program's own std::move is then ambiguous with NVRTC's.
        (
            "__global__ void k(int *p){ int a = p[1]; p[0] = ::std::move(a) + std::forward<int &>(a); }\n",
            &[],
        ),
        (
            "__global__ void k(int *p){ int a = p[1]; p[0] = ::std::move(a); }\n",
            &["-builtin-move-forward=false"],
        ),
        (
            "namespace std { template <class T> __device__ T &&move(T &t) { return (T &&)t; } }\n__global__ void k(int *p){ int a = p[1]; p[0] = std::move(a); }\n",
            &[],
        ),
        (
            "#ifdef __GNUC__\n#error host compiler macro\n#endif\n__global__ void k(){}\n",
            &[],
        ),
    ];
    for (src, opts) in cases {
        let mine: Vec<&str> = opts.iter().copied().chain(["--no-cache"]).collect();
        let a = ours.compile(src, "prog.cu", &mine, &[], &[]);
        let b = theirs.compile(src, "prog.cu", opts, &[], &[]);
        assert_eq!(
            a.status, b.status,
            "{opts:?} {src}\nours:\n{}\ntheirs:\n{}",
            a.log, b.log
        );
        if a.status == 5 || src.contains("x = 1") {
            assert_eq!(a.log, b.log, "{opts:?} {src}");
        }
        if a.status == 0 {
            let arch = opts
                .iter()
                .find_map(|o| o.strip_prefix("-arch="))
                .map_or("sm_80".to_string(), |a| a.replace("compute_", "sm_"));
            Oracles::require()
                .ptxas(&a.ptx, &arch)
                .unwrap_or_else(|e| panic!("{opts:?}: {e}"));
        }
    }
    // `-default-device` makes unannotated namespace-scope variables `__device__` (`.global`),
    // as real NVRTC does; without it, using them is an error in both.
    let src = "int counter;\nfloat table[2] = {1, 2};\n__global__ void k(float *p){ p[0] = table[1]; counter++; }\n";
    for (a, b) in [
        (
            ours.compile(src, "prog.cu", &["-default-device", "--no-cache"], &[], &[]),
            theirs.compile(src, "prog.cu", &["-default-device"], &[], &[]),
        ),
        (
            ours.compile(src, "prog.cu", &["--no-cache"], &[], &[]),
            theirs.compile(src, "prog.cu", &[], &[], &[]),
        ),
    ] {
        assert_eq!(a.status, b.status, "ours:\n{}\ntheirs:\n{}", a.log, b.log);
        for var in ["counter", "table"] {
            let global = |ptx: &str| ptx.lines().any(|l| l.starts_with(".global") && l.contains(var));
            assert_eq!(
                global(&a.ptx),
                global(&b.ptx),
                "{var}:\nours:\n{}\ntheirs:\n{}",
                a.ptx,
                b.ptx
            );
        }
    }
    // In-memory headers, by quoted and angled names, and --pre-include.
    let src = "#include \"a.h\"\n#include <b/c.h>\n__global__ void k(int *p){ p[0] = A + C + PRE; }\n";
    let headers = [
        ("a.h", "#define A 1\n"),
        ("b/c.h", "#define C 2\n"),
        ("pre.h", "#define PRE 3\n"),
    ];
    for api in [&ours, &theirs] {
        let c = api.compile(src, "prog.cu", &["--pre-include=pre.h"], &headers, &[]);
        assert_eq!(c.status, 0, "{}", c.log);
    }
    let missing = ours.compile("#include \"zz.h\"\n__global__ void k(){}\n", "prog.cu", &[], &[], &[]);
    assert_eq!(missing.status, 6);
    assert!(missing.log.starts_with("prog.cu(1): "), "{}", missing.log);

    // Error strings, versions, architectures.
    let es = |api: &Api, i: c_int| {
        let f = sym!(api, "nvrtcGetErrorString", ErrStrFn);
        // SAFETY: a static string for any value.
        unsafe { CStr::from_ptr(f(i)) }.to_string_lossy().into_owned()
    };
    for i in -1..=20 {
        assert_eq!(es(&ours, i), es(&theirs, i));
    }
    let archs = |api: &Api| {
        let (num, get) = (
            sym!(api, "nvrtcGetNumSupportedArchs", NumArchsFn),
            sym!(api, "nvrtcGetSupportedArchs", ArchsFn),
        );
        let mut n = 0;
        // SAFETY: valid out-pointer, then an array of that length.
        unsafe {
            assert_eq!(num(&mut n), 0);
            let mut v = vec![0; n as usize];
            assert_eq!(get(v.as_mut_ptr()), 0);
            v
        }
    };
    assert_eq!(archs(&ours), archs(&theirs));

    // NULL and misuse.
    let mut all_codes = Vec::new();
    for api in [&ours, &theirs] {
        let create = sym!(api, "nvrtcCreateProgram", CreateFn);
        let compile = sym!(api, "nvrtcCompileProgram", CompileFn);
        let ptx_size = sym!(api, "nvrtcGetPTXSize", SizeFn);
        let destroy = sym!(api, "nvrtcDestroyProgram", DestroyFn);
        let add = sym!(api, "nvrtcAddNameExpression", AddNameFn);
        let lowered = sym!(api, "nvrtcGetLoweredName", LoweredFn);
        let src = CString::new("__global__ void k(){}").unwrap();
        let expr = CString::new("k").unwrap();
        let mut prog: Prog = std::ptr::null_mut();
        let mut size = 0usize;
        let mut name: *const c_char = std::ptr::null();
        // SAFETY: NULL where the case says so, valid pointers otherwise.
        let codes = unsafe {
            vec![
                create(
                    std::ptr::null_mut(),
                    src.as_ptr(),
                    std::ptr::null(),
                    0,
                    std::ptr::null(),
                    std::ptr::null(),
                ),
                create(
                    &mut prog,
                    std::ptr::null(),
                    std::ptr::null(),
                    0,
                    std::ptr::null(),
                    std::ptr::null(),
                ),
                create(
                    &mut prog,
                    src.as_ptr(),
                    std::ptr::null(),
                    -1,
                    std::ptr::null(),
                    std::ptr::null(),
                ),
                compile(std::ptr::null_mut(), 0, std::ptr::null()),
                ptx_size(std::ptr::null_mut(), &mut size),
                destroy(std::ptr::null_mut()),
                create(
                    &mut prog,
                    src.as_ptr(),
                    std::ptr::null(),
                    0,
                    std::ptr::null(),
                    std::ptr::null(),
                ),
                add(prog, expr.as_ptr()),
                lowered(prog, expr.as_ptr(), &mut name),
                compile(prog, 0, std::ptr::null()),
                add(prog, expr.as_ptr()),
                lowered(prog, expr.as_ptr(), &mut name),
                ptx_size(prog, std::ptr::null_mut()),
                destroy(&mut prog),
            ]
        };
        all_codes.push(codes);
    }
    assert_eq!(
        all_codes[0], all_codes[1],
        "status codes of NULL and misuse cases (ours, NVRTC's)"
    );
}

/// Many programs on many threads: each gets the PTX a lone compilation gives.
#[test]
fn concurrent_programs_from_many_threads() {
    let api = ours();
    let mut files = conformance_files("c");
    files.extend(conformance_files("cxx"));
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect();
    let alone: Vec<String> = sources
        .iter()
        .map(|(n, s)| api.compile(s, n, &["-arch=sm_80", "--no-cache"], &[], &[]).ptx)
        .collect();
    let together: Vec<Vec<String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let (api, sources) = (&api, &sources);
                scope.spawn(move || {
                    // Each thread walks the files from a different start.
                    (0..sources.len())
                        .map(|i| {
                            let (n, s) = &sources[(i + t * 5) % sources.len()];
                            api.compile(s, n, &["-arch=sm_80", "--no-cache"], &[], &[]).ptx
                        })
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (t, results) in together.iter().enumerate() {
        for (i, ptx) in results.iter().enumerate() {
            let j = (i + t * 5) % sources.len();
            assert!(!ptx.is_empty(), "{}: no PTX", sources[j].0);
            assert_eq!(
                ptx, &alone[j],
                "{}: PTX differs when compiled concurrently",
                sources[j].0
            );
        }
    }
}

/// The persistent cache: a second compilation of the same program (as a second process would
/// do it) is served from the whole-program results, equal to the first; editing a header read
/// from disk is noticed.
#[test]
fn cached_results_equal_compiled_ones_and_notice_header_edits() {
    let api = ours();
    let dir = std::env::temp_dir().join(format!("warpc-nvrtc-cache-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).unwrap();
    std::fs::write(inc.join("value.h"), "#define VALUE 1234567\n").unwrap();
    let src = format!("#include \"value.h\"\n{TEMPLATES}\n__global__ void v(int *p) {{ p[0] = VALUE; }}\n");
    let cache = format!("--cache-dir={}", dir.join("cache").display());
    let include = format!("-I{}", inc.display());
    let opts = ["-arch=sm_80", cache.as_str(), include.as_str()];
    let first = api.compile(&src, "cached.cu", &opts, &[], EXPRESSIONS);
    assert_eq!(first.status, 0, "{}", first.log);
    assert!(
        dir.join("cache/nvrtc-v1").is_dir(),
        "no whole-program entry was written"
    );
    let second = api.compile(&src, "cached.cu", &opts, &[], EXPRESSIONS);
    assert_eq!(
        (second.status, &second.log, &second.ptx, &second.lowered),
        (0, &first.log, &first.ptx, &first.lowered)
    );
    let uncached = api.compile(
        &src,
        "cached.cu",
        &["-arch=sm_80", "--no-cache", include.as_str()],
        &[],
        EXPRESSIONS,
    );
    assert_eq!(uncached.ptx, first.ptx);
    assert!(first.ptx.contains("1234567"));
    std::fs::write(inc.join("value.h"), "#define VALUE 7654321\n").unwrap();
    let edited = api.compile(&src, "cached.cu", &opts, &[], EXPRESSIONS);
    assert!(
        edited.ptx.contains("7654321") && !edited.ptx.contains("1234567"),
        "a stale result was served"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Programs compiled one after another in one process share the prelude's work (a pooled
/// database), never each other's files: an earlier program's in-memory header is not found by a
/// later one, and a header on disk is read as it is at each compilation (edited, then removed).
#[test]
fn later_programs_see_their_own_files_only() {
    let api = ours();
    let no_cache = ["-arch=sm_80", "--no-cache"];
    let uses = "#include \"hdr.h\"\n__global__ void k(int *p) { p[0] = VALUE; }\n";
    let first = api.compile(uses, "p.cu", &no_cache, &[("hdr.h", "#define VALUE 1111111\n")], &[]);
    assert_eq!(first.status, 0, "{}", first.log);
    assert!(first.ptx.contains("1111111"));
    let second = api.compile(uses, "p.cu", &no_cache, &[], &[]);
    assert_ne!(second.status, 0, "an earlier program's in-memory header was found");
    assert!(
        second.log.contains("cannot open source file \"hdr.h\""),
        "{}",
        second.log
    );

    let dir = std::env::temp_dir().join(format!("warpc-nvrtc-pool-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("hdr.h"), "#define VALUE 2222222\n").unwrap();
    let include = format!("-I{}", dir.display());
    let opts = ["-arch=sm_80", "--no-cache", include.as_str()];
    let on_disk = api.compile(uses, "p.cu", &opts, &[], &[]);
    assert!(on_disk.ptx.contains("2222222"), "{}", on_disk.log);
    std::fs::write(dir.join("hdr.h"), "#define VALUE 3333333\n").unwrap();
    let edited = api.compile(uses, "p.cu", &opts, &[], &[]);
    assert!(
        edited.ptx.contains("3333333"),
        "the header's edit was not seen: {}",
        edited.log
    );
    std::fs::remove_file(dir.join("hdr.h")).unwrap();
    let removed = api.compile(uses, "p.cu", &opts, &[], &[]);
    assert_ne!(removed.status, 0, "a removed header was still found");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `api` compiles `src` with `opts`, and `--no-cache` when it is ours.
fn compile_as(api: &Api, is_ours: bool, src: &str, name: &str, opts: &[&str]) -> Compiled {
    let mut opts = opts.to_vec();
    if is_ours {
        opts.push("--no-cache");
    }
    api.compile(src, name, &opts, &[], &[])
}

/// Ours and real NVRTC compile `src` with `opts` (ours also with `--no-cache`).
fn both(
    ours: &Api,
    theirs: &Api,
    src: &str,
    name: &str,
    opts: &[&str],
    headers: &[(&str, &str)],
) -> (Compiled, Compiled) {
    let mine: Vec<&str> = opts.iter().copied().chain(["--no-cache"]).collect();
    (
        ours.compile(src, name, &mine, headers, &[]),
        theirs.compile(src, name, opts, headers, &[]),
    )
}

/// `-dopt on`: with `-G`, NVRTC compiles optimised code with line information (its PTX for
/// `-G -dopt on` is its PTX for `-lineinfo`); so does ours. `on` is the only value NVRTC takes.
#[test]
fn dopt_with_debug_compiles_optimised_code_with_line_info() {
    let (ours, theirs) = (ours(), real());
    let src = "extern \"C\" __global__ void k(float *a, const float *b, int n) {\n  for (int i = 0; i < n; i++) a[i] = a[i] * 2.0f + b[i];\n}\n";
    for (api, is_ours) in [(&ours, true), (&theirs, false)] {
        let ptx = |opts: &[&str]| {
            let c = compile_as(api, is_ours, src, "dopt.cu", opts);
            assert_eq!(c.status, 0, "{opts:?}: {}", c.log);
            c.ptx
        };
        let dopt = ptx(&["-arch=sm_80", "-G", "-dopt=on"]);
        assert_eq!(dopt, ptx(&["-arch=sm_80", "-lineinfo"]));
        assert_eq!(dopt, ptx(&["-arch=sm_80", "--dopt", "on", "-G"]));
        assert_ne!(dopt, ptx(&["-arch=sm_80", "-G"]), "-G -dopt on is not -G");
        assert_eq!(ptx(&["-arch=sm_80", "-dopt=on"]), ptx(&["-arch=sm_80"]));
        Oracles::require().ptxas(&dopt, "sm_80").unwrap();
    }
    for opts in [&["-dopt=off"][..], &["--dopt=ON"], &["-dopt", "0"]] {
        let (a, b) = both(&ours, &theirs, src, "dopt.cu", opts, &[]);
        assert_eq!((a.status, &a.log), (b.status, &b.log), "{opts:?}");
    }
}

/// `--minimal`: NVRTC's builtin declarations leave out the runtime API's types and functions and
/// textures/surfaces, and `__CUDACC_RTC_MINIMAL__` is defined; what stays (dim3, math, atomics,
/// warp functions, vector types) still compiles. Ours the same, with NVRTC's message for a
/// kernel launch from device code.
#[test]
fn minimal_leaves_out_the_runtime_api_and_textures() {
    let (ours, theirs) = (ours(), real());
    let gone = [
        "__global__ void k(cudaTextureObject_t t, float *o){ *o = tex1Dfetch<float>(t, 0); }\n",
        "__global__ void k(cudaSurfaceObject_t t, float *o){ }\n",
        "__global__ void k(float *o){ cudaError_t e = cudaSuccess; *o = e; }\n",
        "__global__ void k(float *o){ cudaStream_t s; *o = sizeof(s); }\n",
        "__global__ void k(float *o){ cudaMemcpyKind m = cudaMemcpyHostToDevice; *o = m; }\n",
        "#ifdef __CUDACC_RTC_MINIMAL__\n#error minimal\n#endif\n__global__ void k(){}\n",
    ];
    for src in gone {
        let (a, b) = both(&ours, &theirs, src, "min.cu", &["-arch=sm_80"], &[]);
        assert_eq!((a.status, b.status), (0, 0), "{src}\n{}\n{}", a.log, b.log);
        let (a, b) = both(&ours, &theirs, src, "min.cu", &["-arch=sm_80", "--minimal"], &[]);
        assert_eq!((a.status, b.status), (6, 6), "{src}\n{}\n{}", a.log, b.log);
    }
    let (a, b) = both(
        &ours,
        &theirs,
        "__global__ void k(cudaStream_t s){ }\n",
        "min.cu",
        &["-arch=sm_80", "--minimal"],
        &[],
    );
    assert_eq!(a.log.lines().next(), b.log.lines().next());
    let kept = "__global__ void k(float *o){ dim3 d(1,2,3); float2 f = make_float2(1, 2);\n  *o = d.y + f.x + sinf(*o) + __shfl_sync(0xffffffff, *o, 1) + warpSize; atomicAdd(o, 1.0f); }\n";
    let (a, b) = both(&ours, &theirs, kept, "min.cu", &["-arch=sm_80", "--minimal"], &[]);
    assert_eq!((a.status, b.status), (0, 0), "{}\n{}", a.log, b.log);
    Oracles::require().ptxas(&a.ptx, "sm_80").unwrap();
    let launch = "__global__ void c(){}\n__global__ void k(){ c<<<1, 1>>>(); }\n";
    let (a, b) = both(&ours, &theirs, launch, "launch.cu", &["-arch=sm_80", "-rdc=true"], &[]);
    assert_eq!((a.status, b.status), (0, 0), "{}\n{}", a.log, b.log);
    let (a, b) = both(
        &ours,
        &theirs,
        launch,
        "launch.cu",
        &["-arch=sm_80", "-rdc=true", "--minimal"],
        &[],
    );
    assert_eq!((a.status, &a.log), (b.status, &b.log));
}

/// `--no-source-include`: a quoted include no longer searches the program's folder (NVRTC takes
/// it from the program's name), but still finds the program's in-memory headers and `-I`.
#[test]
fn no_source_include_drops_the_programs_folder() {
    let (ours, theirs) = (ours(), real());
    let dir = std::env::temp_dir().join(format!("warpc-nvrtc-nsi-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/val.h"), "#define VAL 7654321\n").unwrap();
    let name = dir.join("src/p.cu").display().to_string();
    let src = "#include \"val.h\"\n__global__ void k(int *o){ *o = VAL; }\n";
    let (a, b) = both(&ours, &theirs, src, &name, &["-arch=sm_80"], &[]);
    assert_eq!((a.status, b.status), (0, 0), "{}\n{}", a.log, b.log);
    assert!(a.ptx.contains("7654321") && b.ptx.contains("7654321"));
    for flag in ["--no-source-include", "-no-source-include"] {
        let (a, b) = both(&ours, &theirs, src, &name, &["-arch=sm_80", flag], &[]);
        assert_eq!((a.status, b.status), (6, 6), "{}\n{}", a.log, b.log);
        assert!(a.log.contains("cannot open source file \"val.h\""), "{}", a.log);
        let mem = [("val.h", "#define VAL 1234567\n")];
        let (a, b) = both(&ours, &theirs, src, &name, &["-arch=sm_80", flag], &mem);
        assert_eq!((a.status, b.status), (0, 0), "{}\n{}", a.log, b.log);
        assert!(a.ptx.contains("1234567") && b.ptx.contains("1234567"));
        let inc = format!("-I{}", dir.join("src").display());
        let (a, b) = both(&ours, &theirs, src, &name, &["-arch=sm_80", flag, &inc], &[]);
        assert_eq!((a.status, b.status), (0, 0), "{}\n{}", a.log, b.log);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--extra-device-vectorization` turns on LLVM's loop and SLP vectorizers. NVRTC 13.5's PTX is
/// the same with and without it for these loops (and every conformance file); ours too, as
/// LLVM's NVPTX cost model (32-bit vector registers) rarely vectorizes. Both accept it and the
/// PTX assembles.
#[test]
fn extra_device_vectorization_keeps_valid_ptx() {
    let (ours, theirs) = (ours(), real());
    let src = "extern \"C\" __global__ void k(float *__restrict__ c, const float *__restrict__ a, int n) {\n  for (int i = 0; i < n; i++) c[i] = a[i] * 3.0f;\n}\nextern \"C\" __global__ void k2(short *__restrict__ c, const short *__restrict__ a) {\n  int t = threadIdx.x * 2; c[t] = a[t] * 3; c[t + 1] = a[t + 1] * 3;\n}\n";
    let (a0, b0) = both(&ours, &theirs, src, "vec.cu", &["-arch=sm_80"], &[]);
    let (a1, b1) = both(
        &ours,
        &theirs,
        src,
        "vec.cu",
        &["-arch=sm_80", "--extra-device-vectorization"],
        &[],
    );
    assert_eq!((a1.status, b1.status), (0, 0), "{}\n{}", a1.log, b1.log);
    assert_eq!(b0.ptx, b1.ptx);
    assert_eq!(a0.ptx, a1.ptx);
    Oracles::require().ptxas(&a1.ptx, "sm_80").unwrap();
}

/// `-time=FILE` / `-time=-`: NVRTC's table (`File name, phase name, metric, unit`, then one row
/// per phase), appended to FILE with the header when FILE is new, or to the log after a blank
/// line; an unwritable FILE fails with NVRTC's status and log. The bare `-time` is unknown.
#[test]
fn time_writes_nvrtcs_table() {
    let (ours, theirs) = (ours(), real());
    let src = "__global__ void k(float *p){ p[0] = 1.0f; }\n";
    let header = "File name, phase name, metric, unit";
    let rows_ok = |table: &str, n: usize| {
        let rows: Vec<&str> = table.lines().collect();
        assert_eq!(rows.len(), n, "{table}");
        for row in rows {
            let cols: Vec<&str> = row.split(", ").collect();
            assert_eq!(cols.len(), 4, "{row}");
            assert_eq!(cols[0], "t.cu");
            assert!(cols[2].parse::<u64>().is_ok() && cols[3] == "ms", "{row}");
        }
    };
    let (a, b) = both(&ours, &theirs, src, "t.cu", &["-arch=sm_80", "-time=-"], &[]);
    for log in [&a.log, &b.log] {
        let table = log
            .strip_prefix(&format!("\n{header}\n"))
            .unwrap_or_else(|| panic!("{log:?}"));
        rows_ok(table, if log == &a.log { 6 } else { 3 });
    }
    let dir = std::env::temp_dir().join(format!("warpc-nvrtc-time-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (api, is_ours, phases) in [(&ours, true, 6), (&theirs, false, 3)] {
        let file = dir.join(format!("{phases}.csv"));
        let opt = format!("-time={}", file.display());
        for _ in 0..2 {
            let a = compile_as(api, is_ours, src, "t.cu", &["-arch=sm_80", &opt]);
            assert_eq!((a.status, a.log.as_str()), (0, ""));
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let table = text.strip_prefix(&format!("{header}\n")).unwrap();
        rows_ok(table, 2 * phases);
    }
    let bad = format!("-time={}", dir.join("no/such/dir.csv").display());
    for opts in [&["-arch=sm_80", bad.as_str()][..], &["-time", "x.csv"]] {
        let (a, b) = both(&ours, &theirs, src, "t.cu", opts, &[]);
        assert_eq!((a.status, &a.log), (b.status, &b.log), "{opts:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Warnings carry nvcc's numbers (`warning #47-D: ...`, NVRTC's remark after the first), and
/// `--diag-suppress`, `--diag-error`, `--diag-warn`, `-Werror` and `-w` take them as NVRTC does:
/// the whole log equal to NVRTC's.
#[test]
fn warning_numbers_and_diag_options_match_real_nvrtc() {
    let (ours, theirs) = (ours(), real());
    let srcs = [
        "#define X 1\n#define X 2\n__device__ int c = 'ab';\n#ifdef X\n#endif junk\n__global__ void k(int *p){ *p = c + X; }\n",
        "#warning check this\n__global__ void k(int *p){ __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER); }\n",
    ];
    let option_sets: &[&[&str]] = &[
        &[],
        &["--diag-suppress=47"],
        &["--diag-suppress=47,1422", "-diag-suppress", "14"],
        &["--diag-error=1422"],
        &["-diag-error", "1105"],
        &["-Werror=all-warnings"],
        &["-Werror=all-warnings", "--diag-warn=1422"],
        &["--diag-suppress=20307,1105"],
        &["-w"],
        &["--diag-suppress=declared_but_not_referenced"],
        &["--diag-error=0"],
    ];
    for src in srcs {
        for opts in option_sets {
            let opts: Vec<&str> = ["-arch=sm_80"].iter().chain(opts.iter()).copied().collect();
            let (a, b) = both(&ours, &theirs, src, "warn.cu", &opts, &[]);
            assert_eq!((a.status, &a.log), (b.status, &b.log), "{opts:?}\n{src}");
        }
    }
}

/// The values of `--diag-suppress`, `--diag-error` and `--diag-warn` that NVRTC rejects, and
/// how: a value that is not digits and commas is an invalid option; a number its front end does
/// not know (`99999`), one beyond its integers, an empty item or `0` among others fails the
/// compilation with one catastrophic command-line error; known numbers (with leading zeros,
/// trailing blanks) compile. Each gives the status and log NVRTC gives.
#[test]
fn unknown_diag_numbers_fail_like_nvrtc() {
    let (ours, theirs) = (ours(), real());
    let src = "__global__ void k(int *p) { p[0] = 1; }\n";
    let values = [
        "99999",
        "177,99999",
        "99999,88888",
        "4013",
        "20429",
        "4012",
        "20000",
        "20428",
        "05",
        "00",
        "0",
        "1,0",
        "0 ",
        "5 ",
        "99999 ",
        "2147483647",
        "2147483648",
        "18446744073709551617",
        "",
        "5,",
        ",5",
        "abc",
        "5,abc",
        "99999,abc",
        "-5",
        " 5",
        "5, 6",
    ];
    for flag in ["--diag-suppress", "--diag-error", "-diag-warn"] {
        for value in values {
            let opt = format!("{flag}={value}");
            let opts = ["-arch=sm_80", opt.as_str()];
            let (a, b) = both(&ours, &theirs, src, "k.cu", &opts, &[]);
            assert_eq!((a.status, &a.log), (b.status, &b.log), "{opts:?}");
        }
    }
    // The first unknown number of the command line; an invalid option anywhere wins.
    let option_sets: &[&[&str]] = &[
        &["--diag-error=4013", "--diag-suppress=99999"],
        &["-diag-suppress", "99999", "-arch=sm_80"],
        &["--diag-suppress=99999", "--diag-error=abc"],
        &["--diag-suppress=99999", "--frobnicate"],
        &["--diag-suppress=99999", "-arch=sm_999"],
        &["--diag-suppress=99999", "-w", "--pre-include=missing.h"],
    ];
    for opts in option_sets {
        let (a, b) = both(&ours, &theirs, src, "k.cu", opts, &[]);
        assert_eq!((a.status, &a.log), (b.status, &b.log), "{opts:?}");
    }
    let (a, _) = both(&ours, &theirs, src, "k.cu", &["--diag-suppress=99999"], &[]);
    assert_eq!(
        (a.status, a.log.as_str()),
        (
            6,
            "Command-line error: invalid error number in diagnostic control option: 99999\n\n\
             1 catastrophic error detected in this compilation.\nCompilation terminated.\n"
        )
    );
}
