//! Server configuration: libdevice and ptxas locations, the client's settings
//! (`initializationOptions` / `didChangeConfiguration`) and `compile_commands.json`. Flags are
//! parsed and compilation databases read by `warpc_flags`, as the CLI does.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use warpc_base::CompileOptions;

/// What the embedding binary provides.
#[derive(Clone, Default)]
pub struct Config {
    pub libdevice: Option<Arc<[u8]>>,
    /// ptxas for the kernel code lens (registers, spills).
    pub ptxas: Option<PathBuf>,
    /// Directory where the builtin headers are written so that editors can open them
    /// (default: `warpc-include-<version>` under the temp dir; files are rewritten only when
    /// their content differs).
    pub builtin_dir: Option<PathBuf>,
}

/// The client's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub arch: Option<String>,
    pub include_dirs: Vec<String>,
    pub defines: Vec<String>,
    pub flags: Vec<String>,
}

impl Settings {
    pub fn from_json(v: &serde_json::Value) -> Settings {
        // Accept both `{ arch, ... }` and `{ warpc: { arch, ... } }`.
        let v = v.get("warpc").unwrap_or(v);
        let strs = |k: &str| -> Vec<String> {
            match v.get(k) {
                Some(serde_json::Value::Array(a)) => a.iter().filter_map(|x| x.as_str().map(String::from)).collect(),
                Some(serde_json::Value::String(s)) => s.split_whitespace().map(String::from).collect(),
                _ => Vec::new(),
            }
        };
        Settings {
            arch: v
                .get("arch")
                .and_then(|a| a.as_str())
                .filter(|s| !s.is_empty())
                .map(String::from),
            include_dirs: strs("includeDirs"),
            defines: strs("defines"),
            flags: {
                let mut f = strs("flags");
                f.extend(strs("extraFlags"));
                f
            },
        }
    }

    /// The flags these settings stand for, after `base` (e.g. from compile_commands.json).
    pub fn to_flags(&self, base: &[String]) -> Vec<String> {
        let mut out: Vec<String> = base.to_vec();
        if let Some(a) = &self.arch {
            out.push(format!("-arch={a}"));
        }
        out.extend(self.include_dirs.iter().map(|d| format!("-I{d}")));
        out.extend(self.defines.iter().map(|d| format!("-D{d}")));
        out.extend(self.flags.iter().cloned());
        out
    }
}

/// Compile options from nvcc-style flags (no input file), parsed as the CLI parses them.
pub fn parse_flags(flags: &[String]) -> Result<CompileOptions, String> {
    let mut argv = flags.to_vec();
    argv.push("-".into());
    warpc_flags::args::parse(&argv).map(|a| a.options)
}

/// The flags of `file` in a `compile_commands.json` under `root` (or `root/build`), as the CLI's
/// `--compdb` reads them (`warpc_flags::compdb::device_argv`: no compiler, input, output or
/// dependency options; option files read; relative paths made absolute).
pub fn compdb_flags(root: &Path, file: &Path) -> Option<Vec<String>> {
    let path = [
        root.join("compile_commands.json"),
        root.join("build/compile_commands.json"),
    ]
    .into_iter()
    .find(|p| p.is_file())?;
    let db = match warpc_flags::compdb::load(&path) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("warpc lsp: {e}");
            return None;
        }
    };
    warpc_flags::compdb::device_argv(db.entry_for(file)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_to_options() {
        let s = Settings::from_json(
            &serde_json::json!({"arch": "sm_80", "includeDirs": ["/inc"], "defines": ["N=4"], "flags": "-O1"}),
        );
        let o = parse_flags(&s.to_flags(&[])).unwrap();
        assert_eq!(o.arch.name(), "sm_80");
        assert_eq!(o.include_dirs, vec!["/inc".to_string()]);
        assert_eq!(o.macros, vec![("N".to_string(), Some("4".to_string()))]);
        assert_eq!(o.opt, warpc_base::OptLevel::O1);
    }

    #[test]
    fn reads_compile_commands() {
        let dir = std::env::temp_dir().join(format!("warpc-compdb-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("compile_commands.json"),
            format!(
                r#"[{{"directory": "{0}", "command": "nvcc -arch=sm_90 -Iinc -DX=1 -c a.cu -o a.o", "file": "a.cu"}}]"#,
                dir.display()
            ),
        )
        .unwrap();
        let flags = compdb_flags(&dir, &dir.join("a.cu")).unwrap();
        assert_eq!(
            flags,
            vec![
                "-arch=sm_90".to_string(),
                format!("-I{}", dir.join("inc").display()),
                "-DX=1".to_string()
            ]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
