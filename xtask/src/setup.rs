//! `cargo xtask setup`: make a fresh Debian/Ubuntu machine able to build and test warpc.
//!
//! 1. LLVM 22 (`llvm-sys`/inkwell link it statically): when `/usr/lib/llvm-22/bin/llvm-config`
//!    (or `$LLVM_SYS_221_PREFIX/bin/llvm-config`) is missing, `apt-get install llvm-22-dev
//!    libpolly-22-dev` and the compression/XML libraries LLVM links against. The same apt run adds
//!    `g++` (nvcc's host preprocessor) and `python3-pip` when they are missing.
//! 2. NVIDIA's oracles: when `.cache/nvidia/cu13/bin/ptxas` is missing, `pip download` the CUDA 13
//!    wheels into `.cache/nvidia/wheels` and unpack their `nvidia/` trees into `.cache/nvidia`.
//!    Unpacking goes to a staging directory that is renamed at the end, so an interrupted run
//!    leaves no half-installed toolkit behind that a later run would take as complete.
//!
//! Each step checks before acting, so running `setup` again costs nothing.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::util::{run_checked, Ctx, Result};

/// The CUDA version of every wheel; the oracles the tests are written against.
pub const CUDA_VERSION: &str = "13.5.37";

/// PyPI distributions that make up the toolkit (see DESIGN.md section 3).
pub const WHEELS: [&str; 6] = [
    "nvidia-cuda-nvcc",
    "nvidia-nvvm",
    "nvidia-cuda-nvrtc",
    "nvidia-cuda-nvdisasm",
    "nvidia-cuda-runtime",
    "nvidia-cuda-crt",
];

const LLVM_PACKAGES: [&str; 5] = [
    "llvm-22-dev",
    "libpolly-22-dev",
    "zlib1g-dev",
    "libzstd-dev",
    "libxml2-dev",
];

pub fn run(ctx: &Ctx) -> Result<()> {
    ensure_system_packages()?;
    ensure_nvidia(ctx)
}

/// The `llvm-config` that decides whether LLVM is installed.
fn llvm_config() -> PathBuf {
    let prefix = std::env::var_os("LLVM_SYS_221_PREFIX")
        .filter(|p| !p.is_empty())
        .map_or_else(|| PathBuf::from("/usr/lib/llvm-22"), PathBuf::from);
    prefix.join("bin/llvm-config")
}

