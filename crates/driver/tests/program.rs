//! Whole `.cu` programs (issue #5), the parts around the front end: includes of real programs
//! resolve (host-only standard headers to empty stubs, with a note), predefined macros follow the
//! flags as nvcc's do, `-E` preprocesses, `-M`/`-MD`/`-MF`/`-MT`/`-MP` write make rules in nvcc's
//! format (compared with nvcc's own output in `testdata/program/deps/`), `--options-file`
//! response files, and the toolkit's `cuda_fp16.h`/`cuda_bf16.h` and `<cassert>` compile.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn warpc() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_warpc"));
    cmd.env("WARPC_CUDA_DIR", warpc_testkit::Oracles::require().cuda_dir);
    cmd
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warpc-program-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn program_files() -> Vec<PathBuf> {
    let dir = repo().join("../shared/conformance/program");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "cu"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Every program of the shared corpus preprocesses cleanly: `<vector>`, `<cstdio>`,
/// `<cuda_runtime.h>`, `<cmath>` resolve (libstdc++'s `<vector>` itself), and `__CUDA_ARCH__`
/// selects the device branch.
#[test]
fn program_files_preprocess() {
    let files = program_files();
    assert!(!files.is_empty(), "../shared/conformance/program is missing");
    for path in files {
        let out = warpc().args(["-E", "-arch=sm_90"]).arg(&path).output().unwrap();
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{}: {stderr}", path.display());
        assert!(stdout.contains("__global__"), "{}", path.display());
        let source = std::fs::read_to_string(&path).unwrap();
        if source.contains("#include <vector>") {
            // The real libstdc++ header, read quietly (system headers give no warnings).
            assert!(
                stdout.contains("namespace std") && stderr.is_empty(),
                "{}: {stderr}",
                path.display()
            );
        }
        if source.contains("__CUDA_ARCH__ >= 800") {
            assert!(stdout.contains("return 8.0f"), "sm_90 takes the >= 800 branch");
            assert!(!stdout.contains("return -1.0f"), "no host branch in the device pass");
        }
    }
}

/// `-E` output: line markers, macros expanded, directives gone, `-o` honoured.
#[test]
fn preprocess_only_output() {
    let dir = scratch("E");
    let main = dir.join("m.cu");
    std::fs::write(dir.join("h.h"), "#pragma once\n#define TWICE(x) ((x) + (x))\n").unwrap();
    std::fs::write(
        &main,
        "#include \"h.h\"\nint a = TWICE(__CUDA_ARCH__);\n#if __cplusplus >= 202002L\nint cxx20;\n#endif\n",
    )
    .unwrap();
    let out = warpc().args(["-E", "-arch=sm_80"]).arg(&main).output().unwrap();
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.starts_with(&format!("# 1 \"{}\"\n", main.display())), "{stdout}");
    assert!(
        stdout.contains(&format!("# 1 \"{}\"\n", dir.join("h.h").display())),
        "{stdout}"
    );
    assert!(
        stdout.contains("int a = ( ( 800 ) + ( 800 ) ) ;") || stdout.contains("int a ="),
        "{stdout}"
    );
    assert!(stdout.contains("800"), "{stdout}");
    assert!(!stdout.contains("#define") && !stdout.contains("cxx20"), "{stdout}");
    // -std=c++20 changes __cplusplus; -o writes a file.
    let file = dir.join("m.ii");
    let out = warpc()
        .args(["-E", "-std=c++20", "-o"])
        .arg(&file)
        .arg(&main)
        .output()
        .unwrap();
    assert!(out.status.success() && out.stdout.is_empty());
    assert!(std::fs::read_to_string(&file).unwrap().contains("int cxx20"));
    // Preprocessing errors fail -E.
    std::fs::write(&main, "#include \"missing.h\"\n").unwrap();
    let out = warpc().arg("-E").arg(&main).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).1.contains("cannot open source file \"missing.h\""));
}

