//! The `warpc` binary as users run it: exit codes, output files, stdout, `-v`, bad options.

use std::process::Command;

fn warpc() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_warpc"));
    cmd.env("WARPC_CUDA_DIR", warpc_testkit::Oracles::require().cuda_dir);
    cmd
}

fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("warpc-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const OK: &str = "extern \"C\" __global__ void k(float *p) { p[threadIdx.x] = sqrtf(p[threadIdx.x]); }\n";

#[test]
fn writes_ptx_file_and_stdout() {
    let src = scratch("ok.cu", OK);
    let out = src.with_extension("ptx");
    let status = warpc()
        .args(["-arch=sm_80", "-O3", "--ptx"])
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let ptx = std::fs::read_to_string(&out).unwrap();
    assert!(ptx.contains(".target sm_80") && ptx.contains(".entry k("), "{ptx}");
    let stdout = warpc().arg(&src).args(["-o", "-"]).output().unwrap();
    assert!(stdout.status.success());
    let text = String::from_utf8(stdout.stdout).unwrap();
    assert!(text.contains(".target sm_75"), "default arch is sm_75: {text}");
}

#[test]
fn errors_exit_1_and_write_nothing() {
    let src = scratch("bad.cu", "__global__ void k(int *p) { p[0] = nope; }\n");
    let out = src.with_extension("ptx");
    let res = warpc()
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .arg("--diag-format=nvcc")
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(1));
    assert!(!out.exists());
    let err = String::from_utf8(res.stderr).unwrap();
    assert!(
        err.contains("bad.cu(1): error: identifier \"nope\" is undefined"),
        "{err}"
    );
}

#[test]
fn verbose_prints_ptxas_statistics() {
    let src = scratch("v.cu", OK);
    let res = warpc()
        .arg("-v")
        .arg("-arch=sm_90")
        .arg(&src)
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(res.status.success());
    let err = String::from_utf8(res.stderr).unwrap();
    assert!(err.contains("Used") && err.contains("registers"), "{err}");
}

#[test]
fn bad_options_are_reported() {
    let res = warpc().args(["-arch=sm_9x", "k.cu"]).output().unwrap();
    assert_eq!(res.status.code(), Some(1));
    assert!(String::from_utf8(res.stderr)
        .unwrap()
        .contains("unsupported gpu architecture 'sm_9x'"));
    let res = warpc().arg("/nonexistent/x.cu").output().unwrap();
    assert_eq!(res.status.code(), Some(1));
    assert!(String::from_utf8(res.stderr)
        .unwrap()
        .contains("cannot open source file"));
}

#[test]
fn emit_llvm_prints_ir() {
    let src = scratch("ir.cu", OK);
    let res = warpc().arg("--emit=llvm").arg(&src).args(["-o", "-"]).output().unwrap();
    assert!(res.status.success());
    let ir = String::from_utf8(res.stdout).unwrap();
    assert!(
        ir.contains("target triple = \"nvptx64-nvidia-cuda\"") && ir.contains("define ptx_kernel void @k("),
        "{ir}"
    );
}

#[test]
fn emu_runs_a_compiled_kernel() {
    let src = scratch("emu.cu", "extern \"C\" __global__ void axpy(int n, float a, const float *x, float *y) {\n  int i = threadIdx.x;\n  if (i < n) y[i] = a * x[i] + y[i];\n}\n");
    let ptx = src.with_extension("ptx");
    assert!(warpc().arg(&src).arg("-o").arg(&ptx).status().unwrap().success());
    let res = warpc()
        .arg("emu")
        .arg(&ptx)
        .args([
            "--kernel", "axpy", "--grid", "1,1,1", "--block", "4,1,1", "--args", "i32:3", "f32:2",
        ])
        .args(["buf:f32:1,2,3,4", "buf:f32:10,20,30,40"])
        .output()
        .unwrap();
    let out = String::from_utf8(res.stdout).unwrap();
    assert!(res.status.success(), "{out}{}", String::from_utf8_lossy(&res.stderr));
    // n = 3: the fourth element is untouched.
    assert!(out.contains("arg 3 (f32[4]): 12 24 36 40"), "{out}");
}

#[test]
fn error_summary_and_limit_like_nvcc() {
    let src = scratch("one.cu", "__global__ void k(int *p) { p[0] = nope; }\n");
    let err = String::from_utf8(warpc().arg(&src).arg("--diag-format=nvcc").output().unwrap().stderr).unwrap();
    assert!(
        err.ends_with(&format!(
            "1 error detected in the compilation of \"{}\".\n",
            src.display()
        )),
        "{err}"
    );
    let many: String = (0..150)
        .map(|i| format!("__global__ void k{i}(int *p) {{ p[0] = nope{i}; }}\n"))
        .collect();
    let src = scratch("many.cu", &many);
    let err = String::from_utf8(warpc().arg(&src).arg("--diag-format=nvcc").output().unwrap().stderr).unwrap();
    assert_eq!(err.lines().filter(|l| l.contains(": error: ")).count(), 100, "{err}");
    assert!(
        err.contains("Error limit reached.\n150 errors detected in the compilation of"),
        "{err}"
    );
    assert!(err.ends_with("Compilation terminated.\n"), "{err}");
}

