//! Locating NVIDIA's toolkit (installed from PyPI wheels) and running its tools as oracles.
//!
//! `cargo xtask setup` unpacks the wheels into `<repo>/.cache/nvidia/cu13`; `$WARPC_CUDA_DIR`
//! points elsewhere (any CUDA 13 layout with `bin/`, `lib/`, `nvvm/libdevice/`, `include/`).
//! Each tool runs as a child process on uniquely named temporary files, so tests may call these
//! methods from many threads; NVRTC runs in process (see the `nvrtc` module).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::nvrtc::{self, NvrtcOutput};
use crate::ptxas::{parse_ptxas_verbose, PtxasReport};
use crate::sass::{parse_nvdisasm, Sass};
use crate::tmp::TempPath;

/// Environment variable naming the CUDA directory (the `cu13` directory of the wheels).
pub const CUDA_DIR_ENV: &str = "WARPC_CUDA_DIR";

/// Paths of the NVIDIA tools warpc is checked against. All paths exist when a value is built by
/// [`Oracles::find`] or [`Oracles::at`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oracles {
    /// The toolkit root, e.g. `<repo>/.cache/nvidia/cu13`.
    pub cuda_dir: PathBuf,
    /// `bin/ptxas`: PTX assembler, the validity oracle and source of register/spill figures.
    pub ptxas: PathBuf,
    /// `bin/nvcc`: reference compiler for whole programs (`nvcc -ptx`).
    pub nvcc: PathBuf,
    /// `bin/nvdisasm`: SASS disassembler, for instruction counts.
    pub nvdisasm: PathBuf,
    /// `lib/libnvrtc.so.13`: the reference compiler, loaded in process.
    pub nvrtc_lib: PathBuf,
    /// `nvvm/libdevice/libdevice.10.bc`: the math library both compilers link.
    pub libdevice: PathBuf,
    /// `include/`: `cuda_runtime.h` and friends.
    pub include_dir: PathBuf,
}

impl Oracles {
    /// Where `cargo xtask setup` installs the toolkit: `<repo>/.cache/nvidia/cu13`.
    pub fn default_cuda_dir() -> PathBuf {
        crate::workspace_root().join(".cache").join("nvidia").join("cu13")
    }

    /// The directory [`Oracles::find`] looks in: `$WARPC_CUDA_DIR` if set and non-empty, else
    /// [`Oracles::default_cuda_dir`].
    pub fn search_dir() -> PathBuf {
        match std::env::var_os(CUDA_DIR_ENV) {
            Some(dir) if !dir.is_empty() => PathBuf::from(dir),
            _ => Oracles::default_cuda_dir(),
        }
    }

    /// The oracles in [`Oracles::search_dir`], or `None` when any of them is missing.
    pub fn find() -> Option<Oracles> {
        Oracles::at(&Oracles::search_dir())
    }

    /// The oracles in the toolkit directory `cuda_dir`, or `None` when any of them is missing.
    pub fn at(cuda_dir: &Path) -> Option<Oracles> {
        let oracles = Oracles {
            cuda_dir: cuda_dir.to_path_buf(),
            ptxas: cuda_dir.join("bin/ptxas"),
            nvcc: cuda_dir.join("bin/nvcc"),
            nvdisasm: cuda_dir.join("bin/nvdisasm"),
            nvrtc_lib: cuda_dir.join("lib/libnvrtc.so.13"),
            libdevice: cuda_dir.join("nvvm/libdevice/libdevice.10.bc"),
            include_dir: cuda_dir.join("include"),
        };
        let all_there = [
            &oracles.ptxas,
            &oracles.nvcc,
            &oracles.nvdisasm,
            &oracles.nvrtc_lib,
            &oracles.libdevice,
        ]
        .iter()
        .all(|p| p.is_file())
            && oracles.include_dir.is_dir();
        all_there.then_some(oracles)
    }