/// Whether `program --version` (or `args`) runs successfully.
fn works(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn ensure_system_packages() -> Result<()> {
    let mut packages: Vec<&str> = Vec::new();
    let llvm_config = llvm_config();
    if llvm_config.is_file() {
        println!("setup: LLVM 22 found ({})", llvm_config.display());
    } else {
        println!(
            "setup: LLVM 22 missing ({} not found)",
            llvm_config.display()
        );
        packages.extend(LLVM_PACKAGES);
    }
    if !works("g++", &["--version"]) {
        println!("setup: g++ missing (nvcc needs a host compiler)");
        packages.push("g++");
    }
    if !works("python3", &["-m", "pip", "--version"]) {
        println!("setup: python3 pip missing (needed to download the NVIDIA wheels)");
        packages.extend(["python3", "python3-pip"]);
    }
    if packages.is_empty() {
        return Ok(());
    }
    apt_install(&packages)
}

/// `apt-get update && apt-get install -y PACKAGES`, through `sudo` unless we are root.
pub(crate) fn apt_install(packages: &[&str]) -> Result<()> {
    if !works("apt-get", &["--version"]) {
        return Err(format!(
            "apt-get not found: install {} yourself (for LLVM, set LLVM_SYS_221_PREFIX to its prefix)",
            packages.join(" ")
        ));
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let apt = |args: &[&str]| {
        let mut command = if root {
            Command::new("apt-get")
        } else {
            Command::new("sudo")
        };
        if !root {
            command.args(["DEBIAN_FRONTEND=noninteractive", "apt-get"]);
        }
        command.env("DEBIAN_FRONTEND", "noninteractive").args(args);
        command
    };
    println!("setup: apt-get update");
    run_checked(&mut apt(&["update"]), "apt-get update")?;
    println!("setup: apt-get install -y {}", packages.join(" "));
    let mut install = apt(&["install", "-y"]);
    install.args(packages);
    run_checked(&mut install, "apt-get install")
}

fn ensure_nvidia(ctx: &Ctx) -> Result<()> {
    let ptxas = ctx.cuda_dir.join("bin/ptxas");
    if ptxas.is_file() {
        println!("setup: NVIDIA oracles found ({})", ctx.cuda_dir.display());
        return Ok(());
    }
    let wheels_dir = ctx.nvidia_cache.join("wheels");
    std::fs::create_dir_all(&wheels_dir)
        .map_err(|e| format!("cannot create {}: {e}", wheels_dir.display()))?;

    let missing: Vec<&str> = WHEELS
        .iter()
        .copied()
        .filter(|w| find_wheel(&wheels_dir, w).is_none())
        .collect();
    if !missing.is_empty() {
        println!(
            "setup: downloading {} NVIDIA wheel(s) {CUDA_VERSION} from PyPI into {} (~180 MB)",
            missing.len(),
            wheels_dir.display()
        );
        let mut pip = Command::new("python3");
        pip.args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
            .args(["--disable-pip-version-check", "--progress-bar", "off", "-d"])
            .arg(&wheels_dir)
            .args(missing.iter().map(|w| format!("{w}=={CUDA_VERSION}")));
        run_checked(&mut pip, "pip download")?;
    }
    let wheels: Vec<PathBuf> = WHEELS
        .iter()
        .map(|w| find_wheel(&wheels_dir, w).ok_or(format!("pip did not download {w}")))
        .collect::<Result<_>>()?;

    // Unpack everything under the wheels' `nvidia/` into a staging dir, then move `cu13` in place.
    let staging = ctx.nvidia_cache.join(".staging");
    remove_dir_if_exists(&staging)?;
    println!(
        "setup: unpacking {} wheels into {}",
        wheels.len(),
        ctx.nvidia_cache.display()
    );
    let mut unzip = Command::new("python3");
    unzip.args(["-c", UNPACK_PY]).arg(&staging).args(&wheels);
    run_checked(&mut unzip, "unpacking the wheels")?;

    let staged = staging.join("cu13");
    if !staged.join("bin/ptxas").is_file() {
        return Err(format!(
            "the wheels held no cu13/bin/ptxas (looked in {})",
            staged.display()
        ));
    }
    for dir in ["bin", "nvvm/bin"] {
        make_executable(&staged.join(dir))?;
    }
    remove_dir_if_exists(&ctx.cuda_dir)?;
    std::fs::rename(&staged, &ctx.cuda_dir)
        .map_err(|e| format!("cannot move {} into place: {e}", staged.display()))?;
    remove_dir_if_exists(&staging)?;
    match warpc_testkit::Oracles::at(&ctx.cuda_dir) {
        Some(_) => {
            println!(
                "setup: NVIDIA oracles installed ({})",
                ctx.cuda_dir.display()
            );
            Ok(())
        }
        None => Err(format!(
            "{} is incomplete after unpacking",
            ctx.cuda_dir.display()
        )),
    }
}

/// Extracts the `nvidia/...` members of each wheel (argv[2:]) into argv[1], dropping the
/// `nvidia/` prefix and keeping the Unix permissions stored in the zip.
const UNPACK_PY: &str = r#"
import os, shutil, sys, zipfile
dest = os.path.abspath(sys.argv[1])
for wheel in sys.argv[2:]:
    with zipfile.ZipFile(wheel) as z:
        for info in z.infolist():
            name = info.filename
            if not name.startswith("nvidia/") or name.endswith("/"):
                continue
            target = os.path.abspath(os.path.join(dest, name[len("nvidia/"):]))
            if not target.startswith(dest + os.sep):
                sys.exit("unsafe path in %s: %s" % (wheel, name))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with z.open(info) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
            mode = (info.external_attr >> 16) & 0o777
            if mode:
                os.chmod(target, mode)
"#;

/// The downloaded wheel file of distribution `dist` at [`CUDA_VERSION`], if present.
fn find_wheel(dir: &Path, dist: &str) -> Option<PathBuf> {
    let prefix = format!("{}-{CUDA_VERSION}-", dist.replace('-', "_"));
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&prefix) && n.ends_with(".whl"))
        })
        .collect();
    found.sort();
    found.pop()
}

/// Sets the execute bits on every regular file directly inside `dir` (if it exists).
fn make_executable(dir: &Path) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_file() {
            continue;
        }
        let mut perms = std::fs::metadata(&path)
            .map_err(|e| format!("cannot stat {}: {e}", path.display()))?
            .permissions();
        perms.set_mode(perms.mode() | 0o755);
        std::fs::set_permissions(&path, perms)
            .map_err(|e| format!("cannot chmod {}: {e}", path.display()))?;
    }
    Ok(())
}

fn remove_dir_if_exists(dir: &Path) -> Result<()> {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot remove {}: {e}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_wheels_by_distribution_and_version() {
        let dir = std::env::temp_dir().join(format!("xtask-wheels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let name = "nvidia_cuda_nvcc-13.5.37-py3-none-manylinux2014_x86_64.whl";
        std::fs::write(dir.join(name), b"").unwrap();
        std::fs::write(dir.join("nvidia_cuda_nvrtc-12.0.0-py3-none-any.whl"), b"").unwrap();
        assert_eq!(find_wheel(&dir, "nvidia-cuda-nvcc"), Some(dir.join(name)));
        assert_eq!(find_wheel(&dir, "nvidia-cuda-nvrtc"), None);
        assert_eq!(find_wheel(&dir, "nvidia-nvvm"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