/// `-include FILE` (`--pre-include`) reaches device code, as with nvcc: found in the working
/// directory first, then like a quoted `#include`; a missing one is an error.
#[test]
fn pre_include_reaches_device_code() {
    let src = scratch(
        "pre.cu",
        "extern \"C\" __global__ void k(float *p) { p[0] *= SCALE; }\n",
    );
    let dir = src.parent().unwrap().to_path_buf();
    std::fs::write(dir.join("scale.h"), "#define SCALE 3.0f\n").unwrap();
    let res = warpc()
        .current_dir(&dir)
        .args(["-arch=sm_80", "-include", "scale.h", "pre.cu", "-o", "-"])
        .output()
        .unwrap();
    assert!(res.status.success(), "{}", String::from_utf8_lossy(&res.stderr));
    assert!(
        String::from_utf8(res.stdout).unwrap().contains("0f40400000"),
        "3.0f folded into the PTX"
    );
    let without = warpc()
        .current_dir(&dir)
        .args(["-arch=sm_80", "pre.cu", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(
        without.status.code(),
        Some(1),
        "SCALE is undefined without the pre-include"
    );
    let missing = warpc()
        .current_dir(&dir)
        .args(["--pre-include=absent.h", "pre.cu", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot open source file \"absent.h\""));
}

/// Warnings carry nvcc's numbers in nvcc's format (`warning #940-D:`, then nvcc's remark once),
/// and `--diag-suppress`/`--diag-error` take a number or warpc's code; an unknown number fails
/// as in nvcc.
#[test]
fn warning_numbers_and_diag_options() {
    let src = scratch(
        "warn.cu",
        "#warning look\n__device__ int f(int a) { if (a) return 1; }\n__global__ void k(int *p) { p[0] = f(p[1]); }\n",
    );
    let run = |extra: &[&str]| {
        let res = warpc()
            .arg(&src)
            .args(["-o", "-", "--diag-format=nvcc", "--no-cache"])
            .args(extra)
            .output()
            .unwrap();
        (res.status.code(), String::from_utf8(res.stderr).unwrap())
    };
    let name = src.display();
    let remark = "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"";
    assert_eq!(
        run(&[]),
        (
            Some(0),
            format!(
                "{name}(1): warning #1105-D: #warning directive: look\n\n{remark}\n\n{name}(2): warning #940-D: missing return statement at end of non-void function \"f\"\n"
            )
        )
    );
    assert_eq!(
        run(&["--diag-suppress=1105", "-diag-suppress", "missing-return"]),
        (Some(0), String::new())
    );
    let (code, err) = run(&["--diag-error=940"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("(2): error: missing return statement") && err.contains("1 error detected"),
        "{err}"
    );
    let (code, err) = run(&["-Werror", "--diag-suppress=warning-directive"]);
    assert_eq!(code, Some(1));
    assert!(err.starts_with(&format!("{name}(2): error #940-D: ")), "{err}");
    // A number nvcc's front end does not know stops the compilation, with nvcc's words.
    assert_eq!(
        run(&["--diag-suppress=940,4013"]),
        (
            Some(1),
            "Command-line error: invalid error number in diagnostic control option: 4013\n\n1 catastrophic error detected in this compilation.\nCompilation terminated.\n".to_string()
        )
    );
}

/// `#pragma nv_diag_warning` / `nv_diag_suppress` win over the command line's `--diag-*`;
/// `nv_diag_default` gives the command line's severity back; `-Werror` and `-w` apply to what
/// the pragmas leave (each case's lines are nvcc 13.5's).
#[test]
fn diag_pragmas_win_over_diag_options() {
    let src = scratch(
        "pragmas.cu",
        "__device__ int a = 'ab';\n#pragma nv_diag_suppress 1422\n__device__ int b = 'cd';\n#pragma nv_diag_warning 1422\n__device__ int c = 'ef';\n#pragma nv_diag_default 1422\n__device__ int d = 'gh';\n",
    );
    let run = |extra: &[&str]| {
        let res = warpc()
            .arg(&src)
            .args(["-o", "/dev/null", "--diag-format=nvcc", "--no-cache"])
            .args(extra)
            .output()
            .unwrap();
        let err = String::from_utf8(res.stderr).unwrap();
        let lines: Vec<String> = err
            .lines()
            .filter_map(|l| l.split_once("pragmas.cu(").map(|(_, rest)| rest.to_string()))
            .collect();
        lines.join("\n")
    };
    let w = "warning #1422-D: multicharacter character literal (potential portability problem)";
    let e = "error: multicharacter character literal (potential portability problem)";
    let ew = "error #1422-D: multicharacter character literal (potential portability problem)";
    assert_eq!(run(&[]), format!("1): {w}\n5): {w}\n7): {w}"));
    assert_eq!(run(&["--diag-error=1422"]), format!("1): {e}\n5): {w}\n7): {e}"));
    assert_eq!(run(&["--diag-suppress=1422"]), format!("5): {w}"));
    assert_eq!(run(&["-Werror"]), format!("1): {ew}\n5): {ew}\n7): {ew}"));
    assert_eq!(run(&["-w"]), "");
}

/// A main file inside an `-isystem` folder is still the user's (GCC never makes the main file a
/// system header): its kernels are compiled, not dropped as unreached system declarations.
#[test]
fn main_file_in_an_isystem_folder_is_compiled() {
    let src = scratch("in_isystem.cu", OK);
    let dir = src.parent().unwrap();
    let out = warpc()
        .args(["-arch=sm_80", "-isystem"])
        .arg(dir)
        .arg(&src)
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ptx = String::from_utf8(out.stdout).unwrap();
    assert!(ptx.contains(".entry k("), "{ptx}");
}