    /// Like [`Oracles::find`], but panics with instructions when the toolkit is missing: for tests,
    /// which must not silently pass without their oracle.
    pub fn require() -> Oracles {
        match Oracles::find() {
            Some(oracles) => oracles,
            None => panic!(
                "NVIDIA oracles not found: run `cargo xtask setup` \
                 (looked in {}; set ${CUDA_DIR_ENV} to use another CUDA 13 directory)",
                Oracles::search_dir().display()
            ),
        }
    }

    /// The toolkit's `bin/` directory.
    pub fn bin_dir(&self) -> PathBuf {
        self.cuda_dir.join("bin")
    }

    /// A `Command` for `program` with `PATH` prefixed by the toolkit's `bin/` (nvcc finds cicc,
    /// ptxas and cudafe++ through it).
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut path = std::ffi::OsString::from(self.bin_dir());
        if let Some(old) = std::env::var_os("PATH") {
            path.push(":");
            path.push(old);
        }
        let mut command = Command::new(program);
        command.env("PATH", path);
        command
    }

    /// Assembles `ptx` with `ptxas -v -arch=<arch> -o /dev/null` and returns the per-function
    /// figures; `Err` holds ptxas's error output when it rejects the PTX.
    pub fn ptxas(&self, ptx: &str, arch: &str) -> Result<PtxasReport, String> {
        self.ptxas_with(ptx, arch, false)
    }

    /// [`Oracles::ptxas`] for separate compilation (`-rdc=true` PTX): `ptxas -c` makes a
    /// relocatable object, so calls of functions defined elsewhere (the device runtime's
    /// `__cudaCDP2*` entry points, other translation units' device functions) stay unresolved.
    pub fn ptxas_relocatable(&self, ptx: &str, arch: &str) -> Result<PtxasReport, String> {
        self.ptxas_with(ptx, arch, true)
    }

    fn ptxas_with(&self, ptx: &str, arch: &str, relocatable: bool) -> Result<PtxasReport, String> {
        let input = TempPath::with_contents(".ptx", ptx.as_bytes())?;
        let mut command = self.command(&self.ptxas);
        if relocatable {
            command.arg("-c");
        }
        command
            .arg("-v")
            .arg(format!("-arch={arch}"))
            .arg("-o")
            .arg("/dev/null")
            .arg(input.path());
        let output = run(&mut command, "ptxas")?;
        // Name the input `input.ptx` in messages, not by its temporary path, so they are stable.
        let log = combined(&output).replace(&*input.path().to_string_lossy(), "input.ptx");
        if !output.status.success() {
            return Err(failure("ptxas", &output, &log));
        }
        Ok(parse_ptxas_verbose(&log))
    }

    /// Reference PTX from NVRTC for `source` (named `name` in messages) with NVRTC `options`
    /// such as `"-arch=sm_90"`, `"-default-device"`, `"-std=c++17"`.
    pub fn nvrtc_ptx(&self, source: &str, name: &str, options: &[&str]) -> Result<String, String> {
        self.nvrtc_compile(source, name, options, &[]).map(|out| out.ptx)
    }

    /// Full NVRTC compilation: PTX, log and the time `nvrtcCompileProgram` took. `headers` are
    /// `(include name, contents)` pairs, e.g. `[("cstdio", "")]` to stand in for a host header
    /// NVRTC does not have.
    pub fn nvrtc_compile(
        &self,
        source: &str,
        name: &str,
        options: &[&str],
        headers: &[(&str, &str)],
    ) -> Result<NvrtcOutput, String> {
        nvrtc::compile(&self.nvrtc_lib, source, name, options, headers)
    }

    /// NVRTC's version, `(major, minor)`.
    pub fn nvrtc_version(&self) -> Result<(i32, i32), String> {
        nvrtc::version(&self.nvrtc_lib)
    }

    /// Reference PTX from `nvcc -ptx <options> <path>`; pass the architecture in `options`
    /// (`"-arch=sm_90"`). Needs a host C++ compiler on `PATH` for nvcc's preprocessing.
    pub fn nvcc_ptx(&self, path: &Path, options: &[&str]) -> Result<String, String> {
        let output_file = TempPath::new(".ptx");
        let mut command = self.command(&self.nvcc);
        if !options.contains(&"-ptx") && !options.contains(&"--ptx") {
            command.arg("-ptx");
        }
        command.args(options).arg(path).arg("-o").arg(output_file.path());
        let output = run(&mut command, "nvcc")?;
        if !output.status.success() {
            return Err(failure("nvcc", &output, &combined(&output)));
        }
        std::fs::read_to_string(output_file.path())
            .map_err(|e| format!("cannot read nvcc's output {}: {e}", output_file.path().display()))
    }

    /// Assembles `ptx` for `arch` and disassembles the cubin with `nvdisasm -c`: SASS instruction
    /// counts per function.
    pub fn sass(&self, ptx: &str, arch: &str) -> Result<Sass, String> {
        self.sass_with(ptx, arch, false)
    }

    /// [`Oracles::sass`] for separate compilation (`-rdc=true` PTX), assembled with `ptxas -c`
    /// as [`Oracles::ptxas_relocatable`] does.
    pub fn sass_relocatable(&self, ptx: &str, arch: &str) -> Result<Sass, String> {
        self.sass_with(ptx, arch, true)
    }

    fn sass_with(&self, ptx: &str, arch: &str, relocatable: bool) -> Result<Sass, String> {
        let input = TempPath::with_contents(".ptx", ptx.as_bytes())?;
        let cubin = TempPath::new(".cubin");
        let mut command = self.command(&self.ptxas);
        if relocatable {
            command.arg("-c");
        }
        command
            .arg(format!("-arch={arch}"))
            .arg("-o")
            .arg(cubin.path())
            .arg(input.path());
        let output = run(&mut command, "ptxas")?;
        if !output.status.success() {
            let log = combined(&output).replace(&*input.path().to_string_lossy(), "input.ptx");
            return Err(failure("ptxas", &output, &log));
        }
        let mut command = self.command(&self.nvdisasm);
        command.arg("-c").arg(cubin.path());
        let output = run(&mut command, "nvdisasm")?;
        if !output.status.success() {
            return Err(failure("nvdisasm", &output, &combined(&output)));
        }
        Ok(parse_nvdisasm(&String::from_utf8_lossy(&output.stdout)))
    }
}

