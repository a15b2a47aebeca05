//! Parsing `ptxas -v` output into per-function resource figures.
//!
//! ptxas 13.x prints, per entry function:
//!
//! ```text
//! ptxas info    : Compiling entry function 'k1' for 'sm_90'
//! ptxas info    : Function properties for k1
//!     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//! ptxas info    : Used 11 registers, used 1 barriers, 512 bytes smem, 384 bytes cmem[0]
//! ```
//!
//! and, for non-inlined `.func`s, only the "Function properties" and stack-frame lines. The parser
//! is tolerant: unknown lines are ignored and every field it does not see stays 0.

/// Resource usage of one function as reported by `ptxas -v`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionStats {
    /// The PTX symbol name (mangled for C++ functions).
    pub name: String,
    /// True for `.entry` functions (kernels).
    pub is_entry: bool,
    /// Registers per thread ("Used N registers"); 0 for `.func`s, for which ptxas prints none.
    pub registers: u32,
    /// Named barriers used.
    pub barriers: u32,
    /// Bytes of stack frame per thread.
    pub stack_frame: u32,
    /// Bytes of register spill stores.
    pub spill_stores: u32,
    /// Bytes of register spill loads.
    pub spill_loads: u32,
    /// Bytes of static shared memory ("N bytes smem").
    pub shared: u32,
    /// Bytes of constant memory per bank, `(bank, bytes)`, as in "384 bytes cmem[0]".
    pub cmem: Vec<(u32, u32)>,
}

impl FunctionStats {
    /// Spill stores plus spill loads, in bytes: 0 means no spilling.
    pub fn spills(&self) -> u32 {
        self.spill_stores + self.spill_loads
    }
}

/// The result of a successful `ptxas -v` run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PtxasReport {
    /// One entry per function, in the order ptxas first mentions it.
    pub functions: Vec<FunctionStats>,
    /// ptxas's whole stderr/stdout (info lines and any warnings).
    pub log: String,
}

impl PtxasReport {
    /// The figures of the function named `name`.
    pub fn function(&self, name: &str) -> Option<&FunctionStats> {
        self.functions.iter().find(|f| f.name == name)
    }

    /// The figures of the entry functions (kernels) only.
    pub fn entries(&self) -> impl Iterator<Item = &FunctionStats> {
        self.functions.iter().filter(|f| f.is_entry)
    }

    /// The `ptxas warning` lines of the log.
    pub fn warnings(&self) -> Vec<&str> {
        self.log.lines().filter(|l| l.contains("warning")).collect()
    }
}

/// Parses the text `ptxas -v` prints into a report (the log is kept verbatim).
pub fn parse_ptxas_verbose(log: &str) -> PtxasReport {
    let mut functions: Vec<FunctionStats> = Vec::new();
    let mut current: Option<usize> = None;
    let index_of = |functions: &mut Vec<FunctionStats>, name: &str| -> usize {
        if let Some(i) = functions.iter().position(|f| f.name == name) {
            return i;
        }
        functions.push(FunctionStats {
            name: name.to_string(),
            ..FunctionStats::default()
        });
        functions.len() - 1
    };

    for line in log.lines() {
        let text = line.split_once(" : ").map_or(line, |(_, rest)| rest).trim();
        if let Some(rest) = text.strip_prefix("Compiling entry function '") {
            let name = rest.split('\'').next().unwrap_or(rest);
            let i = index_of(&mut functions, name);
            functions[i].is_entry = true;
            current = Some(i);
        } else if let Some(rest) = text.strip_prefix("Compiling function '") {
            let name = rest.split('\'').next().unwrap_or(rest);
            current = Some(index_of(&mut functions, name));
        } else if let Some(name) = text.strip_prefix("Function properties for ") {
            current = Some(index_of(&mut functions, name.trim()));
        } else if text.contains("bytes stack frame") {
            if let Some(i) = current {
                let f = &mut functions[i];
                for part in text.split(',') {
                    let n = leading_number(part);
                    if part.contains("stack frame") {
                        f.stack_frame = n;
                    } else if part.contains("spill stores") {
                        f.spill_stores = n;
                    } else if part.contains("spill loads") {
                        f.spill_loads = n;
                    }
                }
            }
        } else if text.starts_with("Used ") {
            if let Some(i) = current {
                let f = &mut functions[i];
                for part in text.split(',') {
                    let part = part.trim();
                    if let Some(r) = part.strip_prefix("Used ") {
                        if r.contains("registers") {
                            f.registers = leading_number(r);
                        }
                    } else if let Some(r) = part.strip_prefix("used ") {
                        if r.contains("barriers") {
                            f.barriers = leading_number(r);
                        }
                    } else if part.ends_with("bytes smem") {
                        f.shared = leading_number(part);
                    } else if let Some(pos) = part.find("bytes cmem[") {
                        let bank = leading_number(&part[pos + "bytes cmem[".len()..]);
                        f.cmem.push((bank, leading_number(part)));
                    }
                }
            }
        }
    }
    PtxasReport {
        functions,
        log: log.to_string(),
    }
}

/// The unsigned number at the start of `s` (after spaces), 0 if none.
fn leading_number(s: &str) -> u32 {
    let s = s.trim_start();
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s[..end].parse().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Verbatim output of ptxas 13.5 -v on a file with three kernels and one `.func`.
    const LOG: &str = "\
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_Z2k3v' for 'sm_90'
ptxas info    : Function properties for _Z2k3v
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 4 registers, used 0 barriers
ptxas info    : Compile time = 13.945 ms
ptxas info    : Compiling entry function 'k1' for 'sm_90'
ptxas info    : Function properties for k1
    16 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 11 registers, used 1 barriers, 512 bytes smem, 384 bytes cmem[0], 8 bytes cmem[2]
ptxas info    : Compile time = 8.117 ms
ptxas info    : Function properties for _Z6helperf
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
";

    #[test]
    fn parses_entries_and_funcs() {
        let report = parse_ptxas_verbose(LOG);
        let names: Vec<_> = report.functions.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["_Z2k3v", "k1", "_Z6helperf"]);
        assert_eq!(report.entries().count(), 2);

        let k1 = report.function("k1").unwrap();
        assert_eq!(
            *k1,
            FunctionStats {
                name: "k1".into(),
                is_entry: true,
                registers: 11,
                barriers: 1,
                stack_frame: 16,
                spill_stores: 8,
                spill_loads: 12,
                shared: 512,
                cmem: vec![(0, 384), (2, 8)],
            }
        );
        assert_eq!(k1.spills(), 20);

        let helper = report.function("_Z6helperf").unwrap();
        assert!(!helper.is_entry);
        assert_eq!(helper.registers, 0);
        assert_eq!(report.function("_Z2k3v").unwrap().registers, 4);
        assert!(report.warnings().is_empty());
    }

    #[test]
    fn garbage_gives_an_empty_report() {
        let report = parse_ptxas_verbose("Used 3 registers\n : \nbytes stack frame\nFunction properties for");
        assert!(report.functions.is_empty());
    }
}
