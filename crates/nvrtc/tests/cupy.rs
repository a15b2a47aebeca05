//! A real NVRTC client on warpc's library: CuPy (PyPI `cupy-cuda13x` 14), in the virtual
//! environment `cargo xtask setup` makes (`.cache/python/cupy`; `$WARPC_CUPY_PYTHON` names
//! another Python), with the library's folder first on `LD_LIBRARY_PATH`.
//!
//! CuPy's NVRTC module loads `libnvrtc.so.13` through cuda.pathfinder, whose system search is a
//! `dlopen` by soname (an NVRTC wheel installed beside CuPy would be found first; a preloaded
//! library wins over both). CuPy's public compile entry points (`RawModule`, `RawKernel`,
//! `compile_using_nvrtc`, elementwise kernels) first ask the CUDA runtime for the current device
//! (to choose `-arch`), which fails without a driver with `cudaErrorInsufficientDriver`, even
//! when the architecture is given; what they then do with NVRTC is CuPy's `_NVRTCProgram`: add the
//! name expressions, compile with the options CuPy assembled, read the lowered names, the log,
//! and PTX or CUBIN. The script does that part through CuPy's own class and option set, and the
//! public entry point where it can. It runs once on warpc's library and once on real NVRTC
//! (the oracle toolkit's `lib/`): the results must be the same, and the run on warpc's library
//! must have loaded warpc's library only.

mod common;

use std::path::{Path, PathBuf};

const SCRIPT: &str = r##"
import io, json, os
from cupy.cuda import compiler
from cupy_backends.cuda.libs import nvrtc
out = {"version": list(nvrtc.getVersion())}
src = r'''
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <int N, class T> __global__ void scale(T *p) { p[threadIdx.x] *= N; }
namespace ns {
template <class T> struct Box { T v; };
template <class T> __global__ void unbox(const Box<T> *b, T *out) { *out = b->v; }
}
extern "C" __global__ void plain(float *p) { p[0] = 1.0f; }
'''
names = ["fill<float>", "fill<double>", "scale<3, int>", "ns::unbox<long long>", "plain"]
# What CuPy's compile path (_compile_with_cache_cuda, then _compile_using_nvrtc_no_warning)
# sends NVRTC for RawModule(code=src, options=("--std=c++17",), name_expressions=names) on an
# sm_80: -ftz=true, the architecture (sm_XX for a CUBIN; compute_XX with CUPY_COMPILE_WITH_PTX),
# --device-as-default-execution-space.
def options(arch):
    return ("--std=c++17", "-ftz=true", "-arch=" + arch, "--device-as-default-execution-space")
log = io.StringIO()
ptx, mapping = compiler._NVRTCProgram(src, "k.cu", name_expressions=names, method="ptx").compile(
    options("compute_80"), log)
out["ptx_entries"] = sorted(l.split()[2].rstrip("(") for l in ptx.decode().splitlines() if ".entry" in l)
out["mapping"] = mapping
out["log"] = log.getvalue()
cubin, mapping2 = compiler._NVRTCProgram(src, "k.cu", name_expressions=names, method="cubin").compile(
    options("sm_80"))
out["cubin_is_elf"] = cubin[:4] == b"\x7fELF"
out["cubin_mapping"] = mapping2
log = io.StringIO()
compiler._NVRTCProgram("#warning check this\n__global__ void k() {}\n", "warn.cu").compile(options("sm_80"), log)
out["warning_log"] = log.getvalue()
try:
    compiler._NVRTCProgram("__global__ void bad() { undefined_name = 1; }\n", "bad.cu").compile(options("sm_80"))
    out["error"] = None
except compiler.CompileException as e:
    out["error"] = str(e)
try:
    r = compiler.compile_using_nvrtc(src, options=("--std=c++17",), arch="80", name_expressions=names)
    out["public"] = {"mapping": r[1]}
except Exception as e:
    out["public"] = {"error": f"{type(e).__name__}: {e}"}
print("RESULT " + json.dumps(out, sort_keys=True))
# The NVRTC libraries mapped (CuPy's own module is cupy_backends/cuda/libs/nvrtc.cpython-*.so).
maps = {l.split()[-1] for l in open("/proc/self/maps") if len(l.split()) > 5}
loaded = sorted(p for p in maps if os.path.basename(p).startswith(("libnvrtc", "libwarpc_nvrtc")))
print("LOADED", loaded)
"##;