/// The longest one oracle run (nvcc, ptxas, nvdisasm, g++) may take before it is killed and
/// reported as a failure, so a hung tool fails its test instead of stalling the suite.
const TOOL_LIMIT: std::time::Duration = std::time::Duration::from_secs(600);

fn run(command: &mut Command, tool: &str) -> Result<Output, String> {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {tool} ({:?}): {e}", command.get_program()))?;
    // Drain both pipes on their own threads so a chatty tool never blocks on a full pipe.
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let status = crate::wait_within(&mut child, TOOL_LIMIT, false)
        .map_err(|e| format!("cannot wait for {tool}: {e}"))?
        .ok_or_else(|| format!("{tool} did not finish within {} s and was killed", TOOL_LIMIT.as_secs()))?;
    Ok(Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    })
}

/// stdout followed by stderr (ptxas prints its `-v` figures on one and errors on the other).
fn combined(output: &Output) -> String {
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    text
}

fn failure(tool: &str, output: &Output, log: &str) -> String {
    let log = log.trim_end();
    if log.is_empty() {
        format!("{tool} failed ({})", output.status)
    } else {
        log.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_without_tools_has_no_oracles() {
        assert_eq!(Oracles::at(Path::new("/nonexistent/cu13")), None);
    }

    #[test]
    fn default_dir_is_in_the_repo_cache() {
        assert!(Oracles::default_cuda_dir().ends_with(".cache/nvidia/cu13"));
    }
}
