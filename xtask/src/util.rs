//! Shared plumbing of the xtask commands: repository paths, the environment exported to child
//! processes, building the release `warpc`, and option parsing.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus, Stdio};

/// Errors are messages for the user; `main` prints them.
pub type Result<T> = std::result::Result<T, String>;

/// Where things are.
pub struct Ctx {
    /// The repository (workspace) root.
    pub root: PathBuf,
    /// `<root>/.cache/nvidia`: wheels and the unpacked toolkit.
    pub nvidia_cache: PathBuf,
    /// `<root>/.cache/nvidia/cu13`: the toolkit `WARPC_CUDA_DIR` points at.
    pub cuda_dir: PathBuf,
}

impl Ctx {
    pub fn new() -> Ctx {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let root = manifest.parent().unwrap_or(manifest).to_path_buf();
        let nvidia_cache = root.join(".cache").join("nvidia");
        let cuda_dir = nvidia_cache.join("cu13");
        Ctx {
            root,
            nvidia_cache,
            cuda_dir,
        }
    }

    /// Exports `WARPC_CUDA_DIR` to every process started from now on (cargo, tests, warpc).
    pub fn export_env(&self) {
        // Single-threaded at this point, so changing the environment is sound.
        std::env::set_var(warpc_testkit::CUDA_DIR_ENV, &self.cuda_dir);
    }

    /// A `cargo` command (the one running us) in the repository root.
    pub fn cargo(&self) -> Command {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        command.current_dir(&self.root);
        command
    }

    /// The oracles installed by `setup`.
    pub fn oracles(&self) -> Result<warpc_testkit::Oracles> {
        warpc_testkit::Oracles::at(&self.cuda_dir).ok_or_else(|| {
            format!(
                "NVIDIA oracles missing in {}: run `cargo xtask setup`",
                self.cuda_dir.display()
            )
        })
    }
}

/// `path` relative to the repository root when it is inside it, for shorter output.
pub fn rel(ctx: &Ctx, path: &Path) -> String {
    let shown = path.strip_prefix(&ctx.root).unwrap_or(path);
    shown.display().to_string()
}

/// The process exit code that mirrors a child's status.
pub fn exit_code(status: ExitStatus) -> ExitCode {
    match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1).max(1)),
        None => ExitCode::FAILURE,
    }
}

