//! ptxas figures for the kernel code lens: assembles the module PTX with `ptxas -v` and reads
//! each entry's registers and spill bytes. Results are cached by the PTX text, so an unchanged
//! module is not assembled again.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Mutex;

/// One function's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub registers: u32,
    pub spill_stores: u32,
    pub spill_loads: u32,
}

#[derive(Default)]
pub struct Cache {
    map: Mutex<HashMap<u64, HashMap<String, Stats>>>,
}

impl Cache {
    /// Figures per function (by link name) for `ptx` assembled for `arch`; empty on failure.
    pub fn stats(&self, ptxas: &Path, arch: &str, ptx: &str) -> HashMap<String, Stats> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (arch, ptx).hash(&mut h);
        let key = h.finish();
        if let Some(s) = self.map.lock().unwrap().get(&key) {
            return s.clone();
        }
        let stats = run(ptxas, arch, ptx).unwrap_or_default();
        let mut m = self.map.lock().unwrap();
        if m.len() > 64 {
            m.clear();
        }
        m.insert(key, stats.clone());
        stats
    }
}

fn run(ptxas: &Path, arch: &str, ptx: &str) -> Option<HashMap<String, Stats>> {
    let tmp = std::env::temp_dir().join(format!("warpc-lsp-{}-{:x}.ptx", std::process::id(), {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        ptx.hash(&mut h);
        h.finish()
    }));
    std::fs::write(&tmp, ptx).ok()?;
    let out = std::process::Command::new(ptxas)
        .arg("-v")
        .arg(format!("-arch={arch}"))
        .arg("-o")
        .arg("/dev/null")
        .arg(&tmp)
        .output();
    let _ = std::fs::remove_file(&tmp);
    let out = out.ok()?;
    let text = String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    Some(parse(&text))
}

/// Parses `ptxas -v` output.
pub fn parse(text: &str) -> HashMap<String, Stats> {
    let mut out: HashMap<String, Stats> = HashMap::new();
    let mut cur: Option<String> = None;
    let num_before = |line: &str, word: &str| -> Option<u32> {
        let i = line.find(word)?;
        line[..i].split_whitespace().last()?.parse().ok()
    };
    for line in text.lines() {
        if let Some(i) = line
            .find("Compiling entry function '")
            .or_else(|| line.find("Function properties for "))
        {
            let rest = &line[i..];
            let name = if let Some(r) = rest.strip_prefix("Compiling entry function '") {
                r.split('\'').next().unwrap_or("")
            } else {
                rest.trim_start_matches("Function properties for ").trim()
            };
            cur = Some(name.to_string());
            out.entry(name.to_string()).or_default();
            continue;
        }
        let Some(name) = &cur else { continue };
        let s = out.entry(name.clone()).or_default();
        if let Some(r) = num_before(line, "registers") {
            s.registers = r;
        }
        if let Some(v) = num_before(line, "bytes spill stores") {
            s.spill_stores = v;
        }
        if let Some(v) = num_before(line, "bytes spill loads") {
            s.spill_loads = v;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn parses_ptxas_output() {
        let text = "ptxas info    : 0 bytes gmem\nptxas info    : Compiling entry function '_Z4axpyPfS_fi' for 'sm_75'\nptxas info    : Function properties for _Z4axpyPfS_fi\n    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\nptxas info    : Used 10 registers, 376 bytes cmem[0]\n";
        let s = super::parse(text);
        assert_eq!(
            s["_Z4axpyPfS_fi"],
            super::Stats {
                registers: 10,
                spill_stores: 4,
                spill_loads: 4
            }
        );
    }
}
