//! `compile_commands.json` support (`crates/driver/src/compdb.rs`): the command lines CMake
//! writes for nvcc (`-gencode`/`--generate-code` forms, `-Xcompiler`, `-isystem=`,
//! `-forward-unknown-to-host-compiler`, `--options-file` response files, `-x cu -c -o`, `-MD -MT
//! -MF`), relative paths, and the CLI's `--compdb DIR` / `-p DIR`.

use std::path::{Path, PathBuf};
use std::process::Command;

use warpc_base::OptLevel;
use warpc_driver::args::{self, Emit};
use warpc_driver::compdb;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warpc-compdb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A JSON string literal.
fn js(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

const KERNEL: &str = "#include \"defs.h\"\n#include <sysdefs.h>\n\
extern \"C\" __global__ void k(float *p) { p[threadIdx.x] = SCALE * SYS_OFFSET; }\n";

/// A CMake-generated project: sources under `src/`, a build directory with the database, an
/// include directory given relatively through a response file, a system directory given with
/// `-isystem=`.
fn project(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let root = scratch(name);
    let src = root.join("src/kernels/k.cu");
    write(&src, KERNEL);
    write(&root.join("include/defs.h"), "#pragma once\n#define SCALE 2.0f\n");
    write(
        &root.join("third_party/sysdefs.h"),
        "#pragma once\n#define SYS_OFFSET 3.0f\n",
    );
    let build = root.join("build");
    // CMake puts -I into a response file when the include list is long: relative to `directory`.
    write(
        &build.join("CMakeFiles/k.dir/includes_CUDA.rsp"),
        "-I\"../include\" -isystem=../third_party\n",
    );
    let command = format!(
        "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DNDEBUG -DMODE=\\\"fast\\\" \
         --options-file CMakeFiles/k.dir/includes_CUDA.rsp -O3 \
         --generate-code=arch=compute_80,code=[compute_80,sm_80] -Xcompiler=-fPIC -std=c++17 \
         --expt-relaxed-constexpr -Wall -MD -MT CMakeFiles/k.dir/src/kernels/k.cu.o \
         -MF CMakeFiles/k.dir/src/kernels/k.cu.o.d -x cu -c {} -o CMakeFiles/k.dir/src/kernels/k.cu.o",
        src.display()
    );
    let db = format!(
        "[\n{{\n  \"directory\": {},\n  \"command\": {},\n  \"file\": {},\n  \"output\": \"CMakeFiles/k.dir/src/kernels/k.cu.o\"\n}}\n]\n",
        js(&build.display().to_string()),
        js(&command),
        js(&src.display().to_string())
    );
    write(&build.join("compile_commands.json"), &db);
    (root, build, src)
}

#[test]
fn cmake_command_line_becomes_warpc_flags() {
    let (root, build, src) = project("cmake");
    let args = compdb::flags_for(&build, &src).unwrap().expect("an entry for k.cu");
    assert_eq!(args.inputs, vec![src.display().to_string()]);
    assert_eq!(args.output, None, "the build's -o is not warpc's output");
    assert_eq!(args.deps, None, "the build's -MD/-MF are not warpc's");
    assert_eq!(args.options.arch.name(), "sm_80");
    assert_eq!(args.options.opt, OptLevel::O3);
    assert_eq!(args.emit, Emit::Ptx);
    assert_eq!(
        args.options.include_dirs,
        vec![root.join("include").display().to_string()]
    );
    assert_eq!(
        args.options.system_include_dirs,
        vec![root.join("third_party").display().to_string()]
    );
    let m = |n: &str| {
        args.options
            .macros
            .iter()
            .find(|(k, _)| k == n)
            .and_then(|(_, v)| v.clone())
    };
    assert_eq!(m("NDEBUG").as_deref(), Some("1"));
    assert_eq!(m("MODE").as_deref(), Some("\"fast\""));
    assert_eq!(m("__CUDACC_RELAXED_CONSTEXPR__").as_deref(), Some("1"));
    assert_eq!(m("__cplusplus").as_deref(), Some("201703L"));
    // The same entry through a path relative to the working directory, and the database file
    // named directly.
    let db = compdb::load(&build.join("compile_commands.json")).unwrap();
    assert!(db.entry_for(&src).is_some());
    assert!(db.entry_for(&root.join("src/kernels/../kernels/k.cu")).is_some());
    assert!(db.entry_for(&root.join("src/other.cu")).is_none());
    assert!(compdb::flags_for(&build, &root.join("src/other.cu")).unwrap().is_none());
}

#[test]
fn arguments_form_and_gencode_spellings() {
    let root = scratch("arguments");
    let src = root.join("a.cu");
    write(&src, KERNEL);
    let entry = |flags: &[&str]| {
        let mut argv: Vec<String> = vec!["nvcc".into()];
        argv.extend(flags.iter().map(|s| s.to_string()));
        argv.extend(["-c".into(), "a.cu".into(), "-o".into(), "a.o".into()]);
        let list: Vec<String> = argv.iter().map(|a| js(a)).collect();
        format!(
            "[{{\"directory\": {}, \"file\": \"a.cu\", \"arguments\": [{}]}}]",
            js(&root.display().to_string()),
            list.join(", ")
        )
    };
    let arch_of = |flags: &[&str]| {
        let db = compdb::parse(&entry(flags)).unwrap();
        let cmd = db.entry_for(&src).expect("entry");
        let argv = compdb::device_argv(cmd).unwrap();
        assert!(!argv.iter().any(|a| a == "a.cu" || a == "a.o" || a == "-c"), "{argv:?}");
        let mut full = argv.clone();
        full.push(src.display().to_string());
        args::parse(&full).unwrap().options.arch.name()
    };
    assert_eq!(arch_of(&["-gencode", "arch=compute_90a,code=sm_90a"]), "sm_90a");
    assert_eq!(
        arch_of(&["-gencode=arch=compute_75,code=\"sm_75,compute_75\""]),
        "sm_75"
    );
    assert_eq!(arch_of(&["--generate-code=arch=compute_86,code=[sm_86]"]), "sm_86");
    assert_eq!(arch_of(&["-arch=sm_89"]), "sm_89");
    assert_eq!(arch_of(&["--gpu-architecture", "compute_80"]), "sm_80");
    // Several targets, as CMAKE_CUDA_ARCHITECTURES="75;90" writes them: warpc compiles for the
    // last.
    assert_eq!(
        arch_of(&[
            "--generate-code=arch=compute_75,code=[compute_75,sm_75]",
            "--generate-code=arch=compute_90,code=[compute_90,sm_90]"
        ]),
        "sm_90"
    );
}

#[test]
fn relative_paths_are_made_absolute() {
    let root = scratch("relative");
    let cmd = compdb::CompileCommand {
        directory: root.join("build"),
        file: PathBuf::from("../src/a.cu"),
        arguments: [
            "nvcc",
            "-I../inc",
            "-I",
            "gen",
            "-isystem",
            "/abs/sys",
            "-include",
            "pre.h",
            "../src/a.cu",
            "-oa.o",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    };
    assert_eq!(cmd.absolute_file(), root.join("src/a.cu"));
    let argv = compdb::device_argv(&cmd).unwrap();
    let b = |p: &str| root.join(p).display().to_string();
    assert_eq!(
        argv,
        vec![
            format!("-I{}", b("inc")),
            "-I".into(),
            b("build/gen"),
            "-isystem".into(),
            "/abs/sys".into(),
            "-include".into(),
            b("build/pre.h")
        ]
    );
}

#[test]
fn bad_databases_are_errors() {
    assert!(compdb::parse("{}").unwrap_err().contains("array"));
    assert!(compdb::parse("[{\"file\": \"a.cu\", \"command\": \"nvcc a.cu\"}]")
        .unwrap_err()
        .contains("directory"));
    assert!(compdb::parse("[{\"directory\": \"/\", \"file\": \"a.cu\"}]")
        .unwrap_err()
        .contains("command"));
    assert!(compdb::parse("[").is_err());
    assert!(compdb::load(Path::new("/nonexistent-dir")).is_err());
}

fn warpc() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_warpc"));
    cmd.env("WARPC_CUDA_DIR", warpc_testkit::Oracles::require().cuda_dir);
    cmd
}

#[test]
fn cli_compdb_and_p_take_the_entry_flags() {
    let (_root, build, src) = project("cli");
    let out = build.join("k.ptx");
    for flag in ["--compdb", "-p"] {
        let res = warpc()
            .arg(flag)
            .arg(&build)
            .arg(&src)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        assert!(res.status.success(), "{flag}: {}", String::from_utf8_lossy(&res.stderr));
        let ptx = std::fs::read_to_string(&out).unwrap();
        // sm_80 from --generate-code; SCALE * SYS_OFFSET = 6 from the response file's -I and -isystem=.
        assert!(ptx.contains(".target sm_80"), "{ptx}");
        assert!(
            ptx.contains("0f40C00000") || ptx.contains("1086324736"),
            "6.0f folded: {ptx}"
        );
        // The build's object file and dependency file are untouched.
        assert!(!build.join("CMakeFiles/k.dir/src/kernels/k.cu.o").exists());
        assert!(!build.join("CMakeFiles/k.dir/src/kernels/k.cu.o.d").exists());
    }
    // The command line wins over the database.
    let res = warpc()
        .args(["-p"])
        .arg(&build)
        .arg(&src)
        .args(["-arch=sm_90", "-o", "-"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&res.stdout).contains(".target sm_90"));
    // No entry: an error naming the file.
    let other = src.with_file_name("other.cu");
    std::fs::write(&other, KERNEL).unwrap();
    let res = warpc().arg("-p").arg(&build).arg(&other).output().unwrap();
    assert_eq!(res.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&res.stderr).contains("no entry for"),
        "{}",
        String::from_utf8_lossy(&res.stderr)
    );
}