/// The macros nvcc derives from flags reach the preprocessor (the full lists are compared with
/// nvcc's in `crates/pp`): `-G`, `-rdc`, `--expt-relaxed-constexpr`, `--extended-lambda`, `a`/`f`
/// targets, `-std`.
#[test]
fn flag_macros() {
    let dir = scratch("flags");
    let main = dir.join("m.cu");
    std::fs::write(
        &main,
        "A __CUDA_ARCH__ __CUDACC_VER_MAJOR__ __cplusplus\n\
         #ifdef __CUDACC_DEBUG__\nDEBUG\n#endif\n#ifdef __CUDACC_RDC__\nRDC\n#endif\n\
         #ifdef __CUDACC_RELAXED_CONSTEXPR__\nRELAXED\n#endif\n#ifdef __CUDACC_EXTENDED_LAMBDA__\nLAMBDA\n#endif\n\
         #ifdef __CUDA_ARCH_FEAT_SM90_ALL\nFEAT90\n#endif\n#ifdef __CUDA_ARCH_FAMILY_SPECIFIC__\nFAMILY __CUDA_ARCH_FAMILY_SPECIFIC__\n#endif\n\
         #ifdef __STRICT_ANSI__\nSTRICT\n#endif\n#ifdef linux\nGNU\n#endif\n",
    )
    .unwrap();
    let run = |flags: &[&str]| {
        let out = warpc().arg("-E").args(flags).arg(&main).output().unwrap();
        assert!(out.status.success(), "{flags:?}: {}", text(&out).1);
        // The main file's text: after the marker that returns to it from the prelude.
        let stdout = text(&out).0;
        let marker = format!("\"{}\"\n", main.display());
        let body = &stdout[stdout.rfind(&marker).map_or(0, |i| i + marker.len())..];
        let words: Vec<String> = body
            .lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .collect();
        words.join(" ")
    };
    assert_eq!(run(&[]), "A 750 13 201703L GNU");
    assert_eq!(
        run(&[
            "-arch=sm_90a",
            "-G",
            "-rdc=true",
            "--expt-relaxed-constexpr",
            "--extended-lambda"
        ]),
        "A 900 13 201703L DEBUG RDC RELAXED LAMBDA FEAT90 FAMILY 900 GNU"
    );
    assert_eq!(
        run(&["-arch=sm_100f", "-std=c++17"]),
        "A 1000 13 201703L FAMILY 1000 STRICT"
    );
    assert_eq!(
        run(&["-std=c++14", "--expt-extended-lambda"]),
        "A 750 13 201402L LAMBDA STRICT"
    );
    let out = warpc().args(["-E", "-std=gnu++20"]).arg(&main).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).1.contains("value 'gnu++20' is not defined for option 'std'"));
}

/// `--options-file`: response files, quoting, nesting, comma-separated lists.
#[test]
fn options_files() {
    let dir = scratch("optf");
    let main = dir.join("m.cu");
    std::fs::write(&main, "extern \"C\" __global__ void k(float *p) { p[0] = VALUE; }\n").unwrap();
    std::fs::write(dir.join("inner.rsp"), "-DVALUE=\"(2.0f + 1.0f)\"\n").unwrap();
    std::fs::write(
        dir.join("outer.rsp"),
        format!("-arch=sm_86\n--options-file {}\n", dir.join("inner.rsp").display()),
    )
    .unwrap();
    std::fs::write(dir.join("o3.rsp"), "-O3 'some thing'\n").unwrap();
    let out = warpc()
        .arg(format!("--options-file={}", dir.join("outer.rsp").display()))
        .arg(&main)
        .args(["-o", "-"])
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains(".target sm_86") && (stdout.contains("0f40400000") || stdout.contains("1077936128")),
        "{stdout}"
    );
    // A missing file is an error; quoted words stay one word (here a second input).
    let out = warpc().args(["-optf", "/nonexistent.rsp"]).arg(&main).output().unwrap();
    assert!(text(&out).1.contains("cannot read options file"));
    let out = warpc()
        .arg("-optf")
        .arg(format!(
            "{},{}",
            dir.join("o3.rsp").display(),
            dir.join("inner.rsp").display()
        ))
        .arg(&main)
        .output()
        .unwrap();
    assert!(text(&out).1.contains("exactly one input file"), "{}", text(&out).1);
}

/// Parses a make rule into its target and dependencies (and the phony targets after it).
fn parse_rule(text: &str) -> (String, Vec<String>, Vec<String>) {
    let mut lines = text.lines();
    let first = lines.next().unwrap();
    let (target, rest) = first.split_once(" : ").unwrap();
    let mut deps = vec![rest.trim_end_matches(" \\").to_string()];
    let mut phony = Vec::new();
    let mut in_rule = first.ends_with('\\');
    for line in lines {
        if in_rule {
            deps.push(line.trim_start().trim_end_matches(" \\").to_string());
            in_rule = line.ends_with('\\');
        } else if let Some(p) = line.strip_suffix(':') {
            phony.push(p.to_string());
        }
    }
    (target.to_string(), deps, phony)
}

