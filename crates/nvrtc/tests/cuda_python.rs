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
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{text}");
    assert!(out.status.success() && text.contains("OK"), "the cuda-bindings script failed");
    let lib = std::fs::canonicalize(common::built_library()).unwrap();
    let loaded = text.lines().find(|l| l.starts_with("LOADED")).unwrap();
    assert!(loaded.contains(&*lib.to_string_lossy()), "cuda-bindings loaded another NVRTC: {loaded}");
    assert!(!loaded.contains(".cache/nvidia"), "the real NVRTC was loaded too: {loaded}");
}
