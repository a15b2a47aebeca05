//! A real NVRTC client on warpc's library: cuda-python's `cuda.bindings.nvrtc` (PyPI
//! `cuda-bindings` 13, which needs no GPU), in the virtual environment `cargo xtask setup`
//! makes (`.cache/python/cuda-bindings`; `$WARPC_CUDA_PYTHON` names another Python), with the
//! library's folder first on `LD_LIBRARY_PATH`. cuda.pathfinder finds `libnvrtc.so.13` by
//! `dlopen`; the script checks in `/proc/self/maps` that it was warpc's library, then compiles,
//! reads PTX, lowered names and the log of a failing program through the bindings.

mod common;

use std::path::PathBuf;

const SCRIPT: &str = r#"
import sys
from cuda.bindings import nvrtc
S = nvrtc.nvrtcResult.NVRTC_SUCCESS
err, major, minor = nvrtc.nvrtcVersion()
assert err == S and (major, minor) == (13, 5), (err, major, minor)
src = b"template <class T> __global__ void k(T *p) { p[threadIdx.x] = (T)1; }\n"
err, prog = nvrtc.nvrtcCreateProgram(src, b"k.cu", 0, [], [])
assert err == S, err
assert nvrtc.nvrtcAddNameExpression(prog, b"k<float>")[0] == S
opts = [b"-arch=sm_80", b"--no-cache"]
err, = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
assert err == S, err
err, size = nvrtc.nvrtcGetPTXSize(prog)
ptx = b" " * size
assert nvrtc.nvrtcGetPTX(prog, ptx)[0] == S
err, lowered = nvrtc.nvrtcGetLoweredName(prog, b"k<float>")
assert err == S and lowered == b"_Z1kIfEvPT_", (err, lowered)
assert b".entry _Z1kIfEvPT_" in ptx, ptx
err, size = nvrtc.nvrtcGetCUBINSize(prog)
assert err == S and size > 0, (err, size)
nvrtc.nvrtcDestroyProgram(prog)
err, prog = nvrtc.nvrtcCreateProgram(b"__global__ void bad() { undefined_name = 1; }\n", b"bad.cu", 0, [], [])
err, = nvrtc.nvrtcCompileProgram(prog, 1, [b"--no-cache"])
assert err == nvrtc.nvrtcResult.NVRTC_ERROR_COMPILATION, err
err, size = nvrtc.nvrtcGetProgramLogSize(prog)
log = b" " * size
nvrtc.nvrtcGetProgramLog(prog, log)
assert log.startswith(b'bad.cu(1): error: identifier "undefined_name" is undefined'), log
loaded = sorted({l.split()[-1] for l in open("/proc/self/maps") if "nvrtc" in l})
print("LOADED", loaded)
print("OK")
"#;

/// The Python with cuda-bindings: `$WARPC_CUDA_PYTHON`, else setup's virtual environment.
fn python() -> PathBuf {
    if let Some(p) = std::env::var_os("WARPC_CUDA_PYTHON").filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    warpc_testkit::workspace_root().join(".cache/python/cuda-bindings/bin/python")
}

#[test]
fn cuda_bindings_nvrtc_runs_on_warpcs_library() {
    let python = python();
    let has_bindings = std::process::Command::new(&python)
        .args(["-c", "import cuda.bindings.nvrtc"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        has_bindings,
        "\n\n*** cuda-bindings is not installed for {}: run `cargo xtask setup` (it installs PyPI \
         cuda-bindings 13 into .cache/python/cuda-bindings), or set WARPC_CUDA_PYTHON to a Python \
         that has it ***\n",
        python.display()
    );
    let dir = common::soname_folder();
    let mut path = dir.as_os_str().to_owned();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        path.push(":");
        path.push(old);
    }
    let out = std::process::Command::new(&python)
        .args(["-c", SCRIPT])
        .env("LD_LIBRARY_PATH", &path)
        // cuda.pathfinder must not find an NVRTC wheel or toolkit before the loader's search.
        .env_remove("CUDA_HOME")
        .env_remove("CUDA_PATH")
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{text}");
    assert!(
        out.status.success() && text.contains("OK"),
        "the cuda-bindings script failed"
    );
    let lib = std::fs::canonicalize(common::built_library()).unwrap();
    let loaded = text.lines().find(|l| l.starts_with("LOADED")).unwrap();
    assert!(
        loaded.contains(&*lib.to_string_lossy()),
        "cuda-bindings loaded another NVRTC: {loaded}"
    );
    assert!(
        !loaded.contains(".cache/nvidia"),
        "the real NVRTC was loaded too: {loaded}"
    );
}

const NO_PTXAS: &str = r#"
import ctypes, sys
L = ctypes.CDLL(sys.argv[1])
p = ctypes.c_void_p()
assert L.nvrtcCreateProgram(ctypes.byref(p), b"__global__ void k(int *p) { p[0] = 1; }\n", b"k.cu", 0, None, None) == 0
opts = (ctypes.c_char_p * 2)(b"-arch=sm_80", b"--no-cache")
assert L.nvrtcCompileProgram(p, 2, opts) == 0
n = ctypes.c_size_t()
print("ptx", L.nvrtcGetPTXSize(p, ctypes.byref(n)), n.value > 100)
print("cubin", L.nvrtcGetCUBINSize(p, ctypes.byref(n)), L.nvrtcGetCUBIN(p, ctypes.create_string_buffer(16)))
L.nvrtcGetProgramLogSize(p, ctypes.byref(n))
log = ctypes.create_string_buffer(n.value)
L.nvrtcGetProgramLog(p, log)
print("log", log.value.decode())
"#;

/// Without ptxas (a copy of the library outside the repository, no toolkit in the environment),
/// PTX is still produced and nvrtcGetCUBIN fails with NVRTC_ERROR_BUILTIN_OPERATION_FAILURE and
/// one log line that says what to install. Runs the library in the system's `python3` (ctypes).
#[test]
fn cubin_without_ptxas_fails_with_a_log_line() {
    let dir = std::env::temp_dir().join(format!("warpc-nvrtc-no-ptxas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lib = dir.join("libnvrtc.so.13");
    std::fs::copy(common::built_library(), &lib).unwrap();
    let out = std::process::Command::new("python3")
        .args(["-c", NO_PTXAS])
        .arg(&lib)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", &dir)
        .output()
        .expect("python3 runs");
    let _ = std::fs::remove_dir_all(&dir);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("ptx 0 True"), "{text}");
    assert!(text.contains("cubin 7 7"), "{text}");
    let log = text.split("log ").nth(1).unwrap_or("");
    assert_eq!(log.matches("needs ptxas").count(), 1, "{text}");
    assert!(log.contains("pip install nvidia-cuda-nvcc"), "{text}");
}