/// Runs `command`, failing with `what` in the message unless it exits successfully.
pub fn run_checked(command: &mut Command, what: &str) -> Result<()> {
    let status = command.status().map_err(|e| format!("cannot run {what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// Runs `command` like [`run_checked`], but kills it (and the processes it started, in its own
/// process group) when it has not finished after `limit`: a hung editor or package manager
/// fails the run instead of stalling CI.
pub fn run_checked_within(command: &mut Command, what: &str, limit: std::time::Duration) -> Result<()> {
    use std::os::unix::process::CommandExt;
    let mut child = command
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    match warpc_testkit::wait_within(&mut child, limit, true) {
        Ok(Some(status)) if status.success() => Ok(()),
        Ok(Some(status)) => Err(format!("{what} failed ({status})")),
        Ok(None) => Err(format!(
            "{what} did not finish within {} s and was killed",
            limit.as_secs()
        )),
        Err(e) => Err(format!("cannot wait for {what}: {e}")),
    }
}

/// Builds `warpc` in release mode and returns the path of the binary, asking cargo where it put
/// it (so `CARGO_TARGET_DIR` and config overrides are honoured).
pub fn build_warpc(ctx: &Ctx) -> Result<PathBuf> {
    eprintln!("build: cargo build --release -p warpc");
    let mut command = ctx.cargo();
    command
        .args([
            "build",
            "--release",
            "-p",
            "warpc",
            "--message-format=json-render-diagnostics",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let output = command.output().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        return Err(format!("building warpc failed ({})", output.status));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    stdout
        .lines()
        .filter(|line| line.contains("\"reason\":\"compiler-artifact\""))
        .filter_map(|line| json_string_field(line, "executable"))
        .map(PathBuf::from)
        .find(|path| path.file_name().is_some_and(|n| n == "warpc"))
        .ok_or_else(|| "cargo built no `warpc` executable".to_string())
}

/// The value of `"key":"value"` in one line of cargo's JSON messages (paths without escapes).
fn json_string_field(line: &str, key: &str) -> Option<String> {
    let needle = format!("\"{key}\":\"");
    let start = line.find(&needle)? + needle.len();
    let mut value = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(value),
            '\\' => match chars.next()? {
                'n' => value.push('\n'),
                't' => value.push('\t'),
                other => value.push(other),
            },
            c => value.push(c),
        }
    }
    None
}

/// Options shared by `conformance` and `bench`.
pub struct Opts {
    pub arch: String,
    pub warpc: Option<PathBuf>,
    pub runs: usize,
}

impl Opts {
    pub fn parse(args: &[String]) -> Result<Opts> {
        let mut opts = Opts {
            arch: "sm_90".to_string(),
            warpc: None,
            runs: 5,
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            let (key, inline) = match arg.split_once('=') {
                Some((k, v)) => (k, Some(v.to_string())),
                None => (arg.as_str(), None),
            };
            let mut value = || {
                inline
                    .clone()
                    .or_else(|| iter.next().cloned())
                    .ok_or(format!("{key} needs a value"))
            };
            match key {
                "--arch" => opts.arch = value()?,
                "--warpc" => opts.warpc = Some(PathBuf::from(value()?)),
                "--runs" => {
                    let v = value()?;
                    opts.runs = v.parse().ok().filter(|&n| n > 0).ok_or(format!("bad --runs {v}"))?;
                }
                other => return Err(format!("unknown option `{other}` (see `cargo xtask help`)")),
            }
        }
        Ok(opts)
    }

    /// The warpc binary: `--warpc` if given, else a fresh release build. A failed build is not an
    /// error here: the tables then show the oracles' side only.
    pub fn warpc(&self, ctx: &Ctx) -> std::result::Result<PathBuf, String> {
        match &self.warpc {
            Some(path) if path.is_file() => Ok(path.clone()),
            Some(path) => Err(format!("no warpc binary at {}", path.display())),
            None => build_warpc(ctx),
        }
    }
}

/// The first line of `text` that looks like an error, else its first non-empty line; shortened.
pub fn first_error_line(text: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.contains("error"))
        .or_else(|| text.lines().find(|l| !l.trim().is_empty()))
        .unwrap_or("failed")
        .trim();
    shorten(line, 90)
}

/// `s` cut to at most `max` characters, with an ellipsis when cut.
pub fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_executable_in_cargo_json() {
        let line =
            r#"{"reason":"compiler-artifact","target":{"name":"warpc"},"executable":"/t/release/warpc","fresh":true}"#;
        assert_eq!(
            json_string_field(line, "executable").as_deref(),
            Some("/t/release/warpc")
        );
        assert_eq!(json_string_field(r#"{"executable":null}"#, "executable"), None);
    }

    #[test]
    fn parses_options() {
        let args: Vec<String> = ["--arch", "sm_80", "--runs=3", "--warpc", "/x/warpc"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let opts = Opts::parse(&args).unwrap();
        assert_eq!((opts.arch.as_str(), opts.runs), ("sm_80", 3));
        assert_eq!(opts.warpc, Some(PathBuf::from("/x/warpc")));
        assert!(Opts::parse(&["--bogus".to_string()]).is_err());
        assert!(Opts::parse(&["--runs=0".to_string()]).is_err());
    }

    #[test]
    fn shortens_on_char_boundaries() {
        assert_eq!(shorten("ééééé", 3), "éé…");
        assert_eq!(shorten("abc", 3), "abc");
    }
}
