//! Server configuration: how to turn nvcc-style flags into compile options (given by the
//! driver, which owns flag parsing), libdevice and ptxas locations, and the client's settings
//! (`initializationOptions` / `didChangeConfiguration`) and `compile_commands.json`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use warpc_base::{CompileOptions, SmVersion};

/// Parses nvcc-style flags (no input file) into compile options.
pub type ParseFlags = Arc<dyn Fn(&[String]) -> Result<CompileOptions, String> + Send + Sync>;

/// What the embedding binary provides.
#[derive(Clone, Default)]
pub struct Config {
    /// The driver's flag parser; without it only `arch`, `-I`, `-D`, `-U`, `-isystem` and `-O`
    /// are understood.
    pub parse_flags: Option<ParseFlags>,
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
            arch: v.get("arch").and_then(|a| a.as_str()).filter(|s| !s.is_empty()).map(String::from),
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

/// A minimal flag parser used when the driver gives none.
pub fn fallback_parse(flags: &[String]) -> Result<CompileOptions, String> {
    let mut o = CompileOptions::default();
    let mut i = 0;
    while i < flags.len() {
        let f = flags[i].as_str();
        let mut value = |prefix: &str| -> Option<String> {
            if f == prefix {
                i += 1;
                flags.get(i).cloned()
            } else {
                f.strip_prefix(prefix).map(|v| v.trim_start_matches('=').to_string())
            }
        };
        if let Some(a) = value("-arch").or_else(|| value("--gpu-architecture")) {
            o.arch = SmVersion::parse(&a).ok_or_else(|| format!("bad architecture '{a}'"))?;
        } else if let Some(d) = value("-isystem") {
            o.system_include_dirs.push(d);
        } else if let Some(d) = value("-I") {
            o.include_dirs.push(d);
        } else if let Some(d) = value("-D") {
            let (n, v) = d.split_once('=').map_or((d.clone(), "1".to_string()), |(n, v)| (n.to_string(), v.to_string()));
            o.macros.push((n, Some(v)));
        } else if let Some(u) = value("-U") {
            o.macros.push((u, None));
        } else if f.starts_with("-O") {
            o.opt = match f {
                "-O0" => warpc_base::OptLevel::O0,
                "-O1" => warpc_base::OptLevel::O1,
                "-O2" => warpc_base::OptLevel::O2,
                _ => warpc_base::OptLevel::O3,
            };
        }
        i += 1;
    }
    Ok(o)
}

/// The flags of `file` in a `compile_commands.json` under `root` (or `root/build`), without the
/// compiler, the input and `-c`/`-o` (a tiny reader; no shell unquoting beyond whitespace).
pub fn compdb_flags(root: &Path, file: &Path) -> Option<Vec<String>> {
    let text = [root.join("compile_commands.json"), root.join("build/compile_commands.json")]
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())?;
    let entries: serde_json::Value = serde_json::from_str(&text).ok()?;
    for e in entries.as_array()? {
        let dir = PathBuf::from(e.get("directory").and_then(|d| d.as_str()).unwrap_or("."));
        let f = e.get("file").and_then(|f| f.as_str())?;
        let fp = if Path::new(f).is_absolute() { PathBuf::from(f) } else { dir.join(f) };
        if warpc_db::normalize(&fp) != warpc_db::normalize(file) {
            continue;
        }
        let args: Vec<String> = match e.get("arguments").and_then(|a| a.as_array()) {
            Some(a) => a.iter().filter_map(|x| x.as_str().map(String::from)).collect(),
            None => e.get("command").and_then(|c| c.as_str())?.split_whitespace().map(String::from).collect(),
        };
        let mut out = Vec::new();
        let mut it = args.into_iter().skip(1).peekable();
        while let Some(a) = it.next() {
            if a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ" || a == "-ccbin" || a == "-Xcompiler" {
                it.next();
                continue;
            }
            if a == "-c" || a == f || a.ends_with(".cu") {
                continue;
            }
            // Relative include directories are relative to the entry's directory.
            if let Some(d) = a.strip_prefix("-I").filter(|d| !d.is_empty() && !Path::new(d).is_absolute()) {
                out.push(format!("-I{}", dir.join(d).display()));
                continue;
            }
            out.push(a);
        }
        return Some(out);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_to_options() {
        let s = Settings::from_json(&serde_json::json!({"arch": "sm_80", "includeDirs": ["/inc"], "defines": ["N=4"], "flags": "-O1"}));
        let o = fallback_parse(&s.to_flags(&[])).unwrap();
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
            format!(r#"[{{"directory": "{0}", "command": "nvcc -arch=sm_90 -Iinc -DX=1 -c a.cu -o a.o", "file": "a.cu"}}]"#, dir.display()),
        )
        .unwrap();
        let flags = compdb_flags(&dir, &dir.join("a.cu")).unwrap();
        assert_eq!(flags, vec!["-arch=sm_90".to_string(), format!("-I{}", dir.join("inc").display()), "-DX=1".to_string()]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