/// The rule nvcc wrote, without the entries warpc does not have (system and CUDA headers:
/// absolute paths or `$CUDA/...` in the saved files), re-rendered in nvcc's layout.
fn nvcc_rule_without_system(text: &str) -> String {
    let (target, deps, phony) = parse_rule(text);
    let user = |d: &&String| !d.starts_with('/') && !d.starts_with("$CUDA");
    let deps: Vec<&String> = deps.iter().filter(user).collect();
    let mut out = format!("{target} : {}", deps[0]);
    for d in &deps[1..] {
        out.push_str(&format!(" \\\n    {d}"));
    }
    out.push('\n');
    for p in phony.iter().filter(user) {
        out.push_str(&format!("\n{p}:\n"));
    }
    out
}

/// `-M`, `-MM`, `-MP`, `-MT`, `-MD`, `-MF` against nvcc's output for the same sample
/// (`testdata/program/deps/nvcc-*.d`, made with nvcc 13.5 in that directory).
#[test]
fn dependency_output_matches_nvcc_format() {
    let sample = repo().join("testdata/program/deps");
    let dir = scratch("deps");
    for entry in ["main.cu", "inc/a.h", "inc/b.h", "sp ace.h", "sys/sys_header.h"] {
        let to = dir.join(entry);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(sample.join(entry), &to).unwrap();
    }
    let nvcc = |f: &str| nvcc_rule_without_system(&std::fs::read_to_string(sample.join(f)).unwrap());
    let run = |flags: &[&str]| {
        let out = warpc()
            .current_dir(&dir)
            .args(["-arch=sm_90", "-isystem", "sys"])
            .args(flags)
            .arg("main.cu")
            .output()
            .unwrap();
        assert!(out.status.success(), "{flags:?}: {}", text(&out).1);
        text(&out).0
    };
    // -M lists the host's system headers it read (absolute paths, as nvcc does; nvcc also lists
    // the toolkit's runtime headers, which warpc supplies itself): compare the rest.
    let full = run(&["-M"]);
    assert!(full.contains("/stdio.h"), "-M lists the system headers: {full}");
    assert_eq!(nvcc_rule_without_system(&full), nvcc("nvcc-M.d"));
    assert_eq!(run(&["-MM"]), nvcc("nvcc-MM.d"));
    assert_eq!(
        nvcc_rule_without_system(&run(&["-M", "-MP", "-MT", "custom target.o"])),
        nvcc("nvcc-M-MP-MT.d")
    );
    // -M to a file: -MF, else -o.
    run(&["-M", "-MF", "out.dep"]);
    assert_eq!(
        nvcc_rule_without_system(&std::fs::read_to_string(dir.join("out.dep")).unwrap()),
        nvcc("nvcc-M.d")
    );
    run(&["-M", "-o", "o.dep"]);
    assert_eq!(
        nvcc_rule_without_system(&std::fs::read_to_string(dir.join("o.dep")).unwrap()),
        nvcc("nvcc-M.d")
    );
    // -MD: compile, and out.d beside out.ptx with out.ptx as the target.
    assert_eq!(run(&["-MD", "-o", "out.ptx"]), "");
    assert!(std::fs::read_to_string(dir.join("out.ptx")).unwrap().contains(".entry"));
    assert_eq!(
        nvcc_rule_without_system(&std::fs::read_to_string(dir.join("out.d")).unwrap()),
        nvcc("nvcc-MD-out.d")
    );
    // -MMD -MF: no system headers, into the named file.
    run(&["-MMD", "-MF", "mmd.d", "-o", "out.ptx"]);
    let mmd = std::fs::read_to_string(dir.join("mmd.d")).unwrap();
    assert!(
        mmd.starts_with("out.ptx : main.cu \\\n") && !mmd.contains("sys_header") && !mmd.contains("/stdio.h"),
        "{mmd}"
    );
    // No dependency file when the compilation fails.
    std::fs::write(dir.join("bad.cu"), "__global__ void k() { undefined_name; }\n").unwrap();
    let out = warpc()
        .current_dir(&dir)
        .args(["-MD", "-o", "bad.ptx", "bad.cu"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("bad.d").exists());
}

/// Whole programs with the real standard and toolkit headers: half and bfloat16 arithmetic and conversions,
/// glibc's `assert` (through `__assert_fail`, which the prelude implements with `__assertfail`),
/// libstdc++'s `<cmath>` (`std::sqrt`... are the prelude's device functions, as CUDA's
/// math_functions.h declares them), `printf`, and `<iostream>`/`<algorithm>` for the host; ptxas
/// accepts it and nothing in the system headers is reported.
#[test]
fn program_with_standard_headers_compiles() {
    let dir = scratch("headers");
    let main = dir.join("h.cu");
    std::fs::write(
        &main,
        r#"#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cassert>
#include <cstdint>
#include <climits>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <algorithm>
__global__ void k(const __half *a, const __half *b, __half *c, __nv_bfloat16 *bf, float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(n > 0);
  const float *none = NULL;  // g++'s NULL is __null
  if (i < n && f != none) {
    c[i] = __hfma(a[i], b[i], __float2half(1.5f));
    __half2 h2 = __floats2half2_rn(__half2float(a[i]), FLT_EPSILON);
    f[i] = __low2float(__hadd2(h2, h2)) + __bfloat162float(bf[i]) + (float)INT32_MAX;
    bf[i] = __hmul(bf[i], __float2bfloat16(M_PI));
    if (__hisnan(c[i])) printf("nan at %d in %s\n", i, __func__);
    f[i] += std::sqrt(f[i]) + std::pow(f[i], 2.0f) + (std::isnan(f[i]) ? 1.0f : 0.0f) + (float)std::abs(-n);
  }
}
int main() { std::vector<int> v{3, 1, 2}; std::sort(v.begin(), v.end()); std::cout << v[0] << "\n"; }
"#,
    )
    .unwrap();
    let out = warpc().args(["-arch=sm_90", "-o", "-"]).arg(&main).output().unwrap();
    let (ptx, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "no diagnostics from the system headers: {stderr}");
    assert!(ptx.contains("__assertfail") && ptx.contains("vprintf"), "{ptx}");
    // glibc's assert passes __PRETTY_FUNCTION__, g++'s spelling of the kernel (PTX holds string
    // constants as byte lists).
    let bytes = |s: &str| s.bytes().map(|b| b.to_string()).collect::<Vec<_>>().join(", ");
    let pretty = bytes("void k(const __half *, const __half *, __half *, __nv_bfloat16 *, float *, int)");
    assert!(ptx.contains(&pretty), "{ptx}");
    let oracles = warpc_testkit::Oracles::require();
    oracles.ptxas(&ptx, "sm_90").expect("ptxas accepts the PTX");
}

/// Without a host compiler (`-ccbin` naming none), the standard headers device code uses are
/// warpc's fallbacks and a host-only header is a located error that says what is missing.
#[test]
fn program_without_host_compiler() {
    let dir = scratch("nohost");
    let main = dir.join("d.cu");
    std::fs::write(&main, "#include <cstdio>\n#include <cmath>\n__global__ void k(float *f) { f[0] = sqrtf(f[1]); printf(\"%f\\n\", f[0]); }\n").unwrap();
    let out = warpc()
        .args(["-arch=sm_90", "-ccbin", "/nonexistent/g++", "-o", "-"])
        .arg(&main)
        .output()
        .unwrap();
    let (ptx, stderr) = text(&out);
    assert!(out.status.success() && ptx.contains("vprintf"), "{stderr}");
    std::fs::write(&main, "#include <vector>\n__global__ void k() {}\n").unwrap();
    let out = warpc()
        .args(["-arch=sm_90", "-ccbin", "/nonexistent/g++", "--color=never", "-o", "-"])
        .arg(&main)
        .output()
        .unwrap();
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr.contains("cannot open source file \"vector\"") && stderr.contains("d.cu:1:"),
        "{stderr}"
    );
    assert!(
        stderr.contains("-ccbin"),
        "the note says how to point warpc at a host compiler: {stderr}"
    );
}