/// The Python with CuPy: `$WARPC_CUPY_PYTHON`, else setup's virtual environment.
fn python() -> PathBuf {
    if let Some(p) = std::env::var_os("WARPC_CUPY_PYTHON").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    warpc_testkit::workspace_root().join(".cache/python/cupy/bin/python")
}

/// Runs the script with `folder` first on `LD_LIBRARY_PATH`: its `RESULT` and `LOADED` lines.
fn run_script(python: &Path, folder: &Path, scratch: &Path) -> (String, String) {
    let mut path = folder.as_os_str().to_owned();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        path.push(":");
        path.push(old);
    }
    let out = std::process::Command::new(python)
        .args(["-c", SCRIPT])
        .env("LD_LIBRARY_PATH", &path)
        // cuda.pathfinder must not find an NVRTC wheel or toolkit before the loader's search.
        .env_remove("CUDA_HOME")
        .env_remove("CUDA_PATH")
        .env_remove("LD_PRELOAD")
        // Neither warpc's cache nor CuPy's in the user's folders.
        .env("WARPC_CACHE_DIR", scratch.join("warpc-cache"))
        .env("CUPY_CACHE_DIR", scratch.join("cupy-cache"))
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "the CuPy script failed with {}:\n{text}",
        folder.display()
    );
    let line = |prefix: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no {prefix}line:\n{text}"))
            .to_string()
    };
    (line("RESULT "), line("LOADED "))
}

#[test]
fn cupy_compiles_through_warpcs_library_as_through_nvrtc() {
    let python = python();
    let has_cupy = std::process::Command::new(&python)
        .args(["-c", "import cupy"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        has_cupy,
        "\n\n*** CuPy is not installed for {}: run `cargo xtask setup` (it installs PyPI \
         cupy-cuda13x 14 into .cache/python/cupy), or set WARPC_CUPY_PYTHON to a Python that \
         has it ***\n",
        python.display()
    );
    let real = std::fs::canonicalize(warpc_testkit::Oracles::require().nvrtc_lib).unwrap();
    let scratch = std::env::temp_dir().join(format!("warpc-nvrtc-cupy-{}", std::process::id()));
    let dir = common::soname_folder();
    let (ours, loaded) = run_script(&python, &dir, &scratch);
    let (theirs, loaded_real) = run_script(&python, real.parent().unwrap(), &scratch);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&scratch);
    println!("warpc: {ours}\nNVRTC: {theirs}");

    let lib = std::fs::canonicalize(common::built_library()).unwrap();
    assert_eq!(
        loaded,
        format!("['{}']", lib.display()),
        "CuPy loaded another NVRTC, or the real one too"
    );
    assert!(loaded_real.contains(&*real.to_string_lossy()), "{loaded_real}");
    for expected in [
        r#""version": [13, 5]"#,
        r#""fill<double>": "_Z4fillIdEvPT_S0_""#,
        r#""scale<3, int>": "_Z5scaleILi3EiEvPT0_""#,
        r#""ns::unbox<long long>": "_ZN2ns5unboxIxEEvPKNS_3BoxIT_EEPS2_""#,
        r#""plain": "plain""#,
        r#""cubin_is_elf": true"#,
        r#""error": "bad.cu(1): error: identifier \"undefined_name\" is undefined\n"#,
        r#""warning_log": "warn.cu(1): warning #1105-D: #warning directive: check this\n"#,
    ] {
        assert!(ours.contains(expected), "missing {expected} in {ours}");
    }
    // Without a driver CuPy's public entry points stop before NVRTC; with one they must give
    // the names above.
    assert!(
        ours.contains(r#""public": {"mapping": {"fill<double>": "_Z4fillIdEvPT_S0_""#)
            || ours.contains(r#""public": {"error": "CUDARuntimeError: cudaErrorInsufficientDriver"#),
        "{ours}"
    );
    assert_eq!(ours, theirs, "CuPy's results differ between warpc's library and NVRTC");
}