/// `-ccbin` decides the host compiler's predefined macros, as nvcc preprocesses the device pass
/// with it: a wrapper around g++ that reports another `__GNUC__` (and no `__GNUC_PATCHLEVEL__`)
/// changes what the program sees.
#[test]
fn ccbin_compilers_predefined_macros() {
    let dir = scratch("ccbin-macros");
    let wrapper = dir.join("g++-99");
    std::fs::write(
        &wrapper,
        "#!/bin/sh\ng++ \"$@\" | sed -e 's/^#define __GNUC__ .*/#define __GNUC__ 99/' -e '/__GNUC_PATCHLEVEL__/d'\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let main = dir.join("m.cu");
    std::fs::write(
        &main,
        "#include <cstdio>\n#if __GNUC__ != 99\n#error wrong __GNUC__\n#endif\n#ifdef __GNUC_PATCHLEVEL__\n#error the host compiler does not define it\n#endif\n\
         __global__ void k(int *p) { p[0] = __GNUC__; }\n",
    )
    .unwrap();
    let out = warpc()
        .args(["-arch=sm_90", "--color=never", "-ccbin"])
        .arg(&wrapper)
        .args(["-o", "-"])
        .arg(&main)
        .output()
        .unwrap();
    let (ptx, stderr) = text(&out);
    assert!(out.status.success() && ptx.contains("99;"), "{stderr}\n{ptx}");
    // The machine's own g++ is 12 or later; with it the file stops at `#error`.
    let out = warpc()
        .args(["-arch=sm_90", "--color=never", "-o", "-"])
        .arg(&main)
        .output()
        .unwrap();
    let (_, stderr) = text(&out);
    assert!(!out.status.success() && stderr.contains("wrong __GNUC__"), "{stderr}");
}

/// A whole program: host code with the runtime API (its types come from the force-included
/// prelude, as nvcc's cuda_runtime.h), `<<<...>>>`, `<vector>`; only the kernel is compiled,
/// with nvcc's entry name. Also `conformance/program/01`.
#[test]
fn whole_programs_compile_to_their_kernels() {
    let dir = scratch("whole");
    let main = dir.join("host.cu");
    std::fs::write(
        &main,
        r#"#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}
int main() {
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  float *d;
  cudaError_t e = cudaMalloc((void **)&d, 4 * sizeof(float));
  if (e != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(e)); return 1; }
  cudaEvent_t start;
  cudaEventCreate(&start);
  scale<<<1, 4, 0, stream>>>(d, 2.0f, 4);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  cudaDeviceSynchronize();
  return 0;
}
"#,
    )
    .unwrap();
    let program01 = repo().join("../shared/conformance/program/01_vector_add_program.cu");
    let oracles = warpc_testkit::Oracles::require();
    for (path, entry) in [
        (main, ".entry _Z5scalePffi("),
        (program01, ".entry _Z10vector_addPKfS0_Pfi("),
    ] {
        let out = warpc().args(["-arch=sm_90", "-o", "-"]).arg(&path).output().unwrap();
        let (ptx, stderr) = text(&out);
        assert!(out.status.success(), "{}: {stderr}", path.display());
        assert!(!stderr.contains("error") && !stderr.contains("warning"), "{stderr}");
        assert!(ptx.contains(entry) && ptx.matches(".entry").count() == 1, "{ptx}");
        oracles.ptxas(&ptx, "sm_90").expect("ptxas accepts the PTX");
    }
}

/// Separate compilation (`-rdc=true`): two translation units that both use the same template
/// instance, inline function and in-class member function, and one that calls an `extern`
/// device function the other defines, assemble with `ptxas -c` and link with `nvlink` (the
/// shared definitions are `.weak`, as nvcc emits them; `.visible` would be duplicate symbols).
#[test]
fn rdc_translation_units_link() {
    let oracles = warpc_testkit::Oracles::require();
    let dir = scratch("rdc-link");
    let header = r#"
template <class T> __device__ __noinline__ T twice(T x) { return x + x; }
__device__ __noinline__ inline int thrice(int x) { return 3 * x; }
struct Acc { int v; __device__ __noinline__ int get() const { return v + 1; } };
extern __device__ int shared_helper(int x);
"#;
    let a = format!("{header}__device__ int shared_helper(int x) {{ return x - 1; }}\n__global__ void ka(int *o) {{ Acc c{{o[0]}}; o[1] = twice(o[2]) + thrice(o[3]) + c.get(); }}\n");
    let b = format!("{header}__global__ void kb(int *o) {{ Acc c{{o[0]}}; o[1] = twice(o[2]) + thrice(o[3]) + c.get() + shared_helper(o[4]); }}\n");
    let mut cubins = Vec::new();
    for (name, src) in [("a", a), ("b", b)] {
        let cu = dir.join(format!("{name}.cu"));
        std::fs::write(&cu, src).unwrap();
        let ptx = dir.join(format!("{name}.ptx"));
        let out = warpc()
            .args(["-arch=sm_90", "-rdc=true", "--ptx", "-o"])
            .arg(&ptx)
            .arg(&cu)
            .output()
            .unwrap();
        assert!(out.status.success(), "warpc {name}: {:?}", text(&out));
        let text_ptx = std::fs::read_to_string(&ptx).unwrap();
        assert!(
            text_ptx.contains(".weak .func  (.param .b32 func_retval0) _Z5twiceIiET_S0_("),
            "{name}: {text_ptx}"
        );
        assert!(
            text_ptx.contains(".weak .func  (.param .b32 func_retval0) _Z6thricei("),
            "{name}: {text_ptx}"
        );
        assert!(
            text_ptx.contains(".weak .func  (.param .b32 func_retval0) _ZNK3Acc3getEv("),
            "{name}: {text_ptx}"
        );
        let cubin = dir.join(format!("{name}.cubin"));
        let out = oracles
            .command("ptxas")
            .args(["-arch=sm_90", "-c", "-o"])
            .arg(&cubin)
            .arg(&ptx)
            .output()
            .unwrap();
        assert!(out.status.success(), "ptxas {name}: {:?}", text(&out));
        cubins.push(cubin);
    }
    let linked = dir.join("linked.cubin");
    let out = oracles
        .command("nvlink")
        .args(["-arch=sm_90", "-o"])
        .arg(&linked)
        .args(&cubins)
        .output()
        .unwrap();
    assert!(out.status.success(), "nvlink: {:?}", text(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Kernels launched from a system header's host templates (testdata/program/host_dispatch: a
/// header in the shape of Thrust and CUB's dispatch, used with `-isystem`): warpc follows the
/// user's calls into the header's host templates and emits the kernel instances nvcc does, with
/// nvcc's names in nvcc's order (`nvcc-entries.txt`, nvcc's `.entry` list); a launch it cannot
/// follow (a member function of a partial specialization) is an error at the user's call, not a
/// missing kernel. Member calls (`member.cu`) are followed to nvcc's entries.
#[test]
fn kernels_launched_from_system_header_host_templates() {
    let dir = repo().join("testdata/program/host_dispatch");
    assert_host_dispatch_entries(&dir, "main.cu", "nvcc-entries.txt");

    // Member calls: on a local object, and CUB 3.5's shape (kernel getters of a kernel source
    // class, `factory(g, b).doit(source.Tile(), ...)`, defaulted template parameters).
    assert_host_dispatch_entries(&dir, "member.cu", "member-entries.txt");

    // A dispatch argument from a host function template returning `auto` (CUB's
    // `make_num_items_dispatch_arg` shape): typed from its body's `return` on the `if constexpr`
    // path.
    assert_host_dispatch_entries(&dir, "auto_ret.cu", "auto_ret-entries.txt");

    // A system header's global constant that only the launching host code names (Thrust's
    // `thrust::device` shape): resolved for typing the launch.
    assert_host_dispatch_entries(&dir, "system_variable.cu", "system_variable-entries.txt");

    let out = warpc()
        .args(["-arch=sm_80", "-isystem"])
        .arg(dir.join("sys"))
        .arg(dir.join("member_unsupported.cu"))
        .args(["-o", "-"])
        .output()
        .unwrap();
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error[")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].contains("unsupported: kernels launched by `mini::clear_ptr`"),
        "{stderr}"
    );
    assert!(stderr.contains("member_unsupported.cu:7:3"), "{stderr}");
    assert!(
        stderr.contains("the call of member function `run` of class `mini::detail::ptr_launcher<float *>`"),
        "{stderr}"
    );
}

/// Compiles `file` of `dir` with `dir/sys` as a system folder: its `.entry` names are the lines
/// of `entries` (nvcc's, in nvcc's order) and ptxas accepts the PTX.
fn assert_host_dispatch_entries(dir: &std::path::Path, file: &str, entries: &str) {
    let out = warpc()
        .args(["-arch=sm_80", "-isystem"])
        .arg(dir.join("sys"))
        .arg(dir.join(file))
        .args(["-o", "-"])
        .output()
        .unwrap();
    let (ptx, stderr) = text(&out);
    assert!(out.status.success(), "{file}: {stderr}");
    let found: Vec<&str> = ptx
        .lines()
        .filter_map(|l| {
            l.split_once(".entry ")
                .map(|(_, rest)| rest.split('(').next().unwrap_or(rest))
        })
        .collect();
    let nvcc = std::fs::read_to_string(dir.join(entries)).unwrap();
    assert_eq!(found, nvcc.lines().collect::<Vec<_>>(), "{file}: {ptx}");
    warpc_testkit::Oracles::require()
        .ptxas(&ptx, "sm_80")
        .expect("ptxas accepts the PTX");
}
